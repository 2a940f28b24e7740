"""Parts of the day said in words ("this arvo", "Saturday morning", "just the afternoon",
"midday till late afternoon") as the day's window: one stated mapping, read and verified here.

The mapping (local time, minutes after midnight in ``PARTS``) is the conventional day-out one:
a part starts and ends where a parent's day does, inside the default day window 09:00-17:00
(``dayplan.reading.apply.DEFAULT_WINDOW``) plus the evening:

=====================  ============  ==================================================
part                   window        why
=====================  ============  ==================================================
morning                09:00-12:00   the default day's start; the morning ends at noon
                                     (Duckling's ``morning`` ends at 12:00 too; its start,
                                     00:00, is no time to go out)
early morning          07:00-10:00   an early start, the morning's first half
mid-morning            10:00-12:00
late morning           10:00-12:00
afternoon / arvo       12:00-17:00   Duckling's ``afternoon`` starts at 12:00; it ends at
                                     the default day's end (attractions close ~17:00;
                                     Duckling's 19:00 is past a family's outing)
early afternoon        12:00-15:00
mid-afternoon          14:00-16:00
late afternoon / arvo  15:00-17:00
evening / tonight      17:00-20:00   where the afternoon ends to a family bedtime
                                     (Duckling's ``tonight`` is 18:00-24:00)
early evening          17:00-19:00
=====================  ============  ==================================================

How a part bounds the window (``spans``):

- a part alone is the window's start and end ("this arvo" 12:00-17:00, "Saturday morning"
  09:00-12:00); the day word said with it ("this", "tomorrow", a weekday) is part of the quote
  (the date is read from the same words: "this arvo" is today, ``dates``);
- after a start cue, "from" a part is the window's start ("from mid-morning" 10:00, "leaving
  early afternoon" 12:00), "after"
  a part its end ("after the morning" 12:00); a part after an end cue is a deadline in vague
  words ("home by mid-afternoon", "back before evening", "out till late arvo"): not read
  here, so the coverage net lists it and the run asks, as for "home before dinner";
- "first thing" is the morning's start, a start only ("the market first thing, then Eat
  Street in the evening" 09:00-20:00 with the evening's end);
- a part said with "start" or "finish" gives that bound only ("an early morning start"
  07:00); several parts said alone in one sentence span the earliest start to the latest end
  ("out in the morning, home for naps, back out in the afternoon" 09:00-17:00);
- a part the party is busy for, or rules out, is the day's other side: "busy in the morning"
  and "nothing in the morning" start the day at the morning's end (12:00), "tied up Saturday arvo" ends it at the afternoon's start
  (12:00), "booked until the afternoon" starts it there;
- a range of two parts, or of a part and a time, runs from the first's start to the second's
  end ("midday till late afternoon" 12:00-17:00, "morning till 2" 09:00-14:00, "9 till
  mid-afternoon" 09:00-16:00, "morning and afternoon" 09:00-17:00: "and" joins two parts
  only); a clock time there reads by the day-out rule for its role (``clock.resolve``);
- an explicit time wins for its bound: the reader sorts part-of-the-day readings after the
  times said (``propose``), so "Saturday morning, home by 11" is 09:00-11:00 and "afternoon
  from 2" 14:00-17:00; a structured ``window`` wins over both (``apply``).

What is no part of the day's window (false friends, each tested): "morning tea", "afternoon
tea", "good morning"; a part naming an appointment's time ("afternoon nap 1-2", "footy in the
morning", "busy Saturday morning", "party this evening": a blocked window or nothing, never
the day); a part qualifying a time ("10 in the morning", "9 on Saturday morning": the time is
read, the part only says am or pm); "the evening before", "the morning after", "yesterday
afternoon", "every morning", "mornings" (a habit); a negated part ("not the morning", "can't
do mornings"); a part said of the weather ("showers in the afternoon", "hot in the arvo"); and
"avo" unless a day word or "the" says it is the afternoon ("smashed avo" is breakfast).

Pure and fast: patterns only (no Duckling call), through the prefilter.
"""

from __future__ import annotations

from dayplan.reading import clock
from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run
from dayplan.reading.prefilter import prefilter_module

PARTS: dict[str, tuple[int, int]] = {
    "morning": (9 * 60, 12 * 60),
    "early morning": (7 * 60, 10 * 60),
    "mid morning": (10 * 60, 12 * 60),
    "late morning": (10 * 60, 12 * 60),
    "afternoon": (12 * 60, 17 * 60),
    "early afternoon": (12 * 60, 15 * 60),
    "mid afternoon": (14 * 60, 16 * 60),
    "late afternoon": (15 * 60, 17 * 60),
    "evening": (17 * 60, 20 * 60),
    "early evening": (17 * 60, 19 * 60),
}
"""The window of each part of the day (see the module docstring for the convention)."""
NOON = 12 * 60
""""midday", "noon", "lunchtime" as an end of a range of parts: 12:00."""

_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?(?:'s)?"
_DAY_WORD = r"(?:this|tomorrow|tmrw|today'?s|" + _WEEKDAY + r")"
_QUAL = r"(?:(?:early|mid|late)[\s-]?)?"
PART = (
    r"(?:(?:" + _DAY_WORD + r"|the|in\s+the)\s+" + _QUAL + r"(?:avo)(?![\w-])"
    r"|" + _QUAL + r"(?:morning|morn|afternoon|arvo|evening)(?![\w-])"
    r"|tonight(?![\w-]))"
)
"""One part of the day ("late arvo", "mid-morning", "this avo", "tonight")."""
PART_RE = re.compile(r"\b(?:" + _DAY_WORD + r"\s+)?" + PART, re.I)
"""A part of the day with the day word said before it ("this arvo", "Saturday morning")."""
_NOON = r"(?:midday|noon|lunch\s?time|lunch)"
_SEP = r"\s*(?:-|to|till|til|until|through|thru|and|&|into)\s*(?:(?:the|about|around)\s+)?"
_POINT = (
    r"(?:" + PART + r"|" + _NOON + r"(?![\w-])|first\s+thing(?![\w-])|(?:" + clock.TOKEN + r"))"
)
RANGE_RE = re.compile(
    r"(?:\bfrom\s+)?\b(?:"
    + _DAY_WORD
    + r"\s+)?(?:the\s+)?(?P<first>"
    + _POINT
    + r")"
    + _SEP
    + r"(?P<second>"
    + _POINT
    + r")",
    re.I,
)
"""Two ends, at least one a part of the day: "midday till late afternoon", "morning to 2"."""
_CUE_BEFORE = re.compile(
    r"\b(?:(by|before|b4|(?:home|back)(?:\s+home)?\s+(?:in|for|during|around|at))"
    r"|(till|til|until|up\s+to|up\s+until|through)"
    r"|(from|starting|start(?:ing)?\s+(?:in|at)|leav(?:e|ing)(?:\s+home|\s+the\s+house)?(?:\s+in)?"
    r"|head(?:ing)?\s+(?:off|out)(?:\s+in)?|set(?:ting)?\s+off(?:\s+in)?|go(?:ing)?\s+out\s+in)"
    r"|(after))\s+(?:about\s+|around\s+)?(?:the\s+)?$",
    re.I,
)
_BUSY = re.compile(
    r"\b(?:busy|booked(?:\s+up)?|tied\s+up|occupied|unavailable|not\s+free|not\s+available"
    r"|(?:we're|we\s+are|i'm|i\s+am|they're)\s+working|at\s+work|can't\s+do|cannot\s+do"
    r"|can\s+not\s+do|nothing|not)\s+(?:(in|on|for|during|all|until|till|til)\s+)?(?:the\s+)?"
    r"(?:" + _DAY_WORD + r"\s+)?$",
    re.I,
)
"""The party said busy for a part, or the part ruled out ("busy in the morning", "tied up
Saturday arvo", "booked until the afternoon", "nothing in the morning", "not the arvo")."""
_AFTER_WORDS = re.compile(
    r"\s*(?:tea|teas|nap|naps|napping|sleep|sleeps|rest|snooze|person|people|routine|shift"
    r"|markets?|delight|news|prior|beforehand|of\s+the\s+day\s+before"
    r"|(?:before|after)(?=\s*(?:[,.;!?)]|$|-\s|we\b|i\b|they\b|you\b|our\b|my\b|that\b"
    r"|the\s+(?:party|wedding|trip|flight|event|big\s+day|funeral|holiday|show|concert|game)\b"
    r"|christmas\b|new\s+year)))\b",
    re.I,
)
"""Words after a part that make it no part of the day out ("morning tea", "the evening
before", "the morning after the party", "afternoon nap"); "morning before it gets hot" is the
morning."""
_BEFORE_WORDS = re.compile(
    r"\b(?:good|every|each|most|some|yesterday|last|other|that|one)\s+(?:" + _DAY_WORD + r"\s+)?$",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|no|never|can't|cannot|can not|don't|dont|won't|isn't|except|anything but"
    r"|rather than|instead of|apart from|other than)\b"
    r"(?:\s+(?:in|on|for|during|do|doing|the|this|a|an|any|until|till|til|before|really|going"
    r"|out|go|tomorrow|" + _WEEKDAY + r")\b)*\s*$",
    re.I,
)
"""A negation just before a part ("not the morning", "can't do the arvo", "not Saturday
morning"); "no kids Saturday arvo" negates the kids, not the arvo."""
_NOT_DAY = re.compile(
    r"\b(?:tied up|occupied|unavailable|school|kindy|daycare|childcare|day\s?care"
    r"|sleep(?:ing)?\s+in|lie-?in|rain|rainy|raining|showers?|storms?|stormy|wet|drizzle"
    r"|thunder\w*|hot|heat|humid|scorch\w*|forecast|weather|sunny|windy|cold|chilly)\b",
    re.I,
)
"""Words earlier in a part's clause that make it not the day out's: something the party is
busy with, or the weather ("showers in the afternoon")."""
_TIME_BEFORE = re.compile(
    r"(?:\d(?:\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock))?|\b(?:one|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve|noon|midday)(?:\s+o'?clock)?)\s*(?:-?ish\s*)?"
    r"(?:(?:in|on|of)\s+(?:the\s+|a\s+)?|this\s+|tomorrow\s+|" + _WEEKDAY + r"\s+)*$",
    re.I,
)
"""A time just before a part ("10 in the morning", "9 on Saturday morning", "3 this arvo"):
the part says am or pm of that time, no window of its own."""
_CLAUSE_BREAK = re.compile(r"[,;.!?()]|\s-\s|\b(?:then|but|and then|so|after that)\b", re.I)


def _part_key(said: str) -> str | None:
    """The ``PARTS`` key of a part said ("late arvo" -> "late afternoon"), or ``None``."""
    words = re.sub(r"[\s-]+", " ", said.lower()).split()
    if not words:
        return None
    if words[-1] == "tonight":
        return "evening"
    base = {"arvo": "afternoon", "avo": "afternoon", "morn": "morning"}.get(words[-1], words[-1])
    if base not in ("morning", "afternoon", "evening"):
        return None
    qual = words[-2] if len(words) > 1 and words[-2] in ("early", "mid", "late") else ""
    key = f"{qual} {base}".strip()
    return key if key in PARTS else base


_REACH = 200
"""How far back (characters) a part's clause is searched for what it is said with: a clause
longer than that is cut there (keeps a 4000-character text without commas linear)."""


def _clause_start(sentence: str, at: int) -> int:
    lo = max(0, at - _REACH)
    ends = [m.end() for m in _CLAUSE_BREAK.finditer(sentence[lo:at])]
    return lo + ends[-1] if ends else lo


def _blocked_before(sentence: str, lo: int, at: int) -> bool:
    from dayplan.reading import times  # times imports this module at load

    return bool(times.BLOCK_RE.search(sentence[lo:at]))


def stands(sentence: str, a: int, b: int) -> bool:
    """Whether the part of the day at ``a:b`` of ``sentence`` (normalised) says the day out's
    time, by the false-friend rules of the module docstring."""
    after = sentence[b : b + 80]
    if _AFTER_WORDS.match(after) or re.match(r"s\b", after):
        return False
    from dayplan.reading import times

    if times.BLOCK_RE.match(after.lstrip(" ")) and not re.match(r"\s*(?:lunch)\b", after):
        return False  # "afternoon nap", "morning footy", "evening party"
    head = sentence[max(0, a - 60) : a]
    if _BEFORE_WORDS.search(head) or _TIME_BEFORE.search(head):
        return False
    lo = _clause_start(sentence, a)
    clause = sentence[lo:a]  # sliced: the prefilter scans the string it is given
    if _BUSY.search(clause) and (a - lo) < 60:
        return True  # "busy in the morning": read by ``spans`` as the day's other side
    if _NEGATED.search(clause) or _NOT_DAY.search(clause):
        return False
    return not _blocked_before(sentence, lo, a)


def _end(sentence: str, a: int, b: int, role: str) -> tuple[int, int] | None:
    """``(minutes, span_start)`` of one end of a range at ``a:b``: a part's start (``start``)
    or end (``end``), noon, or a clock time resolved for ``role`` (``clock.resolve``)."""
    said = sentence[a:b].strip()
    key = _part_key(said)
    if key:
        return PARTS[key][0 if role == "start" else 1], a
    if re.fullmatch(_NOON, said, re.I):
        return NOON, a
    if re.fullmatch(r"first\s+thing", said, re.I):
        return PARTS["morning"][0], a  # "first thing till late arvo": the morning's start
    m = clock.TOKEN_RE.fullmatch(said)
    c = clock.token(m) if m else None
    # by the day-out rule for its role, not the sentence's words: in "9 till mid-afternoon"
    # the afternoon is the range's other end, no hint that 9 is 21:00
    return (clock.resolve(c, role, ""), a) if c else None


def spans(sentence: str) -> list[tuple[int, int, str, int]]:
    """``(span_start, span_end, role, minutes)`` for each window bound a part of the day in
    ``sentence`` (normalised) says, role ``start`` or ``end``, by the module's rules: two items
    for a part alone or a range, one after a start cue ("from mid-morning")."""
    return list(_spans(sentence))


@per_run
def _spans(sentence: str) -> tuple[tuple[int, int, str, int], ...]:
    if not PART_RE.search(sentence) and not FIRST_THING_RE.search(sentence):
        return ()
    out: list[tuple[int, int, str, int]] = []
    taken: list[tuple[int, int]] = []
    alone: list[tuple[int, int, int, int]] = []  # parts said alone: (span, start, end or -1)
    for m in RANGE_RE.finditer(sentence):
        a1, b1, a2, b2 = m.start("first"), m.end("first"), m.start("second"), m.end("second")
        parts = [x for x in ((a1, b1), (a2, b2)) if _part_key(sentence[x[0] : x[1]])]
        if not parts or not all(stands(sentence, *x) for x in parts):
            continue
        if len(parts) < 2 and re.search(r"\b(?:and|into)\b|&", sentence[b1:a2]):
            continue  # "morning and 2 kids": "and" joins two parts only ("morning and arvo")
        start, end = _end(sentence, a1, b1, "start"), _end(sentence, a2, b2, "end")
        if start and end and start[0] < end[0]:
            out += [(m.start(), m.end(), "start", start[0]), (m.start(), m.end(), "end", end[0])]
            taken.append(m.span())
    for m in FIRST_THING_RE.finditer(sentence):  # "the market first thing": a start only
        if stands(sentence, m.start(), m.end()):
            alone.append((m.start(), m.end(), PARTS["morning"][0], -1))  # no end of its own
            taken.append(m.span())
    for m in PART_RE.finditer(sentence):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        word = re.search(
            r"(?:(?:early|mid|late)[\s-]?)?(?:morning|morn|afternoon|arvo|avo|evening|tonight)$",
            m.group(0),
            re.I,
        )
        if not word:
            continue
        a, b = m.start() + word.start(), m.end()
        if not stands(sentence, a, b):
            continue
        key = _part_key(m.group(0))
        if not key:
            continue
        start, end = PARTS[key]
        bl = max(0, m.start() - 40)
        busy = _BUSY.search(sentence[bl : m.start()])
        if busy and not re.search(r"[,;.!?]", busy.group(0)):
            if busy.group(1) and busy.group(1).lower() in ("until", "till", "til"):
                out.append((bl + busy.start(), m.end(), "start", start))  # busy until the arvo
            elif start < NOON:
                out.append((bl + busy.start(), m.end(), "start", end))  # busy in the morning
            else:
                out.append((bl + busy.start(), m.end(), "end", start))  # busy in the afternoon
            continue
        cl = max(0, m.start() - 25)
        cue = _CUE_BEFORE.search(sentence[cl : m.start()])
        if cue and (cue.group(1) or cue.group(2)):
            continue  # "home by mid-afternoon": a vague deadline, left to the net (asked)
        if cue and cue.group(3):
            out.append((cl + cue.start(), m.end(), "start", start))
        elif cue and cue.group(4):
            out.append((cl + cue.start(), m.end(), "start", end))
        elif re.match(r"\s+start\b", sentence[m.end() :]):
            out.append((m.start(), m.end(), "start", start))  # "an early morning start"
        elif re.match(r"\s+finish\b", sentence[m.end() :]):
            out.append((m.start(), m.end(), "end", end))  # "a mid-afternoon finish"
        else:
            alone.append((m.start(), m.end(), start, end))
    if alone:  # "out in the morning, back out in the afternoon": first start to last end
        first = min(alone, key=lambda x: (x[2], x[0]))
        last = max(alone, key=lambda x: (x[3], -x[0]))
        out.append((first[0], first[1], "start", first[2]))
        if last[3] >= 0:  # "first thing" alone gives no end
            out.append((last[0], last[1], "end", last[3]))
    return tuple(sorted(out))


def is_part_quote(quote: str) -> bool:
    """Whether ``quote`` (a window reading's) is a part of the day in words with no clock time
    ("this arvo", "midday till late afternoon"): such a reading yields to a time said."""
    q = " ".join(quote.lower().split()).strip(" ,.;:!?")
    return bool(spans(q)) and not re.search(r"\d", q)


def stands_in(quote: str, sentence: str) -> bool:
    """Whether the part of the day ``quote`` says is read as the day out's where the quote
    stands in ``sentence`` (both normalised): at some occurrence, a span of ``spans`` lies
    inside the quote's. "morning" of "morning tea at 10" does not stand; of "Saturday
    morning, 2 kids" it does."""
    q = " ".join(quote.lower().split()).strip(" ,.;:!?")
    found = spans(sentence)
    at = sentence.find(q)
    while at >= 0:
        if any(
            at <= a and b <= at + len(q) or (a <= at and at + len(q) <= b) for a, b, _, _ in found
        ):
            return True
        at = sentence.find(q, at + 1)
    return False


FIRST_THING_RE = re.compile(r"\bfirst\s+thing(?:\s+in\s+the\s+(?:morning|morn))?\b", re.I)
""""First thing" ("the market first thing"): the morning's start, a start only."""


TODAY_RE = re.compile(
    r"\bthis\s+(?:(?:early|mid|late)[\s-]?)?(?:morning|afternoon|arvo|avo|evening)\b|\btonight\b",
    re.I,
)
"""A part of today ("this arvo", "this morning", "tonight"): the date is today."""


def today_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (normalised) naming a part of today as the day out's ("this arvo",
    "tonight"; not "I checked the forecast this morning", "party tonight"): the date is today."""
    out = []
    for m in TODAY_RE.finditer(text):
        word = re.search(r"\S+$", m.group(0))
        if stands(text, m.start() + word.start(), m.end()):
            out.append(m.span())
    return out


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
