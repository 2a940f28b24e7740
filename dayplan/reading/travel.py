"""Travel in request text: the mode ("we'll drive", "on foot", "by bus") with negation
("don't want to walk", "no car") and the cap on a leg ("no more than 30 minutes in the car").
A limit on the day's travel in total ("no more than an hour in the car all day", "max 40 minutes
total driving") is not a cap on a leg: ``total_spans`` finds it, it is never read as one, and it
is listed unread (kind ``travel``) so the run asks (no check of total travel exists).

A walk cue in a sentence that also says how the party drives or rides is not the travel mode
("we'll drive, the kids can't walk far" is by car). Durations go through Duckling.
"""

from __future__ import annotations

from datetime import datetime

from dayplan.reading import deferred_re as re
from dayplan.reading import duck
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.text import dash_bullets

CAR_EMOJI = "\U0001f697\U0001f698\U0001f699\U0001f695\U0001f696"
TRANSIT_EMOJI = "\U0001f68c\U0001f68d\U0001f686\U0001f687\U0001f68a\u26f4"
WALK_EMOJI = "\U0001f6b6"
"""Emoji for a car or taxi, a bus, train, tram or ferry, and a walker (``TRAVEL_EMOJI`` is all
of them)."""
_EMOJI_TAIL = (
    r"[\u200d\u2640\u2642\ufe0f\U0001f3fb-\U0001f3ff]*\s*"
    r"(?:only\b|everywhere\b|all\s+day\b|all\s+the\s+way\b)"
)
"""After a travel emoji: what makes it the way the party travels ("🚶 only", "🚌 everywhere");
an emoji alone is a travel word only ("🚗 under 20 min" caps a leg, ``TRAVEL_EMOJI``)."""
_WALK_ACTIVITY = "".join(
    f"(?<!{w} )"
    for w in (
        "pier",
        "bush",
        "river",
        "beach",
        "nature",
        "coastal",
        "park",
        "forest",
        "rainforest",
        "heritage",
        "art",
        "night",
        "ghost",
        "guided",
        "sculpture",
        "lookout",
        "summit",
        "mangrove",
        "wetlands",
        "foreshore",
        "jetty",
        "garden",
        "gardens",
        "bay",
        "a",
        "short",
        "long",
        "little",
        "nice",
        "quick",
        "dog",
    )
)
WALK = re.compile(
    r"\b(?:" + _WALK_ACTIVITY + r"walk(?:ing|able)?|on foot|by foot|stroll(?:ing)?"
    r"|push(?:ing)?\s+(?:the\s+|a\s+)?(?:pram|stroller|buggy)(?:\s+(?:everywhere|around|all\s+day))?)\b"
    r"(?![- ](?:friendly|access|accessible|ramps?))"
    r"|[" + WALK_EMOJI + r"]" + _EMOJI_TAIL,
    re.I,
)
"""Walking as the way to travel. A walk that is an outing ("the pier walk", "a bush walk", "a
short walk") is no mode, and a pram or stroller says nothing of how the party travels ("pram
friendly" asks for step-free venues)."""
_WALK_PLACE = re.compile(
    r"\b(?:pier|jetty|wharf|gardens?|park|parklands?|boardwalk|track|trail|esplanade|foreshore"
    r"|wetlands?|cliffs|riverwalk|riverside|river|beach|bridge|loop|circuit|lookout|summit"
    r"|reserve|forest|bush|bushland|mangroves?|markets?|headland|lake|creek|dog|dogs|botanic"
    r"|promenade|waterfront|boulevard|mall|precinct|island|mountain|mount|mt|hill|range|zoo"
    r"|sanctuary|grounds|campus|cemetery|gallery|museum)\b",
    re.I,
)
"""What a walk at a place is around ("walk Shorncliffe Pier", "walk through the Botanic
Gardens", "walking the dog")."""
WALK_OUTING = re.compile(
    r"\b(?:walk|walking|walks|stroll|strolling)\s+"
    r"(?:(?:through|thru|around|round|along|across|over|up|down|in|on|at|by|past|about"
    r"|to\s+the\s+(?:end|top)\s+of)\s+)?(?:the\s+)?"
    r"(?!(?:to|from|between|back|home|everywhere|there|places|or|and|if|far|more|less|much|it"
    r"|a\s+lot|lots|everything|anywhere|somewhere|when|while|too|instead|distance|distances"
    r"|friendly|only|pace|speed|shoes|between|legs?|trips?)\b)"
    r"((?:[\w'-]+\s+){0,3}?[\w'-]+)(?=\s*(?:[,.;!?()]|$|\b(?:and|then|with|before|after|in|on"
    r"|at|for|so|but|if|please|this|first|together)\b))",
    re.I,
)
"""Walking at a place, an outing, not how the party travels between places ("we'd like to
walk Shorncliffe Pier", "walk through the Botanic Gardens", "a stroll along the river"): the
walk's object names a place (``_WALK_PLACE``, or a suburb of the gazetteer)."""


def walk_outing_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``sentence`` where walking is an outing at a place (``WALK_OUTING``): never the
    travel mode ("walk to the park", "we'll walk everywhere" are)."""
    from dayplan import data
    from dayplan.core.places import find_place_in_text

    out = []
    for m in WALK_OUTING.finditer(sentence):
        obj = m.group(1)
        if _WALK_PLACE.search(obj) or find_place_in_text(obj, data.gazetteer()) is not None:
            out.append(m.span())
    return out


WALK_ITEM = re.compile(
    r"(?:\b(?:then|and|after(?:\s+that)?|before|plus|also|maybe|finish\s+with|end\s+with|start\s+with)"
    r"|[&+]|->|>)\s+(?:(?:go|going)\s+for\s+|do\s+|have\s+)?(?:a\s+|an?\s+)?(?:quick\s+|short\s+"
    r"|long\s+|little\s+|nice\s+|easy\s+)?(?P<walk>walk|stroll|wander)"
    r"(?:\s+(?:after|afterwards|after\s+lunch|to\s+finish|at\s+the\s+end|around|round|about))?"
    r"(?=\s*(?:$|[,;.!?()\n]|\b(?:then|and|after|before|plus|maybe|if)\b))"
    r"|(?:^|(?<=[,;.!?()\n]))\s*(?:a\s+)?(?P<first>walk|stroll|wander)\s+(?=then\b|and\s+then\b|first\b|->|>)",
    re.I,
)
"""A walk that is one item of the day's list ("cafe then gallery then walk", "lunch and a
stroll", "walk then brunch"): an outing, never the way to travel."""


def walk_item_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of the walk words of ``sentence`` that are an item of the day's list
    (``WALK_ITEM``)."""
    return [
        m.span("walk") if m.group("walk") else m.span("first") for m in WALK_ITEM.finditer(sentence)
    ]


def mode_text(sentence: str) -> str:
    """``sentence`` as its travel mode is read: negated modes (``negated_spans``) and walks that
    are outings (``walk_outing_spans``, ``walk_item_spans``) blanked, offsets kept."""
    text = without_negated(sentence)
    for a, b in walk_outing_spans(text) + walk_item_spans(text):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


BIKE = re.compile(
    r"\b(?:by|on)\s+(?:(?:our|my|the|a|their)\s+)?(?:push\s*)?(?:bikes?|bicycles?|e-?bikes?"
    r"|scooters?|cargo bikes?)\b(?!\s+(?:track|trail|path|park|ride|hire))"
    r"|\b(?:cycl(?:e|ing)|biking|bike|riding\s+(?:our\s+|my\s+|the\s+)?bikes?)\s+(?:everywhere"
    r"|between\s+(?:places|stops|them|venues|each)|there(?:\s+and\s+back)?|from\s+place\s+to\s+place"
    r"|around\s+town|all\s+day)\b"
    r"|\b(?:we|i)(?:'ll|'re|'m|\s+will|\s+are|\s+am)?\s+(?:be\s+)?(?:cycling|biking|cycle|bike)"
    r"(?=\s*(?:$|[,;.!?)]|to\b|there\b|everywhere\b|between\b|so\b|and\b))",
    re.I,
)
"""Cycling as the way to get around ("cycling everywhere", "by bike", "we'll cycle"): no such mode
is planned (car, public transport or walking), so it is listed unread (kind ``travel``) and the
run asks which of those to plan, never planning by car silently ("a bike ride along the river"
is an outing, no mode)."""


def bike_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``sentence`` saying the party gets around by bike (``BIKE``)."""
    return [m.span() for m in BIKE.finditer(sentence)]


_WALK_CAP_AFTER = r"(?!\s+(?:further|farther|longer|more|over|beyond|past)\b)"
"""What makes a negated walk a cap ("no walking further than 15 mins"): the party does walk."""
NOT_WALK = re.compile(
    r"\b(?:don't|do not|dont|won't|can't|cannot|not|no|hate|never|too far to|too hot to|rather not)"
    r"\s+(?:want to\s+|wanna\s+|like to\s+|feel like\s+|be\s+|really\s+)?(?:do\s+)?(?:too\s+)?(?:much\s+|any\s+|a lot of\s+|lots of\s+|far\s+)?walk(?:ing)?\b"
    + _WALK_CAP_AFTER
    + r"|\b(?:minimal|limited|less|little|minimum|as little|without much|keep the)\s+walk(?:ing)?\b"
    r"|\bwalk(?:ing)? (?:is|isn't) (?:out|not an option|too far|hard)|\blittle legs\b|\bcan't walk far\b"
    r"|\b(?:nothing|none|anything|no\s+(?:places?|outings?|activities|stuff|things))\s+"
    r"(?:with|involving|that\s+(?:needs|involves|means|has)|needing|requiring)\s+"
    r"(?:(?:too|so|very|that)\s+)?(?:much\s+|lots\s+of\s+|a\s+lot\s+of\s+|heaps\s+of\s+|long\s+"
    r"|big\s+|any\s+|a\s+(?:long\s+|big\s+)?)?walk(?:ing|s)?\b"
    r"|\b(?:avoid(?:ing)?|skip(?:ping)?|without|limit(?:ing)?|minimi[sz]e|reduce|cut\s+down\s+on|go\s+easy"
    r"\s+on|easy\s+on\s+the)\s+(?:the\s+|too\s+much\s+|lots\s+of\s+|a\s+lot\s+of\s+|much\s+|long\s+"
    r"|any\s+|big\s+)?walk(?:ing|s)?\b"
    r"|\btoo\s+much\s+walk(?:ing)?\b|\bnot\s+(?:a\s+lot\s+of|lots\s+of|heaps\s+of|big\s+on"
    r"|great\s+(?:at|with))\s+walk(?:ing|s)?\b"
    r"|\b(?:walking|walks?)\s+(?:is|are|'s|can\s+be)\s+(?:(?:a\s+bit|really|very|quite|too)\s+)?"
    r"(?:hard|tough|difficult|tiring|a\s+struggle|an\s+issue|a\s+problem|tricky)\b"
    r"|\b(?:can't|cant|cannot|can\s+not|unable\s+to|struggles?\s+to|doesn't|don't|won't)\s+"
    r"walk\s+(?:far|much|long|well|very\s+far|too\s+far|a\s+lot|for\s+long|distances)\b",
    re.I,
)
"""Walking said as unavailable or to avoid ("can't walk", "nothing with lots of walking",
"avoid long walks", "grandad can't walk far", "walking is hard for nan"): never the mode."""
TRANSIT = re.compile(
    r"\b(?:bus|buses|train|trains|ferry|ferries|citycat|city cat|tram|public transport|transit"
    r"|translink|go card|light rail)\b"
    r"|[" + TRANSIT_EMOJI + r"]" + _EMOJI_TAIL,
    re.I,
)
NOT_TRANSIT = re.compile(
    r"\b(?:no|not|don't|avoid|hate)\s+(?:\w+\s+)?(?:bus|buses|train|public transport|ferry)\b", re.I
)
CAR = re.compile(
    r"\b(?:drive|driving|drives|car|ute|the wagon|by road|uber|taxi|rideshare)\b"
    r"|[" + CAR_EMOJI + r"]" + _EMOJI_TAIL,
    re.I,
)
NOT_CAR = re.compile(
    r"\b(?:no|don't have a|do not have a|without a|without the|haven't got a|not taking the|can't take the|car is in the shop|no access to a)\s+car\b"
    r"(?!\s+(?:trips?|rides?|journeys?|legs?)\s+(?:longer|more|over|further|farther|of more|beyond"
    r"|exceeding|above|greater|past)\b)"
    r"|\b(?:don't|dont|do not|can't|cant|cannot|won't|wont|not)\s+(?:want to\s+|wanna\s+)?drive\b(?!\s+(?:(?:for|any)\s+)?(?:more|longer|further|farther|over|too\s+(?:far|long)|much|far|beyond|past)\b)"
    r"|\bno (?:driving|drives?|cars?)\b"
    r"(?!\s+(?:(?:trips?|rides?|legs?|times?)\s+)?(?:longer|more|over|further|farther|of more|of over"
    r"|beyond|exceeding|above|greater|past|than|that takes|taking)\b)"
    r"|\bwithout (?:driving|the car)\b",
    re.I,
)
"""A car said as unavailable ("no car", "we don't drive", "without the car"); "no drive longer
than 10 minutes" caps a leg, no negation."""
LICENCE = re.compile(r"\blicen[cs](?:e|ed)\b", re.I)
"""A driving licence word: "I have no licence" says the party cannot drive (``NEGATED_MODE``)."""
CAP_WORDS = re.compile(
    r"\b(?:max(?:imum)?|no more than|not more than|at most|under|below|less than|shorter than"
    r"|longer than|more than|further than|farther than"
    r"|up to|tops|within|or less|cap(?:ped)?|limit|no longer than|over)\b",
    re.I,
)
TRAVEL_EMOJI = CAR_EMOJI + TRANSIT_EMOJI + WALK_EMOJI
"""Emoji for a car, taxi, bus, train, tram, ferry or walker: a travel word ("🚗 under 20 min")."""
TRAVEL_WORDS = re.compile(
    r"\b(?:drive|drives|driving|car|trip|trips|travel|travelling|traveling|leg|legs|bus|train"
    r"|ride|each way|between stops|away|from home|in the car|journey|walk|walking|commute|transit|of home|of the house)\b"
    r"|[" + TRAVEL_EMOJI + r"]",
    re.I,
)


_MODE_WORD = (
    r"(?:drive|driving|drives|car|cars|ute|uber|taxi|bus|buses|train|trains|ferry|ferries"
    r"|citycat|tram|public transport|transit|walk|walking)"
)
_GAP = (
    r"(?:(?!(?:more|than|longer|over|much|far|too|mind|minds|min|mins|minutes?|hours?|long|lengthy"
    r"|big|huge|massive|epic|crazy)\b)[a-z']+\s+){0,4}?"
)
"""Words between a negation and a mode word; never a length ("not keen on long drives" dislikes
long drives, a cap's wish: the party does drive)."""
_CAP_AFTER = (
    r"(?!\s+(?:(?:for|any)\s+)?(?:more|longer|further|farther|over|too\s+(?:far|long)|much|far"
    r"|beyond|past)\b)"
)
"""What makes a negated mode a cap ("we don't want to drive more than 10 mins", "don't want to
drive too far"): the party does drive."""
NEGATED_MODE = re.compile(
    r"\b(?:not|never|no longer|n't|no way (?:we're|we are|are we))\s+"
    + _GAP
    + _MODE_WORD
    + r"\b"
    + _CAP_AFTER
    + r"|(?<=n't)\s+"
    + _GAP
    + _MODE_WORD
    + r"\b"
    + _CAP_AFTER
    + r"|\b"
    + _MODE_WORD
    + r"(?:'s|\s+is|\s+isn't|\s+are|\s+was)?\s+(?:\w+\s+){0,2}?"
    r"(?:not an option|no option|out of the question|off the table|in the shop|at the mechanic"
    r"|(?:being )?(?:serviced|repaired|fixed)|broken(?: down)?|off the road|not available"
    r"|unavailable|a no-go|a no go|out)\b"
    r"|\b(?:hubby|husband|wife|partner|he|she|dad|mum|mom|my (?:other half|partner|husband|wife))"
    r"\s+(?:has|has got|'s got|took|is taking|'s taking|needs|is using|'s using)\s+(?:the|our)\s+car\b"
    r"|\b(?:sold|ditched|got rid of|gave up|given up|no longer have|lost)\s+(?:the|our|my)\s+car\b"
    r"|\bcar[- ]free\b|\bno-car\b|\bcarless\b"  # "no car" itself: NOT_CAR
    r"|\b(?:neither of us|none of us|nobody|no one|no-one)\s+(?:can\s+)?(?:drives?|driving)\b"
    r"|\b(?:no|without a|without my|haven't got a|don't have a|do not have a|lost my)\s+"
    r"(?:driver'?s?\s+)?licen[cs]e\b|\bnot licen[cs]ed\b|\bunlicen[cs]ed\b",
    re.I,
)
"""A travel mode said as not available ("not driving", "we won't be driving", "don't own a
car", "car's in the shop", "hubby has the car", "driving is not an option", "I don't want to take
the bus", "we sold the car", "car-free day", "neither of us drives", "I have no licence"): never
the mode; a cap's words ("no more than 30 minutes in the car", "don't mind
driving") are not a negation."""


_FOR_A_WHILE = re.compile(
    r"\s+(?:then|during\s+(?:it|that|the)|while\s+(?:she|he|they|the)|at\s+that\s+time"
    r"|at\s+the\s+time|in\s+between)\b",
    re.I,
)
"""A negated mode for a while only ("baby naps in the pram 12-1, so no driving then"): the day's
travel is not negated (the blocked window already keeps legs out of the nap)."""


def negated_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``sentence`` where a travel mode is said as not available (``NEGATED_MODE`` and
    the older ``NOT_WALK``/``NOT_CAR``/``NOT_TRANSIT`` cues): the mode words inside them are never
    read as the mode; a mode said beside them ("so we'll walk") is."""
    out = []
    for rx in (NEGATED_MODE, NOT_WALK, NOT_CAR, NOT_TRANSIT):
        out += [
            m.span()
            for m in rx.finditer(sentence)
            if not _FOR_A_WHILE.match(sentence, m.end())  # "so no driving then": during a nap
        ]
    # "won't be driving": the span starts at the word whose "n't" negates the mode
    starts = [len(re.sub(r"[\w']+$", "", sentence[:a])) for a, _ in out]
    # "we don't have a car": the one who says it is quoted too
    starts = [
        len(re.sub(r"\b(?:we|i|we're|we'll|i'm|they)\s+$", "", sentence[:a], flags=re.I))
        for a in starts
    ]
    return sorted(zip(starts, [b for _, b in out], strict=True))


def without_negated(sentence: str) -> str:
    """``sentence`` with its negated mode spans (``negated_spans``) blanked, offsets kept."""
    text = sentence
    for a, b in negated_spans(sentence):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


@per_run
def read_mode(phrase: str) -> str | None:
    """``"car"``, ``"transit"`` or ``"walk"`` when ``phrase`` (a sentence) says how the party
    travels, else ``None``. Negated cues are dropped first (``negated_spans``: "not driving",
    "car's in the shop so public transport" is transit); car or transit beats walking."""
    text = mode_text(phrase)  # "not driving", "walk Shorncliffe Pier": no mode there
    if CAR.search(text) and not re.search(r"\b(?:car park|carpark|car seat)\b", text, re.I):
        return "car"
    if TRANSIT.search(text):
        return "transit"
    if WALK.search(text):
        return "walk"
    return None


@per_run
def duration_minutes(phrase: str) -> int | None:
    """The duration ``phrase`` states, in whole minutes (Duckling: "half an hour" -> 30)."""
    # stripped: a duration's value does not depend on the spaces around the phrase, and the
    # stand-in's piece (" no leg over 30 minutes") then shares its parse with the quote's check
    for span in duck.parse(phrase.strip(), datetime(2026, 1, 1), ("duration",)):
        seconds = span.value.get("normalized", {}).get("value")
        if isinstance(seconds, (int, float)) and seconds > 0:
            return round(seconds / 60)
    m = re.search(r"\b(\d{1,3})\s*-?\s*(?:min|mins|minutes|m)\b", phrase, re.I)
    return int(m.group(1)) if m else None


_DUR = r"(?:\d{1,3}\s*-?\s*(?:min|mins|minute|minutes|m)\b|half an hour|an hour|(?:a\s+)?quarter of an hour)"
CAP_PHRASE = re.compile(
    r"\b(?:nothing|nowhere|no(?:thing)?|not|none)\s+(?:further|farther)(?:\s+away)?\s+than\s+(?:a\s+)?"
    + _DUR
    + r"|\b(?:(?:within|in)\s+(?:a\s+)?)?"
    + _DUR
    + r"\s*(?:drive\s+|driving\s+)?radius\b"
    r"|\bkeep\s+(?:the\s+)?(?:drives?|trips?|legs?|travel(?:ling)?|driving)\s+(?:short|brief|quick)"
    r"(?:\s*[,:-]\s*|\s+)(?:(?:like|say|about|max|under|no more than)\s+)?"
    + _DUR
    + r"|\b(?:under|less than|no more than|not more than|max(?:imum)?|at most|within|up to)\s+"
    + _DUR
    + r"\s+between\s+(?:places|stops|venues|spots|things|activities|each(?:\s+\w+)?)\b",
    re.I,
)
"""A cap on each leg said without a travel word of ``TRAVEL_WORDS`` beside a cap word
("nothing further than 20 mins", "20 min radius", "keep drives short, 20 mins", "under 15
minutes between places"): the whole phrase is the quote, its duration the cap."""


_ALONE_DUR = r"(?:\d{1,3}\s*-?\s*(?:min|mins|minute|minutes)\b|half an hour|an hour|(?:a\s+)?quarter of an hour)"
ALONE_CAP = re.compile(
    r"\b(?:(?:max(?:imum)?|no more than|not more than|at most|under|less than|up to|within)\s+"
    + _ALONE_DUR
    + r"(?:\s+(?:max(?:imum)?|tops))?|"
    + _ALONE_DUR
    + r"\s+(?:max(?:imum)?|tops|at most|or less))"
    r"(?=\s*(?:$|[,;.!?)\-\u2013]|(?:each|please|pls|thanks|thx)\b))",
    re.I,
)
"""A limit of minutes said alone, about nothing but itself ("..., 20 min tops.", "home by 3 max 20
min", "🚗 under 20 min" is read by ``read_cap``): in a day plan, the longest leg. Read only where
``alone_cap_spans`` finds nothing else it could limit before it."""
_CLAUSE_START = re.compile(r"(?:^|[,;:.!?(]|\s[-\u2013])\s*$")
_CUT = re.compile(r"[,;:!?(]|\.(?!\d)|\s[-\u2013]\s")
"""Where one clause ends and the next starts ("naps 1-2, max 20 min": the range's dash is none)."""
_TIME_SAID = re.compile(
    r"\b(?:home|back|by|till|til|until|before|finish(?:ed)?|done|leave|leaving|start|from)\s+"
    r"(?:(?:at|by|about|around)\s+)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?\s*$|\b(?:noon|midday)\s*$",
    re.I,
)
"""A deadline or start said right before a limit ("home by 3 max 20 min"): the limit is alone."""
_EMOJI_BEFORE = re.compile(r"[" + TRAVEL_EMOJI + r"]\s*$")
_SOMETHING_WITHIN = re.compile(
    r"\b(?:something|somewhere|anything|anywhere|places?|stuff|things|activities|venues?|spots?)"
    r"\s+$",
    re.I,
)
"""A place asked for "within" a time ("something within 10 minutes"): a cap on the trip there."""
_STAY_WORDS = re.compile(
    r"\b(?:lunch|nap\w*|sleep|rest|break|snack|coffee|tea|visit\w*|stay|stop\w*|each place|queue\w*"
    r"|wait\w*|show|session|lesson|class|swim\w*|pool|museum\w*|galler\w*|cinema|movie|film\w*"
    r"|park|playground|zoo|librar\w*|play\w*|hike|walk\w*|picnic|ride|rides|game|party|there)\b",
    re.I,
)
"""What else a limit of minutes could be about when named in the clause before it ("quick lunch,
30 min max", "swimming, 15 min max"): then no cap is read (the duration is asked about)."""


@per_run_list
def alone_cap_spans(sentence: str) -> list[tuple[int, int, int]]:
    """``(start, end, minutes)`` of each limit of minutes said alone in ``sentence``
    (``ALONE_CAP``): at the start of a clause when the clause before names nothing else it
    could limit (``_STAY_WORDS``: "Not keen on long drives, 20 min tops"), right after a
    deadline ("home by 3 max 20 min") or a travel emoji, or asked of a place ("something
    within 10 minutes")."""
    out = []
    for m in ALONE_CAP.finditer(sentence):
        before = sentence[: m.start()]
        within = m.group(0).lower().startswith("within")
        if _CLAUSE_START.search(before):
            cuts = [c.span() for c in _CUT.finditer(before)]
            prev = before[cuts[-2][1] if len(cuts) > 1 else 0 : cuts[-1][0] if cuts else 0]
            alone = not _STAY_WORDS.search(prev)
        else:
            alone = bool(
                _TIME_SAID.search(before)
                or _EMOJI_BEFORE.search(before)
                or (within and _SOMETHING_WITHIN.search(before))
            )
        minutes = _strict(duration_minutes(m.group(0)), m.group(0)) if alone else None
        if minutes:
            out.append((m.start(), m.end(), minutes))
    return out


def alone_cap(quote: str, sentence: str) -> int | None:
    """The cap of ``quote`` when it is a limit said alone in ``sentence`` (``alone_cap_spans``),
    else ``None``: the verifier's and the proposer's one rule."""
    norm, q = sentence.lower(), quote.lower().strip(" ,.;:!?")
    return next((n for a, b, n in alone_cap_spans(norm) if norm[a:b].strip() == q), None)


WALKING_DISTANCE = re.compile(
    r"\b(?:(?:an?\s+)?(?:easy|short|quick|small)\s+)?walking\s+distance\b|\bwalkable\b"
    r"|\bwithin\s+(?:a\s+)?(?:short\s+|easy\s+)?walk\b",
    re.I,
)
WALKING_DISTANCE_MINUTES = 20
""""Walking distance" ("walking distance only", "all walkable", "within a short walk"): each leg
walked, at most ``WALKING_DISTANCE_MINUTES`` (a stated convention, like the parts of the day in
``dayparts``: a walk a family calls short; say a number to change it)."""


def cap_phrase_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``CAP_PHRASE`` matches in ``sentence`` that limit one leg (not ``is_total``),
    then "walking distance" (``WALKING_DISTANCE``)."""
    out = [m.span() for m in CAP_PHRASE.finditer(sentence) if not is_total(m.group(0))]
    return out + [m.span() for m in WALKING_DISTANCE.finditer(without_negated(sentence))]


STRICT = re.compile(
    r"\b(?:under|less\s+than|below|shorter\s+than|fewer\s+than|not\s+over)\s+"
    r"(?:(?:about|around|roughly)\s+)?(?=\d|an?\b|half\b|quarter\b|one\b|two\b|three\b|four\b"
    r"|five\b|six\b|seven\b|eight\b|nine\b|ten\b|eleven\b|twelve\b|fifteen\b|twenty\b"
    r"|twenty-five\b|thirty\b|forty\b|forty-five\b|fifty\b|sixty\b|ninety\b)",
    re.I,
)
"""A limit said strictly ("under 10 minutes", "less than half an hour"): a leg must be shorter
than the duration, so in whole minutes the longest leg is one minute less ("no more than",
"within", "max" allow the duration itself)."""


def _strict(minutes: int | None, phrase: str) -> int | None:
    if not minutes or not 1 <= minutes <= 600:
        return None
    if STRICT.search(phrase):
        return minutes - 1 if minutes > 1 else None  # "under 10 minutes": at most 9
    return minutes


@per_run
def read_cap(phrase: str) -> int | None:
    """The longest leg ``phrase`` allows, in whole minutes, when it is about travel and limits
    it ("no more than 30 minutes in the car", "20 min drive max"; "under 10 minutes" is at
    most 9: ``STRICT``), else ``None`` (also for a limit on the whole day's travel,
    ``is_total``)."""
    said = CAP_PHRASE.search(phrase)
    if (
        not said
        and not re.search(r"\d", phrase)
        and WALKING_DISTANCE.search(without_negated(phrase))
    ):
        return WALKING_DISTANCE_MINUTES  # "walking distance only": a short walk each leg
    if said and not is_total(phrase):
        return _strict(duration_minutes(said.group(0)), said.group(0))
    if not (CAP_WORDS.search(phrase) and TRAVEL_WORDS.search(phrase)) or is_total(phrase):
        return None
    return _strict(duration_minutes(phrase), phrase)


TOTAL = re.compile(
    r"\b(?:in total|total(?:led|ling)?|totals?|all day|all up|altogether|all together|combined"
    r"|overall|cumulative(?:ly)?|in a day|for the (?:whole |entire )?day|across the (?:whole )?day"
    r"|the whole day|(?:the )?entire day|all (?:the )?(?:driving|travel(?:ling)?|legs|trips)"
    r"|added up|summed|sum of|between (?:all|them all))\b",
    re.I,
)
"""Words that make a travel limit one on the whole day's travel ("in total", "all day")."""
PER_LEG = re.compile(
    r"\b(?:legs?|each|per|any (?:one|single)|one way|single|at a time|in one go|stretch|away"
    r"|between stops|a trip|any trip|any drive|one drive|from home|of home)\b",
    re.I,
)
"""Words that keep a limit on each leg even beside a total word ("no leg over 30 min all day")."""
_CLAUSE = re.compile(r"[,;!?()]|\.(?!\d)|\s(?:and|but|plus|then|&)\s", re.I)


@per_run_list
def total_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``sentence`` (normalised) that limit travel over the whole day: a clause with a
    duration, a travel word and a total word ("no more than an hour in the car all day", "max
    40 minutes total driving"), and no word of a single leg ("no leg over 30 minutes all day")."""
    out, start = [], 0
    cuts = [m.span() for m in _CLAUSE.finditer(sentence)] + [(len(sentence), len(sentence))]
    for a, b in cuts:
        clause = sentence[start:a]
        if (
            TOTAL.search(clause)
            and TRAVEL_WORDS.search(clause)
            and not PER_LEG.search(clause)
            and duration_minutes(clause)
        ):
            lead = len(clause) - len(clause.lstrip())
            out.append((start + lead, start + len(clause.rstrip())))
        start = b
    return out


def is_total(phrase: str) -> bool:
    """Whether ``phrase`` limits the day's travel in total (``total_spans``), not one leg."""
    return bool(total_spans(phrase.lower()))


NEGATIVE_DURATION = re.compile(
    r"(?:(?:^|(?<=[\s,;:(/]))-|\bminus\s+)\d+(?:\.\d+)?\s*"
    r"(?:min|mins|minutes?|m|hours?|hrs?|hr|h)\b",
    re.I,
)
"""A length of time said below zero ("max -10 min drive", "minus 5 mins"): no cap on a leg,
so it is asked about, never read as the length without its sign."""


def negative_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that say a length of time below zero (``NEGATIVE_DURATION``); a
    dash after a number is a range's ("5 -10 min"), and a dashed list's bullets are none."""
    if dash_bullets(text):
        return []
    return [
        m.span()
        for m in NEGATIVE_DURATION.finditer(text)
        if not text[: m.start()].rstrip()[-1:].isdigit()
    ]


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
