"""Going out again after a break, and who is (not) coming.

- "back for nap at 12, then maybe out again 2:30-5" was a nap 14:30-17:00 away from home, and a
  plan visited a planetarium during the real nap; "out 9-12 and out again 3-5" ended the day at
  12:00. Now a time after "out again" / "back out" ends the break before it (at home), the range
  after it is the day's afternoon (its end is the day's end, its start never the day's start),
  and the gap between two outings is a blocked window at home; the verifier rejects a model's
  "9-12" as the day's end when the party goes out again later;
- "dad working so just me" counts one adult (an adult who is not coming is not counted), "me
  (dad)" and "grandma here with my grandson" name the writer once, "twin girls" are two children
  and "who are 7" is their age, not a number nobody read; "kids are 3, 9-3" no longer takes the
  9 of the range as a second child's age.
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.people import read_party
from dayplan.reading.verify import verify_reading
from tests.cli_runs import plan_text, read_items

TODAY = date(2026, 12, 1)


def _blocked(text: str) -> list[dict]:
    return [v for f, v in read_items(text)[0] if f == "blocked"]


@pytest.mark.parametrize(
    ("text", "window", "block"),
    [
        (
            "sat, me and 2 kids, toowong. back for nap at 12, then maybe out again 2:30-5",
            (None, "17:00"),
            ("12:00", "14:30"),
        ),
        (
            "sat, me and 2 kids, toowong, home for a nap at 12, out again at 2.30, home by 5",
            (None, "17:00"),
            ("12:00", "14:30"),
        ),
        (
            "sat, me and 2 kids, toowong, out 9-12, nap at home 12-2:30, out again 2:30-5",
            ("09:00", "17:00"),
            ("12:00", "14:30"),
        ),
        (
            "sat, me and 2 kids, toowong, out 9-12 and out again 3-5",
            ("09:00", "17:00"),
            ("12:00", "15:00"),
        ),
        (
            "saturday, 2 adults 1 toddler, Ashgrove, 9-12 then home for lunch and a nap, back out 3 till 5:30",
            ("09:00", "17:30"),
            ("12:00", "15:00"),
        ),
        (
            "Sunday in Kenmore, 2 adults 2 kids: 9:30-11:30 then home for lunch, heading back out from 2 until 4:30",
            ("09:30", "16:30"),
            ("11:30", "14:00"),
        ),
    ],
)
def test_out_again_after_a_break(text, window, block):
    got = dict(read_items(text)[0])
    assert (got.get("window_start"), got.get("window_end")) == window
    blocks = _blocked(text)
    assert [(b["start"], b["end"], b["at_home"]) for b in blocks] == [(*block, True)]


def test_the_first_outings_end_is_not_the_days_end():
    text = "sat, me and 2 kids, toowong, out 9-12 and out again 3-5"
    said = verify_reading(
        text, {"field": "window_end", "value": "12:00", "quote": "9-12"}, today=TODAY
    )
    assert said.error and "goes out again later" in said.error
    start = verify_reading(
        text, {"field": "window_start", "value": "15:00", "quote": "out again 3-5"}, today=TODAY
    )
    assert start.error == "the quote gives the day's end (17:00), not its start"


def test_nothing_is_planned_during_the_break_at_home():
    report = plan_text(
        "sat. kids 3 and 5. dad working so just me. toowong. back for nap at 12, then maybe out "
        "again 2:30-5"
    )
    assert report is not None and report.status == "complete"
    assert report.plan.totals.home_by <= "17:00"
    for s in report.plan.stops:
        assert s.end <= "12:00" or s.start >= "14:30", (s.name, s.start, s.end)
    assert any(s.start >= "14:30" for s in report.plan.stops)  # the afternoon outing is used


@pytest.mark.parametrize(
    ("phrase", "adults", "children"),
    [
        ("kids 3 and 5. dad working so just me", 1, 2),
        ("hubby is at work so it is me and the 3 kids", 1, 3),
        ("without dad this time, me and 2 kids", 1, 2),
        ("me (dad) and my twin girls who are 7", 1, 2),
        ("grandma here with my grandson (4)", 1, 1),
        ("Grandpa here, taking the 3 grandkids", 1, 3),
        ("just me and the twin boys", 1, 2),
        ("me and my partner and 2 kids", 2, 2),
        ("mum (me) + 2 kids", 1, 2),
        ("me and dad and 2 kids", 2, 2),
    ],
)
def test_who_is_coming(phrase, adults, children):
    party = read_party(phrase)
    assert (party.adults, party.children) == (adults, children)


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("Sunday: me (dad) and my twin girls who are 7, Camp Hill, home by 4", 2),
        ("me and my 2 boys who are 4 and 6, sat, Wynnum", 2),
        ("sat, 2 adults, kids are 3 and 5, 9-3, Wynnum", 2),
    ],
)
def test_ages_after_the_children_are_ages(text, children):
    items, unread = read_items(text)
    assert dict(items)["children"] == children
    assert not [u for u in unread if u.kind in ("number", "people", "party")]


def test_kids_are_three_beside_a_range_is_asked_not_two_children():
    items, unread = read_items("sat, 2 adults, kids are 3, 9-3, Wynnum")
    assert "children" not in dict(items)
    assert any(u.kind == "party" for u in unread)
