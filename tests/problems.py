"""Builders for scheduler and checker problems, shared by the core tests: a venue record with
every field a default, and a travel matrix over home and venue ids (minutes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dayplan.core.catalog import Venue
from dayplan.core.checker import HOME
from dayplan.core.travel import MatrixTravel

BASE_VENUE = {
    "suburb": "X",
    "lat": -27.47,
    "lon": 153.02,
    "opening_hours": "Mo-Su 09:00-17:00",
    "price_adult": 0.0,
    "price_child": 0.0,
    "indoor": True,
    "typical_minutes": 60,
    "min_minutes": 60,
}
"""What every built venue has unless the test says otherwise."""

QLD = {"country": "AU", "subdivision": "QLD", "timezone": "Australia/Brisbane"}
"""A venue's own calendar and timezone (holidays and sun times evaluated in Queensland)."""


def venue(vid: str, **kw) -> Venue:
    """A museum named after ``vid`` ("lone-pine" -> "Lone Pine") open 09:00–17:00 every day,
    free, indoors, 60 minutes (typical and minimum); ``kw`` overrides any field."""
    name = vid.replace("-", " ").title()
    return Venue(**{"id": vid, "name": name, "kind": "museum", **BASE_VENUE, **kw})


def matrix_travel(ids: Sequence[str], minutes: int | Mapping = 10) -> MatrixTravel:
    """Legs between ``HOME`` and every id in ``ids``: ``minutes`` for all of them, or a mapping
    ``{(origin, destination): minutes}`` with 10 for the pairs it does not name."""
    places = [HOME, *ids]
    get = minutes.get if isinstance(minutes, Mapping) else (lambda _k, _d=None: minutes)
    return MatrixTravel({a: {b: get((a, b), 10) for b in places if b != a} for a in places})


def catalogue_travel(ids: Sequence[str], home_at: str):
    """Travel by car between the bundled catalogue's venues ``ids`` and a home at the venue
    ``home_at``'s point (``CoordinateTravel``: the planner's own estimate, minutes)."""
    from dayplan import data
    from dayplan.core.travel import CoordinateTravel

    catalogue = {v.id: v for v in data.venues()}
    points = {i: catalogue[i].point for i in ids}
    points[HOME] = catalogue[home_at].point
    return CoordinateTravel(points, "car")
