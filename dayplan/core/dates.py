"""Dates in words to calendar dates, relative to a pinned "today" (and, for a plan, "now")."""

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


MIN_LEFT_MINUTES = 90
"""A day whose window has fewer minutes than this still ahead of "now" has (nearly) passed: not
enough for one visit with the legs there and back (minutes)."""

_NAMED = re.compile(r"(this |on )?([a-z]+?)s?")


def _hm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def date_kind(expression: str) -> str:
    """How ``expression`` names its day: ``"iso"`` (``2026-12-05``), ``"today"``, ``"weekday"``
    (``Saturday``, ``this Saturday``, ``sat``), ``"next"`` (``next Saturday``), ``"tomorrow"``,
    else ``"named"`` (a holiday by name)."""
    text = " ".join(expression.lower().strip().split())
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return "iso"
    if text in ("today", "tomorrow"):
        return text
    if text.startswith("next "):
        return "next"
    m = _NAMED.fullmatch(text)
    if m and (m.group(2) in WEEKDAYS or (m.group(2)[:3] in _SHORT and len(m.group(2)) <= 4)):
        return "weekday"
    if m and m.group(2).rstrip("s") in WEEKDAYS:
        return "weekday"
    return "named"


def resolve_plan_date(
    expression: str, today: date, now_minutes: int, window: tuple[int, int]
) -> tuple[date, str]:
    """The plan's date for ``expression`` asked at ``now_minutes`` (local minutes after midnight)
    on ``today``, for a day ``window`` (start, end minutes, local).

    Like ``resolve_date``, and one more rule: when the day resolves to ``today`` and fewer than
    ``MIN_LEFT_MINUTES`` of the window are still ahead (Saturday 16:30 for a 09:00–17:00 day), a
    weekday name ("Saturday", "this Saturday") rolls to the same weekday next week and "today"
    to tomorrow, with the assumption saying so; an ISO date or a holiday named for today is not
    moved: ``DateResolutionError`` says the day's window has passed (so the run asks).
    Returns ``(date, assumption)``; raises ``DateResolutionError`` as ``resolve_date`` does.
    """
    day, text = resolve_date(expression, today)
    left = window[1] - max(window[0], now_minutes)
    if day != today or left >= MIN_LEFT_MINUTES:
        return day, text
    kind = date_kind(expression)
    span = f"{_hm(window[0])}–{_hm(window[1])}"
    state = "has passed" if left <= 0 else f"has only {left} min left"
    situation = (
        f"it is already {_hm(now_minutes)} on {WEEKDAYS[today.weekday()].title()} "
        f"{today.isoformat()} and the {span} window {state}"
    )
    if kind not in ("weekday", "today"):
        gone = "has passed" if left <= 0 else "has all but passed"
        raise DateResolutionError(
            f"{day.isoformat()} is today and its {span} window {gone}: it is {_hm(now_minutes)}"
        )
    if kind == "weekday":
        later = today + timedelta(days=7)
        name = WEEKDAYS[later.weekday()].title()
        return later, (
            f"{expression.strip()!r} taken as next {name}, {later.isoformat()}: {situation}"
        )
    later = today + timedelta(days=1)
    name = WEEKDAYS[later.weekday()].title()
    return later, f"'today' taken as tomorrow, {name} {later.isoformat()}: {situation}"
