"""``get_forecast``: rain windows for the plan's date, so outdoor stops can avoid the rain.

Precedence: the request's ``weather`` wins (no forecast is read); otherwise, in live mode, the
Open-Meteo hourly forecast (no key needed; ``DAYPLAN_FORECAST_URL``); offline, the bundled
fixture ``dayplan/data/forecast/brisbane_2026-12.json`` (same shape). An hour is rainy when its
precipitation probability is at least ``DAYPLAN_RAIN_THRESHOLD_PERCENT`` (default 50 %).

The result is recorded in state as ``forecast`` (``{date, rain, source, threshold_percent}``)
and ``weather_checked``; ``check_plan`` then checks outdoor stops against those windows when the
request gives no weather. Rain the request's text states is merged with the forecast by
``state.run_rain`` (forecast ∪ stated; a stated "no rain" never removes forecast rain, and says
so). A forecast that cannot be read is an error result and an assumption
("Forecast unavailable ... no rain assumed"), never an invented forecast.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import httpx
from google.adk.tools.tool_context import ToolContext

from dayplan import data
from dayplan.config import Settings
from dayplan.core.clock import minutes_to_hhmm
from dayplan.core.places import Place, resolve_place
from dayplan.core.weather import ForecastFormatError, covers_day, rain_windows
from dayplan.evidence import RunEvidence
from dayplan.live_http import live_settings, sync_transport
from dayplan.tools.args import ForecastArgs, validated
from dayplan.tools.state import (
    DEFAULT_TIMEZONE,
    add_assumption,
    location_place,
    request_of,
    run_rain,
    stated_weather,
    text_hints,
)

OPEN_METEO_DOCS = "https://open-meteo.com/en/docs"
HOURLY_FIELDS = "precipitation_probability,precipitation"


class ForecastUnavailable(RuntimeError):
    """The forecast could not be fetched or read (the message is one line for the model)."""


def fetch_open_meteo(
    lat: float, lon: float, day: dt.date, timezone: str, settings: Settings | None = None
) -> dict[str, Any]:
    """GET the Open-Meteo hourly forecast for ``day`` at (``lat``, ``lon``) in ``timezone``.

    It asks for ``day`` and the next day: each hourly value describes the preceding hour, so
    the day's last hour (23:00–24:00) is the value stamped 00:00 of the next day.

    Raises ``ForecastUnavailable`` on a timeout (``forecast_timeout_seconds``), an HTTP error
    (Open-Meteo answers 400 with ``{"error": true, "reason": ...}``) or a non-JSON body.
    """
    settings = settings or live_settings()
    params = {
        "latitude": f"{lat:.4f}",
        "longitude": f"{lon:.4f}",
        "hourly": HOURLY_FIELDS,
        "timezone": timezone,
        "start_date": day.isoformat(),
        "end_date": (day + dt.timedelta(days=1)).isoformat(),
    }
    seconds = settings.forecast_timeout_seconds
    try:
        with httpx.Client(timeout=seconds, transport=sync_transport()) as client:
            response = client.get(settings.forecast_url, params=params)
    except httpx.TimeoutException:
        raise ForecastUnavailable(f"the forecast service timed out after {seconds:g} s") from None
    except httpx.HTTPError as exc:
        raise ForecastUnavailable(
            f"the forecast service is unreachable ({type(exc).__name__})"
        ) from None
    try:
        body = response.json()
    except ValueError:
        body = None
    if response.status_code != 200:
        reason = body.get("reason") if isinstance(body, dict) else None
        raise ForecastUnavailable(
            f"the forecast service answered HTTP {response.status_code}"
            + (f": {str(reason)[:200]}" if reason else "")
        )
    if not isinstance(body, dict):
        raise ForecastUnavailable("the forecast service answered with something other than JSON")
    return body


def _same_place(a: str, b: str) -> bool:
    """ "Sydney" names the same place as "Sydney, NSW" or "sydney" (first component, any case)."""
    first = [str(x or "").split(",")[0].strip().casefold() for x in (a, b)]
    return bool(first[0]) and first[0] == first[1]


def _place(state, location: str) -> Place | None:
    """Where to read the forecast for: the gazetteer's place for ``location``; else, when
    ``location`` is the request's own location (or empty), the request's place, which in live
    mode is the geocoded ``location_point`` for a city outside the gazetteer; else, live only,
    ``location`` geocoded now (Open-Meteo geocoding). ``None`` when nothing locates it."""
    if not location:
        return location_place(state)
    place = resolve_place(location, data.gazetteer())
    if place is not None:
        return place
    evidence = RunEvidence(state)
    point = evidence.location_point or {}
    if _same_place(location, evidence.location_name or "") or _same_place(
        location, point.get("name") or ""
    ):
        return location_place(state)
    if not evidence.live:
        return None
    from dayplan.tools.geocode import geocode

    found = geocode(location)
    if found is None:
        return None
    return Place(found["name"], (found["lat"], found["lon"]), found["name"], found["timezone"])


def _record_unavailable(state, day: str, reason: str, stated: list[dict] | None = None) -> dict:
    RunEvidence(state).record_forecast({"date": day, "ok": False, "rain": [], "error": reason})
    if stated is None:
        add_assumption(
            state, "weather", f"Forecast unavailable for {day} ({reason}); no rain assumed"
        )
    else:  # no forecast to hold it against: the text's weather is all that is known
        said = ", ".join(f"rain {w['start']}–{w['end']}" for w in stated) or "no rain"
        add_assumption(
            state,
            "weather",
            f"Forecast unavailable for {day} ({reason}); weather as your request says it ({said})",
        )
    return {"ok": False, "error": reason, "date": day}


@validated(ForecastArgs)
def get_forecast(tool_context: ToolContext, date: str = "", location: str = "") -> dict:
    """Rain windows for the plan's day (call it after resolve_date, before searching).

    Args:
      date: ISO date, e.g. "2026-12-05"; defaults to the date resolve_date recorded.
      location: city or suburb; defaults to the request's location.

    Returns:
      {"ok": true, "date", "rain": [{"start": "11:00", "end": "15:00"}], "source":
      "request" | "open_meteo" | "offline_fixture", "threshold_percent": 50, "note"} or
      {"ok": false, "error": "..."} (then no rain is assumed, and the report says so).
    """
    state = tool_context.state
    settings = live_settings()
    threshold = settings.rain_threshold_percent
    request = request_of(state)
    if request.weather is not None:
        rain = [{"start": r.start, "end": r.end} for r in request.weather.rain]
        return {
            "ok": True,
            "date": RunEvidence(state).date,
            "rain": rain,
            "source": "request",
            "threshold_percent": threshold,
            "note": "The request states the weather; it wins over any forecast.",
        }
    stated = stated_weather(text_hints(state))  # read with the forecast: run_rain merges
    ev = RunEvidence(state)
    day_text = str(date or ev.date or "").strip()
    try:
        day = dt.date.fromisoformat(day_text)
    except ValueError:
        return {"ok": False, "error": "give an ISO date like 2026-12-05 (call resolve_date first)"}
    place = _place(state, str(location or "").strip())
    if place is None:
        where = location or "the request's location"
        return _record_unavailable(
            state, day.isoformat(), f"no coordinates known for {where}", stated
        )
    live = ev.live
    tz = ev.timezone or place.timezone or DEFAULT_TIMEZONE
    try:
        if live:
            doc = fetch_open_meteo(place.point[0], place.point[1], day, tz, settings)
            source = "open_meteo"
        else:
            doc = data.forecast_fixture()
            source = "offline_fixture"
        if not covers_day(doc, day):
            raise ForecastUnavailable(f"the {source.replace('_', ' ')} has no hours on {day}")
        windows = rain_windows(doc, day, threshold)
    except (ForecastUnavailable, ForecastFormatError) as exc:
        return _record_unavailable(state, day.isoformat(), str(exc), stated)
    rain = [{"start": minutes_to_hhmm(a), "end": minutes_to_hhmm(b)} for a, b in windows]
    label = "Open-Meteo forecast" if live else "offline forecast fixture"
    spans = ", ".join(f"{r['start']}–{r['end']}" for r in rain)
    text = (
        f"Rain expected {spans} on {day} ({label}, ≥ {threshold} % chance)"
        if rain
        else f"No rain expected on {day} ({label}: no hour ≥ {threshold} % chance)"
    )
    ev.record_forecast(
        {
            "date": day.isoformat(),
            "ok": True,
            "rain": rain,
            "source": source,
            "threshold_percent": threshold,
            "place": place.name,
        }
    )
    add_assumption(state, "weather", text)
    if stated is not None:  # the one rule: forecast ∪ stated rain; "no rain" removes none
        merged = run_rain(state, day)
        rain = [{"start": minutes_to_hhmm(a), "end": minutes_to_hhmm(b)} for a, b in merged]
        text = RunEvidence(state).assumption("weather") or text
    return {
        "ok": True,
        "date": day.isoformat(),
        "rain": rain,
        "source": source,
        "threshold_percent": threshold,
        "note": text,
    }
