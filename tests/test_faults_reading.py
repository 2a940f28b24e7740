"""The reading faults through the real ADK loop: each faulty reading (a deadline on the wrong
side of noon, a budget with a zero too many, an invented quote, a reading under the wrong field)
is rejected by code naming the quote and what the parser found there, and the run still ends
with an earned status: the stand-in drops the rejected reading and, where that leaves a phrase
that changes the plan unread, code has it asked about instead of guessed."""

from __future__ import annotations

import pytest

from dayplan.agent.faults import FAULTS, FaultyModel, list_faults
from dayplan.agent.faults.reading import CASE, INVENTED
from dayplan.agent.guardrails import asks_about_unread
from dayplan.contract import PlanRequest
from dayplan.evidence import RunEvidence, earned
from dayplan.service.run import plan
from tests.conftest import case_request

NOW = "2026-11-29T09:00:00+10:00"
READING_FAULTS = ("misread_deadline", "misread_budget", "invented_quote", "wrong_field")


def run_text(text: str, model: str, **fields):
    return plan(PlanRequest.model_validate({"text": text, "now": NOW, **fields}), model=model)


def readings_calls(run) -> list:
    return [s for s in run.steps if s.tool == "record_reading"]


def first_rejections(run) -> list[dict]:
    first = readings_calls(run)[0].response
    assert first["ok"] is False, first
    return first["rejected"]


def served_earned(run) -> str:
    """The served status, after checking the one rule agrees it was earned by this trace."""
    assert run.error is None, run.error
    payload = run.report.model_dump(mode="json", exclude_none=True)
    verdict = earned({k: payload[k] for k in ("status", "questions") if k in payload}, run.state)
    assert verdict.earned, verdict
    return run.report.status


@pytest.fixture(scope="module")
def clean():
    run = plan(case_request(CASE))
    assert run.error is None and run.report.status == "complete"
    return run.report


def test_the_reading_faults_are_registered_on_their_case_caught_by_the_reading_tool():
    listed = {f.name: f for f in list_faults()}
    for name in READING_FAULTS:
        fault = listed[name]
        assert fault.case == CASE and fault.caught_by == ("tool:record_reading",)
        assert isinstance(fault.model(), FaultyModel) and fault.model().model == f"faulty:{name}"
    assert FAULTS["misread_deadline"].description == (
        'Reads the time the party must be home on the wrong side of noon ("back by 11 for the '
        'nap" as 23:00).'
    )


@pytest.mark.parametrize("name", READING_FAULTS)
def test_each_reading_fault_serves_its_declared_outcome(name):
    run = plan(case_request(CASE), model=f"faulty:{name}")
    expected = FAULTS[name].expected.removeprefix("steered:")
    assert served_earned(run) == expected
    assert not [s for s in run.steps if (s.response or {}).get("guardrail")]  # no refusal needed


def test_a_misread_deadline_is_rejected_with_the_parsers_time_and_asked_about(clean):
    run = plan(case_request(CASE), model="faulty:misread_deadline")
    assert first_rejections(run) == [
        {
            "field": "window_end",
            "quote": "need to be back by 11",
            "value": "23:00",
            "found": "11:00",
            "error": "the quote says 11:00 for the day's end, not 23:00 (a bare hour reads by the "
            "day-out rule: say am or pm to change it)",
        }
    ]
    # the model dropped what code rejected; code does not let the deadline vanish: it asks
    assert served_earned(run) == "needs_clarification"
    # the parser did read the phrase: the question confirms its value, never "could not read"
    assert run.report.questions == [
        'By "back by 11", did you mean home by 11:00? Please confirm or correct it.'
    ]
    assert [s.tool for s in run.steps] == [
        "record_reading",
        "record_reading",
        "record_clarification",
        "finish",
    ]
    assert RunEvidence(run.state).reading.first("window_end") is None
    assert clean.plan.totals.home_by == "11:00"  # the stand-in's own reading, for comparison


@pytest.mark.parametrize(
    "text, quote, said, found, asked",
    [
        (
            "Saturday at South Bank with our 2 kids, home by 11",
            "home by 11",
            "23:00",
            "11:00",
            "home by 11",
        ),
        (
            "Brisbane this Saturday, 2 adults 1 child, we have to be home by 3pm",
            "have to be home by 3pm",
            "03:00",
            "15:00",
            "home by 3pm",
        ),
        (
            "New Farm tomorrow, back by 4 for dinner, budget $60",
            "back by 4",
            "04:00",
            "16:00",
            "back by 4",
        ),
        (
            "Kangaroo Point on Saturday, we must be home by 10:30am for the baby's nap",
            "must be home by 10:30am",
            "22:30",
            "10:30",
            "home by 10:30am",
        ),
    ],
)
def test_misread_deadlines_written_many_ways_are_each_rejected(text, quote, said, found, asked):
    run = run_text(text, "faulty:misread_deadline")
    (rejected,) = first_rejections(run)
    assert (rejected["field"], rejected["quote"]) == ("window_end", quote)
    assert (rejected["value"], rejected["found"]) == (said, found)
    assert f"the quote says {found} for the day's end, not {said}" in rejected["error"]
    assert served_earned(run) == "needs_clarification"
    assert run.report.questions[0] == (
        f'By "{asked}", did you mean home by {found}? Please confirm or correct it.'
    )
    assert not any("could not read" in q for q in run.report.questions)


@pytest.mark.parametrize(
    "text, quote, amount",
    [
        (case_request(CASE).text, "$80 all up", 80.0),
        ("Sunday in Paddington, 2 adults, budget: 120, home by 4pm", "budget: 120", 120.0),
        ("Saturday in West End for me and the kids (5, 8), about 60 bucks", "60 bucks", 60.0),
        ("Plan Saturday in Brisbane, AUD 150 all up for the four of us", "AUD 150", 150.0),
    ],
)
def test_a_budget_read_with_a_zero_too_many_is_rejected_with_the_parsers_amount(
    text, quote, amount
):
    run = run_text(text, "faulty:misread_budget")
    (rejected,) = first_rejections(run)
    assert rejected["field"] == "budget" and quote in rejected["quote"]
    assert rejected["value"]["amount"] == amount * 10
    assert rejected["found"] == {"amount": amount, "currency": "AUD", "per_person": False}
    assert rejected["error"] == f"the quote says {amount:g} AUD, not {amount * 10!r}"
    assert served_earned(run) == "needs_clarification"  # the amount is asked, never guessed
    assert any("budget" in q for q in run.report.questions)


def test_a_structured_budget_still_wins_after_a_misread_one_is_rejected():
    run = plan(case_request("wet_weather_family"), model="faulty:misread_budget")
    (rejected,) = first_rejections(run)
    assert (rejected["quote"], rejected["found"]["amount"]) == ("AUD 100", 100.0)
    assert served_earned(run) == "complete"
    assert run.report.plan.totals.cost <= 100


def test_an_invented_quote_is_rejected_and_the_rest_of_the_reading_serves_the_plan(clean):
    run = plan(case_request(CASE), model="faulty:invented_quote")
    assert first_rejections(run) == [
        {
            **INVENTED,
            "found": None,
            "error": "the quote does not occur in the request text",
        }
    ]
    assert served_earned(run) == "complete"
    assert run.report.plan.stops == clean.plan.stops
    assert RunEvidence(run.state).reading.first("max_leg_minutes") is None
    assert all(r.field != "max_leg_minutes" for r in run.report.readings)


def test_an_invented_quote_the_text_does_contain_is_not_invented():
    text = "Saturday in Brisbane, no more than 20 minutes in the car, home by 3pm"
    run = run_text(text, "faulty:invented_quote")
    assert readings_calls(run)[0].response["ok"] is True
    assert RunEvidence(run.state).reading.first("max_leg_minutes") == 20


def test_a_deadline_filed_as_the_start_is_rejected_naming_the_role_the_parser_found():
    run = plan(case_request(CASE), model="faulty:wrong_field")
    assert first_rejections(run) == [
        {
            "field": "window_start",
            "quote": "need to be back by 11",
            "value": "11:00",
            "found": {"other_role": "11:00"},
            "error": "the quote gives the day's end (11:00), not its start",
        }
    ]
    assert served_earned(run) == "needs_clarification"


def test_children_filed_as_adults_are_rejected_with_the_parsers_count():
    text = "Just me and the three kids on Saturday in Chermside, budget $40"
    run = run_text(text, "faulty:wrong_field")
    (rejected,) = first_rejections(run)
    assert (rejected["field"], rejected["value"]) == ("adults", 3)
    assert rejected["found"] == {"adults": 1, "children": 3}
    assert rejected["error"] == "the quote counts 1 adults, not 3"


def test_asking_about_an_unread_phrase_is_earned_but_not_a_needless_question():
    state = plan(case_request(CASE), model="faulty:misread_deadline").state
    assert asks_about_unread(['I could not read "BACK BY 11". When?'], state)
    assert not asks_about_unread(["Which city or suburb should I plan the day in?"], state)
    assert not asks_about_unread("back by 11", state)
    clean_state = plan(case_request(CASE)).state  # nothing unread: nothing to ask about
    assert not asks_about_unread(['I could not read "back by 11". When?'], clean_state)


def test_the_misreadings_leave_values_they_cannot_misread_alone():
    from dayplan.agent.faults.reading import _other_side_of_noon, _ten_times

    assert [_other_side_of_noon(v) for v in ("11:00", "15:30", "00:05")] == [
        "23:00",
        "03:30",
        "12:05",
    ]
    assert [_other_side_of_noon(v) for v in ("11am", None, 11)] == ["11am", None, 11]
    assert _ten_times({"amount": 80.0, "currency": "AUD"}) == {"amount": 800.0, "currency": "AUD"}
    assert [_ten_times(v) for v in (80, {"amount": True}, {"currency": "AUD"})] == [
        80,
        {"amount": True},
        {"currency": "AUD"},
    ]
