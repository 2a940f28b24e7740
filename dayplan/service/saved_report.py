"""The report's ``saved`` field, filled from what the run recorded, and the run's closing event.

Kept apart from ``boundary.build_report`` on purpose: the boundary proves the status, this step
proves the action. ``saved`` is served only when the request asked to save (``save: true``):

* from the ``saved`` state record that ``save_plan`` wrote (plan id, status, replay flag);
* ``verification_status`` is ``verified`` only when ``get_saved_plan`` re-read that same plan id
  and found exactly the content this run saved; ``mismatch`` when the re-read found something
  else (or the saved stops are not the served stops); ``not_verified`` when nothing was re-read;
* a complete plan that was never saved gets an assumption saying so, not a ``saved`` field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dayplan.agent.event_log import EventLog
from dayplan.contract import DayPlanReport, SavedPlan
from dayplan.evidence import RunEvidence
from dayplan.service.boundary import BoundaryError
from dayplan.tools.actions import plan_key

NOT_SAVED_NOTE = "Saving was requested, but no save_plan was recorded in this run; nothing saved"


def saved_from_state(report: DayPlanReport, state: Mapping[str, Any]) -> SavedPlan | None:
    """The ``SavedPlan`` this run earned, or ``None`` when nothing was saved."""
    ev = RunEvidence(state)
    record = ev.saved
    if record is None or not record.plan_id:
        return None
    check = ev.save_verification
    if check is None or check.plan_id != record.plan_id:
        verification = "not_verified"
    elif check.verified:
        verification = "verified"
    else:
        verification = "mismatch"
    status = record.status
    if status == "conflict":
        verification = "not_verified" if verification == "verified" else verification
    served_key = plan_key([s.model_dump() for s in report.plan.stops]) if report.plan else None
    if verification == "verified" and served_key != record.plan_key:
        verification = "mismatch"  # the saved plan is not the plan being served
    return SavedPlan(
        plan_id=record.plan_id,
        status=status,
        idempotent_replay=record.idempotent_replay,
        verification_status=verification,
    )


def attach_saved(report: DayPlanReport, state: Mapping[str, Any]) -> DayPlanReport:
    """``report`` with ``saved`` filled from recorded state when the request asked to save."""
    state = RunEvidence.of(state).snapshot()
    if not RunEvidence(state).request.save:
        return report
    saved = saved_from_state(report, state)
    update: dict[str, Any] = {"saved": saved}
    if saved is None and report.status == "complete":
        update["assumptions"] = [*report.assumptions, NOT_SAVED_NOTE][:30]
    return report.model_copy(update=update)


def terminal_event(
    log: EventLog, report: DayPlanReport | None, error: BoundaryError | None
) -> dict[str, Any]:
    """Emit the run's last event: AGENT_COMPLETED with the served status (and save outcome), or
    AGENT_FAILED naming the rule that stopped the run."""
    ms = log.elapsed_ms("run")
    if report is None or error is not None:
        reason = f"{error.rule}: {error.detail}" if error else "no report"
        return log.emit("AGENT_FAILED", f"run rejected ({reason})", duration_ms=ms)
    summary = f"served {report.status}"
    if report.saved is not None:
        s = report.saved
        summary += f"; saved {s.plan_id} {s.status}, {s.verification_status}"
    return log.emit("AGENT_COMPLETED", summary, duration_ms=ms)
