"""``python -m dayplan settings`` and ``dayplan.budgets``: every resolved setting, no secret;
time budgets that add up (retries inside the tool budget, the deadline covering the worst case)."""

from __future__ import annotations

import json

import pytest

from dayplan.budgets import (
    MIN_SEARCH_ATTEMPT_SECONDS,
    SEARCH_MARGIN_SECONDS,
    backoff_seconds,
    search_budget,
    time_budgets,
)
from dayplan.cli import main
from dayplan.config import Settings

PLANTED = "AIzaSy-planted-secret-key-0000000000"


def test_settings_prints_every_resolved_setting_and_never_the_key(capsys, monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", PLANTED)
    assert main(["settings"]) == 0
    text = capsys.readouterr().out
    for label in (
        "mode",
        "live model",
        "backend              ai_studio",
        "api key set          yes",
        "max model turns      10",
        "model call           3 attempt(s) × 30 s",
        "grounded search      2 attempt(s) × 13 s + ≤ 2 s backoff = ≤ 28 s, inside the 30 s",
        "live run deadline",
        "offline run deadline 60 s",
    ):
        assert label in text, label
    assert main(["settings", "--json"]) == 0
    raw = capsys.readouterr().out
    values = json.loads(raw)
    assert values["google_api_key_set"] is True and values["budgets"]["fits"] is True
    assert PLANTED not in text and PLANTED not in raw and "AIza" not in text + raw


def test_settings_names_vertex_and_its_default_location(capsys, monkeypatch):
    monkeypatch.setenv("GOOGLE_GENAI_USE_ENTERPRISE", "true")
    monkeypatch.setenv("GOOGLE_CLOUD_PROJECT", "my-project")
    assert main(["settings", "--json"]) == 0
    values = json.loads(capsys.readouterr().out)
    assert values["backend"] == "vertex_ai" and values["vertex_project"] == "my-project"
    assert values["vertex_location"] == "global"
    assert values["vertex_location_source"] == "default (global)"
    monkeypatch.setenv("GOOGLE_CLOUD_LOCATION", "europe-west4")
    assert main(["settings"]) == 0
    assert "location europe-west4 (GOOGLE_CLOUD_LOCATION)" in capsys.readouterr().out


def test_a_bad_setting_is_one_readable_line(capsys, monkeypatch):
    monkeypatch.setenv("DAYPLAN_SEARCH_TIMEOUT_SECONDS", "-3")
    assert main(["settings"]) == 2
    assert capsys.readouterr().err.startswith("error: invalid setting")


@pytest.mark.parametrize("budget", [5, 12, 20, 25, 30, 45, 60, 90, 300])
@pytest.mark.parametrize("attempts", [1, 2, 3, 4, 6])
@pytest.mark.parametrize("initial, cap, jitter", [(1, 20, 1), (0.5, 4, 0.5), (2, 60, 2)])
def test_search_retries_always_fit_inside_the_tool_budget(budget, attempts, initial, cap, jitter):
    s = Settings(
        search_timeout_seconds=budget,
        retry_attempts=attempts,
        retry_initial_delay=initial,
        retry_max_delay=cap,
        retry_jitter=jitter,
    )
    b = search_budget(s)
    assert 1 <= b.attempts <= attempts
    assert b.worst <= budget - (SEARCH_MARGIN_SECONDS if b.attempts > 1 else 0) + 1e-9
    assert b.attempts == 1 or b.attempt_timeout >= MIN_SEARCH_ATTEMPT_SECONDS
    assert b.backoff == backoff_seconds(b.attempts, initial, cap, jitter)


def test_backoff_matches_the_sdks_exponential_jitter():
    # tenacity wait_exponential_jitter, as google-genai configures it: min(i·2^k + jitter, max)
    assert backoff_seconds(1, 1, 20, 1) == 0
    assert backoff_seconds(3, 1, 20, 1) == (1 + 1) + (2 + 1)
    assert backoff_seconds(6, 1, 20, 1) == 2 + 3 + 5 + 9 + 17
    assert backoff_seconds(6, 1, 10, 1) == 2 + 3 + 5 + 9 + 10


@pytest.mark.parametrize("turns", [1, 10, 25])
def test_the_live_deadline_covers_the_worst_case_run(turns):
    b = time_budgets(Settings(max_llm_calls=turns))
    assert b.live_deadline >= b.worst_run and b.fits
    assert b.worst_run == b.forecast_timeout + turns * (b.model.worst + b.search_tool_budget)
    assert b.deadline(live=False) == 60 and b.deadline(live=True) == b.live_deadline


def test_a_short_live_deadline_is_said_not_to_fit(capsys, monkeypatch):
    monkeypatch.setenv("DAYPLAN_LIVE_DEADLINE_SECONDS", "180")
    b = time_budgets()
    assert b.live_deadline == 180 and not b.fits
    assert main(["settings"]) == 0
    assert "live run deadline    180 s (does NOT cover the worst case)" in capsys.readouterr().out


def test_the_search_client_gets_the_fitted_attempts_and_timeout(live_env):
    from dayplan.budgets import search_budget
    from dayplan.config import make_genai_client

    s = Settings()
    b = search_budget(s)
    client = make_genai_client(s, timeout_seconds=b.attempt_timeout, attempts=b.attempts)
    options = client._api_client._http_options
    assert options.timeout == int(b.attempt_timeout * 1000)
    assert options.retry_options.attempts == b.attempts


def test_smoke_live_record_without_a_key_fails_clearly(capsys, tmp_path):
    assert main(["smoke-live", "--record", str(tmp_path / "rec")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "GOOGLE_API_KEY" in err[0]
    assert not (tmp_path / "rec").exists()


def test_settings_read_the_environment_as_pydantic_settings_does(monkeypatch):
    """``Settings`` takes what its pydantic-settings twin reads (``_environment_reader``: the
    same fields in a ``BaseSettings`` class), values, set fields and errors alike; with none of
    its variables set it is the defaults, read without pydantic-settings."""
    from pydantic import ValidationError

    from dayplan import config

    def outcome(cls, **kw):
        try:
            s = cls(**kw)
            return s.model_dump(), s.model_fields_set
        except ValidationError as exc:
            return exc.title, exc.errors(include_url=False)

    reader = config._environment_reader()
    for name in config._environment_names():
        monkeypatch.delenv(name.upper(), raising=False)
    assert not config._reads_environment()
    assert outcome(Settings) == outcome(reader) and Settings().model_fields_set == set()
    variables = {
        "DAYPLAN_MODE": "live",
        "dayplan_max_llm_calls": "4",  # pydantic-settings matches names case-insensitively
        "DAYPLAN_TEMPERATURE": "3",  # out of range: the same error
        "DAYPLAN_SEARCH_MODEL": "",
        "GEMINI_API_KEY": "k",
        "google_cloud_location": "us-central1",
        "GOOGLE_GENAI_USE_ENTERPRISE": "yes",
        "DAYPLAN_LIVE_DEADLINE_SECONDS": "90",
    }
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
        assert config._reads_environment(), name
        for kw in ({}, {"max_llm_calls": 3}, {"google_api_key": "x"}, {"GOOGLE_API_KEY": "y"}):
            assert outcome(Settings, **kw) == outcome(reader, **kw), (name, kw)
        monkeypatch.delenv(name)
    for other in ("DAYPLAN_DB_URL", "DAYPLAN_GOOGLE_API_KEY", "GOOGLE_MODE", "DAYPLAN_MODES"):
        monkeypatch.setenv(other, "live")  # read by nothing here: still the defaults
        assert not config._reads_environment(), other
        assert outcome(Settings) == outcome(reader)
        monkeypatch.delenv(other)
