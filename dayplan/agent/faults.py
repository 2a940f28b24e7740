"""Faulty models: wrappers around the offline model that reproduce real agent failures.

A fault is registered with ``register`` and built by ``make_faulty(name)``; ``--model
faulty:NAME`` on the CLI uses it. Each fault declares the outcome a correct system must serve:
``rejected:<rule>`` (the run is refused; the CLI exits 3 naming the rule) or ``steered:<status>``
(a guardrail steers it to a correct, earned report with that status).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from google.adk.models.base_llm import BaseLlm


@dataclass(frozen=True)
class Fault:
    """A reproducible failure: ``name``, what it does, the real failure it reproduces, and the
    outcome expected on the wet-weather case."""

    name: str
    description: str
    reproduces: str
    expected: str
    factory: Callable[[], BaseLlm]


FAULTS: dict[str, Fault] = {}


def register(fault: Fault) -> Fault:
    """Add ``fault`` to the registry (names are unique)."""
    if fault.name in FAULTS:
        raise ValueError(f"fault {fault.name!r} registered twice")
    FAULTS[fault.name] = fault
    return fault


def list_faults() -> list[Fault]:
    """All registered faults, by name."""
    _load_all()
    return [FAULTS[k] for k in sorted(FAULTS)]


def make_faulty(name: str) -> BaseLlm:
    """Build the faulty model ``name``; ``KeyError`` naming the known faults otherwise."""
    _load_all()
    if name not in FAULTS:
        raise KeyError(f"unknown fault {name!r}; known: {', '.join(sorted(FAULTS)) or 'none'}")
    return FAULTS[name].factory()


def _load_all() -> None:
    # Fault families live in their own modules and register themselves on import.
    import importlib
    import pkgutil

    from dayplan import agent

    for info in pkgutil.iter_modules(agent.__path__):
        if info.name.startswith("faults_"):
            importlib.import_module(f"{agent.__name__}.{info.name}")
