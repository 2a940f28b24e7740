"""record_reading: the model states what it read, code verifies and freezes it, and every later
tool takes the text's constraints from the frozen reading (never from the model per call)."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from dayplan.contract import PlanRequest
from dayplan.evidence import RunEvidence
from dayplan.service.run import initial_state
from dayplan.tools import record_reading
from dayplan.tools.reading import MAX_ATTEMPTS, reading_needed
from dayplan.tools.state import constraints_for

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
TEXT = (
    "Saturday the 19th with my partner and our three girls. Back by 11 for the baby's nap. "
    "$20 each. There won't be any rain. We'll drive, no more than 30 minutes in the car."
)
GOOD = [
    {"field": "date", "value": "2026-12-19", "quote": "Saturday the 19th"},
    {"field": "adults", "value": 2, "quote": "with my partner and our three girls"},
    {"field": "children", "value": 3, "quote": "with my partner and our three girls"},
    {"field": "window_end", "value": "11:00", "quote": "Back by 11"},
    {"field": "budget", "value": {"amount": 20, "per_person": True}, "quote": "$20 each"},
    {"field": "rain", "value": "none", "quote": "won't be any rain"},
    {"field": "mode", "value": "car", "quote": "drive"},
    {"field": "max_leg_minutes", "value": 30, "quote": "no more than 30 minutes in the car"},
]


def make_ctx(text: str = TEXT, **fields):
    request = PlanRequest(text=text, location="Brisbane", **fields)
    state = initial_state(request, run_id="t", now=NOW)
    return SimpleNamespace(state=state, function_call_id="call-1")


def test_a_verified_reading_is_frozen_and_the_constraints_come_from_it():
    ctx = make_ctx()
    assert reading_needed(ctx.state)
    out = record_reading(GOOD, ctx)
    assert out["ok"] and out["frozen"] and out["questions"] == []
    assert not reading_needed(ctx.state)
    assert RunEvidence(ctx.state).reading.first("window_end") == "11:00"
    c = constraints_for(ctx.state)
    assert c.window == (9 * 60, 11 * 60)
    assert (c.adults, c.children) == (2, 3)
    assert c.budget == 100.0  # $20 each x 5
    assert (c.mode, c.max_leg_minutes) == ("car", 30)


def test_the_misread_deadline_is_rejected_with_the_parsers_evidence_and_nothing_frozen():
    ctx = make_ctx()
    bad = [*GOOD[:3], {"field": "window_end", "value": "23:00", "quote": "Back by 11"}]
    out = record_reading(bad, ctx)
    assert out["ok"] is False and out["attempts_left"] == MAX_ATTEMPTS - 1
    [rej] = out["rejected"]
    assert rej["quote"] == "Back by 11" and rej["found"] == "11:00" and "11:00" in rej["error"]
    assert RunEvidence(ctx.state).reading is None
    assert record_reading(GOOD, ctx)["frozen"]  # fixed and called again: accepted


def test_an_invented_quote_is_rejected():
    out = record_reading([{"field": "budget", "value": 500, "quote": "budget of $500"}], make_ctx())
    assert out["ok"] is False and "does not occur" in out["rejected"][0]["error"]


def test_after_max_attempts_the_accepted_part_is_frozen_and_the_rest_is_unread():
    ctx = make_ctx()
    bad = [GOOD[0], {"field": "adults", "value": 7, "quote": "my partner"}]
    for _ in range(MAX_ATTEMPTS - 1):
        assert record_reading(bad, ctx)["ok"] is False
    out = record_reading(bad, ctx)
    assert out["frozen"] and [r["field"] for r in out["rejected"]] == ["adults"]
    assert "my partner" in out["unread"]
    assert [i["field"] for i in out["accepted"]] == ["date"]


def test_the_first_accepted_reading_stays_frozen():
    ctx = make_ctx()
    assert record_reading(GOOD, ctx)["frozen"]
    again = record_reading([{"field": "window_end", "value": "15:00", "quote": "x"}], ctx)
    assert again["ok"] is False and "already recorded" in again["error"]
    assert constraints_for(ctx.state).window[1] == 11 * 60


def test_a_structured_field_wins_and_the_result_says_so():
    ctx = make_ctx(window={"start": "09:00", "end": "15:00"})
    out = record_reading(GOOD, ctx)
    assert {"field": "window_end", "value": "11:00", "quote": "Back by 11", "by": "window"} in out[
        "overridden"
    ]
    assert any("window wins" in a for a in out["assumed"])
    assert constraints_for(ctx.state).window == (9 * 60, 15 * 60)


def test_unread_constraint_phrases_come_back_as_questions():
    ctx = make_ctx("Lunch with grandma; the party starts at 2")
    out = record_reading([], ctx)  # nothing read: refused once, naming the phrase
    assert out["ok"] is False and "starts at 2" in out["error"]
    out = record_reading([], ctx)  # again: frozen empty, and the phrase is asked about
    assert out["frozen"] and out["questions"] and "starts at 2" in out["questions"][0]


@pytest.mark.parametrize(
    "readings",
    [
        None,
        "adults=2",
        42,
        {"field": "adults", "value": 2, "quote": "my partner"},
        [{"field": "adults", "value": 2, "quote": "my partner"}] * 41,
        [{"field": "weather", "value": "dry", "quote": "rain"}],
        [{"field": "adults", "value": "2", "quote": "my partner"}],
        [{"field": "adults", "value": True, "quote": "my partner"}],
        [{"field": "budget", "value": float("nan"), "quote": "$20 each"}],
        [{"field": "rain", "value": {"start": "25:00", "end": "26:00"}, "quote": "rain"}],
        ["not an object"],
        [{"field": "adults", "value": 2}],
    ],
)
def test_bad_input_is_a_structured_error_never_an_exception(readings):
    ctx = make_ctx()
    out = record_reading(readings, ctx)
    assert out["ok"] is False and out["error"]
    assert RunEvidence(ctx.state).reading is None


def test_without_free_text_no_reading_is_needed():
    ctx = make_ctx(text="")
    assert not reading_needed(ctx.state)
