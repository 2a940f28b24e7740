"""Solution to notebook 03's "your turn": what proves the impossible request, and what never ran."""

from __future__ import annotations

import json
from pathlib import Path

from dayplan.contract import PlanRequest
from dayplan.exercises import Feedback, nb03
from dayplan.service.run import plan

#: The solved answer cell of notebook 03_agent: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
proof = "window_too_short"
never_called = "search_public_web"
"""

CASE = Path(__file__).resolve().parent.parent / "cases" / "impossible_schedule.json"


def solve() -> Feedback:
    """Run the impossible case offline; read its report and trace.

    The report serves ``window_too_short`` (two one-hour must-dos, a 30-minute window: no
    placement can fix that) next to ``outside_window`` and ``home_after_deadline``, which
    describe one particular placement. The trace is ``check_plan`` then ``finish``: the venue
    search never ran, because no venue could make the day fit.
    """
    request = PlanRequest.model_validate(json.loads(CASE.read_text(encoding="utf-8"))["request"])
    impossible = plan(request)  # in the notebook: `await run_plan(request)`
    return nb03.check("window_too_short", "search_public_web", impossible)


if __name__ == "__main__":
    print(solve())
