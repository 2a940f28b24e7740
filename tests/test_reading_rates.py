"""Amounts said for one member of the party, and a lunch at home said with its length.

- "$30 an adult", "$40 each for the adults", "20 bucks a kid": a rate for one kind of member.
  Its member word is never one more person ("$30 an adult, 2 adults 2 kids" was read as 3
  adults), and the amount is asked about (the adults' share, or each person's?), never read as
  the whole party's budget, by the stand-in or from a model's shortened quote ("$30");
- "$25 a head" / "$25 each" stay a per-person budget;
- "home for a 45 min lunch at 12" is a blocked window at home (it was a pause away from home,
  so the party waited 90 min at a museum), while "home for lunch at 12" with nothing after is
  still the time home.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import plan_text, read_items
from tests.reading_helpers import asked

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("text", "adults", "children", "phrase"),
    [
        ("Sat in Carindale, $30 an adult, kids free, 2 adults 2 kids, 9-3", 2, 2, "$30 an adult"),
        ("$40 each for the adults, kids free, 2 adults and 2 kids in Wynnum", 2, 2, "$40 each"),
        ("Chermside, 2 adults 3 kids, 20 bucks a kid", 2, 3, "20 bucks a kid"),
        ("sunday at Wynnum - $15 per child, me and my 2 girls", 1, 2, "$15 per child"),
        ("2 grown-ups and a toddler, $50 per adult max, Sandgate", 2, 1, "$50 per adult"),
    ],
)
def test_rate_for_one_member_is_asked_and_never_a_person(text, adults, children, phrase):
    items, _ = read_items(text)
    got = dict(items)
    assert got.get("adults") == adults
    assert got.get("children") == children
    assert "budget" not in got
    questions = asked(text)
    assert any(phrase in q and "budget" in q for q in questions), questions


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("2 adults 2 kids, $25 a head, Carindale", 25.0),
        ("$25 each, 2 adults 1 kid, Wynnum", 25.0),
    ],
)
def test_a_head_is_still_per_person(text, amount):
    got = dict(read_items(text)[0])
    assert got["budget"] == {"amount": amount, "currency": "AUD", "per_person": True}


def test_model_quoting_the_amount_without_its_member_is_rejected():
    text = "Sat in Carindale, $30 an adult, kids free, 2 adults 2 kids, 9-3"
    out = verify_reading(
        text,
        {"field": "budget", "value": {"amount": 30, "currency": "AUD"}, "quote": "$30"},
        today=TODAY,
    )
    assert out.error and "$30 an adult" in out.error
    out = verify_reading(
        text, {"field": "adults", "value": 3, "quote": "an adult, kids free, 2 adults"}, today=TODAY
    )
    assert out.error == "the quote counts 2 adults, not 3"
    ok = verify_reading(
        text, {"field": "adults", "value": 2, "quote": "2 adults 2 kids"}, today=TODAY
    )
    assert getattr(ok, "value", None) == 2


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (
            "saturday, 2 adults 2 kids, Paddington, home for a 45 min lunch at 12, back out after",
            "12:00",
            "12:45",
        ),
        (
            "Sat in Ashgrove with my 2 boys, home for a 1 hour lunch at 12:30, home by 5",
            "12:30",
            "13:30",
        ),
        (
            "2 adults 1 kid in Bulimba saturday, back home for a 90 minute nap at 1",
            "13:00",
            "14:30",
        ),
    ],
)
def test_home_for_a_long_lunch_is_a_blocked_window_at_home(text, start, end):
    got = dict(read_items(text)[0])
    blocked = got["blocked"]
    assert blocked["start"] == start and blocked["end"] == end
    assert blocked["at_home"] is True


def test_home_for_lunch_with_nothing_after_is_the_time_home():
    got = dict(read_items("saturday, 2 adults, New Farm, home for lunch at 12")[0])
    assert got.get("window_end") == "12:00"
    assert "blocked" not in got


def test_the_long_lunch_at_home_is_spent_at_home_in_the_served_plan():
    report = plan_text(
        "saturday, 2 adults 2 kids, Paddington, home for a 45 min lunch at 12, back out after, $60"
    )
    assert report is not None and report.status == "complete", report
    stops = report.plan.stops
    # nothing is visited during the lunch at home, and the legs around it go home
    for s in stops:
        assert s.end <= "12:00" or s.start >= "12:45", (s.name, s.start, s.end)
    assert any(r.field == "blocked" and r.value["at_home"] for r in report.readings)
