"""Durable state for actions, memory and the service: saved day plans, remembered preferences
and ``Idempotency-Key`` records.

SQLAlchemy 2 over a SQLite file by default (``sqlite:///runs/dayplan.sqlite``, relative to the
working directory); ``DAYPLAN_DB_URL`` takes any SQLAlchemy URL. PostgreSQL (``postgresql+
psycopg://user@host/db``, psycopg 3) is what a deployment with several service instances uses:
everything they must share lives here. Both databases get the same schema, created by the Alembic
migrations shipped in ``dayplan/migrations`` (``migrate``), never by ``create_all``.

Three tables:

* ``saved_plans`` – one row per registered plan. ``plan_id`` (primary key) is a deterministic
  hash of (user, request id, plan key), and ``(user_id, request_id)`` is unique, so a retried or
  concurrent save can never write a second row: the database, not a check-then-insert in Python,
  rejects the duplicate.
* ``preferences`` – what a user told the planner (home suburb, children's ages, likes, dislikes),
  one row per (user, kind, value); remembering it again refreshes ``updated_at``.
* ``idempotency_keys`` – one row per (user, key) of ``POST /v1/day-plans`` (see
  ``dayplan.service.idempotency``).

Transactions: every multi-statement change is one transaction on both databases. SQLite runs with
SQLAlchemy's documented pysqlite recipe (the driver's own implicit BEGIN is switched off and
SQLAlchemy emits ``BEGIN``), so ``begin_nested()`` savepoints really roll back with their outer
transaction; writes start with ``BEGIN IMMEDIATE`` so two writers queue on the lock instead of
failing half way. SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed write
survives a killed process (the SIGKILL tests); only an operating-system crash or power loss can
drop the last commits (SQLite's documented WAL trade-off), which is one more reason a deployment
uses PostgreSQL.

Waiting: a write waits at most ``DAYPLAN_DB_LOCK_TIMEOUT_SECONDS`` (default 5 s; SQLite's busy
timeout, PostgreSQL's ``lock_timeout``; PostgreSQL's ``statement_timeout`` is twice that) and then
fails with ``sqlalchemy.exc.OperationalError``; keep it below the service's request deadline.
The engine's calls block, so async code runs them with ``await store.call(fn, ...)`` on the
store's bounded thread pool (``pool_size`` threads, as many as pooled connections), never on the
event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from dayplan.store_read import (  # shared with the read that needs no SQLAlchemy
    PREFERENCE_KINDS,
    RECENT_PREFERENCES_SQL,
    db_url,
    lock_timeout_seconds,
    sqlite_file,
)

POOL_SIZE = 8
SINGLE_VALUED = ("home_suburb", "children_ages")
_MIGRATION_LOCK_ID = 0x64617970  # "dayp": PostgreSQL advisory lock serialising migrations

T = TypeVar("T")

metadata = MetaData()

saved_plans = Table(
    "saved_plans",
    metadata,
    Column("plan_id", String(64), primary_key=True),
    Column("user_id", String(200), nullable=False, index=True),
    Column("request_id", String(300), nullable=False),
    Column("plan_key", String(2000), nullable=False),
    Column("plan_hash", String(64), nullable=False),
    Column("plan_json", Text, nullable=False),
    Column("created_at", String(40), nullable=False),
    UniqueConstraint("user_id", "request_id", name="uq_saved_plans_user_request"),
)

preferences = Table(
    "preferences",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(200), nullable=False, index=True),
    Column("kind", String(40), nullable=False),
    Column("value", String(200), nullable=False),
    Column("updated_at", String(40), nullable=False),
    UniqueConstraint("user_id", "kind", "value", name="uq_preferences_user_kind_value"),
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("user_id", String(200), primary_key=True),
    Column("key", String(200), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("state", String(16), nullable=False),  # running | done | retryable
    Column("claim_token", String(32), nullable=False),
    Column("lease_until", Float, nullable=False),  # epoch s; a running claim past it is dead
    Column("created_at", Float, nullable=False),  # epoch s; the key expires by this age
    Column("status_code", Integer, nullable=True),
    Column("media_type", String(100), nullable=True),
    Column("headers_json", Text, nullable=True),
    Column("body", LargeBinary, nullable=True),
    Index("ix_idempotency_keys_user_created", "user_id", "created_at"),
)

SaveStatus = Literal["created", "already_exists", "conflict"]


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal values give equal strings (and hashes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(value: Any) -> str:
    """SHA-256 hex digest of ``canonical_json(value)``."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def make_plan_id(user_id: str, request_id: str, plan_key: str) -> str:
    """Deterministic plan id: ``plan-`` + 24 hex chars of SHA-256 over (user, request, plan key).

    The same three inputs always give the same id, so a retry finds its own earlier save.
    """
    digest = content_hash([user_id, request_id, plan_key])
    return f"plan-{digest[:24]}"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class SavedRow:
    """One ``saved_plans`` row; ``plan`` is the stored plan JSON parsed back."""

    plan_id: str
    user_id: str
    request_id: str
    plan_key: str
    plan_hash: str
    plan: dict[str, Any]
    created_at: str


@dataclass(frozen=True)
class SaveOutcome:
    """What a save did: ``created`` (this call wrote the row), ``already_exists`` (the same plan
    was saved before under the same key: an idempotent replay, nothing written) or ``conflict``
    (the key is taken by a different plan: nothing written). ``existing_plan_id`` names the row
    that holds the key when it is not ``plan_id``."""

    plan_id: str
    status: SaveStatus
    idempotent_replay: bool
    plan_hash: str
    existing_plan_id: str | None = None


@dataclass(frozen=True)
class Preference:
    """One remembered preference: ``kind`` is one of ``PREFERENCE_KINDS``."""

    kind: str
    value: str
    updated_at: str

    def as_dict(self) -> dict[str, str]:
        """``{"kind", "value", "updated_at"}``."""
        return {"kind": self.kind, "value": self.value, "updated_at": self.updated_at}


def _sqlite_recipe(engine: Engine, busy_ms: int) -> None:
    """SQLAlchemy's pysqlite transaction recipe ("Serializable isolation / Savepoints /
    Transactional DDL"): switch off the driver's implicit BEGIN, emit our own. A connection run
    with ``execution_options(sqlite_begin="IMMEDIATE")`` takes the write lock at BEGIN."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # autocommit at the driver: no implicit BEGIN
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed process loses nothing
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())


def at_head(engine: Engine) -> bool:
    """Whether the database's ``alembic_version`` holds exactly the scripts' heads
    (``dayplan.migrations.head_revisions``): one ``SELECT``; a missing table (a new database)
    or any database error is ``False``, so ``migrate`` then runs Alembic as before."""
    from dayplan.migrations import head_revisions

    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    except SQLAlchemyError:
        return False
    return {r[0] for r in rows} == head_revisions() and len(rows) == len(head_revisions())


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (``dayplan/migrations``), in one
    transaction; safe when several processes start at once (PostgreSQL: an advisory lock;
    SQLite: ``BEGIN IMMEDIATE``). A database already at the head is left alone without loading
    Alembic (``at_head``)."""
    if at_head(engine):
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "dayplan:migrations")
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK_ID})
            config.attributes["connection"] = conn
            command.upgrade(config, "head")


class StoreUnavailable(SQLAlchemyError):
    """The configured database cannot be used at all (a SQLite folder that cannot be made, no
    driver for the URL's database): one readable line, no connection string in it."""


class Store:
    """Saved plans, preferences and idempotency keys over one SQLAlchemy engine (thread-safe;
    share it, see ``get_store``).

    ``url`` defaults to ``db_url()``; ``lock_timeout`` (seconds) to ``lock_timeout_seconds()``.
    A relative SQLite path is created (with its folder) on open, and the migrations run. Raises
    ``sqlalchemy.exc.ArgumentError`` for a malformed URL, ``OperationalError`` when the database
    cannot be reached, ``StoreUnavailable`` (a ``SQLAlchemyError`` too, so every caller that
    degrades on a database error degrades on it) when the SQLite file's folder cannot be made
    or the URL names a database this build has no driver for (``mysql://``).
    """

    def __init__(self, url: str | None = None, *, lock_timeout: float | None = None):
        self.url = url or db_url()
        self.lock_timeout = lock_timeout if lock_timeout is not None else lock_timeout_seconds()
        parsed = make_url(self.url)
        self.backend = parsed.get_backend_name()
        self.is_sqlite = self.backend == "sqlite"
        ms = max(1, int(self.lock_timeout * 1000))
        kwargs: dict[str, Any] = {"pool_size": POOL_SIZE, "max_overflow": 4, "pool_timeout": 30}
        if self.is_sqlite:
            database = parsed.database
            if database and database != ":memory:" and not database.startswith("file:"):
                folder = Path(database).expanduser().parent
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise StoreUnavailable(
                        f"the SQLite database's folder {folder} cannot be made: "
                        f"{exc.strerror or type(exc).__name__}"
                    ) from None
            kwargs["connect_args"] = {"timeout": self.lock_timeout, "check_same_thread": False}
        elif self.backend == "postgresql":
            kwargs["pool_recycle"] = 1800  # reconnect idle connections before servers drop them
            kwargs["connect_args"] = {
                "options": f"-c lock_timeout={ms} -c statement_timeout={2 * ms}",
                "connect_timeout": max(1, int(self.lock_timeout)),
            }
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except ImportError as exc:  # a dialect whose driver is not installed (mysql://, ...)
            raise StoreUnavailable(
                f"no database driver for {self.backend!r} is installed ({exc.name or exc}); "
                "use sqlite:///PATH or postgresql+psycopg://..."
            ) from None
        if self.is_sqlite:
            _sqlite_recipe(self.engine, ms)
        self._pool = ThreadPoolExecutor(max_workers=POOL_SIZE, thread_name_prefix="dayplan-db")
        try:
            migrate(self.engine)
        except BaseException:
            self.close()  # a store that cannot open holds no engine nor pool
            raise

    # -- running off the event loop -----------------------------------------------------------

    async def call(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``await store.call(store.save_plan, ...)``: run a blocking store call on the store's
        bounded thread pool so the event loop keeps serving. Cancelling the await does not stop
        the call already running (a thread cannot be interrupted); it finishes or hits the lock
        timeout on its own."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args, **kwargs))

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` on SQLite): commits on exit, rolls back on
        an exception."""
        with self.engine.connect() as conn:
            if self.is_sqlite:
                conn = conn.execution_options(sqlite_begin="IMMEDIATE")
            with conn.begin():
                yield conn

    def journal_mode(self) -> str | None:
        """SQLite's journal mode (``"wal"``), ``None`` for other databases."""
        if not self.is_sqlite:
            return None
        with self.engine.connect() as conn:
            return str(conn.exec_driver_sql("PRAGMA journal_mode").scalar()).lower()

    # -- saved plans -------------------------------------------------------------------------

    def save_plan(
        self, *, user_id: str, request_id: str, plan_key: str, plan: dict[str, Any]
    ) -> SaveOutcome:
        """Register ``plan`` once for (``user_id``, ``request_id``).

        One INSERT in one transaction; the primary key (``plan_id``) and the unique
        (user, request) pair reject a duplicate. On rejection the existing row decides: same
        plan id and same content -> ``already_exists`` with ``idempotent_replay=True``;
        anything else -> ``conflict``. Nothing is ever overwritten. Raises
        ``OperationalError`` when the lock is not granted within the lock timeout.
        """
        plan_id = make_plan_id(user_id, request_id, plan_key)
        plan_hash = content_hash(plan)
        row = {
            "plan_id": plan_id,
            "user_id": user_id,
            "request_id": request_id,
            "plan_key": plan_key,
            "plan_hash": plan_hash,
            "plan_json": canonical_json(plan),
            "created_at": _now(),
        }
        try:
            with self.write() as conn:
                conn.execute(insert(saved_plans).values(**row))
            return SaveOutcome(plan_id, "created", False, plan_hash)
        except IntegrityError:
            pass
        with self.engine.connect() as conn:
            existing = conn.execute(
                select(saved_plans.c.plan_id, saved_plans.c.plan_json).where(
                    (saved_plans.c.plan_id == plan_id)
                    | (
                        (saved_plans.c.user_id == user_id)
                        & (saved_plans.c.request_id == request_id)
                    )
                )
            ).first()
        # the stored content itself decides (not its stored hash): a row edited since it was
        # written is not "the same plan", so a retry never blesses it as a replay
        same_row = existing is not None and existing.plan_id == plan_id
        if same_row and existing.plan_json == row["plan_json"]:
            return SaveOutcome(plan_id, "already_exists", True, plan_hash)
        return SaveOutcome(
            plan_id,
            "conflict",
            False,
            plan_hash,
            existing_plan_id=existing.plan_id if existing is not None else None,
        )

    def get_plan(self, plan_id: str, user_id: str | None = None) -> SavedRow | None:
        """Read one saved plan back; with ``user_id``, only that user's (else ``None``)."""
        query = select(saved_plans).where(saved_plans.c.plan_id == plan_id)
        if user_id is not None:
            query = query.where(saved_plans.c.user_id == user_id)
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        if r is None:
            return None
        return SavedRow(
            plan_id=r.plan_id,
            user_id=r.user_id,
            request_id=r.request_id,
            plan_key=r.plan_key,
            plan_hash=r.plan_hash,
            plan=json.loads(r.plan_json),
            created_at=r.created_at,
        )

    def count_plans(self, user_id: str | None = None) -> int:
        """How many rows ``saved_plans`` holds (for one user, or all)."""
        query = select(func.count()).select_from(saved_plans)
        if user_id is not None:
            query = query.where(saved_plans.c.user_id == user_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    # -- preferences -------------------------------------------------------------------------

    def remember(self, user_id: str, kind: str, value: str) -> Preference:
        """Store one preference (``kind`` in ``PREFERENCE_KINDS``, ``value`` ≤ 200 chars).

        ``home_suburb`` and ``children_ages`` hold one value per user (a new one replaces the
        old); likes and dislikes accumulate. Remembering a known value refreshes its time.
        Raises ``ValueError`` for an unknown kind or an empty/over-long value.
        """
        if kind not in PREFERENCE_KINDS:
            raise ValueError(f"unknown preference kind {kind!r}; use {', '.join(PREFERENCE_KINDS)}")
        value = value.strip()
        if not value or len(value) > 200:
            raise ValueError("a preference value is 1 to 200 characters")
        stamp = _now()
        try:
            self._remember(user_id, kind, value, stamp)
        except IntegrityError:  # a concurrent writer inserted the same value first: refresh it
            self._remember(user_id, kind, value, stamp)
        return Preference(kind, value, stamp)

    def _remember(self, user_id: str, kind: str, value: str, stamp: str) -> None:
        with self.write() as conn:  # delete + update + insert: one transaction
            if kind in SINGLE_VALUED:
                conn.execute(
                    preferences.delete().where(
                        (preferences.c.user_id == user_id)
                        & (preferences.c.kind == kind)
                        & (preferences.c.value != value)
                    )
                )
            done = conn.execute(
                update(preferences)
                .where(
                    (preferences.c.user_id == user_id)
                    & (preferences.c.kind == kind)
                    & (preferences.c.value == value)
                )
                .values(updated_at=stamp)
            )
            if done.rowcount == 0:
                conn.execute(
                    insert(preferences).values(
                        user_id=user_id, kind=kind, value=value, updated_at=stamp
                    )
                )

    def recent_preferences(self, user_id: str, limit: int = 10) -> list[Preference]:
        """The user's most recently remembered preferences, newest first (at most ``limit``;
        ``RECENT_PREFERENCES_SQL``, the query ``store_read`` makes without SQLAlchemy)."""
        query = text(RECENT_PREFERENCES_SQL)
        with self.engine.connect() as conn:
            rows = conn.execute(query, {"user_id": user_id, "limit": limit})
            return [Preference(r.kind, r.value, r.updated_at) for r in rows]

    def close(self) -> None:
        """Release the engine's connections and the thread pool."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.engine.dispose()


_STORES: dict[str, Store] = {}
_LOCK = threading.Lock()
_FAILED: dict[str, tuple[tuple, SQLAlchemyError]] = {}
"""Per SQLite file URL, the file's ``_file_state`` after a ``Store`` failed to open it, and the
error: while the file stays as it was, opening it again would fail again (a pre-Alembic file
whose migration fails, a file that is no database), so ``get_store`` raises that error at once
instead of building an engine and re-running the migrations on every call (every run's memory
read). Any change to the file or its WAL (a repair, a migration, a replacement) opens it anew.
Other URLs (PostgreSQL, in-memory) are tried on every call, as a server may come back."""


def _file_state(url: str) -> tuple | None:
    """The identity, size and modification time of the SQLite file ``url`` names and of its
    ``-wal`` file (``None`` for a missing one); ``None`` for any URL that is not a plain
    existing SQLite file (``store_read.sqlite_file``)."""
    path = sqlite_file(url)
    if path is None:
        return None
    out = []
    for p in (path, path.with_name(path.name + "-wal")):
        try:
            st = p.stat()
        except OSError:
            out.append(None)
            continue
        out.append((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


def get_store(url: str | None = None) -> Store:
    """The shared ``Store`` for ``url`` (default ``db_url()``), opened once per URL.

    Raises what ``Store(url)`` raises. A SQLite file that failed to open is not opened again
    while it is unchanged: the same error is raised at once (``_FAILED``)."""
    key = url or db_url()
    with _LOCK:
        store = _STORES.get(key)
        if store is None:
            failed = _FAILED.get(key)
            if failed is not None and failed[0] == _file_state(key):
                raise failed[1].with_traceback(None)
            try:
                store = Store(key)
            except SQLAlchemyError as exc:
                state = _file_state(key)
                if state is not None:
                    _FAILED[key] = (state, exc)
                raise
            _FAILED.pop(key, None)
            _STORES[key] = store
        return store
