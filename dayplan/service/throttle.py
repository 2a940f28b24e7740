"""Per-user limits on ``POST /v1/day-plans``: a request rate and a number of runs at once.

* **Rate**: ``DAYPLAN_RATE_LIMIT`` (default ``30/minute``; the ``limits`` library's notation, e.g.
  ``5/second``, ``100/hour``), a moving window per user, counted by ``limits``'
  ``MovingWindowRateLimiter``.
* **Concurrency**: ``DAYPLAN_MAX_CONCURRENT_PER_USER`` (default 4) runs of one user at a time.

Either refusal is a 429 problem with ``Retry-After`` (seconds). The counters live **in memory,
per instance** (``limits.storage.MemoryStorage``), on purpose: they protect the instance's own
event loop and CPU, which is what a burst exhausts, and they cost no database round trip per
request. With N instances a user can get up to N times the rate; the database-backed state that
must be exact across instances (saves, idempotency keys) does not depend on these limits.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

DEFAULT_RATE = "30/minute"
DEFAULT_MAX_CONCURRENT = 4


@dataclass(frozen=True)
class Refusal:
    """Why a request may not start now: ``kind`` ``rate`` or ``concurrency``, a one-line
    ``detail`` and ``retry_after`` seconds (≥ 1)."""

    kind: str
    detail: str
    retry_after: int


class UserLimits:
    """Rate and concurrency limits per user id, for one process (see the module docs).

    ``rate`` is a ``limits`` rate string; raises ``ValueError`` when it does not parse.
    """

    def __init__(self, rate: str = DEFAULT_RATE, max_concurrent: int = DEFAULT_MAX_CONCURRENT):
        self.rate = rate
        self.item = parse(rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.max_concurrent = max_concurrent
        self._running: dict[str, int] = {}

    def acquire(self, user: str) -> Refusal | None:
        """Start one request of ``user``: ``None`` when it may run (call ``release`` after), else
        the ``Refusal``. Runs on the event loop; never blocks."""
        if self._running.get(user, 0) >= self.max_concurrent:
            return Refusal(
                "concurrency",
                f"at most {self.max_concurrent} plans of one user run at once; retry when one "
                "has finished",
                1,
            )
        if not self.limiter.hit(self.item, user):
            reset = self.limiter.get_window_stats(self.item, user).reset_time
            wait = max(1, math.ceil(reset - time.time()))
            return Refusal("rate", f"the rate limit is {self.rate} per user", wait)
        self._running[user] = self._running.get(user, 0) + 1
        return None

    def release(self, user: str) -> None:
        """End one request of ``user`` that ``acquire`` let start."""
        left = self._running.get(user, 0) - 1
        if left > 0:
            self._running[user] = left
        else:
            self._running.pop(user, None)
