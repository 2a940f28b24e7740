"""An in-memory ``Idempotency-Key`` store for ``POST /v1/day-plans``.

**Per process**: each server process (each uvicorn worker, each Cloud Run instance) has its own
store, and a restart forgets it. That is enough to make a client's retry after a dropped
connection safe on one instance; several instances behind a load balancer need a shared store
(e.g. a database table keyed by user and key) behind the same three methods.

Keys are scoped by user. A key is *claimed* when a request starts, *completed* with the response
when it succeeds, and *released* when it fails (so a retry runs again). Entries expire after
``ttl_seconds``; at most ``max_entries`` are kept (oldest dropped first).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal


@dataclass
class StoredResponse:
    """A completed response to replay: status code, body bytes and media type."""

    status_code: int
    body: bytes
    media_type: str
    headers: dict[str, str]


@dataclass
class _Entry:
    fingerprint: str
    created: float
    response: StoredResponse | None = None


Claim = Literal["claimed", "running", "mismatch", "replay"]


class IdempotencyStore:
    """Thread-safe map (user, key) -> the request's fingerprint and, once done, its response."""

    def __init__(self, ttl_seconds: float = 24 * 3600, max_entries: int = 10_000) -> None:
        self.ttl_seconds = ttl_seconds
        self.max_entries = max_entries
        self._entries: OrderedDict[tuple[str, str], _Entry] = OrderedDict()
        self._lock = threading.Lock()

    def claim(self, user: str, key: str, fingerprint: str) -> tuple[Claim, StoredResponse | None]:
        """Try to start the request ``(user, key)`` whose body hashes to ``fingerprint``.

        Returns ``("claimed", None)`` when this call should run it, ``("running", None)`` while an
        earlier one with this key still runs, ``("mismatch", None)`` when the key was used with
        another body, ``("replay", response)`` when it already completed.
        """
        now = time.monotonic()
        with self._lock:
            self._expire(now)
            entry = self._entries.get((user, key))
            if entry is None:
                self._entries[(user, key)] = _Entry(fingerprint, now)
                while len(self._entries) > self.max_entries:
                    self._entries.popitem(last=False)
                return "claimed", None
            if entry.fingerprint != fingerprint:
                return "mismatch", None
            if entry.response is None:
                return "running", None
            return "replay", entry.response

    def complete(self, user: str, key: str, response: StoredResponse) -> None:
        """Store the response of a claimed request for replay."""
        with self._lock:
            entry = self._entries.get((user, key))
            if entry is not None:
                entry.response = response

    def release(self, user: str, key: str) -> None:
        """Forget a claimed request that did not succeed, so a retry runs again."""
        with self._lock:
            entry = self._entries.get((user, key))
            if entry is not None and entry.response is None:
                del self._entries[(user, key)]

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def _expire(self, now: float) -> None:
        while self._entries:
            key, entry = next(iter(self._entries.items()))
            if now - entry.created <= self.ttl_seconds:
                break
            del self._entries[key]
