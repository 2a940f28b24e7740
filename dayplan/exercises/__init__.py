"""Checked "your turn" exercises: one module per notebook (``nb00`` … ``nb08``).

Each module exposes ``check(...) -> Feedback``; solutions live in ``solutions/`` at the repo root.
A notebook's answer cell starts as the placeholder ``...`` (Python's ``Ellipsis``): called on it,
a check returns a *not attempted* verdict with a hint instead of raising, so a fresh notebook
runs top to bottom. On a wrong answer a check says what is wrong and where to look, without
printing the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Feedback:
    """The verdict on an exercise answer and a sentence that explains it.

    ``attempted`` is ``False`` when the answer was still the placeholder; ``message`` is then
    the hint for getting started.
    """

    passed: bool
    message: str
    attempted: bool = True

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        if not self.attempted:
            return f"… not attempted yet: {self.message}"
        return ("✓ " if self.passed else "✗ ") + self.message


def is_placeholder(value: Any) -> bool:
    """True for the exercise placeholder ``...``, ``None``, or a list, tuple or dict holding
    ``...`` directly (e.g. ``[*good, ...]``, ``{"venue_id": ...}``)."""
    if value is Ellipsis or value is None:
        return True
    if isinstance(value, Mapping):
        return any(v is Ellipsis for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(v is Ellipsis or (isinstance(v, Mapping) and is_placeholder(v)) for v in value)
    return False


def not_attempted(hint: str) -> Feedback:
    """The verdict for an answer that is still the placeholder: not passed, not attempted."""
    return Feedback(False, hint, attempted=False)
