"""Budgets said with a bare amount after a budget cue ("keep it under 50", "a budget of about
fifty", "budget: fifty") and per-leg caps said without a cap word beside a travel word
("nothing further than 20 mins", "20 min radius", "keep drives short, 20 mins", "under 15
minutes between places"): REVIEW3 #4 and #17."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import read_request
from dayplan.reading.apply import apply_reading
from dayplan.reading.money import read_money, says_currency
from dayplan.reading.travel import read_cap
from tests.reading_helpers import TODAY, read

PARTY = "Saturday, 2 adults 2 kids, Chermside, home by 3, {cue}"


@pytest.mark.parametrize(
    ("cue", "amount"),
    [
        ("keep it under 50", 50.0),
        ("keep things under 80", 80.0),
        ("keep the cost below 120", 120.0),
        ("a budget of about fifty", 50.0),
        ("budget: fifty", 50.0),
        ("budget is 60", 60.0),
        ("budget of around 75", 75.0),
        ("spend no more than 80", 80.0),
        ("spending under 45", 45.0),
        ("budget: one hundred and twenty", 120.0),
        ("max spend 90", 90.0),
        ("keep it under a hundred", 100.0),
    ],
)
def test_bare_amount_after_a_budget_cue_is_money(cue: str, amount: float) -> None:
    got = read(PARTY.format(cue=cue))
    assert got["budget"] == {"amount": amount, "currency": "AUD", "per_person": False}
    assert got["window_end"] == "15:00"
    assert got["adults"] == 2 and got["children"] == 2


@pytest.mark.parametrize(
    "cue",
    [
        "kids under 5",
        "keep it under 2 hours",
        "spend about 3 hours at the museum",
        "budget time for a nap",
        "keep it under 10 km",
    ],
)
def test_no_budget_from_a_count_a_duration_or_a_distance(cue: str) -> None:
    assert "budget" not in read(PARTY.format(cue=cue))


def test_currency_not_said_is_stated_as_an_assumption() -> None:
    text = PARTY.format(cue="keep it under 50")
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert applied.hints["budget"] == 50.0
    assert any("no currency was said" in a and "AUD" in a for a in applied.assumed)


def test_currency_said_is_no_assumption() -> None:
    text = PARTY.format(cue="$50 all up")
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert applied.hints["budget"] == 50.0
    assert not any("no currency was said" in a for a in applied.assumed)


def test_read_money_and_says_currency() -> None:
    assert read_money("keep it under 50").amount == 50.0  # type: ignore[union-attr]
    assert read_money("a budget of about fifty").amount == 50.0  # type: ignore[union-attr]
    assert read_money("keep it under 2 hours") is None
    assert says_currency("$50") and says_currency("50 bucks") and says_currency("AUD 50")
    assert not says_currency("keep it under 50")


SANDGATE = "Saturday, 2 adults, Sandgate, home by 3, {cue}"


@pytest.mark.parametrize(
    ("cue", "cap"),
    [
        ("nothing further than 20 mins", 20),
        ("nothing further than half an hour from home", 30),
        ("nowhere farther than 25 minutes", 25),
        ("20 min radius", 20),
        ("within a 15 minute radius", 15),
        ("keep drives short, 20 mins", 20),
        ("keep the trips short, say 25 minutes", 25),
        ("under 15 minutes between places", 14),  # strictly under: at most 14
        ("no more than 10 mins between stops", 10),
    ],
)
def test_per_leg_cap_phrases(cue: str, cap: int) -> None:
    got = read(SANDGATE.format(cue=cue))
    assert got["max_leg_minutes"] == cap, got
    assert got["window_end"] == "15:00"


@pytest.mark.parametrize(
    "cue",
    ["nap 20 mins", "20 minutes for lunch", "keep it short", "radius of fun"],
)
def test_no_cap_from_other_durations(cue: str) -> None:
    assert "max_leg_minutes" not in read(SANDGATE.format(cue=cue))


def test_read_cap_on_the_quotes() -> None:
    assert read_cap("nothing further than 20 mins") == 20
    assert read_cap("20 min radius") == 20
    assert read_cap("keep drives short, 20 mins") == 20
    assert read_cap("under 15 minutes between places") == 14  # strictly under
    assert read_cap("nap 20 mins") is None
