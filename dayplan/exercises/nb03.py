"""Notebook 03 (agent), "your turn": read the impossible run's report and trace.

Two answers: ``proof``, the one served failure code that by itself proves no plan can exist
however the activities are placed (the others follow from a placement), and ``never_called``,
the tool a normal run calls to find venues, which this run never called.
"""

from __future__ import annotations

from typing import Any

from dayplan.exercises import Feedback, is_placeholder, not_attempted

PROOF = "window_too_short"
SEARCH = "search_public_web"
_PLACEMENT_CODES = {"outside_window", "home_after_deadline", "overlaps_blocked", "closed"}


def _tool_names() -> list[str]:
    from dayplan.tools import PLANNER_TOOLS

    return [getattr(t, "__name__", str(t)) for t in PLANNER_TOOLS]


def check(proof: Any, never_called: Any, run: Any = None) -> Feedback:
    """Judge the notebook 03 answer.

    ``proof``: a failure code (``str``) from the served report; ``never_called``: a tool name
    (``str``); ``run`` (optional ``PlanRun`` of the impossible case): when given, the answers
    are read against what it served and called.
    """
    if is_placeholder(proof) or is_placeholder(never_called):
        return not_attempted(
            "set `proof` to one failure code from the report above (a string, as printed in "
            "[brackets]) and `never_called` to the name of a tool (notebook 01's "
            "`tools.PLANNER_TOOLS`), then run this cell again."
        )
    served: list[str] = []
    called: list[str] = []
    if run is not None:
        report = getattr(run, "report", None)
        if report is None or report.status != "no_feasible_plan":
            return Feedback(
                False, "run should be the impossible case's PlanRun (no_feasible_plan)."
            )
        served = [f.code for f in report.constraint_failures]
        called = [s.tool for s in run.steps]
    if not isinstance(proof, str) or not isinstance(never_called, str):
        return Feedback(False, "both answers are strings: a failure code and a tool name.")
    problems = []
    if served and proof not in served:
        problems.append(
            f"{proof!r} is not a code this run served: copy one from the report's constraint "
            "failures."
        )
    elif proof in _PLACEMENT_CODES:
        problems.append(
            f"{proof} is true of this placement, but it depends on where each activity was put. "
            "Which failure would hold however the activities were arranged?"
        )
    elif proof != PROOF:
        problems.append(f"{proof!r} does not prove the request impossible on its own.")
    tools = _tool_names()
    if never_called in called:
        step = called.index(never_called) + 1
        problems.append(f"{never_called} did run: it is step {step} of the trace.")
    elif never_called not in tools:
        problems.append(
            f"{never_called!r} is not a planner tool; the tool names are in notebook 01."
        )
    elif never_called != SEARCH:
        problems.append(
            f"{never_called} never ran either, but it does not find venues: which tool returns "
            "the venue records the checker may use?"
        )
    if problems:
        return Feedback(False, " ".join(problems))
    return Feedback(
        True,
        f"{PROOF} proves it: the must-do activities need more time than the window has, so no "
        "search could help and the agent never searched; a failed check_plan earned "
        "no_feasible_plan.",
    )
