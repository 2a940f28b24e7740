"""Dates misread for the wrong day (review 5 #2, #3): a dash range of two small numbers beside a
weekday ("dentist 11-12 on Saturday") is a time range, never the date 11 December; a today said
in passing ("no car today ... Saturday") loses to the day named elsewhere; two different days
named ("Saturday or Sunday") are asked about, never silently picked. Today is Tuesday 1 Dec
2026 (``tests.reading_helpers.TODAY``)."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import dates, read_request
from dayplan.reading.text import normalise
from tests.reading_helpers import TODAY

SAT, SUN = date(2026, 12, 5), date(2026, 12, 6)


def first_day(text: str) -> date | None:
    """The day the date proposal reads for ``text``: the first ``plan_date_spans`` day."""
    spans = dates.plan_date_spans(normalise(text), TODAY)
    return spans[0][2] if spans else None


def read_day(text: str) -> str | None:
    accepted, _ = read_request(text, today=TODAY)
    return next((str(i.value) for i in accepted.items if i.field == "date"), None)


def date_questions(text: str) -> list[str]:
    _, unread = read_request(text, today=TODAY)
    return [u.found for u in unread if u.kind == "date_conflict"]


# -- a dash range of two small numbers beside a weekday is a time range ---------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("dentist 11-12 on Saturday, 2 adults 1 kid from Wynnum, $50, home by 4", SAT),
        ("We live in Wynnum, dentist in Chermside 11-12 Saturday, 2 adults 1 kid, $50", SAT),
        ("swim 9-10 Saturday", SAT),
        ("Saturday 10-2 only", SAT),
        ("party 1-3 on Sunday", SUN),
        ("Sat 9-11 then home", SAT),
        ("12-2 nap, Saturday", SAT),
        ("Saturday, 11-12 dentist", SAT),
        ("soccer 8 - 10 Sunday morning", SUN),
        ("Sunday 1 - 3 party at Bowen Hills", SUN),
        ("swimming lessons 9-10 at Chandler on Saturday", SAT),
        ("SATURDAY 11-12 DENTIST", SAT),
    ],
)
def test_a_dash_range_beside_a_weekday_is_no_date(text, day):
    assert first_day(text) == day
    assert read_day(text) == day.isoformat()
    quote = [s for s in dates.date_spans(normalise(text), TODAY) if s[2] == day]
    assert quote and not any(ch.isdigit() for ch in normalise(text)[quote[0][0] : quote[0][1]])


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("11-12 on Saturday", SAT),
        ("Saturday 10-2", SAT),
        ("Sat 9-11", SAT),
        ("Saturday, 11-12", SAT),
        ("1 - 3 on Sunday", SUN),
    ],
)
def test_read_date_of_a_quote_with_a_time_range_is_the_weekday(phrase, day):
    assert dates.read_date(phrase, TODAY) == day


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Saturday 12/12, 2 adults", date(2026, 12, 12)),
        ("Sat 19/12/2026", date(2026, 12, 19)),
        ("Saturday 12 December", date(2026, 12, 12)),
        ("2026-12-12, 2 kids", date(2026, 12, 12)),
        ("Saturday the 19th", date(2026, 12, 19)),
        ("19-12-2026, 2 adults, New Farm", date(2026, 12, 19)),
        ("Sat 19-12-2026", date(2026, 12, 19)),
        ("on 9/1/2027 with the kids", date(2027, 1, 9)),
    ],
)
def test_real_dates_in_digits_still_read(text, day):
    assert first_day(text) == day
    assert read_day(text) == day.isoformat()


def test_a_weekday_that_disagrees_with_a_dashed_date_asks():
    questions = date_questions("Fri 19-12-2026, 2 adults")  # 19 Dec 2026 is a Saturday
    assert questions and "Saturday" in questions[0]
    assert read_day("Fri 19-12-2026, 2 adults") is None


def test_the_mask_keeps_offsets_and_leaves_dates_alone():
    text = "dentist 11-12 on saturday, 19-12-2026, december 11-12, 11:00-12:00"
    masked = dates.mask_time_ranges(text)
    assert len(masked) == len(text)
    assert "11-12 on" not in masked and "19-12-2026" in masked
    assert "december 11-12" in masked and "11:00-12:00" in masked


# -- a today said in passing loses to the day named ------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("no car today - we'll take the bus. 2 adults 1 child from Milton, $50, Saturday", SAT),
        ("the kids are tired today, so Saturday please, 2 adults 2 kids", SAT),
        ("It's hot today. Sunday, 2 adults, New Farm", SUN),
        ("Saturday please - we're stuck at home today", SAT),
        ("raining today but Sunday looks better, 2 kids", SUN),
        ("I'm at work tonight; plan Saturday for 2 adults", SAT),
    ],
)
def test_a_today_in_passing_loses_to_the_day_named(text, day):
    assert first_day(text) == day
    assert read_day(text) == day.isoformat()
    assert date_questions(text) == []


@pytest.mark.parametrize(
    ("text", "quote"),
    [("today, 2 adults, New Farm", "today"), ("this arvo, 2 adults", "this arvo")],
)
def test_today_alone_stays_today(text, quote):
    assert read_day(text) == TODAY.isoformat()
    assert date_questions(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Saturday or Sunday, 2 adults",
        "sat or sun, whichever is drier, 2 kids",
        "today or Saturday, 2 adults",
        "Friday we're free, or Saturday, 2 adults",
    ],
)
def test_two_days_named_are_asked(text):
    questions = date_questions(text)
    assert len(questions) == 1 and "which day is the outing?" in questions[0]


@pytest.mark.parametrize(
    "text",
    [
        "see the Christmas lights Saturday, 2 adults",
        "Saturday, Sundays are busy for us, 2 kids",
        "Saturday, 2 adults, not somewhere closed on Mondays",
    ],
)
def test_habits_and_seasons_are_no_second_day(text):
    assert read_day(text) == SAT.isoformat()
    assert date_questions(text) == []


# -- served runs --------------------------------------------------------------------------


def _run(text: str):
    from dayplan.service.run import plan

    return plan(PlanRequest(text=text, now="2026-12-01T08:00:00+10:00")).report


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("dentist 11-12 on Saturday, 2 adults 1 kid from Wynnum, $50, home by 4", "2026-12-05"),
        (
            "no car today - we'll take the bus. 2 adults 1 child from Milton, $50, Saturday",
            "2026-12-05",
        ),
        ("nap 12-2 on Sunday, 2 adults 1 kid from New Farm, $60, home by 4", "2026-12-06"),
    ],
)
def test_served_plans_are_for_the_day_named(text, day):
    report = _run(text)
    assert report.status == "complete"
    assert report.date == day
    assert any(r.field == "date" and r.value == day for r in report.readings)


def test_an_appointment_away_is_read_for_the_day_named():
    # the appointment's place is asked about (apptplace); its date is Saturday, never 2027
    report = _run(
        "We live in Wynnum, dentist in Chermside 11-12 Saturday, 2 adults 1 kid, $50, home by 4"
    )
    assert any(r.field == "date" and r.value == "2026-12-05" for r in report.readings)
    assert report.status != "complete" or report.date == "2026-12-05"


def test_two_days_named_are_a_question_when_served():
    report = _run("Saturday or Sunday, 2 adults 1 kid from Milton, $50, home by 4")
    assert report.status == "needs_clarification"
    assert any("which day is the outing" in q for q in report.questions)
