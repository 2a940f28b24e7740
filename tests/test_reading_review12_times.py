"""REVIEW12's appointment-time findings (A-class), each as a class of wordings:

- an appointment's length or end said after its place is its own: "party at 2pm at Victoria
  Park for 2 hours" is 14:00-16:00 (it was read 14:00-15:00 and a stop planned inside the
  party), as are "for a couple of hours", "for 90 min", "till 4", "lasting 90 mins" after the
  place; the verifier rejects the hour-long reading; a clause after the place ("at the park
  and free till 3") is never its end;
- a lesson-like outing said with its range and where it is held ("kids have swimming 9-10 at
  Yeronga pool", "swimming 8:30-9:30 at Chandler then free until 1", "taekwondo 9 to 10 at
  Carindale") is an appointment away at that place, never the day's start: the home suburb
  stays the home, "then free until 3" ends the day; a wish ("we want to go swimming 10-12 at
  the pool", "swimming 9-12 please") stays a wish;
- outings listed after one "out" ("out 9-11 and 1-4", "out 9 to 12 and 2 to 5", "out 9-11,
  1-4") keep the party home between them, like "out again"; an appointment's words in
  brackets say it is at home ("busy 11-1 (party at home)"); the outings are never blocked
  (it read 09:00-16:00 all blocked).

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


def _verify(text: str, field: str, value, quote: str):
    return verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )


def _accepted(text: str, field: str, value, quote: str) -> bool:
    return not hasattr(_verify(text, field, value, quote), "error")


def _overlapping(report, start: str, end: str) -> list[str]:
    """The planned stops inside ``start``-``end`` (an appointment's time)."""
    stops = report.plan.stops if report.plan else []
    return [s.venue_id for s in stops if s.start < end and start < s.end]


# -- a length or end said after the appointment's place -------------------------------------------

PARTY = (
    "party at 2pm at Victoria Park for 2 hours, 2 adults 2 kids from windsor, out from 1, "
    "home by 5, 40 dollars"
)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (PARTY, "14:00", "16:00"),
        (
            "party at 2pm at Victoria Park for a couple of hours, 2 adults 2 kids from windsor, "
            "out from 1, home by 5",
            "14:00",
            "16:00",
        ),
        (
            "party at 2pm at Victoria Park for 90 min, 2 adults 2 kids from windsor, out from 1",
            "14:00",
            "15:30",
        ),
        (
            "party at 2pm at Victoria Park till 4, 2 adults 2 kids from windsor, out from 1, "
            "home by 6",
            "14:00",
            "16:00",
        ),
        (
            "bday party at 11 in new farm park for an hour and a half, me and 2 kids from "
            "bulimba, 9 to 3",
            "11:00",
            "12:30",
        ),
        (
            "lunch at 12 at nanas place till 1:30 then free, 2 kids from ashgrove, 9-4",
            "12:00",
            "13:30",
        ),
        (
            "soccer game at 9am at Perry Park lasting 90 mins, we are in windsor, done by 2",
            "09:00",
            "10:30",
        ),
        (
            "me n the kids (3) from kedron, footy at 10 at Lutwyche oval for about an hour and "
            "a half, back by 3",
            "10:00",
            "11:30",
        ),
        (
            "2 adults 1 kid, toowong. dentist at 9 in the city to 10:15 then out till 4",
            "09:00",
            "10:15",
        ),
    ],
)
def test_a_length_said_after_the_place_is_the_appointments(text, start, end):
    got = [(b["start"], b["end"]) for b in _all(text, "blocked")]
    assert (start, end) in got


def test_a_clause_after_the_place_is_no_end_of_it():
    got = _all("kids party at 10 at the park and free till 3, from ashgrove", "blocked")
    assert [(b["start"], b["end"]) for b in got] == [("10:00", "11:00")]
    assert _all("kids party at 10 at the park and free till 3, from ashgrove", "window_end") == [
        "15:00"
    ]


def test_the_verifier_rejects_the_hour_for_a_length_after_the_place():
    value = {"start": "14:00", "label": "party", "at_home": False, "place": "Herston"}
    quote = "party at 2pm at Victoria Park for 2 hours"
    assert not _accepted(PARTY, "blocked", {**value, "end": "15:00"}, quote)
    assert not _accepted(
        PARTY, "blocked", {**value, "end": "15:00"}, "party at 2pm at Victoria Park"
    )
    assert _accepted(PARTY, "blocked", {**value, "end": "16:00"}, quote)


def test_no_stop_is_planned_inside_the_party():
    report = plan_text(PARTY, now=REVIEW_NOW)
    assert report.status == "complete"
    assert not _overlapping(report, "14:00", "16:00")


# -- a lesson-like outing with its range and its place ------------------------------------------

YERONGA = (
    "2 adults 2 kids Yeronga. kids have swimming 9-10 at Yeronga pool, then free until 3. no "
    "more than $35 total."
)
CHANDLER = "me + 2 kids from bulimba, swimming 8:30-9:30 at Chandler then free until 1, $20"


@pytest.mark.parametrize(
    ("text", "start", "end", "place"),
    [
        (YERONGA, "09:00", "10:00", "Yeronga"),
        (CHANDLER, "08:30", "09:30", "Chandler"),
        (
            "kids have swimming 9-10 at yeronga then we are free till 3, me and 2 kids from "
            "annerley",
            "09:00",
            "10:00",
            "Yeronga",
        ),
        ("from ashgrove 2 kids gym at Chandler 8-9 then out till 2", "08:00", "09:00", "Chandler"),
        (
            "dad + 3 kids, taekwondo 9 to 10 at Carindale then free all day till 4, from bulimba",
            "09:00",
            "10:00",
            "Carindale",
        ),
        ("Ashgrove, 2 kids, little aths 8-10 at ashgrove then free", "08:00", "10:00", "Ashgrove"),
        (
            "kids at art 9-11 at new farm, from teneriffe, 2 kids, free till 3 after that",
            "09:00",
            "11:00",
            "New Farm",
        ),
        (
            "solo with 2 kids, home is coorparoo. Swim 8-9 at Chandler pool, then free til 2",
            "08:00",
            "09:00",
            "Chandler",
        ),
    ],
)
def test_a_lesson_with_its_range_and_place_is_an_appointment_there(text, start, end, place):
    got = [(b["start"], b["end"], b.get("place")) for b in _all(text, "blocked")]
    assert (start, end, place) in got
    assert start not in _all(text, "window_start")


@pytest.mark.parametrize(
    "text",
    [
        "me + 2 kids from bulimba, swimming 8:30-9:30 then free until 1, $20",
        "2 kids from paddington, they have swimming 9-10, home by 2",
    ],
)
def test_a_lesson_said_held_without_its_place_is_blocked(text):
    assert _all(text, "blocked")
    assert not _all(text, "window_start") or _all(text, "window_start")[0] != "08:30"


@pytest.mark.parametrize(
    "text",
    [
        "from ashgrove, 2 kids, we want to go swimming 10-12 at the pool, home by 3",
        "me + 2 kids from bulimba, swimming 9-12 please, $20",
    ],
)
def test_a_wished_swim_is_no_appointment(text):
    assert not _all(text, "blocked")


def test_the_home_stays_home_and_free_until_ends_the_day():
    assert _all(CHANDLER, "home") == ["Bulimba"]
    assert _all(CHANDLER, "window_end") == ["13:00"]
    assert not _all(CHANDLER, "location")
    assert _all(YERONGA, "location") == ["Yeronga"]
    assert _all(YERONGA, "window_end") == ["15:00"]


def test_the_verifier_rejects_the_lesson_as_the_days_start():
    assert not _accepted(CHANDLER, "window_start", "08:30", "8:30")
    value = {"start": "08:30", "end": "09:30", "label": "swimming", "at_home": False}
    assert _accepted(
        CHANDLER, "blocked", {**value, "place": "Chandler"}, "swimming 8:30-9:30 at Chandler"
    )
    assert not _accepted(
        CHANDLER, "blocked", {**value, "place": "Bulimba"}, "swimming 8:30-9:30 at Chandler"
    )


@pytest.mark.parametrize(
    ("text", "start", "end"), [(YERONGA, "09:00", "10:00"), (CHANDLER, "08:30", "09:30")]
)
def test_no_stop_is_planned_during_the_lesson(text, start, end):
    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "complete"
    assert not _overlapping(report, start, end)


# -- a stay at home said in brackets, and outings listed after one "out" -------------------------

BUSY = "Me and my 4 yo, Bulimba, we're busy 11-1 (party at home), out 9-11 and 1-4, $20, no cinema"


@pytest.mark.parametrize(
    ("text", "day", "home"),
    [
        (BUSY, ("09:00", "16:00"), ("11:00", "13:00")),
        (
            "Me and my 4 yo, Bulimba, out 9-11 and 1-4, $20, no cinema",
            ("09:00", "16:00"),
            ("11:00", "13:00"),
        ),
        (
            "2 kids from kedron, out 9 to 12 and 2 to 5, nap at home in between",
            ("09:00", "17:00"),
            ("12:00", "14:00"),
        ),
        (
            "from wilston, 2 adults 3 kids. we are out 8:30-11:30 & 2-5 (home for lunch+nap)",
            ("08:30", "17:00"),
            ("11:30", "14:00"),
        ),
        (
            "me + bub, new farm, nap 12-2 (at home), out 9-12 and 2-5",
            ("09:00", "17:00"),
            ("12:00", "14:00"),
        ),
        ("Coorparoo, 1 adult 2 kids, out 9-11, 1-4", ("09:00", "16:00"), ("11:00", "13:00")),
        (
            "dad and 2 boys, kids have a playdate 12-2 (at home), we're out 9-12 and 2 till 5, "
            "from ashgrove",
            ("09:00", "17:00"),
            ("12:00", "14:00"),
        ),
        (
            "mum + 3 kids in wooloowin, music lesson 10-11 (at home), out 8-10 and 11-3",
            ("08:00", "15:00"),
            ("10:00", "11:00"),
        ),
    ],
)
def test_outings_listed_after_one_out_keep_the_party_home_between(text, day, home):
    assert (_all(text, "window_start"), _all(text, "window_end")) == ([day[0]], [day[1]])
    blocked = _all(text, "blocked")
    assert [(b["start"], b["end"], b["at_home"]) for b in blocked] == [(*home, True)]


def test_the_verifier_reads_the_listed_outings_as_the_day():
    assert not _accepted(BUSY, "window_end", "11:00", "9-11")
    assert _accepted(BUSY, "window_end", "16:00", "1-4")
    assert not _accepted(
        BUSY,
        "blocked",
        {"start": "09:00", "end": "11:00", "label": "party", "at_home": True},
        "out 9-11",
    )
    value = {"start": "11:00", "end": "13:00", "label": "busy", "at_home": True}
    assert _accepted(BUSY, "blocked", value, "busy 11-1 (party at home)")
    assert not _accepted(BUSY, "blocked", {**value, "at_home": False}, "busy 11-1 (party at home)")


def test_the_plan_goes_out_around_the_party_at_home():
    report = plan_text(BUSY, now=REVIEW_NOW)
    assert report.status == "complete"
    assert not _overlapping(report, "11:00", "13:00")
    assert any(s.start < "11:00" for s in report.plan.stops)
    assert any(s.start >= "13:00" for s in report.plan.stops)
