"""Must-dos: matched to real catalogue venues by name, kind, tags and suburb, asked about when
nothing (or very different venues) match, never faked as a venue-less stop, never dropped."""

from __future__ import annotations

from datetime import date

import pytest

from dayplan import data
from dayplan.contract import PlanRequest
from dayplan.core.checker import Constraints, MustDoRule, ProposedStop, check_plan
from dayplan.core.mustdo import match_must_do
from dayplan.core.travel import MatrixTravel
from dayplan.service.recheck import independent_findings
from dayplan.service.run import plan

VENUES = data.venues()
GAZ = data.gazetteer()
NOW = "2026-11-29T09:00:00+10:00"


def m(phrase: str):
    return match_must_do(phrase, VENUES, GAZ)


def ids(phrase: str) -> set[str]:
    return {v.id for v in m(phrase).venues}


# ---------------------------------------------------------------- one venue, by name


@pytest.mark.parametrize(
    ("phrase", "venue"),
    [
        ("Lone Pine", "lone-pine-koala-sanctuary"),
        ("lone pine koalas", "lone-pine-koala-sanctuary"),
        ("see the koalas at Lone Pine", "lone-pine-koala-sanctuary"),
        ("the Queensland Museum", "qld-museum-kurilpa"),
        ("GOMA", "gallery-of-modern-art"),
        ("ride the Wheel", "wheel-of-brisbane"),
        ("South Bank", "south-bank-parklands"),
        ("Streets Beach", "streets-beach"),
        ("the State Library", "state-library-of-queensland"),
        ("the planetarium", "sir-thomas-brisbane-planetarium"),
        ("Mt Coot-tha lookout", "mt-coot-tha-lookout"),
        ("Kangaroo Point cliffs", "kangaroo-point-cliffs"),
        ("the dinosaurs", "qld-museum-kurilpa"),
        ("an indoor pool", "brisbane-aquatic-centre-chandler"),
        ("the library in New Farm", "new-farm-library"),
        ("catch a movie at Chermside", "event-cinemas-chermside"),
    ],
)
def test_a_phrase_that_names_one_venue_is_that_venue(phrase, venue):
    got = m(phrase)
    assert got.verdict == "one", (got.verdict, [v.id for v in got.venues])
    assert [v.id for v in got.venues] == [venue]
    assert got.matches[0].why  # says which field matched


# ---------------------------------------------------------------- alternatives of one kind


@pytest.mark.parametrize(
    ("phrase", "kind", "at_least"),
    [
        ("koalas", "wildlife", 2),
        ("we must see the koalas", "wildlife", 2),
        ("the zoo", "wildlife", 2),
        ("the museum", "museum", 9),
        ("a museum or two", "museum", 9),
        ("a swim", "pool", 6),
        ("the pool", "pool", 6),
        ("take the kids swimming", "pool", 6),
        ("Swimming lesson", "pool", 6),
        ("a movie", "cinema", 7),
        ("Movies", "cinema", 7),  # "movies" is no "movy"
        ("the movies", "cinema", 7),
        ("the libraries", "library", 8),
        ("the markets", "market", 5),
        ("lunch at a cafe", "cafe", 5),
        ("some art", "gallery", 5),
        ("a library", "library", 8),
    ],
)
def test_a_kind_of_place_is_every_venue_of_that_kind_as_alternatives(phrase, kind, at_least):
    got = m(phrase)
    assert got.verdict == "alternatives"
    assert {v.kind for v in got.venues} == {kind}
    assert len(got.venues) >= at_least
    # the match reads the catalogue's real fields: every koala match carries the koalas tag
    if "koala" in phrase:
        assert all("koalas" in v.tags for v in got.venues)


def test_koalas_are_not_the_museum_that_has_stuffed_animals():
    assert "qld-museum-kurilpa" not in ids("koalas")
    assert ids("koalas") == {"lone-pine-koala-sanctuary", "daisy-hill-koala-centre"}


def test_a_playground_is_a_park_or_garden_that_has_one():
    got = m("the playground")
    assert got.verdict == "alternatives"
    assert all("playground" in v.tags and v.kind in ("park", "garden") for v in got.venues)


def test_something_in_a_suburb_is_any_venue_there():
    got = m("something at South Bank")
    assert got.verdict == "alternatives" and got.place == "South Brisbane"
    assert {v.suburb for v in got.venues} == {"South Brisbane"}
    assert len({v.kind for v in got.venues}) > 3  # any kind: the user said "something"
    free = m("something free in the Valley")
    assert free.place == "Fortitude Valley"
    assert free.venues and all("free" in v.tags for v in free.venues)


# ---------------------------------------------------------------- ask


@pytest.mark.parametrize(
    "phrase",
    [
        "the Eiffel Tower",
        "Dreamworld",
        "the Louvre museum",
        "Birthday party",
        "feed the ducks at the lake",
        "",
        "!!!",
        "東京タワー",
    ],
)
def test_nothing_in_the_catalogue_is_none_and_asks(phrase):
    got = m(phrase)
    assert got.verdict == "none" and not got.venues
    if phrase.strip("!"):
        assert phrase.lower() in got.question().lower() or not phrase.isascii()


@pytest.mark.parametrize(
    ("phrase", "kinds"),
    [
        ("New Farm", {"library", "cinema", "park"}),
        ("science", {"museum", "attraction"}),
    ],
)
def test_very_different_venues_are_ambiguous_and_the_question_names_them(phrase, kinds):
    got = m(phrase)
    assert got.verdict == "ambiguous"
    assert {v.kind for v in got.venues} == kinds
    q = got.question()
    assert f"'{phrase}'" in q and got.venues[0].name in q


# ---------------------------------------------------------------- check_plan never passes a fake


def test_a_venue_less_must_do_never_passes_check_plan():
    c = Constraints(day=date(2026, 12, 5), window=(540, 1020))
    result = check_plan(
        [ProposedStop(600, 660, activity="See the koalas", min_minutes=60)],
        c,
        {},
        MatrixTravel({"home": {}}),
    )
    assert not result.ok
    assert result.codes == ["unknown_venue"]
    assert "names no venue" in result.failures[0].detail


def test_a_plan_without_its_must_do_fails_missing_must_do():
    lone = next(v for v in VENUES if v.id == "lone-pine-koala-sanctuary")
    park = next(v for v in VENUES if v.id == "new-farm-park")
    venues = {v.id: v for v in (lone, park)}
    rule = MustDoRule("see the koalas", frozenset({lone.id, "daisy-hill-koala-centre"}))
    c = Constraints(day=date(2026, 12, 6), window=(540, 1020), must_dos=(rule,))
    travel = MatrixTravel(
        {
            "home": {lone.id: 20, park.id: 10},
            lone.id: {"home": 20, park.id: 25},
            park.id: {"home": 10, lone.id: 25},
        }
    )
    without = check_plan([ProposedStop(600, 690, park.id)], c, venues, travel)
    assert without.codes == ["missing_must_do"]
    assert "'see the koalas'" in without.failures[0].detail
    with_it = check_plan([ProposedStop(600, 720, lone.id)], c, venues, travel)
    assert with_it.ok, with_it.failures


# ---------------------------------------------------------------- through the planner


def run(text: str, **fields):
    return plan(PlanRequest(text=text, now=NOW, **fields))


def test_koalas_by_kind_are_planned_at_exactly_one_sanctuary():
    out = run("Sunday in Brisbane with 2 kids, we must see the koalas.", weather={"rain": []})
    assert out.report.status == "complete"
    stops = [s.venue_id for s in out.report.plan.stops]
    koalas = [s for s in stops if s in ("lone-pine-koala-sanctuary", "daisy-hill-koala-centre")]
    assert len(koalas) == 1
    assert not independent_findings(out.request, out.report)


def test_a_structured_activity_without_a_venue_is_matched_not_faked():
    out = run(
        "Saturday in Brisbane, two adults.",
        activities=[{"name": "A swim", "duration_minutes": 60}],
        weather={"rain": []},
    )
    assert out.report.status == "complete"
    pools = [s for s in out.report.plan.stops if s.venue_id in {v.id for v in m("a swim").venues}]
    assert len(pools) == 1
    assert all(not s.venue_id.startswith("activity:") for s in out.report.plan.stops)
    assert all(s.source_ids for s in out.report.plan.stops)


def test_a_landmark_elsewhere_is_asked_about_naming_it_before_any_search():
    out = run("Saturday in Brisbane, 2 adults and 2 kids. We really want to see the Eiffel Tower.")
    assert out.report.status == "needs_clarification"
    assert "eiffel tower" in out.report.questions[0].lower()
    assert "search_public_web" not in [s.tool for s in out.steps]


def test_very_different_matches_are_asked_about():
    out = run("Saturday in Brisbane with two kids, we have to visit New Farm.")
    assert out.report.status == "needs_clarification"
    q = out.report.questions[0]
    assert "new farm" in q.lower() and "New Farm Park" in q and "New Farm Cinemas" in q


def test_every_alternative_closed_is_no_feasible_plan_with_the_true_closures():
    # Christmas Day 2026: every museum's hours say "Dec 25 off"
    out = run(
        "Christmas Day in South Brisbane with the kids, the museum is a must.",
        party={"adults": 2, "children": 2},
        date="2026-12-25",
        activities=[{"name": "the museum", "duration_minutes": 60}],
    )
    assert out.report.status == "no_feasible_plan"
    codes = {f.code for f in out.report.constraint_failures}
    assert "closed" in codes
    closed = [f for f in out.report.constraint_failures if f.code == "closed"]
    assert all("2026-12-25" in f.detail for f in closed)


# ---------------------------------------------------------------- a must-do at home


def test_a_structured_lunch_at_home_is_time_at_home_with_both_legs():
    out = run(
        "Saturday in Brisbane with the kids, dry day.",
        location="Brisbane",
        party={"adults": 2, "children": 2},
        weather={"rain": []},
        activities=[
            {"name": "Lunch at home", "duration_minutes": 60},
            {"name": "See the koalas", "duration_minutes": 120},
        ],
    )
    assert out.report.status == "complete"
    plan_ = out.report.plan
    (lunch,) = [b for b in plan_.home_breaks if b.label == "Lunch at home"]
    assert lunch.start >= "11:30" and lunch.end <= "14:00"  # lunch at lunchtime
    assert lunch.travel_in.minutes > 0  # the leg home is counted
    after = [s for s in plan_.stops if s.start >= lunch.end]
    assert after and after[0].travel_in.minutes > 0  # and the leg out again
    assert all(s.name != "Lunch at home" for s in plan_.stops)  # never a stop
    assert not independent_findings(out.request, out.report)


def test_the_at_home_flag_sends_the_party_home_whatever_the_name():
    out = run(
        "Sunday, two adults.",
        location="Brisbane",
        weather={"rain": []},
        activities=[
            {"name": "Quiet time", "duration_minutes": 45, "at_home": True},
            {"name": "a swim", "duration_minutes": 60},
        ],
    )
    assert out.report.status == "complete"
    assert [b.label for b in out.report.plan.home_breaks] == ["Quiet time"]
    assert "search_public_web" in [s.tool for s in out.steps]
    queries = [s.args.get("query") for s in out.steps if s.tool == "search_public_web"]
    assert "Quiet time" not in queries  # time at home is not searched for


def test_check_plan_needs_the_at_home_must_do_and_checks_its_leg_home():
    lone = next(v for v in VENUES if v.id == "lone-pine-koala-sanctuary")
    venues = {lone.id: lone}
    travel = MatrixTravel({"home": {lone.id: 30}, lone.id: {"home": 30}})
    rule = MustDoRule("Lunch at home", at_home=True)
    c = Constraints(day=date(2026, 12, 6), window=(540, 1020), must_dos=(rule,))
    visit = ProposedStop(570, 690, lone.id)
    without = check_plan([visit], c, venues, travel)
    assert without.codes == ["missing_must_do"]
    home = ProposedStop(720, 780, activity="Lunch at home", min_minutes=60, at_home=True)
    ok = check_plan([visit, home], c, venues, travel)
    assert ok.ok, ok.failures
    assert [(b.label, b.travel_in) for b in ok.home_breaks] == [("Lunch at home", 30)]
    assert ok.travel_minutes == 60  # there, and home for lunch; the day ends at home
    late = ProposedStop(700, 760, activity="Lunch at home", min_minutes=60, at_home=True)
    assert "overlaps_blocked" in check_plan([visit, late], c, venues, travel).codes


def test_the_status_rule_refuses_complete_with_a_faked_or_dropped_must_do():
    """A model that checks the must-do as a venue-less stop, or leaves it out, gets a failed
    check; ``complete`` on it is refused by the one status rule the gates and boundary use."""
    from dayplan.evidence import earned
    from dayplan.tools.plan import run_check

    out = run(
        "Saturday in Brisbane, two adults.",
        activities=[{"name": "A swim", "duration_minutes": 60}],
        weather={"rain": []},
    )
    state = dict(out.state)
    fake = run_check(
        state, [{"activity": "A swim", "start": "10:00", "end": "11:00", "duration_minutes": 60}]
    )
    assert not fake["passed"]
    assert [f["code"] for f in fake["failures"]] == ["unknown_venue"]
    swim = {"venue_id": "activity:A swim", "name": "A swim", "start": "10:00", "end": "11:00"}
    verdict = earned({"status": "complete", "stops": [swim], "rationale": "Swim done."}, state)
    assert not verdict.earned and verdict.rule == "status_gate"
    other = next(s for s in out.report.plan.stops if s.venue_id not in ids("a swim"))
    stop = {"venue_id": other.venue_id, "name": other.name, "start": other.start, "end": other.end}
    dropped = run_check(state, [stop])
    assert "missing_must_do" in [f["code"] for f in dropped["failures"]]
    claim = {"status": "complete", "stops": [stop], "rationale": "No swim."}
    assert earned(claim, state).rule == "status_gate"


def test_a_must_do_outside_the_catalogues_coverage_says_so_before_asking():
    from dayplan.contract import PlanRequest
    from dayplan.service.run import plan

    for req in (
        {
            "text": "we have to go to the Louvre",
            "location": "Paris",
            "date": "Saturday",
            "now": "2026-11-29T09:00:00+10:00",
            "party": {"adults": 2},
        },
        {
            "text": "Saturday in Paris with my husband and 2 kids, we have to see the Eiffel Tower",
            "now": "2026-11-29T09:00:00+10:00",
        },
    ):
        report = plan(PlanRequest.model_validate(req)).report
        assert report.status == "no_feasible_plan", report.questions
        assert not report.questions
        (failure,) = report.constraint_failures
        assert failure.code == "no_candidates"
        assert "covers Brisbane only; nothing is known about Paris" in failure.detail


def test_a_must_do_whose_alternatives_are_all_closed_names_every_one_and_why():
    from dayplan.contract import PlanRequest
    from dayplan.service.run import plan

    report = plan(
        PlanRequest(
            text="Christmas Day in South Bank, 2 adults 2 kids, we have to go to the museum, home by 4",
            now="2026-12-20T09:00:00+10:00",
        )
    ).report
    assert report.status == "no_feasible_plan"
    (must,) = [f for f in report.constraint_failures if f.code == "missing_must_do"]
    assert must.detail.startswith("Must-do 'museum': ")
    matched = int(must.detail.split(": ")[1].split(" venues match")[0])
    assert matched >= 4
    for name in ("Queensland Maritime Museum", "Queensland Museum Kurilpa", "Museum of Brisbane"):
        assert f"{name} closed (closed all day)" in must.detail
    assert len(must.detail) <= 500


def test_alternatives_failures_is_empty_for_a_passing_check(wet_state=None):
    from dayplan.core.checker import CheckResult, Constraints
    from dayplan.tools.mustdo import alternatives_failures

    ok = CheckResult(True, [], [], 0, 0.0, 0, 0, "AUD")
    c = Constraints(__import__("datetime").date(2026, 12, 5), window=(540, 1020))
    assert alternatives_failures(ok, c, {}, None) == []
