"""Issue 13, core: unknowns never pass, holidays, hours that prove nothing, DST, blocked legs,
at-home windows, and the day-shape terms of the exact scheduler (brute force included)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dayplan import data
from dayplan.core.catalog import Venue
from dayplan.core.checker import HOME, BlockedWindow, Constraints, ProposedStop, check_plan
from dayplan.core.clock import LocalDay
from dayplan.core.dayshape import (
    LUNCH,
    Visit,
    asked_repeats,
    has_meal_break,
    repeated_kinds,
    spans_lunch,
)
from dayplan.core.hours import venue_hours
from dayplan.core.places import find_place_in_text, resolve_place
from dayplan.core.scheduler import Pick, arrange
from dayplan.core.travel import CoordinateTravel, MatrixTravel
from tests import problems

SAT = date(2026, 12, 5)
PROPERTY = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)


def venue(vid: str, **kw) -> Venue:
    """``tests.problems.venue`` of kind ``vid`` with its own Queensland calendar and timezone."""
    return problems.venue(vid, **{"kind": vid, **problems.QLD, **kw})


legs = problems.matrix_travel


# ------------------------------------------------------------------ 1. places


@pytest.mark.parametrize(
    "text, name",
    [
        ("Chermside:", "Chermside"),
        ("New Farm.", "New Farm"),
        ("st. lucia", "St Lucia"),
        ("Paddington, Brisbane", "Paddington"),
        ("Wynnum, Brisbane QLD 4178", "Wynnum"),
        ("4101", "South Brisbane"),
        ("  the valley ", "Fortitude Valley"),
        ("Mt. Coot-tha", "Mount Coot-tha"),
        ("WEST END!", "West End"),
        ("Brisbane, Queensland, Australia", "Brisbane City"),
    ],
)
def test_place_names_resolve_through_punctuation_aliases_and_postcodes(text, name):
    place = resolve_place(text, data.gazetteer())
    assert place is not None and place.name == name


@pytest.mark.parametrize("text", ["Sydney", "Chermsidee", "", "!!!", "4999", "New"])
def test_unknown_places_stay_unknown(text):
    assert resolve_place(text, data.gazetteer()) is None


def test_places_are_found_in_messy_text():
    gaz = data.gazetteer()
    assert find_place_in_text("we're in Chermside: 2 kids, back by 3", gaz).name == "Chermside"
    assert find_place_in_text("From New Farm. Home by four", gaz).name == "New Farm"


# ------------------------------------------------------------------ 2. unknown locations


def test_a_home_without_coordinates_is_unknown_location_never_zero_minutes():
    v = venue("museum")
    travel = CoordinateTravel({"museum": v.point})  # no HOME point
    result = check_plan([ProposedStop(600, 660, "museum")], Constraints(SAT), {"museum": v}, travel)
    assert not result.ok
    codes = result.codes
    assert codes.count("unknown_location") == 2  # the leg out and the leg home
    assert "home" in result.failures[0].detail and "never counted as 0" in result.failures[0].detail


def test_the_scheduler_never_plans_a_leg_it_cannot_measure():
    v = venue("museum")
    travel = CoordinateTravel({"museum": v.point})
    out = arrange([Pick("museum")], {"museum": v}, Constraints(SAT), travel)
    assert not out.ok
    assert "unknown_location" in [f.code for f in out.proof.failures]
    assert out.proof.conflict and "no coordinates for home" in out.proof.conflict[0]


@st.composite
def coordinate_instances(draw):
    n = draw(st.integers(1, 4))
    ids = [f"v{i}" for i in range(n)]
    venues = {
        vid: venue(
            vid,
            kind=draw(st.sampled_from(("museum", "park", "cafe", "pool"))),
            lat=-27.47 + draw(st.integers(-60, 60)) / 1000,
            lon=153.02 + draw(st.integers(-60, 60)) / 1000,
            min_minutes=draw(st.sampled_from((30, 60))),
            typical_minutes=90,
            tags=("food",) if draw(st.booleans()) else (),
        )
        for vid in ids
    }
    points = {vid: v.point for vid, v in venues.items()}
    if draw(st.booleans()):
        points[HOME] = (-27.47 + draw(st.integers(-60, 60)) / 1000, 153.02)
    blocked = ()
    if draw(st.booleans()):
        b0 = draw(st.integers(10 * 60, 14 * 60))
        blocked = (BlockedWindow(b0, b0 + 60, "nap", at_home=draw(st.booleans())),)
    c = Constraints(SAT, window=(9 * 60, 17 * 60), blocked=blocked)
    return venues, c, CoordinateTravel(points), [Pick(v) for v in ids]


@PROPERTY
@given(coordinate_instances())
def test_no_served_plan_has_a_zero_minute_leg_between_two_different_points(inst):
    venues, c, travel, picks = inst
    out = arrange(picks, venues, c, travel, day_shape=True)
    if not out.ok:
        if HOME not in travel.points:
            assert "unknown_location" in [f.code for f in out.check.failures]
        return
    assert HOME in travel.points
    place = travel.points[HOME]
    for stop in out.check.stops:
        there = venues[stop.venue_id].point
        if stop.travel_in == 0:
            assert tuple(there) == tuple(place), stop
        place = there
    if out.check.travel_home == 0:
        assert tuple(place) == tuple(travel.points[HOME])


@pytest.mark.parametrize("mode", ["car", "transit", "walk"])
def test_two_distinct_points_are_never_a_zero_minute_leg(mode):
    from dayplan.core.travel import estimate_minutes

    city_hall = (-27.4689, 153.0235)
    # about 20 m apart (the assumed Brisbane home and City Hall), and 1 m apart
    assert estimate_minutes(city_hall, (-27.4690, 153.0237), mode) >= 1
    assert estimate_minutes(city_hall, (-27.46891, 153.0235), mode) == 1 or mode != "walk"
    assert estimate_minutes(city_hall, city_hall, mode) == 0


# ------------------------------------------------------------------ 3. public holidays

HOLIDAYS = [
    (date(2026, 12, 26), "Boxing Day"),  # a Saturday
    (date(2027, 12, 25), "Christmas Day"),  # a Saturday
    (date(2027, 3, 27), "Easter Saturday"),
    (date(2026, 5, 4), "Labor Day"),  # Queensland's Labour Day, python-holidays' spelling
    (date(2026, 8, 12), "The Royal Queensland Show"),  # the Ekka Wednesday, Brisbane
]


@pytest.mark.parametrize("day, name", HOLIDAYS)
def test_ph_off_venues_are_closed_on_queensland_holidays(day, name):
    v = venue("gallery", opening_hours="Mo-Su 10:00-16:00; PH off")
    c = Constraints(day, window=(9 * 60, 17 * 60), subdivision="QLD")
    result = check_plan([ProposedStop(600, 660, "gallery")], c, {"gallery": v}, legs(["gallery"]))
    closed = [f for f in result.failures if f.code == "closed"]
    assert closed and f"{name} (public holiday)" in closed[0].detail
    assert closed[0].values["holiday"] == name


@pytest.mark.parametrize("day, name", HOLIDAYS)
def test_ph_hours_apply_on_queensland_holidays(day, name):
    v = venue("library", opening_hours="Mo-Su 09:00-17:00; PH 10:00-14:00")
    assert venue_hours(v.opening_hours, day, "AU", "QLD").intervals == ((600, 840),)
    c = Constraints(day, subdivision="QLD")
    ok = check_plan([ProposedStop(600, 660, "library")], c, {"library": v}, legs(["library"]))
    late = check_plan([ProposedStop(840, 900, "library")], c, {"library": v}, legs(["library"]))
    assert ok.ok and "closed" in late.codes


def test_an_ordinary_saturday_is_not_a_holiday():
    assert venue_hours("Mo-Su 09:00-17:00; PH 10:00-14:00", SAT, "AU", "QLD").intervals == (
        (540, 1020),
    )


def test_the_calendar_follows_the_venues_country_not_a_fixed_au():
    # 26 December 2026 is a holiday in Queensland, not in the United States
    v_us = venue(
        "museum", opening_hours="Mo-Su 10:00-16:00; PH off", country="US", subdivision=None
    )
    c = Constraints(date(2026, 12, 26))
    out = check_plan([ProposedStop(600, 660, "museum")], c, {"museum": v_us}, legs(["museum"]))
    assert out.ok
    # 4 July is a US holiday and not an Australian one
    day = date(2026, 7, 4)
    assert venue_hours(v_us.opening_hours, day, "US").intervals == ()
    assert venue_hours(v_us.opening_hours, day, "AU", "QLD").intervals == ((600, 960),)


def test_snapshot_venues_carry_their_calendar():
    v = next(v for v in data.venues() if v.id == "new-farm-library")
    assert (v.country, v.subdivision, v.timezone) == ("AU", "QLD", "Australia/Brisbane")


# ------------------------------------------------------------------ 4. hours that prove nothing


@pytest.mark.parametrize(
    "hours, reason",
    [
        ('"by appointment"', "only say"),
        ('"call ahead"; "weekends only"', "only say"),
        ("unknown", "marked unknown"),
        ("Mo-Su 09:00-17:00 unknown", "marked unknown"),
        ("open when the sun shines", "not valid"),
    ],
)
def test_hours_that_prove_nothing_never_pass(hours, reason):
    v = venue("gallery", opening_hours=hours)
    result = check_plan(
        [ProposedStop(600, 660, "gallery")], Constraints(SAT), {"gallery": v}, legs(["gallery"])
    )
    closed = [f for f in result.failures if f.code == "closed"]
    assert (
        closed and reason in closed[0].detail and "cannot be shown to be open" in closed[0].detail
    )
    assert not arrange([Pick("gallery")], {"gallery": v}, Constraints(SAT), legs(["gallery"])).ok


def test_sunset_is_evaluated_at_the_venue_in_its_timezone():
    london = venue(
        "park",
        opening_hours="sunrise-sunset",
        lat=51.5074,
        lon=-0.1278,
        country="GB",
        subdivision=None,
        timezone="Europe/London",
    )
    hours = venue_hours(
        london.opening_hours, date(2026, 12, 15), "GB", None, "Europe/London", london.point
    )
    assert hours.intervals[0][1] in range(15 * 60 + 49, 15 * 60 + 55)  # sunset about 15:52
    c = Constraints(date(2026, 12, 15), window=(9 * 60, 18 * 60), timezone="Europe/London")
    late = check_plan(
        [ProposedStop(16 * 60 + 30, 17 * 60, "park")], c, {"park": london}, legs(["park"])
    )
    assert "closed" in late.codes
    # and without coordinates sun times cannot be known
    assert venue_hours("sunrise-sunset", date(2026, 12, 15), "GB").unknown


# ------------------------------------------------------------------ 5. daylight saving


def test_a_window_end_that_does_not_exist_is_a_clear_failure():
    # Europe/London, 29 March 2026: 01:00 -> 02:00
    c = Constraints(date(2026, 3, 29), window=(0, 90), timezone="Europe/London")
    v = venue("cafe", opening_hours="24/7", min_minutes=15, typical_minutes=15)
    result = check_plan([ProposedStop(20, 40, "cafe")], c, {"cafe": v}, legs(["cafe"], 5))
    assert any(
        f.code == "outside_window" and "01:30 does not exist" in f.detail for f in result.failures
    )


def test_a_leg_across_the_change_is_counted_in_elapsed_minutes():
    day = LocalDay(date(2026, 3, 29), "Europe/London")
    assert day.add(50, 30) == 140  # 00:50 + 30 min -> 02:20 local
    assert day.elapsed(0, 180) == 120
    back = LocalDay(date(2026, 10, 25), "Europe/London")
    assert back.elapsed(0, 180) == 240
    # home-by across the change: a 30-minute leg leaving 00:50 gets home at 02:20, not 01:20
    c = Constraints(date(2026, 3, 29), window=(0, 130), timezone="Europe/London")
    v = venue("cafe", opening_hours="24/7", min_minutes=10, typical_minutes=10)
    result = check_plan([ProposedStop(30, 50, "cafe")], c, {"cafe": v}, legs(["cafe"], 30))
    assert result.home_by == 140 and "home_after_deadline" in result.codes
    assert not LocalDay(SAT, "Australia/Brisbane").changes


# ------------------------------------------------------------------ 6. blocked windows and legs


def test_a_leg_may_not_run_through_a_blocked_window():
    a, b = venue("museum"), venue("park")
    c = Constraints(SAT, blocked=(BlockedWindow(13 * 60, 14 * 60, "nap"),))
    stops = [ProposedStop(12 * 60, 13 * 60, "museum"), ProposedStop(14 * 60, 15 * 60, "park")]
    result = check_plan(stops, c, {"museum": a, "park": b}, legs(["museum", "park"], 20))
    failure = next(f for f in result.failures if f.code == "overlaps_blocked")
    assert "20-min leg cannot fit between 13:00 and 14:00" in failure.detail
    assert "nap 13:00–14:00" in failure.detail
    # leaving after the nap is fine
    later = [stops[0], ProposedStop(14 * 60 + 20, 15 * 60 + 20, "park")]
    assert check_plan(later, c, {"museum": a, "park": b}, legs(["museum", "park"], 20)).ok


def test_the_scheduler_waits_out_a_blocked_window_before_travelling():
    venues = {"museum": venue("museum"), "park": venue("park")}
    c = Constraints(
        SAT, window=(12 * 60, 17 * 60), blocked=(BlockedWindow(13 * 60, 14 * 60, "nap"),)
    )
    out = arrange(
        [Pick("museum", must=True), Pick("park", must=True)], venues, c, legs(list(venues), 20)
    )
    assert out.ok, out.proof and out.proof.failures
    second = out.solution.stops[1]
    assert second.start >= 14 * 60 + 20


# ------------------------------------------------------------------ 7. at-home windows


def test_an_at_home_window_sends_the_itinerary_home_and_out_again():
    venues = {"museum": venue("museum"), "park": venue("park")}
    nap = BlockedWindow(12 * 60, 14 * 60, "nap in the cot", at_home=True)
    c = Constraints(SAT, blocked=(nap,))
    travel = legs(list(venues), 25)
    stops = [
        ProposedStop(10 * 60, 11 * 60, "museum"),
        ProposedStop(14 * 60 + 25, 15 * 60 + 25, "park"),
    ]
    result = check_plan(stops, c, venues, travel)
    assert result.ok, result.failures
    assert [(b.label, b.travel_in) for b in result.home_breaks] == [("nap in the cot", 25)]
    assert result.stops[1].travel_in == 25  # from home
    assert result.travel_minutes == 25 * 4
    # staying out too long: not home when the nap starts
    bad = [ProposedStop(10 * 60, 11 * 60 + 50, "museum"), stops[1]]
    failure = next(
        f for f in check_plan(bad, c, venues, travel).failures if f.code == "overlaps_blocked"
    )
    assert "the 25-min leg home arrives 12:15" in failure.detail


def test_a_trailing_at_home_window_must_find_the_party_home():
    venues = {"museum": venue("museum")}
    c = Constraints(SAT, blocked=(BlockedWindow(15 * 60, 17 * 60, "dinner at home", at_home=True),))
    late = check_plan([ProposedStop(14 * 60, 15 * 60, "museum")], c, venues, legs(["museum"], 20))
    assert "overlaps_blocked" in late.codes
    ok = check_plan([ProposedStop(13 * 60, 14 * 60, "museum")], c, venues, legs(["museum"], 20))
    assert ok.ok


def test_the_scheduler_goes_home_for_an_at_home_window():
    venues = {"museum": venue("museum"), "park": venue("park"), "pool": venue("pool")}
    c = Constraints(SAT, blocked=(BlockedWindow(12 * 60, 13 * 60 + 30, "nap", at_home=True),))
    out = arrange([Pick(v) for v in venues], venues, c, legs(list(venues), 15))
    assert out.ok and len(out.solution.stops) == 3
    assert [b.travel_in for b in out.check.home_breaks] == [15]
    before = [s for s in out.solution.stops if s.end <= 12 * 60]
    after = [s for s in out.solution.stops if s.start >= 13 * 60 + 30]
    assert before and after and before[-1].end <= 12 * 60 - 15
    assert after[0].start >= 13 * 60 + 45


# ------------------------------------------------------------------ 8. the day a parent accepts


def test_a_day_that_spans_lunch_gets_a_meal_break():
    venues = {
        k: venue(k, typical_minutes=120, min_minutes=90)
        for k in ("museum", "park", "pool", "gallery")
    }
    c = Constraints(SAT, window=(9 * 60, 17 * 60))
    out = arrange([Pick(v) for v in venues], venues, c, legs(list(venues), 10), day_shape=True)
    assert out.ok and out.solution.meal is True
    visits = [Visit(s.start, s.end, s.travel_in) for s in out.check.stops]
    assert has_meal_break(visits, out.check.home_by, out.check.travel_home)
    plain = arrange([Pick(v) for v in venues], venues, c, legs(list(venues), 10))
    visits = [Visit(s.start, s.end, s.travel_in) for s in plain.check.stops]
    # without the term the same candidates make a day with no lunch
    assert not has_meal_break(visits, plain.check.home_by, plain.check.travel_home)


def test_a_food_venue_at_lunch_is_the_meal():
    venues = {
        "museum": venue("museum", typical_minutes=150, min_minutes=150),
        "cafe": venue("cafe", tags=("food",), min_minutes=45, typical_minutes=45),
        "park": venue("park", typical_minutes=150, min_minutes=150),
    }
    c = Constraints(SAT, window=(9 * 60, 17 * 60))
    out = arrange([Pick(v) for v in venues], venues, c, legs(list(venues), 10), day_shape=True)
    cafe = next(s for s in out.solution.stops if s.venue_id == "cafe")
    assert out.solution.meal and LUNCH[0] <= cafe.end and cafe.start <= LUNCH[1] - 30


def test_one_venue_of_each_kind_unless_asked():
    venues = {
        f"cinema{i}": venue(f"cinema{i}", kind="cinema", lat=-27.47 + i / 100) for i in range(3)
    } | {"park": venue("park")}
    c = Constraints(SAT)
    out = arrange([Pick(v) for v in venues], venues, c, legs(list(venues), 10), day_shape=True)
    kinds = [venues[s.venue_id].kind for s in out.solution.stops]
    assert sorted(kinds) == ["cinema", "park"] and not repeated_kinds(kinds)
    asked = arrange(
        [Pick(v) for v in venues],
        venues,
        c,
        legs(list(venues), 10),
        day_shape=True,
        repeat_kinds=asked_repeats(["two cinemas and a park"]),
    )
    assert [venues[s.venue_id].kind for s in asked.solution.stops].count("cinema") >= 2
    assert asked_repeats(["museums"]) == frozenset()


def test_audience_children_venues_are_left_out_for_adults():
    venues = {
        "playland": venue("playland", audience="children", audience_note="for ages 1 to 11"),
        "gallery": venue("gallery"),
    }
    adults = Constraints(SAT, adults=2, children=0)
    out = arrange([Pick(v) for v in venues], venues, adults, legs(list(venues)), day_shape=True)
    assert [s.venue_id for s in out.solution.stops] == ["gallery"]
    assert "for children (for ages 1 to 11)" in out.excluded["playland"]
    family = replace(adults, children=2)
    out = arrange([Pick(v) for v in venues], venues, family, legs(list(venues)), day_shape=True)
    assert {s.venue_id for s in out.solution.stops} == {"playland", "gallery"}


def test_the_day_uses_its_window_while_open_venues_fit():
    venues = {
        "short": venue("short", min_minutes=30, typical_minutes=30),
        "long": venue("long", min_minutes=60, typical_minutes=240),
        "park": venue("park", min_minutes=60, typical_minutes=120),
    }
    c = Constraints(SAT, window=(9 * 60, 17 * 60))
    picks = [Pick(v) for v in venues]
    out = arrange(picks, venues, c, legs(list(venues)), day_shape=True, max_stops=2)
    # the longer visits are kept (more of the window used), with lunch between them
    assert sorted(out.solution.keys) == ["long", "park"]
    assert out.check.home_by >= 15 * 60 and out.solution.meal
    plain = arrange(picks, venues, c, legs(list(venues)), max_stops=2)
    assert plain.check.home_by < out.check.home_by


def test_spans_lunch_rule():
    assert spans_lunch(9 * 60, 13 * 60) and not spans_lunch(12 * 60 + 30, 16 * 60)
    assert not spans_lunch(9 * 60, 12 * 60 + 50) and not spans_lunch(None, 16 * 60)


# ------------------------------------------------------------------ brute force with the terms


@st.composite
def shaped(draw):
    n = draw(st.integers(1, 4))
    ids = [f"v{i}" for i in range(n)]
    venues = {}
    for vid in ids:
        low = draw(st.sampled_from((30, 45, 60, 90)))
        venues[vid] = venue(
            vid,
            kind=draw(st.sampled_from(("museum", "park", "cafe"))),
            opening_hours=draw(st.sampled_from(("Mo-Su 09:00-17:00", "Mo-Su 11:00-15:00", "24/7"))),
            min_minutes=low,
            typical_minutes=low + draw(st.sampled_from((0, 30, 90))),
            tags=("food",) if draw(st.booleans()) else (),
        )
    places = [HOME, *ids]
    travel = MatrixTravel(
        {a: {b: draw(st.integers(0, 30)) for b in places if b != a} for a in places}
    )
    blocked = ()
    if draw(st.booleans()):
        b0 = draw(st.sampled_from((10 * 60, 12 * 60, 13 * 60, 15 * 60)))
        blocked = (
            BlockedWindow(b0, b0 + draw(st.sampled_from((30, 60))), "nap", draw(st.booleans())),
        )
    start = draw(st.sampled_from((9 * 60, 10 * 60)))
    c = Constraints(SAT, window=(start, start + draw(st.integers(3, 8)) * 60), blocked=blocked)
    picks = [Pick(v, weight=draw(st.sampled_from((1.0, 2.0)))) for v in ids]
    return venues, c, travel, picks


def _brute(venues, c, travel, picks):
    """Best (meal_ok, weight, fill, -travel) by trying every order of every subset of distinct
    kinds, the at-home window (if any) before each position, and no pause or a 45-minute lunch
    pause (on a 5-minute grid) before each position; every plan is verified by check_plan and
    its meal judged by ``has_meal_break`` (both independent of the scheduler's DP)."""
    from dayplan.core.scheduler import FILL_SHARE

    free = (
        c.window[1]
        - c.window[0]
        - sum(max(0, min(b.end, c.window[1]) - max(b.start, c.window[0])) for b in c.blocked)
    )
    cap = int(FILL_SHARE * free)
    homes = [b for b in c.blocked if b.at_home]
    best = None
    for size in range(1, len(picks) + 1):
        for order in itertools.permutations(picks, size):
            if repeated_kinds([venues[p.venue_id].kind for p in order]):
                continue
            for home_at in range(size + 1) if homes else [None]:
                options = [(None, None)] + [
                    (i, t) for i in range(size + 1) for t in range(LUNCH[0], LUNCH[1] - 44, 5)
                ]
                for pause_at, pause_start in options:
                    stops = _schedule(venues, c, travel, order, home_at, pause_at, pause_start)
                    if stops is None:
                        continue
                    result = check_plan(stops, c, venues, travel)
                    if not result.ok:
                        continue
                    visits = _visits(result, venues, c)
                    meal = has_meal_break(visits, result.home_by, result.travel_home)
                    fill = min(cap, sum(venues[p.venue_id].typical_minutes for p in order))
                    key = (int(meal), sum(p.weight for p in order), fill, -result.travel_minutes)
                    best = key if best is None or key > best else best
    return best


def _visits(result, venues, c):
    out = [Visit(b.start, b.end, 0, at_home=True) for b in c.blocked if b.at_home]
    for s in result.stops:
        v = venues[s.venue_id]
        out.append(Visit(s.start, s.end, s.travel_in, food="food" in v.tags or v.kind == "cafe"))
    return sorted(out, key=lambda v: v.start)


def _arrive(c, ready, leg):
    d = ready
    while leg and any(d < b.end and b.start < d + leg for b in c.blocked):
        d = min(b.end for b in c.blocked if d < b.end and b.start < d + leg)
    return d + leg


def _schedule(venues, c, travel, order, home_at, pause_at, pause_start):
    """Earliest starts (minimum lengths, found by a minute-by-minute scan) of ``order``, going
    home for the at-home window before stop ``home_at`` and pausing 45 minutes from
    ``pause_start`` before stop ``pause_at``; ``None`` when something does not fit."""
    t, place, stops = c.window[0], HOME, []
    home = next((b for b in c.blocked if b.at_home), None)
    for i in range(len(order) + 1):
        if home is not None and i == home_at:
            if place != HOME:
                t = _arrive(c, t, travel.minutes(place, HOME))
                if t > home.start:
                    return None
                place = HOME
            t = max(t, home.end)
        if i == pause_at:
            if pause_start < t:
                return None
            t = pause_start + 45
        if i == len(order):
            break
        v = venues[order[i].venue_id]
        opens = venue_hours(v.opening_hours, c.day, "AU", "QLD").intervals
        arrival = _arrive(c, t, travel.minutes(place, v.id))
        for s in range(arrival, c.window[1] - v.min_minutes + 1):
            e = s + v.min_minutes
            if any(a <= s and e <= z for a, z in opens) and not any(
                s < b.end and b.start < e for b in c.blocked
            ):
                break
        else:
            return None
        stops.append(ProposedStop(s, e, v.id))
        t, place = e, v.id
    return stops


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(shaped())
def test_the_day_shape_optimum_is_never_beaten_by_brute_force(inst):
    venues, c, travel, picks = inst
    out = arrange(picks, venues, c, travel, day_shape=True)
    brute = _brute(venues, c, travel, picks)
    if not out.ok:
        assert brute is None
        return
    assert out.check.ok
    sol = out.solution
    visits = _visits(out.check, venues, c)
    assert has_meal_break(visits, out.check.home_by, out.check.travel_home) == sol.meal
    assert not repeated_kinds([venues[s.venue_id].kind for s in sol.stops])
    if brute is not None:
        from dayplan.core.scheduler import FILL_SHARE

        free = (
            c.window[1]
            - c.window[0]
            - sum(max(0, min(b.end, c.window[1]) - max(b.start, c.window[0])) for b in c.blocked)
        )
        fill = min(int(FILL_SHARE * free), sum(venues[k].typical_minutes for k in sol.keys))
        mine = (int(bool(sol.meal)), sol.weight, fill, -sol.travel_minutes)
        assert mine >= brute


def test_clock_text_never_wraps_at_midnight():
    from dayplan.core.clock import clock_text

    assert clock_text(570) == "09:30"
    assert clock_text(1468) == "00:28 the next day"
    assert clock_text(-88) == "22:32 the day before"
    assert clock_text(2 * 1440 + 120) == "02:00, 2 days later"


def test_a_home_far_outside_the_area_says_the_leg_is_longer_than_the_window():
    from dayplan.contract import PlanRequest
    from dayplan.service.run import plan

    request = PlanRequest.model_validate(
        {
            "text": "Plan my Saturday in Brisbane for 2 adults, home by 5",
            "home": {"lat": 0, "lon": 0},
            "now": "2026-11-29T09:00:00+10:00",
        }
    )
    report = plan(request).report
    assert report.status == "no_feasible_plan"
    details = [f.detail for f in report.constraint_failures]
    assert any(
        "leg from home is" in d and "more than the whole window 09:00–17:00" in d for d in details
    ), details
    leave = [d for d in details if "leaving home at" in d]
    assert leave == [], leave
    home = [d for d in details if d.startswith("the leg home is")]
    assert home and "days later" in home[0], details


@pytest.mark.parametrize("rain", [(), ((11 * 60, 15 * 60),)])
def test_a_lone_stop_is_a_whole_morning_visit_not_one_squeezed_before_home_time(rain):
    """One outdoor pool (typical 60 min, minimum 30) and a day 09:00-16:00: the morning visit
    (home long before lunch, so lunch is at home) is the plan, not 15:00-15:36 after rain and a
    lunch at home, which cut the swim to its minimum against the deadline."""
    pool = problems.venue(
        "pool",
        kind="pool",
        indoor=False,
        typical_minutes=60,
        min_minutes=30,
        opening_hours="Mo-Su 07:00-18:00",
    )
    travel = problems.matrix_travel(["pool"], 24)
    c = Constraints(day=date(2026, 12, 5), window=(9 * 60, 16 * 60), rain=rain)
    out = arrange([Pick(venue_id="pool")], {"pool": pool}, c, travel, day_shape=True)
    ((stop_start, stop_end),) = [(s.start, s.end) for s in out.solution.stops]
    assert (stop_start, stop_end) == (9 * 60 + 24, 10 * 60 + 24)
    assert out.check.ok and out.check.home_by == 10 * 60 + 48
