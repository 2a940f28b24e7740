"""Notebook 05, "your turn": the shortest cut-off answer the boundary still serves.

Task: take the saved ``finish`` payload of the wet-weather run (``run.state["finish_payload"]``)
and find the **shortest prefix** of it that the boundary still serves as the same plan, using
that run's evidence. Pass the prefix and the ``PlanRun`` to ``check``.

What it teaches: a cut that loses only closing brackets is repaired, and a key the answer never
got to (stops, sources, rationale) is a safe omission that gets its default; a cut that leaves a
list or a string half-written is rejected.
"""

from __future__ import annotations

from typing import Any

from dayplan.evidence import RunEvidence
from dayplan.exercises import Feedback, is_placeholder, not_attempted
from dayplan.service.boundary import BoundaryError, build_report


def _served_stops(text: str, run: Any) -> list[tuple] | None:
    try:
        report = build_report(
            payload_raw=text, state=run.state, steps=run.steps, model=run.model, run_id="nb05"
        )
    except BoundaryError:
        return None
    if report.plan is None:
        return None
    return [(s.venue_id, s.start, s.end) for s in report.plan.stops]


def shortest_served_prefix(run: Any) -> str:
    """The shortest prefix of ``run``'s finish payload served as the same plan (the answer)."""
    full = RunEvidence(run.state).finish_payload or ""
    want = _served_stops(full, run)
    for n in range(1, len(full) + 1):
        if _served_stops(full[:n], run) == want:
            return full[:n]
    return full


def check(prefix: Any, run: Any) -> Feedback:
    """Verify ``prefix``: a prefix of ``run``'s finish payload, served as the same plan, and the
    shortest such prefix."""
    if is_placeholder(prefix):
        return not_attempted(
            "replace `...` with a prefix of the payload, `payload[:n]`; try cuts with "
            "`serve(payload[:n])` first and keep the shortest one served as the same plan."
        )
    if not all(hasattr(run, a) for a in ("state", "steps", "model", "report")):
        return Feedback(False, "pass the PlanRun that `await run_plan(request)` returned")
    full = RunEvidence(run.state or {}).finish_payload
    if not full or run.report is None or run.report.status != "complete":
        return Feedback(False, "use a run of the wet-weather case that served a complete plan")
    if not isinstance(prefix, str) or not full.startswith(prefix):
        return Feedback(False, "the answer must be a prefix of run.state['finish_payload']")
    want = _served_stops(full, run)
    got = _served_stops(prefix, run)
    if got is None:
        return Feedback(
            False,
            f"the boundary rejects this cut ({len(prefix)} characters): it ends inside a string, "
            "a number or a half-written list, or leaves the stops short",
        )
    if got != want:
        return Feedback(False, "this cut is served, but as a different plan")
    best = shortest_served_prefix(run)
    if len(prefix) > len(best):
        return Feedback(
            False,
            f"served as the same plan, but {len(prefix)} characters is not the shortest: the "
            "boundary fills in keys the answer never got to",
        )
    return Feedback(
        True,
        f"{prefix!r} is served as the full plan: the missing '}}' is the one repair, and the "
        "stops it never wrote are a safe omission, copied from the passing check",
    )
