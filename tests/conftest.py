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


@pytest.fixture(autouse=True)
def _offline_env(monkeypatch):
    """Tests run offline: no live mode, no key from the developer's shell leaks in."""
    monkeypatch.setenv("DAYPLAN_MODE", "offline")
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
