"""Times and dates the way parents write them (REVIEW3 1a, 1b, 5, 7, 9, 10): a weekday and a
day of the month that disagree ask; 24-hour times without a colon, "home @ 4", "home b4 4",
"latest home time 3pm", "home by 16h" and "the earliest we can go is 10:30" are read; an
appointment phrase with a time or range is a blocked window, and the day window is the range
with no appointment word. Times that are no limits (a film's length, a show's time, ages,
prices, years) stay what they are. Today is pinned to Tuesday 2026-12-01."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import clock, dates, read_request, times, verify_reading
from dayplan.reading.apply import apply_reading
from dayplan.reading.records import ReadingItem
from tests.reading_helpers import TODAY, asked, read, unread

# --- a weekday with a day of the month ----------------------------------------------------


@pytest.mark.parametrize(
    "text, day",
    [
        ("Saturday 19th December, 2 adults, Brisbane City", "2026-12-19"),
        ("Sat 19/12, 2 adults, New Farm, home by 3", "2026-12-19"),
        ("saturday the 19th in South Bank with 2 kids", "2026-12-19"),
        ("Sunday 20th December at Wynnum, 2 adults", "2026-12-20"),
        ("Saturday 2 January 2027, 2 adults, Toowong", "2027-01-02"),
        ("Sat 12 Dec, me and the kids", "2026-12-12"),
        ("Saturday the 12th, 2 adults", "2026-12-12"),
        ("Sunday the 3rd, 2 adults", "2027-01-03"),  # the next 3rd that is a Sunday: 5 weeks
        ("Saturday, 9th of January, 2 adults", "2027-01-09"),
    ],
)
def test_a_weekday_and_date_that_agree_are_read(text, day):
    assert read(text)["date"] == day
    assert not [k for _, k in unread(text) if k in ("date", "date_conflict")]


@pytest.mark.parametrize(
    "text, phrase, says, offers",
    [
        (
            "Saturday 20th December, 2 adults, Brisbane City, home by 3",
            "Saturday 20th December",
            "20 Dec 2026 is a Sunday",
            ["Sun 20 Dec", "Sat 19 Dec", "Sat 26 Dec"],
        ),
        (
            "Sat 20/12, 2 adults, Brisbane City, home by 3",
            "Sat 20/12",
            "is a Sunday",
            ["Sat 19 Dec", "Sat 26 Dec"],
        ),
        (
            "Saturday 21 December, 2 adults, Brisbane City",
            "Saturday 21 December",
            "is a Monday",
            ["Mon 21 Dec", "Sat 19 Dec"],
        ),
        (
            "Saturday 1 January 2027, 2 adults, Brisbane City, home by 3",
            "Saturday 1 January 2027",
            "1 Jan 2027 is a Friday",
            ["Fri 1 Jan", "Sat 26 Dec", "Sat 2 Jan"],
        ),
        (
            "Saturday the 20th, 2 adults, Brisbane City, home by 3",
            "Saturday the 20th",
            "the next 20th is a Sunday",
            ["Sun 20 Dec", "Sat 19 Dec"],
        ),
        (
            "we're thinking sat the 30th, 2 adults",
            "sat the 30th",
            "is a Wednesday",
            ["Sat 26 Dec", "Sat 2 Jan"],
        ),
    ],
)
def test_a_weekday_and_date_that_disagree_ask_naming_both(text, phrase, says, offers):
    assert "date" not in read(text)  # never the next Saturday, never a jump months ahead
    assert (phrase, "date_conflict") in unread(text)
    (q,) = [q for q in asked(text) if phrase in q]
    assert says in q and all(o in q for o in offers) and q.endswith("?") and len(q) <= 120


def test_a_date_that_does_not_exist_asks():
    assert ("Saturday 31/2", "date_conflict") in unread("Saturday 31/2, 2 adults")


def test_a_structured_date_settles_a_weekday_clash():
    text = "Saturday 20th December, 2 adults, Brisbane City, home by 3"
    accepted, phrases = read_request(text, today=TODAY)
    from dayplan.reading.apply import questions

    req = PlanRequest(text=text, date="2026-12-19")
    assert questions(phrases, apply_reading(req, accepted)) == []


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, South Brisbane",  # a count after the weekday is no day of the month
        "Saturday 9-5, 2 adults",
        "Saturday 12:30 lunch, 2 adults",
        "Saturday 2 kids 1 adult",
        "Sunday, 3 of us",
    ],
)
def test_a_number_after_a_weekday_is_no_date(text):
    assert dates.weekday_dates(text.lower(), TODAY) == []
    assert not [k for _, k in unread(text) if k == "date_conflict"]


def test_verify_rejects_the_bare_weekday_of_a_clash():
    text = "Saturday 20th December, 2 adults"
    r = verify_reading(
        text, {"field": "date", "value": "2026-12-05", "quote": "Saturday"}, today=TODAY
    )
    assert not isinstance(r, ReadingItem) and "is a Sunday" in r.error


def test_verify_accepts_what_the_reader_proposes_for_dates():
    for text in ("Sat 19/12, 2 adults", "Saturday week, 2 adults", "Sunday the 3rd"):
        accepted, _ = read_request(text, today=TODAY)
        (d,) = [i for i in accepted.items if i.field == "date"]
        assert isinstance(verify_reading(text, d.as_dict(), today=TODAY), ReadingItem)


# --- "Saturday week" ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, today, day",
    [
        ("Saturday week, 2 adults, Brisbane City, home by 3", TODAY, "2026-12-12"),
        ("saturday week at New Farm", date(2026, 12, 4), "2026-12-12"),  # asked on a Friday
        ("Saturday week please", date(2026, 12, 5), "2026-12-12"),  # asked on a Saturday
        ("Sunday week, 2 adults", TODAY, "2026-12-13"),
    ],
)
def test_saturday_week_is_the_one_after_next(text, today, day):
    accepted, phrases = read_request(text, today=today)
    assert {i.field: i.value for i in accepted.items}["date"] == day
    assert not [p for p in phrases if p.kind == "date"]


def test_saturday_week_is_stated_as_an_assumption():
    text = "Saturday week, 2 adults, Brisbane City, home by 3"
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert any("Saturday after next (2026-12-12)" in a for a in applied.assumed)
    assert applied.hints["stated"] == [a for a in applied.assumed if "after next" in a]


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("next Saturday week, 2 adults", "next Saturday week"),
        ("the weekend after next, 2 adults", "the weekend after next"),
        ("Saturday fortnight, 2 adults", "Saturday fortnight"),
    ],
)
def test_other_relative_dates_still_ask(text, phrase):
    assert (phrase, "date") in unread(text)


def test_saturday_weekend_is_not_saturday_week():
    assert read("this Saturday, weekend trip, 2 adults")["date"] == "2026-12-05"


# --- 24-hour times and deadline shorthand --------------------------------------------------


@pytest.mark.parametrize(
    "text, field, value",
    [
        ("Saturday, 2 adults, South Brisbane, home by 1530", "window_end", "15:30"),
        ("Saturday, 2 adults, South Brisbane, home by 1530hrs", "window_end", "15:30"),
        ("home by 1530 hours, 2 adults", "window_end", "15:30"),
        ("Saturday, home no later than 1500, 2 adults", "window_end", "15:00"),
        ("back by 1100 for the nap", "window_end", "11:00"),  # 24-hour: never 23:00
        ("Saturday, 2 adults, South Brisbane, home @ 4", "window_end", "16:00"),
        ("home @4, 2 adults", "window_end", "16:00"),
        ("saturday, A$80, 2+2, southbank, home b4 4", "window_end", "16:00"),
        ("Saturday, 2 adults, latest home time 3pm", "window_end", "15:00"),
        ("home time is 4, 2 adults", "window_end", "16:00"),
        ("Saturday, 2 adults, home by 16h", "window_end", "16:00"),
        ("home by 15:30h", "window_end", "15:30"),
        ("need to finish up by 2:45, 2 adults", "window_end", "14:45"),
        ("the earliest we can go is 10:30, 2 adults", "window_start", "10:30"),
        ("earliest we could leave would be 9.45", "window_start", "09:45"),
        ("not before 0930, 2 adults", "window_start", "09:30"),
    ],
)
def test_deadline_and_start_shorthand_is_read(text, field, value):
    assert read(text)[field] == value
    assert not [p for p, k in unread(text) if k in ("time", "number")]


@pytest.mark.parametrize(
    "text, start, end",
    [
        ("Saturday, 2 adults, South Brisbane, from 0930 to 1500", "09:30", "15:00"),
        ("Saturday, 2 adults, South Brisbane, 0930-1500", "09:30", "15:00"),
        ("out 0900 till 1400 with 2 kids", "09:00", "14:00"),
        ("1000 - 1600 at New Farm, 2 adults", "10:00", "16:00"),
    ],
)
def test_24_hour_ranges_without_a_colon_are_the_window(text, start, end):
    r = read(text)
    assert (r["window_start"], r["window_end"]) == (start, end)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday 1 January 2027 is a Friday, never mind, 2 adults",  # a year
        "we moved here in 2019, 2 adults, New Farm",
        "budget 1500 for the holiday, 2 adults",  # a number by money words: never a time
        "postcode 4000, 2 adults",
        "it takes 2h by train, 2 adults",
    ],
)
def test_years_postcodes_and_amounts_are_no_24_hour_times(text):
    r = read(text)
    assert "window_start" not in r and "window_end" not in r


def test_four_digit_tokens():
    cases = {
        "1530": (15, 30, True),
        "0930": (9, 30, True),
        "1100": (11, 0, True),
        "1530hrs": (15, 30, True),
        "16h": (16, 0, True),
    }
    for text, want in cases.items():
        c = clock.token(clock.TOKEN_RE.fullmatch(text))
        assert (c.hour, c.minute, c.explicit) == want
    for text in ("2027", "2019", "4000", "1960", "1575", "2 hours"):
        assert clock.TOKEN_RE.fullmatch(text) is None, text


# --- what a range or a time is for ---------------------------------------------------------


def test_a_range_before_an_at_home_clause_is_the_day():
    r = read("Saturday, 1 adult 2 kids, Toowong, 9 till 4, quiet time at home 1-2")
    assert (r["window_start"], r["window_end"]) == ("09:00", "16:00")
    assert r["blocked"] == [
        {"start": "13:00", "end": "14:00", "label": "quiet time", "at_home": True}
    ]


def test_a_range_before_a_lesson_clause_is_the_day():
    text = "Saturday 9-5, piano lesson at 10 (45 mins), 1 adult 1 kid, Toowong"
    r = read(text)
    assert (r["window_start"], r["window_end"]) == ("09:00", "17:00")
    assert r["blocked"] == [
        {"start": "10:00", "end": "10:45", "label": "piano lesson", "at_home": False}
    ]
    assert asked(text) == []


def test_a_cue_right_after_a_range_still_makes_it_an_appointment():
    assert read("9-10 footy, then out till 4")["blocked"][0]["start"] == "09:00"


@pytest.mark.parametrize(
    "text, block, end",
    [
        (
            "Saturday, 2 adults, South Brisbane, zoom call 10:00-10:30 at home, home by 2",
            {"start": "10:00", "end": "10:30", "label": "zoom call", "at_home": True},
            "14:00",
        ),
        (
            "Saturday, 2 adults, South Brisbane, must-do: GOMA; blocked 11-12 for a call; home by 2",
            {"start": "11:00", "end": "12:00", "label": "blocked", "at_home": False},
            "14:00",
        ),
        (
            "we have a christening 11:00-11:45, home by 4, 2 adults",
            {"start": "11:00", "end": "11:45", "label": "christening", "at_home": False},
            "16:00",
        ),
    ],
)
def test_an_appointment_range_is_blocked_and_the_deadline_read(text, block, end):
    r = read(text)
    assert r["blocked"] == [block]
    assert r["window_end"] == end and "window_start" not in r
    assert asked(text) == []


@pytest.mark.parametrize(
    "text, start, end, label",
    [
        ("Saturday, doctor at 1pm for an hour, 2 adults, city, 9 to 5", "13:00", "14:00", "doctor"),
        ("piano lesson at 10 (45 mins), 2 kids", "10:00", "10:45", "piano lesson"),
        ("swimming lessons at 9 for half an hour, home by 3", "09:00", "09:30", "swimming lessons"),
        ("dentist at 11:30 for 45 minutes, 2 adults", "11:30", "12:15", "dentist"),
        ("footy training at 8 for an hour and a half", "08:00", "09:30", "footy training"),
        ("lunch booked at 12:30 for an hour, home by 4", "12:30", "13:30", "lunch booked"),
    ],
)
def test_an_appointment_at_a_time_with_a_length_is_blocked(text, start, end, label):
    r = read(text)
    (b,) = r["blocked"]
    assert (b["start"], b["end"], b["label"]) == (start, end, label)
    assert not [p for p, k in unread(text) if k in ("time", "duration")]


@pytest.mark.parametrize(
    "text, start, end, says",
    [
        ("Saturday, 2 adults, South Brisbane, kids party at 3.30", "15:30", "23:59", "nothing is"),
        ("we're at a wedding at 4pm, so home by 2", "16:00", "23:59", "nothing is planned after"),
        ("birthday party at 2, 1 adult 2 kids", "14:00", "15:00", "assumed to last an hour"),
        ("ballet at 9:30, home by 3, 2 adults", "09:30", "10:30", "assumed to last an hour"),
        ("lunch at 12, home by 3", "12:00", "13:00", "assumed to last an hour"),
    ],
)
def test_an_appointment_at_a_time_without_a_length_is_stated(text, start, end, says):
    """No end said: an afternoon one (from 15:00) ends the day there; an earlier one is taken
    to last an hour; both stated as assumptions, never asked as if unclear."""
    accepted, phrases = read_request(text, today=TODAY)
    (b,) = [i for i in accepted.items if i.field == "blocked"]
    assert (b.value["start"], b.value["end"]) == (start, end)
    applied = apply_reading(PlanRequest(text=text), accepted)
    (said,) = [a for a in applied.assumed if "has no end time" in a]
    assert says in said and start in said and applied.hints["stated"][0] == said
    assert not [p for p in phrases if p.kind == "time"]


def test_an_appointment_with_its_end_time_reads_both():
    text = "Saturday, 1 adult 1 kid, need to pick up Sam from a party at 2pm (till 2:30), home by 5"
    r = read(text)
    assert r["blocked"] == [{"start": "14:00", "end": "14:30", "label": "party", "at_home": False}]
    assert r["window_end"] == "17:00" and asked(text) == []


def test_an_appointment_at_home_with_one_time_is_at_home():
    r = read("Saturday 2 adults, nap at 1 for 2 hours at home, home by 4")
    assert r["blocked"] == [{"start": "13:00", "end": "15:00", "label": "nap", "at_home": True}]
    assert r["window_end"] == "16:00"


def test_home_for_an_appointment_is_the_day_end_not_a_block():
    r = read("need to be home for the party at 3, 2 adults")
    assert "blocked" not in r


def test_verify_accepts_what_the_reader_proposes_for_blocked():
    for text in (
        "Saturday, doctor at 1pm for an hour, 2 adults",
        "kids party at 3.30",
        "zoom call 10:00-10:30 at home, home by 2",
    ):
        accepted, _ = read_request(text, today=TODAY)
        for item in accepted.items:
            assert isinstance(verify_reading(text, item.as_dict(), today=TODAY), ReadingItem)


def test_verify_rejects_a_length_the_quote_does_not_say():
    text = "Saturday, doctor at 1pm for an hour, 2 adults"
    r = verify_reading(
        text,
        {
            "field": "blocked",
            "value": {"start": "13:00", "end": "15:00"},
            "quote": "doctor at 1pm for an hour",
        },
        today=TODAY,
    )
    assert not isinstance(r, ReadingItem) and "13:00-14:00" in r.error


# --- times that are no limits --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, a 2 hour movie would be good",
        "Saturday, 2 adults, we'd like the 10:30 show at the planetarium",
        "Saturday, kids are 8 and 10, 2 adults",
        "Saturday, 2 adults, $45 each, New Farm",
        "Saturday, 2 adults, 2-3 hours at the museum",
        "Saturday, 2 adults, the party of 4 is us",
        "Saturday, 2 adults, the game starts in 2 hours",
    ],
)
def test_times_that_are_no_limits_stay_what_they_are(text):
    r = read(text)
    assert "window_start" not in r and "window_end" not in r and "blocked" not in r


def test_a_movie_length_beside_a_deadline_keeps_the_deadline():
    r = read("Saturday, 2 adults, a 2 hour movie then home by 1530")
    assert r["window_end"] == "15:30" and "blocked" not in r


def test_point_blocks_finds_the_length_through_duckling():
    (span,) = times.point_blocks("doctor at 1pm for an hour and a half")
    assert span[2:] == (13 * 60, 14 * 60 + 30, False)
