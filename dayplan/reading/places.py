"""Places, preferences and must-dos in request text.

Places come from the suburb gazetteer (``dayplan.data.gazetteer``, an offline snapshot): the
longest suburb or alias named in the phrase. A place after a home cue ("we live in", "from",
"home is") is ``home``; otherwise it is the ``location``. A capitalised name after "in"/"around"
that the gazetteer does not know is still read as the location (the place resolver then says it
is unknown, and the run asks). Preferences are read by ``prefs`` (kinds of outing: "museums",
"swim", "we'd love to be outdoors"); must-dos are what the text insists
on ("we must see Lone Pine") or a capitalised venue named after at/going to/visit ("a day at
Lone Pine", "visit GOMA"): a venue is a must-do, never the city or suburb the day is planned in.
"""

from __future__ import annotations

from functools import lru_cache

from dayplan import data
from dayplan.core.dates import WEEKDAYS
from dayplan.core.places import find_place_in_text, place_names, resolve_place, suggest_place
from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.musts import known_venue, must_items
from dayplan.reading.named import avoided_places, mentions
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.prefs import PREFERENCE_WORDS
from dayplan.reading.text import clean, normalise, sentences

HOME_CUE = re.compile(
    r"\b(?:we live in|we're in|we are in|i live in|live in|home is(?: in)?|home in|home's in|based in|staying in|we're staying in|starting from|start from|leaving from|from home in|coming from|home to|back to|from)\s+$",
    re.I,
)
NOT_PLACES = {w.title() for w in WEEKDAYS} | {
    "The",
    "My",
    "A",
    "An",
    "Our",
    "Summer",
    "Winter",
    "December",
    "January",
    "November",
    "Rain",
    "Morning",
    "Afternoon",
    "Town",
    "Case",
    "Advance",
    "Time",
    "Bed",
    "Mind",
}
OTHER_PLACE = re.compile(
    r"\b(?:(?:in|around|near)\s+|(?:[Oo]n|[Aa]t|[Tt]o|[Ii]n|[Aa]round|[Nn]ear|[Dd]own)\s+the\s+"
    r"(?=[A-Z][a-zA-Z]+\s(?:Coast|Hinterland|Downs|Peninsula|Tablelands)\b))"
    r"([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)"
)
"""A capitalised name after in/around/near, or a region after "on the" ("on the Gold Coast", "at
the Sunshine Coast"): a place the gazetteer may not know. Not after "at" otherwise: "at Lone
Pine", "a day at the Museum" name a venue (a must-do), not where the day is planned."""
_NAME = r"[A-Z][\w'&-]*(?:\s+(?:(?:of|the|de|at|and)\s+)?[A-Z][\w'&-]*)*"
VENUE_NAMED = re.compile(
    r"\b(?:[Aa]t|[Gg]oing to|[Gg]o to|[Hh]eading to|[Hh]ead to|[Oo]ff to|[Vv]isit|[Vv]isiting"
    r"|[Tt]rip to|[Dd]ay at|[Mm]orning at|[Aa]fternoon at|[Tt]ake (?:the kids|them|her|him|us) to"
    r"|[Ss]ee|[Cc]heck out)\s+(?:the\s+)?(" + _NAME + r")"
)
"""A capitalised venue name after at/going to/visit/see ("at Lone Pine", "going to the Wheel of
Brisbane"): a must-do unless the name is a place of the gazetteer (then it is where)."""
_REGION_WORD = re.compile(r"Coast|Hinterland|Downs|Peninsula|Tablelands", re.I)
"""The last word of a region's name ("the Gold Coast"): a place, never a venue."""
CITY_CENTRE = re.compile(
    r"\b(?:in|into|around|to|near)\s+(?:the\s+)?(?:city|town|cbd|city centre|city center)\b"
    r"(?!\s+(?:of|hall|council|cat|library|botanic)\b)",
    re.I,
)
""""in the city", "into town", "around the CBD": the centre of the gazetteer's city (its
``cbd`` alias, Brisbane City), the way Brisbane people say it."""

CITY_ALONE = re.compile(
    r"(?:^|(?<=[,;.:+/]))\s*((?:the\s+)?(?:city|cbd|city centre|city center))\s*(?=[,;.:+/]|$)",
    re.I,
)
""""city" said alone as one item of a comma list ("1 adult 2 kids, city, home by 3",
"Sat.. city.. $50"): the centre of the gazetteer's city, as "in the city" is."""


def guess_question(name: str) -> str | None:
    """The question for a place ``name`` the gazetteer does not know but nearly does ("Padington",
    "Brisbnae", "Logan": ``core.places.suggest_place``), else ``None``: never planned as nowhere
    (no venue is known there), never resolved on the guess."""
    gaz = data.gazetteer()
    guess = suggest_place(name, gaz)
    if guess is None:
        return None
    area = {k.lower() for k in gaz.get("areas", {})}
    if name.strip().lower() in area:
        return (
            f'The offline catalogue knows only {guess} in "{name}": did you mean {guess}, or '
            "another suburb?"
        )
    return f'I do not know "{name}" as a place: did you mean {guess}?'


@lru_cache(maxsize=1)
def _postcodes() -> frozenset[str]:
    return frozenset(
        str(s["postcode"]) for s in data.gazetteer().get("suburbs", []) if s.get("postcode")
    )


def is_postcode(number: str) -> bool:
    """Whether ``number`` is a postcode of the gazetteer's suburbs ("4005", New Farm's): a label
    of a place ("New Farm 4005", "we're in 4101"), never a time, an amount or a count."""
    return number in _postcodes()


def city_centre() -> str | None:
    """The gazetteer's city-centre suburb (the ``cbd`` alias), or ``None`` when it has none."""
    gaz = data.gazetteer()
    place = resolve_place(gaz.get("aliases", {}).get("cbd", ""), gaz)
    return place.name if place else None


@lru_cache(maxsize=1)
def _outside_re() -> re.Pattern:
    names = sorted(data.gazetteer().get("outside", {}), key=len, reverse=True)
    return re.compile(
        r"(?<![\w'-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w'-])"
        r"(?!\s+(?:st|street|rd|road|ave|avenue|tce|terrace|hwy|highway|motorway|m1|ferry|terminal"
        r"|station|stn|bridge|line|train|bus|rooms?|hotel|house|flight|plane)\b)",
        re.I,
    )


def outside_place(phrase: str) -> str | None:
    """The place outside the catalogue's city ``phrase`` names (the gazetteer's ``outside``
    list: "Surfers Paradise", "the Gold Coast", "Noosa", "Sydney"), as its canonical name, else
    ``None``. Such a place is where the day is (``location``), known to have no venue in the
    offline catalogue: the run says so (``no_feasible_plan``), as for "in Melbourne"; it is never
    a venue to visit ("at Surfers Paradise")."""
    m = _outside_re().search(phrase)
    return data.gazetteer()["outside"][m.group(0).lower()] if m else None


@per_run
def read_place(phrase: str) -> str | None:
    """The gazetteer place ``phrase`` names (canonical name), else a place outside the
    catalogue's city it knows (``outside_place``), else the city centre for "in the city" / "in
    town" (``CITY_CENTRE``), else a capitalised name after "in"/"at"/"around"/"near", else
    ``None``."""
    place = find_place_in_text(phrase, data.gazetteer())
    if place:
        return place.name
    away = outside_place(phrase)
    if away:
        return away
    if CITY_CENTRE.search(phrase) or CITY_ALONE.fullmatch(phrase.strip()):
        return city_centre()
    m = OTHER_PLACE.search(phrase)
    if m and m.group(1).split()[0] not in NOT_PLACES:
        return m.group(1)
    return None


@lru_cache(maxsize=1)
def _names_re() -> re.Pattern:
    gaz = data.gazetteer()
    names = [s["name"] for s in gaz.get("suburbs", [])] + list(place_names(gaz))
    longest_first = sorted({n.lower() for n in names}, key=len, reverse=True)
    # "mt. gravatt", "st. lucia", "mt coot-tha": an abbreviation with or without its full stop
    alts = [re.sub(r"^(mt|st)\\ ", r"\1\\.?\\ ", re.escape(n)) for n in longest_first]
    return re.compile(r"(?<![\w])(?:" + "|".join(alts) + r")(?![\w])")


_NEGATED_PLACE = re.compile(
    r"\b(?:not|isn't|isnt|aren't|arent|never|no\s+longer|rather\s+than|instead\s+of)\s+"
    r"(?:(?:in|at|near|from|really|actually|quite|technically)\s+)*$",
    re.I,
)
"""Words that deny a place right before it: "(not brisbane really)", "not in Toowong"."""
_VENUE_OF = re.compile(
    r"\b(?:wheel|museum|university|uni|gallery|library|port|botanic\s+gardens?|city\s+hall"
    r"|ekka|show|royal|state|town\s+hall|cathedral)\s+of\s+(?:the\s+)?$",
    re.I,
)
"""A venue's name that ends in a place ("the Wheel of Brisbane", "Museum of Brisbane"): the place
is the venue's, not where the day is."""


_AT_IN = re.compile(r"([\w'&.-]+(?:\s+[\w'&.-]+){0,3})\s+(?:at|in)\s+$")
_OUTING_WORDS = frozenset(
    {
        "walk",
        "pool",
        "lessons",
        "lesson",
        "swim",
        "swimming",
        "wetland",
        "wetlands",
        "zoo",
        "wheel",
        "centre",
        "markets",
        "market",
        "cinema",
        "movies",
        "museum",
        "gallery",
        "library",
        "park",
        "playground",
        "lookout",
        "pier",
        "beach",
        "picnic",
        "cafe",
        "brunch",
        "lunch",
        "party",
        "footy",
        "soccer",
        "training",
        "ballet",
        "dance",
        "gardens",
        "garden",
        "koalas",
        "sanctuary",
    }
)


@lru_cache(maxsize=1)
def _venue_names() -> frozenset[str]:
    names = set()
    for v in data.venues():
        name = v.name.lower()
        names.add(name)
        names.add(name.split(" (")[0])
        if "(" in name:
            names.add(name.split("(")[1].rstrip(")"))  # "gallery of modern art (goma)": goma
    return frozenset(names)


def _after_a_venue(lowered: str, start: int) -> bool:
    """Whether the place at ``start`` follows a venue or an outing and its "in"/"at" ("GOMA in
    South Brisbane", "wading pool at Wynnum", "wetland walk at Boondall"): the venue's suburb."""
    m = _AT_IN.search(lowered[max(0, start - 60) : start])
    if not m:
        return False
    words = m.group(1).split()
    if words[-1] in _OUTING_WORDS or words[-1] in PREFERENCE_WORDS:
        return True
    if any(" ".join(words[-n:]) in _venue_names() for n in range(1, len(words) + 1)):
        return True
    last = words[-1].strip(".,")  # a word of a venue's name ("SparkLab at South Brisbane")
    return (
        len(last) > 3
        and last not in _NOT_VENUE_WORDS
        and any(re.search(r"(?<![\w])" + re.escape(last) + r"(?![\w])", n) for n in _venue_names())
    )


_NOT_VENUE_WORDS = frozenset(
    {
        "saturday",
        "sunday",
        "today",
        "tomorrow",
        "live",
        "lives",
        "living",
        "based",
        "stay",
        "staying",
        "we're",
        "were",
        "are",
        "home",
        "house",
        "place",
        "family",
        "start",
        "starting",
        "somewhere",
        "something",
        "anything",
        "stuff",
        "things",
        "lunch",
        "dinner",
        "brisbane",
    }
)


@per_run_list
def place_spans(text: str) -> list[tuple[int, int, str, str]]:
    """``(start, end, field, place)`` for places named in ``text`` (``normalise``-d): field is
    ``home`` after a home cue, else ``location``. One location at most: the longest name that
    is no part of a venue mention (``venue_part``: "Toowong, ... Mt Coot-tha lookout" is
    Toowong), or the longest of all when every name is."""
    gaz = data.gazetteer()
    lowered = text.lower()
    found: list[tuple[int, int, str, str]] = []
    venue_named: list[tuple[int, int, str, str]] = []
    avoided = avoided_places(lowered)
    inside = [(x.start, x.end) for x in mentions(lowered)]  # "the Botanic Gardens at Mt Coot-tha"
    for m in _names_re().finditer(lowered):  # leftmost-longest, never overlapping
        place = find_place_in_text(m.group(0), gaz)
        before = lowered[max(0, m.start() - 30) : m.start()]
        if place is None or _NEGATED_PLACE.search(before):
            continue  # "(not brisbane really)": never the place
        if any(a < m.end() and m.start() < b for a, b in avoided):
            continue  # "no Mt Coot-tha anything": its venues are avoided, it is no home
        # "the Wheel of Brisbane", "the Botanic Gardens at Mt Coot-tha": the venue's place,
        # used only when no other place is said
        if _VENUE_OF.search(before) or any(a < m.start() and m.end() <= b for a, b in inside):
            venue_named.append((m.start(), m.end(), "location", place.name))
            continue
        cue = HOME_CUE.search(lowered[max(0, m.start() - 30) : m.start()])
        start = m.start() - (len(cue.group(0)) if cue else 0)
        found.append((start, m.end(), "home" if cue else "location", place.name))
    if venue_named and not found:  # "must see the Museum of Brisbane": the day is there
        found.append(venue_named[0])
    for m in _outside_re().finditer(lowered):  # "at Surfers Paradise": outside the catalogue
        before = lowered[max(0, m.start() - 30) : m.start()]
        if _NEGATED_PLACE.search(before) or HOME_CUE.search(before):
            continue  # "not Sydney", "we're from Sydney": not where the day is
        if any(a < m.end() and m.start() < b for a, b, _, _ in found):
            continue
        found.append((m.start(), m.end(), "location", gaz["outside"][m.group(0)]))
    centre = city_centre()
    if centre and not any(f[2] == "location" for f in found):  # "something in town"
        for m in CITY_CENTRE.finditer(lowered):
            if any(a < m.end() and m.start() < b for a, b in avoided):
                continue  # "avoid anything in the city": its venues are avoided, not the day's
            found.append((m.start(), m.end(), "location", centre))
            break
        else:
            for m in CITY_ALONE.finditer(lowered):  # "..., city, home by 3"
                found.append((m.start(1), m.end(1), "location", centre))
                break
    found.sort()
    locations = [f for f in found if f[2] == "location"]
    if len(locations) > 1:
        plain = [f for f in locations if venue_part(lowered, f[0], f[1]) is None] or locations
        # "GOMA in South Brisbane, ..., Ashgrove": the suburb after a venue's "in"/"at" is the
        # venue's; the party's is the other one
        plain = [f for f in plain if not _after_a_venue(lowered, f[0])] or plain
        keep = max(plain, key=lambda f: f[1] - f[0])
        found = [f for f in found if f[2] == "home" or f is keep]
    return found


_NEXT_WORDS = re.compile(
    r"(?:\s+(?:summit|botanic|koala|wading|aquatic))?\s+(?:lookout|library|park|parklands|pool|baths"
    r"|museum|gallery|galleries|markets?|cinemas?|beach|gardens?|sanctuary|wetlands|pier"
    r"|playground|playscape|centre|center|cafe|tower|reserve|hall|cliffs|powerhouse)\b",
    re.I,
)
"""The kind word after a place that makes it a venue's name ("Mt Coot-tha lookout", "Chermside
Library", "New Farm Park"); "Indooroopilly in Brisbane" is none."""


def venue_part(text: str, a: int, b: int) -> str | None:
    """The venue mention of ``text`` (lower case) that the place named at ``a:b`` is part of,
    else ``None``: a must-do member around it ("the highlight has to be Mt Coot-tha lookout":
    ``musts.must_items``; "Lone Pine in Fig Tree Pocket"), or the place and its kind word
    (``_NEXT_WORDS``: "Mt Coot-tha lookout", "Chermside Library") naming a venue of the
    catalogue (``musts.known_venue``). Such a place is where a stop is, never the home or the
    day's location while the text names another place."""
    for it in must_items(text):
        if it.start <= a and b <= it.end and text[it.start : it.end] != text[a:b]:
            return text[it.start : it.end]
        if it.end <= a and re.fullmatch(r"\s+(?:in|at|near)\s+", text[it.end : a]):
            return text[it.start : b]  # "the main event is Lone Pine in Fig Tree Pocket"
    nxt = _NEXT_WORDS.match(text, b)
    if nxt and known_venue(text[a : nxt.end()]):
        return text[a : nxt.end()]
    return None


@per_run
def day_location(text: str) -> str | None:
    """Where the request text plans the day, by the reading's own place rule (``place_spans``,
    sentence by sentence): the first location read (the longest gazetteer name of its sentence
    that is no part of a venue mention: "Toowong, the highlight has to be Mt Coot-tha lookout"
    is Toowong; never a place said after a venue's "at"/"in", nor one avoided: "no Mt Coot-tha
    anything"), else the first home read, else a capitalised name after "in"/"around"/"near"
    ("in Sydney"), else ``None``. One rule for the reading, the report's location and the run's
    home."""
    norm = normalise(text)
    homes = []
    for s, e in sentences(text):
        for _, _, field, name in place_spans(norm[s:e]):
            if field == "location":
                return name
            homes.append(name)
    if homes:
        return homes[0]
    m = OTHER_PLACE.search(clean(text))
    if m and m.group(1).split()[0] not in NOT_PLACES:
        return m.group(1)
    return None


def venue_spans(phrase: str) -> list[tuple[int, int, str]]:
    """``(start, end, name)`` for venues named in ``phrase`` (case kept: the name is capitalised)
    after at/going to/visit/see, that are no gazetteer place, weekday, month or kind word."""
    gaz = data.gazetteer()
    out = []
    for m in VENUE_NAMED.finditer(phrase):
        words = m.group(1).split()
        cut_at = next((i for i, w in enumerate(words) if i and w in NOT_PLACES), len(words))
        words = words[:cut_at]  # "going to South Bank Saturday": the weekday is no part of it
        while words and words[-1].lower() in {"of", "the", "de", "at", "and"}:
            words.pop()
        if not words:
            continue
        name = " ".join(words)
        if words[0] in NOT_PLACES or (len(words) == 1 and words[0].lower() in PREFERENCE_WORDS):
            continue  # "at The ...", "on Saturday", "at the Museum": no venue name
        if len(words) > 1 and _REGION_WORD.fullmatch(words[-1]):
            continue  # "at the Sunshine Coast": a region (``OTHER_PLACE``), no venue
        if (
            resolve_place(name, gaz) is not None
            or find_place_in_text(name, gaz) == resolve_place(" ".join(words[:3]), gaz) is not None
            or outside_place(name) is not None
        ):
            continue  # "going to South Bank", "at Surfers Paradise": a place, not a venue
        end = m.start(1) + m.group(1).find(words[-1]) + len(words[-1])
        out.append((m.start(), end, name.lower()))
    return out


@per_run_list
def read_must(phrase: str) -> list[str]:
    """What ``phrase`` insists on visiting, every member of a list ("we must see Lone Pine and
    the Wheel" -> ["lone pine", "wheel"]: ``musts.must_items``), then venues named with capitals
    after at/going to/visit ("a day at Lone Pine" -> ["lone pine"])."""
    out: list[str] = [m.name for m in must_items(phrase)]
    for _, _, name in venue_spans(phrase):
        if name not in out and not any(name in o or o in name for o in out):
            out.append(name)
    return out


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
