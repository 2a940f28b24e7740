"""Notebook 02 (validator), "your turn": add a fourth stop at the State Library so the plan
still passes and the family is home by the deadline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dayplan.core.checker import Constraints, ProposedStop, check_plan
from dayplan.core.clock import minutes_to_hhmm
from dayplan.core.travel import TravelModel
from dayplan.exercises import Feedback, is_placeholder, not_attempted

TARGET = "state-library-of-queensland"


def check(
    four_stops: Sequence[ProposedStop],
    constraints: Constraints,
    venues: Mapping[str, Any],
    travel: TravelModel,
    *,
    base: Sequence[ProposedStop] | None = None,
) -> Feedback:
    """Judge the notebook 02 answer with the package's own checker.

    ``four_stops``: the learner's proposal (``ProposedStop`` list); ``constraints``, ``venues``,
    ``travel``: the notebook's. ``base`` (optional): the passing three-stop plan, which must be
    kept unchanged. Passes when there are four stops, the last is the State Library and
    ``check_plan`` finds no failure.
    """
    if is_placeholder(four_stops):
        return not_attempted(
            "replace `...` with a list of four stops: the three of `good`, unchanged, then "
            f'`stop("{TARGET}", "HH:MM", "HH:MM")` at times you choose.'
        )
    if isinstance(four_stops, str | bytes | Mapping) or not isinstance(four_stops, Sequence):
        return Feedback(
            False,
            f"the answer should be a list of stops like `[*good, stop(...)]`, not a "
            f"{type(four_stops).__name__}.",
        )
    stops = list(four_stops)
    if not all(isinstance(s, ProposedStop) for s in stops):
        return Feedback(False, "every item of the list should be a stop made with `stop(...)`.")
    if len(stops) != 4:
        return Feedback(False, f"the plan needs exactly four stops (it has {len(stops)}).")
    if base is not None and list(base) != stops[:3]:
        return Feedback(False, "keep the three passing stops as they are; only add a fourth.")
    if stops[-1].venue_id != TARGET:
        return Feedback(False, f"end the day at the State Library ({TARGET!r}).")
    verdict = check_plan(stops, constraints, venues, travel)
    if not verdict.ok:
        reasons = "; ".join(f"[{f.code}] {f.detail}" for f in verdict.failures)
        hint = ""
        if "home_after_deadline" in verdict.codes or "outside_window" in verdict.codes:
            hint = " Shorten the visit: the trip home counts against the deadline."
        if "below_min_duration" in verdict.codes:
            hint = " The State Library needs at least its minimum visit length."
        return Feedback(False, f"check_plan says no: {reasons}.{hint}")
    return Feedback(
        True,
        f"four stops pass; home by {minutes_to_hhmm(verdict.home_by)}, "
        f"{verdict.currency} {verdict.total_cost:g} in total. Every number came from the checker.",
    )
