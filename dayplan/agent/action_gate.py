"""Guardrail for actions: ``save_gate`` offers ``save_plan`` only when saving is asked and earned.

* ``save_plan`` is hidden from the model unless the request has ``save: true`` and a
  ``check_plan`` passed in this run (a complete, checked plan exists).
* ``get_saved_plan`` is hidden until ``save_plan`` has recorded a save.
* A call made anyway is answered with a structured error, not run. The tools enforce the same
  rules themselves, so removing this plugin cannot make an unearned save happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext

from dayplan.agent.guardrails import drop_tool
from dayplan.evidence import RunEvidence, keys
from dayplan.tools.actions import save_allowed

SAVE_TOOL = keys.SAVE_TOOL
READ_TOOL = keys.READ_SAVED_TOOL


def gate_reason(tool_name: str, state: Mapping[str, Any]) -> str | None:
    """Why ``tool_name`` is not available now (``None`` when it is)."""
    if tool_name == SAVE_TOOL:
        return save_allowed(state)
    if tool_name == READ_TOOL and RunEvidence(state).saved is None:
        return "nothing was saved in this run yet: call save_plan first"
    return None


class SaveGatePlugin(BasePlugin):
    """Hide ``save_plan``/``get_saved_plan`` until they are earned; refuse early calls."""

    def __init__(self) -> None:
        super().__init__(name="save_gate")

    async def before_model_callback(
        self, *, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        for name in (SAVE_TOOL, READ_TOOL):
            if gate_reason(name, callback_context.state):
                drop_tool(llm_request, name)
        return None

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        reason = gate_reason(tool.name, tool_context.state)
        if reason:
            return {
                "ok": False,
                "error": f"{tool.name} is not available: {reason}",
                "guardrail": "save_gate",
            }
        return None
