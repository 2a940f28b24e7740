"""REVIEW16w's reading misses, each as a class of wordings:

- a bare limit in number words ("max twenty", "twenty max", "thirty tops", "no more than forty
  five") is asked like "Under 60." (kind ``limit``: dollars or minutes?), never dropped; with a
  unit ("max twenty mins", "twenty bucks max") or a money cue ("budget's tight, fifty max") it
  is read.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, plan_text, read_items

REVIEW_NOW = "2026-12-04T18:00:00+10:00"
"""The reviewer's pinned now (a Friday: "Saturday" is 2026-12-05)."""


def _all(text: str, field: str) -> list:
    return [v for f, v in read_items(text)[0] if f == field]


def _unread(text: str) -> list[tuple[str, str]]:
    return [(u.phrase, u.kind) for u in read_items(text)[1]]


def _accepted(text: str, field: str, value, quote: str) -> bool:
    got = verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )
    return not hasattr(got, "error")


# -- a bare limit in number words ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("me and 2 kids from windsor, max twenty", "max twenty"),
        ("2 kids, twenty max, out 9-3", "twenty max"),
        ("2 kids out 9-3 thirty tops", "thirty tops"),
        ("2 kids out 9-3, no more than forty five", "no more than forty five"),
        ("out 10 till 2 w the twins under fifty pls", "under fifty"),
        ("me n my 3 kids from wynnum sat 9-2 fourty max", "fourty max"),
        ("2 adults 1 kid, home by 3, up to sixty", "up to sixty"),
    ],
)
def test_word_limit_is_asked(text: str, phrase: str) -> None:
    assert (phrase, "limit") in _unread(text)
    assert not _all(text, "budget") and not _all(text, "max_leg_minutes")


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("2 kids out 9-3, max twenty min drive", "max_leg_minutes", 20),
        ("budget's tight, fifty max, 2 kids", "budget", 50.0),
        ("max twenty bucks, 2 kids", "budget", 20.0),
    ],
)
def test_word_limit_with_its_unit_is_read(text: str, field: str, value) -> None:
    got = _all(text, field)
    assert got and (got[0] == value or got[0].get("amount") == value)
    assert not [k for _, k in _unread(text) if k == "limit"]


def test_word_limit_end_to_end_asks() -> None:
    report = plan_text("me and 2 kids from windsor, out 9-3, max twenty", REVIEW_NOW)
    assert report.status == "needs_clarification"


# -- "then out" after a time home; a morning appointment before "then free" ----------------------


@pytest.mark.parametrize(
    ("text", "home", "end"),
    [
        (
            "me + 2 kids from ashgrove, home by 12 for lunch, then out 2 till 4",
            ("12:00", "14:00"),
            "16:00",
        ),
        ("home by 12 for lunch then out 2-4", ("12:00", "14:00"), "16:00"),
        ("2 kids, back at 11:30 for her nap, then out 2:30 to 5", ("11:30", "14:30"), "17:00"),
        ("home by 1 for a nap and then head out 3-5", ("13:00", "15:00"), "17:00"),
        ("need to be home at 12 for lunch & then out 2-4:30", ("12:00", "14:00"), "16:30"),
    ],
)
def test_then_out_after_a_time_home_goes_out_again(text, home, end) -> None:
    blocked = _all(text, "blocked")
    assert [(b["start"], b["end"], b["at_home"]) for b in blocked] == [(*home, True)]
    assert _all(text, "window_end") == [end]
    assert not _all(text, "window_start")  # the morning is out too: never the afternoon only
    assert not _unread(text)


def test_then_out_alone_stays_the_day() -> None:
    assert _all("park, then out 9 to 3", "window_start") == ["09:00"]
    assert _all("swim lessons 8-9, then out 9-3", "window_end") == ["15:00"]


@pytest.mark.parametrize(
    ("text", "quote", "squad"),
    [
        (
            "me + 2 kids from kedron, swim squad 6-8 then free, home by 3",
            "swim squad 6-8",
            ("06:00", "08:00"),
        ),
        ("swim squad 6-8 then free till 3", "swim squad 6-8", ("06:00", "08:00")),
        ("swim squad 6:30-8 and then we're out till 3", "swim squad 6:30-8", ("06:30", "08:00")),
        ("rowing 6-7:30, after that we're free, back by 2", "rowing 6-7:30", ("06:00", "07:30")),
    ],
)
def test_appointment_before_then_free_is_the_morning(text, quote, squad) -> None:
    blocked = _all(text, "blocked")
    assert [(b["start"], b["end"]) for b in blocked] == [squad]
    pm = {**blocked[0], "start": "18:00" if squad[0] == "06:00" else "18:30", "end": "20:00"}
    if squad[1] == "07:30":
        pm["end"] = "19:30"
    assert _accepted(text, "blocked", blocked[0], quote)
    assert not _accepted(text, "blocked", pm, quote)


def test_evening_appointment_stays_pm() -> None:
    assert [b["start"] for b in _all("party 6-8, home by 9", "blocked")] == ["18:00"]
    assert [b["start"] for b in _all("training 1-3 then free, home by 6", "blocked")] == ["13:00"]


def test_then_out_and_swim_squad_end_to_end() -> None:
    report = plan_text(
        "me + 2 kids from ashgrove, home by 12 for lunch, then out 2 till 4", REVIEW_NOW
    )
    assert report.status == "complete"
    stops = report.plan.stops
    assert not [s for s in stops if s.start < "14:00" and s.end > "12:00"]
    assert any(s.start >= "14:00" for s in stops) and any(s.end <= "12:00" for s in stops)
    report = plan_text("me + 2 kids from kedron, swim squad 6-8 then free, home by 3", REVIEW_NOW)
    assert report.status == "complete"
    assert all(s.end <= "15:00" for s in report.plan.stops)


# -- a start said with "out" (or after brekkie), three-digit times, "noonish" ---------------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("out 9:30, home 1:30", "09:30", "13:30"),
        ("out by 930 back by 2 latest", "09:30", "14:00"),
        ("out at 9, home by 3", "09:00", "15:00"),
        ("out 9 till noonish", "09:00", "12:00"),
        ("leave after brekkie (9ish), home by 2", "09:00", "14:00"),
        ("2 kids, out 930 home by 2", "09:30", "14:00"),
        ("we're out at 10 back by 3", "10:00", "15:00"),
        ("2 adults 1 kid from bulimba. out 10, home 4. $50", "10:00", "16:00"),
        ("leave home at 930, home by 230", "09:30", "14:30"),
        ("heading off after breakfast ~9:30 back by 3", "09:30", "15:00"),
        ("out after brekky, say 10, home by 4", "10:00", "16:00"),
        ("out 10 to middayish w the kids", "10:00", "12:00"),
        ("out bout 9:30 home 2ish", "09:30", "14:00"),
        ("2 adults 2 kids from sandgate, out 9 back 3", "09:00", "15:00"),
    ],
)
def test_start_said_with_out(text: str, start: str, end: str) -> None:
    assert (_all(text, "window_start"), _all(text, "window_end")) == ([start], [end])
    assert not [p for p, k in _unread(text) if k == "time"]


def test_start_with_out_verifier() -> None:
    text = "out 9:30, home 1:30"
    assert _accepted(text, "window_start", "09:30", "out 9:30")
    assert not _accepted(text, "window_start", "21:30", "out 9:30")
    assert not _accepted(text, "window_end", "09:30", "out 9:30")


def test_three_digits_only_after_a_time_cue() -> None:
    assert _all("budget 150, out 9-3", "budget")[0]["amount"] == 150.0
    assert _all("home 130, 2 kids", "window_end") == ["13:30"]


def test_back_out_is_no_start() -> None:
    assert not _all("back out at 3, home by 5", "window_start")


# -- "nothing before 9:30 or after 3": both bounds ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("nothing before 9:30 or after 3", "09:30", "15:00"),
        ("nothing before 10, nothing after 3", "10:00", "15:00"),
        ("not before 9:30 and not after 3", "09:30", "15:00"),
        ("2 kids nothing b4 10 or after 2:30", "10:00", "14:30"),
        ("nothing before 9am or after 4pm pls", "09:00", "16:00"),
        ("from 10 or after, home by 3", "10:00", "15:00"),
        ("not out before 9 or later than 3", "09:00", "15:00"),
        ("nothing before 10 nothing after 2:30", "10:00", "14:30"),
    ],
)
def test_nothing_before_or_after(text: str, start: str, end: str) -> None:
    assert (_all(text, "window_start"), _all(text, "window_end")) == ([start], [end])
    assert not [p for p, k in _unread(text) if k == "time"]


def test_nothing_after_alone_is_the_end() -> None:
    assert _all("nothing past 3 for the baby", "window_end") == ["15:00"]
    text = "nothing before 9:30 or after 3"
    assert _accepted(text, "window_end", "15:00", "or after 3")
    assert not _accepted(text, "window_start", "15:00", "or after 3")


# -- two ranges out: the gap is time at home ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "window", "home"),
    [
        ("out 9-11:30 and again 2-5", ("09:00", "17:00"), ("11:30", "14:00")),
        ("out 10 till 12 and then 3 till 5", ("10:00", "17:00"), ("12:00", "15:00")),
        (
            "out from 10, back for a 1pm nap, then out again 3-5",
            ("10:00", "17:00"),
            ("13:00", "15:00"),
        ),
        (
            "out at 9, need to be back home between 11 and 12 for a delivery, then out again til 3",
            ("09:00", "15:00"),
            ("11:00", "12:00"),
        ),
        ("we're out 9 to 11, then again from 2 to 4:30", ("09:00", "16:30"), ("11:00", "14:00")),
        ("2 kids from ascot out 8:30-11 & then 3-5", ("08:30", "17:00"), ("11:00", "15:00")),
        ("out 9-11, later on 2-4", ("09:00", "16:00"), ("11:00", "14:00")),
        ("out 9, home for a 12:30 lunch then out 2-4", ("09:00", "16:00"), ("12:30", "14:00")),
        ("out 9-11 then home for lunch then 2-4", ("09:00", "16:00"), ("11:00", "14:00")),
        ("out 9-12, home for lunch and a nap, then 3-5", ("09:00", "17:00"), ("12:00", "15:00")),
        ("9-11:30 then back home for bubs nap then 2:30-5", ("09:00", "17:00"), ("11:30", "14:30")),
        ("we can go out 10 till 1 and 3 till 5", ("10:00", "17:00"), ("13:00", "15:00")),
        (
            "me+2kids from ashgrove, out 9 home for nap 12 then out again 3-5",
            ("09:00", "17:00"),
            ("12:00", "15:00"),
        ),
    ],
)
def test_two_ranges_out_keep_home_between(text, window, home) -> None:
    assert (_all(text, "window_start"), _all(text, "window_end")) == ([window[0]], [window[1]])
    blocked = _all(text, "blocked")
    assert [(b["start"], b["end"], b["at_home"]) for b in blocked] == [(*home, True)]
    assert not [p for p, k in _unread(text) if k == "time"]


def test_two_ranges_out_verifier() -> None:
    text = "out 9-11:30 and again 2-5"
    assert not _accepted(text, "window_end", "11:30", "out 9-11:30")
    assert _accepted(text, "window_end", "17:00", "and again 2-5")


def test_second_range_with_its_own_appointment_word_is_the_appointment() -> None:
    text = "out 9-3 then 4-5 swimming lessons"
    assert _all(text, "window_end") == ["15:00"]
    assert [(b["start"], b["end"]) for b in _all(text, "blocked")] == [("16:00", "17:00")]


def test_two_ranges_out_end_to_end() -> None:
    report = plan_text("me and 2 kids from ascot, out 9-11:30 and again 2-5", REVIEW_NOW)
    assert report.status == "complete"
    stops = report.plan.stops
    assert not [s for s in stops if s.start < "14:00" and s.end > "11:30"]


def test_home_break_then_a_range_alone_is_the_day() -> None:
    for text, window in [
        ("home for lunch then 2-4", ("14:00", "16:00")),
        ("2 kids, home for a nap then 3 till 5", ("15:00", "17:00")),
    ]:
        assert (_all(text, "window_start"), _all(text, "window_end")) == ([window[0]], [window[1]])
        assert not _all(text, "blocked")
