"""Solution to notebook 05's "your turn" (run from the repository root)."""

from __future__ import annotations

import asyncio

from dayplan.contract import PlanRequest
from dayplan.exercises import Feedback
from dayplan.exercises.nb05 import check
from dayplan.service.run import run_plan

#: The solved answer cell of notebook 05_service_boundary: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
my_prefix = payload[: payload.index('"complete"') + len('"complete"')]
"""

REQUEST = {
    "text": "Plan my Saturday in Brisbane for the family",
    "location": "Brisbane",
    "date": "Saturday",
    "now": "2026-11-29T09:00:00+10:00",
    "window": {"start": "09:00", "end": "17:00"},
    "budget": {"amount": 100, "currency": "AUD"},
    "party": {"adults": 2, "children": 2},
    "travel": {"mode": "car", "max_leg_minutes": 30},
    "blocked": [{"start": "13:00", "end": "14:00", "label": "nap"}],
    "weather": {"rain": [{"start": "11:00", "end": "15:00"}]},
    "preferences": ["museums", "indoor play"],
}


def shortest(payload: str) -> str:
    # Everything after the status may go: the stops, rationale and sources are safe omissions
    # (the stops default to the passing check's), and the one repair adds the closing brace.
    return payload[: payload.index('"complete"') + len('"complete"')]


async def answer():
    """The shortest served prefix of the wet-weather run's payload, and the run."""
    run = await run_plan(PlanRequest.model_validate(REQUEST))
    return shortest(run.state["finish_payload"]), run


def solve() -> Feedback:
    """Run the answer and return the notebook's verdict on it."""
    return check(*asyncio.run(answer()))


if __name__ == "__main__":
    print(solve())
