"""Memoising by request text for one run only.

The reading parses the same strings several times in a run (the stand-in proposes, then
``record_reading`` verifies the same quotes; every turn reads the same request message), so
those results are worth keeping while the run lasts. They are never kept across runs: a cache
keyed by a user's text would hold that text in the process after the run, and would let a
repeated request skip the work a new one has to do (a benchmark repeating one request would
then time the cache, not the planner).

``run_scope()`` opens the memo (``dayplan.service.run.run_plan`` wraps each run in one); a
function decorated with ``per_run`` caches its results there, keyed by its arguments, and
simply computes them when no scope is open. The memo lives in a ``ContextVar``, so the tasks
and threads ADK starts for the run (which copy the context) share it and concurrent runs never
see each other's.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Hashable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_MEMO: ContextVar[dict[Hashable, Any] | None] = ContextVar("dayplan_run_memo", default=None)
MAX_ENTRIES = 4096  # per run; a run that would pass it stops adding (results stay correct)


@contextlib.contextmanager
def run_scope() -> Iterator[None]:
    """A fresh per-run memo for the ``with`` block (nested scopes get their own)."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def per_run(fn: F) -> F:
    """Cache ``fn``'s results (hashable positional arguments) in the open run scope only."""

    @functools.wraps(fn)
    def wrapper(*args: Hashable) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(*args)
        key = (fn, args)
        try:
            return memo[key]
        except KeyError:
            pass
        out = fn(*args)
        if len(memo) < MAX_ENTRIES:
            memo[key] = out
        return out

    return wrapper  # type: ignore[return-value]
