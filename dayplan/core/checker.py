"""The feasibility checker: does a proposed itinerary keep every constraint?

``check_plan`` is deterministic and total: it never raises on a bad plan, it returns every
constraint failure it finds, each with a stable code (see ``FAILURE_CODES``) and the numbers
that broke it. Times are minutes after local midnight on ``Constraints.day``; money is in
``Constraints.currency``; travel comes from a ``TravelModel`` whose place ids are venue ids
plus ``HOME``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date

from dayplan.core.catalog import Venue
from dayplan.core.clock import Interval, minutes_to_hhmm, overlap_minutes, overlaps
from dayplan.core.hours import OpeningHoursError, open_intervals
from dayplan.core.travel import TravelModel

HOME = "home"
"""Place id of the party's home (start and end of every itinerary) in travel models."""

FAILURE_CODES = (
    "outside_window",
    "overlaps_blocked",
    "closed",
    "outdoor_in_rain",
    "leg_over_cap",
    "over_budget",
    "home_after_deadline",
    "overlap",
    "below_min_duration",
    "window_too_short",
    "unknown_venue",
    "no_candidates",
)


@dataclass(frozen=True)
class BlockedWindow:
    """A time the party is busy (``start``/``end`` minutes), e.g. a nap."""

    start: int
    end: int
    label: str = "blocked"


@dataclass(frozen=True)
class Constraints:
    """Everything a plan is checked against.

    ``window`` = (leave-home-earliest, home-by) in minutes; ``rain`` = rain windows; ``budget``
    = party spending cap in ``currency`` (``None`` = no cap); ``max_leg_minutes`` caps every
    leg including the legs from and to home (``None`` = no cap); ``country`` selects the
    public-holiday calendar of opening hours.
    """

    day: date
    window: Interval = (9 * 60, 17 * 60)
    blocked: tuple[BlockedWindow, ...] = ()
    rain: tuple[Interval, ...] = ()
    mode: str = "car"
    max_leg_minutes: int | None = None
    budget: float | None = None
    currency: str = "AUD"
    adults: int = 1
    children: int = 0
    country: str = "AU"


@dataclass(frozen=True)
class ProposedStop:
    """A stop as proposed: a venue (``venue_id``) or a venue-less must-do ``activity``.

    ``start``/``end`` are minutes after midnight. ``min_minutes`` overrides the venue's minimum
    visit (for a must-do activity it is the activity's duration).
    """

    start: int
    end: int
    venue_id: str | None = None
    activity: str | None = None
    min_minutes: int | None = None

    @property
    def label(self) -> str:
        """The activity name, else the venue id."""
        return self.activity or self.venue_id or "stop"


@dataclass
class Failure:
    """One broken constraint: stable ``code``, a readable ``detail`` with the numbers, the stop's
    ``venue_id`` (or activity name) when it is about one stop, and the raw ``values``."""

    code: str
    detail: str
    venue_id: str | None = None
    values: dict[str, float | int | str] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class CheckedStop:
    """A stop with the facts the checker used: name, indoor flag and party cost copied from the
    venue record, and the travel minutes into it."""

    venue_id: str
    name: str
    start: int
    end: int
    indoor: bool
    cost: float
    travel_in: int
    activity: bool = False


@dataclass
class CheckResult:
    """The verdict. ``ok`` iff ``failures`` is empty. Totals include the leg home."""

    ok: bool
    failures: list[Failure]
    stops: list[CheckedStop]
    travel_home: int
    total_cost: float
    travel_minutes: int
    home_by: int
    currency: str

    @property
    def codes(self) -> list[str]:
        """Failure codes in the order found (duplicates kept)."""
        return [f.code for f in self.failures]


def _hm(minutes: int) -> str:
    return minutes_to_hhmm(minutes)


def _min_needed(stop: ProposedStop, venue: Venue | None) -> int:
    if stop.min_minutes is not None:
        return stop.min_minutes
    return venue.min_minutes if venue else 0


def _window_check(
    stops: Sequence[ProposedStop], venues: Mapping[str, Venue], c: Constraints
) -> Failure | None:
    """``window_too_short`` when the stops' minimum minutes exceed the free part of the window."""
    needs = [_min_needed(s, venues.get(s.venue_id or "")) for s in stops]
    blocked = sum(overlap_minutes((b.start, b.end), c.window) for b in c.blocked)
    available = max(0, c.window[1] - c.window[0] - blocked)
    total = sum(needs)
    if total <= available:
        return None
    if len(set(needs)) == 1:
        needed_text = f"{len(needs)} × {needs[0]} min"
    else:
        needed_text = " + ".join(f"{n} min" for n in needs)
    kind = "must-do activities" if all(s.activity for s in stops) else "stops"
    blocked_text = f" after {blocked} min blocked" if blocked else ""
    return Failure(
        "window_too_short",
        f"window {available} min{blocked_text} < {needed_text} of {kind} ({total} min needed)",
        values={"available_minutes": available, "needed_minutes": total},
    )


def check_plan(
    stops: Sequence[ProposedStop],
    constraints: Constraints,
    venues: Mapping[str, Venue],
    travel: TravelModel,
) -> CheckResult:
    """Check ``stops`` (in itinerary order) against ``constraints``.

    Venue facts (hours, prices, indoor, minimum visit) come only from ``venues``; travel from
    ``travel`` (venue ids and ``HOME``; a venue-less activity adds no travel). Finds:
    ``no_candidates`` (no stops), ``unknown_venue``, ``window_too_short``, ``below_min_duration``,
    ``outside_window``, ``overlaps_blocked``, ``closed``, ``outdoor_in_rain``, ``overlap``
    (stops overlap or a leg does not fit between them), ``leg_over_cap``, ``home_after_deadline``
    and ``over_budget``. Never raises for a bad plan.

    Unknown facts (``Venue.unknown``, from a web search that could not find them) prove nothing:
    unknown hours fail as ``closed`` ("hours unknown"); unknown indoor/outdoor counts as outdoor
    (``outdoor_in_rain`` when it overlaps rain); an unknown price fails ``over_budget`` when
    there is a budget and counts as 0 when there is none.
    """
    c = constraints
    failures: list[Failure] = []
    checked: list[CheckedStop] = []
    if not stops:
        failures.append(Failure("no_candidates", "no stops to check: nothing was found to visit"))
        return CheckResult(False, failures, [], 0, 0.0, 0, c.window[0], c.currency)

    for s in stops:
        if s.venue_id is not None and s.venue_id not in venues:
            failures.append(
                Failure(
                    "unknown_venue",
                    f"{s.venue_id!r} was not returned by any search, so its facts are unknown",
                    venue_id=s.venue_id,
                )
            )
    window_failure = _window_check(stops, venues, c)
    if window_failure:
        failures.append(window_failure)

    cap = c.max_leg_minutes
    place = HOME
    prev_end = c.window[0]
    prev_label = "home"
    travel_total = 0
    cost_total = 0.0
    for s in stops:
        venue = venues.get(s.venue_id) if s.venue_id else None
        who = s.venue_id or s.activity
        label = venue.name if venue else s.label
        visit = (s.start, s.end)
        if s.end <= s.start:
            failures.append(
                Failure(
                    "below_min_duration",
                    f"{label}: ends {_hm(s.end)} before it starts {_hm(s.start)}",
                    venue_id=who,
                    values={"start": _hm(s.start), "end": _hm(s.end)},
                )
            )
        need = _min_needed(s, venue)
        if s.end - s.start < need:
            failures.append(
                Failure(
                    "below_min_duration",
                    f"{label}: {s.end - s.start} min < minimum {need} min",
                    venue_id=who,
                    values={"minutes": s.end - s.start, "minimum_minutes": need},
                )
            )
        if s.start < c.window[0] or s.end > c.window[1]:
            failures.append(
                Failure(
                    "outside_window",
                    f"{label}: {_hm(s.start)}–{_hm(s.end)} is outside the window "
                    f"{_hm(c.window[0])}–{_hm(c.window[1])}",
                    venue_id=who,
                    values={"start": _hm(s.start), "end": _hm(s.end)},
                )
            )
        for b in c.blocked:
            if overlaps(visit, (b.start, b.end)):
                failures.append(
                    Failure(
                        "overlaps_blocked",
                        f"{label}: {_hm(s.start)}–{_hm(s.end)} overlaps {b.label} "
                        f"{_hm(b.start)}–{_hm(b.end)}",
                        venue_id=who,
                        values={"blocked": f"{_hm(b.start)}-{_hm(b.end)}", "label": b.label},
                    )
                )
        if venue is not None:
            if "opening_hours" in venue.unknown:
                failures.append(
                    Failure(
                        "closed",
                        f"{venue.name}: hours unknown, so {_hm(s.start)}–{_hm(s.end)} on "
                        f"{c.day.isoformat()} cannot be shown to be open",
                        venue_id=venue.id,
                        values={"opening_hours": "unknown"},
                    )
                )
            else:
                try:
                    opens = open_intervals(venue.opening_hours, c.day, c.country)
                except OpeningHoursError:
                    opens = ()
                if not any(a <= s.start and s.end <= b for a, b in opens):
                    hours = ", ".join(f"{_hm(a)}–{_hm(b)}" for a, b in opens) or "closed all day"
                    failures.append(
                        Failure(
                            "closed",
                            f"{venue.name}: {_hm(s.start)}–{_hm(s.end)} is not within its hours on "
                            f"{c.day.isoformat()} ({hours})",
                            venue_id=venue.id,
                            values={"opening_hours": hours},
                        )
                    )
            if not venue.indoor:
                outdoors = (
                    "treated as outdoors (indoor or outdoor unknown)"
                    if "indoor" in venue.unknown
                    else "outdoors"
                )
                for r in c.rain:
                    if overlaps(visit, r):
                        failures.append(
                            Failure(
                                "outdoor_in_rain",
                                f"{venue.name} is {outdoors} and {_hm(s.start)}–{_hm(s.end)} "
                                f"overlaps rain {_hm(r[0])}–{_hm(r[1])}",
                                venue_id=venue.id,
                                values={"rain": f"{_hm(r[0])}-{_hm(r[1])}"},
                            )
                        )
                        break
            cost = venue.party_cost(c.adults, c.children)
        else:
            cost = 0.0
        leg = 0
        if venue is not None:
            try:
                leg = travel.minutes(place, venue.id)
            except KeyError:
                leg = 0
            if cap is not None and leg > cap:
                failures.append(
                    Failure(
                        "leg_over_cap",
                        f"{prev_label} → {venue.name}: {leg} min by {c.mode} > cap {cap} min",
                        venue_id=venue.id,
                        values={"minutes": leg, "cap_minutes": cap},
                    )
                )
        arrival = prev_end + leg
        if s.start < arrival:
            if place == HOME and not checked:
                if leg and s.start >= c.window[0]:
                    failures.append(
                        Failure(
                            "outside_window",
                            f"{label}: starting {_hm(s.start)} means leaving home at "
                            f"{_hm(s.start - leg)}, before the window opens at {_hm(c.window[0])}",
                            venue_id=who,
                            values={"leave_home": _hm(s.start - leg)},
                        )
                    )
            elif s.start < prev_end:
                failures.append(
                    Failure(
                        "overlap",
                        f"{label} starts {_hm(s.start)} before {prev_label} ends {_hm(prev_end)}",
                        venue_id=who,
                        values={"start": _hm(s.start), "previous_end": _hm(prev_end)},
                    )
                )
            else:
                failures.append(
                    Failure(
                        "overlap",
                        f"{label} starts {_hm(s.start)} but the {leg}-min leg from "
                        f"{prev_label} arrives {_hm(arrival)}",
                        venue_id=who,
                        values={"arrival": _hm(arrival), "leg_minutes": leg},
                    )
                )
        travel_total += leg
        cost_total += cost
        checked.append(
            CheckedStop(
                venue_id=venue.id if venue else (s.venue_id or f"activity:{s.activity}"),
                name=venue.name if venue else (s.activity or s.venue_id or "activity"),
                start=s.start,
                end=s.end,
                indoor=venue.indoor if venue else True,
                cost=cost,
                travel_in=leg,
                activity=venue is None,
            )
        )
        if venue is not None:
            place = venue.id
            prev_label = venue.name
        else:
            prev_label = label
        prev_end = max(prev_end, s.end)

    home_leg = 0
    if place != HOME:
        try:
            home_leg = travel.minutes(place, HOME)
        except KeyError:
            home_leg = 0
        if cap is not None and home_leg > cap:
            failures.append(
                Failure(
                    "leg_over_cap",
                    f"{prev_label} → home: {home_leg} min by {c.mode} > cap {cap} min",
                    venue_id=place,
                    values={"minutes": home_leg, "cap_minutes": cap},
                )
            )
    travel_total += home_leg
    home_by = prev_end + home_leg
    if home_by > c.window[1]:
        failures.append(
            Failure(
                "home_after_deadline",
                f"home at {_hm(home_by)}, deadline {_hm(c.window[1])}",
                values={"home_at": _hm(home_by), "deadline": _hm(c.window[1])},
            )
        )
    cost_total = round(cost_total, 2)
    unpriced = [
        venues[s.venue_id].name
        for s in stops
        if s.venue_id in venues and "price" in venues[s.venue_id].unknown
    ]
    if c.budget is not None and unpriced:
        failures.append(
            Failure(
                "over_budget",
                f"price unknown for {', '.join(unpriced)}, so the plan cannot be shown to stay "
                f"within the budget of {c.currency} {c.budget:g}",
                values={"price": "unknown", "budget": c.budget},
            )
        )
    if c.budget is not None and cost_total > c.budget + 1e-9:
        failures.append(
            Failure(
                "over_budget",
                f"cost {c.currency} {cost_total:g} for {c.adults} adult(s) and {c.children} "
                f"child(ren) > budget {c.currency} {c.budget:g}",
                values={"cost": cost_total, "budget": c.budget},
            )
        )
    return CheckResult(
        ok=not failures,
        failures=failures,
        stops=checked,
        travel_home=home_leg,
        total_cost=cost_total,
        travel_minutes=travel_total,
        home_by=home_by,
        currency=c.currency,
    )
