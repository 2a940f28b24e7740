"""Drive estimates for suburban legs (issue 13, day shape): the first ``LOCAL_ROAD_KM`` of road
at the local-road speed, the rest at the state-road speed, both measured weekday peak averages
(``dayplan.core.travel``'s docstring gives the sources)."""

from __future__ import annotations

import math

import pytest

from dayplan.core import travel
from dayplan.core.travel import estimate_minutes, haversine_km
from dayplan.data import venues as catalogue

CITY = (-27.469, 153.0235)  # gazetteer centre of Brisbane City
DAISY_HILL = (-27.632, 153.158)  # Daisy Hill Koala Centre
NEW_FARM_LIBRARY = (-27.4675, 153.0513)


def _one_speed(a, b, mode="car"):
    """The estimate before the split: every kilometre at ``SPEED_KMH``."""
    km = haversine_km(a, b)
    return max(
        1,
        math.ceil(
            travel.OVERHEAD_MINUTES[mode]
            + km * travel.DETOUR_FACTOR[mode] / travel.SPEED_KMH[mode] * 60
        ),
    )


def test_city_to_daisy_hill_is_56_minutes_not_68():
    assert round(haversine_km(CITY, DAISY_HILL), 1) == 22.5
    assert _one_speed(CITY, DAISY_HILL) == 68  # the estimate a parent found too long
    # 29.2 km of road: 10 km at 28 km/h (21.4 min) + 19.2 km at 39.88 km/h (28.9 min) + 5 parking
    assert estimate_minutes(CITY, DAISY_HILL, "car") == 56


def test_a_leg_under_ten_km_of_road_is_unchanged():
    assert haversine_km(CITY, NEW_FARM_LIBRARY) * 1.3 < travel.LOCAL_ROAD_KM
    assert estimate_minutes(CITY, NEW_FARM_LIBRARY, "car") == _one_speed(CITY, NEW_FARM_LIBRARY)
    assert estimate_minutes(CITY, NEW_FARM_LIBRARY, "car") == 13


@pytest.mark.parametrize("mode", ["walk", "transit"])
def test_walking_and_transit_keep_one_speed(mode):
    assert estimate_minutes(CITY, DAISY_HILL, mode) == _one_speed(CITY, DAISY_HILL, mode)


def test_no_car_leg_is_faster_than_the_measured_state_road_average():
    """Conservative: the estimate's average road speed never beats 39.88 km/h, whatever the
    distance, and it grows with distance without a jump at the 10 km boundary."""
    venues = list(catalogue())
    seen = 0
    for a in venues:
        for b in venues:
            if a.id >= b.id:
                continue
            minutes = estimate_minutes(a.point, b.point, "car")
            road_km = haversine_km(a.point, b.point) * travel.DETOUR_FACTOR["car"]
            assert road_km / (minutes / 60) <= travel.ARTERIAL_SPEED_KMH["car"]
            assert 1 <= minutes <= _one_speed(a.point, b.point)
            seen += 1
    assert seen > 1000
    lat = CITY[0]
    previous = estimate_minutes(CITY, (lat, CITY[1] + 1e-4), "car")
    for step in range(1, 400):  # 0 to 40 km due east, 100 m apart
        point = (lat, CITY[1] + step * 0.1 / (111.32 * math.cos(math.radians(lat))))
        minutes = estimate_minutes(CITY, point, "car")
        assert minutes >= previous and minutes - previous <= 1
        previous = minutes


def test_kept_estimates_between_data_points_are_the_computed_ones():
    """Distances and estimates between registered data points are kept for the process: the
    kept values are exactly what the computation gives, for every mode, in both directions."""
    from dayplan import data
    from dayplan.core import travel

    points = [v.point for v in data.venues()[:12]]
    points += [(s["lat"], s["lon"]) for s in data.gazetteer()["suburbs"][:6]]
    for a in points:
        for b in points:
            assert travel._data_pair(a, b)
            assert travel.haversine_km(a, b) == travel._haversine_km(a, b)
            for mode in ("car", "transit", "walk"):
                first = travel.estimate_minutes(a, b, mode)
                assert first == travel._estimate_minutes(a, b, mode)
                assert travel.estimate_minutes(a, b, mode) == first  # the kept value
    outside = (-33.86, 151.21)  # a point no data file holds: computed, never kept
    assert not travel._data_pair(points[0], outside)
    before = len(travel._KEPT)
    travel.estimate_minutes(points[0], outside, "car")
    assert len(travel._KEPT) == before
