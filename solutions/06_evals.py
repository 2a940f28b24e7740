"""Solution to notebook 06's "your turn" (run from the repository root or in a notebook)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from dayplan.evals.case import EvalCase
from dayplan.evals.runner import run_case
from dayplan.exercises import Feedback
from dayplan.exercises.nb06 import FAULT, REQUEST, check

#: The solved answer cell of notebook 06_evals: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
expect = {"status": "complete", "required_tools": ["resolve_date", "search_public_web", "check_plan", "finish"], "critical": ["trace:required_order"]}
"""

CASE = EvalCase(
    name="market_then_library",
    request=REQUEST,
    expect={
        "status": "complete",
        "required_tools": ["resolve_date", "search_public_web", "check_plan", "finish"],
        "critical": ["trace:required_order"],
    },
)


async def answer():
    """The case run with the offline model and with ``eval-fault:skip_date``."""
    return await run_case(CASE, None, "offline"), await run_case(CASE, None, FAULT)


def solve() -> Feedback:
    """Run the answer and return the notebook's verdict on it."""
    return check(*asyncio.run(answer()))


if __name__ == "__main__":
    print(solve())
