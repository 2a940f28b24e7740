"""One way for tests to plan a request the way a user does: ``python -m dayplan plan FILE --json``
in a fresh process, offline (no key, no network)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def plan_cli(request: dict, tmp_path: Path) -> dict:
    """The served report (a dict) for ``request`` (the JSON body), written to ``tmp_path`` and
    planned by the CLI in a new process; asserts the CLI exited 0."""
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DAYPLAN_MODE": "offline"}
    done = subprocess.run(
        [sys.executable, "-m", "dayplan", "plan", str(path), "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


TODAY = "2026-12-01"
NOW = "2026-12-01T08:00:00+10:00"
"""The pinned "today" of the review tests (a Tuesday: "Saturday" is 2026-12-05)."""


def read_items(text: str) -> tuple[list[tuple[str, object]], list]:
    """``([(field, value), ...], unread)`` of the reading code proposes and verifies for ``text``
    (``dayplan.reading.propose.read_request``) on ``TODAY``."""
    from datetime import date

    from dayplan.reading.propose import read_request

    accepted, unread = read_request(text, today=date.fromisoformat(TODAY))
    return [(i.field, i.value) for i in accepted.items], unread


def plan_text(text: str, now: str = NOW):
    """The served report (``DayPlanReport``, or ``None``) of the offline planner for ``text``
    at ``now`` (default ``NOW``), in this process."""
    import asyncio

    from dayplan.contract import PlanRequest
    from dayplan.service.run import run_plan

    return asyncio.run(run_plan(PlanRequest(text=text, now=now))).report


def report_with_reading(report, reading: dict):
    """``report`` (a ``DayPlanReport``) with one more reading ``{field, value, quote}``: a
    tampered report for the re-check and graders to catch."""
    from dayplan.contract import DayPlanReport

    body = report.model_dump(mode="json")
    body["readings"] = [*body["readings"], reading]
    return DayPlanReport.model_validate(body)
