"""Times of day in request text: points, ranges and deadlines, read to local ``HH:MM``.

Digits (``3``, ``3pm``, ``4.30``, ``15:00``, and 24-hour times without a colon: ``1530``,
``0930``, ``1530hrs``, ``16h``, ``14h30``) are read here; words (``noon``, ``half past four``,
``quarter to five``, ``lunch``) through Duckling. A bare hour ("back by 11") has two readings, 11:00
and 23:00; which one is meant follows from context, by these rules (one place, tested):

1. an explicit ``am``/``pm``, a 24-hour time (``15:00``, ``09:30``, ``1100``, ``16h``) or
   ``noon``/``midnight`` wins;
2. a sentence about the morning (``morning``, ``nap``, ``breakfast``, ``brunch``) reads hours
   6–11 as am; one about the afternoon or evening (``afternoon``, ``arvo``, ``evening``,
   ``tonight``) reads 1–11 as pm; one whose only such word is a meal (``dinner``, ``tea``)
   leaves starts and ends to rule 3 ("leave at 10, home for dinner at 6": 10:00 and 18:00)
   and reads a time said alone 1–8 as pm; a sentence with words of both kinds ("movie in the
   afternoon, park in the morning, home by 6") says nothing of one time's half: rule 3 decides;
3. otherwise by role on a day out: a start ("not before 10") reads 7–11 as am and 1–6 as pm;
   an end ("home by 5", "back by 11") reads 10–11 as am and 1–9 as pm; 12 is noon; an end
   at 7–9 that rule 3 alone decides could be either half of the day ("back by 9:15": a 15-minute
   morning or a 12-hour day): ``times.ambiguous_end`` leaves it unread and the run asks, offering
   both, unless another time of its sentence places the day ("out from 3, home by 9");
4. in a range the end follows the start (the first reading after it), and a start with no
   am/pm takes the end's when that keeps it earlier ("9-11am", "11-1pm").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from dayplan.reading import deferred_re as re
from dayplan.reading import duck
from dayplan.reading.prefilter import prefilter_module

Role = str  # "start" | "end" | "point"

_MERIDIEM = r"(a\.?\s?m\.?|p\.?\s?m\.?)"
_HOURS_MARK = (
    r"|(?<=\d{4})h(?:rs|ours)?\b|(?<=\d{4}\s)h(?:rs|ours)\b|(?<=\d:\d\d)h(?:rs)?\b"
    r"|(?<=\b(?:1[3-9]|2[0-3]))h\b"
)
"""A 24-hour mark in the meridiem's place: "1530hrs", "1530 hours", "15:30h", "16h" (an hour
13-23 only: "2h" is a duration)."""
_CLOCK_CUES = (
    r"\bby ",
    r"\bat ",
    r"\bb4 ",
    r"\btill ",
    r"\buntil ",
    r"\bbefore ",
    r"\bafter ",
    r"\bfrom ",
    "@ ",
    "@",
    r"\bhome ",
    r"\bback ",
)
"""Words right before a bare number that make it a clock time ("by 1930", "out 930")."""
_TIME_CUE_19_20 = "|".join(f"(?<={cue}(?:19|20))" for cue in _CLOCK_CUES)
_THREE_DIGITS = "|".join(f"(?<={cue}[1-9])" for cue in (*_CLOCK_CUES, r"\bout "))
"""Where a time of three digits splits after a time cue ("out by 930", "home 130", "back at
1045" is four): "930" is 9:30 only where a time is expected, never "budget 150"."""
_FOUR_DIGITS = (
    r"(?:(?<=(?<!\d)(?:0\d|1[0-8]|2[1-3]))|" + _TIME_CUE_19_20 + "|" + _THREE_DIGITS + r")"
    r"(?=[0-5]\d(?!\d))"
)
"""Where a 24-hour time without a colon splits ("1530", "0930"): hours 00-18 and 21-23, and 19
and 20 right after a time cue ("home by 1900", "back by 2000"); otherwise 19xx and 20xx are
years ("January 2027")."""
TOKEN = (
    r"(?:(?<![\d:.$])(\d{1,2})(?:(?:[:.]|(?<=(?<!\d)(?:[01]\d|2[0-3]))h(?=[0-5]\d(?!\d))|"
    + _FOUR_DIGITS
    + r")(\d{2}))?\s*"
    + _MERIDIEM[:-1]
    + _HOURS_MARK
    + r")?(?![\d%])"
    r"(?!\s*(?:kids?|children|adults?|people|dollars|bucks|aud|min|mins|minutes|hours?|hrs?"
    r"|km|years?|yrs?|yo|month|of us|girls|boys|grand)\b)"
    r"|\b(noon|midday|midnight|lunchtime|lunch)(?:\b|(?=-?ish\b)))"
)
"""One time of day: groups (hour, minute, meridiem) or (word)."""
TOKEN_RE = re.compile(TOKEN, re.I)
RANGE_SEP = r"\s*(?:-|to|till|til|until|through|thru)\s*(?:(?:about|around|roughly|approx\.?)\s+)?"
TIME_SUFFIX = r"(?:\s*o'?clock\b)?(?:\s*-?\s*ish\b)?"
"""What may follow a time without changing it: "10 o'clock", "9am-ish", "1ish"."""
RANGE_RES = (
    re.compile(
        r"(?:\bfrom\s+)?("
        + TOKEN
        + r")"
        + TIME_SUFFIX
        + RANGE_SEP
        + r"("
        + TOKEN
        + r")"
        + TIME_SUFFIX,
        re.I,
    ),
    re.compile(
        r"(?:\bbetween|\bb/w|\bbtwn)\s+("
        + TOKEN
        + r")"
        + TIME_SUFFIX
        + r"\s*(?:and|&)\s*("
        + TOKEN
        + r")"
        + TIME_SUFFIX,
        re.I,
    ),
)
"""Ranges of two times ("9-3", "from 10am until 2pm", "between 1 and 3"); a match's groups:
1 = the first token, 2-5 its parts, 6 = the second token, 7-10 its parts."""
_MORNING = re.compile(r"\b(morning|nap|naps|breakfast|brunch|morning tea)\b")
_LATER = re.compile(
    r"(?<!\ball )(?<!\bwhole )\b(afternoon|arvo|evening|tonight|dinner|tea ?time|night)\b"
)
"""Words that make a bare hour pm; "all arvo", "the whole afternoon" say how long something
lasts ("party at 11 (all arvo)"), never that its 11 is 23:00."""
_MEAL_ONLY = re.compile(r"\b(afternoon|arvo|evening|tonight|night)\b")
"""When the only later word is a meal ("leave at 10, home for dinner at 6", "leaving home at
8:45, back for dinner at 5.30"), a start or an end keeps its role's reading (the 10 is no
22:00), and a time said alone (role ``point``) reads a dinner's hours (1-8) as pm."""
WORD_TIMES = {"noon": 720, "midday": 720, "midnight": 0, "lunchtime": 720, "lunch": 720}


_DATES = re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b")


def mask_dates(text: str) -> str:
    """``text`` with calendar dates in digits ("2026-12-13", "19/12") blanked out (same length,
    so offsets hold): their digits are no times of day."""
    return _DATES.sub(lambda m: "#" * len(m.group(0)), text)


@dataclass(frozen=True)
class Clock:
    """A time token as read: ``hour`` 0–23 and ``minute``, whether the text fixed am/pm
    (``explicit``), and the token's text."""

    hour: int
    minute: int
    explicit: bool
    text: str


def token(match: re.Match, offset: int = 0) -> Clock | None:
    """The ``Clock`` of a ``TOKEN`` match whose groups start at ``offset`` (``None`` when the
    digits are no time of day, e.g. 25:00)."""
    hour, minute, mer, word = (match.group(offset + i) for i in range(1, 5))
    if word:
        minutes = WORD_TIMES[word.lower()]
        return Clock(minutes // 60, minutes % 60, True, word)
    h, m = int(hour), int(minute or 0)
    if m > 59 or h > 23:
        return None
    if mer and mer.strip().lower().startswith("h"):  # "1530hrs", "16h": 24-hour
        return Clock(h, m, True, match.group(0))
    if mer:
        if h == 0 or h > 12:
            return None
        pm = mer.lower().startswith("p")
        h = (h % 12) + (12 if pm else 0)
        return Clock(h, m, True, match.group(0))
    four = (  # "1100"; "930" (three digits after a cue) has no am/pm said
        minute is not None and len(hour) == 2 and match.end(offset + 1) == match.start(offset + 2)
    )
    four = four or (minute is not None and match.string[match.end(offset + 1)] in "hH")  # "14h30"
    explicit = h == 0 or h > 12 or (len(hour) == 2 and hour.startswith("0")) or four
    return Clock(h, m, explicit, match.group(0))


def resolve(clock: Clock, role: Role, sentence: str = "", after: int | None = None) -> int:
    """Minutes after midnight for ``clock`` by the module's rules (role ``start``/``end``/
    ``point``; ``after``: a time the result must follow, e.g. a range's start)."""
    base = clock.hour * 60 + clock.minute
    if clock.explicit:
        return base
    h = clock.hour
    morning, later = _MORNING.search(sentence), _LATER.search(sentence)
    if h == 12:
        am = True  # noon; midnight is not a day-out time
    elif later and not morning and (_MEAL_ONLY.search(sentence) or (role == "point" and h <= 8)):
        am = False
    elif morning and not later and 6 <= h <= 11:
        am = True
    elif role == "end":
        am = h >= 10
    else:
        am = h >= 7
    value = base if am else base + 12 * 60
    if after is not None and value <= after and value + 12 * 60 < 24 * 60 and h != 12:
        value = (base % (12 * 60)) + 12 * 60
    return value


def by_role_only(clock: Clock, sentence: str = "") -> bool:
    """Whether ``resolve`` reads ``clock`` by its role alone (rule 3): no am/pm, no 24-hour
    time, not 12, and no word of its sentence for either half of the day (rule 2)."""
    if clock.explicit or clock.hour in (0, 12):
        return False
    return not (_MORNING.search(sentence) or _LATER.search(sentence))


AMBIGUOUS_END_HOURS = range(7, 10)
"""Bare hours an end may mean in either half of a day out ("back by 9:15", "home by 8"): rule 3
reads them pm, but a morning's end is as likely, so alone in their sentence they are asked."""


def read_range(match: re.Match, sentence: str = "") -> tuple[int, int] | None:
    """A ``RANGE_RES`` match as ``(start, end)`` minutes, or ``None`` when it is no range of a day
    (end not after start)."""
    return range_of(token(match, 1), token(match, 6), sentence)


def range_of(
    first: Clock | None, second: Clock | None, sentence: str = ""
) -> tuple[int, int] | None:
    """Two read times as a range ``(start, end)`` in minutes by rule 4 of the module docstring,
    or ``None`` when either is no time or the end is not after the start."""
    if first is None or second is None:
        return None
    end_alone = resolve(second, "end", sentence)
    if not first.explicit and second.explicit and first.hour <= 12:
        same = (first.hour % 12) * 60 + first.minute + (12 * 60 if second.hour >= 12 else 0)
        start = same if same < end_alone else (first.hour % 12) * 60 + first.minute
    else:
        start = resolve(first, "start", sentence)
    if second.explicit:
        end = end_alone
    else:  # the first reading of the end after the start: "9:00 to 9:30", "9 to 5", "1 to 3"
        base = (second.hour % 12) * 60 + second.minute
        later = [t for t in (base, base + 12 * 60) if t > start]
        end = later[0] if later else end_alone
    return (start, end) if end > start else None


def word_time(phrase: str) -> int | None:
    """A time of day written in words ("half past four", "quarter to five") through Duckling,
    in minutes, or ``None``. Duckling's own am/pm guess is replaced: hours 1–6 read as pm."""
    for span in duck.parse(phrase, datetime(2026, 1, 1, 0, 0), ("time",)):
        value = span.value
        if value.get("type") != "value" or value.get("grain") not in ("hour", "minute"):
            continue
        at = duck.wall(value["value"])
        minutes = at.hour * 60 + at.minute
        explicit = re.search(
            _MERIDIEM + r"|\b(noon|midday|midnight|morning|evening)\b", phrase, re.I
        )
        if not explicit and at.hour < 7:
            minutes += 12 * 60
        return minutes
    return None


_HOUR_WORDS = {
    w: i + 1
    for i, w in enumerate(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
}
_OFFSET_WORDS = (
    r"half[\s-]past|half|quarter[\s-]past|quarter[\s-]to|quarter[\s-]of|twenty[\s-]past"
    r"|ten[\s-]past|ten[\s-]to|twenty[\s-]to|five[\s-]past|five[\s-]to|twenty-five[\s-]past"
    r"|twenty-five[\s-]to"
)
_HOUR_WORD = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
WORD_TIME = (
    r"\b(" + _OFFSET_WORDS + r")[\s-]+(" + _HOUR_WORD + r"|\d{1,2})\b"
    r"|\b(" + _HOUR_WORD + r")\s+o'?clock\b"
    r"|\b("
    + _HOUR_WORD
    + r")(?:[\s-](fifteen|thirty|forty[\s-]five))?(?:\s*(a\.?m\.?|p\.?m\.?))?\b"
)
"""One time of day in words, wherever it stands (groups as ``WORD_CLOCK_RE``'s): the pieces of a
range in words ("from two to five", "half nine to three")."""
WORD_TIME_RE = re.compile(WORD_TIME, re.I)
_ISH = r"(?:\s*-?\s*ish\b)?"
WORD_RANGE_RE = re.compile(
    r"(?:\b(?P<lead>from|between)\s+)?(?P<a>"
    + WORD_TIME
    + r"|"
    + TOKEN
    + r")"
    + _ISH
    + r"\s*(?P<sep>-|\u2013|\u2014|to|till|til|until|through|thru|and|&)\s*"
    r"(?:(?:about|around|roughly)\s+)?"
    r"(?P<b>"
    + WORD_TIME
    + r"|"
    + TOKEN
    + r")"
    + _ISH
    + r"(?!\s*(?:kids?|children|adults?|people|hours?|hrs?|min|mins|minutes|years?|yrs?|yo"
    r"|of (?:us|them)|days?|weeks?|stops?|places|things|activities|dollars|bucks|times)\b)",
    re.I,
)
"""A range with a time in words at either end ("from two to five", "ten till two", "half nine to
three", "9 till half two"); ``a``/``b`` name its two times, ``lead``/``sep`` its words. Which
matches are ranges is decided by ``word_ranges``."""
_HOUR_WORD_RE = re.compile(r"\b(?:" + _HOUR_WORD + r")\b", re.I)
_CLOCK_CUE_BEFORE = re.compile(
    r"\b(?:by|at|before|around|about|till|til|until|for|after)\s+$", re.I
)


def any_clock(text: str) -> Clock | None:
    """The ``Clock`` of one time written in digits or in words ("3pm", "noon", "half nine",
    "five"), or ``None`` when ``text`` is no single time."""
    text = re.sub(r"\s*-?\s*ish$", "", text.strip(), flags=re.I)
    m = TOKEN_RE.fullmatch(text)
    if m:
        return token(m)
    w = WORD_TIME_RE.fullmatch(text)
    return word_clock(w) if w else None


def word_ranges(text: str, sentence: str = "") -> list[tuple[int, int, int, int]]:
    """``(span_start, span_end, start_min, end_min)`` for each range in ``text`` with a time in
    words at one end or both ("from two to five" 14:00-17:00, "ten till two" 10:00-14:00, "half
    nine to three" 09:30-15:00). "and" joins a range only after "between"; "ten to two" after a
    clock cue ("home by ten to two") is one time (13:50), never a range."""
    if not _HOUR_WORD_RE.search(text):
        return []  # no hour said in words: nothing to find (cheap, checked first)
    out = []
    for m in WORD_RANGE_RE.finditer(text):
        a, b = m.group("a"), m.group("b")
        if not (WORD_TIME_RE.fullmatch(a.strip()) or WORD_TIME_RE.fullmatch(b.strip())):
            continue  # digits at both ends: ``RANGE_RES``
        sep, lead = m.group("sep").lower(), (m.group("lead") or "").lower()
        if sep in ("and", "&") and lead != "between":
            continue
        if sep == "to" and not lead and _CLOCK_CUE_BEFORE.search(text[: m.start()]):
            continue  # "home by ten to two": a quarter-style time, read by ``WORD_CLOCK_RE``
        rng = range_of(any_clock(a), any_clock(b), sentence or text)
        if rng:
            out.append((m.start(), m.end(), *rng))
    return out


WORD_CLOCK_RE = re.compile(
    r"\b(half[\s-]past|half|quarter[\s-]past|quarter[\s-]to|quarter[\s-]of|twenty[\s-]past"
    r"|ten[\s-]past|ten[\s-]to|twenty[\s-]to|five[\s-]past|five[\s-]to|twenty-five[\s-]past"
    r"|twenty-five[\s-]to)[\s-]+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\b"
    r"(?!\s*(?:kids?|children|adults?|hours?|hrs?|min|mins|minutes))"
    r"|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+o'?clock\b"
    r"|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?:[\s-](fifteen|thirty|forty[\s-]five))?(?:\s*(a\.?m\.?|p\.?m\.?))?"
    r"(?=\s*(?:$|[,.;!?)]|and\b|for\b|at\b|latest\b|please\b|then\b|so\b|or\b|-?ish\b|on\b"
    r"|this\b|today\b|tomorrow\b|in the\b|with\b|because\b|cos\b|coz\b|but\b|if\b|onwards?\b"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|sat\b|sun\b))",
    re.I,
)
"""A time said in words the British/Australian way: "half four" (16:30 on a day out), "half past
4", "quarter to five", "ten past two", "three o'clock", and an hour word
alone or with its minutes where a clause ends ("home by five", "back by seven pm"); Duckling
reads none of "half four"."""
_OFFSETS = {
    "half past": 30,
    "half": 30,
    "quarter past": 15,
    "twenty past": 20,
    "ten past": 10,
    "quarter to": -15,
    "quarter of": -15,
    "ten to": -10,
    "twenty to": -20,
    "five past": 5,
    "five to": -5,
    "twenty-five past": 25,
    "twenty-five to": -25,
}


def word_clock(match: re.Match) -> Clock | None:
    """The ``Clock`` of a ``WORD_CLOCK_RE`` match (am/pm left to ``resolve``), else ``None``."""
    if match.group(3):
        return Clock(_HOUR_WORDS[match.group(3).lower()], 0, False, match.group(0))
    if match.group(4):  # "five", "nine thirty", "seven pm"
        hour = _HOUR_WORDS[match.group(4).lower()]
        minute = {"fifteen": 15, "thirty": 30}.get((match.group(5) or "").lower(), 0)
        if match.group(5) and minute == 0:
            minute = 45  # "forty five"
        mer = match.group(6)
        if mer:
            hour = (hour % 12) + (12 if mer.lower().startswith("p") else 0)
        return Clock(hour, minute, bool(mer), match.group(0))
    word = match.group(2).lower()
    hour = _HOUR_WORDS.get(word) or int(word)
    if not 1 <= hour <= 12:
        return None
    said = match.group(1).lower().replace("twenty-five", "twenty_five").replace("-", " ")
    offset = _OFFSETS[" ".join(said.split()).replace("twenty_five", "twenty-five")]
    minutes = hour * 60 + offset
    return Clock(minutes // 60, minutes % 60, False, match.group(0))


def hhmm(minutes: int) -> str:
    """``HH:MM`` for minutes after midnight (0–1439)."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
