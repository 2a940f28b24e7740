"""A weekday nearly spelled is asked, never dropped for the default Saturday (REVIEW13n: "sundy
arvo in toowong" and "tuesdy in new farm" were planned for Saturday without a word).

``dayplan.reading.dates.weekday_guesses`` finds a word one or two letters off a weekday
("sundy", "tuesdy", "satuday", "wensday", "thursdy"); the run asks 'By "sundy", did you mean
Sunday?' as it asks about a place nearly spelled. Words of their own ("today", "holiday",
"birthday", "sandy", "windy", "study") are no guess.
"""

from __future__ import annotations

import pytest

from dayplan.reading import dates
from tests.cli_runs import plan_text


@pytest.mark.parametrize(
    ("word", "day"),
    [
        ("sundy", "sunday"),
        ("tuesdy", "tuesday"),
        ("satuday", "saturday"),
        ("saturdy", "saturday"),
        ("wensday", "wednesday"),
        ("thursdy", "thursday"),
        ("fridy", "friday"),
        ("mondy", "monday"),
    ],
)
def test_a_weekday_nearly_spelled_is_found(word: str, day: str) -> None:
    assert [g[2] for g in dates.weekday_guesses(f"{word} arvo in toowong")] == [day]


@pytest.mark.parametrize(
    "word",
    [
        "today",
        "holiday",
        "birthday",
        "someday",
        "everyday",
        "midday",
        "sandy",
        "windy",
        "study",
        "ready",
        "daddy",
        "sunday",
        "saturday",
        "sat",
        "thurs",
    ],
)
def test_words_of_their_own_are_no_guess(word: str) -> None:
    assert dates.weekday_guesses(f"{word} in toowong") == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("sundy arvo in toowong, me and 2 kids, $30", "Sunday"),
        ("tuesdy in new farm, 2 adults", "Tuesday"),
        ("2 adults 1 kid, satuday, west end, 9-3", "Saturday"),
    ],
)
def test_the_run_asks_which_day(text: str, day: str) -> None:
    report = plan_text(text)
    assert report is not None and report.status == "needs_clarification", report
    assert any(f"did you mean {day}?" in q for q in report.questions), report.questions
