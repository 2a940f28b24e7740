"""Actions and memory, tool by tool and through the real ADK loop.

Mirrors the execution agent's ten checks in this domain: context schema, valid action,
idempotency (same key / different key), read-after-write, model configuration, tools
registered, invalid input gives a controlled error, loop cap. (Event schema and secrets:
tests/test_event_log.py; auth and cross-user reads: tests/test_auth.py.)
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from pydantic import ValidationError
from sqlalchemy import update

from dayplan.agent.build import build_app
from dayplan.agent.offline_model import OfflinePlannerModel
from dayplan.config import Settings
from dayplan.contract import PlanRequest
from dayplan.service.run import initial_state, plan
from dayplan.store import PREFERENCE_KINDS, get_store, saved_plans
from dayplan.tools import PLANNER_TOOLS, check_plan, search_public_web
from dayplan.tools.actions import get_saved_plan, save_plan
from dayplan.tools.memory import remember_preference
from tests.conftest import load_case

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh SQLite store for this test."""
    url = f"sqlite:///{tmp_path / 'actions.sqlite'}"
    monkeypatch.setenv("DAYPLAN_DB_URL", url)
    store = get_store(url)
    yield store
    store.close()


def ctx_for(request: PlanRequest, user: str = "ann") -> SimpleNamespace:
    state = initial_state(request, run_id="exec-1", now=NOW)
    state.update(user_id=user, execution_id="exec-1")
    return SimpleNamespace(
        state=state,
        user_id=user,
        function_call_id="call-1",
        actions=SimpleNamespace(skip_summarization=False),
    )


def passing_ctx(save: bool = True, request_id: str | None = "req-1", user: str = "ann"):
    ctx = ctx_for(
        PlanRequest(
            text="Plan my Saturday in Brisbane",
            location="Brisbane",
            save=save,
            request_id=request_id,
        ),
        user,
    )
    venue = search_public_web("museums", ctx, indoor_only=True)["results"][0]["id"]
    out = check_plan([{"venue_id": venue, "start": "10:00", "end": "11:30"}], ctx)
    assert out["passed"], out["failures"]
    return ctx, out


def wet_request(**extra) -> PlanRequest:
    return PlanRequest.model_validate({**load_case("wet_weather_family")["request"], **extra})


# -- valid action, idempotency, read-after-write (tool level) -------------------------------


def test_save_refused_unless_asked_and_checked(db):
    ctx, _ = passing_ctx(save=False)
    out = save_plan(ctx)
    assert out["ok"] is False and "save: true" in out["error"]
    unchecked = ctx_for(PlanRequest(text="t", location="Brisbane", save=True))
    assert "no check_plan has passed" in save_plan(unchecked)["error"]
    assert db.count_plans() == 0


def test_valid_action_saves_the_checked_plan_and_verifies_it(db):
    ctx, checked = passing_ctx()
    out = save_plan(ctx, check_id=checked["check_id"])
    assert out == {
        "ok": True,
        "plan_id": out["plan_id"],
        "status": "created",
        "idempotent_replay": False,
    }
    row = db.get_plan(out["plan_id"], user_id="ann")
    assert row.request_id == "req-1"
    assert row.plan["stops"][0]["venue_id"] == checked["stops"][0]["venue_id"]
    assert row.plan["totals"] == checked["totals"]
    assert row.plan["date"] == "2026-11-29"
    read = get_saved_plan(out["plan_id"], ctx)
    assert read["found"] and read["verified"]
    assert ctx.state["saved_verification"] == {
        "plan_id": out["plan_id"],
        "found": True,
        "verified": True,
    }


def test_same_key_replays_and_a_different_plan_under_it_conflicts(db):
    ctx, _ = passing_ctx()
    first = save_plan(ctx)
    again = save_plan(ctx)
    assert again["plan_id"] == first["plan_id"]
    assert (again["status"], again["idempotent_replay"]) == ("already_exists", True)
    venue = ctx.state["saved"]["plan_key"].split("@")[0]
    check_plan([{"venue_id": venue, "start": "13:00", "end": "14:30"}], ctx)
    clash = save_plan(ctx)
    assert clash["ok"] is False and clash["status"] == "conflict"
    assert "nothing was written" in clash["error"]
    assert db.count_plans() == 1


def test_a_different_key_is_a_different_plan(db):
    a, _ = passing_ctx(request_id="req-1")
    b, _ = passing_ctx(request_id="req-2")
    c, _ = passing_ctx(request_id=None)  # falls back to the execution id
    ids = {save_plan(x)["plan_id"] for x in (a, b, c)}
    assert len(ids) == 3 and db.count_plans() == 3
    assert c.state["saved"]["request_id"] == "exec-1"


def test_read_after_write_detects_a_changed_row_and_other_users_rows(db):
    ctx, _ = passing_ctx()
    plan_id = save_plan(ctx)["plan_id"]
    with db.engine.begin() as conn:  # someone edits the stored plan behind our back
        conn.execute(
            update(saved_plans)
            .where(saved_plans.c.plan_id == plan_id)
            .values(plan_json='{"date":"2026-11-29","stops":[]}')
        )
    read = get_saved_plan(plan_id, ctx)
    assert read["found"] is True and read["verified"] is False
    other = ctx_for(PlanRequest(text="t", location="Brisbane", save=True), user="bob")
    assert get_saved_plan(plan_id, other) == {
        "ok": True,
        "plan_id": plan_id,
        "found": False,
        "verified": False,
    }


# -- memory ---------------------------------------------------------------------------------


def test_memory_holds_only_what_the_user_said(db):
    ctx = ctx_for(
        PlanRequest(
            text="Saturday in Brisbane. We live in New Farm; the kids are 4 and 7.",
            preferences=["museums"],
        )
    )
    assert remember_preference("home_suburb", "new farm", ctx)["ok"]
    assert remember_preference("children_ages", "4, 7", ctx)["ok"]
    assert remember_preference("like", "museums", ctx)["ok"]
    results = search_public_web("museums", ctx, location="Brisbane")["results"]
    planted = results[0]["name"]  # a fact from search, not from the user
    refused = remember_preference("like", planted, ctx)
    assert refused["ok"] is False and "never search results" in refused["error"]
    assert remember_preference("children_ages", "5", ctx)["ok"] is False
    assert remember_preference("children_ages", "4; drop table", ctx)["ok"] is False
    assert remember_preference("favourite", "x", ctx)["ok"] is False
    assert [(p.kind, p.value) for p in db.recent_preferences("ann")] == [
        ("like", "museums"),
        ("children_ages", "4, 7"),
        ("home_suburb", "new farm"),
    ]


def test_context_schema_memories_load_at_the_start_of_every_run(db):
    db.remember("local", "home_suburb", "New Farm")
    db.remember("local", "like", "museums")
    db.remember("someone-else", "like", "zoos")
    run = plan(wet_request())
    memories = run.state["recent_memories"]
    assert [(m["kind"], m["value"]) for m in memories] == [
        ("like", "museums"),
        ("home_suburb", "New Farm"),
    ]
    for m in memories:
        assert set(m) == {"kind", "value", "updated_at"} and m["kind"] in PREFERENCE_KINDS
        datetime.fromisoformat(m["updated_at"])
    kinds = [r["event_type"] for r in run.event_records]
    assert kinds[:3] == ["AGENT_STARTED", "CONTEXT_REQUESTED", "CONTEXT_LOADED"]
    assert run.event_records[2]["summary"] == "2 recent preference(s) of user local"
    assert run.report.trace[0].tool == "load_context"
    assert run.report.trace[0].summary == "2 recent preference(s) of user local"


def test_the_offline_model_remembers_when_asked(db):
    text = "Plan Saturday in Brisbane. Remember: we live in New Farm and we love museums."
    run = plan(PlanRequest(text=text, now=NOW))
    assert run.report.status == "complete"
    assert [(p.kind, p.value) for p in db.recent_preferences("local")] == [
        ("like", "museums"),
        ("home_suburb", "New Farm"),
    ]


# -- through the agent: the "done when" ----------------------------------------------


def test_two_identical_saving_runs_one_row_second_is_a_verified_replay(db):
    request = wet_request(save=True, request_id="family-sat-1")
    first, second = plan(request), plan(request)
    assert first.error is None and second.error is None
    a, b = first.report.saved, second.report.saved
    assert a.plan_id == b.plan_id
    assert (a.status, a.idempotent_replay, a.verification_status) == ("created", False, "verified")
    assert (b.status, b.idempotent_replay, b.verification_status) == (
        "already_exists",
        True,
        "verified",
    )
    assert db.count_plans() == 1
    row = db.get_plan(a.plan_id, user_id="local")
    assert [s["venue_id"] for s in row.plan["stops"]] == [
        s.venue_id for s in first.report.plan.stops
    ]
    tools = [s.tool for s in first.report.trace]
    assert tools[-3:] == ["save_plan", "get_saved_plan", "finish"]
    assert "RESULT_VERIFIED" in [r["event_type"] for r in first.event_records]


def test_without_save_nothing_is_saved_and_the_tools_are_hidden(db):
    offered: list[set[str]] = []

    class Recording(OfflinePlannerModel):
        def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
            offered.append(set(llm_request.tools_dict))
            return super().next_turn(llm_request)

    run = plan(wet_request(), model=Recording())
    assert run.report.saved is None and db.count_plans() == 0
    assert offered and not any({"save_plan", "get_saved_plan"} & o for o in offered)
    offered.clear()
    run = plan(wet_request(save=True), model=Recording())
    assert "save_plan" not in offered[0] and "save_plan" in offered[-2]
    assert run.report.saved.verification_status == "verified"


def test_users_are_kept_apart_through_the_agent(db):
    request = wet_request(save=True, request_id="same-id")
    ann, bob = plan(request, user_id="ann"), plan(request, user_id="bob")
    assert ann.report.saved.plan_id != bob.report.saved.plan_id
    assert ann.report.saved.status == bob.report.saved.status == "created"
    assert db.count_plans("ann") == db.count_plans("bob") == 1


# -- model configuration, tools registered, invalid input, loop cap ---------------------------


def test_model_configuration_is_offline_and_capped(monkeypatch):
    settings = Settings()
    assert settings.mode == "offline" and settings.max_llm_calls == 10
    assert settings.describe()["google_api_key_set"] is False
    app = build_app()
    assert isinstance(app.root_agent.model, OfflinePlannerModel)
    assert app.root_agent.model.model == "offline"
    monkeypatch.setenv("DAYPLAN_MAX_LLM_CALLS", "0")
    with pytest.raises(ValidationError):
        Settings()


def test_tools_and_plugins_are_registered():
    names = [t.__name__ for t in PLANNER_TOOLS]
    assert {"save_plan", "get_saved_plan", "remember_preference"} <= set(names)
    assert names[:8] == [
        "record_reading",
        "resolve_date",
        "get_forecast",
        "search_public_web",
        "arrange_plan",
        "check_plan",
        "record_clarification",
        "finish",
    ]
    app = build_app()
    names = [p.name for p in app.plugins]
    assert names[0] == "finish_gate" and names[-1] == "save_gate"
    assert {"unknown_tool", "status_trace_gate", "search_budget", "tool_timeout"} <= set(names)
    run = plan(wet_request())
    assert run.report is not None
    for tool in PLANNER_TOOLS:  # every tool documents its arguments and result for the model
        assert "Returns:" in (tool.__doc__ or "")


@pytest.mark.parametrize(
    "fields, fragment",
    [
        ({"save": "please"}, "save"),
        ({"request_id": "x" * 201}, "request_id"),
        ({"saved": True}, "saved"),
    ],
)
def test_invalid_requests_are_refused_before_any_run(fields, fragment):
    with pytest.raises(ValidationError) as err:
        PlanRequest.model_validate({"text": "t", **fields})
    assert fragment in str(err.value)


def test_invalid_tool_input_is_a_controlled_error(db):
    ctx, _ = passing_ctx()
    assert get_saved_plan("", ctx) == {
        "ok": False,
        "error": "give the plan_id that save_plan returned",
    }
    assert "no passing check_plan with check_id 'nope'" in save_plan(ctx, check_id="nope")["error"]
    assert remember_preference("like", "x" * 201, ctx)["ok"] is False
    assert db.count_plans() == 0


class LoopingModel(BaseLlm):
    """Calls resolve_date forever: the loop guard must stop it."""

    model: str = "looping"

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        call = types.FunctionCall(name="resolve_date", args={"expression": "Saturday"})
        yield LlmResponse(
            content=types.Content(role="model", parts=[types.Part(function_call=call)])
        )


def test_loop_cap_stops_a_looping_model_and_says_so(db):
    run = plan(wet_request(save=True), model=LoopingModel(), max_llm_calls=3)
    assert run.report is None and run.error.rule == "loop_guard"
    assert [s.tool for s in run.steps] == ["resolve_date"] * 3
    last = run.event_records[-1]
    assert last["event_type"] == "AGENT_FAILED" and "loop_guard" in last["summary"]
    assert db.count_plans() == 0
