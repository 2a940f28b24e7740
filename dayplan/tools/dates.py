"""``resolve_date``: the model names a day in words, code decides which calendar date it is."""

from __future__ import annotations

from google.adk.tools.tool_context import ToolContext

from dayplan.core.dates import WEEKDAYS, DateResolutionError
from dayplan.core.dates import resolve_date as _resolve
from dayplan.tools.state import add_assumption, now_of


def resolve_date(expression: str, tool_context: ToolContext) -> dict:
    """Turn a date in words into an ISO date for this request.

    Args:
      expression: "Saturday", "this Saturday", "next Sunday", "today", "tomorrow" or an ISO
        date like "2026-12-05". Resolved relative to the request's pinned local "now".

    Returns:
      {"ok": true, "date": "2026-12-05", "weekday": "Saturday", "assumption": "..."} or
      {"ok": false, "error": "..."} when the expression cannot be read or is in the past.
    """
    state = tool_context.state
    today = now_of(state).date()
    try:
        day, assumption = _resolve(str(expression), today)
    except DateResolutionError as exc:
        # Recorded so a clarification about the date is earned (see the clarification gate).
        state["date_error"] = {"expression": str(expression)[:200], "error": str(exc)}
        return {"ok": False, "error": str(exc), "today": today.isoformat()}
    state["date"] = day.isoformat()
    add_assumption(state, "date", assumption)
    return {
        "ok": True,
        "date": day.isoformat(),
        "weekday": WEEKDAYS[day.weekday()].title(),
        "today": today.isoformat(),
        "assumption": assumption,
    }
