"""Soft preferences, hard constraints, true failure messages and dates whose window has passed.

- A preference weights the choice of stops and never makes ``no_feasible_plan``: when nothing
  of the preferred kind can be visited (every museum shut on Christmas Day), the day is planned
  from what is open and an assumption says why no museum.
- ``no_feasible_plan`` comes from the hard constraints only. A proof with must-dos serves only
  the failures of its minimal conflicting sets (every independent one), each with its numbers;
  without must-dos it serves one ``no_candidates`` failure saying what was found and why each
  venue cannot be visited, plus the hard constraint that leaves nothing. A closure of one venue
  out of many is never the reason.
- A weekday name or "today" asked when the day's window has (nearly) passed rolls to the next
  such day with a stated assumption; an ISO date for that day is not moved: the run asks.

The clock is injected through the request's ``now`` (``PlanRequest.now``) or passed to the
pure functions as ``today`` and minutes after midnight.
"""

from __future__ import annotations

import asyncio
from datetime import date, timedelta

import pytest

from dayplan.contract import PlanRequest
from dayplan.core.catalog import matches_preference
from dayplan.core.checker import BlockedWindow, Constraints
from dayplan.core.dates import DateResolutionError, resolve_plan_date
from dayplan.core.preferences import unmet_preferences
from dayplan.core.scheduler import Pick, arrange, conflict_items, minimal_conflict
from dayplan.reading.dates import read_date
from dayplan.service.run import run_plan
from tests.problems import matrix_travel as _travel
from tests.problems import venue as _venue

SAT = date(2026, 12, 5)
XMAS = date(2026, 12, 25)  # a Friday; Queensland public holiday
NINE_TO_FIVE = (9 * 60, 17 * 60)


def _run(**request) -> dict:
    run = asyncio.run(run_plan(PlanRequest.model_validate(request)))
    assert run.report is not None, run.error
    return run.report.model_dump(mode="json")


# ------------------------------------------------------------------ dates


@pytest.mark.parametrize(
    ("expression", "now", "expected"),
    [
        ("Saturday", 16 * 60 + 30, SAT + timedelta(days=7)),  # 30 min of 9-5 left
        ("this Saturday", 16 * 60 + 30, SAT + timedelta(days=7)),
        ("sat", 18 * 60, SAT + timedelta(days=7)),  # the window is over
        ("on Saturday", 15 * 60 + 40, SAT + timedelta(days=7)),  # 80 min left: nearly passed
        ("today", 16 * 60 + 30, SAT + timedelta(days=1)),
        ("Saturday", 8 * 60, SAT),  # a whole day ahead
        ("this saturday", 15 * 60, SAT),  # two hours left is still a day out
        ("tomorrow", 16 * 60 + 30, SAT + timedelta(days=1)),
        ("next Saturday", 16 * 60 + 30, SAT + timedelta(days=7)),
        ("Sunday", 16 * 60 + 30, SAT + timedelta(days=1)),
    ],
)
def test_a_day_whose_window_has_passed_rolls_to_the_next_such_day(expression, now, expected):
    day, assumption = resolve_plan_date(expression, SAT, now, NINE_TO_FIVE)
    assert day == expected
    if expected != SAT and expression.lower() not in ("tomorrow", "next saturday", "sunday"):
        assert expected.isoformat() in assumption
        assert "window" in assumption and "09:00–17:00" in assumption


def test_the_rolled_assumption_says_what_happened():
    day, text = resolve_plan_date("this Saturday", SAT, 16 * 60 + 30, NINE_TO_FIVE)
    assert day == date(2026, 12, 12)
    assert text == (
        "'this Saturday' taken as next Saturday, 2026-12-12: it is already 16:30 on Saturday "
        "2026-12-05 and the 09:00–17:00 window has only 30 min left"
    )


@pytest.mark.parametrize("expression", ["2026-12-05", "Christmas Day"])
def test_an_iso_or_named_date_whose_window_has_passed_is_not_moved(expression):
    today = SAT if expression[0] == "2" else XMAS
    with pytest.raises(DateResolutionError, match="has passed"):
        resolve_plan_date(expression, today, 17 * 60 + 10, NINE_TO_FIVE)


def test_an_evening_window_is_not_passed_in_the_afternoon():
    day, _ = resolve_plan_date("Saturday", SAT, 16 * 60 + 30, (18 * 60, 21 * 60))
    assert day == SAT


@pytest.mark.parametrize("phrase", ["Saturday", "this Saturday", "sat", "on Saturday"])
def test_a_weekday_named_on_that_weekday_reads_as_today(phrase):
    # Duckling reads "Saturday" on a Saturday as next week's; the plan's own rule decides
    assert read_date(phrase, SAT) == SAT
    assert read_date("next Saturday", SAT) == SAT + timedelta(days=7)


@pytest.mark.parametrize(
    "request_fields",
    [
        {  # structured fields
            "text": "Plan this Saturday for the kids, home by 5",
            "location": "Brisbane",
            "date": "this Saturday",
            "now": "2026-12-05T16:30:00+10:00",
            "window": {"start": "09:00", "end": "17:00"},
            "party": {"adults": 2, "children": 2},
        },
        {  # text only
            "text": "can u plan this saturday for me + 2 kids in brisbane, back by 5",
            "now": "2026-12-05T16:10:00+10:00",
        },
    ],
    ids=["structured", "text_only"],
)
def test_late_saturday_request_is_planned_for_next_saturday_with_the_reason(request_fields):
    report = _run(**request_fields)
    assert report["status"] == "complete"
    assert report["date"] == "2026-12-12"
    assert any("taken as next Saturday, 2026-12-12" in a for a in report["assumptions"])


@pytest.mark.parametrize(
    ("request_fields", "asked"),
    [
        (
            {
                "text": "Plan our day out",
                "date": "2026-12-05",
                "now": "2026-12-05T16:45:00+10:00",
                "window": {"start": "09:00", "end": "17:00"},
            },
            ("window has all but passed", "16:45"),
        ),
        (
            {"text": "Plan our day", "date": "2026-12-01", "now": "2026-12-05T09:00:00+10:00"},
            ("2026-12-01 is in the past",),
        ),
    ],
    ids=["today_window_gone", "past_date"],
)
def test_an_iso_date_that_has_passed_asks(request_fields, asked):
    report = _run(location="Brisbane", **request_fields)
    assert report["status"] == "needs_clarification"
    assert all(part in report["questions"][0] for part in asked)


# ------------------------------------------------------------------ minimal conflicting sets


def test_a_budget_too_small_for_the_must_do_is_the_whole_reason_with_numbers():
    lone_pine = _venue("lone-pine", kind="wildlife", price_adult=49.0, price_child=36.0)
    c = Constraints(day=SAT, budget=20.0, adults=2, children=2)
    out = arrange(
        [Pick("lone-pine", must=True, minutes=120)],
        {"lone-pine": lone_pine},
        c,
        _travel(["lone-pine"], 30),
    )
    assert not out.ok
    assert [f.code for f in out.proof.failures] == ["over_budget"]
    assert "AUD 170" in out.proof.failures[0].detail and "AUD 20" in out.proof.failures[0].detail
    assert out.proof.conflict == ["must-do lone-pine", "budget AUD 20"]


def test_two_independent_conflicts_are_both_served_and_nothing_else():
    # the outdoor must-do is AUD 1 over budget AND rain leaves no slot before it closes;
    # the window alone is no reason (it is not served as outside_window)
    park = _venue(
        "park",
        kind="wildlife",
        indoor=False,
        price_adult=52.0,
        price_child=53.0,
        opening_hours="Mo-Su 09:00-17:00",
        min_minutes=150,
        typical_minutes=150,
    )
    c = Constraints(day=SAT, budget=156.0, adults=2, children=1, rain=((11 * 60, 15 * 60),))
    out = arrange([Pick("park", must=True, minutes=150)], {"park": park}, c, _travel(["park"], 31))
    assert not out.ok
    codes = sorted(f.code for f in out.proof.failures)
    assert codes == ["outdoor_in_rain", "over_budget"]
    assert out.proof.more  # a second, independent conflict
    assert ("budget", None) in out.proof.all_items
    assert any("157" in f.detail for f in out.proof.failures)


def test_each_served_conflict_is_minimal():
    park = _venue("park", indoor=False, price_adult=60.0, min_minutes=150, typical_minutes=150)
    c = Constraints(day=SAT, budget=50.0, rain=((11 * 60, 15 * 60),))
    from dayplan.core.scheduler import Problem, Relaxation, _witness, candidate_for

    problem = Problem(
        [candidate_for(Pick("park", must=True, minutes=150), park, c)], c, _travel(["park"], 31)
    )
    out = arrange([Pick("park", must=True, minutes=150)], {"park": park}, c, _travel(["park"], 31))
    groups = [out.proof.items, *out.proof.more]
    relaxed = Relaxation()
    for group in groups:  # each group is minimal once the groups before it are switched off
        base = relaxed
        for other in conflict_items(problem):
            if other not in group:
                base = base.add(other)
        assert _witness(problem, base) is None
        for item in group:
            assert _witness(problem, base.add(item)) is not None, item
        for item in group:
            if item[0] != "must":
                relaxed = relaxed.add(item)
    assert minimal_conflict(problem) == out.proof.items


def test_one_closed_venue_out_of_many_is_never_the_reason():
    venues = {f"m{i}": _venue(f"m{i}") for i in range(5)}
    venues["m0"] = _venue("m0", opening_hours="Mo-Fr 09:00-17:00")  # shut on Saturday
    out = arrange([Pick(v) for v in venues], venues, Constraints(day=SAT), _travel(list(venues)))
    assert out.ok and out.solution.stops


# ------------------------------------------------------------------ true no_candidates


def test_all_venues_closing_early_says_what_was_found_and_why():
    venues = {f"v{i}": _venue(f"v{i}", opening_hours="Mo-Su 09:00-15:00") for i in range(7)}
    venues |= {
        f"p{i}": _venue(f"p{i}", price_adult=30.0, opening_hours="Mo-Su 09:00-20:00")
        for i in range(3)
    }
    c = Constraints(day=SAT, window=(15 * 60, 19 * 60), budget=20.0)
    out = arrange([Pick(v) for v in venues], venues, c, _travel(list(venues)))
    assert not out.ok
    first = out.proof.failures[0]
    assert first.code == "no_candidates"
    assert first.detail.startswith("10 venues found for 2026-12-05, none can be visited: ")
    assert "7 closed during 15:00–19:00" in first.detail
    assert "3 over the AUD 20 budget" in first.detail
    assert "(open 09:00–15:00)" in first.detail and "AUD 30 for the party" in first.detail
    assert first.values["found"] == 10
    assert "nothing was found" not in first.detail


def test_a_hard_constraint_that_leaves_nothing_gets_its_own_failure():
    venues = {f"v{i}": _venue(f"v{i}") for i in range(4)}
    c = Constraints(day=SAT, blocked=(BlockedWindow(9 * 60, 17 * 60, "work"),))
    out = arrange([Pick(v) for v in venues], venues, c, _travel(list(venues)))
    codes = [f.code for f in out.proof.failures]
    assert codes == ["no_candidates", "overlaps_blocked"]
    assert "work 09:00–17:00" in out.proof.failures[1].detail
    c = Constraints(day=SAT, max_leg_minutes=5)
    out = arrange([Pick(v) for v in venues], venues, c, _travel(list(venues), 25))
    assert [f.code for f in out.proof.failures] == ["no_candidates", "leg_over_cap"]
    assert "25 min each way" in out.proof.failures[1].detail


def test_everything_shut_on_the_day_is_closed_for_all():
    venues = {f"v{i}": _venue(f"v{i}", opening_hours="Mo-Fr 09:00-17:00") for i in range(3)}
    out = arrange([Pick(v) for v in venues], venues, Constraints(day=SAT), _travel(list(venues)))
    details = {f.code: f.detail for f in out.proof.failures}
    assert details["closed"] == "all 3 venues found are closed all day on 2026-12-05"
    assert "3 closed all day" in details["no_candidates"]


def test_a_walk_cap_nothing_meets_is_a_true_no_candidates_in_a_run():
    report = _run(
        text="Museums on foot from Chermside, no walk longer than 2 minutes.",
        location="Brisbane",
        home="Chermside",
        date="Saturday",
        now="2026-11-29T09:00:00+10:00",
        travel={"mode": "walk", "max_leg_minutes": 2},
        preferences=["museums"],
    )
    assert report["status"] == "no_feasible_plan"
    first, *rest = report["constraint_failures"]
    assert first["code"] == "no_candidates"
    assert "venues found for 2026-12-05, none can be visited" in first["detail"]
    assert "a leg over the 2-min travel cap" in first["detail"]
    assert [f["code"] for f in rest] == ["leg_over_cap"]
    assert "min each way" in rest[0]["detail"]


def test_a_must_do_over_budget_in_a_run_is_served_alone_with_its_numbers():
    report = _run(
        text="Must see Lone Pine",
        location="Brisbane",
        date="Saturday",
        now="2026-11-29T09:00:00+10:00",
        party={"adults": 2, "children": 2},
        budget={"amount": 20, "currency": "AUD"},
        weather={"rain": []},  # with the fixture's rain 11-15 the 2-hour visit has no slot too
        activities=[
            {"name": "Lone Pine", "duration_minutes": 120, "venue": "Lone Pine Koala Sanctuary"}
        ],
    )
    assert report["status"] == "no_feasible_plan"
    assert [f["code"] for f in report["constraint_failures"]] == ["over_budget"]
    assert "> budget AUD 20" in report["constraint_failures"][0]["detail"]


# ------------------------------------------------------------------ soft preferences


def test_preferences_match_by_kind_tag_and_name_word():
    assert matches_preference(_venue("q", kind="museum"), "museums")
    assert matches_preference(_venue("g", kind="gallery", tags=("art",)), "art galleries")
    assert matches_preference(
        _venue("l", name="Lollipop's Playland", kind="attraction"), "indoor play"
    )
    assert not matches_preference(
        _venue("c", kind="cinema", tags=("indoor", "kids")), "indoor play"
    )
    assert matches_preference(_venue("p", kind="pool", tags=("swimming",)), "swimming")


def test_unmet_preference_says_why_and_what_was_planned():
    museums = {
        f"m{i}": _venue(f"m{i}", opening_hours="Mo-Su 09:00-17:00; PH off") for i in range(3)
    }
    park = _venue("park", kind="park", indoor=False, opening_hours="24/7")
    venues = {**museums, "park": park}
    c = Constraints(day=XMAS, subdivision="QLD")
    notes = unmet_preferences(["museums"], ["park"], venues, c, _travel(list(venues)))
    assert notes == [
        "No museums can be visited on Fri 25 Dec 2026, so planned Park (3 found: 3 closed all "
        "day: M0, M1…)"
    ]
    assert unmet_preferences(["parks"], ["park"], venues, c, _travel(list(venues))) == []
    assert unmet_preferences(["pools"], ["park"], venues, c, _travel(list(venues))) == [
        "No pools found by the searches, so planned Park"
    ]


def test_christmas_day_museum_lover_gets_a_day_from_what_is_open():
    report = _run(
        text="Christmas Day with the kids, we love museums",
        location="South Brisbane",
        date="2026-12-25",
        now="2026-12-20T09:00:00+10:00",
        window={"start": "10:00", "end": "16:00"},
        party={"adults": 2, "children": 2},
        preferences=["museums"],
    )
    assert report["status"] == "complete"
    assert report["plan"]["stops"]
    said = [a for a in report["assumptions"] if a.startswith("No museums")]
    assert said and "can be visited on Fri 25 Dec 2026" in said[0]
    assert "closed all day" in said[0]


# ------------------------------------------------------------------ the tools, end to end


def _ctx(**fields):
    from datetime import datetime
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from dayplan.service.run import initial_state

    now = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
    request = PlanRequest(text="t", location="Brisbane", date="Saturday", **fields)
    return SimpleNamespace(
        state=initial_state(request, run_id="t", now=now),
        function_call_id="call-1",
        actions=SimpleNamespace(skip_summarization=False),
    )


def test_checking_a_proofs_witness_serves_only_its_conflicts():
    from dayplan.evidence import RunEvidence
    from dayplan.tools import arrange_plan, check_plan, search_public_web

    # 2-hour must-do at Lone Pine, AUD 20 for four, rain 11-15: two independent conflicts
    # (the budget; rain with the window and its hours). The window's leg-before-09:00 noise
    # of the witness is never served.
    ctx = _ctx(
        party={"adults": 2, "children": 2},
        budget={"amount": 20, "currency": "AUD"},
        weather={"rain": [{"start": "11:00", "end": "15:00"}]},
    )
    lone_pine = next(
        r for r in search_public_web("animals", ctx)["results"] if "lone-pine" in r["id"]
    )
    out = arrange_plan([{"venue_id": lone_pine["id"], "must": True, "duration_minutes": 120}], ctx)
    assert not out["arranged"]
    served = check_plan(out["witness"], ctx)
    assert sorted(f["code"] for f in served["failures"]) == sorted(
        f["code"] for f in out["failures"]
    )
    assert "over_budget" in [f["code"] for f in served["failures"]]
    assert RunEvidence(ctx.state).checks()[-1].tool == "check_plan"
    # a different itinerary is checked in full, not narrowed
    early = [{"venue_id": lone_pine["id"], "start": "09:00", "end": "11:00"}]
    full = {f["code"] for f in check_plan(early, ctx)["failures"]}
    assert {"outside_window", "over_budget"} <= full


def test_an_empty_itinerary_says_what_the_searches_found():
    from dayplan.tools import check_plan, search_public_web

    ctx = _ctx(window={"start": "04:00", "end": "05:00"}, weather={"rain": []})
    found = search_public_web("museums", ctx)["results"]
    out = check_plan([], ctx)
    first = out["failures"][0]
    assert first["code"] == "no_candidates"
    assert first["detail"].startswith(f"{len(found)} venues found for 2026-12-05, none can be")
    assert first["values"]["found"] == len(found)


def test_an_empty_itinerary_with_nothing_found_names_the_searches():
    from dayplan.tools import check_plan, search_public_web

    ctx = _ctx()
    search_public_web("museums", ctx, location="Melbourne")
    detail = check_plan([], ctx)["failures"][0]["detail"]
    assert detail.startswith("0 venues found by the searches ('museums')")
    assert "covers Brisbane only" in detail


def test_a_later_plan_with_a_preferred_kind_withdraws_the_statement():
    from dayplan.evidence import RunEvidence
    from dayplan.tools import check_plan, search_public_web

    ctx = _ctx(preferences=["museums"], weather={"rain": []})
    results = search_public_web("museums", ctx)["results"]
    results += search_public_web("parks", ctx)["results"]
    park = next(r for r in results if r["kind"] == "park")
    museum = next(r for r in results if r["id"] == "museum-of-brisbane")
    assert check_plan([{"venue_id": park["id"], "start": "10:00", "end": "11:00"}], ctx)["passed"]
    said = [a for a in RunEvidence(ctx.state).assumptions() if a.startswith("No museums")]
    assert said and "could be visited on its own but was not kept" in said[0]
    assert check_plan([{"venue_id": museum["id"], "start": "10:30", "end": "11:30"}], ctx)["passed"]
    assert not [a for a in RunEvidence(ctx.state).assumptions() if a.startswith("No museums")]


def test_an_unmet_preference_still_gets_a_full_day_from_what_is_open():
    """No museum opens on Christmas Day: the stand-in says so, searches wider and fills the
    window from what is open, not a one-stop 30-minute day."""
    from dayplan.contract import PlanRequest
    from dayplan.core.clock import hhmm_to_minutes
    from dayplan.service.run import plan

    for req, budget in (
        (
            {
                "text": "Christmas Day in Brisbane, we love museums, 2 adults, home by 4",
                "now": "2026-12-20T09:00:00+10:00",
            },
            None,
        ),
        (
            {
                "text": "Christmas Day in Brisbane, me, my husband and our 3 kids aged 2, 5 and 9. "
                "The kids want to see koalas. $150 all up, home by 4",
                "now": "2026-12-20T09:00:00+10:00",
            },
            150,
        ),
    ):
        report = plan(PlanRequest.model_validate(req)).report
        assert report.status == "complete", req["text"]
        stops = report.plan.stops
        assert len(stops) >= 3, [s.name for s in stops]
        out = hhmm_to_minutes(report.plan.totals.home_by) - hhmm_to_minutes(stops[0].start)
        assert out >= 240, (out, [(s.name, s.start, s.end) for s in stops])
        if budget:
            assert report.plan.totals.cost <= budget
        assert any("can be visited on Fri 25 Dec 2026" in a for a in report.assumptions)


def test_the_searches_named_for_nothing_found_do_not_depend_on_call_order():
    """Search records are keyed by random call ids; the failure names the distinct queries in
    one stable order, at most four, and counts the rest."""
    from dayplan.tools import check_plan, search_public_web

    queries = ["zoos", "museums", "parks", "museums", "cinemas", "aquariums", "libraries"]
    details = []
    for order in (queries, list(reversed(queries))):
        ctx = _ctx()
        for i, q in enumerate(order):
            ctx.function_call_id = f"call-{i}"
            search_public_web(q, ctx, location="Melbourne")
        details.append(check_plan([], ctx)["failures"][0]["detail"])
    assert details[0] == details[1]
    assert details[0].startswith(
        "0 venues found by the searches ('aquariums', 'cinemas', 'libraries', 'museums' and 2 more)"
    )
