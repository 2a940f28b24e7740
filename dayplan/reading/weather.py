"""Rain in request text, with negation: "no rain", "it won't rain", "there won't be any rain"
and "dry" say **no** rain; "in case of rain", "if it rains", "wet-weather backup" are
conditions, not rain; "rain 1-3pm", "showers after 2" are windows; "raining all day",
"a wet day", "it's going to rain" are rain all day; "dry all day", "should stay dry" are no rain;
rain in part of the day said by a period is that period's window ("might shower in the arvo"
12:00-17:00, "a wet morning" 06:00-12:00, "storms in the late arvo" 14:30-18:00).

A negation scoped to part of the day is never a whole day's "no rain" (``dry_scope``):

- up to a time ("won't rain until 2", "dry until lunch then showers", "no rain before 2",
  "fine till 11"): the text implies the weather turns at that time, so it reads as rain from
  then to the end of the day (``{"start": "14:00", "end": "23:59"}``) - the safe side for a plan;
- in a period ("it won't rain in the morning", "a dry morning"): it says nothing about the rest
  of the day, so it is no rain reading at all (``None``): the forecast decides, and the phrase is
  listed as read for the morning only (``scoped_periods``)."""

from __future__ import annotations

import re

from dayplan.reading import clock

RAIN = r"(?:rain|rainy|raining|rains|showers?|storms?|stormy|drizzle|drizzly|wet|pour|pouring|bucketing|downpours?|thunderstorms?)"
RAIN_WORD = re.compile(r"\b" + RAIN + r"\b", re.I)
NO_RAIN = re.compile(
    r"\b(?:no|zero|not any|without)\s+(?:chance of\s+)?"
    + RAIN
    + r"|\b(?:not|won't|wont|isn't|isnt|shouldn't|will not|is not|not going to|not gonna|aren't|never)"
    r"\s+(?:be\s+)?(?:any\s+|expected\s+to\s+|supposed\s+to\s+|meant\s+to\s+|forecast\s+to\s+)?(?:be\s+)?"
    + RAIN
    + r"|\b(?:sunny|clear skies|clear day|no clouds|blue skies?)\b(?:\s+(?:day|all day|weather|forecast))?"
    r"|\b(?:a )?dry (?:day|weekend|saturday|sunday|weather|forecast|all day|the whole day)\b"
    r"|\b(?:stay|staying|stays|keep|keeping) dry\b|\ball day dry\b"
    r"|\b(?:forecast|weather|it)(?:'s| is| will be| looks| should be)(?: \w+)? dry\b"
    r"|\bfine (?:day|weather|and sunny)\b|\b(?:weather|forecast|it)(?:'s| is| will be| looks| should be) fine\b"
    r"|\brain(?:'s| is)? not (?:expected|forecast|likely)\b"
    r"|\b(?:meant|supposed|going|forecast|expected) to be (?:fine|dry|sunny|clear|nice|beautiful)\b",
    re.I,
)
CONDITIONAL = re.compile(
    r"\b(?:in case (?:of|it)|if it|if there(?:'s| is)|should it|unless it|whether or not it|just in case|or if it|when it)\b[^.;!?]{0,20}?"
    + RAIN
    + r"|\b(?:wet[- ]weather|rainy[- ]day|rain)\s+(?:backup|back-up|plan b|option|alternative|plan)\b"
    r"|\bback-?up (?:plan )?(?:for|in case of) " + RAIN,
    re.I,
)
ALL_DAY = re.compile(
    r"\b(?:"
    + RAIN
    + r"\s+all day|all[- ]day\s+"
    + RAIN
    + r"|(?:a|another)\s+(?:wet|rainy|stormy)\s+(?:day|saturday|sunday|one)"
    r"|(?:going to|gonna|will|supposed to|meant to|forecast to|expected to)\s+(?:be\s+)?"
    + RAIN
    + r"|(?:it's|it is|it'll be|it will be)\s+"
    + RAIN
    + r"|forecast(?:'s| is)?\s+(?:for\s+)?"
    + RAIN
    + r"|wet weekend|rained out|(?:rainy|wet|stormy|drizzly) (?:day|saturday|sunday|weekend|one))\b",
    re.I,
)
PERIOD = r"(?:morning|afternoon|arvo|evening|avo)"
_UNTIL_PERIOD = (
    r"(?:\s+(?:to|until|till|til|through(?:\s+to)?|into)\s+(?:the\s+)?(?:(?:late|early|mid)[\s-]?)?"
    + PERIOD
    + r"\b)?"
)
"""A period a rain period runs on to: "late morning to mid-afternoon" is one window."""
RAIN_IN_PERIOD = re.compile(
    r"\b"
    + RAIN
    + r"\b(?:\s+\w+){0,3}?\s+(?:(?:in|during|through|for|later in|by|on|from)\s+the\s+(?:late\s+|early\s+|mid[\s-]?)?"
    r"|(?:from\s+)?(?:late|early|mid|this|later this)[\s-]?)"
    + PERIOD
    + r"\b"
    + _UNTIL_PERIOD
    + r"|\b(?:(?:late|early)\s+)?"
    + PERIOD
    + r"\s+"
    + RAIN
    + r"\b|\b(?:a\s+)?(?:wet|rainy|stormy|drizzly)\s+"
    + PERIOD
    + r"\b",
    re.I,
)
"""Rain in part of the day said by a period: "might shower in the arvo", "afternoon storms",
"a wet morning", "rain later in the afternoon" (the period's hours, below)."""
_PERIODS = {
    "morning": (360, 720),
    "afternoon": (720, 1020),
    "arvo": (720, 1020),
    "avo": (720, 1020),
    "evening": (1020, 1260),
}


_DRY = (
    r"(?:no|zero|not any|without)\s+(?:chance of\s+)?"
    + RAIN
    + r"|(?:won't|wont|will not|isn't|isnt|"
    r"shouldn't|not going to|not gonna|not meant to|not supposed to|not expected to|not forecast to)"
    r"\s+(?:be\s+)?(?:any\s+)?" + RAIN + r"|dry|sunny"
)
"""A negation that a scope may limit ("fine" and "clear" alone are left out: "we're free and
clear until 2" is about the party, not the weather)."""
_UPTO = (
    r"(?:until|till|til|before|up to|up until|through to|'til)\s+(?:about\s+|around\s+)?("
    r"(?:half|quarter|ten|twenty)[\s-]+(?:past|to)[\s-]+\w+|half\s+\w+|"
    + clock.TOKEN
    + r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?:\s+(?:am|pm))?)"
)
_FILL = r"(?:\s+(?!(?:but|then|and|though|however|later)\b)(?!" + RAIN + r"\b)[\w']+){0,2}?"
"""Up to two words between a negation and its scope, none of them a turn ("but", "then") or
a rain word: "won't rain but showers in the afternoon" scopes nothing to the afternoon."""
DRY_UNTIL = re.compile(r"\b(?:" + _DRY + r")\b" + _FILL + r"\s+" + _UPTO, re.I)
"""A negation up to a time: "won't rain until 2", "dry until lunch", "no rain before 2"."""
UNTIL_DRY = re.compile(
    r"\b(?:until|till|til|before)\s+("
    + clock.TOKEN
    + r")\s*,?\s+(?:it\s+)?(?:\w+\s+){0,2}?(?:"
    + _DRY
    + r")\b",
    re.I,
)
"""The same said time first: "until 2 it should stay dry", "before lunch there's no rain"."""
DRY_PERIOD = re.compile(
    r"\b(?:" + _DRY + r")\b" + _FILL + r"\s+(?:in|during|for|through|this|in the|during the"
    r"|for the|through the)\s+(?:the\s+)?(?:(?:late|early)\s+)?(" + PERIOD + r")\b"
    r"|\b(?:a\s+)?(?:dry|fine|sunny|clear)\s+(?:(?:late|early)\s+)?(" + PERIOD + r")\b"
    r"|\b(?:the\s+|this\s+)?(" + PERIOD + r")\s+(?:should|will|looks|is|'s|is going to|might)\s+"
    r"(?:be\s+|stay\s+|look\s+)?(?:dry|fine|clear|sunny)\b"
    r"|\b(?:in the|this)\s+(" + PERIOD + r")\s*,?\s+(?:it\s+|there\s+)?(?:won't|wont|will not|"
    r"shouldn't|isn't|isnt)\s+(?:be\s+)?(?:any\s+)?" + RAIN,
    re.I,
)
"""A negation in one period: "won't rain in the morning", "a dry morning", "the arvo should be
fine", "in the morning it won't rain"."""

WEATHER_TURN = re.compile(
    r"\b(?:clear(?:s|ing|ed)?(?:\s+up)?|fin(?:e|es|ing)\s+up|brighten(?:s|ing)?(?:\s+up)?"
    r"|(?:the\s+)?(?:sun|weather|forecast)(?:'s|\s+\w+)?|eas(?:e|es|ing)\s+off|dr(?:y|ies|ying)\s+up"
    r"|(?:should|will|might|meant to|supposed to|going to)\s+(?:clear|fine up|dry out|dry up))"
    r"(?:\s+(?:up|off|out))?\s+(?:\w+\s+)?$",
    re.I,
)
"""Weather that turns before a time ("clearing after lunch", "should clear up by 2", "fining up
from 3", "the sun's out after 11"): the weather's time, never the day's window."""


def _upto_minutes(said: str, context: str) -> int | None:
    m = clock.WORD_CLOCK_RE.search(said)
    c = clock.word_clock(m) if m else None
    if c is None:
        t = clock.TOKEN_RE.search(said)
        c = clock.token(t) if t else None
    return None if c is None else clock.resolve(c, "end", context)


def _around(phrase: str, context: str) -> str:
    """``phrase`` with up to 45 characters of ``context`` on each side (where it stands)."""
    at = context.lower().find(phrase.lower().strip())
    if at < 0:
        return phrase
    return context[max(0, at - 45) : at + len(phrase.strip()) + 45]


def dry_scope(phrase: str, sentence: str = "") -> tuple[str, int, int] | None:
    """The part of the day a negation in ``phrase`` covers, when it covers only part of it:
    ``("until", 0, minutes)`` for "won't rain until 2" / "dry until lunch" / "no rain before 2",
    ``("period", start, end)`` for "won't rain in the morning"; ``None`` when the negation is not
    scoped (or there is none). Looks at ``phrase`` where it stands in ``sentence``."""
    for text in (phrase, _around(phrase, sentence or phrase)):
        for rx in (DRY_UNTIL, UNTIL_DRY):
            m = rx.search(text)
            if m:
                at = _upto_minutes(m.group(1), sentence or phrase)
                if at is not None and 0 < at < 23 * 60:
                    return ("until", 0, at)
        m = DRY_PERIOD.search(text)
        if m:
            word = next(g for g in m.groups() if g).lower()
            s, e = _PERIODS[word]
            return ("period", s, e)
    return None


def scoped_phrases(sentence: str) -> list[tuple[int, int, str, int, int]]:
    """``(start, end, kind, from, to)`` for each scoped negation in ``sentence`` (see
    ``dry_scope``): the spans a whole-day "no rain" must not be read from."""
    out = []
    for rx, kind in ((DRY_UNTIL, "until"), (UNTIL_DRY, "until"), (DRY_PERIOD, "period")):
        for m in rx.finditer(sentence):
            scope = dry_scope(m.group(0), sentence)
            if (
                scope
                and scope[0] == kind
                and not any(a < m.end() and m.start() < b for a, b, *_ in out)
            ):
                out.append((m.start(), m.end(), *scope))
    return sorted(out)


def whole_day_dry(sentence: str) -> bool:
    """Whether ``sentence`` says no rain for the whole day (a negation that no scope limits)."""
    scoped = scoped_phrases(sentence)
    return any(
        not any(a <= m.start() < b for a, b, *_ in scoped) for m in NO_RAIN.finditer(sentence)
    )


def read_rain(phrase: str, sentence: str = "") -> str | dict | None:
    """What ``phrase`` (in ``sentence``) says about rain: ``"none"``, ``"all_day"``, a window
    ``{"start", "end"}`` (local ``HH:MM``) or ``None`` (nothing, only a condition, or a negation
    scoped to one period: see ``dry_scope``)."""
    context = sentence or phrase
    if NO_RAIN.search(phrase) or DRY_UNTIL.search(phrase) or UNTIL_DRY.search(phrase):
        scope = dry_scope(phrase, context)
        if scope and scope[0] == "until":
            return {"start": clock.hhmm(scope[2]), "end": "23:59"}
        if scope:
            return None
    if not RAIN_WORD.search(phrase) and not NO_RAIN.search(phrase):
        from dayplan.reading import times  # a range in a list after a rain word: "2-3"

        rs = times.ranges(phrase, context)
        if rs and times.in_sentence_kind(phrase, context) == "rain" and not NO_RAIN.search(context):
            return {"start": clock.hhmm(rs[0][2]), "end": clock.hhmm(rs[0][3])}
        return None
    if NO_RAIN.search(phrase):
        return "none"
    if CONDITIONAL.search(phrase) or (CONDITIONAL.search(context) and not ALL_DAY.search(phrase)):
        return None
    for rx in clock.RANGE_RES:
        m = rx.search(phrase)
        if m:
            rng = clock.read_range(m, context)
            if rng:
                return {"start": clock.hhmm(rng[0]), "end": clock.hhmm(rng[1])}
    for _, _, s, e in clock.word_ranges(phrase, context)[:1]:  # "showers from two to five"
        return {"start": clock.hhmm(s), "end": clock.hhmm(e)}
    m = re.search("(" + clock.TOKEN + r")\s+" + RAIN, phrase, re.I)  # "the 3pm storm"
    if m:
        c = clock.token(m, 1)
        if c is not None:
            at = clock.resolve(c, "start", context)
            return {"start": clock.hhmm(at), "end": "23:59"}
    m = re.search(r"\b(after|from|until|till|til|before)\s+(" + clock.TOKEN + r")", phrase, re.I)
    if m:
        c = clock.token(m, 2)
        if c is not None:
            at = clock.resolve(
                c, "start" if m.group(1).lower() in ("after", "from") else "end", context
            )
            window = (at, 23 * 60 + 59) if m.group(1).lower() in ("after", "from") else (0, at)
            if window[1] > window[0]:
                return {"start": clock.hhmm(window[0]), "end": clock.hhmm(window[1])}
    said = [
        _period_span(m)
        for m in re.finditer(r"\b(?:(late|early|mid)[\s-]?)?(" + PERIOD + r")\b", phrase, re.I)
    ]
    if said:  # "late morning to mid-afternoon": from the first period's start to the last's end
        s, e = said[0][0], max(said[-1][1], said[0][1])
        return {"start": clock.hhmm(s), "end": clock.hhmm(min(e, 23 * 60 + 59))}
    return "all_day"


def _period_span(m: re.Match) -> tuple[int, int]:
    """Minutes of a said period: "late afternoon" its second half (and an hour on), "early
    morning" its first half, "mid-afternoon" its middle half; a bare period whole."""
    s, e = _PERIODS[m.group(2).lower()]
    how = (m.group(1) or "").lower()
    if how == "late":
        return (s + e) // 2, e + 60
    if how == "early":
        return s, (s + e) // 2
    if how == "mid":
        q = (e - s) // 4
        return s + q, e - q
    return s, e
