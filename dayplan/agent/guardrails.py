"""Guardrails: ADK plugins registered on the ``App``, each named and switchable.

* ``FinishGatePlugin`` (``finish_gate``): the ``finish`` tool is not offered to the model until
  the run holds evidence for some status: a ``check_plan`` result or a recorded clarification.
  A ``finish`` call made anyway is answered with a structured error, not run.
"""

from __future__ import annotations

from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext

FINISH_TOOL = "finish"


def has_evidence(state: Any) -> bool:
    """True once the run has a ``check_plan`` record or a recorded clarification."""
    return bool(state.get("clarification")) or any(str(k).startswith("check:") for k in state)


def _drop_tool(llm_request: LlmRequest, name: str) -> None:
    llm_request.tools_dict.pop(name, None)
    for tool in llm_request.config.tools or []:
        decls = getattr(tool, "function_declarations", None)
        if decls:
            tool.function_declarations = [d for d in decls if d.name != name]


class FinishGatePlugin(BasePlugin):
    """Hide ``finish`` until there is evidence; refuse a ``finish`` call made without it."""

    def __init__(self) -> None:
        super().__init__(name="finish_gate")

    async def before_model_callback(
        self, *, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        if not has_evidence(callback_context.state):
            _drop_tool(llm_request, FINISH_TOOL)
        return None

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        if tool.name == FINISH_TOOL and not has_evidence(tool_context.state):
            return {
                "ok": False,
                "error": "finish is not available yet: run check_plan or record_clarification first",
                "guardrail": "finish_gate",
            }
        return None


def default_plugins() -> list[BasePlugin]:
    """The guardrails switched on by default."""
    return [FinishGatePlugin()]
