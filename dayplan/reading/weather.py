"""Rain in request text, with negation: "no rain", "it won't rain", "there won't be any rain"
and "dry" say **no** rain; "in case of rain", "if it rains", "wet-weather backup" are
conditions, not rain; "rain 1-3pm", "showers after 2" are windows; "raining all day",
"a wet day", "it's going to rain" are rain all day; "dry all day", "should stay dry" are no rain;
rain in part of the day said by a period is that period's window ("might shower in the arvo"
12:00-17:00, "a wet morning" 06:00-12:00, "storms in the late arvo" 14:30-18:00)."""

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
RAIN_IN_PERIOD = re.compile(
    r"\b"
    + RAIN
    + r"\b(?:\s+\w+){0,3}?\s+(?:(?:in|during|through|for|later in|by|on)\s+the\s+(?:late\s+|early\s+)?"
    r"|(?:late|early|this|later this)\s+)"
    + PERIOD
    + r"\b|\b(?:(?:late|early)\s+)?"
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


def read_rain(phrase: str, sentence: str = "") -> str | dict | None:
    """What ``phrase`` (in ``sentence``) says about rain: ``"none"``, ``"all_day"``, a window
    ``{"start", "end"}`` (local ``HH:MM``) or ``None`` (nothing, or only a condition)."""
    context = sentence or phrase
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
    for word, (s, e) in _PERIODS.items():
        m = re.search(r"\b(?:(late|early)\s+)?" + word + r"\b", phrase, re.I)
        if m:
            if m.group(1):  # "late afternoon": its second half; "early morning": its first
                mid = (s + e) // 2
                s, e = (mid, e + 60) if m.group(1).lower() == "late" else (s, mid)
            return {"start": clock.hhmm(s), "end": clock.hhmm(min(e, 23 * 60 + 59))}
    return "all_day"
