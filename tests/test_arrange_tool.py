"""``arrange_plan``: the scheduler arranges the model's picks and check_plan verifies them."""

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from dayplan.contract import PlanRequest
from dayplan.evidence import RunEvidence
from dayplan.service.run import initial_state
from dayplan.tools import PLANNER_TOOLS, arrange_plan, check_plan, search_public_web

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))


@pytest.fixture
def ctx():
    request = PlanRequest(
        text="t",
        location="Brisbane",
        date="Saturday",
        window={"start": "09:00", "end": "17:00"},
        party={"adults": 2, "children": 2},
        budget={"amount": 100, "currency": "AUD"},
        blocked=[{"start": "13:00", "end": "14:00", "label": "nap"}],
        weather={"rain": [{"start": "11:00", "end": "15:00"}]},
    )
    state = initial_state(request, run_id="t", now=NOW)
    return SimpleNamespace(
        state=state, function_call_id="call-1", actions=SimpleNamespace(skip_summarization=False)
    )


def test_arrange_plan_is_offered_before_check_plan():
    names = [t.__name__ for t in PLANNER_TOOLS]
    assert names.index("arrange_plan") < names.index("check_plan")


def test_arranged_itinerary_passes_check_plan_and_is_recorded(ctx):
    found = search_public_web("museums", ctx, indoor_only=True)["results"]
    picks = [{"venue_id": r["id"]} for r in found[:10]]
    out = arrange_plan(picks, ctx, max_stops=3)
    assert out["ok"] and out["arranged"] and out["passed"], out
    # one venue of each kind (the museums search finds museums and galleries): two stops
    kinds = [next(r["kind"] for r in found if r["id"] == s["venue_id"]) for s in out["itinerary"]]
    assert sorted(kinds) == ["gallery", "museum"]
    assert len(out["left_out"]) == len(picks) - 2
    assert RunEvidence(ctx.state).checks()[-1].tool == "arrange_plan"
    again = check_plan(out["itinerary"], ctx)
    assert again["passed"] and again["totals"] == out["totals"]
    assert all(not (s["start"] < "14:00" and s["end"] > "13:00") for s in out["itinerary"])


def test_impossible_must_do_comes_back_with_its_minimal_conflict(ctx):
    found = search_public_web("animals", ctx)["results"]
    lone_pine = next(r for r in found if "lone-pine" in r["id"])
    out = arrange_plan([{"venue_id": lone_pine["id"], "must": True}], ctx)
    assert out["ok"] and not out["arranged"] and not out["passed"]
    assert "budget AUD 100" in out["conflict"]
    assert "over_budget" in [f["code"] for f in out["failures"]]
    # check_plan on the witness proves the same failures independently
    again = check_plan(out["witness"], ctx)
    assert [f["code"] for f in again["failures"]] == [f["code"] for f in out["failures"]]


@pytest.mark.parametrize(
    "stops, message",
    [
        ("x", "argument stops: a list is needed"),
        ([{"venue_id": "nowhere"}], "not returned by any search"),
        ([{"activity": "swim"}], "needs duration_minutes"),
        ([{"start": "09:00"}], "needs a venue_id"),
        ([{"venue_id": f"v{i}"} for i in range(11)], "at most 10"),
    ],
)
def test_bad_arguments_are_error_results(ctx, stops, message):
    out = arrange_plan(stops, ctx)
    assert out["ok"] is False and message in out["error"]
