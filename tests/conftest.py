"""Shared fixtures. The suite never touches the network (pytest-socket blocks it; see pyproject)."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
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
    is a SQLite file in a temporary folder (lock waits end within 1 s), events stay in memory,
    auth is off."""
    _offline_settings(monkeypatch, _session_db_url)


@pytest.fixture(scope="session")
def eval_run(tmp_path_factory, _session_db_url):
    """One offline eval over every case (``python -m dayplan eval --skip-tests``), shared by the
    gate's test and each case's own checks (``tests/test_cases.py``), so the suite plans every
    case once: ``(exit code, stdout, stderr, run folder)``; the folder holds each case's
    ``<name>.response.json`` (the served HTTP response), grades and events."""
    import contextlib
    import io

    from dayplan.cli import main

    folder = tmp_path_factory.mktemp("eval")
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        _offline_settings(mp, _session_db_url)
        mp.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["eval", "--skip-tests", "--out", str(folder)])
    return code, out.getvalue(), err.getvalue(), folder


def _offline_settings(monkeypatch, db_url: str) -> None:
    """The environment of ``_offline_env``, for a fixture of any scope."""
    monkeypatch.setenv("DAYPLAN_MODE", "offline")
    monkeypatch.setenv("DAYPLAN_DB_URL", db_url)
    monkeypatch.setenv("DAYPLAN_DB_LOCK_TIMEOUT_SECONDS", "1")  # a lock wait ends within 1 s
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


# -- databases: every store, concurrency and idempotency test runs on SQLite and PostgreSQL -----

PG_URL_ENV = "DAYPLAN_TEST_PG_URL"
TABLES = ("saved_plans", "preferences", "idempotency_keys")


def require_pg() -> str:
    """The PostgreSQL server URL from ``DAYPLAN_TEST_PG_URL``. Without it the test is skipped on a
    developer's machine but FAILS in CI (``CI=true``): ``.ci/run`` always provides one."""
    url = os.environ.get(PG_URL_ENV)
    if not url:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {PG_URL_ENV} is not set: .ci/postgres.sh must provide it")
        pytest.skip(f'PostgreSQL tests need {PG_URL_ENV} (eval "$(.ci/postgres.sh)")')
    return url


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test session (created here, dropped at the end)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    server = make_url(require_pg())
    name = f"dayplan_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def empty_tables(url: str) -> None:
    """Delete every row of the store's tables (the schema stays)."""
    from dayplan.store import get_store

    with get_store(url).write() as conn:
        for table in TABLES:
            conn.exec_driver_sql(f"DELETE FROM {table}")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request, tmp_path) -> str:
    """An empty store database: a SQLite file, then the session's PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite'}"
    url = request.getfixturevalue("pg_url")
    empty_tables(url)
    return url
