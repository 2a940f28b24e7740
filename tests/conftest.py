"""Shared fixtures. The suite never touches the network (pytest-socket blocks it; see pyproject)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dayplan.contract import PlanRequest

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


def load_case(name: str) -> dict:
    """A case file from ``cases/`` as a dict ``{request, expect}``."""
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def case_request(name: str) -> PlanRequest:
    return PlanRequest.model_validate(load_case(name)["request"])


def case_names() -> list[str]:
    return sorted(p.stem for p in CASES.glob("*.json"))


@pytest.fixture(scope="session")
def _session_db_url(tmp_path_factory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'dayplan.sqlite'}"


@pytest.fixture(autouse=True)
def _offline_env(monkeypatch, _session_db_url):
    """Tests run offline: no live mode, no key from the developer's shell leaks in; the store
    is a SQLite file in a temporary folder, events stay in memory, auth is off."""
    monkeypatch.setenv("DAYPLAN_MODE", "offline")
    monkeypatch.setenv("DAYPLAN_DB_URL", _session_db_url)
    for name in ("DAYPLAN_EVENT_LOG", "DAYPLAN_JWT_SECRET", "DAYPLAN_JWKS_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    for name in (
        "GOOGLE_GENAI_USE_VERTEXAI",
        "GOOGLE_GENAI_USE_ENTERPRISE",
        "GOOGLE_CLOUD_LOCATION",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def live_env(monkeypatch):
    """Live credentials that only respx will ever see, and retries without waiting."""
    from tests.live_shapes import FAKE_KEY

    monkeypatch.setenv("GOOGLE_API_KEY", FAKE_KEY)
    monkeypatch.setenv("DAYPLAN_RETRY_INITIAL_DELAY", "0")
    monkeypatch.setenv("DAYPLAN_RETRY_MAX_DELAY", "0")
    monkeypatch.setenv("DAYPLAN_RETRY_JITTER", "0")
    for name in ("GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_GENAI_USE_ENTERPRISE"):
        monkeypatch.delenv(name, raising=False)
