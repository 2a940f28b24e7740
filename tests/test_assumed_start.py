"""A day that is infeasible only because of the start nobody stated is asked about, never served
as ``no_feasible_plan`` (REVIEW5 finding 7).

"We have to see the koalas at Lone Pine … Kenmore, $200, home by 5": Lone Pine (outdoor, 2 h)
fits no dry stretch from the assumed 09:00 (rain 11:00–15:00, home by 5), but it fits leaving
home at 08:43. ``arrange_plan`` tries the same picks from 07:00 when no start was stated and
says when the party would have to leave (``EARLIER_START``); the status rule refuses a
``no_feasible_plan`` that rests on that proof (``evidence.status.assumed_start_only``); the
stand-in asks with code's question; the clarification gate lets that one question through; the
eval grader states the rule again from the trace alone (``graders._asks_assumed_start``)."""

from __future__ import annotations

import pytest

from dayplan.agent.events import ToolStep
from dayplan.contract import PlanRequest
from dayplan.evals.graders import _asks_assumed_start
from dayplan.evidence import earned
from dayplan.evidence.keys import EARLIER_START
from dayplan.service.run import plan

NOW = "2026-12-01T08:00:00+10:00"  # Saturday = 2026-12-05; fixture rain 11:00-15:00
KOALAS = "We have to see the koalas at Lone Pine. 2 adults 2 kids, Kenmore, $200, home by 5"


def _run(text: str, **fields):
    run = plan(PlanRequest(text=text, now=NOW, **fields))
    assert run.report is not None, (text, run.error)
    return run


@pytest.mark.parametrize(
    ("text", "leave"),
    [
        (KOALAS, "08:43"),
        (
            "Saturday, 2 adults 2 kids, Fig Tree Pocket, the whole point is Lone Pine, $200, home by 4",
            "08:53",
        ),
        (
            "lone pine is a must!! 2 adults + 2 kids from kenmore, budget $200, back home by 5pm",
            "08:43",
        ),
    ],
)
def test_a_day_that_fits_only_leaving_earlier_is_asked(text: str, leave: str) -> None:
    run = _run(text)
    assert run.report.status == "needs_clarification"
    (question,) = run.report.questions
    assert f"leave home at {leave}" in question and "assumed leaving from 09:00" in question
    assert "Lone Pine Koala Sanctuary" in question


@pytest.mark.parametrize(
    "text",
    [
        KOALAS.replace("home by 5", "from 9, home by 5"),
        KOALAS.replace("home by 5", "can't leave before 9, home by 5"),
    ],
)
def test_a_stated_start_is_the_familys_limit_so_no_plan_is_earned(text: str) -> None:
    run = _run(text)
    assert run.report.status == "no_feasible_plan"
    assert any(r.field == "window_start" for r in run.report.readings)


def test_a_structured_window_is_stated_too() -> None:
    run = _run(KOALAS, window={"start": "09:00", "end": "17:00"})
    assert run.report.status == "no_feasible_plan"


def test_leaving_earlier_when_stated_plans_it() -> None:
    run = _run(KOALAS.replace("home by 5", "out the door at 8am, home by 5"))
    assert run.report.status == "complete"
    assert run.report.plan.stops[0].name == "Lone Pine Koala Sanctuary"


def test_the_status_rule_refuses_no_plan_on_the_assumed_start() -> None:
    run = _run(KOALAS)
    proofs = [s for s in run.steps if s.tool == "arrange_plan" and s.response]
    assert proofs[-1].response[EARLIER_START]["leave_home"] == "08:43"
    verdict = earned(
        {"status": "no_feasible_plan", "constraint_failures": [], "stops": []}, run.state
    )
    assert not verdict.earned and "nobody stated" in verdict.reason


def _clar(missing, question="Can you leave home at 08:43?"):
    return ToolStep(
        "record_clarification", {"questions": [question], "missing": missing}, {"ok": True}
    )


PROOF = ToolStep("arrange_plan", {"stops": []}, {"ok": True, "arranged": False})


def test_the_grader_states_the_rule_from_the_trace_alone() -> None:
    assert _asks_assumed_start(_clar(["window_start"]), [PROOF], start_stated=False) is None
    assert "states it" in _asks_assumed_start(_clar(["window_start"]), [PROOF], start_stated=True)
    assert "without a proof" in _asks_assumed_start(_clar(["window_start"]), [], start_stated=False)
    late = _clar(["window_start"], "Can you leave at 09:30?")
    assert "no time to leave before" in _asks_assumed_start(late, [PROOF], start_stated=False)
    assert "plannable" in _asks_assumed_start(_clar(["budget"]), [PROOF], start_stated=False)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, Toowong, $50, home by 8am",
        "Saturday 2 adults 2 kids Toowong $50 home by 8am",
        "Saturday, 2 adults, Toowong, home by 9am",
        "saturday w/ the kids (2 adults 2 kids), new farm, need to be home by 7:30am",
    ],
)
def test_a_home_by_at_or_before_the_assumed_start_is_asked(text: str) -> None:
    """Before: the day window ended before it began and the run ended without a finish (exit
    3). Now the home-by phrase is asked about, quoting it."""
    run = _run(text)
    assert run.report.status == "needs_clarification"
    (question,) = [q for q in run.report.questions if "the start I would assume" in q]
    assert "what time do you leave home" in question


def test_a_stated_early_start_makes_an_early_home_by_plannable() -> None:
    run = _run("Saturday, 2 adults, Toowong, from 7, home by 8:30am")
    assert run.report.status == "complete"
    assert run.report.plan.totals.home_by <= "08:30"
