"""The meaning grader's reading checks (``expect.readings``, ``readings_absent``,
``unread_mentions``) against hand-built served bodies: right readings pass, a wrong value, a
missing reading, a wrong quote, a forbidden field or a missing unread phrase fails critically."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from dayplan.evals.case import EvalCase
from dayplan.evals.graders import grade_meaning
from dayplan.evals.served import Served

READINGS = [
    {"field": "window_end", "value": "11:00", "quote": "back by 11 for her nap"},
    {
        "field": "budget",
        "value": {"amount": 80.0, "currency": "AUD", "per_person": False},
        "quote": "80 bucks",
    },
    {"field": "adults", "value": 2, "quote": "my partner and I with our three girls"},
    {"field": "children", "value": 3, "quote": "my partner and I with our three girls"},
    {
        "field": "blocked",
        "value": {"start": "09:00", "end": "10:00", "label": "footy", "at_home": False},
        "quote": "footy 9-10am",
    },
    {
        "field": "blocked",
        "value": {"start": "12:00", "end": "13:00", "label": "lunch", "at_home": True},
        "quote": "lunch at home 12-1",
    },
    {"field": "rain", "value": "none", "quote": "won't rain"},
]


def served(readings=READINGS, unread=()) -> Served:
    body = {
        "status": "needs_clarification",
        "questions": ["How many adults and how many children are coming?"],
        "readings": list(readings),
        "unread": list(unread),
    }
    return Served(200, "application/json", json.dumps(body))


def case(**expect) -> EvalCase:
    return EvalCase.model_validate(
        {
            "name": "t",
            "request": {"text": "x"},
            "expect": {"status": "needs_clarification", **expect},
        }
    )


def reading_checks(grade):
    return {
        c.id: (c.passed, c.critical)
        for c in grade.checks
        if c.id.startswith(("property:reading", "property:unread"))
    }


def test_right_readings_pass():
    c = case(
        readings=[
            {"field": "window_end", "value": "11:00", "quote_contains": "back by 11"},
            {"field": "budget", "value": {"amount": 80, "per_person": False}},
            {"field": "adults", "value": 2},
            {"field": "children", "value": 3, "quote_contains": "THREE girls"},
            {"field": "blocked", "value": {"start": "12:00", "end": "13:00", "at_home": True}},
            {"field": "blocked", "value": {"start": "09:00", "end": "10:00"}},
            {"field": "rain", "value": "none"},
        ],
        readings_absent=["location", "mode"],
    )
    grade = grade_meaning(c, served())
    assert grade.passed and grade.score == 5, grade.failures()
    assert reading_checks(grade) == {
        "property:reading:window_end": (True, False),
        "property:reading:budget": (True, False),
        "property:reading:adults": (True, False),
        "property:reading:children": (True, False),
        "property:reading:blocked": (True, False),
        "property:reading:blocked#2": (True, False),
        "property:reading:rain": (True, False),
        "property:reading_absent:location": (True, False),
        "property:reading_absent:mode": (True, False),
    }


@pytest.mark.parametrize(
    ("expected", "failed"),
    [
        # a wrong value: 23:00 for "back by 11" (the misread deadline)
        ({"field": "window_end", "value": "23:00"}, "property:reading:window_end"),
        # a wrong count
        ({"field": "children", "value": 2}, "property:reading:children"),
        # a dict key that differs: the lunch is at home, not a stop-to-stop break
        (
            {"field": "blocked", "value": {"start": "12:00", "end": "13:00", "at_home": False}},
            "property:reading:blocked",
        ),
        # per person vs for the party
        ({"field": "budget", "value": {"per_person": True}}, "property:reading:budget"),
        # a reading nobody made
        ({"field": "max_leg_minutes", "value": 20}, "property:reading:max_leg_minutes"),
        # the right value from the wrong quote
        (
            {"field": "adults", "value": 2, "quote_contains": "2 adults"},
            "property:reading:adults",
        ),
        # 2 is not "2" and true is not 1
        ({"field": "adults", "value": "2"}, "property:reading:adults"),
    ],
)
def test_a_wrong_or_missing_reading_fails_critically(expected, failed):
    grade = grade_meaning(case(readings=[expected]), served())
    assert not grade.passed and grade.score == 0
    assert grade.critical_failures == [failed]
    detail = next(c.detail for c in grade.checks if c.id == failed)
    assert "expected" in detail and "read" in detail


def test_a_field_that_must_not_be_read_fails_when_it_is():
    body = [*READINGS, {"field": "location", "value": "Lone Pine", "quote": "at Lone Pine"}]
    grade = grade_meaning(case(readings_absent=["location"]), served(body))
    assert grade.critical_failures == ["property:reading_absent:location"]
    assert "Lone Pine" in grade.failures()[0].detail


def test_unread_mentions():
    c = case(unread_mentions=["土曜日"])
    assert grade_meaning(c, served(unread=["土曜日 10時から"])).passed
    grade = grade_meaning(c, served(unread=[]))
    assert grade.critical_failures == ["property:unread:土曜日"]


def test_reading_checks_never_crash_on_a_malformed_readings_list():
    bad = Served(
        200,
        "application/json",
        json.dumps({"status": "needs_clarification", "questions": ["Who?"], "readings": [3, None]}),
    )
    grade = grade_meaning(case(readings=[{"field": "adults", "value": 2}]), bad)
    assert grade.critical_failures == ["property:reading:adults"]


def test_the_case_format_refuses_an_unknown_field_or_key():
    with pytest.raises(ValidationError):
        case(readings=[{"field": "adult", "value": 2}])
    with pytest.raises(ValidationError):
        case(readings=[{"field": "adults", "value": 2, "quote": "2 adults"}])
    with pytest.raises(ValidationError):
        case(readings_absent=["city"])
