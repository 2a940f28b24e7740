"""The instructor's CLI: guardrails switched off from the command line, the faults table with what
catches each fault, refusals named in the text report, one-line errors on name typos."""

from __future__ import annotations

import asyncio

import pytest

from dayplan.agent.faults import UnknownNameError, fault_named, list_faults
from dayplan.agent.guardrails import GUARDRAILS
from dayplan.cli import main
from dayplan.service.demo import compare
from tests.conftest import case_request

STEERED_BY = {  # the faults a guardrail steers on the wet-weather case
    f.name: f.caught_by
    for f in list_faults()
    if f.expected.startswith("steered:") and f.case == "wet_weather_family"
}


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_without_one_guardrail_lets_its_fault_through(capsys):
    code, out, err = run_cli(
        capsys, "plan", "wet_weather_family", "--model", "faulty:invented_source",
        "--without", "status_trace_gate",
    )  # fmt: skip
    assert code == 3 and out == ""
    assert "guardrails off: status_trace_gate" in err
    assert (
        err.strip().splitlines()[-1].startswith("rejected by unsupported_source: the answer cites")
    )


def test_without_is_repeatable(capsys):
    code, out, _ = run_cli(
        capsys, "plan", "wet_weather_family", "--model", "faulty:unknown_tool",
        "--without", "unknown_tool", "--without", "search_budget",
    )  # fmt: skip
    assert code == 0
    assert "guardrails off: unknown_tool, search_budget" in out.splitlines()[2]
    assert "Refused by guardrails" not in out  # nothing was on to refuse it


def test_guardrails_off_keeps_the_loop_guard(capsys):
    code, _, err = run_cli(
        capsys, "plan", "wet_weather_family", "--model", "faulty:skip_validation",
        "--guardrails", "off",
    )  # fmt: skip
    assert code == 3
    off = next(line for line in err.splitlines() if line.startswith("guardrails off: "))
    assert off.removeprefix("guardrails off: ").split(", ") == [
        g for g in GUARDRAILS if g != "loop_guard"
    ]
    assert err.strip().splitlines()[-1] == (
        "rejected by status_gate: complete needs a passing check_plan, and no check ran"
    )


def test_guardrails_off_on_a_clean_run_changes_nothing_served(capsys):
    code_on, on, _ = run_cli(capsys, "plan", "wet_weather_family", "--json")
    code_off, off, _ = run_cli(
        capsys, "plan", "wet_weather_family", "--json", "--guardrails", "off"
    )
    assert code_on == code_off == 0
    strip = [line for line in on.splitlines() if '"run_id"' not in line]
    assert strip == [line for line in off.splitlines() if '"run_id"' not in line]


@pytest.mark.parametrize("typo", ["finsh_gate", "status-trace-gate", "loopguard", "FINISH_GATE"])
def test_guardrail_typo_is_one_line_listing_valid_names(capsys, typo):
    code, out, err = run_cli(capsys, "plan", "wet_weather_family", "--without", typo)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"error: unknown guardrail {typo!r};")
    assert all(g in err for g in GUARDRAILS)


def test_bad_guardrails_switch_is_exit_2(capsys):
    code, _, err = run_cli(capsys, "plan", "wet_weather_family", "--guardrails", "maybe")
    assert code == 2 and "invalid choice: 'maybe'" in err


@pytest.mark.parametrize("name", sorted(n for n, by in STEERED_BY.items() if by))
def test_every_refusal_is_named_in_the_text_report(capsys, name):
    code, out, _ = run_cli(capsys, "plan", "wet_weather_family", "--model", f"faulty:{name}")
    assert code == 0 and out.startswith("COMPLETE")
    section = out.split("Refused by guardrails (the run was steered to this earned report):\n")
    if name == "obeys_injections":  # every injection here is one the planner ignores anyway
        assert len(section) == 1
        return
    refused = [line.strip() for line in section[1].split("\n\n")[0].splitlines()]
    named = {line.removeprefix("- ").split(" refused ")[0] for line in refused}
    assert named and named <= set(fault_named(name).caught_by)
    trace = out.split("Tool path:\n")[1]
    for guardrail in named:  # the tool path names it too, on the refused step
        assert f"✗ refused by {guardrail}: " in trace


def test_faults_table_says_what_catches_each(capsys):
    code, out, _ = run_cli(capsys, "faults")
    assert code == 0
    header, *rows = out.strip().splitlines()
    assert header.split()[:3] == ["#", "fault", "served"]
    assert len(rows) == len(list_faults())
    for fault in list_faults():
        row = next(r for r in rows if r.split()[0] == fault.name)
        assert row.split()[1] == fault.expected
        assert fault.caught_by, fault.name
        assert " + ".join(fault.caught_by) in row
        for catcher in fault.caught_by:
            assert catcher in GUARDRAILS or catcher.startswith(("boundary:", "tool:")), catcher
        rule = fault.expected.split(":", 1)[1]
        if fault.expected.startswith("rejected:"):  # the rule that rejects it is listed
            assert any(c.removeprefix("boundary:") == rule for c in fault.caught_by)


@pytest.mark.parametrize(
    "typo, hint",
    [("skip_valdation", "skip_validation"), ("invented-source", "invented_source"), ("x", None)],
)
def test_compare_typo_is_one_line_listing_valid_names(typo, hint):
    with pytest.raises(UnknownNameError) as err:
        asyncio.run(compare(typo, case_request("wet_weather_family")))
    message = str(err.value)
    assert "\n" not in message and message.startswith(f"unknown fault {typo!r};")
    assert ("did you mean" in message) == (hint is not None)
    if hint:
        assert f"did you mean {hint}?" in message
    assert "premature_finish" in message and "drifted_cost" in message


def test_compare_on_a_boundary_fault_names_the_guardrail_faults():
    with pytest.raises(UnknownNameError) as err:
        asyncio.run(compare("drifted_cost", case_request("wet_weather_family")))
    message = str(err.value)
    assert "\n" not in message and "guardrail fault" in message
    assert "skip_validation" in message and "drifted_cost" not in message.split("valid: ")[1]


def test_compare_still_runs_a_guardrail_fault():
    comparison = asyncio.run(compare("invented_source", case_request("wet_weather_family")))
    assert comparison.caught_by == ("status_trace_gate",)
    assert comparison.off.outcome == "rejected:unsupported_source"
    assert comparison.on.outcome == "complete"
