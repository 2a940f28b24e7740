"""Boundary faults through the real ADK loop: each is repaired or rejected, never served wrong."""

from __future__ import annotations

import json

import pytest

from dayplan.agent.faults import list_faults, make_faulty
from dayplan.agent.guardrails import GuardrailConfig
from dayplan.cli import main
from dayplan.service.run import plan
from tests.conftest import ROOT, case_request

BOUNDARY_FAULTS = {
    "truncated_finish_json": "repaired:complete",
    "truncated_finish_midstring": "rejected:finish_payload",
    "renamed_activity": "repaired:complete",
    "drifted_cost": "repaired:complete",
    "drifted_travel": "repaired:complete",
    "invented_rationale_fact": "repaired:complete",
    "ambiguous_duplicate_stop": "rejected:status_trace_gate",
}


@pytest.fixture(scope="module")
def clean():
    run = plan(case_request("wet_weather_family"))
    assert run.error is None
    return run.report


def stops_of(report) -> list[dict]:
    return [s.model_dump() for s in report.plan.stops]


def test_boundary_faults_are_registered_with_their_expected_outcome():
    registered = {f.name: f.expected for f in list_faults()}
    for name, expected in BOUNDARY_FAULTS.items():
        assert registered[name] == expected


def test_truncated_finish_json_is_repaired(clean):
    run = plan(case_request("wet_weather_family"), model=make_faulty("truncated_finish_json"))
    assert not run.state["finish_payload"].endswith("}")
    assert run.error is None
    assert stops_of(run.report) == stops_of(clean)
    assert run.report.model == "faulty:truncated_finish_json"
    assert run.report.assumptions[-1].startswith("The answer's JSON was cut off at the end; 2 ")


def test_an_invented_price_in_the_rationale_is_never_served(clean):
    run = plan(case_request("wet_weather_family"), model=make_faulty("invented_rationale_fact"))
    assert "AUD 5 each" in json.loads(run.state["finish_payload"])["rationale"]
    assert run.error is None and stops_of(run.report) == stops_of(clean)
    rationale = run.report.plan.rationale
    assert "AUD 5" not in rationale and "21:00" not in rationale
    assert rationale == clean.plan.rationale  # checked facts + the model's backed sentences
    assert run.report.assumptions[-1] == (
        "Dropped from the rationale a sentence stating 'AUD 5', '21:00', which the check did "
        "not find: 'Tickets are AUD 5 each and the first stop is open until 21:00.'"
    )


def test_truncated_mid_string_is_rejected():
    run = plan(case_request("wet_weather_family"), model=make_faulty("truncated_finish_midstring"))
    assert run.report is None
    assert run.error.rule == "finish_payload"
    assert "only missing closing brackets at the very end are repaired" in run.error.detail


def test_renamed_activity_is_served_with_checked_names(clean):
    run = plan(case_request("wet_weather_family"), model=make_faulty("renamed_activity"))
    payload = json.loads(run.state["finish_payload"])
    assert payload["stops"][0]["name"] == "The Lollipop's Playland & Cafe Cannon Hill experience"
    assert stops_of(run.report) == stops_of(clean)
    notes = [a for a in run.report.assumptions if a.startswith("Served ")]
    assert len(notes) == 4
    assert notes[0].endswith(
        'name "The Lollipop\'s Playland & Cafe Cannon Hill experience" → '
        '"Lollipop\'s Playland & Cafe Cannon Hill"'
    )


def test_drifted_cost_is_served_with_checked_costs(clean):
    run = plan(case_request("wet_weather_family"), model=make_faulty("drifted_cost"))
    assert stops_of(run.report) == stops_of(clean)
    assert run.report.plan.totals == clean.plan.totals
    notes = run.report.assumptions
    for stop in clean.plan.stops:  # the fault restates each cost as half of it plus 5
        said = stop.cost.amount / 2 + 5
        assert any(
            n.startswith(f"Served {stop.venue_id} as checked")
            and n.endswith(f"cost {said:g} → {stop.cost.amount:g}")
            for n in notes
        ), notes
    said_total = sum(s.cost.amount / 2 + 5 for s in clean.plan.stops)
    assert notes[-1] == (
        f"Served the checked totals, not the answer's: cost {said_total:g} → "
        f"{clean.plan.totals.cost:g}"
    )


def test_drifted_travel_is_served_with_checked_minutes(clean):
    run = plan(case_request("wet_weather_family"), model=make_faulty("drifted_travel"))
    assert stops_of(run.report) == stops_of(clean)
    assert [s.travel_in for s in run.report.plan.stops] == [s.travel_in for s in clean.plan.stops]
    assert run.report.assumptions[-1] == (
        "Served the checked totals, not the answer's: travel 5 → "
        f"{clean.plan.totals.travel_minutes} min"
    )


def test_ambiguous_duplicate_stop_is_refused_by_the_gate_and_the_cli_exits_3(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(["plan", "wet_weather_family", "--model", "faulty:ambiguous_duplicate_stop"])
    last = capsys.readouterr().err.strip().splitlines()[-1]  # after the progress lines
    assert code == 3
    # the gate and the boundary share one rule (dayplan.evidence.earned): the same reason
    assert last.startswith(
        "rejected by status_trace_gate: lollipops-playland-cannon-hill appears 2 times in the answer"
    )


def test_with_the_gate_off_the_boundary_rejects_the_duplicate_as_ambiguous():
    config = GuardrailConfig().without("status_trace_gate")
    run = plan(
        case_request("wet_weather_family"),
        model=make_faulty("ambiguous_duplicate_stop"),
        guardrails=config,
    )
    assert run.error.rule == "ambiguous_stop"
    assert run.error.detail.startswith(
        "lollipops-playland-cannon-hill appears 2 times in the answer"
    )
