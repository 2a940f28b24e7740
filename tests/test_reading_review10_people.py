"""REVIEW10's party, money and travel-cap findings (A1-A4, C).

- who is coming: texting joins people like "and" ("me n partner", "w 3 kids"); a cousin, friend
  or sibling of a child is a child ("our son and his two cousins"); adults and children as
  letters ("2A 2K", "2a 2k", "2A+2K"); "just us 2"; "grandparents (2)"; "2 families" is no count
  and no bare number; a child named by relation in one sentence ("ballet for my daughter") is
  one of the children counted in another ("me and 2 kids").
"""

from __future__ import annotations

import pytest

from dayplan.reading import people
from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, read_items
from tests.reading_helpers import asked

_read = read_items


def _party(text: str) -> tuple[object, object]:
    items, _ = _read(text)
    got = dict(items)
    return got.get("adults"), got.get("children")


def _asks(text: str) -> list:
    return [u for u in _read(text)[1] if u.asks]


# -- who is coming ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("tmrw we r in new farm w 3 kids + me n partner, budget 100, home by 4 pls", 2, 3),
        ("sat in ascot, me n hubby n the 2 kids", 2, 2),
        ("Sat, Kedron, me & my partner & 3 kids", 2, 3),
        ("sat, chermside w 2 kids n my mum", 2, 2),
        ("Sat in Brissie w/ 2 kids + partner, $80", 2, 2),
        ("sat, toowong, me n the baby", 1, 1),
    ],
)
def test_texting_joins_people_like_and(text, adults, children):
    assert _party(text) == (adults, children)


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday, Greenslopes, my wife, me, our son and his two cousins, $80", 2, 3),
        ("Saturday, Ascot, me and my daughter and her cousin", 1, 2),
        ("Saturday, Ascot, me, my son and his little sister", 1, 2),
        ("Saturday, Ascot, my husband, me, the kids' 2 cousins and our daughter", 2, 3),
        # a relative of an adult is an adult
        ("Saturday, Ascot, me, my wife and her sister, 2 kids", 3, 2),
        ("Saturday, Ascot, my husband and his brother, our 2 kids", 2, 2),
    ],
)
def test_a_cousin_or_sibling_of_a_child_is_a_child(text, adults, children):
    assert _party(text) == (adults, children)
    assert not [u for u in _asks(text) if u.kind in ("party", "people")]


def test_cousins_nobody_counts_are_asked_never_dropped():
    unread = _read("Saturday, Ascot, me and my 2 kids and their cousins, $80")[1]
    assert any("cousins" in u.phrase and u.asks for u in unread), unread


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Sat, Hamilton, 2A 2K, out the door by 8, home by noon", 2, 2),
        ("Sat, Hamilton, 2a 2k, home by noon", 2, 2),
        ("Sat, Hamilton, 2A+2K, home by noon", 2, 2),
        ("Sat 12/12 in Woolloongabba, 2A 3K", 2, 3),
        ("Saturday, Graceville, 2A 1K, no driving over 15 min", 2, 1),
        ("Saturday, 2A 2C, South Brisbane, $40, home by 3", 2, 2),
        ("Saturday, Bulimba, 1A, 2K", 1, 2),
    ],
)
def test_adults_and_children_as_letters(text, adults, children):
    assert _party(text) == (adults, children)
    assert not [u for u in _asks(text) if u.kind in ("party", "distance", "number")]


def test_a_lone_k_is_no_party():
    assert _party("Saturday, Bulimba, 2 adults, a 2k walk") == (2, None)
    assert _party("Saturday, Bulimba, 2 adults, within 2k of home")[1] is None


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Sat, Yeronga, no kids, just us 2", 2, None),
        ("Sat, Yeronga, us 2 and the 3 kids", 2, 3),
        ("Saturday, Fig Tree Pocket, grandparents (2) and 3 grandkids, $250", 2, 3),
        ("Saturday, Sandgate, grandparents (2) + 3 grandkids", 2, 3),
        ("Saturday, Sandgate, adults (3), me and my son", 3, 1),
        ("Sat, Wynnum, 2 families: 4 adults and 5 kids, $200", 4, 5),
    ],
)
def test_party_said_in_words(text, adults, children):
    assert _party(text) == (adults, children)
    assert not [q for q in asked(text) if "how many" in q.lower() or "number" in q], asked(text)


def test_a_digit_in_brackets_after_kids_is_their_count():
    # REVIEW11: "kids (2)" is how many (ages of several kids are several numbers: "kids (4, 7)")
    assert _party("Saturday, Sandgate, adults (3), kids (2)") == (3, 2)
    assert not asked("Saturday, Sandgate, adults (3), kids (2), $80, home by 3")


def test_us_2_is_no_count_before_a_unit():
    assert _party("Saturday, Ascot, that gives us 2 hours, 3 kids")[0] is None


def test_two_families_is_listed_as_said_never_as_a_bare_number():
    unread = _read("Sat, Wynnum, 2 families, $200")[1]
    assert [(u.phrase, u.kind) for u in unread] == [("2 families", "party")]


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        (
            "Ballet 10-11 for my daughter on Saturday. Want something after until 3. New Farm, "
            "me and 2 kids",
            1,
            2,
        ),
        ("My son has soccer at 9 on Saturday. Ascot, 2 adults 3 kids", 2, 3),
        # a count smaller than the children named is no "one of them": the first stays
        ("Saturday, Ascot, my son and my daughter. Me and 1 kid after lunch", 1, 2),
    ],
)
def test_a_child_named_by_relation_is_one_of_the_children_counted(text, adults, children):
    assert _party(text) == (adults, children)


def test_the_verifier_reads_every_new_party_quote_like_the_proposer():
    text = "Sat, Hamilton, 2A 2K, w 3 kids + me n partner, our son and his two cousins"
    for quote, field, value in (
        ("2A 2K", "adults", 2),
        ("2A 2K", "children", 2),
        ("w 3 kids + me n partner", "adults", 2),
        ("our son and his two cousins", "children", 3),
    ):
        got = verify_reading(text, {"field": field, "value": value, "quote": quote}, today=TODAY)
        assert getattr(got, "value", None) == value, got
    assert people.read_party("2K").adults is None


# -- money --------------------------------------------------------------------------------------


def _budget(text: str) -> object:
    return dict(_read(text)[0]).get("budget", {}).get("amount")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("Sat, bowen hills, 2 adults 2 kids, 60ish bucks", 60.0),
        ("Sat, bowen hills, 2 adults 2 kids, 60-ish dollars", 60.0),
        ("Sat, Paddington, 2 adults 2 kids, 120ish", 120.0),
        ("Sat. Ascot. 2 adults. About 80ish. Back by 3.", 80.0),
        ("Saturday. Mum, dad, and 4 kids from Carindale. 120 budget", 120.0),
        ("Sat, Ascot, 2 adults, a 90 dollar budget", 90.0),
        ("Sat, Ascot, 2 adults 2 kids, 120ish, max 20 min drive", 120.0),
    ],
)
def test_an_amount_said_roughly_or_before_budget_is_the_budget(text, amount):
    assert _budget(text) == amount
    assert not asked(text), asked(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sat, Ascot, 2 adults 2 kids, 12ish",  # a time's "ish", never money
        "Sat, Ascot, 2 adults 2 kids, 3 budget-friendly places",
        "Sat, Ascot, 2 adults, we have maybe 40ish to play with",  # minutes or dollars?
    ],
)
def test_an_ish_that_may_be_no_budget_is_never_read_as_one(text):
    assert _budget(text) is None


def test_an_ish_amount_inside_a_clause_is_asked_and_the_verifier_agrees():
    text = "Sat, Ascot, 2 adults, we have maybe 40ish to play with"
    assert any("40ish" in q for q in asked(text)), asked(text)
    got = verify_reading(text, {"field": "budget", "value": 40, "quote": "40ish"}, today=TODAY)
    assert got.error, got  # type: ignore[union-attr]
    ok = verify_reading(
        "Sat, 2 adults, 120ish", {"field": "budget", "value": 120, "quote": "120ish"}, today=TODAY
    )
    assert getattr(ok, "value", None) == {"amount": 120.0, "currency": "AUD", "per_person": False}


@pytest.mark.parametrize(
    "text",
    [
        "Sat. Ascot. Me, hubby, 2 kids. Under 60. Back 3ish.",
        "Sat, Ascot, 2 adults 2 kids, under 60 please",
        "Sat. Ascot. 2 adults 2 kids. Max 60.",
        "Sat. Ascot. 2 adults 2 kids. Max 60",
        "Sat, Ascot, 2 adults 2 kids, 60 tops!",
        "Sat, Ascot, 2 adults 2 kids, no more than 45.",
    ],
)
def test_a_bare_limit_asks_money_or_minutes_full_stop_or_not(text):
    qs = asked(text)
    assert any("budget" in q and "minutes" in q for q in qs), qs
    assert _budget(text) is None


def test_a_bare_limit_is_settled_only_by_a_given_budget_and_travel():
    from dayplan.contract import PlanRequest
    from dayplan.reading import read_request
    from dayplan.reading.apply import apply_reading, questions
    from tests.reading_helpers import TODAY as DAY

    text = "Sat. Ascot. 2 adults 2 kids. Under 60."
    accepted, phrases = read_request(text, today=DAY)
    given = PlanRequest(
        text=text,
        budget={"amount": 60, "currency": "AUD"},
        travel={"mode": "car", "max_leg_minutes": 30},
    )
    assert not questions(phrases, apply_reading(given, accepted))
    only_money = PlanRequest(text=text, budget={"amount": 60, "currency": "AUD"})
    assert questions(phrases, apply_reading(only_money, accepted))


_LEADS = [
    "Under {n}", "Max {n}", "{n} tops", "Budget {n}", "{n} budget", "{n}ish", "Home by {n}",
    "Back {n}", "We are {n}", "About {n}", "Up to {n}", "Within {n}", "Leave at {n}",
    "No more than {n}", "{n} max", "Less than {n}", "Spend {n}", "Home {n}", "Start {n}",
    "Done by {n}", "{n} each", "Keep it under {n}", "Limit {n}", "{n} all up", "Till {n}",
]  # fmt: skip


@pytest.mark.parametrize("end", [".", "", "!", ". Thanks"])
def test_a_number_last_in_its_sentence_is_read_or_listed_unread(end):
    """For many sentences whose last number comes before a full stop (or none), the number is in
    an accepted reading's quote or an unread phrase: a full stop never decides ("Under 60." was
    dropped while "Under 60" asked). "Under 12" with kids is their ages (no limit), left out."""
    from dayplan.reading import read_request
    from tests.reading_helpers import TODAY as DAY

    lost = []
    for lead in _LEADS:
        for n in (9, 20, 60, 120, 1500):
            if lead.startswith("Under") and n <= 17:
                continue
            text = f"Saturday, Ascot, 2 adults 2 kids. {lead.format(n=n)}{end}"
            accepted, unread = read_request(text, today=DAY)
            said = [i.quote for i in accepted.items] + [u.phrase for u in unread]
            if not any(str(n) in q for q in said):
                lost.append(text)
    assert not lost, lost


# -- travel caps ---------------------------------------------------------------------------------


def _cap(text: str) -> object:
    return dict(_read(text)[0]).get("max_leg_minutes")


@pytest.mark.parametrize(
    ("text", "cap"),
    [
        ("sat 5/12 kenmore 2 adults 2 kids budget 60 no parks no pools home by 3 max 20 min", 20),
        ("Sat, Ascot, 2 adults, home by 3pm, max 20 min", 20),
        ("Saturday koalas!! 2 adults 2 kids from Kenmore, max $250 \U0001f697 under 20 min", 19),
        ("Saturday, Daisy Hill, 2 adults 2 kids, something within 10 minutes", 10),
        ("Saturday, Daisy Hill, 2 adults, somewhere within half an hour", 30),
        ("Saturday, Manly, 2 adults 2 kids. Not keen on long drives, 20 min tops.", 20),
        ("Saturday, Manly, 2 adults. 25 mins max each.", 25),
    ],
)
def test_a_limit_of_minutes_said_alone_caps_each_leg(text, cap):
    assert _cap(text) == cap
    assert not asked(text), asked(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sat, Ascot, 2 adults, quick lunch, 30 min max",  # the lunch's length?
        "Sat, Ascot, 2 adults, nap max 20 min",
        "Saturday, Everton Park, 2 adults, $40, 8-12, swimming, 15 min max",
        "Sat, Ascot, 2 adults, lunch at 12 max 30 min",
    ],
)
def test_a_limit_beside_something_else_it_could_limit_is_asked(text):
    assert _cap(text) is None
    assert any("minutes" in q or "length of time" in q for q in asked(text)), asked(text)


def test_the_verifier_reads_a_cap_said_alone_like_the_proposer():
    text = "Saturday, Manly, 2 adults 2 kids. Not keen on long drives, 20 min tops."
    got = verify_reading(
        text, {"field": "max_leg_minutes", "value": 20, "quote": "20 min tops"}, today=TODAY
    )
    assert getattr(got, "value", None) == 20, got
    nap = verify_reading(
        "Sat, 2 adults, nap max 20 min",
        {"field": "max_leg_minutes", "value": 20, "quote": "max 20 min"},
        today=TODAY,
    )
    assert nap.error  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, Manly, 2 adults 2 kids. Not keen on long drives, 20 min tops.",
        "Saturday, Manly, 2 adults. Don't like long drives.",
        "Saturday, Manly, 2 adults, no long drives please",
    ],
)
def test_long_drives_disliked_is_no_negated_mode(text):
    assert not [q for q in asked(text) if "get around" in q], asked(text)
    assert dict(_read(text)[0]).get("mode") in (None, "car")


@pytest.mark.parametrize(
    "text",
    [
        "Sat, Toowong, 1 adult, cycling everywhere",
        "Sat, Toowong, 2 adults, we'll go by bike",
        "Sat, Toowong, 2 adults 2 kids, on our bikes",
        "Sat, Toowong, 2 adults, we're cycling",
    ],
)
def test_cycling_is_asked_never_planned_by_car_silently(text):
    qs = asked(text)
    assert any("not bike" in q for q in qs), qs


def test_a_bike_ride_is_an_outing_not_a_mode():
    assert not asked("Sat, Toowong, 2 adults 2 kids, a bike ride along the river, home by 3")


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Sat, Ascot, 2 adults, about 80ish all up", "budget", 80.0),
        (
            "Saturday, Sherwood, me and the baby. Baby naps 1-2, max 20 min.",
            "max_leg_minutes",
            None,
        ),
        ("Sat, Ascot, 2 adults, hot day, 30ish", "budget", None),  # the day's heat? asked
    ],
)
def test_ish_and_alone_limits_read_only_what_they_say(text, field, value):
    got = dict(_read(text)[0]).get(field)
    assert (got.get("amount") if isinstance(got, dict) else got) == value
    assert value is not None or asked(text)


def test_an_ish_amount_inside_a_clause_is_asked_as_money_not_a_time():
    qs = asked("Sat, Ascot, 2 adults, we have about 80ish to play with")
    assert any("80ish" in q and "budget" in q for q in qs), qs
