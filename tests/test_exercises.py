"""Exercise checks: every solution passes, and typical wrong answers fail with a reason."""

from __future__ import annotations

import importlib

import pytest

from dayplan.exercises import Feedback, nb01, nb02, nb03, nb08
from dayplan.service.run import plan
from dayplan.ui.form import build_form
from tests.conftest import case_request


@pytest.mark.parametrize("name", ["01_tools", "02_validator", "03_agent", "08_playground"])
def test_solution_passes(name):
    feedback = importlib.import_module(f"solutions.{name}").solve()
    assert isinstance(feedback, Feedback) and feedback.passed, feedback.message
    assert str(feedback).startswith("✓ ")


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
    late = [*base, solution.stop(nb02.TARGET, "16:30", "17:00")]
    verdict = nb02.check(late, c, v, t)
    assert not verdict and "home_after_deadline" in verdict.message
    assert "trip home counts" in verdict.message
    moved = [solution.stop("sparklab-sciencentre", "09:40", "11:00"), *base[1:]]
    moved.append(solution.stop(nb02.TARGET, "16:10", "16:40"))
    assert "keep the three passing stops" in nb02.check(moved, c, v, t, base=base).message


def test_nb03_checks_against_the_run():
    run = plan(case_request("impossible_schedule"))
    codes = [f.code for f in run.report.constraint_failures]
    tools = [s.tool for s in run.steps]
    assert nb03.check(codes, tools, run)
    assert "served failure codes" in nb03.check(codes[1:], tools, run).message
    assert "never searched" in nb03.check(codes, ["search_public_web", *tools]).message
    assert "is missing" in nb03.check(["outside_window"], tools).message


def test_nb08_needs_a_press_and_the_asked_for_day():
    form = build_form()
    assert "press Plan first" in nb08.check(form).message
    form.fill({"window_start": "9"})
    form.button.click()
    assert "the form refused the input" in nb08.check(form).message
    form.fill({"window_start": "09:00", "location": "New Farm", "now": "2026-11-29T09:00:00+10:00"})
    form.button.click()
    verdict = nb08.check(form)
    assert not verdict and "location should be South Brisbane" in verdict.message
    assert "add rain 10:00-11:00" in verdict.message
