"""The bare ADK loop on the planner's own payloads: what ADK alone costs for the conversation
the planner really has, for ``bench floor --payload-floor``.

``_bare_loop.bare_run`` replays the planner's model turns against trivial tools that answer
``{"ok": true}``, under a one-line instruction. ``payload_run`` replays the same turns with
everything the model sees made the planner's: the planner's instruction, the request message
as ``run_plan`` renders it, the planner's tool declarations (all eleven, every turn, in one
toolset as the planner's agent holds them, ``dayplan.tools.PlannerToolset``), and each
tool answering with the answer the planner's tool gave in a recorded run. There are no plugins,
no real tools and no stand-in model, so the gap between this loop and the bare one is ADK's cost
of the larger payloads (telemetry, request building, copies), and the gap between the planner
and this loop is the planner's own code and plugins.
"""

from __future__ import annotations

import copy
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig
from google.adk.apps import App
from google.adk.events import Event
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.telemetry.context import TelemetryConfig
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.base_toolset import BaseToolset
from google.genai import types

from dayplan.agent.build import AGENT_NAME, APP_NAME, INSTRUCTION
from dayplan.benchmarks._bare_loop import ScriptedModel
from dayplan.tools import planner_tools


class _Recorded(BaseToolset):
    """The recorded tools as one toolset, as the planner's agent holds its tools."""

    def __init__(self, tools: list[BaseTool]):
        super().__init__()
        self._tools = tools

    async def get_tools(self, readonly_context: Any = None) -> list[BaseTool]:
        return list(self._tools)


class RecordedTool(BaseTool):
    """A tool with a planner tool's name and declaration that answers its calls, in order, with
    the answers that tool gave in the recorded run (then ``{"ok": true}``)."""

    def __init__(self, declaration: types.FunctionDeclaration, answers: list[dict[str, Any]]):
        super().__init__(name=declaration.name or "", description=declaration.description or "")
        self._declaration = declaration
        self._answers = list(answers)

    def _get_declaration(self) -> types.FunctionDeclaration:
        return self._declaration

    async def run_async(self, *, args: dict[str, Any], tool_context: Any) -> Any:
        if self.name == "finish":
            tool_context.actions.skip_summarization = True
        return copy.deepcopy(self._answers.pop(0)) if self._answers else {"ok": True}


def recorded_answers(events: list[Event]) -> dict[str, list[dict[str, Any]]]:
    """Each tool's answers in ``events`` (a planner run's), by tool name, in order."""
    out: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        for part in (event.content.parts if event.content else None) or []:
            if part.function_response is not None:
                response = dict(part.function_response.response or {})
                out.setdefault(part.function_response.name or "", []).append(response)
    return out


async def payload_run(
    turns: list[dict[str, Any]],
    answers: dict[str, list[dict[str, Any]]],
    message: str,
    telemetry: TelemetryConfig | None = None,
) -> int:
    """Run the scripted loop once on the planner's payloads; returns the number of events.
    ``turns``: the planner's model turns; ``answers``: ``recorded_answers`` of its run;
    ``message``: the request message ``run_plan`` sent; ``telemetry``: ``RunConfig.telemetry``
    (the planner's, ``dayplan.agent.telemetry.run_telemetry``)."""
    tools = [
        RecordedTool(tool._get_declaration(), answers.get(tool.name, []))
        for tool in planner_tools()
    ]
    agent = LlmAgent(
        name=AGENT_NAME,
        model=ScriptedModel(turns=turns),
        instruction=INSTRUCTION,
        tools=[_Recorded(tools)],
    )
    runner = Runner(
        app=App(name=APP_NAME, root_agent=agent), session_service=InMemorySessionService()
    )
    session = await runner.session_service.create_session(app_name=APP_NAME, user_id="u")
    content = types.Content(role="user", parts=[types.Part(text=message)])
    events = 0
    run_config = RunConfig(telemetry=telemetry)
    async for _ in runner.run_async(
        user_id="u", session_id=session.id, new_message=content, run_config=run_config
    ):
        events += 1
    await runner.close()
    return events
