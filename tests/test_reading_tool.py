"""record_reading: the model states what it read, code verifies and freezes it, and every later
tool takes the text's constraints from the frozen reading (never from the model per call)."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from dayplan.contract import PlanRequest
from dayplan.evidence import RunEvidence
from dayplan.service.run import initial_state
from dayplan.tools import record_reading
from dayplan.tools.reading import MAX_ATTEMPTS, reading_needed
from dayplan.tools.state import constraints_for

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
TEXT = (
    "Saturday the 19th with my partner and our three girls. Back by 11 for the baby's nap. "
    "$20 each. There won't be any rain. We'll drive, no more than 30 minutes in the car."
)
GOOD = [
    {"field": "date", "value": "2026-12-19", "quote": "Saturday the 19th"},
    {"field": "adults", "value": 2, "quote": "with my partner and our three girls"},
    {"field": "children", "value": 3, "quote": "with my partner and our three girls"},
    {"field": "window_end", "value": "11:00", "quote": "Back by 11"},
    {"field": "budget", "value": {"amount": 20, "per_person": True}, "quote": "$20 each"},
    {"field": "rain", "value": "none", "quote": "won't be any rain"},
    {"field": "mode", "value": "car", "quote": "drive"},
    {"field": "max_leg_minutes", "value": 30, "quote": "no more than 30 minutes in the car"},
]


def make_ctx(text: str = TEXT, **fields):
    request = PlanRequest(text=text, location="Brisbane", **fields)
    state = initial_state(request, run_id="t", now=NOW)
    return SimpleNamespace(state=state, function_call_id="call-1")


def test_a_verified_reading_is_frozen_and_the_constraints_come_from_it():
    ctx = make_ctx()
    assert reading_needed(ctx.state)
    out = record_reading(GOOD, ctx)
    assert out["ok"] and out["frozen"] and out["questions"] == []
    assert not reading_needed(ctx.state)
    assert RunEvidence(ctx.state).reading.first("window_end") == "11:00"
    c = constraints_for(ctx.state)
    assert c.window == (9 * 60, 11 * 60)
    assert (c.adults, c.children) == (2, 3)
    assert c.budget == 100.0  # $20 each x 5
    assert (c.mode, c.max_leg_minutes) == ("car", 30)


def test_the_misread_deadline_is_rejected_with_the_parsers_evidence_and_nothing_frozen():
    ctx = make_ctx()
    bad = [*GOOD[:3], {"field": "window_end", "value": "23:00", "quote": "Back by 11"}]
    out = record_reading(bad, ctx)
    assert out["ok"] is False and out["attempts_left"] == MAX_ATTEMPTS - 1
    [rej] = out["rejected"]
    assert rej["quote"] == "Back by 11" and rej["found"] == "11:00" and "11:00" in rej["error"]
    assert RunEvidence(ctx.state).reading is None
    assert record_reading(GOOD, ctx)["frozen"]  # fixed and called again: accepted


def test_an_invented_quote_is_rejected():
    out = record_reading([{"field": "budget", "value": 500, "quote": "budget of $500"}], make_ctx())
    assert out["ok"] is False and "does not occur" in out["rejected"][0]["error"]


def test_after_max_attempts_the_accepted_part_is_frozen_and_the_rest_is_unread():
    ctx = make_ctx()
    bad = [GOOD[0], {"field": "adults", "value": 7, "quote": "my partner"}]
    for _ in range(MAX_ATTEMPTS - 1):
        assert record_reading(bad, ctx)["ok"] is False
    out = record_reading(bad, ctx)
    assert out["frozen"] and [r["field"] for r in out["rejected"]] == ["adults"]
    assert "my partner" in out["unread"]
    assert [i["field"] for i in out["accepted"]] == ["date"]


def test_the_first_accepted_reading_stays_frozen():
    ctx = make_ctx()
    assert record_reading(GOOD, ctx)["frozen"]
    again = record_reading([{"field": "window_end", "value": "15:00", "quote": "x"}], ctx)
    assert again["ok"] is False and "already recorded" in again["error"]
    assert constraints_for(ctx.state).window[1] == 11 * 60


def test_a_structured_field_wins_and_the_result_says_so():
    ctx = make_ctx(window={"start": "09:00", "end": "15:00"})
    out = record_reading(GOOD, ctx)
    assert {"field": "window_end", "value": "11:00", "quote": "Back by 11", "by": "window"} in out[
        "overridden"
    ]
    assert any("window wins" in a for a in out["assumed"])
    assert constraints_for(ctx.state).window == (9 * 60, 15 * 60)


def test_unread_constraint_phrases_come_back_as_questions():
    ctx = make_ctx("Lunch with grandma; the party starts at 2")
    out = record_reading([], ctx)  # nothing read: refused once, naming the phrase
    assert out["ok"] is False and "starts at 2" in out["error"]
    out = record_reading([], ctx)  # again: frozen empty, and the phrase is asked about
    assert out["frozen"] and any("starts at 2" in q for q in out["questions"]), out["questions"]
    assert any('"Lunch with grandma"' in q and "How many" in q for q in out["questions"])


@pytest.mark.parametrize(
    "readings",
    [
        None,
        "adults=2",
        42,
        {"field": "adults", "value": 2, "quote": "my partner"},
        [{"field": "adults", "value": 2, "quote": "my partner"}] * 41,
        [{"field": "weather", "value": "dry", "quote": "rain"}],
        [{"field": "adults", "value": "2", "quote": "my partner"}],
        [{"field": "adults", "value": True, "quote": "my partner"}],
        [{"field": "budget", "value": float("nan"), "quote": "$20 each"}],
        [{"field": "rain", "value": {"start": "25:00", "end": "26:00"}, "quote": "rain"}],
        ["not an object"],
        [{"field": "adults", "value": 2}],
    ],
)
def test_bad_input_is_a_structured_error_never_an_exception(readings):
    ctx = make_ctx()
    out = record_reading(readings, ctx)
    assert out["ok"] is False and out["error"]
    assert RunEvidence(ctx.state).reading is None


def test_without_free_text_no_reading_is_needed():
    ctx = make_ctx(text="")
    assert not reading_needed(ctx.state)


# -- reading classes through the tool, the constraints and the stand-in's run ------------------


def _read_all(ctx):
    from datetime import date

    from dayplan.reading import propose_readings

    proposed = [
        i.as_dict()
        for i in propose_readings(ctx.state["request"]["text"], today=date(2026, 11, 29))
    ]
    return record_reading(proposed, ctx)


def test_an_at_home_window_read_from_the_text_is_an_at_home_blocked_constraint():
    ctx = make_ctx("lunch at home 12-1, then out again; nap at home from 2:30 to 3:30. 2 adults")
    out = _read_all(ctx)
    assert out["ok"] and out["questions"] == []
    c = constraints_for(ctx.state)
    assert [(b.start, b.end, b.at_home) for b in c.blocked] == [
        (12 * 60, 13 * 60, True),
        (14 * 60 + 30, 15 * 60 + 30, True),
    ]


def test_a_venue_after_at_is_a_must_do_and_not_the_location():
    request = PlanRequest(text="Saturday at Lone Pine with 2 kids and my partner")
    state = initial_state(request, run_id="t", now=NOW)
    ctx = SimpleNamespace(state=state, function_call_id="call-1")
    out = _read_all(ctx)
    fields = {i["field"]: i["value"] for i in out["accepted"]}
    assert fields["must_do"] == "lone pine" and "location" not in fields
    assert state["location_name"] is None  # the run does not plan "Lone Pine" as a city


def _run(text: str):
    from dayplan.service.run import plan

    return plan(PlanRequest(text=text, now="2026-11-29T09:00:00+10:00"))


def test_with_the_kids_and_a_budget_asks_naming_the_phrase():
    """'with the kids' (no count) with a budget: the run asks instead of assuming one adult."""
    run = _run("Day at the museum with the kids in Brisbane, $50 max")
    report = run.report
    assert report.status == "needs_clarification"
    assert any('"with the kids"' in q for q in report.questions)
    assert [s.tool for s in run.steps] == ["record_reading", "record_clarification", "finish"]
    assert "with the kids" in " ".join(report.unread)


def test_with_the_kids_without_a_budget_asks_how_many():
    """The count of children decides tickets and which venues suit, budget or not."""
    report = _run("Saturday in Brisbane with the kids, museums").report
    assert report.status == "needs_clarification"
    assert report.questions == [
        'I could not read "with the kids". How many adults and how many children are coming?'
    ]


def test_with_2_kids_is_planned_with_the_adult_assumed_and_stated():
    report = _run("Saturday in Brisbane with 2 kids, museums").report
    assert report.status == "complete"
    assert any("one adult" in a for a in report.assumptions)


@pytest.mark.parametrize(
    ("text", "rain"),
    [
        (
            "might shower in the arvo, New Farm, 2 adults and 3 kids, parks please",
            ("12:00", "17:00"),
        ),
        ("Brisbane, rain after 2, 2 adults, likes parks and museums", ("14:00", "23:59")),
    ],
)
def test_rain_in_part_of_the_day_keeps_parks_in_the_dry_part(text, rain):
    """Partial rain in the text is a window: parks are searched as they are (not indoor-only)
    and an outdoor stop is planned outside the rain."""
    run = _run(text)
    searches = {
        s.args["query"]: s.args["indoor_only"] for s in run.steps if s.tool == "search_public_web"
    }
    assert searches["parks"] is False
    report = run.report
    assert report.status == "complete"
    assert any(
        r.field == "rain" and (r.value["start"], r.value["end"]) == rain for r in report.readings
    )
    outdoor = [s for s in report.plan.stops if not s.indoor]
    assert outdoor and all(s.end <= rain[0] or s.start >= rain[1] for s in outdoor)


@pytest.mark.parametrize(
    ("text", "bad", "asked"),
    [
        (
            "Saturday in Brisbane, back by 11 for the nap",
            {"field": "window_end", "value": "23:00", "quote": "back by 11"},
            'By "back by 11", did you mean home by 11:00? Please confirm or correct it.',
        ),
        (
            "Saturday in Brisbane, we can't leave until 10",
            {"field": "window_start", "value": "22:00", "quote": "can't leave until 10"},
            'By "can\'t leave until 10", did you mean starting at 10:00? Please confirm or '
            "correct it.",
        ),
        (
            "Saturday in Brisbane, 2 adults, $80 all up",
            {
                "field": "budget",
                "value": {"amount": 800, "per_person": False},
                "quote": "$80 all up",
            },
            'By "$80 all up", did you mean a budget of AUD 80 for everyone? Please confirm or '
            "correct it.",
        ),
    ],
)
def test_a_rejected_reading_the_parser_did_read_is_confirmed_not_called_unreadable(
    text, bad, asked
):
    ctx = make_ctx(text)
    for _ in range(MAX_ATTEMPTS):
        out = record_reading([bad], ctx)
    assert out["frozen"]
    assert asked in out["questions"]
    assert not any("could not read" in q and bad["quote"] in q for q in out["questions"])


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday in Brisbane, 2 adults, 999 kids", "999 kids"),
        ("Sunday in Brisbane, 80 adults and 2 kids, home by 4", "80 adults"),
    ],
)
def test_a_party_count_over_the_limit_is_asked_never_dropped(text, phrase):
    """The stand-in's out-of-range count is rejected by code; dropped on the retry, its words
    still come back as a question (no budget needed for it to matter)."""
    run = _run(text)
    report = run.report
    assert report.status == "needs_clarification"
    assert any(f'"{phrase}"' in q and "50" in q for q in report.questions)
    assert phrase in report.unread
    assert "search_public_web" not in [s.tool for s in run.steps]


def test_a_structured_party_settles_an_out_of_range_count():
    from dayplan.service.run import plan

    run = plan(
        PlanRequest(
            text="Saturday in Brisbane, 999 kids",
            party={"adults": 2, "children": 2},
            now="2026-11-29T09:00:00+10:00",
        )
    )
    assert run.report.status == "complete"


@pytest.mark.parametrize(
    ("now", "shown"),
    [
        ("2026-12-05T16:00:00+10:00", "2026-12-12 (rolled on from 2026-12-05"),
        ("2026-12-05T08:00:00+10:00", None),
    ],
)
def test_what_i_read_shows_the_rolled_on_date(now, shown):
    from dayplan.service.run import plan
    from dayplan.ui.summary import what_i_read

    run = plan(
        PlanRequest(text="Plan my Saturday in Brisbane for 2 adults and 2 kids, home by 5", now=now)
    )
    line = next(r for r in what_i_read(run.report).read if r.field == "date")
    assert line.quote == "Saturday"
    if shown:
        assert line.value.startswith(shown) and run.report.date == "2026-12-12"
    else:
        assert line.value == "2026-12-05" == run.report.date


def test_a_must_do_a_model_left_out_of_a_list_is_asked_about():
    text = "Saturday, 2 adults 2 kids, must do SparkLab and the Queensland Museum, home by 4"
    ctx = make_ctx(text)
    out = record_reading(
        [
            {"field": "adults", "value": 2, "quote": "2 adults 2 kids"},
            {"field": "children", "value": 2, "quote": "2 adults 2 kids"},
            {"field": "must_do", "value": "sparklab", "quote": "must do SparkLab"},
            {"field": "window_end", "value": "16:00", "quote": "home by 4"},
        ],
        ctx,
    )
    assert out["frozen"] and "the Queensland Museum" in out["unread"]
    assert any('"the Queensland Museum"' in q for q in out["questions"]), out["questions"]


def test_structured_activities_settle_an_unread_must_like_clause():
    ctx = make_ctx(
        "Saturday, we promised the kids", activities=[{"name": "Lone Pine", "duration_minutes": 90}]
    )
    out = record_reading([], ctx)
    assert out["frozen"] and "promised the kids" in out["unread"]
    assert out["questions"] == []
