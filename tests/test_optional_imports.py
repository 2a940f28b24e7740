"""ADK's optional A2A agent is marked absent once when ``a2a`` is missing, so no run re-executes
the failing import (``dayplan.agent.optional_imports``); the import still fails as before."""

from __future__ import annotations

import asyncio
import importlib.util
import sys

import pytest

from dayplan.agent import optional_imports
from dayplan.agent.optional_imports import A2A_AGENT_MODULE, mark_a2a_absent

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("a2a") is not None, reason="a2a is installed here"
)


def test_the_import_still_fails_as_an_import_error():
    import dayplan.service.run  # noqa: F401 - marks it

    assert sys.modules[A2A_AGENT_MODULE] is None
    with pytest.raises(ImportError):
        from google.adk.agents.remote_a2a_agent import RemoteA2aAgent  # noqa: F401


def test_a_run_loads_no_module(monkeypatch):
    import importlib._bootstrap as bootstrap

    from dayplan.benchmarks.floor import _request
    from dayplan.service.run import run_plan

    asyncio.run(run_plan(_request()))
    loaded: list[str] = []
    real = bootstrap._load_unlocked

    def spy(spec):
        loaded.append(spec.name)
        return real(spec)

    monkeypatch.setattr(bootstrap, "_load_unlocked", spy)
    run = asyncio.run(run_plan(_request()))
    assert run.report is not None and run.report.status == "complete"
    assert loaded == []


def test_an_installed_a2a_or_an_imported_module_is_left_alone(monkeypatch):
    monkeypatch.delitem(sys.modules, A2A_AGENT_MODULE, raising=False)
    monkeypatch.setattr(optional_imports.importlib.util, "find_spec", lambda name: object())
    assert mark_a2a_absent() is False and A2A_AGENT_MODULE not in sys.modules
    module = type(sys)("stand-in")
    monkeypatch.setitem(sys.modules, A2A_AGENT_MODULE, module)
    monkeypatch.setattr(optional_imports.importlib.util, "find_spec", lambda name: None)
    assert mark_a2a_absent() is False and sys.modules[A2A_AGENT_MODULE] is module
