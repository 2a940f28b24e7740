"""Faulty models: wrappers around the offline model that reproduce real agent failures.

A fault is registered with ``register`` and built by ``make_faulty(name)``; ``--model
faulty:NAME`` on the CLI uses it. Each fault declares the outcome a correct system must serve:
``rejected:<rule>`` (the run is refused; the CLI exits 3 naming the rule) or ``steered:<status>``
(a guardrail steers it to a correct, earned report with that status).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from google.adk.models.base_llm import BaseLlm


@dataclass(frozen=True)
class Fault:
    """A reproducible failure: ``name``, what it does, the real failure it reproduces, the
    outcome expected on the wet-weather case, and ``caught_by``: the guardrails (names from
    ``dayplan.agent.guardrails.GUARDRAILS``) or boundary rules (``boundary:<rule>``) that catch
    it."""

    name: str
    description: str
    reproduces: str
    expected: str
    factory: Callable[[], BaseLlm]
    caught_by: tuple[str, ...] = ()
    family: str = "faulty"
    """The model-spec prefix: ``faulty`` (``--model faulty:NAME``) or ``eval-fault`` (the eval
    harness's faults, ``--model eval-fault:NAME``)."""

    @property
    def key(self) -> str:
        """The registry key: ``NAME`` for ``faulty``, ``eval-fault:NAME`` for the eval family."""
        return self.name if self.family == "faulty" else f"{self.family}:{self.name}"


class UnknownNameError(ValueError):
    """A fault or guardrail name that does not exist; the message is one line listing the valid
    names (and the closest one, when a typo is likely)."""


def unknown_name(kind: str, name: str, valid: Iterable[str]) -> UnknownNameError:
    """``UnknownNameError`` for ``name``: ``unknown fault 'x'; did you mean y? valid: a, b``."""
    names = sorted(valid)
    close = difflib.get_close_matches(name, names, n=1)
    hint = f" did you mean {close[0]}?" if close else ""
    return UnknownNameError(f"unknown {kind} {name!r};{hint} valid: {', '.join(names) or 'none'}")


FAULTS: dict[str, Fault] = {}


def register(fault: Fault) -> Fault:
    """Add ``fault`` to the one registry (keys are unique, see ``Fault.key``)."""
    if fault.key in FAULTS:
        raise ValueError(f"fault {fault.key!r} registered twice")
    FAULTS[fault.key] = fault
    return fault


def list_faults(family: str = "faulty") -> list[Fault]:
    """The registered faults of ``family`` (default: the project's ``faulty:`` ones), by name."""
    _load_all()
    return [FAULTS[k] for k in sorted(FAULTS) if FAULTS[k].family == family]


def fault_named(name: str) -> Fault:
    """The registered fault ``name``; ``UnknownNameError`` (one line, valid names) otherwise."""
    _load_all()
    if name not in FAULTS:
        raise unknown_name("fault", name, [k for k, f in FAULTS.items() if f.family == "faulty"])
    return FAULTS[name]


def make_faulty(name: str) -> BaseLlm:
    """Build the faulty model ``name`` (``eval-fault:NAME`` for the eval family); ``KeyError``
    naming the known faults of that family otherwise."""
    _load_all()
    if name not in FAULTS:
        family = name.split(":", 1)[0] if ":" in name else "faulty"
        known = sorted(k.split(":", 1)[-1] for k, f in FAULTS.items() if f.family == family)
        shown = name.split(":", 1)[-1]
        kind = "eval fault" if family == "eval-fault" else "fault"
        raise KeyError(f"unknown {kind} {shown!r}; known: {', '.join(known) or 'none'}")
    return FAULTS[name].factory()


def _load_all() -> None:
    # Fault families live in their own modules and register themselves on import.
    import importlib
    import pkgutil

    from dayplan import agent

    for info in pkgutil.iter_modules(agent.__path__):
        if info.name.startswith("faults_"):
            importlib.import_module(f"{agent.__name__}.{info.name}")
