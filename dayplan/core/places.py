"""Place names to coordinates, from a gazetteer document (see ``dayplan.data.gazetteer``)."""

from __future__ import annotations

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


def _norm(text: str) -> str:
    text = text.lower().strip()
    for suffix in (", qld", ", queensland", ", australia", " qld", " australia"):
        if text.endswith(suffix):
            text = text[: -len(suffix)].strip()
    return " ".join(text.replace(",", " ").split())


def resolve_place(name: str, gazetteer: Mapping[str, Any]) -> Place | None:
    """Resolve a city or suburb name (case-insensitive, aliases allowed) to a ``Place``.

    The city's own name resolves to its alias target (for Brisbane, ``Brisbane City``).
    Returns ``None`` when the gazetteer does not cover the name.
    """
    if not name or not name.strip():
        return None
    key = _norm(name)
    aliases = {k.lower(): v for k, v in gazetteer.get("aliases", {}).items()}
    target = aliases.get(key, key)
    city = gazetteer.get("city", "")
    tz = gazetteer.get("timezone", "UTC")
    for suburb in gazetteer.get("suburbs", []):
        if _norm(suburb["name"]) == _norm(target):
            return Place(suburb["name"], (float(suburb["lat"]), float(suburb["lon"])), city, tz)
    return None


def find_place_in_text(text: str, gazetteer: Mapping[str, Any]) -> Place | None:
    """The longest gazetteer suburb, alias or city name that appears as words in ``text``."""
    lowered = f" {_norm(text)} "
    names = [s["name"] for s in gazetteer.get("suburbs", [])]
    names += list(gazetteer.get("aliases", {}).keys())
    for candidate in sorted(names, key=len, reverse=True):
        if f" {candidate.lower()} " in lowered:
            return resolve_place(candidate, gazetteer)
    return None
