"""Every way a model turn can end without a usable function call, named and handled on purpose.

A Gemini turn ends with a ``finishReason``. ``STOP`` with a function call is the normal case;
everything else used to end the run with the misleading "the run ended without a finish call".
``TurnEndPlugin`` (an ADK plugin, ``after_model_callback``) tells the endings apart:

=============================  ==========================  ==========================================
finish reason (or block)       rule named in a rejection   handling
=============================  ==========================  ==========================================
MALFORMED_FUNCTION_CALL,       ``malformed_function_call`` retried once with a short corrective
UNEXPECTED_TOOL_CALL, a call                               message (valid JSON arguments, a declared
without a name                                             tool, ``report_json`` as one JSON string)
TOO_MANY_TOOL_CALLS            ``too_many_tool_calls``     retried once: "one or a few calls"
MAX_TOKENS                     ``model_max_tokens``        retried once: "be brief"
RECITATION                     ``model_recitation``        retried once: "your own words"
SAFETY, BLOCKLIST,             ``model_safety_block``      not retried: the same request would be
PROHIBITED_CONTENT, SPII,                                  blocked again
IMAGE_SAFETY, a blocked
prompt (``promptFeedback``)
STOP with empty parts (no      ``model_empty_turn``        retried once: "call the next tool"
finish yet)
OTHER, LANGUAGE, anything      ``model_turn_ended``        retried once
else
=============================  ==========================  ==========================================

The retry is the plugin calling the same model once more with the same request plus the
corrective user message (it counts against ``max_llm_calls``, the loop guard); the retried
answer replaces the failed one. The session history keeps only the answer that was used.
When the retry fails too, or the reason is not retried, the plugin records
``turn_end = {"rule", "finish_reason", "detail", "retried"}`` in state and the run is rejected
naming ``rule`` (``dayplan.service.run``). Every retry is listed in state ``turn_retries`` and
in the served trace as a ``model_turn_retried`` step. A turn after ``finish`` may end any way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.genai import types

TURN_END = "turn_end"
"""The plugin's name; also the state key of a turn ending that rejected the run."""
TURN_RETRIES = "turn_retries"
"""State key: the turns that were retried, in order."""


@dataclass(frozen=True)
class Ending:
    """How one turn ended: the ``rule`` a rejection names, the API's ``finish_reason``, whether
    a corrective retry can help, the corrective ``message`` and a ``detail`` for people."""

    rule: str
    finish_reason: str
    retry: bool
    message: str
    detail: str


_MALFORMED = (
    "Your last function call could not be parsed. Call exactly one of the declared tools with "
    "arguments that are valid JSON matching its parameters. For finish, report_json is a single "
    "JSON string: escape its quotes, no trailing commas."
)
_SAFETY = {"SAFETY", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "JAILBREAK"}
_SAFETY |= {"MODEL_ARMOR", "IMAGE_PROHIBITED_CONTENT"}

ENDINGS: dict[str, tuple[str, bool, str]] = {
    "MALFORMED_FUNCTION_CALL": ("malformed_function_call", True, _MALFORMED),
    "UNEXPECTED_TOOL_CALL": ("malformed_function_call", True, _MALFORMED),
    "TOO_MANY_TOOL_CALLS": (
        "too_many_tool_calls",
        True,
        "You asked for too many tool calls at once. Call one tool, or a few searches, per turn.",
    ),
    "MAX_TOKENS": (
        "model_max_tokens",
        True,
        "Your last answer ran out of output tokens. Be brief: call the next tool with short "
        "arguments; keep the rationale to two sentences.",
    ),
    "RECITATION": (
        "model_recitation",
        True,
        "Your last answer was stopped for reciting source text. Use your own words and call the "
        "next tool.",
    ),
    "EMPTY": (
        "model_empty_turn",
        True,
        "Your last turn had no content. Call the next tool now: finish once a check_plan has "
        "passed or a clarification is recorded.",
    ),
}
"""finish reason -> (rule, retry?, corrective message); safety reasons and the rest below."""


def _reason_name(value: Any) -> str:
    return str(getattr(value, "name", None) or value or "").upper()


def classify(response: LlmResponse, finished: bool) -> Ending | None:
    """How ``response`` ended, or ``None`` when it is a usable turn: a function call with a
    name, text or a call after ``finish`` (``finished``), or text the run may end on."""
    parts = (response.content.parts if response.content else None) or []
    calls = [p.function_call for p in parts if p.function_call is not None]
    finish = _reason_name(response.finish_reason)
    code = _reason_name(response.error_code)
    if calls and all(c.name for c in calls) and finish in ("", "STOP"):
        return None
    if finished:
        return None
    meaningful = any(
        (p.text and p.text.strip() and not p.thought) or p.function_call or p.inline_data
        for p in parts
    )
    if calls and not all(c.name for c in calls):
        reason = "MALFORMED_FUNCTION_CALL"
    elif finish and finish not in ("STOP", "FINISH_REASON_UNSPECIFIED"):
        reason = finish
    elif code and code not in ("STOP", "FINISH_REASON_UNSPECIFIED"):
        reason = code  # a blocked prompt: promptFeedback.blockReason, no candidate
    elif not meaningful:
        reason = "EMPTY"
    else:
        return None  # text without a call: the boundary says no finish was called
    message = (response.error_message or "").strip()[:200]
    if reason in _SAFETY:
        return Ending(
            "model_safety_block",
            reason,
            False,
            "",
            f"the model's answer was blocked ({reason}){': ' + message if message else ''}",
        )
    rule, retry, corrective = ENDINGS.get(
        reason, ("model_turn_ended", True, "Your last turn ended early. Call the next tool.")
    )
    what = "ended with no content" if reason == "EMPTY" else f"ended with {reason}"
    return Ending(rule, reason, retry, corrective, f"the model's turn {what}")


class TurnEndPlugin(BasePlugin):
    """Retry a turn that ended without a usable call once, with a corrective message; record a
    second failure (or an ending not worth retrying) as ``turn_end`` (see the module docs)."""

    def __init__(self) -> None:
        super().__init__(name=TURN_END)
        self._requests: dict[str, LlmRequest] = {}

    async def before_model_callback(
        self, *, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        self._requests[callback_context.invocation_id] = llm_request
        return None

    async def after_model_callback(
        self, *, callback_context: CallbackContext, llm_response: LlmResponse
    ) -> LlmResponse | None:
        if llm_response.partial:
            return None
        state = callback_context.state
        finished = state.get("finish_payload") is not None
        ending = classify(llm_response, finished)
        if ending is None:
            return None
        request = self._requests.get(callback_context.invocation_id)
        retried = False
        if ending.retry and request is not None:
            retried = True
            again = await self._retry(callback_context, request, ending)
            retries = list(state.get(TURN_RETRIES) or [])
            retries.append({"rule": ending.rule, "finish_reason": ending.finish_reason})
            state[TURN_RETRIES] = retries
            second = classify(again, finished) if again is not None else ending
            if second is None:
                return again
            ending = second
            llm_response = again or llm_response
        detail = ending.detail + ("; a corrective retry ended the same way" if retried else "")
        state[TURN_END] = {
            "rule": ending.rule,
            "finish_reason": ending.finish_reason,
            "detail": detail,
            "retried": retried,
        }
        return llm_response if retried else None

    async def _retry(
        self, callback_context: CallbackContext, request: LlmRequest, ending: Ending
    ) -> LlmResponse | None:
        """Ask the same model once more: the same request plus the corrective user message."""
        ctx = callback_context._invocation_context
        retry = request.model_copy()  # shallow: tools are shared, the contents list is new
        retry.contents = [
            *retry.contents,
            types.Content(role="user", parts=[types.Part(text=ending.message)]),
        ]
        ctx.increment_llm_call_count()  # the retry is a model turn: the loop guard counts it
        model = ctx.agent.canonical_model
        last = None
        async for response in model.generate_content_async(retry, stream=False):
            last = response
        return last

    async def after_run_callback(self, *, invocation_context) -> None:
        self._requests.pop(invocation_context.invocation_id, None)


def retry_steps(state: dict) -> list[dict]:
    """The retried turns of a run (``turn_retries``), oldest first."""
    return list(state.get(TURN_RETRIES) or [])


__all__ = ["ENDINGS", "TURN_END", "TURN_RETRIES", "Ending", "TurnEndPlugin", "classify"]
