"""Day-shape figures over the served complete plans of an eval run: how many have a meal break
when they span lunch, and how many repeat a venue kind (``dayplan.core.dayshape`` rules, with
venue kinds and food tags from the offline catalog)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dayplan import data
from dayplan.core.dayshape import Visit, has_meal_break, is_food, repeated_kinds, spans_lunch


def _hm(text: str) -> int:
    return int(text[:2]) * 60 + int(text[3:5])


def day_shape_stats(bodies: Iterable[Any]) -> dict[str, int]:
    """Counts over served report bodies (dicts; only ``status: complete`` ones count):
    ``complete``, ``spanning_lunch``, ``with_meal_break`` (a complete plan that spans lunch and
    has its meal, or does not span lunch) and ``repeating_a_kind``."""
    catalog = {v.id: v for v in data.venues()}
    out = {"complete": 0, "spanning_lunch": 0, "with_meal_break": 0, "repeating_a_kind": 0}
    for body in bodies:
        if not isinstance(body, dict) or body.get("status") != "complete" or not body.get("plan"):
            continue
        plan = body["plan"]
        visits, kinds = [], []
        for s in plan["stops"]:
            v = catalog.get(s["venue_id"])
            kinds.append(v.kind if v else "")
            food = bool(v and is_food(v.kind, v.tags))
            visits.append(Visit(_hm(s["start"]), _hm(s["end"]), s["travel_in"]["minutes"], food))
        for b in plan.get("home_breaks") or []:
            visits.append(Visit(_hm(b["start"]), _hm(b["end"]), 0, at_home=True))
        for a in plan.get("appointments") or []:  # away, counted at home: busy, not a meal
            visits.append(Visit(_hm(a["start"]), _hm(a["end"]), a["travel_in"]["minutes"]))
        visits.sort(key=lambda v: v.start)
        home_by = _hm(plan["totals"]["home_by"])
        out["complete"] += 1
        first = next((v for v in visits if not v.at_home), None)
        if first and spans_lunch(first.start - first.travel_in, home_by):
            out["spanning_lunch"] += 1
        if has_meal_break(visits, home_by, plan["travel_home"]["minutes"]):
            out["with_meal_break"] += 1
        if repeated_kinds(kinds):
            out["repeating_a_kind"] += 1
    return out
