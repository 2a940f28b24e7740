"""Solution to notebook 01's "your turn": an outdoor playground visit before the 11:00 rain."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from dayplan import tools
from dayplan.contract import PlanRequest
from dayplan.exercises import Feedback, nb01
from dayplan.service.run import initial_state

#: The solved answer cell of notebook 01_tools: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
playgrounds = tools.search_public_web("playground", ctx)
choice = next(r for r in playgrounds["results"] if not r["indoor"])
attempt = tools.check_plan([{"venue_id": choice["id"], "start": "09:15", "end": "10:30"}], ctx)
"""

REQUEST = {
    "text": "Plan my Saturday in Brisbane for the family",
    "location": "Brisbane",
    "date": "Saturday",
    "window": {"start": "09:00", "end": "17:00"},
    "budget": {"amount": 100, "currency": "AUD"},
    "party": {"adults": 2, "children": 2},
    "travel": {"mode": "car", "max_leg_minutes": 30},
    "blocked": [{"start": "13:00", "end": "14:00", "label": "nap"}],
    "weather": {"rain": [{"start": "11:00", "end": "15:00"}]},
    "preferences": ["museums"],
}


def solve() -> Feedback:
    """Search, pick the first outdoor playground, visit it 09:15–10:30 (before the rain)."""
    now = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
    state = initial_state(PlanRequest.model_validate(REQUEST), run_id="demo", now=now)
    ctx = SimpleNamespace(
        state=state, function_call_id="demo", actions=SimpleNamespace(skip_summarization=False)
    )
    tools.resolve_date("Saturday", ctx)
    playgrounds = tools.search_public_web("playground", ctx)
    choice = next(r for r in playgrounds["results"] if not r["indoor"])
    attempt = tools.check_plan([{"venue_id": choice["id"], "start": "09:15", "end": "10:30"}], ctx)
    return nb01.check(attempt, ctx)


if __name__ == "__main__":
    print(solve())
