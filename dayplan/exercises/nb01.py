"""Notebook 01 (tools), "your turn": an outdoor visit before the rain that ``check_plan`` passes.

The learner searches for a playground, picks an outdoor result and proposes one visit; the
answer is the ``check_plan`` tool result (``attempt``) and the tool context's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dayplan.evidence import RunEvidence
from dayplan.exercises import Feedback, is_placeholder, not_attempted


def _state_of(ctx_or_state: Any) -> Mapping[str, Any]:
    state = getattr(ctx_or_state, "state", ctx_or_state)
    return state if isinstance(state, Mapping) else {}


def check(attempt: Any, ctx_or_state: Any) -> Feedback:
    """Judge the notebook 01 answer.

    ``attempt``: the dict ``tools.check_plan(...)`` returned; ``ctx_or_state``: the tool context
    (or its ``state`` mapping) the searches and the check ran in. Passes when the tool answered,
    the proposal has exactly one stop, its venue came from a search in that state, the venue is
    outdoors and the checker passed the visit (so it misses the rain and the nap).
    """
    if is_placeholder(attempt):
        return not_attempted(
            "replace `...` with a call to `tools.check_plan([...], ctx)` proposing one visit: "
            '`{"venue_id": ..., "start": "HH:MM", "end": "HH:MM"}` with an outdoor venue from '
            '`playgrounds["results"]` and times that miss the rain and the nap.'
        )
    state = _state_of(ctx_or_state)
    if not isinstance(attempt, Mapping):
        return Feedback(False, "attempt should be the dict that tools.check_plan returned.")
    if attempt.get("ok") is False:
        return Feedback(
            False,
            f"check_plan refused the arguments: {attempt.get('error', 'no reason given')}. "
            "Tools return errors instead of raising; fix the stop and run it again.",
        )
    stops = list(attempt.get("stops") or [])
    if len(stops) != 1:
        return Feedback(False, f"propose exactly one visit (you proposed {len(stops)}).")
    venue_id = stops[0].get("venue_id")
    record = RunEvidence(state).venue_record(str(venue_id))
    if record is None:
        return Feedback(
            False,
            f"{venue_id!r} was not returned by a search in this context: the checker only trusts "
            "venues a search found (the model cannot invent facts).",
        )
    if record.get("indoor"):
        return Feedback(
            False, f"{record.get('name', venue_id)} is indoors; pick an outdoor result."
        )
    if not attempt.get("passed"):
        reasons = "; ".join(
            f"[{f.get('code')}] {f.get('detail')}" for f in attempt.get("failures", [])
        )
        return Feedback(False, f"check_plan found problems: {reasons}. Move the visit and retry.")
    stop, home_by = stops[0], attempt.get("totals", {}).get("home_by", "?")
    return Feedback(
        True,
        f"{stop['name']} {stop['start']}–{stop['end']} is outdoors and clear of the rain; "
        f"check_plan passed it, home by {home_by}. The model chose the venue; code proved the visit.",
    )
