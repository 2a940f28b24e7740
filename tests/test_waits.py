"""Every wait longer than 20 minutes between two stops is stated with the reason code found
for it (issue 13, day shape): an opening time, rain, a blocked window, the meal break, a food
venue timed to be the meal — or, when none applies, that no constraint requires it."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.core.checker import BlockedWindow, Constraints, ProposedStop, check_plan
from dayplan.core.waits import waits
from dayplan.service.run import run_plan
from tests.problems import matrix_travel, venue

SAT = date(2026, 12, 5)


def _stop(vid: str, start: str, end: str) -> ProposedStop:
    h = lambda t: int(t[:2]) * 60 + int(t[3:])  # noqa: E731
    return ProposedStop(h(start), h(end), venue_id=vid)


def _waits(venues, stops, **c):
    found = {v.id: v for v in venues}
    constraints = Constraints(day=SAT, **c)
    result = check_plan(stops, constraints, found, matrix_travel(list(found)))
    assert result.ok, result.failures
    return waits(result, constraints, found)


def test_a_venue_that_opens_later_is_the_reason():
    (w,) = _waits(
        [venue("a"), venue("zoo", name="Lone Pine", opening_hours="Mo-Su 11:00-17:00")],
        [_stop("a", "09:10", "10:10"), _stop("zoo", "11:00", "12:00")],
    )
    assert (w.minutes, w.leg, w.reasons) == (40, 10, (("opens", "Lone Pine opens at 11:00"),))
    assert w.text() == (
        "Wait 40 min between A (ends 10:10) and Lone Pine (starts 11:00, a 10-min leg): "
        "Lone Pine opens at 11:00"
    )


def test_rain_over_an_outdoor_venue_is_the_reason():
    (w,) = _waits(
        [venue("a"), venue("park", name="Park", indoor=False)],
        [_stop("a", "09:10", "10:10"), _stop("park", "11:00", "12:00")],
        rain=((10 * 60, 11 * 60),),
    )
    assert w.reasons == (("rain", "Park is outdoors and rain is expected until 11:00"),)


def test_a_pause_waited_through_is_the_reason():
    (w,) = _waits(
        [venue("a"), venue("b")],
        [_stop("a", "09:10", "10:10"), _stop("b", "11:10", "12:10")],
        blocked=(BlockedWindow(10 * 60 + 20, 11 * 60, "nap in the pram"),),
    )
    assert w.minutes == 50
    assert [code for code, _ in w.reasons] == ["blocked"]
    assert "nap in the pram 10:20–11:00 is blocked" in w.text()


def test_an_appointment_in_between_is_time_at_home_not_a_wait():
    """An away appointment ("swim lesson") is counted at home: the leg before it goes home,
    the next leg leaves home at its end, so the gap is no wait."""
    assert (
        _waits(
            [venue("a"), venue("b")],
            [_stop("a", "09:10", "10:10"), _stop("b", "11:30", "12:30")],
            blocked=(BlockedWindow(10 * 60 + 20, 11 * 60, "swim lesson"),),
        )
        == []
    )


def test_the_meal_break_is_stated_as_a_meal_break():
    (w,) = _waits(
        [venue("a"), venue("b")],
        [_stop("a", "09:10", "11:30"), _stop("b", "12:25", "13:25")],
    )
    assert w.is_meal_break and w.minutes == 45
    assert w.text() == (
        "Meal break: 45 min free between A (ends 11:30) and B (starts 12:25, a 10-min leg), "
        "inside lunch 11:30–14:00"
    )


def test_a_long_wait_before_lunch_says_lunch_starts_at_half_past_eleven():
    (w,) = _waits(
        [venue("a"), venue("b")],
        [_stop("a", "09:10", "11:00"), _stop("b", "12:25", "13:25")],
    )
    assert w.minutes == 75 and not w.is_meal_break
    assert w.text().endswith(
        "it holds the day's meal break, 45 min inside lunch 11:30–14:00 "
        "(lunch starts no earlier than 11:30)"
    )


def test_a_food_venue_timed_to_be_the_meal_is_the_reason():
    cafe = venue("cafe", name="Cafe", kind="cafe", min_minutes=45, typical_minutes=45)
    (w,) = _waits(
        [venue("a"), cafe], [_stop("a", "09:10", "10:35"), _stop("cafe", "11:15", "12:00")]
    )
    assert w.reasons == (
        (
            "meal_venue",
            "Cafe is the day's meal, so it starts at 11:15 to overlap lunch 11:30–14:00 by 30 min",
        ),
    )


def test_a_wait_no_constraint_requires_is_said_so():
    (w,) = _waits(
        [venue("a"), venue("b")],
        [_stop("a", "09:10", "10:10"), _stop("b", "10:50", "11:50")],
    )
    assert (w.minutes, w.reasons) == (30, ())
    assert w.text().endswith(": no opening time, rain, blocked window or meal break requires it")


@pytest.mark.parametrize("gap", [0, 10, 20])
def test_twenty_minutes_or_less_is_no_wait(gap):
    start = 10 * 60 + 20 + gap
    stop = ProposedStop(start, start + 60, venue_id="b")
    assert _waits([venue("a"), venue("b")], [_stop("a", "09:10", "10:10"), stop]) == []


def test_time_at_home_between_stops_is_no_wait():
    found = [venue("a"), venue("b")]
    assert (
        _waits(
            found,
            [_stop("a", "09:10", "10:10"), _stop("b", "12:10", "13:10")],
            blocked=(BlockedWindow(10 * 60 + 30, 11 * 60 + 50, "nap", at_home=True),),
        )
        == []
    )


def test_the_koala_day_takes_its_meal_on_arrival_and_says_so():
    """The day from the second review: Daisy Hill (outdoors) ends at 11:00 when the rain
    starts. It used to wait there until lunch may start (11:30), eat, then drive: 75 idle
    minutes. The meal break is now taken on arrival, and the report states it."""
    report = asyncio.run(
        run_plan(
            PlanRequest(
                text="Saturday in Brisbane, 2 adults 2 kids, must see koalas, home by 5",
                now="2026-11-29T09:00:00+10:00",
            )
        )
    ).report
    assert report is not None and report.status == "complete"
    stops = [(s.name, s.start, s.end, s.travel_in.minutes) for s in report.plan.stops]
    assert stops == [
        ("Daisy Hill Koala Centre", "10:00", "11:00", 56),  # 68 min at 28 km/h all the way
        ("Queensland Museum Kurilpa", "12:41", "14:41", 56),  # was 13:11: 11:56 + 45 min meal
    ]
    said = [a for a in report.assumptions if a.startswith(("Wait ", "Meal break"))]
    assert said == [
        "Meal break: 45 min free between Daisy Hill Koala Centre (ends 11:00) and Queensland "
        "Museum Kurilpa (starts 12:41, a 56-min leg), inside lunch 11:30–14:00"
    ]


def test_the_scheduler_takes_the_meal_on_arrival_rather_than_waiting_for_lunch():
    """An outdoor stop ends at 11:00 (rain); the next is 56 min away. Waiting for 11:30 to eat
    before the drive starts the next visit at 13:11; eating on arrival starts it at 12:41."""
    from dayplan.core.dayshape import Visit, has_meal_break
    from dayplan.core.scheduler import Pick, arrange

    found = {
        "park": venue("park", kind="park", indoor=False, opening_hours="Mo-Su 10:00-16:00"),
        "museum": venue("museum", min_minutes=60, typical_minutes=60),
    }
    travel = matrix_travel(list(found), {("park", "museum"): 56, ("museum", "park"): 56})
    c = Constraints(day=SAT, rain=((11 * 60, 15 * 60),))
    out = arrange([Pick("park", must=True), Pick("museum")], found, c, travel, day_shape=True)
    assert out.ok and out.solution.meal
    assert [(s.venue_id, s.start, s.end) for s in out.solution.stops] == [
        ("park", 10 * 60, 11 * 60),
        ("museum", 12 * 60 + 41, 13 * 60 + 41),
    ]
    visits = [Visit(s.start, s.end, s.travel_in) for s in out.check.stops]
    assert has_meal_break(visits, out.check.home_by, out.check.travel_home)
    (w,) = waits(out.check, c, found)
    assert w.is_meal_break and w.minutes == 45
