"""Every constraint failure of a rejected venue is reported, not only the first one found
(issue 13, true failures): a venue in the rain *and* over the budget is listed under both, in
``no_candidates``, in a must-do's ``missing_must_do`` reasons and in the unmet-preference
statement. A reason is listed only when it holds on its own: fixing the other still leaves
the venue out."""

from __future__ import annotations

from datetime import date

from dayplan.core.checker import Constraints, MustDoRule
from dayplan.core.preferences import unmet_preferences
from dayplan.core.scheduler import FITS, Pick, Problem, arrange, candidate_for, why_not_alone_all
from dayplan.tools.mustdo import alternatives_failures
from tests.problems import matrix_travel, venue

SAT = date(2026, 12, 5)
RAIN_ALL_DAY = ((9 * 60, 17 * 60),)


def _koalas():
    """Two outdoor koala sanctuaries, both dearer than AUD 20 for the party (one adult)."""
    return {
        "lone-pine": venue(
            "lone-pine", name="Lone Pine", kind="wildlife", indoor=False, price_adult=55.0
        ),
        "daisy": venue("daisy", name="Daisy Hill", kind="wildlife", indoor=False, price_adult=25),
    }


def test_both_reasons_of_one_venue_are_found():
    venues = _koalas()
    c = Constraints(day=SAT, rain=RAIN_ALL_DAY, budget=20.0)
    x = candidate_for(Pick("lone-pine"), venues["lone-pine"], c)
    problem = Problem([x], c, matrix_travel(list(venues)))
    assert why_not_alone_all(problem, x, {"lone-pine": "Lone Pine"}) == [
        ("outdoors in the rain (09:00–17:00)", "Lone Pine"),
        ("over the AUD 20 budget", "Lone Pine (AUD 55 for the party)"),
    ]


def test_one_reason_only_when_only_one_holds():
    venues = _koalas()
    c = Constraints(day=SAT, rain=RAIN_ALL_DAY, budget=100.0)
    x = candidate_for(Pick("lone-pine"), venues["lone-pine"], c)
    problem = Problem([x], c, matrix_travel(list(venues)))
    assert why_not_alone_all(problem, x, {}) == [
        ("outdoors in the rain (09:00–17:00)", "lone-pine")
    ]
    dry = Problem([x], Constraints(day=SAT, budget=100.0), matrix_travel(list(venues)))
    assert why_not_alone_all(dry, x, {}) == [(FITS, "lone-pine")]


def test_no_candidates_counts_each_venue_once_and_names_its_other_reasons():
    """Disjoint counts (REVIEW4 F4): each venue under its first reason in REASON_ORDER (rain,
    a fact of the day, before the budget), its other reasons with their numbers in its note;
    the counts add up to the number found."""
    venues = _koalas() | {"museum": venue("museum", name="Museum", price_adult=30.0)}
    c = Constraints(day=SAT, rain=RAIN_ALL_DAY, budget=20.0)
    out = arrange([Pick(v) for v in venues], venues, c, matrix_travel(list(venues)))
    first = out.proof.failures[0]
    assert first.code == "no_candidates"
    assert first.detail == (
        "3 venues found for 2026-12-05, none can be visited: "
        "2 outdoors in the rain (09:00–17:00) (Lone Pine (also over the AUD 20 budget: AUD 55 "
        "for the party), Daisy Hill (also over the AUD 20 budget: AUD 25 for the party)); "
        "1 over the AUD 20 budget (Museum (AUD 30 for the party))"
    )
    assert first.values["over the AUD 20 budget"] == 1
    assert first.values["outdoors in the rain (09:00–17:00)"] == 2


def test_a_must_dos_alternatives_each_give_every_reason():
    venues = _koalas()
    rule = MustDoRule("koalas", frozenset(venues))
    c = Constraints(day=SAT, rain=RAIN_ALL_DAY, budget=20.0, must_dos=(rule,))
    picks = [Pick(v, must=True, group="koalas") for v in venues]
    out = arrange(picks, venues, c, matrix_travel(list(venues)))
    assert not out.ok
    (missing,) = alternatives_failures(out.check, c, venues, matrix_travel(list(venues)))
    assert missing.code == "missing_must_do"
    assert missing.detail.startswith("Must-do 'koalas': 2 venues match and none fits this day: ")
    for name, price in (("Daisy Hill", 25), ("Lone Pine", 55)):
        assert f"{name} outdoor_in_rain (" in missing.detail
        assert (
            f"and over_budget (cost AUD {price} for 1 adult(s) and 0 child(ren) > budget AUD 20)"
            in (missing.detail)
        )


def test_an_unmet_preference_lists_every_reason():
    venues = _koalas() | {"museum": venue("museum", name="Museum")}
    c = Constraints(day=SAT, rain=RAIN_ALL_DAY, budget=20.0)
    (note,) = unmet_preferences(["wildlife"], ["museum"], venues, c, matrix_travel(list(venues)))
    assert note == (
        "No wildlife can be visited on Sat 5 Dec 2026, so planned Museum (2 found: "
        "2 outdoors in the rain (09:00–17:00): Lone Pine, Daisy Hill; "
        "2 over the AUD 20 budget: Lone Pine (AUD 55 for the party), Daisy Hill (AUD 25 for the party))"
    )


def test_a_run_names_both_reasons_lone_pine_fails():
    """The example from the second review: rain all day and AUD 30 for four (the visit shown
    at its 120-min minimum)."""
    import asyncio

    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    text = (
        "Saturday in Brisbane, must see the koalas, 2 adults 2 kids, AUD 30 all up, "
        "it's going to rain all day"
    )
    run = asyncio.run(run_plan(PlanRequest(text=text, now="2026-11-29T09:00:00+10:00")))
    report = run.report
    assert report is not None and report.status == "no_feasible_plan"
    (missing,) = [f for f in report.constraint_failures if f.code == "missing_must_do"]
    assert (
        "Lone Pine Koala Sanctuary outdoor_in_rain (Lone Pine Koala Sanctuary is outdoors and "
        "09:29–11:29 overlaps rain 09:00–17:00) and over_budget (cost AUD 196 for 2 adult(s) and "
        "2 child(ren) > budget AUD 30)"
    ) in missing.detail
