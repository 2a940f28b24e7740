"""Parts of the day in words bound the day's window (issue 12, review 3 #10): "this arvo",
"Saturday morning", "evening", "midday till late afternoon" are window readings with their
quotes, verified by code against the stated mapping of ``dayplan.reading.dayparts``; a time
said wins for its bound; a structured window wins over both; false friends stay out."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest, TimeWindow
from dayplan.reading import ReadingItem, ReadingRejection, read_request, verify_reading
from dayplan.reading import dayparts as dp
from dayplan.reading.apply import apply_reading
from tests.reading_helpers import TODAY, read, unread


def window(text: str) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """``(value, quote)`` of the accepted window_start and window_end readings of ``text``."""
    accepted, _ = read_request(text, today=TODAY)
    got: dict[str, tuple[str, str]] = {}
    for item in accepted.items:
        if item.field in ("window_start", "window_end"):
            got.setdefault(item.field, (item.value, item.quote))
    return got.get("window_start"), got.get("window_end")


# -- a part of the day alone is the day's window, quoted ------------------------------------


@pytest.mark.parametrize(
    ("text", "start", "end", "quote"),
    [
        ("Plan this arvo in New Farm, 2 adults", "12:00", "17:00", "this arvo"),
        ("this afternoon please! 2 kids, West End", "12:00", "17:00", "this afternoon"),
        ("Saturday morning with 2 kids at Chermside", "09:00", "12:00", "Saturday morning"),
        ("Sunday arvo, 2 adults, New Farm", "12:00", "17:00", "Sunday arvo"),
        ("Sat arvo w/ 2 kids, Carindale", "12:00", "17:00", "Sat arvo"),
        ("tomorrow evening, 2 adults, South Bank", "17:00", "20:00", "tomorrow evening"),
        ("Saturday evening, 2 adults, South Brisbane", "17:00", "20:00", "Saturday evening"),
        ("tonight, 2 adults, South Brisbane", "17:00", "20:00", "tonight"),
        ("just the afternoon, Saturday, 2 kids", "12:00", "17:00", "just the afternoon"),
        (
            "What can we do on Sunday afternoon with a 4yo and a 7yo near Indooroopilly?",
            "12:00",
            "17:00",
            "Sunday afternoon",
        ),
        ("late arvo, 2 adults, Toowong", "15:00", "17:00", "late arvo"),
        ("early afternoon, Saturday, 3 kids", "12:00", "15:00", "early afternoon"),
        ("Saturday avo, 2 adults", "12:00", "17:00", "Saturday avo"),
        ("Saturday, 2 kids, in the morning if possible", "09:00", "12:00", "morning"),
        ("Sat mid-morning, 2 adults", "10:00", "12:00", "Sat mid-morning"),
        ("SATURDAY MORNING - 2 adults 2 kids - Wynnum", "09:00", "12:00", "SATURDAY MORNING"),
        ("Sat morn, 2 kids, Kenmore", "09:00", "12:00", "Sat morn"),
    ],
)
def test_a_part_of_the_day_alone_is_the_window(text, start, end, quote):
    assert window(text) == ((start, quote), (end, quote))


@pytest.mark.parametrize(
    ("text", "start", "end", "quote"),
    [
        (
            "midday till late afternoon, 2 adults, Toowong",
            "12:00",
            "17:00",
            "midday till late afternoon",
        ),
        (
            "from mid-morning to mid-afternoon, Saturday",
            "10:00",
            "16:00",
            "from mid-morning to mid-afternoon",
        ),
        ("mid morning till lunch, Saturday, 2 kids", "10:00", "12:00", "mid morning till lunch"),
        (
            "Saturday morning and afternoon, 2 adults",
            "09:00",
            "17:00",
            "Saturday morning and afternoon",
        ),
        ("morning till 2, Saturday, 2 kids", "09:00", "14:00", "morning till 2"),
        (
            "Saturday 9 till mid-afternoon, 2 kids",
            "09:00",
            "16:00",
            "Saturday 9 till mid-afternoon",
        ),
    ],
)
def test_a_range_of_parts_runs_from_the_first_start_to_the_second_end(text, start, end, quote):
    assert window(text) == ((start, quote), (end, quote))


def test_a_part_ruled_out_is_the_days_other_side():
    assert window("not the morning - bub sleeps. Saturday, 2 adults 1 baby") == (
        ("12:00", "not the morning"),
        None,
    )
    assert window("Saturday, 2 kids, nothing in the morning - swimming lessons")[0] == (
        "12:00",
        "nothing in the morning",
    )
    assert window("not in the arvo, bub naps. Saturday 2 kids")[1] == ("12:00", "not in the arvo")
    assert window("we are not free in the morning, Saturday")[0][0] == "12:00"


def test_busy_for_a_part_is_the_days_other_side():
    assert window("Saturday: we're busy in the morning, 2 adults") == (
        ("12:00", "busy in the morning"),
        None,
    )
    assert window("tied up Saturday arvo, 2 kids") == (None, ("12:00", "tied up Saturday arvo"))
    assert window("booked all morning, 2 kids, Toowong")[0] == ("12:00", "booked all morning")
    assert window("we're booked until the afternoon, 2 adults")[0][0] == "12:00"


def test_from_a_part_is_its_start():
    assert window("from mid-morning, 2 kids, Saturday") == (("10:00", "from mid-morning"), None)


# -- an explicit time wins for its bound; a structured window wins over both ----------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (
            "Saturday morning, home by 11, 2 adults, New Farm",
            ("09:00", "Saturday morning"),
            ("11:00", "home by 11"),
        ),
        (
            "Sunday afternoon from 2, 2 adults, New Farm",
            ("14:00", "from 2"),
            ("17:00", "Sunday afternoon"),
        ),
        (
            "this arvo, 2 adults, New Farm, home by 4",
            ("12:00", "this arvo"),
            ("16:00", "home by 4"),
        ),
        (
            "Saturday morning, not before 10, 2 kids",
            ("10:00", "not before 10"),
            ("12:00", "Saturday morning"),
        ),
        ("Saturday evening, out from 6pm", ("18:00", "from 6pm"), ("20:00", "Saturday evening")),
        ("afternoon, 1pm to 4pm, 2 kids", ("13:00", "1pm to 4pm"), ("16:00", "1pm to 4pm")),
        (
            "busy in the morning, home by 4, Saturday",
            ("12:00", "busy in the morning"),
            ("16:00", "home by 4"),
        ),
    ],
)
def test_an_explicit_time_wins_for_its_bound(text, start, end):
    assert window(text) == (start, end)


def test_what_already_read_is_unchanged():
    # the review's "read" cases: a part said "only", with a time beside it
    assert window("morning only, 2 adults, New Farm, home by lunch") == (
        ("09:00", "morning only"),
        ("12:00", "home by lunch"),
    )
    assert window("arvo only (from 1pm), 2 adults, New Farm") == (
        ("13:00", "from 1pm"),
        ("17:00", "arvo only"),
    )
    assert window("after lunch, Saturday, 2 kids") == (("13:00", "after lunch"), None)
    assert window("from nine on Saturday morning") == (("09:00", "from nine"), None)


def test_a_structured_window_wins_over_a_part_of_the_day():
    text = "Saturday morning, 2 adults, New Farm"
    accepted, _ = read_request(text, today=TODAY)
    request = PlanRequest(text=text, window=TimeWindow(start="13:00", end="16:00"))
    applied = apply_reading(request, accepted)
    assert {"window_start", "window_end"}.isdisjoint(applied.hints)
    assert {i.field for i, _ in applied.overridden} >= {"window_start", "window_end"}


def test_saturday_alone_keeps_the_default_window():
    assert window("Saturday, 2 adults, New Farm") == (None, None)
    assert window("Saturday with 2 kids in Toowong, museums please") == (None, None)


# -- "this arvo" is today --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("this arvo, 2 adults, New Farm", "2026-12-01"),
        ("Plan this afternoon in West End, 2 kids", "2026-12-01"),
        ("tonight, 2 adults, South Brisbane", "2026-12-01"),
        ("tomorrow arvo, 2 adults, New Farm", "2026-12-02"),
        ("Sunday arvo, 2 adults", "2026-12-06"),
        ("I checked the forecast this morning, looks like rain Saturday, 2 kids", "2026-12-05"),
    ],
)
def test_the_day_said_with_a_part_is_the_date(text, day):
    assert read(text)["date"] == day


# -- false friends: no part of the day's window ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "morning tea somewhere nice Saturday, 2 adults",
        "Saturday, afternoon tea at a cafe, 2 adults",
        "Good morning! Looking for ideas Saturday, 2 adults 1 kid",
        "Saturday, afternoon nap 1-2 at home, 2 kids",
        "the evening before we fly out, so Saturday daytime only",
        "lunch at home then out again, Saturday, 2 kids",
        "Sat morning footy 8-10 then free the rest of the day",
        "Saturday, swimming lessons in the morning, 2 kids",
        "showers in the afternoon, Saturday, 2 adults",
        "hot in the arvo so mornings are better",
        "Saturday, leave at 10 in the morning, 2 adults",
        "smashed avo brunch then the museum, Saturday",
        "every morning the kids watch Bluey; Saturday, 2 kids",
        "yesterday afternoon was a washout; Saturday, 2 adults",
        "party this evening so Saturday daytime only, 2 kids",
        "Saturday morning markets, 2 adults",
        "Sat, the kids are at school in the morning",
        "museum in the morning and a park in the afternoon, Saturday, 2 kids",
        "the kids nap in the afternoon, Saturday, 2 kids",
    ],
)
def test_false_friends_are_no_window(text):
    start, end = window(text)
    for said in (start, end):
        assert said is None or not dp.is_part_quote(said[1]), (text, start, end)


def test_a_nap_after_a_part_stays_a_blocked_window_not_the_day():
    got = read("Saturday, afternoon nap 1-2 at home, 2 kids")
    assert got["blocked"] == [{"start": "13:00", "end": "14:00", "label": "nap", "at_home": True}]
    assert "window_start" not in got and "window_end" not in got


def test_a_part_of_the_day_qualifying_a_time_only_says_am_or_pm():
    start, end = window("Saturday from 9 in the morning till 3 in the afternoon")
    assert start[0] == "09:00" and end[0] == "15:00"
    assert not dp.is_part_quote(start[1]) and not dp.is_part_quote(end[1])


def test_a_part_after_an_end_cue_is_a_vague_deadline_and_asked():
    # the convention is not assumed for a deadline: the net lists it and the run asks
    for text, phrase in (
        ("home by mid-afternoon please", "home by mid-afternoon"),
        ("out till late arvo, 2 adults", "till late arvo"),
        ("back before evening, Saturday", "back before evening"),
        ("Saturday, back in the evening for dinner, 2 adults", "back in the evening"),
    ):
        assert window(text)[1] is None, text
        assert (phrase, "time") in unread(text), unread(text)


# -- verified by code against the mapping ----------------------------------------------------


def test_the_mapping_is_the_documented_one():
    assert dp.PARTS["morning"] == (9 * 60, 12 * 60)
    assert dp.PARTS["afternoon"] == (12 * 60, 17 * 60)
    assert dp.PARTS["evening"] == (17 * 60, 20 * 60)
    for key, (start, end) in dp.PARTS.items():
        assert start < end, key
        line = f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"
        assert line in dp.__doc__, key  # the docstring's table states every bound


def test_a_wrong_value_for_a_part_is_rejected_with_the_mapping():
    got = verify_reading(
        "this arvo, 2 kids",
        {"field": "window_start", "value": "13:00", "quote": "this arvo"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection)
    assert got.found == "12:00" and "dayparts" in got.error
    ok = verify_reading(
        "this arvo, 2 kids",
        {"field": "window_end", "value": "17:00", "quote": "this arvo"},
        today=TODAY,
    )
    assert isinstance(ok, ReadingItem) and ok.value == "17:00"


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Saturday, morning tea at a cafe, 2 kids", "morning"),
        ("afternoon nap 1-2, Saturday", "afternoon"),
        ("showers this arvo, Saturday", "this arvo"),
        ("leave at 10 in the morning, Saturday", "morning"),
        ("the evening before, pack the car; Saturday 2 kids", "evening"),
    ],
)
def test_a_false_friend_quoted_as_the_window_is_rejected(text, quote):
    got = verify_reading(
        text, {"field": "window_start", "value": "09:00", "quote": quote}, today=TODAY
    )
    assert isinstance(got, ReadingRejection), got
    assert "part of the day" in got.error or "not" in got.error


# -- served runs: the status is earned on the read window -------------------------------------


def _run(text: str):
    from dayplan.service.run import plan

    return plan(PlanRequest(text=text, now="2026-12-01T08:00:00+10:00")).report


def _minutes(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:])


def test_this_arvo_is_planned_this_afternoon_today():
    report = _run("this arvo, 2 adults, New Farm, home by 5")
    assert report.status == "complete"
    assert report.date == "2026-12-01"
    assert report.plan.stops and _minutes(report.plan.stops[0].start) >= 12 * 60
    assert _minutes(report.plan.totals.home_by) <= 17 * 60
    said = {(r.field, r.value, r.quote) for r in report.readings}
    assert {("window_start", "12:00", "this arvo"), ("date", "2026-12-01", "this arvo")} <= said


def test_saturday_morning_ends_by_noon():
    report = _run("Saturday morning, 2 adults, New Farm, parks")
    assert report.status == "complete" and report.date == "2026-12-05"
    assert _minutes(report.plan.totals.home_by) <= 12 * 60
    assert not any("Day window assumed" in a for a in report.assumptions)


def test_saturday_evening_starts_at_five():
    report = _run("Saturday evening, 2 adults, South Brisbane")
    assert report.status == "complete"
    assert all(_minutes(s.start) >= 17 * 60 for s in report.plan.stops)
    assert _minutes(report.plan.totals.home_by) <= 20 * 60


def test_a_part_with_an_unread_party_still_asks():
    report = _run("Saturday morning with the kids at Chermside")
    assert report.status == "needs_clarification"
    assert ("window_end", "12:00", "Saturday morning") in {
        (r.field, r.value, r.quote) for r in report.readings
    }


# -- start-only and end-only parts; several parts in one sentence -----------------------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("The kids are up early, so an early morning start Saturday, 2 kids", "07:00", None),
        ("Saturday, leaving early afternoon, 2 kids", "12:00", None),
        ("Saturday, heading out late morning, 2 adults", "10:00", None),
        ("Saturday: out in the morning, then back out in the afternoon", "09:00", "17:00"),
        ("morning or afternoon, whatever works, Saturday 2 kids", "09:00", "17:00"),
        ("Sunday morning before it gets too hot, 2 adults 2 kids, Bulimba", "09:00", "12:00"),
    ],
)
def test_a_part_gives_one_bound_or_joins_another(text, start, end):
    got_start, got_end = window(text)
    assert (got_start and got_start[0]) == start and (got_end and got_end[0]) == end, (
        got_start,
        got_end,
    )


def test_a_start_part_leaves_a_vague_home_time_asked():
    text = "Saturday, leaving early afternoon, back for dinner, 2 kids"
    assert window(text) == (("12:00", "leaving early afternoon"), None)
    assert ("back for dinner", "time") in unread(text)


def test_the_morning_after_a_party_is_no_window():
    assert window("the morning after the party, Saturday, 2 kids") == (None, None)


@pytest.mark.parametrize(
    "text",
    [
        "morning " * 500,
        "busy in the morning " * 200,
        "Saturday morning and " * 190,
        "土曜日の午後、子供2人",
        "samedi après-midi avec 2 enfants",
        "morning\x00tea, arvo\u2013evening",
    ],
)
def test_any_text_reads_without_error(text):
    found = dp.spans(" ".join(text.lower().split())[:4000])
    assert all(role in ("start", "end") and 0 <= m < 24 * 60 for _, _, role, m in found)
    read_request(text[:4000], today=TODAY)  # the whole reader too: never raises


def test_first_thing_is_the_mornings_start_and_joins_a_later_part():
    assert window("Sunday, first thing, 2 kids") == (("09:00", "first thing"), None)
    assert window("out first thing till late afternoon, 2 kids") == (
        ("09:00", "first thing till late afternoon"),
        ("17:00", "first thing till late afternoon"),
    )
    # the market in the morning and Eat Street in the evening: the day runs to the evening's
    # end, never only the evening
    text = (
        "Sunday from New Farm: the market first thing, the baby naps at home 10:30-12:30, "
        "then Eat Street in the evening. 2 adults 1 baby."
    )
    start, end = window(text)
    assert end == ("20:00", "evening") and (start is None or start[0] == "09:00")
