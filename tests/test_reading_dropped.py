"""A limit code rejected is never lost when the model drops it, and "X morning only" is read.

"saturday morning only, 2 adults, Toowong" was served as a 09:00-17:00 day: the stand-in
proposed "morning only" as the window, the verifier (which read "saturday morning" as the part
of the day) rejected that quote, the stand-in dropped it, and nothing was left to ask. Now:

- the verifier accepts the proposer's own "morning only" span (one reading of the words);
- a rejected reading of a limit field (time, money, count, weather) that the model then drops is
  listed unread and asked about, for any model (``propose.rejected_unread``: one rule for the
  stand-in's proposals and for ``record_reading`` calls), never twice for one phrase.
"""

from __future__ import annotations

import pytest

from dayplan.evidence import RunEvidence
from dayplan.tools.reading import run_record_reading
from tests.cli_runs import plan_text, read_items


@pytest.mark.parametrize(
    "text",
    [
        "saturday morning only, 2 adults, Toowong, $40 max",
        "2 adults, Toowong, saturday morning only",
        "sat morning only pls - me and my 2 boys, Ashgrove",
    ],
)
def test_weekday_morning_only_is_the_morning(text):
    got = dict(read_items(text)[0])
    assert (got.get("window_start"), got.get("window_end")) == ("09:00", "12:00")


def test_morning_only_plan_keeps_to_the_morning():
    report = plan_text("saturday morning only, 2 adults, Toowong, $40 max, walking distance")
    assert report is not None and report.status == "complete"
    assert report.plan.totals.home_by <= "12:00"


def _state(text: str) -> dict:
    from dayplan.contract import PlanRequest
    from dayplan.service.run import initial_state

    return initial_state(PlanRequest(text=text, now="2026-12-01T08:00:00+10:00"), "run1")


def test_a_dropped_rejected_limit_is_asked_about():
    text = "sat, 2 adults, Bulimba, home by half three"
    state = _state(text)
    first = run_record_reading(
        state,
        [
            {"field": "adults", "value": 2, "quote": "2 adults"},
            {"field": "window_end", "value": "03:00", "quote": "home by half three"},
        ],
    )
    assert first["ok"] is False and first["rejected"][0]["field"] == "window_end"
    # the model drops what code rejected; the phrase is asked about, once
    second = run_record_reading(state, [{"field": "adults", "value": 2, "quote": "2 adults"}])
    assert second["ok"] is True
    assert sum("half three" in q for q in second["questions"]) == 1, second["questions"]
    assert RunEvidence(state).reading is not None


def test_a_rejected_reading_with_an_invented_quote_adds_nothing():
    text = "sat, 2 adults, Bulimba, 9-3"
    state = _state(text)
    run_record_reading(state, [{"field": "window_end", "value": "17:00", "quote": "home by 5"}])
    done = run_record_reading(
        state,
        [
            {"field": "adults", "value": 2, "quote": "2 adults"},
            {"field": "window_start", "value": "09:00", "quote": "9-3"},
            {"field": "window_end", "value": "15:00", "quote": "9-3"},
        ],
    )
    assert done["ok"] is True and done["questions"] == []
