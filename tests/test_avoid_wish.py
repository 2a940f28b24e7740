"""What a parent refuses is never planned; a venue they name softly is tried first.

- **avoid** (``dayplan.reading.named.avoid_items``): a kind ("no museums", "no pools, parks or
  cinemas") or a venue ("avoid Lone Pine and the wheel", "not GOMA this time", "anything but the
  Wheel of Brisbane", "we've done the museum, skip it"). Code reads whether it is a **hard**
  limit from the words (``prefs.avoid_is_hard``): a refusal ("no", "not", "avoid", "skip",
  "don't want", "don't take us to", "anything but", "X is out", "hate") is hard, a hedge or a
  taste ("rather not", "not really into", "not too many", "if possible", "boring") is soft. A
  hard one is a rule of the constraints: ``check_plan`` fails a stop it names (``avoided``), the
  scheduler leaves it out, the empty-itinerary failure counts it and names it when it takes
  part, and the independent re-check and the graders catch a served one. A soft one is ranked
  last and stated.
- **wish** (``named.wish_spans``): a catalogue venue named without a must cue ("maybe
  SparkLab", "then GOMA", "thinking Roma St Parklands"): searched, arranged with a high weight,
  never a must-do; when it does not fit, the report says why. A must cue stays a must-do.
- **neither**: "no problem", "not too far", "no rush", "no car", "nothing before 10", "no kids
  this time", the home suburb ("we live in New Farm"), a landmark ("not far from Lone Pine"),
  and a visit already made: "we went to GOMA last week and loved it" is decided to be neither a
  wish nor an avoid (it asks for nothing either way; the day may include GOMA on its merits).
- "the museum" names a kind (nine museums), not one venue: "skip the museum" avoids museums.
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from dayplan import data
from dayplan.contract import PlanRequest
from dayplan.core.checker import AvoidRule, Constraints, ProposedStop, check_plan
from dayplan.core.scheduler import Pick, arrange
from dayplan.core.travel import CoordinateTravel
from dayplan.evals.graders import _refused_stops
from dayplan.reading.verify import verify_reading
from dayplan.service.recheck import independent_findings
from tests.cli_runs import NOW, plan_text, read_items, report_with_reading
from tests.problems import catalogue_travel

TODAY = date(2026, 12, 1)
SAT = date(2026, 12, 5)
CATALOGUE = {v.id: v for v in data.venues()}


def _avoids(text: str) -> list[dict]:
    items, _ = read_items(text)
    return [v for f, v in items if f == "avoid"]


def _field(text: str, field: str) -> list:
    items, _ = read_items(text)
    return [v for f, v in items if f == field]


# -- reading: hard avoids --------------------------------------------------------------------

HARD = [
    ("Saturday, South Brisbane, 2 adults, no museums please", [("kind", "museums")]),
    (
        "Saturday, Toowong, 2 adults 1 kid, 9-3, $60, no pools, parks or cinemas",
        [("kind", "swimming"), ("kind", "parks"), ("kind", "film")],
    ),
    ("sat, Nundah, 2 adults 2 kids, the kids don't want to go to a museum", [("kind", "museums")]),
    ("Saturday, Ashgrove, 2 adults, no museum", [("kind", "museums")]),
    ("Saturday, Ashgrove, 2 adults, skip the markets", [("kind", "markets")]),
    ("Saturday, New Farm, 2 adults, the pool's out", [("kind", "swimming")]),
    ("Saturday, New Farm, 2 adults, markets are a no-go", [("kind", "markets")]),
    ("Saturday, Toowong, 2 adults, anything but museums", [("kind", "museums")]),
    ("Saturday, Kedron, 1 adult 2 kids, no more playgrounds!", [("kind", "playgrounds")]),
    (
        "Saturday in South Brisbane, 2 adults 2 kids, 9-4, $100, avoid Lone Pine and the wheel",
        [("venue", "lone pine"), ("venue", "wheel")],
    ),
    ("Saturday, South Brisbane, 2 adults, 9-3, $50, not GOMA this time", [("venue", "goma")]),
    (
        "we've done the museum, skip it. Saturday, South Brisbane, 2 adults, 9-3",
        [("kind", "museums")],
    ),
    (
        "Saturday, South Brisbane, anything but the Wheel of Brisbane, 2 adults",
        [("venue", "wheel of brisbane")],
    ),
    (
        "please dont take us to the state library, sat, South Brisbane, 2 adults",
        [("venue", "state library")],
    ),
    ("Saturday, Kenmore, 2 adults 2 kids, lone pine is out", [("venue", "lone pine")]),
    (
        "Saturday, Toowong, 2 adults, no pools, parks or Lone Pine",
        [("kind", "swimming"), ("kind", "parks"), ("venue", "lone pine")],
    ),
    (
        "Saturday, South Brisbane, 2 adults, avoid Lone Pine and museums",
        [("venue", "lone pine"), ("kind", "museums")],
    ),
    (
        "Saturday, South Brisbane, 2 adults, not the Museum of Brisbane",
        [("venue", "museum of brisbane")],
    ),
]


@pytest.mark.parametrize(("text", "want"), HARD)
def test_a_refusal_is_a_hard_avoid(text: str, want: list[tuple[str, str]]) -> None:
    got = _avoids(text)
    assert got == [{key: value, "hard": True} for key, value in want], got
    assert not _field(text, "wish"), text  # a refused venue is never also wished for
    assert not _field(text, "must_do"), text


SOFT = [
    ("Saturday in South Brisbane, 2 adults, we'd rather not do museums", [("kind", "museums")]),
    ("Saturday, Toowong, 2 adults, not really into parks", [("kind", "parks")]),
    ("Saturday, Toowong, 2 adults, not too many museums", [("kind", "museums")]),
    ("Saturday, South Brisbane, no museums if possible, 2 adults", [("kind", "museums")]),
    ("Saturday, New Farm, 2 adults, ideally no pools", [("kind", "swimming")]),
    (
        "Saturday, New Farm, 2 adults, we'd prefer to avoid the markets where we can",
        [("kind", "markets")],
    ),
    ("Saturday, South Brisbane, 2 adults, rather not do GOMA again", [("venue", "goma")]),
    ("Saturday, Toowong, 2 adults, no need for the pool", [("kind", "swimming")]),
    ("Saturday, Toowong, 2 adults, the wheel is too expensive for us", [("venue", "wheel")]),
    ("Saturday, Toowong, 2 adults, pools are too crowded", [("kind", "swimming")]),
]


@pytest.mark.parametrize(("text", "want"), SOFT)
def test_a_hedge_is_a_soft_avoid(text: str, want: list[tuple[str, str]]) -> None:
    assert _avoids(text) == [{key: value, "hard": False} for key, value in want]


# -- reading: wishes and must-dos ------------------------------------------------------------

WISHES = [
    ("Saturday, South Brisbane, 2 adults 2 kids, 9-3, $80, maybe SparkLab", "sparklab"),
    ("Saturday, West End, 1 adult 2 kids, SparkLab for the kids", "sparklab"),
    ("Saturday, Toowong, 2 adults, library in the morning then GOMA", "goma"),
    ("Saturday, Toowong, 2 adults, would love to do the Wheel if there's time", "wheel"),
    ("Saturday, New Farm, 2 adults, thinking Roma St Parklands, home by 3", "roma st parklands"),
    ("Saturday, Ashgrove, 2 adults, the Queensland Museum would be nice", "queensland museum"),
    ("Saturday, Kenmore, 2 adults 2 kids, lone pine maybe?", "lone pine"),
    ("sat in Carindale, 2 adults 2 kids, the kids love Lone Pine", "lone pine"),
]


@pytest.mark.parametrize(("text", "wish"), WISHES)
def test_a_venue_named_without_a_must_cue_is_a_wish(text: str, wish: str) -> None:
    assert _field(text, "wish") == [wish]
    assert not _field(text, "must_do") and not _field(text, "avoid")


@pytest.mark.parametrize(
    ("text", "must"),
    [
        ("Saturday, South Brisbane, 2 adults 2 kids, we must see SparkLab", "sparklab"),
        ("Saturday, South Brisbane, 2 adults, definitely GOMA, home by 4", "goma"),
        ("Saturday, Kenmore, 2 adults 2 kids, Lone Pine is a must", "lone pine"),
        ("Saturday, Toowong, 2 adults, we have to do the Wheel", "wheel"),
    ],
)
def test_a_must_cue_stays_a_must_do_never_a_wish(text: str, must: str) -> None:
    assert _field(text, "must_do") == [must]
    assert not _field(text, "wish")


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, Toowong, 2 adults, no problem if we finish early",
        "Saturday, Toowong, 2 adults, not too far please",
        "Saturday, Toowong, 2 adults, no rush, home by 4",
        "Saturday, Toowong, 2 adults, no car so by bus",
        "Saturday, Toowong, 2 adults, nothing before 10",
        "Saturday, Toowong, 2 adults, no kids this time",
        "Saturday, 2 adults, we live in New Farm",
        "Saturday, 2 adults, home is South Bank, 9-3",
        "Saturday from Ashgrove, we went to GOMA last week and loved it, 2 adults",
        "Saturday, 2 adults, we've been to Lone Pine already, Kenmore, 9-3",
        "Saturday, Fig Tree Pocket, we live not far from Lone Pine, 2 adults",
        "Saturday, 2 adults, meet at Roma Street station at 9, Spring Hill",
        "Saturday, West End, 2 adults, we don't mind museums",
        "Saturday, Kenmore, 2 adults, within 10 min of Lone Pine",
        "Saturday, South Brisbane, 2 adults, not sure about GOMA",
        "Saturday, South Brisbane, 2 adults, no museum passes needed",
    ],
)
def test_words_that_are_neither_an_avoid_nor_a_wish(text: str) -> None:
    assert not _field(text, "avoid"), text
    assert not _field(text, "wish"), text


def test_the_museum_is_a_kind_never_one_venue() -> None:
    # "the museum" matches nine museums of the catalogue: an avoid of it avoids them all
    assert _avoids("Saturday, South Brisbane, 2 adults, skip the museum") == [
        {"kind": "museums", "hard": True}
    ]
    assert not _field("Saturday, South Brisbane, 2 adults, maybe the museum", "wish")


# -- verification: code reads hard/soft and the venue, the model only quotes --------------


def test_a_model_cannot_soften_a_refusal_or_harden_a_hedge() -> None:
    text = "Saturday, South Brisbane, 2 adults, no museums please"
    ok = verify_reading(
        text, {"field": "avoid", "value": "museums", "quote": "no museums"}, today=TODAY
    )
    assert ok.value == {"kind": "museums", "hard": True}
    soft = verify_reading(
        text,
        {"field": "avoid", "value": {"kind": "museums", "hard": False}, "quote": "no museums"},
        today=TODAY,
    )
    assert "hard=True" in soft.error and soft.found == {"kind": "museums", "hard": True}
    hedge = "Saturday, South Brisbane, 2 adults, no museums if possible"
    bad = verify_reading(
        hedge,
        {"field": "avoid", "value": {"kind": "museums", "hard": True}, "quote": "no museums"},
        today=TODAY,
    )
    assert "hard=False" in bad.error
    venue = verify_reading(
        "Saturday, 2 adults, South Brisbane, not GOMA this time",
        {"field": "avoid", "value": "GOMA", "quote": "not GOMA"},
        today=TODAY,
    )
    assert venue.value == {"venue": "goma", "hard": True}
    bare = verify_reading(
        "Saturday, 2 adults, South Brisbane, not GOMA this time",
        {"field": "avoid", "value": "GOMA", "quote": "GOMA"},
        today=TODAY,
    )
    assert "asks to avoid []" in bare.error  # the refusing words must be quoted


def test_a_wish_is_verified_against_its_sentence() -> None:
    text = "Saturday, South Brisbane, 2 adults 2 kids, maybe SparkLab"
    ok = verify_reading(
        text, {"field": "wish", "value": "SparkLab", "quote": "SparkLab"}, today=TODAY
    )
    assert ok.value == "sparklab"
    for said, why in [
        ("Saturday, 2 adults, South Brisbane, not SparkLab", "asks to avoid"),
        ("Saturday, 2 adults, South Brisbane, we must see SparkLab", "must_do"),
        ("Saturday, 2 adults, Ashgrove, we went to SparkLab last week", "visited already"),
        ("Saturday, 2 adults, Ashgrove, maybe Dreamworld", "no venue of the catalogue"),
    ]:
        quote = "Dreamworld" if "Dreamworld" in said else "SparkLab"
        bad = verify_reading(said, {"field": "wish", "value": quote, "quote": quote}, today=TODAY)
        assert why in bad.error, (said, bad)


# -- the checker, the scheduler, the independent re-check and the graders ------------------


def _travel(ids: list[str]) -> CoordinateTravel:
    return catalogue_travel(ids, home_at="queensland-art-gallery")


def test_the_checker_fails_a_refused_stop() -> None:
    ids = ["qld-museum-kurilpa", "queensland-art-gallery", "gallery-of-modern-art"]
    venues = {i: CATALOGUE[i] for i in ids}
    stops = [
        ProposedStop(10 * 60, 11 * 60, venue_id="qld-museum-kurilpa"),
        ProposedStop(11 * 60 + 15, 12 * 60 + 15, venue_id="queensland-art-gallery"),
        ProposedStop(12 * 60 + 30, 13 * 60 + 30, venue_id="gallery-of-modern-art"),
    ]
    free = Constraints(day=SAT, window=(9 * 60, 17 * 60))
    assert check_plan(stops, free, venues, _travel(ids)).ok  # the same day without the avoids
    c = Constraints(
        day=SAT,
        window=(9 * 60, 17 * 60),
        avoid=(AvoidRule("museums", "no museums please"), AvoidRule("goma", "not GOMA", True)),
    )
    failures = check_plan(stops, c, venues, _travel(ids)).failures
    assert [(f.code, f.venue_id) for f in failures] == [
        ("avoided", "qld-museum-kurilpa"),
        ("avoided", "gallery-of-modern-art"),
    ], failures
    assert failures[0].detail == (
        'Queensland Museum Kurilpa is ruled out: the request says "no museums please"'
    )


def test_the_scheduler_leaves_refused_venues_out_and_keeps_a_must_dos_other_venue() -> None:
    ids = ["qld-museum-kurilpa", "queensland-art-gallery", "museum-of-brisbane"]
    venues = {i: CATALOGUE[i] for i in ids}
    c = Constraints(
        day=SAT, window=(9 * 60, 17 * 60), avoid=(AvoidRule("queensland museum", "", True),)
    )
    picks = [
        Pick(venue_id="qld-museum-kurilpa", must=True, group="a museum"),
        Pick(venue_id="museum-of-brisbane", must=True, group="a museum"),
        Pick(venue_id="queensland-art-gallery"),
    ]
    got = arrange(picks, venues, c, _travel(ids))
    assert got.ok, got
    served = [s.venue_id for s in got.check.stops]
    assert "qld-museum-kurilpa" not in served and "museum-of-brisbane" in served
    assert "qld-museum-kurilpa" in got.excluded


def test_the_recheck_and_the_graders_catch_a_served_refused_stop() -> None:
    text = "Saturday 12 December, South Brisbane, 2 adults, 9-3, $0"
    report = plan_text(text)
    assert report.status == "complete"
    req = PlanRequest(text=text, now=NOW)
    stops = [s.model_dump(mode="json") for s in report.plan.stops]
    assert not independent_findings(req, report)
    assert _refused_stops(report.model_dump(mode="json"), stops) is None
    first = report.plan.stops[0]
    kind = {
        "museum": "museums",
        "gallery": "art galleries",
        "library": "libraries",
        "pool": "swimming",
        "park": "parks",
        "garden": "gardens",
        "market": "markets",
        "cinema": "film",
    }[CATALOGUE[first.venue_id].kind]
    # a served plan whose reading refuses its first stop: caught without the checker's code
    for value, quote in [
        ({"kind": kind, "hard": True}, f"no {kind}"),
        ({"venue": first.name.lower(), "hard": True}, f"not {first.name}"),
    ]:
        tampered = report_with_reading(report, {"field": "avoid", "value": value, "quote": quote})
        found = independent_findings(req, tampered)
        assert any(first.name in f and quote in f for f in found), found
        ok, detail = _refused_stops(tampered.model_dump(mode="json"), stops)
        assert not ok and first.name in detail
    soft = report_with_reading(
        report, {"field": "avoid", "value": {"kind": kind, "hard": False}, "quote": "rather not"}
    )
    assert not independent_findings(req, soft)  # soft: ranked last, never a finding


def test_a_model_that_checks_a_refused_venue_gets_a_failed_check() -> None:
    from dayplan.service.run import initial_state
    from dayplan.tools import check_plan as check_tool
    from dayplan.tools import resolve_date, search_public_web
    from dayplan.tools.reading import run_record_reading
    from dayplan.tools.state import assumptions

    text = "Saturday, South Brisbane, 2 adults, 9-3, no museums please"
    state = initial_state(PlanRequest(text=text, now=NOW), run_id="t")
    ctx = SimpleNamespace(
        state=state, function_call_id="c1", actions=SimpleNamespace(skip_summarization=False)
    )
    out = run_record_reading(state, [{"field": "avoid", "value": "museums", "quote": "no museums"}])
    assert out["ok"] and out["accepted"][0]["value"] == {"kind": "museums", "hard": True}
    assert 'Ruled out, as you said: museums ("no museums")' in assumptions(state)
    resolve_date("Saturday", ctx)
    found = search_public_web("museums", ctx, location="South Brisbane")["results"]
    museum = next(r for r in found if r["kind"] == "museum")
    assert museum["avoided"] == 'ruled out: the request says "no museums"'
    gallery = next(r for r in found if r["kind"] == "gallery")
    assert "avoided" not in gallery
    checked = check_tool([{"venue_id": museum["id"], "start": "10:00", "end": "11:30"}], ctx)
    assert not checked["passed"] and [f["code"] for f in checked["failures"]] == ["avoided"]
    assert checked["constraints"]["avoid"] == ["museums"]


# -- served days -----------------------------------------------------------------------------


def _kinds(report) -> list[str]:
    return [CATALOGUE[s.venue_id].kind for s in report.plan.stops]


def test_avoided_venues_are_never_served() -> None:
    report = plan_text(
        "Saturday in South Brisbane, 2 adults 2 kids, 9-4, $100, avoid Lone Pine and the wheel"
    )
    assert report.status == "complete", report
    ids = [s.venue_id for s in report.plan.stops]
    assert ids and not {"lone-pine-koala-sanctuary", "wheel-of-brisbane"} & set(ids)
    assert any(a.startswith("Ruled out, as you said: lone pine, wheel") for a in report.assumptions)


def test_avoided_kinds_are_never_served_when_the_day_allows_them() -> None:
    # REVIEW: "no pools, parks or cinemas" still got a pool when the day allowed it
    report = plan_text(
        "Saturday 12 December, New Farm, 2 adults 2 kids, 9-4, no rain, $40, "
        "no pools, parks or cinemas"
    )
    assert report.status == "complete", report
    assert not {"pool", "park", "cinema"} & set(_kinds(report)), _kinds(report)


def test_not_goma_this_time_is_served_without_goma() -> None:
    report = plan_text("Saturday, South Brisbane, 2 adults, 9-3, $0, not GOMA this time")
    assert report.status == "complete"
    assert "gallery-of-modern-art" not in [s.venue_id for s in report.plan.stops]


def test_a_soft_avoid_is_ranked_last_and_said() -> None:
    report = plan_text("Saturday, South Brisbane, 2 adults, 9-3, $0, we'd rather not do museums")
    assert report.status == "complete"
    assert any(a.startswith("Avoiding museums where the day allows") for a in report.assumptions)
    assert "museum" not in _kinds(report)  # enough else to fill the day


def test_a_wish_is_planned_when_it_fits() -> None:
    report = plan_text("Saturday, South Brisbane, 2 adults 2 kids, 9-3, $80, maybe SparkLab")
    assert report.status == "complete"
    assert "sparklab-sciencentre" in [s.venue_id for s in report.plan.stops]
    assert not [a for a in report.assumptions if a.startswith("Wished for")]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "Saturday, South Brisbane, 2 adults 2 kids, 9-3, $0, maybe SparkLab",
            "over the AUD 0 budget (AUD 60 for the party)",
        ),
        (
            "Saturday, Chermside, 2 adults 2 kids, 9-3, 15 min drive max, SparkLab for the kids",
            "a leg over the 15-min travel cap",
        ),
        (
            "Saturday, South Brisbane, 2 adults, 9-3, $80, maybe SparkLab",
            "is for children",
        ),
    ],
)
def test_a_wish_that_does_not_fit_is_said_with_why(text: str, why: str) -> None:
    report = plan_text(text)
    assert report.status == "complete", report
    assert "sparklab-sciencentre" not in [s.venue_id for s in report.plan.stops]
    said = [a for a in report.assumptions if a.startswith("Wished for")]
    assert said and why in said[0] and "SparkLab, Sciencentre" in said[0], report.assumptions


def test_a_visit_already_made_asks_for_nothing() -> None:
    text = "Saturday 12 December, South Brisbane, we went to GOMA last week and loved it, 2 adults, 9-3"
    assert not _field(text, "wish") and not _field(text, "avoid") and not _field(text, "must_do")
    assert plan_text(text).status == "complete"


def test_when_the_avoid_leaves_nothing_the_failure_is_true_and_minimal() -> None:
    # Chermside Library is the one free indoor venue within the cap: refusing libraries leaves
    # nothing, and the avoid is named as part of the conflict
    report = plan_text(
        "Saturday, Chermside, 2 adults, 9-3, $0, 10 min drive max, no libraries, indoors only"
    )
    assert report.status == "no_feasible_plan", report
    codes = [f.code for f in report.constraint_failures]
    assert codes[0] == "no_candidates" and "avoided" in codes, codes
    head = report.constraint_failures[0].detail
    assert 'left out: the request says "no libraries" (Chermside Library' in head
    (refused,) = [f for f in report.constraint_failures if f.code == "avoided"]
    assert refused.venue_id == "chermside-library"
    assert (
        refused.detail.startswith("Chermside Library (")
        and "fits this day on its own" in refused.detail
    )
    joint = [f for f in report.constraint_failures if f.code == "joint_conflict"]
    assert joint and "found that the request allows" in joint[0].detail
    # lifting the avoid serves the library: the avoid truly takes part
    lifted = plan_text("Saturday, Chermside, 2 adults, 9-3, $0, 10 min drive max, indoors only")
    assert lifted.status == "complete"
    assert "chermside-library" in [s.venue_id for s in lifted.plan.stops]


def test_an_avoid_that_plays_no_part_is_only_counted() -> None:
    # Lone Pine is near but cannot fit the dry morning anyway: the cap alone leaves nothing
    report = plan_text(
        "Saturday, Fig Tree Pocket, 2 adults 2 kids, 9-3, $300, not Lone Pine, 10 min drive max"
    )
    assert report.status == "no_feasible_plan"
    codes = [f.code for f in report.constraint_failures]
    assert "avoided" not in codes and "leg_over_cap" in codes, codes
    assert "1 venue left out" in report.constraint_failures[0].detail
