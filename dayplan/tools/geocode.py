"""Live mode only: place names outside the bundled gazetteer, via Open-Meteo geocoding.

The gazetteer covers Brisbane. In live mode a request for another city is geocoded once, before
the run, with ``https://geocoding-api.open-meteo.com/v1/search?name=..&count=1`` (no key), so
the forecast, the home point and the timezone are real rather than silently missing. A failed
lookup changes nothing and is stated as an assumption; offline runs never call it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import httpx

from dayplan.config import Settings
from dayplan.evidence import RunEvidence
from dayplan.tools.state import add_assumption, location_place, request_of

GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"


def geocode(name: str, settings: Settings | None = None) -> dict[str, Any] | None:
    """The best match for ``name``: ``{name, lat, lon, timezone, country_code, admin1}``, or
    ``None`` when there is no match or the service fails (timeout, HTTP error, bad JSON)."""
    settings = settings or Settings()
    params = {"name": name, "count": 1, "language": "en", "format": "json"}
    try:
        with httpx.Client(timeout=settings.forecast_timeout_seconds) as client:
            response = client.get(GEOCODING_URL, params=params)
        body = response.json() if response.status_code == 200 else None
    except (httpx.HTTPError, ValueError):
        return None
    results = body.get("results") if isinstance(body, dict) else None
    if not isinstance(results, list) or not results or not isinstance(results[0], dict):
        return None
    top = results[0]
    try:
        lat, lon = float(top["latitude"]), float(top["longitude"])
        tz = str(top.get("timezone") or "")
        ZoneInfo(tz)
    except (KeyError, TypeError, ValueError, ZoneInfoNotFoundError):
        return None
    return {
        "name": str(top.get("name") or name),
        "lat": lat,
        "lon": lon,
        "timezone": tz,
        "country_code": str(top.get("country_code") or ""),
        "admin1": str(top.get("admin1") or ""),
    }


def locate_live(state: dict[str, Any], settings: Settings | None = None) -> None:
    """Before a live run: geocode the request's location when the gazetteer does not know it.

    Sets ``location_point`` (used by ``location_place``) and, unless the request names a
    timezone, ``timezone`` and ``now`` in the place's timezone. States what it did.
    """
    ev = RunEvidence(state)
    name = str(ev.location_name or "").strip()
    if not name or location_place(state) is not None:
        return
    found = geocode(name, settings)
    if found is None:
        add_assumption(
            state, "location", f"{name} could not be located; travel from home is unknown"
        )
        return
    ev.record_location_point(found)
    where = ", ".join(p for p in (found["name"], found["admin1"], found["country_code"]) if p)
    add_assumption(state, "location", f"{name} located at {where} (Open-Meteo geocoding)")
    if request_of(state).timezone is None:
        ev.set_timezone(found["timezone"])
        if ev.now_text:
            moment = datetime.fromisoformat(ev.now_text)
            ev.set_now(moment.astimezone(ZoneInfo(found["timezone"])).isoformat())
