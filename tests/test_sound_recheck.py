"""The independent re-check of served complete plans catches each defect class of issue 13 (it
is written without core/checker.py, so a checker bug cannot hide there)."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.service.recheck import independent_findings
from dayplan.service.run import plan
from tests.conftest import case_request


@pytest.fixture(scope="module")
def wet():
    request = case_request("wet_weather_family")
    return request, plan(request).report


def test_a_clean_plan_has_no_findings(wet):
    request, report = wet
    assert report.status == "complete"
    assert independent_findings(request, report) == []


def test_a_zero_minute_leg_between_two_points_is_found(wet):
    request, report = wet
    stops = [s.model_copy(deep=True) for s in report.plan.stops]
    stops[1].travel_in.minutes = 0
    bad = report.model_copy(update={"plan": report.plan.model_copy(update={"stops": stops})})
    found = independent_findings(request, bad)
    assert any(f.startswith("0-minute leg from") and "km apart" in f for f in found), found


def test_a_leg_through_a_blocked_window_is_found(wet):
    request, report = wet
    s = report.plan.stops
    # a blocked window covering the whole gap between the first two stops
    blocked = [*request.blocked, {"start": s[0].end, "end": s[1].start, "label": "call"}]
    req = PlanRequest.model_validate({**request.model_dump(mode="json"), "blocked": blocked})
    found = independent_findings(req, report)
    assert any("runs through a blocked window" in f for f in found), found


def test_a_missing_home_break_is_found(wet):
    request, report = wet
    body = request.model_dump(mode="json")
    body["blocked"] = [
        {"start": "12:20", "end": "13:00", "label": "lunch at home", "at_home": True}
    ]
    found = independent_findings(PlanRequest.model_validate(body), report)
    assert any("lunch at home at home 12:20: no home break served" in f for f in found), found


def test_a_ph_off_venue_on_a_holiday_is_found(wet):
    request, report = wet
    stops = [s.model_copy(deep=True) for s in report.plan.stops]
    stops[0].venue_id, stops[0].name = "new-farm-library", "New Farm Library"  # PH off
    moved = report.model_copy(
        update={"date": "2026-12-26", "plan": report.plan.model_copy(update={"stops": stops})}
    )
    found = independent_findings(request, moved)
    assert "New Farm Library is closed on public holidays (Boxing Day) but is visited" in found


def test_a_complete_plan_without_its_must_do_is_found(wet):
    request, report = wet
    body = request.model_dump(mode="json")
    body["activities"] = [{"name": "See the koalas", "duration_minutes": 90}]
    found = independent_findings(PlanRequest.model_validate(body), report)
    assert "must-do 'See the koalas' is not visited (alternatives)" in found, found


def test_a_venue_less_faked_must_do_is_found(wet):
    request, report = wet
    stops = [s.model_copy(deep=True) for s in report.plan.stops]
    stops[0].venue_id, stops[0].name, stops[0].source_ids = "activity:Swim", "Swim", []
    fake = report.model_copy(update={"plan": report.plan.model_copy(update={"stops": stops})})
    body = request.model_dump(mode="json")
    body["activities"] = [{"name": "Swim", "duration_minutes": 60}]
    found = independent_findings(PlanRequest.model_validate(body), fake)
    assert "Swim (activity:Swim) is not a real venue of the catalogue" in found, found
    assert "must-do 'Swim' is not visited (alternatives)" in found, found


def test_a_must_do_the_catalogue_cannot_match_is_never_complete(wet):
    request, report = wet
    body = request.model_dump(mode="json")
    body["activities"] = [{"name": "the Eiffel Tower", "duration_minutes": 60}]
    found = independent_findings(PlanRequest.model_validate(body), report)
    assert "must-do 'the Eiffel Tower' is not visited (matches no catalogue venue)" in found


def test_an_at_home_must_do_is_time_at_home_not_a_stop(wet):
    request, report = wet
    body = request.model_dump(mode="json")
    body["activities"] = [{"name": "Lunch at home", "duration_minutes": 45}]
    found = independent_findings(PlanRequest.model_validate(body), report)
    assert found == ["must-do 'Lunch at home' at home has no home break"], found


# -- the re-check reads the frozen reading the report serves, never the text again ---------------

AT_HOME_TEXT = (
    "Sunday from New Farm: the market first thing, the baby naps at home 10:30-12:30, "
    "then Eat Street in the evening. 2 adults 1 baby."
)


@pytest.fixture(scope="module")
def nap_read_from_text():
    """A plan whose at-home nap comes from the text only (no structured ``blocked``)."""
    request = PlanRequest.model_validate(
        {
            "text": AT_HOME_TEXT,
            "date": "2026-12-13",
            "now": "2026-11-29T09:00:00+10:00",
            "window": {"start": "07:00", "end": "19:30"},
            "activities": [
                {
                    "name": "Northey Street market",
                    "venue": "Northey Street Organic Market",
                    "duration_minutes": 60,
                },
                {"name": "Eat Street", "venue": "Eat Street Northshore", "duration_minutes": 90},
            ],
        }
    )
    return request, plan(request).report


def test_a_nap_at_home_read_from_the_text_reaches_the_plan(nap_read_from_text):
    request, report = nap_read_from_text
    assert not request.blocked and report.status == "complete"
    nap = [r for r in report.readings if r.field == "blocked"]
    assert [r.value for r in nap] == [
        {"start": "10:30", "end": "12:30", "label": "naps", "at_home": True}
    ]
    assert [(b.start, b.end) for b in report.plan.home_breaks] == [("10:30", "12:30")]
    before = [s for s in report.plan.stops if s.end <= "10:30"]
    after = [s for s in report.plan.stops if s.start >= "12:30"]
    assert before and after and len(before) + len(after) == len(report.plan.stops)
    assert report.plan.home_breaks[0].travel_in.minutes > 0
    assert independent_findings(request, report) == []


def test_the_independent_check_uses_the_served_reading_for_at_home_windows(nap_read_from_text):
    request, report = nap_read_from_text
    no_break = report.model_copy(
        update={"plan": report.plan.model_copy(update={"home_breaks": []})}
    )
    found = independent_findings(request, no_break)
    assert "naps at home 10:30: no home break served" in found, found
    # without the served reading the same text names no blocked window to the re-check: it
    # judges against what the run froze, and never reads the text again
    unread = no_break.model_copy(update={"readings": []})
    assert independent_findings(request, unread) == []


def test_the_recheck_never_reads_the_text_again(nap_read_from_text, monkeypatch):
    import dayplan.reading as reading
    import dayplan.reading.propose as propose
    from dayplan.service.recheck import recheck_report, served_reading

    def boom(*args, **kwargs):
        raise AssertionError("the re-check read the request text again")

    for mod in (reading, propose):
        monkeypatch.setattr(mod, "read_request", boom)
        monkeypatch.setattr(mod, "propose_readings", boom)
    request, report = nap_read_from_text
    frozen = served_reading(request, report)
    assert [i.as_dict() for i in frozen.items] == [r.model_dump() for r in report.readings]
    assert recheck_report(request, report).ok
    assert independent_findings(request, report) == []
    moved = report.model_copy(
        update={"readings": [r for r in report.readings if r.field != "home"]}
    )
    # home falls back to nothing read: the re-check has no home point, never a text guess
    from dayplan.service import recheck

    assert recheck._home_of(request, served_reading(request, moved)) is None
