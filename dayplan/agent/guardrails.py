"""Guardrails: ADK plugins registered on the ``App``, each named and switchable.

Code, not the prompt, makes the agent earn its finish. Each guardrail answers a call it refuses
with a structured result the model can read and act on (``{"ok": false, "status": ...,
"guardrail": NAME, "error": ...}``); none of them rewrites what a tool found. The boundary
(``dayplan.service.boundary``) stays the final arbiter of what is served.

========================  ====================================================================
name                      what it does
========================  ====================================================================
``finish_gate``           ``finish`` is not offered before ``check_plan`` or a recorded
                          clarification; a ``finish`` call made anyway is refused.
``unknown_tool``          a call to a tool the agent does not have gets ``status:
                          unknown_tool`` and the list of real tools (ADK's own answer is an
                          unstructured ``{"error": ...}`` that a trace reads as success).
``clarification_gate``    ``record_clarification`` is refused when the request already names a
                          location: plan it, stating assumptions for the rest (unless it asks
                          about an unresolved date, an unread phrase, a read party the
                          contract's rule refuses, or an unmatched must-do).
``status_trace_gate``     at the ``finish`` call, a status the trace has not earned is refused
                          with the reason (complete needs a passing check on exactly the handed
                          in stops, no_feasible_plan a failed last check, needs_clarification a
                          clarification before any search, or after one only about must-dos
                          code matched to none of the found venues or to very different ones;
                          cited sources must come from search).
``search_budget``         at most ``search_budget`` successful searches per run (default 8,
                          ``DAYPLAN_SEARCH_BUDGET``); the next gets ``status: budget_exhausted``.
``tool_timeout``          each tool with a limit (search: 30 s, ``DAYPLAN_SEARCH_TIMEOUT_SECONDS``;
                          its HTTP retries fit inside, see ``dayplan.budgets``) is run under
                          ``asyncio.wait_for``; past it the model gets ``status: timed_out`` and
                          a late answer is discarded (live search stores nothing from it).
``loop_guard``            ``RunConfig(max_llm_calls=10)`` (``DAYPLAN_MAX_LLM_CALLS``): the run ends
                          with the terminal error ``loop_guard``. Not a plugin: it is the run
                          config, applied by ``dayplan.service.run.run_plan``.
========================  ====================================================================

``GuardrailConfig`` says which are on (default: all) and their limits; ``build_plugins(config)``
turns it into the plugin list, in the order their before-tool callbacks must run (ADK stops at
the first plugin that answers a call, and ``tool_timeout`` answers every call it times).
A fresh ADK session per request is not switchable: ``run_plan`` always creates one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext

from dayplan.config import Settings
from dayplan.evidence import RunEvidence, earned, snapshot
from dayplan.evidence.keys import CLARIFY_TOOL, FINISH_TOOL, SEARCH_TOOL
from dayplan.evidence.status import assumed_start_only, must_do_unmatched_after_search
from dayplan.tools.mustdo import questions as must_do_questions
from dayplan.tools.reading import reading_needed
from dayplan.tools.state import party_refused

FINISH_GATE = "finish_gate"
UNKNOWN_TOOL = "unknown_tool"
CLARIFICATION_GATE = "clarification_gate"
STATUS_TRACE_GATE = "status_trace_gate"
SEARCH_BUDGET = "search_budget"
TOOL_TIMEOUT = "tool_timeout"
LOOP_GUARD = "loop_guard"

GUARDRAILS: tuple[str, ...] = (
    FINISH_GATE,
    UNKNOWN_TOOL,
    CLARIFICATION_GATE,
    STATUS_TRACE_GATE,
    SEARCH_BUDGET,
    TOOL_TIMEOUT,
    LOOP_GUARD,
)
"""Every guardrail name, in plugin order (``loop_guard`` is the run config, not a plugin)."""


def refusal(guardrail: str, status: str, error: str, **extra: Any) -> dict[str, Any]:
    """The structured answer a guardrail gives instead of running a tool call."""
    return {"ok": False, "status": status, "guardrail": guardrail, "error": error, **extra}


def has_evidence(state: Any) -> bool:
    """True once the run has a ``check_plan`` record or a recorded clarification."""
    return RunEvidence(state).has_evidence


def finish_ready(state: Any) -> str | None:
    """Why ``finish`` is not available yet, or ``None`` when it is: it needs a ``check_plan``
    record or a recorded clarification, and, when the request has free text, a frozen reading
    (``record_reading``)."""
    if reading_needed(state):
        return (
            "finish is not available yet: the request has free text, so call record_reading first"
        )
    if not has_evidence(state):
        return "finish is not available yet: run check_plan or record_clarification first"
    return None


def drop_tool(llm_request: LlmRequest, name: str) -> None:
    """Withhold tool ``name`` from this model turn: from ``tools_dict`` and the declarations."""
    llm_request.tools_dict.pop(name, None)
    for tool in llm_request.config.tools or []:
        decls = getattr(tool, "function_declarations", None)
        if decls:
            tool.function_declarations = [d for d in decls if d.name != name]


class FinishGatePlugin(BasePlugin):
    """Hide ``finish`` until there is evidence; refuse a ``finish`` call made without it."""

    def __init__(self) -> None:
        super().__init__(name=FINISH_GATE)

    async def before_model_callback(
        self, *, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        if finish_ready(callback_context.state) is not None:
            drop_tool(llm_request, FINISH_TOOL)
        return None

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        why = finish_ready(tool_context.state) if tool.name == FINISH_TOOL else None
        if why is not None:
            return refusal(FINISH_GATE, "not_available", why)
        return None


class UnknownToolPlugin(BasePlugin):
    """Answer a call to a tool the agent does not have with ``status: unknown_tool``.

    ADK 2.13 resolves tool names before any callback runs but defers the "not found" answer
    until the before-tool callbacks had their turn (``flows/llm_flows/tools/_caller.py``), giving
    them a placeholder plain ``BaseTool`` with the invented name; this plugin answers there.
    ``known`` (the names listed back to the model) defaults to ``dayplan.tools.PLANNER_TOOLS``.
    """

    def __init__(self, known: Iterable[str] | None = None) -> None:
        super().__init__(name=UNKNOWN_TOOL)
        if known is None:
            from dayplan.tools import PLANNER_TOOLS

            known = [getattr(t, "__name__", getattr(t, "name", "")) for t in PLANNER_TOOLS]
        self.known = tuple(sorted(set(known)))

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        # Real tools are BaseTool subclasses (FunctionTool, AgentTool, ...); ADK hands the
        # callbacks a plain BaseTool only for a name it could not resolve.
        if type(tool) is not BaseTool:
            return None
        return refusal(
            UNKNOWN_TOOL,
            "unknown_tool",
            f"there is no tool named {tool.name!r}; call one of the available tools",
            available=list(self.known),
        )


def location_given(state: Mapping[str, Any]) -> str | None:
    """The location the request names: its structured ``location`` or ``home``, else the frozen
    reading's location or home (none read: ``None``, so asking where is earned; the stand-in and
    this gate once disagreed on "st. lucia" and the run looped to the turn limit), else, before a
    reading, the location code found in its text when the run started
    (``RunEvidence.location_name``)."""
    ev = RunEvidence(state)
    req = ev.request
    if req.location:
        return req.location
    if req.home is not None:
        return req.home if isinstance(req.home, str) else "the given home coordinates"
    reading = ev.reading
    if reading is not None:  # the frozen reading says what the text names, as the model saw it
        named = [i for i in reading.items if i.field in ("location", "home")]
        return str(named[0].value) if named else None
    return ev.location_name


def asks_about_unread(questions: Any, state: Mapping[str, Any]) -> bool:
    """Whether one of ``questions`` quotes a phrase the frozen reading lists as unread (code
    could not read it, so asking about it is earned), or the party it read that the contract's
    party rule refuses ("0 adults and 3 kids", ``tools.state.party_refused``): the phrase in
    double quotes, any case."""
    reading = RunEvidence(state).reading
    if reading is None or not isinstance(questions, list):
        return False
    phrases = [*reading.unread, *filter(None, [party_refused(state)])]
    asked = " ".join(str(q) for q in questions).casefold()
    return any(f'"{phrase.casefold()}"' in asked for phrase in phrases)


def asks_about_unmatched_must_do(tool_args: Mapping[str, Any], state: Mapping[str, Any]) -> bool:
    """Whether a ``record_clarification`` with these arguments, made now, would earn
    ``needs_clarification`` after the run's searches: the one rule
    (``dayplan.evidence.status.must_do_unmatched_after_search``) applied to the clarification
    as it would be recorded (every missing field names a must-do that code's match record,
    over every venue the searches returned, matched to none or to very different venues)."""
    probe = snapshot(state)  # a copy: the gate never writes the run's state
    RunEvidence(probe).record_clarification(
        [str(q) for q in tool_args.get("questions") or []],
        [str(m) for m in tool_args.get("missing") or []],
    )
    return must_do_unmatched_after_search(probe) is None


class ClarificationGatePlugin(BasePlugin):
    """Refuse ``record_clarification`` when the request already names a location, unless the
    question is only about a date that ``resolve_date`` could not resolve in this run, quotes
    a phrase the frozen reading could not read (``asks_about_unread``), or is about a must-do
    code could not match to one kind of venue (``missing: ["must_do"]``,
    ``dayplan.tools.mustdo.questions``), or about the start of the day when code's proof holds
    only because of the assumed one (``missing: ["window_start"]``,
    ``dayplan.evidence.status.assumed_start_only``), or, after searches, about must-dos code matched to
    none of the found venues or to very different ones (``asks_about_unmatched_must_do``)."""

    def __init__(self) -> None:
        super().__init__(name=CLARIFICATION_GATE)

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        if tool.name != CLARIFY_TOOL:
            return None
        where = location_given(tool_context.state)
        if where is None:
            return None
        missing = {str(m).lower() for m in tool_args.get("missing") or []}
        if missing == {"date"} and RunEvidence(tool_context.state).date_error is not None:
            return None  # code could not resolve the date: asking about it is earned
        if asks_about_unread(tool_args.get("questions"), tool_context.state):
            return None  # code could not read a phrase of the text: asking about it is earned
        if "must_do" in missing and must_do_questions(tool_context.state):
            return None  # code matched a must-do to no venue, or to very different ones
        if missing == {"window_start"} and assumed_start_only(tool_context.state) is not None:
            return None  # code's proof holds only because of the start nobody stated
        if RunEvidence(tool_context.state).searched and asks_about_unmatched_must_do(
            tool_args, tool_context.state
        ):
            return None  # after searches: code matched a must-do to none of the found venues
        return refusal(
            CLARIFICATION_GATE,
            "not_needed",
            f"the request already names a location ({where}); plan it and state assumptions "
            "for anything else instead of asking",
        )


def unearned(payload: Mapping[str, Any], state: Mapping[str, Any]) -> str | None:
    """Why the trace so far does not earn ``payload``'s status (``None`` when it does).

    The verdict of ``dayplan.evidence.earned`` (the one rule the boundary applies too). A
    payload whose shape is wrong (``finish_payload``) is left to the boundary: ``None``.
    """
    verdict = earned(payload, state)
    if verdict.earned or verdict.rule == "finish_payload":
        return None
    return verdict.reason


class StatusTraceGatePlugin(BasePlugin):
    """At the ``finish`` call, refuse a status the trace has not earned, saying why.

    A payload that is not a JSON object is left for the boundary (rule ``finish_payload``).
    """

    def __init__(self) -> None:
        super().__init__(name=STATUS_TRACE_GATE)

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        if tool.name != FINISH_TOOL:
            return None
        try:
            payload = json.loads(str(tool_args.get("report_json", "")))
        except (ValueError, RecursionError):  # unreadable: the boundary refuses it
            return None
        if not isinstance(payload, dict):
            return None
        verdict = earned(payload, tool_context.state)
        if verdict.earned or verdict.rule == "finish_payload":
            return None
        return refusal(
            STATUS_TRACE_GATE,
            "unearned_status",
            verdict.reason,
            claimed=payload.get("status"),
            rule=verdict.rule,
        )


@dataclass
class _Budget:
    used: int = 0
    in_flight: set[str] = field(default_factory=set)


class SearchBudgetPlugin(BasePlugin):
    """At most ``budget`` successful searches per run; later calls get ``budget_exhausted``.

    A search is reserved when it starts (so concurrent searches in one turn cannot overrun the
    budget) and counted when it answers ``ok``; a failed or timed-out search gives its slot back.
    """

    def __init__(self, budget: int = 8) -> None:
        super().__init__(name=SEARCH_BUDGET)
        self.budget = budget
        self._runs: dict[str, _Budget] = {}

    def _run(self, tool_context: ToolContext) -> _Budget:
        return self._runs.setdefault(tool_context.invocation_id, _Budget())

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        if tool.name != SEARCH_TOOL:
            return None
        run = self._run(tool_context)
        if run.used + len(run.in_flight) >= self.budget:
            return refusal(
                SEARCH_BUDGET,
                "budget_exhausted",
                f"the search budget of {self.budget} successful searches is used up; plan with "
                "the results you have",
                budget=self.budget,
            )
        run.in_flight.add(tool_context.function_call_id or str(id(tool_context)))
        return None

    async def after_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext, result: dict
    ) -> dict | None:
        if tool.name != SEARCH_TOOL:
            return None
        run = self._run(tool_context)
        key = tool_context.function_call_id or str(id(tool_context))
        if key in run.in_flight:
            run.in_flight.discard(key)
            if isinstance(result, Mapping) and result.get("ok", True) is not False:
                run.used += 1
        return None

    async def after_run_callback(self, *, invocation_context: InvocationContext) -> None:
        self._runs.pop(invocation_context.invocation_id, None)


class ToolTimeoutPlugin(BasePlugin):
    """Run each tool that has a time limit under ``asyncio.wait_for``; answer ``timed_out``.

    It must be the last plugin with a before-tool callback: it answers the call itself (running
    the tool), and ADK skips the before-tool callbacks after the first plugin that answers.
    The after-tool callbacks still run on its answer. Only async tools can be cut off; a
    synchronous tool blocks the event loop until it returns.
    """

    def __init__(self, timeouts: Mapping[str, float] | None = None) -> None:
        super().__init__(name=TOOL_TIMEOUT)
        self.timeouts = dict(timeouts or {SEARCH_TOOL: 20.0})

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        limit = self.timeouts.get(tool.name)
        if limit is None:
            return None
        try:
            return await asyncio.wait_for(
                tool.run_async(args=tool_args, tool_context=tool_context), timeout=limit
            )
        except TimeoutError:
            return refusal(
                TOOL_TIMEOUT,
                "timed_out",
                f"{tool.name} gave no answer within {limit:g} s (a late answer is discarded, "
                "never used); try again later or plan with what you have",
                seconds=limit,
            )


@dataclass(frozen=True)
class GuardrailConfig:
    """Which guardrails are on and their limits.

    ``enabled``: names from ``GUARDRAILS`` (default: all). ``search_budget``: successful
    searches per run. ``timeouts``: seconds per tool name. ``max_llm_calls``: model turns per
    run when ``loop_guard`` is on (off: unlimited, ``0``). Unknown names raise ``ValueError``.
    """

    enabled: frozenset[str] = frozenset(GUARDRAILS)
    search_budget: int = 8
    timeouts: Mapping[str, float] = field(default_factory=lambda: {SEARCH_TOOL: 20.0})
    max_llm_calls: int = 10

    def __post_init__(self) -> None:
        unknown = set(self.enabled) - set(GUARDRAILS)
        if unknown:
            raise ValueError(
                f"unknown guardrail(s) {', '.join(sorted(unknown))}; known: {', '.join(GUARDRAILS)}"
            )
        object.__setattr__(self, "enabled", frozenset(self.enabled))

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> GuardrailConfig:
        """All guardrails on, limits from ``Settings`` (the ``DAYPLAN_*`` environment)."""
        s = settings or Settings()
        return cls(
            search_budget=s.search_budget,
            timeouts={SEARCH_TOOL: s.search_timeout_seconds},
            max_llm_calls=s.max_llm_calls,
        )

    def without(self, *names: str) -> GuardrailConfig:
        """A copy with ``names`` switched off."""
        return replace(self, enabled=self.enabled - _checked(names))

    def only(self, *names: str) -> GuardrailConfig:
        """A copy with only ``names`` switched on."""
        return replace(self, enabled=_checked(names))

    def on(self, name: str) -> bool:
        """True when guardrail ``name`` is switched on."""
        return name in self.enabled

    def run_llm_call_limit(self) -> int:
        """``RunConfig.max_llm_calls`` for a run: the limit, or 0 (unlimited) when off."""
        return self.max_llm_calls if self.on(LOOP_GUARD) else 0


def _checked(names: Iterable[str]) -> frozenset[str]:
    out = frozenset(names)
    unknown = out - set(GUARDRAILS)
    if unknown:
        raise ValueError(
            f"unknown guardrail(s) {', '.join(sorted(unknown))}; known: {', '.join(GUARDRAILS)}"
        )
    return out


def build_plugins(config: GuardrailConfig | None = None) -> list[BasePlugin]:
    """The plugins for ``config`` (default: ``GuardrailConfig.from_settings()``), in order."""
    config = config or GuardrailConfig.from_settings()
    plugins: list[BasePlugin] = []
    if config.on(FINISH_GATE):
        plugins.append(FinishGatePlugin())
    if config.on(UNKNOWN_TOOL):
        plugins.append(UnknownToolPlugin())
    if config.on(CLARIFICATION_GATE):
        plugins.append(ClarificationGatePlugin())
    if config.on(STATUS_TRACE_GATE):
        plugins.append(StatusTraceGatePlugin())
    if config.on(SEARCH_BUDGET):
        plugins.append(SearchBudgetPlugin(config.search_budget))
    if config.on(TOOL_TIMEOUT):
        plugins.append(ToolTimeoutPlugin(config.timeouts))
    return plugins


def default_plugins() -> list[BasePlugin]:
    """The guardrails switched on by default (all of them, limits from ``Settings``)."""
    return build_plugins()


def refusals(responses: Sequence[Mapping[str, Any] | None]) -> list[Mapping[str, Any]]:
    """The guardrail refusals among tool responses, in order."""
    return [r for r in responses if isinstance(r, Mapping) and r.get("guardrail")]
