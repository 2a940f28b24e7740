"""A must-do proven unmatched only after searches (issue 13): the narrow exception to "no
search before needs_clarification", in the one rule, the clarification gate and the graders."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
import respx

from dayplan import data
from dayplan.agent.events import ToolStep
from dayplan.agent.guardrails import ClarificationGatePlugin, asks_about_unmatched_must_do
from dayplan.contract import PlanRequest
from dayplan.evals.graders import _earned
from dayplan.evals.served import Served, served_from_run
from dayplan.evidence import RunEvidence, earned
from dayplan.evidence.status import must_do_unmatched_after_search
from dayplan.service.run import initial_state, plan, run_plan
from dayplan.tools.mustdo import record_matches
from dayplan.tools.search import offline_backend, record_results, use_backend
from tests import live_shapes as shapes

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
CLARIFY = {"status": "needs_clarification", "questions": ["Which place do you mean?"]}


def venues_of(kind: str) -> list:
    return [v for v in data.venues() if v.kind == kind]


def state_with(activities: list[dict], found: list, **extra) -> dict:
    """A run's state after one search that returned ``found``, and code's must-do matches."""
    activities = [{"duration_minutes": 60, **a} for a in activities]
    req = PlanRequest(location="South Brisbane", date="Saturday", activities=activities, **extra)
    state = initial_state(req, run_id="t", now=NOW)
    record_results(state, "call-1", "what we searched for", found)
    record_matches(state)
    return state


def clarify(state: dict, missing: list[str], questions: list[str] | None = None) -> dict:
    RunEvidence(state).record_clarification(questions or ["Which place do you mean?"], missing)
    return state


# -- the one rule ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "activity, missing",
    [
        ("see the koalas", ["must_do"]),
        ("see the koalas", ["must_do:see the koalas"]),
        ("Go to the trampoline park", ["MUST_DO"]),
        ("ride the steam train at Redcliffe", ["must_do: ride the steam train at redcliffe"]),
    ],
)
def test_clarification_after_search_is_earned_for_a_must_do_no_found_venue_matches(
    activity, missing
):
    state = clarify(state_with([{"name": activity}], venues_of("museum")), missing)
    record = RunEvidence(state).must_do_matches()[activity]
    assert record.verdict == "none" and record.unmatched
    assert record.pool == sorted(v.id for v in venues_of("museum"))
    verdict = earned(CLARIFY, state)
    assert verdict.earned, verdict.reason


def test_an_ambiguous_must_do_over_the_found_venues_earns_it_too():
    state = state_with([{"name": "science", "duration_minutes": 60}], list(data.venues()))
    record = RunEvidence(state).must_do_matches()["science"]
    assert record.verdict == "ambiguous" and len(record.venue_ids) >= 2
    assert "Which do you mean by 'science'" in record.question
    assert earned(CLARIFY, clarify(state, ["must_do:science"])).earned


def test_refused_without_a_match_record():
    req = PlanRequest(
        location="South Brisbane", activities=[{"name": "see the koalas", "duration_minutes": 60}]
    )
    state = initial_state(req, run_id="t", now=NOW)
    record_results(state, "call-1", "museums", venues_of("museum"))  # no match recorded
    verdict = earned(CLARIFY, clarify(state, ["must_do"]))
    assert verdict.rule == "status_gate"
    assert "after a search: the request was plannable" in verdict.reason


def test_refused_for_a_must_do_the_found_venues_match():
    state = state_with([{"name": "see the koalas", "duration_minutes": 60}], venues_of("wildlife"))
    assert RunEvidence(state).must_do_matches()["see the koalas"].verdict in ("one", "alternatives")
    for missing in (["must_do"], ["must_do:see the koalas"]):
        state.pop("clarification", None)
        verdict = earned(CLARIFY, clarify(state, missing))
        assert verdict.rule == "status_gate", missing
        assert "plannable" in verdict.reason


@pytest.mark.parametrize(
    "missing", [["location"], ["date"], ["must_do", "date"], ["text"], [], ["must_doo"]]
)
def test_refused_for_a_missing_field_that_is_not_a_must_do(missing):
    state = clarify(
        state_with([{"name": "see the koalas", "duration_minutes": 60}], venues_of("museum")),
        missing,
    )
    verdict = earned(CLARIFY, state)
    assert verdict.rule == "status_gate"
    assert verdict.reason.startswith(
        "needs_clarification after a search: the request was plannable"
    )


def test_refused_when_the_named_must_do_is_not_the_unmatched_one():
    state = state_with(
        [
            {"name": "see the koalas", "duration_minutes": 60},
            {"name": "ride the steam train", "duration_minutes": 60},
        ],
        venues_of("wildlife"),
    )
    matches = RunEvidence(state).must_do_matches()
    assert not matches["see the koalas"].unmatched and matches["ride the steam train"].unmatched
    assert earned(CLARIFY, clarify(state, ["must_do:ride the steam train"])).earned
    state.pop("clarification")
    verdict = earned(CLARIFY, clarify(state, ["must_do:see the koalas"]))
    assert not verdict.earned and "'see the koalas' matched" in verdict.reason


def test_a_match_older_than_the_last_search_that_found_a_venue_proves_nothing():
    state = state_with([{"name": "see the koalas", "duration_minutes": 60}], venues_of("museum"))
    record_results(state, "call-2", "koalas", venues_of("wildlife"))  # not matched again
    verdict = earned(CLARIFY, clarify(state, ["must_do"]))
    assert not verdict.earned
    record_matches(state)  # matched again over every found venue: the koalas are found
    assert not earned(CLARIFY, state).earned


def test_no_search_still_needs_only_a_clarification():
    req = PlanRequest(text="Saturday with the kids")
    state = clarify(initial_state(req, run_id="t", now=NOW), ["location"])
    assert earned(CLARIFY, state).earned
    assert must_do_unmatched_after_search(state) is not None  # the exception is not the rule


# -- the clarification gate ------------------------------------------------------------------


def gate(state: dict, missing: list[str]) -> dict | None:
    ctx = SimpleNamespace(state=state, function_call_id="c")
    args = {"questions": ["I know no venue for 'see the koalas': which place do you mean?"]}
    args["missing"] = missing
    tool = SimpleNamespace(name="record_clarification")
    before = dict(state)
    out = asyncio.run(
        ClarificationGatePlugin().before_tool_callback(tool=tool, tool_args=args, tool_context=ctx)
    )
    assert state == before  # the gate never writes the run's state
    return out


def test_the_gate_lets_through_only_a_question_about_an_unmatched_must_do_after_search():
    state = state_with([{"name": "see the koalas", "duration_minutes": 60}], venues_of("museum"))
    assert gate(state, ["must_do"]) is None
    assert gate(state, ["must_do:see the koalas"]) is None
    refused = gate(state, ["location"])
    assert refused is not None and refused["guardrail"] == "clarification_gate"
    assert gate(state, ["must_do", "date"]) is not None
    matched = state_with(
        [{"name": "see the koalas", "duration_minutes": 60}], venues_of("wildlife")
    )
    assert gate(matched, ["must_do"]) is not None
    assert not asks_about_unmatched_must_do({"missing": ["must_do"]}, matched)


# -- the graders' own statement ----------------------------------------------------------------


def served(body: dict) -> Served:
    return Served(200, "application/json", json.dumps(body))


def search_step(found: list) -> ToolStep:
    results = [
        {"id": v.id, "name": v.name, "kind": v.kind, "suburb": v.suburb, "tags": list(v.tags)}
        for v in found
    ]
    return ToolStep("search_public_web", {"query": "q"}, {"ok": True, "results": results})


def arrange_step(must_dos: list[dict]) -> ToolStep:
    response = {"ok": False, "error": "no venue", "must_dos": must_dos}
    return ToolStep("arrange_plan", {"stops": []}, response)


def clar_step(missing: list[str]) -> ToolStep:
    return ToolStep("record_clarification", {"questions": ["?"], "missing": missing}, {"ok": True})


KOALAS = [{"activity": "see the koalas", "verdict": "none", "question": "Which place?"}]
CASE = {"see the koalas": "see the koalas", "museum": "museum"}
MUSEUMS = venues_of("museum")


@pytest.mark.parametrize(
    "steps, must_dos",
    [
        ([search_step(MUSEUMS), arrange_step(KOALAS), clar_step(["must_do"])], None),
        ([search_step(MUSEUMS), clar_step(["must_do:see the koalas"])], None),
        ([search_step(MUSEUMS), clar_step(["must_do:see the koalas"])], CASE),
        ([search_step(MUSEUMS), clar_step(["must_do"])], CASE),  # the koalas are unmatched
    ],
)
def test_the_graders_accept_a_clarification_about_a_must_do_the_searches_did_not_find(
    steps, must_dos
):
    ok, detail = _earned("needs_clarification", served(CLARIFY), steps, must_dos)
    assert ok, detail


@pytest.mark.parametrize(
    "steps, must_dos, why",
    [
        ([search_step(MUSEUMS), clar_step(["location"])], CASE, "plannable"),
        ([search_step(MUSEUMS), clar_step(["must_do", "date"])], CASE, "plannable"),
        ([search_step(MUSEUMS), clar_step(["must_do"])], None, "no named or listed"),
        (
            [search_step(venues_of("wildlife")), arrange_step(KOALAS), clar_step(["must_do"])],
            None,
            "matches found",
        ),
        ([search_step(MUSEUMS), clar_step(["must_do:museum"])], CASE, "matches found"),
        ([search_step(MUSEUMS), clar_step(["must_do:unicorn rides"])], CASE, "no must-do"),
        (
            [search_step(MUSEUMS + venues_of("wildlife")), clar_step(["must_do"])],
            CASE,
            "matches found",
        ),
    ],
)
def test_the_graders_refuse_every_other_clarification_after_a_search(steps, must_dos, why):
    ok, detail = _earned("needs_clarification", served(CLARIFY), steps, must_dos)
    assert not ok and why in detail, detail


# -- whole runs ----------------------------------------------------------------------------------


async def museums_only(query, indoor_only, near):
    """A search backend whose results hold no koalas, whatever is asked (a live web answer)."""
    return [v for v in offline_backend("museum", indoor_only, near) if v.kind == "museum"]


def test_a_stand_in_run_asks_when_the_must_do_is_only_proven_unmatched_after_searching():
    req = PlanRequest(
        location="South Brisbane",
        date="Saturday",
        now=NOW,
        window={"start": "09:00", "end": "15:00"},
        preferences=["museums"],
        activities=[{"name": "see the koalas", "duration_minutes": 60}],
    )
    assert not record_matches_before_search(req)  # the offline catalogue has koalas
    with use_backend(museums_only):
        run = asyncio.run(run_plan(req))
    assert run.error is None, run.error
    report = run.report
    tools = [s.tool for s in report.trace]
    assert tools.index("search_public_web") < tools.index("record_clarification")
    assert tools[-3:] == ["arrange_plan", "record_clarification", "finish"]
    assert report.status == "needs_clarification"
    assert report.questions == ["I know no venue for 'see the koalas': which place do you mean?"]
    ok, detail = _earned("needs_clarification", served_from_run(run), run.steps, CASE)
    assert ok, detail
    assert not any("must_dos" in (s.response or {}) for s in run.steps if s.tool != "arrange_plan")


def record_matches_before_search(req: PlanRequest) -> list:
    from dayplan.tools.mustdo import questions

    return questions(initial_state(req, run_id="t", now=NOW))


@respx.mock
def test_a_live_run_asks_about_a_must_do_its_grounded_search_did_not_find(live_env):
    """Gemini (recorded-shape HTTP) searches, code matches the must-do over what the grounded
    search returned (only the museum), and the clarification naming it is earned."""
    question = "I know no venue for 'see the koalas': which place do you mean?"
    turns = iter(
        [
            shapes.function_call_response("resolve_date", {"expression": "Saturday"}, 0),
            shapes.function_call_response("search_public_web", {"query": "koalas"}, 1),
            shapes.function_call_response(
                "record_clarification", {"questions": [question], "missing": ["must_do"]}, 2
            ),
            shapes.function_call_response(
                "finish",
                {
                    "report_json": json.dumps(
                        {"status": "needs_clarification", "questions": [question]}
                    )
                },
                3,
            ),
            shapes.text_response("Done."),
        ]
    )
    shapes.mock_generate(turns)
    request = PlanRequest(
        location="South Brisbane",
        date="Saturday",
        now=NOW,
        weather={"rain": []},
        window={"start": "09:00", "end": "17:00"},
        activities=[{"name": "see the koalas", "duration_minutes": 60}],
    )
    run = plan(request, model="live")
    assert run.error is None, run.error
    report = run.report
    assert [s.tool for s in report.trace] == [
        "resolve_date",
        "search_public_web",
        "record_clarification",
        "finish",
    ]
    assert report.status == "needs_clarification" and report.questions == [question]
    match = RunEvidence(run.state).must_do_matches()["see the koalas"]
    assert match.verdict == "none" and match.pool == sorted(RunEvidence(run.state).venue_records())
    assert match.pool  # the grounded search did return a venue: just not one with koalas
    ok, detail = _earned("needs_clarification", served_from_run(run), run.steps, CASE)
    assert ok, detail


def test_searches_that_found_nothing_at_all_earn_no_must_do_question():
    state = clarify(state_with([{"name": "see the Louvre"}], []), ["must_do"])
    assert RunEvidence(state).must_do_matches()["see the Louvre"].verdict == "none"
    verdict = earned(CLARIFY, state)
    assert not verdict.earned and "returned no venue" in verdict.reason
    steps = [search_step([]), clar_step(["must_do:see the louvre"])]
    ok, detail = _earned("needs_clarification", served(CLARIFY), steps, {"see the louvre": "x"})
    assert not ok and "returned no venue" in detail
