"""The stand-in's private view of what the request's free text says, for the offline model.

The text itself is read and verified by ``dayplan.reading`` through the ``record_reading`` tool;
this module only holds the shape the stand-in's rules plan with. It stays private to the stand-in
(an import-linter contract keeps service, guardrails and evals from importing it).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TextHints:
    """What the frozen reading lets the stand-in plan with (``offline_model.read_hints`` fills it
    from ``record_reading``'s accepted items; structured request fields win). Times are local
    ``HH:MM``; money is an amount in ``currency``."""

    location: str | None = None
    location_covered: bool = False
    date: str | None = None
    budget: float | None = None
    currency: str | None = None
    adults: int | None = None
    children: int | None = None
    mode: str | None = None
    max_leg_minutes: int | None = None
    window_start: str | None = None
    window_end: str | None = None
    rain_all_day: bool = False
    rain_ok: bool = False
    """The text says rain does not matter ("don't care about rain"): no rain is planned around."""
    rain: list[dict] = field(default_factory=list)
    blocked: list[dict] = field(default_factory=list)
    preferences: list[str] = field(default_factory=list)
    must_visit: list[str] = field(default_factory=list)
    wishes: list[str] = field(default_factory=list)
    """Venues the text names without insisting ("maybe SparkLab"): searched, and arranged with
    a high weight (``offline_model.WISH_WEIGHT``), never as must-dos. Which results they and
    the avoids name is code's mark on each search result (``tools.wishes.mark_results``)."""
    only: list[str] = field(default_factory=list)
    """Kinds the text limits the day to ("galleries only", "just parks and playgrounds"): the
    searches ask for them; every other result is marked ``avoided`` by code and never picked."""
    indoor_only: bool = False
    """The text asks for indoor venues only ("indoors only"): every search is indoor-only."""
