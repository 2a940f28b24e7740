"""Must-dos named as the day's main aim (REVIEW4 F2): "the whole point is Lone Pine", "the main
event is X", "our big thing is X", "X is top of the list", "we're going mainly for X", "we really
want X", "the highlight has to be X" are must-do readings quoted with their cue; an aim that
names no place ("the whole point is to relax", "we really want a quiet day") is none. A place
inside a must-do or a venue's name ("Mt Coot-tha lookout") never replaces the home suburb the
text names ("Toowong")."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading.verify import verify_reading
from dayplan.service.run import plan
from tests.reading_helpers import asked, quoted, read, unread

NOW = "2026-12-01T08:00:00+10:00"


@pytest.mark.parametrize(
    ("text", "must", "quote", "location"),
    [
        (
            "Saturday, 2 adults 2 kids, Fig Tree Pocket, the whole point is Lone Pine, $200, home by 4",
            "lone pine",
            "the whole point is Lone Pine",
            "Fig Tree Pocket",
        ),
        (
            "Saturday, 2 adults, Fig Tree Pocket, the main event is Lone Pine, home by 5, $150",
            "lone pine",
            "the main event is Lone Pine",
            "Fig Tree Pocket",
        ),
        (
            "Saturday, 2 adults, Fig Tree Pocket, our big thing is Lone Pine, home by 5",
            "lone pine",
            "our big thing is Lone Pine",
            "Fig Tree Pocket",
        ),
        (
            "Saturday, 2 adults, South Brisbane, GOMA is top of the list, home by 3",
            "goma",
            "GOMA is top of the list",
            "South Brisbane",
        ),
        (
            "Saturday, 2 adults, South Brisbane, we're going mainly for the Wheel of Brisbane, home by 4",
            "wheel of brisbane",
            "going mainly for the Wheel of Brisbane",
            "South Brisbane",
        ),
        (
            "Easter Saturday 2027, 2 adults, St Lucia, we really want the UQ Art Museum, home by 3",
            "uq art museum",
            "we really want the UQ Art Museum",
            "St Lucia",
        ),
        (
            "Saturday, 2 adults, Toowong, the highlight has to be Mt Coot-tha lookout, home by 4",
            "mt coot-tha lookout",
            "the highlight has to be Mt Coot-tha lookout",
            "Toowong",
        ),
        (
            "Saturday, me and 2 kids, South Brisbane, the kids really want Streets Beach, home by 3",
            "streets beach",
            "the kids really want Streets Beach",
            "South Brisbane",
        ),
        (
            "Saturday, 2 adults, New Farm, the whole point of the day is the Powerhouse, home by 4",
            "powerhouse",
            "the whole point of the day is the Powerhouse",
            "New Farm",
        ),
        (
            "Saturday, 2 adults, South Brisbane, top of our list: the Maritime Museum, home by 3",
            "maritime museum",
            "top of our list: the Maritime Museum",
            "South Brisbane",
        ),
        (
            "Saturday, 2 adults, South Brisbane, the Wheel of Brisbane is the highlight, home by 4",
            "wheel of brisbane",
            "the Wheel of Brisbane is the highlight",
            "South Brisbane",
        ),
        (
            "Saturday, 2 adults, Toowong, it has to be the planetarium, home by 4",
            "planetarium",
            "it has to be the planetarium",
            "Toowong",
        ),
        (
            "Saturday, 2 adults, Chermside, the highlight of the day should be Kidspace Playground, home by 4",
            "kidspace playground",
            "the highlight of the day should be Kidspace Playground",
            "Chermside",
        ),
        (
            "Saturday, 2 adults, Toowong, the whole point is to see the planetarium, home by 4",
            "planetarium",
            "the whole point is to see the planetarium",
            "Toowong",
        ),
        (
            "Saturday, 2 adults, Fig Tree Pocket, we're mostly going for the koalas, home by 4",
            "koalas",
            "mostly going for the koalas",
            "Fig Tree Pocket",
        ),
    ],
)
def test_main_aim_is_a_must_do(text: str, must: str, quote: str, location: str) -> None:
    assert quoted(text, "must_do") == [(must, quote)]
    assert [v for v, _ in quoted(text, "location")] == [location]
    assert "home" not in read(text)
    assert not [u for u in unread(text) if u[1] == "must"]


def test_a_main_aim_naming_an_unknown_venue_is_read_and_then_asked() -> None:
    text = "Saturday, 2 adults, Toowong, the main event is Dreamworld, home by 4"
    assert quoted(text, "must_do") == [("dreamworld", "the main event is Dreamworld")]


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, Toowong, the whole point is to relax, home by 4",
        "Saturday, 2 adults, Toowong, we really want a quiet day, home by 4",
        "Saturday, 2 adults, Toowong, really want some down time, home by 4",
        "Saturday, 2 adults, Toowong, the main event is to have fun together, home by 4",
        "Saturday, 2 adults, Toowong, we really want lunch somewhere nice, home by 4",
        "Saturday, 2 adults, Toowong, we really want something indoors, home by 4",
        "Saturday, 2 adults, Toowong, the highlight is usually the playground, home by 4",
    ],
)
def test_an_aim_naming_no_place_is_no_must_do(text: str) -> None:
    assert quoted(text, "must_do") == []
    assert asked(text) == []


@pytest.mark.parametrize(
    ("cue", "must"),
    [
        ("top of the list is a museum", "a museum"),
        ("we really want a swim", "a swim"),
        ("the main event is the markets", "markets"),
    ],
)
def test_a_kind_of_venue_as_the_main_aim_is_a_must_do(cue: str, must: str) -> None:
    text = f"Saturday, 2 adults, South Brisbane, {cue}, home by 4"
    assert [v for v, _ in quoted(text, "must_do")] == [must]


@pytest.mark.parametrize(
    ("text", "location", "must"),
    [
        (
            "Saturday, 2 adults, Toowong, the highlight has to be Mt Coot-tha lookout, home by 4",
            "Toowong",
            ["mt coot-tha lookout"],
        ),
        (
            "Saturday, 2 adults, Toowong, thinking of the Mt Coot-tha lookout, home by 4",
            "Toowong",
            None,
        ),
        (
            "Saturday, 2 adults, Chermside, Chermside Library is a must, home by 4",
            "Chermside",
            ["chermside library"],
        ),
        (
            "Saturday, 2 adults, Wynnum, the main event is the Lone Pine Koala Sanctuary in Fig Tree Pocket, home by 5",
            "Wynnum",
            ["lone pine koala sanctuary in fig tree pocket"],
        ),
    ],
)
def test_a_place_inside_a_venue_mention_is_not_the_location(text, location, must) -> None:
    got = read(text)
    assert got.get("location") == location
    assert got.get("must_do") == must


def test_the_verifier_rejects_a_location_quoted_from_a_must_do() -> None:
    text = "Saturday, 2 adults, Toowong, the highlight has to be Mt Coot-tha lookout, home by 4"
    today = date(2026, 12, 1)
    bad = verify_reading(
        text, {"field": "location", "value": "Mount Coot-tha", "quote": "Mt Coot-tha"}, today=today
    )
    assert "venue mention" in bad.error and bad.found == "Toowong"
    good = verify_reading(
        text, {"field": "location", "value": "Toowong", "quote": "Toowong"}, today=today
    )
    assert good.value == "Toowong"
    alone = "Saturday, 2 adults, we must see the Mt Coot-tha lookout, home by 4"
    kept = verify_reading(
        alone, {"field": "location", "value": "Mount Coot-tha", "quote": "Mt Coot-tha"}, today=today
    )
    assert kept.value == "Mount Coot-tha"  # the only place named: the day is planned there


@pytest.mark.parametrize(
    ("text", "status", "venue"),
    [
        (
            # fits only leaving home at 08:53, before the 09:00 start nobody stated: asked
            "Saturday, 2 adults 2 kids, Fig Tree Pocket, the whole point is Lone Pine, $200, home by 4",
            "needs_clarification",
            None,
        ),
        (
            "Saturday, 2 adults 2 kids, Fig Tree Pocket, the whole point is Lone Pine, $200, from 9, home by 4",
            "no_feasible_plan",
            None,
        ),
        (
            "Easter Saturday 2027, 2 adults, St Lucia, we really want the UQ Art Museum, home by 3",
            "no_feasible_plan",
            None,
        ),
        (
            "Saturday, 2 adults, South Brisbane, GOMA is top of the list, home by 3",
            "complete",
            "Gallery of Modern Art (GOMA)",
        ),
        (
            "Saturday, 2 adults, Toowong, the highlight has to be Mt Coot-tha lookout, home by 4",
            "complete",
            "Mt Coot-tha Summit Lookout",
        ),
    ],
)
def test_main_aim_plans_keep_or_fail_on_the_must_do(text: str, status: str, venue) -> None:
    report = plan(PlanRequest.model_validate({"text": text, "now": NOW})).report
    assert report.status == status, (report.questions, report.constraint_failures)
    if venue:
        assert venue in [s.name for s in report.plan.stops]
    if "Toowong" in text:
        assert any("Toowong" in a for a in report.assumptions if a.startswith("Home"))
