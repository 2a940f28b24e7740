"""REVIEW11's preference, indoor/outdoor, travel-mode and avoid findings, each as a class of
wordings:

- a clause that is only "indoor(s)" / "inside" / "indoor stuff" / "inside things" (an item of
  the request's list: "..., $50, home by 4, indoor", "🌧️ inside stuff", "indoor home 3") states
  where the day happens: ``indoor_only`` (hard), never dropped; "indoors please" stays the soft
  preference, and a lone "outdoor stuff" is the outdoor preference (no field limits a day to
  outdoor venues);
- an indoor limit said for part of the day ("no outdoor after 12", "nothing outside after
  lunch", "keep it inside this arvo") is never widened to the whole day: it is listed and asked
  (``indoor_time``), as no request field holds it;
- walking to avoid ("nothing with lots of walking", "grandad can't walk far", "avoid long
  walks") or a walk as an item of the day ("cafe then gallery then walk", "lunch and a
  stroll") is never the travel mode; "no walking further than 15 mins, walking only" is walking
  with a 15-min cap;
- "please" closes an avoid and never hedges it ("no museums please maybe a park": museums are
  refused, hard); a hedge that can only qualify the avoid ("no museums please if possible")
  still does;
- a wish is never a question or dropped: "Free stuff preferably, $20 max" is a $20 budget (free
  is a wish); "Outdoors only, kids need to run around!" reads the outdoor wish and lists the
  reason (no must-do asked); emoji with a yes or a no ("🎬 no. 🏊 yes.") avoid or wish for the
  kind; "Lollipops in the morning" is the wish's morning, never the day's window (listed: the
  planner does not place a wish at a time of day);
- a request in another script (Chinese, Arabic) is told plainly that requests are read in
  English only, before "which city?".

The verifier agrees with the proposer on each, and rejects the misreading.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading import prefs, travel
from dayplan.reading.propose import read_request
from dayplan.reading.verify import verify_reading
from tests.cli_runs import plan_text

NOW = "2026-12-04T18:00:00+10:00"
"""The reviewer's pinned now (a Friday: 12 and 26 Dec are dry in the offline forecast)."""
TODAY = date(2026, 12, 4)


def _items(text: str) -> list[tuple[str, object, str]]:
    accepted, _ = read_request(text, today=TODAY)
    return [(i.field, i.value, i.quote) for i in accepted.items]


def _unread(text: str) -> list:
    return read_request(text, today=TODAY)[1]


def _fields(text: str) -> dict:
    out: dict = {}
    for field, value, _ in _items(text):
        out.setdefault(field, value)
    return out


def _accepted(text: str, field: str, value, quote: str) -> bool:
    got = verify_reading(text, {"field": field, "value": value, "quote": quote}, today=TODAY)
    return not hasattr(got, "error")


# --- A: a lone indoor list item ------------------------------------------------------------

LONE_INDOOR = [
    ("Sat 26th Dec (Boxing Day), Chermside, 1 adult 2 kids, $50, home by 4, indoor", "indoor"),
    ("Boxing day, Coorparoo, 2 adults 3 kids, $100, inside", "inside"),
    ("🌧️ sat 12 dec, kedron, 2 adults 1 kid, inside stuff", "inside stuff"),
    ("Sat 12 Dec, Ashgrove, 2 adults 2 kids, indoor home 3", "indoor"),
    ("sat 12th - toowong - me + 2 kids - indoors - $60", "indoors"),
    ("Saturday 12 Dec. Indoor things. 2 adults, 1 toddler, Wavell Heights", "Indoor things"),
    ("12/12, Bardon, 2 adults 2 kids, budget 80, all indoors, back by 3", "all indoors"),
    ("saturday 12 dec / newmarket / 2 adults 2 kids / inside / home by 2", "inside"),
    ("sat 12th, Ashgrove, 2 adults 2 kids, indoor, ferry if poss", "indoor"),
    ("Saturday 12 Dec: Ashgrove. Where: inside. Budget: $80", "inside"),
]


@pytest.mark.parametrize(("text", "quote"), LONE_INDOOR)
def test_a_lone_indoor_item_is_indoor_only(text: str, quote: str) -> None:
    items = _items(text)
    assert ("indoor_only", True, quote) in items, items
    assert _accepted(text, "indoor_only", True, quote)


@pytest.mark.parametrize(
    "text",
    [
        "Sat 12 Dec, Paddington, me and 2 kids, indoors please",  # soft: a wish
        "Sat 12 Dec, Carindale, 2 kids, indoor play then lunch",  # a kind of venue
        "Sat 12 Dec, Carindale, 2 kids, indoor or outdoor, whatever",
        "Sat 12 Dec, New Farm, 2 kids, if it rains, inside",  # the rain rule's
        "Sat 12 Dec, Kedron, 2 kids, we can wait inside the library",
    ],
)
def test_indoors_said_otherwise_is_no_limit(text: str) -> None:
    assert "indoor_only" not in _fields(text)


def test_the_verifier_rejects_indoor_only_from_a_wish_or_a_kind() -> None:
    text = "Sat 12 Dec, Carindale, 2 kids, indoor play then lunch, indoors please"
    assert not _accepted(text, "indoor_only", True, "indoor")
    assert not _accepted(text, "indoor_only", True, "indoors")


@pytest.mark.parametrize(
    "text",
    [
        "Sat 12 Dec, Bulimba, 2 adults 3 kids, outdoor stuff, home by 3",
        "sat 12 dec, bulimba, 2 kids, outside",
    ],
)
def test_a_lone_outdoor_item_is_the_outdoor_wish(text: str) -> None:
    items = _items(text)
    assert any(f == "preference" and v == "outdoors" for f, v, _ in items), items
    quote = next(q for f, v, q in items if f == "preference" and v == "outdoors")
    assert _accepted(text, "preference", "outdoors", quote)


@pytest.mark.parametrize(
    ("text", "date_"),
    [
        (
            "Sat 26th Dec (Boxing Day), Chermside, 1 adult 2 kids, $50, home by 4, indoor",
            "2026-12-26",
        ),
        ("Boxing day, Coorparoo, 2 adults 3 kids, $100, inside", "2026-12-26"),
        ("Sat 12 Dec, Ashgrove, 2 adults 2 kids, indoor home 3", "2026-12-12"),
    ],
)
def test_a_dry_day_said_indoor_serves_indoor_stops_only(text: str, date_: str) -> None:
    report = plan_text(text, now=NOW)
    assert report.status == "complete", report.questions
    assert str(report.date) == date_
    assert report.plan.stops and all(s.indoor for s in report.plan.stops), report.plan.stops


# --- C: an indoor limit for part of the day ------------------------------------------------

TIMED_INDOOR = [
    "Sat 12 Dec, West End, 2 adults 2 kids, no outdoor after 12",
    "Sat 12 Dec, West End, 2 adults 2 kids, nothing outside after lunch",
    "sat 12 dec, west end, 2 kids, indoors only in the afternoon its too hot",
    "sat 12 dec, west end, 2 kids, keep it inside this arvo",
    "Sat 12 Dec, 2 adults, Toowong, no outdoor stuff from 1pm",
]


@pytest.mark.parametrize("text", TIMED_INDOOR)
def test_a_timed_indoor_limit_is_asked_never_the_whole_day(text: str) -> None:
    assert "indoor_only" not in _fields(text)
    unread = _unread(text)
    assert any(u.kind == "indoor_time" and u.asks for u in unread), unread


def test_the_verifier_rejects_a_timed_indoor_limit_as_the_whole_day() -> None:
    text = TIMED_INDOOR[0]
    assert not _accepted(text, "indoor_only", True, "no outdoor")
    assert not _accepted(text, "indoor_only", True, "no outdoor after 12")


def test_a_timed_indoor_limit_plans_nothing_silently() -> None:
    report = plan_text(TIMED_INDOOR[1], now=NOW)
    assert report.status == "needs_clarification"
    assert any("whole day be indoors" in q for q in report.questions), report.questions


# --- C: walking is no travel mode when avoided or an item of the day -----------------------

NOT_A_MODE = [
    "Saturday 12 Dec, Kenmore, me, my husband and grandad, Nothing with lots of walking",
    "Sat 12 Dec, New Farm, 2 adults, cafe then gallery then walk",
    "sat 12 dec, bardon, 3 adults, nan cant walk far",
    "Sat 12 Dec, Ascot, avoid long walks please, 2 adults",
    "Sat 12 Dec, Paddington, 2 adults, walking is hard for mum",
    "Sat 12 Dec, Ascot, brunch, museum, then a walk",
    "Sat 12 Dec, Ascot, lunch and a stroll, home by 3",
    "Sat 12 Dec, Ascot, walk then brunch then the markets",
]


@pytest.mark.parametrize("text", NOT_A_MODE)
def test_walking_avoided_or_as_an_item_is_no_mode(text: str) -> None:
    assert "mode" not in _fields(text), _items(text)


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        (NOT_A_MODE[0], "walking"),
        (NOT_A_MODE[1], "walk"),
        (NOT_A_MODE[2], "walk"),
    ],
)
def test_the_verifier_rejects_walking_as_the_mode_there(text: str, quote: str) -> None:
    assert not _accepted(text, "mode", "walk", quote)


@pytest.mark.parametrize(
    "text",
    [
        "Sat 12 Dec, New Farm, 2 adults, we'll walk everywhere",
        "Sat 12 Dec, New Farm, 2 adults, on foot, no car",
        "Sat 12 Dec, New Farm, 2 adults, park then walk to the museum",
    ],
)
def test_walking_as_the_way_around_stays_the_mode(text: str) -> None:
    assert _fields(text).get("mode") == "walk"


def test_walking_only_with_a_cap_is_both() -> None:
    text = "Sat 12 Dec, New Farm, 2 adults, no walking further than 15 mins, walking only"
    got = _fields(text)
    assert got.get("mode") == "walk" and got.get("max_leg_minutes") == 15, _items(text)
    assert not [u for u in _unread(text) if u.asks]
    assert _accepted(text, "max_leg_minutes", 15, "no walking further than 15 mins")


def test_a_walk_at_the_end_plans_by_car() -> None:
    report = plan_text(NOT_A_MODE[1], now=NOW)
    assert report.status == "complete"
    assert all(s.travel_in.mode == "car" for s in report.plan.stops)


# --- C: "please" is no hedge --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Sat 12 Dec, West End, 2 adults 2 kids no museums please maybe a park or something",
        "no museums please probably a park",
        "no pools pls kinda over them",
        "Sat 12 Dec, West End, no museums please",
    ],
)
def test_a_polite_refusal_is_hard(text: str) -> None:
    avoids = [(v, q) for f, v, q in _items(text) if f == "avoid"]
    assert avoids and all(v["hard"] for v, _ in avoids), avoids
    value, quote = avoids[0]
    assert _accepted(text, "avoid", {**value, "hard": True}, quote)
    assert not _accepted(text, "avoid", {**value, "hard": False}, quote)


@pytest.mark.parametrize(
    "text",
    [
        "no museums please if possible",
        "rather not museums please",
        "no museums maybe",
        "Sat 12 Dec, no movies pls unless its raining",
    ],
)
def test_a_hedged_avoid_stays_soft(text: str) -> None:
    avoids = [v for f, v, _ in _items(text) if f == "avoid"]
    assert avoids and not avoids[0]["hard"], avoids


# --- C: wishes neither asked nor dropped --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("Sat 12 Dec, Newstead, 2 adults 1 kid, Free stuff preferably, $20 max", 20.0),
        ("sat 12 dec, 2 kids, ideally free things but up to $30", 30.0),
        ("sat 12 dec, 2 kids, free stuff would be nice, budget 40", 40.0),
    ],
)
def test_free_as_a_wish_beside_an_amount_is_the_amount(text: str, amount: float) -> None:
    budgets = [(v, q) for f, v, q in _items(text) if f == "budget"]
    assert budgets and budgets[0][0]["amount"] == amount, budgets
    assert not [u for u in _unread(text) if u.asks and u.kind == "money"]
    zero = {"amount": 0, "currency": "AUD", "per_person": False}
    free = "Free stuff" if "Free stuff" in text else "free"
    assert not _accepted(text, "budget", zero, free)


def test_free_stuff_only_stays_a_zero_budget() -> None:
    assert _fields("sat 12 dec, 2 kids, free stuff only")["budget"]["amount"] == 0


@pytest.mark.parametrize(
    "text",
    [
        "Sat 12 Dec, Bulimba, 2 adults 3 kids, Outdoors only, kids need to run around!",
        "Sat 12 Dec, Bulimba, 2 adults 3 kids, outdoor stuff, the boys need to burn off energy",
        "sat 12 dec, bulimba, 2 kids, they need to let off steam",
    ],
)
def test_a_reason_to_run_around_is_no_must(text: str) -> None:
    unread = _unread(text)
    assert not [u for u in unread if u.asks], unread
    assert any(u.kind == "preference" for u in unread), unread


@pytest.mark.parametrize(
    ("text", "avoided", "wished"),
    [
        ("Sat 12 Dec, Carindale, 2 adults 2 kids, 🎬 no. 🏊 yes.", "film", "swimming"),
        ("sat 12 dec carindale 2 kids 🏛️ 👎 🦘 👍", "museums", "animals"),
        ("sat 12 dec, carindale, 2 kids. 🍿 nope, 🎨 yes please", "film", "art galleries"),
    ],
)
def test_emoji_with_a_yes_or_no(text: str, avoided: str, wished: str) -> None:
    items = _items(text)
    avoid = [(v, q) for f, v, q in items if f == "avoid"]
    assert avoid and avoid[0][0] == {"kind": avoided, "hard": True}, items
    assert any(f == "preference" and v == wished for f, v, _ in items), items
    assert _accepted(text, "avoid", avoided, avoid[0][1])
    quote = next(q for f, v, q in items if f == "preference" and v == wished)
    assert not _accepted(text, "preference", avoided, quote)


def test_emoji_no_keeps_the_kind_out_of_the_plan() -> None:
    report = plan_text("Sat 12 Dec, Carindale, 2 adults 2 kids, 🎬 no. 🏊 yes.", now=NOW)
    assert report.status == "complete"
    names = [s.name.lower() for s in report.plan.stops]
    assert not any("cinema" in n for n in names), names
    assert any("aquatic" in n or "pool" in n or "baths" in n for n in names), names


@pytest.mark.parametrize(
    "text",
    [
        "Sat 12 Dec, Cannon Hill, 1 adult 2 kids, Lollipops in the morning",
        "Sat 12 Dec, Cannon Hill, 1 adult 2 kids, maybe GOMA in the afternoon",
        "sat 12 dec, 2 kids, thinking SparkLab after lunch",
    ],
)
def test_a_venue_wish_with_a_time_of_day_is_no_window(text: str) -> None:
    got = _fields(text)
    assert "wish" in got and "window_start" not in got and "window_end" not in got, got
    assert any(u.kind == "preference" for u in _unread(text)), _unread(text)


def test_the_verifier_rejects_a_venue_wishs_morning_as_the_day() -> None:
    text = "Sat 12 Dec, Cannon Hill, 1 adult 2 kids, Lollipops in the morning"
    assert not _accepted(text, "window_end", "12:00", "morning")


# --- a request in another script ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "我们周六想带两个孩子去南岸公园玩，预算100澳元",
        "نريد أن نخطط ليوم السبت مع طفلين في بريسبان",
        "Привет, суббота, двое детей, бюджет 50",
    ],
)
def test_another_script_is_asked_in_english(text: str) -> None:
    assert any(u.kind == "foreign" and u.asks for u in _unread(text))
    report = plan_text(text, now=NOW)
    assert report.status == "needs_clarification"
    assert "English only" in report.questions[0], report.questions


def test_a_short_name_in_another_script_is_only_listed() -> None:
    unread = _unread("Saturday at 南岸, 2 kids, New Farm")
    assert not [u for u in unread if u.kind == "foreign"], unread


def test_lone_item_rules_are_in_prefs_and_travel() -> None:
    """One place each: the readers the proposer and verifier share."""
    assert prefs.indoor_only_spans("x, indoor") == [(3, 9)]
    assert prefs.timed_indoor_spans("no outdoor after 12") == [(0, 19)]
    assert travel.walk_item_spans("cafe then walk") == [(10, 14)]
