"""The served rationale: checked facts from code, the model's words only for the why.

The model's ``rationale`` is prose, and prose can state facts nobody checked ("tickets AUD 5,
open until 21:00" while the check found free entry and a 17:00 close). So the served rationale
is built in two parts:

1. **The facts, from the check** (``facts_line``): the stops with their checked times, the time
   home, the total cost and the travel minutes, all copied from the passing check record.
2. **The why, from the model**, sentence by sentence: a sentence is kept only when every figure
   it states agrees with a checked value — money (``AUD 12``, ``$12.50``, ``12 dollars``,
   ``free``) with a stop's cost, a served venue's adult or child price, the total or the budget;
   clock times (``16:40``, ``4:40 pm``, ``4pm``) with a stop's start or end, the time home, the
   day window, a stated rain or blocked window, or a served venue's opening or closing time that
   day; durations (``25 min``, ``2 hours``) with a leg, a visit's length, the total travel or the
   leg cap; other numbers (``3 stops``, ``2 kids``, a date) with the number of stops, the party
   or the plan's date. Any other sentence is dropped, and each drop is stated in the report's
   ``assumptions``.

Chosen over repairing figures in place: a sentence with one wrong fact is not trusted for its
other words either, and the facts a reader needs are already in part 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from dayplan.core.hours import OpeningHoursError, open_intervals
from dayplan.evidence import CheckRecord

MAX_QUOTED = 80

_MONEY = re.compile(
    r"(?:(?:AUD|A\$|US\$|USD|NZD|EUR|GBP|\$|€|£)\s?(\d+(?:[.,]\d{1,2})?))"
    r"|(?:(\d+(?:[.,]\d{1,2})?)\s?(?:AUD|dollars?|bucks)\b)"
    r"|\b(free)\b",
    re.I,
)
_CLOCK = re.compile(
    r"\b(\d{1,2})(?::|\.)(\d{2})\s?(am|pm|a\.m\.|p\.m\.)?|\b(\d{1,2})\s?(am|pm|a\.m\.|p\.m\.)", re.I
)
_DURATION = re.compile(
    r"\b(\d+(?:\.\d+)?)\s?(minutes?|mins?|min|hours?|hrs?|h)\b|\b(half an hour|an hour)\b", re.I
)
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "a couple of": 2, "both": 2,
}  # fmt: skip
_COUNT_WORD = re.compile(
    r"\b("
    + "|".join(_WORDS)
    + r")\s+(?:stops?|places?|visits?|venues?|kids?|children|adults?|people)\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def facts_line(record: CheckRecord) -> str:
    """The checked facts as one sentence: stops with times, time home, total cost, travel."""
    stops = ", ".join(f"{s.name} {s.start}–{s.end}" for s in record.stops)
    t = record.totals
    assert t is not None
    return (
        f"Checked plan: {stops}; home by {t.home_by}; {t.currency} {t.cost:g} in total; "
        f"{t.travel_minutes} min of travel."
    )


class _Checked:
    """The values a sentence may state, from the check record and the served venues."""

    def __init__(self, record: CheckRecord, venues: Mapping[str, Mapping[str, Any]]):
        c = record.constraints
        t = record.totals
        self.money: set[float] = {round(s.cost.amount, 2) for s in record.stops}
        self.times: set[int] = set()
        self.durations: set[int] = set()
        self.counts: set[float] = {float(len(record.stops))}
        self.names = sorted({s.name for s in record.stops if s.name}, key=len, reverse=True)
        if t is not None:
            self.money.add(round(t.cost, 2))
            self.times.add(_minutes(t.home_by))
            self.durations.add(t.travel_minutes)
        if c.get("budget") is not None:
            self.money.add(round(float(c["budget"]), 2))
        party = c.get("party") or {}
        adults, children = int(party.get("adults") or 0), int(party.get("children") or 0)
        self.counts |= {float(adults), float(children), float(adults + children)}
        for window in [c.get("window") or {}, *(c.get("rain") or []), *(c.get("blocked") or [])]:
            for key in ("start", "end"):
                if window.get(key):
                    self.times.add(_minutes(window[key]))
        if c.get("max_leg_minutes"):
            self.durations.add(int(c["max_leg_minutes"]))
        if record.travel_home is not None:
            self.durations.add(record.travel_home.minutes)
        day = date.fromisoformat(c["date"]) if c.get("date") else None
        self.date = day
        if day is not None:
            self.counts |= {float(day.day), float(day.year), float(day.month)}
        for s in record.stops:
            self.times |= {_minutes(s.start), _minutes(s.end)}
            self.durations |= {s.travel_in.minutes, _minutes(s.end) - _minutes(s.start)}
            venue = venues.get(s.venue_id) or {}
            price = venue.get("price") or {}
            self.money |= {round(float(v), 2) for v in price.values() if v is not None}
            if day is not None and venue.get("opening_hours"):
                try:
                    for a, b in open_intervals(venue["opening_hours"], day):
                        self.times |= {a, b % (24 * 60)}
                except OpeningHoursError:
                    pass

    def disagreements(self, sentence: str) -> list[str]:
        """The figures in ``sentence`` that no checked value backs (empty: keep it)."""
        bad: list[str] = []
        rest = sentence
        for name in self.names:  # a venue's own name may hold digits ("Level 3 Cafe")
            rest = rest.replace(name, " ")
        sentence = rest
        for m in _MONEY.finditer(sentence):
            amount = 0.0 if m.group(3) else float((m.group(1) or m.group(2)).replace(",", "."))
            if round(amount, 2) not in self.money:
                bad.append(m.group(0))
            rest = rest.replace(m.group(0), " ", 1)
        for m in _ISO_DATE.finditer(rest):
            if self.date is None or m.group(0) != self.date.isoformat():
                bad.append(m.group(0))
            rest = rest.replace(m.group(0), " ", 1)
        for m in _CLOCK.finditer(rest):
            if m.group(4):
                hour, minute, meridiem = int(m.group(4)), 0, m.group(5)
            else:
                hour, minute, meridiem = int(m.group(1)), int(m.group(2)), m.group(3)
            if meridiem:
                hour = hour % 12 + (12 if meridiem.lower().startswith("p") else 0)
            if (
                hour * 60 + minute not in self.times
                and (hour * 60 + minute) % 1440 not in self.times
            ):
                bad.append(m.group(0))
            rest = rest.replace(m.group(0), " ", 1)
        for m in _DURATION.finditer(rest):
            if m.group(3):
                minutes = 30 if m.group(3).lower().startswith("half") else 60
            else:
                unit = m.group(2).lower()
                minutes = float(m.group(1)) * (60 if unit.startswith("h") else 1)
            if round(minutes) not in self.durations:
                bad.append(m.group(0))
            rest = rest.replace(m.group(0), " ", 1)
        for m in _COUNT_WORD.finditer(rest):
            if float(_WORDS[m.group(1).lower()]) not in self.counts:
                bad.append(m.group(0))
        for m in _NUMBER.finditer(rest):
            if float(m.group(0)) not in self.counts:
                bad.append(m.group(0))
        return bad


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (after ``.``, ``!`` or ``?`` followed by a capital)."""
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def served_rationale(
    model_text: str, record: CheckRecord, venues: Mapping[str, Mapping[str, Any]]
) -> tuple[str, list[str]]:
    """The served rationale and the notes saying what was dropped from the model's text.

    ``record`` is the passing check the plan rests on; ``venues`` the venue records search
    returned (by id), for prices and opening hours of the served stops. Returns
    ``(facts_line + kept sentences, notes)``, at most 2000 characters.
    """
    checked = _Checked(record, venues)
    kept, notes = [], []
    for sentence in sentences(model_text):
        bad = checked.disagreements(sentence)
        if bad:
            quoted = sentence if len(sentence) <= MAX_QUOTED else sentence[: MAX_QUOTED - 1] + "…"
            notes.append(
                f"Dropped from the rationale a sentence stating {_list(bad)}, which the check "
                f"did not find: {quoted!r}"
            )
        else:
            kept.append(sentence)
    return " ".join([facts_line(record), *kept])[:2000], notes


def _list(items: Iterable[str]) -> str:
    items = list(dict.fromkeys(items))
    return ", ".join(repr(i) for i in items[:3]) + (
        f" and {len(items) - 3} more" if len(items) > 3 else ""
    )
