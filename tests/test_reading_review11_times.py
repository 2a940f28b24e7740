"""REVIEW11's time, appointment and budget findings, each as a class of wordings:

- a range said as a stay at home ("need to be home from 12 to 1:30 for lunch, then out again
  till 4:30", "have to be home from 12 until 2, then back out till 5", "back home 12-1:30",
  "we're home between 12 and 2 for naps") is a blocked window at home, named by its reason
  when one is said; never the day's window (the morning was lost and the plan went out during
  it); "out from home 9-3" stays the day's;
- "home 12-2 for the baby's nap, otherwise 9-5": the range after "otherwise" (or "rest of the
  day", "apart from that") is the day's window, never the nap's (it read a nap 09:00-17:00 and
  a day 12:00-14:00: no feasible plan);
- clear appointments are read, not asked: a booking said of an outing at a time ("planetarium
  show at 2pm is booked", "Lone Pine at 10 (booked)", "we've got tickets for lone pine at 10")
  is an appointment away, placed at its venue's suburb; "restaurant booking for 12:30"; an
  appointment word right before a time that says it is one ("dentist 9:15", "ballet 10am");
  "nap at 12 at home for 2 hours" (the length after "at home"); an event with a range and a
  place ("swimming carnival 8-11 at Chandler", "school concert 9:30-11 at Manly") is an
  appointment there, never the day's window; "museum crawl - 10-4" is the day's window; a
  reason for a deadline said with "so" ("home by 2pm so the kids can go to their dad's at
  2:30") is no limit of its own;
- a trailing "free" right after a time ("home by 11:30 free") is the budget 0, as with a comma;
  "free" right after a range ("9-1 free") or before a time word ("free from 10", "free after
  lunch", "free till 3") is when the party is free.

The verifier agrees with the proposer on each (a model's misreading is rejected).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, plan_text, read_items

REVIEW_NOW = "2026-12-04T18:00:00+10:00"
"""The reviewer's pinned now (a Friday: "Saturday" is 2026-12-05)."""

ZERO = {"amount": 0.0, "currency": "AUD", "per_person": False}


def _all(text: str, field: str) -> list:
    return [v for f, v in read_items(text)[0] if f == field]


def _one(text: str, field: str):
    got = _all(text, field)
    return got[0] if got else None


def _asks(text: str) -> list:
    return [u for u in read_items(text)[1] if u.asks]


def _accepted(text: str, field: str, value, quote: str) -> bool:
    out = verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )
    return not hasattr(out, "error")


# -- a range said as a stay at home -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "block", "end"),
    [
        (
            "Saturday. Spring Hill. 2 adults 1 kid. $30. We need to be home from 12 to 1:30 for "
            "lunch, then out again till 4:30",
            ("12:00", "13:30", "lunch"),
            "16:30",
        ),
        (
            "Paddington sat 1 adult 1 kid $30, we have to be home from 12 until 2, then back out "
            "till 5",
            ("12:00", "14:00", "home"),
            "17:00",
        ),
        (
            "sat Kenmore me + 2 kids, gotta be back home 12-1:30, then out till 4, $50",
            ("12:00", "13:30", "home"),
            "16:00",
        ),
        (
            "sat ashgrove 2 adults 1 kid have to be home 1-2:30 for the baby's sleep then out "
            "again till 5",
            ("13:00", "14:30", "sleep"),
            "17:00",
        ),
        (
            "sat 2 kids me, Ashgrove, we're home between 12 and 2 for naps, back out til 4:30",
            ("12:00", "14:00", "naps"),
            "16:30",
        ),
        (
            "sat spring hill 2 adults 1 kid home 12 - 1.30 for lunch then out again to 4.30",
            ("12:00", "13:30", "lunch"),
            "16:30",
        ),
        (
            "sat spring hill 2 adults 1 kid home from 12 to 2 then back out to 5",
            ("12:00", "14:00", "home"),
            "17:00",
        ),
        (
            "sat indooroopilly 2 adults 2 kids home 12-1:30 lunch then out again til 4 $50",
            ("12:00", "13:30", "lunch"),
            "16:00",
        ),
        (
            "sat indooroopilly 2 adults 1 kid need to be home by 12 till 2 for the nap, then out "
            "till 5",
            ("12:00", "14:00", "nap"),
            "17:00",
        ),
    ],
)
def test_a_range_said_at_home_is_a_stay_at_home(text, block, end) -> None:
    start, stop, label = block
    blocked = _all(text, "blocked")
    assert {"start": start, "end": stop, "label": label, "at_home": True} in blocked, blocked
    assert _one(text, "window_start") is None  # the morning is kept: the default start
    assert _one(text, "window_end") == end
    assert not _asks(text)


def test_a_home_range_is_never_the_days_window_for_the_verifier() -> None:
    text = (
        "Saturday. Spring Hill. 2 adults 1 kid. $30. We need to be home from 12 to 1:30 for "
        "lunch, then out again till 4:30"
    )
    assert not _accepted(text, "window_start", "12:00", "from 12 to 1:30")
    assert not _accepted(text, "window_end", "13:30", "from 12 to 1:30")
    assert _accepted(
        text,
        "blocked",
        {"start": "12:00", "end": "13:30", "label": "lunch", "at_home": True},
        "home from 12 to 1:30 for lunch",
    )
    assert not _accepted(
        text,
        "blocked",
        {"start": "12:00", "end": "13:30", "label": "lunch", "at_home": False},
        "home from 12 to 1:30 for lunch",
    )


@pytest.mark.parametrize(
    "text",
    [
        "sat ashgrove 2 adults 1 kid, out from home 9-3",
        "sat ashgrove 2 adults 1 kid, we leave home 9-3 ish",
        "Saturday, 1 adult 2 kids, Toowong, 9 till 4, quiet time at home 1-2",
    ],
)
def test_a_range_away_from_home_stays_the_day(text) -> None:
    assert _one(text, "window_start") == "09:00"
    assert all(b["start"] != "09:00" for b in _all(text, "blocked"))


def test_the_home_range_plan_keeps_the_party_home_then() -> None:
    report = plan_text(
        "Saturday. Spring Hill. 2 adults 1 kid. $30. We need to be home from 12 to 1:30 for "
        "lunch, then out again till 4:30",
        now=REVIEW_NOW,
    )
    assert report.status == "complete"
    for s in report.plan.stops:  # no stop inside the stay at home
        assert not (s.start < "13:30" and s.end > "12:00"), s
    assert report.plan.totals.home_by <= "16:30"


# -- "otherwise 9-5" is the day ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "block", "window"),
    [
        (
            "i have 3 kids (2, 4, 7) & no partner this wknd, Chermside, sat, $45, need to be home "
            "12-2 for the baby's nap, otherwise 9-5",
            ("12:00", "14:00"),
            ("09:00", "17:00"),
        ),
        (
            "Toowong, sat, 2 kids + me, home 1-3 for naps, otherwise 9 to 5, $50",
            ("13:00", "15:00"),
            ("09:00", "17:00"),
        ),
        (
            "Ashgrove sat 2 adults 2 kids $60, we're home between 12 and 2 for naps, rest of the "
            "day 9 to 4",
            ("12:00", "14:00"),
            ("09:00", "16:00"),
        ),
        (
            "sat spring hill 2 adults 1 kid home 12-2 for nap else 9-5",
            ("12:00", "14:00"),
            ("09:00", "17:00"),
        ),
        (
            "sat indooroopilly me + 3 kids, at home 12-2 (nap), otherwise 9-4",
            ("12:00", "14:00"),
            ("09:00", "16:00"),
        ),
        (
            "sat Bardon me and the twins, nap 12:30-2 at home, apart from that 8:30-4",
            ("12:30", "14:00"),
            ("08:30", "16:00"),
        ),
    ],
)
def test_otherwise_turns_to_the_days_window(text, block, window) -> None:
    blocked = _all(text, "blocked")
    assert [(b["start"], b["end"], b["at_home"]) for b in blocked] == [(*block, True)], blocked
    assert (_one(text, "window_start"), _one(text, "window_end")) == window
    assert not _asks(text)


def test_the_otherwise_range_is_no_nap_for_the_verifier() -> None:
    text = (
        "i have 3 kids (2, 4, 7) & no partner this wknd, Chermside, sat, $45, need to be home "
        "12-2 for the baby's nap, otherwise 9-5"
    )
    nap = {"start": "09:00", "end": "17:00", "label": "nap", "at_home": False}
    assert not _accepted(text, "blocked", nap, "nap, otherwise 9-5")
    assert not _accepted(text, "window_start", "12:00", "12-2")
    assert _accepted(text, "window_start", "09:00", "9-5")
    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "complete"


# -- clear appointments are read, not asked ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "block"),
    [
        (
            "sat, New Farm, 2 adults 2 kids, $80, planetarium show at 2pm is booked, home by 5",
            ("14:00", "15:00", "planetarium show", "Toowong"),
        ),
        (
            "sat new farm 2 adults 2 kids, we've booked the planetarium at 11, home by 3",
            ("11:00", "12:00", "planetarium", "Toowong"),
        ),
        (
            "sat paddington 2 adults, Lone Pine at 10 (booked), home by 2",
            ("10:00", "11:00", "lone pine", "Fig Tree Pocket"),
        ),
        (
            "sat Kenmore 2 adults 2 kids, we've got tickets for lone pine at 10, home by 2 $100",
            ("10:00", "11:00", "lone pine", "Fig Tree Pocket"),
        ),
    ],
)
def test_a_booked_outing_is_an_appointment_at_its_venue(text, block) -> None:
    start, end, label, place = block
    blocked = _all(text, "blocked")
    want = {"start": start, "end": end, "label": label, "at_home": False, "place": place}
    assert want in blocked, blocked
    assert not _asks(text)


def test_an_unbooked_outing_at_a_time_is_still_asked() -> None:
    text = "sat new farm 2 adults 2 kids, the planetarium at 2pm, it's a must"
    assert not _all(text, "blocked")
    assert [u.kind for u in _asks(text)] == ["activity"]


@pytest.mark.parametrize(
    ("text", "block"),
    [
        (
            "sat paddington 2 adults 1 kid, restaurant booking for 12:30, home by 4",
            ("12:30", "13:30", "restaurant booking", False),
        ),
        (
            "sat new farm 2 adults 1 kid, lunch reservation for 12:30, then home by 3, $100",
            ("12:30", "13:30", "lunch reservation", False),
        ),
        (
            "sat, Bulimba, 2 adults 2 kids, dentist 9:15 sat morning then free til 3, $60",
            ("09:15", "10:15", "dentist", False),
        ),
        ("sat 2 adults Paddington ballet 10am then out, $40", ("10:00", "11:00", "ballet", False)),
        (
            "sat new farm 2 adults 2 kids, booked lunch for 12, home by 3",
            ("12:00", "13:00", "booked lunch", False),
        ),
        (
            "sat new farm 2 adults 2 kids, dentist appt 10:30, home by 2",
            ("10:30", "11:30", "dentist appt", False),
        ),
        (
            "sat new farm 2 adults 2 kids, swimming lessons - 9-10, then out till 3",
            ("09:00", "10:00", "swimming lessons", False),
        ),
        (
            "sat Paddington 2 adults 1 kid nap at 12 at home for 2 hours",
            ("12:00", "14:00", "nap", True),
        ),
        (
            "sat Paddington 2 adults 1 kid nap at home 1 for an hour and a half",
            ("13:00", "14:30", "nap", True),
        ),
    ],
)
def test_an_appointment_at_a_time_is_read(text, block) -> None:
    start, end, label, home = block
    blocked = _all(text, "blocked")
    assert {"start": start, "end": end, "label": label, "at_home": home} in blocked, blocked
    assert not _asks(text)


@pytest.mark.parametrize(
    ("text", "block", "place"),
    [
        (
            "sat 1 adult 2 kids swimming carnival 8-11 at Chandler, Home by 3, $40",
            ("08:00", "11:00", "swimming carnival"),
            "Chandler",
        ),
        (
            "sat, 1 adult 2 kids, Carindale, swimming carnival 8-11 at Chandler, Home by 3, $40",
            ("08:00", "11:00", "swimming carnival"),
            "Chandler",
        ),
        (
            "Wynnum sat 2 adults 2 kids, school concert 9:30-11 at Manly, then free til 4",
            ("09:30", "11:00", "concert"),
            "Manly",
        ),
        (
            "Sunday Bulimba 2 adults 2 kids athletics carnival 8:30-12 at Chandler then out till 4 "
            "$50",
            ("08:30", "12:00", "athletics carnival"),
            "Chandler",
        ),
    ],
)
def test_an_event_with_a_range_and_a_place_is_an_appointment_there(text, block, place) -> None:
    start, end, label = block
    blocked = _all(text, "blocked")
    want = {"start": start, "end": end, "label": label, "at_home": False, "place": place}
    assert want in blocked, blocked
    assert _one(text, "window_start") is None
    assert not _asks(text)


@pytest.mark.parametrize(
    ("text", "window"),
    [
        ("sat Paddington 2 adults 1 kid museum crawl - 10-4", ("10:00", "16:00")),
        ("sat 2 adults 1 kid new farm gallery hopping 10-2", ("10:00", "14:00")),
        ("sat 2 adults 1 kid new farm, museums - 9:30 to 3:30", ("09:30", "15:30")),
    ],
)
def test_a_crawl_of_outings_with_a_range_is_the_day(text, window) -> None:
    assert (_one(text, "window_start"), _one(text, "window_end")) == window
    assert not _asks(text)


def test_a_single_outing_with_a_range_is_still_asked() -> None:
    text = "sat 2 adults 1 kid new farm museum trip 10-12"
    assert [u.kind for u in _asks(text)] == ["activity"]


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (
            "sat Kedron me and 2 kids $40 home by 2pm so the kids can go to their dad's at 2:30",
            "14:00",
        ),
        ("sat Kedron me and 2 kids $40 back by 4 so we can get ready for dinner at 5:30", "16:00"),
        ("sat kedron 2 adults 1 kid $50 home by 3 to get ready for the party at 4", "15:00"),
        ("sat kedron 2 adults 1 kid $40 home by 4 - dinner at grandma's at 5", "16:00"),
        ("sat kedron 2 adults 1 kid $40 home by 2 so they can get to their dads by 2:30", "14:00"),
    ],
)
def test_a_reason_after_so_is_no_limit(text, end) -> None:
    assert _all(text, "window_end") == [end]
    assert not _asks(text)


def test_a_second_deadline_said_with_or_is_still_asked() -> None:
    text = "sat kedron 2 adults 1 kid $40 home by 3 - or by 4 at the latest"
    assert _all(text, "window_end") == ["15:00"]
    assert [u.phrase for u in _asks(text)] == ["home by 3; 4 at the latest"]  # both quoted


def test_the_reason_is_no_deadline_for_the_verifier() -> None:
    text = "sat Kedron me and 2 kids $40 home by 2pm so the kids can go to their dad's at 2:30"
    assert not _accepted(text, "window_end", "14:30", "at 2:30")
    assert _accepted(text, "window_end", "14:00", "home by 2pm")


# -- a trailing "free" ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "saturday herston me + 1 kid home by 11:30 free",
        "Spring Hill sat 2 adults home by 12 free",
        "Spring Hill sat 2 adults home by 12, free",
        "sat paddington 2 adults 2 kids back by 3pm free",
        "Spring Hill sat 2 adults home by 12pm free stuff",
        "sat 2 adults Paddington home by 3 free things only",
        "sat indooroopilly 2 adults 1 kid, home by 3 free pls",
        "sat indooroopilly 2 adults 1 kid, home by 3 free and indoors",
        "sat herston me + 1 kid home by 1 free entry",
        "sat herston me + 1 kid home by 1, free entry",
    ],
)
def test_a_trailing_free_is_the_budget_zero(text) -> None:
    assert _all(text, "budget") == [ZERO]
    assert _one(text, "window_end") is not None


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("sat new farm 2 kids we're free from 10 home by 3", "10:00"),
        ("sat 2 adults Paddington free after lunch home by 5 $50", "13:00"),
        ("footy at Ashgrove 8-9 then 9-1 free, sat 12th, Paddington, 2 adults 1 kid, $20", "09:00"),
        ("sat new farm 2 adults 2 kids, kids under 12 free, out from 10, $30", "10:00"),
    ],
)
def test_free_said_of_a_time_is_no_budget(text, start) -> None:
    assert ZERO not in _all(text, "budget")
    assert _one(text, "window_start") == start


def test_free_till_is_no_budget() -> None:
    text = "sat new farm 2 adults 1 kid, free till 3, $30"
    assert _all(text, "budget") == [{"amount": 30.0, "currency": "AUD", "per_person": False}]
    assert _one(text, "window_end") == "15:00"


def test_the_verifier_reads_free_by_where_it_stands() -> None:
    assert _accepted("saturday herston me + 1 kid home by 11:30 free", "budget", ZERO, "free")
    assert not _accepted("sat new farm 2 kids we're free from 10 home by 3", "budget", ZERO, "free")
    assert not _accepted(
        "footy at Ashgrove 8-9 then 9-1 free, sat 12th, Paddington, 2 adults 1 kid, $20",
        "budget",
        ZERO,
        "free",
    )


def test_a_trailing_free_plans_free_stops_only() -> None:
    report = plan_text("saturday herston me + 1 kid home by 11:30 free", now=REVIEW_NOW)
    assert report.status == "complete"
    assert report.plan.totals.cost == 0


def test_the_verifier_holds_appointments_to_their_words() -> None:
    booked = "sat, New Farm, 2 adults 2 kids, $80, planetarium show at 2pm is booked, home by 5"
    show = {"start": "14:00", "end": "15:00", "label": "planetarium show", "at_home": False}
    quote = "planetarium show at 2pm is booked"
    assert _accepted(booked, "blocked", {**show, "place": "Toowong"}, quote)
    assert not _accepted(booked, "blocked", {**show, "place": "New Farm"}, quote)
    assert not _accepted(booked, "blocked", {**show, "at_home": True}, quote)
    assert not _accepted(booked, "blocked", show, "planetarium show at 2pm")  # booked unquoted
    carnival = "sat 1 adult 2 kids swimming carnival 8-11 at Chandler, Home by 3, $40"
    assert not _accepted(carnival, "window_start", "08:00", "8-11")
    nap = "sat Paddington 2 adults 1 kid nap at 12 at home for 2 hours"
    short = {"start": "12:00", "end": "13:00", "label": "nap", "at_home": True}
    assert not _accepted(nap, "blocked", short, "nap at 12 at home")  # its length cut off
    assert _accepted(nap, "blocked", {**short, "end": "14:00"}, "nap at 12 at home for 2 hours")
