"""Every agent-level faulty model on the wet-weather case: the exact served outcome with every
guardrail on, and what happens with the guardrails that catch it switched off."""

from __future__ import annotations

import pytest

from dayplan.agent.faults import FAULTS, list_faults
from dayplan.agent.faults.guardrail import FAULTS as GUARDRAIL_FAULTS
from dayplan.agent.guardrails import GuardrailConfig
from dayplan.cli import main
from dayplan.evidence import RunEvidence
from dayplan.service.run import plan
from tests.conftest import case_request

BASELINE = [
    "lollipops-playland-cannon-hill",
    "sparklab-sciencentre",
    "state-library-of-queensland",
    "gallery-of-modern-art",
]  # arranged by the scheduler: one venue per kind, the window used

# fault -> (guardrail refusals in the trace, served stop ids) with every guardrail on
STEERED = {
    "premature_finish": (["finish_gate"], BASELINE),
    "search_loop": (["search_budget", "search_budget"], BASELINE),
    "unknown_tool": (["unknown_tool"], BASELINE),
    "invented_source": (["status_trace_gate"], BASELINE),
    "needless_clarification": (["clarification_gate"], BASELINE),
    "unchecked_stop": (["status_trace_gate"], BASELINE),
    "ignores_failed_check": (
        ["status_trace_gate"],
        ["museum-of-brisbane", "qld-museum-kurilpa", "state-library-of-queensland"],
    ),
    "obeys_injections": ([], BASELINE),
}
REJECTED = {
    "skip_validation": "rejected by finish_gate: finish is not available yet: run check_plan or "
    "record_clarification first",
    "stubborn_search_loop": "rejected by loop_guard: the run used all 10 model turns without "
    "finishing (max_llm_calls)",
}
# fault -> outcome with the guardrails that catch it switched off (loop_guard off would never end)
OFF = {
    "skip_validation": "rejected:status_gate",
    "premature_finish": "rejected:status_gate",
    "search_loop": "rejected:loop_guard",
    "unknown_tool": "complete",
    "invented_source": "rejected:unsupported_source",
    "needless_clarification": "needs_clarification",
    "unchecked_stop": "rejected:status_gate",
    "ignores_failed_check": "rejected:status_gate",
    "obeys_injections": "complete",
}


def refusals(run) -> list[str]:
    return [
        s.response["guardrail"] for s in run.steps if s.response and s.response.get("guardrail")
    ]


def outcome(run) -> str:
    return run.report.status if run.report else f"rejected:{run.error.rule}"


def test_every_agent_fault_is_covered_and_declares_its_outcome():
    agent = {f.name for f in GUARDRAIL_FAULTS}
    assert len(agent) >= 8
    assert agent == set(STEERED) | set(REJECTED)
    listed = {f.name: f for f in list_faults()}
    for name in STEERED:
        assert listed[name].expected == "steered:complete"
    for name in REJECTED:
        assert listed[name].expected == "rejected:" + REJECTED[name].split()[2].rstrip(":")


@pytest.mark.parametrize("name", sorted(STEERED))
def test_steered_to_an_earned_complete_report(name):
    run = plan(case_request("wet_weather_family"), model=f"faulty:{name}")
    expected_refusals, stops = STEERED[name]
    assert run.error is None, run.error
    assert run.report.status == "complete"
    assert run.report.model == f"faulty:{name}"
    served = [s.venue_id for s in run.report.plan.stops]
    assert served == stops
    assert served in [c.venue_ids for c in RunEvidence(run.state).passing_checks()]
    assert refusals(run) == expected_refusals
    returned = {s.url for s in run.report.sources}
    assert "example" not in " ".join(returned)


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_rejected_with_one_line_naming_the_guardrail(name, capsys):
    # --json: progress lines are silent, so stderr is exactly the one rejection line
    code = main(["plan", "wet_weather_family", "--json", "--model", f"faulty:{name}"])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""
    assert err.strip() == REJECTED[name]
    assert len(err.strip().splitlines()) == 1
    # the readable mode shows the progress lines first; the rejection is still its last line
    assert main(["plan", "wet_weather_family", "--model", f"faulty:{name}"]) == 3
    assert capsys.readouterr().err.strip().splitlines()[-1] == REJECTED[name]


@pytest.mark.parametrize("name", sorted(OFF))
def test_with_its_guardrails_off_the_fault_shows(name):
    caught_by = FAULTS[name].caught_by
    config = GuardrailConfig().without(*caught_by)
    run = plan(case_request("wet_weather_family"), model=f"faulty:{name}", guardrails=config)
    assert outcome(run) == OFF[name]
    assert not set(refusals(run)) & set(caught_by)
    if (
        name == "unknown_tool"
    ):  # ADK's own answer has no "ok": false, so the trace calls it a success
        step = run.steps[0]
        assert step.tool == "get_weather_forecast" and step.ok
        assert "no tool with that name" in step.response["error"]
    if name == "needless_clarification":  # the boundary serves it: only the gate can catch it
        assert run.report.questions == ["Which city or suburb should I plan the day in?"]


def test_faults_command_lists_one_per_line_name_first(capsys):
    assert main(["faults"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    names = [line.split()[0] for line in lines]
    assert set(STEERED) | set(REJECTED) <= set(names)
    assert names == sorted(names)
    skip = next(line for line in lines if line.startswith("skip_validation "))
    assert skip.split()[1] == "rejected:finish_gate"


def test_one_registry_of_functions_over_the_next_step_run_by_one_adapter():
    import inspect

    from google.adk.models.base_llm import BaseLlm

    from dayplan.agent import faults
    from dayplan.agent.faults import FaultyModel, make_faulty

    families = {f.family for f in FAULTS.values()}
    assert families == {"faulty", "eval-fault"}
    assert {f.name for f in list_faults("eval-fault")} == {
        "broken_json",
        "drifted_cost",
        "search_first",
        "skip_date",
    }
    for key, fault in FAULTS.items():
        assert inspect.isfunction(fault.alter), key
        assert list(inspect.signature(fault.alter).parameters) == ["turn", "step"], key
        assert fault.description and fault.caught_by, key
        model = make_faulty(key)
        assert type(model) is FaultyModel and model.model == fault.spec
    # no other model class anywhere in the fault modules: the machinery is the one adapter
    for module in (faults.guardrail, faults.boundary, faults.reading, faults.harness):
        assert not [
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj) and issubclass(obj, BaseLlm) and obj is not FaultyModel
        ], module.__name__
