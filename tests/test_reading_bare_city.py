"""A bare "city" said as one item of a list is Brisbane City, the gazetteer's centre, as "in
the city" is (REVIEW3 #16); "city hall", "city views" and a named suburb stay what they are."""

from __future__ import annotations

import pytest

from dayplan.reading.places import read_place
from tests.reading_helpers import asked, read


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, we don't have a car, we'll take the bus, 1 adult 2 kids, city, home by 3",
        "Sat.. me+2 kids.. city.. $50.. home by 1:30pm..",
        "Saturday, 2 adults 2 kids, $25 per person, city, home by 5",
        "Saturday, 3 adults, city, home by 2, $45 for all of us",
        "Saturday, 2 adults, CBD, home by 4",
        "Saturday; 2 adults; the city; home by 4",
    ],
)
def test_bare_city_is_brisbane_city(text: str) -> None:
    got = read(text)
    assert got["location"] == "Brisbane City", got
    assert not any("city or suburb" in q for q in asked(text))


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("Saturday, 2 adults, New Farm, city hall, home by 3", "New Farm"),
        ("Saturday, 2 adults, New Farm, the city, home by 3", "New Farm"),  # named suburb wins
        ("Saturday, 2 adults, Toowong, city views please, home by 3", "Toowong"),
    ],
)
def test_city_words_that_are_no_bare_city(text: str, location: str) -> None:
    assert read(text)["location"] == location


def test_city_with_no_list_item_is_not_read() -> None:
    assert "location" not in read("Saturday, 2 adults, city views, home by 3")


def test_read_place_of_the_quote() -> None:
    assert read_place("city") == "Brisbane City"
    assert read_place("the CBD") == "Brisbane City"
    assert read_place("city views") is None
