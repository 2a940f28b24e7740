"""``check_plan``: the deterministic feasibility check the model must pass before finishing.

Venue facts come from what search returned in this run (by ``venue_id``), constraints from the
request's structured fields and the frozen, code-verified reading of its text (``record_reading``;
structured fields win), travel from the coordinate model; the model passes no constraints. Every call is recorded in state as ``check:<seq>``; the served report copies
its values from the last passing (or failing) record, never from the model's wording.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import replace
from typing import Any

from google.adk.tools.tool_context import ToolContext

from dayplan.core.catalog import matches_preference
from dayplan.core.checker import CheckResult, Constraints, Failure, ProposedStop, outdoor_excluded
from dayplan.core.checker import check_plan as _check
from dayplan.core.clock import hhmm_to_minutes, minutes_to_hhmm
from dayplan.core.preferences import unmet_preferences
from dayplan.core.scheduler import (
    Pick,
    Problem,
    appointment_out_of_reach,
    candidate_for,
    conflict_failures,
    first_leg_over_cap,
    nothing_fits,
)
from dayplan.core.waits import waits
from dayplan.evidence import RunEvidence
from dayplan.tools.args import CheckPlanArgs, validated
from dayplan.tools.mustdo import alternatives_failures, with_must_do_rules
from dayplan.tools.state import (
    APPOINTMENT,
    add_assumption,
    constraints_for,
    found_venues,
    request_of,
    text_hints,
    travel_for,
)
from dayplan.tools.wishes import left_out, refused_failures, state_wishes

MAX_STOPS = 10


def stop_items(stops: Any, limit: int, shape: str) -> list[tuple[int, dict, Any, Any]]:
    """Validate the model's list of stops: ``(position, raw, venue_id, activity)`` per item.

    Raises ``ValueError`` (one readable sentence) unless ``stops`` is a list of at most ``limit``
    objects, each naming a ``venue_id`` or an ``activity``; ``shape`` describes an item.
    """
    if not isinstance(stops, list):
        raise ValueError(f"stops must be a list of {{{shape}}}")
    if len(stops) > limit:
        raise ValueError(f"at most {limit} stops")
    items = []
    for i, raw in enumerate(stops):
        if not isinstance(raw, dict):
            raise ValueError(f"stop {i + 1} is not an object")
        venue_id = raw.get("venue_id") or None
        activity = raw.get("activity") or None
        if not venue_id and not activity:
            raise ValueError(f"stop {i + 1} needs a venue_id (from search) or an activity name")
        items.append((i, raw, venue_id, activity))
    return items


def _parse_stops(stops: Any) -> list[ProposedStop]:
    parsed = []
    for i, raw, venue_id, activity in stop_items(
        stops, MAX_STOPS, "venue_id or activity, start, end"
    ):
        try:
            start = hhmm_to_minutes(str(raw.get("start", "")))
            end = hhmm_to_minutes(str(raw.get("end", "")))
        except ValueError as exc:
            raise ValueError(f"stop {i + 1}: {exc}") from None
        duration = raw.get("duration_minutes")
        parsed.append(
            ProposedStop(
                start=start,
                end=end,
                venue_id=str(venue_id) if venue_id else None,
                activity=str(activity) if activity and not venue_id else None,
                min_minutes=int(duration) if activity and duration else None,
                at_home=bool(raw.get("at_home")) and not venue_id,
            )
        )
    return parsed


def constraints_view(c: Constraints) -> dict:
    """The constraints as JSON, times as ``HH:MM``."""
    return {
        "date": c.day.isoformat(),
        "window": {"start": minutes_to_hhmm(c.window[0]), "end": minutes_to_hhmm(c.window[1])},
        "blocked": [
            {
                "start": minutes_to_hhmm(b.start),
                "end": minutes_to_hhmm(b.end),
                "label": b.label,
                "at_home": b.at_home,
            }
            for b in c.blocked
        ],
        "rain": [{"start": minutes_to_hhmm(a), "end": minutes_to_hhmm(b)} for a, b in c.rain],
        "mode": c.mode,
        "max_leg_minutes": c.max_leg_minutes,
        "budget": c.budget,
        "currency": c.currency,
        "party": {"adults": c.adults, "children": c.children},
        **({"avoid": [r.label for r in c.avoid]} if c.avoid else {}),
        **({"only": list(c.only.kinds)} if c.only else {}),
    }


def result_view(result: CheckResult, c: Constraints, sources: dict[str, list[str]]) -> dict:
    """A check result as JSON: times ``HH:MM``, money in ``c.currency``, minutes as ints.
    ``appointments`` (away blocked windows the itinerary passes, counted at home) and a leg's
    ``after`` (the appointment it leaves after, counted from home) appear only when there are
    any, so a day without appointments reads as before."""
    return {
        "passed": result.ok,
        "failures": [f.to_dict() for f in result.failures],
        "stops": [
            {
                "venue_id": s.venue_id,
                "name": s.name,
                "start": minutes_to_hhmm(s.start),
                "end": minutes_to_hhmm(s.end),
                "indoor": s.indoor,
                "cost": {"amount": s.cost, "currency": c.currency},
                "travel_in": {"minutes": s.travel_in, "mode": c.mode}
                | ({"after": s.after} if s.after else {}),
                "source_ids": sources.get(s.venue_id, []),
                "activity": s.activity,
            }
            for s in result.stops
        ],
        "home_breaks": [
            {
                "label": b.label,
                "start": minutes_to_hhmm(b.start),
                "end": minutes_to_hhmm(b.end),
                "travel_in": {"minutes": b.travel_in, "mode": c.mode},
            }
            for b in result.home_breaks
        ],
        **(
            {
                "appointments": [
                    {
                        "label": a.label,
                        "start": minutes_to_hhmm(a.start),
                        "end": minutes_to_hhmm(a.end),
                        "travel_in": {"minutes": a.travel_in, "mode": c.mode},
                        **({"place": a.place.removeprefix(APPOINTMENT)} if a.place else {}),
                    }
                    for a in result.appointments
                ]
            }
            if result.appointments
            else {}
        ),
        "travel_home": {"minutes": result.travel_home, "mode": c.mode},
        "totals": {
            "cost": result.total_cost,
            "currency": c.currency,
            "travel_minutes": result.travel_minutes,
            "home_by": minutes_to_hhmm(result.home_by),
        },
    }


def run_check(
    state: MutableMapping[str, Any],
    stops: Any,
    tool: str = "check_plan",
) -> dict:
    """Check ``stops`` against the run's constraints (the request's structured fields and the
    frozen reading of its text), record the result, return its JSON view.

    Raises ``ValueError`` on malformed stops (the tool turns it into an error result).
    """
    proposed = _parse_stops(stops)
    c = with_must_do_rules(state, constraints_for(state))
    travel = travel_for(state, c.mode, text_hints(state).get("home"))
    venues = found_venues(state)
    result = _check(proposed, c, venues, travel)
    if not proposed:
        result = replace(result, failures=found_but_unvisitable(state, c, travel))
    elif not result.ok:
        items, proved = _proof_of(state, stops)
        if proved:  # the witness of a scheduler proof: serve the proof's own failures
            result = replace(result, failures=proved)
        elif items:  # its failures are the proof's conflict
            result = replace(result, failures=conflict_failures(result.failures, items))
    if result.ok:
        _state_unmet_preferences(state, result, c, travel)
        _state_waits(state, result, c, venues)
        state_wishes(state, result, c, travel)  # "maybe SparkLab": why it is not planned
    if c.budget is None:
        for stop in proposed:
            venue = venues.get(stop.venue_id or "")
            if venue is not None and "price" in venue.unknown:
                add_assumption(
                    state, f"price:{venue.id}", f"Price unknown for {venue.name}; counted as 0"
                )
    return record_check(state, result, c, tool)


def _state_unmet_preferences(state: MutableMapping[str, Any], result: CheckResult, c, travel):
    """On a passing check whose stops include none of the preferred kinds: state, as the
    ``preference:<n>`` assumptions, why each could not be kept (``core.preferences.
    unmet_preferences``). Preferences are alternatives: when one is met, nothing is said and
    earlier statements are cleared (the latest passing check is the one served)."""
    req = request_of(state)
    prefs = list(req.preferences) or list(text_hints(state).get("preferences") or [])
    chosen = [s.venue_id for s in result.stops if not s.activity]
    ev = RunEvidence(state)
    venues = found_venues(state)
    # preferences are alternatives ("a museum or the library"): one met is enough
    met = any(matches_preference(venues[v], p) for p in prefs for v in chosen if v in venues)
    for i, pref in enumerate(prefs[:5]):
        notes = [] if met else unmet_preferences([pref], chosen, venues, c, travel)
        if notes or ev.assumption(f"preference:{i}") is not None:
            text = notes[0] if notes else ""
            add_assumption(state, f"preference:{i}", text if len(text) <= 300 else text[:299] + "…")


def _state_waits(state: MutableMapping[str, Any], result: CheckResult, c, venues) -> None:
    """On a passing check: state each wait longer than ``core.waits.STATE_WAIT_MINUTES`` with
    its reasons as the ``wait:<n>`` assumptions; statements of an earlier check that no longer
    hold are withdrawn (the latest passing check is the one served)."""
    found = waits(result, c, venues)
    ev = RunEvidence(state)
    for i in range(MAX_STOPS):
        text = found[i].text() if i < len(found) else ""
        if text or ev.assumption(f"wait:{i}") is not None:
            add_assumption(state, f"wait:{i}", text if len(text) <= 300 else text[:299] + "…")


def _stop_key(stops: Any) -> list[tuple]:
    return [
        (s.get("venue_id"), s.get("activity"), s.get("start"), s.get("end"))
        for s in stops or []
        if isinstance(s, dict)
    ]


def _proof_of(
    state: MutableMapping[str, Any], stops: Any
) -> tuple[list[tuple[str, object]], list[Failure]]:
    """``(conflict, failures)`` of the latest ``arrange_plan`` proof whose witness is exactly
    ``stops`` (``([], [])`` when these stops are no proof's witness): its minimal conflict and
    the failures the proof served for it (one per member, each from its own placement; ``[]``
    for a record without them). Checking a proof's witness verifies the proof, so it serves
    the same failures, narrowed to that conflict."""
    for record in reversed(RunEvidence(state).checks()):
        extra = record.model_extra or {}
        if record.tool != "arrange_plan" or "conflict_items" not in extra:
            continue
        if _stop_key(extra.get("witness")) != _stop_key(stops):
            return [], []
        items = [(str(k), w) for k, w in extra["conflict_items"]]
        proved = [Failure(**f) for f in extra.get("proof_failures") or ()]
        return items, proved
    return [], []


def found_but_unvisitable(state: MutableMapping[str, Any], c: Constraints, travel) -> list:
    """The failures of an empty itinerary, made true (``core.scheduler.nothing_fits``): what the
    run's searches found and, for every venue found, why it cannot be visited on its own under
    ``c``, plus the hard constraint that leaves nothing when one does alone (else their
    ``joint_conflict``); with nothing found, which searches returned nothing."""
    venues = found_venues(state)
    if not venues:
        searches = RunEvidence(state).searches()
        # Search records are keyed by ADK's random call ids: name the distinct queries in a
        # stable order (alphabetical), so the same run always says the same thing.
        queries = sorted({s.query for s in searches})
        asked = ", ".join(repr(q) for q in queries[:4]) or "none ran"
        if len(queries) > 4:
            asked += f" and {len(queries) - 4} more"
        notes = sorted({s.note for s in searches if s.note and not s.venue_ids})
        why = f": {notes[0][:1].lower()}{notes[0][1:]}" if notes else ""
        failure = nothing_fits(Problem([], c, travel), {})[0]
        detail = f"0 venues found by the searches ({asked}){why}"
        return [replace(failure, detail=detail[:400])]
    alone = first_leg_over_cap(c, travel)
    if alone:  # the leg to the first appointment breaks the cap: no venue can help
        return alone
    every = venues
    venues, refused = left_out(venues, c)  # "no museums": the refused ones are no candidates
    outdoors = sorted(v.name for v in venues.values() if outdoor_excluded(v, c))
    venues = {vid: v for vid, v in venues.items() if not outdoor_excluded(v, c)}
    cands = [candidate_for(Pick(venue_id=vid), v, c) for vid, v in venues.items()]
    reach = appointment_out_of_reach(Problem(cands, c, travel))
    if reach:  # no chain of legs within the cap joins an appointment to home: no venue can help
        return reach
    failures = nothing_fits(Problem(cands, c, travel), {vid: v.name for vid, v in venues.items()})
    failures = refused_failures(failures, every, refused, c, travel)
    if outdoors and failures:  # "indoors only": the outdoor ones found are no candidates at all
        more = f", +{len(outdoors) - 3} more" if len(outdoors) > 3 else ""
        note = (
            f"; {len(outdoors)} outdoor venue{'s' if len(outdoors) > 1 else ''} left out: "
            f"indoor venues only were asked for ({', '.join(outdoors[:3])}{more})"
        )
        head = failures[0]
        failures[0] = replace(head, detail=(head.detail + note)[:500])
    return failures


def record_check(
    state: MutableMapping[str, Any],
    result: CheckResult,
    c: Constraints,
    tool: str,
    extra: dict | None = None,
) -> dict:
    """Store ``result`` as the run's next ``check:<seq>`` record (``tool`` names who ran it,
    ``extra`` adds keys to the record only, e.g. a proof's witness) and return its JSON view
    with ``ok``, ``check_id`` and ``constraints``."""
    # a web venue cites the grounding sources it was found with; a snapshot venue its own page
    ev = RunEvidence(state)
    more = alternatives_failures(
        result, c, found_venues(state), travel_for(state, c.mode, text_hints(state).get("home"))
    )
    if more:
        result = replace(result, failures=[*result.failures, *more])
    sources = {
        vid: list(record.get("source_ids") or [f"src-{vid}"])
        for vid, record in ev.venue_records().items()
    }
    view = result_view(result, c, sources)
    record = ev.record_check(
        {"tool": tool, "constraints": constraints_view(c), **view, **(extra or {})}
    )
    return {"ok": True, "check_id": record.check_id, **view, "constraints": record.constraints}


@validated(CheckPlanArgs)
def check_plan(stops: list[dict], tool_context: ToolContext) -> dict:
    """Check a proposed itinerary against every constraint of the request.

    Args:
      stops: the itinerary in order, each {"venue_id": id from search, "start": "HH:MM",
        "end": "HH:MM"}; a must-do activity without a venue is {"activity": name, "start",
        "end", "duration_minutes"}.

    The constraints are the request's structured fields and what record_reading froze from its
    text; no constraints are passed here.

    Returns:
      {"ok": true, "check_id", "passed": bool, "failures": [{code, detail, venue_id, values}],
      "stops": [checked stops with name, times, indoor, cost, travel_in, source_ids],
      "travel_home", "totals": {cost, currency, travel_minutes, home_by}, "constraints"}, or
      {"ok": false, "error": "..."} when the arguments are malformed.
    """
    try:
        return run_check(tool_context.state, stops)
    except (ValueError, TypeError) as exc:
        return {"ok": False, "error": str(exc)}
