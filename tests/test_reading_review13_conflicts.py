"""Two limits that cannot both hold, each as a class of wordings (the run asks, quoting both;
it served ``complete`` on one of them, silently):

- two different budgets ("budget $20, budget $200", "$50 max ... actually $80 tops", "under
  $40 ... spend up to 60", "budget 30 pp ... $100 total" for four people): ``budget_conflict``;
  a restated amount ("$50, yes 50 bucks max") or the same total for the party read ("$20 each,
  $80 total" for four) is one budget, and an amount with no spending word ("parking is $10")
  is asked as before, never as a second budget;
- an indoor limit beside an outdoor one ("indoors only, outdoors only", "nothing indoors but
  it has to be indoors only"): ``indoor_conflict``; "outdoors only, indoors if it rains" is no
  such pair; the pair is found in the text, whichever of the two a model read;
- a count or an amount below zero ("2 adults -3 kids", "minus 1 kid", "$-50", "-$40 max",
  "budget -30"): ``negative``, never read without its sign (the verifier rejects "3 kids" of
  "-3 kids" and "$50" of "$-50"); a range ("2-3 kids"), a separator ("Wynnum - $15 per child",
  "$20 - $30") and a dashed list ("-2 adults -2 kids -from toowong") are no negatives;
- two different home times or starts ("home by 3 ... back by 5", "leave at 9, not before 10"),
  a correction included ("home by 3 actually home by 4": asked, never taken as the later
  value): ``time_conflict``; the same time said twice ("home by 3pm, home by 3") is one;
- a bare number said as a correction of the limit read just before it ("budget 50 sorry i mean
  70", "home by 3, make that 4", "leave at 9 no wait 10", "$60, make it 80"): that limit's
  conflict, quoting both, never the later value taken;
- a length of time below zero ("max -10 min drive", "minus 5 mins"): ``negative``, never a
  cap of 10 (a range, "5-10 min drives max", is no negative).
"""

from __future__ import annotations

from datetime import date

import pytest

from dayplan.reading.verify import verify_reading
from tests.cli_runs import TODAY, plan_text, read_items


def _unread(text: str) -> list[tuple[str, str]]:
    return [(u.phrase, u.kind) for u in read_items(text)[1]]


def _kinds(text: str) -> set[str]:
    return {kind for _, kind in _unread(text)}


def _asks_quoting(text: str, *quotes: str) -> None:
    """The run asks (``needs_clarification``), one question quoting every one of ``quotes``."""
    report = plan_text(text)
    assert report.status == "needs_clarification", report.questions
    assert any(all(q in question for q in quotes) for question in report.questions), (
        report.questions
    )


# -- two budgets ----------------------------------------------------------------------------

TWO_BUDGETS = [
    ("2 adults 2 kids, from new farm, budget $20, budget $200", "$20", "$200"),
    ("2 adults 2 kids new farm $50 max for the day actually $80 tops", "$50 max", "$80 tops"),
    ("2 adults 2 kids new farm budget 30 pp and $100 total", "budget 30 pp", "$100 total"),
    ("2 adults 2 kids new farm under $40 but could spend up to 60", "$40", "up to 60"),
    ("saturday for me n the 2 kids from ashgrove, $60 max. our limit is $90 tho", "$60", "$90"),
    ("2 adults 2 kids paddington spend under $40 ok, max $25", "$40", "$25"),
    ("budget 100 for the day, 2 adults 1 kid, wynnum, budget 200 if its good", "100", "200"),
    ("me and 3 kids chermside, $15 each, $100 all up", "$15 each", "$100"),
    ("2 adults 2 kids coorparoo budget $60 total or $20 each", "$60 total", "$20 each"),
    ("2 adults 2 kids sherwood budget $50... actually a hundred tops", "$50", "a hundred tops"),
    ("2 adults 2 kids coorparoo, budget $20pp, $50 per person max", "$20pp", "$50 per person"),
    ("2 adults 2 kids toowong, 50 dollars or 60 dollars", "50 dollars", "60 dollars"),
    ("2 adults 2 kids toowong no more than $40pp, $200 total", "$40pp", "$200 total"),
    ("me + 1 kid, stones corner, spend $30, no more than $45", "$30", "no more than $45"),
]


@pytest.mark.parametrize(("text", "first", "second"), TWO_BUDGETS)
def test_two_different_budgets_are_asked_quoting_both(text, first, second):
    assert "budget_conflict" in _kinds(text)
    _asks_quoting(text, first, second)


@pytest.mark.parametrize(
    "text",
    [
        "2 adults 2 kids new farm $50, yes 50 bucks max",
        "2 adults 2 kids new farm $20 each, $80 total",
        "4 of us (2 adults 2 kids) toowong $25pp $100 total",
        "2 adults 2 kids kenmore, $40 total... thats $10 each",
        "mum dad 2 kids coorparoo $80 budget, $80 all up",
        "2 adults bardon, budget $30 and yeah budget $30 max",
    ],
)
def test_one_budget_said_twice_is_one_budget(text):
    assert "budget_conflict" not in _kinds(text)
    assert plan_text(text).status == "complete"


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("2 adults 2 kids west end keep it under $50, parking is $10", "parking is $10"),
        ("2 adults 2 kids toowong budget $100 incl $20 for lunch", "$100 incl $20"),
        ("2 adults 2 kids toowong budget $100 and lunch money $30", "lunch money $30"),
        ("2 adults 2 kids toowong $80 budget, coffee $5 each", "coffee $5"),
    ],
)
def test_an_amount_with_no_spending_word_of_its_own_is_no_second_budget(text, phrase):
    unread = _unread(text)
    assert any(phrase in p and kind == "money" for p, kind in unread), unread
    assert "budget_conflict" not in _kinds(text)


@pytest.mark.parametrize(
    ("text", "longer"),
    [
        ("2 adults, toowong, budget $20, budget $200", "$200"),
        ("2 adults 2 kids toowong budget $20, $20.50 max", "$20.50"),
    ],
)
def test_a_longer_number_is_never_the_read_budget_said_again(text, longer):
    items, unread = read_items(text)
    assert dict(items)["budget"]["amount"] == 20.0
    assert any(u.kind == "budget_conflict" and longer in u.phrase for u in unread)


# -- indoors and outdoors -------------------------------------------------------------------

BOTH_LIMITS = [
    ("indoors only, outdoors only, 2 adults from new farm", "indoors only", "outdoors only"),
    ("indoor only. outdoor only. 2 adults from kenmore", "indoor only", "outdoor only"),
    ("2 adults 2 kids toowong inside only outside only", "inside only", "outside only"),
    ("nothing outdoors, outdoors only, 1 adult toowong", "nothing outdoors", "outdoors only"),
    (
        "keep the kids outside, indoors only pls, 1 adult 2 kids sherwood",
        "indoors only",
        "keep the kids outside",
    ),
    (
        "2 adults 2 kids from new farm nothing indoors but it has to be indoors only",
        "indoors",
        "nothing indoors",
    ),
]


@pytest.mark.parametrize(("text", "indoor", "outdoor"), BOTH_LIMITS)
def test_indoor_and_outdoor_limits_together_are_asked(text, indoor, outdoor):
    assert "indoor_conflict" in _kinds(text)
    _asks_quoting(text, indoor, outdoor)


@pytest.mark.parametrize("drop", ["indoor_only", "only"])
def test_the_pair_is_asked_whichever_limit_a_model_read(drop):
    # a model that read only one of the two limits: code still finds both in the text
    from dayplan.reading.propose import read_request, unread_phrases

    text = "indoors only, outdoors only, 2 adults from new farm"
    accepted, _ = read_request(text, today=date.fromisoformat(TODAY))
    kept = [i for i in accepted.items if i.field != drop]
    unread = unread_phrases(text, kept, today=date.fromisoformat(TODAY))
    assert [u.phrase for u in unread if u.kind == "indoor_conflict"] == [
        "indoors only; outdoors only"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "2 adults 2 kids from new farm outdoors only, indoors if it rains",
        "2 adults 2 kids from new farm indoors only",
        "2 adults 2 kids from new farm outdoors only",
    ],
)
def test_one_limit_is_no_conflict(text):
    assert "indoor_conflict" not in _kinds(text)


# -- below zero -----------------------------------------------------------------------------

NEGATIVE = [
    ("2 adults -3 kids west end $-50", ["-3 kids", "$-50"]),
    ("-2 adults 1 kid from toowong", ["-2 adults"]),
    ("2 adults, minus 1 kid, from toowong", ["minus 1 kid"]),
    ("2 adults 2 kids toowong budget -30", ["budget -30"]),
    ("2 adults 2 kids toowong -$40 max", ["-$40"]),
    ("2 adults 2 kids toowong budget minus 20 dollars", ["budget minus 20 dollars"]),
    ("1 adult -1 children chermside, $50", ["-1 children"]),
]


@pytest.mark.parametrize(("text", "phrases"), NEGATIVE)
def test_a_count_or_amount_below_zero_is_asked(text, phrases):
    unread = _unread(text)
    for phrase in phrases:
        assert (phrase, "negative") in unread, unread
        _asks_quoting(text, phrase)


def test_a_negative_is_never_read_without_its_sign():
    items, _ = read_items("2 adults -3 kids west end $-50")
    got = dict(items)
    assert got.get("adults") == 2
    assert "children" not in got
    assert "budget" not in got


@pytest.mark.parametrize(
    ("field", "value", "quote"),
    [
        ("children", 3, "2 adults -3 kids"),
        ("budget", {"amount": 50.0, "currency": "AUD", "per_person": False}, "$-50"),
    ],
)
def test_the_verifier_rejects_a_negative_read_without_its_sign(field, value, quote):
    got = verify_reading(
        "2 adults -3 kids west end $-50",
        {"field": field, "value": value, "quote": quote},
        today=date.fromisoformat(TODAY),
    )
    assert hasattr(got, "error")
    assert "below zero" in got.error or "negative" in got.error


@pytest.mark.parametrize(
    ("text", "adults", "children"),
    [
        ("Saturday plan:\n-2 adults\n-2 kids\n-from toowong\n-$50 max", 2, 2),
        ("sunday at Wynnum - $15 per child, me and my 2 girls", 1, 2),
        ("2 adults 2 kids toowong $20 - $30", 2, 2),
    ],
)
def test_a_bullet_or_separator_dash_is_no_negative(text, adults, children):
    items, unread = read_items(text)
    got = dict(items)
    assert (got.get("adults"), got.get("children")) == (adults, children)
    assert all(u.kind != "negative" for u in unread)


def test_a_range_of_children_is_no_negative():
    assert ("2-3 kids", "party") in _unread("2 adults 2-3 kids toowong")


# -- two home times or starts ---------------------------------------------------------------

TWO_TIMES = [
    ("2 adults 1 kid west end home by 3 and back by 5", "home by 3", "back by 5"),
    ("2 adults 1 kid west end leave at 9, not before 10", "leave at 9", "not before 10"),
    ("2 adults 1 kid west end home by 3 actually home by 4", "home by 3", "home by 4"),
    (
        "2 adults 2 kids from sherwood home by 2pm latest. be back by 4 for dinner",
        "home by 2pm",
        "back by 4",
    ),
    ("2 adults 2 kids from sherwood out the door at 8, start at 9:30", "at 8", "start at 9:30"),
    ("2 adults 2 kids from sherwood start 9am, home by 4pm, back by 2", "home by 4pm", "back by 2"),
    ("2 adults 2 kids sherwood home by 3. finish by 5 is fine too", "home by 3", "finish by 5"),
    ("2 adults 2 kids sherwood leaving 8am but not before 9", "leaving 8am", "not before 9"),
    ("2 adults 2 kids toowong back home by 3pm, latest 4pm", "home by 3pm", "latest 4pm"),
    ("2 adults 2 kids toowong home by 3pm!! no later than 4", "3pm", "no later than 4"),
]


@pytest.mark.parametrize(("text", "first", "second"), TWO_TIMES)
def test_two_different_home_times_or_starts_are_asked_quoting_both(text, first, second):
    assert "time_conflict" in _kinds(text)
    _asks_quoting(text, first, second)


@pytest.mark.parametrize(
    "text",
    [
        "2 adults 2 kids from sherwood home by 3pm, home by 3",
        "2 adults 2 kids sherwood home by 4, need to be back by 4pm",
        "2 adults 2 kids coorparoo, home by 4pm, back by 16:00",
        "2 adults 2 kids sherwood start at 9 start at 9am",
    ],
)
def test_one_time_said_twice_is_one_time(text):
    assert "time_conflict" not in _kinds(text)
    assert plan_text(text).status == "complete"


# -- corrections ----------------------------------------------------------------------------

CORRECTIONS = [
    ("2 adults 1 kid bulimba budget 50 sorry i mean 70", "budget_conflict", "i mean 70"),
    (
        "sat 2 adults 3 kids from carindale budget is 50 bucks... actually we can do 150",
        "budget_conflict",
        "actually we can do 150",
    ),
    ("2 adults 1 kid bulimba home by 3 actually 4", "time_conflict", "actually 4"),
    ("2 adults 1 kid bulimba home by 3, make that 4", "time_conflict", "make that 4"),
    ("2 adults 1 kid bulimba leave at 9 no wait 10", "time_conflict", "no wait 10"),
    ("2 adults 1 kid bulimba $60, make it 80", "budget_conflict", "make it 80"),
]


@pytest.mark.parametrize(("text", "kind", "correction"), CORRECTIONS)
def test_a_correction_is_asked_quoting_both_values(text, kind, correction):
    unread = _unread(text)
    assert any(k == kind and p.endswith("; " + correction) for p, k in unread), unread
    _asks_quoting(text, correction)


def test_a_correction_to_the_same_time_is_one_time():
    assert plan_text("2 adults 1 kid bulimba home by 3 sorry 3pm").status == "complete"


# -- a length below zero --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("2 adults 1 kid bulimba max -10 min drive", "-10 min"),
        ("2 adults 1 kid bulimba no more than minus 5 mins in the car", "minus 5 mins"),
    ],
)
def test_a_length_below_zero_is_asked_never_a_cap(text, phrase):
    items, unread = read_items(text)
    assert "max_leg_minutes" not in dict(items)
    assert [(u.phrase, u.kind) for u in unread] == [(phrase, "negative")]
    _asks_quoting(text, phrase)


def test_a_range_of_minutes_is_no_negative():
    items, unread = read_items("2 adults 1 kid bulimba 5-10 min drives max")
    assert dict(items)["max_leg_minutes"] == 10
    assert all(u.kind != "negative" for u in unread)
