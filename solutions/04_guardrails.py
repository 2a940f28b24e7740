"""Solution to notebook 04's "your turn" (run from the repository root or a notebook)."""

from __future__ import annotations

import asyncio

from dayplan.agent.guardrails import GuardrailConfig
from dayplan.cli import load_request
from dayplan.exercises import Feedback
from dayplan.exercises.nb04 import check
from dayplan.service.run import run_plan

#: The solved answer cell of notebook 04_guardrails: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
your_run = await run_plan(request, model="faulty:search_loop", guardrails=GuardrailConfig().without("search_budget"))
"""


async def answer():
    """The run: ``faulty:search_loop`` with only the search budget switched off."""
    request, _ = load_request("wet_weather_family")
    config = GuardrailConfig().without("search_budget")
    return await run_plan(request, model="faulty:search_loop", guardrails=config)


def solve() -> Feedback:
    """Run the answer and return the notebook's verdict on it."""
    return check(asyncio.run(answer()))


if __name__ == "__main__":
    print(solve())
