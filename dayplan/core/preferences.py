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
