"""Must-dos in request text: every place or activity the text insists on, lists included.

A must-do is the object of an insisting cue:

- before it: "must / have to / need to / really want to / promised to" with a visiting verb
  ("see", "visit", "do", "ride", "go on", "take the kids to", ...), "promised the kids (a trip
  to) X", "can't miss X", "don't want to miss X", "must-dos: X, Y";
- after it: "X is a must", "X is non-negotiable", "X and Y are a must-do".

The object may be a list, and every member is a must-do: "X, Y and Z", "X and also Y", "X as
well as Y", "both X and Y", "X plus Y", "X and ride Y" (a visiting verb starts a member). A list
ends where a member is no name: "must see GOMA and be home by 4" is one must-do (a verb that is
no visiting verb, a pronoun, a person, a number or a time starts a new clause), and at "then",
"with", "before", "on", ... A name that itself contains "and", "&" or a comma in the venue
catalogue (``dayplan.data.venues``: "Lollipop's Playland & Cafe", "SparkLab, Sciencentre") is
kept whole.

``must_like_cues`` finds every insisting cue, read or not, so the caller can list a must-like
clause nothing read ("we promised the kids", "it has to be indoors") and ask about it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from dayplan import data
from dayplan.core.dates import WEEKDAYS
from dayplan.core.mustdo import match_must_do
from dayplan.reading import deferred_re as re
from dayplan.reading import duck, money, people, times, weather
from dayplan.reading.memo import per_run_list
from dayplan.reading.prefilter import prefilter_module

VERB = (
    r"(?:see|visit|go to|go on|go and see|go see|go and do|do|check out|ride|try|catch|climb|feed"
    r"|pat|cuddle|hold|get to|swim at|eat at|play at|hit|stop at|stop by|pop into|fit in|squeeze in"
    r"|include|make it to|get along to|spend (?:some\s+)?time at"
    r"|take (?:the kids|the girls|the boys|them|her|him|us) to)"
)
"""Verbs that visit: a must-do is their object ("must ride the Wheel")."""
_INSIST = (
    r"(?:must|have to|has to|need to|needs to|have got to|'ve got to|got to|gotta|really want to"
    r"|really wanna|want to make sure we|promised (?:to|we'd|we would|we'll|that we'd))"
)
_WHOM = (
    r"(?:the (?:kids|children|girls|boys|little ones|little one|twins|grandkids)|them|her|him"
    r"|(?:my|our) (?:kids|children|girls|boys|son|daughter|little ones|nephew|niece|grandkids))"
)
_ADV = r"(?:(?:also|really|definitely|absolutely|both|still|at least|for sure)\s+)*"
_LEAD = (
    r"(?:(?:a|an|our|one)\s+(?:trip|visit|day|look|go|ride|swim|play|morning|afternoon)"
    r"\s+(?:to|at|on|in|around)\s+)"
)
"""A noun that leads to the must-do ("a trip to Lone Pine", "a go on the Wheel")."""
PRE_CUE = re.compile(
    r"\b(?:"
    + _INSIST
    + r"\s+"
    + _ADV
    + r"(?:"
    + VERB
    + r"|(?:have|get|do)\s+"
    + _LEAD
    + r")"
    + r"|promised\s+"
    + _WHOM
    + r"\s+(?:(?:we'd|we would|we'll|to|that we'd|that we would)\s+"
    + _ADV
    + VERB
    + r"|"
    + _LEAD
    + r"|(?=(?-i:[A-Z])|the\s))"
    + r"|(?:can't|cannot|can not|mustn't|won't|don't want to|do not want to)\s+"
    + _ADV
    + r"(?:miss|skip)"
    + r"|(?:must-?(?:dos?|sees?)|non-?negotiables?)\s*(?:are|is|include|:|-)"
    + r"|must\s*:"
    + r"|(?:please|pls|plz|can you|could you)\s+(?:(?:make sure|be sure|try)\s+(?:to|you|we)\s+)?"
    + r"(?:include|fit in|squeeze in|add|work in)"
    + r"|(?:make sure|be sure|ensure)\s+(?:(?:to|we|you|that we|the kids|they)\s+)+"
    + _ADV
    + VERB
    + r"|(?:top|first|number one|no\.?\s?1|main|biggest)\s+priority\s*(?::|-|is|=)"
    + r"|(?:the\s+)?(?:(?:main|one)\s+thing\s+(?:(?:we|i|the kids|they)\s+(?:want|need|really want)s?"
    + r"(?:\s+to\s+do)?\s+)?|only\s+thing\s+(?:we|i|the kids|they)\s+(?:want|need|really want)s?"
    + r"(?:\s+to\s+do)?\s+)(?:is|:|-)"  # "the only thing is ...": a catch, no must-do
    + r"|(?:have|has|got)\s+(?:(?:their|her|his|our|my)\s+)?hearts?\s+set\s+on"
    + r"(?:\s+(?:seeing|visiting|doing|going to|a trip to|a visit to))?"
    + r"|(?:are|is|am|'re|'s|'m)\s+(?:dead\s+|really\s+|totally\s+)?set\s+on"
    + r"(?:\s+(?:seeing|visiting|doing|going to|a trip to|a visit to))?"
    + r"|promised\s+(?:"
    + _WHOM
    + r"\s+)?(?:a\s+)?(?:trip|visit|day|go|ride)\s+(?:to|at|on)"
    + r"|(?:can't|cannot|can not|won't|couldn't)\s+(?:leave|go home|come home|go back)\s+without"
    + r"(?:\s+(?:seeing|visiting|doing|going to|a trip to|a visit to|a go on|riding))?"
    + r")\s*(?::\s*)?(?:the\s+)?",
    re.I,
)
"""An insisting cue before its object (the object starts at the match's end)."""
WEAK_PRE = re.compile(
    r"\b(?:definitely|for sure|absolutely|certainly|100%|100 per ?cent)\s+(?:(?:want|wanna|need|going|gonna|keen)"
    r"(?:\s+to)?\s+)?(?:" + VERB + r"\s+)?(?:the\s+)?",
    re.I,
)
"""A weak insisting word before its object ("definitely the planetarium"): a must-do only
when the object is a place or activity the catalogue has (``_known``), so "for sure it'll
rain", "definitely not the museum" and "definitely home by 3" are none."""
WEAK_POST = re.compile(
    r"\s+(?:for sure|for certain|definitely|no matter what|without fail|no matter what"
    r"|(?:is\s+|are\s+)?(?:a\s+)?must(?:-?do|-?see)?)\s*(?=[,.;!?)]|\s-\s|$)",
    re.I,
)
"""A weak insisting word after its object, ending its clause ("Lone Pine for sure", "the
Wheel a must"): a must-do only when the object is known (``_known``)."""
_IS = r"(?:\s+(?:is|was|will be|has to be|must be|needs to be|should be|has got to be|'s got to be)|'s|\s*[:=-])"
MAIN_PRE = re.compile(
    r"(?:\b(?:(?:the|our|my|their|today's)\s+(?:whole|entire|main|only|real|sole)\s+"
    r"(?:point|reason|purpose|aim|goal|plan)"
    r"(?:\s+(?:of|for)\s+(?:the\s+(?:day|trip|outing|weekend)|today|saturday|sunday|going(?:\s+out)?"
    r"|this(?:\s+(?:trip|outing))?|us))?"
    r"|(?:the|our|today's)\s+(?:main|big|star|headline|key)\s+(?:event|attraction|drawcard|draw|act)"
    r"|(?:our|their|his|her|my|the kids'|the kids's|the)\s+(?:big|number one|no\.?\s?1|#1)\s+thing"
    r"|(?:the|our|today's|the day's|their|the kids')\s+(?:highlight|high point|centrepiece|centerpiece"
    r"|focus|headline|big ticket item)(?:\s+(?:of|for)\s+(?:the\s+(?:day|trip|outing)|today|us|them))?"
    r"|(?:top|first|number one|no\.?\s?1)\s+(?:of|on)\s+(?:the|our|my|their|the kids'?)\s+"
    r"(?:list|wish\s?list|bucket\s?list))" + _IS + r"(?:\s+(?:to\s+)?" + VERB + r")?"
    r"|\b(?:going|heading|off|coming|in town|out)\s+(?:there\s+|in\s+)?(?:mainly|mostly|primarily"
    r"|chiefly|especially|largely|really|just)\s+(?:for|to\s+" + VERB + r")"
    r"|\b(?:mainly|mostly|primarily|chiefly|largely)\s+(?:going|heading|coming|in it)\s+"
    r"(?:for|to\s+" + VERB + r")"
    r"|\b(?:(?:we|i|they|the kids|the girls|the boys|he|she)\s+)?(?:really|desperately|so)\s+"
    r"(?:want|wants|wanna|need|needs)(?:\s+to\s+" + VERB + r")?"
    r"|\b(?:it|this|that|the day)\s+(?:has|needs|has got|'s got|have got|must)\s*(?:to\s+)?be"
    r")\s*(?::\s*)?(?:the\s+)?",
    re.I,
)
"""A cue that names the day's main aim before its object ("the whole point is Lone Pine",
"the main event is X", "our big thing is X", "the highlight has to be X", "top of the list: X",
"we're going mainly for X", "we really want (to see) X", "it has to be Lone Pine"): a must-do
when the object is a place or activity of the catalogue (``_known``) or a capitalised name
("the whole point is Dreamworld": a venue the run then says it does not know); "the whole
point is to relax" names none (``_AIM``)."""
MAIN_POST = re.compile(
    r"\s+(?:is|are|'s|has to be|must be|will be|needs to be)\s+(?:(?:really|definitely|absolutely)\s+)?"
    r"(?:(?:at\s+)?(?:the\s+)?(?:top|first)\s+(?:of|on)\s+(?:the|our|my|their|the kids'?)\s+"
    r"(?:list|wish\s?list|bucket\s?list)"
    r"|(?:the|our|my|their|today's)\s+(?:whole point|main event|main attraction|highlight|big thing"
    r"|main thing|number one thing|centrepiece|centerpiece|focus|headline act|main reason|drawcard"
    r"|big one)"
    r"|(?:the|our)\s+(?:whole\s+)?reason\s+(?:we're|we are|for)\s+going)\b",
    re.I,
)
"""A cue that names the day's main aim after its object ("GOMA is top of the list", "Lone Pine
is the highlight", "the Wheel is the main event"): a must-do as ``MAIN_PRE``'s object is."""
_AIM = re.compile(r"(?:to|for)\s+(?!(?:" + VERB + r")\b)(?!the\b)[a-z]", re.I)
"""An object that is an aim, not a place: "to relax", "to have fun", "for a change"."""
POST_CUE = re.compile(
    r"\s+(?:is|are|'s)\s+(?:(?:an?|our|the|definitely|absolutely|really)\s+){0,2}"
    r"(?:must(?:-?do|-?see)?|non-?negotiable|not negotiable|compulsory|mandatory|essential"
    r"|top priority|priority|the one thing)\b",
    re.I,
)
"""An insisting cue after its object ("Lone Pine is a must", "X and Y are non-negotiable")."""
MUST_LIKE = re.compile(
    r"\b(?:must(?:-?dos?|-?sees?)?|have to|has to|had to|need to|needs to|got to|gotta"
    r"|promised|non-?negotiable|not negotiable|can't miss|cannot miss|can not miss"
    r"|mustn't miss|don't want to miss|do not want to miss|insist(?:s|ed)? on|no matter what"
    r"|compulsory|mandatory|top priority|please include|make sure we|set on"
    r"|can't leave without|cannot leave without|main thing is|whole point(?: of \w+(?: \w+)?)? is"
    r"|main event is|(?:highlight|centrepiece) (?:has to|must|needs to) be|top of (?:the|our|my) list)\b",
    re.I,
)
"""Any insisting word or phrase, read or not (``must_like_cues``)."""
_NEGATED = re.compile(
    r"\b(?:don't|dont|do not|doesn't|doesnt|does not|didn't|didnt|no|not|never|won't|wont"
    r"|wouldn't|wouldnt|shouldn't|shouldnt|can't|cant|if|avoid|skip)"
    r"\s+(?:\w+\s+)?$",
    re.I,
)

_BREAK = re.compile(
    r"(?P<stop>\s*[.;!?:()\[\]\"]|\s+(?:and\s+then|then|with|on|in(?!\s+(?-i:[A-Z]))|before"
    r"|after|if|by|but|so|because|while|when|for|from|during|today|tomorrow|tonight|this|next"
    r"|around|until|till|til|between|first|later|unless|otherwise|since|or\s+(?:so|something"
    r"|anything|whatever)|at(?=\s+\d)|is|are|was|were|which|where)\b|\s+(?=[\d$])|\s+-\s+|$)"
    r"|(?P<sep>\s*,\s*(?:(?:and|plus|&)\s+(?:also\s+)?)?|\s+(?:and\s+also|as\s+well\s+as"
    r"|along\s+with|plus|and|&|\+)\s+|\s*&\s*)",
    re.I,
)
"""Where a list member ends: a separator (another member follows) or a stop (the list ends)."""
_NOT_MEMBER = re.compile(
    r"^(?:be|get|go|going|head|come|leave|stay|keep|make|have|has|had|need|needs|must|want"
    r"|wants|would|will|could|can|should|may|might|home|back|we|we're|we'll|we'd|i|i'm|i'd|you"
    r"|they|he|she|it|it's|us|me|them|our|my|his|her|their|there|that|this|those|these|what"
    r"|who|is|are|was|not|no|don't|then|with|lunch|dinner|tea|breakfast|brunch|bed|sleep|nap"
    r"|naps|rest|work|school|church|pick|drop|bring|grab|finish|arrive|return|budget|spend"
    r"|under|max|about|maybe|any|anything|everything|nothing|one|two|three|four|five|adults?"
    r"|kids?|children|child|family|partner|husband|wife|hubby|mum|mom|dad|grandma|grandpa|nan"
    r"|toddler|baby|bub|girls|boys|son|daughter|too|either|please|thanks|cheers|otherwise|unless"
    r"|on|in|at|by|before|after|if|but|so|because|while|when|for|from|during|today|tomorrow"
    r"|tonight|next|around|until|till|between|first|later|since|or|and|plus|also|which|where"
    r"|ideally|preferably|hopefully|probably|possibly|perhaps|somewhere|something|whatever"
    + "|"
    + "|".join(WEEKDAYS)
    + r")\b",
    re.I,
)
"""A list member starting with one of these words is a new clause, not a name."""
_CLAUSE_WORD = re.compile(
    r"\b(?:is|are|was|were|want|wants|love|loves|like|likes|would|will|can|could|should|need"
    r"|needs|must|have|has|had|be|get|gets|going|does|did|'ll|'d|'re)\b",
    re.I,
)
_NO_NAME = re.compile(
    r"^(?:it|it's|that|this|them|those|these|everything|anything|nothing|home|back|be|there"
    r"|here|so|too|we|you|i|out|much|more|lots|a lot)\b",
    re.I,
)
_HEAD = re.compile(r"^(?:(?:also|both|then|too)\s+)+", re.I)
_TAIL = re.compile(
    r"(?:\s+(?:too|as well|please|for sure|definitely|again|also|if possible))+$", re.I
)


@dataclass(frozen=True)
class MustItem:
    """One must-do in a phrase: ``name`` (lower case, no leading "the"), the span of the member
    (``start``, ``end``: offsets into the phrase) and ``quote_start``, where the quote that
    proves it begins (the cue before it; for a cue after it, the list's start, ``quote_end``
    then the cue's end)."""

    name: str
    start: int
    end: int
    quote_start: int
    quote_end: int


def _fold(text: str) -> str:
    text = text.lower().replace("&", " and ").replace("+", " and ")
    return re.sub(r"^the\s+", "", " ".join(re.findall(r"[a-z0-9]+", text)))


@lru_cache(maxsize=1)
def _catalogue_names() -> tuple[str, ...]:
    return tuple(_fold(v.name) for v in data.venues())


def in_catalogue(phrase: str) -> bool:
    """Whether ``phrase`` (case, punctuation, "&"/"and" and a leading "the" folded) is a run of
    whole words of some catalogue venue's name (``dayplan.data.venues``)."""
    folded = _fold(phrase)
    return bool(folded) and any(f" {folded} " in f" {n} " for n in _catalogue_names())


_VERB_HEAD = re.compile(r"(?:" + VERB + r")\s+", re.I)


def _members(phrase: str, start: int, end: int | None = None) -> list[tuple[int, int, bool]]:
    """Raw ``(start, end, more)`` spans of the list that starts at ``start`` of ``phrase`` (up
    to ``end``): ``more`` says a separator follows the member."""
    limit = len(phrase) if end is None else end
    out: list[tuple[int, int, bool]] = []
    pos = start
    while pos < limit:
        ws = re.match(r"\s*(?:(?:also|both|then|too)\s+)*", phrase[pos:limit], re.I)
        verb = _VERB_HEAD.match(phrase, pos + ws.end(), limit)  # "go on the Wheel": one member
        m = _BREAK.search(phrase, verb.end() if verb else pos, limit)
        if m is None:  # pragma: no cover - "$" matches at the limit
            out.append((pos, limit, False))
            break
        more = m.group("sep") is not None and m.end() > pos
        out.append((pos, m.start(), more))
        if not more:
            break
        pos = m.end()
    return out


def _merge(phrase: str, raw: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Members joined again where the catalogue names them together ("Playland & Cafe",
    "SparkLab, Sciencentre")."""
    out: list[tuple[int, int, bool]] = []
    for a, b, more in raw:
        if out and out[-1][2] and in_catalogue(phrase[out[-1][0] : b]):
            out[-1] = (out[-1][0], b, more)
            continue
        out.append((a, b, more))
    return out


_THE = re.compile(r"the\s+", re.I)


def _clean_member(phrase: str, a: int, b: int, strict: bool) -> tuple[int, int, str] | None:
    """The member at ``a:b`` as ``(start, end, name)``, or ``None`` when it is no name (strict:
    every member after the first, and the subject of a cue after it)."""
    while a < b:
        seg = phrase[a:b]
        if seg[:1].isspace():
            a += len(seg) - len(seg.lstrip())
            continue
        m = _HEAD.match(seg) or _VERB_HEAD.match(seg)
        if not m:
            break
        a += m.end()
    seg = phrase[a:b].rstrip(" ,'\"")
    tail = _TAIL.search(seg)
    if tail:
        seg = seg[: tail.start()].rstrip(" ,")
    b = a + len(seg)
    bare = seg[_THE.match(seg).end() :] if _THE.match(seg) else seg
    if not re.search(r"[a-zA-Z]{2}", bare) or len(bare) > 60:
        return None
    if _NO_NAME.match(bare):
        return None  # "can't miss it", "non-negotiable: be home by 3"
    if strict and (
        _NOT_MEMBER.match(bare)
        or _CLAUSE_WORD.search(bare)
        or len(bare.split()) > 6
        or re.match(r"[\d$]", bare)
    ):
        return None
    return a, b, bare.lower().strip()


_CLAUSE_END = re.compile(r"[,;.!?()]|$")
_REF = datetime(2026, 1, 1)


def claimed_spans(phrase: str) -> list[tuple[int, int]]:
    """Spans of ``phrase`` the other readers claim: time ranges and single times
    (``times.ranges``, ``times.points``), amounts and money words (``money``), the party
    (``people.cue_spans``) and weather mentions (``weather.mentions``). None of them is a
    place or an activity, so none is a must-do list's member."""
    spans = [(a, b) for a, b, _, _ in times.ranges(phrase)]
    spans += [(a, b) for a, b, _, _ in times.points(phrase)]
    for rx in (money.DIGIT_MONEY, money.MONEY_RANGE, money.MONEY_CUE, money.ZERO):
        spans += [m.span() for m in rx.finditer(phrase)]
    spans += people.cue_spans(phrase)
    if len(phrase.lower()) == len(phrase):  # weather spans are offsets into the lower case
        spans += [(m.start, m.end) for m in weather.mentions(phrase) if m.kind != "sky"]
    return spans


def _ends_list(phrase: str, claims: list[tuple[int, int]], prev_end: int, a: int, b: int) -> bool:
    """Whether the member at ``a:b`` (the one before it ends at ``prev_end``) is no place or
    activity but another reader's phrase, so the list ended before it (module docstring)."""
    if re.search(r"\d", phrase[a:b]) or any(x < b and a < y for x, y in claims):
        return True
    if "," not in phrase[prev_end:a]:
        return False  # "X and Y": the member alone decides
    end = _CLAUSE_END.search(phrase, b).start()
    if re.search(r"\d", phrase[a:end]) or any(x < end and a < y for x, y in claims):
        return True  # "ballet 10-11", "total spend under 90 dollars", "done by 3"
    return any(s.dim == "number" for s in duck.parse(phrase[a:end], _REF, ("number",)))


@per_run_list
def must_items(phrase: str) -> list[MustItem]:
    """Every must-do ``phrase`` insists on, in order, each once (module docstring). ``phrase``
    may keep its capitals ("in New Farm" then stays part of a must-do; "in the morning" never
    does)."""
    out: list[MustItem] = []
    taken: list[tuple[int, int]] = []

    def add(item: MustItem) -> None:
        if any(o.name == item.name for o in out):
            return
        out.append(item)
        taken.append((item.start, item.end))

    cues: list[tuple[int, int]] = []
    for m in PRE_CUE.finditer(phrase):
        cues.append(m.span())
        if _NEGATED.search(phrase[max(0, m.start() - 20) : m.start()]):
            continue  # "we don't have to do anything big", "if we have to see ..."
        raw = _merge(phrase, _members(phrase, m.end()))
        claims: list[tuple[int, int]] | None = None
        for i, (a, b, _) in enumerate(raw):
            got = _clean_member(phrase, a, b, strict=i > 0)
            if got is None:
                break
            if i > 0:
                claims = claimed_spans(phrase) if claims is None else claims
                if _ends_list(phrase, claims, raw[i - 1][1], got[0], got[1]):
                    break
            add(MustItem(got[2], got[0], got[1], m.start(), got[1]))
    for m in WEAK_PRE.finditer(phrase):
        if any(x <= m.start() < y or x < m.end() <= y for x, y in taken):
            continue
        if _NEGATED.search(phrase[max(0, m.start() - 20) : m.start()]):
            continue
        raw = _merge(phrase, _members(phrase, m.end()))
        for a, b, _ in raw:
            got = _clean_member(phrase, a, b, strict=True)
            if got is None or not _known(got[2]):
                break
            add(MustItem(got[2], got[0], got[1], m.start(), got[1]))
    for m in MAIN_PRE.finditer(phrase):
        if any(x < m.end() and m.start() < y for x, y in taken + cues):
            continue  # "we really want to see X": read by ``PRE_CUE``
        if _NEGATED.search(phrase[max(0, m.start() - 20) : m.start()]):
            continue
        raw = _merge(phrase, _members(phrase, m.end()))
        claims = None
        for i, (a, b, _) in enumerate(raw):
            got = _clean_member(phrase, a, b, strict=i > 0)
            if got is None or not _main_object(phrase, got):
                break
            if i > 0:
                claims = claimed_spans(phrase) if claims is None else claims
                if _ends_list(phrase, claims, raw[i - 1][1], got[0], got[1]):
                    break
            add(MustItem(got[2], got[0], got[1], m.start(), got[1]))
    for post, kind in ((POST_CUE, "strong"), (WEAK_POST, "weak"), (MAIN_POST, "main")):
        for m in post.finditer(phrase):
            _post_items(phrase, m, kind, taken, add)
    for m in PRONOUN_CUE.finditer(phrase):  # "the planetarium at 2pm, it's a must"
        got = _said_before(phrase, m.start())
        if got is not None and not any(x <= got[0] < y for x, y in taken):
            add(MustItem(got[2], got[0], got[1], got[3], m.end()))
    return out


PRONOUN_CUE = re.compile(
    r"\s*(?:,|\s-\s|\s)\s*(?:(?:and|so)\s+)?(?:it's|it\s+is|that's|that\s+is|this\s+is|its)\s+"
    r"(?:(?:an?|definitely|absolutely|really|totally)\s+){0,2}"
    r"(?:must(?:-?do|-?see)?|non-?negotiable|not\s+negotiable|compulsory|essential|top\s+priority)\b",
    re.I,
)
"""An insisting cue that refers back to the venue or kind just said, in its own clause
("We'd like the planetarium at 2pm, it's a must", "Lone Pine - that's non-negotiable")."""


def _said_before(phrase: str, at: int) -> tuple[int, int, str, int] | None:
    """``(start, end, name, quote_start)`` of the venue (a catalogue mention) or kind of outing
    said last in the clause before ``at`` (since the last full stop), else ``None``."""
    from dayplan.reading import named  # noqa: PLC0415 (named imports this module lazily)

    lo = max([0] + [x.end() for x in re.finditer(r"[.;!?]", phrase[:at])])
    clause = phrase[lo:at]
    said = [x for x in named.mentions(clause) if not _NEGATED.search(clause[: x.start])]
    if said:
        x = said[-1]
        bare = re.sub(r"^the\s+", "", x.name)
        return lo + x.end - len(bare), lo + x.end, bare, lo + x.start
    words = [w for w in re.finditer(r"[a-z]+", clause.lower()) if _known(w.group(0))]
    words = [w for w in words if w.group(0) in _KIND_NOUNS]
    if not words or _NEGATED.search(clause[: words[-1].start()]):
        return None
    w = words[-1]
    the = re.search(r"(?:\bthe\s+)?$", clause[: w.start()], re.I)
    return lo + w.start(), lo + w.end(), w.group(0).lower(), lo + the.start()


_KIND_NOUNS = frozenset(
    [
        "museum",
        "museums",
        "pool",
        "pools",
        "park",
        "parks",
        "library",
        "cinema",
        "movies",
        "zoo",
        "koalas",
        "planetarium",
        "beach",
        "gallery",
        "markets",
        "market",
        "playground",
        "sanctuary",
    ]
)
"""Kind words a pronoun's must-do may name ("the pool, it's a must")."""


_NO_TAIL_WORDS = frozenset(
    {"by", "at", "home", "till", "until", "from", "to", "and", "or", "with", "kids", "adults"}
)


def _known_tail(phrase: str, start: int, end: int) -> tuple[int, int, str] | None:
    """The last one to three words before a weak cue that name a place or activity of the
    catalogue (``_known``), when the clause has no punctuation to bound its object ("Saturday
    Kenmore 2 adults 3 kids $250 home by 5 koalas a must": "koalas"); longest first."""
    words = list(re.finditer(r"[\w'-]+", phrase[start:end]))
    for n in (3, 2, 1):
        if len(words) < n:
            continue
        a, b = start + words[-n].start(), start + words[-1].end()
        name = phrase[a:b].lower()
        if _NOT_A_NAME.match(name) or any(
            re.search(r"\d", w.group(0)) or w.group(0).lower() in _NO_TAIL_WORDS for w in words[-n:]
        ):
            continue
        if _known(name):
            return a, b, name
    return None


def _main_object(phrase: str, got: tuple[int, int, str]) -> bool:
    """Whether the object ``got`` of a main-aim cue (``MAIN_PRE``, ``MAIN_POST``) is a must-do:
    a place or activity of the catalogue (``_known``), or a capitalised name that is no aim."""
    a, _, name = got
    if _AIM.match(name) or _NOT_A_NAME.match(name):
        return False
    if in_catalogue(name) or _level(name) in ("name", "kind"):
        return True  # "Lone Pine", "the koalas", "a swim"; never "something indoors" (a tag)
    bare = phrase[a:]
    bare = bare[_THE.match(bare).end() :] if _THE.match(bare) else bare
    return bool(re.match(r"[A-Z][\w'-]", bare)) and bare.split()[0] != "I"


_NOT_A_NAME = re.compile(
    r"(?:" + "|".join(WEEKDAYS) + r"|jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july"
    r"|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|christmas|easter"
    r"|something|somewhere|anything|anywhere|everything|nothing|some|time|lunch|a bit|fun)\b",
    re.I,
)
"""Objects of a main-aim cue that name no venue: a day or month ("it has to be Saturday"),
"something indoors", "lunch somewhere nice"."""


@lru_cache(maxsize=512)
def _level(name: str) -> str | None:
    """How ``core.mustdo.match_must_do`` matches ``name`` to the catalogue (``name``, ``kind``,
    ``tag``, ``place``), or ``None`` when it names no venue or many different ones."""
    got = match_must_do(name, data.venues(), data.gazetteer())
    return got.level if got.verdict in ("one", "alternatives") else None


_WHEN = (
    r"\s+(?:(?:in|on)\s+the\s+(?:morning|afternoon|arvo|evening)|first\s+thing"
    r"|(?:this|tomorrow|sat(?:urday)?|sun(?:day)?)\s+(?:morning|afternoon|arvo|evening)"
    r"|(?:after|before)\s+lunch)"
)
_WHEN_TAIL = re.compile(_WHEN + r"\s*$", re.I)
"""A time of day between a must-do and its cue ("the library in the morning is a must"): the
must-do's own time (listed with it), never part of its name."""


_WHEN_AFTER = re.compile(_WHEN + r"\b", re.I)


def timed_must_spans(phrase: str) -> list[tuple[int, int]]:
    """Spans from each must-do of ``phrase`` to the time of day said right after it ("Library in
    the morning is a must": "Library in the morning"): the must-do is read, its time of day is
    no part of the must-do model, so it is listed as said, never dropped silently."""
    out = []
    for item in must_items(phrase):
        when = _WHEN_AFTER.match(phrase, item.end)
        if when is not None:
            out.append((item.start, when.end()))
    return out


def _post_items(phrase: str, m: re.Match, kind: str, taken: list[tuple[int, int]], add) -> None:
    """The must-dos of an insisting cue ``m`` after its object (``must_items``); a weak cue's
    members must each be ``_known``, a main-aim cue's each ``_main_object``."""
    left = phrase[: m.start()]
    bound = max([0] + [x.end() for x in re.finditer(r"[,.;:!?()]|\bbut\b", left)])
    lead = re.match(
        r"\s*(?:(?:and|but|also|plus|oh|ps|so)\s+)*(?:(?:a visit to|a trip to|a day at|"
        r"going to|seeing|visiting|a go on|a ride on|riding)\s+)?",
        left[bound:],
        re.I,
    )
    start = bound + (lead.end() if lead else 0)
    if any(x <= start < y or x < m.end() <= y for x, y in taken):
        return
    if _NEGATED.search(phrase[max(0, start - 20) : start]):
        return  # "not Lone Pine for sure"
    cue = m.start()
    when = _WHEN_TAIL.search(phrase, start, cue)  # "Library in the morning is a must": the
    if when is not None and when.start() > start:  # must-do is the library; its time is said
        cue = when.start()
    raw = _merge(phrase, _members(phrase, start, cue))
    reaches = bool(raw) and raw[-1][1] >= cue - 1
    items = [_clean_member(phrase, a, b, strict=True) for a, b, _ in raw] if reaches else []
    if kind == "weak" and not (
        items and all(x is not None and _known(x[2]) for x in items)  # type: ignore[index]
    ):
        tail = _known_tail(phrase, start, m.start())  # "... home by 5 koalas a must"
        if tail is not None and not any(x <= tail[0] < y for x, y in taken):
            add(MustItem(tail[2], tail[0], tail[1], tail[0], m.end()))
        return
    if not reaches:
        return  # the cue's subject does not reach it ("X on Saturday is a must")
    if not items or any(x is None for x in items):
        return
    if kind == "main" and not all(_main_object(phrase, x) for x in items):  # type: ignore[arg-type]
        return
    for a, b, name in items:  # type: ignore[misc]
        add(MustItem(name, a, b, start, m.end()))


def _known(name: str) -> bool:
    """Whether the must-do ``name`` is a place or activity of the catalogue: a run of a venue's
    name (``in_catalogue``) or a phrase ``core.mustdo.match_must_do`` matches to one venue or to
    interchangeable venues of one kind (``dayplan.data.venues``; "a good lunch", matching many
    different venues, is none): what a weak cue ("definitely", "for sure") needs."""
    if in_catalogue(name):
        return True
    return _matches(name)


def known_venue(name: str) -> bool:
    """Whether ``name`` (lower case) is a place or activity of the catalogue (``_known``)."""
    return _known(name)


@lru_cache(maxsize=512)
def _matches(name: str) -> bool:
    got = match_must_do(name, data.venues(), data.gazetteer())
    return got.verdict in ("one", "alternatives") and got.level != "place"


def must_like_cues(phrase: str) -> list[tuple[int, int]]:
    """Spans of every insisting word of ``phrase`` ("must", "have to", "promised", "a must",
    "non-negotiable", ...) that is not negated ("we don't have to", "no need to") nor a
    condition ("if we have to"); "can't miss", "don't want to miss" insist."""
    out = []
    for m in MUST_LIKE.finditer(phrase):
        before = phrase[max(0, m.start() - 20) : m.start()]
        if _NEGATED.search(before) and not re.match(r"want to miss", phrase[m.start() :], re.I):
            continue
        if re.search(r"(?:point|event)(?: \w+){0,3} is$", m.group(0), re.I) and _AIM.match(
            phrase[m.end() :].lstrip()
        ):
            continue  # "the whole point is to relax": an aim, no place
        out.append(m.span())
    return out


def negated_before(phrase: str, at: int) -> bool:
    """Whether the words right before ``at`` deny what follows ("dont take us to GOMA", "not
    Lone Pine", "anything but the Wheel"): a venue named there is never a must-do."""
    before = phrase[max(0, at - 40) : at]
    return bool(_NEGATED.search(before[-20:]) or _DENYING.search(before))


_DENYING = re.compile(
    r"\b(?:anything|anywhere)\s+but\s+(?:the\s+)?$|\b(?:except|other\s+than|avoid|skip)\s+(?:the\s+)?$"
    r"|\b(?:please\s+)?(?:don't|dont|do\s+not|never)\s+(?:take|bring|drag|book|send)\b[^,.;!?]*$",
    re.I,
)


def named_spans(phrase: str) -> list[tuple[int, int]]:
    """Spans of the must-do members of ``phrase`` that name a venue of the catalogue ("the
    Museum of Brisbane", "Streets Beach"): their words are the venue's name, no preference."""
    return [(m.start, m.end) for m in must_items(phrase) if in_catalogue(phrase[m.start : m.end])]


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
