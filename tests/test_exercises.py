"""Exercise checks: every notebook ends with one; its placeholder answer is *not attempted yet*
(never an exception), every solution in ``solutions/`` passes, and typical wrong answers fail
with feedback that teaches without printing the answer."""

from __future__ import annotations

import asyncio
import importlib

import pytest

from dayplan import data
from dayplan.agent.guardrails import GuardrailConfig
from dayplan.exercises import (
    Feedback,
    is_placeholder,
    nb00,
    nb01,
    nb02,
    nb03,
    nb04,
    nb05,
    nb06,
    nb07,
    nb08,
)
from dayplan.service.run import plan
from dayplan.ui.form import build_form
from tests.conftest import ROOT, case_request

SOLUTIONS = sorted(p.stem for p in (ROOT / "solutions").glob("[0-9][0-9]_*.py"))
NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def test_one_solution_and_one_checker_per_notebook():
    assert SOLUTIONS == NOTEBOOKS and len(NOTEBOOKS) == 9
    for stem in NOTEBOOKS:
        module = importlib.import_module(f"dayplan.exercises.nb{stem[:2]}")
        assert callable(module.check)


@pytest.mark.parametrize("name", SOLUTIONS)
def test_solution_passes(name):
    feedback = importlib.import_module(f"solutions.{name}").solve()
    assert isinstance(feedback, Feedback) and feedback.passed, feedback.message
    assert feedback.attempted and str(feedback).startswith("✓ ")


def _placeholders():
    """Each checker called as the notebook's untouched answer cell calls it."""
    venues = data.venues()
    yield "00", lambda: nb00.check(..., venues)
    yield "01", lambda: nb01.check(..., {})
    yield "01 inner", lambda: nb01.check([{"venue_id": ..., "start": "09:15"}], {})
    yield "02", lambda: nb02.check(..., None, None, None, base=None)
    yield "03", lambda: nb03.check(..., ..., None)
    yield "04", lambda: nb04.check(...)
    yield "05", lambda: nb05.check(..., None)
    yield "06", lambda: asyncio.run(nb06.try_expect(...))
    yield "07 body", lambda: nb07.check(None)  # `async def retry_safely(request): ...`
    yield "08", lambda: nb08.check(...)
    yield "08 unpressed", lambda: nb08.check(build_form())


@pytest.mark.parametrize(("label", "call"), list(_placeholders()), ids=lambda x: str(x))
def test_placeholder_is_not_attempted_yet(label, call):
    feedback = call()
    assert not feedback.passed and not feedback.attempted
    assert str(feedback).startswith("… not attempted yet: ") and len(feedback.message) > 40


def test_is_placeholder():
    assert is_placeholder(...) and is_placeholder(None) and is_placeholder([1, ...])
    assert is_placeholder({"venue_id": ...}) and is_placeholder([{"venue_id": ...}])
    assert not is_placeholder(0) and not is_placeholder([]) and not is_placeholder("...")


def test_nb00_wrong_counts_teach():
    venues = data.venues()
    right = sum(1 for v in venues if v.indoor and v.price_adult == 0 and v.price_child == 0)
    indoor = sum(v.indoor for v in venues)
    free = sum(1 for v in venues if v.price_adult == 0 and v.price_child == 0)
    cases = {
        indoor: "some of them charge",
        free: "keep only those with `v.indoor`",
        len(venues) + 5: f"only {len(venues)} venues",
        right + 3: "print the names your filter keeps",
    }
    for count, lesson in cases.items():
        verdict = nb00.check(count, venues)
        assert not verdict and verdict.attempted and lesson in verdict.message
        assert str(right) not in verdict.message.replace(str(count), "")
    assert "whole number" in nb00.check(21.0, venues).message
    assert nb00.check(right, venues)


def test_nb01_wrong_answers_explain_themselves():
    assert "refused the arguments" in nb01.check({"ok": False, "error": "bad stops"}, {}).message
    attempt = {"ok": True, "passed": True, "stops": [{"venue_id": "dreamworld"}]}
    assert "not returned by a search" in nb01.check(attempt, {}).message
    state = {"venue:qld-museum-kurilpa": {"indoor": True, "name": "Queensland Museum Kurilpa"}}
    attempt["stops"] = [{"venue_id": "qld-museum-kurilpa"}]
    assert "is indoors" in nb01.check(attempt, state).message
    state["venue:qld-museum-kurilpa"]["indoor"] = False
    attempt.update(passed=False, failures=[{"code": "outdoor_in_rain", "detail": "rain 11:00"}])
    verdict = nb01.check(attempt, state)
    assert not verdict and "[outdoor_in_rain] rain 11:00" in verdict.message


def test_nb02_wrong_answers_explain_themselves(monkeypatch):
    solution = importlib.import_module("solutions.02_validator")
    captured = {}
    real = nb02.check

    def spy(four_stops, constraints, venues, travel, base=None):
        captured.update(c=constraints, v=venues, t=travel, base=base)
        return real(four_stops, constraints, venues, travel, base=base)

    monkeypatch.setattr(nb02, "check", spy)
    assert solution.solve()
    monkeypatch.undo()
    c, v, t, base = captured["c"], captured["v"], captured["t"], captured["base"]
    assert "exactly four stops" in nb02.check(base, c, v, t).message
    assert "a list of stops" in nb02.check("hello", c, v, t).message  # not its letters counted
    assert "made with `stop(...)`" in nb02.check(["a", "b", "c", "d"], c, v, t).message
    late = [*base, solution.stop(nb02.TARGET, "16:30", "17:00")]
    verdict = nb02.check(late, c, v, t)
    assert not verdict and "home_after_deadline" in verdict.message
    assert "trip home counts" in verdict.message
    moved = [solution.stop("sparklab-sciencentre", "09:40", "11:00"), *base[1:]]
    moved.append(solution.stop(nb02.TARGET, "16:10", "16:40"))
    assert "keep the three passing stops" in nb02.check(moved, c, v, t, base=base).message


@pytest.fixture(scope="module")
def impossible():
    return plan(case_request("impossible_schedule"))


def test_nb03_wrong_readings_teach_without_the_answer(impossible):
    placement = nb03.check("outside_window", "search_public_web", impossible)
    assert not placement and "however the activities were arranged" in placement.message
    late = nb03.check("home_after_deadline", "search_public_web", impossible)
    assert not late and "depends on where each activity was put" in late.message
    ran = nb03.check("window_too_short", "check_plan", impossible)
    assert not ran and "check_plan did run: it is step 2 of the trace" in ran.message
    other = nb03.check("window_too_short", "resolve_date", impossible)
    assert not other and "does not find venues" in other.message
    typo = nb03.check("too_short", "search_web", impossible)
    assert "not a code this run served" in typo.message and "not a planner tool" in typo.message
    for verdict in (placement, late, ran, other, typo):
        assert "window_too_short" not in verdict.message.replace("'window_too_short'", "")
        assert "search_public_web" not in verdict.message
    assert nb03.check("window_too_short", "search_public_web", impossible)


def test_nb04_wrong_runs_teach_without_naming_the_guardrail():
    steered = plan(case_request("wet_weather_family"), model="faulty:search_loop")
    verdict = nb04.check(steered)
    assert not verdict and "refused steps" in verdict.message
    assert "search_budget" not in verdict.message
    offline = plan(case_request("wet_weather_family"), guardrails=GuardrailConfig(max_llm_calls=2))
    assert "run the faulty model" in nb04.check(offline).message
    assert "searched 16 times" in importlib.import_module("solutions.04_guardrails").solve().message


@pytest.fixture(scope="module")
def wet_run():
    return plan(case_request("wet_weather_family"))


def test_nb05_the_shortest_served_prefix_is_just_the_status(wet_run):
    assert nb05.shortest_served_prefix(wet_run) == '{"status": "complete"'


def test_nb05_only_the_shortest_prefix_passes(wet_run):
    payload = wet_run.state["finish_payload"]
    assert nb05.check('{"status": "complete"', wet_run).passed
    longer = nb05.check(payload[:-2], wet_run)
    assert not longer.passed and "not the shortest" in longer.message
    assert '{"status": "complete"' not in longer.message
    cut = nb05.check(payload[:-5], wet_run)  # inside the last source id
    assert not cut.passed and "rejects this cut" in cut.message
    assert not nb05.check("nonsense", wet_run).passed
    assert "PlanRun" in nb05.check("x", None).message


def test_nb06_weak_and_invalid_expectations_teach():
    weak = asyncio.run(nb06.try_expect({"status": "complete"}))
    assert not weak and weak.attempted and "skip_date still passes" in weak.message
    assert "unless it is critical" in weak.message and "trace:required_order" not in weak.message
    invalid = asyncio.run(nb06.try_expect({"status": "done"}))
    assert not invalid and "not a valid expect (expect.status:" in invalid.message
    assert not nb06.check(None, None)


def test_nb07_a_retry_without_a_shared_key_saves_twice():
    request = case_request("wet_weather_family").model_copy(update={"save": True})
    verdict = nb07.check(plan(request), plan(request))
    assert not verdict and "saved a second row" in verdict.message
    assert "what could the two runs share" in verdict.message


def test_nb08_needs_a_press_and_the_asked_for_day():
    form = build_form()
    assert "press Plan" in nb08.check(form).message
    form.fill({"window_start": "9"})
    form.button.click()
    assert "the form refused the input" in nb08.check(form).message
    form.fill({"window_start": "09:00", "location": "New Farm", "now": "2026-11-29T09:00:00+10:00"})
    form.button.click()
    verdict = nb08.check(form)
    assert not verdict and "location should be South Brisbane" in verdict.message
    assert "add rain 10:00-11:00" in verdict.message
