"""Soft preferences in request text: the kinds of outing a request would like, as weights.

A preference is a word the catalogue's kinds, tags or names carry (``core.catalog.
matches_preference``), in the search preference's words:

- a kind word anywhere ("museums", "swim", "koalas", "planetarium", "dinosaurs", "outdoorsy"),
  dropped when negated ("no museums", "not the pool");
- a broad word only after a word of liking in its clause ("we'd love to be outdoors", "keen on
  nature", "something with views", "prefer indoors"): "outside the city" or "wait inside" say
  no wish.

``preference_spans`` gives each with the span that proves it. A preference clause with a time
of day ("something outdoorsy in the afternoon") is read for its kind; the time is no part of
the preference model (weights for the whole day), so the caller lists the phrase unread
(``timed_spans``). ``liking_clauses`` finds every clause of liking, read or not, so the caller
lists what nothing read ("not too much walking", "somewhere shady") unread, never dropped.
Preferences stay soft: they weight the choice of stops, never filter it.
"""

from __future__ import annotations

from dayplan.core.mustdo import OUTDOORS
from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.prefilter import prefilter_module

PREFERENCE_WORDS = {
    "museum": "museums",
    "museums": "museums",
    "art": "art galleries",
    "gallery": "art galleries",
    "galleries": "art galleries",
    "play": "indoor play",
    "playground": "playgrounds",
    "playgrounds": "playgrounds",
    "swim": "swimming",
    "swimming": "swimming",
    "pool": "swimming",
    "koala": "animals",
    "koalas": "animals",
    "animals": "animals",
    "wildlife": "animals",
    "library": "libraries",
    "libraries": "libraries",
    "books": "libraries",
    "park": "parks",
    "parks": "parks",
    "gardens": "gardens",
    "market": "markets",
    "markets": "markets",
    "cinema": "film",
    "cinemas": "film",
    "movie": "film",
    "movies": "film",
    "film": "film",
    "films": "film",
    "flicks": "film",
    "science": "science",
    "history": "history",
    "cafe": "cafes",
    "cafes": "cafes",
    "coffee": "cafes",
    "pools": "swimming",
    "garden": "gardens",
    "zoo": "animals",
    "zoos": "animals",
}
"""Words that name a kind of outing, and the search preference each stands for."""
_NEGATED_PREF = re.compile(
    r"\b(?:no|not|don't|dont|avoid|hate|without|skip|nothing like|not into|sick of)\s+(?:\w+\s+){0,2}$",
    re.I,
)

ANYWHERE_WORDS = {
    "planetarium": "planetarium",
    "planetariums": "planetarium",
    "dinosaur": "dinosaurs",
    "dinosaurs": "dinosaurs",
    "dino": "dinosaurs",
    "dinos": "dinosaurs",
    "outdoorsy": "outdoors",
    "beach": "beach",
    "beaches": "beach",
    "playgrounds": "playgrounds",
}
"""Kind words read anywhere, beside ``PREFERENCE_WORDS`` (a catalogue tag or name word each)."""
LIKED_WORDS = {
    "outdoors": "outdoors",
    "outdoor": "outdoors",
    "outside": "outdoors",
    "open air": "outdoors",
    "open-air": "outdoors",
    "fresh air": "outdoors",
    "indoors": "indoors",
    "indoor": "indoors",
    "inside": "indoors",
    "nature": "nature",
    "views": "views",
    "view": "views",
    "lookout": "views",
    "lookouts": "views",
    "space": "space",
    "stars": "space",
    "astronomy": "space",
    "boats": "boats",
    "boat": "boats",
    "shopping": "shopping",
    "music": "music",
    "climbing": "climbing",
    "birds": "birds",
    "birdwatching": "birds",
    "bird watching": "birds",
    "hands-on": "hands-on",
}
"""Broad words that are a preference only after a word of liking (``LIKING``)."""
LIKING = re.compile(
    r"\b(?:love|loves|loving|like|likes|prefer|prefers|preferably|ideally|keen on|keen for"
    r"|keen to|into|fancy|fancies|enjoy|enjoys|mad about|obsessed with|big on|crazy about"
    r"|interested in|something|somewhere|anything|mostly|mainly|lots of|plenty of|want|wants"
    r"|wanna|up for|rather|more|everything|all|only)\b",
    re.I,
)
"""Words of liking before a broad word: "we'd love to be outdoors", "something outdoorsy",
"everything outdoors"."""
LIKING_AFTER = re.compile(
    r"^\s*(?:\w+\s+){0,2}?(?:would be (?:nice|great|good|ideal|lovely)|please|ideally|preferably"
    r"|if possible|for preference|only|preferred|even if|even in the rain)\b",
    re.I,
)
"""Words of liking after a broad word: "outdoors would be nice", "inside please", "outdoor stuff
preferred", "outdoors even if it rains"."""
_CLAUSE_NEGATION = re.compile(
    r"\b(?:no|(?<!\bor\s)not|don't|dont|never|avoid|hate|without|nothing|isn't|aren't|rather not"
    r"|sick of)\b(?!\s+(?:rain|raining|wet|sun|sunny|dry|fine)\b)",
    re.I,
)
"""A denial in the clause before a liking ("nothing indoors"); "rain or not" and "whether or
not" deny nothing, nor does "no rain" (the weather's, read with it)."""
PERIOD = re.compile(
    r"\b(?:in the (?:morning|afternoon|arvo|evening)|this (?:morning|afternoon|arvo|evening)"
    r"|(?:the\s+)?(?:morning|afternoon|arvo)|after lunch|before lunch|first thing|later on"
    r"|late in the day|early on|at the end of the day|to finish(?: off)?|to start(?: with)?)\b",
    re.I,
)
"""A time of day said with a preference ("outdoorsy in the afternoon"): no part of the model."""
PREFERRING = re.compile(
    r"\b(?:love|loves|like|likes|prefer|prefers|preferably|ideally|keen on|keen for|are into"
    r"|is into|'re into|fancy|enjoy|enjoys|mad about|obsessed with|big on|crazy about"
    r"|interested in|not too much|not too many|not much|minimal|as little)\b",
    re.I,
)
"""A clause of liking (or of "not too much"): what follows is a wish, read or listed unread."""
_CLAUSE_END = re.compile(r"[.,;!?()]|\s-\s|\bbut\b|\bthough\b|\bthen\b|$")
_BROAD = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, LIKED_WORDS), key=len, reverse=True)) + r")\b",
    re.I,
)


EMOJI_KINDS = {
    "\U0001f3ac": "film",  # clapper board
    "\U0001f37f": "film",  # popcorn
    "\U0001f3a5": "film",  # movie camera
    "\U0001f3ca": "swimming",  # swimmer
    "\U0001f3db": "museums",  # classical building
    "\U0001f3a8": "art galleries",  # palette
    "\U0001f5bc": "art galleries",  # framed picture
    "\U0001f333": "parks",  # tree
    "\U0001f4da": "libraries",  # books
    "\u2615": "cafes",  # hot drink
    "\U0001f6dd": "playgrounds",  # playground slide
    "\U0001f998": "animals",  # kangaroo
    "\U0001f428": "animals",  # koala
    "\U0001f995": "dinosaurs",  # sauropod
    "\U0001f996": "dinosaurs",  # T-rex
    "\U0001f3d6": "beach",  # beach with umbrella
    "\U0001f52d": "planetarium",  # telescope
}
"""Emoji that name a kind of outing, and the preference each stands for ("🎬 no. 🏊 yes.")."""
EMOJI_VERDICT = re.compile(
    r"(?P<emoji>[" + "".join(EMOJI_KINDS) + r"])[\u200d\ufe0f\u2640\u2642\U0001f3fb-\U0001f3ff]*"
    r"\s*[:=-]?\s*(?:(?P<no>no|nope|nah|never|no\s+thanks|no\s+way)(?![\w'])|(?P<nosign>[\u274c\U0001f44e\U0001f6ab])"
    r"|(?P<yes>yes|yep|yeah|yay|please|pls|definitely)(?![\w'])|(?P<yessign>[\u2705\U0001f44d\u2714\U0001f4af]))",
    re.I,
)
"""An emoji of a kind with a yes or a no after it ("🎬 no", "🏊 yes", "🏛️ 👎"): a no avoids the
kind (``avoid_spans``, a refusal: hard), a yes wishes for it (``preference_spans``)."""


def emoji_verdicts(phrase: str) -> list[tuple[int, int, str, bool]]:
    """``(start, end, kind, yes)`` for each ``EMOJI_VERDICT`` of ``phrase``, in order."""
    return [
        (
            m.start(),
            m.end(),
            EMOJI_KINDS[m.group("emoji")],
            bool(m.group("yes") or m.group("yessign")),
        )
        for m in EMOJI_VERDICT.finditer(phrase)
    ]


def _clause_start(text: str, at: int) -> int:
    return max([0] + [m.end() for m in re.finditer(r"[.,;!?()]|\s-\s|\bbut\b", text[:at])])


def _clause_end(text: str, at: int) -> int:
    return at + _CLAUSE_END.search(text[at:]).start()


@per_run_list
def preference_spans(phrase: str) -> list[tuple[int, int, str]]:
    """``(start, end, preference)`` for each preference ``phrase`` says, in order, each once,
    negated ones dropped (module docstring); a broad word's span starts at its word of
    liking (or ends at one after it), so its quote proves the wish."""
    seen: set[str] = set()
    kept = []
    for a, b, p in _spans(phrase):
        if p not in seen:
            seen.add(p)
            kept.append((a, b, p))
    return kept


def wish_spans_of(phrase: str, preference: str) -> list[tuple[int, int]]:
    """Every span of ``phrase`` that wishes for ``preference`` (repeats included): what a
    quote of that preference must cover whole."""
    return [(a, b) for a, b, p in _spans(phrase) if p == preference]


def _spans(phrase: str) -> list[tuple[int, int, str]]:
    """Every preference span of ``phrase``, repeats included, in order."""
    low = phrase.lower()
    out: list[tuple[int, int, str]] = []
    # a negated wish is an avoid, never a preference; a word of a place read as the home or
    # the location ("Holland Park", "Everton Park") is no wish at all
    from dayplan.reading import (
        named,  # noqa: PLC0415 (named imports this module)
        places,  # noqa: PLC0415 (places imports the reading's tables)
    )

    taken = [(a, b) for a, b, _ in avoid_spans(phrase)]
    taken += [(o.start, o.end) for o in named.avoid_items(phrase)]  # "avoid Lone Pine and museums"
    taken += [(a, b) for a, b, _, _ in places.place_spans(phrase)]
    for m in re.finditer(r"[a-z]+", low):
        word = m.group(0)
        if any(a <= m.start() < b for a, b in taken):
            continue
        pref = PREFERENCE_WORDS.get(word)
        if pref:
            if _NEGATED_PREF.search(low[max(0, m.start() - 30) : m.start()]):
                continue
        else:
            pref = ANYWHERE_WORDS.get(word)
            if not pref or _CLAUSE_NEGATION.search(low[_clause_start(low, m.start()) : m.start()]):
                continue
        out.append((m.start(), m.end(), pref))
    for m in _BROAD.finditer(low):
        if low[m.end() : m.end() + 1] == "-" and m.group(0) != "hands-on":
            continue  # "outdoor-ish"? "inside-out": no wish
        lo = _clause_start(low, m.start())
        before = low[lo : m.start()]
        cue = list(LIKING.finditer(before))
        after = LIKING_AFTER.match(low[m.end() : _clause_end(low, m.end())])
        if _CLAUSE_NEGATION.search(before) or not (cue or after):
            continue
        if cue and len(before[cue[-1].end() :].split()) > 4:
            continue  # "we'd love a big day with lots of stops inside" is too far to tell
        start = lo + cue[-1].start() if cue else m.start()
        end = m.end() + after.end() if after and not cue else m.end()
        out.append((start, end, LIKED_WORDS[m.group(0)]))
    for a, b, kind, yes in emoji_verdicts(low):  # "🏊 yes": a wish for swimming
        if yes:
            out.append((a, b, kind))
    for m in LONE_OUTDOOR.finditer(low):  # "..., outdoor stuff, ...": a wish (no outdoor limit)
        if not any(a <= m.start("said") < b for a, b, _ in out):
            out.append((*m.span("said"), "outdoors"))
    return sorted(out)


LONE_OUTDOOR = re.compile(
    r"(?:^|(?<=[,;:.!?()\n•|])|(?<=\s[-/]))[^\w,;.!?()\n•|/-]*"
    r"(?P<said>(?:all\s+)?(?:outdoors?|outside|outdoorsy|open[- ]air)(?:\s+(?:stuff|things"
    r"|activities|places|venues|fun|options|spots|play))?)"
    r"[^\w,;.!?()\n•|/-]*(?=$|[,;.!?()\n•|]|[-/]\s|(?:home|back)\s+(?:by\s+)?\d)",
    re.I,
)
"""A list item that is only outdoors ("..., outdoor stuff, ...", "..., outside"): the outdoor
preference (no request field limits a day to outdoor venues), as "outdoors please" is."""


AVOIDING = re.compile(
    r"\b(?:(?:don't|dont|do\s+not|doesn't|doesnt|does\s+not|didn't|won't|wont|(?:'d\s+|would\s+)?rather\s+not)"
    r"\s+(?:really\s+)?(?:want|wanna|feel\s+like|fancy|like)(?:\s+to)?(?:\s+(?:go|going|do|doing|visit"
    r"|visiting|see|seeing|try|be))?(?:\s+(?:to|at|in|into|on))?"
    r"|not\s+(?:really\s+|that\s+|too\s+|very\s+|so\s+)?(?:keen\s+(?:on|for)|interested\s+in|into|fans?\s+of"
    r"|a\s+(?:big\s+)?fan\s+of|big\s+on|up\s+for|fussed\s+on)"
    r"|(?:please\s+)?(?:don't|dont|do\s+not|never)\s+(?:take|bring|drag|book|send|put)(?:\s+(?:us|me|the\s+kids|them))?"
    r"(?:\s+(?:to|into|on|in))?"
    r"|(?:'d\s+|would\s+|i'd\s+|we'd\s+)?rather\s+not(?:\s+(?:do|go\s+to|see|visit|have|bother\s+with))?"
    r"|anything\s+but|anywhere\s+but|except(?:\s+for)?|other\s+than|can't\s+stand|cannot\s+stand"
    r"|dislikes?|hated|bored\s+(?:of|with)"
    r"|no|not|don't|dont|do not|avoid|avoiding|hate|hates|without|skip|skipping|nothing like"
    r"|not into|not keen on|sick of|over|had enough of|not too many|too many|fewer|less|no more"
    r"|none of|nothing(?!\s+but\b)|no\s+need\s+(?:for|to\s+(?:do|see|visit|go\s+to)))"
    r"\s+(?:(?:the|any|a|an|another|more|of|too|many|much|big|boring|stuffy|crowded|indoor"
    r"|outdoor|dark|busy)\s+){0,2}$",
    re.I,
)
"""A cue before a kind word that asks to avoid that kind ("no museums please", "not too many
museums", "skip the parks", "sick of playgrounds"); "don't mind museums", "not only museums"
and "no matter" ask nothing (``avoid_spans``).. A negated wish is an avoid, never a preference:
"don't want to go to the museum", "don't wanna do the pool", "not keen on / not interested in
museums", "the kids hate parks", "anything but museums", and after the kind word "museums are
boring for us" (``AVOIDED_AFTER``)."""
AVOIDED_AFTER = re.compile(
    r"^\s*(?:is|are|'s|were|was|get|gets|can\s+be|always\s+are|tend\s+to\s+be)\s+(?:(?:so|too|really"
    r"|a\s+bit|a\s+little|kinda|kind\s+of|pretty|very|always|just|way\s+too)\s+)*(?:boring|dull"
    r"|a\s+drag|no\s+fun|not\s+fun|not\s+for\s+us|not\s+our\s+thing|a\s+no(?:-|\s+)go|out"
    r"|off\s+the\s+(?:table|list|cards)|not\s+happening|not\s+an\s+option|out\s+of\s+the\s+question"
    r"|too\s+(?:expensive|pricey|dear|far|busy|crowded|hot|scary|long)|not\s+worth\s+it)\b"
    r"(?:\s+for\s+(?:us|them|the\s+kids|our\s+kids|me))?"
    r"|^\s*(?:bores?|bored)\s+(?:us|them|the\s+kids|our\s+kids|me|him|her)\b",
    re.I,
)
"""Words after a kind word (or a venue, ``named.avoid_items``) that ask to avoid it: "museums
are boring for us", "the pool's out", "the wheel is too expensive for us" (a reason is a taste:
soft, ``HEDGE``)."""
_NOTHING_BUT = re.compile(r"\bnothing\s+(?:else\s+)?$", re.I)
""""nothing" before "except" or "other than": the day is limited to the kind (``only_spans``),
never an avoid of it."""
_NOT_AVOIDING = re.compile(r"\b(?:mind|only|just|matter|problem|worries)\s+(?:\w+\s+){0,2}$", re.I)


INDOOR_ONLY = re.compile(
    r"\b(?:(?:strictly|only|just|all|purely)\s+)?(?:indoors?|inside|under\s*cover)\s+(?:stuff\s+|things\s+|activities\s+"
    r"|places\s+|venues\s+|fun\s+)?(?:only|all\s+day|please\s+only)\b"
    r"|\b(?:only|strictly|just|purely)\s+(?:indoors?|inside|under\s*cover)(?:\s+(?:stuff|things|activities|places|venues|fun))?\b"
    r"|\b(?:all|everything)\s+(?:must\s+be\s+|has\s+to\s+be\s+|needs\s+to\s+be\s+)?(?:indoors|inside|under\s*cover)\b"
    r"|\b(?:has|have|needs?|must)\s+(?:to\s+)?(?:be\s+)?(?:indoors|inside|under\s*cover)\b"
    r"|\b(?:nothing|no(?:thing)?\s+(?:at\s+all\s+)?)\s*(?:outdoors?|outside)(?:\s+(?:stuff|things|activities|places|at\s+all))?\b"
    r"|\bno\s+outdoors?\s+(?:stuff|things|activities|places|venues)\b"
    r"|\b(?:stay|staying|keep\s+it|keep\s+us|keeping\s+it)\s+(?:indoors|inside|under\s*cover)\b"
    r"|\bunder\s+(?:a\s+)?(?:roof|cover)\s+(?:the\s+whole\s+(?:time|day)|all\s+day|at\s+all\s+times|only)\b"
    r"|\b(?:air[- ]?con(?:ditioned)?|aircon)\s+(?:places\s+|venues\s+|spots\s+|stuff\s+)?only\b"
    r"|\bonly\s+(?:air[- ]?con(?:ditioned)?|aircon)\b"
    r"|\b(?:don't|dont|do\s+not)\s+(?:want|wanna)\s+(?:to\s+)?(?:be\s+)?(?:outdoors|outside)\b",
    re.I,
)
"""A request for indoor venues only, whatever the weather: "indoors only", "indoor stuff
only", "only indoor things", "nothing outdoors", "no outdoor stuff", "everything has to be
inside", "keep it indoors". A hard limit (``outdoor_excluded``), unlike "indoors please"."""
_INDOOR_CONDITION = re.compile(r"\b(?:if|in\s+case|unless|when(?:ever)?|should\s+it)\b", re.I)
LONE_INDOOR = re.compile(
    r"(?:^|(?<=[,;:.!?()\n•|])|(?<=\s[-/]))[^\w,;.!?()\n•|/-]*"
    r"(?P<said>(?:all\s+)?(?:indoors?|inside|under\s*cover|undercover)(?:\s+(?:stuff|things"
    r"|activities|places|venues|fun|options|spots))?)"
    r"[^\w,;.!?()\n•|/-]*(?=$|[,;.!?()\n•|]|[-/]\s|(?:home|back)\s+(?:by\s+)?\d)",
    re.I,
)
"""A list item that is only indoors ("..., $50, home by 4, indoor", "..., inside", "🌧️ inside
stuff", "indoor home 3"): it says where the day happens, a limit like "indoors only" (not the
soft "indoors please", whose "please" asks)."""


_TIME_AFTER = re.compile(
    r"\s*(?:(?!home\b|back\b)[a-z]+\s+){0,2}?(?P<time>(?:after|from|before|until|till|til|past|by|in|at|during|for)"
    r"\s+(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|ish)?|lunch(?:time)?|midday|noon|the\s+(?:morning|afternoon"
    r"|arvo|evening)|morning|afternoon|arvo|the\s+heat\s+of\s+the\s+day)"
    r"|this\s+(?:morning|afternoon|arvo|evening)|(?:in\s+the\s+)?(?:mornings?|afternoons?|arvo))\b"
    r"(?!\s*(?:to|till|until|til|-|\u2013)\s*\d)",
    re.I,
)
"""A time of day said right after an indoor limit, in its clause ("no outdoor after 12",
"nothing outside after lunch", "indoors only in the afternoon"); a range after it ("indoors
only from 9 to 3") is the day's window, not part of it."""


def timed_indoor_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``INDOOR_ONLY`` limits of ``sentence`` said for a part of the day ("no outdoor
    after 12", "nothing outside after lunch", "keep it inside this arvo"), from the limit to
    its time: the reading's ``indoor_only`` holds the whole day, so such a limit is never read
    as it (that would widen it silently); the caller lists it and the run asks."""
    out = []
    outdoor = _outdoor_limits(sentence)  # "not stuck inside after 2"
    for m in INDOOR_ONLY.finditer(sentence):
        if any(a < m.end() and m.start() < b for a, b in outdoor):
            continue
        t = _said_for_part(sentence, m.end())
        if t:
            out.append((m.start(), t.end()))
    return out


def _said_for_part(sentence: str, end: int) -> re.Match | None:
    """The time of day said right after a limit ending at ``end``, in its own clause ("no
    outdoor after 12", "nothing inside after lunch"): the limit holds for that part of the day
    only; ``None`` when none is said there."""
    t = _TIME_AFTER.match(sentence, end)
    return t if t and not re.search(r"[,;.!?()]", sentence[end : t.start("time")]) else None


def indoor_only_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``INDOOR_ONLY`` and ``LONE_INDOOR`` in ``sentence``, in order; none when the
    sentence puts it on a condition ("indoors only if it rains": the rain rule already keeps
    outdoor stops out of rain), and none said for a part of the day (``timed_indoor_spans``)."""
    timed = timed_indoor_spans(sentence)
    outdoor = _outdoor_limits(sentence)  # "not stuck inside all day"
    out = [
        m.span()
        for m in INDOOR_ONLY.finditer(sentence)
        if m.start() not in {a for a, _ in timed}
        and not _INDOOR_CONDITION.search(sentence)
        and not any(a <= m.start() < b for a, b in outdoor)  # "inside only outside only":
    ]  # the outdoor limit's "only" is shared, its indoor word is not inside it
    for m in LONE_INDOOR.finditer(sentence):  # "..., indoor, ferry if poss": its own clause's
        before = sentence[_clause_start(sentence, max(0, m.start() - 1)) : m.start()]
        if (
            not _INDOOR_CONDITION.search(before)
            and not any(a <= m.start("said") < b for a, b in out)
            and not any(a < m.end("said") and m.start("said") < b for a, b in outdoor)
        ):  # "if it rains, inside": the rain rule's
            out.append(m.span("said"))
    return sorted(out)


_OUT = r"(?:outdoors?|outside|open[- ]air|in\s+the\s+(?:open|sun(?:shine)?|fresh\s+air))"
_IN = r"(?:indoors?|inside|undercover|under\s*cover)"
_THINGS = r"(?:\s+(?:stuff|things|activities|places|venues|fun|options|spots))"
OUTDOOR_ONLY = re.compile(
    rf"\b(?:(?:strictly|only|just|all|purely)\s+)?{_OUT}{_THINGS}?\s+(?:only|all\s+day|please\s+only)\b"
    rf"|\b(?:only|strictly|purely)\s+{_OUT}(?:{_THINGS}\b|(?=\s*(?:$|[,;.!?)]|\s-\s|please\b|pls\b|today\b)))"
    rf"|\bjust\s+{_OUT}{_THINGS}\b"
    rf"|\b(?:all|everything)\s+(?:must\s+be\s+|has\s+to\s+be\s+|needs\s+to\s+be\s+|to\s+be\s+)?{_OUT}"
    rf"(?!\s+(?:the|of|by|at|from|a|an|my|our)\b)"
    rf"|\b(?:has|have|needs?|must|want(?:s|ing)?|wanna|keen)\s+(?:to\s+)?(?:be\s+|stay\s+)?(?:all\s+)?"
    rf"{_OUT}\s+(?:all\s+day|the\s+whole\s+(?:day|time)|today)\b"
    rf"|\b(?:nothing|no(?:thing)?\s+(?:at\s+all\s+)?)\s*{_IN}(?!\s+play\b){_THINGS}?\b"
    r"(?!\s+(?:the|of|a|an|my|our|your|this|that|there|here|town|city|cbd|in|at(?!\s+all))\b)"
    rf"|\bno\s+{_IN}\s+(?:stuff|things|activities|places|venues)\b"
    rf"|\b(?:stay|staying|keep\s+it|keep\s+us|keeping\s+it|keep\s+(?:the\s+)?kids)\s+(?:outdoors|outside|out\s+of\s+doors)\b"
    rf"(?!\s+(?:the|of)\b)"
    rf"|\b(?:don't|dont|do\s+not|not|never)\s+(?:want|wanna|wanting|going)?\s*(?:to\s+)?(?:be\s+)?"
    rf"(?:stuck|cooped\s+up|locked\s+up|shut)\s+{_IN}\b"
    rf"|\b(?:don't|dont|do\s+not)\s+(?:want|wanna)\s+(?:to\s+)?(?:be\s+|go\s+)?(?:indoors|inside)\b",
    re.I,
)
"""A request for outdoor venues only, whatever the weather: "outdoors only", "outside stuff
only", "only outdoor things", "just outdoor activities", "everything outside", "nothing
indoors", "no indoor stuff", "keep the kids outside", "don't want to be stuck inside". A hard
limit: read as the ``only`` kind ``OUTDOORS`` (``only_spans``). "just outside the city",
"nothing inside the CBD" and "no indoor play" (a kind) are none; "outdoors please" is a wish."""


@per_run
def _outdoor_limits(sentence: str) -> tuple[tuple[int, int], ...]:
    """The spans of ``OUTDOOR_ONLY`` in ``sentence``, found once per run: the outdoor limit's
    readers and the indoor ones (whose words may sit inside it) all start from them."""
    return tuple(m.span() for m in OUTDOOR_ONLY.finditer(sentence))


def outdoor_only_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``OUTDOOR_ONLY`` limits in ``sentence`` that hold for the whole day, in order:
    none on a condition ("outdoors only if it's fine", "unless it rains"), hedged ("ideally
    outdoors only") or said for a part of the day (``timed_outdoor_spans``; ``_said_for_part``)."""
    if _INDOOR_CONDITION.search(sentence):
        return []
    return [
        (a, b)
        for a, b in _outdoor_limits(sentence)
        if not _said_for_part(sentence, b)
        and avoid_is_hard(sentence, a, b)
        and not (_STUCK.search(sentence[a:b]) and _ALL_DAY.match(sentence, b))
    ]


_STUCK = re.compile(r"\b(?:stuck|cooped|locked|shut)\b", re.I)
_ALL_DAY = re.compile(r"\s+(?:all|the\s+whole|the\s+entire)\s+(?:day|time)\b", re.I)
"""After "stuck inside": "all day" only refuses a whole day indoors ("don't want to be stuck
inside all day"), a wish for some time outdoors, not every stop outdoors."""


def timed_outdoor_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``OUTDOOR_ONLY`` limits said for a part of the day ("nothing inside after
    lunch"), from the limit to its time: ``only`` holds the whole day, so such a limit is never
    read as it (that would widen it silently); the caller lists it and the run asks."""
    out = []
    for a, b in _outdoor_limits(sentence):
        t = _said_for_part(sentence, b)
        if t:
            out.append((a, t.end()))
    return out


_LIST_MORE = re.compile(
    r"(?:\s*,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|nor)\s+|\s*&\s*|\s*/\s*)(?:(?:the|any|no)\s+)?([a-z]+)",
)
_LIST_GOES_ON = re.compile(r"\s*(?:,|and\b|or\b|nor\b|&|/)")
"""The next member of a list after an avoided kind ("avoid markets and cafes", "no libraries,
museums or galleries"): each is avoided too, never read as a wish."""


_QUALIFIES = re.compile(
    r"\s+(?:pass|passes|ticket|tickets|membership|memberships|fee|fees|price|prices|card|cards"
    r"|voucher|vouchers|discount|discounts|booking|bookings)\b",
    re.I,
)
"""A noun after a kind word that the kind word only qualifies ("no museum passes needed")."""


def avoid_spans(phrase: str) -> list[tuple[int, int, str]]:
    """``(start, end, preference)`` for each kind of outing ``phrase`` asks to avoid, each once:
    the span runs from the avoiding cue to the kind word ("no museums", "not too many museums").
    Soft, like a preference: the stand-in ranks such venues last and the report says so."""
    low = phrase.lower()
    out: list[tuple[int, int, str]] = []
    for m in re.finditer(r"[a-z]+", low):
        pref = PREFERENCE_WORDS.get(m.group(0))
        if not pref or any(p == pref for _, _, p in out):
            continue
        if _QUALIFIES.match(low, m.end()):
            continue  # "no museum passes needed": the passes, not the museums
        before = low[max(0, m.start() - 50) : m.start()]
        cue = AVOIDING.search(before)
        if cue and _NOTHING_BUT.search(before, 0, cue.start()):
            cue = None  # "nothing except playgrounds", "nothing other than museums": an only
        if cue and not _NOT_AVOIDING.search(before[cue.start() :]):
            lead = m.start() - len(before) + cue.start()
            members, at = [pref], m.end()
            while more := _LIST_MORE.match(low, at):  # "avoid markets and cafes", "no X, Y or Z"
                also = PREFERENCE_WORDS.get(more.group(1))
                comma_only = not re.search(r"\b(?:and|or|nor)\b|[&/]", more.group(0))
                if not also or (comma_only and not _LIST_GOES_ON.match(low, more.end(1))):
                    break  # "no museums, parks are great": the list ended at the comma
                members.append(also)
                at = more.end(1)
            for kind in dict.fromkeys(members):  # each member quoted with the whole list
                if all(p != kind for _, _, p in out):
                    out.append((lead, at, kind))
            continue
        after = AVOIDED_AFTER.match(low[m.end() :])
        if after:
            lead = re.search(r"(?:\b(?:the|our|any)\s+)?$", low[: m.start()])
            out.append((lead.start(), m.end() + after.end(), pref))
    for a, b, kind, yes in emoji_verdicts(low):  # "🎬 no": the kind the emoji names
        if not yes and all(p != kind for _, _, p in out):
            out.append((a, b, kind))
    return sorted(out)


HEDGE = re.compile(
    r"\b(?:rather|prefer(?:ably|red|ring|s)?|ideally|hopefully|maybe|perhaps|probably|possibly"
    r"|if|unless|in\s+case|where\s+(?:possible|we\s+can|you\s+can)|when(?:ever)?"
    r"|try(?:ing)?\s+(?:to|not)|not\s+(?:really|too|that|so|very|overly|much|many|a\s+(?:big\s+|huge\s+)?fan"
    r"|keen|into|fussed|interested|big\s+on|up\s+for|crazy\s+about|mad\s+about)"
    r"|(?:don't|dont|do\s+not|doesn't|doesnt|does\s+not|didn't|didnt)\s+(?:really|particularly"
    r"|love|like|enjoy|fancy|care\s+for)"
    r"|too\s+(?:many|much|expensive|pricey|dear|far|busy|crowded|hot|scary|long)|not\s+worth"
    r"|no\s+need|fewer|less|minimal|bored|boring|dull|a\s+drag|no\s+fun|not\s+fun"
    r"|not\s+(?:our|their|his|her|my)\s+thing|sick\s+of|had\s+enough|tired\s+of|dislikes?|disliked"
    r"|(?:we're|we\s+are|i'm|i\s+am|they're|they\s+are|kids\s+are)\s+(?:a\s+bit\s+|kinda\s+|so\s+)?over"
    r"|a\s+bit|kind\s+of|kinda|sort\s+of)\b",
    re.I,
)
"""Words that make an avoid soft, a taste or a degree rather than a limit: a hedge ("rather
not", "ideally no", "if possible", "where we can", "try to avoid"), a condition ("if it's hot",
"unless"), a negated liking ("not really into", "not keen on", "not a fan of", "don't like"), a
degree ("not too many", "fewer", "less") or a feeling ("boring", "sick of", "bored of").
Anything else that avoids ("no", "not", "never", "avoid", "skip", "don't want", "don't take us
to", "nothing", "none of", "no more", "without", "anything but", "except", "hate", "can't
stand", "X is out", "X is a no-go") is a refusal: a hard limit (``avoid_is_hard``)."""
_AVOID_CLAUSE = re.compile(r"[,;:!?()]|\s-\s|\bbut\b|\bthough\b")
_AVOID_ITEM = re.compile(r"\b(?:and|or|then|plus|so|also)\b")


def avoid_is_hard(sentence: str, a: int, b: int) -> bool:
    """Whether the avoid said at ``a:b`` of ``sentence`` (the cue through the avoided kind or
    venue, a list included: "no pools, parks or cinemas") is a hard limit: ``False`` when a
    ``HEDGE`` stands in the avoid itself or in its own part of its clause (from the clause's
    start, or the last "and"/"or"/"then" before it, to the clause's end or the next "and"/"or"
    after it): "no museums if possible", "ideally not GOMA", "not too many museums", "we'd
    rather not do the pool". The model only quotes; this decides, for any model."""
    low = sentence.lower()
    lo = max([0] + [m.end() for m in _AVOID_CLAUSE.finditer(low, 0, a)])
    lo = max([lo] + [m.end() for m in _AVOID_ITEM.finditer(low, lo, a)])
    end = _AVOID_CLAUSE.search(low, b)
    hi = end.start() if end else len(low)
    more = _AVOID_ITEM.search(low, b, hi)
    hi = more.start() if more else hi
    polite = _POLITE_END.match(low, b)
    if polite and not _HEDGE_TAIL.match(low, polite.end()):
        hi = polite.end()  # "no museums please maybe a park": the hedge is the next wish's
    return not HEDGE.search(low, lo, max(hi, b))


_POLITE_END = re.compile(r"\s*(?:please|pls|plz|thanks|thank\s+you|thx|ta)\b", re.I)
"""A word of politeness right after an avoid ("no museums please"): it closes the avoid, never
hedges it; what follows in a run-on is another thought ("... please maybe a park")."""
_HEDGE_TAIL = re.compile(
    r"\s*(?:if|unless|except\s+if|when|where\s+possible|ideally|preferably)\b",
    re.I,
)
"""A hedge or a condition right after the "please" that qualifies the avoid before it ("no
museums please if possible", "no movies pls unless it's raining")."""


ONLY_WORDS = {
    **{w: k for w, k in PREFERENCE_WORDS.items() if w not in ("play", "books")},
    **{w: k for w, k in ANYWHERE_WORDS.items() if k != "outdoors"},
    "indoor play": "indoor play",
}
"""Words of a kind that an "only" limits the day to ("galleries only", "nothing but the
beach"): the preference words, without "play" ("the kids just play") and "books"; "indoor
play" as two words."""
_ONLY_KIND = (
    r"(?:(?:the|a|an|some|our|local|nearby|free|quick|nice|big|little|kids'?|family|public)\s+){0,2}"
    r"\b(?:"
    + "|".join(sorted(map(re.escape, ONLY_WORDS), key=len, reverse=True))
    + r")\b(?!'|-(?!only\b))(?:\s+(?:"
    + "|".join(sorted(map(re.escape, ONLY_WORDS), key=len, reverse=True))
    + r")\b(?!'|-(?!only\b)))?(?:\s+(?:stuff|things|places|venues|spots|activities|outings|visits?|trips?)\b)?"
)
_ONLY_SEP = r"(?:\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&|\+|n'?)\s+|\s*/\s*)"
_ONLY_LIST = _ONLY_KIND + r"(?:" + _ONLY_SEP + _ONLY_KIND + r")*"
_ONLY_CUE_BEFORE = (
    r"\b(?:only|just|purely|strictly|exclusively|solely|nothing\s+(?:else\s+)?(?:but|except|other\s+than)"
    r"|none\s+but|stick(?:ing)?\s+(?:to|with)|keep(?:ing)?\s+it\s+to)\s+"
    r"(?:(?:want(?:\s+to\s+(?:do|see|visit|go\s+to))?|wanna\s+(?:do|see|visit|go\s+to)|do|doing|visit"
    r"|visiting|see|seeing|go\s+to|going\s+to)\s+)?"
)
ONLY_BEFORE = re.compile(_ONLY_CUE_BEFORE + r"(?P<list>" + _ONLY_LIST + r")", re.I)
"""An "only" cue before a list of kinds: "only museums", "just parks and playgrounds", "nothing
but the beach", "we only want museums", "stick to galleries"."""
ONLY_AFTER = re.compile(
    r"(?P<list>" + _ONLY_LIST + r")(?:(?:\s*-\s*|\s+)(?:only|exclusively)\b"
    r"(?:\s+(?:day|outing|trip|saturday|sunday)\b)?(?=\s*(?:$|[,.;:!?)]|\s-\s|&|(?:please|pls|thanks|thx|today|this\s+(?:time|saturday|sunday"
    r"|weekend)|and|but|then|so|for\s+(?:us|me|them|the\s+kids|the\s+day|today))\b))"
    r"|\s*(?:,\s*|\s+and\s+|\s*-\s*)(?:and\s+)?(?:nothing\s+else|that'?s\s+(?:it|all)"
    r"|no(?:thing)?\s+other\s+(?:kinds?|stuff|things))\b)",
    re.I,
)
"""An "only" after a list of kinds, ending its clause: "galleries only", "galleries-only",
"parks and playgrounds only please", "museums and nothing else", "the beach, that's it";
"museums only if it rains" and "galleries only open at 10" are no limit."""
_ONLY_KINDS = frozenset(ONLY_WORDS.values())
_ONLY_NOT_BEFORE = re.compile(
    r"(?:\b(?:not|never|if|than|the|our|my|their|your|his|her|is|are|was|were|it's|that's)|n't|'s)"
    r"\s+$",
    re.I,
)
"""Words before an "only" cue that make it no limit: "not only", "don't just", "the only park",
"if only", "it's just"."""
_ONLY_KW = re.compile(
    r"\b(?:"
    + "|".join(sorted(map(re.escape, ONLY_WORDS), key=len, reverse=True))
    + r")\b(?!'|-(?!only\b))",
    re.I,
)


def only_spans(sentence: str) -> list[tuple[int, int, str]]:
    """``(start, end, kind)`` for each kind of outing ``sentence`` limits the day to, a hard
    limit: "galleries only", "only museums", "just parks and playgrounds" (both kinds, each
    with the whole list as its span), "nothing but the beach", "museums and nothing else". No
    limit when the "only" is negated ("not just museums"), a hedge or a condition stands in
    its part of the clause (``avoid_is_hard``: "ideally just museums", "museums only if it
    rains"), a time of day is said with it ("parks only in the morning": a part of the day
    this model cannot hold), or the sentence wishes for a kind outside the list ("just the
    museum then a cafe for lunch": not all the day is said; "indoors" or "views" are no
    kind). A member the sentence avoids ("no museums, parks only") or inside a venue's name is
    no member. What "only" says of people, time or money ("2 adults only", "morning only",
    "free stuff only", "only 20 min drive", "indoors only") names no kind here."""
    low = sentence.lower()
    avoided = avoid_spans(sentence)
    from dayplan.reading import named  # noqa: PLC0415 (named imports this module)

    venues = [(m.start, m.end) for m in named.mentions(sentence)]
    avoided_at = [(a, b) for a, b, _ in avoided]
    avoided_at += [(o.at, o.end) for o in named.avoid_items(sentence)]
    found: list[tuple[int | None, int, int, int]] = []  # (cue start, end, list start, list end)
    for m in ONLY_BEFORE.finditer(low):
        if _ONLY_NOT_BEFORE.search(low[max(0, m.start() - 12) : m.start()]):
            continue
        found.append((m.start(), m.end("list"), m.start("list"), m.end("list")))
    for m in ONLY_AFTER.finditer(low):
        if not any(la <= m.start("list") < lb for _, _, la, lb in found):
            found.append((None, m.end(), m.start("list"), m.end("list")))
    out: list[tuple[int, int, str]] = []
    for cue, b, la, lb in sorted(found, key=lambda f: f[2]):
        members = [
            (w.start() + la, ONLY_WORDS[w.group(0)])
            for w in _ONLY_KW.finditer(low[la:lb])
            if not _QUALIFIES.match(low, w.end() + la)  # "just museum passes": no kind
        ]
        members = [
            (at, k)
            for at, k in members
            if not any(x <= at < y for x, y in avoided_at + venues)  # "no museums, parks only"
        ]
        if not members:
            continue
        if cue is None:  # "galleries only": from the first member (with its "the")
            the = re.search(r"(?:\bthe\s+)?$", low[: members[0][0]])
            a = max(la, the.start())
        else:
            a = cue
        lo = _clause_start(low, a)
        hi = _clause_end(low, b)
        if _CLAUSE_NEGATION.search(low[lo:a]) and not low[a:b].startswith("nothing"):
            continue  # "we don't want only museums"
        if not avoid_is_hard(sentence, a, b) or PERIOD.search(low, lo, hi):
            continue  # "ideally just museums", "museums only if it rains", "parks only this arvo"
        if any(not (a <= x < b) and p in _ONLY_KINDS for x, _, p in preference_spans(sentence)):
            continue  # "just the museum then a cafe for lunch": not all the day is said
        for _, kind in members:
            if all(k != kind for _, _, k in out):
                out.append((a, b, kind))
    for a, b in outdoor_only_spans(sentence)[:1]:  # "nothing indoors": every stop outdoors
        if all(k != OUTDOORS for _, _, k in out):
            out.append((a, b, OUTDOORS))
    return out


def only_said_plural(quote: str, kind: str) -> bool:
    """Whether ``quote`` (an "only" reading's) names ``kind`` in the plural ("galleries only",
    "just parks"): then several venues of it make the day; "just the library", "cinema only"
    and "nothing but the beach" ask for one."""
    return any(
        ONLY_WORDS.get(w) == kind and w.endswith("s") and not w.endswith("ss")
        for w in re.findall(r"[a-z]+", quote.lower())
    )


def read_only(phrase: str) -> list[str]:
    """The kinds of outing ``phrase`` limits the day to (``only_spans``), in order."""
    return [k for _, _, k in only_spans(phrase)]


def read_avoided(phrase: str) -> list[str]:
    """The kinds of outing ``phrase`` asks to avoid (``avoid_spans``), in order."""
    return [p for _, _, p in avoid_spans(phrase)]


@per_run_list
def read_preferences(phrase: str) -> list[str]:
    """The preferences ``phrase`` names, in order, without the negated ones."""
    return [p for _, _, p in preference_spans(phrase)]


def timed_spans(phrase: str) -> list[tuple[int, int]]:
    """Spans of preference clauses (or of a venue wished for) of ``phrase`` that also say a
    time of day ("something outdoorsy in the afternoon", "Lollipops in the morning"): from the
    preference (or its word of liking) to the time."""
    low = phrase.lower()
    out = []
    for a, b, _ in sorted(_spans(phrase) + _venue_wishes(phrase)):
        lo, hi = _clause_start(low, a), _clause_end(low, b)
        m = PERIOD.search(low, lo, hi)
        if not m:
            continue
        cue = list(LIKING.finditer(low[lo:a]))
        start = min(a, m.start(), lo + cue[-1].start() if cue else a)
        if not any(x <= start < y for x, y in out):
            out.append((start, max(b, m.end())))
    for m in PERIOD.finditer(low):  # "outdoors in the morning": the weather's part of the day
        broad = _INDOOR_OUTDOOR_BEFORE.search(low[max(0, m.start() - 40) : m.start()])
        start = max(0, m.start() - 40) + broad.start() if broad else -1
        if broad and not any(x <= start < y or x < m.end() <= y for x, y in out):
            out.append((start, m.end()))
    return sorted(out)


_GAP_FILLER = frozenset({"only", "just", "in", "the", "stuff", "things", "activities", "please"})


def said_with_time(phrase: str, at: int) -> bool:
    """Whether the time said at ``at`` of ``phrase`` belongs to a preference just before it
    ("parks after lunch", "museums in the morning", "park only in the morning"): the
    preference's time, not the day's."""
    return _wish_before(phrase, at) is not None


def _wish_before(phrase: str, at: int) -> tuple[int, str] | None:
    """``(start, preference)`` of the preference said just before position ``at`` of ``phrase``
    in its clause (at most two words between, besides "only", "stuff", "in the"...), else
    ``None``."""
    low = phrase.lower()
    lo = _clause_start(low, at)
    for a, b, pref in reversed(sorted(_spans(low) + _venue_wishes(phrase))):
        gap = [w for w in low[b:at].split() if w not in _GAP_FILLER]
        if lo <= a and b <= at and len(gap) <= 2:
            return a, pref
    return None


def _venue_wishes(phrase: str) -> list[tuple[int, int, str]]:
    """``(start, end, "venue")`` for each venue ``phrase`` wishes for (``named.wish_spans``:
    "Lollipops in the morning": the morning is the venue's, never the day's)."""
    from dayplan.reading import named  # noqa: PLC0415 (named imports this module)

    return [(w.start, w.end, "venue") for w in named.wish_spans(phrase)]


def wish_time_start(phrase: str, at: int, end: int) -> int | None:
    """Where the preference starts whose time is said at ``at:end`` (``time_of_a_wish``), else
    ``None``: the phrase a coverage net lists ("indoor stuff from 2")."""
    if not time_of_a_wish(phrase, at, end):
        return None
    said = _wish_before(phrase, at)
    broad = _INDOOR_OUTDOOR_BEFORE.search(phrase[max(0, at - 40) : at])
    return said[0] if said else max(0, at - 40) + broad.start() if broad else at


_WEATHER_KINDS = frozenset({"indoors", "outdoors"})
_INDOOR_OUTDOOR_BEFORE = re.compile(
    r"\b(?:indoors?|inside|under\s*cover|undercover|outdoors?|outside|outdoorsy)(?:\s+(?:stuff"
    r"|things|activities|options|fun|play|places|only|please|in|the|during))*\s+$",
    re.I,
)
"""Indoors or outdoors said right before a time ("indoor stuff from 2", "outdoors till 11"):
when that kind of outing is wanted, the weather's part of the day."""


_HOME_CUE = re.compile(r"\s*(?:home|back)\b", re.I)
"""A time said as the way home ("home 3", "back by 2"): the day's end, never a wish's time."""


def time_of_a_wish(phrase: str, at: int, end: int) -> bool:
    """Whether the time said at ``at:end`` of ``phrase`` (its cue included) says when a wished
    kind of outing is wanted, not the day's bound: a part of the day or "after lunch" after any
    preference ("parks after lunch", "park only in the morning"), and a clock time after indoors
    or outdoors ("storms after lunch, so indoor stuff from 2": when the indoor part is wanted,
    the weather's, never the day's start). "Park till 5" ends the day, and "museums from 10"
    starts it, as a time said as the way home does ("indoor home 3", "museums, back by 2").
    One rule for the proposal, the verifier and the coverage net."""
    if _HOME_CUE.match(phrase, at):
        return False
    if _INDOOR_OUTDOOR_BEFORE.search(phrase[max(0, at - 40) : at]):
        return True
    said = _wish_before(phrase, at)
    if said is None:
        return False
    return not re.search(r"\d", phrase[at:end]) or said[1] in _WEATHER_KINDS


def liking_clauses(phrase: str) -> list[tuple[int, int]]:
    """Spans of the clauses of ``phrase`` that say a wish ("we'd love ...", "keen on ...",
    "not too much walking"), from the word of liking to the clause's end."""
    low = phrase.lower()
    out = []
    for m in PREFERRING.finditer(low):
        end = _clause_end(low, m.end())
        if end > m.end() and not any(a <= m.start() < b for a, b in out):
            neg = _NOT_BEFORE.search(low, 0, m.start())  # "not keen on long drives": as said
            out.append((neg.start() if neg else m.start(), end))
    return out


_NOT_BEFORE = re.compile(r"\b(?:not|never|not really|not that|not too)\s+$")
"""A negation right before a word of liking ("not keen on ..."): part of the wish as quoted."""


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
