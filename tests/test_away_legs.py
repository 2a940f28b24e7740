"""Legs around an appointment away from home ("ballet 10-11"): its place is unknown, so it is
counted at home. The leg before it is counted to home and arrives by its start; the next leg
leaves home at its end. No leg, visit or wait overlaps it. The checker, the exact scheduler, the
independent re-check and the views all follow this rule. Pauses (a nap in the pram, lunch) and
at-home windows keep their own rules."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from dayplan.cli import render_report
from dayplan.contract import PlanRequest, hhmm_to_minutes
from dayplan.core.blocked import is_pause
from dayplan.core.checker import BlockedWindow, Constraints, ProposedStop, check_plan
from dayplan.core.scheduler import Pick, arrange
from dayplan.service.recheck import independent_findings, recheck_report
from dayplan.service.run import plan
from dayplan.ui.report_view import report_html
from tests.test_scheduler import instances
from tests.test_sound_core import SAT, legs, venue

MUSEUM, PARK = venue("museum"), venue("park")
VENUES = {"museum": MUSEUM, "park": PARK}
# home ↔ museum 15, home ↔ park 20, museum ↔ park 10 minutes
TRAVEL = legs(
    ["museum", "park"],
    {
        ("home", "museum"): 15,
        ("museum", "home"): 15,
        ("home", "park"): 20,
        ("park", "home"): 20,
        ("museum", "park"): 10,
        ("park", "museum"): 10,
    },
)
BALLET = BlockedWindow(10 * 60, 11 * 60, "ballet")


def check(stops, *blocked, window=(9 * 60, 17 * 60)):
    return check_plan(stops, Constraints(SAT, window=window, blocked=blocked), VENUES, TRAVEL)


# ------------------------------------------------------------------ what a window is


@pytest.mark.parametrize(
    "label, pause",
    [
        ("nap", True),
        ("pram nap", True),
        ("naps", True),
        ("quiet time", True),
        ("lunch", True),
        ("ballet", False),
        ("swim lessons", False),
        ("footy training", False),
        ("party", False),
        ("doctor", False),
        ("blocked", False),
        ("", False),
    ],
)
def test_a_pause_is_told_from_an_appointment_by_its_label(label, pause):
    assert is_pause(label) is pause
    assert BlockedWindow(0, 1, label).appointment is (not pause)
    assert not BlockedWindow(0, 1, label, at_home=True).appointment


# ------------------------------------------------------------------ the checker


def test_waiting_at_a_venue_through_an_appointment_fails():
    # the old reading: leave home 09:00, wait at the museum through ballet, "visit" from 11:00
    result = check([ProposedStop(11 * 60, 12 * 60, "museum")], BALLET)
    assert not result.ok
    (failure,) = result.failures
    assert failure.code == "overlap"
    assert failure.detail == (
        "Museum starts 11:00 but the 15-min leg from home after ballet arrives 11:15"
    )


def test_the_leg_after_an_appointment_is_counted_from_home_at_its_end():
    result = check([ProposedStop(11 * 60 + 15, 12 * 60 + 15, "museum")], BALLET)
    assert result.ok, result.failures
    (stop,) = result.stops
    assert (stop.travel_in, stop.after) == (15, "ballet")
    (appt,) = result.appointments
    assert (appt.label, appt.start, appt.end, appt.travel_in, appt.from_place) == (
        "ballet",
        600,
        660,
        0,
        "home",
    )
    assert result.travel_minutes == 15 + 15 and result.home_breaks == []


def test_between_two_stops_the_leg_towards_it_is_counted_to_home():
    # park 09:00-09:40, then 20 min "to ballet" (counted to home) by 10:00, museum from 11:15
    stops = [ProposedStop(9 * 60 + 20, 9 * 60 + 40, "park", min_minutes=20)]
    stops.append(ProposedStop(11 * 60 + 15, 12 * 60 + 15, "museum"))
    result = check(stops, BALLET)
    assert result.ok, result.failures
    (appt,) = result.appointments
    assert (appt.travel_in, appt.from_place) == (20, "park")
    assert result.stops[1].after == "ballet" and result.stops[1].travel_in == 15
    assert result.travel_minutes == 20 + 20 + 15 + 15  # out, to ballet, from ballet, home
    # leaving the park at 09:45 gets "there" at 10:05: late for ballet
    late = [ProposedStop(9 * 60 + 20, 9 * 60 + 45, "park", min_minutes=20), stops[1]]
    failure = next(f for f in check(late, BALLET).failures if f.code == "overlaps_blocked")
    assert failure.detail == (
        "ballet (away, counted at home) 10:00–11:00: leaving Park at 09:45, the 20-min leg "
        "towards it arrives 10:05"
    )
    # going straight from the park to the museum through ballet is no longer a plan either
    through = [late[0], ProposedStop(11 * 60, 12 * 60, "museum")]
    assert not check(through, BALLET).ok


def test_an_appointment_after_the_last_stop_needs_the_party_home_by_its_start():
    party = BlockedWindow(15 * 60, 16 * 60, "party")
    ok = check([ProposedStop(13 * 60, 14 * 60 + 45, "museum")], party)
    assert ok.ok, ok.failures
    assert ok.home_by == 15 * 60 and ok.appointments == []  # home 15:00, then the party
    late = check([ProposedStop(13 * 60, 14 * 60 + 50, "museum")], party)
    assert late.codes == ["overlaps_blocked"]
    assert late.failures[0].detail == (
        "party (away, counted at home) 15:00–16:00: home only at 15:05"
    )


def test_an_appointment_before_the_window_opens_delays_the_first_leg():
    footy = BlockedWindow(8 * 60, 9 * 60 + 30, "footy training")
    result = check([ProposedStop(9 * 60 + 45, 10 * 60 + 45, "museum")], footy)
    assert result.ok, result.failures
    assert result.stops[0].after == "footy training"
    early = check([ProposedStop(9 * 60 + 40, 10 * 60 + 40, "museum")], footy)
    assert early.codes == ["overlap"]
    assert "leg from home after footy training arrives 09:45" in early.failures[0].detail


def test_a_pause_is_still_waited_through_where_the_party_is():
    nap = BlockedWindow(10 * 60, 11 * 60, "nap")  # in the pram: wait at the museum's door
    result = check([ProposedStop(11 * 60, 12 * 60, "museum")], nap)
    assert result.ok, result.failures
    assert result.appointments == [] and result.stops[0].after is None


def test_an_at_home_window_still_goes_home_and_out_again():
    nap = BlockedWindow(12 * 60, 13 * 60, "nap", at_home=True)
    stops = [
        ProposedStop(10 * 60, 11 * 60 + 45, "museum"),
        ProposedStop(13 * 60 + 20, 14 * 60 + 20, "park"),
    ]
    result = check(stops, nap)
    assert result.ok, result.failures
    assert [(b.label, b.travel_in, b.from_place) for b in result.home_breaks] == [
        ("nap", 15, "museum")
    ]
    assert result.appointments == [] and result.stops[1].after is None
    assert result.stops[1].travel_in == 20


# ------------------------------------------------------------------ the scheduler


def test_the_scheduler_leaves_home_at_the_end_of_the_appointment():
    c = Constraints(SAT, window=(9 * 60, 14 * 60), blocked=(BALLET,))
    out = arrange([Pick("museum", must=True), Pick("park", must=True)], VENUES, c, TRAVEL)
    assert out.ok, out.proof and out.proof.failures
    assert out.check.ok
    for stop, checked in zip(out.solution.stops, out.check.stops, strict=True):
        assert not (stop.start < 11 * 60 and stop.end > 10 * 60)
        if checked.after == "ballet":
            assert stop.start - checked.travel_in >= 11 * 60
    assert [a.label for a in out.check.appointments] == ["ballet"]


def test_no_time_around_an_appointment_is_a_proof_naming_it():
    # 09:00-12:00 with ballet 10-11: each one-hour visit needs 15-20 min each way
    c = Constraints(SAT, window=(9 * 60, 12 * 60), blocked=(BALLET,))
    out = arrange([Pick("museum", must=True), Pick("park", must=True)], VENUES, c, TRAVEL)
    assert not out.ok
    assert any("ballet" in item for item in out.proof.conflict), out.proof.conflict


# ------------------------------------------------------------------ the reader, end to end


PHRASINGS = [
    (
        "Saturday in Brisbane from New Farm, 9 to 5, 2 adults 2 kids, ballet 10-11",
        ("10:00", "11:00", "ballet"),
    ),
    (
        "Saturday from Paddington, Brisbane, 8am to 3pm, me and 2 kids, swim lessons 9-9.45",
        ("09:00", "09:45", "swim lessons"),
    ),
    (
        "Saturday from Chermside in Brisbane 8 till 4, 2 adults 3 kids, footy training 8 to 9.30",
        ("08:00", "09:30", "footy training"),
    ),
    (
        "Sunday in Brisbane from Bulimba, 9 to 5, 2 adults 1 child, birthday party 1-3pm",
        ("13:00", "15:00", "birthday party"),
    ),
]


@pytest.fixture(scope="module", params=PHRASINGS, ids=lambda p: p[1][2])
def read_run(request):
    text, window = request.param
    req = PlanRequest.model_validate({"text": text, "now": "2026-11-29T09:00:00+10:00"})
    return req, plan(req).report, window


def test_an_appointment_read_from_the_text_is_counted_at_home(read_run):
    req, report, (start, end, label) = read_run
    assert report.status == "complete"
    read = [r.value for r in report.readings if r.field == "blocked"]
    assert read == [{"start": start, "end": end, "label": label, "at_home": False}]
    assert [(a.label, a.start, a.end) for a in report.plan.appointments] == [(label, start, end)]
    a, e = hhmm_to_minutes(start), hhmm_to_minutes(end)
    after = [s for s in report.plan.stops if hhmm_to_minutes(s.start) >= e]
    assert after, "a stop follows the appointment"
    first = after[0]
    # the leg after it leaves at its end (counted from home), never before
    assert hhmm_to_minutes(first.start) - first.travel_in.minutes >= e
    for s in report.plan.stops:  # no visit and no leg inside the appointment
        leave = hhmm_to_minutes(s.start) - s.travel_in.minutes
        assert hhmm_to_minutes(s.end) <= a or leave >= e, s
    assert recheck_report(req, report).ok
    assert independent_findings(req, report) == []


def test_the_views_say_the_leg_is_counted_from_home_after_the_appointment(read_run):
    req, report, (start, end, label) = read_run
    text = render_report(report)
    assert f"{start}–{end}  away: {label}  (place unknown, counted at home;" in text
    assert f"counted from home after {label})" in text
    html = report_html(report, request=req)
    assert f"counted from home after {label}" in html and 'class="dp-appointment"' in html


def test_the_recheck_finds_a_plan_that_waits_through_an_appointment(read_run):
    req, report, (start, end, label) = read_run
    hidden = report.model_copy(update={"plan": report.plan.model_copy(update={"appointments": []})})
    found = independent_findings(req, hidden)
    if any(s.end <= start for s in report.plan.stops):  # between stops: it must be served
        assert any(f"{label} {start}–{end} (away, place unknown) lies inside" in f for f in found)
    else:  # before the day out: the first leg leaving home after it is all that is needed
        assert found == []
    # the first stop after it, moved to leave before the appointment ends
    stops = [s.model_copy(deep=True) for s in report.plan.stops]
    i = next(i for i, s in enumerate(stops) if s.start >= end)
    shift = hhmm_to_minutes(stops[i].start) - hhmm_to_minutes(end)
    stops[i].travel_in.minutes = shift + 5  # leaves 5 minutes before it ends
    early = report.model_copy(update={"plan": report.plan.model_copy(update={"stops": stops})})
    found = independent_findings(req, early)
    assert any("runs through a blocked window" in f for f in found), found
    unserved = early.model_copy(update={"plan": early.plan.model_copy(update={"appointments": []})})
    found = independent_findings(req, unserved)
    assert any(f"leaves before {label}" in f or "no appointment is served" in f for f in found), (
        found
    )


# ------------------------------------------------------------------ property: every arranged day


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(instances(max_venues=4))
def test_no_arranged_day_travels_or_waits_through_an_appointment(inst):
    """Judged from the stops and the travel table alone (not by the checker): around every
    appointment a stop ends in time to get home by its start, and the first stop after it
    starts no earlier than its end plus the leg from home."""
    venues, c, travel, picks = inst
    out = arrange(picks, venues, c, travel)
    if not out.ok:
        return
    stops = out.solution.stops
    for b in c.blocked:
        if not b.appointment or b.end <= c.window[0] or b.start >= c.window[1]:
            continue
        before = [s for s in stops if s.end <= b.start]
        after = [s for s in stops if s.start >= b.end]
        assert len(before) + len(after) == len(stops), "a stop overlaps the appointment"
        if before and after:  # between two stops: to home by its start, from home at its end
            assert before[-1].end + travel.minutes(before[-1].venue_id, "home") <= b.start
        if after:
            assert after[0].start >= b.end + travel.minutes("home", after[0].venue_id)
        elif before:  # the day ends before it: home by its start
            assert out.check.home_by <= b.start
