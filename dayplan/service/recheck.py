"""Re-check a served report from its JSON alone: the plan must pass ``check_plan`` again.

Venue facts are re-read from the offline catalog by ``venue_id`` and constraints rebuilt from
the request and the frozen reading the report serves (``readings``; the text is never read
again), so a report whose numbers drifted from the checked result fails here.
"""

from __future__ import annotations

import math
import re
from datetime import date

import holidays

from dayplan import data
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.core.blocked import is_pause
from dayplan.core.checker import CheckResult, ProposedStop, check_plan
from dayplan.core.clock import hhmm_to_minutes
from dayplan.core.mustdo import match_must_do
from dayplan.core.places import resolve_place
from dayplan.evidence import RunEvidence
from dayplan.reading import AcceptedReading, ReadingItem
from dayplan.reading.times import AT_HOME
from dayplan.service.run import initial_state
from dayplan.tools.mustdo import with_must_do_rules
from dayplan.tools.search import venue_record
from dayplan.tools.state import constraints_for, found_venues, text_hints, travel_for


def served_reading(request: PlanRequest, report: DayPlanReport) -> AcceptedReading:
    """The reading the re-check applies: the frozen reading as the report serves it (its
    ``readings`` and ``unread``). The request text is never read again here: a re-check must judge
    the plan against what the run read and froze, and a report without readings had an empty
    reading. A served reading whose field is unknown is skipped (the contract allows any short
    field name; the re-check applies only the reading's own fields)."""
    items = []
    for r in getattr(report, "readings", None) or []:
        try:
            items.append(ReadingItem(field=r.field, value=r.value, quote=r.quote))
        except ValueError:
            continue
    return AcceptedReading(items=tuple(items), unread=tuple(getattr(report, "unread", ()) or ()))


def recheck_report(request: PlanRequest, report: DayPlanReport) -> CheckResult:
    """Check ``report.plan`` again against ``request``; ``ValueError`` if there is no plan."""
    if report.plan is None or report.date is None:
        raise ValueError("only a complete report with a plan and a date can be re-checked")
    state = initial_state(request, run_id="recheck")
    ev = RunEvidence(state)
    ev.record_date(report.date)
    catalog = {v.id: v for v in data.venues()}
    for stop in report.plan.stops:
        if stop.venue_id in catalog:
            ev.record_venue(venue_record(catalog[stop.venue_id]))
    served = served_reading(request, report)
    ev.record_reading(served.items, list(served.unread), list(served.assumed))
    constraints = with_must_do_rules(state, constraints_for(state))
    stops = [
        ProposedStop(hhmm_to_minutes(s.start), hhmm_to_minutes(s.end), venue_id=s.venue_id)
        for s in report.plan.stops
    ]
    # time at home for an at-home must-do (not a blocked window of the constraints): an
    # at-home stop in its place, so its legs are checked again
    windows = {(b.start, b.end) for b in constraints.blocked if b.at_home}
    for b in report.plan.home_breaks:
        a, e = hhmm_to_minutes(b.start), hhmm_to_minutes(b.end)
        if (a, e) not in windows:
            stops.append(ProposedStop(a, e, activity=b.label, min_minutes=e - a, at_home=True))
    stops.sort(key=lambda s: s.start)
    result = check_plan(
        stops,
        constraints,
        found_venues(state),
        travel_for(state, constraints.mode, text_hints(state).get("home")),
    )
    return result


# --------------------------------------------------------------------------- independent rules
#
# ``independent_findings`` re-reads a served complete plan with rules of its own, written
# without ``dayplan.core.checker`` or ``dayplan.core.hours``: it uses the report's JSON, the
# request, the offline catalog, the gazetteer, python-holidays and the great-circle distance.
# It exists to catch a bug in the checker itself, so it repeats no code of it.

_PH_RULE = re.compile(r"\bPH\b\s*(off|closed|(\d{2}):(\d{2})-(\d{2}):(\d{2}))?")


def _hm(text: str) -> int:
    return int(text[:2]) * 60 + int(text[3:5])


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lon1, lat2, lon2 = (math.radians(x) for x in (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def _home_of(request: PlanRequest, reading: AcceptedReading) -> tuple[float, float] | None:
    """Home: the request's ``home``, else the home the frozen reading read, else the centre of
    the request's location, else of the location the reading read (never the text re-read)."""
    gaz = data.gazetteer()
    if request.home is not None and not isinstance(request.home, str):
        return (request.home.lat, request.home.lon)
    names = (
        request.home if isinstance(request.home, str) else None,
        reading.first("home"),
        request.location,
        reading.first("location"),
    )
    for name in names:
        if isinstance(name, str) and name:
            place = resolve_place(name, gaz)
            if place:
                return place.point
    return None


def _blocked_of(request: PlanRequest, reading: AcceptedReading) -> list[tuple[int, int, str, bool]]:
    """Blocked windows ``(start, end, label, at_home)``: the request's, else those the frozen
    reading read ("lunch at home 12-1"), in minutes."""
    if request.blocked:
        return [
            (_hm(b.start), _hm(b.end), b.label or "blocked", b.at_home) for b in request.blocked
        ]
    out = []
    for b in reading.values("blocked"):
        if isinstance(b, dict) and {"start", "end"} <= set(b):
            out.append(
                (
                    _hm(b["start"]),
                    _hm(b["end"]),
                    b.get("label") or "blocked",
                    bool(b.get("at_home")),
                )
            )
    return out


def _placed_of(
    request: PlanRequest, reading: AcceptedReading
) -> dict[tuple[int, int], tuple[float, float]]:
    """``(start, end) -> (lat, lon)`` for each appointment placed at a gazetteer suburb (the
    request's ``BlockedTime.place``, else the frozen reading's ``"place"``)."""
    gaz = data.gazetteer()
    src = (
        [(b.start, b.end, b.place, b.at_home) for b in request.blocked]
        if request.blocked
        else [
            (b.get("start"), b.get("end"), b.get("place"), b.get("at_home"))
            for b in reading.values("blocked")
            if isinstance(b, dict)
        ]
    )
    out = {}
    for start, end, name, at_home in src:
        place = resolve_place(name, gaz) if isinstance(name, str) and name else None
        if place is not None and not at_home and start and end:
            out[(_hm(start), _hm(end))] = place.point
    return out


def _free_run(start: int, end: int, minutes: int, busy: list[tuple[int, int]]) -> bool:
    """Whether ``[start, end]`` holds ``minutes`` in a row that touch no busy window."""
    if minutes <= 0:
        return True
    t = start
    for a, b in sorted(busy):
        if b <= t:
            continue
        if a >= t + minutes:
            break
        t = max(t, b)
    return t + minutes <= end


def _must_do_findings(request: PlanRequest, report: DayPlanReport, catalog: dict) -> list[str]:
    out = []
    plan = report.plan
    ids = {s.venue_id for s in plan.stops}
    for s in plan.stops:
        if s.venue_id not in catalog:
            out.append(f"{s.name} ({s.venue_id}) is not a real venue of the catalogue")
    phrases = [a.venue or a.name for a in request.activities if not a.at_home]
    homes = [a.name for a in request.activities if a.at_home or AT_HOME.search(a.name)]
    if not request.activities:
        phrases = [str(r.value) for r in report.readings if r.field == "must_do"]
        homes = [p for p in phrases if AT_HOME.search(p)]
    labels = {b.label.strip().lower() for b in plan.home_breaks}
    for name in homes:  # time at home: a served home break of its name, never a stop
        if name.strip().lower() not in labels:
            out.append(f"must-do {name!r} at home has no home break")
    for phrase in phrases:
        if AT_HOME.search(phrase):
            continue  # time at home, not a stop
        m = match_must_do(phrase, list(catalog.values()), data.gazetteer())
        allowed = set() if m.needs_question else {v.id for v in m.venues}
        if not allowed & ids:
            why = "matches no catalogue venue" if m.verdict == "none" else m.verdict
            out.append(f"must-do {phrase!r} is not visited ({why})")
    return out


_REFUSED_KINDS = {
    "museums": ("kind", "museum"),
    "art galleries": ("kind", "gallery"),
    "indoor play": ("kind", "play_centre"),
    "swimming": ("kind", "pool"),
    "animals": ("kind", "wildlife"),
    "libraries": ("kind", "library"),
    "parks": ("kind", "park"),
    "gardens": ("kind", "garden"),
    "markets": ("kind", "market"),
    "film": ("kind", "cinema"),
    "cafes": ("kind", "cafe"),
    "playgrounds": ("tag", "playground"),
}
"""Each avoided kind of outing the reading names, as the catalogue field that says it (a kind
not listed here is matched by a tag or a word of the venue's name)."""


def _words(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z0-9]+", text.lower().replace("'s ", " ")):
        w = {"st": "street", "mount": "mt"}.get(w, w)
        out.append(w[:-1] if w.endswith("s") and len(w) > 3 and not w.endswith("ss") else w)
    return out


def _refuses(value: dict, venue) -> bool:
    """Whether the hard avoid ``value`` (``{"kind"}`` or ``{"venue"}``, as served) names the
    catalogue ``venue``: a kind by the venue's kind (``_REFUSED_KINDS``), a tag or a word of its
    name; a venue by its words, in order, inside the venue's name or its bracketed short name."""
    if isinstance(value.get("place"), str):  # a suburb's venues ("not Chandler"), of a kind
        place = _words(value["place"])
        there = _words(venue.suburb) == place or any(
            _words(venue.name)[i : i + len(place)] == place for i in range(len(_words(venue.name)))
        )
        kind = value.get("kind")
        return there and (not isinstance(kind, str) or _refuses({"kind": kind}, venue))
    if isinstance(value.get("kind"), str):
        field, want = _REFUSED_KINDS.get(value["kind"], ("word", value["kind"]))
        if field == "kind":
            return venue.kind == want
        words = set(_words(want))
        return bool(words & set(_words(" ".join(venue.tags))) or words & set(_words(venue.name)))
    said = [w for w in _words(str(value.get("venue") or "")) if w not in ("the", "of")]
    if not said:
        return False
    for name in (venue.name.split("(")[0], venue.name.split("(")[-1]):
        words = [w for w in _words(name) if w not in ("the", "of")]
        n = len(said)
        if any(words[i : i + n] == said for i in range(len(words) - n + 1)):
            return True
    return False


def _avoid_findings(report: DayPlanReport, catalog: dict) -> list[str]:
    """Each stop the served reading's hard avoids name ("no museums", "not GOMA this time")."""
    out = []
    refused = [
        r
        for r in report.readings
        if r.field == "avoid" and isinstance(r.value, dict) and r.value.get("hard") is True
    ]
    for s in report.plan.stops if report.plan else []:
        v = catalog.get(s.venue_id)
        for r in refused:
            if v is not None and _refuses(r.value, v):
                out.append(f'{s.name} is served although the request says "{r.quote}"')
                break
    return out


def _only_findings(report: DayPlanReport, catalog: dict) -> list[str]:
    """Each stop of no kind the served reading's "only" allows ("galleries only", "just parks
    and playgrounds"), by ``_refuses``'s own kind rule: a stop must be of one of the kinds."""
    only = [r for r in report.readings if r.field == "only" and isinstance(r.value, str)]
    if not only:
        return []
    kinds = list(dict.fromkeys(str(r.value) for r in only))
    quotes = "; ".join(dict.fromkeys(f'"{r.quote}"' for r in only))
    out = []
    outdoors = "outdoors" in kinds  # a filter on every stop, never an alternative
    kinds = [k for k in kinds if k != "outdoors"] or ["outdoors"]
    for s in report.plan.stops if report.plan else []:
        v = catalog.get(s.venue_id)
        if v is not None and (
            not any(_refuses({"kind": k}, v) for k in kinds)
            or (outdoors and not _refuses({"kind": "outdoors"}, v))
        ):
            out.append(
                f"{s.name} is served although the request asks for {' or '.join(kinds)} only "
                f"({quotes})"
            )
    return out


def independent_findings(request: PlanRequest, report: DayPlanReport) -> list[str]:
    """What is wrong with a served ``complete`` plan, by rules independent of the checker:

    * **0-minute legs**: a leg of 0 minutes between two points more than 100 m apart (home
      included: the request's home, else the home the frozen reading read, else the centre of
      the location);
    * **legs through blocked windows**: each leg must fit, in one run of its minutes, between
      the previous stop's end (or the home break's end) and the stop's start without touching a
      blocked window;
    * **appointments away** (a blocked window neither at home nor a pause,
      ``dayplan.core.blocked``): one that a stop starts after has a served appointment with the
      same times, counted at home — the leg towards it fits between the previous stop's end and
      its start, and the next leg leaves home's point at its end (so a 0-minute leg from there
      to a venue is caught); one after the last stop starts only once the party is home;
    * **at-home windows**: each at-home blocked window inside the day has a served home break
      with the same times, no stop overlaps it, the stop before it ends early enough to be
      home (its leg home) and the stop after it starts after the leg out;
    * **must-dos**: every stop is a catalogue venue (no venue-less ``activity:`` stop), and
      each away-from-home must-do (the request's activities, else the served reading's
      ``must_do`` items) is visited by a stop its words match (``dayplan.core.mustdo``); one
      the catalogue cannot match (nothing, or very different venues) is never complete;
    * **refused venues**: no stop is a venue, or of a kind, a hard ``avoid`` of the served
      reading names ("no museums": a stop whose catalogue kind is museum; "not GOMA": a stop
      whose name holds those words), by a matching rule of its own, and every stop is of a
      kind the served ``only`` readings allow ("galleries only": a stop whose catalogue kind
      is gallery), by the same rule;
    * **holidays**: on a Queensland public holiday (python-holidays, AU/QLD), a venue whose
      hours say ``PH off`` is not visited, and one with ``PH HH:MM-HH:MM`` only within those.

    Blocked windows, the home and the day's start come from the request's structured fields,
    else from the frozen reading the report serves (``served_reading``): the text is never read
    again, by the stand-in's hints or otherwise.

    Returns readable findings (empty = nothing found).
    """
    if report.plan is None or report.date is None:
        return ["not a complete report with a plan and a date"]
    plan = report.plan
    day = date.fromisoformat(report.date)
    catalog = {v.id: v for v in data.venues()}
    out: list[str] = []
    reading = served_reading(request, report)
    blocked = _blocked_of(request, reading)
    busy = [(a, b) for a, b, _, _ in blocked]
    read_start = reading.first("window_start")
    window_start = (
        _hm(request.window.start)
        if request.window
        else _hm(read_start)
        if isinstance(read_start, str)
        else 0
    )
    home = _home_of(request, reading)
    breaks = sorted(plan.home_breaks, key=lambda b: b.start)
    # the itinerary as a sequence of (label, start, end, point, travel_in)
    seq = []
    for s in plan.stops:
        v = catalog.get(s.venue_id)
        seq.append((s.name, _hm(s.start), _hm(s.end), v.point if v else None, s.travel_in.minutes))
    for b in breaks:
        seq.append((f"home ({b.label})", _hm(b.start), _hm(b.end), home, b.travel_in.minutes))
    served_away = {(_hm(x.start), _hm(x.end)): x for x in plan.appointments}
    placed = _placed_of(request, reading)
    for a, b, label, at_home in blocked:
        if (a, b) in placed and not at_home and plan.stops:  # at its own suburb: gone to
            x = served_away.get((a, b))
            if x is None:
                out.append(f"{label} {a // 60:02d}:{a % 60:02d} (placed) is not served")
                continue
            if any(_hm(s.start) < b and a < _hm(s.end) for s in plan.stops):
                out.append(f"a stop overlaps {label} (placed)")
            seq.append((f"{label} (placed)", a, b, placed[(a, b)], x.travel_in.minutes))
            continue
        if at_home or is_pause(label) or not plan.stops:
            continue  # time at home (below) or a pause where the party is
        when = (
            f"{label} {a // 60:02d}:{a % 60:02d}–{b // 60:02d}:{b % 60:02d} (away, place unknown)"
        )
        before = [s for s in plan.stops if _hm(s.end) <= a]
        after = [s for s in plan.stops if _hm(s.start) >= b]
        if len(before) + len(after) < len(plan.stops):
            out.append(f"a stop overlaps {when}")
            continue
        if not after:  # after the day out: the party must be home by its start
            if _hm(plan.totals.home_by) > a:
                out.append(f"{when} starts before the party is home at {plan.totals.home_by}")
            continue
        x = served_away.get((a, b))
        if not before and x is None:  # before the day out: the first leg leaves at its end
            first = after[0]
            if _hm(first.start) - first.travel_in.minutes < b:
                out.append(f"the leg to {first.name} leaves before {when} ends")
            continue
        if x is None:
            out.append(
                f"{when} lies inside the itinerary but no appointment is served: the leg after "
                "it must leave at its end, counted from home"
            )
            continue
        # counted at home: the leg towards it ends by its start, the next leaves home at its end
        seq.append((f"{label} (counted at home)", a, b, home, x.travel_in.minutes))
    seq.sort(key=lambda x: x[1])
    place, free_from, where = home, window_start, "home"
    for label, start, end, point, leg in seq:
        if where == "home":  # the trip to an appointment before the day's start leaves in time
            free_from = min(free_from, start - leg)  # for it ("lessons 9-10 ... 10-3")
        if leg == 0 and point and place and tuple(point) != tuple(place):
            out.append(f"0-minute leg from {where} to {label} ({_km(point, place):.3f} km apart)")
        if not _free_run(free_from, start, leg, busy):
            out.append(f"the {leg}-min leg from {where} to {label} runs through a blocked window")
        place, free_from, where = point, end, label
    if plan.stops:
        leg_home = plan.travel_home.minutes
        home_at = _hm(plan.totals.home_by)
        if leg_home == 0 and place and home and tuple(place) != tuple(home):
            out.append(f"0-minute leg home from {where} ({_km(place, home):.3f} km)")
        if not _free_run(free_from, home_at, leg_home, busy):
            out.append(f"the {leg_home}-min leg home from {where} runs through a blocked window")
    # at-home windows
    first = min((_hm(s.start) for s in plan.stops), default=None)
    last = max((_hm(s.end) for s in plan.stops), default=None)
    for a, b, label, at_home in blocked:
        if not at_home or first is None or b <= first or a >= last:
            continue  # before the party leaves or after it is home: nothing to do
        match = [h for h in breaks if _hm(h.start) == a and _hm(h.end) == b]
        if not match:
            out.append(f"{label} at home {a // 60:02d}:{a % 60:02d}: no home break served")
    # must-dos: each one a real venue the words of the must-do allow, never a venue-less stop
    out += _must_do_findings(request, report, catalog)
    out += _avoid_findings(report, catalog)
    out += _only_findings(report, catalog)
    # public holidays
    try:
        holiday = holidays.country_holidays("AU", subdiv="QLD", years=day.year).get(day)
    except (NotImplementedError, KeyError):
        holiday = None
    if holiday:
        for s in plan.stops:
            v = catalog.get(s.venue_id)
            if v is None:
                continue
            rules = [m for m in _PH_RULE.finditer(v.opening_hours) if m.group(1)]
            if not rules:
                continue
            rule = rules[-1]
            if rule.group(1) in ("off", "closed"):
                out.append(f"{s.name} is closed on public holidays ({holiday}) but is visited")
            else:
                a, b = (
                    int(rule.group(2)) * 60 + int(rule.group(3)),
                    int(rule.group(4)) * 60 + int(rule.group(5)),
                )
                if _hm(s.start) < a or _hm(s.end) > b:
                    out.append(
                        f"{s.name} keeps holiday hours on {holiday}; {s.start}–{s.end} is outside"
                    )
    return out
