"""What a ``python -m dayplan plan`` start loads, and the cheaper paths that keep it small
without changing a result: one country's holiday calendar instead of all ~250
(``core.holiday_calendar``), the run start's memory read with ``sqlite3`` instead of
SQLAlchemy (``store_read``), and the settings' defaults without pydantic-settings when the
environment sets none of them (``config.Settings``). Each cheaper path is checked against the
path it replaces."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from dayplan.config import _environment_names
from dayplan.store import Store
from dayplan.store_read import recent_preferences_sqlite, sqlite_file

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, **env: str) -> str:
    """``code``'s output after ``OUT``, run in a fresh process with ``env`` added (a variable
    given as ``""`` is removed)."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={k: v for k, v in full.items() if v or k not in env},
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout.rsplit("OUT", 1)[1].strip()


def _store_at_head(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'memory.sqlite'}"
    Store(url).close()
    return url


def test_plan_loads_neither_sqlalchemy_nor_python_holidays(tmp_path):
    """With the store file at its migration head, ``plan`` reads memory without SQLAlchemy and
    takes Queensland's calendar from the holiday table (``core.holiday_calendar.
    holiday_dates``), without importing python-holidays; it discovers no other command
    (``pkgutil``), loads the faults' registry (``difflib``) only for a ``--without`` typo, the
    recorder and live geocoding only for live or replayed runs, and with no setting in the
    environment, reads none through pydantic-settings."""
    url = _store_at_head(tmp_path)
    code = (
        "import sys, contextlib, io\n"
        "from dayplan.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['plan', 'wet_weather_family', '--json']) == 0\n"
        # (FastAPI itself is loaded: ADK's auth schemes import its OpenAPI models)
        "names = ('sqlalchemy', 'alembic', 'dayplan.service.app', 'uvicorn', 'matplotlib',"
        " 'holidays', 'holidays.countries', 'holidays.countries.australia', 'dayplan.store',"
        " 'dayplan.agent.live', 'pkgutil', 'difflib', 'dayplan.agent.faults',"
        " 'pydantic_settings', 'dotenv', 'dayplan.recording', 'dayplan.tools.geocode')\n"
        "print('OUT', sorted(n for n in names if n in sys.modules))\n"
    )
    assert _run(code, DAYPLAN_DB_URL=url, **_NO_SETTINGS) == "[]"


_NO_SETTINGS = {k: "" for k in os.environ if k.lower() in _environment_names()}
"""Every variable ``Settings`` reads, removed (the tests set ``DAYPLAN_MODE=offline``, the
default; with it set, ``Settings`` reads it through pydantic-settings)."""


MODEL_MODULES = (
    "dayplan.contract",
    "dayplan.config",
    "dayplan.tools.args",
    "dayplan.evidence.records",
    "dayplan.evidence.payload",
    "dayplan.reading.records",
)


@pytest.mark.parametrize("module", MODEL_MODULES)
def test_the_models_plan_builds_have_no_string_annotations(module):
    """A string annotation (``from __future__ import annotations``) makes pydantic compile and
    evaluate it (``typing.ForwardRef``) for every field of every model at start-up; these
    modules' models are built on every ``plan``, so their annotations are the objects."""
    import importlib

    from pydantic import BaseModel

    mod = importlib.import_module(module)
    models = [
        obj
        for obj in vars(mod).values()
        if isinstance(obj, type) and issubclass(obj, BaseModel) and obj.__module__ == module
    ]
    assert models
    strings = {
        f"{m.__name__}.{name}"
        for m in models
        for name, hint in vars(m).get("__annotations__", {}).items()
        if isinstance(hint, str)
    }
    assert strings == set()


def test_the_live_model_is_still_told_from_the_offline_one():
    from dayplan.agent import live
    from dayplan.agent.models import is_live_model, resolve_model

    assert live.is_live_model is is_live_model
    assert not is_live_model(resolve_model("offline"))
    assert is_live_model(live.LiveGemini(model="gemini-3.5-flash"))


def test_a_store_that_does_not_exist_yet_is_created_and_migrated_as_before(tmp_path):
    url = f"sqlite:///{tmp_path / 'new' / 'dayplan.sqlite'}"
    code = (
        "import sys, contextlib, io\n"
        "from dayplan.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['plan', 'wet_weather_family', '--json']) == 0\n"
        "print('OUT', 'sqlalchemy' in sys.modules)\n"
    )
    assert _run(code, DAYPLAN_DB_URL=url) == "True"
    with sqlite3.connect(tmp_path / "new" / "dayplan.sqlite") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT count(*) FROM alembic_version").fetchone()[0] == 1


def test_the_sqlite_memory_read_returns_what_the_store_returns(tmp_path):
    url = _store_at_head(tmp_path)
    store = Store(url)
    try:
        for kind, value in [
            ("like", "museums"),
            ("home_suburb", "New Farm"),
            ("dislike", "long drives"),
            ("children_ages", "4 and 7"),
            ("like", "parks"),
            ("home_suburb", "Chermside"),  # replaces New Farm
        ]:
            store.remember("ann", kind, value)
        store.remember("bob", "like", "pools")
        with store.write() as conn:  # two rows stamped alike: the later row comes first
            conn.exec_driver_sql(
                "INSERT INTO preferences (user_id, kind, value, updated_at) VALUES "
                "('cy', 'like', 'zoo', '2026-01-01T00:00:00'), "
                "('cy', 'like', 'art', '2026-01-01T00:00:00')"
            )
        for user in ("ann", "bob", "cy", "nobody"):
            for limit in (1, 2, 10):
                want = [p.as_dict() for p in store.recent_preferences(user, limit)]
                assert recent_preferences_sqlite(user, limit, url) == want
        got = recent_preferences_sqlite("ann", 10, url)
        assert [(p["kind"], p["value"]) for p in got] == [
            ("home_suburb", "Chermside"),
            ("like", "parks"),
            ("children_ages", "4 and 7"),
            ("dislike", "long drives"),
            ("like", "museums"),
        ]
        assert [p["value"] for p in recent_preferences_sqlite("cy", 10, url)] == ["art", "zoo"]
    finally:
        store.close()


def test_the_sqlite_read_leaves_every_other_store_to_sqlalchemy(tmp_path, monkeypatch):
    url = _store_at_head(tmp_path)
    assert recent_preferences_sqlite("ann", 5, url) == []
    others = [
        "postgresql+psycopg://user@localhost/dayplan",
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite:///file:memory.sqlite?mode=ro&uri=true",
        f"{url}?timeout=3",
        url.replace("memory.sqlite", "mem%6Fry.sqlite"),  # SQLAlchemy would decode it
        f"sqlite:///{tmp_path / 'missing.sqlite'}",  # the Store creates it and migrates
        "sqlite:///~/dayplan.sqlite",
        "not a url",
    ]
    for other in others:
        assert recent_preferences_sqlite("ann", 5, other) is None, other
        assert sqlite_file(other) is None, other
    old = tmp_path / "old.sqlite"  # at another revision: the Store migrates it first
    with sqlite3.connect(old) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32))")
        conn.execute("INSERT INTO alembic_version VALUES ('0000_older')")
    assert recent_preferences_sqlite("ann", 5, f"sqlite:///{old}") is None
    rollback = tmp_path / "rollback.sqlite"  # not in WAL mode: the Store switches it first
    Store(f"sqlite:///{rollback}").close()
    with sqlite3.connect(rollback) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")
    assert recent_preferences_sqlite("ann", 5, f"sqlite:///{rollback}") is None
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not a database at all" * 20)
    assert recent_preferences_sqlite("ann", 5, f"sqlite:///{garbage}") is None
    monkeypatch.setenv("DAYPLAN_DB_LOCK_TIMEOUT_SECONDS", "soon")  # the Store raises it
    assert recent_preferences_sqlite("ann", 5, url) is None


def test_a_relative_store_path_is_read_from_the_working_directory(tmp_path, monkeypatch):
    Store(f"sqlite:///{tmp_path / 'runs' / 'dayplan.sqlite'}").close()
    monkeypatch.chdir(tmp_path)
    assert sqlite_file("sqlite:///runs/dayplan.sqlite") == Path("runs/dayplan.sqlite")
    assert recent_preferences_sqlite("ann", 5, "sqlite:///runs/dayplan.sqlite") == []


CALENDARS = [
    ("AU", "QLD", [2026, 2027]),
    ("AU", None, [2026]),
    ("AUS", "NSW", [2025]),
    ("Australia", "VIC", [2027]),
    ("US", "CA", [2026]),
    ("AS", None, [2026]),  # American Samoa's module builds on the United States'
    ("GB", "SCT", [2026]),
    ("DE", "BY", [2026]),
    ("NZ", None, [2026, 2027]),
]


def test_one_country_calendar_equals_python_holidays_own():
    """In a fresh process: each calendar built from its own module, then python-holidays'
    ``country_holidays`` after loading every country; same class name, same days and names."""
    code = (
        "import sys, json\n"
        "from dayplan.core.holiday_calendar import country_holidays\n"
        f"cases = {CALENDARS!r}\n"
        "ours = [country_holidays(c, subdiv=s, years=y) for c, s, y in cases]\n"
        "alone = 'holidays.countries' not in sys.modules\n"
        "import holidays\n"
        "theirs = [holidays.country_holidays(c, subdiv=s, years=y) for c, s, y in cases]\n"
        "same = [type(a).__name__ == type(b).__name__ and sorted(a.items()) == sorted(b.items())"
        " and len(a) > 3 for a, b in zip(ours, theirs)]\n"
        "print('OUT', json.dumps([alone, same]))\n"
    )
    alone, same = json.loads(_run(code))
    assert alone is True
    assert same == [True] * len(CALENDARS)


@pytest.mark.parametrize(("country", "subdiv"), [("ZZ", None), ("au", "QLD"), ("AU", "XX")])
def test_a_calendar_python_holidays_lacks_raises_as_python_holidays_does(country, subdiv):
    import holidays

    from dayplan.core.holiday_calendar import country_holidays

    with pytest.raises(NotImplementedError) as ours:
        country_holidays(country, subdiv=subdiv, years=2026)
    with pytest.raises(NotImplementedError) as theirs:
        holidays.country_holidays(country, subdiv=subdiv, years=2026)
    assert str(ours.value) == str(theirs.value)


def test_the_holiday_table_equals_python_holidays_for_every_pair_and_year():
    """Each (country, subdivision) and year of ``_holiday_table`` holds exactly the days and
    names python-holidays gives (``country_holidays``), for the version it names."""
    import holidays

    from dayplan.core._holiday_table import TABLE, VERSION
    from dayplan.core.holiday_calendar import _table_years, country_holidays, holiday_dates

    assert holidays.__version__ == VERSION, "run scripts/write_holiday_table.py"
    assert 2026 in _table_years("AU", "QLD") and 2026 in _table_years("AU", None)
    for country, subdiv in TABLE:
        for year in _table_years(country, subdiv):
            theirs = dict(country_holidays(country, subdiv=subdiv, years=year))
            assert dict(holiday_dates(country, subdiv, year)) == theirs, (country, subdiv, year)
    both = holiday_dates("AU", "QLD", [2026, 2027])
    assert both == dict(country_holidays("AU", subdiv="QLD", years=[2026, 2027]))
    assert both[date(2026, 12, 26)] == "Boxing Day" and len(both) > 20


def test_holiday_dates_outside_the_table_or_for_another_version_are_python_holidays_own(
    monkeypatch,
):
    from dayplan.core import holiday_calendar
    from dayplan.core.holiday_calendar import country_holidays, holiday_dates

    for args in [("AU", "QLD", 2099), ("AU", "NSW", 2026), ("NZ", None, [2026, 2027])]:
        got = holiday_dates(*args)
        assert type(got).__name__ != "dict"  # python-holidays' own calendar object
        assert dict(got) == dict(country_holidays(args[0], subdiv=args[1], years=args[2]))
    holiday_calendar._table_usable.cache_clear()
    monkeypatch.setattr(holiday_calendar, "_installed_version", lambda: "0.0")
    try:
        assert type(holiday_dates("AU", "QLD", 2026)).__name__ != "dict"
    finally:
        holiday_calendar._table_usable.cache_clear()
