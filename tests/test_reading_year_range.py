"""A date said with a year the planner does not plan for ("Saturday 1 January 9999", "January
2nd, 2150", "1/1/9999"): no date is read there, and the question names the year said; the year is
never silently replaced by this year's or next year's date (REVIEW4, bad inputs). A 24-hour time
after a date ("Saturday 12 December 1530 finish") is no year."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading.dates import read_date
from dayplan.reading.verify import verify_reading
from dayplan.service.run import plan
from tests.reading_helpers import TODAY, asked, quoted, unread

NOW = "2026-12-01T08:00:00+10:00"


@pytest.mark.parametrize(
    ("said", "year"),
    [
        ("Saturday 1 January 9999", 9999),
        ("1 January 9999", 9999),
        ("Saturday 2 January 9999", 9999),
        ("Saturday 1/1/9999", 9999),
        ("January 2nd, 2150", 2150),
        ("Saturday 1 January 1999", 1999),
        ("Sat 5 Dec 3026", 3026),
        ("the 5th of December 2200", 2200),
        ("Saturday 12th December 12026", 12026),
    ],
)
def test_a_year_out_of_range_is_asked_naming_it(said: str, year: int) -> None:
    text = f"{said}, 2 adults, Brisbane City, home by 3"
    assert quoted(text, "date") == []
    conflicts = [p for p, k in unread(text) if k == "date_conflict"]
    assert conflicts and str(year) in conflicts[0]
    questions = asked(text)
    assert any(f"the year {year} is outside" in q for q in questions), questions
    other = [q.replace(str(year), "") for q in questions]
    assert not any("2027" in q or "2026" in q for q in other), questions


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("Saturday 5 December 2099", "2099-12-05"),
        ("Saturday 1 January 2028", "2028-01-01"),
        ("Saturday 12 December", "2026-12-12"),
    ],
)
def test_a_year_in_range_is_read(said: str, day: str) -> None:
    text = f"{said}, 2 adults, Brisbane City, home by 3"
    assert [v for v, _ in quoted(text, "date")] == [day]


def test_a_time_after_a_date_is_no_year() -> None:
    text = "Saturday 12 December 1530 finish, 2 adults, Brisbane City"
    assert quoted(text, "date") == [("2026-12-12", "Saturday 12 December")]
    assert not [p for p, k in unread(text) if k == "date_conflict"]


def test_the_verifier_rejects_the_date_without_its_year() -> None:
    today = date(2026, 12, 1)
    for text, quote, value in (
        ("1 January 9999, 2 adults, Brisbane City", "1 January", "2027-01-01"),
        ("Saturday 2 January 9999, 2 adults", "Saturday 2 January", "2027-01-02"),
    ):
        bad = verify_reading(text, {"field": "date", "value": value, "quote": quote}, today=today)
        assert "9999" in bad.error, bad
    assert read_date("1 January 9999", TODAY) is None


def test_the_run_asks_with_the_year_said() -> None:
    text = "Saturday 1 January 9999, 2 adults, Brisbane City, home by 3"
    report = plan(PlanRequest.model_validate({"text": text, "now": NOW})).report
    assert report.status == "needs_clarification"
    assert any("9999" in q for q in report.questions), report.questions
    assert not any("2027" in q for q in report.questions), report.questions
