"""Dates in words to calendar dates, relative to a pinned "today"."""

from __future__ import annotations

import re
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_SHORT = {d[:3]: i for i, d in enumerate(WEEKDAYS)}


class DateResolutionError(ValueError):
    """The expression is not a date this resolver understands, or it is in the past."""


def resolve_date(expression: str, today: date) -> tuple[date, str]:
    """Resolve ``expression`` relative to ``today`` (the request's local date).

    Understands ISO dates (``2026-12-05``), ``today``, ``tomorrow``, ``Christmas Day``,
    ``Boxing Day``, ``New Year's Eve``, weekday names
    (``Saturday``, ``sat``, ``this Saturday``: the next such day, today included) and
    ``next Saturday`` (the one after that). Returns ``(date, assumption)`` where the
    assumption says in words what was resolved. Raises ``DateResolutionError`` for anything
    else or for a date before ``today``.
    """
    text = " ".join(expression.lower().strip().split())
    if not text:
        raise DateResolutionError("no date given")
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            day = date.fromisoformat(text)
        except ValueError:
            raise DateResolutionError(f"{expression!r} is not a real calendar date") from None
        if day < today:
            raise DateResolutionError(
                f"{day.isoformat()} is in the past (today is {today.isoformat()})"
            )
        return day, f"Date {day.isoformat()} ({WEEKDAYS[day.weekday()].title()}) as given"
    if text == "today":
        return today, f"Today resolved to {today.isoformat()}"
    if text == "yesterday":
        raise DateResolutionError("yesterday is in the past; plans are for today or later")
    fixed = {"christmas": (12, 25), "christmas day": (12, 25), "boxing day": (12, 26)}
    fixed |= {"new year's eve": (12, 31), "new years eve": (12, 31)}
    if text in fixed:
        month, dom = fixed[text]
        day = date(today.year, month, dom)
        if day < today:
            day = date(today.year + 1, month, dom)
        name = text.title().replace("'S", "'s")
        return day, f"{name} resolved to {day.isoformat()} ({WEEKDAYS[day.weekday()].title()})"
    if text == "tomorrow":
        day = today + timedelta(days=1)
        return day, f"Tomorrow resolved to {day.isoformat()} ({WEEKDAYS[day.weekday()].title()})"
    match = re.fullmatch(r"(this |next |on )?([a-z]+?)(s)?", text)
    if match:
        word = match.group(2) + (match.group(3) or "")
        index = None
        if word in WEEKDAYS:
            index = WEEKDAYS.index(word)
        elif match.group(2) in WEEKDAYS:
            index = WEEKDAYS.index(match.group(2))
        elif word[:3] in _SHORT and len(word) <= 4:
            index = _SHORT[word[:3]]
        if index is not None:
            ahead = (index - today.weekday()) % 7
            day = today + timedelta(days=ahead)
            if match.group(1) == "next ":
                day += timedelta(days=7)
            name = WEEKDAYS[index].title()
            if match.group(1) == "next ":
                name = f"Next {name}"
            when = " (today)" if day == today else ""
            return day, f"{name} resolved to {day.isoformat()}{when}"
    raise DateResolutionError(
        f"cannot read {expression!r} as a date; use an ISO date, a weekday name, today or tomorrow"
    )
