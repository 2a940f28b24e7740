"""A ``no_feasible_plan``'s failures are the minimal conflict, each member with its numbers
(issue 13, true failures; second review findings 10 and 11).

- A must-do that fits on its own plays no part and is never served as a failure.
- ``over_budget`` names what costs the total (venue and price sum), with its ``venue_id``.
- Every hard constraint of the conflict is served, each checked on its own placement with the
  conflict's other members kept and visits at their minimum length: rain *and* the home-by
  time, never a straw-man placement inside the rain alone.
"""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from dayplan.core.checker import Constraints, MustDoRule
from dayplan.core.scheduler import Pick, arrange
from tests.problems import matrix_travel, venue

SAT = date(2026, 12, 5)
NOW = "2026-11-29T09:00:00+10:00"


def _run(text: str):
    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    report = asyncio.run(run_plan(PlanRequest(text=text, now=NOW))).report
    assert report is not None and report.status == "no_feasible_plan", report
    return report.constraint_failures


# ------------------------------------------------------------------ core: the proof itself


def _two_musts(budget: float):
    venues = {
        "cinema": venue("cinema", name="Cinema", price_adult=17.5, price_child=13.5),
        "stars": venue("stars", name="Planetarium", price_adult=14, price_child=14),
    }
    rules = (MustDoRule("cinema", frozenset({"cinema"})), MustDoRule("stars", frozenset({"stars"})))
    c = Constraints(day=SAT, adults=2, children=2, budget=budget, must_dos=rules)
    picks = [Pick("cinema", must=True), Pick("stars", must=True)]
    return arrange(picks, venues, c, matrix_travel(list(venues)))


def test_a_must_do_that_fits_alone_is_not_a_failure():
    out = _two_musts(60.0)
    assert not out.ok
    assert out.proof.conflict == ["must-do cinema", "budget AUD 60"]
    (f,) = out.proof.failures
    assert f.code == "over_budget"
    assert f.venue_id == "cinema"
    assert f.values["cost"] == 62.0 and f.values["budget"] == 60.0
    assert f.detail == (
        "cost AUD 62 for 2 adult(s) and 2 child(ren) > budget AUD 60 "
        "(Cinema: 2×17.50 + 2×13.50 = AUD 62)"
    )


def test_both_must_dos_over_the_budget_together_are_both_in_the_conflict():
    out = _two_musts(100.0)  # 62 + 56 = 118 > 100, each alone fits
    assert not out.ok
    assert out.proof.conflict == ["must-do cinema", "must-do stars", "budget AUD 100"]
    (f,) = out.proof.failures
    assert f.code == "over_budget" and f.venue_id is None
    assert f.values["cost"] == 118.0
    assert "Cinema: 2×17.50 + 2×13.50 = AUD 62; Planetarium: 2×14.00 + 2×14.00 = AUD 56" in (
        f.detail
    )


def test_the_feasible_budget_gives_a_plan():
    assert _two_musts(118.0).ok


def _outdoor(rain, window_end: int, leg: int = 25):
    v = {"zoo": venue("zoo", name="Zoo", indoor=False, min_minutes=120, typical_minutes=180)}
    rule = MustDoRule("zoo", frozenset(v))
    c = Constraints(day=SAT, window=(9 * 60, window_end), rain=rain, must_dos=(rule,))
    return arrange([Pick("zoo", must=True)], v, c, matrix_travel(list(v), leg))


def test_rain_and_the_home_by_time_are_both_served_with_numbers():
    out = _outdoor(((11 * 60, 15 * 60),), 17 * 60)
    assert not out.ok
    assert sorted(out.proof.conflict) == ["must-do zoo", "rain 11:00–15:00", "window 09:00–17:00"]
    by = {f.code: f for f in out.proof.failures}
    assert set(by) == {"outdoor_in_rain", "home_after_deadline"}
    home = by["home_after_deadline"]
    assert home.values == {"home_at": "17:25", "deadline": "17:00"}
    assert home.venue_id == "zoo"
    assert "Zoo 15:00–17:00, 120 min at least, leg home 25 min" in home.detail
    assert "keeping rain 11:00–15:00" in home.detail
    rain = by["outdoor_in_rain"]
    assert "09:25–11:25 overlaps rain 11:00–15:00" in rain.detail  # before the rain, at 120 min
    assert "keeping window 09:00–17:00" in rain.detail


def test_rain_over_the_opening_hours_is_said_with_the_hours_kept():
    out = _outdoor(((9 * 60, 17 * 60),), 17 * 60)
    assert not out.ok
    (f,) = out.proof.failures
    assert f.code == "outdoor_in_rain"
    assert "09:25–11:25 overlaps rain 09:00–17:00" in f.detail
    # the zoo closes at 17:00 as the rain ends: its hours are the conflict's other member
    assert "(keeping opening hours of zoo: Zoo 09:25–11:25, 120 min at least)" in f.detail


def test_a_later_home_by_lets_the_visit_follow_the_rain():
    assert _outdoor(((11 * 60, 15 * 60),), 17 * 60 + 25).ok


# ------------------------------------------------------------------ runs: the reviewer's requests


@pytest.mark.parametrize(
    "text",
    [
        "Saturday Brisbane, 2 adults 2 kids, must do the cinema and the planetarium, $60 all up, "
        "home by 6, dry day",
        "saturday in brisbane, 2 adults and 2 kids. must do the planetarium and the cinema. "
        "$60 all up. home by 6pm. dry day",
    ],
)
def test_the_cinema_breaks_the_budget_and_the_planetarium_plays_no_part(text):
    failures = _run(text)
    assert [f.code for f in failures] == ["over_budget", "missing_must_do"]
    budget, cinema = failures
    assert budget.venue_id == "cineplex-south-bank"
    assert "Cineplex South Bank: 2×17.50 + 2×13.50 = AUD 62" in budget.detail
    assert budget.values["cost"] == 62.0 and budget.values["budget"] == 60.0
    assert cinema.values["must_do"] == "cinema"
    assert not any("planetarium" in f.detail.lower() for f in failures)


@pytest.mark.parametrize(
    "text",
    [
        "saturday west end. 2 adults, kids 4 and 6. must do lone pine. $400 limit. out from 9,"
        " home by 5pm",
        "saturday west end. 2 adults, kids 4 and 6. must do lone pine and the library. "
        "$400 limit. out from 9, home by 5pm",
    ],
)
def test_lone_pine_meets_the_rain_and_the_home_by_time(text):
    failures = _run(text)
    by = {f.code: f for f in failures}
    assert set(by) == {"home_after_deadline", "outdoor_in_rain"}  # the library plays no part
    home = by["home_after_deadline"]
    assert home.values == {"home_at": "17:25", "deadline": "17:00"}
    assert "Lone Pine Koala Sanctuary 15:00–17:00, 120 min at least, leg home 25 min" in (
        home.detail
    )
    assert "09:25–11:25 overlaps rain 11:00–15:00" in by["outdoor_in_rain"].detail
    assert not any("library" in f.detail.lower() for f in failures)


@pytest.mark.parametrize(
    "text",
    [
        "saturday west end. 2 adults, kids 4 and 6. must do lone pine. $400 limit. home by 5pm",
        "saturday west end. 2 adults, kids 4 and 6. must do lone pine and the library. "
        "$400 limit. home by 5pm",
    ],
)
def test_with_no_start_said_the_same_day_asks_about_leaving_earlier(text):
    """No start said: the 09:00 is assumed, and the day fits leaving at 08:35, so the run asks
    (it ended with no report when the question, naming five stops, passed 300 characters)."""
    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    report = asyncio.run(run_plan(PlanRequest(text=text, now=NOW))).report
    assert report is not None and report.status == "needs_clarification", report
    (question,) = report.questions
    assert "leave home at 08:35" in question and len(question) < 300, question
    assert "Lone Pine Koala Sanctuary" in question
