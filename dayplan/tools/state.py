"""The planning context derived from a run's evidence: location, home, date, constraints.

The session-state layout itself (keys, typed records, readers and writers) belongs to
``dayplan.evidence``; this module reads and writes only through ``RunEvidence``. The helpers
below (``request_of``, ``checks``, ...) are thin shorthands over it for the tools.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from datetime import date, datetime
from typing import Any

from dayplan import data
from dayplan.contract import PlanRequest, hhmm_to_minutes, party_problem
from dayplan.core.catalog import Venue
from dayplan.core.checker import HOME, AvoidRule, BlockedWindow, Constraints, OnlyRule
from dayplan.core.clock import minutes_to_hhmm
from dayplan.core.dates import DateResolutionError, resolve_plan_date
from dayplan.core.places import Place, resolve_place
from dayplan.core.travel import CoordinateTravel, Point
from dayplan.evidence import RunEvidence, next_seq, snapshot
from dayplan.evidence.view import DEFAULT_TIMEZONE
from dayplan.reading.apply import ADULT_ASSUMED, apply_reading
from dayplan.reading.places import day_location

DEFAULT_WINDOW = ("09:00", "17:00")


def text_hints(state: Mapping[str, Any]) -> dict[str, Any]:
    """The constraint gaps the frozen reading fills (``dayplan.reading.apply``), ``{}`` before a
    reading was recorded. The only way the free text reaches the constraints."""
    ev = RunEvidence(state)
    reading = ev.reading
    return apply_reading(ev.request, reading).hints if reading is not None else {}


def party_refused(state: Mapping[str, Any]) -> str | None:
    """The quote of the party read from the text when the contract's party rule refuses it
    ("0 adults and 3 kids": ``contract.party_problem``), else ``None``: asking about it is
    earned, and no check can pass on it (``constraints_for`` raises)."""
    ev = RunEvidence(state)
    reading = ev.reading
    refused = apply_reading(ev.request, reading).party_refused if reading is not None else None
    return refused[0] if refused else None


def stated_weather(hints: Mapping[str, Any]) -> list[dict] | None:
    """The rain windows the request's text states (``[]`` for "it won't rain"), or ``None``
    when the text says nothing about the weather. Shape: ``[{"start": "HH:MM", "end": "HH:MM"}]``,
    local time."""
    if hints.get("rain"):
        return list(hints["rain"])
    if hints.get("no_rain"):
        return []
    return None


__all__ = [
    "stated_weather",
    "run_rain",
    "DEFAULT_TIMEZONE",
    "DEFAULT_WINDOW",
    "add_assumption",
    "assumptions",
    "constraints_for",
    "day_window",
    "found_venues",
    "home_point",
    "location_place",
    "next_seq",
    "now_of",
    "plan_date",
    "request_of",
    "resolve_for_plan",
    "snapshot",
    "text_location",
    "travel_for",
]


def request_of(state: Mapping[str, Any]) -> PlanRequest:
    """The run's ``PlanRequest`` (``RunEvidence(state).request``)."""
    return RunEvidence(state).request


def now_of(state: Mapping[str, Any]) -> datetime:
    """The pinned local "now" of the run, timezone-aware (``RunEvidence(state).now``)."""
    return RunEvidence(state).now


def add_assumption(state: MutableMapping[str, Any], topic: str, text: str) -> None:
    """Record one stated assumption under its topic (``RunEvidence.add_assumption``)."""
    RunEvidence(state).add_assumption(topic, text)


def assumptions(state: Mapping[str, Any]) -> list[str]:
    """All stated assumptions, date first (``RunEvidence.assumptions``)."""
    return RunEvidence(state).assumptions()


def found_venues(state: Mapping[str, Any]) -> dict[str, Venue]:
    """Venues that some search returned in this run, by id (``RunEvidence.venues``)."""
    return RunEvidence(state).venues()


def text_location(text: str) -> tuple[str | None, bool]:
    """The location the request text names: ``(name, in_gazetteer)``, by the reading package's
    place rule (``dayplan.reading.places.day_location``): the first sentence's location, the
    longest gazetteer name that is no part of a venue mention ("Toowong, ... Mt Coot-tha lookout"
    is Toowong; ``in_gazetteer`` true), else any place named, else a capitalised name after
    "in/at/around/near" ("in Sydney" -> ``("Sydney", False)``), else ``(None, False)``. A
    weekday, month or season is never a place.
    """
    name = day_location(text) if text else None
    if name is None:
        return None, False
    return name, resolve_place(name, data.gazetteer()) is not None


def location_place(state: Mapping[str, Any]) -> Place | None:
    """The request's location resolved against the gazetteer (structured field, else text,
    else the frozen reading's ``location``: "in town" is Brisbane City), else the geocoded
    ``location_point`` of a live run."""
    req = request_of(state)
    gaz = data.gazetteer()
    if req.location:
        place = resolve_place(req.location, gaz)
    else:
        hints = text_hints(state)
        named = day_location(req.text) if req.text else None
        read_location = hints.get("location")
        if isinstance(read_location, str) and resolve_place(read_location, gaz) is not None:
            named = read_location  # the verified reading wins ("SparkLab at South Brisbane, …,
            # Holland Park" reads Holland Park; the text rule alone once took South Brisbane)
        place = resolve_place(named, gaz) if named else None
        placed = {b.get("place") for b in hints.get("blocked") or () if isinstance(b, dict)}
        if place is not None and place.name in placed and hints.get("location") != place.name:
            # an appointment's place ("footy 8-9:30 at Indooroopilly"), not the day's: the
            # read location, else the read home ("from Clayfield")
            place = None
            read = hints.get("location") or hints.get("home")
        else:
            read = hints.get("location") if place is None and req.text else None
        place = resolve_place(read, gaz) if isinstance(read, str) else place
    point = RunEvidence(state).location_point  # live mode: geocoded outside the gazetteer
    if place is None and point:
        tz = point.get("timezone") or DEFAULT_TIMEZONE
        return Place(point["name"], (point["lat"], point["lon"]), point["name"], tz)
    return place


def home_point(state: MutableMapping[str, Any], hint: str | None = None) -> Point | None:
    """Home coordinates: the request's ``home`` (suburb or lat/lon), else ``hint`` (a suburb the
    model read from the text), else the location's centre (stated as an assumption)."""
    req = request_of(state)
    gaz = data.gazetteer()
    missed = None
    if req.home is not None:
        if isinstance(req.home, str):
            place = resolve_place(req.home, gaz)
            if place:
                return place.point
            missed = req.home
        else:
            return (req.home.lat, req.home.lon)
    if hint:
        place = resolve_place(hint, gaz)
        if place:
            add_assumption(state, "home", f"Home taken as {place.name} (from the request text)")
            return place.point
        missed = missed or hint
    place = location_place(state)
    if place:
        lead = f"Home {missed!r} is not a place I know; " if missed else ""
        add_assumption(
            state,
            "home",
            f"{lead}Home assumed at the centre of {place.name}; travel from there"[:300],
        )
        return place.point
    return None  # no coordinates: every leg from home fails as unknown_location


def day_window(state: Mapping[str, Any]) -> tuple[tuple[int, int], bool]:
    """The day window ``(start, end)`` in local minutes, and whether the request stated it:
    the structured ``window``, else the frozen reading's ``window_start``/``window_end``, else
    ``DEFAULT_WINDOW``. Raises ``ValueError`` for a read window that ends before it starts.
    States nothing (``constraints_for`` states the default)."""
    req = request_of(state)
    if req.window:
        return (hhmm_to_minutes(req.window.start), hhmm_to_minutes(req.window.end)), True
    hints = text_hints(state)
    start = hints.get("window_start") or DEFAULT_WINDOW[0]
    end = hints.get("window_end") or DEFAULT_WINDOW[1]
    window = (hhmm_to_minutes(start), hhmm_to_minutes(end))
    if window[1] <= window[0]:
        raise ValueError(f"window {start}-{end} ends before it starts")
    return window, "window_start" in hints or "window_end" in hints


def start_stated(state: Mapping[str, Any]) -> bool:
    """Whether the request stated when the day starts: the structured ``window`` or a
    ``window_start`` reading of the text (else ``DEFAULT_WINDOW``'s start is assumed)."""
    return bool(request_of(state).window) or "window_start" in text_hints(state)


def resolve_for_plan(state: Mapping[str, Any], expression: str) -> tuple[date, str]:
    """``expression`` resolved to the plan's date at the run's pinned "now" and day window
    (``core.dates.resolve_plan_date``: a day whose window has (nearly) passed rolls on, or
    fails for an ISO date). Raises ``DateResolutionError``."""
    now = now_of(state)
    try:
        window, _ = day_window(state)
    except ValueError:
        window = (hhmm_to_minutes(DEFAULT_WINDOW[0]), hhmm_to_minutes(DEFAULT_WINDOW[1]))
    return resolve_plan_date(expression, now.date(), now.hour * 60 + now.minute, window)


def plan_date(state: MutableMapping[str, Any]) -> date:
    """The plan's date: what ``resolve_date`` recorded, else the request's ``date`` resolved in
    code, else today (each fallback stated as an assumption)."""
    ev = RunEvidence(state)
    if ev.date:
        return date.fromisoformat(ev.date)
    today = now_of(state).date()
    req = request_of(state)
    if req.date:
        try:
            day, text = resolve_for_plan(state, req.date)
            add_assumption(state, "date", text)
            return day
        except DateResolutionError:
            pass
    add_assumption(state, "date", f"No date resolved; checked against today, {today.isoformat()}")
    return today


def _merged(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(windows):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _spans(windows: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a // 60:02d}:{a % 60:02d}–{b // 60:02d}:{b % 60:02d}" for a, b in windows)


def run_rain(state: MutableMapping[str, Any], day: date) -> list[tuple[int, int]]:
    """THE rule for the run's rain windows (minutes), used by ``constraints_for`` and echoed by
    ``get_forecast``: the request's structured ``weather`` wins; otherwise rain = the forecast
    ``get_forecast`` recorded for ``day`` ∪ the rain the text states. A stated rain window
    adds; a stated "no rain" never removes forecast rain (the user's belief is not a forecast
    fact: that is stated as an assumption). Rain said not to matter ("don't care about rain":
    ``rain_ok``) is none: outdoor stops may be planned in it, and the assumption says so. Only with no forecast read (or none available)
    does a stated "no rain" mean no rain known."""
    req = request_of(state)
    if req.weather is not None:
        return [(a, b) for a, b, _, _ in _windows(req.weather.rain)]
    hints = text_hints(state)
    if hints.get("rain_ok"):  # "don't care about rain": outdoor stops may be in the rain
        record = RunEvidence(state).forecast
        known = record is not None and record.date == day.isoformat() and record.ok
        wet = _spans(_merged([(a, b) for a, b, _, _ in _windows(record.rain)])) if known else ""
        add_assumption(
            state,
            "weather",
            f'You said "{hints["rain_ok"]}": outdoor stops are planned whatever the rain'
            + (f" (forecast rain {wet} on {day.isoformat()})" if wet else ""),
        )
        return []
    stated_raw = stated_weather(hints)
    stated = None if stated_raw is None else [(a, b) for a, b, _, _ in _windows(stated_raw)]
    record = RunEvidence(state).forecast
    forecast = (
        [(a, b) for a, b, _, _ in _windows(record.rain)]
        if record is not None and record.date == day.isoformat() and record.ok
        else None
    )
    if forecast is None:
        return stated or []
    rain = _merged(forecast + (stated or []))
    if stated is not None and not stated and forecast:
        add_assumption(
            state,
            "weather",
            f"You said no rain; the forecast has rain {_spans(_merged(forecast))} on "
            f"{day.isoformat()}, so outdoor stops avoid it",
        )
    elif stated:
        add_assumption(
            state,
            "weather",
            f"Rain {_spans(rain)} on {day.isoformat()}: the rain your request states "
            f"({_spans(_merged(stated))}) and the forecast's ({_spans(_merged(forecast)) or 'none'})",
        )
    return rain


def forecast_rain(state: Mapping[str, Any], day: date) -> list[tuple[int, int]]:
    """Rain windows ``get_forecast`` recorded for ``day`` (minutes), else none."""
    forecast = RunEvidence(state).forecast
    if forecast is None or forecast.date != day.isoformat():
        return []
    return [(a, b) for a, b, _, _ in _windows(forecast.rain)]


def _windows(items: Any) -> list[tuple[int, int, str, bool]]:
    out = []
    for item in items or []:
        if hasattr(item, "start"):
            start, end, label = item.start, item.end, getattr(item, "label", None)
            at_home = bool(getattr(item, "at_home", False))
        else:
            if not isinstance(item, dict):
                raise ValueError("each window must be an object with start and end")
            start, end, label = item["start"], item["end"], item.get("label")
            at_home = item.get("at_home", False)
            if not isinstance(at_home, bool):
                raise ValueError("at_home must be true or false")
        a, b = hhmm_to_minutes(start), hhmm_to_minutes(end)
        if b <= a:
            raise ValueError(f"window {start}-{end} ends before it starts")
        out.append((a, b, label or "blocked", at_home))
    return out


def _placed_legs(
    state: MutableMapping[str, Any], blocked: tuple[BlockedWindow, ...], mode: str
) -> list[tuple[BlockedWindow, int, int]]:
    """``(appointment, minutes there from home, minutes back home)`` for each placed appointment
    of ``blocked`` whose place has a point, by the travel model's own estimate between home and
    the suburb's centre; ``[]`` when home has no point."""
    points = _appointment_points(state)
    home = home_point(state, text_hints(state).get("home"))
    if home is None:
        return []
    out = []
    for b in blocked:
        if b.place and b.place in points:
            travel = CoordinateTravel({HOME: home, b.place: points[b.place]}, mode)
            out.append((b, travel.minutes(HOME, b.place), travel.minutes(b.place, HOME)))
    return out


def _leave_for_appointments(
    state: MutableMapping[str, Any],
    window: tuple[int, int],
    blocked: tuple[BlockedWindow, ...],
    mode: str,
) -> tuple[int, int]:
    """The day's start moved earlier for the party's own trip to a placed appointment that
    begins before the leg from home could reach it from the day's start ("swimming lessons 9-10
    at Chandler" with a 09:00 start): leaving home the leg's minutes before it, stated as an
    assumption. The leg is the travel model's own estimate (home to the suburb's centre)."""
    start = window[0]
    for b, leg, _ in _placed_legs(state, blocked, mode):
        if b.end < window[0]:  # ends at the start: the day begins there
            continue
        if b.start - leg < start:
            start = max(0, b.start - leg)
            add_assumption(
                state,
                "appointment_leave",
                f"Leaving home at {minutes_to_hhmm(start)} for {b.label} in "
                f"{b.place.removeprefix(APPOINTMENT)} ({minutes_to_hhmm(b.start)}: "
                f"{leg} min by {mode}), before the day's start {minutes_to_hhmm(window[0])}",
            )
    return (start, window[1])


def _home_after_appointments(
    state: MutableMapping[str, Any],
    window: tuple[int, int],
    blocked: tuple[BlockedWindow, ...],
    mode: str,
) -> tuple[int, int]:
    """The assumed home time moved later for the party's trip home from a placed appointment
    that ends too late to be home by it ("party at 11 at nan's in Carindale (all arvo)": home
    by the default 17:00 could never hold, and no home time was said): home the leg's minutes
    after it ends (rounded up to 5), stated as an assumption. Only an assumed home time moves
    (the caller's rule): one the request states is a limit, never widened. The leg is the
    travel model's own estimate (the suburb's centre to home), as ``_leave_for_appointments``."""
    end = window[1]
    for b, _, leg in _placed_legs(state, blocked, mode):
        if b.end <= window[0]:
            continue
        back = min(24 * 60 - 1, -(-(b.end + leg) // 5) * 5)
        if back > end:
            end = back
            add_assumption(
                state,
                "appointment_home",
                f"Home at {minutes_to_hhmm(end)} after {b.label} in "
                f"{b.place.removeprefix(APPOINTMENT)} (ends {minutes_to_hhmm(b.end)}: {leg} min "
                f"by {mode}); no home time was given",
            )
    return (window[0], end)


def _not_before_now(state: MutableMapping[str, Any], day: date, window: tuple[int, int]):
    """On the day of the request itself, the plan cannot start before "now": the window's
    start moves to now (rounded up to 5 minutes) and that is stated as an assumption."""
    now = now_of(state)
    if day != now.date():
        return window
    minutes = now.hour * 60 + now.minute
    start = min(-(-minutes // 5) * 5, 24 * 60 - 1)
    if start <= window[0]:
        return window
    add_assumption(
        state,
        "now",
        f"It is already {now.strftime('%H:%M')} on {day.isoformat()}: the plan starts from "
        f"{start // 60:02d}:{start % 60:02d}",
    )
    return (min(start, window[1]), window[1])


def constraints_for(state: MutableMapping[str, Any]) -> Constraints:
    """The constraints a plan is checked against.

    Structured request fields win; the frozen reading of the free text (``text_hints``:
    ``window_start``, ``window_end``, ``budget``, ``currency``, ``adults``, ``children``,
    ``mode``, ``max_leg_minutes``, ``rain``, ``blocked``) only fills gaps; anything still missing
    gets a default stated as an assumption. The model passes no constraints per call.
    """
    req = request_of(state)
    hints = text_hints(state)
    window, stated = day_window(state)
    if not stated:
        start, end = DEFAULT_WINDOW
        add_assumption(state, "window", f"Day window assumed {start}–{end} (home by {end})")
    each = None  # "$20 each": a per-person cap, read from the text only
    if req.budget:
        budget, currency = req.budget.amount, req.budget.currency
    elif hints.get("budget") is not None:
        each = hints.get("budget_each")
        budget, currency = float(hints["budget"]), str(hints.get("currency") or "AUD")
        if budget < 0:
            raise ValueError("budget cannot be negative")
    else:
        budget, currency = None, "AUD"
        add_assumption(state, "budget", "No budget given; costs are shown but not capped")
    if req.party:
        adults, children = req.party.adults, req.party.children
    elif hints.get("adults") is not None or hints.get("children") is not None:
        adults, children = int(hints.get("adults") or 0), int(hints.get("children") or 0)
        problem = party_problem(adults, children)  # the contract's rule, for the read party
        if problem:
            raise ValueError(problem)
        if hints.get("adults_assumed"):
            add_assumption(state, "party", ADULT_ASSUMED)
        if hints.get("party_split_assumed"):  # "family of 4": 2 adults and 2 children, stated
            add_assumption(state, "party", str(hints["party_split_assumed"]))
    else:
        adults, children = 1, 0
        add_assumption(state, "party", "Party assumed to be one adult")
    mode = req.travel.mode if req.travel else str(hints.get("mode") or "car")
    if mode not in ("car", "transit", "walk"):
        raise ValueError(f"unknown travel mode {mode!r}; use car, transit or walk")
    if not req.travel and not hints.get("mode"):
        add_assumption(state, "travel", "Travel assumed by car")
    cap = req.travel.max_leg_minutes if req.travel and req.travel.max_leg_minutes else None
    if cap is None and hints.get("max_leg_minutes") is not None:
        cap = int(hints["max_leg_minutes"])
    blocked = _windows(req.blocked) or _windows(hints.get("blocked"))
    where = [appointment_place(x) for x in (req.blocked or hints.get("blocked") or ())]
    for i, said in enumerate(hints.get("stated") or ()):  # what the applied reading assumed:
        add_assumption(state, f"reading{i}", str(said))  # "Saturday week", "party at 3.30"
    day = plan_date(state)
    rain = run_rain(state, day)
    if req.weather is None and stated_weather(hints) is None:
        ev = RunEvidence(state)
        # "Forecast unavailable for …" (a failed read) is the true statement: never overwrite it
        if not rain and not ev.weather_checked and ev.assumption("weather") is None:
            add_assumption(state, "weather", "No rain expected (no weather given or forecast read)")
    window = _not_before_now(state, day, window)
    blocked_windows = tuple(
        BlockedWindow(a, b, label, home, None if home else where[i])
        for i, (a, b, label, home) in enumerate(blocked)
    )
    window = _leave_for_appointments(state, window, blocked_windows, mode)
    if not req.window and "window_end" not in hints:  # the home time is the default's
        window = _home_after_appointments(state, window, blocked_windows, mode)
    return Constraints(
        day=day,
        window=window,
        blocked=blocked_windows,
        rain=tuple(rain),
        mode=mode,
        max_leg_minutes=cap,
        budget=budget,
        budget_each=None if each is None else float(each),
        currency=currency,
        adults=adults,
        children=children,
        country=data.venue_snapshot().get("country", "AU"),
        subdivision=data.venue_snapshot().get("subdivision"),
        timezone=state.get("timezone") or DEFAULT_TIMEZONE,
        indoor_only=bool(hints.get("indoor_only")),
        avoid=avoid_rules(hints),
        only=only_rule(hints),
    )


def avoid_rules(hints: Mapping[str, Any]) -> tuple[AvoidRule, ...]:
    """The hard avoids of the frozen reading ("no museums", "not GOMA this time"), as the
    checker's rules; a soft one ("rather not", "not too many") is no rule (ranked last by the
    planner and stated instead)."""
    out = []
    for a in hints.get("avoid") or ():
        if not isinstance(a, Mapping) or not a.get("hard"):
            continue
        rule = avoid_rule(a)
        if rule is not None:
            out.append(rule)
    return tuple(dict.fromkeys(out))


def avoid_rule(a: Mapping[str, Any]) -> AvoidRule | None:
    """The checker's rule for one avoid of the frozen reading (``{"kind"|"venue"|"place",
    "quote"}``; a ``place`` with or without a ``kind``: "not Chandler", "not the Chandler
    pool"), hard or soft alike; ``None`` for a shape that names nothing."""
    place = a.get("place")
    phrase = a.get("kind") or a.get("venue")
    quote = str(a.get("quote") or "")
    if isinstance(place, str) and place:
        return AvoidRule(phrase if isinstance(phrase, str) else "", quote, place=place)
    if isinstance(phrase, str) and phrase:
        return AvoidRule(phrase, quote, venue="venue" in a)
    return None


def only_rule(hints: Mapping[str, Any]) -> OnlyRule | None:
    """The "only" limit of the frozen reading ("galleries only", "just parks and playgrounds"):
    every kind read, in one rule (a stop of any of them is allowed), with the quotes said;
    ``None`` when none was read."""
    kinds: list[str] = []
    quotes: list[str] = []
    for o in hints.get("only") or ():
        kind = o.get("kind") if isinstance(o, Mapping) else None
        if isinstance(kind, str) and kind and kind not in kinds:
            kinds.append(kind)
            quote = str(o.get("quote") or "")
            if quote and quote not in quotes:
                quotes.append(quote)
    if not kinds:
        return None
    return OnlyRule(tuple(kinds), '" and "'.join(quotes))


APPOINTMENT = "appointment:"
"""Prefix of a placed appointment's place id in the travel model (``appointment:Chandler``)."""


def appointment_place(item: Any) -> str | None:
    """The travel model's place id for a blocked window's ``place`` (``BlockedTime.place`` or a
    reading's ``"place"``): ``APPOINTMENT`` + the gazetteer suburb it resolves to, the words
    as given when it does not resolve (then the travel model has no point for it and its legs
    fail as unknown, never 0 minutes), or ``None`` when no place was given."""
    name = item.get("place") if isinstance(item, dict) else getattr(item, "place", None)
    if not name or not isinstance(name, str):
        return None
    place = resolve_place(name, data.gazetteer())
    return APPOINTMENT + (place.name if place else name)


def _appointment_points(state: MutableMapping[str, Any]) -> dict[str, Point]:
    req = request_of(state)
    out: dict[str, Point] = {}
    for item in req.blocked or text_hints(state).get("blocked") or ():
        name = item.get("place") if isinstance(item, dict) else getattr(item, "place", None)
        place = resolve_place(name, data.gazetteer()) if isinstance(name, str) and name else None
        if place is not None:
            out[APPOINTMENT + place.name] = place.point
    return out


def travel_for(
    state: MutableMapping[str, Any], mode: str, home_hint: str | None = None
) -> CoordinateTravel:
    """A coordinate travel model over the venues found so far plus ``HOME`` (when known)."""
    points: dict[str, Point] = {vid: v.point for vid, v in found_venues(state).items()}
    points.update(_appointment_points(state))  # placed appointments: their suburb's point
    home = home_point(state, home_hint)
    if home is not None:
        points[HOME] = home
    return CoordinateTravel(points, mode)
