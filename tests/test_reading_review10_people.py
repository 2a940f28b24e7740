"""REVIEW10's party, money and travel-cap findings (A1-A4, C).

- who is coming: texting joins people like "and" ("me n partner", "w 3 kids"); a cousin, friend
  or sibling of a child is a child ("our son and his two cousins"); adults and children as
  letters ("2A 2K", "2a 2k", "2A+2K"); "just us 2"; "grandparents (2)"; "2 families" is no count
  and no bare number; a child named by relation in one sentence ("ballet for my daughter") is
  one of the children counted in another ("me and 2 kids").
"""

from __future__ import annotations

import pytest

from dayplan.reading import people
from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, read_items
from tests.reading_helpers import asked

_read = read_items


def _party(text: str) -> tuple[object, object]:
    items, _ = _read(text)
    got = dict(items)
    return got.get("adults"), got.get("children")


def _asks(text: str) -> list:
    return [u for u in _read(text)[1] if u.asks]


# -- who is coming ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("tmrw we r in new farm w 3 kids + me n partner, budget 100, home by 4 pls", 2, 3),
        ("sat in ascot, me n hubby n the 2 kids", 2, 2),
        ("Sat, Kedron, me & my partner & 3 kids", 2, 3),
        ("sat, chermside w 2 kids n my mum", 2, 2),
        ("Sat in Brissie w/ 2 kids + partner, $80", 2, 2),
        ("sat, toowong, me n the baby", 1, 1),
    ],
)
def test_texting_joins_people_like_and(text, adults, children):
    assert _party(text) == (adults, children)


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday, Greenslopes, my wife, me, our son and his two cousins, $80", 2, 3),
        ("Saturday, Ascot, me and my daughter and her cousin", 1, 2),
        ("Saturday, Ascot, me, my son and his little sister", 1, 2),
        ("Saturday, Ascot, my husband, me, the kids' 2 cousins and our daughter", 2, 3),
        # a relative of an adult is an adult
        ("Saturday, Ascot, me, my wife and her sister, 2 kids", 3, 2),
        ("Saturday, Ascot, my husband and his brother, our 2 kids", 2, 2),
    ],
)
def test_a_cousin_or_sibling_of_a_child_is_a_child(text, adults, children):
    assert _party(text) == (adults, children)
    assert not [u for u in _asks(text) if u.kind in ("party", "people")]


def test_cousins_nobody_counts_are_asked_never_dropped():
    unread = _read("Saturday, Ascot, me and my 2 kids and their cousins, $80")[1]
    assert any("cousins" in u.phrase and u.asks for u in unread), unread


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Sat, Hamilton, 2A 2K, out the door by 8, home by noon", 2, 2),
        ("Sat, Hamilton, 2a 2k, home by noon", 2, 2),
        ("Sat, Hamilton, 2A+2K, home by noon", 2, 2),
        ("Sat 12/12 in Woolloongabba, 2A 3K", 2, 3),
        ("Saturday, Graceville, 2A 1K, no driving over 15 min", 2, 1),
        ("Saturday, 2A 2C, South Brisbane, $40, home by 3", 2, 2),
        ("Saturday, Bulimba, 1A, 2K", 1, 2),
    ],
)
def test_adults_and_children_as_letters(text, adults, children):
    assert _party(text) == (adults, children)
    assert not [u for u in _asks(text) if u.kind in ("party", "distance", "number")]


def test_a_lone_k_is_no_party():
    assert _party("Saturday, Bulimba, 2 adults, a 2k walk") == (2, None)
    assert _party("Saturday, Bulimba, 2 adults, within 2k of home")[1] is None


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Sat, Yeronga, no kids, just us 2", 2, None),
        ("Sat, Yeronga, us 2 and the 3 kids", 2, 3),
        ("Saturday, Fig Tree Pocket, grandparents (2) and 3 grandkids, $250", 2, 3),
        ("Saturday, Sandgate, grandparents (2) + 3 grandkids", 2, 3),
        ("Saturday, Sandgate, adults (3), me and my son", 3, 1),
        ("Sat, Wynnum, 2 families: 4 adults and 5 kids, $200", 4, 5),
    ],
)
def test_party_said_in_words(text, adults, children):
    assert _party(text) == (adults, children)
    assert not [q for q in asked(text) if "how many" in q.lower() or "number" in q], asked(text)


def test_a_digit_in_brackets_after_kids_may_be_an_age_and_is_asked():
    assert _party("Saturday, Sandgate, adults (3), kids (2)") == (3, None)
    assert any("kids (2)" in q for q in asked("Saturday, Sandgate, adults (3), kids (2)"))


def test_us_2_is_no_count_before_a_unit():
    assert _party("Saturday, Ascot, that gives us 2 hours, 3 kids")[0] is None


def test_two_families_is_listed_as_said_never_as_a_bare_number():
    unread = _read("Sat, Wynnum, 2 families, $200")[1]
    assert [(u.phrase, u.kind) for u in unread] == [("2 families", "party")]


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (
            "Ballet 10-11 for my daughter on Saturday. Want something after until 3. New Farm, "
            "me and 2 kids",
            1,
            2,
        ),
        ("My son has soccer at 9 on Saturday. Ascot, 2 adults 3 kids", 2, 3),
        # a count smaller than the children named is no "one of them": the first stays
        ("Saturday, Ascot, my son and my daughter. Me and 1 kid after lunch", 1, 2),
    ],
)
def test_a_child_named_by_relation_is_one_of_the_children_counted(text, adults, children):
    assert _party(text) == (adults, children)


def test_the_verifier_reads_every_new_party_quote_like_the_proposer():
    text = "Sat, Hamilton, 2A 2K, w 3 kids + me n partner, our son and his two cousins"
    for quote, field, value in (
        ("2A 2K", "adults", 2),
        ("2A 2K", "children", 2),
        ("w 3 kids + me n partner", "adults", 2),
        ("our son and his two cousins", "children", 3),
    ):
        got = verify_reading(text, {"field": field, "value": value, "quote": quote}, today=TODAY)
        assert getattr(got, "value", None) == value, got
    assert people.read_party("2K").adults is None
