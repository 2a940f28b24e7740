"""The functions the model may call. Each returns a JSON-able dict, never raises into the model
on bad arguments (it returns ``{"ok": false, "error": ...}``), and records what it found in
session state so code, not the model's prose, decides what is served."""

from dayplan.tools.clarify import record_clarification
from dayplan.tools.dates import resolve_date
from dayplan.tools.finish import finish
from dayplan.tools.forecast import get_forecast
from dayplan.tools.plan import check_plan
from dayplan.tools.search import search_public_web

PLANNER_TOOLS = (
    resolve_date,
    get_forecast,
    search_public_web,
    check_plan,
    record_clarification,
    finish,
)
"""The planner's tool set, in the order they are offered."""

__all__ = [
    "PLANNER_TOOLS",
    "check_plan",
    "finish",
    "get_forecast",
    "record_clarification",
    "resolve_date",
    "search_public_web",
]
