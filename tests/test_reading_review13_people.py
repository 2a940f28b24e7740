"""REVIEW13's party findings (A-class: a complete plan priced for the wrong party), as classes
of wordings:

- a teenager said with a word before a child word ("my two teenage daughters", "me and my
  teenage son", "2 adults and 3 teenage boys", "a teen girl", "my step daughter") is a child,
  as "teens"/"teenagers" are; uncounted ("me n my teenage kids") it is asked, never dropped;
  a friend of theirs typed "there friend" is a child too;
- a bracket saying what a person named before it is ("me (single mum)", "me (solo parent)",
  "me (dad, 40)", "my husband (who hates crowds)", "my mum (their nana)"), and "I'm a single
  mum with 2 kids", "me, a single mum, and ...": that person, counted once; a bracket that
  joins someone ("me (and hubby)", "me (nan too)") still adds them;
- a bracket after a count saying which of them are who ("3 kids (1 is a baby)", "2 adults 3
  kids (2 are babies)", "2 kids (1 still in a pram)", "3 kids (youngest is 2)", "me and my 3
  (one is a baby)", "2 adults (one is my mum)") is the same people, never added; one naming
  more than the count ("2 kids (3 are babies)", "2 kids (triplets)") is asked; one that adds
  ("3 kids (+ a baby)") still adds; "kids (4 5 and 7)" are ages, never a count of 4; the same
  said in a clause right after the count ("3 kids, one is a baby", "3 kids incl a baby", "2
  kids one in a pram");
- "we have a playdate at 10:30", "we have swimming", "we have to be home by 3" take nobody:
  only "we have/take/bring" + people ("we have grandma and the kids") counts the writer beside;
  a party that starts with the writer's own label ("mum + 2 kids, we're taking grandma") has
  the writer in it already (2 adults, never 3).

The verifier agrees with the proposer on each (a model's double count is rejected, and a party
quote that cuts a bracket about its people is refused).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, plan_text, read_items

REVIEW_NOW = "2026-12-04T18:00:00+10:00"
"""The reviewer's pinned now (a Friday: "Saturday" is 2026-12-05)."""

TEENS = "Me and my two teenage daughters, Indooroopilly, leave 10 home by 3, $25"
SINGLE_MUM = "its just me (single mum) and my boy (6) we are in stafford"
BABY = "dad and 3 kids (1 is a baby) from bardon"
PLAYDATE = (
    "mum + 2 kids (4, 7) from toowong, 9-12, we have a playdate at 10:30 at Auchenflower for "
    "an hour, $15"
)


def _party(text: str) -> tuple[int | None, int | None, list[str]]:
    items, unread = read_items(text)
    got = {f: v for f, v in reversed(items) if f in ("adults", "children")}
    # an access need ("in a pram") is listed on its own account (reading.access), not the party's
    said = [u.phrase for u in unread if u.kind != "access"]
    return got.get("adults"), got.get("children"), said


def _accepted(text: str, field: str, value, quote: str) -> bool:
    got = verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )
    return not hasattr(got, "error")


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (TEENS, 1, 2),
        ("me and my teenage son, sat, new farm", 1, 1),
        ("2 adults and 3 teenage boys, sat", 2, 3),
        ("my teen daughter and me, sat", 1, 1),
        ("hubby and i and our teenage son sat", 2, 1),
        ("me and a teenage girl, sat, new farm", 1, 1),
        ("3 teenage kids and 2 adults", 2, 3),
        ("my 2 teenage boys n me, sat, $30", 1, 2),
        ("dad and teenage son from carindale, home by 4", 1, 1),
        ("me & teen daughter, budget 40", 1, 1),
        ("mum and 2 teen sons sat", 1, 2),
        ("grandma and her teenage grandson", 1, 1),
        ("me and my step daughter sat", 1, 1),
        ("me and my step-son sat", 1, 1),
        ("me n my 2 step-kids, sat", 1, 2),
        ("me + my teenaged daughter, sat", 1, 1),
        ("me and my preteen daughter", 1, 1),
        ("me + my tween son + hubby", 2, 1),
        ("its me and my 2 teenage girls and there friend, sat", 1, 3),
        ("me and my son and thier 2 mates", 1, 3),
        ("me and 2 pre-teen girls", 1, 2),
    ],
)
def test_a_teenager_said_before_a_child_word_is_a_child(text: str, adults, children) -> None:
    got_adults, got_children, unread = _party(text)
    assert (got_adults, got_children) == (adults, children), text
    assert unread == []


@pytest.mark.parametrize(
    "text",
    ["me and my teen boys sat new farm", "me n my teenage kids, sat", "me and 2-3 teenage boys"],
)
def test_uncounted_teenagers_are_asked(text: str) -> None:
    _, children, unread = _party(text)
    assert children is None and unread, text


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (SINGLE_MUM, 1, 1),
        ("me (dad) + 2 kids", 1, 2),
        ("me (single dad) and 2 kids sat", 1, 2),
        ("me (the mum) + 3 kids", 1, 3),
        ("me (grandma) and my 2 grandkids", 1, 2),
        ("me (nan) and the 2 kids", 1, 2),
        ("me (solo parent) + 2 kids", 1, 2),
        ("me (solo mum) and the twins", 1, 2),
        ("me (a single mum) & 2 kids", 1, 2),
        ("me (dad, 40) + 2 kids", 1, 2),
        ("me (mum of 3) and my 3 kids", 1, 3),
        ("just me (single mum) and my 2 girls", 1, 2),
        ("me (grandad, 70) and 2 grandkids", 1, 2),
        ("me (dad of 2) + my 2 boys", 1, 2),
        ("me (mum, 2 kids) sat new farm", 1, 2),
        ("my husband (who hates crowds) and me and 2 kids", 2, 2),
        ("me, hubby (who hates crowds) and 2 kids", 2, 2),
        ("my husband (their dad) me and 3 kids", 2, 3),
        ("hubby (the kids dad) and me and 3 kids", 2, 3),
        ("my mum (nana) and me and 2 kids", 2, 2),
        ("my mum (the kids' nana) and me and my 2 kids", 2, 2),
        ("my sister (their aunty) and me and my 2 kids", 2, 2),
        ("my partner (the kids stepdad) and me + 2 kids", 2, 2),
        ("im a single mum with 2 kids, sat, new farm", 1, 2),
        ("I am a mum of 2 kids, sat", 1, 2),
        ("me, a single mum, and my 2 kids", 1, 2),
        ("i'm their nan, taking the 2 grandkids", 1, 2),
        ("Me, wife, 2 kids", 2, 2),
        ("me, a friend and 3 kids", 2, 3),
        ("myself, the hubby and 3 kids", 2, 3),
        ("me - single dad - 2 kids", 1, 2),
        ("Me (mum), my partner (dad) and our 2 kids", 2, 2),
        ("me (stay at home mum) + 3 littlies", 1, 3),
        ("me, my sister and our 3 kids", 2, 3),
        ("me (and hubby) + 2 kids", 2, 2),
        ("me + partner (she's pregnant) + 1 kid", 2, 1),
        ("my parents (grandma & grandpa) and me + 2 kids", 3, 2),
        ("the grandparents (nan and pop) + me + 2 kids", 3, 2),
        ("my in-laws (the kids nan and pop) and me and 2 kids", 3, 2),
        ("my parents (both 70) and me + 2 kids", 3, 2),
        ("my parents (and my sister) and me", 4, None),
    ],
)
def test_a_bracket_saying_what_a_person_is_counts_them_once(text: str, adults, children) -> None:
    got_adults, got_children, unread = _party(text)
    assert (got_adults, got_children) == (adults, children), text
    assert unread == []


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (BABY, 1, 3),
        ("me and my 3 kids (one is a baby)", 1, 3),
        ("2 adults 3 kids (2 are babies)", 2, 3),
        ("3 kids (youngest is 2) and me", 1, 3),
        ("me and 3 kids (eldest is 9)", 1, 3),
        ("me + 4 kids (two are twins)", 1, 4),
        ("me and 2 kids (1 still in a pram)", 1, 2),
        ("me and 2 kids (1 in a wheelchair)", 1, 2),
        ("me and 3 kids (the baby is 8 months)", 1, 3),
        ("2 adults, 3 kids (incl a baby)", 2, 3),
        ("me and 3 kids (including a toddler)", 1, 3),
        ("me and 3 kids (2 are under 5)", 1, 3),
        ("me + 3 kids (a baby and 2 toddlers)", 1, 3),
        ("me and 3 kids (2 toddlers + a baby)", 1, 3),
        ("me and 3 kids (1 baby)", 1, 3),
        ("2 adults 4 kids (the youngest is a newborn)", 2, 4),
        ("me and 3 kids (one's a bub)", 1, 3),
        ("2 adults & 2 kids (1 under 2) sat", 2, 2),
        ("me and my 3 (one is a baby)", 1, 3),
        ("hubby and i and our 3 (youngest is 1)", 2, 3),
        ("2 adults (one is my mum) and 2 kids", 2, 2),
        ("2 adults (me and hubby) and 2 kids", 2, 2),
        ("me + 3 kids (+ a baby)", 1, 4),
        ("me and 3 kids (plus a baby)", 1, 4),
        ("3 kids (4 5 and 7) and me", 1, 3),
        ("3 boys (14 15 and 17) and me", 1, 3),
        ("the kids (2) and me", 1, 2),
        ("the kids (3 total) and me", 1, 3),
        ("the kids (2 of them, 1 is a baby) and me", 1, 2),
        ("the kids (3 of them, youngest is 2) and me", 1, 3),
        ("me and 2 mates (one is a teacher) sat", 3, None),
        ("2 adults (1 is pregnant) and 1 kid", 2, 1),
        ("dad (me) + 2 boys (1 is 18 months)", 1, 2),
        ("me and 3kids(1 baby) sat", 1, 3),
        ("me and 3 kids, one is a baby", 1, 3),
        ("me and 3 kids - 1 is a baby", 1, 3),
        ("dad + 3 kids one is a baby, sat", 1, 3),
        ("2 adults 3 kids 2 are babies", 2, 3),
        ("me and 3 kids incl a baby", 1, 3),
        ("me + 3 kids including 1 baby", 1, 3),
        ("me and 3 kids (inc. 1 baby)", 1, 3),
        ("me and 2 kids one in a pram", 1, 2),
        ("me and 3 kids, one's a bub", 1, 3),
        ("4 adults including grandma and 2 kids", 4, 2),
        ("2 grandparents (nan & pop) and 3 kids", 2, 3),
        ("me and 2 kids (one is 4)", 1, 2),
        ("me and 2 kids (1 is 4, other is 7)", 1, 2),
        ("me and 2 kids (now both at school)", 1, 2),
    ],
)
def test_a_bracket_saying_which_of_them_are_who_adds_nobody(text: str, adults, children) -> None:
    got_adults, got_children, unread = _party(text)
    assert (got_adults, got_children) == (adults, children), text
    assert unread == []


@pytest.mark.parametrize(
    "text",
    [
        "me and 2 kids (3 are babies)",
        "2 kids (triplets) and me",
        "me and 3 kids (2 babies and 2 toddlers)",
        "me and 3 kids (4 incl the baby)",
        "2 adults (me and 2 mates) sat",
        "me and my 2 (3 are babies)",
        "the kids (1 still in a pram) and me",
        "the kids (2 of them, 3 are babies) and me",
        "me and 2 kids, 3 are babies",
        "me and 3 kids including 4 babies",
        "me and 3 kids (nearly 4 with the baby)",
    ],
)
def test_a_bracket_naming_more_than_its_count_is_asked(text: str) -> None:
    _, _, unread = _party(text)
    assert unread, text


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (PLAYDATE, 1, 2),
        ("mum + 2 kids from toowong, we have swimming at 10", 1, 2),
        ("dad + 2 kids, we have a party at 2", 1, 2),
        ("mum and the 2 kids, we have to be home by 3", 1, 2),
        ("nan + 3 grandkids, we're having lunch at 12", 1, 3),
        ("dad and 2 kids we are going to have a picnic", 1, 2),
        ("mum n 2 kids - we're bringing the scooters", 1, 2),
        ("we have grandma and the 2 kids this sat", 2, 2),
        ("we're taking nan and 3 kids", 2, 3),
        ("we have a toddler and my mum is coming, sat", 2, 1),
        ("mum + 2 kids, we're taking grandma", 2, 2),
        ("dad and 2 kids, we are bringing nan", 2, 2),
        ("mum + 2 kids, we'll have grandma too", 2, 2),
        ("hubby + 2 kids, we're taking nan", 3, 2),
    ],
)
def test_we_have_something_takes_nobody(text: str, adults, children) -> None:
    got_adults, got_children, _ = _party(text)
    assert (got_adults, got_children) == (adults, children), text


@pytest.mark.parametrize(
    ("text", "field", "value", "quote", "ok"),
    [
        (BABY, "children", 4, "dad and 3 kids (1 is a baby)", False),
        (BABY, "children", 3, "dad and 3 kids (1 is a baby)", True),
        (BABY, "children", 4, "dad and 3 kids (1", False),
        (BABY, "children", 4, "3 kids (1 is a baby", False),
        (SINGLE_MUM, "adults", 2, "just me (single mum) and my boy", False),
        (SINGLE_MUM, "adults", 1, "just me (single mum) and my boy", True),
        (SINGLE_MUM, "adults", 2, "me (single mum", False),
        (TEENS, "children", 2, "Me and my two teenage daughters", True),
        (TEENS, "children", 0, "Me and my two teenage daughters", False),
        (
            PLAYDATE,
            "adults",
            2,
            "mum + 2 kids (4, 7) from toowong, 9-12, we have a playdate",
            False,
        ),
        (PLAYDATE, "adults", 1, "mum + 2 kids (4, 7)", True),
        ("2 adults 3 kids (2 are babies)", "children", 5, "3 kids (2 are babies)", False),
    ],
)
def test_the_verifier_rejects_the_misreading(text, field, value, quote, ok) -> None:
    assert _accepted(text, field, value, quote) is ok


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [(TEENS, 1, 2), (SINGLE_MUM, 1, 1), (BABY, 1, 3), (PLAYDATE, 1, 2)],
)
def test_the_reviewers_requests_are_priced_for_their_party(text: str, adults, children) -> None:
    report = plan_text(text, now=REVIEW_NOW)
    got = {r.field: r.value for r in report.readings if r.field in ("adults", "children")}
    assert got == {"adults": adults, "children": children}


def test_a_bracket_naming_more_than_its_count_asks_end_to_end() -> None:
    report = plan_text("me and 2 kids (3 are babies), saturday, new farm", now=REVIEW_NOW)
    assert report.status == "needs_clarification"


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("my friend (and her 2 kids) and me and my 2", 2, 4),
        ("me, my 3 + her 2 kids", 1, 5),
        ("me and our 2 and their 2 kids", 1, 4),
        ("me and my 2 (2 kids total)", 1, 2),
        ("me and my 2 and her 3, so that's 2 adults 5 kids", 2, 5),
    ],
)
def test_the_writers_n_beside_counted_children_are_more(text: str, adults, children) -> None:
    """ "my friend (and her 2 kids) and me and my 2" is 4 children: "my 2" was dropped once
    another count of children was read."""
    got_adults, got_children, unread = _party(text)
    assert (got_adults, got_children) == (adults, children), text
    assert unread == []
