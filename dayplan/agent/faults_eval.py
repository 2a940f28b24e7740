"""The eval harness's faults: small functions over the stand-in's next step.

Each is ``alter(llm_request, step) -> step``: it sees the clean stand-in's next step and the
conversation, and breaks one thing, so the eval gate can be shown to fail for the right reason.
They live in the one fault registry (``dayplan.agent.faults``) as family ``eval-fault``:
``--model eval-fault:NAME`` on ``python -m dayplan eval``.

==================== ===================================================== ====================
name                 what it breaks                                        who catches it
==================== ===================================================== ====================
broken_json          truncates the ``finish`` payload (malformed JSON)      boundary → meaning
drifted_cost         says a cost of 20 % + 5 above the checked total        boundary:rationale
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

from dayplan.agent.faults import Fault, register
from dayplan.agent.offline_model import (
    OfflinePlannerModel,
    _call,
    _reply,
    parse_request_message,
    read_history,
)
from dayplan.core.dates import resolve_date

Alter = Callable[[OfflinePlannerModel, LlmRequest, LlmResponse], LlmResponse]


class NextStepFault(OfflinePlannerModel):
    """The stand-in with one fault: ``alter(model, llm_request, clean_step)`` is its next step."""

    alter: Alter | None = None

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        step = super().next_turn(llm_request)
        return self.alter(self, llm_request, step) if self.alter else step


def _calls(step: LlmResponse) -> list[types.FunctionCall]:
    parts = step.content.parts if step.content and step.content.parts else []
    return [p.function_call for p in parts if p.function_call]


def broken_json(model: OfflinePlannerModel, request: LlmRequest, step: LlmResponse) -> LlmResponse:
    """Cut the last three characters off the ``finish`` payload."""
    for call in _calls(step):
        if call.name == "finish":
            text = call.args["report_json"]
            call.args = {"report_json": text[: max(1, len(text) - 3)]}
    return step


def drifted_cost(model: OfflinePlannerModel, request: LlmRequest, step: LlmResponse) -> LlmResponse:
    """Write every amount in a ``complete`` rationale as 1.2 × amount + 5."""
    for call in _calls(step):
        if call.name == "finish":
            payload = json.loads(call.args["report_json"])
            if payload.get("status") == "complete":

                def drift(m: re.Match) -> str:
                    return f"{m.group(1)} {float(m.group(2)) * 1.2 + 5:g}"

                payload["rationale"] = re.sub(
                    r"(AUD|A\$|\$)\s?(\d+(?:\.\d+)?)", drift, payload.get("rationale", "")
                )
                call.args = {"report_json": json.dumps(payload)}
    return step


def skip_date(model: OfflinePlannerModel, request: LlmRequest, step: LlmResponse) -> LlmResponse:
    """Instead of calling ``resolve_date``, work the date out itself and plan on from there."""
    calls = _calls(step)
    if not (calls and calls[0].name == "resolve_date"):
        return step
    first_text, _ = read_history(request)
    req = parse_request_message(first_text)
    today = (req.now or datetime(2026, 11, 29)).date()
    day, _text = resolve_date(req.date or "Saturday", today)
    fake = types.Content(
        role="model",
        parts=[_call("resolve_date", expression=req.date or "")],
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
    pretend = request.model_copy(deep=True)  # as if the tool had been called
    pretend.contents = list(pretend.contents) + [fake, reply]
    return OfflinePlannerModel.next_turn(model, pretend)


def search_first(model: OfflinePlannerModel, request: LlmRequest, step: LlmResponse) -> LlmResponse:
    """Search for "things to do" before asking where the day should be."""
    calls = _calls(step)
    _, history = read_history(request)
    searched = any(h.name == "search_public_web" for h in history)
    if calls and calls[0].name == "record_clarification" and not searched:
        return _reply(
            _call("search_public_web", query="things to do", location="", indoor_only=False)
        )
    return step


_FAULTS: list[tuple[Alter, str, str]] = [
    (broken_json, "a serializer bug or an answer cut short", "boundary:finish_payload"),
    (drifted_cost, "figures restated from memory in the prose", "boundary:rationale"),
    (skip_date, "a model that guesses the date instead of asking code", "trace:required_order"),
    (search_first, "searching before asking for what is missing", "status_trace_gate"),
]


def _factory(alter: Alter) -> Callable[[], NextStepFault]:
    return lambda: NextStepFault(model=f"eval-fault:{alter.__name__}", alter=alter)


for _alter, _real, _caught in _FAULTS:
    register(
        Fault(
            _alter.__name__,
            (_alter.__doc__ or "").strip(),
            _real,
            "eval",
            _factory(_alter),
            caught_by=(_caught,),
            family="eval-fault",
        )
    )
