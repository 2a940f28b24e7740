"""Actions: ``save_plan`` registers a checked plan, ``get_saved_plan`` proves it was registered.

The model chooses *whether* to save; code decides *what* is saved and whether it worked:

* ``save_plan`` refuses unless the request asked for it (``save: true``) and a ``check_plan``
  passed in this run. It saves the checked result (stops, times, costs, travel, totals, date)
  copied from the check record, never the model's wording.
* The plan id is a deterministic hash of (user, request id, plan key): the request's
  ``request_id`` or, without one, the HTTP ``Idempotency-Key`` or else the run's execution id;
  the plan key is the checked stops.
  The store's primary key rejects a duplicate, so a retry returns ``already_exists`` with
  ``idempotent_replay: true``; the same request id with a different plan is a ``conflict`` and
  nothing is written.
* ``get_saved_plan`` re-reads the row; only a re-read whose content hash equals what this run
  saved counts as verified (read-after-write).

State keys: ``saved`` (the last save outcome), ``saved_verification`` (the last re-read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.tools.tool_context import ToolContext

from dayplan.evidence import RunEvidence
from dayplan.tools.args import GetSavedArgs, SaveArgs, validated
from dayplan.tools.state import request_of

DEFAULT_USER = "local"
STOP_FIELDS = ("venue_id", "name", "start", "end", "indoor", "cost", "travel_in")


def user_of(tool_context: Any) -> str:
    """The run's user: ADK's invocation ``user_id``, else state ``user_id``, else ``local``."""
    user = getattr(tool_context, "user_id", None)
    return str(user or RunEvidence(tool_context.state).user_id or DEFAULT_USER)


IDEMPOTENCY_PREFIX = "idempotency-key:"


def request_key(state: Mapping[str, Any]) -> str:
    """The save's request part: the request's ``request_id``; without one, the HTTP
    ``Idempotency-Key`` (as ``idempotency-key:<key>``, so a retry of a request that timed out
    after saving finds its own row); else the run's execution id (a one-off run)."""
    ev = RunEvidence(state)
    if ev.request.request_id:
        return str(ev.request.request_id)
    if ev.idempotency_key:
        return IDEMPOTENCY_PREFIX + str(ev.idempotency_key)
    return str(ev.execution_id or ev.run_id or "")


def save_allowed(state: Mapping[str, Any]) -> str | None:
    """``None`` when ``save_plan`` may run; otherwise the reason it may not."""
    if not request_of(state).save:
        return "the request did not ask to save (save: true)"
    if not any(c.stops for c in RunEvidence(state).passing_checks()):
        return "no check_plan has passed in this run: save only a complete, checked plan"
    return None


def plan_key(stops: list[Mapping[str, Any]]) -> str:
    """The checked stops as one string: ``venue@HH:MM-HH:MM`` joined by ``|``."""
    return "|".join(
        f"{s.get('venue_id') or s.get('activity') or '?'}@{s['start']}-{s['end']}" for s in stops
    )


def plan_content(check: Mapping[str, Any]) -> dict[str, Any]:
    """What is stored for a passing check: date, stops, leg home and totals (no prose)."""
    return {
        "date": check["constraints"]["date"],
        "stops": [{k: s.get(k) for k in STOP_FIELDS} for s in check["stops"]],
        "travel_home": check["travel_home"],
        "totals": check["totals"],
    }


def _web_links(state: Mapping[str, Any], check: Mapping[str, Any]) -> list[dict[str, str]]:
    """``links`` for a saved plan citing web sources (``dayplan.tools.links``); ``[]`` when
    every cited source is from the offline snapshot (their content stays as it was)."""
    from dayplan.tools.links import saved_links

    evidence = RunEvidence(state)
    sources = evidence.sources()
    cited = [sid for s in check["stops"] for sid in s.get("source_ids") or []]
    web = [sources[sid].dump() for sid in dict.fromkeys(cited) if sid in sources]
    web = [s for s in web if s.get("kind") == "web"]
    return saved_links(web, evidence.live) if web else []


def _passing_check(state: Mapping[str, Any], check_id: str) -> Mapping[str, Any] | None:
    passing = [c for c in RunEvidence(state).passing_checks() if c.stops]
    if check_id:
        passing = [c for c in passing if c.check_id == check_id]
    return passing[-1].dump() if passing else None


@validated(SaveArgs)
def save_plan(tool_context: ToolContext, check_id: str = "") -> dict:
    """Register the checked plan for this user, once.

    Call it only when the request has "save": true and check_plan has passed; then call
    get_saved_plan with the returned plan_id to verify the save before finish.

    Args:
      check_id: the check_id of the passing check_plan result to save; empty = the latest.

    Returns:
      {"ok": true, "plan_id", "status": "created" | "already_exists", "idempotent_replay"},
      or {"ok": false, "status": "conflict" | "failed", "error", "plan_id"?} when nothing was
      written.
    """
    state = tool_context.state
    reason = save_allowed(state)
    if reason:
        return {"ok": False, "status": "failed", "error": f"save_plan refused: {reason}"}
    check = _passing_check(state, str(check_id or ""))
    if check is None:
        return {
            "ok": False,
            "status": "failed",
            "error": f"no passing check_plan with check_id {check_id!r} in this run",
        }
    user = user_of(tool_context)
    key = plan_key(check["stops"])
    content = plan_content(check)
    links = _web_links(state, check)
    if links:  # live plans: grounding redirects expire, so keep their targets (or say so)
        content["links"] = links
    from sqlalchemy.exc import SQLAlchemyError  # the store is imported when a tool needs it

    from dayplan.store import get_store

    try:
        outcome = get_store().save_plan(
            user_id=user, request_id=request_key(state), plan_key=key, plan=content
        )
    except SQLAlchemyError as exc:  # never leak a connection string: name the error class only
        return {
            "ok": False,
            "status": "failed",
            "error": f"the plan store is unavailable ({type(exc).__name__})",
        }
    record = {
        "plan_id": outcome.plan_id,
        "status": outcome.status,
        "idempotent_replay": outcome.idempotent_replay,
        "plan_hash": outcome.plan_hash,
        "plan_key": key,
        "check_id": check.get("check_id"),
        "request_id": request_key(state),
    }
    RunEvidence(state).record_saved(record)
    result = {
        "ok": outcome.status != "conflict",
        "plan_id": outcome.plan_id,
        "status": outcome.status,
        "idempotent_replay": outcome.idempotent_replay,
    }
    if outcome.status == "conflict":
        result["error"] = (
            "conflict: this request id already saved a different plan; nothing was written"
        )
    return result


@validated(GetSavedArgs)
def get_saved_plan(plan_id: str, tool_context: ToolContext) -> dict:
    """Re-read a saved plan of this user and compare it with what this run saved.

    Args:
      plan_id: the plan_id save_plan returned.

    Returns:
      {"ok": true, "plan_id", "found": bool, "verified": bool, "stops": [...], "totals"} —
      verified only when the stored content equals what this run saved — or
      {"ok": false, "error"} on a store failure.
    """
    state = tool_context.state
    plan_id = str(plan_id or "").strip()
    if not plan_id:
        return {"ok": False, "error": "give the plan_id that save_plan returned"}
    from sqlalchemy.exc import SQLAlchemyError  # the store is imported when a tool needs it

    from dayplan.store import content_hash, get_store

    try:
        row = get_store().get_plan(plan_id, user_id=user_of(tool_context))
    except SQLAlchemyError as exc:
        return {"ok": False, "error": f"the plan store is unavailable ({type(exc).__name__})"}
    saved = RunEvidence(state).saved
    found = row is not None
    intact = found and content_hash(row.plan) == row.plan_hash
    verified = bool(
        intact
        and saved is not None
        and saved.plan_id == plan_id
        and getattr(saved, "plan_hash", None) == row.plan_hash
    )
    RunEvidence(state).record_save_verification(plan_id, found, verified)
    out: dict[str, Any] = {"ok": True, "plan_id": plan_id, "found": found, "verified": verified}
    if row is not None:
        out["date"] = row.plan.get("date")
        out["stops"] = [
            {k: s.get(k) for k in ("venue_id", "name", "start", "end")} for s in row.plan["stops"]
        ]
        out["totals"] = row.plan.get("totals")
    return out
