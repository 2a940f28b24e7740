"""The store's settings and the run start's memory read, without SQLAlchemy.

Every run starts by reading the user's recent preferences (``dayplan.agent.memory_context``).
Through ``dayplan.store`` that read costs a SQLAlchemy import and an engine (about 0.2–0.3 s of a
``python -m dayplan plan`` start) for one ``SELECT``. ``recent_preferences_sqlite`` makes that
same ``SELECT`` (``RECENT_PREFERENCES_SQL``, which ``Store.recent_preferences`` runs too) with
the standard library's ``sqlite3``, but only when it is sure to read what the ``Store`` would:
the configured URL is a plain SQLite file that already exists, in WAL mode, with its schema at
the migrations' head. In every other case (PostgreSQL, an in-memory or URI database, a file the
``Store`` must first create or migrate, any ``sqlite3`` error) it returns ``None`` and the caller
opens the ``Store`` as before, so errors, migrations and created files stay exactly the
``Store``'s.

``db_url``, ``lock_timeout_seconds`` and ``PREFERENCE_KINDS`` live here so both read the same
settings (and a tool can check a kind without opening the store); ``dayplan.store`` re-exports
them.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

PREFERENCE_KINDS = ("home_suburb", "children_ages", "like", "dislike")
"""What a remembered preference can be (the ``preferences.kind`` column)."""
DEFAULT_DB_URL = "sqlite:///runs/dayplan.sqlite"
DEFAULT_LOCK_TIMEOUT_SECONDS = 5.0

RECENT_PREFERENCES_SQL = (
    "SELECT kind, value, updated_at FROM preferences WHERE user_id = :user_id "
    "ORDER BY updated_at DESC, id DESC LIMIT :limit"
)
"""A user's most recently remembered preferences, newest first (ties: the later row first)."""

_PLAIN_SQLITE = re.compile(r"sqlite(?:\+pysqlite)?:///([^?#%~][^?#%]*)")
"""A SQLite file URL with nothing SQLAlchemy would decode or pass on: no query, no escapes."""


def db_url() -> str:
    """The configured database URL: ``DAYPLAN_DB_URL`` or the SQLite default."""
    return os.environ.get("DAYPLAN_DB_URL") or DEFAULT_DB_URL


def lock_timeout_seconds() -> float:
    """``DAYPLAN_DB_LOCK_TIMEOUT_SECONDS`` (default 5 s): the longest a write waits for a lock.

    Raises ``ValueError`` for a value that is not a number between 0.05 and 300.
    """
    raw = os.environ.get("DAYPLAN_DB_LOCK_TIMEOUT_SECONDS") or str(DEFAULT_LOCK_TIMEOUT_SECONDS)
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"DAYPLAN_DB_LOCK_TIMEOUT_SECONDS={raw!r} is not a number") from None
    if not 0.05 <= value <= 300:
        raise ValueError("DAYPLAN_DB_LOCK_TIMEOUT_SECONDS must be between 0.05 and 300 seconds")
    return value


def sqlite_file(url: str) -> Path | None:
    """The existing SQLite file a plain ``sqlite:///PATH`` URL names (relative to the working
    directory, as SQLAlchemy reads it), or ``None`` for any other URL or a missing file."""
    m = _PLAIN_SQLITE.fullmatch(url)
    if m is None or m.group(1) == ":memory:" or m.group(1).startswith("file:"):
        return None
    path = Path(m.group(1))
    return path if path.is_file() else None


_READER_LOCK = threading.Lock()
_READER: dict[tuple[int, int, int, float], sqlite3.Connection] = {}
"""The one read connection kept open (at most one): keyed by this process's id, the file's
device and inode, and the lock timeout, so a replaced or moved file, another store file, a new
timeout or a forked child gets a connection of its own (the old one is closed). Only the
connection is kept, never what it read: each call runs its statements afresh, and in WAL mode
each statement outside a transaction reads the latest committed data. Closing the last
connection to a WAL file checkpoints it and deletes its ``-wal`` and ``-shm`` files, which the
next open recreates: about 0.6 ms of every run's memory read, saved by keeping this one."""


def _reader(path: Path, timeout: float) -> sqlite3.Connection:
    """The kept read connection to ``path`` (opened when there is none for it); call it with
    ``_READER_LOCK`` held. Raises ``OSError`` or ``sqlite3.Error`` as ``stat``/``connect`` do."""
    st = path.stat()
    key = (os.getpid(), st.st_dev, st.st_ino, timeout)
    conn = _READER.get(key)
    if conn is None:
        _drop_reader()
        conn = _READER[key] = sqlite3.connect(path, timeout=timeout, check_same_thread=False)
    return conn


def _drop_reader() -> None:
    """Close and forget the kept read connection (a connection inherited from a parent process
    is forgotten without closing it: it is the parent's)."""
    for (pid, *_), conn in list(_READER.items()):
        if pid == os.getpid():
            conn.close()
    _READER.clear()


def _query(conn: sqlite3.Connection, user_id: str, limit: int) -> list | None:
    """The preferences read through ``conn``; ``None`` when the Store must answer (the file is
    not in WAL mode, or its schema is not at the migrations' head). Raises ``sqlite3.Error``."""
    from dayplan.migrations import head_revisions

    if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
        return None  # the Store would switch it to WAL first
    versions = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
    heads = head_revisions()
    if set(versions) != heads or len(versions) != len(heads):
        return None  # the Store migrates first
    rows = conn.execute(RECENT_PREFERENCES_SQL, {"user_id": user_id, "limit": limit})
    return [{"kind": k, "value": v, "updated_at": t} for k, v, t in rows]


def recent_preferences_sqlite(user_id: str, limit: int, url: str | None = None) -> list | None:
    """The user's recent preferences as ``[{"kind", "value", "updated_at"}]`` (newest first, at
    most ``limit``), read with ``sqlite3`` from the store file ``url`` (default ``db_url()``);
    ``None`` when only the ``Store`` can answer it (see the module docstring). Blocks (up to the
    lock timeout when a writer holds the file): run it off the event loop. Thread-safe: calls
    share one kept connection (``_READER``) under a lock."""
    path = sqlite_file(url or db_url())
    if path is None:
        return None
    try:
        timeout = lock_timeout_seconds()
    except ValueError:
        return None  # the Store raises it, as before
    with _READER_LOCK:
        try:
            conn = _reader(path, timeout)
        except (OSError, sqlite3.Error):
            return None
        try:
            found = _query(conn, user_id, limit)
        except sqlite3.Error:
            found = None
        if found is None:
            _drop_reader()  # let the Store fix the file (and hold none it may replace)
        return found


NOT_NOW = object()
"""``recent_preferences_now``'s answer when the read would have to wait: call
``recent_preferences_sqlite`` off the event loop instead."""


def recent_preferences_now(user_id: str, limit: int, url: str | None = None) -> Any:
    """``recent_preferences_sqlite``'s answer when it can be had without waiting, else
    ``NOT_NOW``: only through the connection already kept for the file (opening one is left to
    the thread), with SQLite's busy timeout at 0 for the read, and only when no other thread
    holds the kept connection. Never blocks on a lock, so the event loop may call it: in WAL
    mode a read of a local file waits for no writer; any error, a busy file or a missing
    connection answers ``NOT_NOW`` (the blocking read then decides, as it always did)."""
    path = sqlite_file(url or db_url())
    if path is None:
        return None
    try:
        timeout = lock_timeout_seconds()
    except ValueError:
        return None
    if not _READER_LOCK.acquire(blocking=False):
        return NOT_NOW
    try:
        try:
            st = path.stat()
        except OSError:
            return NOT_NOW
        conn = _READER.get((os.getpid(), st.st_dev, st.st_ino, timeout))
        if conn is None:
            return NOT_NOW
        try:
            conn.execute("PRAGMA busy_timeout = 0")
            found = _query(conn, user_id, limit)
            conn.execute(f"PRAGMA busy_timeout = {max(1, int(timeout * 1000))}")
        except sqlite3.Error:
            _drop_reader()  # its busy timeout may be 0 now: the blocking read opens another
            return NOT_NOW
        if found is None:
            _drop_reader()
        return found
    finally:
        _READER_LOCK.release()
