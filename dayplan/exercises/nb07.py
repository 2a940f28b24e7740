"""Notebook 07 (actions and memory), "your turn": retry a saving request the safe way.

A flaky client sends the same saving request twice. Done right, the second run finds the first
run's row: the same ``plan_id``, ``status: already_exists``, ``idempotent_replay: true``, both
``verified``, and exactly one row in ``saved_plans``.
"""

from __future__ import annotations

from typing import Any

from dayplan.exercises import Feedback, is_placeholder, not_attempted
from dayplan.store import get_store


def check(first: Any, second: Any = None) -> Feedback:
    """Judge two ``PlanRun`` results of the same saving request (first, then the retry); the
    pair may also come as one tuple (what ``retry_safely`` returns). ``None`` (a function body
    still ``...``) is not attempted yet."""
    if second is None and isinstance(first, tuple) and len(first) == 2:
        first, second = first
    if is_placeholder(first) and second is None:
        return not_attempted(
            "write the body of `retry_safely` (it still is `...`): run the request twice with "
            "`await run_plan(...)`, as a retry would, and return both runs as a tuple."
        )
    runs = (first, second)
    if any(getattr(r, "report", None) is None for r in runs):
        return Feedback(False, "both runs need a served report: pass the two PlanRun results.")
    if any(r.report.status != "complete" for r in runs):
        return Feedback(False, "only a complete, checked plan is saved: both runs must complete.")
    a, b = first.report.saved, second.report.saved
    if a is None or b is None:
        return Feedback(False, 'nothing was saved: the request needs "save": true.')
    if first.request != second.request:
        return Feedback(False, "a retry sends the same request: the two requests differ.")
    if a.plan_id != b.plan_id:
        return Feedback(
            False,
            "the plan ids differ, so the retry saved a second row. Without a request_id each run "
            "is its own action (its execution id keys the save): what could the two runs share "
            "so that the store knows the second is the same action? (contract.py lists the "
            "request's fields.)",
        )
    if (a.status, a.idempotent_replay) != ("created", False):
        return Feedback(
            False,
            f"the first run should create the row, but it says {a.status!r}: that key was used "
            "by an earlier run in this store; use one nobody has used before.",
        )
    if (b.status, b.idempotent_replay) != ("already_exists", True):
        return Feedback(False, f"the retry should be an idempotent replay, not {b.status!r}.")
    if a.verification_status != "verified" or b.verification_status != "verified":
        return Feedback(False, "both saves must be verified by re-reading the row.")
    row = get_store().get_plan(a.plan_id, user_id=first.user_id)
    if row is None:
        return Feedback(False, f"{a.plan_id} is not in saved_plans for user {first.user_id!r}.")
    return Feedback(
        True,
        f"one row, {a.plan_id}: the retry found it (already_exists, idempotent replay) and both "
        "runs re-read it before saying verified.",
    )
