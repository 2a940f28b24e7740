"""A run asks ADK for cheap telemetry only when nothing receives it (``agent/telemetry.py``);
an operator's OpenTelemetry configuration keeps ADK's own resolution."""

from __future__ import annotations

import asyncio

import pytest
from google.adk.telemetry.context import ContentCapturingMode

from dayplan.agent import telemetry
from dayplan.agent.telemetry import TELEMETRY_ENV, UNCONFIGURED, run_telemetry


@pytest.fixture
def no_telemetry_env(monkeypatch):
    for name in TELEMETRY_ENV:
        monkeypatch.delenv(name, raising=False)


def test_unconfigured_process_gets_stable_semconv_without_content(no_telemetry_env):
    config = run_telemetry()
    assert config is UNCONFIGURED
    assert config.should_use_experimental_genai_semconv is False
    assert config.resolved_content_capturing_mode is ContentCapturingMode.NO_CONTENT
    assert config.should_add_content_to_legacy_spans is False


@pytest.mark.parametrize("name", TELEMETRY_ENV)
def test_any_operator_opt_in_keeps_adks_resolution(no_telemetry_env, monkeypatch, name):
    monkeypatch.setenv(name, "1")
    assert run_telemetry() is None


def test_an_installed_tracer_provider_keeps_adks_resolution(no_telemetry_env, monkeypatch):
    from opentelemetry.sdk.trace import TracerProvider

    monkeypatch.setattr(telemetry.trace, "get_tracer_provider", lambda: TracerProvider())
    assert run_telemetry() is None


def test_an_installed_logger_provider_keeps_adks_resolution(no_telemetry_env, monkeypatch):
    from opentelemetry.sdk._logs import LoggerProvider

    monkeypatch.setattr(telemetry._logs, "get_logger_provider", lambda: LoggerProvider())
    assert run_telemetry() is None


def test_the_run_hands_its_choice_to_adk(no_telemetry_env, monkeypatch):
    """``run_plan``'s ``RunConfig`` carries ``run_telemetry()``'s answer, and the plan served
    is the same either way."""
    from google.adk.runners import Runner

    from dayplan.benchmarks.floor import _request
    from dayplan.service.run import run_plan

    seen = []
    original = Runner.run_async

    def spy(self, *args, run_config=None, **kwargs):
        seen.append(run_config.telemetry)
        return original(self, *args, run_config=run_config, **kwargs)

    monkeypatch.setattr(Runner, "run_async", spy)
    cheap = asyncio.run(run_plan(_request()))
    monkeypatch.setenv("ADK_TELEMETRY_SCHEMA_VERSION_OPT_IN", "2")
    default = asyncio.run(run_plan(_request()))
    assert seen == [UNCONFIGURED, None]
    assert cheap.report is not None and default.report is not None
    assert cheap.report.model_dump(exclude={"run_id"}) == default.report.model_dump(
        exclude={"run_id"}
    )


def test_bench_floor_prints_the_telemetry_both_sides_use(no_telemetry_env, capsys):
    from dayplan.cli import main

    assert main(["bench", "floor", "--runs", "1", "--skip-processes"]) == 0
    out = capsys.readouterr().out
    assert "telemetry, both sides: GenAI semconv stable, content NO_CONTENT" in out


def test_bench_floor_says_how_the_memories_are_read(monkeypatch, tmp_path):
    from dayplan.benchmarks.floor import _memory_read_note
    from dayplan.store import Store

    url = f"sqlite:///{tmp_path / 'm.sqlite'}"
    monkeypatch.setenv("DAYPLAN_DB_URL", url)
    assert "through the SQLAlchemy Store" in _memory_read_note()  # no file yet
    Store(url).close()
    assert "through sqlite3 (at the migrations' head)" in _memory_read_note()
