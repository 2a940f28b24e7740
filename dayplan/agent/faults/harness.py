"""The eval harness's faults: each breaks one thing in the stand-in's next step, so the eval gate
can be shown to fail for the right reason. Family ``eval-fault`` in the one registry:
``python -m dayplan eval --model eval-fault:NAME``.

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
from datetime import datetime

from google.adk.models.llm_response import LlmResponse

from dayplan.agent.faults.step import Fault, Turn, calls_in, first_call
from dayplan.agent.offline_model import ToolExchange, _call, _reply
from dayplan.core.dates import resolve_date
from dayplan.evidence.keys import CLARIFY_TOOL, FINISH_TOOL, RESOLVE_DATE_TOOL, SEARCH_TOOL

AMOUNT_RE = re.compile(r"(AUD|A\$|\$)\s?(\d+(?:\.\d+)?)")


def broken_json(turn: Turn, step: LlmResponse) -> LlmResponse:
    """Cut the last three characters off the ``finish`` payload."""
    for call in calls_in(step):
        if call.name == FINISH_TOOL:
            text = call.args["report_json"]
            call.args = {"report_json": text[: max(1, len(text) - 3)]}
    return step


def drifted_cost(turn: Turn, step: LlmResponse) -> LlmResponse:
    """Write every amount in a ``complete`` rationale as 1.2 × amount + 5."""
    for call in calls_in(step):
        if call.name == FINISH_TOOL:
            payload = json.loads(call.args["report_json"])
            if payload.get("status") == "complete":
                payload["rationale"] = AMOUNT_RE.sub(
                    lambda m: f"{m.group(1)} {float(m.group(2)) * 1.2 + 5:g}",
                    payload.get("rationale", ""),
                )
                call.args = {"report_json": json.dumps(payload)}
    return step


def skip_date(turn: Turn, step: LlmResponse) -> LlmResponse:
    """Instead of calling ``resolve_date``, work the date out itself and plan on from there."""
    if first_call(step) != RESOLVE_DATE_TOOL:
        return step
    req = turn.request
    today = (req.now or datetime(2026, 11, 29)).date()
    day, _text = resolve_date(req.date or "Saturday", today)
    guessed = ToolExchange(
        RESOLVE_DATE_TOOL, {"expression": req.date or ""}, {"ok": True, "date": day.isoformat()}
    )
    return turn.conversation((guessed,), raw=True).decide()  # as if the tool had been called


def search_first(turn: Turn, step: LlmResponse) -> LlmResponse:
    """Search for "things to do" before asking where the day should be."""
    searched = bool(turn.calls(SEARCH_TOOL, raw=True))
    if first_call(step) == CLARIFY_TOOL and not searched:
        return _reply(_call(SEARCH_TOOL, query="things to do", location="", indoor_only=False))
    return step


FAULTS: tuple[Fault, ...] = tuple(
    Fault(alter.__name__, alter, real, "eval", (caught,), family="eval-fault")
    for alter, real, caught in (
        (broken_json, "a serializer bug or an answer cut short", "boundary:finish_payload"),
        (drifted_cost, "figures restated from memory in the prose", "boundary:rationale"),
        (skip_date, "a model that guesses the date instead of asking code", "trace:required_order"),
        (search_first, "searching before asking for what is missing", "status_trace_gate"),
    )
)
"""The eval harness's faults (``eval-fault:NAME``)."""
