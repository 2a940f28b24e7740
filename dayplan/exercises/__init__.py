"""Checked "your turn" exercises: one module per notebook (``nb01`` … ``nb07``).

Each module exposes ``check(...) -> Feedback``; solutions live in ``solutions/`` at the repo root.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Feedback:
    """The verdict on an exercise answer and a sentence that explains it."""

    passed: bool
    message: str

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return ("✓ " if self.passed else "✗ ") + self.message
