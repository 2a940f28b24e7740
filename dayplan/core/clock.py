"""Local wall-clock times as minutes after midnight.

All of ``core`` works in whole minutes after local midnight on the plan's date (``0``–``1439``),
in the plan's timezone; ``HH:MM`` strings appear only at the edges.
"""

from __future__ import annotations

from dayplan.contract import hhmm_to_minutes

__all__ = ["hhmm_to_minutes", "minutes_to_hhmm", "overlaps", "Interval"]

Interval = tuple[int, int]
"""A half-open time interval ``[start, end)`` in minutes after local midnight."""


def minutes_to_hhmm(minutes: int) -> str:
    """``570`` -> ``"09:30"``. Values past midnight wrap to the next day's clock (``1500`` -> ``"01:00"``)."""
    minutes = int(minutes) % (24 * 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def overlaps(a: Interval, b: Interval) -> bool:
    """True when half-open intervals ``a`` and ``b`` share at least one minute."""
    return a[0] < b[1] and b[0] < a[1]


def overlap_minutes(a: Interval, b: Interval) -> int:
    """How many minutes half-open intervals ``a`` and ``b`` share (0 when disjoint)."""
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))
