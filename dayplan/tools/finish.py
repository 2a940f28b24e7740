"""``finish``: the model hands in its answer. Code, not this tool, decides what is served."""

from __future__ import annotations

from google.adk.tools.tool_context import ToolContext

from dayplan.evidence import RunEvidence
from dayplan.tools.args import FinishArgs, validated

MAX_PAYLOAD_CHARS = 32_000


@validated(FinishArgs)
def finish(report_json: str, tool_context: ToolContext) -> dict:
    """Hand in the final answer and end the run.

    Args:
      report_json: a JSON object with "status" (complete | needs_clarification |
        no_feasible_plan), "stops" (for complete: [{"venue_id", "name", "start", "end"}]
        copied from the passing check), "rationale" (one or two sentences), "questions" (for
        needs_clarification), "constraint_failures" (for no_feasible_plan) and "sources"
        (ids or URLs returned by search).

    Returns:
      {"ok": true, "received_chars": N}. The served report is rebuilt from the checked result
      and the trace; unsupported claims are rejected after the run.
    """
    text = str(report_json)
    if len(text) > MAX_PAYLOAD_CHARS:
        return {"ok": False, "error": f"report_json is over {MAX_PAYLOAD_CHARS} characters"}
    RunEvidence(tool_context.state).record_finish(text)
    tool_context.actions.skip_summarization = True
    return {"ok": True, "received_chars": len(text)}
