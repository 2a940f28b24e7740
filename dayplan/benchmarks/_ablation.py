"""``bench floor --ablate``: the planner with its two largest computations answered from a warm
cache, and without plugins. A diagnostic of what is left (ADK's loop on the planner's payloads,
the tools' evidence writes and reads, the stand-in's rules, the boundary), never a measured
ratio: the planner always reads the request and solves the schedule.

``warm_cache()`` is a context manager that, inside its block, answers

- the reader: ``propose_readings`` (the stand-in's reading), ``verify_reading`` and
  ``unread_phrases`` (the ``record_reading`` tool), and
- the scheduler: ``core.scheduler.solve`` (``arrange_plan``),

with the results a first run inside the block computed, keyed by their arguments (a solve by
its candidates' keys, its constraints and relaxation). Anything asked with other arguments is
computed as usual. ``without_plugins()`` builds the runs' apps with neither the guardrails nor
the observers (event log, memory context).

Keyed by the request's text on purpose, and only inside the block: the cache is this
benchmark's, dropped when the block ends (``dayplan.reading.memo`` says why the planner itself
never keeps such a cache across runs).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Hashable, Iterator
from typing import Any


def _reading_key(item: Any) -> Hashable:
    if isinstance(item, dict):
        return (item.get("field"), item.get("quote"), repr(item.get("value")))
    return (getattr(item, "field", None), getattr(item, "quote", None), repr(item.value))


def _served(fn: Callable[..., Any], key: Callable[..., Hashable], copy: Callable[[Any], Any]):
    """``fn`` answered from a dict keyed by ``key(*args, **kwargs)``; each answer is ``copy``-ed
    out, so a caller changing its list changes no other answer."""
    kept: dict[Hashable, Any] = {}

    def served(*args: Any, **kwargs: Any) -> Any:
        k = key(*args, **kwargs)
        if k not in kept:
            kept[k] = fn(*args, **kwargs)
        return copy(kept[k])

    return served


def _solution_copy(sol: Any) -> Any:
    return dataclasses.replace(sol, stops=list(sol.stops), keys=list(sol.keys))


@contextlib.contextmanager
def warm_cache() -> Iterator[None]:
    """Within the block, the reader's and the scheduler's results are kept and served again
    (see the module docstring); every patched name is restored on exit."""
    from dayplan.agent import offline_model
    from dayplan.core import scheduler
    from dayplan.tools import reading as reading_tool

    propose = _served(
        offline_model.propose_readings,
        lambda text, *, today: (text, today),
        list,
    )
    verify = _served(
        reading_tool.verify_reading,
        lambda text, item, *, today: (text, _reading_key(item), today),
        lambda x: x,  # a frozen ReadingItem or ReadingRejection
    )
    unread = _served(
        reading_tool.unread_phrases,
        lambda text, accepted, *, today: (text, tuple(map(_reading_key, accepted)), today),
        list,
    )
    solve = _served(
        scheduler.solve,
        lambda problem, relax=None: (
            tuple(c.key for c in problem.candidates),
            problem.constraints,
            problem.home,
            problem.max_stops,
            problem.meal,
            relax,
        ),
        _solution_copy,
    )
    patches = [
        (offline_model, "propose_readings", propose),
        (reading_tool, "verify_reading", verify),
        (reading_tool, "unread_phrases", unread),
        (scheduler, "solve", solve),
    ]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patches]
    try:
        for module, name, value in patches:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


@contextlib.contextmanager
def without_plugins() -> Iterator[None]:
    """Within the block, ``run_plan`` builds its apps with no plugins at all (no guardrails, no
    event log, no memory context)."""
    from dayplan.service import run

    build = run.build_app

    def bare_app(model: Any, plugins: Any = None, observers: Any = None, guardrails: Any = None):
        return build(model, plugins=[], observers=[], guardrails=guardrails)

    run.build_app = bare_app
    try:
        yield
    finally:
        run.build_app = build
