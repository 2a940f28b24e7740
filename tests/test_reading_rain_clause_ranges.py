"""A time range beside rain words is the weather's only where the words say when it rains.

Found on main: "rain doesnt bother us sat 9-3" and "a bit of rain is fine sat 9-3" gave the
range to the weather (indifference owned the time, or read as rain 09:00-15:00), the day's window
went unread, and the plan ran to an assumed 17:00: served ``complete``, home at 15:45 for a party
that said 3. "don't mind the rain, Saturday 10-4" lost its window the same way, and the date's
quote ("Saturday 10-4") covered the time, so nothing was listed unread and the day began 09:06.

The rules tested here:
- indifference to rain ("don't mind", "doesn't bother us", "is fine", "rain or shine") owns no
  time (``weather.INDIFFERENT``); a condition ("in case of rain") never makes a range rain;
- a rain word a clause back ("no rain forecast, Saturday 9-3", "showers 10-11, out 9-4") does not
  decide the range; a bare list ("showers 10-11, 2-3") still continues the rain;
- a date's quote never reads a time inside it: with no time reading the time is listed unread.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading import weather
from dayplan.reading.propose import read_request, unread_phrases
from dayplan.reading.verify import verify_reading
from tests.cli_runs import plan_text

TODAY = date(2026, 12, 1)


def _read(text: str):
    accepted, unread = read_request(text, today=TODAY)
    items = [(i.field, i.value) for i in accepted.items]
    return items, unread


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("rain doesnt bother us sat 9-3 2 adults", "09:00", "15:00"),
        ("Rain doesn't bother the kids, Saturday 9.30-2.30, 2 adults 2 kids", "09:30", "14:30"),
        ("don't mind the rain, Saturday 10-4, 2 adults", "10:00", "16:00"),
        ("we dont care about rain - saturday 8-12 me and my son", "08:00", "12:00"),
        ("happy in the rain sat 9-3 2 adults", "09:00", "15:00"),
        ("a bit of rain is fine sat 9-3, 2 adults", "09:00", "15:00"),
        ("showers are no problem, Sat 10-2, 2 adults", "10:00", "14:00"),
        ("rain or shine, Saturday 9-3, 2 adults", "09:00", "15:00"),
        ("in case of rain, sat 9-3 2 adults", "09:00", "15:00"),
        ("not bothered by a few showers. Saturday 9 till 1, 2 adults", "09:00", "13:00"),
    ],
)
def test_indifference_or_a_condition_leaves_the_range_to_the_day(
    text: str, start: str, end: str
) -> None:
    items, unread = _read(text)
    assert ("window_start", start) in items, items
    assert ("window_end", end) in items, items
    # no rain window: an indifference reads as rain "any" (REVIEW9 C4), a condition as nothing
    assert all(v == "any" for f, v in items if f == "rain"), items
    assert not [u for u in unread if u.kind == "time"], unread


@pytest.mark.parametrize(
    ("text", "window", "rain"),
    [
        ("no rain forecast, Saturday 9-3, 2 adults", ("09:00", "15:00"), ["none"]),
        (
            "rain 10-11, 2 adults 9-3 sat",
            ("09:00", "15:00"),
            [{"start": "10:00", "end": "11:00"}],
        ),
        (
            "showers 10-11 and 2-3, out 9-4 saturday 2 adults",
            ("09:00", "16:00"),
            [{"start": "10:00", "end": "11:00"}, {"start": "14:00", "end": "15:00"}],
        ),
        (
            "showers 10-11, 2-3, out 9-4 saturday 2 adults",
            ("09:00", "16:00"),
            [{"start": "10:00", "end": "11:00"}, {"start": "14:00", "end": "15:00"}],
        ),
        (
            "Rain expected 11-3. 2 adults sat 9-5",
            ("09:00", "17:00"),
            [{"start": "11:00", "end": "15:00"}],
        ),
        (
            "rain in the morning, out 9-3 sat 2 adults",
            ("09:00", "15:00"),
            [{"start": "06:00", "end": "12:00"}],
        ),
    ],
)
def test_rain_a_clause_back_does_not_take_the_days_range(text, window, rain) -> None:
    items, unread = _read(text)
    assert ("window_start", window[0]) in items, items
    assert ("window_end", window[1]) in items, items
    assert [v for f, v in items if f == "rain"] == rain, items
    assert not [u for u in unread if u.kind == "time"], unread


@pytest.mark.parametrize(
    "text",
    [
        "showers from 1, 9-3 Saturday 2 adults",  # is 9-3 more rain or the day? asked
        "showers, then 2-3 again; out 9-4 sat 2 adults",
    ],
)
def test_a_range_that_may_be_rain_or_the_day_is_asked(text: str) -> None:
    items, unread = _read(text)
    assert "window_end" not in [f for f, _ in items], items
    assert [u for u in unread if u.kind == "time"], unread


def test_indifference_owns_no_time_but_a_condition_keeps_its_own() -> None:
    (m,) = weather.mentions("rain doesnt bother us sat 9-3")
    assert (m.kind, m.values, m.times, m.own_time) == ("any", ["any"], [], False)
    ms = weather.mentions("in case it rains after 2, museum")
    assert [x.kind for x in ms] == ["condition"]


@pytest.mark.parametrize(
    "phrase",
    [
        "rain is fine",
        "a bit of rain is fine",
        "showers are no problem",
        "rain's ok",
        "happy in the rain",
        "fine with a bit of rain",
        "rain doesn't bother us",
        "rain or shine",
        "don't care about the weather",
        "dont really mind the weather",
        "weather doesn't matter",
        "not fussed about the weather",
        "the forecast doesn't bother us",
    ],
)
def test_indifference_phrases(phrase: str) -> None:
    assert weather.INDIFFERENT.search(phrase), phrase


@pytest.mark.parametrize(
    "phrase",
    [
        "rain is forecast",
        "rain from 11",
        "no rain",
        "rain all day",
        "worried about the weather",
        "check the weather",
    ],
)
def test_weather_that_says_when_is_no_indifference(phrase: str) -> None:
    assert not weather.INDIFFERENT.search(phrase), phrase


def test_a_dates_quote_never_reads_the_time_inside_it() -> None:
    text = "don't mind the rain, Saturday 10-4, 2 adults"
    date_item = verify_reading(
        text, {"field": "date", "value": "2026-12-05", "quote": "Saturday 10-4"}, today=TODAY
    )
    assert getattr(date_item, "error", None) is None, date_item
    unread = unread_phrases(text, [date_item], today=TODAY)
    assert any(u.kind == "time" and "Saturday 10" in u.phrase for u in unread), unread
    # with the window read, the same date quote leaves nothing unread
    items = [
        date_item,
        verify_reading(
            text, {"field": "window_start", "value": "10:00", "quote": "10-4"}, today=TODAY
        ),
        verify_reading(
            text, {"field": "window_end", "value": "16:00", "quote": "10-4"}, today=TODAY
        ),
        verify_reading(text, {"field": "adults", "value": 2, "quote": "2 adults"}, today=TODAY),
    ]
    assert all(getattr(i, "error", None) is None for i in items), items
    assert not [u for u in unread_phrases(text, items, today=TODAY) if u.kind == "time"]


def test_indifference_to_the_weather_is_rain_any_in_the_plan() -> None:
    report = plan_text(
        "Sat, Bulimba, 2 adults, don't care about the weather, want parks",
        now="2026-12-04T18:00:00+10:00",
    )
    assert report.status == "complete"
    assert ("rain", "any", "don't care about the weather") in [
        (r.field, r.value, r.quote) for r in report.readings
    ]
