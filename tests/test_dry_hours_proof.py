"""Rain for part of the day is a preference for indoor venues, never a proof (REVIEW4 F3), and
the ``no_candidates`` counts add up (F4).

* The stand-in searches indoor-only when rain covers most of the window; when those venues
  cannot make a day it searches once more without the filter, so an outdoor venue in the dry
  hours is planned instead of a false ``no_feasible_plan``.
* The status rule (``dayplan.evidence.status.narrowed_search``, called by ``earned``) refuses
  ``no_feasible_plan`` without such a search, so a faulty or live model cannot do the same;
  the eval grader states it again on its own (``graders._narrowed_before_proof``).
* Property: over a seeded batch of random requests, every ``no_feasible_plan`` the stand-in
  serves without a must-do is not contradicted by a brute force over every catalogue venue
  (no search, no filter) as a one-stop plan, checked by ``check_plan`` under the run's own
  constraints; and every ``no_candidates`` detail's counts sum to the number found.
"""

from __future__ import annotations

import copy
import random

import pytest

from dayplan import data
from dayplan.agent import offline_model
from dayplan.agent.events import ToolStep
from dayplan.contract import PlanRequest
from dayplan.core.checker import ProposedStop, check_plan
from dayplan.evals.graders import _narrowed_before_proof
from dayplan.evidence import RunEvidence, earned
from dayplan.evidence.status import dry_time, narrowed_search
from dayplan.service.recheck import independent_findings
from dayplan.service.run import plan
from dayplan.tools.search import venue_record
from dayplan.tools.state import constraints_for, found_venues, travel_for

NOW = "2026-11-29T09:00:00+10:00"  # Saturday = 2026-12-05; fixture rain 11:00-15:00


def _run(text: str):
    run = plan(PlanRequest(text=text, now=NOW))
    assert run.report is not None, (text, run.error)
    return run


def _hm(text: str) -> int:
    return int(text[:2]) * 60 + int(text[3:5])


# -- the class: a leg cap, rain over most of the day, an outdoor venue in the dry hours ----------

DRY_HOURS = [
    # (text, cap read, home) -- homes whose nearest indoor venue is over the cap and an outdoor
    # venue within it is open in 09:00-11:00 or 15:00-16:00 (dry under the fixture's rain)
    ("Saturday, 2 adults, Sandgate, keep each trip under a quarter of an hour, home by 4", 14),
    ("Saturday, 2 adults, Sandgate, 15 min drive max each way, home by 4", 15),
    ("Saturday, 2 adults, Shorncliffe, no more than 12 minutes in the car each way, home by 4", 12),
    ("Saturday, 2 adults, Shorncliffe, keep legs to 20 min max, home by 4", 20),
    ("Saturday, 2 adults, Boondall, no leg over 15 minutes, home by 4", 15),
    ("Saturday, 2 adults 1 kid, Boondall, max 10 min drive per trip, home by 4", 10),
    ("Saturday, 2 adults, Mount Coot-tha, max 10 min per leg, home by 4", 10),
    ("Saturday, 2 adults, Mount Coot-tha, legs under 8 mins please, home by 4", 7),
    (
        "Saturday, 2 adults, Kangaroo Point, walking, no more than 15 min walk each leg, home by 4",
        15,
    ),
    (
        "Saturday, 2 adults, Kangaroo Point, walking only, max 10 minute walk between places, "
        "home by 4",
        10,
    ),
    ("Saturday, 2 adults, Daisy Hill, 10 minute drive max each leg, home by 4", 10),
    ("Saturday, 2 adults, Spring Hill, on foot, no walk longer than 10 minutes, home by 4", 10),
    ("Saturday, 2 adults 2 kids, Kedron, keep each drive under 10 minutes, home by 4", 9),
    ("Saturday, 2 adults, Herston, legs of 10 minutes max, home by 4", 10),
    ("Saturday, 2 adults, Kelvin Grove, at most 9 minutes each way, home by 4", 9),
    ("Saturday, 2 adults, Sandgate, home by 3, nothing further than 20 mins", 20),
    # a preference for indoor kinds is soft too; the pick list puts venues within the cap first
    ("Saturday, 2 adults, Sandgate, we love museums, no leg over 15 minutes, home by 4", 15),
    (
        "Saturday, 2 adults 2 kids, Boondall, indoor play if possible, max 10 min drive per "
        "trip, home by 4",
        10,
    ),
    (
        "Saturday, 2 adults, Mount Coot-tha, showers from 9:30 till 3, legs under 8 mins "
        "please, home by 4",
        7,
    ),
]


@pytest.mark.parametrize("text,cap", DRY_HOURS, ids=[t[:48] for t, _ in DRY_HOURS])
def test_an_outdoor_venue_in_the_dry_hours_is_planned_not_a_false_no_plan(text, cap):
    run = _run(text)
    report = run.report
    assert [r.value for r in report.readings if r.field == "max_leg_minutes"] == [cap]
    assert report.status == "complete", [f.detail for f in report.constraint_failures]
    stops = report.plan.stops
    legs = [s.travel_in.minutes for s in stops] + [report.plan.travel_home.minutes]
    assert max(legs) <= cap, legs
    outdoor = [s for s in stops if not s.indoor]
    assert outdoor, [s.name for s in stops]
    checked = RunEvidence(run.state).last_check().constraints  # the rain the check enforced
    rain = [(_hm(w["start"]), _hm(w["end"])) for w in checked["rain"]]
    assert rain, "rain for part of the day"
    for s in outdoor:  # in the dry hours
        assert all(_hm(s.end) <= a or _hm(s.start) >= b for a, b in rain), (s.name, s.start)
    assert independent_findings(run.request, report) == []
    searches = [s for s in run.steps if s.tool == "search_public_web"]
    assert any(s.args.get("indoor_only") for s in searches)  # indoor first: most of it is wet
    assert any(  # then once without the filter
        s.args.get("query") == offline_model.WIDE_QUERY and not s.args.get("indoor_only")
        for s in searches
    )


def test_the_indoor_only_failure_says_indoor_venue():
    """The indoor-only arrangement's failure says what is true of it: no *indoor* venue."""
    run = _run("Saturday, 2 adults, Sandgate, keep each trip under a quarter of an hour, home by 4")
    first = next(s for s in run.steps if s.tool == "arrange_plan")
    details = [f["detail"] for f in first.response["failures"]]
    assert details[0].startswith("10 indoor venues found for 2026-12-05, none can be visited")
    assert details[1].startswith("no indoor venue found is within the 14-min cap by car")


def test_a_wet_all_day_request_with_a_cap_stays_indoor_and_is_still_proved():
    """Rain over the whole window: indoor-only is no narrowing (outdoor venues cannot be
    visited), so no unfiltered search is needed for the proof."""
    run = _run("Saturday, 2 adults, Sandgate, raining all day, no leg over 15 minutes, home by 4")
    report = run.report
    assert report.status == "no_feasible_plan"
    assert narrowed_search(run.state) is None
    assert _narrowed_before_proof(run.steps) is None


# -- the proof side: a model that stops at the indoor-only search is refused ---------------------


def test_a_model_that_finishes_after_indoor_only_searches_is_refused(monkeypatch):
    monkeypatch.setattr(offline_model.Conversation, "wide_search", lambda self: [])
    text = "Saturday, 2 adults, Boondall, no leg over 15 minutes, home by 4"
    run = plan(PlanRequest(text=text, now=NOW))
    assert run.report is None  # the no_feasible_plan was not earned, so nothing is served
    assert "status_trace_gate" in str(run.error)
    finish = [s for s in run.steps if s.tool == "finish"][-1]
    assert finish.response["ok"] is False and finish.response["rule"] == "status_gate"
    error = finish.response["error"]
    assert error.startswith("no_feasible_plan is not proved while a filter you chose narrowed")
    assert "indoor-only, but 09:00–11:00 and 15:00–16:00 are dry" in error
    assert "search again with indoor_only=false" in error and "'things to do'" in error
    assert _narrowed_before_proof(run.steps) is not None


def _state(*searches: dict, check_after: bool = True, rain=("11:00", "15:00")) -> RunEvidence:
    ev = RunEvidence({"request": {"text": "a day out", "location": "Sandgate"}})
    for i, s in enumerate(searches):
        ev.record_search(f"call-{i}", {"venue_ids": [], **s})
    check = {
        "passed": False,
        "failures": [{"code": "no_candidates", "detail": "x"}],
        "constraints": {
            "window": {"start": "09:00", "end": "16:00"},
            "rain": [{"start": rain[0], "end": rain[1]}] if rain else [],
            "blocked": [],
        },
    }
    if check_after:
        ev.record_check(check)
    else:  # the check first, the searches after it
        fresh = RunEvidence({"request": {"text": "a day out", "location": "Sandgate"}})
        fresh.record_check(check)
        for i, s in enumerate(searches):
            fresh.record_search(f"call-{i}", {"venue_ids": [], **s})
        return fresh
    return ev


NO_PLAN = {"status": "no_feasible_plan", "constraint_failures": ["no_candidates"]}


@pytest.mark.parametrize(
    "searches,earned_",
    [
        ([{"query": "things to do", "indoor_only": False}], True),
        ([{"query": "things to do near Sandgate", "indoor_only": False}], True),
        ([{"query": "family activities kids", "indoor_only": False}], True),
        ([{"query": "things to do", "indoor_only": True}], False),
        ([{"query": "things to do"}], False),  # the filter not recorded proves nothing
        ([{"query": "museums", "indoor_only": False}], False),
        (
            [{"query": "parks", "indoor_only": False}, {"query": "cinema", "indoor_only": True}],
            False,
        ),
        ([{"query": "free things", "indoor_only": False}], False),
        ([{"query": "indoor activities", "indoor_only": False}], False),
        (
            [
                {"query": "museums", "indoor_only": True},
                {"query": "fun stuff", "indoor_only": False},
            ],
            True,
        ),
        ([], False),
    ],
)
def test_the_status_rule_needs_a_search_no_filter_narrowed(searches, earned_):
    verdict = earned(NO_PLAN, _state(*searches))
    assert verdict.earned is earned_, verdict.reason
    if not earned_:
        assert verdict.rule == "status_gate"
        assert "search again with indoor_only=false" in verdict.reason


def test_a_check_that_counts_a_venue_visitable_on_its_own_is_no_proof():
    """An empty itinerary fails, but its no_candidates says one venue fits alone: no proof."""
    ev = _state({"query": "things to do", "indoor_only": False})
    ev.record_check(
        {
            "passed": False,
            "failures": [
                {
                    "code": "no_candidates",
                    "detail": "30 venues found, 29 cannot be visited: …",
                    "values": {"found": 30, "can be visited on its own": 1, "x": 29},
                }
            ],
            "constraints": {"window": {"start": "09:00", "end": "16:00"}},
        }
    )
    verdict = earned(NO_PLAN, ev)
    assert not verdict.earned and "can be visited on their own" in verdict.reason
    step = ToolStep("check_plan", {}, ev.last_check().dump())
    wide = ToolStep("search_public_web", {"query": "things to do", "indoor_only": False}, {})
    assert "can be visited on their own" in _narrowed_before_proof([wide, step])


def test_a_search_after_the_last_check_proves_nothing():
    ev = _state({"query": "things to do", "indoor_only": False}, check_after=False)
    assert not earned(NO_PLAN, ev).earned


def test_indoor_only_is_enough_when_rain_covers_the_whole_window():
    ev = _state({"query": "things to do", "indoor_only": True}, rain=("08:00", "17:00"))
    assert earned(NO_PLAN, ev).earned
    ev = _state({"query": "things to do", "indoor_only": True}, rain=None)
    assert not earned(NO_PLAN, ev).earned


def test_a_must_do_day_rests_on_its_must_do():
    ev = _state({"query": "Lone Pine", "indoor_only": True})
    ev.state["request"] = {
        "text": "a day out",
        "location": "Sandgate",
        "activities": [{"name": "koalas", "venue": "Lone Pine", "duration_minutes": 60}],
    }
    assert earned(NO_PLAN, ev).earned
    ev.state["request"] = {
        "text": "a day out",
        "location": "Sandgate",
        "activities": [{"name": "lunch at home", "duration_minutes": 60}],
    }
    assert not earned(NO_PLAN, ev).earned  # an at-home must-do is no proof about venues


def test_dry_time_reads_the_window_less_rain_and_blocked():
    c = {
        "window": {"start": "09:00", "end": "16:00"},
        "rain": [{"start": "11:00", "end": "15:00"}],
        "blocked": [{"start": "09:00", "end": "09:30"}],
    }
    assert dry_time(c) == [(570, 660), (900, 960)]
    assert dry_time({"window": {"start": "09:00", "end": "16:00"}}) == [(540, 960)]
    assert dry_time({}) == []


def test_the_grader_states_the_rule_from_the_trace_alone():
    check = ToolStep(
        "check_plan",
        {},
        {"passed": False, "constraints": {"window": {"start": "09:00", "end": "16:00"}}},
    )
    indoor = ToolStep("search_public_web", {"query": "things to do", "indoor_only": True}, {})
    wide = ToolStep("search_public_web", {"query": "things to do", "indoor_only": False}, {})
    parks = ToolStep("search_public_web", {"query": "parks", "indoor_only": False}, {})
    assert _narrowed_before_proof([indoor, check]) is not None
    assert _narrowed_before_proof([parks, check]) is not None
    assert _narrowed_before_proof([check, wide]) is not None
    assert _narrowed_before_proof([indoor, wide, check]) is None


# -- property: no false "no plan", counts that add up ---------------------------------------------

HOMES = [
    "Sandgate", "Shorncliffe", "Boondall", "Mount Coot-tha", "Kangaroo Point", "Daisy Hill",
    "Spring Hill", "Kedron", "Herston", "Kelvin Grove", "Sherwood", "Fig Tree Pocket",
    "South Brisbane", "West End", "Chermside", "Wynnum", "Indooroopilly", "New Farm",
    "Paddington", "Toowong", "Bulimba", "Nundah", "Hamilton", "Morningside",
]  # fmt: skip
CAPS = [
    "no leg over {n} minutes", "max {n} min each way", "keep each trip under {n} mins",
    "nothing further than {n} mins", "{n} minute drive max each leg", "legs under {n} mins",
]  # fmt: skip
ENDS = ["home by 4", "home by 2", "back by 12", "home by 5", "home by 10:30", "home by 11"]
WEATHER = ["", "", "", "rain from 10 to 2", "showers in the afternoon", "raining all day"]
BUDGETS = ["", "", "", "$20 max", "$10 tops", "$60 budget"]
PARTIES = ["2 adults", "2 adults 2 kids", "mum and a toddler", "3 adults"]


def _random_requests(n: int, seed: int = 13) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        parts = ["Saturday", rng.choice(PARTIES), rng.choice(HOMES)]
        if rng.random() < 0.3:
            parts.append("walking")
        if rng.random() < 0.8:
            parts.append(rng.choice(CAPS).format(n=rng.choice([5, 8, 10, 12, 15, 20, 25])))
        parts += [rng.choice(WEATHER), rng.choice(BUDGETS), rng.choice(ENDS)]
        out.append(", ".join(p for p in parts if p))
    return out


def _one_stop_fits(run) -> str | None:
    """A one-stop plan over every catalogue venue (no search, no filter) that ``check_plan``
    passes under the run's own constraints (date, window, rain, cap, budget, party, blocked),
    tried at every 5 minutes of the window; any audience (the audience rule is soft: a venue
    for children is planned for adults, said so, when nothing that suits fits). ``None`` when
    none fits."""
    state = copy.deepcopy(run.state)
    ev = RunEvidence(state)
    for v in data.venues():
        ev.record_venue(venue_record(v))
    c = constraints_for(state)
    venues, travel = found_venues(state), travel_for(state, c.mode)
    for v in venues.values():
        for start in range(c.window[0], c.window[1] - v.min_minutes + 1, 5):
            stop = ProposedStop(start, start + v.min_minutes, venue_id=v.id)
            if check_plan([stop], c, venues, travel).ok:
                return f"{v.name} {start // 60:02d}:{start % 60:02d}"
    return None


@pytest.fixture(scope="module")
def batch():
    return [(text, _run(text)) for text in _random_requests(40)]


def test_no_false_no_plan_over_random_requests(batch):
    no_plans = []
    for text, run in batch:
        if run.report.status != "no_feasible_plan":
            continue
        if run.request.activities or any(r.field == "must_do" for r in run.report.readings):
            continue
        no_plans.append(text)
        fits = _one_stop_fits(run)
        assert fits is None, f"{text!r}: no_feasible_plan, but {fits} fits on its own"
        assert _narrowed_before_proof(run.steps) is None, text
    assert len(no_plans) >= 8, no_plans  # the batch exercises the class


def test_no_candidates_counts_sum_to_the_number_found(batch):
    seen = 0
    for text, run in batch:
        for step in run.steps:
            for f in (step.response or {}).get("failures") or []:
                if f.get("code") != "no_candidates" or not f.get("values", {}).get("found"):
                    continue
                values = f["values"]
                counts = {k: v for k, v in values.items() if k not in ("found", "reasons")}
                assert sum(counts.values()) == values["found"], (text, f["detail"])
                for reason, count in counts.items():
                    assert f"{count} {reason}" in f["detail"] or len(f["detail"]) >= 470, (
                        text,
                        f["detail"],
                    )
                seen += 1
    assert seen >= 10


def test_a_24_hour_venue_reads_open_24_hours_and_open_then_counts_open_venues():
    run = _run("Saturday, 2 adults, South Brisbane, from 9 to 9:30 only")
    report = run.report
    assert report.status == "no_feasible_plan"
    by_code = {f.code: f for f in report.constraint_failures}
    first = by_code["no_candidates"]
    counts = {k: v for k, v in first.values.items() if k not in ("found", "reasons")}
    assert sum(counts.values()) == first.values["found"] == 31
    assert counts == {
        "too far or too long for 09:00–09:30": 28,
        "closed all day": 2,
        "closed during 09:00–09:30": 1,
    }
    joint = by_code["joint_conflict"].detail
    assert "the 29 venues open that day do not fit in 09:00–09:30" in joint
    assert "Boondall Wetlands Reserve (open 24 hours," in joint
    assert "00:00–00:00" not in joint and "the next day" not in joint


def test_a_joint_conflict_over_indoor_only_searches_says_indoor(monkeypatch):
    """REVIEW4 F3's Kangaroo Point detail ("the only venue within the 15-min travel cap by
    walk, Parliament House (closed all day)") is true only of indoor venues: it says so, and
    counts as open only the venues open then."""
    monkeypatch.setattr(offline_model.Conversation, "wide_search", lambda self: [])
    text = (
        "Saturday, 2 adults, Kangaroo Point, walking, no more than 15 min walk each leg, home by 4"
    )
    run = plan(PlanRequest(text=text, now=NOW))
    check = [s for s in run.steps if s.tool == "check_plan"][-1]
    by_code = {f["code"]: f for f in check.response["failures"]}
    first, joint = by_code["no_candidates"], by_code["joint_conflict"]["detail"]
    assert first["detail"].startswith("22 indoor venues found for 2026-12-05, none can be visited")
    closed = first["values"]["closed all day"]
    assert joint.startswith("no indoor venue found fits the 15-min travel cap by walk")
    assert f"the {22 - closed} indoor venues open then are more than 15 min away" in joint
    assert (
        "the only indoor venue within the 15-min travel cap by walk, Queensland Parliament" in joint
    )
