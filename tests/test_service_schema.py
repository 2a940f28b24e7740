"""Schemathesis 4.x against the service's own OpenAPI document, in process (ASGI, no network).

Two sources of generated requests:

* the **coverage phase**: a few hundred deterministic requests per the schema's boundaries
  (each field missing, null, the wrong type, past its bounds, unknown keys, other methods);
  nearly all fail validation, so they are fast;
* **positive fuzzing**: a capped number of schema-valid requests that run the real offline
  planner end to end (each run takes ~0.1–0.3 s, hence the cap; derandomized, so every run
  sends the same requests).

Every response must be no 5xx, a documented status code and content type, and match its
schema (reports, health and problem+json bodies alike).
"""

from __future__ import annotations

import collections
import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from dayplan.service.app import ServiceSettings, create_app
from dayplan.store import Store

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
POSITIVE_RUNS = 30
MIN_CASES = 300

# built at collection, before the offline-env fixture runs, on a database of its own (its
# Idempotency-Keys must not carry over between runs); the per-user rate limit is raised: every
# generated request is user "local", and this suite checks the schema, not the limiter
APP = create_app(
    "offline",
    settings=ServiceSettings(rate_limit="100000/minute"),
    store=Store(f"sqlite:///{tempfile.mkdtemp(prefix='dayplan-schema-')}/schema.sqlite"),
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
schema.config.phases.update(phases=["coverage"])
SEEN: collections.Counter = collections.Counter()


def _record(case, response) -> None:
    SEEN[(case.operation.label, response.status_code)] += 1


@schema.parametrize()
def test_coverage_cases_get_no_5xx_and_documented_responses(case):
    response = case.call()
    _record(case, response)
    case.validate_response(response, checks=CHECKS)


def test_valid_requests_run_the_planner_and_match_the_schema():
    operation = schema["/v1/day-plans"]["POST"]
    statuses: collections.Counter = collections.Counter()

    @settings(
        max_examples=POSITIVE_RUNS,
        derandomize=True,  # the same requests every run: CI stays reproducible
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE))
    def run(case):
        response = case.call()
        _record(case, response)
        statuses[response.status_code] += 1
        case.validate_response(response, checks=CHECKS[:4])

    run()
    assert sum(statuses.values()) == POSITIVE_RUNS
    assert set(statuses) <= {200, 422}, statuses  # 422: valid JSON Schema, e.g. end before start


def test_at_least_300_generated_cases_ran():
    total = sum(SEEN.values())
    if total == 0:
        pytest.skip("run with the generated tests above (this checks their count)")
    assert total >= MIN_CASES, SEEN
    labels = {label for label, _ in SEEN}
    assert labels == {"POST /v1/day-plans", "GET /health", "GET /v1/saved-plans/{plan_id}"}
