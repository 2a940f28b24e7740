"""Solution to notebook 07's "your turn": retry a saving request without a second row."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from dayplan.contract import PlanRequest
from dayplan.exercises import Feedback, nb07
from dayplan.service.run import plan

#: The solved answer cell of notebook 07_actions_and_memory: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
async def retry_safely(request):
    keyed = request.model_copy(update={"save": True, "request_id": "learner-retry"})
    return await run_plan(keyed), await run_plan(keyed)

mine = await retry_safely(PlanRequest.model_validate(case["request"]))
"""

CASE = Path(__file__).resolve().parent.parent / "cases" / "wet_weather_family.json"


def solve() -> Feedback:
    """Run the same saving request twice with one request_id, then check the pair."""
    os.environ.setdefault("DAYPLAN_DB_URL", f"sqlite:///{tempfile.mkdtemp()}/dayplan.sqlite")
    request = PlanRequest.model_validate(
        {
            **json.loads(CASE.read_text(encoding="utf-8"))["request"],
            "save": True,
            "request_id": f"my-retry-{os.getpid()}",  # the idempotency key: same on the retry
        }
    )
    first = plan(request)  # in the notebook: `await run_plan(request)`
    second = plan(request)  # the retry
    return nb07.check(first, second)


if __name__ == "__main__":
    print(solve())
