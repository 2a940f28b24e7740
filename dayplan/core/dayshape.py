"""What makes a day a parent accepts, as plain rules over an itinerary (no I/O).

Used by the scheduler's objective (``dayplan.core.scheduler``) and, independently, by the eval
summary and the re-check of served plans. Times are wall-clock minutes after local midnight.

* **Meal break.** Lunch is 11:30–14:00 (``LUNCH``). A plan *spans lunch* when the party leaves
  home by 12:00 and is back at 13:00 or later (``LUNCH_CORE``). Such a plan needs a meal: a gap of
  at least 45 minutes inside lunch that is neither a visit nor travel (``MEAL_MINUTES``; taken
  where the last visit was, before the leg, or on arrival, before the next visit), a
  visit to a food venue (tag ``food``, or kind ``cafe``/``market``) that overlaps lunch by 30
  minutes (or by its whole length when shorter), or time at home that overlaps lunch by 30.
* **Variety.** At most one venue of each kind (two cinemas, two koala sanctuaries or three pools
  in one day is a plan a parent rejects), unless the request asks for more of that kind or both
  are must-dos. ``attraction`` is the catalogue's catch-all kind and is not a repeat.
* **Audience.** A venue for children (``Venue.audience == "children"``) is not a stop for a
  party without children; one for adults is not a stop for a party with children.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dayplan.core.clock import Interval, overlap_minutes

LUNCH: Interval = (11 * 60 + 30, 14 * 60)
LUNCH_CORE: Interval = (12 * 60, 13 * 60)
MEAL_MINUTES = 45
FOOD_OVERLAP = 30
FOOD_KINDS = frozenset({"cafe", "market"})
CATCH_ALL_KINDS = frozenset({"attraction"})


def is_food(kind: str, tags: Iterable[str]) -> bool:
    """Whether a venue counts as a meal: kind ``cafe``/``market`` or tagged ``food``."""
    return kind in FOOD_KINDS or "food" in set(tags)


def food_counts(visit: Interval) -> bool:
    """Whether a food-venue visit ``[start, end)`` overlaps lunch enough to be the meal."""
    need = min(FOOD_OVERLAP, visit[1] - visit[0])
    return need > 0 and overlap_minutes(visit, LUNCH) >= need


def spans_lunch(leave_home: int | None, home_by: int) -> bool:
    """Whether a party that leaves home at ``leave_home`` (``None``: never leaves) and is home
    at ``home_by`` is out over lunch."""
    return leave_home is not None and leave_home <= LUNCH_CORE[0] and home_by >= LUNCH_CORE[1]


def audience_fits(audience: str, children: int) -> bool:
    """Whether a venue for ``audience`` suits a party with ``children`` children."""
    if audience == "children":
        return children > 0
    if audience == "adults":
        return children == 0
    return True


@dataclass(frozen=True)
class Visit:
    """A visit as the day-shape rules see it: times, the leg into it (minutes), whether it is a
    food venue, its kind, and whether it is time at home (an at-home blocked window)."""

    start: int
    end: int
    travel_in: int = 0
    food: bool = False
    kind: str = ""
    at_home: bool = False


def has_meal_break(visits: Sequence[Visit], home_by: int, travel_home: int = 0) -> bool:
    """Whether an itinerary (visits in order, at-home windows included as ``at_home`` visits,
    ``travel_home`` the minutes of the last leg) has a meal when it spans lunch; ``True`` when
    it does not span lunch. The party leaves home for its first visit out ``travel_in`` minutes
    before it starts."""
    out = [v for v in visits if not v.at_home]
    if not out:
        return True
    if not spans_lunch(out[0].start - out[0].travel_in, home_by):
        return True
    for v in visits:
        if v.at_home and overlap_minutes((v.start, v.end), LUNCH) >= FOOD_OVERLAP:
            return True
        if v.food and food_counts((v.start, v.end)):
            return True
    pairs = list(zip(visits, visits[1:], strict=False))
    gaps = [(a.end, b.start - b.travel_in) for a, b in pairs]  # waiting before the leg
    gaps += [(a.end + b.travel_in, b.start) for a, b in pairs]  # or on arrival, before the visit
    gaps.append((visits[-1].end, home_by - travel_home))
    return any(overlap_minutes(g, LUNCH) >= MEAL_MINUTES for g in gaps)


def repeated_kinds(kinds: Sequence[str], allowed: Iterable[str] = ()) -> list[str]:
    """Kinds that occur more than once in ``kinds`` (catch-all kinds and ``allowed`` ones
    excepted), in first-seen order."""
    ok = set(allowed) | CATCH_ALL_KINDS
    seen: list[str] = []
    out: list[str] = []
    for k in kinds:
        if k in seen and k not in ok and k not in out:
            out.append(k)
        seen.append(k)
    return out


_KIND_WORDS = {
    "museum": "museum",
    "gallery": "gallery",
    "galleries": "gallery",
    "park": "park",
    "playground": "park",
    "pool": "pool",
    "cinema": "cinema",
    "movie": "cinema",
    "film": "cinema",
    "market": "market",
    "cafe": "cafe",
    "café": "cafe",
    "library": "library",
    "libraries": "library",
    "garden": "garden",
    "zoo": "wildlife",
    "sanctuary": "wildlife",
    "sanctuaries": "wildlife",
}
_MANY = r"(?:two|2|three|3|four|4|both|several|multiple|a couple of|a few|all the)"


def asked_repeats(texts: Iterable[str]) -> frozenset[str]:
    """Venue kinds the request asks to repeat: "two museums", "a few parks", "both pools",
    "a museum hop", "gallery crawl". Plain plurals ("museums") do not count."""
    import re

    out: set[str] = set()
    for text in texts:
        low = text.lower()
        for word, kind in _KIND_WORDS.items():
            stem = word[:-1] if word.endswith("y") and word not in ("gallery",) else word
            stem = word if word.endswith("ies") else stem
            if stem not in low:  # both patterns need it: skip compiling them for this word
                continue
            stem = re.escape(stem)
            if re.search(rf"\b{_MANY}\s+(?:\w+\s+)?{stem}\w*", low) or re.search(
                rf"\b{stem}\w*[\s-]+(?:hop|hopping|crawl)\b", low
            ):
                out.add(kind)
    return frozenset(out)
