"""The functions the model may call. Each returns a JSON-able dict, never raises into the model
on bad arguments (it returns ``{"ok": false, "error": ...}``), and records what it found in
session state so code, not the model's prose, decides what is served."""

import functools

from google.adk.agents.readonly_context import ReadonlyContext
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.base_toolset import BaseToolset

from dayplan.tools.actions import get_saved_plan, save_plan
from dayplan.tools.args import CheckedTool
from dayplan.tools.arrange import arrange_plan
from dayplan.tools.clarify import record_clarification
from dayplan.tools.dates import resolve_date
from dayplan.tools.finish import finish
from dayplan.tools.forecast import get_forecast
from dayplan.tools.memory import remember_preference
from dayplan.tools.plan import check_plan
from dayplan.tools.reading import record_reading
from dayplan.tools.search import search_public_web, search_public_web_async

PLANNER_TOOLS = (
    record_reading,
    resolve_date,
    get_forecast,
    search_public_web_async,
    arrange_plan,
    check_plan,
    record_clarification,
    finish,
    save_plan,
    get_saved_plan,
    remember_preference,
)
"""The planner's tool set (functions), in the order they are offered."""


ON_LOOP_TOOLS = frozenset(
    {record_reading, resolve_date, arrange_plan, check_plan, record_clarification, finish}
)
"""The synchronous tools that do no I/O (they compute over session state): they run on the
event loop (``CheckedTool.on_loop``). The forecast (live HTTP), the store's tools and the search
(async already) are not among them."""


@functools.cache
def _tools() -> tuple[CheckedTool, ...]:
    return tuple(CheckedTool(func=t, on_loop=t in ON_LOOP_TOOLS) for t in PLANNER_TOOLS)


def planner_tools() -> list:
    """The planner's tools as the agent gets them: each a ``CheckedTool`` (its arguments are
    parsed by the tool's model, unknown keys refused, before it runs; ``ON_LOOP_TOOLS`` run on
    the event loop, the rest of the synchronous ones on ADK's tool thread pool).

    A new list each call, of tool objects built once per process: they hold no run state (a
    run's state lives in its session), and nothing changes a tool after it is built
    (``guardrails.drop_tool`` edits the model request, not the tool)."""
    return list(_tools())


class PlannerToolset(BaseToolset):
    """The planner's tools (``planner_tools()``, in that order) as one ADK toolset: the agent's
    ``tools`` is ``[PlannerToolset()]``, and the model is offered the same eleven declarations.

    ADK resolves an agent's tools on every model turn, one tool union at a time: for a plain list
    that is a task and a tool context per tool, eleven of each per turn; one toolset is one of
    each (about 1.3 ms a run of six turns). ``tools`` lists them without a context."""

    @property
    def tools(self) -> list[CheckedTool]:
        """The planner's tools, a new list each time (``planner_tools()``)."""
        return planner_tools()

    async def get_tools(self, readonly_context: ReadonlyContext | None = None) -> list[BaseTool]:
        """Every planner tool, whatever the context: the same set every turn (the finish gate
        hides ``finish`` from the model's request, not from the toolset)."""
        return list(planner_tools())


__all__ = [
    "ON_LOOP_TOOLS",
    "PLANNER_TOOLS",
    "CheckedTool",
    "PlannerToolset",
    "planner_tools",
    "arrange_plan",
    "check_plan",
    "finish",
    "get_forecast",
    "get_saved_plan",
    "record_clarification",
    "record_reading",
    "remember_preference",
    "resolve_date",
    "save_plan",
    "search_public_web",
]
