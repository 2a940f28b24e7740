"""Wordings parents use that were misread or asked about (found trying new requests):

- "leave at 10, home for dinner at 6": a meal word says pm of a dinner's hours only (the 10 was
  22:00); "home in time for dinner at 6" is home by 18:00;
- "can't be out past 4", "don't want to be out after 3": the day's end;
- "Budget 120ish": AUD 120;
- "the kids (2 of them, 6 and 9)": two children, their ages no number nobody read;
- "walking distance only", "all walkable": walking, each leg at most 20 min (stated mapping);
- "everything outdoors", "only outdoor things": a wish for outdoor venues.
"""

from __future__ import annotations

import pytest

from dayplan.reading.travel import WALKING_DISTANCE_MINUTES
from tests.cli_runs import plan_text, read_items


def _read(text: str) -> dict:
    items, _ = read_items(text)
    return dict(items)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (
            "leaving the house around 10ish, home in time for dinner at 6, sat, 3 kids + me, Nundah",
            "10:00",
            "18:00",
        ),
        ("leave 10, home by 6 for dinner, sat, me and 3 kids, Nundah", "10:00", "18:00"),
        ("sat, out from 3, 2 adults, Nundah, home by 9 after dinner", "15:00", "21:00"),
    ],
)
def test_a_meal_word_does_not_turn_a_morning_start_into_night(text, start, end):
    got = _read(text)
    assert (got.get("window_start"), got.get("window_end")) == (start, end)


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("Can't be out past 4, sat, 2 adults 2 kids, Wynnum, $80", "16:00"),
        ("sat, 2 adults, Wynnum, dont want to be out after 3", "15:00"),
        ("sat, 2 adults, Wynnum, not out later than 3:30 please", "15:30"),
        ("sat, home in time for lunch at 12, 2 adults, Wynnum", "12:00"),
    ],
)
def test_not_out_past_is_the_days_end(text, end):
    assert _read(text).get("window_end") == end


@pytest.mark.parametrize(
    "text", ["Budget 120ish. sat, 2 adults, Wynnum", "sat, 2 adults, Wynnum, budget around 120ish"]
)
def test_budget_ish(text):
    assert _read(text)["budget"]["amount"] == 120.0


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("sat with the kids (2 of them, 6 and 9) in Morningside", 2),
        ("sat, me and the kids (3 of them), Wynnum", 3),
    ],
)
def test_children_counted_after_their_word(text, children):
    items, unread = read_items(text)
    assert dict(items)["children"] == children
    assert not [u for u in unread if u.kind in ("number", "party")]


@pytest.mark.parametrize(
    "text",
    [
        "sat, 2 adults, Toowong, walking distance only",
        "sat, 2 adults, Toowong, everything within walking distance of home",
        "sat, 2 adults in Toowong, all walkable pls",
    ],
)
def test_walking_distance_is_a_short_walk_each_leg(text):
    got = _read(text)
    assert got["mode"] == "walk"
    assert got["max_leg_minutes"] == WALKING_DISTANCE_MINUTES == 20


def test_a_number_said_beats_walking_distance_and_a_negation_is_no_walk():
    assert (
        _read("sat, 2 adults, toowong, walking distance, max 30 min walk")["max_leg_minutes"] == 30
    )
    got = _read("sat, 2 adults, Toowong, not walking distance, we will drive")
    assert got.get("mode") == "car" and "max_leg_minutes" not in got


def test_walking_distance_plan_keeps_every_leg_short():
    report = plan_text("sat, 2 adults, Toowong, walking distance only")
    assert report is not None and report.status in ("complete", "no_feasible_plan")
    if report.status == "complete":
        assert all(s.travel_in.minutes <= 20 for s in report.plan.stops)
        assert report.plan.travel_home.minutes <= 20


@pytest.mark.parametrize(
    "text",
    [
        "sat, 2 adults, Wynnum, everything outdoors",
        "sat, 2 adults, Wynnum, only outdoor things",
        "sat, 2 adults, Wynnum, outdoors only",
    ],
)
def test_everything_outdoors_is_an_outdoor_limit(text):
    """Once a wish; now the hard limit it says (``only`` outdoors, test_reading_outdoor_only)."""
    read = _read(text)
    assert read.get("only") == "outdoors" and "preference" not in read


def test_we_live_just_outside_the_city_is_no_wish():
    assert "preference" not in _read("we live just outside the city, sat, 2 adults, Wynnum")


def test_a_weather_words_pm_never_erases_the_days_range():
    """ "might storm late arvo, ..., 10-6": the arvo is the storm's; read as pm for the range it
    left no range at all (the day's 10-6 was asked about)."""
    got = _read(
        "saturday, weather looks fine but might storm late arvo, 2 adults, Kangaroo Point, 10-6"
    )
    assert (got["window_start"], got["window_end"]) == ("10:00", "18:00")
    assert _read("evening out, 2 adults, 7-10, sat, New Farm")["window_start"] == "19:00"


def test_a_spaced_dash_is_a_separator_not_a_minus():
    got = _read("sat 12 dec - 2 adults - paddington - rain expected from 1pm - home by 5")
    assert got["adults"] == 2 and got["date"] == "2026-12-12"
    assert "adults" not in _read("sat -2 adults, paddington")


@pytest.mark.parametrize(
    "text",
    [
        "sat, 35°C forecast, 2 adults, Wynnum, 9-1",
        "sat, 35 degrees forecast, 2 adults, Wynnum, 9-1",
    ],
)
def test_a_temperature_is_no_limit_and_keeps_the_weekday(text):
    items, unread = read_items(text)
    assert dict(items)["date"] == "2026-12-05"
    assert not unread


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (
            "my sister is visiting with her 2 kids and i have my 3, so thats 2 adults 5 kids, Sunnybank, sat",
            2,
            5,
        ),
        ("me, my partner and our 2, that makes 2 adults and 2 kids, sat, Wynnum", 2, 2),
        ("saturday with my elderly mum, brisbane city, 10-2, just the two of us", 2, None),
        ("sat 2adults 2kids wynnum 9til3 $80", 2, 2),
        ("plan a day 4 me n my gf on sat, west end, back by 2", 2, None),
    ],
)
def test_party_totals_texting_and_the_two_of_us(text, adults, children):
    items, unread = read_items(text)
    got = dict(items)
    assert got.get("adults") == adults and got.get("children") == children
    assert not [u for u in unread if u.kind in ("people", "party", "number")], unread


def test_texting_range_without_spaces():
    got = _read("sat 2adults 2kids wynnum 9til3 $80")
    assert (got["window_start"], got["window_end"]) == ("09:00", "15:00")


def test_under_sixty_is_no_age_and_is_asked():
    items, unread = read_items("sat, west end, 2 adults, under 60")
    assert "budget" not in dict(items)
    assert any("under 60" in u.phrase for u in unread)
    assert dict(read_items("sat, 2 kids under 5 + me, carindale")[0])["children"] == 2
