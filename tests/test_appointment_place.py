"""An appointment at a named place ("swimming lessons 9-10 at Chandler") is placed at that
suburb's point: the legs to and from it are measured, checked against the cap and counted
(REVIEW5 finding 6; issue 13 classes 1 and 3). A place the gazetteer does not know is asked
about (``tests/test_reading_away_place.py``); an appointment with no place is counted at home."""

from __future__ import annotations

import pytest

from dayplan import data
from dayplan.contract import PlanRequest, hhmm_to_minutes
from dayplan.core.checker import BlockedWindow, Constraints, ProposedStop, check_plan
from dayplan.core.places import resolve_place
from dayplan.core.scheduler import Pick, arrange
from dayplan.core.travel import estimate_minutes
from dayplan.service.recheck import independent_findings, recheck_report
from dayplan.service.run import plan
from tests.test_sound_core import SAT, legs, venue

POOL = "appointment:Pool"
MUSEUM, PARK = venue("museum"), venue("park")
VENUES = {"museum": MUSEUM, "park": PARK}
_PAIRS = {
    ("home", "museum"): 15,
    ("home", "park"): 20,
    ("museum", "park"): 10,
    ("home", POOL): 25,
    ("museum", POOL): 12,
    ("park", POOL): 30,
}
TRAVEL = legs(["museum", "park", POOL], {**_PAIRS, **{(b, a): m for (a, b), m in _PAIRS.items()}})
SWIM = BlockedWindow(11 * 60, 12 * 60, "swimming lessons", place=POOL)


def check(stops, *blocked, cap=None, window=(9 * 60, 17 * 60)):
    c = Constraints(SAT, window=window, blocked=blocked, max_leg_minutes=cap)
    return check_plan(stops, c, VENUES, TRAVEL)


def test_the_legs_to_and_from_a_placed_appointment_are_measured():
    stops = [ProposedStop(9 * 60 + 15, 10 * 60 + 45, "museum"), ProposedStop(750, 810, "park")]
    out = check(stops, SWIM)
    assert out.ok, out.failures
    (a,) = out.appointments
    assert (a.travel_in, a.from_place, a.place) == (12, "museum", POOL)
    assert [s.travel_in for s in out.stops] == [15, 30]  # park's leg leaves the pool at 11:00
    assert out.stops[1].after is None  # not "counted from home"
    assert out.home_by == 810 + 20 and out.travel_minutes == 15 + 12 + 30 + 20


def test_a_leg_too_short_for_the_real_trip_fails():
    late = [ProposedStop(9 * 60 + 15, 10 * 60 + 50, "museum")]  # 12 min to the pool: 11:02
    out = check(late, SWIM)
    assert [f.code for f in out.failures] == ["overlaps_blocked"]
    assert "11:02" in out.failures[0].detail
    soon = [
        ProposedStop(9 * 60 + 15, 10 * 60 + 45, "museum"),
        ProposedStop(12 * 60 + 20, 13 * 60 + 20, "park"),
    ]
    assert "overlap" in {f.code for f in check(soon, SWIM).failures}  # 30 min from the pool


def test_a_placed_appointment_after_the_last_stop_is_still_gone_to_then_home():
    out = check([ProposedStop(9 * 60 + 15, 10 * 60 + 45, "museum")], SWIM)
    assert out.ok, out.failures
    assert out.appointments[0].travel_in == 12
    assert out.travel_home == 25 and out.home_by == 12 * 60 + 25
    short = check([ProposedStop(9 * 60 + 15, 10 * 60 + 45, "museum")], SWIM, window=(540, 730))
    assert [f.code for f in short.failures] == ["home_after_deadline"]  # home 12:25 > 12:10


def test_the_cap_applies_to_the_appointments_own_legs():
    stops = [ProposedStop(9 * 60 + 15, 10 * 60 + 45, "museum"), ProposedStop(750, 810, "park")]
    out = check(stops, SWIM, cap=20)
    over = [f for f in out.failures if f.code == "leg_over_cap"]
    assert [f.values["minutes"] for f in over] == [30]  # pool -> park
    assert "swimming lessons" in over[0].detail
    far = arrange(
        [Pick(venue_id="museum")],
        VENUES,
        Constraints(SAT, blocked=(SWIM,), max_leg_minutes=10),
        TRAVEL,
    )
    assert not far.ok  # every way to the pool is over 10 min
    assert "cap" in " ".join(far.proof.conflict)


def test_arrange_goes_to_the_placed_appointment_with_real_legs():
    c = Constraints(SAT, window=(9 * 60, 15 * 60), blocked=(SWIM,))
    out = arrange([Pick(venue_id="museum"), Pick(venue_id="park")], VENUES, c, TRAVEL)
    assert out.ok and out.check.ok
    (a,) = out.check.appointments
    assert a.place == POOL
    stops = out.solution.stops
    before = [s for s in stops if s.end <= SWIM.start]
    after = [s for s in stops if s.start >= SWIM.end]
    assert len(before) + len(after) == len(stops)
    origin = before[-1].venue_id if before else "home"
    assert a.travel_in == TRAVEL.minutes(origin, POOL)
    if after:  # judged from the travel table, not the checker
        assert after[0].start >= SWIM.end + TRAVEL.minutes(POOL, after[0].venue_id)
    else:
        assert out.check.home_by >= SWIM.end + TRAVEL.minutes(POOL, "home")


def _point(suburb: str):
    return resolve_place(suburb, data.gazetteer()).point


def _venue_point(vid: str):
    return next(v.point for v in data.venues() if v.id == vid)


E2E = [
    (
        "Saturday, Morningside, 2 adults 2 kids, $60, home by 3:30, swimming lessons 9-10 at Chandler",
        "Morningside",
        "Chandler",
    ),
    (
        "Saturday, 2 adults 2 kids from Clayfield, $60, birthday party at Bowen Hills 1pm-3pm, home by 5",
        "Clayfield",
        "Bowen Hills",
    ),
    (
        "Sat, 1 adult 2 kids from Carindale, swimming lessons 9-10 at the Chandler pool, home by 2, $40",
        "Carindale",
        "Chandler",
    ),
    (
        "Saturday, 2 adults 2 kids, Bulimba, lunch at Nana's in Wynnum 12-2, home by 5, $60",
        "Bulimba",
        "Wynnum",
    ),
    (
        "Saturday, 2 adults 2 kids, Paddington, ballet at 10 in Red Hill, home by 3, $60",
        "Paddington",
        "Red Hill",
    ),
    (
        "Saturday from Wynnum, kids party 1-3 in Ashgrove, 1 adult 1 kid, $40, home by 5",
        "Wynnum",
        "Ashgrove",
    ),
    (
        "saturday, 2 adults 2 kids, morningside, $60, swimming lessons 9-10 at chandler, home by 3",
        "Morningside",
        "Chandler",
    ),
    (
        "Saturday, 2 adults 2 kids, Toowong, $80, home by 4, footy training 8-9:30am at Indooroopilly",
        "Toowong",
        "Indooroopilly",
    ),
]


@pytest.mark.parametrize(
    ("text", "home", "suburb"), E2E, ids=[e[2] + str(i) for i, e in enumerate(E2E)]
)
def test_a_placed_appointment_end_to_end(text, home, suburb):
    req = PlanRequest.model_validate({"text": text, "now": "2026-12-01T09:00:00+10:00"})
    report = plan(req).report
    assert report.status == "complete", (report.questions, report.constraint_failures)
    (blocked,) = [r for r in report.readings if r.field == "blocked"]
    assert blocked.value["place"] == suburb and suburb.lower() in blocked.quote.lower()
    (a,) = report.plan.appointments
    assert a.place == suburb
    mode = a.travel_in.mode
    here, there = _point(home), _point(suburb)
    s0, e0 = hhmm_to_minutes(a.start), hhmm_to_minutes(a.end)
    before = [s for s in report.plan.stops if hhmm_to_minutes(s.end) <= s0]
    after = [s for s in report.plan.stops if hhmm_to_minutes(s.start) >= e0]
    assert len(before) + len(after) == len(report.plan.stops)
    origin = _venue_point(before[-1].venue_id) if before else here
    leg_in = estimate_minutes(origin, there, mode)
    assert a.travel_in.minutes == leg_in
    if before:  # arrives by the start
        assert hhmm_to_minutes(before[-1].end) + leg_in <= s0
    if after:
        leg_out = estimate_minutes(there, _venue_point(after[0].venue_id), mode)
        assert after[0].travel_in.minutes == leg_out
        assert hhmm_to_minutes(after[0].start) >= e0 + leg_out
    else:
        assert report.plan.travel_home.minutes == estimate_minutes(there, here, mode)
        assert hhmm_to_minutes(report.plan.totals.home_by) >= e0 + report.plan.travel_home.minutes
    if there != here:
        assert leg_in > 0 or before  # never a 0-minute leg between different points
    assert any(suburb in x and "placed" in x for x in report.assumptions)
    assert recheck_report(req, report).ok  # re-checked from the served JSON
    assert independent_findings(req, report) == []  # rules written apart from the checker


def test_a_forced_first_leg_over_the_cap_is_the_whole_proof():
    """REVIEW6 B1: from Wynnum, lessons at Chandler at 09:00 with a 20-min cap: the party must
    leave at once (28 min by car), so no stop can come first and every plan breaks the cap. The
    failure says so; it once said venues 6 min away were "more than 20 min away"."""
    import asyncio

    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    text = (
        "Saturday 12 December, Wynnum, 2 adults 2 kids, swimming lessons at Chandler 9-10, $0, "
        "home by 12, max 20 min drives"
    )
    report = asyncio.run(run_plan(PlanRequest(text=text, now="2026-12-01T08:00:00+10:00"))).report
    assert report is not None and report.status == "no_feasible_plan", report
    (f,) = report.constraint_failures
    assert f.code == "leg_over_cap", f
    assert "home → swimming lessons at Chandler (09:00): 28 min by car > cap 20 min" in f.detail
    # with time for a stop before the lessons, the leg proves nothing: no such failure
    later = text.replace("9-10", "11-12").replace("home by 12", "home by 2")
    report = asyncio.run(run_plan(PlanRequest(text=later, now="2026-12-01T08:00:00+10:00"))).report
    assert report is not None
    assert not any(
        "every plan begins with this leg" in x.detail for x in report.constraint_failures
    )


def test_a_placed_appointment_ending_at_the_assumed_start_is_gone_to():
    """REVIEW6: "soccer at Carindale 8-9, home by 1" (no start said, 09:00 assumed) served a day
    from home at 09:00 with no appointment in the plan; the party is at Carindale at 9."""
    import asyncio

    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    text = "Saturday, Camp Hill, 2 adults, $30, soccer at Carindale 8-9, home by 1"
    report = asyncio.run(run_plan(PlanRequest(text=text, now="2026-12-01T08:00:00+10:00"))).report
    assert report is not None and report.status == "complete", report
    (appt,) = report.plan.appointments
    assert (appt.label, appt.start, appt.end, appt.place) == (
        "soccer",
        "08:00",
        "09:00",
        "Carindale",
    )
    assert any("Leaving home at 07:47 for soccer in Carindale" in a for a in report.assumptions)
    assert report.plan.stops[0].start >= "09:00"


def _text_report(text: str):
    return plan(PlanRequest(text=text, now="2026-12-04T18:00:00+10:00")).report


def test_an_assumed_home_time_moves_for_the_trip_home_from_a_late_appointment() -> None:
    """REVIEW13n: "party at 11 at nan's in Carindale (all arvo)" ends at 17:00 away from home;
    the default home time (17:00, assumed) could never hold, so the plan was no_feasible_plan.
    The assumed home time moves to the leg home after it (stated); a stated one never does."""
    text = "sat in cannon hill, me and 3 kids, party at 11 at nanas place in carindale (all arvo)"
    report = _text_report(text)
    assert report is not None and report.status == "complete", report.constraint_failures
    said = [a for a in report.assumptions if a.startswith("Home at ")]
    assert said and "after party in Carindale" in said[0] and "no home time was given" in said[0]
    assert report.plan.totals.home_by > "17:00"
    assert hhmm_to_minutes(report.plan.totals.home_by) <= hhmm_to_minutes(said[0][8:13])
    request = PlanRequest(text=text, now="2026-12-04T18:00:00+10:00")
    assert recheck_report(request, report).ok  # the same rule, from the served reading
    stated = _text_report(
        "sat in cannon hill, me and 3 kids, home by 5, party at 11 at nanas place in carindale (all arvo)"
    )
    assert stated is not None and stated.status != "complete"
    assert not any(a.startswith("Home at ") for a in stated.assumptions)


@pytest.mark.parametrize(
    "text",
    [
        "me and 2 kids from new farm, swimming 11-12 at valley pool booked, home by 3, $40",
        "2 adults from south brisbane, swimming 11-12 at valley pool booked, $40, home by 6",
    ],
)
def test_a_booked_appointments_venue_is_no_wish_to_visit_again(text: str) -> None:
    """REVIEW13n: the booked swim's pool was also read as a wish, and a paid visit to the same
    pool was planned right before the swim."""
    from tests.cli_runs import read_items

    items, _ = read_items(text)
    assert not [v for f, v in items if f == "wish"], items
    report = _text_report(text)
    assert report is not None and report.status == "complete"
    assert "valley-pool" not in [s.venue_id for s in report.plan.stops]


def test_an_appointment_no_chain_of_capped_legs_reaches_is_proved_out_of_reach() -> None:
    """REVIEW13n: "max 10 min drive, dentist at 11 in Chermside" from New Farm was refused with
    venues "more than 10 min away" listed at 6 min: the real reason, the dentist's own leg, was
    never said. ``appointment_out_of_reach`` proves it over every chain of legs within the cap
    (home is 25 min from the pool here; the museum joins them, 15 + 12, under a 15-min cap)."""
    from dayplan.core.scheduler import Problem, appointment_out_of_reach, candidate_for

    def problem(cap: int, ids: list[str]) -> Problem:
        c = Constraints(SAT, blocked=(SWIM,), max_leg_minutes=cap)
        cands = [candidate_for(Pick(venue_id=i), VENUES[i], c) for i in ids]
        return Problem(cands, c, TRAVEL)

    (f,) = appointment_out_of_reach(problem(11, ["museum", "park"]))  # every leg from home > 11
    assert f.code == "leg_over_cap" and f.values == {
        "minutes": 25,
        "cap_minutes": 11,
        "appointment": "swimming lessons",
    }
    assert "every plan has a leg over the cap" in f.detail
    assert appointment_out_of_reach(problem(15, ["museum"])) == []  # 15 + 12 there and back
    assert appointment_out_of_reach(problem(15, [])) != []  # the direct 25 alone
    assert appointment_out_of_reach(problem(25, [])) == []


def test_the_served_failure_names_the_appointments_own_leg() -> None:
    report = _text_report(
        "saturday in new farm, me and 2 kids, max 10 min drive per leg, dentist at 11 in "
        "chermside for 45 mins, $40"
    )
    assert report is not None and report.status == "no_feasible_plan"
    assert report.location == "New Farm"  # the read location, not the dentist's suburb
    (f,) = report.constraint_failures
    assert f.code == "leg_over_cap" and "dentist at Chermside" in f.detail
