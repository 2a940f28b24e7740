"""The service boundary: the one repair, safe defaults, reconciliation, unsupported claims.

Evidence (session state and tool steps) comes from real offline runs of three cases; only the
``finish`` payload is tampered with, so every rule is exercised against a real trace.
"""

from __future__ import annotations

import copy
import json

import pytest

from dayplan.agent.guardrails import unearned
from dayplan.evidence import earned
from dayplan.service.boundary import (
    BoundaryError,
    build_report,
    closing_suffix,
    parse_payload,
    read_payload,
)
from dayplan.service.run import plan
from tests.conftest import case_request


class Evidence:
    def __init__(self, case: str):
        run = plan(case_request(case))
        assert run.error is None, run.error
        self.state = run.state
        self.steps = run.steps
        self.payload = json.loads(run.state["finish_payload"])
        self.report = run.report

    def build(self, payload: dict | str | None, state: dict | None = None):
        raw = payload if payload is None or isinstance(payload, str) else json.dumps(payload)
        return build_report(
            payload_raw=raw,
            state=self.state if state is None else state,
            steps=self.steps,
            model="offline",
            run_id="test",
        )

    def rejected(self, payload, rule: str, state: dict | None = None) -> str:
        with pytest.raises(BoundaryError) as info:
            self.build(payload, state)
        assert info.value.rule == rule, info.value
        return info.value.detail

    def tampered(self) -> dict:
        return copy.deepcopy(self.payload)


@pytest.fixture(scope="module")
def wet():
    return Evidence("wet_weather_family")


@pytest.fixture(scope="module")
def impossible():
    return Evidence("impossible_schedule")


@pytest.fixture(scope="module")
def vague():
    return Evidence("missing_essentials")


def served_plan(report) -> list[tuple]:
    return [
        (s.venue_id, s.name, s.start, s.end, s.cost.amount, s.travel_in.minutes)
        for s in report.plan.stops
    ]


# -- the one repair --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suffix"),
    [
        ('{"a": [1, "x"', "]}"),
        ('{"a": {"b": [true', "]}}"),
        ('{"a": "}]"', "}"),  # brackets inside strings do not count
        ('{"a": "say \\"hi\\""', "}"),  # escaped quotes stay inside the string
        ('{"a": []   ', "}"),
    ],
)
def test_closing_suffix_finds_only_missing_closers(text, suffix):
    assert closing_suffix(text) == suffix
    assert json.loads(text.rstrip() + suffix)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "cut in the mid',  # inside a string
        '{"a": [1, 2',  # a number may have lost digits
        '{"a": [1}',  # mismatched closer
        '{"a": 1}',  # nothing missing
        '{"a": 1}}',  # one closer too many
    ],
)
def test_closing_suffix_refuses_anything_else(text):
    assert closing_suffix(text) is None


def test_cut_off_closers_are_repaired_and_stated(wet):
    raw = json.dumps(wet.payload)
    assert raw.endswith('"]}')
    reading = read_payload(raw[:-2])
    assert reading.appended == "]}"
    assert reading.payload == wet.payload
    report = wet.build(raw[:-2])
    assert served_plan(report) == served_plan(wet.report)
    assert report.assumptions[-1] == (
        "The answer's JSON was cut off at the end; 2 missing closing brackets (]}) were "
        "appended before reading it"
    )
    assert report.assumptions[:-1] == wet.report.assumptions


def test_valid_json_is_read_without_a_repair_note():
    reading = read_payload('{"status": "complete"}')
    assert reading.appended is None and reading.note is None
    assert parse_payload('{"status": "complete"}') == {"status": "complete"}


@pytest.mark.parametrize(
    ("cut", "why"),
    [
        (lambda raw: raw[: raw.index("every stop") + 5], "cut inside a string"),
        (lambda raw: raw[:-3] + ",", "dangling comma"),
        (lambda raw: "```json\n" + raw + "\n```", "Markdown fences"),
        (lambda raw: raw.replace('"]}', '"}]'), "mismatched closers"),
        (lambda raw: raw + " thanks!", "trailing text"),
        (lambda raw: raw.replace('", "', '" "', 1), "missing comma in the middle"),
        (lambda raw: "", "empty"),
        (lambda raw: raw[:-2].replace("]", "]}"), "closers elsewhere"),
        (lambda raw: '{"status": "complete", "ok": tru', "a cut word"),
    ],
)
def test_everything_else_is_rejected(wet, cut, why):
    detail = wet.rejected(cut(json.dumps(wet.payload)), "finish_payload")
    assert "only missing closing brackets at the very end are repaired" in detail, why


def test_no_finish_call_and_non_object_are_rejected(wet):
    assert "without a finish call" in wet.rejected(None, "finish_payload")
    assert "not a JSON object" in wet.rejected("[1, 2]", "finish_payload")


# -- strict validation of the payload ---------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"status": "done"}, "status 'done'"),
        ({"status": None}, "status None"),
        ({"stops": "all of them"}, "stops"),
        ({"stops": [{"name": "Museum"}]}, "stops.0.venue_id"),
        ({"stops": [{"venue_id": "museum-of-brisbane", "cost": "60"}]}, "stops.0.cost"),
        ({"stops": [{"venue_id": "museum-of-brisbane", "indoor": "yes"}]}, "stops.0.indoor"),
        ({"sources": "src-museum-of-brisbane"}, "sources"),
        ({"rationale": 42}, "rationale"),
    ],
)
def test_wrong_types_are_rejected_not_coerced(wet, change, where):
    payload = {**wet.tampered(), **change}
    assert where in wet.rejected(payload, "finish_payload")


def test_unknown_keys_are_ignored_and_never_served(wet):
    payload = {**wet.tampered(), "confidence": "very high", "total_cost": 1}
    report = wet.build(payload)
    assert served_plan(report) == served_plan(wet.report)
    assert "confidence" not in report.model_dump_json()


# -- safe omissions ---------------------------------------------------------------------------


def test_omitted_stops_rationale_and_sources_get_defaults(wet):
    report = wet.build({"status": "complete"})
    assert served_plan(report) == served_plan(wet.report)
    assert report.plan.rationale.startswith("Checked plan: ")  # the facts, from the check only
    assert report.plan.rationale.endswith("min of travel.")
    assert [s.id for s in report.sources] == [s.id for s in wet.report.sources]
    assert report.assumptions == wet.report.assumptions


def test_omitted_failures_come_from_the_failed_check(impossible):
    report = impossible.build({"status": "no_feasible_plan"})
    assert [f.code for f in report.constraint_failures] == [
        "window_too_short",
        "unknown_venue",  # each must-do was proposed without a venue: it proves nothing
        "unknown_venue",
        "outside_window",
        "outside_window",
        "home_after_deadline",
    ]


def test_omitted_questions_come_from_the_recorded_clarification(vague):
    report = vague.build({"status": "needs_clarification"})
    assert report.questions == vague.report.questions


def test_reworded_questions_are_served_as_recorded(vague):
    report = vague.build({"status": "needs_clarification", "questions": ["Where, roughly?"]})
    assert report.questions == vague.report.questions
    assert report.assumptions == ["Served the questions as recorded by record_clarification"]


# -- reconciliation with the passing check ----------------------------------------------------


def test_renamed_stop_is_served_with_the_checked_name(wet):
    payload = wet.tampered()
    payload["stops"][1]["name"] = "Brisbane City Museum"
    report = wet.build(payload)
    checked = wet.report.plan.stops[1]
    assert report.plan.stops[1].name == checked.name
    assert served_plan(report) == served_plan(wet.report)
    assert report.assumptions[-1] == (
        f"Served {checked.venue_id} as checked by check_plan, not as the answer worded it: "
        f"name 'Brisbane City Museum' → {checked.name!r}"
    )


def test_drifted_times_are_restored(wet):
    payload = wet.tampered()
    payload["stops"][0]["start"], payload["stops"][0]["end"] = "06:00", "06:30"
    report = wet.build(payload)
    checked = wet.report.plan.stops[0]
    assert (report.plan.stops[0].start, report.plan.stops[0].end) == (checked.start, checked.end)
    assert (
        f"start '06:00' → {checked.start!r}; end '06:30' → {checked.end!r}"
        in report.assumptions[-1]
    )


@pytest.mark.parametrize("cost", [1234, 1234.0, {"amount": 1234, "currency": "AUD"}])
def test_drifted_cost_is_restored(wet, cost):
    payload = wet.tampered()
    payload["stops"][0]["cost"] = cost
    report = wet.build(payload)
    checked = wet.report.plan.stops[0].cost.amount
    assert report.plan.stops[0].cost.amount == checked
    assert report.plan.totals.cost == wet.report.plan.totals.cost
    assert report.assumptions[-1].endswith(f"cost 1234 → {checked:g}")


def test_drifted_currency_is_restored(wet):
    payload = wet.tampered()
    payload["stops"][0]["cost"] = {"amount": 60, "currency": "USD"}
    report = wet.build(payload)
    assert report.plan.stops[0].cost.currency == "AUD"
    assert report.assumptions[-1].endswith("currency 'USD' → 'AUD'")


@pytest.mark.parametrize(
    "leg",
    [{"travel_in": 99}, {"travel_in": {"minutes": 99, "mode": "car"}}, {"travel_minutes": 99}],
)
def test_drifted_travel_is_restored(wet, leg):
    payload = wet.tampered()
    payload["stops"][2].update(leg)
    report = wet.build(payload)
    checked = wet.report.plan.stops[2].travel_in.minutes
    assert report.plan.stops[2].travel_in.minutes == checked
    assert report.assumptions[-1].endswith(f"travel in 99 → {checked} min")


def test_drifted_indoor_flag_is_restored(wet):
    payload = wet.tampered()
    payload["stops"][0]["indoor"] = False
    report = wet.build(payload)
    assert report.plan.stops[0].indoor is True
    assert report.assumptions[-1].endswith("indoor False → True")


def test_drifted_totals_are_restored(wet):
    payload = wet.tampered()
    payload["totals"] = {"cost": 45, "travel_minutes": 2, "home_by": "23:30", "currency": "AUD"}
    payload["travel_home"] = 99
    report = wet.build(payload)
    t, home = wet.report.plan.totals, wet.report.plan.travel_home.minutes
    assert report.plan.totals.model_dump() == t.model_dump()
    assert report.plan.travel_home.minutes == home
    assert report.assumptions[-1] == (
        f"Served the checked totals, not the answer's: cost 45 → {t.cost:g}; travel 2 → "
        f"{t.travel_minutes} min; home by '23:30' → {t.home_by!r}; leg home 99 → {home} min"
    )


def test_nested_plan_form_is_reconciled_too(wet):
    stops = wet.tampered()["stops"]
    stops[0]["name"] = "Lollipops"
    report = wet.build({"status": "complete", "plan": {"stops": stops, "rationale": "why"}})
    assert served_plan(report) == served_plan(wet.report)
    assert report.plan.rationale.endswith("min of travel. why")
    assert "name 'Lollipops' → \"Lollipop's Playland & Cafe Cannon Hill\"" in report.assumptions[-1]


def test_reversed_stops_are_refused_as_the_guardrail_refuses_them(wet):
    """Order decides times and travel: a reversed list is not the checked plan. The boundary
    and the status gate both ask ``dayplan.evidence.earned``, so they give the same answer."""
    payload = wet.tampered()
    payload["stops"].reverse()
    verdict = earned(payload, wet.state)
    assert (verdict.rule, verdict.reason) == (
        "status_gate",
        "these stops are a passing check's stops in another order; order decides times and "
        "travel, so hand them in in the checked order",
    )
    assert wet.rejected(payload, "status_gate") == verdict.reason
    assert unearned(payload, wet.state) == verdict.reason


def test_an_undrifted_answer_adds_no_notes(wet):
    report = wet.build(wet.tampered())
    assert report.assumptions == wet.report.assumptions


def test_same_venue_twice_with_different_times_is_ambiguous(wet):
    payload = wet.tampered()
    extra = dict(payload["stops"][0], start="16:00", end="16:30")
    payload["stops"].append(extra)
    detail = wet.rejected(payload, "ambiguous_stop")
    assert detail.startswith(
        "lollipops-playland-cannon-hill appears 2 times in the answer (09:24–10:43"
    )


def _with_second_check(wet, shift: str) -> dict:
    """The run's state plus a later passing check of the same stops, first stop moved."""
    state = dict(wet.state)
    key = max(k for k in state if k.startswith("check:"))
    record = copy.deepcopy(state[key])
    record["stops"][0]["start"] = shift
    state[key[:-1] + "9" if key[-1] != "9" else key + "1"] = record
    return state


def test_two_passing_checks_at_different_times_need_the_answers_times(wet):
    state = _with_second_check(wet, "09:45")
    assert wet.build(wet.tampered(), state).plan.stops[0].start == "09:24"
    moved = wet.tampered()
    moved["stops"][0]["start"] = "09:45"
    assert wet.build(moved, state).plan.stops[0].start == "09:45"
    untimed = {"status": "complete", "stops": [{"venue_id": s["venue_id"]} for s in moved["stops"]]}
    assert "2 passing checks" in wet.rejected(untimed, "ambiguous_stop", state)
    moved["stops"][0]["start"] = "10:00"
    wet.rejected(moved, "ambiguous_stop", state)


def test_a_venue_that_never_passed_a_check_is_rejected(wet):
    payload = wet.tampered()
    payload["stops"][1]["venue_id"] = "lone-pine-koala-sanctuary"
    detail = wet.rejected(payload, "status_gate")
    assert detail == (
        "stop(s) lone-pine-koala-sanctuary never passed check_plan; hand in the stops of a "
        "passing check"
    )


def test_a_subset_of_checked_stops_is_not_the_checked_plan(wet):
    payload = wet.tampered()
    payload["stops"].pop()
    assert "not the stops of any passing check" in wet.rejected(payload, "status_gate")
    assert "no stops" in wet.rejected({"status": "complete", "stops": []}, "status_gate")


# -- unsupported claims -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "claim", ["src-lone-pine", {"url": "https://example.com/made-up"}, {"id": "src-x"}]
)
def test_a_source_no_search_returned_is_rejected(wet, claim):
    payload = {**wet.tampered(), "sources": [claim]}
    assert "no search returned" in wet.rejected(payload, "unsupported_source")


def test_an_unreturned_source_is_never_echoed(wet):
    claim = "https://example.com/" + "a" * 500
    detail = wet.rejected({**wet.tampered(), "sources": [claim]}, "unsupported_source")
    assert "example.com" not in detail and detail.startswith("the answer cites 1 source(s)")


def test_a_returned_source_url_is_accepted(wet):
    url = wet.report.sources[0].url
    assert wet.build({**wet.tampered(), "sources": [{"url": url}]}).status == "complete"


def test_questions_without_a_recorded_clarification_are_rejected(wet, impossible):
    payload = {**wet.tampered(), "questions": ["Which museum?"]}
    assert "no clarification was recorded" in wet.rejected(payload, "unsupported_questions")
    asked = {"status": "needs_clarification", "questions": ["Where?"]}
    impossible.rejected(asked, "unsupported_questions")


def test_questions_with_another_status_are_rejected(vague):
    state = {**vague.state, "check:0": {"passed": False, "failures": [], "stops": []}}
    payload = {"status": "no_feasible_plan", "questions": ["Where?"]}
    assert "only to needs_clarification" in vague.rejected(payload, "unsupported_questions", state)


def test_failures_without_a_failed_check_are_rejected(wet, vague):
    payload = {**wet.tampered(), "constraint_failures": ["over_budget"]}
    assert "no check_plan failed" in wet.rejected(payload, "unsupported_failures")
    claim = {"status": "no_feasible_plan", "constraint_failures": [{"code": "closed"}]}
    vague.rejected(claim, "unsupported_failures")


def test_a_failure_the_check_did_not_find_is_rejected(impossible):
    payload = impossible.tampered()
    payload["constraint_failures"].append({"code": "over_budget", "detail": "too dear"})
    detail = impossible.rejected(payload, "unsupported_failures")
    assert detail == "the answer reports 'over_budget', which the failed check did not find"
    wrong_place = {
        "status": "no_feasible_plan",
        "constraint_failures": [{"code": "outside_window", "venue_id": "Swim"}],
    }
    assert "at Swim" in impossible.rejected(wrong_place, "unsupported_failures")


def test_claimed_failures_are_served_from_the_check(impossible):
    payload = {
        "status": "no_feasible_plan",
        "constraint_failures": [{"code": "window_too_short", "detail": "it is all too much"}],
    }
    report = impossible.build(payload)
    assert report.constraint_failures == impossible.report.constraint_failures


def test_status_without_its_evidence_is_rejected(wet, impossible, vague):
    assert "the last check_plan passed" in wet.rejected(
        {"status": "no_feasible_plan"}, "status_gate"
    )
    assert "the last check failed" in impossible.rejected({"status": "complete"}, "status_gate")
    assert "record_clarification first" in wet.rejected(
        {"status": "needs_clarification"}, "status_gate"
    )


def test_the_served_report_is_validated_against_the_contract(wet):
    state = dict(wet.state)
    key = max(k for k in state if k.startswith("check:"))
    record = copy.deepcopy(state[key])
    record["stops"][0]["start"] = "9:30"  # a malformed checked record never leaves the boundary
    state[key] = record
    detail = wet.rejected({"status": "complete"}, "contract", state)
    assert detail.startswith("plan.stops.0.start")


# -- the rationale: facts from the check, the model's words only where the check backs them ------


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("Indoors all day, because the rain is set in.", True),
        ("Home by 17:00 with AUD 95 spent.", True),
        ("Home by 5 pm, AUD 95 for the family.", True),
        ("Four stops, all indoors.", True),
        ("Tickets are AUD 5 each.", False),
        ("It costs $12.50 for everyone.", False),
        ("State Library of Queensland is free.", True),  # a stop the check found at AUD 0
        ("Parking is AUD 7.25.", False),
        ("Open until 21:00, so no rush.", False),
        ("Only a 3 hour drive in total.", False),
        ("Seven stops in one day!", False),
        ("We are back at 6pm.", False),
    ],
)
def test_rationale_sentences_are_kept_only_when_the_check_backs_every_figure(wet, sentence, kept):
    payload = {**wet.tampered(), "rationale": f"A good rainy day. {sentence}"}
    report = wet.build(payload)
    assert (sentence in report.plan.rationale) is kept
    assert "A good rainy day." in report.plan.rationale
    dropped = [a for a in report.assumptions if a.startswith("Dropped from the rationale")]
    assert bool(dropped) is not kept
