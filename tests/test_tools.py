"""Tools never raise into the model: bad arguments come back as structured errors."""

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from dayplan.contract import PlanRequest
from dayplan.evidence import RunEvidence
from dayplan.service.run import initial_state
from dayplan.tools import check_plan, finish, record_clarification, resolve_date, search_public_web
from dayplan.tools.state import assumptions, found_venues

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))


@pytest.fixture
def ctx():
    state = initial_state(PlanRequest(text="t", location="Brisbane"), run_id="t", now=NOW)
    return SimpleNamespace(
        state=state, function_call_id="call-1", actions=SimpleNamespace(skip_summarization=False)
    )


def test_resolve_date_records_date_and_assumption(ctx):
    out = resolve_date("Saturday", ctx)
    assert out == {
        "ok": True,
        "date": "2026-12-05",
        "weekday": "Saturday",
        "today": "2026-11-29",
        "assumption": "Saturday resolved to 2026-12-05",
    }
    assert ctx.state["date"] == "2026-12-05"
    assert assumptions(ctx.state) == ["Saturday resolved to 2026-12-05"]


def test_resolve_date_bad_input_is_an_error_result(ctx):
    out = resolve_date("the day after never", ctx)
    assert out["ok"] is False and "cannot read" in out["error"]


def test_search_records_facts_and_sources_by_id(ctx):
    out = search_public_web("museums", ctx, indoor_only=True)
    assert out["ok"] and out["results"]
    ids = {r["id"] for r in out["results"]}
    assert set(found_venues(ctx.state)) == ids
    assert set(RunEvidence(ctx.state).sources()) == {f"src-{i}" for i in ids}
    assert all(
        r["untrusted_description"].startswith("<<untrusted_description>>") for r in out["results"]
    )
    assert all(s.kind == "offline_snapshot" for s in RunEvidence(ctx.state).sources().values())


def test_search_outside_coverage_returns_nothing_with_a_note(ctx):
    out = search_public_web("museums", ctx, location="Sydney")
    assert out["ok"] and out["results"] == [] and "Brisbane only" in out["note"]


@pytest.mark.parametrize(
    "stops, fragment",
    [
        ("not a list", "argument stops: a list is needed"),
        ([{"start": "09:00", "end": "10:00"}], "needs a venue_id"),
        ([{"venue_id": "x", "start": "9am", "end": "10:00"}], "HH:MM"),
        ([1], "argument stops.0: an object is needed"),
    ],
)
def test_check_plan_bad_arguments(ctx, stops, fragment):
    out = check_plan(stops, ctx)
    assert out["ok"] is False and fragment in out["error"]


def test_check_plan_unknown_venue_is_a_failure_not_an_error(ctx):
    out = check_plan([{"venue_id": "made-up", "start": "10:00", "end": "11:00"}], ctx)
    assert out["ok"] is True and out["passed"] is False
    assert [f["code"] for f in out["failures"]] == ["unknown_venue"]


def test_check_plan_takes_no_constraints_from_the_model(ctx):
    out = check_plan([], ctx, constraints={"mode": "rocket"})
    assert out["ok"] is False and out["status"] == "invalid_arguments"


def test_clarification_and_finish(ctx):
    assert record_clarification([], ctx)["ok"] is False
    assert record_clarification(["a?", "b?", "c?", "d?"], ctx)["ok"] is False
    out = record_clarification(["Which suburb?"], ctx, missing=["location"])
    assert out == {"ok": True, "questions": ["Which suburb?"], "missing": ["location"]}
    assert finish('{"status": "needs_clarification"}', ctx) == {"ok": True, "received_chars": 33}
    assert ctx.actions.skip_summarization is True
