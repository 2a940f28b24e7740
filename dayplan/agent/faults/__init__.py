"""The one fault registry: faulty models, each a small named function over the stand-in's next
step (``step.Fault``, run by the one adapter ``step.FaultyModel``).

``--model faulty:NAME`` (``plan``, ``serve``, ``compare``) and ``--model eval-fault:NAME``
(``eval``) build them with ``make_faulty``; ``python -m dayplan faults`` lists the ``faulty``
family. Each declares the outcome a correct system serves on its case: ``rejected:<rule>`` (the
run is refused; the CLI exits 3 naming the rule), ``steered:<status>`` (a guardrail's refusal
or a tool's rejection leads it to an earned report with that status) or ``repaired:<status>``
(the boundary serves the checked plan and says what it restored). The faults, by what catches
them:

* ``guardrail`` – agent faults (skipped check, loops, unknown tools, invented sources, …);
* ``boundary`` – damaged ``finish`` payloads (truncated JSON, drifted costs, …);
* ``reading`` – misread free text in ``record_reading`` (a deadline on the wrong side of noon,
  a budget with a zero too many, an invented quote, a reading under the wrong field);
* ``harness`` – the eval harness's own (family ``eval-fault``).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dayplan.agent.faults.step import Alter, Fault, FaultyModel, Turn

_FROM_STEP = ("Alter", "Fault", "FaultyModel", "Turn")


@functools.cache
def registry() -> dict[str, Fault]:
    """Registry key (``Fault.key``: ``NAME``, or ``eval-fault:NAME``) -> fault, built on first
    use (importing ``dayplan.agent.faults`` stays cheap: the CLI needs only ``unknown_name``).
    Raises ``ValueError`` when two faults share a key."""
    from dayplan.agent.faults import boundary, guardrail, harness, reading

    faults: dict[str, Fault] = {}
    for fault in (*guardrail.FAULTS, *boundary.FAULTS, *reading.FAULTS, *harness.FAULTS):
        if fault.key in faults:
            raise ValueError(f"fault {fault.key!r} registered twice")
        faults[fault.key] = fault
    return faults


def __getattr__(name: str) -> Any:
    # ``FAULTS`` (the registry) and the step types, imported on first use
    if name == "FAULTS":
        return registry()
    if name in _FROM_STEP:
        from dayplan.agent.faults import step

        return getattr(step, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownNameError(ValueError):
    """A fault or guardrail name that does not exist; the message is one line listing the valid
    names (and the closest one, when a typo is likely)."""


def unknown_name(kind: str, name: str, valid: Iterable[str]) -> UnknownNameError:
    """``UnknownNameError`` for ``name``: ``unknown fault 'x'; did you mean y? valid: a, b``."""
    names = sorted(valid)
    close = difflib.get_close_matches(name, names, n=1)
    hint = f" did you mean {close[0]}?" if close else ""
    return UnknownNameError(f"unknown {kind} {name!r};{hint} valid: {', '.join(names) or 'none'}")


def list_faults(family: str = "faulty") -> list[Fault]:
    """The registered faults of ``family`` (default: the project's ``faulty:`` ones), by name."""
    faults = registry()
    return [faults[k] for k in sorted(faults) if faults[k].family == family]


def fault_named(name: str) -> Fault:
    """The registered ``faulty`` fault ``name``; ``UnknownNameError`` (one line, valid names)
    otherwise."""
    faults = registry()
    if name not in faults:
        raise unknown_name("fault", name, [k for k, f in faults.items() if f.family == "faulty"])
    return faults[name]


def make_faulty(name: str) -> FaultyModel:
    """A fresh faulty model for ``name`` (``eval-fault:NAME`` for the eval family); ``KeyError``
    naming the known faults of that family otherwise."""
    faults = registry()
    if name not in faults:
        family = name.split(":", 1)[0] if ":" in name else "faulty"
        known = sorted(f.name for f in faults.values() if f.family == family)
        shown = name.split(":", 1)[-1]
        kind = "eval fault" if family == "eval-fault" else "fault"
        raise KeyError(f"unknown {kind} {shown!r}; known: {', '.join(known) or 'none'}")
    return faults[name].model()


__all__ = [
    "FAULTS",
    "Alter",
    "Fault",
    "FaultyModel",
    "Turn",
    "UnknownNameError",
    "fault_named",
    "list_faults",
    "make_faulty",
    "registry",
    "unknown_name",
]
