"""Access needs are never dropped silently and never passed as checked (REVIEW12 C4, REVIEW13 C:
"grandma can't do stairs or long walks", "wheelchair" were neither read nor listed).

No venue fact covers access (steps, ramps, lifts, path lengths), so a need is listed as unread
(``access``, not asked: no answer would make it checkable) and the report says the plan does
not check it (``dayplan.reading.access``, ``dayplan.tools.reading``).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading import access
from dayplan.reading.propose import read_request
from tests.cli_runs import plan_text

NEEDS = [
    (
        "grandma can't do stairs or long walks, 2 adults 2 kids from new farm, 9-3",
        "can't do stairs",
    ),
    ("2 adults, my husband uses a wheelchair, south brisbane, 10-3, $40", "wheelchair"),
    ("me + bub in the pram + 2 kids, toowong, home by 2", "pram"),
    ("grandad cant walk far, 2 adults 1 kid from ashgrove, 10-2", "cant walk far"),
    ("nan has bad knees so nothing too hilly, 3 adults 2 kids, kenmore, 9-1", "bad knees"),
    ("2 adults with a stroller, new farm, step-free places please, 9-12", "stroller"),
]


@pytest.mark.parametrize(("text", "phrase"), NEEDS)
def test_an_access_need_is_listed_unread_and_not_asked(text: str, phrase: str) -> None:
    _, unread = read_request(text, today=date(2026, 12, 1))
    got = [u for u in unread if u.kind == "access"]
    assert any(phrase in u.phrase for u in got), unread
    assert not any(u.asks for u in got)


@pytest.mark.parametrize(
    "text",
    [
        "2 adults 2 kids, walkers welcome, new farm, 9-3",
        "me and 2 kids from new farm, we walk everywhere, 9-3",
        "2 adults, a walk along the river would be nice, 9-3",
    ],
)
def test_walking_words_are_no_access_need(text: str) -> None:
    assert access.need_spans(text.lower()) == []


def test_the_report_says_the_need_is_not_checked() -> None:
    report = plan_text("2 adults, my husband uses a wheelchair, south brisbane, 10-3, $40")
    assert report is not None and report.status == "complete"
    assert "wheelchair" in report.unread
    said = [a for a in report.assumptions if a.startswith("Not checked:")]
    assert said and '"wheelchair"' in said[0] and "ask each venue" in said[0]
