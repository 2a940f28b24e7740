"""Dates in request text, through Duckling ("Saturday the 19th", "Sat 19 Dec", "tomorrow",
"next Saturday", "Boxing Day") and the ``holidays`` calendar for the named public holidays
Duckling does not know ("Easter Saturday", "Anzac Day", "King's Birthday", "the Ekka holiday").
Dates resolve relative to the request's local ``today``; a named day that has passed this year
is next year's. A weekday said with a day of the month is read only when both name the same
day; otherwise it asks, naming both and offering the nearest matching days (``weekday_dates``;
"Saturday the 19th" with no month is the next 19th that is a Saturday within six weeks).
"Saturday week" is the Saturday after next, as Australians say it, stated as an assumption.
A part of today ("this arvo", "this morning", "tonight") is today (``dayparts.TODAY_RE``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache

from dayplan.contract import MAX_YEAR, MIN_YEAR
from dayplan.core.dates import WEEKDAYS, date_kind
from dayplan.core.holiday_calendar import holiday_dates
from dayplan.reading import dayparts, duck
from dayplan.reading import deferred_re as re
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
    for day, name in sorted(holiday_dates(country, subdiv=subdiv, years=[year, year + 1]).items()):
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
    said = weekday_dates(phrase, today)
    dmy = DMY_RE.search(phrase)
    if dmy and not said:
        return _dmy(dmy)
    if said:  # "Saturday 19th December": both must name the day; else no date is read
        return said[0].day
    if year_out_of_range_spans(phrase):
        return None  # "1 January 9999": never this year's 1 January
    week = weekday_week(phrase, today)
    if week:
        return week[0][2]
    if dayparts.TODAY_RE.fullmatch(phrase.strip().lower()):
        return today  # "this arvo", "tonight": a part of today (Duckling gives an hour interval)
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


_MONTH_WORD = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
TIME_RANGE_RE = re.compile(
    r"(?<![\d/.:-])(?<!\$)\d{1,2}\s*-\s*\d{1,2}(?![\d/:.]|\s*-\s*\d)"
    r"(?!\s*(?:st|nd|rd|th)\b)(?!\s+(?:of\s+)?" + _MONTH_WORD + r"\b)",
    re.I,
)
"""A dash range of two small numbers ("11-12", "9-10", "1 - 3", "10-2") with no year after it:
a time range ("dentist 11-12 on Saturday"), never a day-month date (Duckling reads "11-12 on
Saturday" as Saturday 11 December). Only d/m (Australian order) or d-m-yyyy with its year name
a date in digits; "11-12 December" (days of a month named after) is left to Duckling."""
_MONTH_BEFORE = re.compile(_MONTH_WORD + r"\.?\s+$", re.I)


def mask_time_ranges(text: str) -> str:
    """``text`` with each ``TIME_RANGE_RE`` range blanked to spaces (same length, so offsets
    hold), unless a month word comes just before it ("December 11-12"): what Duckling's time
    parse sees, so a time range never becomes a date."""
    return TIME_RANGE_RE.sub(
        lambda m: (
            m.group(0)
            if _MONTH_BEFORE.search(text[max(0, m.start() - 12) : m.start()])
            else " " * len(m.group(0))
        ),
        text,
    )


DMY_RE = re.compile(r"\b(\d{1,2})-(\d{1,2})-((?:19|20)\d{2})\b(?![-:.]\d)")
"""A day-month-year date with dashes ("19-12-2026"), Australian order; invalid days read
nothing."""


def _dmy(m: re.Match) -> date | None:
    try:
        return date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    except ValueError:
        return None


def _plain_day(span: duck.Span, ref: datetime) -> bool:
    """Whether Duckling's ``span`` is a day (grain ``day``) within the reach ``date_spans``
    takes (from ``ref`` to 400 days on)."""
    if span.value.get("type") != "value" or span.value.get("grain") != "day":
        return False
    day = duck.wall(span.value["value"]).date()
    return ref.date() <= day <= ref.date() + timedelta(days=400)


def _date_candidates(text: str, ref: datetime) -> list[duck.Span]:
    text = mask_time_ranges(text)
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
        if not any(_plain_day(s, ref) for s in spans):
            # "Sunday morning", "today, right now": the day word alone names the date (and
            # "sat, 35 degrees", whose "sat, 35" is no day within reach)
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
    said = weekday_dates(text, today)
    for m in DMY_RE.finditer(text):  # "19-12-2026" ("Sat 19-12-2026" is the weekday's)
        day = _dmy(m)
        if day and not any(w.start <= m.start() < w.end for w in said):
            out.append((m.start(), m.end(), day))
    unsure = []  # a weekday and a day of the month that disagree: no date is read there
    for w in said:
        if w.day is not None:
            out.append((w.start, w.end, w.day))
        else:
            unsure.append((w.start, w.end))
    out += [
        w for w in weekday_week(text, today) if not any(s < w[1] and w[0] < e for s, e, _ in out)
    ]
    unsure += [(a, b) for a, b, _ in year_out_of_range_spans(text)]  # "1 January 9999"
    for a, b in dayparts.today_spans(text):  # "this arvo", "tonight": today
        if not any(s < b and a < e for s, e, _ in out):
            out.append((a, b, today))
    ref = datetime(today.year, today.month, today.day)
    for span in _date_candidates(text, ref):
        value = span.value
        if value.get("type") == "value" and value.get("grain") == "day":
            if any(s < span.end and span.start < e for s, e, _ in out):
                continue
            if any(s < span.end and span.start < e for s, e in unsure):
                continue
            if re.fullmatch(r"\d{1,2}(?:\s*-\s*\d{1,2})?", span.body.strip()):
                continue  # "12-2" is a time range, not the 2nd of December
            day = _same_weekday_today(span.body, duck.wall(value["value"]).date(), today)
            if day >= today and day <= today + timedelta(days=400):
                out.append((span.start, span.end, day))
    return sorted(out)


_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"


_TODAY_WORD = re.compile(
    r"\b(?:today|tonight|tonite|this\s+(?:(?:early|mid|late)[\s-]?)?(?:morning|afternoon|arvo|avo"
    r"|evening))\b",
    re.I,
)
_HABITUAL = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b", re.I)
_SEASONAL = re.compile(
    r"\s+(?:lights?|shopping|trees?|carols?|markets?|presents?|gifts?|displays?|decorations?"
    r"|movies?|crafts?|concerts?|vibes?|themed?|spirit|cards?|songs?|music|jumpers?|stuff)\b",
    re.I,
)


def _names_a_day(text: str, a: int, b: int) -> bool:
    """Whether the date span ``text[a:b]`` names a day for the outing: not a habit ("Sundays
    are busy", "closed on Mondays") nor a season's thing ("the Christmas lights")."""
    said = text[a:b].strip(" ,.;:!?").lower()
    if _HABITUAL.search(said):
        return False
    return not (said in ("christmas", "xmas") and _SEASONAL.match(text, b))


def said_today(quote: str) -> bool:
    """Whether ``quote`` says today or a part of it ("today", "tonight", "this arvo")."""
    return bool(_TODAY_WORD.search(quote))


_BARE_WEEKDAY = re.compile(
    r"(?:(?:is\s+)?(?:a|on\s+a|on|the)\s+)?(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)"
    r"(?:day|urday|nesday|rsday|sday)?",
    re.I,
)
_WEEKDAY_NUMBER = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


def _without_restated_weekdays(
    text: str, spans: list[tuple[int, int, date]]
) -> list[tuple[int, int, date]]:
    """``spans`` without a bare weekday that restates a date named beside it ("25 Dec 2027
    (Saturday)", "Christmas Day 2027 is a saturday"): one day, not two."""

    def weekday(s: tuple[int, int, date]) -> int | None:
        m = _BARE_WEEKDAY.fullmatch(text[s[0] : s[1]].strip(" ,.;:!?()"))
        return _WEEKDAY_NUMBER[m.group(1).lower()[:3]] if m else None

    named = [s for s in spans if weekday(s) is None]
    return [
        s
        for s in spans
        if weekday(s) is None or not any(o[2].weekday() == weekday(s) for o in named)
    ]


def plan_date_spans(text: str, today: date) -> list[tuple[int, int, date]]:
    """The ``date_spans`` of ``text`` (normalised) that name the outing's day, in text order:
    habits and seasons' things dropped (``_names_a_day``), and a today said in passing ("no car
    today", "the kids are tired today", "it's hot today") dropped when another day is named
    ("... Saturday"), unless "or" joins the two ("today or Saturday": both stay, and asked).
    "this arvo" or "today" with no other day named stays today. More than one day left is a
    question (``date_choice_question``), never a silent pick."""
    said = text  # a past day ("last Saturday") and a day no calendar has ("February 30") name no
    gone = past_spans(text) + sun_spans(text) + [(a, b) for a, b, _ in no_such_day_spans(text)]
    gone += [(a, b) for a, b, _ in passed_date_spans(text, today)]  # "28 Nov" on 4 Dec
    for a, b in gone:  # outing; "sick of the sun" names none either
        said = said[:a] + " " * (b - a) + said[b:]
    spans = [s for s in date_spans(said, today) if _names_a_day(text, s[0], s[1])]
    spans = _without_restated_weekdays(text, spans)

    def today_word(s: tuple[int, int, date]) -> bool:
        return s[2] == today and bool(_TODAY_WORD.search(text[s[0] : s[1]]))

    others = [s for s in spans if not today_word(s) and s[2] != today]
    if not others:
        return spans

    def joined(s: tuple[int, int, date]) -> bool:
        for o in others:
            gap = text[min(s[1], o[1]) : max(s[0], o[0])]
            if len(gap) <= 24 and re.search(r"\bor\b", gap):
                return True
        return False

    return [s for s in spans if not today_word(s) or joined(s)]


def date_choices(text: str, today: date) -> list[tuple[int, int, date]]:
    """The first ``plan_date_spans`` span of each different day ``text`` (normalised) names
    for the outing, in text order: two or more ("Saturday or Sunday", "Friday ... Saturday",
    "today or Saturday") is a question (``choice_question``), never a silent pick."""
    first: dict[date, tuple[int, int, date]] = {}
    for a, b, day in plan_date_spans(text, today):
        # the day its phrase names alone, as the proposal reads it ("Sunday" on a Sunday: today)
        day = read_date(text[a:b].strip(" ,.;:!?"), today) or day
        first.setdefault(day, (a, b, day))
    return list(first.values())


def choice_question(quotes: list[str], days: list[date]) -> str:
    """The question for phrases ``quotes`` naming the different ``days`` (``date_choices``),
    quoting them joined by "; " (the unread phrase, as the clarification gate looks for it):
    '"Saturday; Sunday" name different days (Sat 5 Dec, Sun 6 Dec): which day is the outing?'."""
    which = ", ".join(_short(d) for d in days)
    return f'"{"; ".join(quotes)}" name different days ({which}): which day is the outing?'


YEAR_SAID = re.compile(
    r"(?:\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH_WORD + r"\b\.?"
    r"|\b" + _MONTH_WORD + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"
    r"|\b\d{1,2}/\d{1,2}/)"
    r",?\s*(\d{4,6})\b(?![:.]\d)",
    re.I,
)
"""A day of a month said with its year ("1 January 9999", "January 1st, 2150", "1/1/9999"); a
number that is also a day's 24-hour time ("1530", 00:00-18:59) is no year here."""


PAST_DAY = re.compile(
    r"\b(?:(?:the\s+)?day\s+before\s+yesterday|yesterday"
    r"|(?<!the\s)last\s+(?:" + _WEEKDAY + r"|weekend|week)\b"
    r"(?!\s+(?:of|before)\b|\s+in\s+" + _MONTH_WORD + r"\b)"
    r"|(?:a|one|two|three|four|five|six|\d)\s+(?:days?|weeks?)\s+ago)\b",
    re.I,
)
"""A day that has passed ("yesterday", "last Saturday", "two days ago"): no plan is made for it.
Said with another day for the outing ("we did GOMA last Saturday, this Saturday ...") it is
talk about the past; said alone, it is asked (``past_question``), never planned for the next
such weekday."""


def past_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (normalised) naming a day in the past (``PAST_DAY``)."""
    return [m.span() for m in PAST_DAY.finditer(text)]


THE_SUN = re.compile(
    r"\b(?:the|a|hot|full|harsh|strong|blazing|burning|midday|afternoon|morning|summer|much|no|some"
    r"|more|less|in|under|of|from|out|avoid|escape|heat)\s+sun\b"
    r"|\bsun(?=\s*(?:'s\b|is\b|was\b|will\b|comes?\b|cream|screen|block|smart|safe|hats?\b|burn|shade"
    r"|shine|light|set|rise|glasses|nies|stroke|protection|exposure|and\s+(?:heat|rain)))",
    re.I,
)
""""sun" that is the sun, not Sunday ("the kids are sick of the sun", "out of the sun", "sun
cream", "the sun's out"): no day named there."""


def sun_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the word "sun" in ``text`` that mean the sun (``THE_SUN``), never Sunday."""
    out = []
    for m in THE_SUN.finditer(text):
        at = m.group(0).lower().rfind("sun")
        out.append((m.start() + at, m.start() + at + 3))
    return out


_PAST_TALK = re.compile(
    r"\b(?:did|went|was|were|had|saw|seen|been|done|got|came|ate|took|\w{3,}ed)\b[^,.;!?]*$", re.I
)


def past_talk(text: str, at: int) -> bool:
    """Whether the past day at ``at`` of ``text`` is said about something done then ("we did
    GOMA last Saturday", "the kids loved it last week"): no day asked for, never a question."""
    return bool(_PAST_TALK.search(text[max(0, at - 60) : at]))


_WORD_RE = re.compile(r"\b[a-z]{4,10}\b", re.I)
_WEEKDAY_SHORT = frozenset(
    {"tues", "weds", "thur", "thurs", "satur", "satday", "sund", "mond", "fri", "sat", "sun"}
)


def weekday_guesses(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, weekday)`` for each word of ``text`` that is no weekday but nearly spells
    one ("sundy", "tuesdy", "satuday", "wensday"): one letter or two off (``difflib`` ratio at
    least 0.8, the same first letter, ending in "day" or "dy"), never a word of its own
    ("today", "someday", "holiday"). The stand-in's date reader skips such a word, so the plan
    would fall to the default Saturday without a word: it is asked instead, as a place nearly
    spelled is ("did you mean Sunday?")."""
    out = []
    for m in _WORD_RE.finditer(text):
        word = m.group(0).lower()
        if word in WEEKDAYS or word in _WEEKDAY_SHORT or not word.endswith(("dy", "day")):
            continue
        if word in ("today", "someday", "holiday", "holidays", "birthday", "everyday", "midday"):
            continue
        import difflib  # noqa: PLC0415 (only for a word that may be a typo: a plan start never loads it)

        close = difflib.get_close_matches(word, WEEKDAYS, n=1, cutoff=0.8)
        if close and close[0][0] == word[0]:
            out.append((m.start(), m.end(), close[0]))
    return out


def past_question(said: str, today: date) -> str:
    """The question for a past day said as the outing's ("yesterday", "last Saturday")."""
    return f'"{said}" is in the past (today is {_short(today)}): which day is the outing?'


_MONTH_DAYS = {
    1: 31,
    2: 29,
    3: 31,
    4: 30,
    5: 31,
    6: 30,
    7: 31,
    8: 31,
    9: 30,
    10: 31,
    11: 30,
    12: 31,
}
NO_SUCH_DAY = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + _MONTH_WORD + r")\b"
    r"|\b(" + _MONTH_WORD + r")\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?![:.]\d)",
    re.I,
)
"""A day of a month ("February 30", "31st of April"): ``no_such_day_spans`` keeps those past the
month's last day."""


def no_such_day_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, month)`` for each day of a month in ``text`` that no calendar has ("February
    30", "31 April", "0 May"): no date is read there, and it is asked (``no_such_day``)."""
    out = []
    for m in NO_SUCH_DAY.finditer(text):
        dom, word = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        month = _MONTH_INDEX[word.lower()[:3]]
        if not 1 <= int(dom) <= _MONTH_DAYS[month]:
            out.append((m.start(), m.end(), date(2028, month, 1).strftime("%B")))
    return out


def no_such_day(said: str, month: str) -> str:
    """The question for a day of a month that no calendar has ("February 30")."""
    last = _MONTH_DAYS[datetime.strptime(month, "%B").month]
    return f'"{said}" is no date ({month} has at most {last} days): which day is the outing?'


def out_of_range(year: int) -> str:
    """The question for a date said in a year the planner does not plan for (after the quoted
    phrase): the year said is named, never replaced by another."""
    return (
        f": the year {year} is outside the years this planner plans for ({MIN_YEAR}-{MAX_YEAR})."
        " Which date do you mean?"
    )


def year_out_of_range_spans(text: str) -> list[tuple[int, int, int]]:
    """``(start, end, year)`` for each date of ``text`` said with a year outside
    ``MIN_YEAR``-``MAX_YEAR`` ("1 January 9999", a weekday before it included): no date is read
    there (the year is never dropped for this year's or next year's date); it is asked."""
    out = []
    for m in YEAR_SAID.finditer(text):
        year = int(m.group(1))
        if MIN_YEAR <= year <= MAX_YEAR or (year < 1900 and year % 100 < 60):
            continue  # in range, or a time of day without a colon ("12 December 1530 finish")
        lead = re.search(r"\b" + _WEEKDAY + r"\b\.?,?\s+(?:the\s+)?$", text[: m.start()], re.I)
        out.append((lead.start() if lead else m.start(), m.end(), year))
    return out


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
    read = {(a, b) for a, b, _ in weekday_week(text, date(2000, 1, 1))}  # "Saturday week"
    return [m.span() for m in RELATIVE_QUALIFIER.finditer(text) if m.span() not in read]


_WEEKDAY_INDEX = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_MONTH_INDEX = {
    m: i + 1
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    )
}
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
WEEKDAY_DATE_RE = re.compile(
    r"\b(" + _WEEKDAY + r")\b\.?\)?,?(?:\s+|\s*\(\s*)(?:the\s+)?"
    r"(?:(\d{1,2})(?:/|-(?=\d{1,2}-(?:20)?\d{2}\b))(\d{1,2})(?:[/-]((?:20)?\d{2}))?\b(?![/:.]\d)"
    r"|(\d{1,2})(?:(?:st|nd|rd|th)\b|(?<=the\s\d)|(?<=the\s\d\d)|(?=\s+(?:of\s+)?(?:"
    + _MONTH[1:]
    + r"\b))"
    r"(?![-:.]\d)(?:\s+(?:of\s+)?"
    + _MONTH
    + r"\b\.?(?:,?\s+((?:19|20)\d\d|(?!(?:0\d|1[0-8])[0-5]\d)\d{4})\b)?)?)",
    re.I,
)
"""A weekday with a day of the month ("Saturday 20th December", "Sat 20/12", "Saturday the
20th", "Saturday 1 January 2027"): the two must name the same day (``weekday_date``)."""
WEEKDAY_WEEK_RE = re.compile(
    r"\b(" + _WEEKDAY + r")\s+week\b(?!\s*(?:end|long|after|before))", re.I
)
""""Saturday week": in Australian (and British) English the Saturday after next."""
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _say(day: date) -> str:
    return f"{_DAY_NAMES[day.weekday()]} {day.day} {day.strftime('%B')} {day.year}"


@dataclass(frozen=True)
class WeekdayDate:
    """A weekday said with a day of the month at ``start:end`` of the text: the ``day`` both
    name, or ``None`` with the ``question`` that asks which day was meant (they disagree, or
    the date does not exist), to follow the phrase in quotes: '"Saturday 20th December": 20 Dec
    2026 is a Sunday. Did you mean Sun 20 Dec, Sat 19 Dec or Sat 26 Dec?'."""

    start: int
    end: int
    day: date | None
    question: str | None


def _weekday_date(m: re.Match, today: date) -> WeekdayDate:
    weekday = _WEEKDAY_INDEX[m.group(1)[:3].lower()]
    if m.group(2):  # "20/12" is day/month (Australian order)
        dom, month = int(m.group(2)), int(m.group(3))
        year = m.group(4) and int(m.group(4)) % 100 + 2000
    else:
        dom = int(m.group(5))
        month = _MONTH_INDEX[m.group(6)[:3].lower()] if m.group(6) else None
        year = int(m.group(7)) if m.group(7) else None
    return _resolve_weekday_date(m.start(), m.end(), weekday, dom, month, year, today)


def _resolve_weekday_date(
    start: int, end: int, weekday: int, dom: int, month: int | None, year: int | None, today: date
) -> WeekdayDate:
    """The day a weekday and a day of the month (and month, year, when said) both name, or the
    question that asks (``WeekdayDate``); shared by the digit form (``WEEKDAY_DATE_RE``) and
    the ordinal said in words (``_ordinal_weekdays``)."""
    if year and not MIN_YEAR <= year <= MAX_YEAR:
        return WeekdayDate(start, end, None, out_of_range(year))
    try:
        if month is None:  # no month: the next such day of the month (within a month)
            day = date(today.year, today.month, dom) if dom >= today.day else None
            probe = today.replace(day=1)
            while day is None or day < today:
                probe = (probe + timedelta(days=32)).replace(day=1)
                try:
                    day = probe.replace(day=dom)
                except ValueError:
                    day = None
                if probe.year > today.year + 1:
                    raise ValueError
        else:
            day = date(year or today.year, month, dom)
            if year is None and day < today:
                if (today - day).days <= PASSED_DAYS:  # "Saturday 28 Nov" said on 4 Dec
                    return WeekdayDate(start, end, None, _passed(day, weekday, today))
                day = date(today.year + 1, month, dom)
    except ValueError:
        return WeekdayDate(
            start, end, None, " names no date in the calendar: which date do you mean?"
        )
    if day.weekday() == weekday:
        return WeekdayDate(start, end, day, None)
    if month is None:  # "Sunday the 3rd" on 1 Dec: Sunday 3 January, if within a few weeks
        later = day
        while later <= today + timedelta(days=MONTHLESS_DAYS):
            if later.weekday() == weekday:
                return WeekdayDate(start, end, later, None)
            probe = (later.replace(day=1) + timedelta(days=32)).replace(day=1)
            later = _day_of(probe, dom) or (probe + timedelta(days=32)).replace(day=dom)
    ahead = (weekday - day.weekday()) % 7
    options = [
        d for d in (day - timedelta(days=7 - ahead), day + timedelta(days=ahead)) if d >= today
    ]
    offer = [_short(day, today)] + [_short(d, today) for d in options]
    which = (
        f"the next {dom}{_ordinal(dom)}"
        if month is None
        else f"{day.day} {day.strftime('%b')} {day.year}"
    )
    return WeekdayDate(
        start,
        end,
        None,
        f": {which} is a {_DAY_NAMES[day.weekday()]}. Did you mean "
        + (", ".join(offer[:-1]) + " or " + offer[-1] if len(offer) > 1 else offer[0])
        + "?",
    )


MONTHLESS_DAYS = 42
"""How far ahead a weekday with a day of the month and no month may resolve ("Saturday the
19th" is the next 19th that is a Saturday, when that is within six weeks; else it asks)."""


def _day_of(month_start: date, dom: int) -> date | None:
    try:
        return month_start.replace(day=dom)
    except ValueError:
        return None


def _short(day: date, today: date | None = None) -> str:
    """ "Sat 5 Dec"; with ``today``, the year too when it is another year's ("Sat 4 Dec 2027"):
    never a day that reads as this year's (4 Dec 2026 is a Friday)."""
    year = f" {day.year}" if today is not None and day.year != today.year else ""
    return f"{_DAY_NAMES[day.weekday()][:3]} {day.day} {day.strftime('%b')}{year}"


PASSED_DAYS = 92
"""How long ago a day of a month said without a year may have passed and still be read as that
day, in the past ("28 Nov" said on 4 Dec is last week's, asked), not next year's: about a
quarter. Older ones are next year's ("16 January" said in December)."""


def _passed(day: date, weekday: int | None, today: date) -> str:
    """The question for a day of a month that has passed this year (``PASSED_DAYS``), to follow
    the phrase in quotes; with its weekday, offering the next such weekday."""
    said = f"{day.day} {day.strftime('%b')} {day.year}"
    q = f": {said} has passed (today is {_short(today)}): which day is the outing?"
    if weekday is None:
        return q
    nxt = today + timedelta(days=(weekday - today.weekday()) % 7)
    return f": {said} has passed (today is {_short(today)}). Did you mean {_short(nxt, today)}?"


_PASSED_DATE = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r"\b\.?(?!,?\s*'?\d{2,4}\b)"
    r"|\b" + _MONTH + r"\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!,?\s*'?\d{2,4}\b|:|\.\d)"
    r"|(?<![\d/$.])(\d{1,2})/(\d{1,2})\b(?!/\d)(?!\s*(?:days?|hours?|hrs?|price|off|of|kids?"
    r"|adults?|children|people|ppl|stars?)\b)",
    re.I,
)


def passed_date_spans(text: str, today: date) -> list[tuple[int, int, date]]:
    """``(start, end, day)`` for each day of a month said without a year (``"28 Nov"``, ``"Nov
    28th"``, ``"28/11"``) that passed this year within ``PASSED_DAYS``: a past date, asked
    (never silently next year's: 28 Nov 2027). A weekday said with it is ``weekday_dates``'."""
    said = [(w.start, w.end) for w in weekday_dates(text, today)]
    out = []
    for m in _PASSED_DATE.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in said):
            continue
        if m.group(1):
            dom, month = int(m.group(1)), _MONTH_INDEX[m.group(2)[:3].lower()]
        elif m.group(3):
            dom, month = int(m.group(4)), _MONTH_INDEX[m.group(3)[:3].lower()]
        else:
            dom, month = int(m.group(5)), int(m.group(6))
        try:
            day = date(today.year, month, dom)
        except ValueError:
            continue
        if day < today and (today - day).days <= PASSED_DAYS:
            out.append((m.start(), m.end(), day))
    return out


def passed_question(said: str, day: date, today: date) -> str:
    """The question for a day of a month said without a year that has passed
    (``passed_date_spans``): '"28 Nov": 28 Nov 2026 has passed (today is Fri 4 Dec): which day
    is the outing?'."""
    return f'"{said}"{_passed(day, None, today)}'


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def weekday_dates(text: str, today: date) -> list[WeekdayDate]:
    """Each weekday said with a day of the month in ``text`` (``WEEKDAY_DATE_RE``), resolved
    against ``today``: with a month, that date (this year, or next year when it has passed; a
    year said wins); without one, the next such day of the month. The day is read only when
    its weekday is the one said; otherwise the phrase asks, naming both and offering the
    nearest days that match (never a silent jump to another date)."""
    said = [_weekday_date(m, today) for m in WEEKDAY_DATE_RE.finditer(_weekday_first(text))]
    return sorted(said + _ordinal_weekdays(text, today, said), key=lambda w: w.start)


_ORDINAL_THEN_WEEKDAY = re.compile(
    r"\b(\d{1,2}(?:st|nd|rd|th))(\s*)\(\s*(" + _WEEKDAY + r")\s*\)", re.I
)


def _weekday_first(text: str) -> str:
    """``text`` with "26th (Sat)" turned round to "Sat)  26th", same length (offsets kept), so
    the weekday and its day of the month are read together ("Sat (19th)" reads as it is)."""

    def turn(m: re.Match) -> str:
        gap = len(m.group(0)) - len(m.group(3)) - 1 - len(m.group(1))
        return f"{m.group(3)})" + " " * gap + m.group(1) if gap >= 1 else m.group(0)

    return _ORDINAL_THEN_WEEKDAY.sub(turn, text)


_WEEKDAY_WORD_RE = re.compile(r"\b(?:(next|this|coming)\s+)?(" + _WEEKDAY + r")\b\.?", re.I)
_BEFORE_ORDINAL = re.compile(r",?\s+(the\s+)?")
_ENDS_A_DATE = re.compile(r"\s*(?:$|[,.;:!?)(]|-|\s(?:and|or|for|with|in)\b)", re.I)
_MONTH_AFTER = re.compile(r"\s+(?:of\s+)?" + _MONTH + r"\b\.?(?:,?\s+(\d{4,6})\b)?", re.I)
_ORDINAL_FIRST = re.compile(
    r"\s*(?:of\s+|in\s+)?(?:next\s+|this\s+|the\s+)?(?:month|" + _MONTH[1:] + r"\b", re.I
)


def _ordinal_weekdays(text: str, today: date, said: list[WeekdayDate]) -> list[WeekdayDate]:
    """A weekday with an ordinal said in words, which Duckling's own rule resolves to the next
    weekday that falls on that day of the month, however far ("Saturday, first thing" on 1 Dec
    2026 is Saturday 1 May 2027). Read here instead, by Duckling's ``ordinal`` dimension:

    * "Saturday the first", "Saturday fifth," (the ordinal after "the", or closing the
      phrase): a day of the month, resolved and checked as "Saturday the 1st" is
      (``_resolve_weekday_date``: the same weekday within ``MONTHLESS_DAYS``, else asked);
    * "Saturday, first thing", "Sunday first up", "Sat, third time lucky": no day of the
      month; the weekday alone (the coming one, today on that weekday);
    * "the first Saturday" with no month after it: asked (which Saturday), never a silent
      jump months ahead ("the first Saturday in January" stays Duckling's).

    ``said``: the digit forms already read (``WEEKDAY_DATE_RE``), never read twice."""
    out: list[WeekdayDate] = []
    low = text.lower()
    for m in _WEEKDAY_WORD_RE.finditer(low):
        if any(w.start <= m.start(2) < w.end for w in said):
            continue
        weekday = _WEEKDAY_INDEX[m.group(2)[:3]]
        gap = _BEFORE_ORDINAL.match(low, m.end())
        after = [
            s
            for s in duck.parse(low[m.end() : m.end() + 40], _REF, ("ordinal",))
            if gap and s.start == gap.end() - m.end()
        ]
        if after:
            span = after[0]
            end = m.end() + span.end
            dom = int(span.value.get("value", 0))
            month = _MONTH_AFTER.match(low, end)
            if month:
                year = int(month.group(2)) if month.group(2) else None
                out.append(
                    _resolve_weekday_date(
                        m.start(),
                        month.end(),
                        weekday,
                        dom,
                        _MONTH_INDEX[month.group(1)[:3]],
                        year,
                        today,
                    )
                )
            elif 1 <= dom <= 31 and (gap.group(1) or _ENDS_A_DATE.match(low, end)):
                out.append(_resolve_weekday_date(m.start(), end, weekday, dom, None, None, today))
            else:
                out.append(WeekdayDate(m.start(), m.end(), _plain(m, weekday, today), None))
            continue
        lo = max(0, m.start() - 24)
        before = [
            s
            for s in duck.parse(low[lo : m.start()], _REF, ("ordinal",))
            if low[lo + s.end : m.start()].strip() == ""
        ]
        if not before or _ORDINAL_FIRST.match(low, m.end()):
            continue  # "the first Saturday in January", "of next month": Duckling's
        a = lo + before[-1].start
        if low[:a].rstrip().endswith(" the") or low[:a].rstrip() == "the":
            name, coming = _DAY_NAMES[weekday], _plain(m, weekday, today)
            question = (
                f": which {name} do you mean, this coming {name} ({_short(coming)}) or another? "
                "Please give the date."
            )
            out.append(WeekdayDate(low.rfind("the", 0, a), m.end(), None, question))
        else:  # "my first Saturday off in ages": the coming one
            out.append(WeekdayDate(a, m.end(), _plain(m, weekday, today), None))
    return out


_REF = datetime(2000, 1, 1)
"""Duckling's ``ordinal`` dimension needs no reference day; one fixed one shares its cache."""


def _plain(m: re.Match, weekday: int, today: date) -> date:
    """The weekday of ``_WEEKDAY_WORD_RE`` match ``m`` said alone ("Saturday", "next Saturday"):
    the coming one (today on that weekday), as ``read_date`` reads the bare word; "next" as
    Duckling reads it."""
    if m.group(1) == "next":
        for span in duck.parse(m.group(0), datetime(today.year, today.month, today.day), ("time",)):
            if span.value.get("grain") == "day":
                return duck.wall(span.value["value"]).date()
    return today + timedelta(days=(weekday - today.weekday()) % 7)


def weekday_week(text: str, today: date) -> list[tuple[int, int, date]]:
    """``(start, end, date)`` for each "Saturday week" of ``text``: the weekday after the next
    one (asked on a Tuesday 1 Dec, "Saturday week" is Saturday 12 Dec; asked on a Saturday,
    it is a week today). Stated as an assumption where applied (``week_assumption``)."""
    out = []
    for m in WEEKDAY_WEEK_RE.finditer(text):
        if re.search(r"\b(?:next|this|last|a|the)\s+$", text[: m.start()], re.I):
            continue  # "next Saturday week", "the Saturday week after": asked (relative)
        weekday = _WEEKDAY_INDEX[m.group(1)[:3].lower()]
        out.append(
            (m.start(), m.end(), today + timedelta(days=(weekday - today.weekday()) % 7 + 7))
        )
    return out


def week_assumption(quote: str, day: str) -> str | None:
    """The assumption to state when a date reading's ``quote`` is "Saturday week"."""
    m = WEEKDAY_WEEK_RE.search(quote)
    if not m:
        return None
    name = _DAY_NAMES[_WEEKDAY_INDEX[m.group(1)[:3].lower()]]
    return f'"{quote}" read as the {name} after next ({day}), as Australians say it'


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
