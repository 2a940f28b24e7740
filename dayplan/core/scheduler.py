"""The exact scheduler: arrange chosen stops (order and times) or prove no arrangement exists.

Input: candidate stops (``Candidate``: where, how long, must-do or not, preference weight, when
it may happen), the request's ``Constraints`` (window, blocked and rain windows, travel cap,
budget, party), a ``TravelModel`` and the home place id. Output: the best itinerary as
``ProposedStop``\\ s, or an ``Infeasible`` proof whose failures come from ``check_plan``.

**Objective** (lexicographic, higher is better):

1. the number of must-dos in the itinerary (all of them, or the request is infeasible); a
   must-do with alternatives (``Candidate.group``) counts once, and exactly one of its venues
   is placed — the one the rest of the objective prefers;
2. (day-shape problems) a meal break when the day spans lunch (``dayplan.core.dayshape``);
3. the sum of the preference weights of the stops in it;
4. (day-shape problems) use of the window: the typical minutes of the stops kept, counted up
   to ``FILL_SHARE`` of the window's free minutes;
5. fewer travel minutes (home legs included);
6. (day-shape problems) a meal break even when the day does not span lunch yet (so visits can
   still stretch toward their typical length through lunch); a day home before 11:30 even with
   every visit stretched has its meal at home (so one morning visit is not passed over for the
   same visit squeezed in after a lunch at home);
7. then an earlier time home, then lower cost (deterministic tie-breaks).

Day-shape problems also keep at most one venue of each kind and go home for at-home blocked
windows (always, when the request has one). Every problem counts an appointment away (place
unknown) at home, as ``check_plan`` does; no leg runs through a blocked window.

Waiting is allowed (a stop starts at the earliest time it may, which is never worse: every
constraint is monotone in the start time once waiting is free). Visits are scheduled at their
minimum length for the search (shorter never hurts feasibility); afterwards, keeping the order,
each visit in turn is stretched toward its typical length as far as the rest of the itinerary
still fits. The stretch does not change the objective.

**Method**: dynamic programming over (set of stops visited, current place); each state keeps
the Pareto set of labels (finish time, cost, travel minutes) — a label is dropped when another
in the same state is no later, no dearer and travels no more, because anything the dropped one
can still do, the other can too. Exact: every order of every subset is covered. Up to 10
candidates there are at most 2^10 × 11 states, and time windows prune most of them.

**Why DP rather than OR-Tools CP-SAT**: for ≤ 10 candidates the DP is exact, pure Python (so it
stays in ``core/`` with no native dependency and property tests can hammer it) and needs no
discretisation of time. Measured on the 41 NATURAL PLAN dev instances (2-core machine shared
with other jobs, 2026-11-29): this DP took 0.36 ms median, 38 ms max, 0.26 s in total; an exact
CP-SAT model (OR-Tools 9.15: optional visits, ``AddCircuit`` over arc literals, travel-time
precedences, maximise people met then minimise travel; scratch script, not in the repository)
found the same optimum on all 41 but took 22.7 ms median, 761 ms max, 2.3 s in total with one
worker (30.5 ms median with two). CP-SAT would also add a ~30 MB native wheel, so it was not
added.

**Infeasibility proof**: when the must-dos cannot all be scheduled (or, in a request without
must-dos, not one stop can), the constraints are switched off one at a time (deletion
filter): a constraint that can be dropped while the request stays infeasible is dropped for
good (order: must-dos, the request's limits, then facts of the day). What is left is a
minimal conflicting set — drop any one of its members and a plan exists. Its members are the
window (home-by deadline), each blocked window, each rain window, the travel cap, the budget,
each stop's opening hours, and each must-do. The proof's failures are what the independent
``check_plan`` says about a witness: the best itinerary once the conflicting constraints are
relaxed, checked against the real ones — so every failure carries its stable code and numbers.

Times are minutes after local midnight; money in ``Constraints.currency``; no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from heapq import heappop, heappush

from dayplan.core.catalog import Venue
from dayplan.core.checker import (
    HOME,
    CheckResult,
    Constraints,
    Failure,
    OnlyRule,
    ProposedStop,
    avoided,
    check_plan,
    depart_after,
    hours_of,
    outdoor_excluded,
    shares,
)
from dayplan.core.clock import Interval, LocalDay, clock_text, overlap_minutes
from dayplan.core.dayshape import (
    CATCH_ALL_KINDS,
    FOOD_OVERLAP,
    LUNCH,
    MEAL_MINUTES,
    audience_fits,
    food_counts,
    is_food,
    spans_lunch,
)
from dayplan.core.travel import TravelModel

DAY_END = 24 * 60
"""Midnight at the end of the plan's day, minutes."""

RELAXED_END = DAY_END - 1
"""The deadline when a proof switches the window off: 23:59, the last ``HH:MM`` of the day."""

FILL_SHARE = 0.75
"""Use of the window: visit time (typical minutes) counts in the objective up to this share of
the window's free minutes; a day that already fills it is judged on travel instead."""

MAX_CANDIDATES = 10
"""The scheduler is exact up to this many candidates (2^10 subsets)."""


@dataclass(frozen=True)
class Candidate:
    """A stop the scheduler may place.

    ``key`` is unique among the candidates (the venue id, or the activity name);
    ``place`` is the travel model's place id (``None`` for a venue-less activity, which happens
    where the party already is and adds no travel); ``open`` the intervals the visit must fit
    inside, one of them whole (minutes); ``outdoor`` stops avoid rain; ``cost`` is the party's
    cost in the constraints' currency; minutes are visit lengths (``min_minutes`` ≥ 1);
    ``kind`` the venue kind (for the variety rule), ``food`` whether it can be the meal.
    """

    key: str
    min_minutes: int
    typical_minutes: int
    must: bool = False
    weight: float = 1.0
    place: str | None = None
    open: tuple[Interval, ...] = ((0, DAY_END),)
    outdoor: bool = False
    cost: float = 0.0
    activity: bool = False
    stop_min_minutes: int | None = None
    """``ProposedStop.min_minutes`` for the emitted stop (the must-do length), if any."""
    kind: str | None = None
    food: bool = False
    role: str = ""
    """Internal: ``"home"`` (an at-home blocked window), ``"away"`` (an away blocked window,
    counted at home: its place is unknown) or ``"lunch"`` (the meal break); such candidates are
    built by ``solve`` itself and never emitted as stops."""
    at_home: bool = False
    """A must-do that happens at home ("lunch at home"): ``place`` is home, the party travels
    home for it and out again; emitted as an at-home ``ProposedStop``."""
    group: str | None = None
    """A must-do's alternative group (the activity, e.g. ``"see the koalas"``): must-do
    candidates sharing a group are interchangeable venues for one must-do, and exactly one of
    them is placed (they exclude each other; the must-do counts once in the objective)."""
    shares: tuple[float, float] = (0.0, 0.0)
    """What one adult and one child pay here (``checker.shares`` of this venue alone), for the
    per-person cap ``Constraints.budget_each``."""

    @property
    def unit(self) -> str:
        """The must-do this candidate stands for: its ``group``, else its own ``key``."""
        return self.group or self.key


@dataclass(frozen=True)
class Relaxation:
    """Constraints switched off while searching for a proof (empty = the real problem).

    ``window`` lifts the home-by deadline to 23:59; ``blocked``/``rain`` hold indices into
    ``Constraints.blocked``/``rain``; ``hours`` and ``optional`` hold candidate keys (opening
    hours ignored; must-do made optional).
    """

    window: bool = False
    blocked: frozenset[int] = frozenset()
    rain: frozenset[int] = frozenset()
    cap: bool = False
    budget: bool = False
    hours: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()

    def add(self, item: tuple[str, object]) -> Relaxation:
        """This relaxation with one more constraint ``item`` (see ``conflict_items``) off."""
        kind, what = item
        if kind in ("window", "cap", "budget"):
            return replace(self, **{kind: True})
        if kind in ("blocked", "rain"):
            return replace(self, **{kind: getattr(self, kind) | {what}})
        if kind == "hours":
            return replace(self, hours=self.hours | {what})
        return replace(self, optional=self.optional | {what})


@dataclass
class Solution:
    """The best itinerary found: ``stops`` in order (may be empty), the objective's terms
    (must-dos placed, weight, travel minutes incl. home legs), the party cost and home time;
    ``meal`` whether the day-shape meal rule holds (``None`` when the problem did not ask)."""

    stops: list[ProposedStop]
    keys: list[str]
    must_count: int
    weight: float
    travel_minutes: int
    cost: float
    home_by: int
    meal: bool | None = None


@dataclass
class Infeasible:
    """A proof that no itinerary exists: ``failures`` (stable codes, numbers) from checking the
    ``witness`` stops against the real constraints; ``conflict`` the minimal set of constraints
    (readable labels) that cannot hold together; ``items`` the same as (kind, what) pairs.
    ``more``: further minimal conflicting sets independent of ``items`` (each found with the
    ones before switched off): the request fails for each of them, so fixing one alone still
    leaves no plan; ``conflict`` and ``failures`` cover them too."""

    failures: list[Failure]
    conflict: list[str]
    items: list[tuple[str, object]]
    witness: list[ProposedStop] = field(default_factory=list)
    check: CheckResult | None = None
    more: list[list[tuple[str, object]]] = field(default_factory=list)

    @property
    def all_items(self) -> list[tuple[str, object]]:
        """``items`` and then the members of ``more`` not already in it."""
        out = list(self.items)
        for group in self.more:
            out += [i for i in group if i not in out]
        return out


@dataclass
class Problem:
    """One scheduling problem. ``return_home`` adds the leg home (capped, before the deadline);
    ``max_stops`` limits the itinerary's length (``None`` = no limit).

    Day-shape terms (``dayplan.core.dayshape``), off by default (a benchmark such as NATURAL
    PLAN has no lunch): ``meal`` puts "has a meal when the day spans lunch" into the objective
    right after the must-dos, and "use the window" right after the weight (more visit time:
    the typical minutes of the stops kept, so a day does not end at 12:50 of a 9–5 window while
    longer open visits fit); ``distinct_kinds`` allows at most one candidate of each
    ``Candidate.kind`` (must-dos and ``repeat_kinds`` excepted).
    """

    candidates: Sequence[Candidate]
    constraints: Constraints
    travel: TravelModel
    home: str = HOME
    return_home: bool = True
    max_stops: int | None = None
    meal: bool = False
    distinct_kinds: bool = False
    repeat_kinds: frozenset[str] = frozenset()


def _subtract(segment: Interval, busy: Sequence[Interval]) -> list[Interval]:
    pieces = [segment]
    for a, b in busy:
        nxt = []
        for x, y in pieces:
            if b <= x or y <= a:
                nxt.append((x, y))
                continue
            if x < a:
                nxt.append((x, a))
            if b < y:
                nxt.append((b, y))
        pieces = nxt
    return pieces


def allowed_segments(cand: Candidate, c: Constraints, relax: Relaxation) -> list[Interval]:
    """Where ``cand``'s visit may lie, whole inside one segment: its opening intervals within the
    window, minus blocked windows and (outdoors) rain, minus whatever ``relax`` switches off.
    An at-home window's own candidate is exactly that window (clipped to the day window)."""
    w0 = c.window[0]
    w1 = RELAXED_END if relax.window else c.window[1]
    if cand.role in _AT_HOME_POINT:
        return [(max(a, w0), min(b, w1)) for a, b in cand.open]
    opens = ((0, DAY_END),) if cand.key in relax.hours else cand.open
    busy = [(b.start, b.end) for i, b in enumerate(c.blocked) if i not in relax.blocked]
    if cand.outdoor:
        busy += [r for i, r in enumerate(c.rain) if i not in relax.rain]
    need = max(1, cand.min_minutes)
    out: list[Interval] = []
    for a, b in opens:
        a, b = max(a, w0), min(b, w1)
        if b - a < need:
            continue
        out.extend(p for p in _subtract((a, b), busy) if p[1] - p[0] >= need)
    return sorted(out)


def _earliest(segments: Sequence[Interval], arrival: int, minutes: int, plus=None) -> int | None:
    for a, b in segments:
        s = a if a > arrival else arrival
        if (plus(s, minutes) if plus else s + minutes) <= b:
            return s
    return None


def _leg(travel: TravelModel, origin: str, destination: str) -> int | None:
    try:
        return travel.minutes(origin, destination)
    except KeyError:  # no coordinates: the leg cannot be measured, so it cannot be planned
        return None


_FAR = 10**6
"""A leg that cannot be measured (an unknown place): longer than any day, so never planned."""


_AT_HOME_POINT = ("home", "away")
"""Pseudo-candidate roles placed at home's point: at-home blocked windows, and away ones
(appointments whose place is unknown, counted at home as ``check_plan`` counts them)."""


def _pseudo(problem: Problem, relax: Relaxation) -> list[Candidate]:
    """The candidates ``solve`` adds itself: one per at-home blocked window or appointment away
    that touches the day window (the party is home for an at-home one; an appointment is
    counted at home's point, so the leg before it is counted to home and the next leg leaves
    home at its end — placed, or still ahead when the party is home), and the optional meal
    break. A pause (``BlockedWindow.appointment`` false) is only a busy window."""
    c = problem.constraints
    w1 = RELAXED_END if relax.window else c.window[1]
    out = []
    for i, b in enumerate(c.blocked):
        if i in relax.blocked or b.end <= c.window[0] or b.start >= w1:
            continue
        if not (b.at_home or b.appointment):
            continue  # a pause (a nap in the pram): waited through where the party is
        a, e = max(b.start, c.window[0]), min(b.end, w1)
        out.append(
            Candidate(
                key=f"\x00{'home' if b.at_home else 'away'}:{i}",
                min_minutes=e - a,
                typical_minutes=e - a,
                place=(b.place if b.place and not b.at_home else problem.home),
                open=((a, e),),
                weight=0.0,  # the party's own time: no preference weight
                role="home" if b.at_home else "away",
            )
        )
    if problem.meal:
        out.append(
            Candidate(
                key="\x00lunch",
                min_minutes=MEAL_MINUTES,
                typical_minutes=MEAL_MINUTES,
                open=(LUNCH,),
                activity=True,
                weight=0.0,
                role="lunch",
            )
        )
    return out


class _Day:
    """Per-solve timing helpers: wall-clock arithmetic and leg departures around busy windows."""

    def __init__(self, c: Constraints, relax: Relaxation):
        local = LocalDay(c.day, c.timezone)
        self.plus = local.add if local.changes else None
        self.local = local
        self.busy = sorted(
            (b.start, b.end) for i, b in enumerate(c.blocked) if i not in relax.blocked
        )
        self.departs: dict[tuple[int, int], int] = {}
        """``(ready, leg) -> arrival`` for legs around busy windows, memoised in this solve."""

    def add(self, t: int, m: int) -> int:
        return self.plus(t, m) if self.plus else t + m

    def arrive(self, ready: int, leg: int) -> int:
        """Arrival after a ``leg`` that leaves at the earliest time at or after ``ready`` that
        does not run through a busy window (``_FAR`` legs never arrive within the day)."""
        if leg >= _FAR:
            return _FAR
        if leg and self.busy:
            got = self.departs.get((ready, leg))
            if got is None:
                got = self.departs[(ready, leg)] = self.add(
                    depart_after(ready, leg, self.busy, self.local), leg
                )
            return got
        return self.add(ready, leg)


def solve(problem: Problem, relax: Relaxation | None = None) -> Solution:
    """The best itinerary of ``problem`` under the module's objective (exact, ≤ 10 candidates).

    Returns a ``Solution`` (its ``stops`` may be empty when nothing fits; its ``must_count``
    says how many must-dos made it). Raises ``ValueError`` for more than ``MAX_CANDIDATES``
    candidates or duplicate keys.
    """
    relax = relax or Relaxation()
    real = list(problem.candidates)
    if len(real) > MAX_CANDIDATES:
        raise ValueError(f"at most {MAX_CANDIDATES} candidates (got {len(real)})")
    if len({x.key for x in real}) != len(real):
        raise ValueError("candidate keys must be unique")
    cands = real + _pseudo(problem, relax)
    n = len(cands)
    c = problem.constraints
    clock = _Day(c, relax)
    arrive = clock.arrive
    plus, busy = clock.plus, clock.busy
    departs = clock.departs  # (ready, leg) -> arrival, for legs around busy windows
    w1 = RELAXED_END if relax.window else c.window[1]
    cap = None if relax.cap else c.max_leg_minutes
    budget = None if relax.budget else c.budget
    each_cap = None if relax.budget else c.budget_each  # "$20 each": per mask, as it is additive
    heads = [x.shares for x in cands]
    n_real = len(real)
    limit = n_real if problem.max_stops is None else min(n_real, problem.max_stops)
    home = problem.home
    # place index: 0 = home, i + 1 = candidate i's place (activities keep the current place)
    places = [home] + [x.place or "" for x in cands]
    idx = [0] + [
        (0 if (x.role in _AT_HOME_POINT and x.place == home) or x.at_home else i + 1)
        if x.place is not None
        else -1
        for i, x in enumerate(cands)
    ]
    legs = []
    for a in places:
        row = []
        for b in places:
            m = 0 if not a or not b or a == b else _leg(problem.travel, a, b)
            row.append(_FAR if m is None else m)
        legs.append(row)
    segs = [allowed_segments(x, c, relax) for x in cands]
    need = [max(1, x.min_minutes) for x in cands]
    must = [x.must and x.unit not in relax.optional for x in cands]
    required = sum(  # at-home windows, and appointments at a place of their own: gone to
        1 << i
        for i, x in enumerate(cands)
        if x.role == "home" or (x.role == "away" and x.place != home)
    )
    # away windows (appointments): placed, or still ahead once the party is home (as in
    # ``check_plan``: nothing may start after an appointment that was not gone to first)
    aways = [
        (i, cands[i].open[0][0])
        for i in range(n)
        if cands[i].role == "away" and cands[i].place == home
    ]
    pseudo_bits = sum(1 << i for i, x in enumerate(cands) if x.role)
    clash = [0] * n
    for i, x in enumerate(cands):  # alternatives of one must-do exclude each other
        for j, y in enumerate(cands):
            if i != j and x.group is not None and x.group == y.group:
                clash[i] |= 1 << j
    if problem.distinct_kinds:
        for i, x in enumerate(cands):
            for j, y in enumerate(cands):
                if (
                    i != j
                    and x.kind
                    and x.kind == y.kind
                    and x.kind not in problem.repeat_kinds
                    and x.kind not in CATCH_ALL_KINDS
                    and not (must[i] and must[j])
                ):
                    clash[i] |= 1 << j
    meal = problem.meal
    # use of the window: visit time counts up to FILL_SHARE of the free window, no further
    free = (
        c.window[1]
        - c.window[0]
        - sum(overlap_minutes((b.start, b.end), c.window) for b in c.blocked)
    )
    fill_cap = int(FILL_SHARE * max(0, free))
    # food venues: the earliest start that makes the visit the meal
    lunch_at = [LUNCH[0] + min(FOOD_OVERLAP, need[j]) - need[j] for j in range(n)]
    # label: (finish, cost, travel, leave_home, parent label, candidate index, start, timed)
    never = DAY_END * 2
    start_label = (c.window[0], 0.0, 0, never, None, -1, -1, False)
    # states: (place, fed, pause) packed in one int, ``place << 2 | fed << 1 | pause`` --
    # ``pause``: the label ends with the meal break, which may not end the day, so such labels
    # neither end a plan nor prune labels that can
    layers: dict[int, dict[int, list[tuple]]] = {0: {0: [start_label]}}
    best_key = None
    best3 = None  # the best key's first three terms (what the bound is compared with)
    best = None
    # bound: the real candidates by weight, heaviest first (ties by index), and the pseudo ones
    by_weight = sorted((i for i in range(n) if not cands[i].role), key=lambda i: -cands[i].weight)
    pseudo = [i for i in range(n) if cands[i].role]
    weights = [x.weight for x in cands]
    typical = [0 if x.role else x.typical_minutes for x in cands]
    real_bits = ((1 << n) - 1) & ~pseudo_bits
    must_bits = sum(1 << i for i in range(n) if must[i])
    # per candidate, for the inner loop: its place index, visit segments, length, cost, role
    cand_rows = [
        (
            j,
            1 << j,
            clash[j],
            x.role,
            idx[j + 1],
            segs[j],
            need[j],
            x.cost,
            x.role == "home" or x.at_home,
            x.food,
            lunch_at[j],
        )
        for j, x in enumerate(cands)
    ]
    bounds: dict[int, tuple] = {}  # mask -> its upper bound
    # a candidate can join a mask that holds neither it nor one it excludes
    blocks = [(1 << j) | clash[j] for j in range(n)]
    # per mask, built from the mask without its highest bit: (the sum of its members' weights
    # in index order, the very additions ``sum`` makes; the candidates it can still add, since
    # ``clash`` is symmetric: a candidate is cut by a member exactly when that member's block
    # holds it)
    folds: dict[int, tuple[float, int]] = {0: (0, (1 << n) - 1)}

    def fold(mask: int) -> tuple[float, int]:
        got = folds.get(mask)
        if got is None:
            high = mask.bit_length() - 1
            total, bits = fold(mask ^ (1 << high))
            got = folds[mask] = (total + weights[high], bits & ~blocks[high])
        return got

    # the meal break may also be taken on arrival, before the next visit (drive, eat, visit)
    lunch_i = next((i for i, x in enumerate(cands) if x.role == "lunch"), None)
    lunch_bit = 0 if lunch_i is None else 1 << lunch_i
    lunch_seg = [] if lunch_i is None else segs[lunch_i]

    def bound_of(mask: int) -> tuple:
        """The upper bound of ``mask`` (``_upper_bound``), computed once per mask (it does not
        depend on the best key so far)."""
        got = bounds.get(mask)
        if got is None:
            total, bits = fold(mask)
            got = bounds[mask] = _upper_bound(
                (mask & must_bits).bit_count(),
                round(total, 9),
                limit - (mask & real_bits).bit_count(),
                bits,
                by_weight,
                pseudo,
                weights,
                must_bits,
            )
        return got

    # masks in increasing order (every subset before its supersets), only those reached; a
    # mask the bound rules out is never filled (``best_key`` only grows, so it stays ruled out
    # and would be skipped when its turn came)
    pending = [0]
    while pending:
        mask = heappop(pending)
        states = layers.pop(mask)
        if best3 is not None and (bounds.get(mask) or bound_of(mask)) < best3:
            continue
        members = [i for i in range(n) if mask >> i & 1]
        size = (mask & real_bits).bit_count()
        n_must = (mask & must_bits).bit_count()
        weight = round(sum([weights[i] for i in members]), 9)
        addable = [row for row in cand_rows if not mask & blocks[row[0]]]
        if each_cap is not None:  # each member's share of the mask with it stays within the cap
            spent_a = sum([heads[i][0] for i in members])
            spent_c = sum([heads[i][1] for i in members])
            addable = [
                row
                for row in addable
                if round(spent_a + heads[row[0]][0], 2) <= each_cap + 1e-9
                and round(spent_c + heads[row[0]][1], 2) <= each_cap + 1e-9
            ]
        fill = min(fill_cap, sum([typical[i] for i in members])) if meal else 0
        # minutes the visits may still stretch toward their typical length (after the search)
        room = sum([max(0, typical[i] - need[i]) for i in members]) if meal else 0
        complete = mask & required == required
        for skey, labels in states.items():
            place, fed, pause = skey >> 2, bool(skey & 2), skey & 1
            if complete and mask & ~pseudo_bits and not pause:
                h = legs[place][0] if problem.return_home else 0
                if not (problem.return_home and (h >= _FAR or (cap is not None and h > cap))):
                    for lab in labels:
                        if not problem.return_home:
                            home_at = lab[0]
                        elif h and busy:  # memoised like the legs out (``departs``)
                            home_at = departs.get((lab[0], h))
                            if home_at is None:
                                home_at = arrive(lab[0], h)
                        else:
                            home_at = arrive(lab[0], h)
                        if problem.return_home and home_at > w1:
                            continue
                        if aways and any(not mask >> k & 1 and a < home_at for k, a in aways):
                            continue  # home only after an appointment began: go to it first
                        ok = 1
                        if (
                            meal
                            and not fed
                            and spans_lunch(lab[3] if lab[3] < never else None, home_at)
                        ):
                            ok = 0
                        key = (
                            n_must,
                            ok,
                            weight,
                            fill,
                            -(lab[2] + h),
                            # a meal that costs nothing: visits may then stretch; a day home
                            # before lunch even fully stretched has its meal at home too
                            # (a morning swim is then not worse than one squeezed into the
                            # afternoon after a lunch at home)
                            int(fed or (meal and home_at + room <= LUNCH[0])),
                            -home_at,
                            -round(lab[1], 2),
                        )
                        if best_key is None or key > best_key:
                            best_key, best = key, (lab, h, bool(ok))
                            best3 = key[:3]
            hungry = meal and not fed
            full = size >= limit
            row_legs = legs[place]
            for j, bit, _, role, target, seg_j, need_j, x_cost, homely, food, lunch_j in addable:
                if full and not role:
                    continue
                if target >= 0:  # the leg does not depend on the label: test it once
                    leg = row_legs[target]
                    if leg >= _FAR or (cap is not None and leg > cap):
                        continue
                    new_place = target
                else:
                    leg, new_place = 0, place
                child = mask | bit
                if best3 is not None and (bounds.get(child) or bound_of(child)) < best3:
                    # the bound rules the new mask out (see the loop's comment); a mask already
                    # filled is cut when its turn comes, so labels added to it would go unused
                    # (and the meal-on-arrival mask, one pseudo stop more, is bounded by it)
                    continue
                bucket = layers.get(child)
                going_out = place == 0 and (target > 0 or role == "away") and role != "home"
                on_arrival = (
                    hungry and not role and place != 0 and target > 0 and leg and lunch_bit
                ) and not mask & lunch_bit
                fed_bucket = None
                for lab in labels:
                    ready = lab[0]
                    if leg and busy:  # depart_after, memoised per (ready, leg) in this solve
                        arrival = departs.get((ready, leg))
                        if arrival is None:
                            arrival = arrive(ready, leg)
                    else:
                        arrival = plus(ready, leg) if plus else ready + leg
                    s = None  # _earliest, inlined
                    for a, b in seg_j:
                        t = a if a > arrival else arrival
                        if (plus(t, need_j) if plus else t + need_j) <= b:
                            s = t
                            break
                    if s is None:
                        continue
                    cost = lab[1] + x_cost
                    # round(cost, 2) can only exceed the budget when cost is within a cent of it
                    if (
                        budget is not None
                        and cost > budget - 0.01
                        and round(cost, 2) > budget + 1e-9
                    ):
                        continue
                    first_out = going_out and lab[3] == never
                    end = plus(s, need_j) if plus else s + need_j
                    starts = ((s, end, False),)
                    if hungry and food and not food_counts((s, end)):
                        s2 = _earliest(seg_j, max(arrival, lunch_j), need_j, plus)
                        if s2 is not None:
                            end2 = plus(s2, need_j) if plus else s2 + need_j
                            if food_counts((s2, end2)):
                                starts = ((s, end, False), (s2, end2, True))
                    for st, st_end, timed in starts:
                        if aways and any(
                            k != j and not mask >> k & 1 and a <= st for k, a in aways
                        ):
                            continue  # an appointment starts first: the party goes to it first
                        got = fed
                        if hungry:
                            got = (
                                role == "lunch"
                                or (homely and overlap_minutes((st, st_end), LUNCH) >= FOOD_OVERLAP)
                                or (food and food_counts((st, st_end)))
                            )
                        lv = st - leg if first_out else lab[3]
                        new = (st_end, cost, lab[2] + leg, lv, lab, j, st, timed)
                        if bucket is None:
                            bucket = layers[child] = {}
                            heappush(pending, child)
                        bucket_key = new_place << 2 | got << 1 | (role == "lunch")
                        labs = bucket.get(bucket_key)
                        if labs is None:
                            bucket[bucket_key] = [new]
                        else:
                            _insert(labs, new, meal and not got)
                    if on_arrival:  # drive, take the meal break there, then visit (timed 2)
                        ls = _earliest(lunch_seg, arrival, MEAL_MINUTES, plus)
                        if ls is None:
                            continue
                        s3 = _earliest(seg_j, clock.add(ls, MEAL_MINUTES), need_j, plus)
                        if s3 is None:
                            continue
                        if aways and any(not mask >> k & 1 and a <= s3 for k, a in aways):
                            continue  # an appointment starts first: the party goes to it first
                        new = (clock.add(s3, need_j), cost, lab[2] + leg, lab[3], lab, j, s3, 2)
                        if fed_bucket is None:
                            fed_bucket = layers.get(mask | bit | lunch_bit)
                            if fed_bucket is None:
                                fed_bucket = layers[mask | bit | lunch_bit] = {}
                                heappush(pending, mask | bit | lunch_bit)
                        labs = fed_bucket.get(new_place << 2 | 2)
                        if labs is None:
                            fed_bucket[new_place << 2 | 2] = [new]
                        else:
                            _insert(labs, new)
    if best is None:
        return Solution([], [], 0, 0.0, 0, 0.0, c.window[0], None)
    lab, h, meal_ok = best
    chain = []
    while lab[4] is not None:
        chain.append((lab[5], lab[6], lab[7]))
        lab = lab[4]
    chain.reverse()
    order = [j for j, _, _ in chain]
    timed = [t for _, _, t in chain]
    starts, ends = _stretch(problem, clock, cands, segs, order, timed, legs, idx, w1, meal_ok)
    stops = [
        ProposedStop(
            start=s,
            end=e,
            venue_id=None if cands[j].activity else cands[j].key,
            activity=cands[j].key if cands[j].activity else None,
            min_minutes=cands[j].stop_min_minutes,
            at_home=cands[j].at_home,
        )
        for j, s, e in zip(order, starts, ends, strict=True)
        if not cands[j].role
    ]
    travel = -best_key[4]
    kept = [j for j in order if not cands[j].role]
    home_at = (
        _simulate(problem, clock, cands, segs, order, timed, legs, idx, ends, len(order))[1]
        if order
        else c.window[0]
    )
    return Solution(
        stops=stops,
        keys=[cands[j].key for j in kept],
        must_count=best_key[0],
        weight=best_key[2],
        travel_minutes=travel,
        cost=round(sum(cands[j].cost for j in kept), 2),
        home_by=home_at if home_at is not None else c.window[0],
        meal=meal_ok if problem.meal else None,
    )


def _upper_bound(n_must, weight, slots, addable, by_weight, pseudo, weights, must_bits):
    """The best the objective's first three terms (must-dos, meal, weight) can reach for an
    itinerary that grows from the stops of a mask (``n_must`` must-dos, ``weight``, room for
    ``slots`` more real stops), for branch and bound: ``solve`` cuts a mask whose bound is
    strictly below the best key so far, so ties are kept and the search stays exact.
    ``addable``: the bits of the candidates not in the mask and of a kind it does not already
    hold; ``by_weight`` the real candidates heaviest first, ``pseudo`` the pseudo ones,
    ``must_bits`` the must-dos. Every must-do still addable is added, the meal term holds, and
    the weight gains every addable pseudo candidate plus the ``slots`` heaviest addable real
    ones (weights are ≥ 0)."""
    gain = 0
    for j in pseudo:
        if addable >> j & 1:
            gain += weights[j]
    taken = 0
    if slots > 0:
        for j in by_weight:
            if addable >> j & 1:
                gain += weights[j]
                taken += 1
                if taken >= slots:
                    break
    musts = n_must + (addable & must_bits).bit_count()
    return (musts, 1, weight + gain + 1e-6)


def _insert(bucket: list[tuple], new: tuple, unfed: bool = False) -> None:
    """Add ``new`` to a Pareto set of labels unless one already there dominates it: no later,
    no dearer, no more travel and (for a day still without its meal) leaving home no earlier."""
    t, cost, tr, lv = new[0], new[1], new[2], new[3]
    dearer = cost + 1e-9
    for old in bucket:
        if old[0] <= t and old[1] <= dearer and old[2] <= tr and (not unfed or old[3] >= lv):
            return
    for old in bucket:
        if t <= old[0] and cost <= old[1] + 1e-9 and tr <= old[2] and (not unfed or lv >= old[3]):
            bucket[:] = [
                old
                for old in bucket
                if not (
                    t <= old[0]
                    and cost <= old[1] + 1e-9
                    and tr <= old[2]
                    and (not unfed or lv >= old[3])
                )
            ]
            break
    bucket.append(new)


def _lunch_index(cands) -> int:
    return next(i for i, x in enumerate(cands) if x.role == "lunch")


def _simulate(problem, clock, cands, segs, order, timed, legs, idx, ends, fixed):
    """Schedule ``order`` with the first ``fixed`` visits ending at ``ends`` and the rest at
    their minimum length, each as early as it may (a lunch-timed food visit as early as it can
    still be the meal). Returns ``(starts, home_at, leave_home, fed)`` or ``None`` when some
    visit no longer fits, the way home is over the deadline, or the meal would be lost."""
    c = problem.constraints
    add, arrive = clock.add, clock.arrive
    t, place = c.window[0], 0
    starts, leave, fed = [], None, False
    # appointments not in ``order``: nothing may start at or after one, nor be home after it
    ahead = [
        x.open[0][0]
        for k, x in enumerate(cands)
        if x.role == "away" and x.place == problem.home and k not in order
    ]
    for i, j in enumerate(order):
        x = cands[j]
        target = idx[j + 1]
        leg = legs[place][target] if target >= 0 else 0
        need = max(1, x.min_minutes)
        floor = arrive(t, leg)
        if timed[i] == 2:  # the meal break on arrival, then the visit
            meal_at = _earliest(segs[_lunch_index(cands)], floor, MEAL_MINUTES, clock.plus)
            if meal_at is None:
                return None
            floor, fed = add(meal_at, MEAL_MINUTES), True
        elif timed[i]:
            floor = max(floor, LUNCH[0] + min(FOOD_OVERLAP, need) - need)
        s = _earliest(segs[j], floor, need, clock.plus)
        if s is None or any(a <= s for a in ahead):
            return None
        e = ends[i] if i < fixed else add(s, need)
        if e < add(s, need) or not any(a <= s and e <= b for a, b in segs[j]):
            return None
        if leave is None and place == 0 and (target > 0 or x.role == "away") and x.role != "home":
            leave = s - leg
        if x.role == "lunch" or (x.food and food_counts((s, e))):
            fed = True
        if (x.role == "home" or x.at_home) and overlap_minutes((s, e), LUNCH) >= FOOD_OVERLAP:
            fed = True
        starts.append(s)
        t = e
        if target >= 0:
            place = target
    h = legs[place][0] if problem.return_home else 0
    home_at = arrive(t, h) if problem.return_home else t
    if any(a < home_at for a in ahead):
        return None  # an appointment not gone to began before the party is home
    return starts, home_at, leave, fed


def _stretch(problem, clock, cands, segs, order, timed, legs, idx, w1, meal_ok):
    """Start and end times after stretching each visit, in order, toward its typical length
    while every later visit, the way home and the meal (when the day had one) still fit."""
    if not order:
        return [], []
    base = _simulate(problem, clock, cands, segs, order, timed, legs, idx, [], 0)
    assert base is not None  # the DP's own schedule
    mins = [clock.add(s, max(1, cands[j].min_minutes)) for s, j in zip(base[0], order, strict=True)]
    ends = list(mins)

    def fits(k: int, trial: list[int]) -> bool:
        out = _simulate(problem, clock, cands, segs, order, timed, legs, idx, trial, k + 1)
        if out is None or out[1] > w1:
            return False
        return not (problem.meal and meal_ok and not out[3] and spans_lunch(out[2], out[1]))

    for k, j in enumerate(order):
        x = cands[j]
        sim = _simulate(problem, clock, cands, segs, order, timed, legs, idx, ends, k)
        s = sim[0][k]
        if x.role:  # time at home and the meal break keep their length
            ends[k] = clock.add(s, max(1, x.min_minutes))
            continue
        want = clock.add(s, max(x.typical_minutes, x.min_minutes, 1))
        lo, hi = clock.add(s, max(1, x.min_minutes)), want
        trial = ends[:k] + [hi]
        if fits(k, trial):
            ends[k] = hi
            continue
        while lo < hi:  # the largest end that still fits (feasibility is monotone in it)
            mid = (lo + hi + 1) // 2
            if fits(k, ends[:k] + [mid]):
                lo = mid
            else:
                hi = mid - 1
        ends[k] = lo
    final = _simulate(problem, clock, cands, segs, order, timed, legs, idx, ends, len(order))
    return final[0], ends


# ---------------------------------------------------------------- building candidates


@dataclass(frozen=True)
class Pick:
    """What the model chose: a venue (``venue_id``) or a venue-less ``activity``; ``minutes``
    is a must-do's length (for a venue: at least the venue's minimum); ``weight`` its preference."""

    venue_id: str | None = None
    activity: str | None = None
    minutes: int | None = None
    must: bool = False
    weight: float = 1.0
    group: str | None = None
    """For a must-do venue: the must-do it is one alternative for (see ``Candidate.group``)."""
    at_home: bool = False
    """A venue-less must-do ``activity`` that happens at home (see ``Candidate.at_home``)."""
    within: tuple[Interval, ...] = ((0, DAY_END),)
    """When an at-home must-do may happen (lunch at home: lunchtime), minutes."""


def must_units(candidates: Sequence[Candidate]) -> list[str]:
    """The must-dos among ``candidates``, once each (a group of alternatives is one), in order."""
    out: list[str] = []
    for x in candidates:
        if x.must and x.unit not in out:
            out.append(x.unit)
    return out


def candidate_for(pick: Pick, venue: Venue | None, c: Constraints) -> Candidate:
    """The scheduler's view of one pick. ``venue`` is required for a venue pick (``ValueError``
    otherwise); opening hours are evaluated on ``c.day`` in the venue's own calendar and
    timezone (``checker.hours_of``). Like ``check_plan``, invalid or unknown hours mean closed,
    and an unknown price never fits a budget."""
    if pick.venue_id is None:
        if not pick.activity or not pick.minutes:
            raise ValueError("an activity needs a name and minutes")
        home = pick.at_home  # time at home: at home's place, when it may happen, no group
        return Candidate(
            key=pick.activity,
            min_minutes=pick.minutes,
            typical_minutes=pick.minutes,
            must=pick.must,
            weight=pick.weight,
            place=HOME if home else None,
            open=tuple(pick.within) if home else ((0, DAY_END),),
            activity=True,
            stop_min_minutes=pick.minutes,
            at_home=home,
            group=pick.group if pick.must and not home else None,
        )
    if venue is None:
        raise ValueError(f"unknown venue {pick.venue_id!r}")
    verdict = hours_of(venue, c)  # unknown facts prove nothing (as in ``check_plan``)
    opens = () if verdict.unknown else verdict.intervals
    cost = venue.party_cost(c.adults, c.children)
    each = shares([venue], c)
    if "price" in venue.unknown and c.budget is not None:
        cost = math.inf  # cannot be shown to fit any budget
        each = (math.inf, math.inf)
    low = max(venue.min_minutes, pick.minutes or 0, 1)
    typical = low if pick.minutes else max(low, venue.typical_minutes)
    return Candidate(
        key=venue.id,
        min_minutes=low,
        typical_minutes=typical,
        must=pick.must,
        weight=pick.weight,
        place=venue.id,
        open=tuple(opens),
        outdoor=not venue.indoor,
        cost=cost,
        kind=venue.kind,
        food=is_food(venue.kind, venue.tags),
        group=pick.group if pick.must else None,
        shares=each,
    )


# ---------------------------------------------------------------- proofs


def conflict_items(problem: Problem) -> list[tuple[str, object]]:
    """Every constraint a proof may name, in the order the deletion filter tries to drop them:
    must-dos, then the request's own limits (window, budget, travel cap, blocked windows), then
    facts of the day (rain, opening hours) — so a limit that does not matter is dropped first
    and the proof keeps the facts that really bite."""
    c = problem.constraints
    cands = problem.candidates
    items: list[tuple[str, object]] = [("must", u) for u in must_units(cands)]
    items.append(("window", None))
    if c.budget is not None:
        items.append(("budget", None))
    if c.max_leg_minutes is not None:
        items.append(("cap", None))
    items += [("blocked", i) for i in range(len(c.blocked))]
    if any(x.outdoor for x in cands):
        items += [("rain", i) for i in range(len(c.rain))]
    items += [("hours", x.key) for x in cands if x.place is not None and not x.at_home]
    return items


def _witness(problem: Problem, relax: Relaxation) -> Solution | None:
    """The best itinerary under ``relax`` that meets the requirement, or ``None`` when even
    that fails. The requirement: every must-do still required (none left = met by the empty
    itinerary); a problem without must-dos requires one stop, any one."""
    if any(x.must for x in problem.candidates):
        musts = [x for x in problem.candidates if x.must and x.unit not in relax.optional]
        if not musts:
            return Solution([], [], 0, 0.0, 0, 0.0, problem.constraints.window[0])
        sol = solve(replace(problem, candidates=musts, max_stops=None), relax)
        return sol if sol.must_count == len(must_units(musts)) else None
    best: Solution | None = None
    for x in problem.candidates:
        sol = solve(replace(problem, candidates=[x], max_stops=1), relax)
        if sol.stops and (
            best is None or (sol.weight, -sol.travel_minutes) > (best.weight, -best.travel_minutes)
        ):
            best = sol
    return best


def minimal_conflict(problem: Problem) -> list[tuple[str, object]]:
    """A minimal set of constraints (``conflict_items`` entries) that cannot all hold: with all
    of them the requirement fails, dropping any one of them lets it succeed. Deletion filter:
    one feasibility test per constraint. Returns ``[]`` when the problem is feasible."""
    return _deletion_filter(problem)[0]


def _deletion_filter(
    problem: Problem, base: Relaxation | None = None
) -> tuple[list[tuple[str, object]], Relaxation]:
    """``(conflict, dropped)``: a minimal conflicting set of ``problem`` with ``base`` already
    switched off, and the relaxation that also switches off every constraint the filter found
    it could drop (``([], base)`` when feasible under ``base``)."""
    relax = base or Relaxation()
    if _witness(problem, relax) is not None:
        return [], relax
    keep: list[tuple[str, object]] = []
    for item in conflict_items(problem):
        trial = relax.add(item)
        if _witness(problem, trial) is None:
            relax = trial  # still infeasible without it: not needed for the conflict
        else:
            keep.append(item)
    return keep, relax


MAX_CONFLICTS = 3
"""At most this many independent minimal conflicting sets are looked for in one proof."""

CONFLICT_CODES: dict[str, frozenset[str]] = {
    "window": frozenset({"outside_window", "home_after_deadline", "window_too_short", "overlap"}),
    "budget": frozenset({"over_budget"}),
    "cap": frozenset({"leg_over_cap"}),
    "blocked": frozenset({"overlaps_blocked"}),
    "rain": frozenset({"outdoor_in_rain"}),
    "hours": frozenset({"closed"}),
}
"""The ``check_plan`` failure codes each kind of conflict member shows up as."""


def conflict_failures(
    failures: Sequence[Failure], items: Sequence[tuple[str, object]]
) -> list[Failure]:
    """The failures that belong to the conflict ``items`` (a venue's ``closed`` only for that
    venue's opening hours), and those no relaxation can lift (``unknown_venue``,
    ``unknown_location``, ...); all of ``failures`` when none is left."""
    kinds = {kind for kind, _ in items}
    hours = {what for kind, what in items if kind == "hours"}
    relaxable = frozenset().union(*CONFLICT_CODES.values())
    kept = [
        f
        for f in failures
        if f.code not in relaxable  # unknown_venue, unknown_location: no relaxation helps
        or (
            any(f.code in CONFLICT_CODES.get(k, ()) for k in kinds)
            and (f.code != "closed" or f.venue_id in hours)
        )
    ]
    return kept or list(failures)


def _label(item: tuple[str, object], problem: Problem) -> str:
    kind, what = item
    c = problem.constraints
    hm = _hm
    if kind == "must":
        return f"must-do {what}"
    if kind == "hours":
        return f"opening hours of {what}"
    if kind == "rain":
        a, b = c.rain[int(what)]
        return f"rain {hm(a)}–{hm(b)}"
    if kind == "blocked":
        b = c.blocked[int(what)]
        return f"{b.label} {hm(b.start)}–{hm(b.end)}"
    if kind == "cap":
        return f"travel cap {c.max_leg_minutes} min per leg"
    if kind == "budget":
        return f"budget {c.currency} {c.budget:g}"
    return f"window {hm(c.window[0])}–{hm(c.window[1])}"


def _hm(m: int) -> str:
    return clock_text(m)


def first_leg_over_cap(constraints: Constraints, travel: TravelModel) -> list[Failure]:
    """The day's first leg when it is forced and over the travel cap: a placed appointment
    away starts so soon after the day's start that the party must leave home for it at once
    (its start minus the window's start is no more than the leg), so no stop can come before
    it and the leg is the direct one, from home ("swimming lessons at Chandler 9-10" from
    Wynnum, 28 min by car, cap 20). One ``leg_over_cap`` failure (minutes), true of every
    itinerary; ``[]`` otherwise (a later leg can be split by a stop, so it proves nothing)."""
    cap = constraints.max_leg_minutes
    away = sorted(
        (b for b in constraints.blocked if b.place and not b.at_home), key=lambda b: b.start
    )
    if cap is None or not away:
        return []
    first = away[0]
    if any(b.start < first.start for b in constraints.blocked if b is not first):
        return []  # another window comes first: leave the proof to the scheduler
    try:
        leg = travel.minutes(HOME, first.place)
    except KeyError:
        return []  # an unknown leg is the checker's to fail
    if leg <= cap or first.start - constraints.window[0] > leg:
        return []
    where = first.place.split(":", 1)[-1]
    return [
        Failure(
            "leg_over_cap",
            f"home → {first.label} at {where} ({_hm(first.start)}): {leg} min by "
            f"{constraints.mode} > cap {cap} min; the day starts too close to it for a stop "
            "before it, so every plan begins with this leg",
            values={"minutes": leg, "cap_minutes": cap, "appointment": first.label},
        )
    ]


def appointment_out_of_reach(problem: Problem) -> list[Failure]:
    """A placed appointment away that no chain of legs within the travel cap joins to home, in
    either direction, through the candidates' places (legs the travel model cannot measure are
    no link): every itinerary then has a leg over the cap on its way there or back, whatever
    the times ("dentist at 11 in Chermside" from New Farm, 19 min by car, cap 10, with no venue
    within 10 min of both). One ``leg_over_cap`` failure naming the direct leg; ``[]`` when
    there is no cap or every appointment is within reach."""
    c = problem.constraints
    cap = c.max_leg_minutes
    away = [b for b in c.blocked if b.place and not b.at_home]
    if cap is None or not away:
        return []
    nodes = [problem.home] + list(
        dict.fromkeys(x.place for x in problem.candidates if x.place is not None)
    )
    nodes += [b.place for b in away if b.place not in nodes]

    def near(a: str, b: str) -> bool:
        leg = _leg(problem.travel, a, b)
        return leg is not None and leg <= cap

    def reach(start: str, forward: bool) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            at = todo.pop()
            for n in nodes:
                if n not in seen and (near(at, n) if forward else near(n, at)):
                    seen.add(n)
                    todo.append(n)
        return seen

    there, back = reach(problem.home, True), reach(problem.home, False)
    for b in sorted(away, key=lambda b: b.start):
        if b.place in there and b.place in back:
            continue
        out = b.place not in there
        leg = _leg(problem.travel, *((problem.home, b.place) if out else (b.place, problem.home)))
        where = b.place.split(":", 1)[-1]
        way = f"home → {b.label} at {where}" if out else f"{b.label} at {where} → home"
        said = f"{leg} min by {c.mode}" if leg is not None else "not measurable"
        return [
            Failure(
                "leg_over_cap",
                f"{way} ({_hm(b.start)}): {said} > cap {cap} min, and no venue found lies "
                f"within {cap} min of both on the way, so every plan has a leg over the cap",
                values={"minutes": leg if leg is not None else -1, "cap_minutes": cap}
                | {"appointment": b.label},
            )
        ]
    return []


def prove_infeasible(problem: Problem, venues: Mapping[str, Venue]) -> Infeasible | None:
    """``None`` when the problem has a plan, else the proof (see the module docstring).

    With must-dos, the proof's failures are ``check_plan``'s verdict on the witness, narrowed to
    the minimal conflicting set: when the request is infeasible for more than one independent
    reason, only the failures of the conflict it names are served (each with its numbers), so a
    constraint the deletion filter dropped never shows up as the reason. Without must-dos (not
    one candidate fits), the proof is one ``no_candidates`` failure that says, for every
    candidate, why it cannot be visited (``nothing_fits``): never the closure of one venue."""
    if not problem.candidates:
        result = check_plan([], problem.constraints, venues, problem.travel)
        return Infeasible(list(result.failures), ["no candidates"], [], [], result)
    if _witness(problem, Relaxation()) is not None:
        return None
    alone = first_leg_over_cap(problem.constraints, problem.travel) or appointment_out_of_reach(
        problem
    )
    if alone:  # the leg to an appointment breaks the cap: true of every itinerary
        empty = check_plan([], problem.constraints, venues, problem.travel)
        return Infeasible(alone, [f.detail for f in alone], [], [], replace(empty, failures=alone))
    items = [] if any(x.must for x in problem.candidates) else minimal_conflict(problem)
    if items:  # no must-dos, and constraints explain why not one candidate fits
        names = {k: v.name for k, v in venues.items()}
        failures = nothing_fits(problem, names, conflict=items)
        result = check_plan([], problem.constraints, venues, problem.travel)
        result = replace(result, failures=failures)
        labels = [_label(i, problem) for i in items] or [failures[0].detail]
        return Infeasible(failures, labels, items, [], result)
    # [] here: nothing that can be switched off explains it (a place without coordinates).
    # More than one independent conflict (a budget too small AND rain over the only slot):
    # each is found in turn with the ones before switched off, and all are served, since
    # fixing one alone would still leave no plan.
    groups, base = _independent_conflicts(problem, keep_musts=True)
    items: list[tuple[str, object]] = []
    for group in groups:
        items += [i for i in group if i not in items]
    relax = base  # switch off the conflicts' constraints; keep only their must-dos
    for u in must_units(problem.candidates):
        if ("must", u) not in items:
            relax = relax.add(("must", u))
    witness = _witness(problem, relax)
    if witness is None:  # even with every constraint off: lay the must-dos end to end
        t = problem.constraints.window[0]
        stops = []
        laid, units = [], set()
        for x in problem.candidates:  # one venue per must-do (its first alternative)
            if x.must and ("must", x.unit) in items and x.unit not in units:
                laid.append(x)
                units.add(x.unit)
        if not laid:  # no must-do to blame: show the first candidate, and let the check say why
            laid = list(problem.candidates[:1])
        for x in laid:
            stops.append(
                ProposedStop(
                    t,
                    t + x.min_minutes,
                    venue_id=None if x.activity else x.key,
                    activity=x.key if x.activity else None,
                    min_minutes=x.stop_min_minutes,
                    at_home=x.at_home,
                )
            )
            t += x.min_minutes
    else:
        stops = witness.stops
    result = check_plan(stops, problem.constraints, venues, problem.travel)
    if items:  # only what the conflicts are made of (a dropped limit is never the reason)
        kept = conflict_failures(result.failures, items)
        kept = _outside_musts_dropped(kept, problem, items)
        result = replace(result, failures=_member_failures(problem, venues, groups, base, kept))
    conflict = [_label(i, problem) for i in items] or [
        f.detail for f in result.failures if f.code == "unknown_location"
    ]
    return Infeasible(
        failures=list(result.failures),
        conflict=conflict or ["no itinerary under any relaxation"],
        items=groups[0] if groups else [],
        witness=stops,
        check=result,
        more=groups[1:],
    )


def _outside_musts_dropped(
    failures: Sequence[Failure], problem: Problem, items: Sequence[tuple[str, object]]
) -> list[Failure]:
    """``failures`` without the ``missing_must_do`` of a must-do that has candidates but is no
    member of the conflict ``items``: it fits on its own, so it plays no part (a must-do
    without any candidate stays: nothing can be switched off for it)."""
    inside = {str(w) for k, w in items if k == "must"}
    cands = [x for x in problem.candidates if x.must]
    keys_in = {x.key for x in cands if x.unit in inside}
    units = {x.unit for x in cands}
    rules = {r.name: r for r in problem.constraints.must_dos}
    out = []
    for f in failures:
        if f.code == "missing_must_do":
            name = str(f.values.get("must_do", ""))
            rule = rules.get(name)
            ids = set(rule.venue_ids) if rule is not None else set()
            known = name in units or bool(ids & {x.key for x in cands})
            if known and name not in inside and not (ids & keys_in):
                continue
        out.append(f)
    return out


def _shrunk(problem: Problem, stops: Sequence[ProposedStop]) -> list[ProposedStop]:
    """``stops`` with each visit cut to its candidate's minimum length (start kept): the
    tightest numbers a failure can show. Cutting only frees time, so every constraint the
    stops met still holds."""
    by_key = {x.key: x for x in problem.candidates}
    out = []
    for s in stops:
        x = by_key.get(s.venue_id or s.activity or "")
        if x is not None and s.end - s.start > x.min_minutes:
            s = replace(s, end=s.start + x.min_minutes)
        out.append(s)
    return out


def _member_failures(
    problem: Problem,
    venues: Mapping[str, Venue],
    groups: Sequence[list[tuple[str, object]]],
    base: Relaxation,
    fallback: list[Failure],
) -> list[Failure]:
    """A failure for every hard constraint of the conflicts ``groups``, each with its numbers.

    For each member: the best itinerary with only that member switched off (the conflict's
    other members and every other constraint kept; if none exists, also the constraints the
    deletion filter dropped, ``base``), visits cut to their minimum length, checked by
    ``check_plan``; its failures of that member's kind are served, said with the members kept
    and the placement ("home at 17:25, deadline 17:00 (keeping rain 11:00–15:00: Lone Pine
    15:00–17:00, 120 min at least, leg home 25 min)"). A member that shows no failure this way
    falls back to ``fallback`` (the shared witness's failures). Failures no relaxation lifts
    (``unknown_venue``, a must-do without venues) are kept from ``fallback``."""
    relaxable = frozenset().union(*CONFLICT_CODES.values())
    out: list[Failure] = []
    c = problem.constraints
    names = {k: v.name for k, v in venues.items()}
    for group in groups:
        musts = {str(w) for k, w in group if k == "must"}
        off = Relaxation()
        for u in must_units(problem.candidates):
            if u not in musts:
                off = off.add(("must", u))
        members = [i for i in group if i[0] != "must"]
        for item in members:
            codes = CONFLICT_CODES.get(item[0], frozenset())
            short = _window_bound(problem, names, musts) if item[0] == "window" else None
            if short is not None:  # the must-dos and their legs exceed the window wherever
                out += [short] if short not in out else []  # they go: that is the reason
                continue
            sol = _witness(replace(problem, meal=False), off.add(item))
            own = sol is not None  # placed with the other members kept: said with them
            if sol is None:
                sol = _witness(replace(problem, meal=False), _union(base, off).add(item))
            found: list[Failure] = []
            timed = item[0] in ("window", "rain", "blocked", "hours")
            if sol is not None and sol.stops:
                stops = _shrunk(problem, sol.stops)
                check = check_plan(stops, c, venues, problem.travel)
                found = [
                    f
                    for f in conflict_failures(check.failures, [item])
                    if f.code in codes and (item[0] != "hours" or f.venue_id == item[1])
                ]
                kept = [_label(i, problem) for i in members if i != item]
                placed = ", ".join(
                    f"{names.get(s.venue_id or '', s.venue_id or s.activity)} "
                    f"{_hm(s.start)}–{_hm(s.end)}"
                    for s in stops
                )
                mins = {x.key: x.min_minutes for x in problem.candidates}
                least = ", ".join(
                    f"{mins[k]} min at least"
                    for k in (s.venue_id or s.activity for s in stops)
                    if k in mins
                )
                head = f"keeping {' and '.join(kept)}: {placed}"
                head += f", {least}" if least else ""
                if item[0] == "window" and problem.return_home:
                    head += f", leg home {check.travel_home} min"
                one = stops[0].venue_id if len(stops) == 1 else None
                found = [replace(f, venue_id=f.venue_id or one) for f in found]
                if timed and kept and own:  # said with the placement it was checked on
                    found = [
                        replace(f, detail=f"{f.detail} ({head})"[:DETAIL_CHARS]) for f in found
                    ]
            if not found:
                found = [
                    f
                    for f in fallback
                    if f.code in codes and (item[0] != "hours" or f.venue_id == item[1])
                ]
            out += [f for f in found if f not in out]
    out += [f for f in fallback if f.code not in relaxable and f not in out]
    return out or list(fallback)


def _window_bound(problem: Problem, names: Mapping[str, str], musts: set[str]) -> Failure | None:
    """``window_too_short`` when the must-dos ``musts`` cannot fit the window in any order, at
    any time, whatever else holds: their shortest visits (the shortest alternative of each),
    the shortest leg out from home to any of them and, when the day returns home, the shortest
    leg back already exceed the window's minutes (legs between stops only add to that). "10am
    to 12pm, must: Lone Pine": 120 min + 30 min there + 33 min home > 120 min; a witness placed
    after the rain would instead show 15:00-17:00 "outside the window", which is true of that
    placement but not why no plan exists. ``None`` when the bound does not prove it."""
    c = problem.constraints
    units: dict[str, list[Candidate]] = {}
    for x in problem.candidates:
        if x.must and x.unit in musts:
            units.setdefault(x.unit, []).append(x)
    if not units:
        return None
    visits = sum(min(x.min_minutes for x in xs) for xs in units.values())
    placed = [x for xs in units.values() for x in xs]  # any of them may come first or last

    def shortest(pairs) -> int:  # an unmeasurable leg counts 0: the bound stays a lower one
        found = [m for a, b in pairs if a != b and (m := _leg(problem.travel, a, b)) is not None]
        return min(found) if found and len(found) == len(pairs) else 0

    home = problem.home
    where = [x.place if x.place is not None and not x.at_home else home for x in placed]
    out_leg = shortest([(home, p) for p in where])
    back_leg = shortest([(p, home) for p in where]) if problem.return_home else 0
    span = c.window[1] - c.window[0]
    need = visits + out_leg + back_leg
    if need <= span or visits > span:  # visits alone too long: the check's own window_too_short
        return None
    what = ", ".join(
        f"{names.get(xs[0].key, xs[0].unit) if len(xs) == 1 else xs[0].unit} "
        f"{min(x.min_minutes for x in xs)} min at least"
        for xs in units.values()
    )
    legs = f" plus {out_leg} min from home" if out_leg else ""
    legs += f" and {back_leg} min home" if back_leg else ""
    return Failure(
        "window_too_short",
        f"the {_hm(c.window[0])}–{_hm(c.window[1])} window is {span} min: {what}{legs} "
        f"need {need} min, wherever and whenever the day goes",
        values={"available_minutes": span, "needed_minutes": need},
    )


def _union(a: Relaxation, b: Relaxation) -> Relaxation:
    return Relaxation(
        window=a.window or b.window,
        blocked=a.blocked | b.blocked,
        rain=a.rain | b.rain,
        cap=a.cap or b.cap,
        budget=a.budget or b.budget,
        hours=a.hours | b.hours,
        optional=a.optional | b.optional,
    )


# ---------------------------------------------------------------- why nothing fits


DETAIL_CHARS = 480
"""A failure's detail is served with at most 500 characters; ``nothing_fits`` stays below."""

FITS = "can be visited on its own"
"""``why_not_alone``'s reason for a candidate that does fit by itself."""


def _alone(problem: Problem, x: Candidate) -> Problem:
    return replace(problem, candidates=[replace(x, must=False)], max_stops=1, meal=False)


def alone_conflict(problem: Problem, x: Candidate) -> list[tuple[str, object]] | None:
    """The minimal conflict of candidate ``x`` visited on its own (``conflict_items``
    entries), or ``None`` when ``x`` alone fits."""
    alone = _alone(problem, x)
    if _witness(alone, Relaxation()) is not None:
        return None
    return minimal_conflict(alone)


def alone_conflicts(problem: Problem, x: Candidate) -> list[list[tuple[str, object]]] | None:
    """Every independent minimal conflict of candidate ``x`` on its own (at most
    ``MAX_CONFLICTS``): the first as ``alone_conflict``, each next one found with the ones
    before switched off — rain over its only slot *and* a price over the budget are two, since
    fixing one still leaves ``x`` out. ``None`` when ``x`` alone fits; ``[[]]`` when nothing
    that can be switched off explains it."""
    alone = _alone(problem, x)
    if _witness(alone, Relaxation()) is not None:
        return None
    groups, _base = _independent_conflicts(alone, keep_musts=False)
    return groups or [[]]


def _independent_conflicts(
    problem: Problem, *, keep_musts: bool
) -> tuple[list[list[tuple[str, object]]], Relaxation]:
    """Up to ``MAX_CONFLICTS`` minimal conflicts of ``problem``, each found with the
    constraints of the ones before switched off, until none is left or a plan fits. With
    ``keep_musts`` a conflict's must-dos stay on (only its constraints are switched off).
    Returns the conflicts in the order found and the relaxation they add up to."""
    groups: list[list[tuple[str, object]]] = []
    base = Relaxation()
    for _ in range(MAX_CONFLICTS):
        found, _dropped = _deletion_filter(problem, base)
        if not found:
            break
        groups.append(found)
        for item in found:
            if not (keep_musts and item[0] == "must"):
                base = base.add(item)
        if _witness(problem, base) is not None:
            break
    return groups, base


def why_not_alone_all(
    problem: Problem, x: Candidate, names: Mapping[str, str]
) -> list[tuple[str, str]]:
    """Every reason candidate ``x`` cannot be visited on its own: one ``why_not_alone``
    ``(reason, note)`` per independent minimal conflict (``alone_conflicts``), in the order
    found; ``[(FITS, name)]`` when it fits."""
    groups = alone_conflicts(problem, x)
    if groups is None:
        return [(FITS, names.get(x.key, x.key))]
    out: list[tuple[str, str]] = []
    for items in groups:
        pair = why_not_alone(problem, x, names, items)
        if pair not in out:
            out.append(pair)
    return out


def why_not_alone(
    problem: Problem,
    x: Candidate,
    names: Mapping[str, str],
    items: list[tuple[str, object]] | None = None,
) -> tuple[str, str]:
    """Why candidate ``x`` cannot be visited on its own: ``(reason, note)``, where ``reason``
    groups candidates ("closed in the window 06:00–08:30") and ``note`` gives this one's
    numbers ("Queensland Museum: opens 09:30–17:00"). From the minimal conflict of ``x`` alone
    (``items``, computed when not given; ``FITS`` when it fits)."""
    c = problem.constraints
    alone = _alone(problem, x)
    if items is None:
        found = alone_conflict(problem, x)
        if found is None:
            return FITS, names.get(x.key, x.key)
        items = found
    kinds = {k for k, _ in items}
    name = names.get(x.key, x.key)
    span = f"{_hm(c.window[0])}–{_hm(c.window[1])}"
    opens = _opening(x.open) or "closed all day"
    leg = _leg(problem.travel, problem.home, x.place) if x.place else 0
    if not items:
        return "a leg cannot be measured (no coordinates for it or for home)", name
    inside = any(a < c.window[1] and c.window[0] < b for a, b in x.open)
    if kinds == {"hours"}:
        if not x.open:
            return "closed all day", name
        return f"closed during {span}", f"{name} (open {opens})"
    if kinds == {"window"}:
        return (
            f"too far or too long for {span}",
            f"{name} ({leg} min each way, at least {x.min_minutes} min visit)",
        )
    if kinds == {"hours", "window"}:
        if not inside:
            return f"closed during {span}", f"{name} (open {opens})"
        return f"not open long enough within {span}", f"{name} (open {opens})"
    if kinds == {"budget"}:
        return (
            f"over the {c.currency} {c.budget:g} budget",
            f"{name} ({c.currency} {x.cost:g} for the party)",
        )
    if kinds == {"cap"}:
        return (
            f"a leg over the {c.max_leg_minutes}-min travel cap",
            f"{name} ({leg} min from home)",
        )
    if kinds <= {"rain", "window", "hours"} and "rain" in kinds:
        rain = ", ".join(f"{_hm(a)}–{_hm(b)}" for a, b in c.rain)
        return f"outdoors in the rain ({rain})", name
    if kinds <= {"blocked", "window", "hours"} and "blocked" in kinds:
        busy = ", ".join(f"{b.label} {_hm(b.start)}–{_hm(b.end)}" for b in c.blocked)
        return f"no time between the blocked windows ({busy})", name
    labels = " and ".join(_label(i, alone) for i in items)
    return f"blocked by {labels}", name


def _opening(spans: Sequence[Interval]) -> str:
    """Opening hours for people: ``"09:30–17:00"``, ``"24 hours"`` for a span over the
    whole day (never ``"00:00–00:00 the next day"``), ``""`` when closed all day."""
    if any(a <= 0 and b >= 24 * 60 for a, b in spans):
        return "24 hours"
    return ", ".join(f"{_hm(a)}–{_hm(b)}" for a, b in spans)


def _kind_found(problem: Problem) -> str:
    """``"indoor venue"`` when rain is in play and every candidate is indoors (the searches
    were indoor-only, or found nothing else: "no indoor venue found is within the 15-min cap"
    is then what is true), else ``"venue"``."""
    cands = problem.candidates
    indoor = bool(cands) and all(x.place is not None and not x.outdoor for x in cands)
    return "indoor venue" if problem.constraints.rain and indoor else "venue"


REASON_ORDER = (
    "closed all day",
    "closed during",
    "not open long enough",
    "outdoors in the rain",
    "no time between the blocked windows",
    "too far or too long",
    "over the",
    "a leg over the",
    "blocked by",
    "a leg cannot be measured",
)
"""The order ``nothing_fits`` counts a venue's reasons in (by how each reason starts): facts
of the day (the venue's hours, rain, the blocked windows) before the request's own limits
(window, budget, travel cap), then reasons of several constraints together. A venue is counted
once, under the first of its reasons; its other reasons follow in its note ("also …")."""


def _reason_rank(reason: str) -> int:
    return next((i for i, p in enumerate(REASON_ORDER) if reason.startswith(p)), len(REASON_ORDER))


def _also(note: str, others: Sequence[str]) -> str:
    """``note`` with the venue's other reasons: "Lone Pine (AUD 55 for the party; also
    outdoors in the rain (09:00–17:00))"."""
    if not others:
        return note
    extra = "also " + ", ".join(others)
    return f"{note[:-1]}; {extra})" if note.endswith(")") else f"{note} ({extra})"


def nothing_fits(
    problem: Problem,
    names: Mapping[str, str],
    limit: int = 3,
    conflict: list[tuple[str, object]] | None = None,
) -> list[Failure]:
    """The failures of a problem without must-dos where not one candidate can be visited.

    First one ``no_candidates`` failure: how many were found and, grouped by reason, why each
    cannot be visited, with numbers ("10 venues found, none can be visited: 7 closed during
    06:00–08:30 (Queensland Museum (open 09:30–17:00), …); 3 over the AUD 20 budget (…)").
    The counts are disjoint and add up to the number found: each venue is counted once, under
    the first of its independent reasons (``alone_conflicts``) in ``REASON_ORDER``, and its
    other reasons are said in its note ("Lone Pine (AUD 55 for the party; also outdoors in
    the rain (09:00–17:00))"). ``names`` maps candidate keys to venue names; ``values`` has
    ``found`` (count), one count per reason (they sum to ``found``) and ``reasons``. Then, for a hard constraint that takes part in every
    candidate's conflict (the budget, the travel cap, a blocked window, the window, rain, or
    every venue's hours), one failure with its own code and numbers: it alone leaves nothing.
    """
    groups: dict[str, list[str]] = {}
    conflicts: list[tuple[Candidate, list[tuple[str, object]]]] = []
    for x in problem.candidates:
        found = alone_conflicts(problem, x)
        if found is None:
            groups.setdefault(FITS, []).append(names.get(x.key, x.key))
            continue
        conflicts.append((x, found[0]))
        pairs: list[tuple[str, str]] = []
        for items in found:  # every independent reason of this venue
            pair = why_not_alone(problem, x, names, items)
            if pair not in pairs:
                pairs.append(pair)
        pairs.sort(key=lambda p: _reason_rank(p[0]))  # stable: found order within a rank
        reason, note = pairs[0]  # counted once, under its first reason
        name = names.get(x.key, x.key)
        others = list(
            dict.fromkeys(
                f"{r}: {n[len(name) + 2 : -1]}" if n.startswith(f"{name} (") else r
                for r, n in pairs[1:]
                if r != reason
            )
        )
        groups.setdefault(reason, []).append(_also(note, others))
    n = len(problem.candidates)
    values: dict[str, float | int | str] = {"found": n}
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for reason, notes in ordered:
        values[reason[:60]] = len(notes)
    for shown_limit in range(limit, 0, -1):  # fewer names until the detail fits
        parts = []
        for reason, notes in ordered:
            more = len(notes) - shown_limit
            shown = ", ".join(notes[:shown_limit]) + (f", +{more} more" if more > 0 else "")
            parts.append(f"{len(notes)} {reason} ({shown})")
        if sum(len(p) + 2 for p in parts) < DETAIL_CHARS - 80:
            break
    values["reasons"] = "; ".join(sorted(groups, key=lambda r: (-len(groups[r]), r)))
    plural = _kind_found(problem) + ("" if n == 1 else "s")
    fits = len(groups.get(FITS, ()))
    verdict = "none can be visited" if not fits else f"{n - fits} cannot be visited"
    day = problem.constraints.day.isoformat()
    detail = f"{n} {plural} found for {day}, {verdict}: " + "; ".join(parts)
    if not n:
        detail = "0 venues found: the searches returned nothing to visit"
    if len(detail) > DETAIL_CHARS:  # the served report's limit: keep every count, cut names
        head = f"{n} {plural} found for {day}, {verdict}: "
        short = "; ".join(
            f"{len(v)} {r}" for r, v in sorted(groups.items(), key=lambda kv: -len(kv[1]))
        )
        detail = (head + short)[: DETAIL_CHARS - 1] + (
            "…" if len(head + short) >= DETAIL_CHARS else ""
        )
    out = [Failure("no_candidates", detail, values=values)]
    if conflicts and not fits:
        whole = minimal_conflict(problem) if conflict is None else conflict
        out += _shared_failures(problem, conflicts, names, whole)
    return out


def _said_alone(conflict: Sequence[tuple[str, object]], all_closed: bool) -> bool:
    """Whether the minimal ``conflict`` of a problem where nothing fits is said truly by the
    single-constraint failures of ``_shared_failures``: the budget alone, the travel cap alone,
    the window alone ("too short for any venue found"), one rain window with or without the
    window ("leaves no dry time in 09:00–17:00 for the outdoor venues found"), one blocked window
    with the window and the venues' hours ("leaves no time in the 09:00–17:00 window for any
    venue found"), or every venue's hours with or without the window ("all 7 venues found are
    closed …"). Any other conflict has two or more members that each leave venues alone: it is
    a ``joint_conflict``."""
    kinds = [k for k, _ in conflict]
    limits = [k for k in kinds if k not in ("window", "hours")]
    if all_closed:
        return not limits
    if not limits:
        return kinds == ["window"]
    if len(limits) > 1:
        return False
    if limits[0] in ("budget", "cap"):
        return len(kinds) == 1
    if limits[0] == "rain":
        return "hours" not in kinds
    return True  # one blocked window, said with the window and the venues found


def _shared_failures(
    problem: Problem,
    conflicts: Sequence[tuple[Candidate, list[tuple[str, object]]]],
    names: Mapping[str, str],
    conflict: list[tuple[str, object]],
) -> list[Failure]:
    """A failure for each hard constraint in the whole problem's minimal ``conflict`` (the
    budget, the travel cap, a blocked window, rain; the window when only it, or it and every
    venue's hours, conflict), with the numbers of the venue that comes closest. The set is a
    deletion filter over the problem's constraints with "some stop fits" as the requirement."""
    c = problem.constraints
    n = len(conflicts)
    span = f"{_hm(c.window[0])}–{_hm(c.window[1])}"
    kinds = {k for k, _ in conflict}
    hours = {w for k, w in conflict if k == "hours"}
    out: list[Failure] = []
    found = _kind_found(problem)
    legs = {
        x.key: _leg(problem.travel, problem.home, x.place) if x.place else 0 for x, _ in conflicts
    }
    closed_each = all({k for k, _ in items} <= {"hours", "window"} for _, items in conflicts)
    if not _said_alone(conflict, hours and len(hours) == n and closed_each):
        # two or more members: each alone leaves venues (the set is minimal), so no failure may
        # say one of them leaves nothing; the joint conflict is served with its venues
        return [joint_conflict(problem, names, conflict)]
    if "budget" in kinds:
        x = min((x for x, _ in conflicts), key=lambda x: x.cost)
        out.append(
            Failure(
                "over_budget",
                f"no {found} found fits the {c.currency} {c.budget:g} budget for the party "
                f"(cheapest: {names.get(x.key, x.key)}, {c.currency} {x.cost:g})",
                values={"budget": c.budget or 0, "cheapest": x.cost},
            )
        )
    if "cap" in kinds:
        x = min((x for x, _ in conflicts), key=lambda x: legs[x.key] or _FAR)
        out.append(
            Failure(
                "leg_over_cap",
                f"no {found} found is within the {c.max_leg_minutes}-min cap by {c.mode} from "
                f"home (nearest: {names.get(x.key, x.key)}, {legs[x.key]} min each way)",
                values={"cap": c.max_leg_minutes or 0, "nearest": legs[x.key] or 0},
            )
        )
    for kind, what in conflict:
        if kind == "blocked":
            b = c.blocked[int(what)]
            out.append(
                Failure(
                    "overlaps_blocked",
                    f"{b.label} {_hm(b.start)}–{_hm(b.end)} leaves no time in the {span} "
                    f"window for any {found} found",
                    values={"blocked": f"{_hm(b.start)}-{_hm(b.end)}"},
                )
            )
        if kind == "rain":
            a, b = c.rain[int(what)]
            out.append(
                Failure(
                    "outdoor_in_rain",
                    f"rain {_hm(a)}–{_hm(b)} leaves no dry time in {span} for the outdoor "
                    "venues found",
                    values={"rain": f"{_hm(a)}-{_hm(b)}"},
                )
            )
    if hours and len(hours) == n and closed_each:
        shut = all(not x.open for x, _ in conflicts)
        when = "all day" if shut else f"during {span}"
        out.append(
            Failure(
                "closed",
                f"all {n} {found}s found are closed {when} on {c.day.isoformat()}",
                values={"window": f"{_hm(c.window[0])}-{_hm(c.window[1])}", "venues": n},
            )
        )
    elif kinds == {"window"}:
        out.append(
            Failure(
                "window_too_short",
                f"the {span} window is too short for any {found} found (the legs there and "
                "back and the shortest visit do not fit)",
                values={"window_minutes": c.window[1] - c.window[0]},
            )
        )
    return out


JOINT_SHOWN = 3
"""``joint_conflict`` names at most this many venues per member (the rest are counted)."""


def _member_groups(conflict: Sequence[tuple[str, object]]) -> list[list[tuple[str, object]]]:
    """The members of ``conflict`` as they are said: each limit on its own, every venue's
    opening hours together (one member, "opening hours")."""
    groups = [[i] for i in conflict if i[0] != "hours"]
    hours = [i for i in conflict if i[0] == "hours"]
    return groups + ([hours] if hours else [])


def joint_conflict(
    problem: Problem,
    names: Mapping[str, str],
    conflict: Sequence[tuple[str, object]],
) -> Failure:
    """The ``joint_conflict`` failure of a problem without must-dos where not one candidate can
    be visited and the minimal ``conflict`` has two or more members (``conflict_items``
    entries): each member alone leaves venues, together they leave none.

    For each member (every venue's opening hours count as one, "opening hours"): the venues
    that meet the conflict's *other* members (every constraint outside the conflict switched
    off, as in the deletion filter that found it), each with the number that breaks this member
    — its cost for the party, its leg in minutes each way, its opening hours, its leg and
    shortest visit, outdoors in the rain. Minimality makes each list non-empty, and each venue
    on it breaks the member (the whole conflict leaves nothing). Example: "no venue found fits
    the AUD 35 budget and the 15-min travel cap by car together: the only venue within the
    15-min travel cap by car, Lone Pine Koala Sanctuary (AUD 235 for 2 adults and 3 children),
    costs more than AUD 35; the 15 venues within the AUD 35 budget are more than 15 min away by
    car (Indooroopilly Library (16 min each way), …)". When that long form does not fit in
    ``DETAIL_CHARS``, each member is said as "without <it>, only <venue> fits, and it <breaks
    it>" (fewer names first, then the compact form).

    ``values``: ``members`` (the kinds, "budget+cap"); the limits in play (``budget``,
    ``cap``, ``window``, ``rain``, ``blocked``); per member the count of venues that meet the
    others (``meet_all_but_<kind>``) and, for the budget and the cap, the closest of them
    (``cheapest`` in the currency, ``nearest`` in minutes each way). ``venue_id`` is the venue
    when a member's list has exactly one and only one member is a limit with a list."""
    c = problem.constraints
    span = f"{_hm(c.window[0])}–{_hm(c.window[1])}"
    groups = _member_groups(conflict)
    inside = set(conflict)
    outside = Relaxation()
    for item in conflict_items(problem):
        if item not in inside:
            outside = outside.add(item)

    def leg(x: Candidate) -> int:
        if x.place is None:
            return 0
        ways = [
            _leg(problem.travel, problem.home, x.place),
            _leg(problem.travel, x.place, problem.home),
        ]
        return _FAR if None in ways else max(w or 0 for w in ways)

    party = f"{c.adults} adult{'s' if c.adults != 1 else ''}" + (
        f" and {c.children} child{'ren' if c.children != 1 else ''}" if c.children else ""
    )

    def says(kind: str, what: object) -> str:
        if kind == "budget":
            return f"the {c.currency} {c.budget:g} budget"
        if kind == "cap":
            return f"the {c.max_leg_minutes}-min travel cap by {c.mode}"
        if kind == "window":
            return f"the window {span}"
        if kind == "hours":
            return "opening hours"
        return _label((kind, what), problem)

    def meets(kind: str, what: object, whole_day: bool = False) -> str:
        if kind in ("budget", "cap"):
            return f"within {says(kind, what)}"
        if kind == "window":
            return f"fitting {says(kind, what)}"
        if kind == "hours":  # with the window switched off, "then" is the whole day
            return "open that day" if whole_day else "open then"
        if kind == "rain":
            return f"out of the {_label((kind, what), problem)}"
        return f"outside {_label((kind, what), problem)}"

    rank = {"budget": 0, "cap": 1, "blocked": 2, "rain": 3, "hours": 4, "window": 5}

    def within(group: list[tuple[str, object]]) -> str:
        kept = sorted((g[0] for g in groups if g != group), key=lambda i: rank[i[0]])
        return " and ".join(meets(*i, whole_day=group[0][0] == "window") for i in kept)

    def breaks(kind: str, what: object, many: bool) -> str:
        s = "" if many else "s"
        if kind == "budget":
            return f"cost{s} more than {c.currency} {c.budget:g}"
        if kind == "cap":
            return f"{'are' if many else 'is'} more than {c.max_leg_minutes} min away by {c.mode}"
        if kind == "window":
            return f"{'do' if many else 'does'} not fit in {span} with the legs there and back"
        if kind == "hours":
            return f"{'are' if many else 'is'} closed then"
        if kind == "rain":
            return f"{'are' if many else 'is'} outdoors in the {_label((kind, what), problem)}"
        return f"clash{'' if many else 'es'} with {_label((kind, what), problem)}"

    def note(kind: str, x: Candidate) -> str:
        name = names.get(x.key, x.key)
        if kind == "budget":
            cost = "free" if x.cost == 0 else f"{c.currency} {x.cost:g} for {party}"
            return f"{name} ({cost})"
        if kind == "cap":
            return f"{name} ({leg(x)} min each way)"
        opens = _opening(x.open)
        if kind == "window":
            return (
                f"{name} (open {opens or 'never'}, {leg(x)} min each way, "
                f"at least {x.min_minutes} min visit)"
            )
        return f"{name} (open {opens})" if x.open else f"{name} (closed all day)"

    values: dict[str, float | int | str] = {"members": "+".join(g[0][0] for g in groups)}
    for kind, what in conflict:
        if kind == "budget":
            values["budget"] = c.budget or 0
        elif kind == "cap":
            values["cap"] = c.max_leg_minutes or 0
        elif kind == "window":
            values["window"] = f"{_hm(c.window[0])}-{_hm(c.window[1])}"
        elif kind == "rain":
            a, b = c.rain[int(what)]
            values["rain"] = f"{_hm(a)}-{_hm(b)}"
        elif kind == "blocked":
            bw = c.blocked[int(what)]
            values["blocked"] = f"{_hm(bw.start)}-{_hm(bw.end)}"
    parts: list[tuple[str, str, str, list[str]]] = []  # (full head, short head, verb, notes)
    ids: list[str] = []
    for group in groups:
        kind, what = group[0]
        relax = outside
        for item in group:
            relax = relax.add(item)
        meet = [x for x in problem.candidates if _witness(_alone(problem, x), relax) is not None]
        if kind != "hours" and any(g[0][0] == "hours" for g in groups):
            # the list says "open then": a venue whose own hours were switched off (outside
            # the conflict: closed all day, say) is not open then, so it is not counted
            open_then = [
                x
                for x in meet
                if _witness(_alone(problem, x), replace(relax, hours=relax.hours - {x.key}))
                is not None
            ]
            meet = open_then or meet
        order = {"budget": lambda x: (x.cost, x.key), "cap": lambda x: (leg(x), x.key)}
        meet.sort(key=order.get(kind, lambda x: (names.get(x.key, x.key), x.key)))
        values[f"meet_all_but_{kind}"] = len(meet)
        if kind == "budget" and meet:
            values["cheapest"] = meet[0].cost
        if kind == "cap" and meet:
            values["nearest"] = leg(meet[0])
        if len(meet) == 1:
            ids.append(meet[0].key)
        many = len(meet) != 1
        found = _kind_found(problem)  # "indoor venue" when only indoor ones were found
        full = (
            f"the {len(meet)} {found}s {within(group)}"
            if many
            else f"the only {found} {within(group)}"
        )
        short = f"without {says(kind, what)}, {len(meet) if many else 'only'}"
        parts.append((full, short, breaks(kind, what, many), [note(kind, x) for x in meet]))
    lead = (
        f"no {_kind_found(problem)} found fits "
        + " and ".join(says(*g[0]) for g in groups)
        + " together: "
    )

    def render(shown: int, compact: bool) -> str:
        out = []
        for full, short, verb, notes in parts:
            more = len(notes) - shown
            listed = ", ".join(notes[:shown]) + (f", +{more} more" if more > 0 else "")
            if compact and len(notes) == 1:
                out.append(f"{short} {listed} fits, and it {verb}")
            elif compact and verb.startswith("do not fit"):
                out.append(f"{short} fit, and none fits{verb[len('do not fit') :]} ({listed})")
            elif compact:
                out.append(f"{short} fit, and all {verb} ({listed})")
            elif len(notes) == 1:
                out.append(f"{full}, {listed}, {verb}")
            else:
                out.append(f"{full} {verb} ({listed})")
        return lead + "; ".join(out)

    tries = [(k, False) for k in range(JOINT_SHOWN, 0, -1)]
    tries += [(k, True) for k in range(JOINT_SHOWN, 0, -1)]
    detail = ""
    for shown, compact in tries:
        detail = render(shown, compact)
        if len(detail) <= DETAIL_CHARS:
            break
    if len(detail) > DETAIL_CHARS:  # the served report's limit: every count is in ``values``
        detail = detail[: DETAIL_CHARS - 1] + "…"
    return Failure(
        "joint_conflict",
        detail,
        venue_id=ids[0] if len(ids) == 1 else None,
        values=values,
    )


@dataclass
class Arrangement:
    """What ``arrange`` returns: ``ok`` with the ``solution`` (stops) and its independent
    ``check``, or not ``ok`` with the ``proof``; ``excluded`` maps picks left out before
    scheduling to the reason (a venue whose audience does not suit the party)."""

    ok: bool
    solution: Solution | None = None
    check: CheckResult | None = None
    proof: Infeasible | None = None
    excluded: dict[str, str] = field(default_factory=dict)
    unsuited_used: dict[str, str] = field(default_factory=dict)
    """Venues planned although their audience does not suit the party, each with the reason:
    the audience rule is soft, so when nothing that suits the party fits the hard limits, the
    best day from every pick is served and this is stated (never a false "no plan")."""


def arrange(
    picks: Sequence[Pick],
    venues: Mapping[str, Venue],
    constraints: Constraints,
    travel: TravelModel,
    *,
    home: str = HOME,
    max_stops: int | None = None,
    day_shape: bool = False,
    repeat_kinds: frozenset[str] = frozenset(),
) -> Arrangement:
    """Arrange ``picks`` into the best itinerary, checked by ``check_plan``, or prove it
    impossible. A plan is infeasible when a must-do cannot be placed, or (with no must-dos)
    when not one pick can. ``day_shape`` turns on the day-shape terms (``dayplan.core.dayshape``:
    meal break, one venue per kind except ``repeat_kinds``, audience: optional picks whose venue
    does not suit the party are left out, see ``Arrangement.excluded``). Raises ``ValueError``
    for an unknown venue id, more than 10 picks or duplicates."""
    excluded: dict[str, str] = {}
    if constraints.indoor_only:  # "indoors only": an outdoor venue is never a stop (a must-do
        kept = []  # outdoors stays, and fails outdoor_excluded in the proof)
        for p in picks:
            v = venues.get(p.venue_id or "")
            if v is not None and not p.must and outdoor_excluded(v, constraints):
                excluded[v.id] = f"{v.name} is outdoors, and you asked for indoor venues only"
                continue
            kept.append(p)
        picks = kept
    if constraints.avoid or constraints.only:
        # "no museums", "not GOMA", "galleries only": a refused venue is never a stop; a
        # must-do's alternative is dropped while another is left (one named alone stays, and
        # fails ``avoided`` in the proof)
        kept = []
        groups: dict[str, int] = {}
        for p in picks:
            v = venues.get(p.venue_id or "")
            if p.must and p.group and (v is None or avoided(v, constraints) is None):
                groups[p.group] = groups.get(p.group, 0) + 1
        for p in picks:
            v = venues.get(p.venue_id or "")
            rule = avoided(v, constraints) if v is not None else None
            if rule is not None and (not p.must or groups.get(p.group or "", 0) > 0):
                excluded[v.id] = (
                    f"{v.name} is ruled out: you asked for {rule.phrase} only ({rule.said})"
                    if isinstance(rule, OnlyRule)
                    else f"{v.name} is ruled out: you said {rule.said}"
                )
                continue
            kept.append(p)
        picks = kept
    if day_shape:
        kept = []
        for p in picks:
            v = venues.get(p.venue_id or "")
            if v is not None and not p.must and not audience_fits(v.audience, constraints.children):
                who = "children" if v.audience == "children" else "adults"
                note = f" ({v.audience_note})" if v.audience_note else ""
                excluded[v.id] = f"{v.name} is for {who}{note}"
                continue
            kept.append(p)
        every, picks = picks, kept
        best = _arrange_picks(
            picks, venues, constraints, travel, home, max_stops, day_shape, repeat_kinds, excluded
        )
        if excluded and not best.ok and best.proof is not None:
            # soft: nothing that suits the party fits; the best day from every pick, said so
            wider = _arrange_picks(
                every, venues, constraints, travel, home, max_stops, day_shape, repeat_kinds, {}
            )
            if wider.ok and wider.solution is not None:
                used = {k: excluded[k] for k in wider.solution.keys if k in excluded}
                left = {k: why for k, why in excluded.items() if k not in used}
                return replace(wider, excluded=left, unsuited_used=used)
        return best
    return _arrange_picks(
        picks, venues, constraints, travel, home, max_stops, day_shape, repeat_kinds, excluded
    )


def _arrange_picks(
    picks: Sequence[Pick],
    venues: Mapping[str, Venue],
    constraints: Constraints,
    travel: TravelModel,
    home: str,
    max_stops: int | None,
    day_shape: bool,
    repeat_kinds: frozenset[str],
    excluded: dict[str, str],
) -> Arrangement:
    """``arrange`` over ``picks`` as given (the audience rule already applied)."""
    cands = [candidate_for(p, venues.get(p.venue_id or ""), constraints) for p in picks]
    musts = len(must_units(cands))
    if max_stops is not None:
        max_stops = max(max_stops, musts)
    problem = Problem(
        cands,
        constraints,
        travel,
        home=home,
        max_stops=max_stops,
        meal=day_shape,
        distinct_kinds=day_shape,
        repeat_kinds=repeat_kinds,
    )
    if not cands:
        return Arrangement(False, proof=prove_infeasible(problem, venues), excluded=excluded)
    sol = solve(problem)
    if sol.stops and sol.must_count == musts:
        result = check_plan(sol.stops, constraints, venues, travel)
        return Arrangement(result.ok, solution=sol, check=result, excluded=excluded)
    proof = prove_infeasible(problem, venues)
    if proof is None:  # cannot happen (must-dos come first in the objective); stay total anyway
        result = check_plan(sol.stops, constraints, venues, travel)
        return Arrangement(result.ok, solution=sol, check=result, excluded=excluded)
    return Arrangement(False, solution=sol, proof=proof, check=proof.check, excluded=excluded)
