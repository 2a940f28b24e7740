"""Travel time between places, in whole minutes.

Two travel models share one interface (``TravelModel.minutes(origin, destination)``):

* ``CoordinateTravel`` estimates from coordinates: great-circle (haversine) distance × a
  detour factor gives the road distance; a fixed per-leg overhead plus the road distance at
  the mode's speed gives the minutes, rounded up. By car, only the first ``LOCAL_ROAD_KM`` of
  road run at the local-road speed; the rest of a longer (suburban) leg runs at the speed of
  the state-controlled arterials and motorways it would use. The car figures are measured
  weekday *peak* averages, the slowest of the day, so a Saturday estimate errs long (an
  estimate is never more favourable than the measurement):

  - 28 km/h on local roads: Brisbane City Council's key corridors, weekday AM peak,
    July–December 2017 (Greater Brisbane Key Corridors Performance Report, July–December 2017,
    brisbane.qld.gov.au);
  - 39.88 km/h beyond ``LOCAL_ROAD_KM``: Transport and Main Roads' key corridors, weekday PM
    peak, July–December 2016, the lowest state-road average in those reports (2016: 41.01 AM,
    39.88 PM; 2017: 42 AM, 43 PM; January–June 2019: 42 AM, 42 PM);
  - detour factor 1.3, above the 1.2 that Newell (1980) found for urban road networks and the
    1.21–1.23 of O'Sullivan (1996), so road distance errs long too.

  ``LOCAL_ROAD_KM`` (10 km) and the 5 min of parking are our assumptions, not measurements: a
  leg under 10 km of road stays on local roads all the way. Transit (16 km/h, 1.4 detour,
  8 min waiting) and walking (4.8 km/h, 1.25 detour) are teaching estimates, one speed for
  the whole leg. Before this split every car leg ran at 28 km/h: the city centre to Daisy Hill
  (22.5 km as the crow flies) was 68 min; now it is 56 min.
* ``MatrixTravel`` reads an explicit minutes matrix (asymmetric allowed), e.g. a benchmark's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

EARTH_RADIUS_KM = 6371.0088
"""Mean Earth radius (IUGG), km."""

SPEED_KMH = {"car": 28.0, "transit": 16.0, "walk": 4.8}
DETOUR_FACTOR = {"car": 1.3, "transit": 1.4, "walk": 1.25}
OVERHEAD_MINUTES = {"car": 5, "transit": 8, "walk": 0}
ARTERIAL_SPEED_KMH = {"car": 39.88}
"""Speed beyond ``LOCAL_ROAD_KM`` of road, km/h (modes not listed keep ``SPEED_KMH``)."""
LOCAL_ROAD_KM = 10.0
"""Road kilometres of a leg run at the local-road speed before the arterial speed applies."""

Point = tuple[float, float]
"""(latitude, longitude) in WGS84 degrees."""


_DATA_POINTS: set[Point] = set()
"""Points of the bundled data (venues, gazetteer suburbs), registered by ``dayplan.data`` with
``register_data_points``: distances and estimates between two of them are kept for the
process (``_KEPT``); they are facts of the data, never of a request."""
_KEPT: dict[tuple, float | int] = {}
"""``(a, b)`` -> km and ``(a, b, mode)`` -> minutes, for pairs of data points only."""
_KEPT_MAX = 50_000
"""Entries ``_KEPT`` may hold (past it, results are computed and not kept)."""


def register_data_points(points: Iterable[Point]) -> None:
    """Register (lat, lon) points of the bundled data: ``haversine_km`` and
    ``estimate_minutes`` between two registered points are computed once per process (the
    same values, computed the same way). Never register a point a request supplied."""
    _DATA_POINTS.update((float(p[0]), float(p[1])) for p in points)


def _data_pair(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are both registered data points (tuples equal to one)."""
    return type(a) is tuple and type(b) is tuple and a in _DATA_POINTS and b in _DATA_POINTS


def haversine_km(a: Point, b: Point) -> float:
    """Great-circle distance between two (lat, lon) points in km."""
    if _data_pair(a, b):
        key = (a, b)
        got = _KEPT.get(key)
        if got is None:
            got = _haversine_km(a, b)
            if len(_KEPT) < _KEPT_MAX:
                _KEPT[key] = got
        return got
    return _haversine_km(a, b)


def _haversine_km(a: Point, b: Point) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def estimate_minutes(a: Point, b: Point, mode: str) -> int:
    """Estimated door-to-door minutes from ``a`` to ``b`` by ``mode`` (car, transit, walk).

    0 only for the very same coordinates; two distinct points are never less than 1 minute
    apart (the estimate is rounded up, so "next door" is still a 1-minute leg, never a free
    one). Raises ``KeyError`` for an unknown mode. Kept for the process between two
    registered data points (``register_data_points``).
    """
    if type(mode) is str and _data_pair(a, b):
        key = (a, b, mode)
        got = _KEPT.get(key)
        if got is None:
            got = _estimate_minutes(a, b, mode)
            if len(_KEPT) < _KEPT_MAX:
                _KEPT[key] = got
        return got  # type: ignore[return-value]
    return _estimate_minutes(a, b, mode)


def _estimate_minutes(a: Point, b: Point, mode: str) -> int:
    if (float(a[0]), float(a[1])) == (float(b[0]), float(b[1])):
        return 0
    road = _haversine_km(a, b) * DETOUR_FACTOR[mode]
    local = min(road, LOCAL_ROAD_KM)
    fast = ARTERIAL_SPEED_KMH.get(mode, SPEED_KMH[mode])
    minutes = OVERHEAD_MINUTES[mode] + local / SPEED_KMH[mode] * 60 + (road - local) / fast * 60
    return max(1, int(math.ceil(minutes)))


class TravelModel(Protocol):
    """Anything that answers minutes from one place id to another (``KeyError`` if unknown)."""

    mode: str

    def minutes(self, origin: str, destination: str) -> int: ...


@dataclass
class CoordinateTravel:
    """Minutes estimated from coordinates; ``points`` maps place id -> (lat, lon)."""

    points: Mapping[str, Point]
    mode: str = "car"
    estimated: bool = True
    _cache: dict[tuple[str, str], int] = field(default_factory=dict, repr=False)

    def minutes(self, origin: str, destination: str) -> int:
        """Minutes from ``origin`` to ``destination``; ``KeyError`` for an unknown place id."""
        if origin == destination:
            return 0
        key = (origin, destination)
        if key not in self._cache:
            self._cache[key] = estimate_minutes(
                self.points[origin], self.points[destination], self.mode
            )
        return self._cache[key]


@dataclass
class MatrixTravel:
    """Minutes read from ``matrix[origin][destination]`` (asymmetric allowed, 0 on the diagonal)."""

    matrix: Mapping[str, Mapping[str, int]]
    mode: str = "car"
    estimated: bool = False

    def minutes(self, origin: str, destination: str) -> int:
        """Minutes from ``origin`` to ``destination``; ``KeyError`` when the matrix lacks the pair."""
        if origin == destination:
            return 0
        return int(self.matrix[origin][destination])
