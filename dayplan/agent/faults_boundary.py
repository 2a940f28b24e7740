"""Faults at the service boundary: the offline model plans correctly, then its ``finish``
payload is damaged the way real model answers are damaged.

Each fault is an ``OfflinePlannerModel`` subclass whose ``finish`` call's ``report_json`` is
rewritten by ``tamper(text, checked)``, where ``checked`` is the last ``check_plan`` response the
model saw. Expected outcomes on the wet-weather case (see ``dayplan.service.boundary``):

* ``repaired:complete`` – the boundary repairs or reconciles the answer and serves exactly the
  checked plan, stating what it restored in ``assumptions``;
* ``rejected:<rule>`` – the run is refused, naming the rule (CLI exit code 3).

``ambiguous_duplicate_stop`` is refused at the ``finish`` call by the ``status_trace_gate``
guardrail, which asks ``dayplan.evidence.earned`` (rule ``ambiguous_stop``); with that guardrail
off, the boundary asks the same function and rejects it as ``ambiguous_stop``. The others pass the guardrails untouched (the gate leaves payloads that
are not JSON to the boundary, and names, costs and travel are not its business).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse

from dayplan.agent.faults import Fault, register
from dayplan.agent.offline_model import OfflinePlannerModel, read_history


class FinishTamperingModel(OfflinePlannerModel):
    """The offline planner, except that its ``finish`` payload goes through ``tamper``."""

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        """Return the damaged payload text; ``checked`` is the last check_plan response."""
        return text

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        response = super().next_turn(llm_request)
        for part in response.content.parts if response.content else []:
            call = part.function_call
            if call is not None and call.name == "finish":
                _, history = read_history(llm_request)
                checks = [h.response or {} for h in history if h.name == "check_plan"]
                args = dict(call.args or {})
                args["report_json"] = self.tamper(str(args.get("report_json", "")), checks[-1])
                call.args = args
        return response


def _edit(text: str, change) -> str:
    payload = json.loads(text)
    if payload.get("status") == "complete":
        change(payload)
    return json.dumps(payload, ensure_ascii=False)


class TruncatedFinishJson(FinishTamperingModel):
    """The answer is cut off: its final closing brackets are missing."""

    model: str = "faulty:truncated_finish_json"

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        return text.rstrip().rstrip("]}")


class TruncatedFinishMidString(FinishTamperingModel):
    """The answer is cut off inside its rationale string (more than closers is lost)."""

    model: str = "faulty:truncated_finish_midstring"

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        at = text.find('"rationale": "')
        return text[: at + len('"rationale": "') + 12] if at >= 0 else text[: len(text) // 2]


class RenamedActivity(FinishTamperingModel):
    """Between the check and the answer, the model renames the stops (same ``venue_id``)."""

    model: str = "faulty:renamed_activity"

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        def rename(payload: dict) -> None:
            for stop in payload.get("stops", []):
                stop["name"] = "The " + stop.get("name", "").split(",")[0] + " experience"

        return _edit(text, rename)


class DriftedCost(FinishTamperingModel):
    """The answer restates every stop's cost (and the total) lower than the check found."""

    model: str = "faulty:drifted_cost"

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        costs = {s["venue_id"]: s["cost"] for s in checked.get("stops", [])}

        def cheaper(payload: dict) -> None:
            total = 0.0
            for stop in payload.get("stops", []):
                cost = costs.get(stop["venue_id"], {"amount": 0.0, "currency": "AUD"})
                stop["cost"] = {"amount": cost["amount"] / 2 + 5, "currency": cost["currency"]}
                total += stop["cost"]["amount"]
            payload["totals"] = {"cost": total, "currency": "AUD"}

        return _edit(text, cheaper)


class DriftedTravel(FinishTamperingModel):
    """The answer restates every leg (and the travel total) shorter than the check found."""

    model: str = "faulty:drifted_travel"

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        legs = {s["venue_id"]: s["travel_in"]["minutes"] for s in checked.get("stops", [])}

        def quicker(payload: dict) -> None:
            for stop in payload.get("stops", []):
                stop["travel_in"] = {"minutes": max(legs.get(stop["venue_id"], 0) - 4, 0)}
            payload["totals"] = {"travel_minutes": 5}

        return _edit(text, quicker)


class AmbiguousDuplicateStop(FinishTamperingModel):
    """The answer lists the first stop twice, the second time at other hours."""

    model: str = "faulty:ambiguous_duplicate_stop"

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        def duplicate(payload: dict) -> None:
            stops = payload.get("stops", [])
            if stops:
                stops.append({**stops[0], "start": "16:20", "end": "16:50"})

        return _edit(text, duplicate)


class InventedRationaleFact(FinishTamperingModel):
    """The answer's rationale states a price and a closing time nobody checked."""

    model: str = "faulty:invented_rationale_fact"

    INVENTED: ClassVar[str] = "Tickets are AUD 5 each and the first stop is open until 21:00."

    def tamper(self, text: str, checked: dict[str, Any]) -> str:
        def invent(payload: dict) -> None:
            payload["rationale"] = f"{payload.get('rationale', '')} {self.INVENTED}".strip()

        return _edit(text, invent)


_FAULTS = [
    (
        "truncated_finish_json",
        TruncatedFinishJson,
        "Cuts the closing brackets off the end of the finish JSON.",
        "a 5/5 answer served as malformed JSON (the original prototype)",
        "repaired:complete",
    ),
    (
        "truncated_finish_midstring",
        TruncatedFinishMidString,
        "Cuts the finish JSON inside the rationale string.",
        "an answer cut off by the output token limit",
        "rejected:finish_payload",
    ),
    (
        "renamed_activity",
        RenamedActivity,
        "Renames every stop between check_plan and finish (same venue_id).",
        "final wording that drifts from the checked itinerary",
        "repaired:complete",
    ),
    (
        "drifted_cost",
        DriftedCost,
        "Restates stop costs and the total lower than check_plan found.",
        "prices restated from memory instead of the checked result",
        "repaired:complete",
    ),
    (
        "drifted_travel",
        DriftedTravel,
        "Restates travel minutes shorter than check_plan found.",
        "travel times restated optimistically in the final answer",
        "repaired:complete",
    ),
    (
        "invented_rationale_fact",
        InventedRationaleFact,
        "Adds a price and a closing time nobody checked to the rationale.",
        "prose that states facts the check never saw ('tickets AUD 5, open until 21:00')",
        "repaired:complete",
    ),
    (
        "ambiguous_duplicate_stop",
        AmbiguousDuplicateStop,
        "Lists the first stop twice, the second time at other hours.",
        "an answer that cannot be matched to one checked visit",
        "rejected:status_trace_gate",
    ),
]

CAUGHT_BY: dict[str, tuple[str, ...]] = {
    "truncated_finish_json": ("boundary:finish_payload repair",),
    "truncated_finish_midstring": ("boundary:finish_payload",),
    "renamed_activity": ("boundary:reconciliation",),
    "drifted_cost": ("boundary:reconciliation",),
    "drifted_travel": ("boundary:reconciliation",),
    "invented_rationale_fact": ("boundary:rationale",),
    "ambiguous_duplicate_stop": ("status_trace_gate", "boundary:ambiguous_stop"),
}
"""Fault name -> what catches it: ``boundary:<rule>`` is a step of ``dayplan.service.boundary``
(``finish_payload repair``: the one repair of missing closers; ``reconciliation``: the checked
values are served instead of the answer's; ``rationale``: sentences stating unchecked figures
are dropped), a bare name is a guardrail."""

for _name, _cls, _what, _real, _expected in _FAULTS:
    register(Fault(_name, _what, _real, _expected, _cls, caught_by=CAUGHT_BY[_name]))
