"""From the model's raw ``finish`` payload and the run's recorded evidence to a served report.

The model's words never become served facts. The rules (DESIGN.md, "Evidence rules"):

* ``complete`` needs a passing ``check_plan`` on exactly the served stops; stops, times, costs
  and travel are copied from that check record, names from the search results.
* ``no_feasible_plan`` needs a failed check; its failures are the served ``constraint_failures``.
* ``needs_clarification`` needs a recorded clarification and no search before it.
* Every source the payload cites must have been returned by a search in this run.

Anything else raises ``BoundaryError`` naming the rule that fired; nothing is half-served.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from dayplan.agent.events import ToolStep
from dayplan.contract import DayPlanReport
from dayplan.tools.state import assumptions, checks, found_sources, snapshot

STATUSES = ("complete", "needs_clarification", "no_feasible_plan")


class BoundaryError(Exception):
    """The run's answer cannot be served. ``rule`` names the guardrail or boundary rule."""

    def __init__(self, rule: str, detail: str):
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail


def parse_payload(raw: str | None) -> dict[str, Any]:
    """Parse the ``finish`` payload as a JSON object; ``BoundaryError('finish_payload', ...)`` if not."""
    if raw is None:
        raise BoundaryError("finish_payload", "the run ended without a finish call")
    try:
        payload = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise BoundaryError(
            "finish_payload", f"finish payload is not valid JSON ({exc.msg})"
        ) from None
    if not isinstance(payload, dict):
        raise BoundaryError("finish_payload", "finish payload is not a JSON object")
    return payload


def _claimed_sources(payload: Mapping[str, Any]) -> list[str]:
    out = []
    for item in payload.get("sources") or []:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, Mapping):
            out.extend(str(item[k]) for k in ("id", "url") if item.get(k))
    return out


def _check_sources(payload: Mapping[str, Any], sources: Mapping[str, dict]) -> None:
    known = set(sources) | {s.get("url") for s in sources.values()}
    for claim in _claimed_sources(payload):
        if claim not in known:
            raise BoundaryError(
                "unsupported_source", f"the answer cites {claim!r}, which no search returned"
            )


def _payload_venue_ids(payload: Mapping[str, Any]) -> list[str] | None:
    stops = payload.get("stops")
    if stops is None:
        plan = payload.get("plan")
        stops = plan.get("stops") if isinstance(plan, Mapping) else None
    if stops is None:
        return None
    if not isinstance(stops, list):
        raise BoundaryError("finish_payload", "stops is not a list")
    ids = []
    for s in stops:
        if not isinstance(s, Mapping) or not s.get("venue_id"):
            raise BoundaryError("finish_payload", "every stop needs a venue_id")
        ids.append(str(s["venue_id"]))
    return ids


def _served_stop(stop: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "venue_id": stop["venue_id"],
        "name": stop["name"],
        "start": stop["start"],
        "end": stop["end"],
        "indoor": stop["indoor"],
        "cost": stop["cost"],
        "travel_in": {**stop["travel_in"], "estimated": True},
        "source_ids": list(stop.get("source_ids", [])),
    }


def build_report(
    *,
    payload_raw: str | None,
    state: Mapping[str, Any],
    steps: Sequence[ToolStep],
    model: str,
    run_id: str,
) -> DayPlanReport:
    """Build the served ``DayPlanReport``; raise ``BoundaryError`` when a claim is unsupported."""
    state = snapshot(state)
    payload = parse_payload(payload_raw)
    status = payload.get("status")
    if status not in STATUSES:
        raise BoundaryError(
            "finish_payload", f"status {status!r} is not one of {', '.join(STATUSES)}"
        )
    sources = found_sources(state)
    _check_sources(payload, sources)
    records = checks(state)
    report: dict[str, Any] = {
        "status": status,
        "date": state.get("date"),
        "location": state.get("location_name"),
        "timezone": state.get("timezone"),
        "assumptions": assumptions(state),
        "model": model,
        "run_id": run_id,
        "trace": [{"tool": s.tool, "ok": s.ok, "summary": s.summary()[:500]} for s in steps],
    }
    served_source_ids: list[str] = []
    if status == "complete":
        wanted = _payload_venue_ids(payload)
        passing = [c for c in records if c.get("passed")]
        if not passing:
            raise BoundaryError(
                "status_gate", "complete claimed, but no check_plan passed in this run"
            )
        if wanted is None:
            chosen = passing[-1]
        else:
            matches = [c for c in passing if [s["venue_id"] for s in c["stops"]] == wanted]
            if not matches:
                checked = {s["venue_id"] for c in passing for s in c["stops"]}
                unchecked = [v for v in wanted if v not in checked]
                what = (
                    f"stop(s) {', '.join(unchecked)} never passed a check"
                    if unchecked
                    else ("the answer's stops are not the stops of any passing check")
                )
                raise BoundaryError("status_gate", what)
            chosen = matches[-1]
        stops = [_served_stop(s) for s in chosen["stops"]]
        report["plan"] = {
            "stops": stops,
            "travel_home": {**chosen["travel_home"], "estimated": True},
            "totals": chosen["totals"],
            "rationale": str(payload.get("rationale") or "")[:2000],
        }
        report["date"] = chosen["constraints"]["date"]
        served_source_ids = [sid for s in stops for sid in s["source_ids"]]
    elif status == "no_feasible_plan":
        if not records or records[-1].get("passed"):
            raise BoundaryError(
                "status_gate", "no_feasible_plan claimed, but the last check_plan did not fail"
            )
        failed = records[-1]
        report["constraint_failures"] = failed["failures"]
        report["date"] = failed["constraints"]["date"]
        served_source_ids = [sid for s in failed["stops"] for sid in s.get("source_ids", [])]
    else:
        clarification = state.get("clarification")
        if not clarification:
            raise BoundaryError(
                "status_gate", "needs_clarification claimed, but no clarification was recorded"
            )
        if any(s.tool == "search_public_web" for s in steps):
            raise BoundaryError("status_gate", "a search ran before the clarification")
        report["questions"] = clarification["questions"]
    seen = set()
    report["sources"] = []
    for sid in served_source_ids:
        if sid in sources and sid not in seen:
            seen.add(sid)
            src = sources[sid]
            report["sources"].append(
                {k: src[k] for k in ("id", "title", "url", "kind", "retrieved_at")}
            )
    try:
        return DayPlanReport.model_validate(report)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BoundaryError("contract", f"{where}: {first['msg']}") from None
