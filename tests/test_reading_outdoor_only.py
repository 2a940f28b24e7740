"""An outdoor limit is a hard limit, like "indoors only" (REVIEW12 C4, found again this stop).

"nothing indoors its a nice day" was read as nothing and "outdoors only please" as a soft wish,
so complete plans served museums and libraries to a party that said no indoor stops. Now:

- ``dayplan.reading.prefs.OUTDOOR_ONLY`` reads the outdoor limit ("outdoors only", "outside
  stuff only", "only outdoor things", "just outdoor activities", "everything outside",
  "nothing indoors", "no indoor stuff", "keep the kids outside", "don't want to be inside",
  "need to be outside the whole day") as the ``only`` kind ``OUTDOORS``;
- ``dayplan.core.mustdo.means_venue("outdoors", venue)`` holds it to the venue's own indoor flag
  (an unknown flag names no venue: unknown never passes), so ``check_plan`` fails an indoor stop
  (``avoided``), the scheduler leaves indoor venues out, and the re-check and graders catch one;
- not a limit: a place ("just outside the city", "nothing inside the CBD"), a kind ("no indoor
  play"), a wish ("outside please"), a condition or hedge ("outdoors only if it's fine",
  "ideally outdoors only"), a whole day refused ("don't want to be stuck inside all day");
- said for part of the day ("nothing inside after lunch"): listed as unread ``outdoor_time`` and
  asked, never widened to the whole day; an indoor limit's words inside an outdoor one ("not
  stuck inside all day") are no indoor limit.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan import data
from dayplan.contract import PlanRequest
from dayplan.core.catalog import Venue
from dayplan.core.checker import Constraints, OnlyRule, ProposedStop, check_plan
from dayplan.core.mustdo import OUTDOORS, means_venue
from dayplan.reading import prefs
from dayplan.reading.records import ReadingItem, ReadingRejection
from dayplan.reading.verify import verify_reading
from dayplan.service.recheck import independent_findings
from tests.cli_runs import NOW, plan_text, read_items, report_with_reading
from tests.problems import catalogue_travel

TODAY = date(2026, 12, 1)
CATALOGUE = {v.id: v for v in data.venues()}

LIMITS = [
    "2 adults 2 kids from paddington, nothing indoors its a nice day, 9 to 1, $40",
    "me and 2 kids, new farm, outdoors only please, home by 2",
    "2 adults 1 kid, west end, no indoor stuff, 9-12",
    "grandma n me + 3 kids, carindale. outside stuff only - kids need to run around! $30, 9-2",
    "sat, 2 adults, Wynnum, only outdoor things",
    "Saturday in Toowong, me and my daughter, just outdoor activities, back by 3",
    "2 adults 2 kids, Ashgrove, everything outside please, 9-3",
    "me + 3 kids (4, 6, 9) from sherwood - nothing inside at all, $20",
    "Saturday, 2 adults, Bulimba. Keep the kids outside, home by 4",
    "we dont want to be inside, 2 adults 1 kid, New Farm, 10-2",
    "dad + 2 boys, Kangaroo Point, they need to be outside the whole day, $30",
    "Nan and 2 grandkids from Sandgate. Outdoor only. Home by 1",
    "2A 2K, Morningside, strictly outdoors, $50, 9-3",
]


def _read(text: str) -> dict:
    items, _ = read_items(text)
    return dict(items)


@pytest.mark.parametrize("text", LIMITS)
def test_an_outdoor_limit_is_read_as_the_only_kind_outdoors(text: str) -> None:
    read = _read(text)
    assert read.get("only") == OUTDOORS, read
    assert "indoor_only" not in read and read.get("preference") != "outdoors", read


NOT_LIMITS = [
    "2 adults 2 kids, we live just outside the city in ashgrove, 9-3, $60",
    "2 adults, Paddington, nothing inside the CBD, home by 4",
    "me and 2 kids, Carindale, no indoor play this time, 9-2",
    "2 adults 1 kid, New Farm, outside please, 10-2",
    "me + 2 kids, Bulimba, outdoors only if it's fine, 9-3",
    "me + 2 kids, Bulimba, ideally outdoors only, 9-3",
    "me and my 2 boys from bulimba, dont want to be stuck inside all day, 9-4, $40",
]


@pytest.mark.parametrize("text", NOT_LIMITS)
def test_a_place_a_kind_a_wish_or_a_condition_is_no_outdoor_limit(text: str) -> None:
    read = _read(text)
    assert read.get("only") != OUTDOORS and "indoor_only" not in read, read


def test_no_indoor_play_is_an_avoided_kind() -> None:
    items, _ = read_items("me and 2 kids, Carindale, no indoor play this time, 9-2")
    assert ("avoid", {"kind": "indoor play", "hard": True}) in items


@pytest.mark.parametrize(
    "text",
    [
        "me + 2 kids from ashgrove, nothing inside after lunch, 9-4",
        "2 adults, New Farm, outdoors only in the morning, 9-3",
    ],
)
def test_an_outdoor_limit_for_part_of_the_day_is_asked(text: str) -> None:
    read = _read(text)
    assert "only" not in read and "indoor_only" not in read, read
    report = plan_text(text)
    assert report is not None and report.status == "needs_clarification", report
    assert any("whole day be outdoors" in q for q in report.questions), report.questions


def test_the_verifier_rejects_an_outdoor_limit_the_quote_does_not_say() -> None:
    text = "2 adults 2 kids from paddington, nothing inside the CBD, outside please, 9 to 1"
    for quote in ("nothing inside the CBD", "outside please", "2 adults 2 kids"):
        got = verify_reading(
            text, ReadingItem(field="only", value="outdoors", quote=quote), today=TODAY
        )
        assert isinstance(got, ReadingRejection), (quote, got)
    ok = verify_reading(
        "me and 2 kids, nothing indoors its a nice day",
        ReadingItem(field="only", value="outdoors", quote="nothing indoors"),
        today=TODAY,
    )
    assert isinstance(ok, ReadingItem) and ok.value == OUTDOORS


def test_outdoors_names_exactly_the_venues_known_to_be_outdoors() -> None:
    venues = list(CATALOGUE.values())
    named = {v.id for v in venues if means_venue(OUTDOORS, v)}
    assert named == {v.id for v in venues if not v.indoor} and 20 <= len(named) < len(venues)
    park = next(v for v in venues if not v.indoor)
    unknown = Venue(**{**park.__dict__, "unknown": ("indoor",)})
    assert not means_venue(OUTDOORS, unknown)  # an unknown flag proves nothing


def test_check_plan_fails_an_indoor_stop_under_an_outdoor_limit() -> None:
    indoor = next(v for v in CATALOGUE.values() if v.indoor and v.kind == "museum")
    outdoor = next(v for v in CATALOGUE.values() if not v.indoor and v.kind == "park")
    rule = OnlyRule((OUTDOORS,), "nothing indoors")
    assert not rule.allows(indoor) and rule.allows(outdoor)
    c = Constraints(day=date(2026, 12, 12), window=(9 * 60, 17 * 60), only=rule)
    stops = [
        ProposedStop(10 * 60, 11 * 60, venue_id=indoor.id),
        ProposedStop(12 * 60, 13 * 60, venue_id=outdoor.id),
    ]
    travel = catalogue_travel([indoor.id, outdoor.id], home_at=outdoor.id)
    result = check_plan(stops, c, CATALOGUE, travel)
    avoided = [f for f in result.failures if f.code == "avoided"]
    assert [f.venue_id for f in avoided] == [indoor.id], result.failures
    assert "nothing indoors" in avoided[0].detail


@pytest.mark.parametrize(
    "text", LIMITS[:4] + ["Saturday 12th, 2 adults, Kangaroo Point, outdoors only, 9-3"]
)
def test_every_served_stop_is_outdoors(text: str) -> None:
    report = plan_text(text)
    assert report is not None and report.status == "complete", report
    assert report.plan.stops and all(not CATALOGUE[s.venue_id].indoor for s in report.plan.stops)
    assert not independent_findings(PlanRequest(text=text, now=NOW), report)


def test_the_recheck_catches_an_indoor_stop_under_a_served_outdoor_limit() -> None:
    text = "2 adults 1 kid, Fortitude Valley, museums please, 9-1"
    report = plan_text(text)
    assert report is not None and report.status == "complete"
    indoor = [s.name for s in report.plan.stops if CATALOGUE[s.venue_id].indoor]
    assert indoor
    tampered = report_with_reading(
        report, {"field": "only", "value": "outdoors", "quote": "outdoors only"}
    )
    found = independent_findings(PlanRequest(text=text, now=NOW), tampered)
    assert len(found) == len(indoor) and all(n in " ".join(found) for n in indoor), found


def test_the_indoor_words_inside_an_outdoor_limit_are_no_indoor_limit() -> None:
    sentence = "dont want to be stuck inside all day"
    assert prefs.indoor_only_spans(sentence) == [] and prefs.timed_indoor_spans(sentence) == []
    assert prefs.indoor_only_spans("indoors only all day") != []


def test_outdoors_is_a_filter_on_every_stop_beside_other_kinds() -> None:
    """ "outdoors only, museums only": the kinds are alternatives, outdoors is not one (an
    indoor museum would be allowed by the museums and break the outdoor limit)."""
    indoor = next(v for v in CATALOGUE.values() if v.indoor and v.kind == "museum")
    outdoor_museum = [v for v in CATALOGUE.values() if not v.indoor and v.kind == "museum"]
    park = next(v for v in CATALOGUE.values() if not v.indoor and v.kind == "park")
    rule = OnlyRule(("museums", OUTDOORS), "museums only")
    assert not rule.allows(indoor) and not rule.allows(park)
    assert all(rule.allows(v) for v in outdoor_museum)
    text = "2 adults, south brisbane, outdoors only, museums only, sat 12th 9-3"
    report = plan_text(text)
    assert report is not None and report.status in ("complete", "no_feasible_plan")
    if report.status == "complete":
        assert all(not CATALOGUE[s.venue_id].indoor for s in report.plan.stops)
    tampered = report_with_reading(
        plan_text("2 adults 1 kid, Fortitude Valley, museums please, 9-1"),
        {"field": "only", "value": "outdoors", "quote": "outdoors only"},
    )
    tampered = report_with_reading(
        tampered, {"field": "only", "value": "museums", "quote": "museums only"}
    )
    found = independent_findings(PlanRequest(text=text, now=NOW), tampered)
    indoor_stops = [s.name for s in tampered.plan.stops if CATALOGUE[s.venue_id].indoor]
    assert indoor_stops and all(n in " ".join(found) for n in indoor_stops), found
