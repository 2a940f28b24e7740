"""Waits in a checked itinerary, each with the reason code found for it (no I/O).

A *wait* is idle time between two stops away from home: the gap between one stop's end and
the next stop's start, less the leg between them. A parent reads an unexplained wait as a
mistake, so every wait longer than ``STATE_WAIT_MINUTES`` is stated with what causes it. The
reasons are facts the checker itself uses, looked up again here, never guessed:

* ``opens``: the next venue opens after the party could arrive (its opening hours that day);
* ``rain``: the next venue is outdoors and a rain window lasts past the earliest arrival;
* ``blocked``: a pause (a nap in the pram, lunch) lies in the gap and is waited through
  where the party is (no visit and no leg runs through it);
* ``meal``: the day spans lunch, nothing else in it is the meal, and the gap holds the
  ``MEAL_MINUTES`` of lunch (``dayplan.core.dayshape``) — lunch starts no earlier than 11:30;
* ``meal_venue``: the next venue is a food venue and starts at the earliest time that makes
  it the day's meal (its visit at minimum length overlaps lunch by ``FOOD_OVERLAP`` minutes);
* none of these: the wait is stated as required by no constraint.

Time at home (before the first stop, around an at-home window, or around an appointment away,
which is counted at home: ``CheckedStop.after``) is not a wait. Times are
wall-clock minutes after local midnight; the gap is counted in elapsed minutes (``LocalDay``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dayplan.core.catalog import Venue
from dayplan.core.checker import CheckResult, Constraints, depart_after, hours_of
from dayplan.core.clock import LocalDay, clock_text, overlap_minutes, overlaps
from dayplan.core.dayshape import (
    FOOD_OVERLAP,
    LUNCH,
    MEAL_MINUTES,
    food_counts,
    is_food,
    spans_lunch,
)

STATE_WAIT_MINUTES = 20
"""A wait longer than this is stated in the report with its reasons."""


@dataclass(frozen=True)
class Wait:
    """Idle time before stop ``index`` (0-based in ``CheckResult.stops``): from ``after`` (the
    previous stop's name) ending at ``start`` to ``before`` (this stop's name) starting at
    ``end``, minus the ``leg`` minutes between them: ``minutes`` idle. ``reasons`` are
    ``(code, text)`` pairs, codes as in the module docstring (empty: no constraint requires it).
    """

    index: int
    after: str
    before: str
    start: int
    end: int
    leg: int
    minutes: int
    reasons: tuple[tuple[str, str], ...]

    @property
    def is_meal_break(self) -> bool:
        """The wait is the day's meal break and little more (at most ``STATE_WAIT_MINUTES``
        beyond ``MEAL_MINUTES``), with no other reason."""
        return [code for code, _ in self.reasons] == ["meal"] and (
            self.minutes <= MEAL_MINUTES + STATE_WAIT_MINUTES
        )

    def text(self) -> str:
        """One readable line, e.g. "Wait 75 min between Daisy Hill Koala Centre (ends 11:00)
        and Queensland Museum Kurilpa (starts 13:11, a 56-min leg): the day's meal break …"."""
        between = (
            f"between {self.after} (ends {clock_text(self.start)}) and {self.before} (starts "
            f"{clock_text(self.end)}, a {self.leg}-min leg)"
        )
        if self.is_meal_break:
            return (
                f"Meal break: {self.minutes} min free {between}, inside lunch "
                f"{clock_text(LUNCH[0])}–{clock_text(LUNCH[1])}"
            )
        head = f"Wait {self.minutes} min {between}"
        if not self.reasons:
            return head + ": no opening time, rain, blocked window or meal break requires it"
        return head + ": " + "; ".join(text for _, text in self.reasons)


def _has_other_meal(result: CheckResult, venues: Mapping[str, Venue]) -> bool:
    for s in result.stops:
        v = venues.get(s.venue_id)
        if v is not None and is_food(v.kind, v.tags) and food_counts((s.start, s.end)):
            return True
    return any(overlap_minutes((b.start, b.end), LUNCH) >= 30 for b in result.home_breaks)


def waits(
    result: CheckResult,
    c: Constraints,
    venues: Mapping[str, Venue],
    *,
    longer_than: int = STATE_WAIT_MINUTES,
) -> list[Wait]:
    """The waits longer than ``longer_than`` minutes in ``result`` (a check of an itinerary
    against ``c``; venue facts from ``venues``), in itinerary order, each with its reasons."""
    day = LocalDay(c.day, c.timezone)
    busy = sorted((b.start, b.end) for b in c.blocked)
    stops = result.stops
    leave = day.add(stops[0].start, -stops[0].travel_in) if stops else None
    meal_free = not _has_other_meal(result, venues) and spans_lunch(leave, result.home_by)
    out: list[Wait] = []
    for i in range(1, len(stops)):
        prev, s = stops[i - 1], stops[i]
        if any(prev.end <= b.start and b.end <= s.start for b in result.home_breaks):
            continue  # the party went home in between: time at home is no wait
        if getattr(s, "after", None):
            continue  # an appointment in between, counted at home: its leg leaves home after it
        idle = day.elapsed(prev.end, s.start) - s.travel_in
        if idle <= longer_than:
            continue
        arrival = day.add(depart_after(prev.end, s.travel_in, busy, day), s.travel_in)
        reasons: list[tuple[str, str]] = []
        venue = venues.get(s.venue_id)
        if venue is not None:
            verdict = hours_of(venue, c)
            for a, b in verdict.intervals:
                if a <= s.start and s.end <= b and a > arrival:
                    reasons.append(("opens", f"{venue.name} opens at {clock_text(a)}"))
            if not venue.indoor:
                for r in c.rain:
                    if overlaps((arrival, s.start), r) and r[1] <= s.start:
                        reasons.append(
                            (
                                "rain",
                                f"{venue.name} is outdoors and rain is expected until "
                                f"{clock_text(r[1])}",
                            )
                        )
        for b in c.blocked:
            if overlaps((prev.end, s.start), (b.start, b.end)):
                reasons.append(
                    (
                        "blocked",
                        f"{b.label} {clock_text(b.start)}–{clock_text(b.end)} is blocked "
                        "(no visit and no leg during it)",
                    )
                )
        if venue is not None and is_food(venue.kind, venue.tags):
            need = max(1, venue.min_minutes)
            at = LUNCH[0] + min(FOOD_OVERLAP, need) - need
            if s.start == at and at > arrival and food_counts((s.start, day.add(s.start, need))):
                reasons.append(
                    (
                        "meal_venue",
                        f"{venue.name} is the day's meal, so it starts at {clock_text(at)} "
                        f"to overlap lunch {clock_text(LUNCH[0])}–{clock_text(LUNCH[1])} by "
                        f"{min(FOOD_OVERLAP, need)} min",
                    )
                )
        before = (prev.end, day.add(s.start, -s.travel_in))  # waiting before the leg
        after = (day.add(prev.end, s.travel_in), s.start)  # or on arrival
        if meal_free and max(overlap_minutes(g, LUNCH) for g in (before, after)) >= MEAL_MINUTES:
            late = " (lunch starts no earlier than " + clock_text(LUNCH[0]) + ")"
            reasons.append(
                (
                    "meal",
                    f"it holds the day's meal break, {MEAL_MINUTES} min inside lunch "
                    f"{clock_text(LUNCH[0])}–{clock_text(LUNCH[1])}"
                    + (late if prev.end < LUNCH[0] else ""),
                )
            )
        out.append(Wait(i, prev.name, s.name, prev.end, s.start, s.travel_in, idle, tuple(reasons)))
    return out
