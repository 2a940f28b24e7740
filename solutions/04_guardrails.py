"""Solution to notebook 04's "your turn" (run from the repository root or a notebook)."""

from __future__ import annotations

import asyncio

from dayplan.agent.guardrails import GuardrailConfig
from dayplan.cli import load_request
from dayplan.exercises.nb04 import check
from dayplan.service.run import run_plan


async def solve():
    request, _ = load_request("wet_weather_family")
    config = GuardrailConfig().without("search_budget")
    return await run_plan(request, model="faulty:search_loop", guardrails=config)


if __name__ == "__main__":
    print(check(asyncio.run(solve())))
