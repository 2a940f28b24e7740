"""The run's must-dos, matched to venues by code (``dayplan.core.mustdo``).

A must-do is a structured ``activities`` item of the request, else a ``must_do`` the frozen
reading accepted from the text ("we must see the koalas"). Each is matched in code — never
taken on the model's word — and becomes exactly one of:

* **a group of venues** the scheduler chooses one from (``Pick.group``), by the same objective
  as every other stop: the venue the activity names, or interchangeable venues of one kind;
* **a question** (``needs_clarification``, naming the activity) when nothing matches or the
  matches are very different venues;
* **time at home** when the activity says it happens at home ("lunch at home", or
  ``at_home: true``): the scheduler places it like an at-home blocked window (the party goes
  home before it and out after it, both legs checked), and it is served as a home break.

A must-do is never a venue-less stop (``check_plan`` fails one as ``unknown_venue``) and never
silently dropped: ``arrange_plan`` refuses a must-do it cannot place as a venue.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dayplan import data
from dayplan.core.catalog import Venue
from dayplan.core.checker import (
    HOME,
    CheckResult,
    Constraints,
    Failure,
    MustDoRule,
    avoided,
    hours_of,
)
from dayplan.core.dayshape import LUNCH
from dayplan.core.mustdo import MustDoMatch, match_must_do
from dayplan.core.scheduler import MAX_CANDIDATES, Pick, arrange
from dayplan.core.travel import TravelModel
from dayplan.evidence import RunEvidence
from dayplan.reading.times import AT_HOME
from dayplan.tools.state import location_place, request_of, text_hints

MAX_ALTERNATIVES = 4
"""At most this many venues of one must-do go to the scheduler (open that day first, then the
nearest to home): it is exact over at most ten candidates."""


@dataclass(frozen=True)
class MustDo:
    """One must-do of the run: ``name`` (the activity), ``minutes`` (``None``: the venue's own
    visit length), ``venue`` the venue text it names (or ``None``), ``source`` ``request`` or
    ``reading``; ``at_home`` when it happens at home."""

    name: str
    minutes: int | None = None
    venue: str | None = None
    source: str = "request"
    at_home: bool = False

    @property
    def phrase(self) -> str:
        """What to match: the venue it names, else the activity itself."""
        return self.venue or self.name


def is_at_home(text: str) -> bool:
    """Whether an activity's own words say it happens at home ("lunch at home", "nap in the
    cot"), by the reading package's at-home rule (``dayplan.reading.times.AT_HOME``)."""
    return bool(AT_HOME.search(text or ""))


def must_dos(state: Mapping[str, Any]) -> list[MustDo]:
    """The run's must-dos: the request's structured ``activities`` (they win), else the frozen
    reading's ``must_do`` items."""
    req = RunEvidence.of(state).request
    if req.activities:
        return [
            MustDo(
                a.name,
                a.duration_minutes,
                a.venue,
                "request",
                bool(getattr(a, "at_home", False)) or is_at_home(a.name),
            )
            for a in req.activities
        ]
    out = []
    for phrase in text_hints(state).get("must_do") or []:
        out.append(MustDo(str(phrase), None, None, "reading", is_at_home(str(phrase))))
    return out


def match(md: MustDo, venues: Sequence[Venue]) -> MustDoMatch:
    """``md`` matched against ``venues`` (suburbs read with the gazetteer)."""
    return match_must_do(md.phrase, venues, data.gazetteer())


def catalog_matches(state: Mapping[str, Any]) -> list[tuple[MustDo, MustDoMatch]]:
    """Every away-from-home must-do matched against the offline catalogue (the venues any
    offline search can return), before anything is searched."""
    catalogue = data.venues()
    return [(md, match(md, catalogue)) for md in must_dos(state) if not md.at_home]


def questions(state: Mapping[str, Any]) -> list[str]:
    """The questions the run must ask about its must-dos before planning: one per must-do that
    matches no venue of the catalogue, or several very different ones (offline runs; a live run
    matches against what its searches find, in ``arrange_plan``)."""
    if RunEvidence.of(state).live or outside_coverage(state):
        return []
    return [m.question() for _, m in catalog_matches(state) if m.needs_question]


def outside_coverage(state: Mapping[str, Any]) -> str | None:
    """The location the request names (structured field, else the text's reading) when the
    offline catalogue does not cover it ("Paris"), else ``None``. Then no must-do is asked
    about: the search says first that nothing is known there (``no_candidates`` with the
    coverage note), because no venue of the catalogue could be meant."""
    if RunEvidence.of(state).live:
        return None
    req = request_of(state)
    named = req.location or text_hints(state).get("location")
    if isinstance(named, str) and named.strip() and location_place(state) is None:
        return named.strip()
    return None


def search_hints(state: Mapping[str, Any]) -> list[dict]:
    """For each must-do: ``{"activity", "verdict", "venues": [names], "query", "location"}`` —
    what to search for to find its venues — or ``{"activity", "verdict", "question"}`` when it
    must be asked about (``record_clarification`` with ``missing: ["must_do"]``)."""
    out: list[dict] = []
    for md, m in catalog_matches(state):
        if m.needs_question:
            if not RunEvidence.of(state).live and not outside_coverage(state):
                out.append({"activity": md.name, "verdict": m.verdict, "question": m.question()})
            continue
        kinds = sorted({v.kind for v in m.venues})
        if m.verdict == "one":
            query = m.venues[0].name
        elif m.level == "kind" and len(kinds) == 1:
            query = kinds[0].replace("_", " ")
        else:
            query = md.phrase
        out.append(
            {
                "activity": md.name,
                "verdict": m.verdict,
                "venues": [v.name for v in m.venues][:8],
                "query": query,
                "location": m.place or "",
            }
        )
    return out


def must_do_rules(state: Mapping[str, Any]) -> tuple[MustDoRule, ...]:
    """What ``check_plan`` requires of the run's must-dos: for each away-from-home must-do, the
    found venues (those searches returned) that count as doing it. One that matches none, or
    several very different ones, has none (with the question as the reason): no plan passes
    without it. At-home must-dos are time at home, not stops."""
    pool = list(RunEvidence.of(state).venues().values())
    rules = []
    for md in must_dos(state):
        if md.at_home:
            rules.append(MustDoRule(md.name, at_home=True))
            continue
        m = match(md, pool)
        if m.needs_question:
            why = "it matches no venue found" if m.verdict == "none" else m.question()
            rules.append(MustDoRule(md.name, frozenset(), why))
        else:
            rules.append(MustDoRule(md.name, frozenset(v.id for v in m.venues)))
    return tuple(rules)


def with_must_do_rules(state: Mapping[str, Any], c: Constraints) -> Constraints:
    """``c`` with the run's must-do rules (``must_do_rules``)."""
    rules = must_do_rules(state)
    return replace(c, must_dos=rules) if rules else c


def _rank(
    found: Sequence[Venue], c: Constraints, travel: TravelModel
) -> list[Venue]:  # open that day first, then nearest to home
    def key(v: Venue) -> tuple:
        verdict = hours_of(v, c)
        is_open = bool(verdict.intervals) and not verdict.unknown
        try:
            leg = travel.minutes(HOME, v.id)
        except KeyError:
            leg = 10**6
        return (not is_open, leg, v.id)

    return sorted(found, key=key)


def group_notes(
    groups: Sequence[tuple[str, list[str], list[str]]], placed: Sequence[str] | None
) -> list[str]:
    """One sentence per must-do with alternatives: which venue was planned (``placed``: the
    itinerary's venue ids), or that none of them fits (``placed`` is ``None``)."""
    out = []
    for name, vids, names in groups:
        if placed is None:
            listed = ", ".join(names)
            out.append(f"Must-do '{name}': none of {listed} fits this day (see the failures)")
        elif len(vids) > 1:
            got = next((n for v, n in zip(vids, names, strict=True) if v in placed), None)
            if got:
                others = ", ".join(n for n in names if n != got)
                out.append(f"Must-do '{name}': planned at {got} (alternatives: {others})")
    return out


HOME_MINUTES = 60
"""How long an at-home must-do is planned for when nothing says (a must-do read from the text)."""

_MEAL_TIMES = (
    (re.compile(r"\blunch", re.I), LUNCH),
    (re.compile(r"\b(?:dinner|tea|supper)\b", re.I), (17 * 60, 20 * 60)),
    (re.compile(r"\bbreakfast", re.I), (6 * 60, 10 * 60)),
)


def home_pick(md: MustDo) -> Pick:
    """The scheduler's pick for an at-home must-do: time at home of its length (a meal at its
    time of day: lunch within 11:30–14:00, ``dayplan.core.dayshape.LUNCH``)."""
    within = next((w for rx, w in _MEAL_TIMES if rx.search(md.name)), (0, 24 * 60))
    return Pick(
        activity=md.name,
        minutes=md.minutes or HOME_MINUTES,
        must=True,
        at_home=True,
        within=(within,),
    )


def with_must_dos(
    picks: Sequence[Pick],
    venues: Mapping[str, Venue],
    state: Mapping[str, Any],
    c: Constraints,
    travel: TravelModel,
) -> tuple[list[Pick], list[str]]:
    """``picks`` with every away-from-home must-do as a group of venues from ``venues`` (those
    searches returned). A model's venue-less activity pick is one more must-do to match.
    Returns ``(picks, groups)`` (each group: the must-do, its venue ids and names); raises ``ValueError`` naming the activity when a must-do matches
    no found venue, or several very different ones (ask, or search for it).
    """
    todo = list(must_dos(state))
    names = {md.name for md in todo}
    for p in picks:
        if p.venue_id is None and p.activity and p.activity not in names:
            todo.append(MustDo(p.activity, p.minutes, None, "model", is_at_home(p.activity)))
            names.add(p.activity)
    homes = [md for md in todo if md.at_home]
    todo = [md for md in todo if not md.at_home]
    by_id = {p.venue_id: p for p in picks if p.venue_id}
    pool = list(venues.values())
    groups: list[list[Pick]] = []
    notes: list[tuple[str, list[str], list[str]]] = []
    taken: set[str] = set()
    for md in todo:
        m = match(md, pool)
        if m.needs_question:
            away = outside_coverage(state)
            if away:
                raise ValueError(
                    f"nothing is known about {away}: the offline catalogue does not cover it, so "
                    f"no venue for the must-do '{md.name}' can be found there; check_plan says so "
                    "(no_candidates)."
                )
            raise ValueError(
                m.question()
                + " Search for it, or ask the user with record_clarification; a must-do is "
                "never planned without a venue."
            )
        allowed = [v for v in m.venues if avoided(v, c) is None]  # "a museum, not GOMA"
        ranked = _rank(allowed or m.venues, c, travel)  # all refused: kept, the check fails it
        chosen = [v for v in ranked if v.id not in taken][:MAX_ALTERNATIVES]
        if not chosen:
            raise ValueError(
                f"the must-do '{md.name}' has no venue left that another must-do did not take"
            )
        taken |= {v.id for v in chosen}
        group = []
        for v in chosen:
            old = by_id.get(v.id)
            group.append(
                Pick(
                    venue_id=v.id,
                    minutes=md.minutes
                    if md.minutes is not None
                    else (old.minutes if old else None),
                    must=True,
                    weight=old.weight if old else 1.0,
                    group=md.name,
                )
            )
        groups.append(group)
        notes.append((md.name, [v.id for v in chosen], [v.name for v in chosen]))
    rest = [
        p
        for p in picks
        if not (p.venue_id is None and p.activity in names) and p.venue_id not in taken
    ]
    rest = [p for p in rest if not (p.venue_id is None and p.activity in {h.name for h in homes})]
    musts = [home_pick(md) for md in homes]
    musts += [p for g in groups for p in g] + [p for p in rest if p.must]
    optional = [p for p in rest if not p.must]
    room = max(0, MAX_CANDIDATES - len(musts))
    return musts + optional[:room], notes


def alternatives_failures(
    result: CheckResult,
    c: Constraints,
    venues: Mapping[str, Venue],
    travel: TravelModel,
) -> list[Failure]:
    """For a failed check: one ``missing_must_do`` failure per must-do with several matching
    venues when a failure concerns one of them (the plan tried it and it fails), naming every alternative tried, how many
    matched in all, and why each fails on its own (the scheduler's proof for a day holding only
    that venue: closed all day, outside the window, over budget…). ``[]`` when the check passed
    or no such must-do is involved. Facts come from ``core.scheduler.arrange`` and
    ``core.checker``; nothing is assumed."""
    if result.ok:
        return []
    failing = {f.venue_id for f in result.failures if f.venue_id}
    alone_c = replace(c, must_dos=())
    out: list[Failure] = []
    for rule in c.must_dos:
        ids = sorted(v for v in rule.venue_ids if v in venues)
        if len(ids) < 2 or rule.at_home:
            continue
        if not failing & set(ids):
            continue
        reasons = [_alone_reason(vid, venues, alone_c, travel) for vid in ids]
        head = f"Must-do '{rule.name}': {len(ids)} venues match and none fits this day: "
        shown: list[str] = []
        for i, r in enumerate(reasons):
            rest = len(reasons) - i - 1
            tail = f"; and {rest} more" if rest else ""
            if len(head) + len("; ".join([*shown, r])) + len(tail) > 480:
                shown.append(f"and {len(reasons) - i} more")
                break
            shown.append(r)
        out.append(
            Failure(
                "missing_must_do",
                head + "; ".join(shown),
                values={"must_do": rule.name, "matched": len(ids), "tried": ", ".join(ids)[:300]},
            )
        )
    return out


def _alone_reason(
    vid: str, venues: Mapping[str, Venue], c: Constraints, travel: TravelModel
) -> str:
    """Why venue ``vid`` cannot be visited even as the day's only stop: every reason the
    proof found for it (short, with the codes, joined by "and")."""
    name = venues[vid].name
    alone = arrange([Pick(venue_id=vid, must=True)], venues, c, travel)
    if alone.proof is None:
        return f"{name} fits alone, not with the rest of the day"
    fails = alone.proof.check.failures
    # the day holds only this venue: a failure of the whole plan (budget, home by) is its too
    own = [f for f in fails if f.venue_id in (vid, None)] or fails[:1]
    if not own:
        return f"{name} cannot be placed"
    parts: list[str] = []
    seen: set[str] = set()
    for why in own:  # every reason the proof found, once per code (rain and over budget)
        if why.code in seen:
            continue
        seen.add(why.code)
        if why.code == "closed" and why.values.get("opening_hours"):
            parts.append(f"closed ({why.values['opening_hours']})")
            continue
        detail = why.detail.removeprefix(f"{name}: ").split(" (keeping ")[0]
        if why.code == "over_budget":  # the venue is named already: not its price sum again
            detail = detail.split(" (")[0]
        parts.append(f"{why.code} ({detail[:90]})")
    return f"{name} " + " and ".join(parts)


def record_matches(state: Mapping[str, Any]) -> list[dict]:
    """Match every away-from-home must-do over every venue the run's searches have returned,
    record each verdict (``RunEvidence.record_must_do_match``: the evidence a clarification
    after a search rests on, ``dayplan.evidence.status.must_do_unmatched_after_search``), and
    return ``{"activity", "phrase", "verdict", "question"}`` for each that matches none of them, or
    several very different ones (ask with ``missing: ["must_do"]``, or search again)."""
    ev = RunEvidence.of(state)
    todo = [md for md in must_dos(state) if not md.at_home]
    if not todo:
        return []
    venues = ev.venues()
    pool = sorted(venues)
    out = []
    for md in todo:
        m = match(md, list(venues.values()))
        question = m.question() if m.needs_question else ""
        ev.record_must_do_match(
            {
                "activity": md.name,
                "phrase": md.phrase,
                "verdict": m.verdict,
                "venue_ids": [v.id for v in m.venues],
                "pool": pool,
                "question": question,
            }
        )
        if m.needs_question:
            out.append(
                {
                    "activity": md.name,
                    "phrase": md.phrase,
                    "verdict": m.verdict,
                    "question": question,
                }
            )
    return out
