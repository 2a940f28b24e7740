"""The feasibility checker: does a proposed itinerary keep every constraint?

``check_plan`` is deterministic and total: it never raises on a bad plan, it returns every
constraint failure it finds, each with a stable code (see ``FAILURE_CODES``) and the numbers
that broke it. Times are minutes after local midnight on ``Constraints.day``; money is in
``Constraints.currency``; travel comes from a ``TravelModel`` whose place ids are venue ids
plus ``HOME``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date

from dayplan.core.blocked import is_pause
from dayplan.core.catalog import Venue
from dayplan.core.clock import Interval, LocalDay, clock_text, overlap_minutes, overlaps
from dayplan.core.hours import HoursVerdict, venue_hours
from dayplan.core.mustdo import OUTDOORS, means_venue
from dayplan.core.travel import TravelModel

HOME = "home"
"""Place id of the party's home (start and end of every itinerary) in travel models."""

FAILURE_CODES = (
    "outside_window",
    "overlaps_blocked",
    "closed",
    "outdoor_in_rain",
    "outdoor_excluded",
    "avoided",
    "leg_over_cap",
    "over_budget",
    "home_after_deadline",
    "overlap",
    "below_min_duration",
    "window_too_short",
    "unknown_venue",
    "no_candidates",
    "unknown_location",
    "missing_must_do",
    "joint_conflict",
)


@dataclass(frozen=True)
class BlockedWindow:
    """A time the party is busy (``start``/``end`` minutes), e.g. a nap or a ballet lesson. No
    visit and no leg may overlap it. ``at_home``: the party spends it at home, so the itinerary
    goes home before it starts and leaves home only after it ends (both legs checked and
    counted). An appointment away (``appointment``: not at home and not a pause, e.g. "ballet
    10-11"): its place is unknown, so it is **counted at home** — the leg before it is counted
    to home and must arrive by its start, and the next leg is counted from home and leaves at
    its end, so no leg and no wait overlaps it (``Appointment``; the report says "counted from
    home after ballet"). Home, not the previous stop, because it is the one point known before
    any plan is made, and a weekly lesson is near home far more often than near a stop chosen
    that day. A pause (a nap in the pram, lunch) is waited through wherever the party is."""

    start: int
    end: int
    label: str = "blocked"
    at_home: bool = False
    place: str | None = None
    """Where an appointment away happens: a place id of the travel model (the gazetteer point
    of the suburb its words name, "swimming lessons 9-10 at Chandler"), or ``None`` when it is
    unknown (then it is counted at home). A placed appointment is always gone to: the leg to
    it and the leg from it are measured, checked against the cap and counted."""

    @property
    def appointment(self) -> bool:
        """Away and not a pause (``dayplan.core.blocked``): an appointment somewhere unknown,
        counted at home. A pause (a nap in the pram, lunch) is waited through where the party
        is; no leg and no visit overlaps it."""
        return not self.at_home and (self.place is not None or not is_pause(self.label))


@dataclass(frozen=True)
class MustDoRule:
    """A must-do the itinerary must visit: ``name`` (the activity) and the ``venue_ids`` that
    count as doing it (one venue, or interchangeable alternatives); ``reason`` says why there
    are none (a must-do matched to no venue can never be shown done)."""

    name: str
    venue_ids: frozenset[str] = frozenset()
    reason: str = ""
    at_home: bool = False
    """Done by time at home: an at-home stop (``ProposedStop.at_home``) of this name."""


@dataclass(frozen=True)
class Constraints:
    """Everything a plan is checked against.

    ``window`` = (leave-home-earliest, home-by) in minutes; ``rain`` = rain windows; ``budget``
    = party spending cap in ``currency`` (``None`` = no cap); ``max_leg_minutes`` caps every
    leg including the legs from and to home (``None`` = no cap); ``country``/``subdivision``
    select the public-holiday calendar of opening hours for venues that do not carry their own.
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
    subdivision: str | None = None
    """Holiday-calendar subdivision (``QLD``) for venues that do not name their own."""
    timezone: str | None = None
    """IANA timezone of the plan's wall-clock times: legs across a daylight-saving change are
    counted in elapsed minutes and a time that does not exist that day fails. ``None``: no DST."""
    must_dos: tuple[MustDoRule, ...] = ()
    """Must-dos the itinerary must visit (``missing_must_do`` otherwise)."""
    indoor_only: bool = False
    """The request asks for indoor venues only: an outdoor stop (or one not known to be indoors)
    fails ``outdoor_excluded``, whatever the weather."""
    avoid: tuple[AvoidRule, ...] = ()
    """What the request refuses ("no museums", "not GOMA this time"): a stop it names fails
    ``avoided`` (``avoided``). Soft avoids ("rather not", "not too many") are no rule here."""
    only: OnlyRule | None = None
    """The kinds the request limits the day to ("galleries only", "just parks and
    playgrounds"): a stop of no such kind fails ``avoided`` too (``avoided``)."""
    budget_each: float | None = None
    """A cap per person in ``currency`` ("$20 each max", "$15pp", "$8 a head"): each adult's
    entry prices over the day, and each child's, add up to no more than this (``over_budget``
    otherwise), so no one's share breaks what was said even when the party's total
    (``budget``, this times the party) fits. ``None``: no per-person cap."""


@dataclass(frozen=True)
class AvoidRule:
    """A hard avoid of the request: ``phrase`` is the kind ("museums") or the venue's words
    ("lone pine") it names, matched to a venue by ``core.mustdo.means_venue``; ``quote`` is what
    the request said ("no museums please")."""

    phrase: str
    quote: str = ""
    venue: bool = False
    """The phrase names a venue ("not GOMA"), not a kind of outing ("no museums")."""
    place: str | None = None
    """A suburb whose venues are refused ("not Chandler": ``phrase`` empty; "not the Chandler
    pool": ``phrase`` the kind, "swimming"): a venue there, or one whose name holds the place's
    name ("Brisbane Botanic Gardens Mt Coot-tha" for "no Mt Coot-tha anything")."""

    @property
    def said(self) -> str:
        """The avoid as the request said it, for a failure's words."""
        return f'"{self.quote}"' if self.quote else f"no {self.label}"

    @property
    def label(self) -> str:
        """What is refused, in words ("museums", "lone pine", "swimming in Chandler")."""
        if self.place:
            return f"{self.phrase or 'anything'} in {self.place}"
        return self.phrase

    def refuses(self, venue: Venue) -> bool:
        """Whether this avoid names ``venue`` (``core.mustdo.means_venue``; with a ``place``, a
        venue of that suburb, of the kind when one is said)."""
        if self.place is not None:
            there = venue.suburb.lower() == self.place.lower() or in_name(self.place, venue.name)
            return there and (not self.phrase or means_venue(self.phrase, venue))
        return means_venue(self.phrase, venue)


def in_name(place: str, name: str) -> bool:
    """Whether the venue ``name`` holds the place's words ("Mount Coot-tha" in "Brisbane Botanic
    Gardens Mt Coot-tha": "mount" is written "mt")."""

    def words(text: str) -> str:
        folded = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
        return " " + re.sub(r"\bmount\b", "mt", folded) + " "

    return words(place) in words(name)


@dataclass(frozen=True)
class OnlyRule:
    """A hard "only" of the request: the day holds stops of ``kinds`` alone ("art galleries";
    "parks", "playgrounds"), each matched to a venue by ``core.mustdo.means_venue``; ``quote``
    is what the request said ("galleries only"; the quotes joined when several said it)."""

    kinds: tuple[str, ...]
    quote: str = ""
    venue: bool = False  # never a venue: the same face as ``AvoidRule`` for the callers

    @property
    def phrase(self) -> str:
        """The kinds in words ("parks or playgrounds")."""
        return " or ".join(self.kinds)

    @property
    def said(self) -> str:
        """The limit as the request said it, for a failure's words."""
        return f'"{self.quote}"' if self.quote else f"{self.phrase} only"

    def allows(self, venue: Venue) -> bool:
        """Whether ``venue`` is of one of the kinds; ``OUTDOORS`` among them is a filter on
        every stop, never an alternative ("outdoors only, museums only": outdoor museums, never
        an indoor one because the museums allow it)."""
        kinds = [k for k in self.kinds if k != OUTDOORS]
        if len(kinds) < len(self.kinds) and not means_venue(OUTDOORS, venue):
            return False
        return not kinds or any(means_venue(kind, venue) for kind in kinds)


def avoided(venue: Venue, c: Constraints) -> AvoidRule | OnlyRule | None:
    """The hard avoid of ``c`` that rules ``venue`` out as a stop ("no museums", "not GOMA this
    time"), else its "only" limit when ``venue`` is of no kind it allows ("galleries only"), or
    ``None`` (the one rule behind ``avoided``; the scheduler and the empty-itinerary failures
    use it too)."""
    for rule in c.avoid:
        if rule.refuses(venue):
            return rule
    if c.only is not None and not c.only.allows(venue):
        return c.only
    return None


def shares(visited: Sequence[Venue], c: Constraints) -> tuple[float, float]:
    """``(adult, child)``: what one adult and one child pay for entry across ``visited``, in
    ``c.currency`` (0 for a member the party does not have). The one rule behind the
    per-person cap (``over_each``; the scheduler checks its masks with the same sums)."""
    adult = sum(v.price_adult for v in visited) if c.adults else 0.0
    child = sum(v.price_child for v in visited) if c.children else 0.0
    return round(adult, 2), round(child, 2)


def over_each(visited: Sequence[Venue], c: Constraints) -> list[Failure]:
    """The ``over_budget`` failures of the per-person cap ``c.budget_each`` for the venues
    ``visited``: one per member (adult, child) whose share (``shares``) is over it, naming the
    venues' prices; ``[]`` without a cap or when every share fits."""
    cap = c.budget_each
    if cap is None:
        return []
    out = []
    for who, share, price in zip(
        ("adult", "child"),
        shares(visited, c),
        ("price_adult", "price_child"),
        strict=True,
    ):
        if share > cap + 1e-9:
            paid = [v for v in visited if getattr(v, price) > 0]
            parts = " + ".join(f"{v.name} {c.currency} {getattr(v, price):g}" for v in paid)
            out.append(
                Failure(
                    "over_budget",
                    f"each {who} pays {c.currency} {share:g} ({parts}), over the "
                    f"{c.currency} {cap:g} per person asked for",
                    venue_id=paid[0].id if len(paid) == 1 else None,
                    values={"cost": share, "budget": cap, "per": who},
                )
            )
    return out


def outdoor_excluded(venue: Venue, c: Constraints) -> bool:
    """Whether ``c`` rules ``venue`` out as a stop whatever the weather: the request asks for
    indoor venues only and the venue is outdoors or not known to be indoors (the one rule
    behind ``outdoor_excluded``; the scheduler and the empty-itinerary failures use it too)."""
    return c.indoor_only and not venue.indoor


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
    at_home: bool = False
    """A must-do ``activity`` that happens at home: the party goes home for it (its legs are
    checked and counted, and it is served as a home break, not a stop)."""

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
    after: str | None = None
    """The away appointment (``Appointment.label``) this stop's leg leaves after: the leg is
    counted from home at the appointment's end (its place is unknown)."""


@dataclass
class Appointment:
    """An away blocked window inside the itinerary (place unknown, counted at home): the party
    travels ``travel_in`` minutes from ``from_place`` (a venue id, or ``HOME``) towards it,
    counted to home and arriving by ``start``; the next stop's leg (``CheckedStop.after``) is
    counted from home and leaves at ``end``. Minutes after local midnight."""

    label: str
    start: int
    end: int
    travel_in: int
    from_place: str
    place: str | None = None
    """The travel model's place id where it happens (``BlockedWindow.place``), or ``None``
    when it was counted at home."""


@dataclass
class HomeBreak:
    """An at-home blocked window the itinerary went home for: ``travel_in`` minutes from
    ``from_place`` (a venue id) home; the next stop's ``travel_in`` is the leg out again."""

    label: str
    start: int
    end: int
    travel_in: int
    from_place: str


@dataclass
class CheckResult:
    """The verdict. ``ok`` iff ``failures`` is empty. Totals include the leg home, the legs
    home and out again for at-home blocked windows (``home_breaks``) and the legs to and from
    away appointments, counted to and from home (``appointments``)."""

    ok: bool
    failures: list[Failure]
    stops: list[CheckedStop]
    travel_home: int
    total_cost: float
    travel_minutes: int
    home_by: int
    currency: str
    home_breaks: list[HomeBreak] = field(default_factory=list)
    appointments: list[Appointment] = field(default_factory=list)

    @property
    def codes(self) -> list[str]:
        """Failure codes in the order found (duplicates kept)."""
        return [f.code for f in self.failures]


def _cost_sum(v: Venue, c: Constraints) -> str:
    """How the party's cost at venue ``v`` adds up, for a failure's detail:
    ``"Cineplex South Bank: 2×17.50 + 2×13.50 = AUD 62"`` (a term per priced ticket kind)."""
    terms = [
        f"{n}×{p:.2f}"
        for n, p in ((c.adults, v.price_adult), (c.children, v.price_child))
        if n and p
    ]
    return f"{v.name}: {' + '.join(terms)} = {c.currency} {v.party_cost(c.adults, c.children):g}"


def _hm(minutes: int) -> str:
    return clock_text(minutes)


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


def _outside_window(s: ProposedStop, c: Constraints, label: str, who: str | None) -> list[Failure]:
    """``[Failure("outside_window")]`` when the visit ``s`` (minutes after local midnight) starts
    before or ends after the request's window, else ``[]``; ``who`` is the failure's venue id."""
    if c.window[0] <= s.start and s.end <= c.window[1]:
        return []
    return [
        Failure(
            "outside_window",
            f"{label}: {_hm(s.start)}–{_hm(s.end)} is outside the window "
            f"{_hm(c.window[0])}–{_hm(c.window[1])}",
            venue_id=who,
            values={"start": _hm(s.start), "end": _hm(s.end)},
        )
    ]


def _visit_failures(
    label: str,
    who: str | None,
    s: ProposedStop,
    c: Constraints,
    day: LocalDay,
    need: int,
    prev_end: int,
    prev_label: str,
) -> list[Failure]:
    """The checks every visit gets, at a venue or at home: its times exist that day
    (``outside_window``), it does not end before it starts and lasts ``need`` minutes
    (``below_min_duration``), it lies in the window (``outside_window``), overlaps no blocked
    window (``overlaps_blocked``) and starts after the previous visit ends at ``prev_end``
    (``overlap``). ``who`` is the failures' venue id (or activity name)."""
    out: list[Failure] = []
    for t in (s.start, s.end):
        if not day.exists(t):
            out.append(
                Failure(
                    "outside_window",
                    f"{label}: {_hm(t)} does not exist on {c.day.isoformat()} in {c.timezone}",
                    venue_id=who,
                    values={"time": _hm(t)},
                )
            )
    if s.end <= s.start:
        out.append(
            Failure(
                "below_min_duration",
                f"{label}: ends {_hm(s.end)} before it starts {_hm(s.start)}",
                venue_id=who,
                values={"start": _hm(s.start), "end": _hm(s.end)},
            )
        )
    length = day.elapsed(s.start, s.end)
    if length < need:
        out.append(
            Failure(
                "below_min_duration",
                f"{label}: {max(0, length)} min < minimum {need} min",
                venue_id=who,
                values={"minutes": length, "minimum_minutes": need},
            )
        )
    out += _outside_window(s, c, label, who)
    for b in c.blocked:
        if overlaps((s.start, s.end), (b.start, b.end)):
            out.append(
                Failure(
                    "overlaps_blocked",
                    f"{label}: {_hm(s.start)}–{_hm(s.end)} overlaps {b.label} "
                    f"{_hm(b.start)}–{_hm(b.end)}" + (" (at home)" if b.at_home else ""),
                    venue_id=who,
                    values={"blocked": f"{_hm(b.start)}-{_hm(b.end)}", "label": b.label},
                )
            )
    if s.start < prev_end:
        out.append(
            Failure(
                "overlap",
                f"{label} starts {_hm(s.start)} before {prev_label} ends {_hm(prev_end)}",
                venue_id=who,
                values={"start": _hm(s.start), "previous_end": _hm(prev_end)},
            )
        )
    return out


def hours_of(venue: Venue, c: Constraints) -> HoursVerdict:
    """``venue``'s opening hours on ``c.day``: in the venue's own country, subdivision and
    timezone when it has them (else the plan's), at its coordinates (for sun times). Hours a
    web search could not find are unknown."""
    if "opening_hours" in venue.unknown:
        return HoursVerdict((), "hours unknown")
    return venue_hours(
        venue.opening_hours,
        c.day,
        venue.country or c.country,
        venue.subdivision if venue.country else (venue.subdivision or c.subdivision),
        venue.timezone or c.timezone,
        venue.point,
    )


def depart_after(ready: int, leg: int, busy: Sequence[Interval], day: LocalDay) -> int:
    """The earliest departure at or after ``ready`` (minutes) whose ``leg`` of travel overlaps
    none of the ``busy`` windows (blocked windows: no one travels through a nap)."""
    d = ready
    if leg <= 0:
        return d
    moved = True
    while moved:
        moved = False
        for a, b in busy:
            if d < b and a < day.add(d, leg):
                d = b
                moved = True
    return d


def _leg_minutes(travel: TravelModel, origin: str, destination: str) -> int | None:
    try:
        return travel.minutes(origin, destination)
    except KeyError:
        return None


def _unknown_leg(origin: str, dest: str, a_label: str, b_label: str) -> Failure:
    missing = [p for p in (origin, dest) if p == HOME] or [dest]
    what = "home" if missing == [HOME] else b_label
    return Failure(
        "unknown_location",
        f"{a_label} → {b_label}: no coordinates for {what}, so the leg cannot be measured "
        "(never counted as 0 minutes)",
        venue_id=None if what == "home" else dest,
        values={"from": a_label, "to": b_label},
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
    ``no_candidates`` (no stops), ``unknown_venue`` (also a must-do activity with no venue: it
    never passes), ``unknown_location`` (a leg from or to a
    place without coordinates: never 0 minutes), ``window_too_short``, ``below_min_duration``,
    ``outside_window`` (also a time that does not exist that day, on a daylight-saving
    change), ``overlaps_blocked`` (a visit, or a leg that cannot avoid a blocked window, or not
    home in time for an at-home one), ``closed``, ``outdoor_in_rain``, ``outdoor_excluded``
    (an outdoor stop when the request asks for indoor venues only), ``avoided`` (a stop the
    request refuses: ``Constraints.avoid``, or of no kind its "only" allows:
    ``Constraints.only``), ``overlap`` (stops
    overlap or a leg does not fit between them), ``leg_over_cap``, ``home_after_deadline``,
    ``over_budget`` and ``missing_must_do`` (a ``Constraints.must_dos`` rule no stop meets). Never raises for a bad plan.

    At-home blocked windows (``BlockedWindow.at_home``) send the itinerary home: the last stop
    before one must leave in time to be home when it starts; the next stop's leg starts from
    home after it ends. An appointment away (``BlockedWindow.appointment``, place unknown) that
    the itinerary passes (between two stops, home and the first stop, or the last stop and home) is
    counted at home the same way — the leg to it is counted to home, the next leg leaves home at
    its end (``CheckResult.appointments``, ``CheckedStop.after``), so no leg, visit or wait
    overlaps it. Legs depart as early as they can without running through a blocked
    window (waiting is allowed). Times are wall-clock minutes; durations are elapsed minutes
    (``LocalDay``), so a leg across a daylight-saving change is counted in real minutes.

    Unknown facts prove nothing: unknown, comment-only or unparseable hours fail as ``closed``
    with the reason; unknown indoor/outdoor counts as outdoor (``outdoor_in_rain`` when it
    overlaps rain); an unknown price fails ``over_budget`` when there is a budget and counts
    as 0 when there is none.
    """
    c = constraints
    day = LocalDay(c.day, c.timezone)
    failures: list[Failure] = []
    checked: list[CheckedStop] = []
    breaks: list[HomeBreak] = []
    appointments: list[Appointment] = []
    if not stops:
        failures.append(Failure("no_candidates", "no stops to check"))
        return CheckResult(False, failures, [], 0, 0.0, 0, c.window[0], c.currency)

    venueless: list[Failure] = []
    for s in stops:
        if s.venue_id is None and s.at_home:
            continue  # time at home: its place is home, its legs are checked below
        if s.venue_id is None:  # a venue-less must-do proves nothing: no place, hours or price
            venueless.append(
                Failure(
                    "unknown_venue",
                    f"must-do {s.activity!r} names no venue, so where it happens, its hours and "
                    "its price are unknown (match it to a venue, or ask)",
                    venue_id=s.activity,
                )
            )
        elif s.venue_id not in venues:
            failures.append(
                Failure(
                    "unknown_venue",
                    f"{s.venue_id!r} was not returned by any search, so its facts are unknown",
                    venue_id=s.venue_id,
                )
            )
    for name, t in (("window start", c.window[0]), ("window end", c.window[1])):
        if not day.exists(t):
            failures.append(
                Failure(
                    "outside_window",
                    f"{name} {_hm(t)} does not exist on {c.day.isoformat()} in {c.timezone} "
                    "(the clocks change that day)",
                    values={name.replace(" ", "_"): _hm(t)},
                )
            )
    window_failure = _window_check(stops, venues, c)
    if window_failure:
        failures.append(window_failure)
    failures += venueless

    busy = sorted((b.start, b.end) for b in c.blocked)
    # windows the itinerary goes to: at home, or an appointment away (one that starts before the
    # window's end: after it the party is home); a pause is waited through where the party is
    pending = sorted(
        (
            b
            for b in c.blocked
            if b.end > c.window[0] and (b.at_home or (b.appointment and b.start < c.window[1]))
        ),
        key=lambda b: b.start,
    )
    cap = c.max_leg_minutes
    place = HOME
    prev_end = c.window[0]
    prev_label = "home"
    visit_end, visit_label = c.window[0], "home"  # the previous visit (not a blocked window)
    travel_total = 0
    cost_total = 0.0
    seen_stop = False
    after: BlockedWindow | None = None  # the away appointment the next leg leaves after

    def go_home(b: BlockedWindow) -> None:
        """Take the party home for ``b`` (an away ``b``: to home's point, where it is counted)."""
        nonlocal place, prev_end, prev_label, travel_total, after
        target = b.place if b.place and not b.at_home else HOME  # a placed appointment: there
        where = f"{b.label} at home" if b.at_home else f"{b.label} (away, counted at home)"
        to = "home" if b.at_home else f"{b.label} (counted to home)"
        if target != HOME:
            where = to = f"{b.label} (away)"
        leg = 0
        if place != target:
            leg = _leg_minutes(travel, place, target)
            if leg is None:
                failures.append(
                    _unknown_leg(place, target, prev_label, "home" if target == HOME else b.label)
                )
                leg = 0
            d = depart_after(prev_end, leg, [w for w in busy if w != (b.start, b.end)], day)
            arrive = day.add(d, leg)
            if cap is not None and leg > cap:
                failures.append(
                    Failure(
                        "leg_over_cap",
                        f"{prev_label} → {to} for {b.label}: {leg} min by {c.mode} > cap {cap} min"
                        if b.at_home
                        else f"{prev_label} → {to}: {leg} min by {c.mode} > cap {cap} min",
                        venue_id=place,
                        values={"minutes": leg, "cap_minutes": cap},
                    )
                )
            if arrive > b.start:
                failures.append(
                    Failure(
                        "overlaps_blocked",
                        f"{where} {_hm(b.start)}–{_hm(b.end)}: leaving {prev_label} at "
                        f"{_hm(d)}, the {leg}-min leg "
                        + ("home" if b.at_home else "towards it")
                        + f" arrives {_hm(arrive)}",
                        venue_id=place,
                        values={
                            "blocked": f"{_hm(b.start)}-{_hm(b.end)}",
                            "label": b.label,
                            "home_at": _hm(arrive),
                        },
                    )
                )
            travel_total += leg
            if b.at_home:
                breaks.append(HomeBreak(b.label, b.start, b.end, leg, place))
        elif b.at_home and seen_stop:  # home already, after an earlier break ("lunch at home
            # 12-1, then naps at home until 3"): the stay goes on, served as its own break
            breaks.append(HomeBreak(b.label, b.start, b.end, 0, HOME))
        if not b.at_home:
            appointments.append(
                Appointment(
                    b.label, b.start, b.end, leg, place, b.place if target != HOME else None
                )
            )
        place = target
        prev_label = "home" if b.at_home else f"home after {b.label}"
        if target != HOME:
            prev_label = b.label
        after = None if b.at_home or target != HOME else b  # placed: the leg leaves it
        prev_end = max(prev_end, b.end)

    for s in stops:
        while pending and pending[0].start <= s.start:
            go_home(pending.pop(0))
        if s.at_home and s.venue_id is None:  # a must-do at home: go home for it
            label = s.activity or "at home"
            failures += _visit_failures(
                label, label, s, c, day, _min_needed(s, None), visit_end, visit_label
            )
            visit_end, visit_label = max(visit_end, s.end), label
            after = None  # the next leg leaves home after this, not after an appointment
            if place == HOME:  # already home (before leaving, or after an at-home window)
                breaks.append(HomeBreak(label, s.start, s.end, 0, HOME))
                prev_end = max(prev_end, s.end)
            else:
                go_home(BlockedWindow(s.start, s.end, label, True))
            continue
        venue = venues.get(s.venue_id) if s.venue_id else None
        who = s.venue_id or s.activity
        label = venue.name if venue else s.label
        visit = (s.start, s.end)
        failures += _visit_failures(
            label, who, s, c, day, _min_needed(s, venue), visit_end, visit_label
        )
        visit_end, visit_label = max(visit_end, s.end), label
        if venue is not None:
            verdict = hours_of(venue, c)
            opens = verdict.intervals
            if verdict.unknown:
                failures.append(
                    Failure(
                        "closed",
                        f"{venue.name}: {verdict.unknown}, so {_hm(s.start)}–{_hm(s.end)} on "
                        f"{c.day.isoformat()} cannot be shown to be open",
                        venue_id=venue.id,
                        values={"opening_hours": "unknown"},
                    )
                )
            elif not any(a <= s.start and s.end <= b for a, b in opens):
                hours = ", ".join(f"{_hm(a)}–{_hm(b)}" for a, b in opens) or "closed all day"
                holiday = f", {verdict.holiday} (public holiday)" if verdict.holiday else ""
                failures.append(
                    Failure(
                        "closed",
                        f"{venue.name}: {_hm(s.start)}–{_hm(s.end)} is not within its hours on "
                        f"{c.day.isoformat()}{holiday} ({hours})",
                        venue_id=venue.id,
                        values={"opening_hours": hours}
                        | ({"holiday": verdict.holiday} if verdict.holiday else {}),
                    )
                )
            refused = avoided(venue, c)
            if isinstance(refused, OnlyRule):
                failures.append(
                    Failure(
                        "avoided",
                        f"{venue.name} is ruled out: you asked for {refused.phrase} only "
                        f"({refused.said}), and it is not one",
                        venue_id=venue.id,
                        values={"only": refused.phrase},
                    )
                )
            elif refused is not None:
                failures.append(
                    Failure(
                        "avoided",
                        f"{venue.name} is ruled out: the request says {refused.said}",
                        venue_id=venue.id,
                        values={"avoid": refused.phrase},
                    )
                )
            if not venue.indoor:
                outdoors = (
                    "treated as outdoors (indoor or outdoor unknown)"
                    if "indoor" in venue.unknown
                    else "outdoors"
                )
                if c.indoor_only:
                    failures.append(
                        Failure(
                            "outdoor_excluded",
                            f"{venue.name} is {outdoors}, and the request asks for indoor venues "
                            "only",
                            venue_id=venue.id,
                        )
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
            measured = _leg_minutes(travel, place, venue.id)
            if measured is None:
                failures.append(_unknown_leg(place, venue.id, prev_label, venue.name))
            leg = measured or 0
            if cap is not None and leg > cap:
                failures.append(
                    Failure(
                        "leg_over_cap",
                        f"{prev_label} → {venue.name}: {leg} min by {c.mode} > cap {cap} min",
                        venue_id=venue.id,
                        values={"minutes": leg, "cap_minutes": cap},
                    )
                )
        plain_arrival = day.add(prev_end, leg)
        depart = depart_after(prev_end, leg, busy, day)
        arrival = day.add(depart, leg)
        if s.start < arrival:
            if s.start >= plain_arrival and s.start >= prev_end:
                hit = next(
                    (b for b in c.blocked if overlaps((prev_end, s.start), (b.start, b.end))),
                    None,
                )
                what = f"{hit.label} {_hm(hit.start)}–{_hm(hit.end)}" if hit else "a blocked window"
                failures.append(
                    Failure(
                        "overlaps_blocked",
                        f"{prev_label} → {label}: the {leg}-min leg cannot fit between "
                        f"{_hm(prev_end)} and {_hm(s.start)} without running through {what}",
                        venue_id=who,
                        values={"leg_minutes": leg, "blocked": what},
                    )
                )
            elif place == HOME and not seen_stop and prev_end <= c.window[0]:
                if leg and s.start >= c.window[0]:
                    span = c.window[1] - c.window[0]
                    detail = (
                        f"{label}: the leg from home is {leg} min, more than the whole "
                        f"window {_hm(c.window[0])}–{_hm(c.window[1])} ({span} min); the home "
                        f"is too far from {label} for this day"
                        if leg >= span
                        else f"{label}: starting {_hm(s.start)} means leaving home at "
                        f"{_hm(day.add(s.start, -leg))}, before the window opens at "
                        f"{_hm(c.window[0])}"
                    )
                    failures.append(
                        Failure(
                            "outside_window",
                            detail,
                            venue_id=who,
                            values={
                                "leave_home": _hm(day.add(s.start, -leg)),
                                "leg_minutes": leg,
                                "window_minutes": span,
                            },
                        )
                    )
            elif s.start < prev_end:
                pass  # overlaps the previous visit or a blocked window: ``_visit_failures``
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
                after=after.label if after is not None else None,
            )
        )
        after = None
        seen_stop = True
        if venue is not None:
            place = venue.id
            prev_label = venue.name
        else:
            prev_label = label
        prev_end = max(prev_end, s.end)

    placed = [k for k, b in enumerate(pending) if b.place and not b.at_home]
    for b in pending[: placed[-1] + 1] if placed else []:  # a placed appointment after the
        go_home(b)  # last stop is still gone to (and any window before it), then home
    pending = pending[placed[-1] + 1 :] if placed else pending
    home_leg = 0
    home_by = prev_end
    if place != HOME:
        measured = _leg_minutes(travel, place, HOME)
        if measured is None:
            failures.append(_unknown_leg(place, HOME, prev_label, "home"))
        home_leg = measured or 0
        if cap is not None and home_leg > cap:
            failures.append(
                Failure(
                    "leg_over_cap",
                    f"{prev_label} → home: {home_leg} min by {c.mode} > cap {cap} min",
                    venue_id=place,
                    values={"minutes": home_leg, "cap_minutes": cap},
                )
            )
        # a window still ahead is one to be home for: the leg home does not wait through it
        ahead = {(b.start, b.end) for b in pending}
        home_busy = [w for w in busy if w not in ahead]
        home_by = day.add(depart_after(prev_end, home_leg, home_busy, day), home_leg)
        later = [b for b in pending if b.start < home_by]
        if later:  # the day ends at home, and it must be home when an at-home window starts
            b = later[0]
            where = f"{b.label} at home" if b.at_home else f"{b.label} (away, counted at home)"
            failures.append(
                Failure(
                    "overlaps_blocked",
                    f"{where} {_hm(b.start)}–{_hm(b.end)}: home only at {_hm(home_by)}",
                    venue_id=place,
                    values={
                        "blocked": f"{_hm(b.start)}-{_hm(b.end)}",
                        "label": b.label,
                        "home_at": _hm(home_by),
                    },
                )
            )
    travel_total += home_leg
    if home_by > c.window[1]:
        span = c.window[1] - c.window[0]
        failures.append(
            Failure(
                "home_after_deadline",
                f"the leg home is {home_leg} min, more than the whole window "
                f"{_hm(c.window[0])}–{_hm(c.window[1])} ({span} min): home at {_hm(home_by)}, "
                f"deadline {_hm(c.window[1])}"
                if home_leg >= span
                else f"home at {_hm(home_by)}, deadline {_hm(c.window[1])}",
                values={"home_at": _hm(home_by), "deadline": _hm(c.window[1])},
            )
        )
    visited = {s.venue_id for s in stops if s.venue_id in venues}
    venueless_names = {s.activity for s in stops if s.venue_id is None and not s.at_home}
    at_home = {s.activity for s in stops if s.venue_id is None and s.at_home}
    for rule in c.must_dos:
        if rule.at_home:
            if rule.name not in at_home:
                failures.append(
                    Failure(
                        "missing_must_do",
                        f"must-do {rule.name!r} (at home) is not in the itinerary",
                        values={"must_do": rule.name, "venues": 0},
                    )
                )
            continue
        if visited & rule.venue_ids or rule.name in venueless_names:
            continue  # done, or proposed without a venue (``unknown_venue`` above)
        why = rule.reason or (
            f"none of its {len(rule.venue_ids)} venue(s) is a stop"
            if rule.venue_ids
            else "no venue found for it"
        )
        failures.append(
            Failure(
                "missing_must_do",
                f"must-do {rule.name!r} is not in the itinerary: {why}"[:400],
                values={"must_do": rule.name, "venues": len(rule.venue_ids)},
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
        priced = [
            venues[s.venue_id]
            for s in stops
            if s.venue_id in venues and venues[s.venue_id].party_cost(c.adults, c.children) > 0
        ]
        parts = "; ".join(_cost_sum(v, c) for v in priced)
        failures.append(
            Failure(
                "over_budget",
                f"cost {c.currency} {cost_total:g} for {c.adults} adult(s) and {c.children} "
                f"child(ren) > budget {c.currency} {c.budget:g}" + (f" ({parts})" if parts else ""),
                venue_id=priced[0].id if len(priced) == 1 else None,
                values={"cost": cost_total, "budget": c.budget}
                | ({"venues": ", ".join(v.id for v in priced)} if priced else {}),
            )
        )
    if not unpriced:  # an unknown price failed the budget already: no share can be shown
        failures += over_each([venues[s.venue_id] for s in stops if s.venue_id in venues], c)
    return CheckResult(
        ok=not failures,
        failures=failures,
        stops=checked,
        travel_home=home_leg,
        total_cost=cost_total,
        travel_minutes=travel_total,
        home_by=home_by,
        currency=c.currency,
        home_breaks=breaks,
        appointments=appointments,
    )
