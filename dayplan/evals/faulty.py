"""The eval harness's own faulty models: small wrappers around the offline model that break
one thing each, so the gate can be shown to fail for the right reason. ``--model
eval-fault:NAME`` on ``python -m dayplan eval`` uses them (the project's ``faulty:NAME`` faults
live in ``dayplan.agent.faults``).

==================== ===================================================== ====================
name                 what it breaks                                        who catches it
==================== ===================================================== ====================
broken_json          truncates the ``finish`` payload (malformed JSON)      boundary → meaning
drifted_cost         says a cost of 20 % + 5 above the checked total        meaning rubric
skip_date            never calls ``resolve_date`` (guesses the date)        trace
search_first         searches before asking for a missing location          boundary → trace
==================== ===================================================== ====================
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types

from dayplan.agent.offline_model import (
    OfflinePlannerModel,
    parse_request_message,
    read_history,
)
from dayplan.core.dates import resolve_date


def _function_calls(response: LlmResponse) -> list[types.FunctionCall]:
    parts = response.content.parts if response.content and response.content.parts else []
    return [p.function_call for p in parts if p.function_call]


class BrokenJsonModel(OfflinePlannerModel):
    """Finishes with the right answer, but its JSON is cut off before the closing brace."""

    model: str = "eval-fault:broken_json"

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        response = super().next_turn(llm_request)
        for call in _function_calls(response):
            if call.name == "finish":
                text = call.args["report_json"]
                call.args = {"report_json": text[: max(1, len(text) - 3)]}
        return response


class DriftedCostModel(OfflinePlannerModel):
    """Finishes ``complete`` with a rationale whose costs drifted: each written as 1.2 × cost + 5."""

    model: str = "eval-fault:drifted_cost"

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        response = super().next_turn(llm_request)
        for call in _function_calls(response):
            if call.name == "finish":
                payload = json.loads(call.args["report_json"])
                if payload.get("status") == "complete":

                    def drift(m: re.Match) -> str:
                        return f"{m.group(1)} {float(m.group(2)) * 1.2 + 5:g}"

                    payload["rationale"] = re.sub(
                        r"(AUD|A\$|\$)\s?(\d+(?:\.\d+)?)", drift, payload.get("rationale", "")
                    )
                    call.args = {"report_json": json.dumps(payload)}
        return response


class SkipDateModel(OfflinePlannerModel):
    """Never calls ``resolve_date``: answers its first turn with the searches directly."""

    model: str = "eval-fault:skip_date"

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        response = super().next_turn(llm_request)
        calls = _function_calls(response)
        if calls and calls[0].name == "resolve_date":
            first_text, _ = read_history(llm_request)
            request = parse_request_message(first_text)
            today = (request.now or datetime(2026, 11, 29)).date()
            day, _text = resolve_date(request.date or "Saturday", today)
            fake = types.Content(
                role="model",
                parts=[
                    types.Part(
                        function_call=types.FunctionCall(
                            name="resolve_date", args={"expression": request.date or ""}
                        )
                    )
                ],
            )
            reply = types.Content(
                role="user",
                parts=[
                    types.Part(
                        function_response=types.FunctionResponse(
                            name="resolve_date", response={"ok": True, "date": day.isoformat()}
                        )
                    )
                ],
            )
            # plan with a date it worked out itself, as if the tool had been called
            pretend = llm_request.model_copy(deep=True)
            pretend.contents = list(pretend.contents) + [fake, reply]
            return super().next_turn(pretend)
        return response


class SearchFirstModel(OfflinePlannerModel):
    """Searches for "things to do" before it asks where the day should be."""

    model: str = "eval-fault:search_first"

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        response = super().next_turn(llm_request)
        calls = _function_calls(response)
        _, history = read_history(llm_request)
        searched = any(h.name == "search_public_web" for h in history)
        if calls and calls[0].name == "record_clarification" and not searched:
            part = types.Part(
                function_call=types.FunctionCall(
                    name="search_public_web",
                    args={"query": "things to do", "location": "", "indoor_only": False},
                )
            )
            usage = types.GenerateContentResponseUsageMetadata(
                prompt_token_count=0, candidates_token_count=0, total_token_count=0
            )
            return LlmResponse(
                content=types.Content(role="model", parts=[part]), usage_metadata=usage
            )
        return response


EVAL_FAULTS: dict[str, Callable[[], OfflinePlannerModel]] = {
    "broken_json": BrokenJsonModel,
    "drifted_cost": DriftedCostModel,
    "skip_date": SkipDateModel,
    "search_first": SearchFirstModel,
}


def make_eval_fault(name: str) -> OfflinePlannerModel:
    """Build the eval fault ``name``; ``KeyError`` naming the known ones otherwise."""
    if name not in EVAL_FAULTS:
        raise KeyError(f"unknown eval fault {name!r}; known: {', '.join(sorted(EVAL_FAULTS))}")
    return EVAL_FAULTS[name]()
