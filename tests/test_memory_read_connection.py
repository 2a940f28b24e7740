"""The run's memory read keeps one ``sqlite3`` connection open (``store_read._READER``), never
what it read: every call sees the latest commits, a replaced file, a new lock timeout or a
file the Store must first fix, exactly as a fresh connection would."""

from __future__ import annotations

import sqlite3
import threading

from dayplan import store_read
from dayplan.store import Store
from dayplan.store_read import recent_preferences_sqlite


def _store(path) -> tuple[str, Store]:
    url = f"sqlite:///{path}"
    return url, Store(url)


def test_each_read_sees_the_latest_commit_through_the_kept_connection(tmp_path):
    url, store = _store(tmp_path / "m.sqlite")
    try:
        assert recent_preferences_sqlite("ann", 5, url) == []
        kept = dict(store_read._READER)
        store.remember("ann", "like", "museums")
        assert [p["value"] for p in recent_preferences_sqlite("ann", 5, url)] == ["museums"]
        store.remember("ann", "like", "parks")
        got = recent_preferences_sqlite("ann", 5, url)
        assert got == [p.as_dict() for p in store.recent_preferences("ann", 5)]
        assert kept == store_read._READER  # one connection, reused
    finally:
        store.close()


def test_a_replaced_file_is_read_afresh_never_through_the_old_connection(tmp_path):
    path = tmp_path / "m.sqlite"
    url, store = _store(path)
    store.remember("ann", "like", "museums")
    store.close()
    assert [p["value"] for p in recent_preferences_sqlite("ann", 5, url)] == ["museums"]
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"m.sqlite{suffix}").unlink(missing_ok=True)
    _, fresh = _store(path)
    try:
        fresh.remember("ann", "like", "pools")
        assert [p["value"] for p in recent_preferences_sqlite("ann", 5, url)] == ["pools"]
    finally:
        fresh.close()
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"m.sqlite{suffix}").unlink(missing_ok=True)
    assert recent_preferences_sqlite("ann", 5, url) is None  # gone: the Store would create it


def test_a_file_the_store_must_fix_releases_the_connection(tmp_path):
    path = tmp_path / "m.sqlite"
    url, store = _store(path)
    store.close()
    assert recent_preferences_sqlite("ann", 5, url) == []
    older = sqlite3.connect(path)  # an older revision: the Store migrates it first
    with older:
        older.execute("UPDATE alembic_version SET version_num = '0000_older'")
    older.close()
    assert recent_preferences_sqlite("ann", 5, url) is None
    assert store_read._READER == {}
    conn = sqlite3.connect(path, isolation_level=None)  # nobody holds it: its mode can switch
    try:
        assert conn.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
    finally:
        conn.close()
    assert recent_preferences_sqlite("ann", 5, url) is None


def test_concurrent_reads_share_the_connection_safely(tmp_path):
    url, store = _store(tmp_path / "m.sqlite")
    try:
        for v in ("a", "b", "c"):
            store.remember("ann", "like", v)
        want = recent_preferences_sqlite("ann", 5, url)
        got: list = []

        def read() -> None:
            for _ in range(50):
                got.append(recent_preferences_sqlite("ann", 5, url))

        threads = [threading.Thread(target=read) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(got) == 200 and all(g == want for g in got)
    finally:
        store.close()


def test_a_store_file_that_failed_to_open_is_not_migrated_again_until_it_changes(
    tmp_path, monkeypatch
):
    """A pre-Alembic file (the tables, no ``alembic_version``) fails to migrate: ``get_store``
    raises at once while the file is unchanged, and opens it anew once it is repaired."""
    import pytest
    from sqlalchemy.exc import SQLAlchemyError

    from dayplan import store as store_mod

    path = tmp_path / "old.sqlite"
    url, first = _store(path)
    first.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TABLE alembic_version")
    conn.close()
    built = []
    real = store_mod.Store

    def counting(*args, **kwargs):
        built.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(store_mod, "Store", counting)
    with pytest.raises(SQLAlchemyError) as one:
        store_mod.get_store(url)
    with pytest.raises(SQLAlchemyError) as two:
        store_mod.get_store(url)
    assert len(built) == 1 and type(two.value) is type(one.value)
    path.unlink()  # replaced by a good store: opened anew
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"old.sqlite{suffix}").unlink(missing_ok=True)
    real(url).close()
    try:
        assert store_mod.get_store(url).recent_preferences("ann", 5) == []
        assert len(built) == 2 and url not in store_mod._FAILED
    finally:
        store_mod._STORES.pop(url).close()


def test_a_read_that_cannot_wait_is_made_on_the_loop_and_answers_the_same(tmp_path):
    from dayplan.store_read import NOT_NOW, recent_preferences_now

    url, store = _store(tmp_path / "m.sqlite")
    try:
        store.remember("ann", "like", "museums")
        store_read._drop_reader()
        assert recent_preferences_now("ann", 5, url) is NOT_NOW  # no kept connection: a thread
        want = recent_preferences_sqlite("ann", 5, url)
        assert recent_preferences_now("ann", 5, url) == want
        store.remember("ann", "like", "parks")
        assert recent_preferences_now("ann", 5, url) == recent_preferences_sqlite("ann", 5, url)
        assert recent_preferences_now("ann", 5, "sqlite://") is None  # the Store answers
    finally:
        store.close()


def test_a_busy_file_is_never_waited_for_on_the_loop(tmp_path):
    """A read through the kept connection that meets a lock (``database is locked``) is left
    to the blocking read: ``NOT_NOW``, the connection dropped (its busy timeout was 0), and
    the blocking read answers as before."""
    from dayplan.store_read import NOT_NOW, recent_preferences_now

    url, store = _store(tmp_path / "m.sqlite")
    try:
        store.remember("ann", "like", "zoo")
        assert recent_preferences_sqlite("ann", 5, url) is not None
        ((key, conn),) = store_read._READER.items()
        seen = []

        class Busy:  # the kept connection, as a writer holding the file leaves it
            def execute(self, sql, *args):
                seen.append(sql)
                if sql.startswith("SELECT"):
                    raise sqlite3.OperationalError("database is locked")
                return conn.execute(sql, *args)

            def close(self):
                conn.close()

        store_read._READER[key] = Busy()
        assert recent_preferences_now("ann", 5, url) is NOT_NOW
        assert seen[0] == "PRAGMA busy_timeout = 0" and store_read._READER == {}
        assert [p["value"] for p in recent_preferences_sqlite("ann", 5, url)] == ["zoo"]
    finally:
        store.close()


def test_a_run_reads_its_memories_without_a_thread_once_the_connection_is_kept(monkeypatch):
    import asyncio

    from dayplan.agent import memory_context
    from dayplan.benchmarks.floor import _request
    from dayplan.service.run import run_plan

    asyncio.run(run_plan(_request()))  # the store file exists and is at its head
    first = asyncio.run(run_plan(_request()))  # its read keeps the connection
    hops = []
    real = memory_context.asyncio.to_thread

    async def counting(fn, *args, **kwargs):
        hops.append(fn.__name__)
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(memory_context.asyncio, "to_thread", counting)
    again = asyncio.run(run_plan(_request()))
    assert hops == []
    assert again.state["recent_memories"] == first.state["recent_memories"]
    assert again.state["context_note"] == first.state["context_note"]
