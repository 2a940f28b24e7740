"""Where an appointment away from home is: the place its words name ("swimming lessons 9-10 at
Chandler", "dentist in Chermside at 11", "lunch at Nana's in Wynnum 12-2").

A place that names a gazetteer suburb, or one venue of the catalogue ("kids party at 2pm at
Victoria Park": Herston, the venue's suburb), is read into the blocked value (``"place"``, the quote
extended through the place words: ``place_appointments``; code verifies both), and the run
places the appointment at that suburb's centre (real legs to and from it). A place the
gazetteer does not know ("at Nana's", "at Zzyzx Oval") is returned as an unread phrase of kind
``away_place`` and the run asks (``propose.ASKING_KINDS``): counting it at home would route the
party as if it never left. With no place said, it is counted at home (stated as an assumption).

A place is named by "at"/"in"/"@" then a capitalised name ("at Chandler", "at the Chandler
pool"), a possessive ("at Nana's", "at grandma's") or a suburb of the gazetteer in any case
("at chandler"), within the appointment's quote or the rest of its clause. "at home", a time
("at 11") and a part of the day ("in the morning") name no place.
"""

from __future__ import annotations

from dayplan import data
from dayplan.core.places import find_place_in_text
from dayplan.reading import deferred_re as re
from dayplan.reading import times
from dayplan.reading.places import NOT_PLACES
from dayplan.reading.records import MAX_QUOTE, ReadingItem
from dayplan.reading.text import clean, find_quote, normalise

_CLAUSE_END = re.compile(r"[,;.!?\n]|\s(?:and|then|but|so|&)\s|\s-\s")
_NAMED = re.compile(
    r"(?:^|(?<=\s)|(?<=\())(?i:at|in|@)\s+(?i:the\s+|a\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?"
    r"(?P<name>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)*|[a-z]+(?:'s|’s)(?=\s|$)|[a-z][a-z -]*)"
)
_NOT_NAMES = re.compile(
    r"^(?:home|ours|the morning|the afternoon|the evening|morning|afternoon|evening|the arvo|"
    r"arvo|lunch|lunchtime|time|the day|the middle|between)\b",
    re.I,
)


def _gazetteer_suburb(words: str) -> str | None:
    place = find_place_in_text(words, data.gazetteer())
    if place is not None:
        return place.name
    return _venue_suburb(words)


def _venue_suburb(words: str) -> str | None:
    """The suburb of the one catalogue venue ``words`` name ("at Victoria Park": Herston, where
    Victoria Park / Barrambin is), else ``None``."""
    from dayplan.reading import named  # noqa: PLC0415 (named reads the catalogue's names)

    ids = {i for m in named.mentions(words) for i in m.venue_ids}
    if len(ids) != 1:
        return None
    suburbs = {v.id: v.suburb for v in data.venues()}
    return suburbs.get(ids.pop())


def named_place(clause: str) -> str | None:
    """The first place phrase ("at Chandler", "at the Chandler pool", "at Nana's in Wynnum") in
    an appointment's ``clause``, as said (through the end of the clause's place words), or
    ``None`` when it names none."""
    for m in _NAMED.finditer(clause):
        name = m.group("name")
        if _NOT_NAMES.match(name):
            continue
        if name[0].isupper() and name.split()[0] not in NOT_PLACES:
            return clause[m.start() :].strip(" ,.;:!?")
        if name.lower().endswith(("'s", "’s")):
            return clause[m.start() :].strip(" ,.;:!?")
        if _gazetteer_suburb(name):  # "at chandler": a suburb said in lower case
            return clause[m.start() :].strip(" ,.;:!?")
    return None


def appointment_place(clause: str) -> str | None:
    """The place an appointment's ``clause`` names: a place phrase (``named_place``), else the
    words of a booked outing at one catalogue venue ("Lone Pine at 10 (booked)", "planetarium
    show at 2pm is booked": the venue is where the booking is), else ``None``."""
    said = named_place(clause)
    if said is not None:
        return said
    for _, _, _, _, words in times.booked_outings(normalise(clause)):
        at = clause.lower().find(words)
        if at >= 0 and _venue_suburb(words):
            return clause[at : at + len(words)]
    return None


def _at_home_point(
    said: str, span: tuple[int, int], place: str, accepted: list[ReadingItem]
) -> bool:
    """Whether the appointment's place is the suburb the run already counts home at: it
    resolves in the gazetteer to the suburb of the reading's home (else location) said outside
    the appointment's words, or, when no other suburb is said outside them, to the only one
    ("kids party 1-3 in Ashgrove, me and my son": home is assumed at Ashgrove's centre)."""
    own = _gazetteer_suburb(place)
    if own is None:
        return False  # "at Nana's", "at Zzyzxville": not a point the run knows
    rest = said[: span[0]] + " " + said[span[1] :]
    for field in ("home", "location"):
        for it in accepted:
            if it.field == field and it.quote.lower() in rest.lower():
                return _gazetteer_suburb(str(it.value)) == own
    other = _gazetteer_suburb(rest)
    return other is None or other == own


def suburb_of(place: str) -> str | None:
    """The gazetteer suburb a place phrase names ("at Chandler", "at the Chandler pool", "at
    Nana's in Wynnum" -> "Chandler", "Chandler", "Wynnum"), or ``None``."""
    return _gazetteer_suburb(place)


def said_place(text: str, item: ReadingItem) -> tuple[str, str] | None:
    """``(phrase, place)`` when the appointment ``item`` (an away ``blocked`` reading) names a
    place in its quote or the rest of its clause: ``phrase`` its words through the place
    ("swimming lessons 9-10 at Chandler"), ``place`` the place phrase ("at Chandler")."""
    if item.field != "blocked" or not isinstance(item.value, dict) or item.value.get("at_home"):
        return None
    span = find_quote(text, item.quote)
    if not span:
        return None
    a, b = span
    said = clean(text)  # the same offsets as ``find_quote``'s, with the text's own case
    end = _CLAUSE_END.search(said, b)
    clause = said[a : end.start() if end else len(said)]
    place = appointment_place(clause)
    if not place:
        return None
    stop = clause.find(place) + len(place)
    stop += len(re.match(r"\s*\)?", clause[stop:]).group(0))  # "sport 8-10 (at Lutwyche)"
    phrase = clause[:stop].strip(" ,.;:!?")
    if len(phrase) < b - a:  # a booked outing's venue is inside its quote: the quote stands
        phrase = clause[: b - a].strip(" ,.;:!?")
    return phrase[:120], place


def place_appointments(text: str, items: list[ReadingItem]) -> list[ReadingItem]:
    """``items`` with each away appointment whose words name a gazetteer suburb placed there:
    its value gets ``"place"`` (the suburb) and its quote becomes the words through the place
    ("swimming lessons 9-10 at Chandler"), so code verifies both (``verify``). A ``location``
    said only inside such words ("birthday party at Bowen Hills 1pm-3pm, from Clayfield") is
    the appointment's place, not the day's, and is dropped when a home is read."""
    out = list(items)
    inside: list[str] = []
    for k, it in enumerate(out):
        said = said_place(text, it)
        suburb = said and suburb_of(said[1])
        if not said or not suburb or len(said[0]) > MAX_QUOTE:
            continue
        out[k] = ReadingItem.model_construct(
            field="blocked", value={**it.value, "place": suburb}, quote=said[0]
        )
        inside.append(normalise(said[0]))
    if inside:  # "at Nana's in Wynnum", "swimming 11-12 at valley pool booked": the
        out = [  # appointment's place, not a venue to visit (a must-do or a wish)
            i
            for i in out
            if not (i.field in ("must_do", "wish") and any(normalise(i.quote) in q for q in inside))
        ]
    norm = normalise(text)

    def only_inside(i: ReadingItem) -> bool:
        q = normalise(i.quote)
        return norm.count(q) == 1 and any(q in p for p in inside)

    if inside and any(i.field == "home" for i in out):
        return [i for i in out if not (i.field == "location" and only_inside(i))]
    for k, i in enumerate(out):  # "Toowong, ..., footy 8-9:30 at Indooroopilly": the day is
        if i.field != "location" or not only_inside(i):  # planned from Toowong
            continue
        rest = norm
        for p in inside:
            rest = rest.replace(p, " ")
        other = _gazetteer_suburb(rest)
        at = norm.find(other.lower()) if other else -1
        if other and at >= 0 and other != i.value:
            said = clean(text)[at : at + len(other)]
            out[k] = ReadingItem.model_construct(field="location", value=other, quote=said)
    return out


def away_places(text: str, accepted: list[ReadingItem]) -> list[tuple[str, str, str]]:
    """``(phrase, place, quote)`` for each accepted appointment away from home (a ``blocked`` reading
    with ``at_home`` false) whose quote or the rest of its clause names a place: ``phrase`` is
    the appointment's words through the place ("swimming lessons 9-10 at Chandler"),
    ``place`` the place phrase ("at Chandler"), ``quote`` the blocked reading's quote."""
    out: list[tuple[str, str, str]] = []
    said_text = clean(text)
    for it in accepted:
        if isinstance(it.value, dict) and it.value.get("place"):
            continue  # placed at its suburb (``place_appointments``): its legs are real
        found = said_place(text, it)
        if not found:
            continue
        phrase, place = found
        a = said_text.lower().find(phrase.lower())
        if _at_home_point(said_text, (a, a + len(phrase)), place, accepted):
            continue
        if all(p != phrase for p, _, _ in out):
            out.append((phrase[:120], place, it.quote))
    return out
