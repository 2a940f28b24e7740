"""REVIEW12's party findings (A-class: a complete plan priced for the wrong party), as a class
of wordings:

- a count broken down right after it, in brackets or after a dash or colon ("5 kids (my 2 + 3
  of their friends)", "4 kids (2 of mine, 2 of my sisters)", "4 kids: my 2 + 2 cousins",
  "4 kiddos (2 mine 2 theirs)") is the same people said again: never added to the count, and
  its numbers are never adults; a breakdown whose numbers do not sum to the count ("3 kids (2
  of mine, 2 friends)", "4 kids - my 2 and 3 cousins") is asked, never planned on either; one
  part alone is some of them ("5 kids (2 of mine)": 5);
- a qualifier after a count ("2 mates (all adults)", "2 friends (both adults)", "3 kids (all
  under 5)") says what those people are, never more of them; "2 kids (all adults)" is asked;
- the writer beside adults counted by a word that is never the writer ("me n 2 mates", "me + 3
  other mums") counts too (3, 4); "me and 2 adults" stays 2 (the writer may be one of them).

The verifier agrees with the proposer on each (a model's double count is rejected).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, plan_text, read_items

REVIEW_NOW = "2026-12-04T18:00:00+10:00"
"""The reviewer's pinned now (a Friday: "Saturday" is 2026-12-05)."""

FIRST = (
    "taking 5 kids (my 2 + 3 of their friends) plus me and another mum to a movie, from new "
    "farm. $15pp. 10am-2pm"
)


def _party(text: str) -> tuple[int | None, int | None, list[str]]:
    items, unread = read_items(text)
    got = {f: v for f, v in reversed(items) if f in ("adults", "children")}
    return got.get("adults"), got.get("children"), [u.phrase for u in unread]


def _accepted(text: str, field: str, value, quote: str) -> bool:
    got = verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )
    return not hasattr(got, "error")


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (FIRST, 2, 5),
        ("me + 4 kids (my 2 and their 2 cousins), saturday, new farm", 1, 4),
        ("me n 2 mates (all adults), saturday new farm", 3, None),
        ("5 kids (my 2 and 3 friends), 2 adults, sat", 2, 5),
        ("3 kids (2 of mine, 1 friend) and me", 1, 3),
        ("me and 6 kids (my 3 + 3 of the neighbours), sat, new farm", 1, 6),
        ("4 kids (2 of mine, 2 of my sisters) and me saturday", 1, 4),
        ("me n hubby + 3 kids (our 2 and a friend), sat", 2, 3),
        ("grandma and me with 4 kids: my 2 + 2 cousins, saturday", 2, 4),
        ("me and 4 kids - my 2 and 2 cousins, sat", 1, 4),
        ("6 kids (my 3, her 3), 2 mums, sat new farm", 2, 6),
        ("me + 3 kids (my 2 & 1 mate)", 1, 3),
        ("2 adults 4 kids (2 ours 2 friends) sat", 2, 4),
        ("taking 4 kiddos (2 mine 2 theirs) + me and my mate, sat", 2, 4),
        ("5 kids (2 of mine) and me, sat", 1, 5),
        ("me and 2 friends (both adults) sat", 3, None),
        ("2 mates (all adults) and me, sat", 3, None),
        ("3 kids (all under 5) and me, sat", 1, 3),
        ("me + 3 other mums and 6 kids, sat", 4, 6),
        ("Saturday, 2 adults - 3 kids, Toowong", 2, 3),
    ],
)
def test_a_breakdown_is_the_same_people(text: str, adults, children) -> None:
    got_adults, got_children, unread = _party(text)
    assert (got_adults, got_children) == (adults, children)
    assert unread == []


@pytest.mark.parametrize(
    "text",
    [
        "me and 3 kids (2 of mine, 2 friends) sat",
        "5 kids (my 2 and 2 friends), 2 adults, sat",
        "me and 4 kids - my 2 and 3 cousins, sat",
        "2 kids (3 of mine) and me",
        "2 kids (all adults) and me",
    ],
)
def test_a_breakdown_that_disagrees_is_asked(text: str) -> None:
    _, children, unread = _party(text)
    assert unread, text
    assert children in (None, 4)  # the dash's count stands, but the run asks


def test_me_and_two_adults_stays_two() -> None:
    assert _party("me and 2 adults, sat")[0] == 2


@pytest.mark.parametrize(
    ("text", "field", "value", "quote", "ok"),
    [
        (FIRST, "children", 8, "5 kids (my 2 + 3 of their friends)", False),
        (FIRST, "children", 5, "5 kids (my 2 + 3 of their friends)", True),
        ("me n 2 mates (all adults), sat", "adults", 4, "me n 2 mates (all adults)", False),
        ("me n 2 mates (all adults), sat", "adults", 3, "me n 2 mates (all adults)", True),
        (
            "5 kids (my 2 and 3 friends), 2 adults",
            "adults",
            5,
            "5 kids (my 2 and 3 friends)",
            False,
        ),
        (
            "3 kids (2 of mine, 1 friend) and me",
            "children",
            5,
            "3 kids (2 of mine, 1 friend)",
            False,
        ),
    ],
)
def test_the_verifier_rejects_the_double_count(text, field, value, quote, ok) -> None:
    assert _accepted(text, field, value, quote) is ok


def test_the_reviewers_movie_is_priced_for_seven() -> None:
    report = plan_text(FIRST, now=REVIEW_NOW)
    assert report.status == "complete"
    got = {r.field: r.value for r in report.readings if r.field in ("adults", "children")}
    assert got == {"adults": 2, "children": 5}


def test_a_disagreeing_breakdown_asks_end_to_end() -> None:
    report = plan_text("me and 3 kids (2 of mine, 2 friends), saturday, new farm", now=REVIEW_NOW)
    assert report.status != "complete"


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("we are 6 people (2 adults 4 kids) from Chandler, out 10-4, budget 150", 2, 4),
        ("6 people (2 adults, 4 kids), sat, new farm", 2, 4),
    ],
)
def test_a_total_of_people_with_its_adults_and_kids_in_brackets_is_that_party(
    text: str, adults: int, children: int
) -> None:
    """ "6 people (2 adults 4 kids)" is 2 + 4 (the bracket is the party, its total agrees); it
    was read as 6 adults (the bracket taken for a breakdown and blanked)."""
    items, unread = read_items(text)
    assert ("adults", adults) in items and ("children", children) in items
    assert not unread


def test_a_total_of_people_that_disagrees_with_its_bracket_is_asked() -> None:
    items, unread = read_items("5 people (3 adults 3 kids), sat, new farm")
    assert "adults" not in dict(items) and unread
