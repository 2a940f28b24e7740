"""Dates in request text, through Duckling ("Saturday the 19th", "Sat 19 Dec", "tomorrow",
"next Saturday", "Boxing Day") and the ``holidays`` calendar for the named public holidays
Duckling does not know ("Easter Saturday", "Anzac Day", "King's Birthday", "the Ekka holiday").
Dates resolve relative to the request's local ``today``; a named day that has passed this year
is next year's."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache

from dayplan.core.dates import date_kind
from dayplan.core.holiday_calendar import country_holidays
from dayplan.reading import duck
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.prefilter import prefilter_module

HOLIDAY_SUBDIVISION = ("AU", "QLD")
"""Whose public holidays named days resolve in: the snapshot's (Brisbane, Queensland)."""
_ALIASES = {
    "anzac day": "ANZAC Day",
    "labour day": "Labor Day",
    "labor day": "Labor Day",
    "ekka": "The Royal Queensland Show",
    "ekka day": "The Royal Queensland Show",
    "ekka holiday": "The Royal Queensland Show",
    "show day": "The Royal Queensland Show",
    "people's day": "The Royal Queensland Show",
    "king's birthday": "King's Birthday",
    "kings birthday": "King's Birthday",
    "queen's birthday": "King's Birthday",
    "easter saturday": "Easter Saturday",
    "holy saturday": "Easter Saturday",
    "easter sunday": "Easter Sunday",
    "easter monday": "Easter Monday",
    "good friday": "Good Friday",
    "australia day": "Australia Day",
    "boxing day": "Boxing Day",
    "christmas day": "Christmas Day",
    "christmas": "Christmas Day",
    "xmas": "Christmas Day",
    "new year's day": "New Year's Day",
    "new years day": "New Year's Day",
}
_FIXED = {
    "ANZAC Day": (4, 25),
    "Australia Day": (1, 26),
    "Christmas Day": (12, 25),
    "Boxing Day": (12, 26),
    "New Year's Day": (1, 1),
}
"""Named days that are a fixed date (the day itself, not the Monday a holiday moves to)."""
HOLIDAY_RE = re.compile(
    r"\b(" + "|".join(re.escape(k) for k in sorted(_ALIASES, key=len, reverse=True)) + r")\b"
    r"(?!\s+eve)(?:,?\s+((?:19|20)\d{2})\b)?",
    re.I,
)
"""A named holiday, with the year when one follows ("Christmas Day 2027")."""
ISO_RE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")


@lru_cache(maxsize=16)
def _calendar(year: int) -> dict[str, list[date]]:
    country, subdiv = HOLIDAY_SUBDIVISION
    named: dict[str, list[date]] = {}
    for day, name in sorted(
        country_holidays(country, subdiv=subdiv, years=[year, year + 1]).items()
    ):
        if "observed" not in name.lower():
            named.setdefault(name, []).append(day)
    return named


def holiday_date(name: str, today: date, year: int | None = None) -> date | None:
    """The next date (today or later) of the public holiday ``name`` ("Easter Saturday"), or
    its date in ``year`` when the text names one ("Christmas Day 2027"; ``None`` if that has
    passed)."""
    key = _ALIASES.get(" ".join(name.lower().replace("\u2019", "'").split()))
    if key is None:
        return None
    if year is not None:
        if key in _FIXED:
            day = date(year, *_FIXED[key])
        else:
            day = next((d for d in _calendar(year).get(key, []) if d.year == year), None)
        return day if day is not None and day >= today else None
    if key in _FIXED:
        month, dom = _FIXED[key]
        day = date(today.year, month, dom)
        return day if day >= today else date(today.year + 1, month, dom)
    return next((d for d in _calendar(today.year).get(key, []) if d >= today), None)


def _same_weekday_today(body: str, day: date, today: date) -> date:
    """A bare weekday named on that weekday ("Saturday", "this Saturday", asked on a Saturday)
    is today, as ``core.dates.resolve_date`` reads it (Duckling reads it as next week's); the
    plan's own date rule then rolls it on when the day's window has passed."""
    if day == today + timedelta(days=7) and date_kind(body) == "weekday":
        return today
    return day


def _year(m: re.Match) -> int | None:
    return int(m.group(2)) if m.group(2) else None


@per_run
def read_date(phrase: str, today: date) -> date | None:
    """The calendar date ``phrase`` names, relative to ``today``, or ``None``.

    ISO dates as written; holiday names through the calendar; everything else through Duckling
    (day grain only: "at 3pm" names no date)."""
    iso = ISO_RE.search(phrase)
    if iso:
        try:
            return date.fromisoformat(iso.group(1))
        except ValueError:
            return None
    hol = HOLIDAY_RE.search(phrase)
    if hol:
        return holiday_date(hol.group(1), today, _year(hol))
    ref = datetime(today.year, today.month, today.day)
    # case-folded (Duckling's rules ignore case; only values and bodies are used here): the
    # stand-in's "Saturday" and the check of its quote "saturday" then share one parse
    for span in _date_candidates(phrase.lower(), ref):
        value = span.value
        if value.get("type") == "value" and value.get("grain") == "day":
            day = _same_weekday_today(span.body, duck.wall(value["value"]).date(), today)
            if day >= today:
                return day
    return None


DATE_HINT = re.compile(
    r"\b(?:mon|tues?|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?s?\b|\b(?:today|tomorrow|tonight"
    r"|weekend|fortnight)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|\b(?:christmas|xmas|easter|new year)",
    re.I,
)
"""A word that may start or end a date: Duckling's time dimension (the costly one) only parses
the text around these, clause by clause, so a reading costs ~1 ms, not ~10."""


def _date_candidates(text: str, ref: datetime) -> list[duck.Span]:
    out: list[duck.Span] = []
    done: list[tuple[int, int]] = []
    for m in DATE_HINT.finditer(text):
        lo = max(0, m.start() - 12)
        hi = min(len(text), m.end() + 18)
        lo = text.rfind(" ", 0, lo) + 1 if lo > 0 else 0
        nxt = text.find(" ", hi)
        hi = len(text) if nxt < 0 else nxt
        if any(s <= lo and hi <= e for s, e in done):
            continue
        done.append((lo, hi))
        spans = duck.parse(text[lo:hi], ref, ("time",))
        for span in spans:
            out.append(duck.Span(span.dim, span.start + lo, span.end + lo, span.body, span.value))
        if not any(s.value.get("grain") == "day" for s in spans):
            # "Sunday morning", "today, right now": the day word alone names the date
            for span in duck.parse(m.group(0), ref, ("time",)):
                out.append(duck.Span(span.dim, m.start(), m.end(), span.body, span.value))
    return out


@per_run_list
def date_spans(text: str, today: date) -> list[tuple[int, int, date]]:
    """``(start, end, date)`` for each date named in ``text`` (normalised), in text order."""
    out: list[tuple[int, int, date]] = []
    for m in ISO_RE.finditer(text):
        try:
            out.append((m.start(), m.end(), date.fromisoformat(m.group(1))))
        except ValueError:
            continue
    for m in HOLIDAY_RE.finditer(text):
        day = holiday_date(m.group(1), today, _year(m))
        if day:
            out.append((m.start(), m.end(), day))
    ref = datetime(today.year, today.month, today.day)
    for span in _date_candidates(text, ref):
        value = span.value
        if value.get("type") == "value" and value.get("grain") == "day":
            if any(s < span.end and span.start < e for s, e, _ in out):
                continue
            if re.fullmatch(r"\d{1,2}(?:\s*-\s*\d{1,2})?", span.body.strip()):
                continue  # "12-2" is a time range, not the 2nd of December
            day = _same_weekday_today(span.body, duck.wall(value["value"]).date(), today)
            if day >= today and day <= today + timedelta(days=400):
                out.append((span.start, span.end, day))
    return sorted(out)


_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_ANCHOR = (
    r"(?:next|this one|christmas(?: day| eve)?|xmas(?: day| eve)?|boxing day|new year'?s?(?: day| eve)?"
    r"|easter(?: (?:sunday|monday|saturday|weekend))?|good friday|anzac day|australia day"
    r"|(?:mother|father)'?s day|the (?:long weekend|school holidays|holidays|ekka|show"
    r"|\d{1,2}(?:st|nd|rd|th)?(?: of \w+)?|end of (?:term|the month|school))"
    r"|school (?:starts|goes back|holidays|finishes|breaks up))"
)
RELATIVE_QUALIFIER = re.compile(
    r"\b(?:the\s+)?(?:"
    + _WEEKDAY
    + r"|weekend|week)\s+(?:after|before)\s+"
    + _ANCHOR
    + r"(?![\w'])"
    r"|\b(?:next\s+)?" + _WEEKDAY + r"\s+(?:week|fortnight)\b(?!\s*(?:end|long))"
    r"|\b(?:a\s+)?(?:week|fortnight)\s+(?:from|on)\s+(?:this\s+|next\s+)?" + _WEEKDAY + r"\b"
    r"|\b"
    + _WEEKDAY
    + r"\s+in\s+(?:a|one|two|three|2|3)\s+(?:weeks?|fortnight)(?:'s)?(?:\s+time)?\b"
    r"|\bin\s+(?:a|one|two|three|2|3)\s+(?:fortnight|weeks?)(?:'s)?\s+time\b",
    re.I,
)
"""A date said relative to another day ("the Saturday after Christmas", "the Sunday before
Christmas", "the weekend after next", "Saturday week", "next Saturday fortnight", "a fortnight
from Saturday", "Saturday in two weeks"). Duckling and the weekday reading resolve only its
weekday, the wrong day; so the phrase is listed unread (kind ``date``) and asked about, never
planned for the plain weekday ("Saturday", "next Saturday" and "Saturday after lunch" stay
plain readings)."""


def relative_qualifier_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (normalised, lower case) that say a date relative to another day
    (``RELATIVE_QUALIFIER``)."""
    return [m.span() for m in RELATIVE_QUALIFIER.finditer(text)]


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
