"""REVIEW16w's reading misses, each as a class of wordings:

- a bare limit in number words ("max twenty", "twenty max", "thirty tops", "no more than forty
  five") is asked like "Under 60." (kind ``limit``: dollars or minutes?), never dropped; with a
  unit ("max twenty mins", "twenty bucks max") or a money cue ("budget's tight, fifty max") it
  is read.
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


def _unread(text: str) -> list[tuple[str, str]]:
    return [(u.phrase, u.kind) for u in read_items(text)[1]]


def _accepted(text: str, field: str, value, quote: str) -> bool:
    got = verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )
    return not hasattr(got, "error")


# -- a bare limit in number words ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("me and 2 kids from windsor, max twenty", "max twenty"),
        ("2 kids, twenty max, out 9-3", "twenty max"),
        ("2 kids out 9-3 thirty tops", "thirty tops"),
        ("2 kids out 9-3, no more than forty five", "no more than forty five"),
        ("out 10 till 2 w the twins under fifty pls", "under fifty"),
        ("me n my 3 kids from wynnum sat 9-2 fourty max", "fourty max"),
        ("2 adults 1 kid, home by 3, up to sixty", "up to sixty"),
    ],
)
def test_word_limit_is_asked(text: str, phrase: str) -> None:
    assert (phrase, "limit") in _unread(text)
    assert not _all(text, "budget") and not _all(text, "max_leg_minutes")


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("2 kids out 9-3, max twenty min drive", "max_leg_minutes", 20),
        ("budget's tight, fifty max, 2 kids", "budget", 50.0),
        ("max twenty bucks, 2 kids", "budget", 20.0),
    ],
)
def test_word_limit_with_its_unit_is_read(text: str, field: str, value) -> None:
    got = _all(text, field)
    assert got and (got[0] == value or got[0].get("amount") == value)
    assert not [k for _, k in _unread(text) if k == "limit"]


def test_word_limit_end_to_end_asks() -> None:
    report = plan_text("me and 2 kids from windsor, out 9-3, max twenty", REVIEW_NOW)
    assert report.status == "needs_clarification"
