"""A per-person budget caps each person's share, not only the party's total (REVIEW12 A8,
REVIEW13: "$20 each max" booked a $23 adult ticket; "$15pp" a $17.50 child ticket; "$8 a head"
an $8.50 one, each within the pooled total).

"$20 each", "$15pp", "$8 a head", "$25 per person" (``budget.per_person``) now also set
``Constraints.budget_each``: what one adult pays for entry across the day, and what one child
pays (``core.checker.shares``), must each stay within the amount said. ``check_plan`` fails a
plan whose share is over it (``over_budget``, naming the member, the share and the prices);
the scheduler only builds itineraries within it (the shares are additive, so each mask is
checked once); a structured budget (no per-person flag) sets no such cap.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan import data
from dayplan.core.checker import Constraints, ProposedStop, check_plan, over_each, shares
from dayplan.core.scheduler import Pick, arrange
from tests.cli_runs import plan_text
from tests.problems import catalogue_travel

CATALOGUE = {v.id: v for v in data.venues()}
DAY = date(2026, 12, 12)


def _venue(vid: str):
    return CATALOGUE[vid]


def test_shares_are_what_one_adult_and_one_child_pay() -> None:
    wheel, planetarium = _venue("wheel-of-brisbane"), _venue("sir-thomas-brisbane-planetarium")
    c = Constraints(day=DAY, adults=2, children=2)
    adult = wheel.price_adult + planetarium.price_adult
    child = wheel.price_child + planetarium.price_child
    assert shares([wheel, planetarium], c) == (round(adult, 2), round(child, 2))
    assert shares([wheel], Constraints(day=DAY, adults=2, children=0))[1] == 0.0


def test_a_share_over_the_cap_fails_even_when_the_total_fits() -> None:
    wheel = _venue("wheel-of-brisbane")
    assert wheel.price_adult > 20 >= wheel.price_child
    c = Constraints(day=DAY, adults=2, children=2, budget=80.0, budget_each=20.0)
    assert wheel.party_cost(2, 2) <= 80  # the pooled total fits
    failures = over_each([wheel], c)
    assert [f.code for f in failures] == ["over_budget"]
    assert failures[0].values == {"cost": wheel.price_adult, "budget": 20.0, "per": "adult"}
    assert "each adult pays AUD 23" in failures[0].detail and "per person" in failures[0].detail
    assert over_each([wheel], Constraints(day=DAY, adults=2, children=2, budget=80.0)) == []


def test_check_plan_sums_each_share_across_the_day() -> None:
    a, b = _venue("sir-thomas-brisbane-planetarium"), _venue("new-farm-cinemas")
    cap = a.price_adult + b.price_adult - 1  # each alone fits, both together do not
    assert a.price_adult <= cap and b.price_adult <= cap
    c = Constraints(day=DAY, window=(9 * 60, 20 * 60), adults=1, budget=1000.0, budget_each=cap)
    stops = [
        ProposedStop(10 * 60, 11 * 60 + 30, venue_id=a.id),
        ProposedStop(13 * 60, 15 * 60 + 30, venue_id=b.id),
    ]
    result = check_plan(stops, c, CATALOGUE, catalogue_travel([a.id, b.id], home_at=a.id))
    over = [f for f in result.failures if f.code == "over_budget"]
    assert len(over) == 1 and over[0].values["per"] == "adult", result.failures


def test_the_scheduler_keeps_every_share_within_the_cap() -> None:
    ids = ["wheel-of-brisbane", "sir-thomas-brisbane-planetarium", "qld-museum-kurilpa"]
    picks = [Pick(venue_id=i) for i in ids]
    travel = catalogue_travel(ids, home_at="qld-museum-kurilpa")
    pooled = Constraints(day=DAY, adults=2, children=2, budget=200.0)
    capped = Constraints(day=DAY, adults=2, children=2, budget=200.0, budget_each=20.0)
    free = arrange(picks, CATALOGUE, pooled, travel, home="qld-museum-kurilpa")
    kept = arrange(picks, CATALOGUE, capped, travel, home="qld-museum-kurilpa")
    assert free.ok and kept.ok
    assert "wheel-of-brisbane" in [s.venue_id for s in free.solution.stops]
    visited = [CATALOGUE[s.venue_id] for s in kept.solution.stops if s.venue_id]
    assert all(x <= 20.0 for x in shares(visited, capped)), [v.id for v in visited]
    assert "wheel-of-brisbane" not in [v.id for v in visited]


@pytest.mark.parametrize(
    ("text", "cap"),
    [
        ("boxing day!! family of 4 (2 adults 2 kids) toowong, home by 3, $20 each max", 20.0),
        ("Sat 12 Dec. Grandparents x2 + grandkids x3. Wynnum. 9:30-2. $15pp", 15.0),
        ("me + 3 kids from south brisbane, $8 a head, 9-1, sat 12 dec", 8.0),
        ("2 adults 2 kids, south brisbane, wheel or planetarium, $20 per person, sat 12th", 20.0),
        ("dad and his 2 boys, paddington, max 12 bucks each, 10-3, 12 dec", 12.0),
    ],
)
def test_served_plans_keep_each_persons_share_within_the_cap(text: str, cap: float) -> None:
    report = plan_text(text)
    assert report is not None and report.status in ("complete", "no_feasible_plan"), report
    if report.status == "complete":
        visited = [CATALOGUE[s.venue_id] for s in report.plan.stops if s.venue_id in CATALOGUE]
        a = sum(v.price_adult for v in visited)
        k = sum(v.price_child for v in visited)
        assert a <= cap + 1e-9 and k <= cap + 1e-9, [
            (v.id, v.price_adult, v.price_child) for v in visited
        ]
        assert any("no one's tickets add up to more than" in x for x in report.assumptions)


def test_a_must_do_over_the_cap_is_no_plan_naming_the_share() -> None:
    report = plan_text(
        "2 adults 2 kids from south brisbane, $20 each, the wheel of brisbane is a must, 9-3 sat 12 dec"
    )
    assert report is not None and report.status == "no_feasible_plan"
    details = [f.detail for f in report.constraint_failures if f.code == "over_budget"]
    assert any("each adult pays AUD 23" in d for d in details), details


def test_a_structured_budget_sets_no_per_person_cap() -> None:
    import asyncio

    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    req = PlanRequest(
        text="2 adults 2 kids from south brisbane, the wheel of brisbane is a must, 9-3 sat 12 dec",
        budget={"amount": 80, "currency": "AUD"},
        now="2026-12-04T18:00:00+10:00",
    )
    report = asyncio.run(run_plan(req)).report
    assert report is not None and report.status == "complete", report.constraint_failures
    assert "wheel-of-brisbane" in [s.venue_id for s in report.plan.stops]
