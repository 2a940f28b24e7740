"""Opening hours: when a venue is open on a given local date, and when that cannot be known.

Parsing and evaluation use ``opening-hours-py`` (the OpenStreetMap ``opening_hours``
specification, https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification).

* **Public holidays** come from ``holidays`` (python-holidays) for the venue's country and
  subdivision (for Brisbane: ``AU``/``QLD``, which includes Saturday holidays such as Boxing
  Day 2026, Christmas Day 2027 and Easter Saturday, and the Royal Queensland Show "Ekka"
  Wednesday). opening-hours-py has no way to take a calendar from outside, so the expression is
  evaluated one day at a time with its own calendar switched off: on a day that is a holiday in
  python-holidays, every ``PH`` token (outside comments) is replaced by that day's weekday
  (``PH off`` -> ``Sa off`` on a Saturday holiday), which makes exactly the ``PH`` rules apply
  that day; on any other day ``PH`` matches nothing. A country python-holidays does not know
  makes every ``PH`` rule unknown.
* **Sun times** (``sunrise``, ``sunset``, ``dawn``, ``dusk``) are evaluated at the venue's
  coordinates in its timezone (London on 15 December: open until 15:51).
* **Hours that prove nothing** are unknown, never open: a comment-only value (``"by
  appointment"``), ``unknown`` states, and invalid syntax. ``venue_hours`` says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import opening_hours
from opening_hours import OpeningHours, State

from dayplan.core.clock import Interval

_WEEKDAY = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")
_COMMENT = re.compile(r'"[^"]*"')
_PH = re.compile(r"\bPH\b")
_SUN = re.compile(r"\b(sunrise|sunset|dawn|dusk)\b")


class OpeningHoursError(ValueError):
    """The expression is not valid OpenStreetMap ``opening_hours`` syntax."""


@dataclass(frozen=True)
class HoursVerdict:
    """A venue's hours on one local day: ``intervals`` it is open (minutes after midnight,
    merged, half-open, ``end`` up to 1440), and ``unknown`` — why the hours prove nothing that
    day (``None`` when they are known; then empty ``intervals`` means closed all day).
    ``holiday`` names the public holiday of that day in the venue's calendar, if any."""

    intervals: tuple[Interval, ...]
    unknown: str | None = None
    holiday: str | None = None


@lru_cache(maxsize=1024)
def _parse(expression: str, country: str | None, tz: str | None = None, point=None) -> OpeningHours:
    zone = ZoneInfo(tz) if tz else None
    try:
        return OpeningHours(
            expression,
            timezone=zone,
            country=country,
            coords=point,
            auto_country=False,
            # opening-hours-py 2.1.4 computes sun events only with auto_timezone on (an explicit
            # timezone still wins); without coordinates there is nothing to infer from
            auto_timezone=point is not None,
        )
    except (SyntaxError, ValueError, opening_hours.ParserError) as exc:
        raise OpeningHoursError(f"invalid opening_hours {expression!r}: {exc}") from None


def validate(expression: str) -> None:
    """Raise ``OpeningHoursError`` unless ``expression`` parses as OSM ``opening_hours``."""
    _parse(expression, None)


@lru_cache(maxsize=256)
def _calendar(country: str, subdivision: str | None, year: int):
    # imported on first use: most expressions have no PH rule
    from dayplan.core.holiday_calendar import holiday_dates

    try:
        return holiday_dates(country, subdiv=subdivision, years=year)
    except (NotImplementedError, KeyError, ValueError):
        return None


def public_holiday(day: date, country: str | None, subdivision: str | None = None) -> str | None:
    """The name of ``day``'s public holiday in ``country``/``subdivision`` (python-holidays,
    e.g. ``"Boxing Day"``), else ``None``. Raises ``LookupError`` when python-holidays has no
    calendar for that country or subdivision."""
    if not country:
        raise LookupError("no country, so no public-holiday calendar")
    cal = _calendar(country.upper(), subdivision, day.year)
    if cal is None:
        raise LookupError(f"no public-holiday calendar for {country}/{subdivision or '-'}")
    return cal.get(day)


def comment_only(expression: str) -> bool:
    """True when ``expression`` holds nothing but comments (``"by appointment"``)."""
    return not _COMMENT.sub("", expression).strip(" ;,")


def _with_holiday(expression: str, weekday: str) -> str:
    """``expression`` with every ``PH`` token outside comments replaced by ``weekday``."""
    out, last = [], 0
    for m in _COMMENT.finditer(expression):
        out.append(_PH.sub(weekday, expression[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_PH.sub(weekday, expression[last:]))
    return "".join(out)


@lru_cache(maxsize=8192)
def venue_hours(
    expression: str,
    day: date,
    country: str | None = "AU",
    subdivision: str | None = None,
    timezone: str | None = None,
    point: tuple[float, float] | None = None,
) -> HoursVerdict:
    """Evaluate ``expression`` on local ``day`` for a venue in ``country``/``subdivision``
    (python-holidays codes), ``timezone`` (IANA) at ``point`` (lat, lon; used for sun times).

    Never raises: invalid syntax, comment-only values, ``unknown`` states during the day, a
    ``PH`` rule without a known calendar and sun times without coordinates all give a verdict
    with ``unknown`` set (and no open intervals from the unknown parts).
    """
    if comment_only(expression):
        return HoursVerdict((), f"the hours only say {expression.strip()}, not when it is open")
    if _SUN.search(_COMMENT.sub("", expression)) and (point is None or not timezone):
        return HoursVerdict((), "the hours depend on sun times and the venue has no coordinates")
    holiday = None
    text = expression
    if _PH.search(_COMMENT.sub("", expression)):
        try:
            holiday = public_holiday(day, country, subdivision)
        except LookupError as exc:
            return HoursVerdict((), f"the hours have public-holiday rules and {exc}")
        if holiday:
            text = _with_holiday(expression, _WEEKDAY[day.weekday()])
    try:
        zone = ZoneInfo(timezone) if timezone else None
    except (ZoneInfoNotFoundError, ValueError):
        return HoursVerdict((), f"unknown timezone {timezone!r}")
    try:
        hours = _parse(text, None, timezone if zone else None, point if zone else None)
    except OpeningHoursError:
        return HoursVerdict((), f"the hours {expression!r} are not valid opening_hours syntax")
    start = datetime.combine(day, time(0, 0), tzinfo=zone)
    end = datetime.combine(day + timedelta(days=1), time(0, 0), tzinfo=zone)
    found: list[Interval] = []
    unknown = None
    for begin, finish, state, _comment in hours.intervals(start, end):
        finish = finish or end
        if state == State.UNKNOWN and finish > begin:
            unknown = "the hours are marked unknown for part of the day"
        if state != State.OPEN:
            continue
        a = _minute(max(begin, start), day)
        b = _minute(min(finish, end), day)
        if b <= a:
            continue
        if found and found[-1][1] >= a:
            found[-1] = (found[-1][0], max(found[-1][1], b))
        else:
            found.append((a, b))
    if unknown and not found:
        return HoursVerdict((), "the hours are marked unknown", holiday)
    return HoursVerdict(tuple(found), None, holiday)


def _minute(moment: datetime, day: date) -> int:
    """Wall-clock minutes after ``day``'s midnight (1440 for the next midnight)."""
    if moment.date() > day:
        return 24 * 60
    return moment.hour * 60 + moment.minute


def open_intervals(
    expression: str,
    day: date,
    country: str | None = "AU",
    subdivision: str | None = None,
    timezone: str | None = None,
    point: tuple[float, float] | None = None,
) -> tuple[Interval, ...]:
    """The intervals a venue is open on local ``day``, as minutes after midnight.

    Same arguments as ``venue_hours``. Returns merged half-open intervals ``(start, end)``,
    ``end`` up to ``1440``; an empty tuple means closed all day **or unknown**: the checker only
    accepts what the hours prove. Raises ``OpeningHoursError`` on invalid syntax (use
    ``venue_hours`` to get the reason instead).
    """
    if not comment_only(expression):
        _parse(expression, None)  # raise on invalid syntax, as before
    return venue_hours(expression, day, country, subdivision, timezone, point).intervals


def is_open_for(
    expression: str, day: date, visit: Interval, country: str | None = "AU", **where
) -> bool:
    """True when the whole visit ``[start, end)`` (minutes) lies inside one open interval."""
    return any(
        a <= visit[0] and visit[1] <= b
        for a, b in open_intervals(expression, day, country, **where)
    )
