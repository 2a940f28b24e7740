"""Where an appointment away from home is: the place its words name ("swimming lessons 9-10 at
Chandler", "dentist in Chermside at 11", "lunch at Nana's in Wynnum 12-2").

An appointment (a blocked reading with ``at_home`` false) is counted at home's point by the
scheduler and ``check_plan``: the run does not know where it is. When the words name a place
for it, counting it at home would route the party as if it never left (no leg to the
appointment, the next leg timed from home), so such a phrase is returned here as an unread
phrase of kind ``away_place`` and the run asks (``propose.ASKING_KINDS``) rather than serve a
plan the party cannot follow.

A place is named by "at"/"in"/"@" then a capitalised name ("at Chandler", "at the Chandler
pool"), a possessive ("at Nana's", "at grandma's") or a suburb of the gazetteer in any case
("at chandler"), within the appointment's quote or the rest of its clause. "at home", a time
("at 11") and a part of the day ("in the morning") name no place.
"""

from __future__ import annotations

from dayplan import data
from dayplan.core.places import find_place_in_text
from dayplan.reading import deferred_re as re
from dayplan.reading.places import NOT_PLACES
from dayplan.reading.records import ReadingItem
from dayplan.reading.text import clean, find_quote

_CLAUSE_END = re.compile(r"[,;.!?\n]|\s(?:and|then|but|so|&)\s|\s-\s")
_NAMED = re.compile(
    r"(?:^|(?<=\s))(?i:at|in|@)\s+(?i:the\s+|a\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?"
    r"(?P<name>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)*|[a-z]+(?:'s|’s)(?=\s|$)|[a-z][a-z -]*)"
)
_NOT_NAMES = re.compile(
    r"^(?:home|ours|the morning|the afternoon|the evening|morning|afternoon|evening|the arvo|"
    r"arvo|lunch|lunchtime|time|the day|the middle|between)\b",
    re.I,
)


def _gazetteer_suburb(words: str) -> str | None:
    place = find_place_in_text(words, data.gazetteer())
    return place.name if place else None


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


def away_places(text: str, accepted: list[ReadingItem]) -> list[tuple[str, str, str]]:
    """``(phrase, place, quote)`` for each accepted appointment away from home (a ``blocked`` reading
    with ``at_home`` false) whose quote or the rest of its clause names a place: ``phrase`` is
    the appointment's words through the place ("swimming lessons 9-10 at Chandler"),
    ``place`` the place phrase ("at Chandler"), ``quote`` the blocked reading's quote."""
    out: list[tuple[str, str, str]] = []
    for it in accepted:
        if it.field != "blocked" or not isinstance(it.value, dict) or it.value.get("at_home"):
            continue
        span = find_quote(text, it.quote)
        if not span:
            continue
        a, b = span
        said = clean(text)  # the same offsets as ``find_quote``'s, with the text's own case
        end = _CLAUSE_END.search(said, b)
        clause = said[a : end.start() if end else len(said)]
        # the quote's own words may carry a clause end ("dentist in Chermside at 11" has none;
        # "party, at Bowen Hills" stops at the comma): the clause is the quote plus its tail
        place = named_place(clause)
        if not place:
            continue
        where = clause.find(place)
        phrase = clause[: where + len(place)].strip(" ,.;:!?")
        if _at_home_point(said, (a, a + len(phrase)), place, accepted):
            continue
        if all(p != phrase for p, _, _ in out):
            out.append((phrase[:120], place, it.quote))
    return out
