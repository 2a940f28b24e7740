from datetime import date

import pytest

from dayplan import data
from dayplan.core.catalog import Venue, search_venues
from dayplan.core.checker import HOME, BlockedWindow, Constraints, ProposedStop, check_plan
from dayplan.core.dates import DateResolutionError, resolve_date
from dayplan.core.hours import OpeningHoursError, open_intervals
from dayplan.core.travel import CoordinateTravel, MatrixTravel, estimate_minutes, haversine_km

SAT = date(2026, 12, 5)


def venue(
    vid,
    *,
    indoor=True,
    hours="Mo-Su 09:00-17:00",
    adult=10.0,
    child=5.0,
    lat=-27.47,
    lon=153.02,
    min_minutes=30,
    typical=60,
):
    return Venue(
        vid, vid.title(), "museum", "X", lat, lon, hours, adult, child, indoor, typical, min_minutes
    )


VENUES = {
    "inside": venue("inside"),
    "park": venue("park", indoor=False, adult=0, child=0, lat=-27.48),
    "late": venue("late", hours="Mo-Su 12:00-14:00"),
    "far": venue("far", lat=-27.70, lon=152.90),
}
POINTS = {vid: v.point for vid, v in VENUES.items()} | {HOME: (-27.47, 153.025)}


def constraints(**kw):
    base = dict(
        day=SAT,
        window=(540, 1020),
        blocked=(BlockedWindow(780, 840, "nap"),),
        rain=((660, 900),),
        budget=100.0,
        adults=2,
        children=2,
        max_leg_minutes=30,
    )
    base.update(kw)
    return Constraints(**base)


def run(stops, **kw):
    return check_plan(stops, constraints(**kw), VENUES, CoordinateTravel(POINTS, "car"))


def test_a_good_plan_passes_with_totals():
    result = run([ProposedStop(560, 640, "inside"), ProposedStop(900, 960, "park")])
    assert result.ok, result.failures
    assert result.total_cost == 2 * 10 + 2 * 5
    assert result.home_by == 960 + result.travel_home
    assert result.travel_minutes == sum(s.travel_in for s in result.stops) + result.travel_home


@pytest.mark.parametrize(
    "stops, code",
    [
        ([ProposedStop(700, 760, "park")], "outdoor_in_rain"),
        ([ProposedStop(790, 850, "inside")], "overlaps_blocked"),
        ([ProposedStop(600, 700, "late")], "closed"),
        ([ProposedStop(560, 600, "far")], "leg_over_cap"),
        ([ProposedStop(560, 570, "inside")], "below_min_duration"),
        ([ProposedStop(960, 1015, "inside")], "home_after_deadline"),
        ([ProposedStop(560, 640, "inside"), ProposedStop(620, 700, "inside")], "overlap"),
        ([ProposedStop(500, 560, "inside")], "outside_window"),
        ([ProposedStop(560, 600, "nowhere")], "unknown_venue"),
        ([], "no_candidates"),
    ],
)
def test_each_failure_code(stops, code):
    result = run(stops)
    assert not result.ok
    assert code in result.codes


def test_over_budget_names_the_numbers():
    result = run([ProposedStop(560, 640, "inside")], budget=20.0)
    (failure,) = [f for f in result.failures if f.code == "over_budget"]
    assert failure.values == {"cost": 30.0, "budget": 20.0, "venues": "inside"}
    assert "AUD 30" in failure.detail and "AUD 20" in failure.detail
    assert "(Inside: 2×10.00 + 2×5.00 = AUD 30)" in failure.detail  # what costs the total
    assert failure.venue_id == "inside"


def test_window_too_short_for_must_do_activities():
    stops = [
        ProposedStop(540, 600, activity="swim", min_minutes=60),
        ProposedStop(600, 660, activity="party", min_minutes=60),
    ]
    result = run(stops, window=(540, 570), blocked=())
    failure = next(f for f in result.failures if f.code == "window_too_short")
    assert failure.detail.startswith("window 30 min < 2 × 60 min of must-do activities")
    assert failure.values == {"available_minutes": 30, "needed_minutes": 120}


def test_home_after_deadline_detail():
    result = run([ProposedStop(960, 1015, "inside")])
    failure = next(f for f in result.failures if f.code == "home_after_deadline")
    assert failure.detail == f"home at {failure.values['home_at']}, deadline 17:00"


def test_opening_hours_via_library():
    assert open_intervals("Mo-Fr 10:00-17:00; Sa,Su 09:00-16:00", SAT) == ((540, 960),)
    assert open_intervals("Mo-Fr 10:00-17:00", SAT) == ()
    assert open_intervals("24/7", SAT) == ((0, 1440),)
    assert open_intervals("Sa 06:00-12:00,13:00-14:00", SAT) == ((360, 720), (780, 840))
    with pytest.raises(OpeningHoursError):
        open_intervals("not hours", SAT)


def test_christmas_is_closed_when_the_hours_say_so():
    assert open_intervals("Mo-Su 09:30-17:00; Dec 25 off", date(2026, 12, 25)) == ()


def test_travel_estimates():
    a, b = (-27.4698, 153.0251), (-27.4810, 153.0200)
    assert 1.0 < haversine_km(a, b) < 1.6
    assert estimate_minutes(a, a, "car") == 0
    assert estimate_minutes(a, b, "walk") > estimate_minutes(a, b, "car")
    matrix = MatrixTravel({"x": {"y": 7}, "y": {"x": 9}})
    assert (matrix.minutes("x", "y"), matrix.minutes("y", "x"), matrix.minutes("x", "x")) == (
        7,
        9,
        0,
    )


@pytest.mark.parametrize(
    "text, expected, says",
    [
        ("Saturday", date(2026, 12, 5), "Saturday resolved to 2026-12-05"),
        ("sunday", date(2026, 11, 29), "(today)"),
        ("next Sunday", date(2026, 12, 6), "2026-12-06"),
        ("tomorrow", date(2026, 11, 30), "Monday"),
        ("2026-12-24", date(2026, 12, 24), "as given"),
    ],
)
def test_dates(text, expected, says):
    day, assumption = resolve_date(text, date(2026, 11, 29))
    assert day == expected and says in assumption


@pytest.mark.parametrize("bad", ["", "someday", "2026-02-30", "2025-01-01"])
def test_bad_dates(bad):
    with pytest.raises(DateResolutionError):
        resolve_date(bad, date(2026, 11, 29))


def test_catalog_search_ranks_and_filters():
    hits = search_venues(data.venues(), "museums", indoor_only=True, limit=5)
    assert hits and all(h.venue.indoor for h in hits)
    assert all("museum" in h.venue.tags or h.venue.kind == "museum" for h in hits)
    assert search_venues(data.venues(), "zzz nothing") == []
