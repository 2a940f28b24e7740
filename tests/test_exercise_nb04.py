"""Notebook 04's exercise: the checker accepts the solution and explains wrong answers."""

from __future__ import annotations

import asyncio
import importlib.util

from dayplan.agent.guardrails import GuardrailConfig
from dayplan.exercises.nb04 import check
from dayplan.service.run import plan
from tests.conftest import ROOT, case_request


def test_solution_passes():
    spec = importlib.util.spec_from_file_location("sol04", ROOT / "solutions" / "04_guardrails.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    feedback = check(asyncio.run(module.solve()))
    assert feedback.passed, feedback.message
    assert "searched 18 times" in feedback.message


def test_wrong_answers_are_explained():
    assert not check(None)
    steered = plan(case_request("wet_weather_family"), model="faulty:search_loop")
    assert "Switch off search_budget" in check(steered).message
    offline = plan(case_request("wet_weather_family"), guardrails=GuardrailConfig(max_llm_calls=2))
    assert "run the faulty model" in check(offline).message
