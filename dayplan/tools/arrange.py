"""``arrange_plan``: the model chooses the stops, the exact scheduler arranges them.

The model passes venue ids from search (and must-do flags, preference weights); code builds
the constraints exactly as ``check_plan`` does (``tools.state``), runs the scheduler
(``core.scheduler``), then runs the independent ``check_plan`` on what it arranged — or on the
witness of its infeasibility proof — and records that check as a ``check:<seq>`` record with
``tool: "arrange_plan"``. The model should still call ``check_plan`` on the returned
``itinerary`` before finishing; the served report is copied from a check, never from this
tool's wording.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import replace
from typing import Any

from google.adk.tools.tool_context import ToolContext

from dayplan.core.checker import Constraints, ProposedStop
from dayplan.core.clock import minutes_to_hhmm
from dayplan.core.dayshape import asked_repeats
from dayplan.core.mustdo import means_venue
from dayplan.core.scheduler import MAX_CANDIDATES, Pick, arrange
from dayplan.evidence.keys import EARLIER_START
from dayplan.reading.prefs import only_said_plural
from dayplan.tools.args import ArrangePlanArgs, validated
from dayplan.tools.mustdo import group_notes, record_matches, with_must_do_rules, with_must_dos
from dayplan.tools.plan import record_check, stop_items
from dayplan.tools.state import (
    add_assumption,
    constraints_for,
    found_venues,
    request_of,
    start_stated,
    text_hints,
    travel_for,
)


def _parse_picks(stops: Any) -> list[Pick]:
    picks = []
    for i, raw, venue_id, activity in stop_items(
        stops, MAX_CANDIDATES, "venue_id or activity, ..."
    ):
        minutes = raw.get("duration_minutes")
        if minutes is not None:
            minutes = int(minutes)
            if not 1 <= minutes <= 24 * 60:
                raise ValueError(f"stop {i + 1}: duration_minutes must be 1 to 1440")
        if activity and not venue_id and minutes is None:
            raise ValueError(f"stop {i + 1}: an activity needs duration_minutes")
        weight = float(raw.get("weight", 1.0))
        if not 0 <= weight <= 100:
            raise ValueError(f"stop {i + 1}: weight must be 0 to 100")
        picks.append(
            Pick(
                venue_id=str(venue_id) if venue_id else None,
                activity=None if venue_id else str(activity),
                minutes=minutes,
                must=bool(raw.get("must", False)) or bool(activity and not venue_id),
                weight=weight,
            )
        )
    keys = [p.venue_id or p.activity for p in picks]
    if len(set(keys)) != len(keys):
        raise ValueError("each venue or activity may appear only once")
    return picks


def only_repeats(state: MutableMapping[str, Any], venues: Mapping[str, Any]) -> frozenset[str]:
    """The venue kinds an "only" said in the plural lets repeat ("galleries only", "just parks
    and playgrounds": one venue per kind would leave a day of one stop); one said in the
    singular ("just the library", "cinema only") asks for one venue, as the day shape plans."""
    plural = [
        str(o.get("kind"))
        for o in text_hints(state).get("only") or ()
        if isinstance(o, Mapping)
        and only_said_plural(str(o.get("quote") or ""), str(o.get("kind")))
    ]
    return frozenset(v.kind for v in venues.values() if any(means_venue(k, v) for k in plural))


def stop_args(stop: ProposedStop) -> dict:
    """A scheduled stop as ``check_plan`` takes it (``HH:MM`` times)."""
    out: dict[str, Any] = {"start": minutes_to_hhmm(stop.start), "end": minutes_to_hhmm(stop.end)}
    if stop.venue_id:
        return {"venue_id": stop.venue_id, **out}
    extra = {"at_home": True} if stop.at_home else {}
    return {"activity": stop.activity, **out, "duration_minutes": stop.min_minutes, **extra}


def run_arrange(
    state: MutableMapping[str, Any],
    stops: Any,
    max_stops: int | None = None,
) -> dict:
    """Arrange ``stops`` for the run, record the independent check, return the JSON view.

    Raises ``ValueError`` on malformed stops, or venue ids no search returned. Constraints are
    the structured request and the frozen reading (``tools.state.constraints_for``).
    """
    picks = _parse_picks(stops)
    c = with_must_do_rules(state, constraints_for(state))
    venues = found_venues(state)
    unknown = [p.venue_id for p in picks if p.venue_id and p.venue_id not in venues]
    if unknown:
        raise ValueError(f"not returned by any search, so its facts are unknown: {unknown}")
    travel = travel_for(state, c.mode, text_hints(state).get("home"))
    if max_stops is not None and max_stops < 1:
        max_stops = None
    # every must-do becomes venues code matched (one is placed), never a venue-less stop
    picks, groups = with_must_dos(picks, venues, state, c, travel)
    req = request_of(state)
    repeats = asked_repeats([req.text, *req.preferences, *(a.name for a in req.activities)])
    repeats |= only_repeats(state, venues)
    arranged = arrange(
        picks, venues, c, travel, max_stops=max_stops, day_shape=True, repeat_kinds=repeats
    )
    for vid, why in arranged.excluded.items():
        add_assumption(state, f"audience:{vid}", f"Left out: {why}"[:300])
    for vid, why in arranged.unsuited_used.items():
        note = f"Planned although it does not suit the party ({why}): nothing that suits fits"
        add_assumption(state, f"audience:{vid}", f"{note} your limits"[:300])
    placed = None if arranged.proof is not None else arranged.solution.keys
    for i, note in enumerate(group_notes(groups, placed)):
        add_assumption(state, f"must_do:{i}", note[:300])
    if arranged.proof is not None:
        proof = arranged.proof
        witness = [stop_args(s) for s in proof.witness]
        items = [[kind, what] for kind, what in proof.all_items]
        extra = (
            {
                "witness": witness,
                "conflict_items": items,
                "proof_failures": [f.to_dict() for f in proof.check.failures],
            }
            if items and proof.check is not None
            else None
        )
        earlier = earlier_start(state, picks, venues, c, travel, max_stops, repeats)
        if earlier is not None:
            extra = {**(extra or {}), EARLIER_START: earlier}
        view = record_check(state, proof.check, c, "arrange_plan", extra)
        return {
            **view,
            **({EARLIER_START: earlier} if earlier is not None else {}),
            "arranged": False,
            "conflict": proof.conflict,
            "witness": witness,
            "note": (
                "No arrangement keeps every constraint. 'conflict' is a minimal set of "
                "constraints that cannot hold together; 'failures' are check_plan's verdict on "
                "'witness', the best plan once they are relaxed."
            ),
        }
    sol = arranged.solution
    view = record_check(state, arranged.check, c, "arrange_plan")
    chosen = set(sol.keys)
    if sol.meal is False:
        add_assumption(
            state, "meal", "No meal break fits this day (no 45-minute gap or food stop at lunch)"
        )
    return {
        **view,
        "arranged": True,
        "meal_break": sol.meal,
        "excluded": arranged.excluded,
        "itinerary": [stop_args(s) for s in sol.stops],
        "left_out": [
            p.venue_id or p.activity for p in picks if (p.venue_id or p.activity) not in chosen
        ],
        "objective": {
            "must_dos": sol.must_count,
            "weight": sol.weight,
            "travel_minutes": sol.travel_minutes,
        },
    }


EARLIEST_START = 7 * 60
"""How early a day whose start nobody stated is tried, when the assumed start alone makes it
infeasible (``earlier_start``): 07:00 local."""


def earlier_start(
    state: MutableMapping[str, Any],
    picks: list[Pick],
    venues: Mapping[str, Any],
    c: Constraints,
    travel: Any,
    max_stops: int | None,
    repeats: frozenset[str],
) -> dict[str, str] | None:
    """When no start of the day was stated (neither the structured ``window`` nor a
    ``window_start`` reading: the start is the assumed ``DEFAULT_WINDOW`` one) and the same
    picks can be arranged leaving home earlier (from ``EARLIEST_START``), the assumption alone
    makes the day infeasible: ``{"leave_home": "HH:MM", "assumed_start": "HH:MM", "question"}``
    (when the best day found from ``EARLIEST_START`` leaves home, local), which
    ``no_feasible_plan`` may not rest on
    (``evidence.status``): the run asks instead. ``None`` otherwise."""
    if start_stated(state) or c.window[0] <= EARLIEST_START:
        return None
    wider = replace(c, window=(EARLIEST_START, c.window[1]))
    found = arrange(
        picks, venues, wider, travel, max_stops=max_stops, day_shape=True, repeat_kinds=repeats
    )
    if not found.ok or found.check is None or not found.check.stops:
        return None
    first = found.check.stops[0]
    leave = first.start - first.travel_in
    if leave >= c.window[0]:
        return None
    stops = [s.name for s in found.check.stops]
    names = _day_named(stops)
    assumed, at = minutes_to_hhmm(c.window[0]), minutes_to_hhmm(leave)
    question = (
        f"No start time was given, so I assumed leaving from {assumed}; from then nothing fits. "
        f"A day with {names} fits if you leave home at {at}. Can you leave then, or what time "
        "can you start?"
    )
    return {"leave_home": at, "assumed_start": assumed, "question": question}


def _day_named(stops: list[str]) -> str:
    """A day's stops named briefly for a question (``record_clarification`` keeps each question
    under 300 characters): two names, then how many more ("Lone Pine Koala Sanctuary, Queensland
    Museum Kurilpa and 3 more stops")."""
    if len(stops) <= 2:
        return " and ".join(stops)
    more = len(stops) - 2
    return f"{stops[0]}, {stops[1]} and {more} more stop{'s' if more > 1 else ''}"


@validated(ArrangePlanArgs)
def arrange_plan(
    stops: list[dict],
    tool_context: ToolContext,
    max_stops: int = 0,
) -> dict:
    """Arrange the stops you chose into the best feasible order and times, or prove none exists.

    The scheduler is exact: it places every must-do, then gives a day that spans lunch a meal
    break (a 45-minute gap between 11:30 and 14:00, or a food stop), then maximises the total
    weight of the stops it keeps, then minimises travel; at most one venue of each kind (unless
    the request asks for more), venues whose audience does not suit the party are left out;
    waiting is allowed and visits stretch toward their typical length. It checks its answer with
    check_plan; call check_plan on "itinerary" too.

    Args:
      stops: up to 10 candidates, each {"venue_id": id from search, "must": true|false,
        "weight": preference (default 1), "duration_minutes": a must-do's length}; a must-do
        without a venue is {"activity": name, "duration_minutes": N}.
      max_stops: keep at most this many stops (0 = no limit; must-dos always count).

    Returns:
      {"ok": true, "arranged": true, "itinerary": [{"venue_id", "start", "end"}], "left_out",
      "objective", "passed", "failures", "stops", "totals", ...} or, when impossible,
      {"ok": true, "arranged": false, "passed": false, "failures": [{code, detail, values}],
      "conflict": [minimal conflicting constraints], "witness": [...]}; {"ok": false,
      "error": "..."} when the arguments are malformed, or a must-do matches none of the venues
      found (then "must_dos": [{"activity", "verdict", "question"}]: search for it, or ask).
    """
    unmatched = record_matches(tool_context.state)  # code's match over every venue found
    try:
        return run_arrange(tool_context.state, stops, int(max_stops or 0) or None)
    except (ValueError, TypeError) as exc:
        out = {"ok": False, "error": str(exc)}
        return {**out, "must_dos": unmatched} if unmatched else out
