"""Notebook 05's exercise: the check accepts the shortest served prefix and explains the rest."""

from __future__ import annotations

import asyncio
import importlib.util

import pytest

from dayplan.exercises.nb05 import check, shortest_served_prefix
from dayplan.service.run import plan
from tests.conftest import ROOT, case_request


@pytest.fixture(scope="module")
def run():
    return plan(case_request("wet_weather_family"))


def test_the_shortest_served_prefix_is_just_the_status(run):
    assert shortest_served_prefix(run) == '{"status": "complete"'


def test_check_passes_only_the_shortest_prefix(run):
    payload = run.state["finish_payload"]
    assert check('{"status": "complete"', run).passed
    longer = check(payload[:-2], run)
    assert not longer.passed and "not the shortest" in longer.message
    cut = check(payload[:-5], run)  # inside the last source id
    assert not cut.passed and "rejects this cut" in cut.message
    assert not check("nonsense", run).passed
    assert "PlanRun" in check("x", None).message


def test_the_solution_passes():
    spec = importlib.util.spec_from_file_location(
        "sol05", ROOT / "solutions/05_service_boundary.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    prefix, run = asyncio.run(module.solve())
    assert check(prefix, run).passed
