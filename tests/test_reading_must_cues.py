"""Must-do cues a parent writes beyond "must see": "for sure", "definitely", "please include",
"top priority:", "MUST:", "has to include", "set on", "the main thing is", "can't leave without"
(REVIEW3 #11), and their look-alikes that insist on nothing ("for sure it'll rain", "definitely
not the museum", "maybe the planetarium")."""

from __future__ import annotations

import pytest

from dayplan.reading.musts import must_items
from tests.reading_helpers import asked, read, unread

BASE = "Saturday, 2 adults, {place}, {cue}, home by 4"


@pytest.mark.parametrize(
    ("place", "cue", "musts"),
    [
        ("Toowong", "Lone Pine for sure", ["lone pine"]),
        ("Toowong", "lone pine koala sanctuary for sure", ["lone pine koala sanctuary"]),
        ("South Brisbane", "please include the Maritime Museum", ["maritime museum"]),
        ("South Brisbane", "pls include GOMA", ["goma"]),
        ("Toowong", "definitely the planetarium", ["planetarium"]),
        ("Toowong", "we definitely want to see the planetarium", ["planetarium"]),
        ("South Brisbane", "top priority: GOMA", ["goma"]),
        ("South Brisbane", "first priority is the Queensland Museum", ["queensland museum"]),
        ("South Brisbane", "the day has to include Streets Beach", ["streets beach"]),
        ("South Brisbane", "Streets Beach is non-negotiable", ["streets beach"]),
        ("Toowong", "we've promised a trip to Lone Pine", ["lone pine"]),
        ("Toowong", "my son is set on seeing the koalas", ["koalas"]),
        ("Toowong", "she has her heart set on the planetarium", ["planetarium"]),
        ("Toowong", "the main thing is the planetarium", ["planetarium"]),
        ("South Bank", "can't leave without a go on the Wheel of Brisbane", ["wheel of brisbane"]),
        ("South Bank", "make sure we visit the Maritime Museum", ["maritime museum"]),
        ("South Bank", "the Wheel of Brisbane a must", ["wheel of brisbane"]),
        ("South Bank", "GOMA definitely", ["goma"]),
    ],
)
def test_insisting_cue_reads_a_must_do(place: str, cue: str, musts: list[str]) -> None:
    text = BASE.format(place=place, cue=cue)
    got = read(text)
    assert got.get("must_do") == musts, got
    assert got["window_end"] == "16:00"
    assert not [u for u in unread(text) if u[1] == "must"]


def test_must_colon_list_reads_every_member() -> None:
    text = "Saturday, 2 adults, MUST: museum of brisbane, city hall clock tower; home by 12"
    got = read(text)
    assert got["must_do"] == ["museum of brisbane", "city hall clock tower"]
    assert got["window_end"] == "12:00"
    assert asked(text) == []


def test_please_include_is_a_must_not_a_museum_preference() -> None:
    got = read("Saturday, 2 adults, South Brisbane, please include the Maritime Museum, $50")
    assert got["must_do"] == ["maritime museum"]
    assert "preference" not in got  # the name is the venue's, no wish for museums in general


@pytest.mark.parametrize(
    "cue",
    [
        "for sure it'll rain in the arvo",
        "definitely not the museum",
        "maybe the planetarium",
        "definitely home by 3",
        "nice weather for sure",
        "we'll definitely be back by 4",
        "for sure we want to be home by 4",
        "no need to include the museum",
        "it's not a must",
        "absolutely no pools",
        "cheap for sure",
    ],
)
def test_look_alikes_insist_on_nothing(cue: str) -> None:
    text = BASE.format(place="South Brisbane", cue=cue)
    got = read(text)
    assert "must_do" not in got, got


def test_maybe_stays_a_preference() -> None:
    got = read(BASE.format(place="Toowong", cue="maybe the planetarium"))
    assert got.get("preference") == ["planetarium"]
    assert "must_do" not in got


def test_weak_cue_on_unknown_thing_is_no_must_do() -> None:
    # "definitely" before something the catalogue has no venue for is no must-do guess
    assert must_items("definitely something fun") == []
    assert must_items("a good lunch for sure") == []


def test_strong_cue_after_its_list_keeps_every_member() -> None:
    items = must_items("GOMA and the Wheel of Brisbane for sure")
    assert [i.name for i in items] == ["goma", "wheel of brisbane"]


def test_quote_proves_the_must_do() -> None:
    text = "Saturday, 2 adults, Toowong, Lone Pine for sure, home by 4"
    items = must_items("Lone Pine for sure")
    assert items and items[0].name == "lone pine"
    assert read(text)["must_do"] == ["lone pine"]
