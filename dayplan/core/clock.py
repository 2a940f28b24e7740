"""Local wall-clock times as minutes after midnight.

All of ``core`` works in whole minutes after local midnight on the plan's date (``0``–``1439``),
in the plan's timezone; ``HH:MM`` strings appear only at the edges.
"""

from __future__ import annotations

from dayplan.contract import hhmm_to_minutes

__all__ = ["hhmm_to_minutes", "minutes_to_hhmm", "clock_text", "overlaps", "Interval"]

Interval = tuple[int, int]
"""A half-open time interval ``[start, end)`` in minutes after local midnight."""


def minutes_to_hhmm(minutes: int) -> str:
    """``570`` -> ``"09:30"``. Values past midnight wrap to the next day's clock (``1500`` -> ``"01:00"``)."""
    minutes = int(minutes) % (24 * 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def clock_text(minutes: int) -> str:
    """A time for people, never wrapped at midnight: ``570`` -> ``"09:30"``, ``1468`` ->
    ``"00:28 the next day"``, ``-88`` -> ``"22:32 the day before"``, ``3000`` -> ``"02:00, 2 days
    later"``. Messages and failure details use this, so a leg longer than the day is never shown
    as an earlier clock time on the same day."""
    minutes = int(minutes)
    days, rest = divmod(minutes, 24 * 60)
    text = f"{rest // 60:02d}:{rest % 60:02d}"
    if days == 0:
        return text
    if days == 1:
        return f"{text} the next day"
    if days == -1:
        return f"{text} the day before"
    return f"{text}, {days} days later" if days > 0 else f"{text}, {-days} days before"


def overlaps(a: Interval, b: Interval) -> bool:
    """True when half-open intervals ``a`` and ``b`` share at least one minute."""
    return a[0] < b[1] and b[0] < a[1]


def overlap_minutes(a: Interval, b: Interval) -> int:
    """How many minutes half-open intervals ``a`` and ``b`` share (0 when disjoint)."""
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


# ------------------------------------------------------------------ daylight saving
#
# Minutes after local midnight are wall-clock times. On a day when the clocks change (for
# example Europe/London on 2026-03-29, 01:00 -> 02:00), adding a duration to a wall-clock time
# is not plain addition: ``LocalDay`` converts through real instants (UTC), so a 30-minute leg
# leaving 00:50 arrives 02:20, and a time inside the gap (01:30) does not exist.


class LocalDay:
    """Wall-clock arithmetic on one local ``day`` in IANA ``timezone`` (``None`` = no DST).

    ``add(t, minutes)`` is the wall-clock time ``minutes`` of elapsed time after wall time
    ``t``; ``elapsed(a, b)`` the real minutes from wall time ``a`` to ``b``; ``exists(t)``
    whether wall time ``t`` happens that day. On a day without a clock change all three are
    plain arithmetic (``changes`` is ``False``). Wall times in a repeated hour are read as the
    first occurrence (``fold=0``).
    """

    __slots__ = ("changes", "_day", "_zone", "_midnight")

    def __init__(self, day, timezone: str | None = None):
        from datetime import datetime, time, timedelta
        from zoneinfo import ZoneInfo

        self._day = day
        self._zone = ZoneInfo(timezone) if timezone else None
        self.changes = False
        if self._zone is not None:
            start = datetime.combine(day, time(0, 0), tzinfo=self._zone)
            end = datetime.combine(day + timedelta(days=1), time(0, 0), tzinfo=self._zone)
            self.changes = start.utcoffset() != end.utcoffset()
            self._midnight = start

    def _instant(self, t: int):
        from datetime import UTC, timedelta

        wall = self._midnight.replace(tzinfo=None) + timedelta(minutes=t)
        return wall.replace(tzinfo=self._zone).astimezone(UTC)

    def exists(self, t: int) -> bool:
        """Whether wall time ``t`` (minutes) happens on the day (not inside a spring-forward gap)."""
        if not self.changes:
            return True
        from datetime import timedelta

        wall = self._midnight.replace(tzinfo=None) + timedelta(minutes=t)
        back = self._instant(t).astimezone(self._zone).replace(tzinfo=None)
        return back == wall

    def add(self, t: int, minutes: int) -> int:
        """Wall time (minutes after midnight) reached ``minutes`` of real time after wall ``t``."""
        if not self.changes:
            return t + minutes
        from datetime import timedelta

        later = (self._instant(t) + timedelta(minutes=minutes)).astimezone(self._zone)
        base = self._midnight.replace(tzinfo=None)
        return int((later.replace(tzinfo=None) - base).total_seconds() // 60)

    def elapsed(self, a: int, b: int) -> int:
        """Real minutes from wall time ``a`` to wall time ``b`` (negative when ``b`` is earlier)."""
        if not self.changes:
            return b - a
        return int((self._instant(b) - self._instant(a)).total_seconds() // 60)
