"""Notebook 04, "your turn": make the search loop reach the loop guard.

Task: run ``faulty:search_loop`` on the wet-weather case with exactly one guardrail switched off,
the one that otherwise steers it to a finished plan, and pass the ``PlanRun`` to ``check``. The
loop guard must be what ends the run.
"""

from __future__ import annotations

from typing import Any

from dayplan.exercises import Feedback, is_placeholder, not_attempted

FAULT = "faulty:search_loop"


def check(run: Any) -> Feedback:
    """Verify a ``PlanRun`` of ``faulty:search_loop`` that the loop guard ended, with only the
    search budget switched off."""
    if is_placeholder(run):
        return not_attempted(
            f'replace `...` with `await run_plan(request, model="{FAULT}", '
            "guardrails=GuardrailConfig().without(NAME))`, naming the one guardrail to switch "
            "off; the OFF/ON comparisons above show what each one does."
        )
    if not all(hasattr(run, a) for a in ("model", "error", "steps", "report")):
        return Feedback(False, "pass the PlanRun that `await run_plan(...)` returned")
    if run.model != FAULT:
        return Feedback(
            False, f"run the faulty model: model={FAULT!r} (this run used {run.model!r})"
        )
    refused = [
        s.response["guardrail"] for s in run.steps if s.response and s.response.get("guardrail")
    ]
    if run.error is None:
        return Feedback(
            False,
            "the run finished with a plan: a guardrail still told the model to stop searching, "
            "so the loop guard never had to act. The refused steps in `your_run.steps` name it "
            "(their response has a 'guardrail' key).",
        )
    if run.error.rule != "loop_guard":
        return Feedback(False, f"the run ended by {run.error.rule!r}, not by the loop guard")
    if "search_budget" in refused:
        return Feedback(
            False,
            "a guardrail still refused searches before the loop guard ended the run: look for "
            "the 'guardrail' key in the refused steps",
        )
    searches = sum(1 for s in run.steps if s.tool == "search_public_web")
    return Feedback(
        True,
        f"with no search budget the model searched {searches} times and only the loop guard "
        "ended the run: each guardrail covers a failure the others only catch later, or not at all",
    )
