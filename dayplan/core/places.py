"""Place names to coordinates, from a gazetteer document (see ``dayplan.data.gazetteer``).

Names are matched after normalisation (``normalise_place``): case, punctuation ("Chermside:",
"New Farm.", "St. Lucia"), a trailing state, country, postcode or the gazetteer's own city
("Paddington, Brisbane", "Chermside QLD 4032") and words such as "suburb of" do not matter;
aliases and four-digit postcodes from the gazetteer resolve too. A name that still matches
nothing resolves to ``None``: callers must say so (or ask), never place it anywhere silently.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dayplan.core.travel import Point


@dataclass(frozen=True)
class Place:
    """A resolved place: canonical ``name``, (lat, lon) ``point``, the ``city`` and its IANA ``timezone``."""

    name: str
    point: Point
    city: str
    timezone: str


_REGION_WORDS = ("qld", "queensland", "australia", "aus", "au")
_LEADING = re.compile(r"^(?:the suburb of|suburb of|near|around|in|at|from)\s+")


def normalise_place(text: str, city: str = "") -> str:
    """A place name reduced for matching: lower case, accents folded, punctuation to spaces
    (an apostrophe or a full stop inside a word is dropped: "St. Lucia" -> "st lucia"), a
    trailing state/country/postcode and the gazetteer ``city`` removed unless nothing else is
    left ("Brisbane" stays "brisbane"). Returns ``""`` for text with no letters or digits."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"(?<=\w)['’.](?=\w)", "", text)
    text = re.sub(r"[^a-z0-9-]+", " ", text).replace(" - ", " ")
    words = text.split()
    city_words = city.lower().split()
    changed = True
    while changed and len(words) > 1:
        changed = False
        if words[-1] in _REGION_WORDS or re.fullmatch(r"\d{4}", words[-1]):
            words.pop()
            changed = True
        elif (
            city_words and len(words) > len(city_words) and words[-len(city_words) :] == city_words
        ):
            del words[-len(city_words) :]
            changed = True
    return _LEADING.sub("", " ".join(words)).strip()


_INDEXES: dict[int, tuple[Mapping[str, Any], dict[str, dict]]] = {}


def _index(gazetteer: Mapping[str, Any]) -> dict[str, dict]:
    """Normalised name, alias and postcode -> suburb record (memoised per gazetteer object)."""
    cached = _INDEXES.get(id(gazetteer))
    if cached is not None and cached[0] is gazetteer:
        return cached[1]
    index = _build_index(gazetteer)
    if len(_INDEXES) > 16:
        _INDEXES.clear()
    _INDEXES[id(gazetteer)] = (gazetteer, index)
    return index


_SHORT_WORDS = {"south": "sth", "north": "nth", "point": "pt", "mount": "mt", "heights": "hts"}
"""Words of place names and their usual short forms ("Sth Brisbane", "Kangaroo Pt")."""


def spellings(name: str) -> list[str]:
    """Other usual spellings of a place ``name`` (lower case): its words run together ("West
    End" -> "westend", "New Farm" -> "newfarm") and its words shortened as addresses write them
    ("South Brisbane" -> "sth brisbane", "Kangaroo Point" -> "kangaroo pt")."""
    words = name.lower().split()
    out = []
    if len(words) > 1:
        out.append("".join(words))
    short = [_SHORT_WORDS.get(w, w) for w in words]
    if short != words:
        out.append(" ".join(short))
    return out


def place_names(gazetteer: Mapping[str, Any]) -> dict[str, str]:
    """Every name the gazetteer answers to, lower case, with the suburb (or alias target) it
    names: suburbs, aliases and their usual spellings (``spellings``)."""
    out: dict[str, str] = {}
    for suburb in gazetteer.get("suburbs", []):
        out.setdefault(suburb["name"].lower(), suburb["name"])
    for alias, target in gazetteer.get("aliases", {}).items():
        out.setdefault(alias.lower(), target)
    for name, target in list(out.items()):
        for other in spellings(name):
            out.setdefault(other, target)
    return out


def _build_index(gazetteer: Mapping[str, Any]) -> dict[str, dict]:
    city = gazetteer.get("city", "")
    index: dict[str, dict] = {}
    for suburb in gazetteer.get("suburbs", []):
        index.setdefault(normalise_place(suburb["name"], city), suburb)
    for alias, target in place_names(gazetteer).items():
        found = index.get(normalise_place(target, city))
        if found is not None:
            index.setdefault(normalise_place(alias, city), found)
    for suburb in gazetteer.get("suburbs", []):
        if suburb.get("postcode"):
            index.setdefault(str(suburb["postcode"]), suburb)
    return index


_SPELLED: dict[int, tuple[Mapping[str, Any], frozenset[str], dict[str, Place | None]]] = {}


def _spelled(gazetteer: Mapping[str, Any]) -> tuple[frozenset[str], dict[str, Place | None]]:
    """The gazetteer's own spellings (suburb names, alias keys, the city, exactly as written)
    and the places resolved for those of them asked so far (memoised per gazetteer object, like
    ``_index``: they are facts of the data, so they are kept for the process)."""
    cached = _SPELLED.get(id(gazetteer))
    if cached is not None and cached[0] is gazetteer:
        return cached[1], cached[2]
    names = {str(s["name"]) for s in gazetteer.get("suburbs", []) if s.get("name")}
    names.update(str(a) for a in gazetteer.get("aliases", {}))
    if gazetteer.get("city"):
        names.add(str(gazetteer["city"]))
    if len(_SPELLED) > 16:
        _SPELLED.clear()
    entry = (gazetteer, frozenset(names), {})
    _SPELLED[id(gazetteer)] = entry
    return entry[1], entry[2]


def resolve_place(name: str, gazetteer: Mapping[str, Any]) -> Place | None:
    """Resolve a city or suburb name (case and punctuation-insensitive, aliases and postcodes
    allowed) to a ``Place``.

    The city's own name resolves to its alias target (for Brisbane, ``Brisbane City``); a bare
    postcode ("4101") resolves to the first suburb with it. Returns ``None`` when the gazetteer
    does not cover the name. A name spelled exactly as the gazetteer spells it ("Brisbane",
    "New Farm") is resolved once per process (``Place`` is frozen); any other is resolved anew.
    """
    if not name or not name.strip():
        return None
    if type(name) is str:
        spelled, kept = _spelled(gazetteer)
        if name in spelled:
            if name not in kept:
                kept[name] = _resolve_place(name, gazetteer)
            return kept[name]
    return _resolve_place(name, gazetteer)


def _resolve_place(name: str, gazetteer: Mapping[str, Any]) -> Place | None:
    city = gazetteer.get("city", "")
    index = _index(gazetteer)
    key = normalise_place(name, city)
    suburb = index.get(key)
    if suburb is None:
        postcode = re.search(r"\b(\d{4})\b", name)
        letters = re.sub(r"\b\d{4}\b", " ", name)
        if postcode and not normalise_place(letters, city):
            suburb = index.get(postcode.group(1))
    if suburb is None:
        return None
    tz = gazetteer.get("timezone", "UTC")
    return Place(suburb["name"], (float(suburb["lat"]), float(suburb["lon"])), city, tz)


def _text_key(text: str) -> str:
    """``text`` folded as ``find_place_in_text`` compares it: lower case, an apostrophe or full
    stop inside a word dropped, other punctuation to single spaces."""
    return " ".join(re.sub(r"[^a-z0-9-]+", " ", _INNER.sub("", text.lower())).split())


_INNER = re.compile(r"(?<=\w)['’.](?=\w)")
_CANDIDATES: dict[int, tuple[Mapping[str, Any], list[tuple[str, str]]]] = {}


def _candidates(gazetteer: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(name, folded key) for every suburb, alias and the city, longest name first (memoised
    per gazetteer object, like ``_index``; the gazetteer is read-only data)."""
    cached = _CANDIDATES.get(id(gazetteer))
    if cached is not None and cached[0] is gazetteer:
        return cached[1]
    city = gazetteer.get("city", "")
    names = [s["name"] for s in gazetteer.get("suburbs", [])]
    names += list(place_names(gazetteer))
    if city:
        names.append(city)
    out = [(n, _text_key(n)) for n in sorted(names, key=len, reverse=True)]
    if len(_CANDIDATES) > 16:
        _CANDIDATES.clear()
    _CANDIDATES[id(gazetteer)] = (gazetteer, out)
    return out


def find_place_in_text(text: str, gazetteer: Mapping[str, Any]) -> Place | None:
    """The longest gazetteer suburb, alias or city name that appears as words in ``text``
    (compared after ``normalise_place``'s punctuation folding, so "Chermside:" counts)."""
    lowered = f" {_text_key(text)} "
    for candidate, key in _candidates(gazetteer):
        if key and f" {key} " in lowered:
            return resolve_place(candidate, gazetteer)
    return None


def suggest_place(name: str, gazetteer: Mapping[str, Any]) -> str | None:
    """The gazetteer suburb an unknown place ``name`` most likely means, to ask about ("did you
    mean Paddington?"), else ``None``: an area the gazetteer lists with its suburbs ("Logan":
    Daisy Hill, ``areas``), else the one name spelled nearly alike ("Padington", "Brisbnae":
    ``difflib`` ratio at least 0.85, names of 4 letters or more). Never a resolution: callers ask."""
    key = normalise_place(name, gazetteer.get("city", ""))
    if len(key.replace(" ", "")) < 4 or resolve_place(name, gazetteer) is not None:
        return None
    areas = {k.lower(): v for k, v in gazetteer.get("areas", {}).items()}
    if key in areas:
        return str(areas[key])
    import difflib  # only for a name the gazetteer does not know (a plan start never loads it)

    names = place_names(gazetteer)
    city = gazetteer.get("city", "")
    if city:
        names.setdefault(city.lower(), city)
    close = difflib.get_close_matches(key, list(names), n=2, cutoff=0.85)
    targets = {names[c] for c in close}
    if len(targets) != 1:
        return None  # none, or two places alike: nothing to suggest
    return city if close[0] == city.lower() else targets.pop()  # "Brisbnae": Brisbane
