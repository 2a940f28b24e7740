"""Travel time between places, in whole minutes.

Two travel models share one interface (``TravelModel.minutes(origin, destination)``):

* ``CoordinateTravel`` estimates from coordinates: great-circle (haversine) distance ×
  a detour factor ÷ a mode speed, plus a fixed per-leg overhead, rounded up. The constants
  below are teaching estimates for an Australian city, not measurements: car 28 km/h door to
  door with a 1.3 detour factor and 5 min parking; transit 16 km/h, 1.4 detour, 8 min waiting;
  walking 4.8 km/h with a 1.25 detour factor.
* ``MatrixTravel`` reads an explicit minutes matrix (asymmetric allowed), e.g. a benchmark's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

EARTH_RADIUS_KM = 6371.0088
"""Mean Earth radius (IUGG), km."""

SPEED_KMH = {"car": 28.0, "transit": 16.0, "walk": 4.8}
DETOUR_FACTOR = {"car": 1.3, "transit": 1.4, "walk": 1.25}
OVERHEAD_MINUTES = {"car": 5, "transit": 8, "walk": 0}

Point = tuple[float, float]
"""(latitude, longitude) in WGS84 degrees."""


def haversine_km(a: Point, b: Point) -> float:
    """Great-circle distance between two (lat, lon) points in km."""
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
    one). Raises ``KeyError`` for an unknown mode.
    """
    if (float(a[0]), float(a[1])) == (float(b[0]), float(b[1])):
        return 0
    km = haversine_km(a, b)
    minutes = OVERHEAD_MINUTES[mode] + km * DETOUR_FACTOR[mode] / SPEED_KMH[mode] * 60
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
