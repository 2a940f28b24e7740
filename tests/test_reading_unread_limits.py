"""A limit the user stated (a budget, the party, the date) that the reader could not read is
listed unread with its limit kind and asked about (``needs_clarification`` naming the phrase),
never served as if no limit was given; a structured field of the same kind settles it. Plain
limits the reader does read ("$100", "next Saturday", "2 kids (8 and 10)") still read, and ask
nothing."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import read_request
from dayplan.reading.apply import apply_reading, questions

TODAY = date(2026, 12, 1)  # a Tuesday: "Saturday" is 2026-12-05


def unread(text: str) -> list[tuple[str, str]]:
    _, phrases = read_request(text, today=TODAY)
    return [(p.phrase, p.kind) for p in phrases]


def asked(text: str, **fields) -> list[str]:
    accepted, phrases = read_request(text, today=TODAY)
    return questions(phrases, apply_reading(PlanRequest(text=text, **fields), accepted))


def read(text: str) -> dict:
    accepted, _ = read_request(text, today=TODAY)
    return {i.field: i.value for i in accepted.items}


FAMILY = "Saturday in Brisbane, 2 adults 2 kids, {}, Lone Pine please, dry, home by 5"


# -- budgets nobody read ask ---------------------------------------------------------------


@pytest.mark.parametrize(
    "phrase, quoted",
    [
        ("around the 100 mark", "around the 100 mark"),
        ("budget's tight, 100", "budget's tight, 100"),
        ("money's tight, 80 all up", "80 all up"),
        ("spending is tight, 120", "120"),
        ("under a hundred", "under a hundred"),
        # "keep it under a hundred" is read (AUD 100, currency stated as assumed):
        # tests/test_reading_bare_budget_caps.py
        ("no more than two hundred", "no more than two hundred"),
        ("a hundred tops, thanks", "a hundred tops"),
        ("around one hundred and fifty", "around one hundred and fifty"),
        ("somewhere near the 150 mark", "150 mark"),
    ],
)
def test_a_budget_nobody_read_is_asked_about_naming_the_phrase(phrase, quoted):
    text = FAMILY.format(phrase)
    assert "budget" not in read(text)
    kinds = dict(unread(text))
    assert any(quoted in p and k == "money" for p, k in kinds.items()), kinds
    qs = asked(text)
    assert any(quoted in q and "budget" in q for q in qs), qs


def test_a_structured_budget_settles_an_unread_money_phrase():
    text = FAMILY.format("around the 100 mark")
    assert asked(text, budget={"amount": 100, "currency": "AUD"}) == []


@pytest.mark.parametrize(
    "phrase, amount",
    [
        ("a hundred bucks tops", 100.0),
        ("$100", 100.0),
        ("under a hundred dollars", 100.0),
        ("budget 100", 100.0),
        ("one hundred dollars", 100.0),
    ],
)
def test_budgets_the_reader_reads_still_read_and_ask_nothing(phrase, amount):
    text = FAMILY.format(phrase)
    assert read(text)["budget"]["amount"] == amount
    assert asked(text) == []


@pytest.mark.parametrize(
    "text",
    [
        FAMILY.format("$100"),  # numbers without money words stay plain numbers: not asked
        "Saturday in New Farm, 2 adults 1 kid, home by 5, Brisbane 4005",
        "Saturday, 2 adults, home by 5, we'll be in bed by 9 anyway",
    ],
)
def test_numbers_without_money_or_children_words_are_not_asked(text):
    assert not [k for _, k in unread(text) if k in ("money", "party")]


# -- children mentioned, with ages but no count -------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Brisbane City, no rain forecast, kids are 8 and 10, must do Lone Pine, $70 budget, home by 5",
        "Saturday, kids are 8 and 10, they're into art and history, $200",
        "Saturday at South Bank, the boys are 6 and 9, $90, home by 4",
    ],
)
def test_children_listed_by_their_ages_count_one_each(text):
    """Ages listed ("the kids are 8 and 10"): two ages, two children; the adult beside them is assumed."""
    assert read(text)["children"] == 2
    assert "adults" not in read(text)
    assert not [q for q in asked(text) if "children" in q]


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Brisbane City, kids are 8, must do Lone Pine, home by 5",  # 8 kids, or 8 yo?
        "Saturday, our kids are 8, they're into art and history",
        "Saturday at South Bank, the boys are 6, $90, home by 4",
    ],
)
def test_one_number_after_children_words_asks_how_many_with_or_without_a_budget(text):
    assert "children" not in read(text)
    assert any(k == "party" for _, k in unread(text))
    assert any("How many" in q and "children" in q for q in asked(text)), asked(text)


def test_a_structured_party_settles_children_said_by_ages():
    text = "Saturday, kids are 8 and 10, must do Lone Pine, $70 budget, home by 5"
    assert asked(text, party={"adults": 1, "children": 2}) == []


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults 2 kids (8 and 10), $100, home by 5",
        "Saturday west end, 2 adults, kids 4 and 6, $400 limit, home by 5pm",
        "Sunday, 2 adults, girls aged 5 and 11, budget $120",
    ],
)
def test_children_counted_with_their_ages_ask_nothing(text):
    assert read(text)["children"] == 2
    assert not [q for q in asked(text) if "children" in q]


# -- dates said relative to another day ----------------------------------------------------


@pytest.mark.parametrize(
    "text, phrase",
    [
        (
            "Plan the Saturday after Christmas in Wynnum, 2 adults 1 kid, must do the library, home by 3",
            "the Saturday after Christmas",
        ),
        ("the Sunday before Christmas at South Bank, 2 adults", "the Sunday before Christmas"),
        ("the weekend after next, Saturday, New Farm, 2 adults", "the weekend after next"),
        ("next Saturday fortnight, 2 adults 2 kids", "next Saturday fortnight"),
        ("a fortnight from Saturday, 2 adults", "a fortnight from Saturday"),
        ("Saturday in two weeks, 2 adults, $80", "Saturday in two weeks"),
        ("the Saturday after New Year's Day, 2 adults", "the Saturday after New Year's Day"),
        ("sat after xmas, me and 2 kids", "sat after xmas"),
    ],
)
def test_a_relative_date_is_asked_never_planned_for_the_plain_weekday(text, phrase):
    assert (phrase, "date") in unread(text)
    assert any(f'"{phrase}"' in q and "date" in q for q in asked(text)), asked(text)


def test_a_structured_date_settles_a_relative_date():
    text = "Plan the Saturday after Christmas in Wynnum, 2 adults 1 kid, home by 3"
    assert asked(text, date="2026-12-26") == []


@pytest.mark.parametrize(
    "text, day",
    [
        ("Saturday in New Farm, 2 adults, home by 5", "2026-12-05"),
        ("next Saturday in New Farm, 2 adults, home by 5", "2026-12-12"),
        ("Saturday after lunch in New Farm, 2 adults, home by 5", "2026-12-05"),
        ("Sunday before 10 we're busy, 2 adults, home by 5", "2026-12-06"),
        ("Boxing Day in Wynnum, 2 adults, home by 3", "2026-12-26"),
        ("this weekend, Saturday, 2 adults, home by 5", "2026-12-05"),
    ],
)
def test_plain_dates_still_read_and_ask_nothing_about_the_date(text, day):
    assert read(text)["date"] == day
    assert not [k for _, k in unread(text) if k == "date"]
    assert not [q for q in asked(text) if "date" in q]
