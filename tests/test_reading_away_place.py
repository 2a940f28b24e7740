"""An appointment whose words name a place away from home is asked about, never counted at
home as if the party never left (issue 13 class 3; REVIEW5 finding 6)."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading.apply import apply_reading, questions
from dayplan.reading.propose import read_request
from dayplan.reading.records import ReadingItem
from dayplan.reading.verify import verify_reading

TODAY = date(2026, 12, 1)

RESOLVED = [  # (text, suburb, quote): placed at the suburb, verified, nothing asked
    (
        "Saturday, Morningside, 2 adults 2 kids, $60, home by 3:30, swimming lessons 9-10 at Chandler",
        "Chandler",
        "swimming lessons 9-10 at Chandler",
    ),
    (
        "Saturday, 2 adults 2 kids from Clayfield, $60, birthday party at Bowen Hills 1pm-3pm, home by 5",
        "Bowen Hills",
        "birthday party at Bowen Hills 1pm-3pm",
    ),
    (
        "Saturday, 2 adults 1 kid, Wynnum, $80, dentist in Chermside at 11, home by 4",
        "Chermside",
        "dentist in Chermside at 11",
    ),
    (
        "Sat, 1 adult 2 kids from Carindale, swimming lessons 9-10 at the Chandler pool, home by 2, $40",
        "Chandler",
        "swimming lessons 9-10 at the Chandler pool",
    ),
    (
        "Saturday, 2 adults 2 kids, Bulimba, lunch at Nana's in Wynnum 12-2, home by 5, $60",
        "Wynnum",
        "lunch at Nana's in Wynnum 12-2",
    ),
    (
        "Saturday, 2 adults 2 kids, Paddington, ballet at 10 in Red Hill, home by 3, $60",
        "Red Hill",
        "ballet at 10 in Red Hill",
    ),
    (
        "saturday, 2 adults 2 kids, morningside, $60, swimming lessons 9-10 at chandler, home by 3",
        "Chandler",
        "swimming lessons 9-10 at chandler",
    ),
]


@pytest.mark.parametrize(("text", "suburb", "quote"), RESOLVED)
def test_a_place_the_gazetteer_knows_is_read_with_its_quote(text, suburb, quote):
    reading, unread = read_request(text, today=TODAY)
    (b,) = [i for i in reading.items if i.field == "blocked"]
    assert b.value["place"] == suburb and b.quote == quote
    assert not [u for u in unread if u.kind == "away_place"]
    assert not [i for i in reading.items if i.field == "must_do"]  # "at Nana's": no venue
    applied = apply_reading(PlanRequest(text=text), reading)
    assert applied.hints["blocked"][0]["place"] == suburb
    assert not any("counted at home" in a for a in applied.assumed)


def test_code_rejects_a_place_the_quote_does_not_name():
    text = RESOLVED[0][0]
    quote = "swimming lessons 9-10 at Chandler"
    value = {"start": "09:00", "end": "10:00", "label": "swimming lessons", "at_home": False}
    ok = verify_reading(
        text,
        ReadingItem(field="blocked", value={**value, "place": "Chandler"}, quote=quote),
        today=TODAY,
    )
    assert isinstance(ok, ReadingItem) and ok.value["place"] == "Chandler"
    wrong = ReadingItem(field="blocked", value={**value, "place": "Wynnum"}, quote=quote)
    assert not isinstance(verify_reading(text, wrong, today=TODAY), ReadingItem)
    bare = ReadingItem(
        field="blocked", value={**value, "place": "Chandler"}, quote="swimming lessons 9-10"
    )
    assert not isinstance(verify_reading(text, bare, today=TODAY), ReadingItem)


PLACED = [  # a place named but not one the gazetteer knows: asked, quoting the phrase
    (
        "Saturday, Bulimba, 2 adults 2 kids, lunch at Nana's 12-2, home by 5, $60",
        "lunch at Nana's 12-2",
    ),
    (
        "Saturday, Bulimba, 2 adults 2 kids, swimming lessons 9-10 at the Aquatic Centre, home by 3",
        "swimming lessons 9-10 at the Aquatic Centre",
    ),
    (
        "Saturday, Paddington, 1 adult 1 kid, ballet at 10 at Miss Kate's studio, home by 3, $40",
        "ballet at 10 at Miss Kate's studio",
    ),
    (
        "Saturday, Toowong, 2 adults 2 kids, footy training 8-9:30 at Zzyzx Oval, home by 2",
        "footy training 8-9:30 at Zzyzx Oval",
    ),
]

NOT_PLACED = [
    "Saturday, 2 adults 2 kids, Bulimba, footy training 9-10am, home by 3, $60",
    "Saturday, 2 adults 2 kids, Bulimba, nap at home 1-3, home by 5, $60",
    "Saturday, 2 adults 2 kids, Bulimba, ballet at 10 in the morning, home by 3, $60",
    # the appointment's suburb is where home is counted: its point is home's point
    "kids party 1-3 in Ashgrove, so plan around it, me and my son (6), $40",
    "Saturday, Ashgrove, kids party 1-3 in Ashgrove, 1 adult 1 kid, $40",
]


@pytest.mark.parametrize(("text", "phrase"), PLACED)
def test_placed_appointment_is_asked_quoting_the_phrase(text, phrase):
    reading, unread = read_request(text, today=TODAY)
    assert any(i.field == "blocked" and not i.value["at_home"] for i in reading.items)
    placed = [u for u in unread if u.kind == "away_place"]
    assert [u.phrase for u in placed] == [phrase]
    applied = apply_reading(PlanRequest(text=text), reading)
    asks = questions(unread, applied)
    assert any(q.startswith(f'Which suburb is "{phrase}" in?') for q in asks)
    # never assumed to be at home when a place was said
    assert not any("counted at home" in a for a in applied.assumed)


@pytest.mark.parametrize("text", NOT_PLACED)
def test_appointment_without_another_place_is_not_asked(text):
    _, unread = read_request(text, today=TODAY)
    assert not [u for u in unread if u.kind == "away_place"]


def test_appointment_without_place_states_the_home_assumption():
    text = NOT_PLACED[0]
    reading, _ = read_request(text, today=TODAY)
    applied = apply_reading(PlanRequest(text=text), reading)
    assert (
        "footy training 09:00-10:00: no place given, so it is counted at home "
        "(no travel to or from it)"
    ) in applied.assumed
    said = "footy training 09:00-10:00: no place given, so it is counted at home (no travel to or from it)"
    assert said in applied.hints["stated"]  # shown as a report assumption


def test_a_nap_at_home_states_no_away_assumption():
    reading, _ = read_request(NOT_PLACED[1], today=TODAY)
    applied = apply_reading(PlanRequest(text=NOT_PLACED[1]), reading)
    assert not any("counted at home" in a for a in applied.assumed)
