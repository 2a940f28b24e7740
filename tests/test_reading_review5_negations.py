"""REVIEW5 findings 8, 10, 11: negated or indifferent words are never read as their opposite.

- Indifference to rain ("we don't mind the rain") reads no rain window: the forecast governs.
- "No rain" said by the user keeps the forecast's rain (``state.run_rain``), said so; served
  outdoor stops avoid the fixture's rain 11:00-15:00 on Saturday 2026-12-05.
- A negated wish ("don't want to go to the museum", "not keen on X", "X is boring for us") is an
  ``avoid`` reading, never a preference.
- A word of a place read as the home or the location ("Holland Park") is no preference; a
  negative count ("-3 adults") is asked about, never read as 3.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from dayplan.reading.propose import read_request
from tests.cli_runs import plan_cli

ROOT = Path(__file__).resolve().parents[1]
TODAY = date(2026, 12, 1)


def _read(text: str) -> tuple[list[tuple[str, object, str]], list]:
    accepted, unread = read_request(text, today=TODAY)
    return [(i.field, i.value, i.quote) for i in accepted.items], unread


def _fields(items, field):
    return [(v, q) for f, v, q in items if f == field]


@pytest.mark.parametrize(
    "text",
    [
        "We don't mind the rain, 2 adults 2 kids, Sandgate, $40, Saturday, home by 4",
        "saturday, 2 adults 2 kids, Taringa, don't care about rain, we love the outdoors",
        "Saturday, Toowong, 2 adults, rain doesn't bother us",
        "Saturday, Toowong, 2 adults, not bothered by a bit of rain",
        "Saturday, Toowong, 2 adults, we're happy in the rain",
        "Saturday, Toowong, 2 adults, we don't mind if it rains",
    ],
)
def test_indifference_to_rain_reads_no_rain_window(text: str) -> None:
    # REVIEW9 C4: the indifference reads as rain "any" (outdoor stops may be in the rain), never
    # as a rain window
    items, _ = _read(text)
    assert [v for v, _ in _fields(items, "rain")] == ["any"], items
    assert _fields(items, "location"), items  # the rest of the text is still read


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("the forecast says no rain, Saturday, Toowong", "no rain"),
        ("it won't rain, Saturday, Toowong", "it won't rain"),
        ("no rain expected, Saturday, Toowong", "no rain expected"),
    ],
)
def test_said_no_rain_is_still_read_as_said(text: str, quote: str) -> None:
    items, _ = _read(text)
    assert _fields(items, "rain") == [("none", quote)], items


@pytest.mark.parametrize(
    ("text", "quote", "kind", "hard"),
    [
        (
            "don't want to go to the museum, Saturday, Nundah",
            "don't want to go to the museum",
            "museums",
            True,
        ),
        (
            "we don't wanna do the pool, Saturday, Nundah",
            "don't wanna do the pool",
            "swimming",
            True,
        ),
        ("not keen on museums, Saturday, Nundah", "not keen on museums", "museums", False),
        (
            "not interested in the library, Saturday, Nundah",
            "not interested in the library",
            "libraries",
            False,
        ),
        ("the kids hate parks, Saturday, Nundah", "hate parks", "parks", True),
        (
            "museums are boring for us, Saturday, Nundah",
            "museums are boring for us",
            "museums",
            False,
        ),
        ("skip the markets, Saturday, Nundah", "skip the markets", "markets", True),
        ("anything but museums, Saturday, Nundah", "anything but museums", "museums", True),
        ("no museums please, Saturday, Nundah", "no museums", "museums", True),
    ],
)
def test_negated_wish_is_an_avoid_never_a_preference(
    text: str, quote: str, kind: str, hard: bool
) -> None:
    # a refusal is a hard limit, a taste ("not keen on", "boring") soft (tests/test_avoid_wish.py)
    items, _ = _read(text)
    assert ({"kind": kind, "hard": hard}, quote) in _fields(items, "avoid"), items
    assert kind not in [v for v, _ in _fields(items, "preference")], items


def test_a_negated_wish_beside_a_wish() -> None:
    text = "Saturday, Nundah, 2 adults 2 kids, budget $100, don't want to go to the museum, the kids want to swim"
    items, _ = _read(text)
    assert _fields(items, "avoid") == [
        ({"kind": "museums", "hard": True}, "don't want to go to the museum")
    ]
    assert _fields(items, "preference") == [("swimming", "swim")]


@pytest.mark.parametrize(
    ("text", "field", "place"),
    [
        ("we live in Holland Park, Saturday, 2 adults", "home", "Holland Park"),
        ("from Everton Park, Saturday, 2 adults", "home", "Everton Park"),
        ("we live in Victoria Park, Saturday, 2 adults", "location", "Victoria Park"),
    ],
)
def test_a_place_name_is_no_preference(text: str, field: str, place: str) -> None:
    items, _ = _read(text)
    assert [v for v, _ in _fields(items, field)] == [place], items
    assert _fields(items, "preference") == [], items


def test_a_place_name_keeps_a_real_wish() -> None:
    items, _ = _read("from Everton Park, Saturday, 2 adults, we love parks")
    assert [v for v, _ in _fields(items, "preference")] == ["parks"], items


def test_a_negative_count_is_asked_never_read_positive() -> None:
    items, unread = _read("Saturday, -3 adults, Toowong, $50")
    assert _fields(items, "adults") == [], items
    assert any(u.kind in ("party", "negative") for u in unread), unread


def test_a_count_range_and_a_dash_separator_are_unchanged() -> None:
    items, _ = _read("Saturday, 2 adults - 3 kids, Toowong")
    assert [v for v, _ in _fields(items, "adults")] == [2]
    assert [v for v, _ in _fields(items, "children")] == [3]


def _plan(text: str, tmp_path: Path) -> dict:
    return plan_cli({"text": text, "now": "2026-12-01T08:00:00+10:00"}, tmp_path)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults 2 kids, South Brisbane, $100, the forecast says no rain, we love the outdoors, home by 4",
        "Saturday, 2 adults 2 kids, South Brisbane, $100, it won't rain, outdoors please, home by 4",
    ],
)
def test_said_no_rain_serves_no_outdoor_stop_in_the_forecast_rain(
    text: str, tmp_path: Path
) -> None:
    report = _plan(text, tmp_path)
    assert report["status"] == "complete", report.get("constraint_failures")
    assert any(a.startswith("You said no rain") for a in report["assumptions"])
    outdoor = [s for s in report["plan"]["stops"] if not s["indoor"]]
    for stop in outdoor:  # the fixture's rain is 11:00-15:00
        assert stop["end"] <= "11:00" or stop["start"] >= "15:00", stop


def test_indifference_to_rain_plans_outdoors_in_the_forecast_rain_and_says_so(
    tmp_path: Path,
) -> None:
    # REVIEW9 C4 (was: the forecast governs): the party said rain does not matter
    report = _plan(
        "We don't mind the rain, 2 adults 2 kids, Sandgate, $40, Saturday, home by 4", tmp_path
    )
    assert report["status"] == "complete"
    assert [r["value"] for r in report["readings"] if r["field"] == "rain"] == ["any"]
    assert any(
        "outdoor stops are planned whatever the rain (forecast rain 11:00–15:00" in a
        for a in report["assumptions"]
    )
