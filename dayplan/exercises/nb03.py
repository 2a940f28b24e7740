"""Notebook 03 (agent), "your turn": read the impossible run's trace — which failure code
proves the request impossible, and which tool never ran?"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dayplan.exercises import Feedback

PROOF = "window_too_short"


def check(codes: Sequence[str], tools_used: Sequence[str], run: Any = None) -> Feedback:
    """Judge the notebook 03 answer.

    ``codes``: the served failure codes the learner collected; ``tools_used``: the tool names in
    call order; ``run`` (optional ``PlanRun`` of the impossible case): when given, both lists must
    match what the run actually served and called.
    """
    codes, tools_used = list(codes), list(tools_used)
    if run is not None:
        report = getattr(run, "report", None)
        if report is None or report.status != "no_feasible_plan":
            return Feedback(
                False, "run should be the impossible case's PlanRun (no_feasible_plan)."
            )
        served = [f.code for f in report.constraint_failures]
        called = [s.tool for s in run.steps]
        if codes != served:
            return Feedback(False, f"codes should be the served failure codes in order: {served}.")
        if tools_used != called:
            return Feedback(False, f"tools_used should list every step's tool in order: {called}.")
    if PROOF not in codes:
        return Feedback(
            False,
            f"{PROOF!r} is missing: the must-do activities alone do not fit the window, which is "
            "what proves the request impossible.",
        )
    if "search_public_web" in tools_used:
        return Feedback(
            False, "search_public_web is in your list, but the impossible run never searched."
        )
    if "check_plan" not in tools_used:
        return Feedback(
            False,
            "no_feasible_plan is only served after a failed check_plan: it must be in tools_used.",
        )
    return Feedback(
        True,
        f"{PROOF} proves it: the must-do activities need more time than the window has, so the "
        "agent never searched; a failed check_plan earned no_feasible_plan.",
    )
