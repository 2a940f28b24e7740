"""Session-state layout shared by the tools, and the planning context derived from it.

Keys (one key per fact, so tool calls that run concurrently never overwrite each other):

* ``request`` – the ``PlanRequest`` as JSON (set when the session is created); ``now`` – the
  pinned local datetime (ISO); ``timezone`` – IANA name; ``run_id``.
* ``date`` – the resolved ISO date; ``assumption:<topic>`` – one stated assumption each.
* ``venue:<id>`` – a venue record exactly as search returned it; ``source:<id>`` – its source;
  ``search:<call id>`` – one record per search call.
* ``check:<seq>`` – one record per ``check_plan`` call; ``clarification``; ``finish_payload``.
* ``reading`` – the frozen accepted reading of the free text ``{items, unread, assumed}``
  (``record_reading``); ``reading_attempt:<seq>`` – one verdict per ``record_reading`` call.
* ``forecast`` – what ``get_forecast`` read (``{date, rain, source}``); ``weather_checked``;
  ``backend`` – ``offline`` or ``live`` (which search and forecast backend the tools use);
  ``location_point`` – live mode: the geocoded location when the gazetteer lacks it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, MutableMapping
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from dayplan import data
from dayplan.contract import PlanRequest, hhmm_to_minutes
from dayplan.core.catalog import Venue, venue_from_dict
from dayplan.core.checker import HOME, BlockedWindow, Constraints
from dayplan.core.dates import DateResolutionError, resolve_date
from dayplan.core.places import Place, find_place_in_text, resolve_place
from dayplan.core.travel import CoordinateTravel, Point
from dayplan.reading import AcceptedReading
from dayplan.reading.apply import apply_reading

DEFAULT_TIMEZONE = "Australia/Brisbane"
DEFAULT_WINDOW = ("09:00", "17:00")
READING_KEY = "reading"
"""The frozen accepted reading of the request's free text (written by ``record_reading``)."""


def text_hints(state: Mapping[str, Any]) -> dict[str, Any]:
    """The constraint gaps the frozen reading fills (``dayplan.reading.apply``), ``{}`` before a
    reading was recorded. The only way the free text reaches the constraints."""
    raw = state.get(READING_KEY)
    if not raw:
        return {}
    return apply_reading(request_of(state), AcceptedReading.model_validate(raw)).hints


def snapshot(state: Mapping[str, Any]) -> dict[str, Any]:
    """A plain dict of the state (ADK's ``State`` has ``to_dict`` but no ``items``)."""
    return state.to_dict() if hasattr(state, "to_dict") else dict(state)


def request_of(state: Mapping[str, Any]) -> PlanRequest:
    """The run's ``PlanRequest`` (an empty one when the session was created without it)."""
    return PlanRequest.model_validate(state.get("request") or {})


def now_of(state: Mapping[str, Any]) -> datetime:
    """The pinned local "now" of the run, timezone-aware."""
    tz = ZoneInfo(state.get("timezone") or DEFAULT_TIMEZONE)
    raw = state.get("now")
    if raw:
        moment = datetime.fromisoformat(raw)
        return moment.astimezone(tz) if moment.tzinfo else moment.replace(tzinfo=tz)
    return datetime.now(tz)


def add_assumption(state: MutableMapping[str, Any], topic: str, text: str) -> None:
    """Record one stated assumption under ``assumption:<topic>`` (latest wins per topic)."""
    state[f"assumption:{topic}"] = text


def assumptions(state: Mapping[str, Any]) -> list[str]:
    """All stated assumptions, in a stable order (date first, then by topic)."""
    items = sorted((k, v) for k, v in snapshot(state).items() if k.startswith("assumption:"))
    items.sort(key=lambda kv: (kv[0] != "assumption:date", kv[0]))
    return [v for _, v in items]


def found_venues(state: Mapping[str, Any]) -> dict[str, Venue]:
    """Venues that some search returned in this run, by id (facts exactly as returned)."""
    return {
        k.split(":", 1)[1]: venue_from_dict(v, v.get("currency", "AUD"))
        for k, v in snapshot(state).items()
        if k.startswith("venue:")
    }


def found_sources(state: Mapping[str, Any]) -> dict[str, dict]:
    """Sources that some search returned in this run, by source id."""
    return {k.split(":", 1)[1]: v for k, v in snapshot(state).items() if k.startswith("source:")}


def next_seq() -> str:
    """A sortable sequence key for records written by tools (nanoseconds since the epoch)."""
    return f"{time.time_ns():020d}"


def checks(state: Mapping[str, Any]) -> list[dict]:
    """Every ``check_plan`` record of the run, oldest first."""
    snap = snapshot(state)
    return [snap[k] for k in sorted(k for k in snap if k.startswith("check:"))]


def searches(state: Mapping[str, Any]) -> list[dict]:
    """Every search record of the run (order not significant)."""
    return [v for k, v in snapshot(state).items() if k.startswith("search:")]


def location_place(state: Mapping[str, Any]) -> Place | None:
    """The request's location resolved against the gazetteer (structured field, else text),
    else the geocoded ``location_point`` of a live run."""
    req = request_of(state)
    gaz = data.gazetteer()
    if req.location:
        place = resolve_place(req.location, gaz)
    else:
        place = find_place_in_text(req.text, gaz) if req.text else None
    point = state.get("location_point")  # live mode: geocoded outside the gazetteer
    if place is None and point:
        tz = point.get("timezone") or DEFAULT_TIMEZONE
        return Place(point["name"], (point["lat"], point["lon"]), point["name"], tz)
    return place


def home_point(state: MutableMapping[str, Any], hint: str | None = None) -> Point | None:
    """Home coordinates: the request's ``home`` (suburb or lat/lon), else ``hint`` (a suburb the
    model read from the text), else the location's centre (stated as an assumption)."""
    req = request_of(state)
    gaz = data.gazetteer()
    if req.home is not None:
        if isinstance(req.home, str):
            place = resolve_place(req.home, gaz)
            if place:
                return place.point
        else:
            return (req.home.lat, req.home.lon)
    if hint:
        place = resolve_place(hint, gaz)
        if place:
            add_assumption(state, "home", f"Home taken as {place.name} (from the request text)")
            return place.point
    place = location_place(state)
    if place:
        add_assumption(
            state, "home", f"Home assumed at the centre of {place.name}; travel from there"
        )
        return place.point
    return None


def plan_date(state: MutableMapping[str, Any]) -> date:
    """The plan's date: what ``resolve_date`` recorded, else the request's ``date`` resolved in
    code, else today (each fallback stated as an assumption)."""
    if state.get("date"):
        return date.fromisoformat(state["date"])
    today = now_of(state).date()
    req = request_of(state)
    if req.date:
        try:
            day, text = resolve_date(req.date, today)
            add_assumption(state, "date", text)
            return day
        except DateResolutionError:
            pass
    add_assumption(state, "date", f"No date resolved; checked against today, {today.isoformat()}")
    return today


def forecast_rain(state: Mapping[str, Any], day: date) -> list[tuple[int, int]]:
    """Rain windows ``get_forecast`` recorded for ``day`` (minutes), else none."""
    forecast = state.get("forecast") or {}
    if forecast.get("date") != day.isoformat():
        return []
    return [(a, b) for a, b, _ in _windows(forecast.get("rain"))]


def _windows(items: Any) -> list[tuple[int, int, str]]:
    out = []
    for item in items or []:
        if hasattr(item, "start"):
            start, end, label = item.start, item.end, getattr(item, "label", None)
        else:
            start, end, label = item["start"], item["end"], item.get("label")
        a, b = hhmm_to_minutes(start), hhmm_to_minutes(end)
        if b <= a:
            raise ValueError(f"window {start}-{end} ends before it starts")
        out.append((a, b, label or "blocked"))
    return out


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
    if req.window:
        window = (hhmm_to_minutes(req.window.start), hhmm_to_minutes(req.window.end))
    else:
        start = hints.get("window_start") or DEFAULT_WINDOW[0]
        end = hints.get("window_end") or DEFAULT_WINDOW[1]
        window = (hhmm_to_minutes(start), hhmm_to_minutes(end))
        if window[1] <= window[0]:
            raise ValueError(f"window {start}-{end} ends before it starts")
        if "window_start" not in hints and "window_end" not in hints:
            add_assumption(state, "window", f"Day window assumed {start}–{end} (home by {end})")
    if req.budget:
        budget, currency = req.budget.amount, req.budget.currency
    elif hints.get("budget") is not None:
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
        if adults < 0 or children < 0 or adults + children == 0:
            raise ValueError("party needs at least one person and no negative counts")
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
    day = plan_date(state)
    if req.weather is not None:
        rain = [(a, b) for a, b, _ in _windows(req.weather.rain)]
    else:
        rain = [(a, b) for a, b, _ in _windows(hints.get("rain"))]
        rain += forecast_rain(state, day)  # what the text says and what the forecast says
        if not rain and not state.get("weather_checked"):
            add_assumption(state, "weather", "No rain expected (no weather given or forecast read)")
    window = _not_before_now(state, day, window)
    return Constraints(
        day=day,
        window=window,
        blocked=tuple(BlockedWindow(a, b, label) for a, b, label in blocked),
        rain=tuple(rain),
        mode=mode,
        max_leg_minutes=cap,
        budget=budget,
        currency=currency,
        adults=adults,
        children=children,
        country=data.venue_snapshot().get("country", "AU"),
    )


def travel_for(
    state: MutableMapping[str, Any], mode: str, home_hint: str | None = None
) -> CoordinateTravel:
    """A coordinate travel model over the venues found so far plus ``HOME`` (when known)."""
    points: dict[str, Point] = {vid: v.point for vid, v in found_venues(state).items()}
    home = home_point(state, home_hint)
    if home is not None:
        points[HOME] = home
    return CoordinateTravel(points, mode)
