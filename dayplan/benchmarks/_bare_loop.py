"""The bare ADK loop: the floor ``bench floor`` compares the planner against.

Standalone on purpose (it imports only ADK and google-genai, never ``dayplan``), so that run as
a script (``python dayplan/benchmarks/_bare_loop.py TURNS.json``) it measures what any ADK
program of this shape costs: an ``LlmAgent`` whose scripted ``BaseLlm`` makes the given turns
(the same function calls, in the same turns, as the planner's wet-weather run) against
trivial tools of the same names that answer ``{"ok": true}``, in a ``Runner`` with an in-memory
session. ``bare_run(turns)`` is the same loop for in-process timing.

``telemetry`` (in process) or a second argument (a ``TelemetryConfig`` as JSON, as a script) is
the ``RunConfig.telemetry`` the loop runs with: ``bench floor`` passes the one the planner's
runs use (``dayplan.agent.telemetry.run_telemetry``), so both are timed with the same telemetry.
As a script it also marks ADK's optional A2A agent absent when ``a2a`` is not installed, as the
planner does (``dayplan.agent.optional_imports``): ADK would retry that failing import per run;
and it starts as ``python -m dayplan`` does (``dayplan/__main__.py``): the cyclic garbage
collector off while the modules load, then ``gc.freeze`` and the collector on for the run.
"""

from __future__ import annotations

import gc

if __name__ == "__main__":  # as dayplan/__main__.py starts (not when imported in process)
    gc.disable()

import asyncio
import json
import sys
from collections.abc import AsyncGenerator
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig
from google.adk.apps import App
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.telemetry.context import TelemetryConfig
from google.adk.tools.base_tool import BaseTool
from google.genai import types


class ScriptedModel(BaseLlm):
    """Answers turn ``n`` with ``turns[n]`` (a ``Content`` dict), then a closing text."""

    model: str = "scripted"
    turns: list[dict[str, Any]] = []

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        done = sum(1 for c in llm_request.contents if c.role == "model")
        if done < len(self.turns):
            content = types.Content.model_validate(self.turns[done])
        else:
            content = types.Content(role="model", parts=[types.Part(text="done")])
        yield LlmResponse(content=content)


class TrivialTool(BaseTool):
    """A tool of the given name that answers every call with ``{"ok": true}``."""

    def _get_declaration(self) -> types.FunctionDeclaration:
        return types.FunctionDeclaration(
            name=self.name,
            description=self.description,
            parameters=types.Schema(type=types.Type.OBJECT, properties={}),
        )

    async def run_async(self, *, args: dict[str, Any], tool_context: Any) -> Any:
        if self.name == "finish":
            tool_context.actions.skip_summarization = True
        return {"ok": True}


async def bare_run(turns: list[dict[str, Any]], telemetry: TelemetryConfig | None = None) -> int:
    """Run the scripted loop once (with ``RunConfig(telemetry=telemetry)``); returns the number
    of events."""
    names = sorted(
        {
            p["function_call"]["name"]
            for t in turns
            for p in t.get("parts", [])
            if "function_call" in p
        }
    )
    agent = LlmAgent(
        name="bare",
        model=ScriptedModel(turns=turns),
        instruction="bare loop",
        tools=[TrivialTool(name=n, description=n) for n in names],
    )
    runner = Runner(
        app=App(name="bare", root_agent=agent), session_service=InMemorySessionService()
    )
    session = await runner.session_service.create_session(app_name="bare", user_id="u")
    message = types.Content(role="user", parts=[types.Part(text="plan")])
    events = 0
    run_config = RunConfig(telemetry=telemetry)
    async for _ in runner.run_async(
        user_id="u", session_id=session.id, new_message=message, run_config=run_config
    ):
        events += 1
    await runner.close()
    return events


if __name__ == "__main__":
    import importlib.util

    if importlib.util.find_spec("a2a") is None:  # as dayplan.agent.optional_imports does
        sys.modules.setdefault("google.adk.agents.remote_a2a_agent", None)  # type: ignore[arg-type]
    gc.freeze()  # as dayplan/__main__.py does once the run's modules are loaded
    gc.enable()
    with open(sys.argv[1], encoding="utf-8") as fh:
        script = json.load(fh)
    config = TelemetryConfig.model_validate_json(sys.argv[2]) if len(sys.argv) > 2 else None
    print(asyncio.run(bare_run(script, config)))
