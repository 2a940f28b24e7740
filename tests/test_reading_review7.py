"""REVIEW7's class-A findings: limits in the text read as something else, then served ``complete``.

- rain talk before the day's times in one comma-joined run took the times as more rain ("sat,
  rain 11-3, Bulimba, 2 adults 2 kids, 8am-11am": stops until 13:55); a clause of other words now
  ends a rain list, indifference ("rain won't hurt us", "raining or not") owns no time, and an
  appointment word ("lunch") with other items between never takes a range ("showers around
  lunch, Bulimba, 2 adults, 2pm to 5pm" was a lunch 2-5);
- an avoid list avoids every member ("avoid markets and cafes"; the later kinds became wishes);
- "two couples" is four adults;
- the suburb after a venue's "in"/"at" is the venue's, not the home ("GOMA in South Brisbane,
  sat 12th, Ashgrove");
- a placed appointment ending at the day's start is gone to ("swim lessons at Chandler 9-10 ...
  10-3": the first leg was counted from home).
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.cli_runs import plan_text, read_items

TODAY = date(2026, 12, 1)
NOW = "2026-12-01T08:00:00+10:00"


_read = read_items
_run = plan_text


@pytest.mark.parametrize(
    ("text", "start", "end", "rain"),
    [
        # an indifference reads as rain "any", no window (REVIEW9 C4)
        (
            "rain won't hurt us, sat 12th, Toowong, 2 adults, 9am-12pm, $20",
            "09:00",
            "12:00",
            ["any"],
        ),
        (
            "bit of rain won't hurt, sat 12/12, Sandgate, 2 adults, 7am-11am, $0",
            "07:00",
            "11:00",
            ["any"],
        ),
        (
            "sat, rain 11-3, Bulimba, 2 adults 2 kids, 8am-11am, $20",
            "08:00",
            "11:00",
            [{"start": "11:00", "end": "15:00"}],
        ),
        (
            "forecast says storms after 3, sat 12th, Ashgrove, 2 adults 2 kids, 9-12, $30",
            "09:00",
            "12:00",
            [{"start": "15:00", "end": "23:59"}],
        ),
        (
            "sat 12th, showers around lunch, Bulimba, 2 adults, 2pm to 5pm, $20",
            "14:00",
            "17:00",
            [{"start": "12:00", "end": "14:00"}],
        ),
        (
            "showers forecast 2pm-4pm sat 12th, Carindale, 2 adults 1 kid, 10-5, $60",
            "10:00",
            "17:00",
            [{"start": "14:00", "end": "16:00"}],
        ),
        (
            "rain from 2, sat 12th, Kedron, 2 adults 2 kids, 9 to 1, $20",
            "09:00",
            "13:00",
            [{"start": "14:00", "end": "23:59"}],
        ),
        ("raining or not we want out 8-12 sat, 2 adults Toowong", "08:00", "12:00", ["any"]),
    ],
)
def test_rain_talk_before_the_times_leaves_them_to_the_day(text, start, end, rain) -> None:
    items, unread = _read(text)
    assert ("window_start", start) in items and ("window_end", end) in items, items
    assert [v for f, v in items if f == "rain"] == rain, items
    assert "blocked" not in [f for f, _ in items], items
    assert not [u for u in unread if u.asks], unread


def test_a_bare_range_after_a_rain_list_is_still_rain() -> None:
    items, _ = _read("showers 10-11, 2-3, out 9-4 saturday 2 adults")
    assert [v for f, v in items if f == "rain"] == [
        {"start": "10:00", "end": "11:00"},
        {"start": "14:00", "end": "15:00"},
    ]


def test_a_range_after_a_point_rain_is_asked_not_rain() -> None:
    text = "Sat 12th, Chermside, grandad and 2 grandkids, might shower around noon, 9:30-2:30, $30"
    items, unread = _read(text)
    assert {"start": "09:30", "end": "14:30"} not in [v for f, v in items if f == "rain"], items
    assert [u for u in unread if u.kind == "time"], unread


def test_the_served_day_keeps_the_window_after_rain_talk() -> None:
    report = _run("sat, rain 11-3, Bulimba, 2 adults 2 kids, 8am-11am, $20")
    assert report is not None and report.status == "complete", report
    assert report.plan.totals.home_by <= "11:00"
    assert report.plan.stops[0].start >= "08:00"


@pytest.mark.parametrize(
    ("text", "avoided"),
    [
        (
            "avoid markets and cafes, saturday 12/12, New Farm, couple, $30, 8-1",
            ["markets", "cafes"],
        ),
        (
            "no markets or cinemas, sat 12th, South Brisbane, 2 adults, $60, 10-5",
            ["markets", "film"],
        ),
        (
            "avoid libraries, museums and galleries, sat 12th, South Brisbane, 2 adults, $40, 10-4",
            ["libraries", "museums", "art galleries"],
        ),
    ],
)
def test_an_avoid_list_avoids_every_member(text, avoided) -> None:
    items, _ = _read(text)
    assert [v for f, v in items if f == "avoid"] == [{"kind": k, "hard": True} for k in avoided]
    assert not [v for f, v in items if f == "preference"], items


def test_a_comma_ends_an_avoid_list_before_a_wish() -> None:
    items, _ = _read("no museums, parks are great, sat 9-3 2 adults toowong")
    assert ("avoid", {"kind": "museums", "hard": True}) in items, items
    assert ("preference", "parks") in items, items


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("two couples, saturday 12th, Bardon, $30 total, 10-4", 4, None),
        ("2 couples, sat 12th, Toowong, $20 total, 1-6", 4, None),
        ("three couples and 4 kids, sat 9-3, Toowong", 6, 4),
    ],
)
def test_couples_count_two_adults_each(text, adults, children) -> None:
    items, unread = _read(text)
    assert ("adults", adults) in items, items
    assert [v for f, v in items if f == "children"] == ([children] if children else [])
    assert not [u for u in unread if u.kind == "party"], unread


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("GOMA in South Brisbane, sat 12th, Ashgrove, 2 adults, $0, 10-3", "Ashgrove"),
        ("wading pool at wynnum, sat, Manly, 2 adults 2 kids, $0, 10-2", "Manly"),
        ("sat 12th, wetland walk at Boondall, Nundah, 2 adults, 8-12, $10", "Nundah"),
        ("saturday in Toowong, 2 adults 9-3", "Toowong"),
    ],
)
def test_the_suburb_after_a_venues_in_or_at_is_not_the_home(text, place) -> None:
    items, _ = _read(text)
    assert [v for f, v in items if f in ("home", "location")] == [place], items


def test_a_placed_appointment_ending_at_the_stated_start_is_gone_to() -> None:
    report = _run("swim lessons at Chandler 9-10, sat 12th, Toowong, 2 adults 1 kid, 10-3, $30")
    assert report is not None and report.status == "complete", report
    (appt,) = report.plan.appointments
    assert (appt.start, appt.end, appt.place) == ("09:00", "10:00", "Chandler")
    first = report.plan.stops[0]
    assert first.start >= "10:00" and first.travel_in.minutes > 20, first  # from Chandler


# -- REVIEW8: the same classes in newer wordings ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Sat (19th), Mt. Coot-tha, 2 adults, 7-11, $10", "2026-12-19"),
        ("26th (Sat) Brisbane City 2 adults 10-2 $10", "2026-12-26"),
        ("12th (sat) Windsor 2 adults 9-12 $10", "2026-12-12"),
        ("19th (Saturday), Bulimba, 2 adults 2 kids, 9-1, $20", "2026-12-19"),
    ],
)
def test_a_day_of_the_month_beside_a_bracketed_weekday(text, day) -> None:
    items, _ = _read(text)
    assert ("date", day) in items, items


def test_a_bracketed_weekday_that_disagrees_is_asked() -> None:
    items, unread = _read("20th (Sat) Toowong 2 adults 9-1")  # the 20th is a Sunday
    assert "date" not in [f for f, _ in items], items
    assert [u for u in unread if u.kind == "date_conflict"], unread


@pytest.mark.parametrize(
    "text",
    [
        "under a roof the whole time, sat 12th, Milton, 2 adults, 10-4, $20",
        "air-con places only, sat 12th, Carindale, 2 adults 2 kids, 9-3, $80",
        "dont want to be outdoors, sat 12th, Ascot, 2 adults, 10-2, $20",
    ],
)
def test_more_indoor_only_wordings(text) -> None:
    items, _ = _read(text)
    assert ("indoor_only", True) in items, items


def test_dont_take_us_to_a_venue_is_never_a_must_do() -> None:
    items, _ = _read(
        "dont take us to GOMA or the State Library, sat 12th, South Brisbane, 2 adults"
    )
    assert "must_do" not in [f for f, _ in items], items
    # both venues are now read as hard avoids of their own (tests/test_avoid_wish.py)
    assert ("avoid", {"venue": "goma", "hard": True}) in items, items
    assert ("avoid", {"venue": "state library", "hard": True}) in items, items
    items, _ = _read("dont take us to the cinema, sat 2 adults toowong 9-3")
    assert ("avoid", {"kind": "film", "hard": True}) in items, items
    assert "preference" not in [f for f, _ in items], items


@pytest.mark.parametrize(
    "text",
    ["just a couple of us adults, sat 12th, Bardon, 9-1, $30", "a couple of us, sat 12th, Bardon"],
)
def test_a_couple_of_us_is_two_adults(text) -> None:
    items, _ = _read(text)
    assert ("adults", 2) in items, items


@pytest.mark.parametrize(
    ("text", "blocked", "window"),
    [
        (
            "swim lessons at Chandler 8-9, then 9-3 out, sat 12th, Coorparoo, 2 adults 1 kid, $40",
            ("08:00", "09:00"),
            ("09:00", "15:00"),
        ),
        (
            "footy at Ashgrove 8-9 then 9-1 free, sat 12th, Paddington, 2 adults 1 kid, $20",
            ("08:00", "09:00"),
            ("09:00", "13:00"),
        ),
        (
            "dance at Milton 9-10, after that 10-2, sat 12th, Toowong, 1 adult 1 kid, $20",
            ("09:00", "10:00"),
            ("10:00", "14:00"),
        ),
    ],
)
def test_a_range_after_an_appointments_own_is_the_day(text, blocked, window) -> None:
    items, unread = _read(text)
    got = [(v["start"], v["end"]) for f, v in items if f == "blocked"]
    assert got == [blocked], items
    assert ("window_start", window[0]) in items and ("window_end", window[1]) in items, items
    assert not [u for u in unread if u.asks], unread


def test_a_list_of_naps_stays_a_list() -> None:
    items, _ = _read("naps 10:30-11 and 1-2:30, sat 9-4 2 adults toowong")
    assert [(v["start"], v["end"]) for f, v in items if f == "blocked"] == [
        ("10:30", "11:00"),
        ("13:00", "14:30"),
    ]


def test_a_rainy_day_said_with_other_words_keeps_the_window() -> None:
    text = "plan a rainy sat 5th for 2 adults 2 kids in Carindale, 9-3, $80, lunch at home 12-1"
    items, _ = _read(text)
    assert ("window_start", "09:00") in items and ("window_end", "15:00") in items, items
    assert [v for f, v in items if f == "rain"] == ["all_day"], items


def test_the_read_location_is_the_runs_home() -> None:
    report = _run("museum at South Brisbane then home, sat 12th, 2 adults, 10-1, $20, Carindale")
    assert report is not None and report.status == "complete", report
    assert any("centre of Carindale" in a for a in report.assumptions), report.assumptions


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("sat 12th, Toowong, 2 adults, leave 0830 home by 1230", "08:30", "12:30"),
        ("sat 12th, Toowong, 2 adults, home by 1530, leave 1000", "10:00", "15:30"),
        ("sat 12th toowong 2 adults leave 8.30 home by 12.30", "08:30", "12:30"),
    ],
)
def test_leave_with_a_bare_time_is_the_start(text, start, end) -> None:
    """REVIEW8 C: "leave 0830" asked what it meant ("leave at 0830" was read)."""
    items, unread = _read(text)
    assert ("window_start", start) in items and ("window_end", end) in items, items
    assert not [u for u in unread if u.asks], unread


def test_need_to_leave_by_stays_the_end() -> None:
    items, _ = _read("sat 12th toowong 2 adults, need to leave by 3")
    assert ("window_end", "15:00") in items and "window_start" not in [f for f, _ in items]
