"""What the service serves for a run, as the eval harness sees it: an HTTP status and the exact
body text (kept as text, so a malformed body can be stored and graded as it was served).

* a report: ``200``, the ``DayPlanReport`` JSON;
* a run the boundary or a guardrail refused: ``502``, an ``application/problem+json`` body
  ``{type, title, status, detail, instance, run_id, rule}``;
* a request that fails validation (``expect.status: "invalid_request"``): ``422``, a problem
  body whose ``errors[0].loc`` names what was wrong. The CLI gives the same verdict as exit 2.

The bodies are built by ``dayplan.service.problems`` exactly as ``dayplan.service.app`` builds
them, so the harness grades what the service serves.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from dayplan.service.problems import PROBLEM_JSON, problem_body
from dayplan.service.run import PlanRun

PLANS_PATH = "/v1/day-plans"


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


def served_from_run(run: PlanRun) -> Served:
    """The response the service serves for ``run``: the report, or a 422 problem naming the rule."""
    if run.report is not None and run.error is None:
        return Served(200, "application/json", run.report.model_dump_json())
    rule = run.error.rule if run.error else "boundary"
    detail = run.error.detail if run.error else "the run produced no report"
    body = problem_body(
        502,
        "run-rejected",
        f"The run was rejected by the {rule} rule",
        detail,
        instance=PLANS_PATH,
        run_id=run.run_id,
        rule=rule,
    )
    return Served(502, PROBLEM_JSON, body.decode("utf-8"))


def served_invalid_request(field: str, message: str) -> Served:
    """The response to a request that fails validation (the agent never runs)."""
    loc = ["body", *field.split(".")]
    body = problem_body(
        422,
        "validation-error",
        "The request does not match the contract",
        f"{'.'.join(loc)}: {message}",
        instance=PLANS_PATH,
        errors=[{"loc": loc, "msg": message[:500], "type": "value_error"}],
    )
    return Served(422, PROBLEM_JSON, body.decode("utf-8"))


def rejected_field(body: dict[str, Any]) -> str:
    """The request field a validation problem names (``errors[0].loc`` without ``body``)."""
    errors = body.get("errors") or [{}]
    loc = [str(p) for p in (errors[0].get("loc") or []) if p != "body"]
    return ".".join(loc)
