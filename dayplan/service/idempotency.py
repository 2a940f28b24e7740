"""The ``Idempotency-Key`` store of ``POST /v1/day-plans``: a table in the store's database.

Every service instance sharing the database shares the keys, and a restart forgets nothing. One
row per (user, key) in ``idempotency_keys`` (``dayplan.store``) holds the request's fingerprint
(SHA-256 of the validated body), a state, and once completed the response (status, media type,
headers, body bytes):

* ``claim`` is atomic in the database: ``INSERT … ON CONFLICT DO NOTHING`` on the primary key, so
  of two instances racing on one key exactly one gets ``claimed`` and the other sees the row.
  A claim is a lease (``lease_seconds``, longer than the request deadline): a ``running`` row
  whose lease ran out belongs to a process that died, and the next claim takes it over.
* ``complete`` stores the response byte for byte, successes and problems alike (a 422 or a
  502 run-rejected is replayed, as Stripe does); ``release`` marks the key ``retryable`` after an
  outcome that says nothing final (the 504 deadline, an unexpected 500): the run may still be
  finishing its save, and the retry runs again, safely, because the save's identity derives
  from the key (``dayplan.tools.actions.request_key``).
* The same key with another body is a ``mismatch`` (422) in every state.
* Keys expire by their own age (``ttl_seconds``, default 24 h): an expired key starts afresh.
  Each user holds at most ``max_keys_per_user`` rows (``quota``, a 429): a user at the quota has
  their own expired keys deleted, and only theirs. One user can never evict another's keys, and
  the table holds at most quota rows per user.

The methods block (they run SQL); the service calls them with ``await store.call(...)``.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import and_, delete, func, select, update

from dayplan.store import Store, idempotency_keys

Claim = Literal["claimed", "running", "mismatch", "replay", "quota"]
DEFAULT_TTL_SECONDS = 24 * 3600.0
DEFAULT_MAX_KEYS_PER_USER = 1000


@dataclass(frozen=True)
class StoredResponse:
    """A completed response to replay: status code, body bytes, media type and headers."""

    status_code: int
    body: bytes
    media_type: str
    headers: dict[str, str]


@dataclass(frozen=True)
class ClaimResult:
    """What ``claim`` found. ``token`` (when ``claimed``) must be passed to ``complete`` or
    ``release``; ``response`` is set for ``replay``; ``retry_after`` (seconds, ≥ 1) for
    ``running``: how long the holder's lease still runs."""

    outcome: Claim
    token: str | None = None
    response: StoredResponse | None = None
    retry_after: int = 1


def _insert(dialect: str):
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert


class IdempotencyStore:
    """(user, key) -> fingerprint, state and stored response, in ``store``'s database.

    ``ttl_seconds``: a key's lifetime from its first use. ``lease_seconds``: how long a claim
    holds before another request may take it over. ``max_keys_per_user``: the per-user quota.
    """

    def __init__(
        self,
        store: Store,
        *,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        lease_seconds: float = 90.0,
        max_keys_per_user: int = DEFAULT_MAX_KEYS_PER_USER,
    ) -> None:
        self.store = store
        self.ttl_seconds = ttl_seconds
        self.lease_seconds = lease_seconds
        self.max_keys_per_user = max_keys_per_user

    def claim(self, user: str, key: str, fingerprint: str) -> ClaimResult:
        """Try to start the request ``(user, key)`` whose body hashes to ``fingerprint``, in one
        transaction: the INSERT claims the key atomically; a new key counts against the user's
        quota (over it, this user's expired keys are deleted first, and if still over, nothing
        is written: ``quota``); an existing key decides by its fingerprint, state, lease and age.
        Raises ``sqlalchemy.exc.OperationalError`` when the lock timeout runs out."""
        now = time.time()
        token = uuid.uuid4().hex
        try:
            with self.store.write() as conn:
                return self._claim(conn, user, key, fingerprint, token, now)
        except _OverQuota:
            return ClaimResult("quota")

    def _claim(self, conn, user: str, key: str, fingerprint: str, token: str, now: float):
        t = idempotency_keys
        mine = t.c.user_id == user
        fresh = {
            "fingerprint": fingerprint,
            "state": "running",
            "claim_token": token,
            "lease_until": now + self.lease_seconds,
            "created_at": now,
        }
        inserted = conn.execute(
            _insert(conn.dialect.name)(t)
            .values(user_id=user, key=key, **fresh)
            .on_conflict_do_nothing(index_elements=["user_id", "key"])
            .returning(t.c.claim_token)
        ).first()
        if inserted is not None:  # RETURNING: rowcount is not reliable across drivers
            if self._held(conn, user) > self.max_keys_per_user:
                conn.execute(delete(t).where(mine & (t.c.created_at < now - self.ttl_seconds)))
                if self._held(conn, user) > self.max_keys_per_user:
                    raise _OverQuota  # rolls the INSERT back
            return ClaimResult("claimed", token=token)
        row = conn.execute(select(t).where(mine & (t.c.key == key))).first()
        if row is None:  # deleted by a concurrent claim since the INSERT: let the client retry
            return ClaimResult("running", retry_after=1)
        same_holder = and_(mine, t.c.key == key, t.c.claim_token == row.claim_token)
        if row.created_at < now - self.ttl_seconds:  # expired: the key starts a new life
            taken = conn.execute(
                update(t)
                .where(same_holder)
                .values(**fresh, status_code=None, media_type=None, headers_json=None, body=None)
            )
            return ClaimResult("claimed", token=token) if taken.rowcount == 1 else _busy()
        if row.fingerprint != fingerprint:
            return ClaimResult("mismatch")
        if row.state == "done":
            return ClaimResult("replay", response=_stored(row))
        if row.state == "running" and row.lease_until > now:
            return ClaimResult("running", retry_after=max(1, int(row.lease_until - now + 1)))
        taken = conn.execute(  # retryable, or a dead holder's lease: take it over, once
            update(t)
            .where(same_holder)
            .values(state="running", claim_token=token, lease_until=now + self.lease_seconds)
        )
        return ClaimResult("claimed", token=token) if taken.rowcount == 1 else _busy()

    def _held(self, conn, user: str) -> int:
        """How many keys ``user`` holds, counted up to quota + 1 (an index range, never more)."""
        t = idempotency_keys
        capped = select(t.c.key).where(t.c.user_id == user).limit(self.max_keys_per_user + 1)
        return int(conn.execute(select(func.count()).select_from(capped.subquery())).scalar_one())

    def complete(self, user: str, key: str, token: str, response: StoredResponse) -> bool:
        """Store the response of the claim ``token`` for replay; ``False`` when the claim was
        lost (its lease ran out and another request took the key over)."""
        t = idempotency_keys
        with self.store.write() as conn:
            done = conn.execute(
                update(t)
                .where(and_(t.c.user_id == user, t.c.key == key, t.c.claim_token == token))
                .values(
                    state="done",
                    status_code=response.status_code,
                    media_type=response.media_type,
                    headers_json=json.dumps(response.headers, sort_keys=True),
                    body=response.body,
                )
            )
            return done.rowcount == 1

    def release(self, user: str, key: str, token: str) -> None:
        """Mark the claim ``token`` retryable (its outcome was not final); the fingerprint stays,
        so the key still refuses another body."""
        t = idempotency_keys
        with self.store.write() as conn:
            conn.execute(
                update(t)
                .where(
                    and_(
                        t.c.user_id == user,
                        t.c.key == key,
                        t.c.claim_token == token,
                        t.c.state == "running",
                    )
                )
                .values(state="retryable", lease_until=0.0)
            )

    def count(self, user: str | None = None) -> int:
        """How many keys are stored (for one user, or all)."""
        t = idempotency_keys
        query = select(func.count()).select_from(t)
        if user is not None:
            query = query.where(t.c.user_id == user)
        with self.store.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())


class _OverQuota(Exception):
    pass


def _busy() -> ClaimResult:
    return ClaimResult("running", retry_after=1)


def _stored(row) -> StoredResponse:
    return StoredResponse(
        status_code=int(row.status_code),
        body=bytes(row.body or b""),
        media_type=str(row.media_type or "application/json"),
        headers=json.loads(row.headers_json or "{}"),
    )
