"""A weekday beside an ordinal said in words: Duckling alone resolves "Saturday, first thing"
to the next Saturday that is the 1st of a month (1 May 2027, asked on 1 Dec 2026), and the
offline planner served a complete plan for it. The ordinal is a day of the month only where it
reads as one; otherwise the weekday alone is read; "the first Saturday" with no month asks."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.dates import date_spans, read_date, weekday_dates

TUE = date(2026, 12, 1)  # a Tuesday; the coming Saturday is 5 Dec, Sunday 6 Dec
SAT = date(2026, 12, 5)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Saturday, first thing in the morning, 2 adults, New Farm, home by 3", date(2026, 12, 5)),
        ("saturday first thing pls, we have the kids", date(2026, 12, 5)),
        ("Sunday first up we want the markets", date(2026, 12, 6)),
        ("Saturday, first we go to the park then lunch", date(2026, 12, 5)),
        ("Sat, third time lucky with the weather", date(2026, 12, 5)),
        ("Saturday, second half of the day only", date(2026, 12, 5)),
        ("my first Saturday off in ages, 2 adults", date(2026, 12, 5)),
        ("next Saturday, first thing", date(2026, 12, 12)),
        ("Saturday the fifth, 2 adults and a toddler", date(2026, 12, 5)),
        ("saturday fifth, home by 4", date(2026, 12, 5)),
        ("Saturday the nineteenth please", date(2026, 12, 19)),
        ("Saturday the twelfth of December", date(2026, 12, 12)),
        ("Saturday the second of January", date(2027, 1, 2)),
        ("the first Saturday in January", date(2027, 1, 2)),
        ("the first Saturday of next month", date(2027, 1, 2)),
    ],
)
def test_the_day_read_is_the_one_said(text: str, day: date) -> None:
    spans = [d for _, _, d in date_spans(text.lower(), TUE)]
    assert spans == [day], spans
    assert not [w for w in weekday_dates(text.lower(), TUE) if w.day is None]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Saturday the first", "the next 1st is a Tuesday"),  # 1 Dec: today, a Tuesday
        ("saturday the twentieth, 2 adults", "the next 20th is a Sunday"),
        ("the first Saturday, 2 adults", "which Saturday do you mean"),
    ],
)
def test_a_day_of_the_month_that_disagrees_is_asked(text: str, asked: str) -> None:
    norm = text.lower()
    assert date_spans(norm, TUE) == []
    questions = [w.question for w in weekday_dates(norm, TUE) if w.day is None]
    assert len(questions) == 1 and asked in questions[0], questions


def test_no_date_ever_jumps_past_the_coming_weeks_for_an_ordinal_word() -> None:
    words = ["first", "second", "third", "fourth", "fifth", "tenth", "twenty-first"]
    tails = [" thing", " up", ", 2 adults", " time lucky", " stop the park", ""]
    for weekday in ("saturday", "sunday", "sat"):
        for w in words:
            for tail in tails:
                for sep in (", ", " ", " the "):
                    text = f"{weekday}{sep}{w}{tail}"
                    for _, _, day in date_spans(text, TUE):
                        assert (day - TUE).days <= 42, (text, day)
                    found = read_date(text, TUE)
                    assert found is None or (found - TUE).days <= 42, (text, found)


def test_asked_on_a_saturday_first_thing_is_today() -> None:
    assert read_date("saturday, first thing", SAT) == SAT
