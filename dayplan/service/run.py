"""Run one request through the ADK agent and the boundary: the single path that the CLI, the
notebooks, the FastAPI service and the eval harness all share.

``await run_plan(request)`` in notebooks (top-level await); ``plan(request)`` from sync code.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import logging
import math
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from google.adk.agents.run_config import RunConfig, ToolThreadPoolConfig
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.sessions.state import State
from google.genai import types

from dayplan import data
from dayplan.agent.build import build_app
from dayplan.agent.event_log import EventLog, EventLogPlugin, sink_from_env
from dayplan.agent.events import ToolStep, format_trace, tool_steps
from dayplan.agent.guardrails import LOOP_GUARD, GuardrailConfig, refusals
from dayplan.agent.memory_context import MemoryContextPlugin, context_steps
from dayplan.agent.models import ModelSpecError, is_live_model, resolve_model
from dayplan.agent.offline_model import render_request
from dayplan.agent.optional_imports import mark_a2a_absent
from dayplan.agent.telemetry import run_telemetry
from dayplan.agent.turn_end import TURN_END, retry_steps
from dayplan.config import current_settings
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.core.places import resolve_place
from dayplan.evidence import RunEvidence, keys
from dayplan.live_http import Tap, tapped
from dayplan.reading.memo import run_scope
from dayplan.service.boundary import BoundaryError, build_report
from dayplan.service.saved_report import attach_saved, terminal_event
from dayplan.service.suggestions import attach_suggestions
from dayplan.tools.state import DEFAULT_TIMEZONE, text_location

USER_ID = "local"
RATE_LIMITED = "rate_limited"
"""The rule of a run stopped by Gemini's HTTP 429 after every retry (the service: 503)."""
TOOL_THREADS = 8

# ADK logs a failed run (a loop-guard stop, an invented tool name) with a traceback; the run's
# error already says what happened in one line. With no logging configured, Python would print
# those records to stderr through its last-resort handler; this handler keeps them out of the CLI
# and the notebooks. Configured logging (e.g. ``logging.basicConfig``) still receives them.
logging.getLogger("google_adk").addHandler(logging.NullHandler())
mark_a2a_absent()  # ADK retries a failing optional import on every run (agent/optional_imports)

__all__ = [
    "ModelSpecError",
    "PlanRun",
    "initial_state",
    "plan",
    "resolve_model",
    "run_plan",
    "serve",
]


@dataclass
class PlanRun:
    """Everything one run produced: the served ``report`` (or the ``error`` that stopped it),
    the raw ADK ``events``, the paired tool ``steps``, the final session ``state``."""

    request: PlanRequest
    report: DayPlanReport | None
    error: BoundaryError | None
    events: list[Event]
    steps: list[ToolStep]
    state: dict[str, Any]
    model: str
    run_id: str
    wall_ms: float
    notes: list[str] = field(default_factory=list)
    event_records: list[dict[str, Any]] = field(default_factory=list)
    user_id: str = USER_ID

    def trace_text(self) -> str:
        """The tool path as numbered lines (see ``format_trace``)."""
        return format_trace(self.steps)


class RunSessions(InMemorySessionService):
    """The in-memory session service of one run (``run_plan`` makes one per run and drops it
    with the run), with ``final_state``: the state at the end without copying its values."""

    def final_state(self, *, app_name: str, user_id: str, session_id: str) -> dict[str, Any]:
        """The stored session's state as a new dict, with app and user state merged in (as
        ``get_session`` returns it), or ``{}`` for no such session.

        ``get_session`` deep-copies the whole state (every venue, source and check record of
        the run) so that a caller can never change the stored session; this service is the
        run's own and nothing reads its sessions after the run, so the values are handed over
        as they are: the same objects the tools wrote (and the events' state deltas hold)."""
        session = self.sessions.get(app_name, {}).get(user_id, {}).get(session_id)
        if session is None:
            return {}
        out = dict(session.state)
        for key, value in self.app_state.get(app_name, {}).items():
            out[State.APP_PREFIX + key] = copy.deepcopy(value)
        for key, value in self.user_state.get(app_name, {}).get(user_id, {}).items():
            out[State.USER_PREFIX + key] = copy.deepcopy(value)
        return out


def _timezone_for(request: PlanRequest) -> tuple[str, str | None]:
    """(IANA timezone, canonical location name) for the request."""
    name = request.location or text_location(request.text)[0]
    place = resolve_place(name, data.gazetteer()) if name else None
    tz = request.timezone or (place.timezone if place else None) or DEFAULT_TIMEZONE
    return tz, (place.name if place else name)


def initial_state(request: PlanRequest, run_id: str, now: datetime | None = None) -> dict[str, Any]:
    """The session state a run starts from: the request, pinned now, timezone, run id."""
    tz, location = _timezone_for(request)
    moment = now or request.now or datetime.now(ZoneInfo(tz))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(tz))
    return {
        keys.REQUEST: request.model_dump(mode="json", exclude_none=True),
        keys.NOW: moment.astimezone(ZoneInfo(tz)).isoformat(),
        keys.TIMEZONE: tz,
        keys.LOCATION_NAME: location,
        keys.RUN_ID: run_id,
    }


def serve(
    state: dict[str, Any], steps: list[ToolStep], *, model: str, run_id: str
) -> tuple[DayPlanReport | None, BoundaryError | None]:
    """The served report of a finished run (or the rule that refused it): the boundary applied
    to the final session ``state`` and the run's tool ``steps``. A run that ended without a
    finish after a guardrail refusal is rejected naming that guardrail, one whose last model turn
    ended without a usable call names how it ended (``dayplan.agent.turn_end``). Never raises."""
    refused = refusals([s.response for s in steps])
    payload_raw = RunEvidence(state).finish_payload
    ended = state.get(TURN_END)
    if payload_raw is None and ended:
        # The model's turn ended without a usable call (malformed, blocked, empty...): name it.
        return None, BoundaryError(str(ended["rule"]), str(ended["detail"]))
    if payload_raw is None and refused:
        # The model gave up after a guardrail refused it: name that guardrail, not a missing finish.
        return None, BoundaryError(str(refused[-1]["guardrail"]), str(refused[-1]["error"]))
    try:
        report = build_report(
            payload_raw=payload_raw,
            state=state,
            steps=steps,
            model=model,
            run_id=run_id,
        )
        return attach_suggestions(attach_saved(report, state), state), None
    except BoundaryError as exc:
        return None, exc


def _one_run_scope(fn):
    """Run each call of the coroutine function ``fn`` in its own ``dayplan.reading.memo`` scope:
    the reading's parses are shared within the run, never across runs."""

    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        with run_scope():
            return await fn(*args, **kwargs)

    return wrapper


@_one_run_scope
async def run_plan(
    request: PlanRequest,
    *,
    model: str | BaseLlm | None = None,
    plugins: list[BasePlugin] | None = None,
    guardrails: GuardrailConfig | None = None,
    max_llm_calls: int | None = None,
    now: datetime | None = None,
    on_event: Callable[[Event], None] | None = None,
    user_id: str = USER_ID,
    run_id: str | None = None,
    idempotency_key: str | None = None,
    http_tap: Tap | None = None,
) -> PlanRun:
    """Run ``request`` through a fresh session of the planner and build the served report.

    ``model``: ``"offline"`` (default) or a ``BaseLlm``. ``guardrails`` switches guardrails
    on and off (default: all on, limits from ``Settings``); ``plugins``, when given, replaces the
    guardrail plugins. ``max_llm_calls`` caps model turns (default: the loop guard's 10; 0 =
    unlimited). ``on_event`` sees every ADK event as it arrives. Never raises
    for a bad run: ``PlanRun.error`` carries the rule that stopped it.

    ``user_id`` is who the run acts for (the service passes the token's ``sub``): it keys saved
    plans and remembered preferences. Structured events go to ``PlanRun.event_records`` and, when
    ``DAYPLAN_EVENT_LOG`` is set, one JSON line each to that sink. ``run_id`` names the run
    (default: a fresh 12-hex id; the service passes its own so a timeout can name it).
    ``idempotency_key``: the request's ``Idempotency-Key``; without a ``request_id`` it names the
    save (``dayplan.tools.actions.request_key``), so a retried request never saves twice.

    Nothing here blocks the event loop: synchronous tools (saves, memory, live HTTP) run on
    ADK's tool thread pool (``TOOL_THREADS`` workers), the memory plugin reads the store on a
    thread or the store's pool (on the loop only a read that cannot wait: the kept SQLite
    connection, busy timeout 0, ``store_read.recent_preferences_now``), and the live geocoder
    runs on a thread.

    ``http_tap`` sees every live HTTP exchange of the run (``dayplan.recording.Recorder`` for
    ``--record``); a replay model (``replay:DIR``) brings its own ``Replayer``, whose recorded
    settings, run id and pinned "now" the run then uses, and whose first divergence rejects the
    run naming ``replay_divergence``.
    """
    llm = resolve_model(model)
    tap = http_tap or getattr(llm, "http_tap", None)
    settings = getattr(tap, "settings", None) or current_settings()
    replayer = tap if getattr(tap, "replaying", False) else None
    if replayer is not None:
        run_id = run_id or replayer.run_id
        if now is None and request.now is None and replayer.now:
            now = datetime.fromisoformat(replayer.now)
    config = guardrails or GuardrailConfig.from_settings(settings)
    run_id = run_id or uuid.uuid4().hex[:12]
    event_log = EventLog(run_id, sink=sink_from_env())
    observers = [
        EventLogPlugin(event_log, terminal_events=False),
        MemoryContextPlugin(event_log),
    ]
    app = build_app(llm, plugins=plugins, observers=observers, guardrails=config)
    sessions = RunSessions()
    runner = Runner(app=app, session_service=sessions)
    state = initial_state(request, run_id, now)
    live = is_live_model(llm)
    state[keys.BACKEND] = "live" if live else "offline"  # which search/forecast backend tools use
    if live:  # a city outside the gazetteer: real coordinates and timezone (blocking HTTP)
        from dayplan.tools.geocode import locate_live  # (live runs only)

        with tapped(tap):
            await asyncio.to_thread(locate_live, state)
    state.update({keys.USER_ID: user_id, keys.EXECUTION_ID: run_id})
    if idempotency_key:
        state[keys.IDEMPOTENCY_KEY] = idempotency_key
    session = await runner.session_service.create_session(
        app_name=app.name, user_id=user_id, state=state
    )
    message = types.Content(role="user", parts=[types.Part(text=render_request(request))])
    limit = config.run_llm_call_limit() if max_llm_calls is None else max_llm_calls
    run_config = RunConfig(
        max_llm_calls=limit,
        # synchronous tools block (store writes, live HTTP): run them on worker threads, never
        # on the event loop (ADK keeps one pool per loop and size, so this costs no new threads)
        tool_thread_pool_config=ToolThreadPoolConfig(max_workers=TOOL_THREADS),
        # nothing receives telemetry unless OpenTelemetry is configured: then ADK's stable
        # semconv without content, not schema 2's trees of every request (agent/telemetry.py)
        telemetry=run_telemetry(),
    )
    events: list[Event] = []
    error: BoundaryError | None = None
    started = time.perf_counter()
    try:
        with tapped(tap):
            async for event in runner.run_async(
                user_id=user_id, session_id=session.id, new_message=message, run_config=run_config
            ):
                events.append(event)
                if on_event is not None:
                    on_event(event)
    except Exception as exc:  # the loop guard and model errors end the run, never the caller
        name = type(exc).__name__
        chain = [exc, exc.__cause__, exc.__context__]
        limited = rate_limit(exc)
        if any("LlmCallsLimit" in type(e).__name__ for e in chain if e is not None):
            detail = f"the run used all {limit} model turns without finishing (max_llm_calls)"
            error = BoundaryError(LOOP_GUARD, detail)
        elif limited is not None:
            error = limited
        else:
            error = BoundaryError("agent_error", f"{name}: {str(exc)[:300]}")
    finally:
        await runner.close()
    # the state only (the events are above), its values uncopied: the session is the run's own
    final_state = (
        sessions.final_state(app_name=app.name, user_id=user_id, session_id=session.id) or state
    )
    steps = context_steps(final_state) + with_retries(tool_steps(events), events)
    report = None
    if replayer is not None and replayer.divergence:
        # the run left the recording: whatever came after is not the recorded run
        from dayplan.recording import REPLAY_DIVERGENCE

        error = BoundaryError(REPLAY_DIVERGENCE, replayer.divergence)
    if error is None:
        report, error = serve(final_state, steps, model=llm.model, run_id=run_id)
    terminal_event(event_log, report, error)
    return PlanRun(
        request=request,
        report=report,
        error=error,
        events=events,
        steps=steps,
        state=final_state,
        model=llm.model,
        run_id=run_id,
        wall_ms=(time.perf_counter() - started) * 1000,
        event_records=event_log.records,
        user_id=user_id,
    )


def with_retries(steps: list[ToolStep], events: list[Event]) -> list[ToolStep]:
    """``steps`` with one ``model_turn_retried`` step (``dayplan.agent.turn_end``) where each
    retried model turn happened: after the tool calls asked for before it."""
    out = list(steps)
    calls = inserted = 0
    for event in events:
        delta = (event.actions.state_delta or {}) if event.actions else {}
        for retry in retry_steps(delta)[inserted:] if "turn_retries" in delta else []:
            out.insert(
                calls + inserted,
                ToolStep(
                    "model_turn_retried",
                    {},
                    {
                        "ok": False,
                        "error": f"the model's turn ended with {retry['finish_reason']}; "
                        "asked again once with a corrective message",
                        "rule": retry["rule"],
                    },
                ),
            )
            inserted += 1
        calls += len(event.get_function_calls())
    return out


def rate_limit(exc: BaseException) -> BoundaryError | None:
    """A ``rate_limited`` rejection when ``exc`` is Gemini's HTTP 429 after the retries ran out
    (``retry_after`` from the error's ``google.rpc.RetryInfo.retryDelay`` when it sends one);
    ``None`` for any other error."""
    from google.genai import errors as genai_errors

    for e in (exc, exc.__cause__, exc.__context__):
        if isinstance(e, genai_errors.APIError) and e.code == 429:
            delay = retry_delay(e.details)
            error = BoundaryError(
                RATE_LIMITED,
                "Gemini answered HTTP 429 (rate limited) after every retry"
                + (f"; it asks to retry after {delay} s" if delay else ""),
            )
            error.retry_after = delay  # type: ignore[attr-defined]
            return error
    return None


def retry_delay(details: Any) -> int | None:
    """Whole seconds from a Google API error's ``RetryInfo.retryDelay`` ("37s", "1.5s"), rounded
    up; ``None`` when the error has none."""
    error = details.get("error", details) if isinstance(details, dict) else {}
    for item in (error.get("details") if isinstance(error, dict) else None) or []:
        if isinstance(item, dict) and str(item.get("@type", "")).endswith("RetryInfo"):
            raw = str(item.get("retryDelay") or "").strip().removesuffix("s")
            try:
                return max(1, math.ceil(float(raw)))
            except ValueError:
                return None
    return None


def plan(request: PlanRequest, **kwargs: Any) -> PlanRun:
    """Synchronous ``run_plan`` for scripts and the CLI (not for notebooks: use ``await``)."""
    return asyncio.run(run_plan(request, **kwargs))
