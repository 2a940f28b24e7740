"""An adult count the text never states is an assumption, never a reading with a quote
(REVIEW2 finding 7), and a group's age is no extra child ("twins aged 4" = 2 children)."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import read_request
from dayplan.reading.apply import ADULT_ASSUMED, apply_reading
from dayplan.reading.people import read_party

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
