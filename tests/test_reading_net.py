"""The coverage net (``dayplan/reading/net.py``): a limit-looking span no accepted reading covers
is listed unread with its kind, and a kind that would change the plan asks, naming the phrase;
negated or indirect travel modes never yield the negated mode. Clear texts still plan."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import read_request
from dayplan.reading.apply import apply_reading, questions
from dayplan.reading.net import party_shortfall
from tests.reading_helpers import TODAY, asked, read, unread

DEADLINES = [  # a home-by/start time this reader cannot read: asked, never 17:00 assumed
    ("saturday, A$80, 2+2, southbank, home b4 4", "home b4 4"),
    ("Saturday, home no later than 1500, 2 adults, South Brisbane", "no later than 1500"),
    ("Saturday, 2 adults, South Brisbane, home @ 4", "home @ 4"),
    ("Saturday, 2 adults, South Brisbane, home by 1530hrs", "1530hrs"),
    ("Saturday, 2 adults, South Brisbane, home by 1530", "home by 1530"),
    ("Saturday, 2 adults, South Brisbane, from 0930 to 1500", "0930 to 1500"),
    ("Saturday, 2 adults, South Brisbane, 0930-1500", "0930-1500"),
    ("Saturday, 2 adults, South Brisbane, the earliest we can go is 10:30", "10:30"),
    ("saturday,2adults,brisbane city,homeby3,$20", "homeby3"),
    ("Sat, 2 adults, New Farm, need to be back @ 3", "@ 3"),
    ("Saturday 1 adult 1 kid Toowong out the door 0900, home by 1400hrs", "1400hrs"),
]


@pytest.mark.parametrize(("text", "phrase"), DEADLINES)
def test_an_unread_time_asks_naming_it(text: str, phrase: str) -> None:
    accepted, _ = read_request(text, today=TODAY)
    quotes = [i.quote.lower() for i in accepted.items if i.field in ("window_start", "window_end")]
    if any(phrase.lower() in q or q in phrase.lower() for q in quotes):
        return  # the time reader reads it now (tests/test_reading_times_net.py has the values)
    kinds = {k for p, k in unread(text) if phrase.lower() in p.lower()}
    assert "time" in kinds, unread(text)
    qs = asked(text)
    assert any(phrase.lower() in q.lower() for q in qs), qs


PARTIES = [  # an unread or partly read party: asked, never "one adult" assumed ("2A 2C",
    # "grandparents (2)", "us 4 (2 big 2 small)", "nan, pop and the 3 grandkids", "me, partner, 2
    # kids", "2 x adults, 2 x kids", "adults: 2, kids: 2" are read now:
    # tests/test_reading_review10_people.py, tests/test_reading_review11_people.py)
    ("Saterday in New Farm w/ 2 kidz, back by 3, $40", "2 kidz"),
    ("Saturday with my sister, her 2 kids and my 1, South Bank, back by 3, $100", "my 1"),
    ("Saturday - South Bank - me, my husband and our 2 - AUD 75 tops - home 3:30pm", "our 2"),
    ("Saturday in South Bank avec les enfants (2), home by 3, $40", "enfants (2)"),
    ("Saturday, South Brisbane, 2 Erwachsene und 2 Kinder, home by 3, $40", "Kinder"),
    ("Saturday, South Brisbane, 2 adults + 2 niños, home by 3, $40", "niños"),
]


@pytest.mark.parametrize(("text", "phrase"), PARTIES)
def test_an_unread_party_asks_naming_it(text: str, phrase: str) -> None:
    listed = [(p, k) for p, k in unread(text) if k in ("party", "people")]
    assert any(phrase.lower() in p.lower() for p, _ in listed), unread(text)
    qs = asked(text)
    assert any(phrase.lower() in q.lower() and "how many" in q.lower() for q in qs), qs


MODES_ASKED = [
    ("Saturday, not driving, 2 adults, New Farm, home by 5", "not driving"),
    ("Saturday, we're not driving today, 2 adults, South Brisbane, home by 3", "not driving"),
    ("Saturday, we won't be driving, 2 adults, New Farm, home by 3", "won't be driving"),
    ("Saturday, 2 adults, New Farm, home by 3, I don't want to take the bus", "take the bus"),
    ("Saturday, 2 adults, New Farm, home by 3, we don't own a car", "don't own a car"),
    ("Saturday, 2 adults, New Farm, home by 3, driving is not an option", "not an option"),
    ("Saturday, 2 adults, Toowong, home by 4, the car is broken down", "car is broken"),
    ("Saturday, 2 adults, Toowong, home by 4, my wife took the car", "took the car"),
    ("Saturday, 2 adults, New Farm, home by 3, car-free day for us", "car-free"),
    ("Saturday, 2 adults, New Farm, home by 3, we're a no-car household", "no-car"),
    ("Saturday, 2 adults, New Farm, home by 3, we've ditched the car", "ditched the car"),
    ("Saturday, 2 adults, New Farm, home by 3, neither of us drives", "neither of us drives"),
    ("Saturday, 1 adult, New Farm, home by 3, I have no licence", "no licence"),
    ("Saturday, 1 adult, New Farm, home by 3, I don't have a driver's license", "license"),
]


@pytest.mark.parametrize(("text", "phrase"), MODES_ASKED)
def test_a_negated_mode_is_never_the_mode_and_asks(text: str, phrase: str) -> None:
    assert "mode" not in read(text), read(text)
    qs = asked(text)
    assert any(phrase in q and "get around" in q for q in qs), qs


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        (
            "Saturday, 2 adults, New Farm, home by 3, car's in the shop so public transport",
            "transit",
        ),
        ("Saturday, 2 adults, New Farm, home by 3, hubby has the car so we'll walk", "walk"),
        ("Saturday, 2 adults, New Farm, not driving, we'll get the ferry, home by 3", "transit"),
        ("Saturday, 2 adults, New Farm, no car so we'll take the bus, home by 3", "transit"),
        ("Saturday, 2 adults, New Farm, we'll drive, no more than 30 minutes in the car", "car"),
        ("Saturday, 2 adults, New Farm, don't mind driving, home by 3", "car"),
        ("Saturday, 2 adults, New Farm, we won't take the bus, we'll drive, home by 3", "car"),
        ("Saturday, 2 adults, New Farm, home by 3, we sold the car so it's buses", "transit"),
        ("Saturday, 2 adults, New Farm, home by 3, got rid of our car, we walk", "walk"),
    ],
)
def test_the_stated_alternative_is_the_mode(text: str, mode: str) -> None:
    assert read(text).get("mode") == mode
    assert not [q for q in asked(text) if "get around" in q]


@pytest.mark.parametrize(
    ("text", "kind", "phrase"),
    [
        (
            "Saturday, 2 adults 2 kids, Chermside, cheap as chips, home by 3",
            "money",
            "cheap as chips",
        ),
        ("Saturday, 2 adults, Toowong, on a shoestring, home by 3", "money", "shoestring"),
        ("Saturday, 2 adults, Toowong, not more than 10km away, home by 3", "distance", "10km"),
        ("Saturday, 2 adults, Toowong, within 5 km of home, home by 3", "distance", "5 km"),
    ],
)
def test_an_unread_budget_distance_or_cap_asks(text: str, kind: str, phrase: str) -> None:
    assert any(k == kind and phrase in p for p, k in unread(text)), unread(text)
    assert any(phrase in q for q in asked(text)), asked(text)


def test_a_structured_field_settles_what_the_net_lists() -> None:
    text = "Saturday, 2 adults, Toowong, not more than 10km away, home by 1530"
    accepted, phrases = read_request(text, today=TODAY)
    req = PlanRequest.model_validate(
        {
            "text": text,
            "window": {"start": "09:00", "end": "15:30"},
            "travel": {"mode": "car", "max_leg_minutes": 20},
        }
    )
    assert "distance" in {p.kind for p in phrases}  # "home by 1530" is read now
    assert questions(phrases, apply_reading(req, accepted)) == []


def test_a_structured_party_settles_a_partly_read_party() -> None:
    text = "Saturday with my sister, her 2 kids and my 1, South Bank, back by 3, $100"
    accepted, phrases = read_request(text, today=TODAY)
    req = PlanRequest.model_validate({"text": text, "party": {"adults": 2, "children": 3}})
    assert "people" in {p.kind for p in phrases}
    assert questions(phrases, apply_reading(req, accepted)) == []


CLEAR = [  # clear texts: no question from the net
    "Saturday, 2 adults 2 kids, South Bank, home by 3, $60",
    "Plan my Saturday in New Farm with 2 kids, AUD 60",
    "Saturday, my partner and I with our three girls, Toowong, $100, home by 4",
    "Saturday 2026-12-05, 2 adults, South Bank, 9:30 to 3",
    "Saturday, 2 adults and 2 kids (7 and 9), South Bank, the kids can't walk far",
    "Saturday, 2 adults, South Bank, we'll pop into GOMA, home by 3",
    "Saturday, me and my husband, South Bank, home by 4, $80",
    "Saturday, 1 adult 2 kids, Chermside, home by 15:30, $50, by car",
    "Saturday, 2 adults, New Farm, home by 3, we'll walk everywhere",
    "Saturday, 2 adults, Toowong, no leg over 20 minutes, home by 4",
    "Saturday in 2026, 2 adults, South Bank, home by 4",
    "Saturday, me + 2 kids, Toowong, home by 2pm, $40",
]


@pytest.mark.parametrize("text", CLEAR)
def test_clear_texts_are_not_asked(text: str) -> None:
    assert asked(text) == [], (unread(text), asked(text))


def test_family_of_n_is_read_and_its_split_stated() -> None:
    text = "Saturday, family of 4, Chermside, $40, home by 3"
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert (applied.hints["adults"], applied.hints["children"]) == (2, 2)
    assert "split was not said" in applied.hints["party_split_assumed"]
    assert asked(text) == []


@pytest.mark.parametrize(
    ("quote", "adults", "children", "short"),
    [
        ("nan, pop and the 3 grandkids", 1, 3, True),
        ("me, partner, 2 kids", 1, 2, True),
        ("my partner and I with our three girls", 2, 3, False),
        ("2 adults (me and my wife) and 2 kids", 2, 2, False),
        ("me and 2 kids", 1, 2, False),
        ("enfants (2)", None, 1, True),
    ],
)
def test_party_shortfall(quote: str, adults, children, short: bool) -> None:
    assert party_shortfall(quote, adults, children) is short


MORE_CLEAR = [
    "SOUTH BANK, SATURDAY, 2 ADULTS, NO BUDGET, RAIN AFTER 2",
    "just the wife and me, no kids! West End, budget's 150, rain's not expected",
    "Saturday: Mum (me) + 2 kids 4 & 7. Sherwood. Cheap as possible, under $30. Home by 1",
    "Saturday in Brisbane, me and my two, $30-50 for the day, 10 or later",
    "Saturday, 2 adults, South Bank, budget-friendly places please, home by 4, $100",
    "Saturday, 2 adults, Toowong, postcode 4066, home by 4",
]


@pytest.mark.parametrize("text", MORE_CLEAR)
def test_more_clear_texts_are_not_asked(text: str) -> None:
    assert asked(text) == [], (unread(text), asked(text))


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        (
            "Saturday, 2 adults, New Farm, home by 3, my other half has the car so we'll bus it",
            "transit",
        ),
        ("Saturday, 2 adults, New Farm, home by 3, driving's out, we'll take the train", "transit"),
    ],
)
def test_more_stated_alternatives(text: str, mode: str) -> None:
    assert read(text).get("mode") == mode, read(text)


def test_a_models_negated_mode_reading_is_rejected_by_code() -> None:
    from dayplan.reading.records import ReadingItem
    from dayplan.reading.verify import verify_reading

    text = "Saturday, not driving, 2 adults, New Farm, home by 5"
    verdict = verify_reading(
        text, ReadingItem(field="mode", value="car", quote="driving"), today=TODAY
    )
    assert not isinstance(verdict, ReadingItem)


def test_the_question_for_a_negated_mode_quotes_it() -> None:
    (q,) = asked("Saturday, 2 adults, New Farm, home by 3, we don't own a car")
    assert q.startswith('You said "we don\'t own a car"') and "get around" in q


@pytest.mark.parametrize(
    ("text", "field", "phrase"),
    [
        ("Saturday, 2 adults, Chermside, budget: fifty, home by 3", "budget", "budget: fifty"),
        (
            "Saturday, 2 adults, Toowong, under 15 minutes between places, home by 3",
            "max_leg_minutes",
            "15 minutes",
        ),
        (
            "Saturday, 2 adults, Toowong, budget: a bit over fifty-ish, home by 3",
            "budget",
            "budget",
        ),
    ],
)
def test_a_limit_is_read_or_asked_never_dropped(text: str, field: str, phrase: str) -> None:
    assert field in read(text) or any(phrase in q for q in asked(text)), (read(text), asked(text))
