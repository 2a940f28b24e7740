"""The planner as ADK's own tools see it: ``adk web``, ``adk run`` and ``adk eval`` (see
``agents/day_planner/agent.py``, the folder layout adk-docs uses).

ADK's tools create the session themselves, with no ``request`` in its state, and show the run's
last text as its answer. ``ServedReportPlugin`` makes such a session behave like ``run_plan``:

* before the agent runs, a session without a request gets one from the user's message (JSON
  between ``<request>`` tags as ``render_request`` writes it, or free text; see
  ``parse_request_message``) and the state ``run_plan`` would start from (``initial_state``:
  pinned now, timezone, run id, backend); a message that is not a valid request is answered
  with one readable line and the agent does not run;
* after the agent finished, the boundary builds the served report from the session's state and
  tool trace (``dayplan.service.run.serve``) and the plugin answers it as the run's final text
  (``render(report, trace, refusals)``), or says which rule rejected the run.

A session plans one request: a second message in a planned session is answered with a
pointer to a new session. Not applied here: the loop guard's ``max_llm_calls`` (ADK's tools run
their own ``RunConfig``; ``adk web`` allows 500 model turns) and the memory context plugin.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable

from google.adk.agents.base_agent import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.apps import App
from google.adk.models.base_llm import BaseLlm
from google.adk.plugins.base_plugin import BasePlugin
from google.genai import types
from pydantic import ValidationError

from dayplan.agent.action_gate import SaveGatePlugin
from dayplan.agent.build import build_agent
from dayplan.agent.events import ToolStep, format_trace, tool_steps
from dayplan.agent.guardrails import build_plugins
from dayplan.agent.models import is_live_model, resolve_model
from dayplan.agent.offline_model import parse_request_message
from dayplan.contract import DayPlanReport
from dayplan.evidence import RunEvidence, keys
from dayplan.service.run import initial_state, serve
from dayplan.tools.state import snapshot

PLUGIN_NAME = "served_report"
ADK_APP_NAME = "day_planner"
"""The agents folder's name: ``adk web`` and ``adk eval`` name the app after it."""

Render = Callable[[DayPlanReport, str, list[str]], str]
"""``render(report, trace_text, refusal_lines) -> text``: the final answer's text."""

ONE_REQUEST = (
    "This session already planned a day. Start a new session for another request "
    "(one request per session, like POST /v1/day-plans)."
)


def _plain(report: DayPlanReport, trace: str, refused: list[str]) -> str:
    return report.model_dump_json(indent=2)


def _message_text(content: types.Content | None) -> str:
    parts = content.parts if content and content.parts else []
    return "\n".join(p.text for p in parts if p.text).strip()


def _refusal_lines(steps: list[ToolStep]) -> list[str]:
    return [
        f"{s.response['guardrail']} refused {s.tool}: {str(s.response.get('error', ''))[:200]}"
        for s in steps
        if s.response and s.response.get("guardrail")
    ]


class ServedReportPlugin(BasePlugin):
    """Start a session from the user's message; end the run with the served report as text.

    ``render`` turns the served report into the final text (default: the report JSON);
    ``live`` says which search/forecast backend the tools use (the model's).
    """

    def __init__(self, render: Render | None = None, *, live: bool = False) -> None:
        super().__init__(name=PLUGIN_NAME)
        self.render = render or _plain
        self.live = live

    async def before_agent_callback(
        self, *, agent: BaseAgent, callback_context: CallbackContext
    ) -> types.Content | None:
        state = callback_context.state
        ev = RunEvidence(state)
        if state.get(keys.REQUEST) is not None:
            if ev.finish_payload is not None:
                return types.Content(role="model", parts=[types.Part(text=ONE_REQUEST)])
            return None  # the session was created with a request (adk eval, run_plan)
        text = _message_text(callback_context.user_content)
        try:
            request = parse_request_message(text)
        except (ValidationError, json.JSONDecodeError, ValueError) as exc:
            first = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
            reply = f"I could not read that request: {first[:200]}"
            return types.Content(role="model", parts=[types.Part(text=reply)])
        run_id = uuid.uuid4().hex[:12]
        for key, value in initial_state(request, run_id).items():
            state[key] = value
        state[keys.BACKEND] = "live" if self.live else "offline"
        state[keys.USER_ID] = callback_context.user_id
        state[keys.EXECUTION_ID] = run_id
        return None

    async def after_agent_callback(
        self, *, agent: BaseAgent, callback_context: CallbackContext
    ) -> types.Content | None:
        session = callback_context.session
        events = [e for e in session.events if e.invocation_id == callback_context.invocation_id]
        steps = tool_steps(events)
        state = snapshot(callback_context.state)
        model = getattr(getattr(agent, "model", None), "model", None) or str(agent.name)
        run_id = str(RunEvidence(state).run_id or callback_context.invocation_id)
        report, error = serve(state, steps, model=model, run_id=run_id)
        if report is None:
            rule = error.rule if error else "boundary"
            detail = error.detail if error else "no report"
            text = f"rejected by {rule}: {detail}"
        else:
            text = self.render(report, format_trace(steps), _refusal_lines(steps))
        return types.Content(role="model", parts=[types.Part(text=text)])


def adk_app(
    render: Render | None = None,
    *,
    model: BaseLlm | str | None = None,
    name: str = ADK_APP_NAME,
) -> App:
    """The ``App`` that ``agents/day_planner`` exposes: the planner (``model``: default the
    configured mode, ``DAYPLAN_MODE``, offline unless ``live``), every guardrail and the save
    gate, with ``ServedReportPlugin(render)`` first so it sees the session before the agent."""
    llm = resolve_model(model)
    plugins = [
        ServedReportPlugin(render, live=is_live_model(llm)),
        *build_plugins(),
        SaveGatePlugin(),
    ]
    return App(name=name, root_agent=build_agent(llm), plugins=plugins)


def report_text(render: Callable[..., str]) -> Render:
    """Adapt ``dayplan.cli.render_report`` (keyword ``refused``) to ``Render``."""

    def _render(report: DayPlanReport, trace: str, refused: list[str]) -> str:
        return render(report, trace, refused=refused)

    return _render


__all__ = ["ADK_APP_NAME", "ServedReportPlugin", "adk_app", "report_text"]
