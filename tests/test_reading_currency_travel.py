"""Money in another currency and limits on the day's travel in total (REVIEW2 findings 5, 2).

Venue prices are AUD (``dayplan.contract.PRICE_CURRENCY``): a budget in another currency is
never read as AUD nor relabelled; a structured one is refused (422 / exit 2), a phrase in the
text is listed unread (kind ``money``) and asked about. A limit on the whole day's travel ("no
more than an hour in the car all day") is no cap on a leg: no check holds it, so it is listed
unread (kind ``travel``) and asked about; per-leg caps stay read as ``max_leg_minutes``."""

from __future__ import annotations

from datetime import date

import pytest
from pydantic import ValidationError

from dayplan.contract import PRICE_CURRENCY, Budget, PlanRequest
from dayplan.data import venue_snapshot
from dayplan.reading import ReadingRejection, money, read_request, travel, verify_reading
from dayplan.reading.apply import apply_reading, questions

TODAY = date(2026, 12, 1)


def read(text: str) -> dict:
    accepted, _ = read_request(text, today=TODAY)
    return {i.field: i.value for i in accepted.items}


def unread(text: str) -> list[tuple[str, str]]:
    _, phrases = read_request(text, today=TODAY)
    return [(p.phrase, p.kind) for p in phrases]


def asked(text: str, **fields) -> list[str]:
    accepted, phrases = read_request(text, today=TODAY)
    request = PlanRequest.model_validate({"text": text, **fields})
    return questions(phrases, apply_reading(request, accepted))


# -- currency: the structured budget ---------------------------------------------------------


def test_the_catalogue_is_in_the_one_price_currency():
    assert venue_snapshot()["currency"] == PRICE_CURRENCY == "AUD"


@pytest.mark.parametrize("code", ["JPY", "USD", "EUR", "GBP", "NZD", "XYZ"])
def test_a_budget_in_another_currency_is_refused(code):
    with pytest.raises(ValidationError) as exc:
        PlanRequest.model_validate(
            {"text": "Saturday", "budget": {"amount": 200, "currency": code}}
        )
    err = exc.value.errors()[0]
    assert err["loc"] == ("budget", "currency") and err["type"] == "currency_unsupported"
    assert err["msg"] == "only AUD is supported: venue prices are AUD, so give the budget in AUD"


def test_an_aud_budget_and_the_default_stand():
    assert Budget(amount=60, currency="AUD").currency == "AUD"
    assert Budget(amount=60).currency == "AUD"


# -- currency: the text ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday, 2 adults, budget 60 euros, home by 5", "60 euros"),
        ("Saturday with 2 kids, keep it under fifty quid", "fifty quid"),
        ("2 adults, $50 USD budget, home by 4", "$50 USD"),
        ("we've got 100 US dollars to spend, 2 adults", "100 US dollars"),
        ("Sat, 2 adults 1 kid, €80 max", "€80"),
        ("budget is £40 for the two of us adults", "£40"),
        ("2 adults, USD 120 total", "USD 120"),
        ("Saturday, 2 adults, a hundred euros tops", "a hundred euros"),
        ("Saturday, 1 adult, ¥5000 budget", "¥5000"),
        ("2 adults, about 70 NZD", "70 NZD"),
        ("2 adults and the kids, 90 canadian dollars", "90 canadian dollars"),
        ("me and my partner, 30 pounds each", "30 pounds"),
    ],
)
def test_money_in_another_currency_is_listed_unread_and_asked(text, phrase):
    assert "budget" not in read(text)
    assert (phrase, "money") in unread(text)
    qs = asked(text)
    assert any(f'"{phrase}"' in q and "AUD" in q and "not converted" in q for q in qs), qs


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("Saturday, 2 adults, $50, home by 5", 50.0),
        ("2 adults, 50 bucks", 50.0),
        ("2 adults, AUD 50", 50.0),
        ("2 adults, A$50 all up", 50.0),
        ("2 adults, 50 dollars", 50.0),
        ("2 adults, budget 60", 60.0),
        ("just us two adults, under a hundred dollars", 100.0),
        ("Saturday with the kids (2 adults 2 kids), $120 budget", 120.0),
    ],
)
def test_local_money_stays_aud(text, amount):
    budget = read(text)["budget"]
    assert budget["amount"] == amount and budget["currency"] == "AUD"
    assert not [u for u in unread(text) if u[1] == "money"]


@pytest.mark.parametrize(
    ("quote", "value"),
    [
        ("budget 60", {"amount": 60, "currency": "AUD"}),
        ("$50", {"amount": 50}),
        ("60 euros", {"amount": 60, "currency": "EUR"}),
        ("100 US dollars", {"amount": 100, "currency": "USD"}),
    ],
)
def test_a_models_reading_beside_another_currency_is_rejected(quote, value):
    text = "Saturday, 2 adults, budget 60 euros, $50 USD or 100 US dollars, home by 5"
    got = verify_reading(text, {"field": "budget", "value": value, "quote": quote}, today=TODAY)
    assert isinstance(got, ReadingRejection), got


def test_a_models_aud_reading_away_from_foreign_money_is_accepted():
    text = "Saturday, 2 adults, $50 all up, home by 5"
    got = verify_reading(text, {"field": "budget", "value": 50, "quote": "$50"}, today=TODAY)
    assert got.value["amount"] == 50.0 and got.value["currency"] == "AUD"


@pytest.mark.parametrize(
    "text", ["we won 2 tickets", "us 2 adults", "the euro museum", "2 adults, 3 kids, home by 5"]
)
def test_no_foreign_money_where_none_is_said(text):
    assert money.foreign_spans(text.lower()) == []


# -- travel: total vs per leg ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        (
            "Saturday, we're in Sandgate, 2 adults, must do Lone Pine, no more than an hour in "
            "the car all day, dry day, home by 5",
            "no more than an hour in the car all day",
        ),
        ("2 adults, max 40 minutes total driving, home by 5", "max 40 minutes total driving"),
        ("2 adults, no more than 30 min driving in total", "no more than 30 min driving in total"),
        (
            "total drive time under an hour please, 2 adults",
            "total drive time under an hour please",
        ),
        ("2 adults. 90 minutes of travel altogether, max", "90 minutes of travel altogether"),
        (
            "2 adults, under an hour in the car for the whole day",
            "under an hour in the car for the whole day",
        ),
        ("2 adults; 45 mins driving all up", "45 mins driving all up"),
        (
            "2 adults, no more than 2 hours of driving overall",
            "no more than 2 hours of driving overall",
        ),
    ],
)
def test_a_total_travel_limit_is_not_a_leg_cap_and_is_asked(text, phrase):
    got = read(text)
    assert "max_leg_minutes" not in got
    assert (phrase, "travel") in unread(text)
    qs = asked(text)
    assert any(f'"{phrase}"' in q and "each leg" in q for q in qs), qs


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("2 adults, no leg over 30 minutes", 30),
        ("2 adults, max 15 min drive", 15),
        ("2 adults, nothing more than 20 mins away", 20),
        ("2 adults, no more than 30 minutes in the car, out all day", 30),
        ("2 adults, no more than 20 min each way all day", 20),
        ("2 adults, no more than 25 minutes between stops in total", 25),
        ("2 adults, 20 min drive max", 20),
        ("2 adults, keep drives under half an hour", 29),  # strictly under: at most 29
    ],
)
def test_per_leg_caps_stay_per_leg(text, minutes):
    assert read(text)["max_leg_minutes"] == minutes
    assert not [u for u in unread(text) if u[1] == "travel"]


@pytest.mark.parametrize(
    "travel_field",
    [{"mode": "car"}, {"mode": "transit"}, {"mode": "car", "max_leg_minutes": 15}],
)
@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("2 adults, max 40 minutes total driving, home by 5", "max 40 minutes total driving"),
        (
            "Saturday with the 2 kids, no more than an hour in the car all day",
            "no more than an hour in the car all day",
        ),
        ("2 adults 1 kid, keep total driving under 45 min", "keep total driving under 45 min"),
    ],
)
def test_no_structured_travel_settles_a_total_travel_phrase(travel_field, text, phrase):
    """A structured ``travel`` states a mode and a leg cap, never a total: the total the parent
    wrote is still asked about (a plan of many short legs could add up to more)."""
    qs = asked(text, travel=travel_field)
    assert any(f'"{phrase}"' in q and "in total" in q for q in qs), qs


def test_a_total_travel_question_names_the_leg_cap_already_given():
    text = "2 adults, max 40 minutes total driving, home by 5"
    (q,) = [q for q in asked(text, travel={"mode": "car", "max_leg_minutes": 15}) if "leg" in q]
    assert "yours: 15 min" in q and "longest single leg" not in q
    (q,) = [q for q in asked("2 adults, 20 min drive max, 90 min driving all up") if "leg" in q]
    assert '"90 min driving all up"' in q and "yours: 20 min" in q


@pytest.mark.parametrize(
    "phrase",
    [
        "no more than 30 min driving in total",
        "an hour in the car all day",
        "max 40 minutes total driving",
    ],
)
def test_read_cap_refuses_a_total(phrase):
    assert travel.is_total(phrase) and travel.read_cap(phrase) is None
