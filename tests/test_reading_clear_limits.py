"""Clear limits the reader used to ask about (REVIEW4 F5): a filler word between a deadline
cue and its time ("back by a quarter past two", "home by about 3"), "back at the house by 2
o'clock", 24-hour "14h30", a stay at home with a length or a later deadline ("back home for
lunch at 12:30 for an hour, home by 4": an at-home blocked window, "home by 4" the day's end),
"fifty max" beside a money word, and "no drive longer than 10 minutes" (a cap on a leg, no
negated travel mode). Party quotes stop at the party ("2 adults, West End, I" is "2 adults")."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading.verify import verify_reading
from dayplan.service.run import plan
from tests.reading_helpers import asked, quoted, unread

NOW = "2026-12-01T08:00:00+10:00"


@pytest.mark.parametrize(
    ("cue", "end", "quote"),
    [
        ("must be back by a quarter past two", "14:15", "must be back by a quarter past two"),
        ("need to be back at the house by 2 o'clock", "14:00", "need to be back at the house by 2"),
        ("home by 14h30", "14:30", "home by 14h30"),
        ("home by about 3", "15:00", "home by about 3"),
        ("back by around half past three", "15:30", "back by around half past three"),
        ("we need to be back at ours by 4", "16:00", "need to be back at ours by 4"),
        ("home by a quarter to four", "15:45", "home by a quarter to four"),
        ("home by roughly 4pm", "16:00", "home by roughly 4pm"),
        ("back at the house by 1.30", "13:30", "back at the house by 1.30"),
        ("home by 15h00", "15:00", "home by 15h00"),
    ],
)
def test_deadline_with_filler_is_read(cue: str, end: str, quote: str) -> None:
    text = f"Saturday, 2 adults, Chermside, {cue}"
    assert quoted(text, "window_end") == [(end, quote)]
    assert asked(text) == []


def test_24_hour_h_times_start_and_end() -> None:
    text = "Saturday, 2 adults, Chermside, out from 09h30, home by 15h00"
    assert quoted(text, "window_start") == [("09:30", "from 09h30")]
    assert quoted(text, "window_end") == [("15:00", "home by 15h00")]


@pytest.mark.parametrize(
    ("text", "blocked", "quote"),
    [
        (
            "Saturday, 2 adults 2 kids, Toowong, back home for lunch at 12:30 for an hour, home by 4",
            ("12:30", "13:30"),
            "back home for lunch at 12:30 for an hour",
        ),
        (
            "Saturday, 2 adults 2 kids, Toowong, lunch at home at 12:30 for an hour, home by 4",
            ("12:30", "13:30"),
            "lunch at home at 12:30 for an hour",
        ),
        (
            "Saturday, 2 adults 2 kids, Toowong, home for lunch at 12:30, home by 4",
            ("12:30", "13:30"),
            "home for lunch at 12:30",
        ),
        (
            "Saturday, 2 adults 1 kid, Chermside, home for a nap at 1 for 90 minutes, back home by 5",
            ("13:00", "14:30"),
            "home for a nap at 1 for 90 minutes",
        ),
        (
            "Saturday, 2 adults, Toowong, back home for lunch at 12, then out again till 4",
            ("12:00", "13:00"),
            "back home for lunch at 12",
        ),
    ],
)
def test_a_stay_at_home_is_a_blocked_window_not_the_day_end(text, blocked, quote) -> None:
    got = quoted(text, "blocked")
    assert len(got) == 1 and got[0][1] == quote
    value = got[0][0]
    assert (value["start"], value["end"], value["at_home"]) == (*blocked, True)
    ends = quoted(text, "window_end")
    assert len(ends) == 1 and ends[0][0] == ("17:00" if "by 5" in text else "16:00")
    assert asked(text) == []


def test_home_for_a_time_with_no_other_deadline_is_still_the_day_end() -> None:
    text = "Saturday, 2 adults 2 kids, Toowong, home for lunch by 12:30"
    assert quoted(text, "window_end") == [("12:30", "home for lunch by 12:30")]
    assert quoted(text, "blocked") == []


def test_the_verifier_rejects_a_stay_at_home_as_the_day_end() -> None:
    text = "Saturday, 2 adults 2 kids, Toowong, back home for lunch at 12:30 for an hour, home by 4"
    bad = verify_reading(
        text,
        {"field": "window_end", "value": "12:30", "quote": "back home for lunch at 12:30"},
        today=date(2026, 12, 1),
    )
    assert "stay at home" in bad.error


@pytest.mark.parametrize(
    ("cue", "amount", "per_person", "quote"),
    [
        ("money's tight - fifty max", 50.0, False, "fifty max"),
        ("money is tight, a hundred tops", 100.0, False, "a hundred tops"),
        ("budget's tight so eighty max", 80.0, False, "eighty max"),
        ("cheap please - twenty-five max each", 25.0, True, "twenty-five max each"),
        ("$$ tight - like 50 max", 50.0, False, "50 max"),
    ],
)
def test_bare_amount_with_a_cap_word_beside_money_words(cue, amount, per_person, quote) -> None:
    text = f"Saturday, 2 adults, Chermside, {cue}, home by 4"
    value = {"amount": amount, "currency": "AUD", "per_person": per_person}
    assert quoted(text, "budget") == [(value, quote)]
    assert not [u for u in unread(text) if u[1] == "money"]


@pytest.mark.parametrize(
    ("cue", "cap"),
    [
        ("no drive longer than 10 minutes", 10),
        ("no driving more than 15 min each way", 15),
        ("no car trips over 20 minutes", 20),
        ("no drives longer than 25 minutes", 25),
    ],
)
def test_a_leg_cap_is_no_negated_mode(cue: str, cap: int) -> None:
    text = f"Saturday, 2 adults, Kedron, {cue}, home by 4"
    assert [v for v, _ in quoted(text, "max_leg_minutes")] == [cap]
    assert not [u for u in unread(text) if u[1] == "travel"]
    assert asked(text) == []


@pytest.mark.parametrize("cue", ["no driving today", "no car", "no car trips please"])
def test_no_car_without_a_cap_still_asks_how(cue: str) -> None:
    text = f"Saturday, 2 adults, Kedron, {cue}, home by 4"
    assert [u for u in unread(text) if u[1] == "travel"]


@pytest.mark.parametrize(
    ("text", "quote", "adults", "children"),
    [
        ("Saturday, 2 adults, West End, I want a quiet day, home by 3", "2 adults", 2, None),
        ("Saturday, 2 adults, Chermside, home by 4, I have no licence", "2 adults", 2, None),
        ("Saturday, two adults, Toowong, I think rain, home by 3", "two adults", 2, None),
        ("mum + toddler, Chermside, toddler naps at 1, Saturday", "mum + toddler", 1, 1),
        ("Saturday, me and my 2 kids, Chermside", "me and my 2 kids", 1, 2),
        ("Saturday, 2 adults and me, Chermside", "2 adults and me", 2, None),
    ],
)
def test_party_quote_stops_at_the_party(text, quote, adults, children) -> None:
    assert quoted(text, "adults") == [(adults, quote)]
    assert quoted(text, "children") == ([] if children is None else [(children, quote)])


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("Saturday, 2 adults, Chermside, must be back by a quarter past two", "14:15"),
        (
            "Saturday, 2 adults 2 kids, Toowong, back home for lunch at 12:30 for an hour, home by 4",
            "16:00",
        ),
    ],
)
def test_clear_texts_are_planned(text: str, end) -> None:
    report = plan(PlanRequest.model_validate({"text": text, "now": NOW})).report
    assert report.status in ("complete", "no_feasible_plan"), report.questions
    assert not report.questions
    if end and report.status == "complete":
        assert report.plan.totals.home_by <= end
