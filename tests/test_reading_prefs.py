"""Soft preferences in free text (dayplan.reading.prefs): kind words anywhere, broad words
after a word of liking, negations dropped, a preference's time of day and wishes nothing read
listed unread (shown, never asked); preferences stay weights."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.core.catalog import matches_preference
from dayplan.data import venues
from dayplan.reading import read_request, verify_reading
from dayplan.reading.prefs import preference_spans, read_preferences

TODAY = date(2026, 12, 1)


def prefs_of(text: str) -> list[str]:
    accepted, _ = read_request(text, today=TODAY)
    return [i.value for i in accepted.items if i.field == "preference"]


def unread_of(text: str) -> list[tuple[str, str]]:
    _, phrases = read_request(text, today=TODAY)
    return [(p.phrase, p.kind) for p in phrases]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we'd love to be outdoors on Saturday", ["outdoors"]),
        ("Saturday, prefer planetarium", ["planetarium"]),
        ("the kids are into dinosaurs", ["dinosaurs"]),
        ("keen on a gallery, 2 adults", ["art galleries"]),
        ("something outdoorsy please", ["outdoors"]),
        ("we'd like to get some fresh air", ["outdoors"]),
        ("keen on nature and views", ["nature", "views"]),
        ("prefer indoors today, 2 kids", ["indoors"]),
        ("inside please, it's hot", ["indoors"]),
        ("outdoors would be nice", ["outdoors"]),
        ("my son is obsessed with boats", ["boats"]),
        ("the kids love the beach and dinos", ["beach", "dinosaurs"]),
        ("the girls are mad about space", ["space"]),
        ("museums or galleries, the kids like art", ["museums", "art galleries"]),
        ("we're keen on something with a lookout", ["views"]),
    ],
)
def test_preferences_are_read(text, expected):
    assert prefs_of(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "we live just outside the city",
        "wait inside if it rains? 2 adults",
        "don't want to be outside all day",
        "no museums please",
        "not into dinosaurs",
        "we need space for the pram",
        "home by 4, nothing outdoors",
    ],
)
def test_no_preference_without_a_wish(text):
    assert prefs_of(text) == []


def test_every_read_preference_matches_catalogue_venues():
    """A preference is a weight on real venues: each one the reader gives names some venue."""
    words = [
        "outdoors",
        "indoors",
        "planetarium",
        "dinosaurs",
        "nature",
        "views",
        "space",
        "boats",
        "beach",
        "birds",
        "climbing",
        "music",
        "shopping",
    ]
    catalogue = venues()
    for word in words:
        assert any(matches_preference(v, word) for v in catalogue), word
    planetarium = [v.name for v in catalogue if matches_preference(v, "planetarium")]
    assert planetarium == ["Sir Thomas Brisbane Planetarium"]


def test_a_broad_preference_is_quoted_with_its_word_of_liking_and_verifies():
    text = "Saturday with 2 kids, we'd love to be outdoors"
    accepted, _ = read_request(text, today=TODAY)
    quote = [i.quote for i in accepted.items if i.field == "preference"]
    assert quote == ["love to be outdoors"]
    ok = verify_reading(
        text, {"field": "preference", "value": "outdoors", "quote": quote[0]}, today=TODAY
    )
    assert ok.value == "outdoors"
    # the bare word does not prove a wish: "outdoors" alone could be anything
    bad = verify_reading(
        text, {"field": "preference", "value": "outdoors", "quote": "outdoors"}, today=TODAY
    )
    assert bad.found == []


def test_a_preference_with_a_time_of_day_is_read_and_its_time_listed_unread():
    text = "Saturday, 2 adults 2 kids, something outdoorsy in the afternoon"
    assert prefs_of(text) == ["outdoors"]
    assert unread_of(text) == [("something outdoorsy in the afternoon", "preference")]


def test_preferences_by_time_of_day_are_no_day_window():
    text = "museums in the morning, parks after lunch"
    accepted, _ = read_request(text, today=TODAY)
    fields = [i.field for i in accepted.items]
    assert "window_start" not in fields  # "after lunch" is when the parks are wished
    assert prefs_of(text) == ["museums", "parks"]
    assert unread_of(text) == [
        ("museums in the morning", "preference"),
        ("parks after lunch", "preference"),
    ]


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday, not too much walking", "not too much walking"),
        ("we'd love somewhere shady", "love somewhere shady"),
        ("the kids love the bush", "love the bush"),  # "love Lone Pine" is a wish now
        ("keen on a long lunch", "keen on a long lunch"),
    ],
)
def test_a_wish_nothing_read_is_listed_unread_and_not_asked(text, phrase):
    _, phrases = read_request(text, today=TODAY)
    got = [p for p in phrases if p.kind == "preference"]
    assert [p.phrase for p in got] == [phrase]
    assert not got[0].asks  # soft: shown, never a question


def test_not_too_much_walking_is_no_walking_mode():
    accepted, _ = read_request("Saturday by car, not too much walking", today=TODAY)
    assert [i.value for i in accepted.items if i.field == "mode"] == ["car"]
    accepted, _ = read_request("not too much walking please", today=TODAY)
    assert [i.value for i in accepted.items if i.field == "mode"] == []


@pytest.mark.parametrize(
    "text",
    [
        "we'd love a museum or the library",
        "the kids love museums, Saturday",
        "keen on nature and views",
        "we'd love to be outdoors",
    ],
)
def test_a_fully_read_wish_leaves_nothing_unread(text):
    assert [u for u in unread_of(text) if u[1] == "preference"] == []


def test_spans_and_read_preferences_agree():
    phrase = "we'd love to be outdoors, the kids like dinosaurs"
    assert [p for _, _, p in preference_spans(phrase)] == read_preferences(phrase)
    assert read_preferences(phrase) == ["outdoors", "dinosaurs"]
