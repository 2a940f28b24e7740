"""Free only said in words (REVIEW4 F1): "nothing that costs money", "only things that are
free", "no paid attractions", "can't afford tickets", "keep it free" are a budget of AUD 0 with
the phrase as its quote; "free" in its other senses ("feel free", "free time", "gluten free",
"free from 2pm", "kids go free") is no budget; "we're broke" alone is asked, never planned as
"no budget given"."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.service.run import plan
from tests.reading_helpers import asked, quoted, unread

ZERO = {"amount": 0.0, "currency": "AUD", "per_person": False}
NOW = "2026-12-01T08:00:00+10:00"


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        (
            "Saturday, me and my 2 kids, Chermside, we're broke so nothing that costs money, home by 3",
            "nothing that costs money",
        ),
        (
            "Saturday, 2 adults, South Brisbane, only things that are free, home by 3",
            "only things that are free",
        ),
        ("Saturday, 2 adults, Toowong, no paid attractions, home by 3", "no paid attractions"),
        ("Saturday, 2 adults, New Farm, nothing paid please, home by 3", "nothing paid"),
        (
            "Saturday with the 3 kids and hubby, Chermside, nothing with an entry fee, home by 4",
            "nothing with an entry fee",
        ),
        (
            "Saturday, me + 2 kids, Carindale, can't afford tickets this week, back by 3",
            "can't afford tickets",
        ),
        ("Saturday, 2 adults, New Farm, no spending today, home by 3", "no spending today"),
        ("Saturday, 2 adults 2 kids, Toowong, we want to keep it free, home by 4", "keep it free"),
        ("Saturday, 1 adult 2 kids, Wynnum, zero dollars, home by 2", "zero dollars"),
        (
            "Saturday, 2 adults, South Brisbane, it all has to be free, home by 3",
            "it all has to be free",
        ),
        (
            "Saturday, 2 adults 1 kid, Paddington, not spending a cent, home by 3",
            "not spending a cent",
        ),
        ("Saturday, 2 adults, West End, no entry fees please, home by 3", "no entry fees"),
        (
            "Saturday, 2 adults, Chermside, anything that costs money is out, home by 3",
            "anything that costs money is out",
        ),
        ("Saturday, 2 adults, Chermside, free attractions only, home by 3", "free attractions"),
        (
            "Saturday, 2 adults, Chermside, without spending anything, home by 3",
            "without spending anything",
        ),
        ("Saturday, 2 adults, Chermside, no paid stuff, home by 3", "no paid stuff"),
        (
            "Saturday, 2 adults, Chermside, nothing we have to pay for, home by 3",
            "nothing we have to pay for",
        ),
        ("free stuff only this Saturday, 2 adults 1 kid, New Farm, home by 3", "free stuff"),
        ("Saturday, 2 adults, Kedron, cost-free stuff please, home by 3", "cost-free"),
        # "free" as an item of its own in the list (REVIEW5: served at AUD 130, "No budget given")
        ("Saturday, 2 adults, New Farm, free, home by 3", "free"),
        (
            "saturday, 2 adults 2 kids, Taringa, we love the outdoors, free, home by 3",
            "free",
        ),
        ("Saturday, mum and 2 kids, Chermside - free - back by 1", "free"),
        ("Free, Saturday, 2 adults, Toowong, home by 3", "Free"),
        ("Saturday, 2 adults, Toowong, all free, home by 3", "all free"),
        # a travel word in the sentence is no reason to refuse "free only" (it has no number)
        (
            "we're walking, no driving, 1 adult 1 kid from South Brisbane, free only, home by 2",
            "free only",
        ),
        ("Saturday, 2 adults, Kedron, 15 min drive max, free only, home by 3", "free only"),
    ],
)
def test_free_only_in_words_is_budget_zero(text: str, quote: str) -> None:
    assert quoted(text, "budget") == [(ZERO, quote)]
    assert not [u for u in unread(text) if u[1] == "money"]
    assert asked(text) == []


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("Saturday, 2 adults, Chermside, feel free to pick anything, home by 3", []),
        (
            "Saturday, 2 adults 2 kids, New Farm, some free time in the arvo would be nice, home by 4",
            [],
        ),
        ("Saturday, 2 adults, Toowong, we're free from 2pm", []),
        ("Saturday, 2 adults, Toowong, free all day, home by 4", []),
        (
            "Saturday, 2 adults, Toowong, entry is free for kids, $40, home by 4",
            [({"amount": 40.0, "currency": "AUD", "per_person": False}, "$40")],
        ),
        ("Saturday, 2 adults, West End, gluten free, dairy free, home by 3", []),
        ("Saturday, 2 adults, Chermside, keep the morning free, home by 4", []),
        ("Saturday, 2 adults, Chermside, stress-free day please, home by 3", []),
        (
            "Saturday, 2 adults 2 kids, South Brisbane, kids go free at most places, $60, home by 4",
            [({"amount": 60.0, "currency": "AUD", "per_person": False}, "$60")],
        ),
        (
            "Saturday, 2 adults, New Farm, no paid parking please, $50, home by 3",
            [({"amount": 50.0, "currency": "AUD", "per_person": False}, "$50")],
        ),
        (
            "Saturday, 2 adults, New Farm, nothing that costs more than $20 each, home by 3",
            [({"amount": 20.0, "currency": "AUD", "per_person": True}, "$20 each")],
        ),
        (
            "Saturday, 2 adults, New Farm, nothing that costs $30+, home by 3",
            [({"amount": 30.0, "currency": "AUD", "per_person": False}, "$30")],
        ),
    ],
)
def test_free_in_other_senses_is_no_zero_budget(text: str, budget: list) -> None:
    assert quoted(text, "budget") == budget


def test_gluten_free_is_no_budget() -> None:
    text = "Saturday, 2 adults, West End, gluten free food for me, home by 3"
    assert quoted(text, "budget") == []
    assert not [u for u in unread(text) if u[1] == "money"]


def test_no_spending_limit_is_no_zero_budget() -> None:
    text = "Saturday, 2 adults, New Farm, no spending limit, home by 3"
    assert quoted(text, "budget") == []


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday, 2 adults, New Farm, we're broke, home by 3", "we're broke"),
        ("Saturday, me and 2 kids, Wynnum, a bit skint this week, home by 3", "skint"),
        ("Saturday, 2 adults, Kedron, bit strapped for cash, home by 3", "strapped for cash"),
    ],
)
def test_broke_without_an_amount_is_asked(text: str, phrase: str) -> None:
    assert quoted(text, "budget") == []
    assert (phrase, "money") in unread(text)
    assert any(phrase in q for q in asked(text))


def test_the_car_broke_down_is_no_money_phrase() -> None:
    text = "Saturday, 2 adults, New Farm, the car broke down, home by 3"
    assert not [u for u in unread(text) if u[1] == "money"]


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, me and my 2 kids, Chermside, we're broke so nothing that costs money, home by 3",
        "Saturday, 2 adults, Toowong, no paid attractions, home by 3",
        "Saturday, 2 adults, New Farm, nothing paid please, home by 3",
    ],
)
def test_free_only_plans_cost_nothing(text: str) -> None:
    run = plan(PlanRequest.model_validate({"text": text, "now": NOW}))
    report = run.report
    assert report.status == "complete", report.questions
    assert report.plan.totals.cost == 0
    assert not any("No budget given" in a for a in report.assumptions)
