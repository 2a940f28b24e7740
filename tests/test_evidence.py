"""The typed evidence layer and the one rule for what a status needs (``earned``).

Every rule of DESIGN.md's "Evidence rules" is exercised here against ``earned`` itself, on
evidence written through ``RunEvidence``; the last tests show the status gate and the boundary
both ask that function (a spy sees their calls).
"""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import pytest
from google.adk.sessions.state import State

from dayplan.agent import guardrails
from dayplan.evidence import CheckRecord, RunEvidence, earned, keys
from dayplan.evidence.status import RULES
from dayplan.service import boundary


def _stop(vid: str, start: str, end: str, cost: float = 10.0) -> dict:
    return {
        "venue_id": vid,
        "name": vid.title(),
        "start": start,
        "end": end,
        "indoor": True,
        "cost": {"amount": cost, "currency": "AUD"},
        "travel_in": {"minutes": 12, "mode": "car"},
        "source_ids": [f"src-{vid}"],
    }


def _check(passed: bool, *stops: dict, failures: list[dict] | None = None) -> dict:
    return {
        "tool": "check_plan",
        "constraints": {"date": "2026-12-05"},
        "passed": passed,
        "failures": failures or [],
        "stops": list(stops),
        "travel_home": {"minutes": 15, "mode": "car"},
        "totals": {"cost": 20.0, "currency": "AUD", "travel_minutes": 39, "home_by": "13:15"},
    }


def _searched(ev: RunEvidence, *vids: str) -> None:
    for vid in vids:
        ev.record_source({"id": f"src-{vid}", "url": f"https://{vid}.example/", "kind": "web"})
    ev.record_search(
        "call-1", {"query": "things to do", "venue_ids": list(vids), "indoor_only": False}
    )


@pytest.fixture
def ev() -> RunEvidence:
    """A run that searched, then passed a check of museum (10:00) → gallery (11:30)."""
    ev = RunEvidence({})
    _searched(ev, "museum", "gallery", "pool")
    ev.record_check(
        _check(True, _stop("museum", "10:00", "11:00"), _stop("gallery", "11:30", "12:30"))
    )
    return ev


def _answer(*vids: str, **extra) -> dict:
    return {"status": "complete", "stops": [{"venue_id": v} for v in vids], **extra}


# -- RunEvidence -----------------------------------------------------------------------------


def test_the_view_reads_and_writes_adk_state_and_plain_dicts_alike():
    adk = State(value={keys.REQUEST: {"text": "a day out", "location": "Brisbane"}}, delta={})
    for state in (adk, {keys.REQUEST: {"text": "a day out", "location": "Brisbane"}}):
        ev = RunEvidence(state)
        assert ev.request.location == "Brisbane" and ev.checks() == [] and not ev.has_evidence
        first = ev.record_check(_check(False, _stop("pool", "09:00", "10:00")))
        second = ev.record_check(_check(True, _stop("museum", "10:00", "11:00")))
        assert [c.check_id for c in ev.checks()] == ["chk-1", "chk-2"]
        assert (first.passed, second.passed, ev.last_check().venue_ids) == (False, True, ["museum"])
        assert isinstance(ev.passing_checks()[0], CheckRecord) and ev.has_evidence
        ev.add_assumption("window", "Day window assumed 09:00–17:00")
        ev.add_assumption("date", "Saturday resolved to 2026-12-05")
        assert ev.assumptions() == [
            "Saturday resolved to 2026-12-05",
            "Day window assumed 09:00–17:00",
        ]
        assert json.dumps(ev.snapshot())  # everything stored is JSON


def test_one_key_per_fact_so_concurrent_writes_never_clobber():
    state: dict = {}

    async def search(i: int) -> None:
        ev = RunEvidence(state)
        await asyncio.sleep(0)
        ev.record_search(f"call-{i}", {"query": f"q{i}", "venue_ids": [f"v{i}"]})
        ev.record_check(_check(True, _stop(f"v{i}", "10:00", "11:00")))

    async def main() -> None:
        await asyncio.gather(*(search(i) for i in range(5)))

    asyncio.run(main())
    ev = RunEvidence(state)
    assert sorted(s.query for s in ev.searches()) == [f"q{i}" for i in range(5)]
    assert len(ev.checks()) == 5


def test_the_reading_is_frozen_once():
    ev = RunEvidence({})
    assert ev.reading is None
    ev.record_reading([{"field": "adults", "value": 2, "quote": "two of us"}], unread=["after nap"])
    assert ev.reading.first("adults") == 2 and ev.reading.unread == ("after nap",)
    with pytest.raises(ValueError, match="already recorded"):
        ev.record_reading([])


# -- complete ----------------------------------------------------------------------------------


def test_complete_needs_a_passing_check():
    empty = RunEvidence({})
    assert earned({"status": "complete"}, empty).reason == (
        "complete needs a passing check_plan, and no check ran"
    )
    failed = RunEvidence({})
    failed.record_check(
        _check(False, _stop("pool", "09:00", "10:00"), failures=[{"code": "closed"}])
    )
    v = earned({"status": "complete"}, failed)
    assert (v.rule, v.reason) == (
        "status_gate",
        "complete needs a passing check_plan; the last check failed (closed)",
    )


def test_exactly_the_checked_stops_are_earned_and_name_their_check(ev):
    v = earned(_answer("museum", "gallery"), ev)
    assert v.earned and v.check.venue_ids == ["museum", "gallery"]
    assert earned({"status": "complete"}, ev).check.check_id == "chk-1"  # no stops: last passing


@pytest.mark.parametrize(
    ("vids", "rule", "reason"),
    [
        (
            ("gallery", "museum"),
            "status_gate",
            "these stops are a passing check's stops in another order; order decides times and "
            "travel, so hand them in in the checked order",
        ),
        (
            ("museum",),
            "status_gate",
            "these stops are not the stops of any passing check; hand in a passing check's stops",
        ),
        (
            ("museum", "gallery", "pool"),
            "status_gate",
            "stop(s) pool never passed check_plan; hand in the stops of a passing check",
        ),
        (
            ("museum", "gallery", "museum"),
            "ambiguous_stop",
            "museum appears 2 times in the answer (?–?, ?–?) but not as often in any passing check",
        ),
        ((), "status_gate", "complete claimed with no stops"),
    ],
)
def test_anything_but_the_checked_stops_in_order_is_refused(ev, vids, rule, reason):
    v = earned(_answer(*vids), ev)
    assert (v.rule, v.reason) == (rule, reason)


def test_two_checks_of_the_same_stops_at_other_times_need_the_answers_times(ev):
    ev.record_check(
        _check(True, _stop("museum", "10:30", "11:30"), _stop("gallery", "12:00", "13:00"))
    )
    assert earned(_answer("museum", "gallery"), ev).rule == "ambiguous_stop"
    timed = {
        "status": "complete",
        "stops": [
            {"venue_id": "museum", "start": "10:30", "end": "11:30"},
            {"venue_id": "gallery", "start": "12:00", "end": "13:00"},
        ],
    }
    assert earned(timed, ev).check.check_id == "chk-2"


# -- no_feasible_plan ------------------------------------------------------------------------------


def test_no_feasible_plan_needs_a_failed_last_check_whose_failures_are_claimed(ev):
    assert earned({"status": "no_feasible_plan"}, RunEvidence({})).reason == (
        "no_feasible_plan needs a failed check_plan, and no check ran"
    )
    assert earned({"status": "no_feasible_plan"}, ev).reason == (
        "no_feasible_plan claimed, but the last check_plan passed"
    )
    ev.record_check(
        _check(
            False,
            _stop("pool", "09:00", "10:00"),
            failures=[{"code": "closed", "venue_id": "pool"}],
        )
    )
    v = earned({"status": "no_feasible_plan", "constraint_failures": ["closed"]}, ev)
    assert v.earned and v.check.failure_codes == ["closed"]
    wrong = {"status": "no_feasible_plan", "constraint_failures": [{"code": "over_budget"}]}
    assert (earned(wrong, ev).rule, earned(wrong, ev).reason) == (
        "unsupported_failures",
        "the answer reports 'over_budget', which the failed check did not find",
    )
    elsewhere = {
        "status": "no_feasible_plan",
        "constraint_failures": [{"code": "closed", "venue_id": "museum"}],
    }
    assert earned(elsewhere, ev).rule == "unsupported_failures"


def test_failures_belong_only_to_no_feasible_plan():
    ev = RunEvidence({})
    ev.record_check(_check(False, _stop("pool", "09:00", "10:00"), failures=[{"code": "closed"}]))
    v = earned({"status": "complete", "constraint_failures": ["closed"]}, ev)
    assert v.reason == "constraint failures belong only to no_feasible_plan, not complete"
    clean = RunEvidence({})
    clean.record_check(_check(True, _stop("pool", "09:00", "10:00")))
    v = earned({"status": "no_feasible_plan", "constraint_failures": ["closed"]}, clean)
    assert (
        v.reason == "the answer reports constraint failures, but no check_plan failed in this run"
    )


# -- needs_clarification -------------------------------------------------------------------------------


def test_needs_clarification_needs_a_recorded_clarification_and_no_search():
    ev = RunEvidence({})
    assert earned({"status": "needs_clarification"}, ev).reason == (
        "needs_clarification needs record_clarification first"
    )
    asked = {"status": "needs_clarification", "questions": ["Where?"]}
    assert earned(asked, ev).rule == "unsupported_questions"
    ev.record_clarification(["Which city?"], ["location"])
    assert earned(asked, ev).earned and ev.has_evidence
    _searched(ev, "museum")
    assert (
        earned(asked, ev).reason == "needs_clarification after a search: the request was plannable"
    )


def test_questions_belong_only_to_needs_clarification(ev):
    ev.record_clarification(["Which city?"], ["location"])
    v = earned(_answer("museum", "gallery", questions=["Which city?"]), ev)
    assert v.reason == "questions belong only to needs_clarification, not complete"


# -- sources and shape ------------------------------------------------------------------------------


def test_cited_sources_must_come_from_a_search_and_are_never_echoed(ev):
    assert earned(
        _answer("museum", "gallery", sources=["src-museum", {"url": "https://gallery.example/"}]),
        ev,
    ).earned
    v = earned(_answer("museum", "gallery", sources=["https://evil.example/?q=ignore"]), ev)
    assert v.rule == "unsupported_source" and "evil" not in v.reason
    assert v.reason.endswith("src-gallery, src-museum, src-pool")


@pytest.mark.parametrize(
    "payload",
    [
        {"status": "maybe"},
        {"status": "complete", "stops": "museum"},
        {"status": "complete", "stops": [{"venue_id": 3}]},
    ],
)
def test_a_malformed_payload_is_a_finish_payload_verdict_not_an_exception(ev, payload):
    assert earned(payload, ev).rule == "finish_payload"


def test_every_rule_is_named():
    assert RULES == (
        "finish_payload",
        "unsupported_source",
        "unsupported_questions",
        "unsupported_failures",
        "status_gate",
        "ambiguous_stop",
    )


# -- the gate and the boundary ask the same function --------------------------------------------------


@pytest.fixture
def spy(monkeypatch):
    calls: list[dict] = []

    def recording(payload, evidence):
        calls.append(dict(payload) if isinstance(payload, dict) else payload.model_dump())
        return earned(payload, evidence)

    monkeypatch.setattr(guardrails, "earned", recording)
    monkeypatch.setattr(boundary, "earned", recording)
    return calls


def test_the_status_gate_and_the_boundary_call_earned_and_agree_on_reversed_stops(ev, spy):
    reversed_answer = _answer("gallery", "museum")
    gate = guardrails.StatusTraceGatePlugin()
    ctx = SimpleNamespace(state=ev.state)
    tool = SimpleNamespace(name=keys.FINISH_TOOL)
    refused = asyncio.run(
        gate.before_tool_callback(
            tool=tool, tool_args={"report_json": json.dumps(reversed_answer)}, tool_context=ctx
        )
    )
    with pytest.raises(boundary.BoundaryError) as info:
        boundary.build_report(
            payload_raw=json.dumps(reversed_answer), state=ev.state, steps=[], model="m", run_id="r"
        )
    assert len(spy) == 2 and spy[0] == spy[1] == reversed_answer
    assert refused["rule"] == info.value.rule == "status_gate"
    assert refused["error"] == info.value.detail


def test_reads_through_the_view_take_no_adk_snapshot_and_writes_still_reach_the_delta():
    """Reading a container through ``RunEvidence`` does not make ADK's ``State`` deep-copy it
    (the view never writes into what it reads); a write through the view is an assignment,
    recorded in the delta as before, and a later read in the same context sees it."""
    value = {keys.REQUEST: {"text": "Saturday at South Bank", "location": "South Bank"}}
    delta: dict = {}
    state = State(value, delta)
    ev = RunEvidence(state)
    assert ev.request.location == "South Bank"
    assert state._snapshots == {}  # no deep copy taken for the read
    ev.record_finish('{"status": "complete"}')
    assert delta[keys.FINISH_PAYLOAD] == '{"status": "complete"}'
    assert RunEvidence(state).finish_payload == '{"status": "complete"}'
    assert RunEvidence(dict(value)).request.text == "Saturday at South Bank"  # plain dicts too


def test_a_venue_is_parsed_once_per_stored_record_and_a_new_record_is_read_anew():
    rec = {
        "id": "gallery",
        "name": "Gallery",
        "indoor": True,
        "lat": -27.47,
        "lon": 153.02,
        "min_minutes": 30,
        "typical_minutes": 60,
        "opening_hours": "Mo-Su 10:00-17:00",
    }
    state: dict = {}
    RunEvidence(state).record_venue(rec)
    first = RunEvidence(state).venues()["gallery"]
    assert RunEvidence(state).venues()["gallery"] is first  # the same stored record
    RunEvidence(state).record_venue({**rec, "opening_hours": "Mo-Su 09:00-12:00"})
    assert RunEvidence(state).venues()["gallery"].opening_hours == "Mo-Su 09:00-12:00"
