"""The day's window and blocked windows from time phrases: what a time in a sentence is for.

- a range after a rain word is rain (``weather``); after an appointment word ("footy training
  9-10am", "nap 12-2", "lunch at home 12-1") it is a **blocked** window, not the day's window;
  any other range is the day's window ("out 9 to 3");
- an end cue before a time makes it the window's end (the time home): "home by", "back by",
  "back at", "need to leave by", "done by", "finish by", "until", "in bed by", "🏠 by",
  "need to be free by 3" and "need to be free from 3" ("party at 3, so need to be free from
  3": free for what comes then), a bare "b4 3"/"before 3" alone in its clause ("me+2kids b4
  3"); but "need to leave by 9:30" beside another end ("..., home by 2") is leaving home, a
  morning start (alone, "need to leave by 3" stays the end);
- an end at 7-9 with no am/pm and nothing else in its sentence to place the day ("back by
  9:15") is 09:15 or 21:15: not read, asked offering both (``ambiguous_end``);
- a range then a later time home ("Eat Street 5-8pm and home by 8:30") is the day from the
  range's start to the time home (``home_by_after``);
- "lunch" as an outing of the day is no appointment over a range beside it: "after lunch
  2pm-5pm", "a nice lunch and a gallery, 11 till 4", "lunch out and then a movie, 12 till 5",
  "a long lunch 12-3" are the day's window (``lunch_outing``); "lunch at home 12-1", "lunch with
  grandma 12-2" and a lunch inside a day ("9-4, lunch 12-1") stay blocked;
- "home by 11 for the baby's nap, then out again 2 till 5" is a stay at home 11:00-14:00
  (``HOME_FOR_BREAK``); alone, "home by 11 for her nap" is the day's end;
- a start cue makes it the window's start: "not before", "no earlier than", "after", "from",
  "start at", "leave home at", "out the door at", "head off at";
- "after lunch" is 13:00 and "before lunch" 12:00 (lunch taken as 12:00-13:00), unless a range
  says the times ("after lunch, 1:30 to 4:30") or the day is said in two halves ("outdoors in
  the morning then indoors after lunch": no bound, ``lunch_splits_day``); "morning only"
  ("just the morning") is 09:00-12:00 and "arvo only" 12:00-17:00; any other part of the day
  said as the day out's ("this arvo", "Saturday morning", "evening", "midday till late
  afternoon") bounds the window by ``dayparts`` (its mapping and false friends);
- "nothing before 10", "can't leave till 10", "10 or later", "10am at the earliest" are a start;
- ranges in words: "from two to five", "ten till two", "half nine to three" (``clock``);
- a range beside an outing ("museum trip 10-12") is an outing at a set time (``activity``):
  neither the window nor an appointment, so it is left unread and asked about;
- times in words the Australian way: "half four" 16:30, "quarter to ten" 09:45 (``clock``);
- a blocked window is at home when the phrase or its sentence says so ("nap at home 1-3", "in
  her cot", "asleep 1-3 so we'll be home then"); "must be home by 5" is a deadline, never that;
- an appointment word's cue reaches a range before it, or right after it in the same clause
  ("9-10 footy"), never across a comma ("9 till 4, quiet time at home 1-2": the day, then a
  quiet time);
- an appointment with one time is a blocked window too (``point_blocks``): "doctor at 1pm for
  an hour", "piano lesson at 10 (45 mins)", "a party at 2pm (till 2:30)"; with no end said,
  an afternoon one ("kids party at 3.30") ends the day at its start and an earlier one lasts
  an hour, both stated as assumptions;
- deadline shorthand: "home @ 4", "home b4 4", "latest home time 3pm", "finish up by 2:45";
  a start: "the earliest we can go is 10:30"; 24-hour times without a colon ("home by
  1530", "0930-1500", "1530hrs", "16h") are read by ``clock``.
"""

from __future__ import annotations

from datetime import datetime

from dayplan.reading import clock, dayparts, duck, weather
from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.prefilter import prefilter_module

BLOCK_WORDS = (
    r"nap|naps|nap time|naptime|sleep|sleeps|sleeping|asleep|quiet time|lunch|training|practice|footy|soccer|netball|cricket|rugby"
    r"|swimming lessons?|lessons?|class|classes|ballet|dance|party|appointment|appt|doctor|dentist"
    r"|church|mass|rehearsal|game|match|tutoring|tutor|busy|booked|something on|pick-?up|drop-?off"
    r"|meeting|work|shift|birthday|haircut|physio|playdate|music|piano|karate|scouts|nippers"
    r"|football|basketball|tennis|hockey|gymnastics|athletics|futsal|baseball|softball|volleyball"
    r"|auskick|oztag|swim club|swim squad|surf club|rowing|blocked|call|zoom|zoom call|video call"
    r"|christening|baptism|wedding|funeral|recital|exam|interview|vet|optometrist|orthodontist"
    r"|carnival|swimming carnival|athletics carnival|concert|eisteddfod|sports day|swim meet"
    r"|graduation|presentation|performance|booking|reservation"
    r"|sport|sports|trials|grading|coaching|cubs|joeys|brownies|girl guides|guides|tee-?ball|t-ball"
    r"|water polo|lacrosse|squash|badminton"
)
BLOCK_RE = re.compile(r"\b(" + BLOCK_WORDS + r")\b", re.I)
END_CUE = re.compile(
    r"(?:\U0001f3e0\ufe0f?(?: by| before| at| @)?"  # the house emoji: "🏠 by 3pm"
    r"|(?:(?<=[,;(] )|(?<=[,;(])|(?<=kids )|(?<=kid )|(?<=adults )|(?<=\bus ))(?:by|before)"
    r"|\b(?:(?:need|have|has|got|gotta|must)(?: to)? be )free (?:by|before|from|at)"
    r"|\b(?:(?:be |get |got to be |need to be |have to be |must be |gotta be )?(?:home|back)(?: home)?"
    r"(?: (?:to|at) \w+(?: \w+)?)?"
    r"(?: in time)?(?: for (?:(?:a |her |his |the |their |our |my |the kids'? |kids'? )?(?:lunch|dinner|tea|naps?))(?= (?:by|at|before) ))?"
    r"(?: by| before| b4| at| @| for| no later than|,? latest)?|need to leave(?: by| at)?|have to leave(?: by| at)?"
    r"|(?:can't|cannot|can not|don't want to|dont want to|not)\s+(?:be\s+|stay\s+)?out\s+(?:past|after|later than|beyond)"
    r"|(?:latest |last )?(?:home|back)[- ]time(?: is| of| by)?"
    r"|must leave(?: by| at)?|gotta leave(?: by| at)?|leave by|done by|finish(?:ed)?(?: up)? by"
    r"|wrap(?:ped)? up by"
    r"|\b(?:nothing|not|none|no\s+(?:plans|activities|stuff|later))\s+(?:after|past|later\s+than)"
    r"|(?:(?<=\d )|(?<=\d[ap]m )|(?<=\d,)|(?<=\d, ))(?:or|and)\s+(?:not\s+|nothing\s+)?(?:after|past)"
    r"|\b(?:or|and)\s+(?:not\s+)?later\s+than"
    r"|in bed by|until|till|til|no later than|latest|(?:out\s+)?again to|back out to))"
    r"(?:\s+(?:a|about|around|roughly|approx\.?|approximately|say|ideally|maybe))?\s*$",
    re.I,
)
"""A cue before the day's end time ("home by", "back at the house by", "need to leave by",
"🏠 by"), with a filler word the time may follow ("back by a quarter past two", "home by
about 3"); a bare "by"/"before" (texting's "b4") that opens its clause or follows the party and
ends it with its time ("me+2kids b4 3", "2 adults, before 3"); "need to be free by 3" and "need to
be free from 3" (free for what comes then: "party at 3, so need to be free from 3"); "we're free
from 3" is a start (``START_CUE``); "then out again to 4:30" ends the day."""
START_CUE = re.compile(
    r"\b(?:(?:nothing|none|not|no|not anything) (?:before|earlier than|sooner than)"
    r"|(?:not|never|nothing|cannot|\w+n't)\b(?:(?!\b(?:home|back)\b)[\w' ]){0,25}?"
    r"\b(?:until|till|til|before)"
    r"|(?:busy|booked|tied up|stuck|occupied|sleep(?:ing)? in|at home|home) (?:until|till|til)"
    r"|after|from|earliest(?: start)?(?: is| of)?|(?:at )?the earliest|from about|from around"
    r"|earliest (?:we|i|they|you) (?:can|could|would|will|'d|'ll)\s?(?:go|leave|start|head (?:off|out)"
    r"|get (?:out|going|away)|be out)(?: is| would be| will be)?(?: at| about| around)?"
    r"|start(?:ing)?(?: at| from| around| about)?|head(?:ing)? (?:off|out)(?: at| around| about)?"
    r"|out the door(?: at| by)?|(?:be |get )?out(?: of the house)? by|leav(?:e|ing) (?:home|the house)(?: at| around| by| about)?"
    r"|leav(?:e|ing)(?: (?:home|the house))?(?: at| around| about| from)?"
    r"|(?:(?<![\w'] )(?<![\w'])|(?<=\bwe're )|(?<=\bwe are )|(?<=\bwe'll be )|(?<=\bbe )"
    r"|(?<=\bget )|(?<=\bhead )|(?<=\band )|(?<=& ))out(?! from)(?: at| around| about| bout| abt| round| by)?"
    r"|(?:after|post)\s+(?:brekkie|brekky|breakfast|brekfast)\s*(?:[(~,-]\s*)?"
    r"(?:(?:like|about|around|say|so)\s+)?"
    r"|free from|free after|kick(?:ing)? off(?: at)?|get going(?: at| around)?"
    r"|(?:early |late )?start(?:ing)?\s*[,:-]|(?:we'll |we will |we could |we can |can )?go(?: out)?"
    r" (?:at|about|around)"
    r"|(?:get|head|go|be)\s+out(?:\s+(?:of\s+the\s+house|the\s+door))?\s+early(?:ish)?\s*[,:-]?"
    r"(?:\s*(?:like|say|about|around|maybe|ideally|by|at))?)"
    r"(?:\s*,?\s*(?:like|say|maybe|ideally|roughly))?\s*$",
    re.I,
)
PERIOD_ONLY = re.compile(
    r"\b(?:(?:just|only)\s+(?:the\s+|a\s+)?(mornings?|afternoons?|arvos?)(?!\s+(?:tea|nap|sleep))"
    r"|(mornings?|afternoons?|arvos?)\s+(?:outing\s+|trip\s+|out\s+)?only)\b",
    re.I,
)
"""A day out said to be one part of the day only ("morning only", "just the arvo")."""
DAY_PERIODS = {"morning": (9 * 60, 12 * 60), "afternoon": (12 * 60, 17 * 60)}
"""The day-out window of a part of the day said alone: morning 09:00-12:00, afternoon (arvo)
12:00-17:00 (the default day window 09:00-17:00, split at noon)."""
_ISH_TAIL = re.compile(r"(?:\s*-?\s*ish\b)?", re.I)
_TRAILING_CUE = re.compile(
    r"\s*,?\s*(?:at the\s+)?(earliest|latest)\b|\s*(or later|or after|and later|onwards?|or earlier"
    r"|or before|and earlier|start|kick-?off)\b(?!\s+(?:of|for|at|time\s+(?:of|for)|with)\b)",
    re.I,
)
"""A cue after the time: "10am at the earliest", "10 or later", "10 onwards", "10am start" are a
start; "home 4 latest", "3 or earlier" an end."""
_LUNCH = re.compile(r"\b(after|before)\s+lunch(?:\s?time)?\b", re.I)
AT_HOME = re.compile(
    r"\b(?:at home|back home|home for|home to|in (?:his|her|their|the) (?:cot|bed)|at the house"
    r"|back for (?:(?:a|the|his|her|their|our)\s+)?(?:naps?|nap ?time|lunch|sleep|rest|quiet time)"
    r"|(?:we'll|we will|we'd|we're|we are) (?:all )?be (?:at )?home (?:then|for it|for that|during)"
    r"|stay(?:ing)? (?:at )?home (?:then|for it|for that|during|for (?:his|her|their|the) nap))\b",
    re.I,
)
ACTIVITY_WORDS = (
    r"museums?|zoo|aquarium|beach|park|playground|pool|swim|gallery|galleries|library|cinema|movies?"
    r"|film|markets?|sanctuary|koalas?|lone pine|planetarium|sciencentre|sparklab|ferry ride|picnic"
    r"|cafe|coffee|brunch|visit|trip to|go to|going to|see|ride"
)
ACTIVITY_RE = re.compile(r"\b(?:" + ACTIVITY_WORDS + r")\b", re.I)
"""Words naming an outing of the day itself (a venue kind, or going/visiting): a time range
beside one ("museum trip 10-12", "the zoo from ten till two") is when the party wants that
outing, neither the day's window nor an appointment (see ``range_kind``)."""
_OUTING_ADJ = r"(?:nice|good|long|big|lazy|leisurely|slow|fancy|special|boozy|proper|pub|cafe)"
_MEAL_OUT_BEFORE = re.compile(
    r"(?:\b(?:after|before)"
    r"|\b" + _OUTING_ADJ + r"(?:\s+(?:family\s+)?)?"
    r"|\b(?:out|go|going|head|heading|off)\s+(?:out\s+)?(?:for|to)(?:\s+(?:a|an|some))?"
    r"(?:\s+" + _OUTING_ADJ + r")?"
    r"|\b(?:" + ACTIVITY_WORDS + r")\s*,?\s*(?:and then|and|&|\+|then)(?:\s+(?:a|an|some|the))?"
    r"(?:\s+" + _OUTING_ADJ + r")?)\s+$",
    re.I,
)
_MEAL_OUT_AFTER = re.compile(
    r"\s+(?:out\b|somewhere\b|in\s+(?:the\s+)?(?:city|town|valley)\b"
    r"|,?\s*(?:and then|and|&|\+|then)\s+(?:then\s+)?(?:(?:a|an|some|the)\s+)?(?:"
    + ACTIVITY_WORDS
    + r")\b)",
    re.I,
)
_MEAL_AT = re.compile(r"\s+(?:at\s+(?:home|the\s+house|\w+'s)\b|@\s*home\b)", re.I)


def lunch_outing(sentence: str, a: int, b: int) -> bool:
    """Whether "lunch" at ``a:b`` of ``sentence`` is an outing of the day, not an appointment
    that blocks a range said beside it: "after lunch 2pm-5pm" (the afternoon is the day), "a
    nice lunch and a gallery, 11 till 4", "lunch out and then a movie, 12 till 5", "a long lunch
    12-3 and that's it" (the day is the lunch). "Lunch at home 12-1", "home for lunch 12-1",
    "lunch with grandma 12-2" and a plain "lunch 12-1" in a day are appointments (blocked)."""
    if _MEAL_AT.match(sentence, b) or AT_HOME.search(sentence[max(0, a - 12) : a + 1]):
        return False  # "a long lunch at home 12-2", "home for a nice lunch"
    return bool(_MEAL_OUT_BEFORE.search(sentence[max(0, a - 60) : a])) or bool(
        _MEAL_OUT_AFTER.match(sentence, b)
    )


_RANGED_LUNCH = re.compile(r"\b(?:after|before)\s+lunch(?:\s?time)?\s*[,:-]?\s*$", re.I)
""""after lunch" right before a range ("after lunch 2pm-5pm", "after lunch, 1:30 to 4:30"): the
range says the day's times; "after lunch" only says why the day starts then."""


def _lunch_cue(sentence: str, m: re.Match, base: int) -> bool:
    """Whether a ``BLOCK_RE`` match ``m`` of a slice starting at ``base`` is an appointment's
    word (every one but "lunch" as an outing, ``lunch_outing``)."""
    return m.group(1).lower() != "lunch" or not lunch_outing(
        sentence, base + m.start(), base + m.end()
    )


_DAY_WORDS = re.compile(
    r"\b(?:day|days|outing|out|adventure|window|free|available|crawl|hop|hopping|marathon)\b", re.I
)
"""Words that make a range beside an outing the day's ("a zoo day 9-3", "museum crawl 10-4",
"gallery hopping 10-2": many stops, the whole day)."""
_RAIN = re.compile(r"\b(?:rain|rainy|raining|showers?|storms?|wet|drizzle|thunderstorms?)\b", re.I)


@per_run_list
def ranges(sentence: str, context: str = "") -> list[tuple[int, int, int, int]]:
    """``(span_start, span_end, start_min, end_min)`` for each time range in ``sentence``
    (``context``: the sentence whose words decide am/pm, default ``sentence`` itself)."""
    return list(_ranges(sentence, context))


@per_run
def _ranges(sentence: str, context: str) -> tuple[tuple[int, int, int, int], ...]:
    out: list[tuple[int, int, int, int]] = []
    masked = clock.mask_dates(sentence)
    for rx in clock.RANGE_RES:
        for m in rx.finditer(masked):
            if any(s < m.end() and m.start() < e for s, e, _, _ in out):
                continue
            if re.search(
                r"\b(?:aged?|ages|years?|yrs?|kids?|children)\s*$", sentence[: m.start()], re.I
            ):
                continue
            rng = clock.read_range(m, context or sentence)
            if rng is None:  # "might storm late arvo, ..., 10-6": the arvo is the weather's,
                rng = clock.read_range(m, "")  # a pm that leaves no range is no hint for it
            if rng:
                out.append((m.start(), m.end(), *_before_the_day(sentence, context, m, rng)))
    for a, b, start, end in clock.word_ranges(masked, context or sentence):
        if any(s < b and a < e for s, e, _, _ in out):
            continue
        if re.search(r"\b(?:aged?|ages|years?|yrs?|kids?|children)\s*$", sentence[:a], re.I):
            continue
        out.append((a, b, start, end))
    return tuple(sorted(out))


_THEN_FREE = re.compile(
    r"\s*(?:\([^()]{0,40}\)\s*)?,?\s*(?:and\s+|&\s+)?(?:then|after\s+that|afterwards|after\s+which)\s+"
    r"(?:(?:we'?re|we\s+are|we'll\s+be|we\s+will\s+be|all|totally|completely)\s+)?"
    r"(?:free|out|(?:the\s+)?rest\s+of\s+the\s+day)\b",
    re.I,
)
"""After a range, the day said to start once it is over ("swim squad 6-8 then free", "nippers
6-8, after that we're out"): the range comes first in the day (``_before_the_day``)."""


def _before_the_day(
    sentence: str, context: str, m: re.Match, rng: tuple[int, int]
) -> tuple[int, int]:
    """``rng`` of the range ``m`` in ``sentence``, read in the morning when the day is said to
    start after it ("swim squad 6-8 then free, home by 3": 06:00-08:00, never 18:00-20:00): a
    start read pm with no am/pm said whose morning reading is 06:00 or later."""
    first, second = clock.token(m, 1), clock.token(m, 6)
    if first is None or second is None or first.explicit or second.explicit:
        return rng
    if not (12 * 60 + 6 * 60 <= rng[0] < 24 * 60 and rng[1] - 12 * 60 > rng[0] - 12 * 60):
        return rng
    whole = context or sentence
    at = whole.find(sentence) if context else 0
    if at < 0 or not _THEN_FREE.match(whole, at + m.end()):
        return rng
    return rng[0] - 12 * 60, rng[1] - 12 * 60


_OTHER_ITEMS = re.compile(
    r",[^,]*\b(?:adults?|kids?|children|people|couple|family|grown-?ups?|sat|saturday|sun|sunday"
    r"|today|tomorrow)\b|,[^,]*\$|[.;!?]\s"
    r"|\b(?:otherwise|else|other than that|apart from that|besides that|aside from that"
    r"|outside (?:of )?that|other times|(?:the )?rest of the (?:day|time))\b"
    r"|(?:[,;)]\s*(?:(?:and|then|but)\s+)?|\b(?:and\s+then|then|and|but)\s+)"
    r"(?:we'?re\s+|we\s+are\s+|we'll\s+be\s+|(?:head|go|going|heading)\s+)?out\b",
    re.I,
)
"""Between an appointment word and a range: another item of the request (the party, the day, an
amount, a sentence end), or a turn to the rest of the day ("home 12-2 for the nap, otherwise
9-5": the day's window; "(party at home), out 9-11", "nap then out 2-4": the outings), so the
range is not the appointment's."""
HOME_BEFORE_RANGE = re.compile(
    r"(?<!\bfrom )(?<!\bleave )(?<!\bleaving )(?<!\bof )(?<!\bleft )"
    r"\b(?:back\s+)?(?:at\s+)?home(?:\s+again)?(?:\s+(?:by|at|@|around|about|for))?\s*[,:]?\s*$",
    re.I,
)
""""home" right before a range ("need to be home 12-2", "home for 12-2 nap", "home from 12 to
1:30 for lunch", "we're home between 12 and 2", "back home 12-1:30", "home by 12 till 2"): a stay
at home (a blocked window at home), never the day's window; "out from home 9-3", "leave home
9-3" are the day's."""


_WHY_HOME = re.compile(
    r"\s*,?\s*(?:(?P<paren>\()\s*)?(?:for\s+)?(?:(?:a|the|her|his|their|our|my)\s+)?(?:(?:baby|bub"
    r"|little\s+one|kids?|twins|youngest|toddler|\w+)(?:'s|s'|')?\s+)?(?:" + BLOCK_WORDS + r")\b"
    r"(?(paren)\s*\))",
    re.I,
)


def why_home_end(sentence: str, at: int) -> int:
    """Where the reason said right after a stay at home ending at ``at`` ends ("home 12-2 for
    the baby's nap", "home 12-1:30 lunch", "at home 12-2 (nap)": the nap names the stay and is
    quoted with it), else ``at``."""
    m = _WHY_HOME.match(sentence, at)
    return m.end() if m else at


def home_range(phrase: str) -> bool:
    """Whether the first range of ``phrase`` is said as a stay at home (``HOME_BEFORE_RANGE``)."""
    rs = ranges(phrase)
    return (
        bool(rs) and HOME_BEFORE_RANGE.search(phrase[max(0, rs[0][0] - 40) : rs[0][0]]) is not None
    )


def _after_its_own(between: str) -> bool:
    """Whether the text between an appointment word and a range holds the appointment's own
    range, joined to this one by more than a list's "and"/"," ("swim lessons at Chandler 8-9,
    then 9-3 out", "dance 9-10, after that 10-2"): this range is the day's. A bare list ("naps
    10:30-11 and 1-2:30") keeps both for the appointment."""
    own = [m for m in clock.RANGE_RES[0].finditer(between)] + [
        m for m in clock.RANGE_RES[1].finditer(between)
    ]
    if not own:
        return False
    last = max(own, key=lambda m: m.end())
    return not re.fullmatch(r"\s*(?:,|and|&|,\s*and)?\s*", between[last.end() :])


RESUME = re.compile(
    r"\b(?:(?:head(?:ing)?|go(?:ing)?|get(?:ting)?|come|coming|pop(?:ping)?|be|we're|we are"
    r"|we'll be|we will be)\s+)?(?:back\s+out(?:\s+again)?|out\s+again|out\s+once\s+more)\b",
    re.I,
)
"""Going out again after a break ("then out again 2:30-5", "back out at 3", "heading out again
from 2"): the time after it ends the break (at home) and the range after it is the day's
afternoon outing, so its end is the day's end and its start never the day's start."""
_RESUME_LEAD = re.compile(
    r"\s*(?:(?:at|from|between|around|about|after|by|for|till|until)\s+)?(?:(?:about|around)\s+)?$",
    re.I,
)


_THEN_OUT = re.compile(
    r"(?:\band\s+|&\s+)?\b(?:then|after\s+that|afterwards)\s*,?\s+(?:(?:we'?re|we\s+are|we'll\s+be|we\s+will\s+be"
    r"|head(?:ing)?|go(?:ing)?|get(?:ting)?|pop(?:ping)?)\s+)?out\b",
    re.I,
)
"""A plain "then out" ("home by 12 for lunch, then out 2 till 4"): going out again when a
time home is said before it in the sentence (``_home_said``), like "then out again"."""
_HOME_AT_TIME = re.compile(
    r"\b(?:home|back)(?:\s+home)?\s+(?:by|at|@|around|about|before|b4)\s+(?:about\s+|around\s+)?"
    r"(?:\d{1,4}(?:[:.]\d\d)?\s*(?:am|pm)?(?!\s*(?:-|\u2013|to\b|till?\b|until\b|and\b))"
    r"|noon|midday)",
    re.I,
)


def _home_said(before: str) -> bool:
    """Whether ``before`` (the sentence before a "then out") says a time home ("home by 12 for
    lunch", "back at 11:30", "home for a 1pm nap"): the party is home first, so "then out" after
    it is going out again."""
    return bool(
        HOME_FOR_BREAK.search(before)
        or HOME_FOR_TIMED_BREAK.search(before)
        or _HOME_AT_TIME.search(before)
    )


_HOME_BREAK_THEN = re.compile(
    r"\b(?:home|back)(?:\s+home)?\s+for\s+(?:(?:a|an|the|her|his|their|our|my|some)\s+)?"
    r"(?:\w+(?:'s)?\s+)?(?:lunch|naps?|nap\s?time|sleep|rest|quiet\s+time)"
    r"(?:\s+(?:and|&|\+)\s+(?:(?:a|the|her|his|their)\s+)?(?:naps?|rest|lunch|sleep|quiet\s+time))?"
    r"\s*,?\s*(?:(?:and|&)\s+)?then\s*,?\s*(?:(?:from|at|between)\s+)?$",
    re.I,
)
"""A break at home with no time of its own, then a range ("out 9-11 then home for lunch then
2-4"): after a range out, the later range is going out again (the party home between)."""


def resumes_before(sentence: str, at: int) -> int | None:
    """Where the ``RESUME`` cue right before position ``at`` of ``sentence`` starts ("out again
    2:30-5": the range at ``at`` follows it), with at most a time word ("at", "from") between,
    or a plain "then out" after a time home (``_THEN_OUT``); else ``None``."""
    lo = max(0, at - 40)
    before = sentence[lo:at]
    for m in RESUME.finditer(before):
        if _RESUME_LEAD.fullmatch(before[m.end() :]):
            return lo + m.start()
    for m in _THEN_OUT.finditer(before):
        if _RESUME_LEAD.fullmatch(before[m.end() :]) and _home_said(sentence[: lo + m.start()]):
            return lo + m.start()
    wide = max(0, at - 70)
    m = _HOME_BREAK_THEN.search(sentence[wide:at])
    if m and any(b <= wide + m.start() for _, b, _, _ in ranges(sentence)):
        return wide + m.start()  # "out 9-11 then home for lunch then 2-4": out again at 2
    return None


_RESUME_AFTER = re.compile(
    r"\s*,?\s*(?:(?:and|&|then|and then|& then|but)\s+)?(?:(?:maybe|probably|hopefully|possibly)\s+)?",
    re.I,
)


def _resume_end(sentence: str, masked: str, at: int, role_context: str) -> tuple[int, int] | None:
    """``(minutes, span_end)`` of the time a break said at ``at`` ends at because the party goes
    out again then ("nap at 12, then maybe out again 2:30-5": 14:30), else ``None``."""
    lead = _RESUME_AFTER.match(sentence, at)
    m = RESUME.match(sentence, lead.end()) if lead else None
    if m is None and lead and _home_said(sentence[:at]):  # "home by 12 for lunch, then out 2"
        m = _THEN_OUT.match(
            sentence, lead.start() + len(re.match(r"\s*,?\s*", sentence[at:]).group(0))
        )
    if m is None:
        return None
    gap = re.match(
        r"\s*(?:(?:at|from|around|about|after)\s+)?(?:(?:about|around)\s+)?", sentence[m.end() :]
    )
    tm = clock.TOKEN_RE.match(masked, m.end() + (gap.end() if gap else 0))
    c = clock.token(tm) if tm and tm.group(1) else None
    if c is None:
        return None
    stop = tm.end() - (len(tm.group(0)) - len(tm.group(0).rstrip()))
    return clock.resolve(c, "start", role_context), stop


_OUT_BEFORE = re.compile(
    r"\b(?:we'?re\s+|we\s+are\s+|we'll\s+be\s+)?out(?:\s+(?:from|between))?\s*$", re.I
)


def _out_list_before(sentence: str, at: int) -> int | None:
    """Where a range at ``at`` listed after an outing's range starts when both are said with
    one "out" ("out 9-11 and 1-4": the party goes out again at 1, like "out again 1-4"), else
    ``None``."""
    for a, b, _, _ in ranges(sentence):
        if b <= at and _OUT_LIST_SEP.fullmatch(sentence[b:at]):
            return at if _OUT_BEFORE.search(sentence[max(0, a - 30) : a]) else None
    return None


_OUT_LIST_SEP = re.compile(
    r"\s*(?:(?:,|and|&|\+|,\s*and|,\s*&)\s*)?"
    r"(?:(?:then|again|then\s+again|later(?:\s+on)?|after\s+that|and\s+again)\s*)?"
    r"(?:(?:from|between)\s*)?",
    re.I,
)
"""Between two ranges said with one "out": a list's "and" or ",", or a turn to the second
("out 9-11:30 and again 2-5", "out 10 till 12 and then 3 till 5", "out 9-11, later 2-4")."""


def range_kind(sentence: str, span: tuple[int, int]) -> tuple[str, int]:
    """What a range at ``span`` is: ``("rain"|"blocked"|"activity"|"window"|"resume",
    cue_start)`` (``resume``: an outing after a break, see ``RESUME``);
    ``cue_start`` is where the deciding word begins (the range's own start for a window). An
    ``activity`` range is a timed outing ("museum trip 10-12"): the request's model has no
    must-do at a set time, so it is listed unread and asked about, never read as the day."""
    base = max(0, span[0] - 40)
    before = sentence[base : span[0]]
    after = sentence[span[1] : span[1] + 30]
    back = resumes_before(sentence, span[0])
    own = re.match(r"[\s:(]*(?:" + BLOCK_WORDS + "|" + HELD_WORDS + r")\b", after, re.I)
    if back is None and not own:  # "out 9-3 then 4-5 swimming lessons": the lessons' range
        back = _out_list_before(sentence, span[0])
    if back is not None:  # "then out again 2:30-5": the afternoon's outing after a break
        return "resume", back
    if _HOME_BREAK_THEN.search(sentence[max(0, span[0] - 70) : span[0]]):
        return "window", span[0]  # "home for lunch then 2-4": the day is 2-4, never the lunch
    # the closest cue before the range decides; a cue right after ("9-10 footy") counts too
    # an appointment word decides, unless other items of the request stand between ("showers
    # around lunch, Bulimba, 2 adults, 2pm to 5pm": the day, not a lunch 2-5)
    cues = [
        (m.end(), "blocked", m.start())
        for m in BLOCK_RE.finditer(before)
        if not _OTHER_ITEMS.search(before[m.end() :])
        and not _after_its_own(before[m.end() :])
        and _lunch_cue(sentence, m, base)  # "after lunch 2-5", "a long lunch 12-3": the day
    ]
    home = HOME_BEFORE_RANGE.search(before)
    if home and not cues:  # "need to be home 12-2 for the nap": a stay at home (its break's
        return "blocked", base + home.start()  # word decides when said: "quiet time at home 1-2")
    # a rain word decides only when it says when it rains: never indifference or a condition
    # ("don't mind the rain, Saturday 10-4", "rain or shine 9-3"), nor one a clause back ("no rain
    # forecast, Saturday 9-3", "showers 10-11, out 9-4"; a bare list "showers 10-11, 2-3" goes on)
    no_rain = [x.span() for x in weather.CONDITIONAL.finditer(before)]
    cues += [
        (m.end(), "rain", m.start())
        for m in _RAIN.finditer(before)
        if not any(a <= m.start() < b for a, b in no_rain)
        and not re.search(
            r"[.;!?]\s|,[^,]*?\b(?!then\b|and\b|but\b|from\b|to\b|till\b|until\b)[a-z]{2,}",
            before[m.end() :],
        )
    ]
    # an outing in the range's own clause ("museum trip 10-12"), unless the clause makes the
    # range the day's ("a zoo day 9-3", "park, then out 9 to 3")
    cues += [
        (m.end(), "activity", m.start())
        for m in ACTIVITY_RE.finditer(before)
        if not re.search(r"[,;.!?]|\bthen\b|\s[-–]\s", before[m.end() :])  # "museum - 10-4"
        and not _DAY_WORDS.search(before[m.end() :])
    ]
    cues += _held_activity_cue(before, after)
    if cues:
        _, kind, at = max(cues)
        return kind, span[0] - len(before) + at
    lunch = _RANGED_LUNCH.search(before)
    if lunch:  # "after lunch 2pm-5pm": the day's window, quoted with its "after lunch"
        return "window", base + lunch.start()
    tail = after.lstrip(" :(")  # a comma ends the range's clause: "9 till 4, quiet time 1-2"
    m = BLOCK_RE.match(tail) if after.strip() else None
    if m and _lunch_cue(sentence, m, span[1] + len(after) - len(tail)):
        return "blocked", span[0]
    m2 = _RAIN.match(after.lstrip(" :("))  # "9-3, showers from 1": the next clause's rain
    if m2:
        return "rain", span[0]
    tail = after.lstrip(" :(")  # a comma ends the range's clause: "out 9-3, museum please"
    lead = re.match(r"(?:(?:at|in|to|for)\s+)?(?:(?:the|a)\s+)?", tail)
    if after.strip() and ACTIVITY_RE.match(tail, lead.end() if lead else 0):
        return "activity", span[0]  # "10-12 museum", "10 till 12 at the pool"
    return "window", span[0]


HELD_WORDS = (
    r"swimming|swim|surfing|surf|rock climbing|climbing|bouldering|ice skating|skating"
    r"|horse riding|riding|trampolining|trampoline|dancing|gym|jiu jitsu|taekwondo|judo"
    r"|martial arts|choir|drama|chess|little athletics|little aths|coding|art"
)
"""Lesson-like outings that are appointments when said with a range and where they are held
(``_held_activity_cue``), their label when no appointment word is said (``block_label``)."""
_HELD_ACTIVITY = re.compile(
    r"\b(?P<has>(?:have|has|got|'ve got|doing|do)\s+(?:(?:their|her|his|a|the)\s+)?)?"
    r"(?P<w>" + HELD_WORDS + r")"
    r"(?P<place>\s+(?:at|@)\s+[a-z][\w' ]{0,30}?)?\s*(?:from\s+)?$",
    re.I,
)
_HELD_AFTER = re.compile(
    r"\s*(?:(?:at|@)\s+[a-z]|,?\s*(?:and\s+|then\s+|so\s+)*(?:we'?re\s+|we\s+are\s+)?free\b)",
    re.I,
)
"""After a lesson-like outing's range, what says it is held: its place ("at Chandler") or the
party free after it ("swimming 8:30-9:30 then free until 1")."""
_WISHED_BEFORE = re.compile(
    r"\b(?:go|going|goes|want|wants|wanna|like|love|keen|maybe|could|might|prefer|rather|try)"
    r"(?:\s+(?:to|for|on|some|a|the|do|go|and))*\s*$",
    re.I,
)


def _held_activity_cue(before: str, after: str) -> list[tuple[int, str, int]]:
    """An appointment cue for a lesson-like outing said with its range and where it is held
    ("swimming 9-10 at Yeronga pool", "kids have swimming 9-10", "gym at Chandler 8-9"): a
    ``range_kind`` cue ``(end, "blocked", start)``, or none when it is a wish ("go swimming
    10-12 at the pool") or no place or "have" says it is held."""
    m = _HELD_ACTIVITY.search(before)
    if m is None or _WISHED_BEFORE.search(before[: m.start()]):
        return []
    if not (m.group("has") or m.group("place") or _HELD_AFTER.match(after)):
        return []
    return [(m.end(), "blocked", m.start("w"))]


def in_sentence_kind(phrase: str, sentence: str) -> str | None:
    """What the first range of ``phrase`` is where ``phrase`` stands in ``sentence`` ("2-3" in
    "showers 10-11 and 2-3" is rain), or ``None`` when the phrase is not found there."""
    at = sentence.find(phrase)
    rs = ranges(phrase)
    if at < 0 or not rs:
        return None
    kind, _ = range_kind(sentence, (at + rs[0][0], at + rs[0][1]))
    if kind == "window":
        # a list: "naps 10:30-11 and 1-2:30" - the range before this one decides
        before = [r for r in ranges(sentence) if r[1] <= at + rs[0][0]]
        if before and re.fullmatch(
            r"\s*(?:,|and|&|,\s*and)\s*", sentence[before[-1][1] : at + rs[0][0]]
        ):
            return in_sentence_kind(sentence[before[-1][0] : before[-1][1]], sentence)
    return kind


def block_label(phrase: str) -> str:
    """The appointment word of a blocked phrase ("footy training 9-10am" -> "footy training")."""
    m = re.search(r"\b((?:\w+\s+)?(?:" + BLOCK_WORDS + r"))\b", phrase, re.I)
    if not m:
        held = re.search(r"\b(" + HELD_WORDS + r")\b", phrase, re.I)
        return held.group(1).lower() if held else "busy"  # "swimming 9-10 at Yeronga pool"
    label = m.group(1).lower()
    words = label.split()
    if len(words) == 2 and re.fullmatch(r"\d+(?:am|pm)?", words[0]):  # "home 12-1:30 lunch",
        # "back for a 1pm nap": the time's digits
        return words[1]
    if len(words) == 2 and words[0] in {
        "a",
        "the",
        "her",
        "his",
        "my",
        "our",
        "their",
        "at",
        "has",
        "have",
        "got",
        "then",
        "and",
        "with",
        "for",
        "from",
        "is",
        "hour",
        "hours",
        "hr",
        "hrs",
        "min",
        "mins",
        "minute",
        "minutes",
        "long",
        "s",  # "the baby's nap"
    }:
        label = words[1]
    return label


@per_run_list
def points(sentence: str) -> list[tuple[int, int, str, int]]:
    """``(cue_start, end, role, minutes)`` for single times after a start or end cue
    ("back by 11", "not before 10", "after lunch"), outside any range; an event's time said as
    the reason for a deadline beside it ("cake at home at 3 so home by 2:45": ``reason_times``)
    is none of them."""
    found = _points(sentence)
    why = reason_times(sentence)
    return [p for p in found if not (p[2] == "end" and any(p[0] <= a < p[1] for a, _ in why))]


_SO_AFTER = re.compile(
    r"\s*(?:[,-]\s*)?(?:and\s+)?\b(?:so|which\s+means|meaning|hence|therefore)\b", re.I
)
_FOR_EVENT = re.compile(
    r"\b(?:for|because|cos|coz|cause|as|since|ahead\s+of|so|in\s+time\s+to"
    r"|to\s+(?:go|get|make|catch|be|head|drop))\b|(?<=\s)[-–](?=\s)",
    re.I,
)
"""A reason said after a deadline for an event at or after it ("home by 2 for the footy at 3",
"home by 2pm so the kids can go to their dad's at 2:30", "back by 4 to get ready for dinner at
5", "home by 4 - dinner at grandma's at 5")."""
_EVENT_AT = re.compile(r"(?:\bat|@|\bby)\s*$", re.I)
"""The event's time cue: "at 2:30", "@ 3", or "by 2:30" after a purpose (``_PURPOSE_BY``)."""
_PURPOSE_BY = re.compile(
    r"\b(?:so|in\s+time\s+to|to\s+(?:go|get|make|catch|head|drop))\b(?!.*\b(?:home|back)\b)", re.I
)
"""A purpose before an event's own deadline ("home by 2 so they can get to their dad's by
2:30"), with no home or back after it: the event's deadline is why the day's is earlier;
"..., home by 4" after a break is the day's own."""


@per_run_list
def reason_times(sentence: str) -> list[tuple[int, int]]:
    """Spans ("at 1", its cue included) of an event's time said as the reason for a deadline
    in the same sentence, the event at or after the deadline: "pick up grandma from the airport
    at 1, so home by 12:30", "footy at the Gabba at 3 so home by 2", "cake at home at 3 so home
    by 2:45", "home by 2 for the footy at 3", "home by 2pm so the kids can go to their dad's at
    2:30". The deadline is the day's end; the event's time is why, no limit of its own (neither
    asked nor the day's end). An event before the deadline ("party at 1 so home by 4") is an
    appointment of the day, not this."""
    masked = clock.mask_dates(sentence)
    taken = [(a, b) for a, b, _, _ in ranges(sentence)]
    ends = [(a, b, t) for a, b, r, t in _points(sentence) if r == "end"]
    out = []
    for m in clock.TOKEN_RE.finditer(masked):
        if not m.group(1) or any(a < m.end() and m.start() < b for a, b in taken):
            continue
        cue = _EVENT_AT.search(sentence[max(0, m.start() - 4) : m.start()])
        c = clock.token(m)
        if cue is None or c is None:
            continue
        at = m.start() - len(cue.group(0))
        event = clock.resolve(c, "point", sentence)
        mine = [e for e in ends if e[0] <= at < e[1] or e[0] <= m.start() < e[1]]
        others = [e for e in ends if e not in mine]
        so = _SO_AFTER.match(sentence, m.end())
        after = [e for e in others if so and so.end() <= e[0] <= so.end() + 40]
        before = [
            e
            for e in others
            if e[1] <= at
            and _FOR_EVENT.search(sentence, e[1], at)
            and not re.search(r"[.;!?]|\bthen\b|\bor\b", sentence[e[1] : at])  # "- or by 4"
            and at - e[1] <= 50
            and (cue.group(0).strip().lower() != "by" or _PURPOSE_BY.search(sentence[e[1] : at]))
        ]
        deadline = after[0] if after else before[-1] if before else None
        if deadline is not None and deadline[2] <= event:
            out.append((at, m.end()))
    return out


@per_run_list
def _points(sentence: str) -> list[tuple[int, int, str, int]]:
    """``points`` before the reasons for a deadline are taken out."""
    rs = ranges(sentence)
    taken = [(s, e) for s, e, _, _ in rs]
    out = []
    for m in _LUNCH.finditer(sentence):
        taken.append(m.span())
        if not lunch_bound(sentence, m.start()):
            continue  # "after lunch 2pm-5pm", "indoors after lunch" after a morning: no bound
        role = "start" if m.group(1).lower() == "after" else "end"
        out.append((m.start(), m.end(), role, 13 * 60 if role == "start" else 12 * 60))
    for m in PERIOD_ONLY.finditer(sentence):  # "morning only", "just the arvo"
        said = next(g for g in m.groups() if g).lower()
        start, end = DAY_PERIODS["morning" if said.startswith("morn") else "afternoon"]
        out += [(m.start(), m.end(), "start", start), (m.start(), m.end(), "end", end)]
        taken.append(m.span())
    taken += all_part_spans(sentence)  # "party at 11 (all arvo)": the party's, not the day's
    parts = [
        p for p in dayparts.spans(sentence) if not any(s < p[1] and p[0] < e for s, e in taken)
    ]  # "this arvo", "Saturday morning", "midday till late afternoon"
    out += parts
    taken += [(a, b) for a, b, _, _ in parts]
    leaves: list[tuple[int, clock.Clock]] = []  # ends said by "need to leave by": (index, time)
    clock_ends: list[int] = []  # ends said with a clock time
    for m in clock.TOKEN_RE.finditer(clock.mask_dates(sentence)):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        if m.group(4) and re.match(r"\s+(?:by|at|before)\s+\d", sentence[m.end() :]):
            continue  # "home for lunch by 12:30": the time is 12:30, lunch only says why
        head = sentence[max(0, m.start() - 45) : m.start()]
        end_cue, start_cue = END_CUE.search(head), START_CUE.search(head)
        if end_cue and start_cue:  # the longer cue decides: "can't leave until 9:30" starts
            end_cue, start_cue = (
                (None, start_cue) if start_cue.start() < end_cue.start() else (end_cue, None)
            )
        c = clock.token(m)
        if c is None:
            continue
        end = m.end() + len(_ISH_TAIL.match(sentence, m.end()).group(0))  # "from 10ish"
        trailing = _TRAILING_CUE.match(sentence, end)  # "10am at the earliest", "4 latest"
        if trailing and not (end_cue or start_cue):
            said = (trailing.group(1) or trailing.group(2)).lower()
            role = (
                "start"
                if said in ("earliest", "or later", "or after", "and later", "start")
                or said.startswith(("onward", "kick"))
                else "end"
            )
            if role == "start" and BLOCK_RE.search(sentence[max(0, m.start() - 25) : m.start()]):
                continue  # "soccer 8am start": the appointment's start, not the day's
            out.append((m.start(), trailing.end(), role, clock.resolve(c, role, sentence)))
            continue
        cue = end_cue or start_cue
        if not cue:
            continue
        if (
            end_cue
            and _BARE_BY.fullmatch(end_cue.group(0).strip())
            and not _CLAUSE_END.match(sentence, end)
        ):
            continue  # ", by 3 it should clear": only "..., b4 3," alone in its clause ends the day
        role = "end" if end_cue else "start"
        cue_start = m.start() - len(head) + cue.start()
        if end_cue:
            clock_ends.append(len(out))
            if _LEAVE.match(sentence, cue_start):
                leaves.append((len(out), c))
        out.append((cue_start, end, role, clock.resolve(c, role, sentence)))
    for m in clock.WORD_CLOCK_RE.finditer(sentence):  # "home by half four"
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        head = sentence[max(0, m.start() - 45) : m.start()]
        end_cue, start_cue = END_CUE.search(head), START_CUE.search(head)
        if end_cue and start_cue:  # the longer cue decides: "can't leave until half past nine"
            end_cue, start_cue = (
                (None, start_cue) if start_cue.start() < end_cue.start() else (end_cue, None)
            )
        cue = end_cue or start_cue
        c = clock.word_clock(m)
        if not cue or c is None:
            continue
        role = "end" if end_cue else "start"
        cue_start = m.start() - len(head) + cue.start()
        if end_cue:
            clock_ends.append(len(out))
            if _LEAVE.match(sentence, cue_start):
                leaves.append((len(out), c))
        out.append((cue_start, m.end(), role, clock.resolve(c, role, sentence)))
    if leaves and set(clock_ends) - {i for i, _ in leaves}:
        for i, c in leaves:  # "need to leave by 9:30, home by 2": leaving home starts the day
            a, b, _, _ = out[i]
            start = clock.resolve(c, "start", sentence)
            if start < 12 * 60:  # "gotta leave by 2:30 for a party, home by 3": still an end
                out[i] = (a, b, "start", start)
    return sorted(out)


_LEAVE = re.compile(
    r"(?:need to|have to|has to|got to|gotta|must|we'll|will|we)?\s*leave\b(?! home| the house)",
    re.I,
)
"""A "need to leave by" cue: the day's end said alone ("need to leave by 3": when the outing
must be left), but a morning start beside another end ("need to leave by 9:30, home by 2":
leaving home; ``points``)."""
_BARE_BY = re.compile(r"by|before", re.I)
_CLAUSE_END = re.compile(r"\s*(?:[,;.!?)]|$|(?:and|then|but|with|for|&)\b)", re.I)


def lunch_bound(sentence: str, at: int) -> bool:
    """Whether "after lunch"/"before lunch" at ``at`` of ``sentence`` is a bound of the day
    (13:00 start, 12:00 end): not when a range follows it ("after lunch 2pm-5pm": the range is
    the day, ``range_kind``), nor when it splits a day said in two halves
    (``lunch_splits_day``)."""
    m = _LUNCH.match(sentence, at)
    if m is None:
        return False
    if any(_RANGED_LUNCH.fullmatch(sentence[at:a]) for a, _, _, _ in ranges(sentence) if a >= at):
        return False
    return not lunch_splits_day(sentence, at)


def lunch_splits_day(sentence: str, at: int) -> bool:
    """Whether "after lunch"/"before lunch" at ``at`` of ``sentence`` says when one half of a day
    said in two halves happens, not where the day starts or ends: "outdoors in the morning then
    indoors after lunch" (the morning is the day's too), "museum before lunch, a park in the
    arvo"."""
    m = _LUNCH.match(sentence, at)
    if m is None:
        return False
    parts = dayparts.spans(sentence)
    if m.group(1).lower() == "after":
        return any(r == "end" and t <= 12 * 60 and b <= at for a, b, r, t in parts) or any(
            x.group(1).lower() == "before" for x in _LUNCH.finditer(sentence, 0, at)
        )
    return any(r == "start" and t >= 12 * 60 and a >= m.end() for a, b, r, t in parts) or any(
        x.group(1).lower() == "after" for x in _LUNCH.finditer(sentence, m.end())
    )


def _clock_in(sentence: str, a: int, b: int) -> clock.Clock | None:
    """The (last) time of day said in ``sentence[a:b]``, in digits or in words."""
    masked = clock.mask_dates(sentence[a:b])
    digits = [t for t in clock.TOKEN_RE.finditer(masked) if t.group(1)]
    if digits:
        return clock.token(digits[-1])
    words = list(clock.WORD_CLOCK_RE.finditer(sentence[a:b]))
    return clock.word_clock(words[-1]) if words else None


def ambiguous_end(sentence: str, a: int, b: int) -> tuple[int, int] | None:
    """``(am, pm)`` minutes when the end at ``a:b`` of ``sentence`` (a span of ``points``) is a
    bare hour 7-9 read by its role alone (``clock.by_role_only``) and nothing else in the
    sentence places the day: no start, no other end, no range, no appointment's time ("back by
    9:15", "need to leave by 9:30" alone): a 15-minute morning or a 12-hour day, so it is left
    unread and asked, offering both; else ``None`` ("out from 3, home by 9", "home by 9 after
    dinner": 21:00)."""
    t_end = a + len(sentence[a:b].rstrip())  # the time's last character
    own = [p for p in points(sentence) if p[0] < t_end <= p[1]]
    if len(own) != 1 or own[0][2] != "end":
        return None
    a, b = own[0][0], own[0][1]  # the end as read in the sentence ("need to leave by 9:30")
    c = _clock_in(sentence, a, b)
    if c is None or c.hour not in clock.AMBIGUOUS_END_HOURS or not clock.by_role_only(c, sentence):
        return None
    if any(not (p[0] < b and a < p[1]) for p in points(sentence)) or ranges(sentence):
        return None
    if POINT_BLOCK_RE.search(clock.mask_dates(sentence)):
        return None
    am = c.hour * 60 + c.minute
    return am, am + 12 * 60


_HOME_CUE = re.compile(
    r"(?:(?:be|get|got to be|need to be|have to be|must be|gotta be)\s+)?(?:home|back|\U0001f3e0)",
    re.I,
)


def home_by_after(sentence: str, at: int, end: int) -> bool:
    """Whether a time home said after position ``at`` of ``sentence`` is later than ``end``, the
    end of a range said before it: "Eat Street 5-8pm and home by 8:30" is an outing from 17:00
    and a day that ends at 20:30 (the range gives only the day's start)."""
    return any(
        r == "end"
        and a >= at
        and t > end
        and (_HOME_CUE.match(sentence, a) or _LAST_OUTING.search(sentence[max(at, a - 40) : a]))
        for a, _, r, t in points(sentence)
    )


_LAST_OUTING = re.compile(r"\b(?:then|and\s+then|after\s+that|afterwards)\b[^,.;]{0,30}$", re.I)
"""An outing said after "then" with the time it ends ("lunch out 12-1 then home for nap
1:30-3:30 then park till 5"): the last outing of the day, so its end is the day's end."""


def restated_half(sentence: str, at: int) -> int | None:
    """The minutes of a time at ``at`` of ``sentence`` said only to rule out the other half of the
    day of a bare time just before it ("home by 1 (not 1am obviously)": 01:00), else ``None``."""
    m = clock.TOKEN_RE.match(sentence, at)
    c = clock.token(m) if m and m.group(1) and m.group(3) else None
    head = sentence[max(0, at - 30) : at]
    neg = re.search(r"\b(?:not|never|no)\s+(?:at\s+)?$", head)
    if c is None or neg is None:
        return None
    said = [t for t in clock.TOKEN_RE.finditer(head[: neg.start()]) if t.group(1)]
    if not said or not re.fullmatch(r"\s*[(,-]?\s*", head[said[-1].end() : neg.start()]):
        return None  # "home by 1 (not 1am": the negation right after the time it qualifies
    b = clock.token(said[-1])
    if b is None or b.explicit or (b.hour % 12, b.minute) != (c.hour % 12, c.minute):
        return None
    return c.hour * 60 + c.minute


def ambiguous_in(phrase: str, sentence: str = "") -> tuple[int, int] | None:
    """``ambiguous_end`` of the first end ``phrase`` says, where ``phrase`` stands in
    ``sentence`` (default: alone), or ``None``."""
    context = sentence or phrase
    at = context.find(phrase)
    for a, b, r, _ in points(phrase):
        if r == "end":
            return (
                ambiguous_end(context, at + a, at + b) if at >= 0 else ambiguous_end(phrase, a, b)
            )
    return None


@per_run
def read_time(phrase: str, role: str, sentence: str = "") -> int | None:
    """The window ``role`` (``start``/``end``) time ``phrase`` says, in minutes, or ``None``:
    a range's start or end, or a single time after a matching cue (see the module docstring)."""
    context = sentence or phrase
    rs = ranges(phrase, context)
    if rs:
        a, b, start, end = rs[0]
        kind = range_kind(phrase, (a, b))[0]
        if kind == "resume" or in_sentence_kind(phrase, context) == "resume":
            return end if role == "end" else None  # "out again 2:30-5": the day ends at 5
        if kind != "window" or in_sentence_kind(phrase, context) not in (
            None,
            "window",
        ):
            return None
        at = context.find(phrase)
        if role == "end" and at >= 0 and home_by_after(context, at + b, end):
            return None  # "Eat Street 5-8pm and home by 8:30": the day ends later, when said
        if re.search(
            r"\bbetween\b|\bb/w\b|\bbtwn\b|\bfrom\b|-|(?<![a-z])(?:to|till?|until)(?![a-z])",
            phrase,
            re.I,
        ):
            return start if role == "start" else end
    parts = {(a, b, r) for a, b, r, _ in dayparts.spans(phrase)}
    at = context.find(phrase)
    own = points(phrase)
    if not own and at >= 0 and context != phrase:  # ", b4 3" is a cue where it stands only
        own = [
            (a - at, b - at, r, t)
            for a, b, r, t in points(context)
            if at <= a
            and b <= at + len(phrase)
            and _BARE_BY.fullmatch(context[a : a + 6].split()[0])
        ]
    for a, b, r, minutes in own:
        if at >= 0 and context != phrase and (a, b, r) not in parts:  # a clock time's role
            # where said: "need to leave by 9:30, home by 2" starts the day; "free from 3" of
            # "need to be free from 3" ends it
            t_end = at + len(phrase[:b].rstrip())  # the time's last character, where said
            said = {p[2] for p in points(context) if p[0] < t_end <= p[1]}
            r = said.pop() if len(said) == 1 else r
        if r != role:
            continue
        if at >= 0 and r == "end" and ambiguous_end(context, at + a, at + b):
            return None  # "back by 9:15" alone: either half of the day, asked
        if at >= 0 and _LUNCH.match(phrase, a) and not lunch_bound(context, at + a):
            return None  # "after lunch 2pm-5pm": the range; "... then indoors after lunch"
        if r == role:
            if (a, b, r) in parts:  # a part of the day: its mapping, no clock to re-read
                return minutes
            # re-resolve with the whole sentence for context words (nap, dinner, ...)
            return _with_context(phrase, role, context, minutes)
    return None


def _with_context(phrase: str, role: str, sentence: str, fallback: int) -> int:
    w = clock.WORD_CLOCK_RE.search(phrase)
    if w and not clock.TOKEN_RE.search(phrase[: w.start()]):
        c = clock.word_clock(w)
        return fallback if c is None else clock.resolve(c, role, sentence)
    tokens = [
        t
        for t in clock.TOKEN_RE.finditer(phrase)
        if not (t.group(4) and re.match(r"\s+(?:by|at|before)\s+\d", phrase[t.end() :]))
    ]  # "home for lunch by 12:30": the digits are the time, "lunch" only says why
    m = tokens[0] if tokens else None
    if not m or _LUNCH.search(phrase):
        return fallback
    c = clock.token(m)
    return fallback if c is None else clock.resolve(c, role, sentence)


def outing_gaps(sentence: str) -> list[tuple[int, int, int, int]]:
    """``(span_start, span_end, gap_start, gap_end)`` for each break between an outing said as
    the day's range and a later outing after a ``RESUME`` cue ("out 9-12 and out again 3-5",
    "out 9-11 and 1-4",
    "9-12 then home for lunch and a nap, back out 3 till 5:30"): the party is home from the
    first's end to the second's start (the span runs from the first range to the second)."""
    rs = ranges(sentence)
    kinds = [range_kind(sentence, (a, b))[0] for a, b, _, _ in rs]
    out = []
    for i, (a, _, _, end) in enumerate(rs):
        if kinds[i] != "window":
            continue
        nxt = next((j for j in range(i + 1, len(rs)) if kinds[j] == "resume"), None)
        if nxt is not None and rs[nxt][2] > end:
            out_word = _OUT_BEFORE.search(sentence[max(0, a - 30) : a])
            if out_word and resumes_before(sentence, rs[nxt][0]) is None:
                a = max(0, a - 30) + out_word.start()  # "out 9-11 and 1-4": quoted with its "out"
            out.append((a, rs[nxt][1], end, rs[nxt][2]))
    return out


_STAY_UNTIL = re.compile(r"(?:at\s+)?home\s+(?:until|till|til)\b", re.I)
_AT_HOME_BREAK = re.compile(r"\b(?:nap|naps|sleep|sleeps|asleep|lunch|quiet time|rest)\b", re.I)


@per_run_list
def stays_until(sentence: str) -> list[tuple[int, int, int, int]]:
    """``(span_start, span_end, start_min, end_min)`` for a stay at home said by its end only
    ("... naps at home until 3") after a break at home with its times in the same sentence
    ("home for lunch from 12 to 1:30 and the little one naps at home until 3"): the party is
    out before that break, so the stay goes on from the break's end to the time said, a
    blocked window at home, never the day's start (the morning was lost). Alone ("kids at home
    until 11, then out till 4") "at home until" starts the day (``START_CUE``)."""
    out = []
    rs = ranges(sentence)
    for a, b, role, t in points(sentence):
        if role != "start" or not _STAY_UNTIL.match(sentence, a):
            continue
        breaks = []
        for ra, rb, _, end in rs:
            kind, cue = range_kind(sentence, (ra, rb))
            said = sentence[min(cue, ra) : rb]
            at_home = AT_HOME.search(said) or _AT_HOME_BREAK.search(said)
            if rb <= a and kind == "blocked" and end < t and at_home:
                breaks.append((rb, end))
        if not breaks:
            continue
        rb, end = breaks[-1]
        word = list(BLOCK_RE.finditer(sentence, rb, a))
        lead = word[-1].start() if word else a
        out.append((lead, b, end, t))
    return out


def read_blocked(phrase: str, sentence: str = "") -> dict | None:
    """``{"start", "end", "label", "at_home"}`` for an appointment phrase with a time range
    ("footy training 9-10am", "nap at home 12-2") or with one time ("doctor at 1pm for an
    hour", ``point_blocks``), or for a stay at home said by its end after a break at home
    (``stays_until``), else ``None``."""
    context = sentence or phrase
    at = context.find(phrase.strip())
    for a, b, start, end in stays_until(context) if at >= 0 else ():
        if (a, b) == (at, at + len(phrase.strip())):
            return {
                "start": clock.hhmm(start),
                "end": clock.hhmm(end),
                "label": block_label(phrase) if BLOCK_RE.search(phrase) else "home",
                "at_home": True,
            }
    gaps = outing_gaps(phrase)
    if gaps and gaps[0][0] == 0:  # "out 9-12 and out again 3-5": home in between
        _, b, start, end = gaps[0]
        words = BLOCK_RE.search(phrase[:b])
        return {
            "start": clock.hhmm(start),
            "end": clock.hhmm(end),
            "label": block_label(phrase[:b]) if words else "home",
            "at_home": True,
        }
    rs = ranges(phrase, context)
    if not rs:  # "doctor at 1pm for an hour": one time and its length
        said = point_blocks(phrase, context)
        if not said:
            return None
        a, _, start, end, _ = said[0]
        booked = [w for x, _, _, _, w in booked_outings(phrase) if x == a]
        return {
            "start": clock.hhmm(start),
            "end": clock.hhmm(end),
            "label": booked[0] if booked else block_label(phrase),  # "planetarium show"
            "at_home": bool(
                AT_HOME.search(phrase)
                or HOME_FOR_BREAK.search(phrase)
                or HOME_FOR_TIMED_BREAK.search(phrase)
                or HOME_FOR_BREAK_THEN_TIME.search(phrase)
            ),
        }
    if not BLOCK_RE.search(phrase) and in_sentence_kind(phrase, context) != "blocked":
        return None
    if BLOCK_RE.search(phrase) and range_kind(phrase, rs[0][:2])[0] != "blocked":
        return None
    if in_sentence_kind(phrase, context) == "window":
        return None  # "lunch 2pm-5pm" of "after lunch 2pm-5pm": the day's window where said
    _, _, start, end = rs[0]
    home = home_range(phrase)  # "home from 12 to 1:30 for lunch": at home, named by its reason
    if not BLOCK_RE.search(phrase) and home:
        return {
            "start": clock.hhmm(start),
            "end": clock.hhmm(end),
            "label": "home",
            "at_home": True,
        }
    if not BLOCK_RE.search(phrase):
        cues = [m for m in BLOCK_RE.finditer(context[: max(0, context.find(phrase))])]
        phrase = (cues[-1].group(0) + " " + phrase) if cues else phrase
    at_home = (
        home
        or bool(AT_HOME.search(phrase))
        or bool(
            AT_HOME.search(sentence or "")
            and re.search(r"\b(?:nap|naps|sleep|sleeps|asleep|lunch|quiet time)\b", phrase, re.I)
        )
    )
    return {
        "start": clock.hhmm(start),
        "end": clock.hhmm(end),
        "label": block_label(phrase),
        "at_home": at_home,
    }


POINT_BLOCK_RE = re.compile(
    r"\b(?:"
    + BLOCK_WORDS
    + r")\b(?:(?:\s+(?:at\s+home|(?!at\b|from\b)[a-z'-]+)){0,3}?\s*(?:\bat\b|@|\bfrom\b)\s*(?=\d)"
    r"|(?:\s+at\s+home)?\s+(?=\d{1,2}(?:[:.][0-5]\d|\s*[ap]\.?m\b|\s+for\s|\s*\()))"
    r"|\b(?:booked|booking|reservation|reserved)\b(?:\s+(?!for\b)[a-z'-]+){0,3}?\s+for\s+(?=\d)",
    re.I,
)
"""An appointment word, then a single time after "at" within three words ("doctor at 1pm",
"piano lesson at 10", "kids party at 3.30", "christening at the church at 11", "lunch at home
at 12:30"), or right after it when the time says it is one ("dentist 9:15", "ballet 10am", "nap
at home 1 for an hour"); a booking "for" a time ("restaurant booked for 12:30", "booked lunch
for 12", "booked a table for 12:30")."""
_BOOKING_WORD = re.compile(r"(?:booked|booking|reservation|reserved)\b", re.I)
_NOT_A_BOOKER = re.compile(
    r"a|an|the|is|are|was|have|has|got|we|we've|i|i've|our|my|it|its|it's|already|and|then|also"
    r"|\d+",
    re.I,
)
_BOOKED_AFTER = re.compile(
    r"\s*(?:\(\s*|,\s*|-\s*)?(?:(?:it's|its|it\s+is|is|are|was|were|all|already|now|been|has\s+been"
    r"|have\s+been)\s+)*(?:booked|reserved|pre-?booked|paid(?:\s+for)?|ticketed)(?:\s+(?:in|already))?"
    r"(?:\s*\))?",
    re.I,
)
_BOOKED_BEFORE = re.compile(
    r"\b(?:(?:we've|we\s+have|i've|i\s+have|have|already)\s+)?(?:booked|pre-?booked|reserved"
    r"|(?:got|have|bought)\s+tickets\s+(?:for|to)|tickets\s+(?:for|to))\s+(?:(?:in|into)\s+)?"
    r"(?:(?:for|at)\s+)?$",
    re.I,
)
"""A booking said of an outing at a time: after it ("planetarium show at 2pm is booked", "Lone
Pine at 10 (booked)") or before it ("we've booked the planetarium at 2", "got tickets for the
movies at 11"): the outing is an appointment of the day (planned around), not asked about."""


def booked_outings(sentence: str) -> list[tuple[int, int, clock.Clock, int, str]]:
    """``(span_start, span_end, clock, clock_end, label)`` for each outing said at one time with
    its booking (``_BOOKED_AFTER``/``_BOOKED_BEFORE``): ``clock_end`` is where its time ends,
    ``label`` the outing's words ("planetarium show")."""
    out = []
    masked = clock.mask_dates(sentence)
    taken = [(a, b) for a, b, _, _ in ranges(sentence)]
    for m in clock.TOKEN_RE.finditer(masked):
        c = clock.token(m) if m.group(1) else None
        if c is None or any(a < m.end() and m.start() < b for a, b in taken):
            continue
        lead = outing_at(sentence, m.start())
        if lead is None:
            continue
        stop = m.end() - (len(m.group(0)) - len(m.group(0).rstrip()))
        after = _BOOKED_AFTER.match(sentence, stop)
        before = _BOOKED_BEFORE.search(sentence[max(0, lead - 40) : lead])
        if not after and not before:
            continue
        words = re.sub(r"\s+(?:at|@)\s*$", "", sentence[lead : m.start()]).strip()
        words = re.sub(r"^the\s+", "", words)
        start = max(0, lead - 40) + before.start() if before else lead
        end = after.end() if after else stop
        out.append((start, end, c, stop, words))
    return out


def said_on(sentence: str, quote: str) -> tuple[str, str, str] | None:
    """``(phrase, start, end)`` of the appointment with one time that starts where ``quote``
    does in ``sentence`` and goes on past it ("nap at 12 at home" of "nap at 12 at home for 2
    hours": its length is said after the quote), else ``None``."""
    at = sentence.find(quote)
    if at < 0 or not quote:
        return None
    for a, b, start, end, _ in point_blocks(sentence):
        if a == at and b > at + len(quote):
            return sentence[a:b], clock.hhmm(start), clock.hhmm(end)
    return None


_LENGTH_BEFORE = re.compile(
    r"\b(?:(?P<n>\d{1,3}(?:\.5)?)|(?P<w>an?|one|two|three|half\s+an?))[\s-]*(?:(?P<h>hours?|hrs?|h)"
    r"|(?P<m>minutes?|mins?))\s+(?:(?:long|of)\s+)?(?:(?:a|the|our|their)\s+)?$",
    re.I,
)
"""A length said right before an appointment word ("2 hour lunch", "a 45 min nap", "two-hour
nap")."""
_WORD_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


_LENGTH_AT_HOME = re.compile(
    r"\b(?:(?P<n>\d{1,3}(?:\.5)?)|(?P<w>an?|one|two|three|half\s+an?))[\s-]*(?:(?P<h>hours?|hrs?|h)"
    r"|(?P<m>minutes?|mins?))\s+(?:(?:at|back)\s+home\s+)?(?:for\s+)?(?:(?:a|the|our|their)\s+)?$",
    re.I,
)


def length_said_before(sentence: str, at: int, minutes: int) -> int | None:
    """Where a length said right before an appointment at ``at`` starts, when it is the
    appointment's own (``minutes``, its range's length): "we need an hour at home for lunch
    12-1" (the hour is 12-1, read with it, never a length asked about), else ``None``."""
    m = _LENGTH_AT_HOME.search(sentence[max(0, at - 40) : at])
    if m is None or _length_minutes(m) != minutes:
        return None
    return max(0, at - 40) + m.start()


def _length_minutes(m: re.Match) -> int:
    """Minutes of a ``_LENGTH_BEFORE`` match."""
    w = (m.group("w") or "").lower()
    n = 0.5 if w.startswith("half") else float(m.group("n") or _WORD_COUNT.get(w, 1))
    return int(round(n * 60)) if m.group("h") else int(round(n))


_HOME_BEFORE = re.compile(
    r"\b(?:home|back)(?:\s+home)?\s+(?:in time\s+)?(?:for\s+)?(?:(?:a|the|her|his|their|our)\s+)?$",
    re.I,
)
_ABOUT = r"(?:(?:about|around|roughly|approx\.?|approximately|maybe|prob(?:ably)?|like|~)\s*)?"
_LENGTH_LEAD = re.compile(
    r"\s*,?\s*(?:\(\s*(?:(?:it'?s|it\s+is|runs|lasts|goes\s+for)\s+)?|for\s+|lasting\s+"
    r"|(?P<verb>-\s*|(?:it'?s|it\s+is|which\s+is|that'?s)\s+|(?:(?:it|which|that)(?:'s|\s+is)?\s+)?"
    r"(?:takes?|lasts?|goes\s+for|runs?\s+for|runs?)\s+(?:for\s+)?"
    r"|(?:it'll|it\s+will|it\s+should|should|it'd|would)\s+(?:be|take|last|go\s+for)\s+(?:for\s+)?"
    r"|(?=" + _ABOUT + r"\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|mins?|minutes?)\b)))" + _ABOUT,
    re.I,
)
"""What leads an appointment's length after its time or place: "(2hrs)", "(about 2 hrs)",
"for about an hour", "lasting 90 mins"; after a dash or a verb ("- 2 hrs", ", takes 2 hours",
"which goes for 3h", "it'll be about 2 hrs") or with no word at all ("at Victoria Park 3hrs
home by 5") only a length that ends its clause ("takes 20 min to get there" is a drive)."""
_END_LEAD = re.compile(r"\s*,?\s*\(?\s*(?:till|til|until|to|-|\u2013)\s*", re.I)
OPEN_END = 23 * 60 + 59
"""Where an appointment said with one time and no length ends when it starts at
``LAST_OF_DAY`` or later ("kids party at 3.30", "a wedding at 4pm"): the day ends there, and
nothing is planned after its start (its end is unknown)."""
LAST_OF_DAY = 15 * 60
POINT_BLOCK_MINUTES = 60
"""How long an earlier appointment with one time and no length is taken to last ("ballet at
9:30": 09:30-10:30). Both are stated as assumptions (``point_block_assumption``)."""


def point_blocks(
    sentence: str, context: str = "", *, stay: bool = False
) -> list[tuple[int, int, int, int, bool]]:
    """``(span_start, span_end, start_min, end_min, assumed)`` for each appointment said with
    one time ("doctor at 1pm for an hour" 13:00-14:00, "piano lesson at 10 (45 mins)"
    10:00-10:45, "a party at 2pm (till 2:30)"): its end from a time after "till"/"to", or its
    length through Duckling's duration right after the time ("for an hour", "(45 mins)"); else
    ``POINT_BLOCK_MINUTES``, or open to the day's end from ``LAST_OF_DAY`` (``assumed``). A
    trailing "at home" is part of it. "Home for the party at 3" is a time home, never this,
    unless it is a stay at home the day goes on after: its length or end is said ("back home for
    lunch at 12:30 for an hour") or the sentence (or ``context``, the sentence around a quote)
    names a later deadline ("home for lunch at 12:30, home by 4"; ``stay``: taken as said, for
    a quote already read so). A time inside a range belongs to the range."""
    out = []
    masked = clock.mask_dates(sentence)
    taken = [(a, b) for a, b, _, _ in ranges(sentence)]
    for m in POINT_BLOCK_RE.finditer(masked):
        tm = clock.TOKEN_RE.match(masked, m.end())
        c = clock.token(tm) if tm and tm.group(1) else None
        if c is None or any(a < tm.end() and tm.start() < b for a, b in taken):
            continue
        start = clock.resolve(c, "start", sentence)
        end_at = tm.end() - (len(tm.group(0)) - len(tm.group(0).rstrip()))
        home_at = re.match(r"\s*(?:at home|back home)\b", sentence[end_at:])
        # "nap at 12 at home for 2 hours": the length after its "at home"
        said_at = end_at + home_at.end() if home_at else end_at
        end, assumed = _said_end(sentence, masked, said_at, c, start)
        if end is None and not _LENGTH_BEFORE.search(sentence[: m.start()]):
            # "back for nap at 12, then out again 2:30": going out again ends it
            back = _resume_end(sentence, masked, end_at, context or sentence)
            if back and back[0] > start:
                end, assumed = back, False
        lead = m.start()
        booker = re.search(r"\b([a-z']+)\s+$", sentence[:lead])
        if (
            _BOOKING_WORD.match(sentence, lead)
            and booker
            and not _NOT_A_BOOKER.fullmatch(booker.group(1))
        ):
            lead = booker.start(1)  # "restaurant booked for 12:30": the booking's own word
        # "a 2 hour lunch at home from 12": the length said before it
        said = _LENGTH_BEFORE.search(sentence[: m.start()]) if end is None else None
        # "home for a 45 min lunch at 12": "home for" before the length too
        home_for = _HOME_BEFORE.search(sentence[: said.start() if said else m.start()])
        if home_for:
            around = context or sentence
            later = stay or any(r == "end" and t > start for _, _, r, t in points(around))
            if end is None and said is None and not later:
                continue  # "home for the party at 3": when to be home, read as the day's end
            lead = home_for.start()  # "back home for lunch at 12:30 for an hour": at home
        if said:
            end, assumed = start + _length_minutes(said), False
            lead = min(lead, said.start())
        if end is None:
            end = OPEN_END if start >= LAST_OF_DAY else start + POINT_BLOCK_MINUTES
        elif isinstance(end, tuple):
            end, end_at = end
        home = re.match(r"\s*(?:at home|back home)\b", sentence[end_at:])
        if home:
            end_at += home.end()
        if start < end <= 24 * 60:
            out.append((lead, end_at, start, min(end, OPEN_END), assumed))
    for a, b, c, _, _ in booked_outings(sentence):  # "planetarium show at 2pm is booked"
        if any(x < b and a < y for x, y, _, _, _ in out):
            continue
        start = clock.resolve(c, "start", sentence)
        said, assumed = _said_end(sentence, masked, b, c, start)
        if isinstance(said, tuple):
            end, b = said
        else:
            end = OPEN_END if start >= LAST_OF_DAY else start + POINT_BLOCK_MINUTES
        out.append((a, b, start, min(end, OPEN_END), assumed))
    for m in [
        *HOME_FOR_BREAK.finditer(masked),
        *HOME_FOR_TIMED_BREAK.finditer(masked),
        *HOME_FOR_BREAK_THEN_TIME.finditer(masked),
    ]:
        # "home by 11 for the nap, then out again 2 till 5", "back for a 1pm nap, then out again 3"
        c = clock.token(m) if m.group(1) else None
        if c is None or any(a < m.end() and m.start() < b for a, b, _, _, _ in out):
            continue
        if any(a < m.end() <= b for a, b in taken):
            continue  # "home for lunch 12-1": the range's, not a time home
        start = clock.resolve(c, "start", sentence)
        back = _resume_end(sentence, masked, m.end(), context or sentence)
        if back and back[0] > start:
            out.append((m.start(), back[1], start, back[0], False))
    return out


HOME_FOR_BREAK = re.compile(
    r"\b(?:home|back)(?:\s+home)?\s+(?:by|at|for|around|about|before|@)\s+(?:about\s+|around\s+)?"
    + clock.TOKEN
    + r"\s*,?\s+for\s+(?:(?:a|an|the|her|his|their|our|my|[a-z]+'s)\s+){0,2}"
    r"(?:naps?|nap\s?time|sleep|rest|quiet time|lunch)\b",
    re.I,
)
"""A time home said with a break at home after it ("home by 11 for the baby's nap"): with the
party going out again after it ("..., then out again 2 till 5"), a stay at home from that time
until the outing resumes (``point_blocks``); alone, the day's end ("home by 11 for her nap")."""
HOME_FOR_TIMED_BREAK = re.compile(
    r"\b(?:home|back)(?:\s+home)?\s+for\s+(?:(?:a|an|the|her|his|their|our|my|[a-z]+'s)\s+)?"
    + clock.TOKEN
    + r"\s*(?:naps?|nap\s?time|sleep|rest|quiet time|lunch)\b",
    re.I,
)
"""A break at home said with its time inside ("back for a 1pm nap", "home for a 12:30 lunch"):
like ``HOME_FOR_BREAK``, a stay at home when the party goes out again after it."""
HOME_FOR_BREAK_THEN_TIME = re.compile(
    r"\b(?:home|back)(?:\s+home)?\s+for\s+(?:(?:a|an|the|her|his|their|our|my|[a-z]+'s)\s+)?"
    r"(?:naps?|nap\s?time|sleep|rest|quiet time|lunch)\s+(?:(?:around|about|by)\s+)?" + clock.TOKEN,
    re.I,
)
"""A break at home texted with its time after it, no "at" ("home for nap 12 then out again
3-5"): like ``HOME_FOR_BREAK``, a stay at home when the party goes out again after it."""


def _said_end(
    sentence: str, masked: str, at: int, first: clock.Clock, start: int
) -> tuple[tuple[int, int] | None, bool]:
    """The end an appointment's words give after its time at ``at``: ``((end_min, span_end),
    False)``, or ``(None, True)`` when none is said."""
    place = _PLACE_AFTER.match(sentence, at)
    lead = _LENGTH_LEAD.match(sentence, at)
    if place and not (_END_LEAD.match(masked, at) or (lead and _length_after(sentence, lead))):
        at = place.end()  # "party at 2pm at Victoria Park for 2 hours": the length after its place
    lead = _END_LEAD.match(masked, at)
    tm = clock.TOKEN_RE.match(masked, lead.end()) if lead else None
    second = clock.token(tm) if tm and tm.group(1) else None
    rng = clock.range_of(first, second, sentence) if second else None
    if rng and rng[0] == start:
        stop = tm.end() - (len(tm.group(0)) - len(tm.group(0).rstrip()))
        if sentence[stop : stop + 1] == ")":
            stop += 1
        return (rng[1], stop), False
    part = ALL_PART.match(sentence, at)
    if part and ALL_PART_ENDS[part.group(1).lower()] > start:  # "(all arvo)": to 17:00
        return (ALL_PART_ENDS[part.group(1).lower()], part.end()), False
    for lead in (_LENGTH_LEAD.match(sentence, at), _BARE_LENGTH_LEAD.match(sentence, at)):
        said = _length_after(sentence, lead) if lead else None
        if said:
            return (start + said[0], said[1]), False
    return None, True


ALL_PART = re.compile(
    r"\s*,?\s*\(?\s*(?:for\s+|goes\s+|it'?s\s+|it\s+is\s+)?(?:all|the\s+whole|whole)\s+(?:the\s+)?"
    r"(arvo|afternoon|morning|day)\b\s*\)?",
    re.I,
)
"""A length said as a part of the day after an appointment's time or place ("party at 11 at
nana's (all arvo)", "footy at 8, all morning"): it lasts to that part's end (``ALL_PART_ENDS``)."""
ALL_PART_ENDS = {"morning": 12 * 60, "arvo": 17 * 60, "afternoon": 17 * 60, "day": OPEN_END}
"""Where an appointment said to last "all morning"/"all arvo"/"all day" ends (the day-out
parts of ``DAY_PERIODS``; "all day": the day's end, nothing planned after it)."""
_ALL_PART_HEAD = re.compile(r"\b(?:" + BLOCK_WORDS + r")\b[^,;.!?]{0,45}?\d[^,;.!?]{0,40}$", re.I)


def all_part_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``ALL_PART`` said right after an appointment with a time in ``sentence``
    ("party at 11 at nana's (all arvo)"): the appointment's length, never the day's part."""
    out = []
    for m in ALL_PART.finditer(sentence):
        if _ALL_PART_HEAD.search(sentence[max(0, m.start() - 90) : m.start()]):
            out.append(m.span())
    return out


def _length_after(sentence: str, lead: re.Match) -> tuple[int, int] | None:
    """``(minutes, span_end)`` of the length Duckling reads right after ``lead`` (a
    ``_LENGTH_LEAD`` or ``_BARE_LENGTH_LEAD`` match), when it is the appointment's own: after a
    bare comma, a dash or a verb it ends its clause (``_CLAUSE_END_AFTER``; with no word at all,
    a texted run-on's next item, ``_RUN_ON_AFTER``); never a drive ("(20 min away)"), nor a
    length with more after it than Duckling read ("(1hr 30)"); else ``None``."""
    verb = "verb" not in lead.re.groupindex or lead.group("verb") is not None
    tail = sentence[lead.end() : lead.end() + 30]
    for sp in duck.parse(tail, datetime(2026, 1, 1), ("duration",)):
        seconds = (sp.value.get("normalized") or {}).get("value")
        if sp.start != 0 or not isinstance(seconds, (int, float)) or not 0 < seconds <= 12 * 3600:
            continue
        stop = lead.end() + sp.end
        ends = _CLAUSE_END_AFTER if lead.group(0).strip() else _RUN_ON_AFTER
        if verb and not ends.match(sentence, stop):
            return None  # ", 20 min drive max": a cap, not the appointment's length
        if re.match(r"\s*\d", sentence[stop:]) or _NOT_ITS_LENGTH.match(sentence, stop):
            return None  # "(1hr 30)", "(20 min away)": asked, never cut short or a drive
        if sentence[stop : stop + 1] == ")":
            stop += 1
        return int(seconds // 60), stop
    return None


_NOT_ITS_LENGTH = re.compile(
    r"\s*(?:away|drive|driving|walk|walking|by\s+car|each\s+way|to\s+get|travel|trip)\b",
    re.I,
)
"""Words after a length that make it a trip, not the appointment's ("(20 min away)")."""


_PLACE_AFTER = re.compile(
    r"\s+\(?(?:at|in|@)(?:\s+(?!(?:and|then|but|so|free|out|home|back|for|till|til|until|to|from"
    r"|after|before|by|we|i|lasting|it|its|it's|which|that|should|would)\b)[a-z][\w'&-]*){1,4}\)?"
    r"(?=\s*[,(]|\s+(?:-\s*)?" + _ABOUT + r"\d|\s+(?:for|lasting|till|til|until|to|takes?|lasts?"
    r"|goes|runs?|it|its|it's|it'll|it'd|which|that|should|would)\b)",
    re.I,
)
"""An appointment's place said between its time and its length or end ("party at 2pm at
Victoria Park for 2 hours", "lunch at 12 at nana's till 2"): up to four words, none that opens
another clause ("at the park and free till 3" is no end of it)."""
_BARE_LENGTH_LEAD = re.compile(r"(?:\s+\(?(?:at|in|@)\s+[^,;.()\d]{1,40}?)?\s*,\s*", re.I)
"""A length said after an appointment's time and place with no word before it ("kids party at
2pm at Victoria Park, 2 hours"): its own clause, nothing after it but the clause's end."""
_CLAUSE_END_AFTER = re.compile(r"\s*(?:long\s*)?(?:[,;.!?)]|$|\s-\s|(?:and|then|but)\b)", re.I)
_RUN_ON_AFTER = re.compile(
    r"\s*(?:long\s*)?(?:[,;.!?)]|$|\s-\s|(?:and|then|but|home|back|out|free|after|need|so"
    r"|budget)\b|\$)",
    re.I,
)
"""After a length said with no word before it: its clause's end, or a texted run-on's next
item ("3hrs home by 5", "2 hrs then free"); never a word that makes it a drive or a cap."""


def point_block_assumption(quote: str, value: dict) -> str | None:
    """What is assumed for a blocked reading quoted from an appointment with one time and no
    end ("kids party at 3.30", "ballet at 9:30"), said with its times: the day ends at an
    afternoon one's start; an earlier one lasts an hour."""
    found = point_blocks(normalise_space(quote), stay=True)
    if not (found and found[0][4] and not ranges(quote)):
        return None
    if value.get("end") == clock.hhmm(OPEN_END):
        return (
            f'"{quote}" has no end time: nothing is planned after {value.get("start")} '
            "(say how long it lasts to plan after it)"
        )
    return (
        f'"{quote}" has no end time: assumed to last an hour '
        f"({value.get('start')}-{value.get('end')}; say if it is longer)"
    )


def normalise_space(text: str) -> str:
    """``text`` lower-cased with runs of blanks as one space (the reader's matching form)."""
    return " ".join(text.lower().split())


_OUTING_AT = re.compile(
    r"\b(?:the\s+)?(?:" + ACTIVITY_WORDS + r")\b(?:\s+(?!(?:at|and|then|or|so|but)\b)[\w'-]+){0,2}?"
    r"\s+(?:at|@)\s*$",
    re.I,
)


def outing_at(text: str, at: int) -> int | None:
    """Where an outing said with one time at ``at`` of ``text`` starts ("the planetarium at
    2pm", "Lone Pine at 10"), else ``None``: like a range beside an outing ("museum trip
    10-12", ``range_kind``'s ``activity``), a visit at a set time, which the request's model
    cannot hold: listed unread (kind ``activity``) and asked whether it is booked. An
    appointment's word before it ("party at 2pm") makes it blocked (``point_blocks``)."""
    head = text[max(0, at - 45) : at]
    m = _OUTING_AT.search(head)
    if (
        m is None
        or BLOCK_RE.search(head[m.start() :])
        or re.search(r"[,;.!?()]", head[m.start() :])
    ):
        return None
    return at - len(head) + m.start()


def activity_ranges(sentence: str) -> list[tuple[int, int]]:
    """Spans of timed outings in ``sentence`` ("museum trip 10-12", "10 till 12 at the pool"),
    from the outing's word to the range's end (or the range to the outing's word after it)."""
    out = []
    for a, b, _, _ in ranges(sentence):
        kind, cue = range_kind(sentence, (a, b))
        if kind != "activity":
            continue
        if cue < a:
            out.append((cue, b))
        else:
            m = ACTIVITY_RE.search(sentence, b)
            out.append((a, m.end() if m else b))
    return out


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
