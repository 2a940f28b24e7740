"""Must-do matching: which catalogue venues a must-do activity phrase means (pure, no I/O).

``match_must_do("see the koalas", venues)`` reads the phrase against each venue's real fields
(``Venue.name``, ``kind``, ``tags``, ``suburb``) and returns every venue it means, with why, and
a verdict the planner acts on:

``one``
    exactly one venue ("Lone Pine", "the State Library", "Streets Beach");
``alternatives``
    several interchangeable venues of one kind ("koalas" -> the two koala sanctuaries, "the
    museum" -> the museums, "a swim" -> the pools), or any venue where the phrase says any
    ("something at South Bank"): the scheduler places exactly one, chosen by its objective;
``none``
    nothing in the catalogue ("the Eiffel Tower", "Dreamworld"): ask, never drop or fake it;
``ambiguous``
    several very different venues ("New Farm": a library, a park and a cinema; "science": two
    museums and a planetarium): ask which one.

How a phrase is read, strongest first (the first level that finds anything decides):

1. **name prefix**: a venue whose name starts with the phrase ("the Queensland Museum" ->
   Queensland Museum Kurilpa, "South Bank" -> South Bank Parklands);
2. **name contains** the phrase ("GOMA", "koala sanctuary");
3. **name words**: the phrase's distinctive words (not kind words, not "Brisbane"/"Queensland")
   in the name, two of them (or all, when it has one): "Lone Pine koalas", "the Wheel";
4. **kind and tags**: kind words ("museum", "pool", "swim", "movie", "zoo") select kinds, the
   other words must be tags ("indoor pool", "dinosaurs", "koalas"); a word that is none of
   these and no mere filler ("the Louvre museum") means the phrase names something the
   catalogue does not have: ``none``.

A place after "at/in/near/around" that the gazetteer resolves ("something at South Bank",
"the library in New Farm") keeps only the venues in that suburb (``Venue.suburb``).
Plurals and case do not matter. The source of every fact is the venue record itself.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dayplan.core.catalog import Venue
from dayplan.core.places import resolve_place

VERDICTS = ("one", "alternatives", "none", "ambiguous")


def _vocab(words: str) -> frozenset[str]:
    return frozenset(words.split())


#: words that name a venue kind (the catalogue's ``kind`` values) -> the kinds they mean
KIND_WORDS: dict[str, frozenset[str]] = {
    "museum": frozenset({"museum"}),
    "gallery": frozenset({"gallery"}),
    "art": frozenset({"gallery"}),
    "library": frozenset({"library"}),
    "book": frozenset({"library"}),
    "cinema": frozenset({"cinema"}),
    "movie": frozenset({"cinema"}),
    "film": frozenset({"cinema"}),
    "flick": frozenset({"cinema"}),
    "pictures": frozenset({"cinema"}),
    "pool": frozenset({"pool"}),
    "swim": frozenset({"pool"}),
    "swimming": frozenset({"pool"}),
    "baths": frozenset({"pool"}),
    "aquatic": frozenset({"pool"}),
    "park": frozenset({"park"}),
    "playground": frozenset({"park", "garden"}),
    "playscape": frozenset({"park", "garden"}),
    "garden": frozenset({"garden"}),
    "market": frozenset({"market"}),
    "cafe": frozenset({"cafe"}),
    "coffee": frozenset({"cafe"}),
    "brunch": frozenset({"cafe"}),
    "breakfast": frozenset({"cafe"}),
    "bakery": frozenset({"cafe"}),
    "zoo": frozenset({"wildlife"}),
    "wildlife": frozenset({"wildlife"}),
    "sanctuary": frozenset({"wildlife"}),
    "animal": frozenset({"wildlife"}),
    "playcentre": frozenset({"play_centre"}),
    "softplay": frozenset({"play_centre"}),
}
#: kind words that are also a tag the matched venues must carry ("playground": a park WITH one)
KIND_TAG = {"playground": "playground", "playscape": "playground"}
#: words that mean a tag of another spelling ("lunch": a venue tagged food)
TAG_WORDS = {"lunch": "food", "dinner": "food", "eat": "food", "snack": "food", "meal": "food"}
#: words folded before matching (two-word kinds, spelling)
_PHRASES = (
    (r"\bplay ?(?:centre|center|land|ground)s?\b", lambda m: _play(m.group(0))),
    (r"\bsoft ?play\b", lambda m: "softplay"),
    (r"\bindoor play\b", lambda m: "playcentre"),
    (r"\bpicture theatres?\b", lambda m: "cinema"),
)
#: words that carry no meaning for the match
FILLER = _vocab(
    """a an the some our my your their his her its of and or to for with at in on by near around
    from go going goes see seeing visit visiting do doing check out take taking try get have
    hit catch watch ride pat cuddle hold feed meet play quick little big small nice good great
    fun local nearby favourite favorite cool best huge long short bit time trip day
    kids kid children child family toddler toddlers baby bub we us me i must really want need
    has have had promised maybe also too one two three again first then later morning afternoon
    lunchtime session lesson lessons class visit outing adventure"""
)
#: words that say "any venue will do" (with a place: any venue there)
OPEN_WORDS = _vocab(
    "something anything somewhere anywhere stuff thing things place places whatever activity "
    "activities"
)
#: words too common in venue names to identify one
_GENERIC_NAME = _vocab(
    "brisbane queensland qld centre center tour tours house the of and at complex sports"
)
#: venue kinds close enough that a choice among them is a choice of venue, not of activity
FAMILIES = ({"park", "garden"},)


def _play(text: str) -> str:
    return "playground" if "ground" in text else "playcentre"


@dataclass(frozen=True)
class VenueMatch:
    """One venue the phrase means and ``why`` (which field matched, e.g. ``kind museum``)."""

    venue: Venue
    why: str


@dataclass(frozen=True)
class MustDoMatch:
    """The reading of one must-do phrase.

    ``matches`` are the venues it means (best level only, catalogue order), ``verdict`` one of
    ``VERDICTS``, ``level`` how they matched (``name``, ``kind``, ``tag``, ``place`` or
    ``""`` for none), ``place`` the suburb it was narrowed to (or ``None``), and ``unknown``
    the words no field explains (why a ``none`` is none).
    """

    phrase: str
    matches: tuple[VenueMatch, ...]
    verdict: str
    level: str = ""
    place: str | None = None
    unknown: tuple[str, ...] = ()

    @property
    def venues(self) -> tuple[Venue, ...]:
        return tuple(m.venue for m in self.matches)

    @property
    def needs_question(self) -> bool:
        """Whether the planner must ask (``none`` or ``ambiguous``)."""
        return self.verdict in ("none", "ambiguous")

    def question(self, limit: int = 3) -> str:
        """The question to ask about this must-do, naming the activity: one short question
        (at most 120 characters, ending in "?"); ``""`` when the match needs none."""
        phrase = self.phrase.strip()[:60]
        if self.verdict == "none":
            where = f" in {self.place}" if self.place else ""
            return f"I know no venue for '{phrase}'{where}: which place do you mean?"
        if self.verdict == "ambiguous":
            names = [m.venue.name for m in self.matches]
            for n in range(min(limit, len(names)), 0, -1):
                more = " or another" if len(names) > n else ""
                shown = ", ".join(names[:n]) + more
                q = f"Which do you mean by '{phrase}': {shown}?"
                if len(q) <= 120:
                    return q
            return f"'{phrase}' could mean several different places: which one?"
        return ""


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"(?<=\w)['’](?=\w)", "", text)
    text = re.sub(r"[^a-z0-9]+", " ", text)
    for pattern, repl in _PHRASES:
        text = re.sub(pattern, repl, text)
    return " ".join(text.split())


@lru_cache(maxsize=8192)
def _venue_name(name: str) -> tuple[str, frozenset[str]]:
    """A venue name folded (``_fold``) and its singular words: venue data, not request text, so
    it is kept for the process (bounded)."""
    folded = _fold(name)
    return folded, frozenset(_words(folded))


@lru_cache(maxsize=8192)
def _venue_tags(tags: tuple[str, ...]) -> frozenset[str]:
    """A venue's tags in the singular (venue data, kept for the process, bounded)."""
    return frozenset(_singular(t) for t in tags)


def _all_tags(venues: Sequence[Venue]) -> set[str]:
    out: set[str] = set()
    for v in venues:
        out |= _venue_tags(tuple(v.tags))
    return out


_IE_NOUNS = frozenset(
    {"movie", "cookie", "pie", "brownie", "smoothie", "selfie", "goodie", "zombie"}
)
"""Nouns ending in "ie" whose plural is not "-y" made "-ies" ("movies" is no "movy")."""


def _singular(word: str) -> str:
    if word.endswith("ies") and word[:-1] in _IE_NOUNS:
        return word[:-1]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")) and len(word) > 5:
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    return [_singular(w) for w in text.split()]


def _core(head: str) -> str:
    """The phrase without leading fillers ("we must see the") and trailing ones."""
    words = head.split()
    while words and (words[0] in FILLER or words[0] in OPEN_WORDS):
        words.pop(0)
    while words and words[-1] in FILLER:
        words.pop()
    return " ".join(words)


def _split_place(text: str, gazetteer: Mapping[str, Any] | None) -> tuple[str, str | None]:
    """``(head, suburb)``: a trailing "at/in/near/around <place>" the gazetteer resolves."""
    if not gazetteer:
        return text, None
    for m in re.finditer(r"\b(?:at|in|near|around|by|on)\s+(.+)$", text):
        tail = m.group(1).split()
        for end in range(len(tail), 0, -1):  # "south bank this morning" -> "south bank"
            words = " ".join(tail[:end])
            place = resolve_place(words, gazetteer)
            if place is not None:
                if words == str(gazetteer.get("city", "")).lower():
                    return text[: m.start()].strip(), None  # "in Brisbane": the whole city
                return text[: m.start()].strip(), place.name
    return text, None


def _family(kind: str) -> str:
    for fam in FAMILIES:
        if kind in fam:
            return "+".join(sorted(fam))
    return kind


def _verdict(found: Sequence[VenueMatch], open_head: bool) -> str:
    if not found:
        return "none"
    if len(found) == 1:
        return "one"
    if open_head or len({_family(m.venue.kind) for m in found}) == 1:
        return "alternatives"
    return "ambiguous"


def _name_level(core: str, venues: Sequence[Venue]) -> tuple[list[VenueMatch], str]:
    if not core:
        return [], ""
    folded = {v.id: _venue_name(v.name) for v in venues}
    names = {vid: f[0] for vid, f in folded.items()}
    all_tags = _all_tags(venues)
    generic = all(w in KIND_WORDS or w in all_tags or w in FILLER for w in _words(core))
    bare = lambda n: n[4:] if n.startswith("the ") else n  # noqa: E731
    prefix = (
        []
        if generic
        else [
            VenueMatch(v, f"name starts with '{core}'")
            for v in venues
            if bare(names[v.id]).startswith(core)
        ]
    )
    if prefix:
        return prefix, "name"
    if len(core) >= 4 and not generic:
        inside = [
            VenueMatch(v, f"name contains '{core}'")
            for v in venues
            if re.search(rf"\b{re.escape(core)}\b", names[v.id])
            or (
                len(bare(names[v.id])) >= 4
                and re.search(rf"\b{re.escape(bare(names[v.id]))}\b", core)
            )
        ]
        if inside:
            return inside, "name"
    distinct = {
        w
        for w in _words(core)
        if w not in FILLER and w not in KIND_WORDS and w not in _GENERIC_NAME and len(w) > 2
    }
    distinct -= {_singular(w) for w in KIND_WORDS}
    if not distinct:
        return [], ""
    need = min(2, len(distinct))
    scored = []
    for v in venues:
        have = distinct & folded[v.id][1]
        if len(have) >= need:
            scored.append((len(have), v, have))
    top = max((n for n, _, _ in scored), default=0)
    out = [
        VenueMatch(v, "name has " + ", ".join(f"'{w}'" for w in sorted(have)))
        for n, v, have in scored
        if n == top
    ]
    return out, "name"


def _kind_level(
    words: Sequence[str], venues: Sequence[Venue]
) -> tuple[list[VenueMatch], str, tuple[str, ...]]:
    all_tags = _all_tags(venues)
    kinds: set[str] = set()
    tags: list[str] = []
    unknown: list[str] = []
    for w in words:
        w = TAG_WORDS.get(w, w)
        if w in FILLER or w in OPEN_WORDS or len(w) < 2:
            continue
        if w in KIND_WORDS:
            kinds |= KIND_WORDS[w]
            if w in KIND_TAG:
                tags.append(KIND_TAG[w])
        elif w in all_tags:
            tags.append(w)
        elif w.replace("_", "") in {k.replace("_", "") for v in venues for k in (v.kind,)}:
            kinds.add(next(v.kind for v in venues if v.kind.replace("_", "") == w))
        else:
            unknown.append(w)
    if unknown or not (kinds or tags):
        return [], "", tuple(unknown)
    out = []
    for v in venues:
        vtags = _venue_tags(tuple(v.tags))
        if kinds and v.kind not in kinds:
            continue
        if any(t not in vtags for t in tags):
            continue
        why = ([f"kind {v.kind}"] if kinds else []) + [f"tag {t}" for t in tags]
        out.append(VenueMatch(v, ", ".join(why)))
    return out, ("kind" if kinds else "tag"), ()


def match_must_do(
    phrase: str, venues: Iterable[Venue], gazetteer: Mapping[str, Any] | None = None
) -> MustDoMatch:
    """Match the must-do ``phrase`` to ``venues`` (see the module docstring for the rules).

    ``gazetteer`` (the ``dayplan.data.gazetteer()`` document) lets "at/in <suburb>" narrow the
    match to that suburb; without it places are not read. Never raises: an empty or
    unreadable phrase is ``none``.
    """
    pool = list(venues)
    text = _fold(phrase or "")
    head, suburb = _split_place(text, gazetteer)
    if suburb is None and gazetteer and _core(text):
        whole = resolve_place(_core(text), gazetteer)
        here = [v for v in pool if whole is not None and v.suburb == whole.name]
        names, _ = _name_level(_core(text), pool)
        if whole is not None and here and not names:  # "Fortitude Valley": any venue there
            head, suburb = "", whole.name
    if suburb is not None:
        pool = [v for v in pool if v.suburb == suburb]
    words = _words(head)
    core = _core(head)
    open_head = not [w for w in words if w not in FILLER and w not in OPEN_WORDS]
    if open_head:
        if suburb is None:
            return MustDoMatch(
                phrase, (), "none", "", None, tuple(w for w in words if w in OPEN_WORDS)
            )
        found = [VenueMatch(v, f"in {suburb}") for v in pool]
        return MustDoMatch(phrase, tuple(found), _verdict(found, True), "place", suburb)
    found, level = _name_level(core, pool)
    unknown: tuple[str, ...] = ()
    if not found:
        found, level, unknown = _kind_level(words, pool)
    if suburb is not None:
        found = [VenueMatch(m.venue, f"{m.why}, in {suburb}") for m in found]
    any_kind = bool(OPEN_WORDS & set(text.split())) and level == "tag"
    return MustDoMatch(
        phrase, tuple(found), _verdict(found, any_kind), level if found else "", suburb, unknown
    )


OUTDOORS = "outdoors"
"""The phrase that names every venue known to be outdoors (its ``indoor`` flag false, and not
among its ``unknown`` facts): the kind an outdoor limit reads as ("outdoors only", "nothing
indoors": ``dayplan.reading.prefs.OUTDOOR_ONLY``)."""


def means_venue(phrase: str, venue: Venue) -> bool:
    """Whether ``phrase`` names ``venue``, read against that venue's own fields alone: its name
    ("Lone Pine", "the wheel", "GOMA"), its kind ("museums", "film": a cinema, "swimming": a
    pool) or, for a word that is neither, its tags ("dinosaurs"); ``OUTDOORS`` names a venue
    known to be outdoors (an unknown indoor flag proves nothing, so it names none). A place
    alone ("New Farm") names no venue here. The rule an avoided or wished phrase is matched by
    (the checker's ``avoided``, the planner's wishes): code decides, never a model's say-so."""
    if phrase.strip().lower() == OUTDOORS:
        return not venue.indoor and "indoor" not in venue.unknown
    got = match_must_do(phrase, [venue])
    return got.verdict == "one" and got.level in ("name", "kind", "tag")
