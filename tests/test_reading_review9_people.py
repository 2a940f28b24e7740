"""REVIEW9's party, travel, weather, date and place findings (A3, A5, C1, C4, C5, C6, E1).

- who is coming: a son or daughter with a partner or children of their own is an adult ("our
  daughter and her two kids"), a newborn beside a 3yo is a second child, ages said together ("a
  2 and 4 year old") are a child each, "we'd love to take the kids and grandma" counts the
  writer too; children that a place has ("avoid anything with kids") are no party; a rate for
  one member ("$15 per kid") is asked quoting it as said; young children are charged the child
  price, and the report says so (the venue snapshot has no infant prices).
"""

from __future__ import annotations

import pytest

from dayplan.reading import people
from tests.cli_runs import plan_text, read_items

_read = read_items


def _party(text: str) -> tuple[object, object]:
    items, _ = _read(text)
    got = dict(items)
    return got.get("adults"), got.get("children")


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday in Clayfield with my wife, our daughter and her two kids, $100", 3, 2),
        ("Saturday in Ascot, me, our son and his wife and their baby", 3, 1),
        ("Sat in Toowong with my husband, our eldest daughter & her 3 kids", 3, 3),
        ("Saturday in Wynnum, me and our adult son", 2, None),
        ("Saturday in Kedron, me and my grown-up daughter, $50", 2, None),
        ("Saturday in New Farm, me and our daughter-in-law and her baby", 2, 1),
        ("Saturday in New Farm, me, my son-in-law and the 2 grandkids", 2, 2),
        # a daughter with a friend is still a child
        ("Saturday in New Farm, me and my daughter and her friend", 1, 2),
    ],
)
def test_a_son_or_daughter_with_a_family_of_their_own_is_an_adult(text, adults, children):
    assert _party(text) == (adults, children)


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday in Taringa, mum with a newborn and a 3yo, $40", 1, 2),
        ("Saturday in Taringa, me, a baby and a 4 year old", 1, 2),
        ("Saturday in Taringa, me with my daughter (4) and a 2yo", 1, 2),
        ("Saturday in Ascot with a 2 and 4 year old, 2 adults", 2, 2),
        ("Saturday in Ascot, 2 adults with a 3, 6 and 9 year old", 2, 3),
        ("Saturday in Ascot, me plus a 2 & 5yo", 1, 2),
        # an age beside its child is the same child
        ("Saturday in Ascot, me and my son, 5 years old", 1, 1),
        ("Saturday in Ascot, me and a 3 year old boy", 1, 1),
        ("Saturday in Ascot, 2 adults, 2 kids, a 5yo and a 7yo", 2, 2),
    ],
)
def test_every_child_named_or_aged_is_counted_once(text, adults, children):
    assert _party(text) == (adults, children)


def test_ages_said_together_leave_no_number_unread():
    items, unread = _read(
        "What can we do Saturday morning in Ascot with a 2 and 4 year old? Back by 11:30, under $30"
    )
    assert ("children", 2) in items
    assert not [u for u in unread if u.asks], unread


def test_the_long_paragraph_asks_nothing_about_the_party():
    text = (
        "Hi! So tomorrow is Saturday and honestly we have no idea what to do. It's me (mum), my "
        "husband and our three kids who are 2, 5 and 9. We live in Bulimba. The little one "
        "still naps at home from about 12:30 to 2:30 so we need to be home for that. Oh and the "
        "9 year old has been to the museum heaps."
    )
    items, unread = _read(text)
    assert ("adults", 2) in items and ("children", 3) in items
    kinds = {u.kind for u in unread}
    assert not kinds & {"number", "party", "people", "must"}, unread


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Brisbane, we'd love to take the kids (3 of them) and grandma, maybe $100",
        "Saturday in Chermside, we're taking the 3 kids and nanna, $100",
        "Saturday in Chermside, we'll bring the 3 kids and my mum, $100",
    ],
)
def test_we_taking_the_kids_and_an_adult_counts_the_writer_too(text):
    assert _party(text) == (2, 3)


def test_we_with_children_only_leaves_the_adults_to_the_assumption():
    assert _party("Saturday in New Farm, we have 2 kids, $50") == (None, 2)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Red Hill, 2 adults, avoid anything with kids, quiet galleries",
        "Saturday in Red Hill, 2 adults, nothing full of screaming kids please",
        "Saturday in Red Hill, 2 adults, somewhere kid-free",
        "Saturday in Red Hill, 2 adults, no places with lots of kids",
    ],
)
def test_children_a_place_has_are_no_party(text):
    items, unread = _read(text)
    assert ("adults", 2) in items and "children" not in dict(items)
    assert not [u for u in unread if u.kind in ("party", "people")], unread


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday in Chermside, 1 adult 2 kids, $15 per kid", "$15 per kid"),
        ("Saturday in Chermside, 2 adults 2 kids, $20 per child", "$20 per child"),
    ],
)
def test_a_rate_for_one_member_is_asked_quoting_it_as_said(text, phrase):
    items, unread = _read(text)
    assert "budget" not in dict(items)
    assert [u.phrase for u in unread if u.kind == "money"] == [phrase]
    report = plan_text(text)
    assert report.status == "needs_clarification"
    assert any(f'"{phrase}"' in q and "share" in q for q in report.questions)


def test_young_children_are_charged_the_child_price_and_it_is_said():
    report = plan_text(
        "Saturday in New Farm, 2 adults and 2 under-3s (free entry everywhere for them)"
    )
    assert report.status == "complete"
    said = [a for a in report.assumptions if "child price" in a]
    assert said and "2 under-3s (free entry everywhere for them)" in said[0]


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("me and the baby", "baby"),
        ("2 adults, a 10 month old and a 4yo", "10 month old"),
        ("2 adults 2 kids (ages 6 and 9)", None),
        ("2 adults, baby change room needed, 2 kids aged 6 and 9", None),
    ],
)
def test_young_child_phrase(text, phrase):
    got = people.young_child_phrase(text)
    assert (got is None) if phrase is None else (phrase in got), got


# -- A5: "under N minutes" is strictly under -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cap"),
    [
        (
            "Saturday in Bulimba, 2 adults 2 kids, we'll drive but keep each drive under 10 minutes",
            9,
        ),
        ("Saturday in Bulimba, 2 adults, legs less than 15 mins", 14),
        ("Saturday in Bulimba, 2 adults, under 15 minutes between places", 14),
        ("Saturday in Bulimba, 2 adults, keep drives short, under 20 mins", 19),
        ("Saturday in Bulimba, 2 adults, each trip under half an hour", 29),
        # inclusive words allow the duration itself
        ("Saturday in Bulimba, 2 adults, no more than 10 minutes in the car", 10),
        ("Saturday in Bulimba, 2 adults, drives of 10 minutes or under", 10),
        ("Saturday in Bulimba, 2 adults, max 12 min drive", 12),
    ],
)
def test_under_n_minutes_is_strictly_under(text, cap):
    items, _ = _read(text)
    assert dict(items).get("max_leg_minutes") == cap


def test_the_served_legs_are_under_the_cap():
    report = plan_text(
        "Saturday in Bulimba, 2 adults 2 kids, we'll drive but keep each drive under 10 minutes"
    )
    if report.status == "complete":
        legs = [s.travel_in.minutes for s in report.plan.stops] + [report.plan.travel_home.minutes]
        assert max(legs) < 10, legs


# -- C1: walking at a place is an outing, not the travel mode ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Sandgate, 2 adults, we'd like to walk Shorncliffe Pier",
        "Saturday in Brisbane City, 2 adults 2 kids, we'd like to walk through the Botanic Gardens",
        "Saturday in New Farm, 2 adults, a stroll along the river then lunch",
        "Saturday in New Farm, 2 adults, walking the dog in the morning",
        "Saturday in Toowong, 2 adults, keen to walk around Mt Coot-tha",
    ],
)
def test_walking_at_a_place_is_no_travel_mode(text):
    items, _ = _read(text)
    assert "mode" not in dict(items), items


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in New Farm, 2 adults, we'll walk everywhere",
        "Saturday in New Farm, 2 adults, happy to walk to the park",
        "Saturday in New Farm, 2 adults, within walking distance of the park",
        "Saturday in New Farm, 2 adults, a stroll along the river, then we walk to lunch",
    ],
)
def test_walking_between_places_is_still_the_mode(text):
    items, _ = _read(text)
    assert dict(items).get("mode") == "walk", items


def test_a_pier_walk_is_planned_with_short_legs():
    report = plan_text("Saturday in Sandgate, 2 adults, we'd like to walk Shorncliffe Pier")
    assert not [r for r in report.readings if r.field == "mode"]
    if report.status == "complete":
        assert all(s.travel_in.minutes < 60 for s in report.plan.stops)


# -- E1, C6: places spelled as people spell them; places outside the catalogue -------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Sat in Westend, 2 adults 2 kids, budget $50", "West End"),
        ("Saturday in Newfarm, 2 adults, $40", "New Farm"),
        ("Saturday in newfarm qld, 2 adults 2 kids", "New Farm"),
        ("Saturday in Paddo, 2 adults 2 kids", "Paddington"),
        ("Saturday in Kangaroo Pt, 2 adults 2 kids", "Kangaroo Point"),
        ("Saturday in Sth Brisbane, 2 adults 2 kids", "South Brisbane"),
        ("Saturday in Fig Tree Pocket, 2 adults", "Fig Tree Pocket"),
        ("Saturday around Indro, 2 adults", "Indooroopilly"),
        ("Saturday in New Farm 4005, 2 adults 2 kids", "New Farm"),
    ],
)
def test_usual_spellings_resolve_to_the_suburb(text, place):
    items, unread = _read(text)
    assert dict(items).get("location") == place, items
    assert not [u for u in unread if u.asks], unread


@pytest.mark.parametrize(
    ("text", "guess"),
    [
        ("Saturday in Padington, 2 adults 2 kids", "Paddington"),
        ("Saturday in Brisbnae with 2 adults 2 kids", "Brisbane"),
        ("Saturday in Bulimbah, 2 adults", "Bulimba"),
        ("Saturday in Toowoong, 2 adults", "Toowong"),
        ("Saturday in Logan, 2 adults 2 kids", "Daisy Hill"),
    ],
)
def test_a_near_miss_is_asked_about_never_a_false_no_plan(text, guess):
    report = plan_text(text)
    assert report.status == "needs_clarification", report.constraint_failures
    assert any(f"did you mean {guess}" in q for q in report.questions), report.questions


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Sydney, 2 adults 2 kids",
        "Saturday on the Gold Coast, 2 adults 2 kids",
        "Sat at the Sunshine Coast with the 2 kids and my wife",
    ],
)
def test_a_place_outside_the_catalogue_has_one_behaviour(text):
    report = plan_text(text)
    assert report.status == "no_feasible_plan"
    assert any("nothing is known about" in f.detail for f in report.constraint_failures)
    assert not [r for r in report.readings if r.field == "must_do"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("yesterday in New Farm, 2 adults 2 kids", "yesterday"),
        ("last Saturday in New Farm, 2 adults 2 kids", "last Saturday"),
        ("Plan last Sunday for us in New Farm, 2 adults", "last Sunday"),
        ("the day before yesterday, New Farm, 2 adults", "the day before yesterday"),
    ],
)
def test_a_past_day_is_asked_never_planned_for_the_next_one(text, said):
    items, unread = _read(text)
    assert "date" not in dict(items), items
    (u,) = [u for u in unread if u.kind == "date_conflict"]
    assert u.phrase == said and "in the past" in u.found


@pytest.mark.parametrize(
    "text",
    [
        "New Farm, 2 adults, we did GOMA last Saturday so something else",
        "Saturday in New Farm, 2 adults, we were there last weekend",
    ],
)
def test_talk_about_the_past_is_no_day_asked(text):
    _, unread = _read(text)
    assert not [u for u in unread if u.kind == "date_conflict"], unread


def test_this_saturday_beside_last_saturday_is_read():
    items, _ = _read("we did GOMA last saturday, this saturday in New Farm, 2 adults")
    assert ("date", "2026-12-05") in items


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("February 30 in New Farm, 2 adults", "February 30"),
        ("31st of April in New Farm, 2 adults", "31st of April"),
    ],
)
def test_a_day_no_calendar_has_is_said_to_be_no_date(text, said):
    report = plan_text(text)
    assert report.status == "needs_clarification"
    assert any(f'"{said}" is no date' in q for q in report.questions), report.questions


def test_the_verifier_rejects_a_past_day_read_as_the_next_one():
    from datetime import date

    from dayplan.reading.records import ReadingRejection
    from dayplan.reading.verify import verify_reading

    text = "last Saturday in New Farm, 2 adults 2 kids"
    got = verify_reading(
        text, {"field": "date", "value": "2026-12-05", "quote": "Saturday"}, today=date(2026, 12, 1)
    )
    assert isinstance(got, ReadingRejection) and "in the past" in got.error


# -- C4: weather phrases -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rain"),
    [
        (
            "Saturday in Brisbane, it's going to pour between 11 and 3, 2 adults 2 kids",
            {"start": "11:00", "end": "15:00"},
        ),
        (
            "Saturday in Brisbane, 2 adults, meant to bucket down from 1 to 4",
            {"start": "13:00", "end": "16:00"},
        ),
        (
            "Saturday in Bulimba, 2 adults 2 kids, avoid outdoor stuff between 11 and 3 (rain)",
            {"start": "11:00", "end": "15:00"},
        ),
        (
            "Saturday in Bulimba, 2 adults, nothing outside 10-2 because of rain",
            {"start": "10:00", "end": "14:00"},
        ),
    ],
)
def test_rain_said_with_its_hours_is_read_never_asked(text, rain):
    items, unread = _read(text)
    assert [v for f, v in items if f == "rain"] == [rain], items
    assert not [u for u in unread if u.asks], unread


def test_a_bare_rain_reason_without_a_range_stays_all_day():
    items, _ = _read("Saturday in Bulimba, 2 adults 2 kids, indoors please (rain)")
    assert ("rain", "all_day") in items


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Paddington, 2 adults 2 kids, inside stuff only please, kids are sick of the sun",
        "Saturday in New Farm, me and my 2 kids, somewhere out of the sun",
        "Saturday in New Farm, 2 adults, sun cream packed",
        "Saturday in New Farm, 2 adults, the sun's out so parks",
    ],
)
def test_the_sun_is_no_sunday(text):
    items, unread = _read(text)
    assert ("date", "2026-12-05") in items, items
    assert not [u for u in unread if u.kind == "date_conflict"], unread


@pytest.mark.parametrize(
    ("text", "day"),
    [("sun in New Farm, 2 adults", "2026-12-06"), ("New Farm sun 13th, 2 adults", "2026-12-13")],
)
def test_sun_as_a_day_is_still_sunday(text, day):
    items, _ = _read(text)
    assert ("date", day) in items


def test_sat_and_sun_still_asks_which_day():
    _, unread = _read("Sat and Sun in New Farm, 2 adults")
    assert [u.kind for u in unread] == ["date_conflict"]


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        (
            "Saturday in Kenmore, 2 adults 2 kids, Lone Pine is a must, don't care about rain",
            "don't care about rain",
        ),
        ("Saturday in Sandgate, 2 adults 2 kids, outdoors even if it rains", "even if it rains"),
        ("Saturday in Sandgate, 2 adults, we don't mind if it rains", "don't mind if it rains"),
        (
            "Saturday in New Farm, 2 adults 2 kids, rain or shine we want to be outside",
            "rain or shine",
        ),
    ],
)
def test_indifference_to_rain_reads_rain_any(text, quote):
    from datetime import date

    from dayplan.reading.propose import read_request

    accepted, _ = read_request(text, today=date(2026, 12, 1))
    rain = [(i.value, i.quote) for i in accepted.items if i.field == "rain"]
    assert rain == [("any", quote)], rain


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Sandgate, 2 adults, in case of rain something indoors",
        "Saturday in Sandgate, 2 adults, if it rains we'll go to a museum",
    ],
)
def test_a_condition_on_rain_is_no_indifference(text):
    items, _ = _read(text)
    assert not [v for f, v in items if f == "rain"], items


def test_a_must_do_outdoors_is_planned_in_the_rain_when_rain_does_not_matter():
    report = plan_text(
        "Saturday in Kenmore, 2 adults 2 kids, Lone Pine is a must, don't care about rain"
    )
    assert report.status == "complete", report.questions
    assert "Lone Pine Koala Sanctuary" in [s.name for s in report.plan.stops]
    assert any("outdoor stops are planned whatever the rain" in a for a in report.assumptions)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Carindale, 2 adults, weather looks fine, outdoor stuff preferred",
        "Saturday in Sandgate, 2 adults 2 kids, happy to get wet, outdoors even if it rains",
    ],
)
def test_an_outdoor_wish_is_read(text):
    items, _ = _read(text)
    assert ("preference", "outdoors") in items, items


@pytest.mark.parametrize(
    "text",
    [
        "my son and his kids and me, New Farm, Saturday",
        "Saturday in New Farm, me and my daughter and her kids",
    ],
)
def test_a_grown_childs_children_without_a_count_are_asked(text):
    items, unread = _read(text)
    assert "children" not in dict(items)
    assert [u.kind for u in unread if u.asks] == ["people"], unread


def test_things_for_kids_still_asks_how_many():
    _, unread = _read("Saturday in New Farm, 2 adults, things for kids")
    assert [u.kind for u in unread if u.asks] == ["party"], unread


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("the last Saturday of December in New Farm, 2 adults", "2026-12-26"),
        ("last Saturday in December, New Farm, 2 adults", "2026-12-26"),
    ],
)
def test_the_last_weekday_of_a_month_is_no_past_day(text, day):
    items, unread = _read(text)
    assert ("date", day) in items, items
    assert not [u for u in unread if u.asks], unread


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday in Ashgrove, me + twins (4) + a baby", 1, 3),
        ("Saturday in Ashgrove, me and the triplets and a toddler", 1, 4),
        ("Saturday in Ashgrove, 2 adults and a 6 month old", 2, 1),
        ("Saturday in Ashgrove, me and a baby, 10 months old", 1, 1),
        ("Saturday in Ashgrove, me and my twin girls", 1, 2),
    ],
)
def test_twins_beside_a_baby_and_ages_in_months_count(text, adults, children):
    assert _party(text) == (adults, children)


def test_below_n_minutes_caps_a_leg_strictly():
    items, unread = _read("Saturday in Ashgrove, 2 adults 2 kids, keep each leg below 12 mins")
    assert ("max_leg_minutes", 11) in items
    assert not [u for u in unread if u.asks], unread
