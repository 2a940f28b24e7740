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
    """Cache ``fn``'s results (hashable arguments) in the open run scope only. The cached value
    is returned to every caller: use it for results nobody mutates (see ``per_run_list``)."""

    @functools.wraps(fn)
    def wrapper(*args: Hashable, **kwargs: Hashable) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(*args, **kwargs)
        key = (fn, args, tuple(kwargs.items())) if kwargs else (fn, args)
        try:
            return memo[key]
        except KeyError:
            pass
        out = fn(*args, **kwargs)
        if len(memo) < MAX_ENTRIES:
            memo[key] = out
        return out

    return wrapper  # type: ignore[return-value]


def per_run_list(fn: F) -> F:
    """``per_run`` for a function returning a list: the run keeps one copy and every caller
    gets a fresh list of the same (immutable) items, so a caller extending its list changes
    nobody else's."""
    cached = per_run(fn)

    @functools.wraps(fn)
    def wrapper(*args: Hashable, **kwargs: Hashable) -> Any:
        return list(cached(*args, **kwargs))

    return wrapper  # type: ignore[return-value]


def current() -> dict[Hashable, Any] | None:
    """The open run scope's memo (``None`` outside one), for a helper that keeps per-run entries
    of its own under keys no ``per_run`` function makes (a tuple starting with a string)."""
    return _MEMO.get()
