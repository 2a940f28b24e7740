"""An adult count the text never states is an assumption, never a reading with a quote
(REVIEW2 finding 7), and a group's age is no extra child ("twins aged 4" = 2 children); the read
party obeys the contract's party rule (no children alone), a party phrase not read asks with or
without a budget (a range is no count), and a child's friend is a child."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from dayplan.contract import Party, PlanRequest, party_problem
from dayplan.evidence import RunEvidence
from dayplan.reading import read_request
from dayplan.reading.apply import ADULT_ASSUMED, apply_reading, questions
from dayplan.reading.people import read_party
from dayplan.service.run import initial_state
from dayplan.tools.state import constraints_for
from tests.reading_helpers import asked, read, unread

TODAY = date(2026, 12, 1)


def party(text: str) -> tuple[int | None, int | None]:
    accepted, _ = read_request(text, today=TODAY)
    got = {i.field: i.value for i in accepted.items}
    return got.get("adults"), got.get("children")


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("Plan my Saturday in New Farm with 2 kids, AUD 60", 2),
        ("Saturday with two teenagers, Brisbane city, $80", 2),
        ("Sat w/ 3 kids in West End, home by 4", 3),
        ("Sunday in Bulimba with the kids (4 and 9)", 2),
        ("Saturday with 2 kids, home before dinner", 2),
        ("Saturday in South Brisbane with three little ones", 3),
    ],
)
def test_children_without_a_stated_adult_read_no_adult(text, children):
    assert party(text) == (None, children)


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [  # an adult said in any way is still read, with its quote
        ("Saturday in New Farm, me and 2 kids, AUD 60", 1, 2),
        ("Saturday with my 2 kids in New Farm", 1, 2),
        ("with 2 kids and my partner, Kenmore, $150", 2, 2),
        ("Sat in Brissie w/ 2 kids + partner, $80ish", 2, 2),
        ("Saturday, 1 adult 2 kids, Coorparoo", 1, 2),
        ("Saturday, mum and toddler, Wynnum", 1, 1),
        ("Saturday in Sandgate with grandma, me and 2 kids (5 and 8)", 2, 2),
        ("just me, Fortitude Valley, Saturday", 1, None),
    ],
)
def test_a_stated_adult_is_still_read(text, adults, children):
    assert party(text) == (adults, children)


@pytest.mark.parametrize(
    "text",
    [
        "Plan my Saturday in New Farm with 2 kids, AUD 60",
        "Saturday with two teenagers in Brisbane, budget 100",
    ],
)
def test_the_one_adult_is_an_assumption_in_the_applied_reading(text):
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert applied.hints["adults"] == 1
    assert applied.hints["adults_assumed"] is True
    assert ADULT_ASSUMED in applied.assumed
    assert not [i for i in applied.items if i.field == "adults"]


def test_a_read_adult_is_no_assumption():
    text = "Saturday in New Farm, me and 2 kids, AUD 60"
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert "adults_assumed" not in applied.hints
    assert ADULT_ASSUMED not in applied.assumed


def test_the_report_lists_the_adult_under_assumptions_not_readings(capsys):
    """The README's own example: children read with their quote, the adult only assumed, and
    the plan priced for one adult and two children."""
    import json

    from dayplan.cli import main

    text = "Plan my Saturday in New Farm with 2 kids, AUD 60"
    assert main(["plan", text, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    fields = {r["field"]: r for r in report["readings"]}
    assert "adults" not in fields
    assert fields["children"]["value"] == 2 and fields["children"]["quote"] == "with 2 kids"
    assert ADULT_ASSUMED in report["assumptions"]


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("2 adults and twins aged 4", 2, 2),
        ("2 adults and twins age 4", 2, 2),
        ("2 adults and twins", 2, 2),
        ("me and the twins (6)", 1, 2),
        ("twins, 6, and their mum", 1, 2),
        ("mum, dad and the triplets aged 3", 2, 3),
        ("2 adults, twins aged 4 and a 7yo", 2, 3),
        ("2 adults and 2 kids aged 4 and 6", 2, 2),
        ("2 adults, kids aged 3 and 7", 2, 2),
    ],
)
def test_a_groups_age_is_no_extra_child(text, adults, children):
    got = read_party(text)
    assert (got.adults, got.children) == (adults, children)


# -- the party read from the text obeys the contract's party rule ------------------------------


@pytest.mark.parametrize(
    ("text", "quote", "children"),
    [
        ("Saturday in Brisbane, 0 adults and 3 kids, home by 4", "0 adults and 3 kids", 3),
        ("no adults, just the 3 kids, Saturday at South Bank", "no adults, just the 3 kids", 3),
        (
            "Saturday in Brisbane, three kids on their own, budget $100",
            "three kids on their own",
            3,
        ),
        ("Saturday in New Farm, zero adults and two kids", "zero adults and two kids", 2),
        ("Sunday in Brisbane, the twins by themselves, $50", "twins by themselves", 2),
        (
            "I'm sending the 2 kids unaccompanied to Brisbane on Saturday",
            "I'm sending the 2 kids unaccompanied",
            2,
        ),
        ("Saturday, 2 teenagers without any adults, West End", "2 teenagers without any adults", 2),
        ("Saturday in Bulimba: 3 kids, no grown-ups, home by 3", "3 kids, no grown-ups", 3),
    ],
)
def test_children_with_no_adult_in_the_text_are_asked_about_by_the_contracts_rule(
    text, quote, children
):
    """The read party goes through the same rule as a structured one (``party_problem``): no
    plan for children alone; the question quotes the phrase and says the rule."""
    got = read(text)
    assert (got["adults"], got["children"]) == (0, children)
    qs = asked(text)
    assert qs and quote in qs[0] and "children need at least one adult with them" in qs[0], qs
    assert qs[0] == (
        f'"{quote}" names no adult, but children need at least one adult with them: how many '
        "adults are coming?"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults 2 kids, no adults-only venues, Brisbane",
        "Saturday, me and the 2 kids, no parents room needed, Brisbane",
        "The kids can play on their own at the park while we chill, Brisbane, 2 adults 2 kids",
        "Saturday in Brisbane, 2 adults and 1 kid, he can play on his own",
        "Saturday, dad and 3 kids on their own for the day while mum works, Brisbane",
        "Saturday in Brisbane with grandma, the 2 kids by themselves are a handful",
    ],
)
def test_an_adult_said_anywhere_is_no_party_without_adults(text):
    got = read(text)
    assert got.get("adults") != 0, got
    assert not [q for q in asked(text) if "at least one adult" in q]


def test_one_rule_for_the_party_structured_or_read():
    assert party_problem(0, 3) == "children need at least one adult with them"
    assert party_problem(0, 0) == "party needs at least one person"
    assert party_problem(1, 0) is None and party_problem(2, 3) is None
    with pytest.raises(ValueError, match="children need at least one adult with them"):
        Party(adults=0, children=3)
    qs = asked("Saturday in Brisbane, 0 adults and 0 kids")
    assert qs and "names no one" in qs[0] and "party needs at least one person" in qs[0], qs


def test_a_structured_party_wins_over_no_adults_in_the_text():
    text = "Saturday in Brisbane, three kids on their own"
    req = PlanRequest(text=text, party={"adults": 1, "children": 3})
    accepted, phrases = read_request(text, today=TODAY)
    applied = apply_reading(req, accepted)
    assert applied.party_refused is None and "adults" not in applied.hints


def test_a_check_on_a_read_party_with_no_adult_is_refused_not_planned():
    """If a model plans anyway, ``constraints_for`` refuses the read party by the same rule."""
    text = "Saturday in Brisbane, 0 adults and 3 kids"
    now = datetime(2026, 12, 1, 9, tzinfo=ZoneInfo("Australia/Brisbane"))
    state = initial_state(PlanRequest(text=text), run_id="t", now=now)
    accepted, _ = read_request(text, today=TODAY)
    RunEvidence(state).record_reading(list(accepted.items), unread=[], assumed=[])
    with pytest.raises(ValueError, match="children need at least one adult"):
        constraints_for(state)


# -- a party phrase not read asks, with or without a budget ------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday in Brisbane with the kids, museums", "with the kids"),
        ("Me and the grandkids in Brisbane on Saturday", "the grandkids"),
        ("Saturday at South Bank, the boys are 6, home by 4", "the boys"),  # "are 6": their age
        ("Saturday in Brisbane, 2 or 3 kids, home by 4", "2 or 3 kids"),
        ("Saturday in Brisbane, two or three kids, parks", "two or three kids"),
        ("Saturday in Brisbane, 2 adults with 2, maybe 3 kids", "2, maybe 3 kids"),
        ("Saturday, 2 adults, 3 kids (maybe 4), New Farm", "3 kids (maybe 4)"),
        ("Saturday in Brisbane, kids: 2 or 3", "kids: 2 or 3"),
        ("Saturday in Brisbane, 2 or 3 young kids and me", "2 or 3 young kids"),
        ("Saturday in Brisbane with my sister and her kids", "her kids"),
    ],
)
def test_an_unread_party_phrase_asks_without_a_budget(text, phrase):
    """The count decides tickets, child prices and which venues suit: no budget is needed for
    it to matter. A range of people is no count."""
    assert "budget" not in read(text)
    assert (phrase, "party") in unread(text), unread(text)
    qs = asked(text)
    assert any(f'"{phrase}"' in q and "How many" in q for q in qs), qs


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Saturday, 1 or 2 adults and 3 kids, Brisbane", "How many adults are coming?"),
        ("2 adults or 3 adults and 2 kids, Brisbane Saturday", "How many adults are coming?"),
        ("Saturday in Brisbane, 2 adults with 2, maybe 3 kids", "How many children are coming?"),
    ],
)
def test_a_range_asks_for_the_count_it_leaves_open(text, question):
    assert any(q.endswith(question) for q in asked(text)), asked(text)


def test_a_structured_party_settles_an_unread_party_phrase():
    for text in ("Saturday in Brisbane with the kids", "Saturday in Brisbane, 2 or 3 kids"):
        req = PlanRequest(text=text, party={"adults": 2, "children": 3})
        accepted, phrases = read_request(text, today=TODAY)
        assert questions(phrases, apply_reading(req, accepted)) == []


# -- a friend of a child is a child ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday, my daughter and her friend, Brisbane, $80", None, 2),
        ("Saturday, taking my daughter and her best friend to Brisbane", None, 2),
        ("Saturday in Brisbane with my daughter and her friend, home by 4", 1, 2),
        ("Saturday, me, my son and my son's friend, Brisbane", 1, 2),
        ("Saturday, me and my son and his two mates, Brisbane", 1, 3),
        ("Saturday, our 2 boys and a friend of theirs, Brisbane, $100", None, 3),
        ("Saturday, me and the twins and their mate, Brisbane", 1, 3),
        ("Saturday, my partner and I with our son and two of his friends, Brisbane", 2, 3),
        # a friend of an adult is an adult
        ("Saturday, the wife and her friend and our 2 kids, Brisbane", 2, 2),
        ("Saturday, me and my friend and her 2 kids, Brisbane", 2, 2),
        ("Saturday Brisbane, my mum and her friend", 2, None),
        ("Just me and hubby this Saturday in Brisbane", 2, None),
    ],
)
def test_a_childs_friend_is_a_child_and_an_adults_friend_an_adult(text, adults, children):
    got = read(text)
    assert (got.get("adults"), got.get("children")) == (adults, children), got


def test_the_writer_beside_a_child_and_her_friend_is_an_assumption():
    text = "Saturday, my daughter and her friend, Brisbane, $80"
    accepted, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), accepted)
    assert (applied.hints["adults"], applied.hints["children"]) == (1, 2)
    assert ADULT_ASSUMED in applied.assumed


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("Saturday in Brisbane, the kids are 8 and 10, home by 4", 2),
        ("the boys are 5, 7 and 9. Saturday in Brisbane", 3),
        ("Sunday at South Bank, our girls are 4 & 6, $60", 2),
    ],
)
def test_ages_listed_after_children_words_count_one_child_each(text, children):
    got = read(text)
    assert got["children"] == children and "adults" not in got
    assert not [q for q in asked(text) if "How many" in q]
