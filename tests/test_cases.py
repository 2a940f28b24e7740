"""The thirteen (and more) cases through the real ADK loop, served through the boundary."""

from __future__ import annotations

import json

import pytest

from dayplan.cli import main
from dayplan.contract import DayPlanReport
from dayplan.service.recheck import independent_findings, recheck_report
from dayplan.service.run import plan
from tests.conftest import case_names, case_request, load_case


def test_there_are_at_least_thirteen_cases():
    assert len(case_names()) >= 13


@pytest.mark.parametrize("name", case_names())
def test_case_gives_expected_status(capsys, monkeypatch, eval_run, name):
    """Each case as the service served it in the suite's one eval run (``eval_run``: every case
    is planned once), checked again here by the checker's re-check and the independent rules;
    an invalid request is also refused by the CLI (exit 2, one line naming the field)."""
    monkeypatch.chdir(load_case.__globals__["ROOT"])
    expect = load_case(name)["expect"]
    response = json.loads((eval_run[3] / f"{name}.response.json").read_text())
    if expect["status"] == "invalid_request":
        # contradictory input is rejected before the agent runs: exit 2, one line naming the field
        assert response["http_status"] == 422, response
        code = main(["plan", f"cases/{name}.json", "--json"])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1
        assert f"invalid request at {expect['rejected_field']}" in err
        return
    assert response["http_status"] == 200, response
    report = DayPlanReport.model_validate_json(response["body"])
    assert report.status == expect["status"]
    tools = [s.tool for s in report.trace]
    if "tools_in_order" in expect:
        compact = [t for i, t in enumerate(tools) if i == 0 or tools[i - 1] != t]
        assert compact == expect["tools_in_order"]
    for forbidden in expect.get("forbidden_tools", []):
        assert forbidden not in tools
    for code in expect.get("failure_codes", []):
        assert code in [f.code for f in report.constraint_failures]
    if "date" in expect:
        assert report.date == expect["date"]
    if report.status == "complete":
        # every served complete plan passes check_plan again, re-checked from its JSON
        again = recheck_report(case_request(name), report)
        assert again.ok, again.failures
        # and by rules written independently of core/checker.py: no 0-minute leg between two
        # points, no leg through a blocked window, home for at-home windows, holiday closures
        assert independent_findings(case_request(name), report) == []
        assert again.total_cost == report.plan.totals.cost
        assert again.home_by == int(report.plan.totals.home_by[:2]) * 60 + int(
            report.plan.totals.home_by[3:]
        )
        assert report.sources and {s.kind for s in report.sources} == {"offline_snapshot"}
        assert all(s.source_ids for s in report.plan.stops)
        if expect.get("no_outdoor_in_rain") or expect.get("all_indoor"):
            assert all(s.indoor for s in report.plan.stops) or expect.get("no_outdoor_in_rain")
        if "max_cost" in expect:
            assert report.plan.totals.cost <= expect["max_cost"]
        if "home_by" in expect:
            assert report.plan.totals.home_by <= expect["home_by"]
    assert report.model == "offline"


def test_wet_weather_tool_path_and_rain():
    run = plan(case_request("wet_weather_family"))
    assert run.error is None
    tools = [s.tool for s in run.steps]
    assert tools[:2] == ["record_reading", "resolve_date"]
    assert tools[-3:] == ["arrange_plan", "check_plan", "finish"]
    assert set(tools[2:-3]) == {"search_public_web"}
    assert all(s.args.get("indoor_only") for s in run.steps if s.tool == "search_public_web")
    checks = [s for s in run.steps if s.tool == "check_plan"]
    assert all(c.response["passed"] for c in checks)
    # check_plan verified exactly the itinerary the scheduler arranged
    arranged = next(s for s in run.steps if s.tool == "arrange_plan").response
    assert arranged["arranged"] and arranged["passed"]
    assert checks[-1].args["stops"] == arranged["itinerary"]
    report = run.report
    assert report.status == "complete" and report.date == "2026-12-05"
    assert "Saturday resolved to 2026-12-05" in report.assumptions
    for stop in report.plan.stops:
        start, end = stop.start, stop.end
        in_rain = start < "15:00" and end > "11:00"
        assert stop.indoor or not in_rain
        assert not (start < "14:00" and end > "13:00"), "overlaps the nap"
    assert report.plan.totals.cost <= 100
    assert all(s.travel_in.minutes <= 30 for s in report.plan.stops)


def test_impossible_schedule_path_is_check_then_finish():
    run = plan(case_request("impossible_schedule"))
    assert [s.tool for s in run.steps] == ["record_reading", "check_plan", "finish"]
    failure = run.report.constraint_failures[0]
    assert failure.code == "window_too_short"
    assert failure.detail.startswith("window 30 min < 2 × 60 min of must-do activities")


def test_vague_request_only_clarifies():
    run = plan(case_request("missing_essentials"))
    assert [s.tool for s in run.steps] == ["record_reading", "record_clarification", "finish"]
    assert run.report.questions and all(len(q) < 80 for q in run.report.questions)
    assert run.report.plan is None


def test_runs_are_deterministic_apart_from_run_id():
    a = plan(case_request("wet_weather_family")).report.model_dump()
    b = plan(case_request("wet_weather_family")).report.model_dump()
    a.pop("run_id"), b.pop("run_id")
    assert a == b


def test_served_json_has_the_contract_fields(capsys, monkeypatch):
    monkeypatch.chdir(load_case.__globals__["ROOT"])
    main(["plan", "wet_weather_family", "--json"])
    body = json.loads(capsys.readouterr().out)
    stop = body["plan"]["stops"][0]
    assert set(stop) >= {
        "venue_id",
        "name",
        "start",
        "end",
        "indoor",
        "cost",
        "travel_in",
        "source_ids",
    }
    assert set(body["plan"]["totals"]) == {"cost", "currency", "travel_minutes", "home_by"}
    assert set(body["sources"][0]) >= {"id", "title", "url", "kind"}


def test_a_must_visit_in_free_text_is_kept_or_proved_impossible():
    """'we must see Lone Pine koalas' is a must-do read from the text: the plan keeps it, or
    the run proves why it cannot (never a complete plan that silently drops it)."""
    from dayplan.contract import PlanRequest

    text = "Plan my Sunday 2026-12-13 in West End, we must see Lone Pine koalas, 2 adults, AUD 500"
    run = plan(PlanRequest(text=text, now="2026-11-29T09:00:00+10:00"))
    assert run.report.status == "complete"
    assert run.report.plan.stops[0].venue_id == "lone-pine-koala-sanctuary"
    wet = plan(
        PlanRequest(
            text=text.replace("Sunday 2026-12-13", "Saturday"), now="2026-11-29T09:00:00+10:00"
        )
    )
    # no start said: it fits only leaving before the assumed 09:00, so that is asked
    assert wet.report.status == "needs_clarification"
    assert "leave home at 08:35" in wet.report.questions[0]
    wet = plan(
        PlanRequest(
            text=text.replace("Sunday 2026-12-13", "Saturday") + ", from 9",
            now="2026-11-29T09:00:00+10:00",
        )
    )
    assert wet.report.status == "no_feasible_plan"
    # rain 11:00-15:00 and the 17:00 end of the day together: both members are served
    codes = [f.code for f in wet.report.constraint_failures]
    assert codes == ["home_after_deadline", "outdoor_in_rain"]
    assert {f.venue_id for f in wet.report.constraint_failures} == {"lone-pine-koala-sanctuary"}
