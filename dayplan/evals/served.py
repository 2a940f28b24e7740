"""What the service serves for a run, as the eval harness sees it: an HTTP status and the exact
body text (kept as text, so a malformed body can be stored and graded as it was served).

* a report: ``200``, the ``DayPlanReport`` JSON;
* a run the boundary or a guardrail refused: ``422``, an ``application/problem+json`` body
  ``{type, title, status, detail, rule}``;
* a request that fails validation (``expect.status: "invalid_request"``): ``422``, a problem
  body with ``field`` naming what was wrong. The CLI gives the same verdict as exit code 2.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from dayplan.service.run import PlanRun

PROBLEM_BASE = "https://dayplan.example/problems/"


@dataclass
class Served:
    """One served response: ``http_status``, ``content_type`` and the raw ``body`` text."""

    http_status: int
    content_type: str
    body: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (what ``<case>.response.json`` holds)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Served:
        """Inverse of ``to_dict``."""
        return cls(int(data["http_status"]), str(data["content_type"]), str(data["body"]))

    def json(self) -> Any | None:
        """The body parsed as JSON, or ``None`` when it does not parse."""
        try:
            return json.loads(self.body)
        except (json.JSONDecodeError, TypeError):
            return None


def problem(status: int, title: str, detail: str, **extra: Any) -> Served:
    """An ``application/problem+json`` response (RFC 9457)."""
    slug = extra.get("rule") or title.lower().replace(" ", "-")
    body = {"type": PROBLEM_BASE + str(slug), "title": title, "status": status, "detail": detail}
    body.update(extra)
    return Served(status, "application/problem+json", json.dumps(body, ensure_ascii=False))


def served_from_run(run: PlanRun) -> Served:
    """The response the service serves for ``run``: the report, or a 422 problem naming the rule."""
    if run.report is not None and run.error is None:
        return Served(200, "application/json", run.report.model_dump_json())
    rule = run.error.rule if run.error else "boundary"
    detail = run.error.detail if run.error else "the run produced no report"
    return problem(422, "Run rejected", detail[:500], rule=rule)


def served_invalid_request(field: str, message: str) -> Served:
    """The response to a request that fails validation (the agent never runs)."""
    return problem(
        422, "Invalid request", f"invalid request at {field}: {message}"[:500], field=field
    )
