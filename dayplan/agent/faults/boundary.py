"""Faults at the service boundary: the stand-in plans correctly, then its ``finish`` payload is
damaged the way real model answers are damaged.

Each is a payload edit ``edit(report_json, last_check) -> report_json`` over the text the model
hands in (``last_check`` is the last ``check_plan`` response it saw), lifted to a function over
the next step by ``on_finish_payload``: the damage is done to the served payload and nothing
else, which is the honest shape (and lets notebook 05 apply the same damage to a saved payload).
Expected outcomes on the wet-weather case (see ``dayplan.service.boundary``):

* ``repaired:complete`` – the boundary repairs or reconciles the answer and serves exactly the
  checked plan, stating what it restored in ``assumptions``;
* ``rejected:<rule>`` – the run is refused, naming the rule (CLI exit code 3).

``ambiguous_duplicate_stop`` is refused at the ``finish`` call by the ``status_trace_gate``
guardrail, which asks ``dayplan.evidence.earned`` (rule ``ambiguous_stop``); with that guardrail
off, the boundary asks the same function and rejects it as ``ambiguous_stop``. The others pass
the guardrails untouched (the gate leaves payloads that are not JSON to the boundary, and names,
costs and travel are not its business).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dayplan.agent.faults.step import Fault, on_finish_payload

INVENTED_FACT = "Tickets are AUD 5 each and the first stop is open until 21:00."


def _edit(text: str, change: Callable[[dict], None]) -> str:
    payload = json.loads(text)
    if payload.get("status") == "complete":
        change(payload)
    return json.dumps(payload, ensure_ascii=False)


def truncated_finish_json(text: str, checked: dict[str, Any]) -> str:
    """Cuts the closing brackets off the end of the finish JSON."""
    return text.rstrip().rstrip("]}")


def truncated_finish_midstring(text: str, checked: dict[str, Any]) -> str:
    """Cuts the finish JSON inside the rationale string."""
    at = text.find('"rationale": "')
    return text[: at + len('"rationale": "') + 12] if at >= 0 else text[: len(text) // 2]


def renamed_activity(text: str, checked: dict[str, Any]) -> str:
    """Renames every stop between check_plan and finish (same venue_id)."""

    def rename(payload: dict) -> None:
        for stop in payload.get("stops", []):
            stop["name"] = "The " + stop.get("name", "").split(",")[0] + " experience"

    return _edit(text, rename)


def drifted_cost(text: str, checked: dict[str, Any]) -> str:
    """Restates stop costs and the total lower than check_plan found."""
    costs = {s["venue_id"]: s["cost"] for s in checked.get("stops", [])}

    def cheaper(payload: dict) -> None:
        total = 0.0
        for stop in payload.get("stops", []):
            cost = costs.get(stop["venue_id"], {"amount": 0.0, "currency": "AUD"})
            stop["cost"] = {"amount": cost["amount"] / 2 + 5, "currency": cost["currency"]}
            total += stop["cost"]["amount"]
        payload["totals"] = {"cost": total, "currency": "AUD"}

    return _edit(text, cheaper)


def drifted_travel(text: str, checked: dict[str, Any]) -> str:
    """Restates travel minutes shorter than check_plan found."""
    legs = {s["venue_id"]: s["travel_in"]["minutes"] for s in checked.get("stops", [])}

    def quicker(payload: dict) -> None:
        for stop in payload.get("stops", []):
            stop["travel_in"] = {"minutes": max(legs.get(stop["venue_id"], 0) - 4, 0)}
        payload["totals"] = {"travel_minutes": 5}

    return _edit(text, quicker)


def invented_rationale_fact(text: str, checked: dict[str, Any]) -> str:
    """Adds a price and a closing time nobody checked to the rationale."""

    def invent(payload: dict) -> None:
        payload["rationale"] = f"{payload.get('rationale', '')} {INVENTED_FACT}".strip()

    return _edit(text, invent)


def ambiguous_duplicate_stop(text: str, checked: dict[str, Any]) -> str:
    """Lists the first stop twice, the second time at other hours."""

    def duplicate(payload: dict) -> None:
        stops = payload.get("stops", [])
        if stops:
            stops.append({**stops[0], "start": "16:20", "end": "16:50"})

    return _edit(text, duplicate)


PAYLOAD_EDITS: dict[str, Callable[[str, dict[str, Any]], str]] = {
    edit.__name__: edit
    for edit in (
        truncated_finish_json,
        truncated_finish_midstring,
        renamed_activity,
        drifted_cost,
        drifted_travel,
        invented_rationale_fact,
        ambiguous_duplicate_stop,
    )
}
"""Fault name -> its payload edit, to damage a saved payload the same way (notebook 05)."""

_SPECS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "truncated_finish_json",
        "a 5/5 answer served as malformed JSON (the original prototype)",
        "repaired:complete",
        ("boundary:finish_payload repair",),
    ),
    (
        "truncated_finish_midstring",
        "an answer cut off by the output token limit",
        "rejected:finish_payload",
        ("boundary:finish_payload",),
    ),
    (
        "renamed_activity",
        "final wording that drifts from the checked itinerary",
        "repaired:complete",
        ("boundary:reconciliation",),
    ),
    (
        "drifted_cost",
        "prices restated from memory instead of the checked result",
        "repaired:complete",
        ("boundary:reconciliation",),
    ),
    (
        "drifted_travel",
        "travel times restated optimistically in the final answer",
        "repaired:complete",
        ("boundary:reconciliation",),
    ),
    (
        "invented_rationale_fact",
        "prose that states facts the check never saw ('tickets AUD 5, open until 21:00')",
        "repaired:complete",
        ("boundary:rationale",),
    ),
    (
        "ambiguous_duplicate_stop",
        "an answer that cannot be matched to one checked visit",
        "rejected:status_trace_gate",
        ("status_trace_gate", "boundary:ambiguous_stop"),
    ),
)

FAULTS: tuple[Fault, ...] = tuple(
    Fault(name, on_finish_payload(PAYLOAD_EDITS[name]), real, expected, caught_by)
    for name, real, expected, caught_by in _SPECS
)
"""The boundary faults. ``caught_by``: ``boundary:<rule>`` is a step of
``dayplan.service.boundary`` (``finish_payload repair``: the one repair of missing closers;
``reconciliation``: the checked values are served instead of the answer's; ``rationale``:
sentences stating unchecked figures are dropped), a bare name is a guardrail."""
