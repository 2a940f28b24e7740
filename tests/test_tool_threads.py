"""Where the planner's tools run: the synchronous tools that do no I/O (``ON_LOOP_TOOLS``) on
the event loop's own thread, the ones that may block (forecast over HTTP, the store) on ADK's
tool thread pool, so that the loop keeps serving while they wait."""

from __future__ import annotations

import asyncio
import threading

import pytest

from dayplan import tools
from dayplan.contract import PlanRequest
from dayplan.service.run import run_plan
from dayplan.tools import forecast, plan


def test_only_io_free_tools_are_marked_for_the_loop():
    marked = {t.name for t in tools.planner_tools() if t.on_loop}
    assert marked == {
        "record_reading",
        "resolve_date",
        "arrange_plan",
        "check_plan",
        "record_clarification",
        "finish",
    }
    assert not marked & {"get_forecast", "save_plan", "get_saved_plan", "remember_preference"}


@pytest.mark.parametrize("text", ["Saturday in Brisbane City with 2 kids, 9am to 3pm"])
def test_a_run_checks_on_the_loop_and_forecasts_on_a_worker(monkeypatch, text):
    seen: dict[str, list[bool]] = {"check": [], "forecast": []}
    real_check, real_settings = plan.run_check, forecast.live_settings

    def check(*args, **kwargs):
        seen["check"].append(threading.current_thread() is threading.main_thread())
        return real_check(*args, **kwargs)

    def settings(*args, **kwargs):
        seen["forecast"].append(threading.current_thread() is threading.main_thread())
        return real_settings(*args, **kwargs)

    monkeypatch.setattr(plan, "run_check", check)
    monkeypatch.setattr(forecast, "live_settings", settings)
    run = asyncio.run(run_plan(PlanRequest(text=text)))
    assert run.report is not None, run.error
    assert seen["check"] and all(seen["check"])  # on the loop (the main thread here)
    assert seen["forecast"] == [False]  # on ADK's tool thread pool
