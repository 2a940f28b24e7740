""" "Indoors only" is a hard limit (REVIEW6 A2): "indoor only", "indoors only", "nothing outdoors"
were neither read nor listed unread, and on a dry day plans with parks and markets were served
``complete``.

- the reading: ``indoor_only`` (value ``true``), verified against its quote
  (``prefs.INDOOR_ONLY``); "indoors please" stays no limit, and "indoors only if it rains" is the
  rain rule's, never this;
- the check: an outdoor stop (or one not known to be indoors) fails ``outdoor_excluded``
  (``core.checker.outdoor_excluded``, one rule), whatever the weather;
- the scheduler leaves outdoor venues out; when nothing indoor fits, the failure counts the
  indoor venues and says how many outdoor ones were left out.
"""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from dayplan.core.checker import Constraints, ProposedStop, check_plan
from dayplan.core.scheduler import Pick, arrange
from dayplan.reading.propose import read_request
from dayplan.reading.verify import verify_reading
from tests.test_sound_core import SAT, legs, venue

TODAY = date(2026, 12, 1)
NOW = "2026-12-01T08:00:00+10:00"


def _run(text: str):
    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    return asyncio.run(run_plan(PlanRequest(text=text, now=NOW))).report


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Saturday 12 December, New Farm, 2 adults, indoors only, $0, 9-5", "indoors only"),
        ("Saturday, Red Hill, 2 adults, nothing outdoors, 9-5", "nothing outdoors"),
        ("Saturday, Boondall, 2 adults 2 kids, indoor only, $20, home by 3", "indoor only"),
        ("sat 9-3 ashgrove 2 adults, only indoor stuff, my hayfever is bad", "only indoor stuff"),
        (
            "Sat, Paddington, me and 2 kids, everything has to be inside, 9 to 2",
            "everything has to be inside",
        ),
        ("Saturday 9-3, Toowong, 2 adults - no outdoor activities please", "no outdoor activities"),
        ("Saturday 9-3, Toowong, 2 adults, we want to stay indoors", "stay indoors"),
        # was an unread must-like clause, asked about: it is a limit code can hold
        ("Saturday in South Brisbane, it has to be indoors", "has to be indoors"),
    ],
)
def test_indoors_only_is_read(text: str, quote: str) -> None:
    accepted, _ = read_request(text, today=TODAY)
    got = [(i.value, i.quote) for i in accepted.items if i.field == "indoor_only"]
    assert got == [(True, quote)], accepted.items


@pytest.mark.parametrize(
    "text",
    [
        "Saturday 9-3, Toowong, 2 adults, indoors please",
        "indoors only if it rains, Saturday 12 Dec, 2 adults New Farm 9-5",
        "Saturday 9-3, Toowong, 2 adults, in case of rain we'd stay inside",
        "Saturday 9-3, Toowong, 2 adults, outdoors please",
    ],
)
def test_a_wish_or_a_condition_is_no_indoor_limit(text: str) -> None:
    accepted, _ = read_request(text, today=TODAY)
    assert not [i for i in accepted.items if i.field == "indoor_only"], accepted.items


def test_a_wrong_indoor_only_reading_is_rejected() -> None:
    text = "Saturday 9-3, Toowong, 2 adults, indoors please"
    bad = verify_reading(
        text, {"field": "indoor_only", "value": True, "quote": "indoors please"}, today=TODAY
    )
    assert bad.error == "the quote does not ask for indoor venues only", bad
    text2 = "Saturday 9-3, Toowong, 2 adults, indoors only"
    bad2 = verify_reading(
        text2, {"field": "indoor_only", "value": "yes", "quote": "indoors only"}, today=TODAY
    )
    assert "takes true" in bad2.error, bad2


def test_the_checker_fails_an_outdoor_stop_whatever_the_weather() -> None:
    park, museum = venue("park", indoor=False), venue("museum")
    venues = {v.id: v for v in (park, museum)}
    travel = legs(list(venues))
    stops = [
        ProposedStop(10 * 60, 11 * 60, venue_id="park"),
        ProposedStop(11 * 60 + 10, 12 * 60 + 10, venue_id="museum"),
    ]
    only = Constraints(day=SAT, window=(9 * 60, 17 * 60), indoor_only=True)
    failures = check_plan(stops, only, venues, travel).failures
    assert [(f.code, f.venue_id) for f in failures] == [("outdoor_excluded", "park")], failures
    assert "is outdoors, and the request asks for indoor venues only" in failures[0].detail
    # the same day without the limit passes: no rain that day, so the park is fine
    assert check_plan(stops, Constraints(day=SAT, window=(9 * 60, 17 * 60)), venues, travel).ok
    # not known to be indoors counts as outdoors
    unknown = venue("park", indoor=False, unknown=frozenset({"indoor"}))
    failures = check_plan(stops[:1], only, {"park": unknown}, legs(["park"])).failures
    assert "treated as outdoors" in failures[0].detail


def test_the_scheduler_leaves_outdoor_venues_out() -> None:
    park, museum = venue("park", indoor=False), venue("museum")
    venues = {v.id: v for v in (park, museum)}
    only = Constraints(day=SAT, window=(9 * 60, 17 * 60), indoor_only=True)
    got = arrange(
        [Pick(venue_id="park"), Pick(venue_id="museum")], venues, only, legs(list(venues))
    )
    assert got.ok and [s.venue_id for s in got.check.stops] == ["museum"], got
    assert "park" in got.excluded


@pytest.mark.parametrize(
    "text",
    [
        "Saturday 12 December, New Farm, 2 adults, indoors only, $0, 9-5",
        "Saturday 12 December, Red Hill, 2 adults, nothing outdoors, $0, 9-5",
        "Sat 12 Dec, Paddington, me and 2 kids, everything has to be inside - hayfever, 9 to 2",
    ],
)
def test_a_served_indoors_only_day_has_no_outdoor_stop(text: str) -> None:
    report = _run(text)
    assert report is not None and report.status == "complete", report
    assert report.plan.stops and all(s.indoor for s in report.plan.stops), report.plan.stops


def test_nothing_indoor_fits_is_a_true_failure() -> None:
    report = _run(
        "Saturday, Boondall, 2 adults 2 kids, indoor only, $20, home by 3, 10 min drives max"
    )
    assert report is not None and report.status == "no_feasible_plan", report
    (head,) = [f for f in report.constraint_failures if f.code == "no_candidates"]
    assert "indoor venues found" in head.detail
    assert "outdoor venues left out: indoor venues only were asked for" in head.detail
    assert "can be visited on its own" not in head.detail
