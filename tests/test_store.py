"""The store on SQLite and PostgreSQL: migrations, idempotent saves under concurrency, atomic
writes under SIGKILL, savepoints that roll back, lock waits bounded by the lock timeout, memory."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from dayplan.store import Store, make_plan_id, saved_plans

PLAN = {
    "date": "2026-12-05",
    "stops": [{"venue_id": "qm", "start": "09:30", "end": "11:00"}],
    "totals": {"cost": 0},
}
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(any_db_url):
    s = Store(any_db_url)
    yield s
    s.close()


@pytest.fixture
def sqlite_store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'store.sqlite'}")
    yield s
    s.close()


def test_schema_is_created_by_the_migrations_and_sqlite_runs_in_wal_mode(sqlite_store, tmp_path):
    assert sqlite_store.journal_mode() == "wal"
    con = sqlite3.connect(tmp_path / "store.sqlite")
    tables = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
    version = con.execute("select version_num from alembic_version").fetchall()
    con.close()
    assert {"saved_plans", "preferences", "idempotency_keys", "alembic_version"} <= tables
    assert version == [("0001",)]


def test_both_databases_get_the_same_schema(sqlite_store, pg_url):
    from sqlalchemy import inspect

    def shape(engine):
        insp = inspect(engine)
        return {
            t: (
                sorted((c["name"], c["nullable"]) for c in insp.get_columns(t)),
                sorted(insp.get_pk_constraint(t)["constrained_columns"]),
                sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(t)),
            )
            for t in ("saved_plans", "preferences", "idempotency_keys")
        }

    pg = Store(pg_url)
    try:
        assert shape(sqlite_store.engine) == shape(pg.engine)
    finally:
        pg.close()


def test_opening_twice_migrates_once_and_keeps_rows(any_db_url):
    first = Store(any_db_url)
    first.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
    first.close()
    with ThreadPoolExecutor(max_workers=3) as pool:  # several instances starting at once
        stores = list(pool.map(lambda _: Store(any_db_url), range(3)))
    try:
        assert [s.count_plans() for s in stores] == [1, 1, 1]
    finally:
        for s in stores:
            s.close()


def test_the_scripts_heads_are_alembics_heads():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from dayplan.migrations import head_revisions

    config = Config()
    config.set_main_option("script_location", "dayplan:migrations")
    assert head_revisions() == frozenset(ScriptDirectory.from_config(config).get_heads())


def test_a_database_at_the_head_opens_without_loading_alembic(any_db_url, tmp_path):
    from sqlalchemy import create_engine

    from dayplan.store import at_head

    fresh = create_engine(f"sqlite:///{tmp_path / 'new.sqlite'}")
    assert not at_head(fresh)  # no alembic_version table yet: migrate runs Alembic
    fresh.dispose()
    Store(any_db_url).close()  # migrated
    code = textwrap.dedent(
        f"""
        import sys
        from dayplan.store import Store
        s = Store({any_db_url!r})
        print(s.count_plans(), "alembic" in sys.modules)
        s.close()
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["0", "False"]


def test_a_nested_write_rolls_back_with_its_outer_transaction(store):
    """The pysqlite recipe: without it, SQLite's driver commits around SAVEPOINT and the nested
    row survives the outer rollback."""
    from sqlalchemy import insert

    from dayplan.store import preferences

    row = {"user_id": "ann", "kind": "like", "value": "zoos", "updated_at": "t"}
    with store.engine.connect() as conn:
        outer = conn.begin()  # the savepoint is the transaction's first statement
        with conn.begin_nested():
            conn.execute(insert(preferences).values(**row))
        conn.execute(insert(preferences).values(**{**row, "value": "outer"}))
        outer.rollback()
    assert store.recent_preferences("ann") == []
    with store.engine.connect() as conn, conn.begin():  # and a savepoint alone rolls back too
        conn.execute(insert(preferences).values(**{**row, "value": "kept"}))
        nested = conn.begin_nested()
        conn.execute(insert(preferences).values(**row))
        nested.rollback()
    assert [p.value for p in store.recent_preferences("ann")] == ["kept"]


def test_a_held_lock_fails_the_save_within_the_lock_timeout(any_db_url):
    """Another connection holds the write lock (SQLite) / the row's lock (PostgreSQL): the save
    gives up after the lock timeout (0.5 s here), not the old 30 s busy timeout."""
    import time

    from sqlalchemy.exc import OperationalError

    s = Store(any_db_url, lock_timeout=0.5)
    holder = Store(any_db_url, lock_timeout=0.5)
    try:
        with holder.write() as conn:
            conn.execute(
                saved_plans.insert().values(
                    plan_id=make_plan_id("ann", "r1", "k"),
                    user_id="ann",
                    request_id="r1",
                    plan_key="k",
                    plan_hash="h",
                    plan_json="{}",
                    created_at="t",
                )
            )
            started = time.perf_counter()
            with pytest.raises(OperationalError):
                s.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
            waited = time.perf_counter() - started
            conn.rollback()
        assert 0.3 < waited < 3.0
        assert s.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN).status == (
            "created"
        )
    finally:
        s.close()
        holder.close()


def test_plan_id_is_deterministic_and_depends_on_every_part():
    a = make_plan_id("ann", "req-1", "qm@09:30-11:00")
    assert a == make_plan_id("ann", "req-1", "qm@09:30-11:00")
    assert a.startswith("plan-") and len(a) == 29
    assert len({a, make_plan_id("bob", "req-1", "qm@09:30-11:00")}) == 2
    assert len({a, make_plan_id("ann", "req-2", "qm@09:30-11:00")}) == 2
    assert len({a, make_plan_id("ann", "req-1", "qm@10:00-11:00")}) == 2


def test_same_key_same_plan_is_an_idempotent_replay(store):
    first = store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
    again = store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=dict(PLAN))
    assert (first.status, first.idempotent_replay) == ("created", False)
    assert (again.status, again.idempotent_replay) == ("already_exists", True)
    assert again.plan_id == first.plan_id
    assert store.count_plans() == 1


def test_same_key_different_plan_is_a_conflict_and_writes_nothing(store):
    first = store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
    changed = {**PLAN, "totals": {"cost": 12}}
    same_stops = store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=changed)
    other_stops = store.save_plan(user_id="ann", request_id="r1", plan_key="k2", plan=changed)
    assert same_stops.status == other_stops.status == "conflict"
    assert other_stops.existing_plan_id == first.plan_id
    assert store.count_plans() == 1
    assert store.get_plan(first.plan_id).plan == PLAN


def test_a_different_key_is_a_new_row(store):
    a = store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
    b = store.save_plan(user_id="ann", request_id="r2", plan_key="k", plan=PLAN)
    c = store.save_plan(user_id="bob", request_id="r1", plan_key="k", plan=PLAN)
    assert len({a.plan_id, b.plan_id, c.plan_id}) == 3
    assert {a.status, b.status, c.status} == {"created"}
    assert store.count_plans() == 3 and store.count_plans("ann") == 2


def test_read_is_scoped_to_the_owner(store):
    saved = store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
    assert store.get_plan(saved.plan_id, user_id="ann").plan == PLAN
    assert store.get_plan(saved.plan_id, user_id="bob") is None


def test_fifty_concurrent_identical_saves_write_exactly_one_row(store):
    start = threading.Barrier(50)

    def save(_):
        start.wait(timeout=10)  # all fifty INSERTs race at once
        return store.save_plan(user_id="ann", request_id="r-50", plan_key="k", plan=PLAN)

    with ThreadPoolExecutor(max_workers=50) as pool:
        outcomes = list(pool.map(save, range(50)))
    assert [o.status for o in outcomes].count("created") == 1
    assert [o.status for o in outcomes].count("already_exists") == 49
    assert {o.plan_id for o in outcomes} == {outcomes[0].plan_id}
    assert store.count_plans() == 1


KILLED_WRITER = textwrap.dedent(
    """
    import sys, time
    from sqlalchemy import event
    from dayplan.store import Store

    store = Store(sys.argv[1])

    def stall(conn):  # the INSERT is sent; the COMMIT never is
        print("inserted", flush=True)
        time.sleep(60)

    event.listen(store.engine, "commit", stall)
    store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan={"stops": ["x"] * 500})
    """
)


def test_a_save_killed_mid_write_leaves_no_partial_row(any_db_url):
    url = any_db_url
    Store(url).close()  # the schema exists before the writer starts
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, url],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert proc.stdout.readline().strip() == "inserted"
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=10) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
    after = Store(url)
    try:
        assert after.count_plans() == 0
        if after.is_sqlite:
            with after.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        # and the key is free: the next save is the first
        assert (
            after.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN).status
            == "created"
        )
    finally:
        after.close()


def test_preferences_single_valued_kinds_replace_likes_accumulate(store):
    store.remember("ann", "home_suburb", "New Farm")
    store.remember("ann", "like", "museums")
    store.remember("ann", "like", "swimming")
    store.remember("ann", "home_suburb", "Paddington")
    store.remember("bob", "like", "zoos")
    got = [(p.kind, p.value) for p in store.recent_preferences("ann")]
    assert got == [("home_suburb", "Paddington"), ("like", "swimming"), ("like", "museums")]
    assert [(p.kind, p.value) for p in store.recent_preferences("ann", limit=1)] == [
        ("home_suburb", "Paddington")
    ]
    with pytest.raises(ValueError, match="unknown preference kind"):
        store.remember("ann", "password", "x")
    with pytest.raises(ValueError, match="1 to 200"):
        store.remember("ann", "like", "  ")


def test_concurrent_identical_preferences_are_one_row(store):
    start = threading.Barrier(20)

    def remember(_):
        start.wait(timeout=10)
        return store.remember("ann", "like", "museums")

    with ThreadPoolExecutor(max_workers=20) as pool:
        list(pool.map(remember, range(20)))
    assert [(p.kind, p.value) for p in store.recent_preferences("ann")] == [("like", "museums")]
