"""Must-dos in free text (dayplan.reading.musts): every member of a list is a must-do, a list
ends where a clause starts, catalogue names with "and"/"&"/"," stay whole; and the readings
verify."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading import read_request, verify_reading
from dayplan.reading.musts import in_catalogue, must_items, must_like_cues
from tests.cli_runs import read_items

TODAY = date(2026, 12, 1)


def musts(text: str) -> list[str]:
    accepted, _ = read_request(text, today=TODAY)
    return [i.value for i in accepted.items if i.field == "must_do"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "must see the Old Windmill and the Museum of Brisbane",
            ["old windmill", "museum of brisbane"],
        ),
        ("must do SparkLab and the Queensland Museum", ["sparklab", "queensland museum"]),
        (
            "Saturday, we have to do GOMA, the State Library and Streets Beach, 2 adults 2 kids",
            ["goma", "state library", "streets beach"],
        ),
        (
            "we must see GOMA, the Wheel, and Streets Beach.",
            ["goma", "wheel", "streets beach"],
        ),
        (
            "need to visit Lone Pine and also the Wheel of Brisbane",
            ["lone pine", "wheel of brisbane"],
        ),
        ("we really want to see GOMA as well as the Maritime Museum", ["goma", "maritime museum"]),
        ("have to see both GOMA and the Queensland Museum", ["goma", "queensland museum"]),
        ("must visit Lone Pine plus Daisy Hill", ["lone pine", "daisy hill"]),
        ("the kids must see the koalas & the Wheel", ["koalas", "wheel"]),
        (
            "We have to do Lone Pine; the kids must also see the Wheel of Brisbane.",
            ["lone pine", "wheel of brisbane"],
        ),
        (
            "We must see Lone Pine. The girls have to ride the Wheel too.",
            ["lone pine", "wheel"],
        ),
        ("must see the koalas and ride the Wheel", ["koalas", "wheel"]),
        ("need to check out SparkLab and go on the Wheel, home by 4", ["sparklab", "wheel"]),
        ("we can't miss the Wheel of Brisbane", ["wheel of brisbane"]),
        ("We promised the kids Streets Beach and the Wheel", ["streets beach", "wheel"]),
        ("promised the kids we'd go to Lone Pine", ["lone pine"]),
        ("promised them a trip to the Queensland Museum", ["queensland museum"]),
        ("Lone Pine is non-negotiable", ["lone pine"]),
        ("Lone Pine and the Wheel are a must", ["lone pine", "wheel"]),
        ("Saturday with 2 kids, the Maritime Museum is a must-do", ["maritime museum"]),
        ("must-dos: GOMA, Streets Beach and the Wheel", ["goma", "streets beach", "wheel"]),
        ("don't want to miss GOMA or the State Library", ["goma or the state library"]),
        (
            "must see the Museum of Brisbane and the City Hall Clock Tower on Saturday",
            ["museum of brisbane", "city hall clock tower"],
        ),
        (
            "we NEED to see GOMA and the Queensland Art Gallery!!",
            ["goma", "queensland art gallery"],
        ),
        (
            "must see the library in New Farm and New Farm Park",
            ["library in new farm", "new farm park"],
        ),
    ],
)
def test_every_member_of_a_must_do_list_is_read(text, expected):
    assert musts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("must see GOMA and be home by 4", ["goma"]),
        ("we must see the koalas and be home by 4pm", ["koalas"]),
        ("must see Lone Pine, then lunch", ["lone pine"]),
        ("must see Lone Pine and then lunch at South Bank", ["lone pine"]),
        ("must see GOMA, 2 adults and 3 kids, $50", ["goma"]),
        ("must see GOMA and my partner wants a coffee", ["goma"]),
        ("have to do Lone Pine and we need to leave by 3", ["lone pine"]),
        ("must see Lone Pine and the kids love the wheel", ["lone pine"]),
        ("must do the Wheel with the kids and grandma", ["wheel"]),
        ("must see the museum, otherwise anything indoors", ["museum"]),
        ("have to see the museum and get home for a nap at 1", ["museum"]),
        ("must see GOMA and have lunch somewhere nice", ["goma"]),
        ("must see GOMA and Saturday is best", ["goma"]),
        ("need to visit GOMA, and it has to be cheap", ["goma"]),
    ],
)
def test_a_must_do_list_ends_where_a_clause_starts(text, expected):
    assert musts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we need to visit Lollipop's Playland & Cafe", ["lollipop's playland & cafe"]),
        (
            "we need to visit Lollipop's Playland and Cafe and New Farm Park",
            ["lollipop's playland and cafe", "new farm park"],
        ),
        ("must do SparkLab, Sciencentre and the Wheel", ["sparklab, sciencentre", "wheel"]),
        (
            "have to go to Kidspace Playground, 7th Brigade Park",
            ["kidspace playground, 7th brigade park"],
        ),
    ],
)
def test_a_catalogue_name_with_and_or_a_comma_is_not_split(text, expected):
    assert musts(text) == expected


def test_catalogue_names_are_folded_for_the_join():
    assert in_catalogue("Playland and Cafe")
    assert in_catalogue("the SparkLab, Sciencentre")
    assert not in_catalogue("GOMA and the Wheel")


@pytest.mark.parametrize(
    "text",
    [
        "we need to be home by 4, 2 adults",
        "we don't have to do anything big",
        "no need to rush, Saturday in West End",
        "Lone Pine would be nice",
        "we'd like to see the koalas",
        "must be back by 11 for the nap",
    ],
)
def test_no_must_do_without_insistence(text):
    assert musts(text) == []


def test_each_member_is_quoted_with_its_cue_and_verifies():
    text = "Saturday, must see the Old Windmill and the Museum of Brisbane, home by 4"
    accepted, _ = read_request(text, today=TODAY)
    got = {i.value: i.quote for i in accepted.items if i.field == "must_do"}
    assert got == {
        "old windmill": "must see the Old Windmill",
        "museum of brisbane": "must see the Old Windmill and the Museum of Brisbane",
    }
    # the quote of the list proves both members; a member it does not name is refused
    quote = got["museum of brisbane"]
    ok = verify_reading(
        text, {"field": "must_do", "value": "old windmill", "quote": quote}, today=TODAY
    )
    assert ok.field == "must_do"
    bad = verify_reading(
        text, {"field": "must_do", "value": "lone pine", "quote": quote}, today=TODAY
    )
    assert bad.found == ["old windmill", "museum of brisbane"]
    # "be home by 4" is no must-do, whatever a model says
    bad = verify_reading(
        text, {"field": "must_do", "value": "home by 4", "quote": "home by 4"}, today=TODAY
    )
    assert bad.found == []


def test_a_must_do_name_is_no_preference():
    accepted, _ = read_request("must see the Museum of Brisbane, Saturday", today=TODAY)
    assert [i.field for i in accepted.items if i.field == "preference"] == []
    accepted, _ = read_request("the kids love museums, Saturday", today=TODAY)
    assert [i.value for i in accepted.items if i.field == "preference"] == ["museums"]


def test_must_items_spans_cover_the_members():
    phrase = "we must see GOMA and the Wheel"
    items = must_items(phrase)
    assert [(phrase[i.start : i.end], phrase[i.quote_start : i.quote_end]) for i in items] == [
        ("GOMA", "must see GOMA"),
        ("the Wheel", "must see GOMA and the Wheel"),
    ]


@pytest.mark.parametrize(
    ("phrase", "cues"),
    [
        ("we have to be home by 4", ["have to"]),
        ("we don't have to rush", []),
        ("no need to hurry, if we have to we'll drive", []),
        ("we can't miss the wheel", ["can't miss"]),
        ("don't want to miss goma", ["don't want to miss"]),
        ("promised the kids, it's non-negotiable", ["promised", "non-negotiable"]),
    ],
)
def test_must_like_cues(phrase, cues):
    assert [phrase[a:b] for a, b in must_like_cues(phrase)] == cues


# -- must-like clauses nothing read: listed unread (kind "must") and asked about ---------------


def unread_musts(text: str) -> list[str]:
    _, phrases = read_request(text, today=TODAY)
    return [p.phrase for p in phrases if p.kind == "must"]


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Saturday, we promised the kids.", "promised the kids"),
        ("promised the kids ice cream, Saturday", "promised the kids ice cream"),
        ("we can't miss it!", "can't miss it"),
        ("the kids must have their fun, Saturday", "must have their fun"),
        (
            "with 2 kids, it's non-negotiable that we do something with water",
            "non-negotiable that we do something with water",
        ),
        ("it needs to be pram friendly", "needs to be pram friendly"),
        ("Saturday, 2 kids. Compulsory: sunscreen breaks", "Compulsory: sunscreen breaks"),
    ],
)
def test_a_must_like_clause_nothing_read_is_unread_and_asks(text, phrase):
    accepted, phrases = read_request(text, today=TODAY)
    got = [p for p in phrases if p.kind == "must"]
    assert [p.phrase for p in got] == [phrase]
    assert got[0].asks
    from dayplan.contract import PlanRequest
    from dayplan.reading.apply import apply_reading, questions

    asked = questions(phrases, apply_reading(PlanRequest(text=text), accepted))
    assert any(
        f'"{phrase}"' in q and "must the day include" in q and len(q) <= 120 for q in asked
    ), asked


@pytest.mark.parametrize(
    "text",
    [
        "we need to be home by 4, 2 adults",
        "must be back by 11 for the nap, Saturday",
        "we have to leave by 3",
        "we don't have to do much, Saturday",
        "no need to rush, 2 adults",
        "must see Lone Pine and the Wheel, home by 4",
        "Lone Pine is non-negotiable",
        "we promised the kids Streets Beach",
        "if we have to, we'll drive",
    ],
)
def test_a_fully_read_or_negated_must_like_clause_is_not_unread(text):
    assert unread_musts(text) == []


def test_a_deadline_said_by_an_event_is_asked_once_as_a_time():
    _, phrases = read_request("we have to be back before dinner", today=TODAY)
    assert [(p.phrase, p.kind) for p in phrases] == [("have to be back before dinner", "time")]


def test_a_list_member_a_model_did_not_read_is_unread_and_asked():
    """A model (Gemini) that quotes the whole list but reads only its first member: the second
    is listed unread and asked about, never dropped."""
    from dayplan.reading import unread_phrases

    text = "Saturday, must see the Old Windmill and the Museum of Brisbane, home by 4"
    quote = "must see the Old Windmill and the Museum of Brisbane"
    only_first = [
        verify_reading(
            text, {"field": "must_do", "value": "old windmill", "quote": quote}, today=TODAY
        ),
        verify_reading(
            text, {"field": "window_end", "value": "16:00", "quote": "home by 4"}, today=TODAY
        ),
    ]
    got = [(p.phrase, p.kind) for p in unread_phrases(text, only_first, today=TODAY)]
    assert got == [("the Museum of Brisbane", "must")]
    both = [
        *only_first,
        verify_reading(
            text, {"field": "must_do", "value": "museum of brisbane", "quote": quote}, today=TODAY
        ),
    ]
    assert unread_phrases(text, both, today=TODAY) == []


def test_no_must_do_read_at_all_lists_the_first_with_its_cue():
    from dayplan.reading import unread_phrases

    text = "Saturday, we have to do Lone Pine and the Wheel, home by 4"
    got = [(p.phrase, p.kind) for p in unread_phrases(text, [], today=TODAY) if p.kind == "must"]
    assert got == [("have to do Lone Pine", "must"), ("the Wheel", "must")]


# --- a list ends where another reader's phrase starts (REVIEW2 finding 9) -------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # appointments, times and deadlines after a comma
        (
            "Saturday, must do the cinema, ballet 10-11, swim at 9 for 45 mins, home by 12",
            ["cinema"],
        ),
        ("must do Lone Pine, done by 3", ["lone pine"]),
        ("we have to see GOMA, footy training 8 to 9.30, back by 4", ["goma"]),
        ("must visit the Museum of Brisbane, nap at home 12-2", ["museum of brisbane"]),
        ("must do the planetarium, out the door at 9", ["planetarium"]),
        ("must see the Wheel, lunch at 12", ["wheel"]),
        # money
        (
            "Saturday, must do the shopping centre cinema, total spend under 90 dollars",
            ["shopping centre cinema"],
        ),
        ("must do Lone Pine, a hundred bucks tops, dry", ["lone pine"]),
        ("must do Lone Pine, hundred and fifty dollars", ["lone pine"]),
        ("must do Lone Pine, cap of 120", ["lone pine"]),
        ("must do Lone Pine, spending money: $120", ["lone pine"]),
        ("really want to do the markets, budget's tight, fifty quid", ["markets"]),
        ("must see SparkLab, spend no more than $60", ["sparklab"]),
        # weather
        ("must do Lone Pine, fine weather all day", ["lone pine"]),
        ("must see the Botanic Gardens, dry day", ["botanic gardens"]),
        ("have to do New Farm Park, showers from 2", ["new farm park"]),
        # the party
        (
            "must do the markets, the pool and the park, 2 adults 2 kids",
            ["markets", "pool", "park"],
        ),
        ("must see Lone Pine, me and the kids", ["lone pine"]),
        ("must visit the library, 3 kids and grandma", ["library"]),
        # a number said in words
        ("must do Lone Pine, two hours there at least", ["lone pine"]),
    ],
)
def test_a_list_ends_where_another_readers_phrase_starts(text, expected):
    assert musts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [  # places and activities after commas still continue the list
        (
            "must see Lone Pine, GOMA and the Wheel of Brisbane",
            ["lone pine", "goma", "wheel of brisbane"],
        ),
        (
            "must see Lone Pine, a koala cuddle and the river",
            ["lone pine", "a koala cuddle", "river"],
        ),
        (
            "must do Lone Pine, the museum and the library, home by 3",
            ["lone pine", "museum", "library"],
        ),
        ("we must visit the SparkLab, Sciencentre", ["sparklab, sciencentre"]),
        ("must do the playground, the kids love it", ["playground"]),
        ("must see the planetarium, the cinema, lunch at 12", ["planetarium", "cinema"]),
        (
            "must do the cinema and the planetarium, $60 all up, home by 6",
            ["cinema", "planetarium"],
        ),
    ],
)
def test_places_after_commas_still_continue_the_list(text, expected):
    assert [i.name for i in must_items(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, must do the cinema, ballet 10-11, swim lessons 9-9.45, home by 12",
        "Saturday in New Farm, must do Lone Pine, total spend under 90 dollars, home by 5",
        "Saturday, must do Lone Pine, a hundred bucks tops, dry, 2 adults",
        "Saturday, must do Lone Pine, fine weather all day, 2 adults 2 kids",
        "Saturday, must do Lone Pine, spending money: $120, home by 5",
    ],
)
def test_stated_limits_after_a_must_do_are_no_must_do_questions(text):
    """Nothing the other readers read comes back as a must-do phrase to ask about."""
    from dayplan.reading import unread_phrases

    accepted, unread = read_request(text, today=TODAY)
    assert [i.value for i in accepted.items if i.field == "must_do"][:1] in (
        ["cinema"],
        ["lone pine"],
    )
    assert [p.phrase for p in unread if p.kind == "must"] == []
    assert [
        p.phrase for p in unread_phrases(text, accepted.items, today=TODAY) if p.kind == "must"
    ] == []


@pytest.mark.parametrize(
    ("text", "must", "listed"),
    [
        ("Library in the morning is a must.", "library", "Library in the morning"),
        ("the pool after lunch is non-negotiable", "pool", "the pool after lunch"),
        ("GOMA first thing is a must, home by 3", "goma", "GOMA first thing"),
        ("koalas this arvo are a must", "koalas", "koalas this arvo"),
    ],
)
def test_a_must_do_with_its_time_of_day_is_read_and_its_time_listed(text, must, listed):
    """A time of day between a must-do and its cue is the must-do's (it asked "I could not read
    'must'"); the time is listed as said (not planned for), never dropped."""
    full = f"Saturday in Indooroopilly, 1 adult 3 kids, {text}"
    items, unread = read_items(full)
    assert ("must_do", must) in [(f, v) for f, v in items]
    assert listed in [u.phrase for u in unread]
    assert all(u.kind == "preference" for u in unread if u.phrase == listed)
