"""REVIEW10's time, place, date and avoid findings (A5 and section C), each as a class of
wordings:

- an avoid that names a suburb refuses the venues there ("pools only, not Chandler", "no
  Mt Coot-tha anything"), of the kind when one is said ("not the Chandler pool", "no pools at
  Chandler"); the suburb is never the home or the day's location for it, and a suburb that is
  also the home stays the home (only its venues are left out);
- a place said inside an avoid or after a venue's "at" is never the home or the location (the
  header said "Mount Coot-tha" for a day from Bardon), and "the Botanic Gardens at Mt
  Coot-tha" names the Mt Coot-tha gardens, not the City Botanic Gardens; "the police museum"
  names the Queensland Police Museum (a wish), not every museum;

The verifier agrees with the proposer on each (a model's misreading is rejected).
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


def _read(text: str) -> dict:
    items, _ = read_items(text)
    out: dict = {}
    for field, value in items:
        out.setdefault(field, value)
    return out


def _verify(text: str, field: str, value, quote: str):
    return verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )


def _accepted(text: str, field: str, value, quote: str) -> bool:
    return not hasattr(_verify(text, field, value, quote), "error")


def _stops(report) -> list[str]:
    return [s.venue_id for s in report.plan.stops] if report.plan else []


# -- A5: an avoid naming a suburb -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Saturday, Carindale, 2 adults 2 kids, pools only, not Chandler", {"place": "Chandler"}),
        (
            "Saturday, Carindale, 2 adults 2 kids, swimming, not the Chandler pool",
            {"place": "Chandler", "kind": "swimming"},
        ),
        (
            "Sat, Coorparoo, 2 adults, no pools at Chandler please",
            {"place": "Chandler", "kind": "swimming"},
        ),
        ("Saturday, Toowong, 2 adults, no Mt Coot-tha anything", {"place": "Mount Coot-tha"}),
        (
            "Saturday, New Farm, 2 adults, nothing at South Bank, museums",
            {"place": "South Brisbane"},
        ),
        ("Saturday, New Farm, 2 adults, South Bank is out", {"place": "South Brisbane"}),
        ("Saturday, Ascot, 2 adults, avoid the Valley", {"place": "Fortitude Valley"}),
    ],
)
def test_an_avoid_naming_a_suburb_refuses_its_venues(text, value):
    got = _all(text, "avoid")
    assert [{k: v for k, v in a.items() if k != "hard"} for a in got] == [value]
    assert got[0]["hard"] is True


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Chermside (not Brisbane really), 2 adults",
        "Saturday, 2 adults, not Toowong but Taringa",
        "Saturday, Carindale, 2 adults, not far from Chandler",
        "Saturday, Carindale, 2 adults, don't mind Chandler",
    ],
)
def test_a_place_said_otherwise_is_no_avoid(text):
    assert not any("place" in a for a in _all(text, "avoid"))


def test_a_hedged_suburb_avoid_is_soft():
    got = _all("Saturday, Toowong, 2 adults, rather not Mt Coot-tha", "avoid")
    assert got == [{"place": "Mount Coot-tha", "hard": False}]


@pytest.mark.parametrize(
    ("text", "gone", "kept_kind"),
    [
        (
            "Saturday, Carindale, 2 adults 2 kids, pools only, not Chandler",
            "brisbane-aquatic-centre-chandler",
            "pool",
        ),
        (
            "Saturday, Carindale, 2 adults 2 kids, swimming, not the Chandler pool",
            "brisbane-aquatic-centre-chandler",
            None,
        ),
        (
            "Saturday, Toowong, 2 adults, no planetarium, no Mt Coot-tha anything",
            "mt-coot-tha-lookout",
            None,
        ),
    ],
)
def test_the_plan_visits_nothing_in_the_avoided_suburb(text, gone, kept_kind):
    from dayplan import data

    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "complete"
    stops = _stops(report)
    assert gone not in stops
    kinds = {v.id: v for v in data.venues()}
    assert not any(kinds[s].suburb in ("Chandler", "Mount Coot-tha") for s in stops if s in kinds)
    assert "mt-coot-tha-botanic-gardens" not in stops or "Coot" not in text
    if kept_kind:
        assert stops and all(kinds[s].kind == kept_kind for s in stops)


def test_the_avoided_suburb_that_is_home_stays_home():
    report = plan_text("Saturday, Chandler, 2 adults 2 kids, not Chandler", now=REVIEW_NOW)
    assert report.status == "complete"
    assert report.location == "Chandler"
    assert "brisbane-aquatic-centre-chandler" not in _stops(report)
    assert any("Chandler stays home" in a for a in report.assumptions)


def test_the_verifier_reads_a_suburb_avoid_where_it_stands():
    text = "Saturday, Carindale, 2 adults 2 kids, swimming, not the Chandler pool"
    got = _verify(text, "avoid", "Chandler", "not the Chandler pool")
    assert got.value == {"place": "Chandler", "kind": "swimming", "hard": True}
    # the kind alone would refuse every pool: rejected
    assert not _accepted(text, "avoid", {"kind": "swimming"}, "not the Chandler pool")
    assert not _accepted(text, "avoid", {"place": "Carindale"}, "not the Chandler pool")
    assert _accepted(
        text, "avoid", {"place": "Chandler", "kind": "swimming"}, "not the Chandler pool"
    )


def test_the_checker_refuses_a_suburbs_venues_of_the_kind_said():
    from dayplan import data
    from dayplan.core.checker import AvoidRule

    venues = {v.id: v for v in data.venues()}
    pools = AvoidRule("swimming", "not the Chandler pool", place="Chandler")
    assert pools.refuses(venues["brisbane-aquatic-centre-chandler"])
    assert not pools.refuses(venues["valley-pool"])
    anything = AvoidRule("", "no Mt Coot-tha anything", place="Mount Coot-tha")
    assert anything.refuses(venues["mt-coot-tha-lookout"])
    assert anything.refuses(venues["mt-coot-tha-botanic-gardens"])  # its name says where
    assert not anything.refuses(venues["toowong-library"])


def test_recheck_and_graders_catch_a_served_stop_in_the_avoided_suburb():
    from dayplan import data
    from dayplan.evals.graders import _refused_stops
    from dayplan.service.recheck import _refuses

    venues = {v.id: v for v in data.venues()}
    value = {"place": "Chandler", "kind": "swimming", "hard": True}
    assert _refuses(value, venues["brisbane-aquatic-centre-chandler"])
    assert not _refuses(value, venues["valley-pool"])
    body = {"readings": [{"field": "avoid", "value": value, "quote": "not the Chandler pool"}]}
    ok, _ = _refused_stops(body, [{"venue_id": "brisbane-aquatic-centre-chandler", "name": "x"}])
    assert ok is False
    ok, _ = _refused_stops(body, [{"venue_id": "valley-pool", "name": "Valley Pool"}])
    assert ok is True


# -- places in an avoid or after a venue are never home ----------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Saturday, Toowong, 2 adults, no planetarium, no Mt Coot-tha anything", "Toowong"),
        (
            "Take my mum (she's 80) and me to the Botanic Gardens at Mt Coot-tha on Sunday, "
            "Bardon, we'll be back by 1 for lunch",
            "Bardon",
        ),
        ("Saturday, Kenmore, 4 adults, footy at the Gabba at 3 so home by 2", "Kenmore"),
        ("Sat, Ascot, 2 adults, skip South Bank", "Ascot"),
    ],
)
def test_the_day_is_where_the_reading_says_not_at_an_avoided_or_visited_place(text, place):
    from dayplan.reading.places import day_location

    assert day_location(text) == place
    assert _read(text).get("location") == place


def test_an_avoided_place_is_rejected_as_the_location():
    text = "Saturday, Toowong, 2 adults, no planetarium, no Mt Coot-tha anything"
    assert not _accepted(text, "location", "Mount Coot-tha", "Mt Coot-tha")
    assert _accepted(text, "location", "Toowong", "Toowong")


def test_the_botanic_gardens_at_mt_coot_tha_are_the_mt_coot_tha_gardens():
    text = (
        "Take my mum (she's 80) and me to the Botanic Gardens at Mt Coot-tha on Sunday, Bardon, "
        "we'll be back by 1 for lunch"
    )
    assert _all(text, "wish") == ["botanic gardens at mt coot-tha"]
    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "complete"
    assert report.location == "Bardon"
    stops = _stops(report)
    assert "mt-coot-tha-botanic-gardens" in stops
    assert "city-botanic-gardens" not in stops


def test_the_botanic_gardens_alone_stay_either():
    from dayplan.reading.named import mentions

    said = mentions("maybe the botanic gardens")
    assert set(said[0].venue_ids) == {"city-botanic-gardens", "mt-coot-tha-botanic-gardens"}


@pytest.mark.parametrize(
    ("phrase", "venue"),
    [
        ("the police museum", "qld-police-museum"),
        ("the memorial galleries", "anzac-square-memorial-galleries"),
        ("the summit lookout", "mt-coot-tha-lookout"),
    ],
)
def test_a_venue_named_by_the_end_of_its_name_is_that_venue(phrase, venue):
    from dayplan.reading.named import mentions

    assert [m.venue_ids for m in mentions(phrase)] == [(venue,)]


@pytest.mark.parametrize(
    "phrase", ["the art gallery", "a koala sanctuary", "the aquatic centre", "modern art"]
)
def test_a_kind_or_a_shared_name_end_names_no_one_venue(phrase):
    from dayplan.reading.named import mentions

    assert all(len(m.venue_ids) != 1 for m in mentions(phrase))


def test_the_police_museum_is_a_wish_and_planned():
    text = "Sunday 27 Dec, Brisbane City, 2 adults, the police museum"
    got = _read(text)
    assert got.get("wish") == "police museum"
    assert "preference" not in got
    report = plan_text(text, now=REVIEW_NOW)
    assert "qld-police-museum" in _stops(report)
