"""Venues and the offline catalog search, as pure functions over a list of ``Venue``.

Loading the snapshot from disk lives in ``dayplan.data``; this module only ranks and filters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dayplan.core.travel import Point, haversine_km


@dataclass(frozen=True)
class Venue:
    """A place that can be a stop.

    Prices are per person in ``currency`` (0 = free); minutes are visit lengths;
    ``opening_hours`` is OpenStreetMap syntax in the venue's local time; ``as_of`` dates the
    facts; ``source_kind`` says where they came from (``offline_snapshot`` or ``web``).
    """

    id: str
    name: str
    kind: str
    suburb: str
    lat: float
    lon: float
    opening_hours: str
    price_adult: float
    price_child: float
    indoor: bool
    typical_minutes: int
    min_minutes: int
    tags: tuple[str, ...] = ()
    url: str = ""
    as_of: str = ""
    description: str = ""
    currency: str = "AUD"
    source_kind: str = "offline_snapshot"
    unknown: tuple[str, ...] = ()
    """Facts a web search could not find (``opening_hours``, ``price``, ``indoor``): the checker
    cannot prove anything from them (see ``dayplan.core.checker``)."""
    country: str | None = None
    """ISO 3166 country of the venue (its public-holiday calendar); ``None`` = the plan's."""
    subdivision: str | None = None
    """State/province code for the holiday calendar (``QLD``); ``None`` = the plan's."""
    timezone: str | None = None
    """IANA timezone of the venue's hours; ``None`` = the plan's."""
    audience: str = "all"
    """Who the venue is for: ``all``, ``children`` (designed for children; not a stop for a party
    without them) or ``adults`` (not for a party with children). See ``audience_note``."""
    audience_note: str = ""
    """What the venue says about its audience, with its source (e.g. ages 6–13)."""

    @property
    def point(self) -> Point:
        """(lat, lon) in degrees."""
        return (self.lat, self.lon)

    def party_cost(self, adults: int, children: int) -> float:
        """Entry cost for the party in ``currency``: adults × adult price + children × child price."""
        return round(adults * self.price_adult + children * self.price_child, 2)


def venue_from_dict(raw: Mapping[str, Any], currency: str = "AUD") -> Venue:
    """Build a ``Venue`` from a snapshot record (``price: {adult, child}``); ``KeyError`` if a
    field is missing. ``country``/``subdivision``/``timezone``/``audience`` are optional."""
    price = raw.get("price", {})
    return Venue(
        id=str(raw["id"]),
        name=str(raw["name"]),
        kind=str(raw.get("kind", "attraction")),
        suburb=str(raw.get("suburb", "")),
        lat=float(raw["lat"]),
        lon=float(raw["lon"]),
        opening_hours=str(raw["opening_hours"]),
        price_adult=float(price.get("adult", 0)),
        price_child=float(price.get("child", price.get("adult", 0))),
        indoor=bool(raw["indoor"]),
        typical_minutes=int(raw["typical_minutes"]),
        min_minutes=int(raw["min_minutes"]),
        tags=tuple(str(t).lower() for t in raw.get("tags", ())),
        url=str(raw.get("url", "")),
        as_of=str(raw.get("as_of", "")),
        description=str(raw.get("description", "")),
        currency=currency,
        source_kind=str(raw.get("source_kind", "offline_snapshot")),
        unknown=tuple(str(u) for u in raw.get("unknown", ())),
        country=raw.get("country") or None,
        subdivision=raw.get("subdivision") or None,
        timezone=raw.get("timezone") or None,
        audience=str(raw.get("audience") or "all"),
        audience_note=str(raw.get("audience_note") or ""),
    )


_WORD = re.compile(r"[a-z]+")
_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "the",
        "for",
        "of",
        "in",
        "on",
        "at",
        "to",
        "with",
        "things",
        "thing",
        "do",
        "day",
        "stuff",
        "fun",
        "places",
        "place",
        "near",
    ]
)
_SYNONYMS = {
    "museums": "museum",
    "galleries": "gallery",
    "libraries": "library",
    "art": "art",
    "kid": "kids",
    "children": "kids",
    "child": "kids",
    "family": "kids",
    "families": "kids",
    "toddler": "kids",
    "toddlers": "kids",
    "playground": "play",
    "swim": "swimming",
    "pool": "swimming",
    "pools": "swimming",
    "animal": "animals",
    "koala": "animals",
    "koalas": "animals",
    "zoo": "animals",
    "movie": "film",
    "movies": "film",
    "cinema": "film",
    "books": "library",
    "garden": "garden",
    "gardens": "garden",
    "parks": "park",
    "markets": "market",
    "coffee": "cafe",
    "cafes": "cafe",
    "café": "cafe",
}


def query_terms(query: str) -> list[str]:
    """Lower-case content words of ``query`` with plural/synonym folding (``"Museums"`` -> ``["museum"]``)."""
    terms = []
    for word in _WORD.findall(query.lower()):
        if word in _STOP_WORDS:
            continue
        word = _SYNONYMS.get(word, word)
        if word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        if word not in terms:
            terms.append(word)
    return terms


def _singular(term: str) -> str:
    """``term`` without a plural ``s`` (words longer than three letters): "parks" -> "park"."""
    return term[:-1] if term.endswith("s") and len(term) > 3 else term


@dataclass(frozen=True)
class SearchHit:
    """A ranked search result: the venue, its score and distance from the search centre (km)."""

    venue: Venue
    score: float
    distance_km: float | None = None
    matched: tuple[str, ...] = field(default_factory=tuple)


def search_venues(
    venues: Iterable[Venue],
    query: str,
    *,
    indoor_only: bool = False,
    near: Point | None = None,
    radius_km: float | None = None,
    limit: int = 8,
) -> list[SearchHit]:
    """Rank ``venues`` for ``query``.

    Score = 3 per query term matching a tag or kind + 1 per term in the name or description,
    minus 0.1 per km from ``near``; ties break by venue id so results are deterministic. A query
    with no content words matches everything. ``indoor_only`` drops outdoor venues; ``radius_km``
    drops venues farther than that from ``near``. Returns at most ``limit`` hits, best first.
    """
    terms = [(term, _singular(term)) for term in query_terms(query)]
    hits: list[SearchHit] = []
    for venue in venues:
        if indoor_only and not venue.indoor:
            continue
        distance = haversine_km(near, venue.point) if near is not None else None
        if radius_km is not None and distance is not None and distance > radius_km:
            continue
        score = 0.0
        matched: list[str] = []
        text = None  # name and description, lowercased when a term first needs them
        for term, singular in terms:
            if (
                term in venue.tags
                or term == venue.kind
                or singular in venue.tags
                or singular == venue.kind
            ):
                score += 3
                matched.append(term)
                continue
            if text is None:
                text = f"{venue.name} {venue.description}".lower()
            if term in text:
                score += 1
                matched.append(term)
        if terms and not matched:
            continue
        if distance is not None:
            score -= 0.1 * distance
        hits.append(SearchHit(venue, round(score, 3), distance, tuple(matched)))
    hits.sort(key=lambda h: (-h.score, h.venue.id))
    return hits[: max(0, limit)]


def by_id(venues: Sequence[Venue]) -> dict[str, Venue]:
    """Index venues by id."""
    return {v.id: v for v in venues}


GENERIC_TERMS = frozenset({"kids", "free", "indoor", "outdoor", "family", "activities"})
"""Words too broad to name a kind of venue on their own (most venues carry them as tags)."""


def matches_preference(venue: Venue, preference: str) -> bool:
    """Whether ``venue`` is of the kind ``preference`` names ("museums", "indoor play",
    "koalas"): one of its content words (plural/synonym folded by ``query_terms``) is the
    venue's kind (or a part of it: ``play_centre``), one of its tags, or the start of a word
    of its name ("Playland"; web results carry no tags). Broad words (``GENERIC_TERMS``) count
    only when the preference has no other; descriptions never count."""
    terms = query_terms(preference)
    specific = [t for t in terms if t not in GENERIC_TERMS] or terms
    labels = {venue.kind, *venue.kind.split("_"), *venue.tags}
    words = _WORD.findall(venue.name.lower())
    for term in specific:
        singular = _singular(term)
        if {term, singular} & labels or any(w.startswith(singular) for w in words):
            return True
    return False


ANY_KIND_WORDS = frozenset(
    {
        "kids",
        "activity",
        "activities",
        "adult",
        "adults",
        "couple",
        "couples",
        "idea",
        "ideas",
        "outing",
        "outings",
        "nearby",
        "local",
        "weekend",
        "saturday",
        "sunday",
        "today",
        "visit",
        "see",
        "go",
        "what",
        "this",
        "us",
        "our",
        "me",
        "around",
        "some",
        "something",
        "anything",
        "everything",
        "good",
        "best",
        "popular",
        "top",
        "brisbane",
        "qld",
        "queensland",
    }
)
"""Content words (after ``query_terms``) that name no kind of venue: the party ("kids",
"adults"), "anything" ("activities", "ideas", "outing"), the day, and the region. A filter word
("indoor", "outdoor", "free", "cheap") is not among them: it narrows what is found."""


def names_no_kind(query: str, place_words: Iterable[str] = ()) -> bool:
    """Whether the search query ``query`` names no kind of venue, so it is not narrowed to one:
    every content word (``query_terms``: "things to do" has none) is in ``ANY_KIND_WORDS`` or
    is a word of ``place_words`` (the run's home, location and search location, any case).
    ``"things to do"``, ``"family activities kids"``, ``"things to do in Sandgate"`` (with
    Sandgate a place word) name no kind; ``"parks"``, ``"indoor activities"``, ``"free
    things"`` do. Pure; never raises."""
    places = {w for p in place_words for w in _WORD.findall(str(p).lower())}
    return all(t in ANY_KIND_WORDS or t in places for t in query_terms(str(query or "")))
