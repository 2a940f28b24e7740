"""Preferences are soft: what a served day says about the preferred kinds it could not keep.

A preference ("museums", "galleries", "swimming") weights the choice of stops; it never filters
the candidates into a false "no plan". When a served itinerary has no stop of a preferred kind,
``unmet_preferences`` says why, from the facts: which venues of that kind the searches found
and why each cannot be visited on its own that day (the scheduler's minimal conflict of that
venue alone: closed on a holiday, outdoors in the rain, over the budget, ...), or that none
was found. Pure: venues, constraints and travel in; sentences out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dayplan.core.catalog import Venue, matches_preference
from dayplan.core.checker import HOME, Constraints
from dayplan.core.dates import WEEKDAYS
from dayplan.core.scheduler import FITS, Pick, Problem, candidate_for, why_not_alone_all
from dayplan.core.travel import TravelModel


def _day(c: Constraints) -> str:
    d = c.day
    return f"{WEEKDAYS[d.weekday()][:3].title()} {d.day} {d.strftime('%b')} {d.year}"


def unmet_preferences(
    preferences: Sequence[str],
    chosen: Sequence[str],
    venues: Mapping[str, Venue],
    constraints: Constraints,
    travel: TravelModel,
    home: str = HOME,
    limit: int = 2,
) -> list[str]:
    """One sentence per preference no stop of ``chosen`` (venue ids, in order) matches
    (``catalog.matches_preference``): "No museums can be visited on Fri 25 Dec 2026, so planned
    A → B → C (4 found: 4 closed all day: Queensland Museum, …)". ``venues`` are
    the venues the run's searches found; the reasons come from ``scheduler.why_not_alone_all``
    under ``constraints`` (local minutes, money in its currency). ``[]`` when every preference
    is met or nothing was chosen."""
    if not chosen:
        return []
    planned = " → ".join(venues[v].name for v in chosen if v in venues)
    out = []
    for pref in preferences:
        if any(matches_preference(venues[v], pref) for v in chosen if v in venues):
            continue
        found = [v for v in venues.values() if matches_preference(v, pref)]
        if not found:
            out.append(f"No {pref} found by the searches, so planned {planned}")
            continue
        cands = [candidate_for(Pick(venue_id=v.id), v, constraints) for v in found]
        problem = Problem(cands, constraints, travel, home=home)
        names = {v.id: v.name for v in found}
        groups: dict[str, list[str]] = {}
        for x in cands:  # every independent reason of each venue, not only the first
            for reason, note in why_not_alone_all(problem, x, names):
                groups.setdefault(reason, []).append(note)
        fits = groups.pop(FITS, [])
        parts = [
            f"{len(notes)} {reason}: "
            + ", ".join(notes[:limit])
            + ("…" if len(notes) > limit else "")
            for reason, notes in sorted(groups.items(), key=lambda kv: -len(kv[1]))
        ]
        if fits:
            parts.append(
                f"{len(fits)} could be visited on its own but was not kept: "
                + ", ".join(fits[:limit])
            )
            head = f"No {pref} in the plan"
        else:
            head = f"No {pref} can be visited on {_day(constraints)}"
        out.append(f"{head}, so planned {planned} ({len(found)} found: " + "; ".join(parts) + ")")
    return out


def unmet_wish(
    quote: str,
    matched: Sequence[Venue],
    chosen: Sequence[str],
    constraints: Constraints,
    travel: TravelModel,
    ruled_out: Mapping[str, str],
    home: str = HOME,
) -> str | None:
    """Why a venue the request names without insisting ("maybe SparkLab": a wish, tried first)
    is not in the served day: ``None`` when a stop of ``chosen`` is one of ``matched`` (the
    venues its words name, as code matched them). Otherwise one sentence from the facts: no
    search found it; it is ruled out by a hard limit of the request (``ruled_out``: venue id ->
    why, e.g. "is outdoors, and you asked for indoor venues only"); or why it cannot be visited
    on its own that day (``scheduler.why_not_alone_all``: closed, over the budget, a leg over
    the travel cap, too long for the window, ...); or that it can be visited on its own but was
    not kept beside the rest of the day (the must-dos, a lunch break, the other stops)."""
    if any(v.id in chosen for v in matched):
        return None
    head = f'Wished for "{quote}" but not planned: '
    if not matched:
        return head + "no search found it"
    cands = [candidate_for(Pick(venue_id=v.id), v, constraints) for v in matched]
    problem = Problem(cands, constraints, travel, home=home)
    names = {v.id: v.name for v in matched}
    parts = []
    for v, x in list(zip(matched, cands, strict=True))[:2]:
        if v.id in ruled_out:
            parts.append(f"{v.name} {ruled_out[v.id]}")
            continue
        reasons = [r for r in why_not_alone_all(problem, x, names) if r[0] != FITS]
        if not reasons:
            parts.append(
                f"{v.name} can be visited on its own but was not kept beside the rest of the "
                "day (the must-dos, a lunch break, the other stops' hours and legs)"
            )
            continue
        why = "; ".join(
            reason + (f" ({note[len(v.name) + 2 : -1]})" if note.startswith(f"{v.name} (") else "")
            for reason, note in reasons
        )
        parts.append(f"{v.name}: {why}")
    more = f" (+{len(matched) - 2} more)" if len(matched) > 2 else ""
    text = head + "; ".join(parts) + more
    return text if len(text) <= 300 else text[:299] + "…"
