"""REVIEW16's reading misses (each was served ``complete`` past a limit the text states), each
as a class of wordings:

- an appointment's length said in brackets, after a dash or a verb, or texted bare after its
  place is its own: "cinema at 10 is booked at event carindale (2hrs)" is 10:00-12:00 (it was
  read 10:00-11:00 and stops planned inside it), as are "(1.5 hrs)", "(about 2 hrs)", "(2h)",
  "(90 mins)", "- 2 hrs", ", takes 2 hours", "it goes for 3 hours", "3hrs home by 5"; a
  length that cannot be tied ("(2-3 hrs)", "(1hr 30)") is asked about, never covered by the
  hour assumed; "20 min drive" after the place stays no length of it; "(all arvo)" lasts to
  17:00 (never the day's afternoon, nor a pm 11);
- a clock's minutes are never the budget: "home by 3:45 budget twenty" is 20 (it read 45 from
  "45 budget"), "budget of forty", "budget is sixty" after a time too; the verifier rejects the
  minutes' quote;
- "then out 2-4" after a break is the day's window, never a nap ("Home for 12-2 nap then out
  2-4": a nap at home 12-2, the day 2-4); a sport, trials, grading, cubs... said with a range
  is an appointment ("kids sport 8-10 (at lutwyche)": blocked there), never the day's window.

The verifier agrees with the proposer on each (a model's misreading is rejected).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, plan_text, read_items

REVIEW_NOW = "2026-12-04T18:00:00+10:00"
"""The reviewer's pinned now (a Friday: "Saturday" is 2026-12-05)."""


def _all(text: str, field: str) -> list:
    return [v for f, v in read_items(text)[0] if f == field]


def _unread(text: str) -> list[str]:
    return [u.phrase for u in read_items(text)[1]]


def _accepted(text: str, field: str, value, quote: str) -> bool:
    got = verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )
    return not hasattr(got, "error")


def _overlapping(report, start: str, end: str) -> list[str]:
    """The planned stops inside ``start``-``end`` (an appointment's time)."""
    stops = report.plan.stops if report.plan else []
    return [s.venue_id for s in stops if s.start < end and start < s.end]


# -- an appointment's length after its place ------------------------------------------------------

CINEMA = (
    "me n 2 kids from carindale, cinema at 10 is booked at event carindale (2hrs), after that "
    "free till 4, $20 extra"
)
CHOUQUETTE = (
    "2 adults 2 kids from new farm. lunch booked at 12 at Chouquette (1.5 hrs). otherwise 9-4. $40"
)
PARTY = "me + 2 kids from windsor, party at 11 at Victoria Park (3 hours), out from 9, home 5, $20"


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (CINEMA, "10:00", "12:00"),
        (CHOUQUETTE, "12:00", "13:30"),
        (PARTY, "11:00", "14:00"),
        (
            "me + 2 kids from windsor, party at 11 at Victoria Park (about 2 hrs), home 5",
            "11:00",
            "13:00",
        ),
        (
            "me + 2 kids from windsor party at 11 at victoria park (2h) then free till 4",
            "11:00",
            "13:00",
        ),
        ("2 adults 1 kid from kedron, party at 1 at nanas (90 mins), home by 5", "13:00", "14:30"),
        (
            "me + 2 kids from windsor, party at 11 at Victoria Park - 2 hrs, home 5",
            "11:00",
            "13:00",
        ),
        (
            "me + 2 kids from windsor, party at 11 at Victoria Park, takes 2 hours, home 5",
            "11:00",
            "13:00",
        ),
        ("3 kids + me from kedron swim lesson 9 (45 min) then free till 3 $30", "09:00", "09:45"),
        (
            "2 adults 2 kids from kedron bday party @ 11 at kmart chermside (2.5hrs) then free till 4",
            "11:00",
            "13:30",
        ),
        (
            "me + 1 kid from nundah dentist 9.30 in chermside takes about 45 mins then free til 3",
            "09:30",
            "10:15",
        ),
        ("me + 2 kids from windsor party 11am at victoria park 3hrs home by 5", "11:00", "14:00"),
        (
            "2 adults 2 kids from windsor party at 11 at Victoria Park it goes for 3 hours, out "
            "from 9 home 5",
            "11:00",
            "14:00",
        ),
        (
            "2 adults 2 kids, from bardon. footy at 8 at lutwyche oval (1hr) then free, home by 2",
            "08:00",
            "09:00",
        ),
        (
            "me and 3 kids from coorparoo swim lesson at 9 at chandler (30mins), home by 2",
            "09:00",
            "09:30",
        ),
        (
            "2 adults 2 kids from windsor party at 11 at vic park for like 2 hrs, home 5",
            "11:00",
            "13:00",
        ),
        (
            "me + 2 kids from windsor, party at 11 (at victoria park, 3 hrs), home 5",
            "11:00",
            "14:00",
        ),
        (
            "me + 2 kids from windsor, party at 11 at victoria park, should be about 2 hrs, then "
            "free till 4",
            "11:00",
            "13:00",
        ),
        (
            "me + 2 kids from windsor, party at 11 (at victoria park) 2hrs then free",
            "11:00",
            "13:00",
        ),
        (
            "me + 2 kids from windsor, party at 11 at nanas, it's about 2 hours, then home",
            "11:00",
            "13:00",
        ),
    ],
)
def test_a_length_in_brackets_or_after_the_place_is_the_appointments(text, start, end):
    got = [(b["start"], b["end"]) for b in _all(text, "blocked")]
    assert (start, end) in got


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "me + 2 kids from windsor, party at 11 at Victoria Park (2-3 hrs), out from 9, home 5",
            "2-3 hrs",
        ),
        ("me + 2 kids from windsor, party at 11 at nanas (1hr 30), out from 9, home 5", "1hr 30"),
        (
            "me + 2 kids from windsor, party at 11 at nanas place with all the cousins (3 hrs), home 5",
            "3 hrs",
        ),
    ],
)
def test_a_length_that_cannot_be_tied_is_asked(text, said):
    assert [(b["start"], b["end"]) for b in _all(text, "blocked")] == [("11:00", "12:00")]
    assert any(said in u for u in _unread(text))


@pytest.mark.parametrize(
    "text",
    [
        "me + 2 kids from windsor, party at 11 at nanas, takes 20 min to get there, home 5",
        "me + 2 kids from windsor, party at 11 at victoria park, its 20 min away, home 5",
        "me + 2 kids from windsor, dentist at 11 (20 min away), home 5",
    ],
)
def test_a_drive_after_the_place_is_no_length_of_it(text):
    assert [(b["start"], b["end"]) for b in _all(text, "blocked")] == [("11:00", "12:00")]


@pytest.mark.parametrize(
    ("text", "start", "end", "day_start"),
    [
        (
            "me + 2 kids from windsor, party at 11 at nanas place (all arvo), home 5",
            "11:00",
            "17:00",
            [],
        ),
        (
            "me + 2 kids from windsor, party at 11 (all afternoon), out from 9, home 6",
            "11:00",
            "17:00",
            ["09:00"],
        ),
        (
            "me + 2 kids from windsor, footy at 8 at lutwyche, all morning, home 5",
            "08:00",
            "12:00",
            [],
        ),
        ("me + 2 kids from windsor, party at 2 all arvo, out from 9", "14:00", "17:00", ["09:00"]),
    ],
)
def test_all_arvo_after_an_appointment_is_its_length(text, start, end, day_start):
    """ "(all arvo)" is how long the party lasts: never the day's afternoon, nor a pm 11."""
    assert (start, end) in [(b["start"], b["end"]) for b in _all(text, "blocked")]
    assert _all(text, "window_start") == day_start


def test_the_verifier_rejects_the_hour_for_a_length_in_brackets():
    value = {"start": "12:00", "label": "lunch booked", "at_home": False, "place": "New Farm"}
    quote = "lunch booked at 12 at Chouquette (1.5 hrs)"
    assert not _accepted(CHOUQUETTE, "blocked", {**value, "end": "13:00"}, quote)
    assert not _accepted(CHOUQUETTE, "blocked", {**value, "end": "13:00"}, "lunch booked at 12")
    assert _accepted(CHOUQUETTE, "blocked", {**value, "end": "13:30"}, quote)


def test_no_stop_is_planned_inside_the_booked_cinema():
    report = plan_text(CINEMA, now=REVIEW_NOW)
    assert report.status == "complete"
    assert not _overlapping(report, "10:00", "12:00")


# -- a clock's minutes are never the budget -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount", "end"),
    [
        ("me + 2 kids, home by 3:45 budget twenty", 20.0, "15:45"),
        ("2 adults 1 kid home by 1:50 budget ten", 10.0, "13:50"),
        ("2 adults 3 kids from kedron out 9 till 2:30 budget fifty", 50.0, "14:30"),
        ("me n 2 kids from toowong home 3:30 budget of forty", 40.0, "15:30"),
        ("home by 3:45 budget twenty five, 2 adults 2 kids", 25.0, "15:45"),
        ("2 adults 2 kids from ashgrove, home by 4:15 budget about forty", 40.0, "16:15"),
        ("2 adults 2 kids, home by 3:45 budget 20", 20.0, "15:45"),
        ("2 adults 2 kids back at 4:30 budget like forty", 40.0, "16:30"),
        ("2 adults 2 kids home by 2:15 spend twenty", 20.0, "14:15"),
        ("2 adults 2 kids home by 3.45 budget twenty", 20.0, "15:45"),
    ],
)
def test_the_budget_word_after_a_clock_is_the_budget(text, amount, end):
    assert [b["amount"] for b in _all(text, "budget")] == [amount]
    assert _all(text, "window_end") == [end]


@pytest.mark.parametrize(
    ("text", "start", "amount"),
    [
        ("2 adults 2 kids leave at 9:30 budget fifty for the day", "09:30", 50.0),
        ("2 adults 2 kids out from 10:15 budget is sixty", "10:15", 60.0),
    ],
)
def test_the_budget_word_after_a_start_is_the_budget(text, start, amount):
    assert [b["amount"] for b in _all(text, "budget")] == [amount]
    assert _all(text, "window_start") == [start]


def test_an_amount_before_budget_still_reads():
    assert [b["amount"] for b in _all("2 adults 2 kids 120 budget, home by 3", "budget")] == [120.0]


@pytest.mark.parametrize(
    ("text", "quote", "amount"),
    [
        ("me + 2 kids, home by 3:45 budget twenty", "45 budget", 45),
        ("2 adults 1 kid home by 1:50 budget ten", "50 budget", 50),
        ("me + 2 kids out 9 till 2:30 budget fifty", "30 budget", 30),
        ("2 adults 2 kids finish 3.45 budget twenty", "3.45 budget", 3.45),
    ],
)
def test_the_verifier_rejects_the_minutes_as_the_budget(text, quote, amount):
    value = {"amount": amount, "currency": "AUD", "per_person": False}
    assert not _accepted(text, "budget", value, quote)


def test_the_verifier_accepts_the_budget_word():
    value = {"amount": 20.0, "currency": "AUD", "per_person": False}
    assert _accepted("me + 2 kids, home by 3:45 budget twenty", "budget", value, "budget twenty")


# -- "then out" after a break, and a sport with its range ----------------------------------------

NAP = "me + 2 kids, Home for 12-2 nap then out 2-4, from Ashgrove"


@pytest.mark.parametrize(
    ("text", "nap", "window"),
    [
        (NAP, ("12:00", "14:00"), ("14:00", "16:00")),
        (
            "me + 2 kids, home 12-2 for nap then out 2-4, from Ashgrove",
            ("12:00", "14:00"),
            ("14:00", "16:00"),
        ),
        (
            "me + 2 kids from ashgrove nap 12-2 and then out 2-5",
            ("12:00", "14:00"),
            ("14:00", "17:00"),
        ),
        (
            "2 adults 1 kid from paddington, bubs sleeps 12 till 2 then we head out 2-5, $50",
            ("12:00", "14:00"),
            ("14:00", "17:00"),
        ),
        (
            "me + 2 kids, home for lunch 12-1 then out 1 to 4, from bardon",
            ("12:00", "13:00"),
            ("13:00", "16:00"),
        ),
    ],
)
def test_then_out_after_a_break_is_the_day(text, nap, window):
    assert [(b["start"], b["end"]) for b in _all(text, "blocked")] == [nap]
    assert (_all(text, "window_start"), _all(text, "window_end")) == ([window[0]], [window[1]])


def test_the_verifier_rejects_the_outing_as_a_nap():
    value = {"start": "14:00", "end": "16:00", "label": "nap", "at_home": True}
    assert not _accepted(NAP, "blocked", value, "nap then out 2-4")
    assert _accepted(NAP, "window_start", "14:00", "2-4")


def test_the_nap_is_kept_and_the_day_is_two_to_four():
    report = plan_text(NAP, now=REVIEW_NOW)
    assert report.status == "complete"
    stops = report.plan.stops if report.plan else []
    assert stops and all(s.start >= "14:00" and s.end <= "16:00" for s in stops)


SPORT = "kids sport 8-10 (at lutwyche). home by 4"


@pytest.mark.parametrize(
    ("text", "start", "end", "end_of_day"),
    [
        (SPORT, "08:00", "10:00", "16:00"),
        (
            "2 adults 3 kids from kedron, kids sport 8-10 (at lutwyche). home by 4",
            "08:00",
            "10:00",
            "16:00",
        ),
        (
            "2 adults 2 kids from bardon, saturday sport 7:30-9:30 at lutwyche, home by 2, $40",
            "07:30",
            "09:30",
            "14:00",
        ),
        (
            "me + 2 kids from kedron, cricket trials 8-10 then free, home by 3",
            "08:00",
            "10:00",
            "15:00",
        ),
        (
            "me + 1 kid from ashgrove, karate grading 9 till 11, back by 3",
            "09:00",
            "11:00",
            "15:00",
        ),
        ("2 adults 2 kids from nundah cubs 8-9:30 then free till 2", "08:00", "09:30", "14:00"),
    ],
)
def test_a_sport_with_its_range_is_an_appointment(text, start, end, end_of_day):
    assert (start, end) in [(b["start"], b["end"]) for b in _all(text, "blocked")]
    assert start not in _all(text, "window_start")
    assert _all(text, "window_end") == [end_of_day]


def test_the_verifier_rejects_the_sport_as_the_day():
    assert not _accepted(SPORT, "window_start", "08:00", "8-10")
    assert not _accepted(SPORT, "window_end", "10:00", "8-10")
