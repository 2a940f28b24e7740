"""Opening hours: when a venue is open on a given local date.

Parsing and evaluation use ``opening-hours-py`` (the OpenStreetMap ``opening_hours``
specification, https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification), with
public holidays from the venue's country calendar.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from functools import lru_cache

import opening_hours
from opening_hours import OpeningHours, State

from dayplan.core.clock import Interval


class OpeningHoursError(ValueError):
    """The expression is not valid OpenStreetMap ``opening_hours`` syntax."""


@lru_cache(maxsize=1024)
def _parse(expression: str, country: str | None) -> OpeningHours:
    try:
        return OpeningHours(expression, country=country)
    except (SyntaxError, ValueError, opening_hours.ParserError) as exc:
        raise OpeningHoursError(f"invalid opening_hours {expression!r}: {exc}") from None


def validate(expression: str) -> None:
    """Raise ``OpeningHoursError`` unless ``expression`` parses as OSM ``opening_hours``."""
    _parse(expression, None)


@lru_cache(maxsize=8192)
def open_intervals(expression: str, day: date, country: str | None = "AU") -> tuple[Interval, ...]:
    """The intervals a venue is open on local ``day``, as minutes after midnight.

    ``expression`` is an OSM ``opening_hours`` string evaluated in the venue's local time;
    ``country`` (ISO 3166 code) selects the public-holiday calendar for ``PH`` rules.
    Returns merged half-open intervals ``(start, end)``, ``end`` up to ``1440`` (midnight);
    an empty tuple means closed all day. "Unknown" states count as closed: the checker
    only accepts what the hours prove. Raises ``OpeningHoursError`` on invalid syntax.
    """
    hours = _parse(expression, country)
    start = datetime.combine(day, time(0, 0))
    end = start + timedelta(days=1)
    found: list[Interval] = []
    for begin, finish, state, _comment in hours.intervals(start, end):
        if state != State.OPEN:
            continue
        begin = max(begin.replace(tzinfo=None), start)
        finish = min((finish or end).replace(tzinfo=None), end)
        a = int((begin - start).total_seconds() // 60)
        b = int((finish - start).total_seconds() // 60)
        if b <= a:
            continue
        if found and found[-1][1] >= a:
            found[-1] = (found[-1][0], max(found[-1][1], b))
        else:
            found.append((a, b))
    return tuple(found)


def is_open_for(expression: str, day: date, visit: Interval, country: str | None = "AU") -> bool:
    """True when the whole visit ``[start, end)`` (minutes) lies inside one open interval."""
    return any(a <= visit[0] and visit[1] <= b for a, b in open_intervals(expression, day, country))
