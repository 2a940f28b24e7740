"""The stand-in model is a thin ADK adapter over an ordered list of small named rules; each
rule is tested here on a hand-built conversation (no ADK loop)."""

from __future__ import annotations

import asyncio
import json

from google.adk.models.llm_request import LlmRequest
from google.genai import types

from dayplan.agent import offline_model as om
from dayplan.agent.offline_model import RULES, Conversation, OfflinePlannerModel, Rule, ToolExchange
from dayplan.contract import PlanRequest

BRISBANE = PlanRequest(
    text="Saturday with the kids, rain all day",
    location="Brisbane",
    now="2026-11-29T09:00:00+10:00",
)
WINDOW = {"start": "09:00", "end": "17:00"}


def conv(request=BRISBANE, *history, offered=None) -> Conversation:
    return Conversation(request, list(history), offered)


def calls(step) -> list[tuple[str, dict]]:
    return [
        (p.function_call.name, dict(p.function_call.args))
        for p in step.content.parts
        if p.function_call
    ]


def text(step) -> str:
    return "".join(p.text or "" for p in step.content.parts)


DATE = ToolExchange("resolve_date", {"expression": "Saturday"}, {"ok": True, "date": "2026-12-05"})
FORECAST = ToolExchange(
    "get_forecast", {}, {"ok": True, "rain": [{"start": "09:00", "end": "17:00"}]}
)
MUSEUM = {
    "id": "museum", "name": "Museum", "lat": -27.47, "lon": 153.02, "tags": ["museum", "kids"],
    "opening_hours": "Mo-Su 09:30-17:00", "price": {"adult": 0, "child": 0}, "indoor": True,
    "typical_minutes": 90, "min_minutes": 60,
}  # fmt: skip
SEARCH = ToolExchange("search_public_web", {"query": "museums"}, {"ok": True, "results": [MUSEUM]})


def test_the_rules_are_named_and_ordered():
    assert [r.name for r in RULES] == [
        "finished", "clarified", "read", "save_and_verify", "after_wide_search", "assumed_start",
        "after_check",
        "contradiction",
        "no_location", "unreadable_date", "resolve", "forecast", "search", "searches_failed",
        "arrange", "unmatched_must_do", "retry_after_proof", "fill_the_day", "check_arranged", "check_greedy",
    ]  # fmt: skip
    assert all(r.doc for r in RULES)


def test_no_location_asks_and_searches_nothing():
    step = om.no_location(conv(PlanRequest(text="a fun day out")))
    assert [n for n, _ in calls(step)] == ["record_clarification"]
    assert om.no_location(conv()) is None


READ = ToolExchange(
    "record_reading",
    {"readings": []},
    {
        "ok": True,
        "frozen": True,
        "accepted": [
            {"field": "date", "value": "2026-12-05", "quote": "Saturday"},
            {"field": "rain", "value": "all_day", "quote": "rain all day"},
        ],
        "questions": [],
    },
)


def test_read_states_the_stand_ins_readings_first_with_quotes():
    ((name, args),) = calls(om.read(conv()))
    assert name == "record_reading"
    assert {"field": "rain", "value": "all_day", "quote": "rain all day"} in args["readings"]
    assert {"field": "date", "value": "2026-12-05", "quote": "Saturday"} in args["readings"]
    assert om.read(conv(BRISBANE, READ)) is None  # read once
    assert om.read(conv(PlanRequest(location="Brisbane"))) is None  # no text, nothing to read


def test_read_drops_what_code_rejected_and_asks_about_unread_phrases():
    sent = [
        {"field": "date", "value": "2026-12-05", "quote": "Saturday"},
        {"field": "window_end", "value": "23:00", "quote": "rain all day"},
    ]
    rejected = ToolExchange(
        "record_reading",
        {"readings": sent},
        {
            "ok": False,
            "rejected": [{"field": "window_end", "quote": "rain all day"}],
            "attempts_left": 2,
        },
    )
    assert calls(om.read(conv(BRISBANE, rejected))) == [("record_reading", {"readings": sent[:1]})]
    asks = ToolExchange(
        "record_reading", {}, {"ok": True, "frozen": True, "accepted": [], "questions": ["When?"]}
    )
    assert calls(om.read(conv(BRISBANE, asks))) == [
        ("record_clarification", {"questions": ["When?"], "missing": ["text"]})
    ]


def test_resolve_comes_first_and_only_once():
    assert calls(om.resolve(conv(BRISBANE, READ))) == [
        ("resolve_date", {"expression": "Saturday"})
    ]  # read from the text, in its own words: code resolves them to the verified date
    assert om.resolve(conv(BRISBANE, READ, DATE)) is None


def test_an_unreadable_date_is_asked_about():
    bad = ToolExchange(
        "resolve_date", {"expression": "blursday"}, {"ok": False, "error": "no such day"}
    )
    ((name, args),) = calls(om.unreadable_date(conv(BRISBANE, bad)))
    assert name == "record_clarification" and args["missing"] == ["date"]
    assert "no such day" in args["questions"][0]
    assert om.unreadable_date(conv(BRISBANE, DATE)) is None


def test_forecast_once_after_the_date_unless_the_request_states_the_weather():
    assert calls(om.forecast(conv(BRISBANE, DATE)))[0][0] == "get_forecast"
    assert om.forecast(conv(BRISBANE, DATE, FORECAST)) is None
    stated = BRISBANE.model_copy(update={"weather": {"rain": []}})
    assert om.forecast(conv(stated, DATE)) is None


def test_search_is_indoor_only_when_rain_covers_most_of_the_day():
    step = om.search(conv(BRISBANE, DATE, FORECAST))
    assert calls(step) and all(args["indoor_only"] for _, args in calls(step))
    assert om.search(conv(BRISBANE, DATE, FORECAST, SEARCH)) is None


def test_every_search_failing_ends_without_a_status():
    failed = ToolExchange("search_public_web", {"query": "x"}, {"ok": False, "error": "timed out"})
    assert text(om.searches_failed(conv(BRISBANE, DATE, failed))) == (
        "I cannot plan: every search failed (timed out)."
    )
    assert om.searches_failed(conv(BRISBANE, DATE, SEARCH)) is None


def test_arrange_then_check_what_was_arranged():
    ((name, args),) = calls(om.arrange(conv(BRISBANE, DATE, SEARCH)))
    assert name == "arrange_plan" and args["stops"][0]["venue_id"] == "museum"
    assert om.arrange(conv(BRISBANE, DATE, SEARCH, offered={"check_plan"})) is None
    itinerary = [{"venue_id": "museum", "start": "09:30", "end": "11:00"}]
    done = ToolExchange(
        "arrange_plan", args, {"ok": True, "arranged": True, "itinerary": itinerary}
    )
    assert calls(om.check_arranged(conv(BRISBANE, DATE, SEARCH, done)))[0] == (
        "check_plan",
        {"stops": itinerary},  # no constraints: check_plan takes them from the frozen reading
    )


def test_without_the_scheduler_a_greedy_itinerary_is_checked():
    step = om.check_greedy(conv(BRISBANE, DATE, SEARCH, offered={"check_plan"}))
    ((name, args),) = calls(step)
    assert name == "check_plan" and args["stops"][0]["venue_id"] == "museum"


def test_a_passing_check_is_finished_complete_with_its_stops():
    checked = {
        "ok": True, "passed": True, "failures": [],
        "stops": [{"venue_id": "museum", "name": "Museum", "start": "09:30", "end": "11:00", "source_ids": ["src-museum"]}],
        "totals": {"home_by": "11:15", "currency": "AUD", "cost": 0.0},
    }  # fmt: skip
    check = ToolExchange("check_plan", {"stops": []}, checked)
    ((name, args),) = calls(om.after_check(conv(BRISBANE, DATE, SEARCH, check)))
    payload = json.loads(args["report_json"])
    assert name == "finish" and payload["status"] == "complete"
    assert [s["venue_id"] for s in payload["stops"]] == ["museum"]
    assert payload["sources"] == ["src-museum"]
    assert text(
        om.finished(conv(BRISBANE, check, ToolExchange("finish", {}, {"ok": True})))
    ).startswith("Finished")


def test_must_dos_longer_than_the_window_go_straight_to_the_check():
    long_day = PlanRequest(
        text="t", location="Brisbane", window=WINDOW,
        activities=[{"name": "footy", "duration_minutes": 300}, {"name": "party", "duration_minutes": 240}],
    )  # fmt: skip
    ((name, args),) = calls(om.contradiction(conv(long_day)))
    assert name == "check_plan" and [s["activity"] for s in args["stops"]] == ["footy", "party"]
    assert om.contradiction(conv()) is None


def test_a_clarification_is_finished_as_needs_clarification():
    asked = ToolExchange("record_clarification", {}, {"ok": True, "questions": ["Where?"]})
    ((name, args),) = calls(om.clarified(conv(PlanRequest(text="x"), asked)))
    assert json.loads(args["report_json"]) == {
        "status": "needs_clarification",
        "questions": ["Where?"],
    }


def test_the_adapter_asks_its_own_rules_in_order():
    """The ADK adapter only turns the conversation into a ``Conversation`` and asks the rules."""
    shout = Rule("shout", lambda c: om._text_reply(f"hello {c.location()}"))
    model = OfflinePlannerModel(rules=(om.Rule("finished", om.finished), shout))
    request = LlmRequest(
        contents=[types.Content(role="user", parts=[types.Part(text=om.render_request(BRISBANE))])]
    )

    async def first():
        return [r async for r in model.generate_content_async(request)]

    (reply,) = asyncio.run(first())
    assert text(reply) == "hello Brisbane"


def test_day_stops_counts_stops_per_stretch_out_between_breaks_at_home():
    short = PlanRequest(
        text="Saturday",
        location="Brisbane",
        now="2026-11-29T09:00:00+10:00",
        window={"start": "09:00", "end": "14:00"},
    )
    assert conv(short).day_stops() == om.MAX_STOPS
    lunch = short.model_copy(update={"blocked": [om_blocked("11:00", "12:00")]})
    # 09:00-11:00 and 12:00-14:00: two stretches out, each holds up to MAX_STOPS
    assert conv(lunch).day_stops() == 2 * om.MAX_STOPS
    late = short.model_copy(update={"blocked": [om_blocked("13:30", "14:00")]})
    # a 30-minute tail is no stretch out
    assert conv(late).day_stops() == om.MAX_STOPS


def om_blocked(start, end):
    from dayplan.contract import BlockedTime

    return BlockedTime(start=start, end=end, label="lunch", at_home=True)


def test_the_afternoon_after_time_at_home_is_used_when_venues_are_open():
    from dayplan.core.clock import hhmm_to_minutes
    from dayplan.service.run import plan

    for text, back in (
        ("Saturday in Brisbane, 2 adults 2 kids, lunch at home 12-1, home by 4", "13:00"),
        ("Saturday in Brisbane, 2 adults 2 kids, the baby naps at home 1-3, budget 80", "15:00"),
    ):
        report = plan(PlanRequest(text=text, now="2026-11-29T09:00:00+10:00")).report
        assert report.status == "complete", text
        after = [s for s in report.plan.stops if hhmm_to_minutes(s.start) >= hhmm_to_minutes(back)]
        assert len(after) >= 2, (text, [(s.name, s.start) for s in report.plan.stops])
        assert [b.start for b in report.plan.home_breaks]
