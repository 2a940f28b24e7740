"""Solution to notebook 03's "your turn": the impossible run's codes and tools."""

from __future__ import annotations

import json
from pathlib import Path

from dayplan.contract import PlanRequest
from dayplan.exercises import Feedback, nb03
from dayplan.service.run import plan

CASE = Path(__file__).resolve().parent.parent / "cases" / "impossible_schedule.json"


def solve() -> Feedback:
    """Run the impossible case offline and read the served codes and the tool path."""
    request = PlanRequest.model_validate(json.loads(CASE.read_text(encoding="utf-8"))["request"])
    impossible = plan(request)  # in the notebook: `await run_plan(request)`
    codes = [f.code for f in impossible.report.constraint_failures]
    tools_used = [step.tool for step in impossible.steps]
    return nb03.check(codes, tools_used, impossible)


if __name__ == "__main__":
    print(solve())
