"""``record_clarification``: the only way to earn ``needs_clarification``."""

from __future__ import annotations

from google.adk.tools.tool_context import ToolContext

from dayplan.evidence import RunEvidence
from dayplan.tools.args import ClarifyArgs, validated

MAX_QUESTIONS = 3


@validated(ClarifyArgs)
def record_clarification(
    questions: list[str], tool_context: ToolContext, missing: list[str] | None = None
) -> dict:
    """Record the questions the user must answer before a plan can be made.

    Use it only when something essential is missing (the location); state assumptions for the
    rest instead of asking.

    Args:
      questions: one to three short questions for the user.
      missing: names of the missing request fields, e.g. ["location"].

    Returns:
      {"ok": true, "questions": [...]} or {"ok": false, "error": "..."}.
    """
    cleaned = [str(q).strip() for q in (questions or []) if str(q).strip()]
    if not cleaned:
        return {"ok": False, "error": "give at least one question"}
    if len(cleaned) > MAX_QUESTIONS:
        return {"ok": False, "error": f"ask at most {MAX_QUESTIONS} questions"}
    if any(len(q) > 300 for q in cleaned):
        return {"ok": False, "error": "keep each question under 300 characters"}
    record = RunEvidence(tool_context.state).record_clarification(
        cleaned, [str(m) for m in (missing or [])]
    )
    return {"ok": True, **record.dump()}
