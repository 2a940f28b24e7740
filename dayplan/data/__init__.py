"""Offline snapshots shipped with the package: venues, a suburb gazetteer, forecast fixtures.

Every fact here is an offline teaching snapshot (see each file's ``as_of`` and ``note``), never
live data; sources built from it say ``kind: offline_snapshot``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from dayplan.core.catalog import Venue, venue_from_dict
from dayplan.core.travel import register_data_points


def _read_json(*parts: str) -> Any:
    node = resources.files(__name__)
    for part in parts:
        node = node.joinpath(part)
    return json.loads(node.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def venue_snapshot() -> dict[str, Any]:
    """The raw ``venues.json`` document: ``{as_of, timezone, country, currency, note, venues: [...]}``."""
    return _read_json("venues.json")


@lru_cache(maxsize=1)
def venues() -> tuple[Venue, ...]:
    """All snapshot venues as ``Venue`` records (prices in the snapshot's currency, AUD; the
    snapshot's country, subdivision and timezone unless a venue says otherwise)."""
    snap = venue_snapshot()
    where = {k: snap.get(k) for k in ("country", "subdivision", "timezone")}
    out = tuple(
        venue_from_dict({**where, **v}, snap.get("currency", "AUD")) for v in snap["venues"]
    )
    register_data_points(v.point for v in out)  # distances between data points: kept
    return out


@lru_cache(maxsize=1)
def gazetteer() -> dict[str, Any]:
    """The raw ``gazetteer.json``: ``{city, timezone, aliases, areas, outside, suburbs: [{name,
    lat, lon, postcode}]}``; ``outside`` maps names of places outside the catalogue's city
    ("surfers paradise", "noosa", "sydney") to their canonical names: no coordinates, only a
    place the reader knows the offline catalogue has nothing for."""
    doc = _read_json("gazetteer.json")
    register_data_points((s["lat"], s["lon"]) for s in doc.get("suburbs", []))
    return doc


def forecast_fixture(name: str = "brisbane_2026-12.json") -> dict[str, Any]:
    """An offline forecast fixture shaped like the Open-Meteo hourly API response."""
    return _read_json("forecast", name)


@lru_cache(maxsize=1)
def river_outline() -> dict[str, Any]:
    """``brisbane_river.geojson``: a SIMPLIFIED, hand-drawn centreline of the Brisbane River
    (GeoJSON ``[lon, lat]``, good to a few hundred metres; its ``note`` and ``source`` say how it
    was made). For orientation on the offline map only, never for travel or distances."""
    return _read_json("brisbane_river.geojson")


def recording(name: str = "wet_weather_family") -> str:
    """The folder of a bundled live-run recording (``--model replay:<folder>``).

    ``wet_weather_family`` was made by ``scripts/record_wet_weather.py``: the CLI's live run
    recorded with ``--record``, with Gemini's HTTP answers in the real wire format supplied by
    the recorded-shape fixtures (``tests/live_shapes.py``), not by a real model.
    """
    return str(resources.files("dayplan.data").joinpath("recordings", name))
