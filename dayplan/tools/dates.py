"""``resolve_date``: the model names a day in words, code decides which calendar date it is."""

from __future__ import annotations

from google.adk.tools.tool_context import ToolContext

from dayplan.core.dates import WEEKDAYS, DateResolutionError
from dayplan.evidence import RunEvidence
from dayplan.tools.args import ResolveDateArgs, validated
from dayplan.tools.state import resolve_for_plan


@validated(ResolveDateArgs)
def resolve_date(expression: str, tool_context: ToolContext) -> dict:
    """Turn a date in words into an ISO date for this request.

    Args:
      expression: "Saturday", "this Saturday", "next Sunday", "today", "tomorrow" or an ISO
        date like "2026-12-05". Resolved relative to the request's pinned local "now".

    Returns:
      {"ok": true, "date": "2026-12-05", "weekday": "Saturday", "assumption": "..."} or
      {"ok": false, "error": "..."} when the expression cannot be read or is in the past.
    """
    # A weekday name or "today" asked when the day's window has (nearly) passed rolls to the
    # next such day (said in "assumption"); an ISO date for such a day is an error (the run
    # asks): ``core.dates.resolve_plan_date``.
    ev = RunEvidence(tool_context.state)
    today = ev.now.date()
    try:
        day, assumption = resolve_for_plan(tool_context.state, str(expression))
    except DateResolutionError as exc:
        # Recorded so a clarification about the date is earned (see the clarification gate).
        ev.record_date_error(str(expression)[:200], str(exc))
        return {"ok": False, "error": str(exc), "today": today.isoformat()}
    ev.record_date(day.isoformat())
    ev.add_assumption("date", assumption)
    return {
        "ok": True,
        "date": day.isoformat(),
        "weekday": WEEKDAYS[day.weekday()].title(),
        "today": today.isoformat(),
        "assumption": assumption,
    }
