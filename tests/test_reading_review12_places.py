"""REVIEW12's travel-emoji, city-avoid and indoor-wish findings.

- "🚶 only" (or "🚌 everywhere", "🚗 only") says how the party travels: walking was dropped,
  and every leg was planned by car; an emoji alone stays a travel word ("🚗 under 20 min" caps
  a leg, no mode);
- "avoid anything in the city (parking)", "avoid the city", "nothing in the CBD" avoid the city
  centre's venues, as a suburb's are: "in the city" was read as the day's location, and every
  stop was served there;
- "rain or not we want to be inside": "or not" denies nothing, so the indoor wish is read beside
  the rain's indifference (it was dropped, and outdoor stops were served in forecast rain).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading import verify_reading
from tests.cli_runs import plan_text, read_items

NOW = "2026-12-04T18:00:00+10:00"
TODAY = date(2026, 12, 4)


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("2 adults 2 kids from New Farm. Home by 3. 🚶 only, 20 min tops. $30", "walk"),
        ("me and 2 kids from new farm, 🚶\u200d♀️ only, home by 3", "walk"),
        ("Sat, Toowong, 2 adults, 🚌 only, $40", "transit"),
        ("sat kedron 2 adults 🚆 everywhere", "transit"),
        ("Sat, Toowong, 2 adults, 🚗 only", "car"),
    ],
)
def test_a_travel_emoji_said_as_the_way_is_the_mode(text: str, mode: str) -> None:
    items, _ = read_items(text)
    assert ("mode", mode) in items


def test_an_emoji_alone_is_no_mode_and_the_verifier_agrees() -> None:
    items, _ = read_items("Sat, Toowong, 2 adults, 🚗 under 20 min")
    assert "mode" not in dict(items)
    text = "2 adults from New Farm. 🚶 only, 20 min tops."
    bad = verify_reading(text, {"field": "mode", "value": "car", "quote": "🚶 only"}, today=TODAY)
    assert getattr(bad, "error", None), bad
    ok = verify_reading(text, {"field": "mode", "value": "walk", "quote": "🚶 only"}, today=TODAY)
    assert getattr(ok, "error", None) is None, ok


def test_walking_only_by_emoji_plans_walking_legs() -> None:
    report = plan_text(
        "2 adults 2 kids from New Farm. Home by 3. 🚶 only, 20 min tops. $30", now=NOW
    )
    assert report.status in ("complete", "no_feasible_plan")
    if report.status == "complete":
        assert {s.travel_in.mode for s in report.plan.stops} == {"walk"}


@pytest.mark.parametrize(
    "text",
    [
        "Me & 2 kids (both under 10) from Ashgrove. Out 9-1. Budget $30. Avoid anything in the city (parking)",
        "2 adults from ashgrove, out 9-1, avoid the city",
        "2 adults from toowong, nothing in the CBD please",
        "2 adults from paddington, saturday, not the city, too busy",
    ],
)
def test_the_city_avoided_is_no_location_and_no_stop_is_there(text: str) -> None:
    items, _ = read_items(text)
    assert ("avoid", {"place": "Brisbane City", "hard": True}) in items
    assert "location" not in dict(items)
    report = plan_text(text, now=NOW)
    assert report.status == "complete"
    assert "Brisbane City" not in {s.suburb for s in report.plan.stops if hasattr(s, "suburb")}
    from dayplan import data

    suburb = {v.id: v.suburb for v in data.venues()}
    assert all(suburb[s.venue_id] != "Brisbane City" for s in report.plan.stops)


@pytest.mark.parametrize(
    "text",
    [
        "a day in the city, 2 adults, no museums",
        "Saturday in the city, 2 adults, not the city hall",
        "2 adults, something in town, avoid Paddington",
    ],
)
def test_the_city_said_as_where_stays_the_location(text: str) -> None:
    items, _ = read_items(text)
    assert dict(items).get("location") == "Brisbane City"
    assert {"place": "Brisbane City", "hard": True} not in [v for f, v in items if f == "avoid"]


@pytest.mark.parametrize(
    "text",
    [
        "family of 5 in the gap, rain or not we want to be inside, home by 3:30, $75 max",
        "2 adults whether or not it rains we want to be inside",
    ],
)
def test_or_not_denies_no_indoor_wish(text: str) -> None:
    items, _ = read_items(text)
    assert ("preference", "indoors") in items


def test_the_indoor_wish_beside_rain_indifference_plans_indoors() -> None:
    report = plan_text(
        "family of 5 in the gap, rain or not we want to be inside, home by 3:30, $75 max", now=NOW
    )
    assert report.status == "complete"
    assert all(s.indoor for s in report.plan.stops)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Sat, Toowong, 2 adults, don't want to drive more then 10 mins", "max_leg_minutes", 10),
        ("Sat, Toowong, 2 adults, nothing further then 15 min away", "max_leg_minutes", 15),
    ],
)
def test_then_for_than_after_a_comparison_reads_as_than(text: str, field: str, value) -> None:
    """The common typo ("more then 10 mins") asked for the longest leg; it reads as "than"."""
    items, unread = read_items(text)
    assert (field, value) in items and not unread


def test_then_as_a_sequence_is_kept() -> None:
    items, _ = read_items("Sat, Toowong, 2 adults, museum and then lunch, home by 3")
    assert ("window_end", "15:00") in items
