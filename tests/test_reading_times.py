"""Times, budgets and parties as parents write them (issue 12, second review): start cues,
ranges in words, an outing at a set time, zero budgets, a child named twice, and questions that
ask only for what is missing."""

from __future__ import annotations

import pytest

from dayplan.reading import ReadingRejection, verify_reading
from dayplan.reading.apply import time_role
from dayplan.reading.people import read_party
from tests.reading_helpers import TODAY, asked, read, unread

# -- the start of the day -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("nothing before 10am please", "10:00"),
        ("Nothing before 10 - the kids sleep in", "10:00"),
        ("not before 10", "10:00"),
        ("no earlier than 9:30", "09:30"),
        ("not earlier than half nine", "09:30"),
        ("we can't leave till 10", "10:00"),
        ("can't get away until half nine", "09:30"),
        ("we won't be ready till 10.30", "10:30"),
        ("the kids aren't up till 8", "08:00"),
        ("busy until 10am, then free", "10:00"),
        ("from 10ish", "10:00"),
        ("start 9-ish", "09:00"),
        ("out after 9:30", "09:30"),
        ("10am at the earliest", "10:00"),
        ("earliest start 9", "09:00"),
        ("we'll head out around 9", "09:00"),
        ("leaving about 8:30", "08:30"),
        ("leave around 9ish, back by 3ish", "09:00"),
        ("nothing till 11 cos of swimming", "11:00"),
    ],
)
def test_a_start_cue_reads_the_days_start(text, start):
    got = read(text)
    assert got.get("window_start") == start, got
    assert "window_end" not in got or got["window_end"] != start, got


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("we won't be back until 5", "17:00"),
        ("need to leave at 3", "15:00"),
        ("we need to leave by 2", "14:00"),
        ("back by 3ish", "15:00"),
        ("home by ten to two", "13:50"),
        ("out until 3", "15:00"),
    ],
)
def test_an_end_cue_still_reads_the_days_end(text, end):
    got = read(text)
    assert got.get("window_end") == end, got
    assert "window_start" not in got, got


def test_a_start_cue_time_is_never_a_question_about_home():
    """'nothing before 10am' used to be asked back as 'is it when you must be home...'."""
    for text in ("nothing before 10am, Brisbane", "can't leave till 10, New Farm"):
        assert unread(text) == [], text
        assert asked(text) == [], text


# -- ranges written in words ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("from two to five", "14:00", "17:00"),
        ("out from two to five on Saturday", "14:00", "17:00"),
        ("ten till two", "10:00", "14:00"),
        ("half nine to three", "09:30", "15:00"),
        ("noon to 4", "12:00", "16:00"),
        ("midday till 3", "12:00", "15:00"),
        ("9 till half two", "09:00", "14:30"),
        ("eleven to one", "11:00", "13:00"),
        ("from nine-ish to three", "09:00", "15:00"),
        ("nine thirty to three", "09:30", "15:00"),
        ("between one and three", "13:00", "15:00"),
        ("we're free from ten until four", "10:00", "16:00"),
    ],
)
def test_a_range_in_words_is_the_days_window(text, start, end):
    got = read(text)
    assert (got.get("window_start"), got.get("window_end")) == (start, end), got


@pytest.mark.parametrize(
    "text",
    [
        "two to three kids",
        "for one to two hours",
        "ages two to five",
        "five to ten minutes away",
        "between one and three activities",
    ],
)
def test_counts_and_lengths_in_words_are_no_range(text):
    got = read(text)
    assert "window_start" not in got and "window_end" not in got, got


def test_rain_and_appointments_in_words_are_not_the_window():
    got = read("showers from two to five, home by 6")
    assert got["rain"] == [{"start": "14:00", "end": "17:00"}] and got["window_end"] == "18:00"
    got = read("footy from nine till ten, home by 3")
    assert got["blocked"][0]["start"] == "09:00" and got["blocked"][0]["end"] == "10:00"
    assert "window_start" not in got


# -- an outing at a set time ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("museum trip 10-12, home by 4", "museum trip 10-12"),
        ("the zoo from ten till two", "zoo from ten till two"),
        ("10-12 museum then lunch", "10-12 museum"),
        ("we want to go to the pool 1-3", "pool 1-3"),
        ("beach 7-9am then home", "beach 7-9am"),
        ("Saturday: footy 8-9am, then museum 10 till 12, home by 3", "museum 10 till 12"),
        ("library 10:30-11:30 for storytime", "library 10:30-11:30"),
    ],
)
def test_an_outing_at_a_set_time_is_unread_and_asked_never_the_window(text, phrase):
    got = read(text)
    assert "window_start" not in got, got
    assert (phrase, "activity") in unread(text), unread(text)
    qs = asked(text)
    assert any(phrase in q and "booked" in q for q in qs), qs


def test_an_outing_question_asks_for_the_days_times_only_when_unsaid():
    with_end = asked("museum trip 10-12, home by 4")
    assert len(with_end) == 1 and "home" not in with_end[0].split("?")[-1], with_end
    without = asked("museum trip 10-12")
    assert len(without) == 2 and "when must you be home" in without[1], without


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("zoo day 9-3", "09:00", "15:00"),
        ("Out 9-3, museum please", "09:00", "15:00"),
        ("park in the morning, out 9 to 3", "09:00", "15:00"),
        ("day out 9 to 3 near the museum", "09:00", "15:00"),
    ],
)
def test_a_day_with_an_outing_named_is_still_the_window(text, start, end):
    got = read(text)
    assert (got.get("window_start"), got.get("window_end")) == (start, end), got
    assert not [u for u in unread(text) if u[1] == "activity"], unread(text)


def test_a_models_window_or_block_for_an_outing_is_rejected_with_the_reason():
    text = "museum trip 10-12, home by 4"
    for item in (
        {"field": "window_start", "value": "10:00", "quote": "10-12"},
        {"field": "window_end", "value": "12:00", "quote": "museum trip 10-12"},
        {
            "field": "blocked",
            "value": {"start": "10:00", "end": "12:00"},
            "quote": "museum trip 10-12",
        },
    ):
        got = verify_reading(text, item, today=TODAY)
        assert isinstance(got, ReadingRejection), item
        assert got.found == {"kind": "activity"} and "outing" in got.error, got
    ok = verify_reading(
        text, {"field": "window_end", "value": "16:00", "quote": "home by 4"}, today=TODAY
    )
    assert not isinstance(ok, ReadingRejection)


def test_an_appointment_with_a_range_is_still_blocked():
    got = read("swimming lessons 9-10 then the park, home by 3")
    assert got["blocked"][0]["label"] == "swimming lessons" and got["window_end"] == "15:00"
    assert not [u for u in unread("swimming lessons 9-10 then the park") if u[1] == "activity"]


# -- zero budgets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "$0 budget",
        "$0",
        "budget $0",
        "budget: $0 - free things only",
        "zero dollars",
        "0 dollars to spend",
        "0 bucks",
        "AUD 0",
        "budget: nil",
        "budget is zero",
        "nil budget this week",
        "we have no budget",
        "there's no budget, so free stuff",
        "no budget at all, 2 kids",
        "nothing to spend",
        "free stuff only",
        "spend $0 please",
        "zero spend",
    ],
)
def test_a_zero_budget_reads_aud_0(text):
    got = read(text)
    assert got.get("budget") == {"amount": 0.0, "currency": "AUD", "per_person": False}, got
    assert not [u for u in unread(text) if u[1] == "money"], unread(text)


@pytest.mark.parametrize(
    ("text", "amount"),
    [("$0.50 each", 0.5), ("$05", 5.0), ("$10 budget", 10.0), ("budget 0.5k", None)],
)
def test_amounts_that_start_with_zero_are_not_zero(text, amount):
    got = read(text).get("budget")
    assert (got or {}).get("amount") == amount, got


@pytest.mark.parametrize(
    "text",
    [
        "no budget",
        "SOUTH BANK, NO BUDGET",
        "no budget really, 2 adults",
        "we have no budget limit",
        "no budget constraints this time",
        "free after 2pm",
        "we're only free after 2pm",
        "free from 10 till 3",
    ],
)
def test_no_cap_or_free_at_a_time_is_no_zero_budget(text):
    assert "budget" not in read(text), read(text)


def test_a_models_zero_budget_from_digits_is_accepted_and_from_free_at_a_time_rejected():
    got = verify_reading(
        "$0 budget, 2 kids",
        {"field": "budget", "value": {"amount": 0}, "quote": "$0 budget"},
        today=TODAY,
    )
    assert not isinstance(got, ReadingRejection) and got.value["amount"] == 0.0
    got = verify_reading(
        "we're only free after 2pm",
        {"field": "budget", "value": {"amount": 0}, "quote": "free after 2pm"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection), got


# -- parties: a child named twice -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("me and the baby, the baby naps 12-2", 1, 1),
        ("just me and bub, bub naps at home 12-2", 1, 1),
        ("me + bub", 1, 1),
        ("my toddler and I", 1, 1),
        ("my toddler and I. The toddler naps 1-3", 1, 1),
        ("me and the twins", 1, 2),
        ("hubby, me and our son", 2, 1),
        ("hubby, me and our son - our son is 4", 2, 1),
        ("mum, dad and the baby, the baby sleeps 1-3 at home", 2, 1),
        ("me, hubby and the toddler. The toddler naps 12:30-2 in her cot", 2, 1),
        ("2 adults and a baby, baby sleeps 1-3", 2, 1),
        ("myself and my 2 boys", 1, 2),
        ("me, my son and the baby", 1, 2),
        ("a boy and a girl plus me", 1, 2),
        ("our little one and us two", 2, 1),
    ],
)
def test_a_child_named_again_is_the_same_child(text, adults, children):
    got = read(text)
    assert (got.get("adults"), got.get("children")) == (adults, children), got


def test_the_twins_alone_are_two_children_and_no_adult_read():
    assert read_party("the twins") == read_party("the twins (6)")
    got = read("the twins")
    assert got.get("children") == 2 and "adults" not in got


def test_the_babys_nap_is_a_blocked_window_at_home_only_when_said():
    away = read("me and the baby, the baby naps 12-2")["blocked"][0]
    assert (away["start"], away["end"], away["at_home"]) == ("12:00", "14:00", False)
    home = read("me and the baby, the baby naps 12-2 at home")["blocked"][0]
    assert (home["start"], home["end"], home["at_home"]) == ("12:00", "14:00", True)
    cot = read("me + bub. Bub naps in the cot 1-3")["blocked"][0]
    assert cot["at_home"] is True


def test_a_model_counting_the_baby_twice_is_rejected():
    text = "me and the baby, the baby naps 12-2"
    got = verify_reading(
        text, {"field": "children", "value": 2, "quote": "me and the baby, the baby"}, today=TODAY
    )
    assert isinstance(got, ReadingRejection) and got.found == {"adults": 1, "children": 1}


# -- questions ask only for what is missing -------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "role"),
    [
        ("home before dinner", "end"),
        ("back for tea", "end"),
        ("need to leave by sunset", "end"),
        ("not before the footy", "start"),
        ("after school pickup", "start"),
        ("can't go till the footy's over", "start"),
        ("at 3", None),
    ],
)
def test_an_unread_time_is_asked_as_a_start_or_an_end_when_its_words_say(phrase, role):
    assert time_role(phrase) == role


def test_a_vague_start_is_asked_as_the_start():
    qs = asked("not before the footy finishes, Brisbane, 2 adults")
    assert qs and all("home" not in q for q in qs) and any("start" in q for q in qs), qs
    qs = asked("home before dinner, Brisbane")
    assert qs and any("home by" in q for q in qs), qs


# -- more ways parents write times and parties ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("not before ten on Saturday", "window_start", "10:00"),
        ("from nine on Saturday morning", "window_start", "09:00"),
        ("home by five on Saturday", "window_end", "17:00"),
        ("10 or later", "window_start", "10:00"),
        ("not too early - 10 or later", "window_start", "10:00"),
        ("10 onwards", "window_start", "10:00"),
        ("home 3 or earlier", "window_end", "15:00"),
        ("early start, 7am", "window_start", "07:00"),
        ("we'll go about 9", "window_start", "09:00"),
        ("9am-ish to 3pm-ish", "window_end", "15:00"),
        ("9 to 1ish", "window_end", "13:00"),
        ("10 o'clock till 2 o'clock", "window_start", "10:00"),
        ("quarter past nine till quarter to three", "window_end", "14:45"),
        ("morning only, Brisbane", "window_end", "12:00"),
        ("just the arvo", "window_start", "12:00"),
        ("only the morning - bub naps after lunch", "window_end", "12:00"),
    ],
)
def test_more_start_end_and_range_phrasings(text, field, value):
    got = read(text)
    assert got.get(field) == value, got


def test_a_part_of_the_day_yields_to_a_time_said():
    got = read("afternoon only please, home by 4")
    assert (got["window_start"], got["window_end"]) == ("12:00", "16:00")
    got = read("Morning only. Not before 10.")
    assert (got["window_start"], got["window_end"]) == ("10:00", "12:00")
    assert "window_start" not in read("just morning tea at a cafe")


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("grandparents taking 2 grandkids", 2, 2),
        ("me and my two", 1, 2),
        ("me and my two on Saturday, $40", 1, 2),
        ("me and Jack (6)", 1, 1),
        ("Me, hubby, Mia (4) and Leo (2)", 2, 2),
        ("solo parent + 3", 1, 3),
        ("me + 3, Saturday", 1, 3),
        ("mum + 2 kids (3 and 5)", 1, 2),
        ("our son (5) and me", 1, 1),
        ("myself, the hubby and 3 kids", 2, 3),
        ("2 grown-ups, 2 littlies", 2, 2),
        ("me, the missus and the twins", 2, 2),
        ("me + the bub + nana", 2, 1),
    ],
)
def test_more_parties_in_words(text, adults, children):
    got = read(text)
    assert (got.get("adults"), got.get("children")) == (adults, children), got
    assert not [u for u in unread(text) if u[1] in ("number", "party")], unread(text)


def test_a_bracketed_amount_is_no_child():
    assert "children" not in read("budget (50), 2 adults")


# -- ranges of money and of people ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount", "per_person"),
    [
        ("budget around 40-60", 60.0, False),
        ("$30-50", 50.0, False),
        ("between $40 and $60", 60.0, False),
        ("30 to 50 bucks", 50.0, False),
        ("$20-$30 each", 30.0, True),
        ("AUD 40-60 for everyone", 60.0, False),
    ],
)
def test_a_budget_range_caps_at_its_upper_end(text, amount, per_person):
    got = read(text)["budget"]
    assert (got["amount"], got["per_person"]) == (amount, per_person), got
    assert not [u for u in unread(text) if u[1] == "money"], unread(text)


@pytest.mark.parametrize(
    ("text", "start", "end", "amount"),
    [("$50, out 9-3", "09:00", "15:00", 50.0), ("budget $60 - 9 to 3", "09:00", "15:00", 60.0)],
)
def test_an_amount_beside_a_time_range_is_no_money_range(text, start, end, amount):
    got = read(text)
    assert (got["window_start"], got["window_end"], got["budget"]["amount"]) == (
        start,
        end,
        amount,
    )


def test_a_models_lower_end_of_a_money_range_is_rejected():
    got = verify_reading(
        "$30-50 for the day",
        {"field": "budget", "value": {"amount": 30}, "quote": "$30-50"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection) and got.found["amount"] == 50.0, got


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("budget 100, 2-3 kids", "2-3 kids"),
        ("2 adults, 3-4 kids, $100", "3-4 kids"),
        ("me and 2 or 3 kids, $50", "2 or 3 kids"),
        ("three or four adults, $200", "three or four adults"),
    ],
)
def test_a_count_said_as_a_range_is_unread_and_asked_when_a_budget_applies(text, phrase):
    got = read(text)
    field = "adults" if "adults" in phrase else "children"
    assert field not in got, got
    assert (phrase, "party") in unread(text), unread(text)
    assert any(phrase in q for q in asked(text)), asked(text)


def test_a_models_count_from_inside_a_range_is_rejected():
    got = verify_reading(
        "budget 100, 2-3 kids",
        {"field": "children", "value": 3, "quote": "3 kids"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection) and "range" in got.error, got


def test_read_adults_with_uncounted_kids_ask_only_how_many_children():
    qs = asked("2 adults with the kids, $100, Brisbane")
    assert qs == ['I could not read "with the kids". How many children are coming?'], qs
    # no budget: the count still decides tickets, child prices and which venues suit
    assert asked("2 adults with the kids, Brisbane") == [
        'I could not read "with the kids". How many children are coming?'
    ]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we've got from 10 til about 2", "window_end", "14:00"),
        ("from two till around five", "window_end", "17:00"),
        ("Out by 9, home by 3.", "window_start", "09:00"),
        ("Free from 1. Back by 5:30 for dinner.", "window_end", "17:30"),
        (
            "Leaving home at half past eight, must be back by quarter past three",
            "window_end",
            "15:15",
        ),
    ],
)
def test_messy_whole_requests_read_their_times(text, field, value):
    got = read(text)
    assert got.get(field) == value, got
    assert not [u for u in unread(text) if u[1] == "time"], unread(text)


@pytest.mark.parametrize(
    "text",
    [
        "Plan Sunday for us (2 adults, baby 10 months)",
        "day out, 2 adults, 2 kids under 5",
        "me and bub (6 months old)",
    ],
)
def test_ages_in_months_and_under_n_are_no_unread_numbers(text):
    assert not [u for u in unread(text) if u[1] == "number"], unread(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Saturday in Brisbane, 2 adults, out after lunch", "window_start", "13:00"),
        ("Saturday in Brisbane, 2 adults, out after lunchtime", "window_start", "13:00"),
        ("Saturday, 2 adults, after lunch time, home by 5", "window_start", "13:00"),
        ("Saturday in Brisbane, 2 adults, home before lunchtime", "window_end", "12:00"),
        ("Saturday, 2 adults, back before lunch time for the nap", "window_end", "12:00"),
    ],
)
def test_lunchtime_is_lunch_for_the_days_window(text, field, value):
    """ "after lunchtime" is after lunch (13:00), as "after lunch" is; never noon."""
    assert read(text)[field] == value
