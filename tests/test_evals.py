"""The eval harness: case files, the three graders, the runner's saved files, the release gate
(offline, and failing for the right reasons with faulty models), ADK export and replay tests."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest
from google.adk.evaluation.eval_config import EvalConfig
from google.adk.evaluation.eval_set import EvalSet
from google.adk.events import Event

from dayplan.agent.events import tool_steps
from dayplan.cli import main
from dayplan.evals.adk_export import write_eval_set
from dayplan.evals.case import EvalCase, load_cases
from dayplan.evals.gate import gate_reasons
from dayplan.evals.graders import grade_contract, grade_meaning, grade_trace
from dayplan.evals.judge import apply_judge, judge_prompt, live_judge_available, parse_verdict
from dayplan.evals.replay import ReplayModel, load_events, model_turns
from dayplan.evals.runner import run_case, run_eval
from dayplan.evals.served import Served, served_from_run
from dayplan.evals.to_test import write_regression_test
from dayplan.service.run import plan
from tests.conftest import CASES, ROOT

ALL = load_cases(CASES)
BY_NAME = {c.name: c for c in ALL}


def test_there_are_at_least_forty_cases_of_every_kind():
    assert len(ALL) >= 40
    statuses = Counter(c.expect.status for c in ALL)
    assert statuses["complete"] >= 20 and statuses["no_feasible_plan"] >= 8
    assert statuses["needs_clarification"] >= 5 and statuses["invalid_request"] >= 3
    origins = Counter(c.origin.kind for c in ALL)
    assert origins["original"] == 3 and origins["saved_failure"] >= 5
    for c in ALL:
        if c.origin.kind == "saved_failure":
            assert c.origin.model and c.origin.observed


def test_invalid_request_cases_really_fail_validation():
    for c in ALL:
        assert (c.request_error() is not None) == (c.expect.status == "invalid_request"), c.name


def test_the_gate_passes_offline_and_saves_everything(eval_run):
    code, out, err, tmp_path = eval_run  # the suite's one eval over every case (conftest)
    assert code == 0, err
    assert "gate: PASSED" in out and f"{len(ALL)}/{len(ALL)} cases passed" in out
    assert "cases wall time:" in out
    assert err.count("\n") >= len(ALL)  # a progress line per case
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["cases"] == summary["passed"] == len(ALL)
    assert (tmp_path / "scores.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "summary.md").read_text().count("\n| ") == len(ALL) + 1
    events = load_events(tmp_path / "wet_weather_family.events.jsonl")
    assert events and all(isinstance(e, Event) for e in events)
    served = Served.from_dict(
        json.loads((tmp_path / "wet_weather_family.response.json").read_text())
    )
    assert served.http_status == 200 and served.json()["status"] == "complete"
    grades = json.loads((tmp_path / "negative_budget.grades.json").read_text())
    assert grades["served"] == "invalid_request" and grades["passed"]
    assert (tmp_path / "negative_budget.events.jsonl").read_text() == ""


def _run(model: str, names: list[str], out: Path):
    cases = [BY_NAME[n] for n in names]
    return asyncio.run(run_eval(cases, out, model))


@pytest.mark.parametrize(
    ("model", "names", "expected"),
    [
        (
            "eval-fault:broken_json",
            ["wet_weather_family"],
            ["critical meaning failure status", "finish_payload", "trace:status_earned"],
        ),
        ("eval-fault:skip_date", ["wet_weather_family"], ["trace:required_order", "resolve_date"]),
        (
            "eval-fault:search_first",
            ["missing_essentials"],
            # the status-versus-trace guardrail refuses the unearned finish during the run
            ["critical trace failure trace:forbidden:search_public_web", "status_trace_gate"],
        ),
    ],
)
def test_faulty_models_fail_the_gate_for_the_right_reason(tmp_path, model, names, expected):
    run = _run(model, names, tmp_path)
    reasons = "\n".join(gate_reasons(run, tests=None))
    assert reasons
    for text in expected:
        assert text in reasons
    assert not any(r.grades["contract"].critical_failures for r in run.results)


def test_gate_failure_exits_nonzero_with_each_reason_on_stderr(tmp_path, capsys):
    argv = ["eval", "--skip-tests", "--out", str(tmp_path), "--model", "eval-fault:broken_json"]
    code = main([*argv, "--only", "impossible_schedule", "missing_essentials"])
    out, err = capsys.readouterr()
    assert code == 1 and "gate: FAILED" in out
    assert "GATE FAILED (4 reason(s))" in err
    assert (
        sum("finish_payload" in line for line in err.splitlines() if line.startswith("  - ")) == 4
    )


def test_bad_eval_input_is_one_line_exit_two(capsys):
    assert main(["eval", "--cases", "no/such/dir"]) == 2
    assert main(["eval", "--skip-tests", "--model", "eval-fault:nope"]) == 2
    assert main(["eval", "--only", "no_such_case"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 3 and "unknown eval fault 'nope'" in err


def _served_wet() -> tuple[EvalCase, Served, list]:
    case = BY_NAME["wet_weather_family"]
    run = plan(case.plan_request())
    return case, served_from_run(run), run.steps


def test_contract_grader_catches_broken_json_that_meaning_cannot_read():
    case, served, steps = _served_wet()
    assert all(g.score == 5 for g in (grade_meaning(case, served), grade_contract(case, served)))
    broken = Served(200, "application/json", served.body[:-2])
    contract = grade_contract(case, broken)
    assert contract.score == 0 and contract.critical_failures == ["contract:parse"]
    assert "not JSON" in contract.checks[-1].detail


def test_contract_grader_catches_schema_and_rule_breaks_meaning_misses():
    case, served, _ = _served_wet()
    body = json.loads(served.body)
    body["plan"]["stops"][0]["start"] = "9:30"  # not HH:MM
    body["plan"]["stops"][0]["cost"]["amount"] = "free"  # not a number
    bad = Served(200, "application/json", json.dumps(body))
    assert grade_meaning(case, bad).score == 5  # reads fine
    contract = grade_contract(case, bad)
    assert contract.critical_failures == ["contract:schema", "contract:rules"]
    assert "2 schema error(s)" in contract.checks[2].detail
    body = json.loads(served.body)
    body["questions"] = ["Where?"]  # questions with complete: schema-valid, breaks a rule
    rule = grade_contract(case, Served(200, "application/json", json.dumps(body)))
    assert rule.critical_failures == ["contract:rules"]


def test_trace_grader_requires_a_passing_check_on_the_served_stops():
    case, served, steps = _served_wet()
    assert grade_trace(case, served, steps).score == 5
    no_checks = [s for s in steps if s.tool != "check_plan"]
    grade = grade_trace(case, served, no_checks)
    assert "trace:status_earned" in grade.critical_failures and grade.score == 0


def test_meaning_grader_properties_are_critical():
    case, served, _ = _served_wet()
    strict = case.model_copy(
        update={"expect": case.expect.model_copy(update={"max_cost": 10, "all_indoor": True})}
    )
    grade = grade_meaning(strict, served)
    assert grade.critical_failures == ["property:max_cost"]  # every stop is indoor


def test_judge_is_offline_never_called_and_only_lowers_scores():
    case, served, _ = _served_wet()
    assert not live_judge_available()
    prompt = judge_prompt(case, served)
    assert "rationale_matches_totals:" in prompt and "Do not judge formatting" in prompt

    class FakeJudge:
        name = "fake"

        async def ask(self, prompt: str) -> str:
            return 'Sure: {"score": 3, "failed": ["rationale_names_stops"], "reason": "meh"}'

    grade = asyncio.run(apply_judge(grade_meaning(case, served), case, served, FakeJudge()))
    assert grade.score == 3 and not grade.passed
    assert grade.judge["prompt"] == prompt and grade.judge["failed"] == ["rationale_names_stops"]
    assert parse_verdict("no json here")["score"] == 0


def test_adk_export_loads_with_adk_eval_set(tmp_path):
    path = tmp_path / "dayplan.evalset.json"
    assert main(["eval", "--cases", str(CASES), "--export-adk", str(path)]) == 0
    count = write_eval_set(ALL, path)
    eval_set = EvalSet.model_validate_json(path.read_text())
    assert count == len(eval_set.eval_cases) == len(ALL) - 3  # invalid requests left out
    first = {c.eval_id: c for c in eval_set.eval_cases}["impossible_schedule"]
    tools = [t.name for t in first.conversation[0].intermediate_data.tool_uses]
    assert tools == ["record_reading", "check_plan", "finish"]
    assert first.session_input.state["now"] == "2026-11-29T09:00:00+10:00"
    config = EvalConfig.model_validate_json((tmp_path / "test_config.json").read_text())
    assert "tool_trajectory_avg_score" in config.criteria


def test_replaying_an_offline_run_serves_the_same_report():
    case = BY_NAME["storm_afternoon_lunch"]
    first = plan(case.plan_request())
    again = plan(case.plan_request(), model=ReplayModel(turns=model_turns(first.events)))
    a, b = first.report.model_dump(), again.report.model_dump()
    a.pop("run_id"), b.pop("run_id"), a.pop("model"), b.pop("model")
    assert a == b


def test_a_drifted_rationale_is_repaired_by_the_boundary_not_left_to_the_grader(tmp_path):
    """The boundary keeps only rationale sentences whose figures the check backs, so the costs
    ``eval-fault:drifted_cost`` writes never reach a reader; the drop is stated."""
    result = asyncio.run(
        run_case(BY_NAME["sunny_couple_walk"], tmp_path, "eval-fault:drifted_cost")
    )
    body = result.served.json()
    assert result.passed and body["status"] == "complete"
    assert any(
        a.startswith("Dropped from the rationale a sentence stating 'AUD 5'")
        for a in body["assumptions"]
    )
    assert "AUD 5" not in body["plan"]["rationale"]


def test_to_test_writes_a_replay_test_that_passes(tmp_path):
    case = BY_NAME["wet_weather_family"]
    result = asyncio.run(run_case(case, tmp_path, "eval-fault:skip_date"))
    assert not result.passed
    path = write_regression_test(tmp_path, case.name, tmp_path / "test_generated.py")
    text = path.read_text()
    assert "ReplayModel(turns=TURNS)" in text and "trace:required_order" in text
    spec = importlib.util.spec_from_file_location("generated_regression", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.test_wet_weather_family_replay_is_caught()
    with pytest.raises(ValueError, match="no failure"):
        asyncio.run(run_case(case, tmp_path, "offline"))
        write_regression_test(tmp_path, case.name, tmp_path / "x.py")


def test_committed_regressions_exist():
    assert len(list((ROOT / "tests" / "regressions").glob("test_*.py"))) >= 2


@pytest.mark.parametrize(
    "body",
    [
        "[]",
        "null",
        '{"status": "complete"}',
        '{"status": "complete", "plan": 3}',
        '{"status": "complete", "plan": {"stops": [{"indoor": false}], "totals": "x"}}',
        '{"status": "complete", "plan": {"stops": "x", "rationale": 5}, "assumptions": 7}',
        '{"status": "no_feasible_plan", "constraint_failures": [1, {"code": null}]}',
        '{"title": "Invalid request", "detail": 3}',
    ],
)
def test_graders_never_crash_on_a_malformed_body(body):
    case = BY_NAME["storm_afternoon_lunch"]
    served = Served(200, "application/json", body)
    grades = [
        grade_meaning(case, served),
        grade_contract(case, served),
        grade_trace(case, served, []),
    ]
    assert all(not g.passed for g in grades[1:])
    assert grades[0].score < 5 or grades[1].score == 0


def test_saved_failures_still_fail_when_regraded_from_their_files():
    folder = CASES / "saved_failures"
    saved = [c for c in ALL if c.origin.kind == "saved_failure"]
    for case in saved:
        served = Served.from_dict(json.loads((folder / f"{case.name}.response.json").read_text()))
        events = load_events(folder / f"{case.name}.events.jsonl")
        grades = [
            grade_meaning(case, served),
            grade_contract(case, served),
            grade_trace(case, served, tool_steps(events)),
        ]
        assert grades[1].passed, case.name  # what was served always held the contract
        assert any(g.critical_failures for g in grades), case.name


def test_meaning_grader_refuses_a_complete_plan_that_drops_or_fakes_its_must_do():
    case, served, _ = _served_wet()
    koalas = case.model_copy(
        update={
            "request": {
                **case.request,
                "activities": [{"name": "See the koalas", "duration_minutes": 90}],
            }
        }
    )
    grade = grade_meaning(koalas, served)
    failed = {c.id: c.detail for c in grade.checks if not c.passed}
    assert (
        "must-dos not visited: 'See the koalas' (alternatives)"
        in failed["property:must_dos_visited"]
    )
    body = json.loads(served.body)
    body["plan"]["stops"][0].update(venue_id="activity:Swim", name="Swim", source_ids=[])
    grade = grade_meaning(case, Served(200, "application/json", json.dumps(body)))
    failed = {c.id: c.detail for c in grade.checks if not c.passed}
    assert failed["property:must_dos_visited"] == "venue-less stops served as done: ['Swim']"
