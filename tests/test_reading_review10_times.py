"""REVIEW10's time, place, date and avoid findings (A5 and section C), each as a class of
wordings:

- an avoid that names a suburb refuses the venues there ("pools only, not Chandler", "no
  Mt Coot-tha anything"), of the kind when one is said ("not the Chandler pool", "no pools at
  Chandler"); the suburb is never the home or the day's location for it, and a suburb that is
  also the home stays the home (only its venues are left out);
- a place said inside an avoid or after a venue's "at" is never the home or the location (the
  header said "Mount Coot-tha" for a day from Bardon), and "the Botanic Gardens at Mt
  Coot-tha" names the Mt Coot-tha gardens, not the City Botanic Gardens; "the police museum"
  names the Queensland Police Museum (a wish), not every museum;
- a phrase's time is not the whole day's window: "indoor stuff from 2" (the weather's part of
  the day), "park only in the morning", "outdoors in the morning" are when a kind of outing is
  wished (listed, not asked); "home for lunch 12-1:30 and the little one naps at home until 3"
  is a stay at home 13:30-15:00 (the day started at 15:00, the morning lost); "lunch out 12-1
  then ... then park till 5" ends the day at 17:00;
- clear deadlines are read, not asked: an event said as the deadline's reason ("airport at 1,
  so home by 12:30", "footy at the Gabba at 3 so home by 2", "cake at home at 3 so home by
  2:45", "home by 2 because the footy is at 3") is no limit of its own; "need home for their
  dinner at 5:30", "10am start", "get out early, like 8:30", "home by 1130 4 lunch" (texting's
  "for"), "an hour at home for lunch 12-1" (the hour is the range's), "kids party at 2pm at
  Victoria Park, 2 hours" (the park's suburb and the party's length); "the planetarium at 2pm,
  it's a must" reads the must-do and asks only whether the 2pm visit is booked;
- a day of a month said without a year that passed this year within a quarter ("Saturday 28
  Nov", "28 Nov", "28/11" said on Fri 4 Dec 2026) is said to be past and asked, never next
  year's (it asked "28 Nov 2027 is a Sunday"); a day offered in another year says its year
  ("Sat 4 Dec 2027", never read as today, a Friday);
- a known place outside the catalogue's city ("Saturday at Surfers Paradise", "in noosa", "the
  Gold Coast", "Sydney") is the day's location and a clear ``no_feasible_plan`` saying nothing
  is known there, like "in Melbourne" (it asked "which city?" and "I know no venue for 'surfers
  paradise'"); a street named after one ("Sydney St", "Ipswich Rd") is no place of the day.

The verifier agrees with the proposer on each (a model's misreading is rejected).
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


def _read(text: str) -> dict:
    items, _ = read_items(text)
    out: dict = {}
    for field, value in items:
        out.setdefault(field, value)
    return out


def _verify(text: str, field: str, value, quote: str):
    return verify_reading(
        text, {"field": field, "value": value, "quote": quote}, today=date.fromisoformat(TODAY)
    )


def _accepted(text: str, field: str, value, quote: str) -> bool:
    return not hasattr(_verify(text, field, value, quote), "error")


def _stops(report) -> list[str]:
    return [s.venue_id for s in report.plan.stops] if report.plan else []


# -- A5: an avoid naming a suburb -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Saturday, Carindale, 2 adults 2 kids, pools only, not Chandler", {"place": "Chandler"}),
        (
            "Saturday, Carindale, 2 adults 2 kids, swimming, not the Chandler pool",
            {"place": "Chandler", "kind": "swimming"},
        ),
        (
            "Sat, Coorparoo, 2 adults, no pools at Chandler please",
            {"place": "Chandler", "kind": "swimming"},
        ),
        ("Saturday, Toowong, 2 adults, no Mt Coot-tha anything", {"place": "Mount Coot-tha"}),
        (
            "Saturday, New Farm, 2 adults, nothing at South Bank, museums",
            {"place": "South Brisbane"},
        ),
        ("Saturday, New Farm, 2 adults, South Bank is out", {"place": "South Brisbane"}),
        ("Saturday, Ascot, 2 adults, avoid the Valley", {"place": "Fortitude Valley"}),
    ],
)
def test_an_avoid_naming_a_suburb_refuses_its_venues(text, value):
    got = _all(text, "avoid")
    assert [{k: v for k, v in a.items() if k != "hard"} for a in got] == [value]
    assert got[0]["hard"] is True


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Chermside (not Brisbane really), 2 adults",
        "Saturday, 2 adults, not Toowong but Taringa",
        "Saturday, Carindale, 2 adults, not far from Chandler",
        "Saturday, Carindale, 2 adults, don't mind Chandler",
    ],
)
def test_a_place_said_otherwise_is_no_avoid(text):
    assert not any("place" in a for a in _all(text, "avoid"))


def test_a_hedged_suburb_avoid_is_soft():
    got = _all("Saturday, Toowong, 2 adults, rather not Mt Coot-tha", "avoid")
    assert got == [{"place": "Mount Coot-tha", "hard": False}]


@pytest.mark.parametrize(
    ("text", "gone", "kept_kind"),
    [
        (
            "Saturday, Carindale, 2 adults 2 kids, pools only, not Chandler",
            "brisbane-aquatic-centre-chandler",
            "pool",
        ),
        (
            "Saturday, Carindale, 2 adults 2 kids, swimming, not the Chandler pool",
            "brisbane-aquatic-centre-chandler",
            None,
        ),
        (
            "Saturday, Toowong, 2 adults, no planetarium, no Mt Coot-tha anything",
            "mt-coot-tha-lookout",
            None,
        ),
    ],
)
def test_the_plan_visits_nothing_in_the_avoided_suburb(text, gone, kept_kind):
    from dayplan import data

    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "complete"
    stops = _stops(report)
    assert gone not in stops
    kinds = {v.id: v for v in data.venues()}
    assert not any(kinds[s].suburb in ("Chandler", "Mount Coot-tha") for s in stops if s in kinds)
    assert "mt-coot-tha-botanic-gardens" not in stops or "Coot" not in text
    if kept_kind:
        assert stops and all(kinds[s].kind == kept_kind for s in stops)


def test_the_avoided_suburb_that_is_home_stays_home():
    report = plan_text("Saturday, Chandler, 2 adults 2 kids, not Chandler", now=REVIEW_NOW)
    assert report.status == "complete"
    assert report.location == "Chandler"
    assert "brisbane-aquatic-centre-chandler" not in _stops(report)
    assert any("Chandler stays home" in a for a in report.assumptions)


def test_the_verifier_reads_a_suburb_avoid_where_it_stands():
    text = "Saturday, Carindale, 2 adults 2 kids, swimming, not the Chandler pool"
    got = _verify(text, "avoid", "Chandler", "not the Chandler pool")
    assert got.value == {"place": "Chandler", "kind": "swimming", "hard": True}
    # the kind alone would refuse every pool: rejected
    assert not _accepted(text, "avoid", {"kind": "swimming"}, "not the Chandler pool")
    assert not _accepted(text, "avoid", {"place": "Carindale"}, "not the Chandler pool")
    assert _accepted(
        text, "avoid", {"place": "Chandler", "kind": "swimming"}, "not the Chandler pool"
    )


def test_the_checker_refuses_a_suburbs_venues_of_the_kind_said():
    from dayplan import data
    from dayplan.core.checker import AvoidRule

    venues = {v.id: v for v in data.venues()}
    pools = AvoidRule("swimming", "not the Chandler pool", place="Chandler")
    assert pools.refuses(venues["brisbane-aquatic-centre-chandler"])
    assert not pools.refuses(venues["valley-pool"])
    anything = AvoidRule("", "no Mt Coot-tha anything", place="Mount Coot-tha")
    assert anything.refuses(venues["mt-coot-tha-lookout"])
    assert anything.refuses(venues["mt-coot-tha-botanic-gardens"])  # its name says where
    assert not anything.refuses(venues["toowong-library"])


def test_recheck_and_graders_catch_a_served_stop_in_the_avoided_suburb():
    from dayplan import data
    from dayplan.evals.graders import _refused_stops
    from dayplan.service.recheck import _refuses

    venues = {v.id: v for v in data.venues()}
    value = {"place": "Chandler", "kind": "swimming", "hard": True}
    assert _refuses(value, venues["brisbane-aquatic-centre-chandler"])
    assert not _refuses(value, venues["valley-pool"])
    body = {"readings": [{"field": "avoid", "value": value, "quote": "not the Chandler pool"}]}
    ok, _ = _refused_stops(body, [{"venue_id": "brisbane-aquatic-centre-chandler", "name": "x"}])
    assert ok is False
    ok, _ = _refused_stops(body, [{"venue_id": "valley-pool", "name": "Valley Pool"}])
    assert ok is True


# -- places in an avoid or after a venue are never home ----------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Saturday, Toowong, 2 adults, no planetarium, no Mt Coot-tha anything", "Toowong"),
        (
            "Take my mum (she's 80) and me to the Botanic Gardens at Mt Coot-tha on Sunday, "
            "Bardon, we'll be back by 1 for lunch",
            "Bardon",
        ),
        ("Saturday, Kenmore, 4 adults, footy at the Gabba at 3 so home by 2", "Kenmore"),
        ("Sat, Ascot, 2 adults, skip South Bank", "Ascot"),
    ],
)
def test_the_day_is_where_the_reading_says_not_at_an_avoided_or_visited_place(text, place):
    from dayplan.reading.places import day_location

    assert day_location(text) == place
    assert _read(text).get("location") == place


def test_an_avoided_place_is_rejected_as_the_location():
    text = "Saturday, Toowong, 2 adults, no planetarium, no Mt Coot-tha anything"
    assert not _accepted(text, "location", "Mount Coot-tha", "Mt Coot-tha")
    assert _accepted(text, "location", "Toowong", "Toowong")


def test_the_botanic_gardens_at_mt_coot_tha_are_the_mt_coot_tha_gardens():
    text = (
        "Take my mum (she's 80) and me to the Botanic Gardens at Mt Coot-tha on Sunday, Bardon, "
        "we'll be back by 1 for lunch"
    )
    assert _all(text, "wish") == ["botanic gardens at mt coot-tha"]
    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "complete"
    assert report.location == "Bardon"
    stops = _stops(report)
    assert "mt-coot-tha-botanic-gardens" in stops
    assert "city-botanic-gardens" not in stops


def test_the_botanic_gardens_alone_stay_either():
    from dayplan.reading.named import mentions

    said = mentions("maybe the botanic gardens")
    assert set(said[0].venue_ids) == {"city-botanic-gardens", "mt-coot-tha-botanic-gardens"}


@pytest.mark.parametrize(
    ("phrase", "venue"),
    [
        ("the police museum", "qld-police-museum"),
        ("the memorial galleries", "anzac-square-memorial-galleries"),
        ("the summit lookout", "mt-coot-tha-lookout"),
    ],
)
def test_a_venue_named_by_the_end_of_its_name_is_that_venue(phrase, venue):
    from dayplan.reading.named import mentions

    assert [m.venue_ids for m in mentions(phrase)] == [(venue,)]


@pytest.mark.parametrize(
    "phrase", ["the art gallery", "a koala sanctuary", "the aquatic centre", "modern art"]
)
def test_a_kind_or_a_shared_name_end_names_no_one_venue(phrase):
    from dayplan.reading.named import mentions

    assert all(len(m.venue_ids) != 1 for m in mentions(phrase))


def test_the_police_museum_is_a_wish_and_planned():
    text = "Sunday 27 Dec, Brisbane City, 2 adults, the police museum"
    got = _read(text)
    assert got.get("wish") == "police museum"
    assert "preference" not in got
    report = plan_text(text, now=REVIEW_NOW)
    assert "qld-police-museum" in _stops(report)


# -- a phrase's time is not the day's window -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        (
            "Saturday in Graceville with 2 adults and 2 kids. Forecast says storms after lunch, so "
            "indoor stuff from 2",
            "indoor stuff from 2",
        ),
        (
            "Saturday, 2 adults, 2 kids, New Farm, park only in the morning",
            "park only in the morning",
        ),
        (
            "Sat, Kedron, 2 adults, outdoors in the morning, inside after 1",
            "outdoors in the morning",
        ),
        ("Sat, Kedron, 2 adults, something outdoorsy till 11 then indoors", "outdoorsy till 11"),
        ("Sat, Kedron, 2 adults, museums only in the afternoon", "museums only in the afternoon"),
    ],
)
def test_a_wished_kinds_time_is_no_bound_of_the_day(text, listed):
    items, unread = read_items(text)
    fields = {f for f, _ in items}
    assert not {"window_start", "window_end"} & fields
    said = [u for u in unread if u.phrase == listed]
    assert said and said[0].kind == "preference" and not said[0].asks


def test_a_time_with_a_kind_that_starts_the_day_is_still_read():
    assert _read("Sat, New Farm, 2 adults, museums from 10, home by 3")["window_start"] == "10:00"
    assert _read("Sat, New Farm, 2 adults, park till 5")["window_end"] == "17:00"


def test_the_verifier_rejects_a_wished_kinds_time_as_the_days():
    storms = (
        "Saturday in Graceville with 2 adults and 2 kids. Forecast says storms after lunch, so "
        "indoor stuff from 2"
    )
    assert not _accepted(storms, "window_start", "14:00", "from 2")
    park = "Saturday, 2 adults, 2 kids, New Farm, park only in the morning"
    assert not _accepted(park, "window_start", "09:00", "morning")
    assert not _accepted(park, "window_end", "12:00", "in the morning")


def test_the_storms_day_keeps_its_morning():
    report = plan_text(
        "Saturday in Graceville with 2 adults and 2 kids. Forecast says storms after lunch, so "
        "indoor stuff from 2",
        now=REVIEW_NOW,
    )
    assert report.status == "complete"
    assert report.plan.stops[0].start < "12:00"


@pytest.mark.parametrize(
    ("text", "blocked"),
    [
        (
            "Saturday in Brisbane with my 3 kids, I'm solo parenting this weekend. Budget is "
            "tight, $30 max. We'll be home for lunch from 12 to 1:30 and the little one naps at "
            "home until 3. Out again till 5.",
            [("12:00", "13:30"), ("13:30", "15:00")],
        ),
        (
            "Sat, Kedron, 2 adults 2 kids, lunch at home 12-1 then the baby sleeps at home till "
            "2:30, out again till 5",
            [("12:00", "13:00"), ("13:00", "14:30")],
        ),
        (
            "Sat, Kedron, 2 adults 2 kids, quiet time at home 12:30-1:30 and the kids stay home "
            "until 3, then out till 5",
            [("12:30", "13:30"), ("13:30", "15:00")],
        ),
    ],
)
def test_a_stay_at_home_said_by_its_end_after_a_break_is_blocked(text, blocked):
    got = _all(text, "blocked")
    assert [(b["start"], b["end"]) for b in got] == blocked
    assert all(b["at_home"] for b in got)
    read = _read(text)
    assert "window_start" not in read
    assert read["window_end"] == "17:00"


def test_at_home_until_alone_still_starts_the_day():
    assert (
        _read("Sat, Kedron, 2 adults, kids at home until 11, then out till 4")["window_start"]
        == "11:00"
    )


def test_the_verifier_reads_a_stay_at_home_where_it_stands():
    text = (
        "We'll be home for lunch from 12 to 1:30 and the little one naps at home until 3. Out "
        "again till 5. Saturday, Toowong, 1 adult 2 kids"
    )
    assert not _accepted(text, "window_start", "15:00", "at home until 3")
    assert _accepted(text, "blocked", {"start": "13:30", "end": "15:00"}, "naps at home until 3")


def test_the_solo_parents_morning_is_planned():
    report = plan_text(
        "Saturday in Brisbane with my 3 kids, I'm solo parenting this weekend. Budget is tight, "
        "$30 max. We'll be home for lunch from 12 to 1:30 and the little one naps at home until "
        "3. Out again till 5.",
        now=REVIEW_NOW,
    )
    assert report.status == "complete"
    starts = [s.start for s in report.plan.stops]
    assert min(starts) < "12:00"
    assert not any("13:30" <= s.start < "15:00" for s in report.plan.stops)
    # both stays at home are served: the nap goes on from lunch, no leg between them
    homes = [(b.label, b.start, b.end, b.travel_in.minutes) for b in report.plan.home_breaks]
    assert homes == [("lunch", "12:00", "13:30", 7), ("naps", "13:30", "15:00", 0)]


def test_the_last_outing_until_a_time_ends_the_day():
    text = (
        "Saturday Chermside 2 adults 2 kids lunch out 12-1 then home for nap 1:30-3:30 then park "
        "till 5"
    )
    items, unread = read_items(text)
    assert dict(items)["window_end"] == "17:00"
    assert not [u for u in unread if u.asks]
    assert not _accepted(text, "window_end", "13:00", "12-1")
    assert (
        _read("Sat, Kedron, 2 adults 2 kids, lunch out 11:30-12:30 then the pool till 3")[
            "window_end"
        ]
        == "15:00"
    )


# -- clear deadlines are read, not asked ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "end"),
    [
        (
            "Saturday, Toowong, 2 adults, from 9 but we have to pick up grandma from the airport "
            "at 1, so home by 12:30",
            "12:30",
        ),
        ("Saturday, Kenmore, 4 adults, footy at the Gabba at 3 so home by 2", "14:00"),
        (
            "My son's 5th birthday! Saturday, Hawthorne, 2 adults and 3 kids, he loves dinosaurs "
            "and playgrounds, $100 max, and we have cake at home at 3 so home by 2:45",
            "14:45",
        ),
        ("Sat, Ascot, 2 adults, flight at 3 so we need to be home by 1", "13:00"),
        ("Sat, Ascot, 2 adults, grandma arrives at 4, so back by 3:30", "15:30"),
        ("Sat, Ascot, 2 adults, dinner at 6 so home by 5", "17:00"),
        ("Sat, Ascot, 2 adults, home by 2 because the footy is at 3", "14:00"),
        ("Saturday, West End, me & 3 grandkids, need home for their dinner at 5:30", "17:30"),
        ("Sat, Kedron, 2 adults, home for our tea at 6", "18:00"),
        ("Sat, Kedron, 2 adults 2 kids, back for the kids' dinner at 5", "17:00"),
        ("saturday in windsor w/ 2 kids + me, gotta b home by 1130 4 lunch", "11:30"),
        ("Sat, Kedron, me + 2 kids, back by 3 4 dinner", "15:00"),
    ],
)
def test_a_clear_deadline_is_read_and_not_asked(text, end):
    items, unread = read_items(text)
    assert dict(items)["window_end"] == end
    assert not [u for u in unread if u.asks], unread


def test_an_event_before_the_deadline_is_no_reason():
    from dayplan.reading.times import reason_times

    assert reason_times("party at 1 so home by 4") == []
    assert reason_times("footy at the gabba at 3 so home by 2") != []


def test_the_verifier_rejects_the_reasons_time_as_the_days_end():
    cake = (
        "My son's 5th birthday! Saturday, Hawthorne, 2 adults and 3 kids, he loves dinosaurs and "
        "playgrounds, $100 max, and we have cake at home at 3 so home by 2:45"
    )
    assert not _accepted(cake, "window_end", "15:00", "home at 3")
    assert _accepted(cake, "window_end", "14:45", "home by 2:45")
    airport = (
        "Saturday, Toowong, 2 adults, from 9 but we have to pick up grandma from the airport at 1, "
        "so home by 12:30"
    )
    assert not _accepted(airport, "window_end", "13:00", "airport at 1")


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "Tomorrow in Milton, me, my wife and our baby. The baby naps in the pram 1-2, we can "
            "keep going. 10am start.",
            "10:00",
        ),
        ("Sat, Kedron, 2 adults, 9:30 start please", "09:30"),
        ("Sat, Kedron, 2 adults, an 8am kick-off, home by 2", "08:00"),
        (
            "We live in Stafford. I'd like to get out early, like 8:30, and we have to be home by "
            "4:30. Saturday, 1 adult 3 kids",
            "08:30",
        ),
        ("Sat, Kedron, 2 adults, want to head out early, around 8:15", "08:15"),
    ],
)
def test_a_clear_start_is_read_and_not_asked(text, start):
    items, unread = read_items(text)
    assert dict(items)["window_start"] == start
    assert not [u for u in unread if u.asks], unread


def test_an_appointments_start_is_no_days_start():
    assert "window_start" not in _read("Sat, Kedron, 2 adults, soccer 8am start, home by 3")


@pytest.mark.parametrize(
    ("text", "blocked", "quote"),
    [
        (
            "Sat in Milton, 2 adults 2 kids, $80, we need an hour at home for lunch 12-1 and are "
            "out again after",
            ("12:00", "13:00"),
            "an hour at home for lunch 12-1",
        ),
        (
            "Sat, Kedron, 2 adults 2 kids, we need 30 mins at home for a nap 1-1:30",
            ("13:00", "13:30"),
            "30 mins at home for a nap 1-1:30",
        ),
    ],
)
def test_a_length_that_is_the_stays_own_is_read_with_it(text, blocked, quote):
    from dayplan.reading.propose import read_request

    accepted, unread = read_request(text, today=date.fromisoformat(TODAY))
    got = [i for i in accepted.items if i.field == "blocked"]
    assert (got[0].value["start"], got[0].value["end"]) == blocked
    assert got[0].quote == quote
    assert not [u for u in unread if u.asks]


def test_a_length_that_is_not_the_stays_is_asked():
    _, unread = read_items("Sat, Kedron, 2 adults 2 kids, three hours at home for lunch 12-2")
    assert any(u.kind == "duration" for u in unread)


def test_a_party_at_a_catalogue_park_is_placed_there_for_its_length():
    text = "Saturday, 2 adults 2 kids, Bowen Hills, kids party at 2pm at Victoria Park, 2 hours"
    items, unread = read_items(text)
    got = [v for f, v in items if f == "blocked"]
    assert got == [
        {
            "start": "14:00",
            "end": "16:00",
            "label": "kids party",
            "at_home": False,
            "place": "Herston",
        }
    ]
    assert not [u for u in unread if u.asks]
    assert plan_text(text, now=REVIEW_NOW).status == "complete"


def test_a_pronoun_must_reads_the_must_do_and_asks_only_the_booking():
    from dayplan.reading.apply import questions

    text = "Saturday, Clayfield, 2 adults, 2 kids. We'd like the planetarium at 2pm, it's a must"
    items, unread = read_items(text)
    assert ("must_do", "planetarium") in items
    assert [u.kind for u in unread if u.asks] == ["activity"]
    asked = questions(unread)
    assert not any("could not read" in q for q in asked)
    assert any("already booked" in q for q in asked)
    assert _accepted(text, "must_do", "planetarium", "the planetarium at 2pm, it's a must")
    assert ("must_do", "lone pine") in read_items(
        "Sat, 2 adults, Lone Pine at 10, it's non-negotiable"
    )[0]


# -- dates: a past date is said to be past ---------------------------------------------------------


def _read_on(text: str, today: str):
    from dayplan.reading.propose import read_request

    accepted, unread = read_request(text, today=date.fromisoformat(today))
    return {i.field: i.value for i in accepted.items}, unread


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Saturday 28 Nov in New Farm, 2 adults", "Saturday 28 Nov"),
        ("Sat 28/11, New Farm, 2 adults", "Sat 28/11"),
        ("28 Nov in New Farm, 2 adults", "28 Nov"),
        ("November 30th, New Farm, 2 adults", "November 30th"),
        ("28/11 in New Farm, 2 adults", "28/11"),
    ],
)
def test_a_day_of_a_month_that_has_passed_is_asked_as_past(text, said):
    read, unread = _read_on(text, "2026-12-04")
    assert "date" not in read
    asked = [u for u in unread if u.kind == "date_conflict"]
    assert [u.phrase for u in asked] == [said]
    assert "has passed" in asked[0].found and "2027" not in asked[0].found
    assert len(asked[0].found) <= 120


def test_the_past_saturday_offers_the_coming_saturday_not_today():
    _, unread = _read_on("Saturday 28 Nov in New Farm, 2 adults", "2026-12-04")
    assert unread[0].found.endswith("Did you mean Sat 5 Dec?")
    assert "Sat 4 Dec" not in unread[0].found


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Saturday 16 January, New Farm, 2 adults", "2027-01-16"),
        ("Saturday 12 Dec, New Farm, 2 adults", "2026-12-12"),
        ("3 March, New Farm, 2 adults", "2027-03-03"),
    ],
)
def test_a_day_to_come_or_long_past_is_read_as_before(text, day):
    assert _read_on(text, "2026-12-04")[0]["date"] == day


def test_a_day_offered_in_another_year_says_its_year():
    _, unread = _read_on("Saturday 3 January, New Farm, 2 adults", "2026-12-04")
    assert "Sat 2 Jan 2027" in unread[0].found


def test_the_verifier_rejects_a_passed_date_read_as_next_years():
    text = "28 Nov in New Farm, 2 adults"
    got = verify_reading(
        text, {"field": "date", "value": "2027-11-28", "quote": "28 Nov"}, today=date(2026, 12, 4)
    )
    assert "passed" in got.error


def test_the_reviewers_past_date_asks():
    report = plan_text("Saturday 28 Nov in New Farm, 2 adults", now=REVIEW_NOW)
    assert report.status == "needs_clarification"
    assert any("has passed" in q for q in report.questions)


@pytest.mark.parametrize("text", ["a 1/2 day outing, New Farm", "Saturday, 1/2 price entry"])
def test_a_fraction_is_no_past_date(text):
    from dayplan.reading.dates import passed_date_spans

    assert passed_date_spans(text.lower(), date(2026, 3, 4)) == []


# -- places outside the catalogue --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place", "quote"),
    [
        (
            "Saturday at Surfers Paradise, 2 adults 3 kids, $100",
            "Surfers Paradise",
            "Surfers Paradise",
        ),
        ("Saturday in noosa, 2 adults", "Noosa", "noosa"),
        ("Sat, Burleigh, 2 adults", "Burleigh Heads", "Burleigh"),
        ("Saturday on the Sunny Coast, 2 adults 2 kids", "Sunshine Coast", "Sunny Coast"),
        ("Saturday in Melbourne, 2 adults", "Melbourne", "in Melbourne"),
    ],
)
def test_a_known_place_outside_the_catalogue_is_the_location_and_no_venue(text, place, quote):
    read = _read(text)
    assert read["location"] == place
    assert "must_do" not in read
    assert _accepted(text, "location", place, quote)
    assert not _accepted(text, "location", "Brisbane City", quote)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday at Surfers Paradise, 2 adults 3 kids, $100",
        "Saturday in Melbourne, 2 adults",
        "Sat on the Goldie, 2 adults 2 kids",
    ],
)
def test_a_place_outside_the_catalogue_gets_a_clear_no_feasible_plan(text):
    report = plan_text(text, now=REVIEW_NOW)
    assert report.status == "no_feasible_plan"
    assert [f.code for f in report.constraint_failures] == ["no_candidates"]
    assert "nothing is known about" in report.constraint_failures[0].detail


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Saturday, New Farm, 2 adults, ferry from Sydney St terminal", "New Farm"),
        ("Saturday, South Brisbane, 2 adults, lunch on Melbourne Street", "South Brisbane"),
        ("We're visiting from Sydney, Saturday in New Farm, 2 adults", "New Farm"),
    ],
)
def test_a_street_or_a_home_elsewhere_is_not_the_day(text, place):
    from dayplan.reading.places import day_location

    assert day_location(text) == place
    assert _read(text)["location"] == place
