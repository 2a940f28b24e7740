"""Notebook 08 (playground), "your turn": fill the form for a given family day, press Plan, and
let code prove the served plan keeps every constraint you typed."""

from __future__ import annotations

from typing import Any

from dayplan import data
from dayplan.contract import hhmm_to_minutes
from dayplan.core.places import resolve_place
from dayplan.exercises import Feedback, is_placeholder, not_attempted
from dayplan.service.recheck import recheck_report

#: What the form must ask for.
TASK = {
    "location": "South Brisbane",
    "adults": 2,
    "children": 1,
    "budget": 40.0,
    "home_by": "15:00",
    "blocked": ("12:00", "13:00"),
    "rain": ("10:00", "11:00"),
}


def _outcome(answer: Any) -> Any:
    return getattr(answer, "last", answer)  # a PlanForm or its FormOutcome


def check(answer: Any) -> Feedback:
    """Judge the notebook 08 answer: ``answer`` is the ``PlanForm`` after pressing Plan (or its
    ``FormOutcome``). Passes when the request asks for ``TASK``, the run served ``complete`` and
    the served plan passes ``check_plan`` again from its JSON (``recheck_report``)."""
    if is_placeholder(answer):
        return not_attempted("replace `...` with the form: `mine = build_form()`, then fill it in.")
    outcome = _outcome(answer)
    if outcome is None:
        return not_attempted(
            "fill in the form above for the day asked for and press Plan (from code: "
            "`mine.fill({...})` then `await mine.submit()`), then run this cell again."
        )
    if getattr(outcome, "error", None):
        return Feedback(False, f"the form refused the input: {outcome.error}")
    req, run = outcome.request, outcome.run
    place = resolve_place(req.location or "", data.gazetteer())
    wrong = []
    if place is None or place.name != TASK["location"]:
        wrong.append(f"location should be {TASK['location']}")
    if req.party is None or (req.party.adults, req.party.children) != (
        TASK["adults"],
        TASK["children"],
    ):
        wrong.append(f"party should be {TASK['adults']} adults and {TASK['children']} child")
    if req.budget is None or req.budget.amount != TASK["budget"]:
        wrong.append(f"budget should be {TASK['budget']:g}")
    if req.window is None or req.window.end != TASK["home_by"]:
        wrong.append(f"'Home by' should be {TASK['home_by']}")
    if TASK["blocked"] not in [(b.start, b.end) for b in req.blocked]:
        wrong.append("block lunch {}-{}".format(*TASK["blocked"]))
    rain = [(r.start, r.end) for r in req.weather.rain] if req.weather else []
    if TASK["rain"] not in rain:
        wrong.append("add rain {}-{}".format(*TASK["rain"]))
    if wrong:
        return Feedback(False, "not quite the day asked for: " + "; ".join(wrong) + ".")
    report = run.report if run is not None else None
    if report is None:
        return Feedback(False, f"the run was rejected by {run.error.rule}: {run.error.detail}")
    if report.status != "complete":
        return Feedback(False, f"the planner answered {report.status}; read the report and adjust.")
    verdict = recheck_report(req, report)
    if not verdict.ok:
        return Feedback(False, f"the served plan fails a re-check: {verdict.codes}")
    start, end = (hhmm_to_minutes(t) for t in TASK["blocked"])
    lunch_free = all(
        hhmm_to_minutes(s.end) <= start or hhmm_to_minutes(s.start) >= end
        for s in report.plan.stops
    )
    totals = report.plan.totals
    if not lunch_free:
        return Feedback(False, "a stop overlaps lunch although the check passed; report this bug.")
    return Feedback(
        True,
        f"complete: {len(report.plan.stops)} stops, {totals.currency} {totals.cost:g}, home by "
        f"{totals.home_by}; re-checked from the served JSON, lunch and rain respected.",
    )
