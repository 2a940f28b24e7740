""" "X only" is a limit code enforces; more ways of saying "not that again" are avoids.

- **only** (``dayplan.reading.prefs.only_spans``): a kind the text limits the day to ("galleries
  only", "only museums", "just parks and playgrounds", "nothing but the beach", "museums and
  nothing else"): one reading per kind, each quoting the whole list. Code reads it; the model
  only quotes. It is one rule of the constraints (``Constraints.only``): ``check_plan`` fails a
  stop of another kind (``avoided``, "you asked for art galleries only"), the scheduler leaves
  the others out, search answers mark them ``avoided``, the stand-in searches the kinds allowed,
  the empty-day failure counts what was left out and names the limit when it takes part, and
  the independent re-check and the graders catch a served stop of another kind (REVIEW9 A4:
  "galleries only" served the Powerhouse and the Museum of Brisbane).
- **not this limit**: "only" said of the day's time, its money, its people or its indoors
  ("morning only", "free stuff only", "2 adults only", "indoors only"), a condition or a hedge
  ("museums only if it rains", "ideally just museums"), a count ("just one museum"), an idiom
  ("the only thing is ..."), "only 20 min drive", and a sentence that wishes for another kind
  too ("just the museum then lunch at a cafe").
- **more avoids** (``dayplan.reading.named``): a visit already made or made every time, then
  something else asked for ("we've been to the museum a million times, anything else", "we
  always do the museum, something different"), hard or soft by ``prefs.avoid_is_hard``; a
  negative mention is never a preference (REVIEW9 A1).
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from dayplan import data
from dayplan.contract import PlanRequest
from dayplan.core.checker import Constraints, OnlyRule, ProposedStop, check_plan
from dayplan.core.mustdo import means_venue
from dayplan.core.scheduler import Pick, arrange
from dayplan.core.travel import CoordinateTravel
from dayplan.evals.graders import _refused_stops
from dayplan.reading.verify import verify_reading
from dayplan.service.recheck import independent_findings
from dayplan.ui.summary import what_i_read
from tests.cli_runs import NOW, plan_text, read_items, report_with_reading
from tests.problems import catalogue_travel

TODAY = date(2026, 12, 1)
SAT = date(2026, 12, 5)
CATALOGUE = {v.id: v for v in data.venues()}
KIND_WORD = {
    "museum": "museums",
    "gallery": "art galleries",
    "library": "libraries",
    "pool": "swimming",
    "park": "parks",
    "garden": "gardens",
    "market": "markets",
    "cinema": "film",
    "cafe": "cafes",
    "attraction": "history",
}


def _field(text: str, field: str) -> list:
    items, _ = read_items(text)
    return [v for f, v in items if f == field]


def _allowed(kinds: list[str], venue_id: str) -> bool:
    return any(means_venue(k, CATALOGUE[venue_id]) for k in kinds)


# -- reading: "only" -------------------------------------------------------------------------

ONLY = [
    ("Saturday in Fortitude Valley, 2 adults, galleries only, from 11", ["art galleries"]),
    ("Saturday in South Brisbane, 2 adults 2 kids, only museums", ["museums"]),
    ("Saturday in New Farm, 2 adults 2 kids, just parks and playgrounds", ["parks", "playgrounds"]),
    ("Saturday in South Brisbane, 2 adults 2 kids, nothing but the beach", ["beach"]),
    ("Saturday in South Brisbane, 2 adults, museums and nothing else", ["museums"]),
    ("Saturday in Brisbane City, 2 adults 2 kids, 9-3, $50, only museums please", ["museums"]),
    ("Saturday in New Farm, 2 adults, cinema only", ["film"]),
    ("Saturday in Chermside, 2 adults 2 kids, just the library", ["libraries"]),
    (
        "Saturday in South Brisbane, 2 adults, art galleries and museums only please",
        ["art galleries", "museums"],
    ),
    ("Saturday in Toowong, 2 adults 2 kids, stick to parks", ["parks"]),
    ("Saturday in West End, 2 adults, markets only, 7-12", ["markets"]),
    ("Saturday in New Farm, 2 adults, we only want cafes", ["cafes"]),
    ("Saturday in Kenmore, 2 adults 2 kids, koalas only", ["animals"]),
    ("Saturday in Brisbane City, 2 adults 2 kids, just gardens", ["gardens"]),
    ("Saturday in South Brisbane, 2 adults 2 kids, nothing except playgrounds", ["playgrounds"]),
    ("Saturday in South Brisbane, 2 adults 2 kids, galleries-only day please", ["art galleries"]),
    ("Saturday in South Brisbane, 2 adults, strictly museums", ["museums"]),
    ("Saturday in South Brisbane, 2 adults 2 kids, just the pool today", ["swimming"]),
    ("Saturday in South Brisbane, 2 adults, the beach, that's it", ["beach"]),
    ("Saturday in Cannon Hill, 1 adult 2 kids, indoor play only", ["indoor play"]),
    ("Saturday in Fortitude Valley, 2 adults, 9-3, no museums, galleries only", ["art galleries"]),
    ("Saturday in South Brisbane, 2 adults 2 kids, just a park and a cafe", ["parks", "cafes"]),
    ("Saturday in South Brisbane, 2 adults, indoors only, galleries only", ["art galleries"]),
    ("Saturday in South Brisbane, 2 adults, galleries only, we love views", ["art galleries"]),
]


@pytest.mark.parametrize(("text", "kinds"), ONLY)
def test_an_only_limits_the_day_to_its_kinds(text: str, kinds: list[str]) -> None:
    assert _field(text, "only") == kinds
    assert not set(kinds) & set(_field(text, "preference")), text  # the limit, not also a wish
    assert not [a for a in _field(text, "avoid") if a.get("kind") in kinds], text


def test_a_list_shares_its_quote_and_an_avoided_member_is_no_member() -> None:
    from dayplan.reading.propose import read_request

    accepted, _ = read_request(
        "Saturday in New Farm, 2 adults 2 kids, just parks and playgrounds", today=TODAY
    )
    quotes = {i.quote for i in accepted.items if i.field == "only"}
    assert quotes == {"just parks and playgrounds"}
    text = "Saturday in Fortitude Valley, 2 adults, 9-3, no museums, galleries only"
    assert _field(text, "avoid") == [{"kind": "museums", "hard": True}]
    assert _field(text, "only") == ["art galleries"]


NOT_ONLY = [
    ("Saturday in South Brisbane, 2 adults 2 kids, indoors only", "indoor_only", True),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, free stuff only",
        "budget",
        {"amount": 0.0, "currency": "AUD", "per_person": False},
    ),
    ("Saturday in South Brisbane, 2 adults 2 kids, morning only", "window_end", "12:00"),
    ("Saturday in South Brisbane, 2 adults only, museums", "preference", "museums"),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, museums only if it rains",
        "preference",
        "museums",
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, museums only if possible",
        "preference",
        "museums",
    ),
    ("Saturday in South Brisbane, 2 adults 2 kids, ideally just museums", "preference", "museums"),
    ("Saturday in South Brisbane, 2 adults 2 kids, mostly museums", "preference", "museums"),
    ("Saturday in South Brisbane, 2 adults 2 kids, just one museum", "preference", "museums"),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, just the museum then lunch at a cafe",
        "preference",
        "cafes",
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, parks only in the morning",
        "preference",
        "parks",
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, the galleries only open at 10",
        "preference",
        "art galleries",
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, the only thing is the kids hate museums",
        "avoid",
        {"kind": "museums", "hard": True},
    ),
    ("Saturday in South Brisbane, 2 adults 2 kids, not just museums", None, None),
    ("Saturday in South Brisbane, 2 adults 2 kids, we don't want only museums", None, None),
    ("Saturday in South Brisbane, 2 adults 2 kids, only 20 min drive", None, None),
    ("Saturday in South Brisbane, 2 adults 2 kids, only until 2", "window_end", "14:00"),
    (
        "Saturday in South Brisbane, 2 adults, galleries only, maybe a cafe for lunch",
        "preference",
        "cafes",
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, just the Queensland Museum",
        "wish",
        "queensland museum",
    ),
]


@pytest.mark.parametrize(("text", "field", "value"), NOT_ONLY)
def test_only_said_of_anything_but_a_kind_is_no_limit(text: str, field, value) -> None:
    assert not _field(text, "only"), text
    assert not _field(text, "must_do"), text  # "the only thing is ..." is no must-do either
    if field is not None:
        assert value in _field(text, field), (text, _field(text, field))


# -- reading: more avoids --------------------------------------------------------------------

AVOIDS = [
    (
        "Saturday in South Brisbane, 2 adults 2 kids, we've been to the museum a million times, "
        "anything else",
        {"kind": "museums", "hard": True},
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, we always do the museum, something different",
        {"kind": "museums", "hard": True},
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, we always do the museum, maybe something "
        "different",
        {"kind": "museums", "hard": False},
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, been to GOMA heaps, something new please",
        {"venue": "goma", "hard": True},
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, we've done every park in Brisbane so "
        "something different this time",
        {"kind": "parks", "hard": True},
    ),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, free, nothing museum-y",
        {"kind": "museums", "hard": True},
    ),
    (
        "Saturday in New Farm, 2 adults 2 kids, had enough of parks",
        {"kind": "parks", "hard": False},
    ),
    (
        "Saturday in New Farm, 2 adults 2 kids, the kids are over playgrounds",
        {"kind": "playgrounds", "hard": False},
    ),
    (
        "Saturday in Coorparoo, 2 adults 2 kids, anything except cinemas",
        {"kind": "film", "hard": True},
    ),
    ("Saturday in West End, 2 adults 2 kids, no more markets", {"kind": "markets", "hard": True}),
    (
        "Saturday in South Brisbane, 2 adults, something other than museums",
        {"kind": "museums", "hard": True},
    ),
]


@pytest.mark.parametrize(("text", "want"), AVOIDS)
def test_a_negative_mention_is_an_avoid_never_a_preference(text: str, want: dict) -> None:
    assert _field(text, "avoid") == [want], _field(text, "avoid")
    kind = want.get("kind")
    assert kind not in _field(text, "preference"), text
    assert not _field(text, "wish") and not _field(text, "only"), text


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in South Brisbane, 2 adults 2 kids, we went to GOMA last week and loved it",
        "Saturday in South Brisbane, 2 adults 2 kids, museums, anything else is fine",
        "Saturday in South Brisbane, 2 adults 2 kids, we went to the museum last week, the kids "
        "want to go again",
    ],
)
def test_a_visit_without_something_else_asked_is_no_avoid(text: str) -> None:
    assert not _field(text, "avoid"), text


# -- verification: code reads the limit, the model only quotes ------------------------------


def _verify(text: str, value, quote: str):
    return verify_reading(text, {"field": "only", "value": value, "quote": quote}, today=TODAY)


def test_a_model_s_only_is_verified_against_its_words() -> None:
    text = "Saturday in Fortitude Valley, 2 adults, galleries only, from 11"
    assert _verify(text, "galleries", "galleries only").value == "art galleries"
    assert _verify(text, {"kind": "art galleries"}, "galleries only").value == "art galleries"
    bare = _verify(text, "galleries", "galleries")
    assert "limits the day to no kind" in bare.error  # the "only" words must be quoted
    wrong = _verify(text, "museums", "galleries only")
    assert "not 'museums'" in wrong.error and wrong.found == ["art galleries"]
    shape = _verify(text, {"kind": "galleries", "hard": True}, "galleries only")
    assert 'only must be a kind as text, or {"kind": str}' in shape.error
    listed = "Saturday in New Farm, 2 adults 2 kids, just parks and playgrounds"
    assert _verify(listed, "playgrounds", "just parks and playgrounds").value == "playgrounds"


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Saturday in South Brisbane, 2 adults, museums only if it rains", "museums only"),
        ("Saturday in South Brisbane, 2 adults, ideally just museums", "just museums"),
        (
            "Saturday in South Brisbane, 2 adults, just the museum then lunch at a cafe",
            "just the museum",
        ),
    ],
)
def test_a_conditional_or_hedged_only_is_refused_as_a_limit(text: str, quote: str) -> None:
    got = _verify(text, "museums", quote)
    assert getattr(got, "error", None), got
    assert "no limit in its sentence" in got.error


# -- the checker, the scheduler, the re-check and the graders ------------------------------


def _travel(ids: list[str]) -> CoordinateTravel:
    return catalogue_travel(ids, home_at="institute-of-modern-art")


def test_the_checker_fails_a_stop_of_another_kind() -> None:
    ids = ["institute-of-modern-art", "brisbane-powerhouse", "museum-of-brisbane"]
    venues = {i: CATALOGUE[i] for i in ids}
    stops = [
        ProposedStop(11 * 60 + 10, 12 * 60, venue_id="institute-of-modern-art"),
        ProposedStop(12 * 60 + 20, 13 * 60 + 20, venue_id="brisbane-powerhouse"),
        ProposedStop(13 * 60 + 45, 14 * 60 + 45, venue_id="museum-of-brisbane"),
    ]
    free = Constraints(day=SAT, window=(11 * 60, 17 * 60))
    assert check_plan(stops, free, venues, _travel(ids)).ok  # the served day of REVIEW9 A4
    c = Constraints(
        day=SAT, window=(11 * 60, 17 * 60), only=OnlyRule(("art galleries",), "galleries only")
    )
    failures = check_plan(stops, c, venues, _travel(ids)).failures
    assert [(f.code, f.venue_id) for f in failures] == [
        ("avoided", "brisbane-powerhouse"),
        ("avoided", "museum-of-brisbane"),
    ], failures
    assert failures[0].detail == (
        'Brisbane Powerhouse is ruled out: you asked for art galleries only ("galleries only"), '
        "and it is not one"
    )
    assert failures[0].values == {"only": "art galleries"}
    both = Constraints(day=SAT, only=OnlyRule(("art galleries", "museums"), "x"))
    assert [f.venue_id for f in check_plan(stops, both, venues, _travel(ids)).failures] == [
        "brisbane-powerhouse"
    ]


def test_the_scheduler_leaves_the_other_kinds_out() -> None:
    ids = [
        "institute-of-modern-art",
        "brisbane-powerhouse",
        "museum-of-brisbane",
        "philip-bacon-galleries",
    ]
    venues = {i: CATALOGUE[i] for i in ids}
    c = Constraints(
        day=SAT, window=(11 * 60, 17 * 60), only=OnlyRule(("art galleries",), "galleries only")
    )
    got = arrange(
        [Pick(venue_id=i) for i in ids],
        venues,
        c,
        _travel(ids),
        day_shape=True,
        repeat_kinds=frozenset({"gallery"}),
    )
    assert got.ok, got
    served = [s.venue_id for s in got.check.stops]
    assert served and all(CATALOGUE[i].kind == "gallery" for i in served), served
    assert got.excluded["brisbane-powerhouse"] == (
        'Brisbane Powerhouse is ruled out: you asked for art galleries only ("galleries only")'
    )


def test_the_recheck_and_the_graders_catch_a_stop_of_another_kind() -> None:
    text = "Saturday 12 December, South Brisbane, 2 adults, 9-3, $0"
    report = plan_text(text)
    assert report.status == "complete"
    req = PlanRequest(text=text, now=NOW)
    stops = [s.model_dump(mode="json") for s in report.plan.stops]
    kinds = {CATALOGUE[s.venue_id].kind for s in report.plan.stops}
    assert len(kinds) > 1  # a day of several kinds: an "only" of one of them refuses the rest
    first = CATALOGUE[report.plan.stops[0].venue_id]
    word = KIND_WORD[first.kind]
    tampered = report_with_reading(
        report, {"field": "only", "value": word, "quote": f"{word} only"}
    )
    others = [s.name for s in report.plan.stops if CATALOGUE[s.venue_id].kind != first.kind]
    found = independent_findings(req, tampered)
    assert len(found) == len(others) and all(
        n in f and f"asks for {word} only" in f for n, f in zip(others, found, strict=True)
    ), found
    ok, detail = _refused_stops(tampered.model_dump(mode="json"), stops)
    assert not ok and all(n in detail for n in others), detail
    # every stop's kind allowed: nothing to find
    every = report
    for k in sorted({CATALOGUE[s.venue_id].kind for s in report.plan.stops}):
        word = KIND_WORD[k]
        every = report_with_reading(
            every, {"field": "only", "value": word, "quote": f"{word} only"}
        )
    assert not independent_findings(req, every)
    assert _refused_stops(every.model_dump(mode="json"), stops)[0] is True


def test_a_model_that_checks_a_stop_of_another_kind_gets_a_failed_check() -> None:
    from dayplan.service.run import initial_state
    from dayplan.tools import check_plan as check_tool
    from dayplan.tools import resolve_date, search_public_web
    from dayplan.tools.reading import run_record_reading
    from dayplan.tools.state import assumptions

    text = "Saturday, Fortitude Valley, 2 adults, 9-3, galleries only"
    state = initial_state(PlanRequest(text=text, now=NOW), run_id="t")
    ctx = SimpleNamespace(
        state=state, function_call_id="c1", actions=SimpleNamespace(skip_summarization=False)
    )
    out = run_record_reading(
        state, [{"field": "only", "value": "galleries", "quote": "galleries only"}]
    )
    assert out["ok"] and out["accepted"][0]["value"] == "art galleries"
    said = 'Only art galleries, as you said ("galleries only"): no other kind of stop is planned'
    assert said in assumptions(state)
    resolve_date("Saturday", ctx)
    found = search_public_web("things to do", ctx, location="Fortitude Valley")["results"]
    other = next(r for r in found if r["kind"] != "gallery")
    assert other["avoided"] == (
        'ruled out: the request asks for art galleries only ("galleries only")'
    )
    assert all("avoided" not in r for r in found if r["kind"] == "gallery")
    checked = check_tool([{"venue_id": other["id"], "start": "10:00", "end": "11:00"}], ctx)
    assert not checked["passed"] and "avoided" in [f["code"] for f in checked["failures"]]
    assert checked["constraints"]["only"] == ["art galleries"]


# -- served days -----------------------------------------------------------------------------

SERVED = [
    ("Saturday in Fortitude Valley, 2 adults, galleries only, from 11", ["art galleries"], 3),
    ("Saturday in South Brisbane, 2 adults 2 kids, only museums", ["museums"], 3),
    (
        "Saturday in New Farm, 2 adults 2 kids, just parks and playgrounds",
        ["parks", "playgrounds"],
        3,
    ),
    ("Saturday in South Brisbane, 2 adults 2 kids, nothing but the beach", ["beach"], 1),
    ("Saturday in South Brisbane, 2 adults, museums and nothing else", ["museums"], 2),
    ("Saturday in New Farm, 2 adults, cinema only", ["film"], 1),
    ("Saturday in Chermside, 2 adults 2 kids, just the library", ["libraries"], 1),
    ("Saturday in West End, 2 adults, markets only, 7-12", ["markets"], 2),
    ("Saturday in Toowong, 2 adults 2 kids, stick to parks", ["parks"], 2),
    (
        "Saturday in Fortitude Valley, 2 adults, 9-3, no museums, galleries only",
        ["art galleries"],
        2,
    ),
]


@pytest.mark.parametrize(("text", "kinds", "at_least"), SERVED)
def test_a_served_day_holds_only_the_kinds_asked_for(
    text: str, kinds: list[str], at_least: int
) -> None:
    report = plan_text(text)
    assert report.status == "complete", report.constraint_failures
    ids = [s.venue_id for s in report.plan.stops]
    assert len(ids) >= at_least and all(_allowed(kinds, i) for i in ids), ids
    assert not independent_findings(PlanRequest(text=text, now=NOW), report)
    assert any(a.startswith(f"Only {' or '.join(kinds)}, as you said") for a in report.assumptions)
    lines = [r for r in what_i_read(report).read if r.field == "only"]
    assert [r.value for r in lines] == kinds


def test_the_stand_in_searches_the_kinds_allowed() -> None:
    report = plan_text("Saturday in Fortitude Valley, 2 adults, galleries only, from 11")
    searched = [t.summary for t in report.trace if t.tool == "search_public_web"]
    assert searched and "'art galleries'" in searched[0], report.trace


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "Saturday in South Brisbane, 2 adults 2 kids, we've been to the museum a million "
            "times, anything else",
            "museum",
        ),
        ("Saturday in South Brisbane, 2 adults 2 kids, free, nothing museum-y", "museum"),
        (
            "Saturday in South Brisbane, 2 adults 2 kids, we always do the museum, something "
            "different",
            "museum",
        ),
        ("Saturday in West End, 2 adults 2 kids, no more markets", "market"),
        ("Saturday in Coorparoo, 2 adults 2 kids, anything except cinemas", "cinema"),
    ],
)
def test_a_day_said_without_a_kind_never_serves_it(text: str, kind: str) -> None:
    report = plan_text(text)
    assert report.status == "complete", report.constraint_failures
    assert kind not in [CATALOGUE[s.venue_id].kind for s in report.plan.stops]


def test_when_the_only_leaves_nothing_the_failure_counts_and_names_it() -> None:
    # no gallery is within 10 minutes of Chermside; the library and the playground are
    report = plan_text("Saturday, Chermside, 2 adults, 9-3, $0, 10 min drive max, galleries only")
    assert report.status == "no_feasible_plan", report
    codes = [f.code for f in report.constraint_failures]
    assert codes[0] == "no_candidates" and "avoided" in codes, codes
    assert (
        "venues left out: you asked for art galleries only" in report.constraint_failures[0].detail
    )
    (refused,) = [f for f in report.constraint_failures if f.code == "avoided"]
    assert "Chermside Library (6 min from home" in refused.detail
    assert refused.detail.endswith(
        'the request rules them out: you asked for art galleries only ("galleries only")'
    )
    lifted = plan_text("Saturday, Chermside, 2 adults, 9-3, $0, 10 min drive max")
    assert lifted.status == "complete"  # the limit truly takes part


def test_a_must_do_of_another_kind_is_a_true_conflict() -> None:
    report = plan_text(
        "Saturday in South Brisbane, 2 adults 2 kids, museums only, must see Lone Pine"
    )
    assert report.status == "no_feasible_plan"
    refused = [f for f in report.constraint_failures if f.code == "avoided"]
    assert refused and "you asked for museums only" in refused[0].detail
