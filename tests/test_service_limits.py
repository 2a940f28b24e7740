"""Limits on POST /v1/day-plans: per-user rate and concurrency (429 problem with Retry-After,
counted per user, in memory per instance) and a body-read timeout (408), so a burst or a stalled
upload cannot hold the instance."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from dayplan.service.app import ServiceSettings, create_app, get_user_id
from dayplan.service.throttle import UserLimits
from tests.conftest import load_case
from tests.test_service_app import SlowModel

WET = load_case("wet_weather_family")["request"]


def test_the_rate_limit_is_per_user_and_answers_429_with_retry_after():
    app = create_app(settings=ServiceSettings(rate_limit="3/minute"))
    user = {"name": "ann"}
    app.dependency_overrides[get_user_id] = lambda: user["name"]
    with TestClient(app) as c:
        statuses = [c.post("/v1/day-plans", json=WET).status_code for _ in range(4)]
        limited = c.post("/v1/day-plans", json=WET)
        user["name"] = "bob"
        bob = c.post("/v1/day-plans", json=WET)
    assert statuses == [200, 200, 200, 429]
    assert limited.status_code == 429
    assert limited.headers["content-type"] == "application/problem+json"
    body = limited.json()
    assert (
        body["type"] == "urn:dayplan:problem:rate-limited" and body["instance"] == "/v1/day-plans"
    )
    assert "3/minute per user" in body["detail"]
    assert 1 <= int(limited.headers["retry-after"]) <= 60
    assert bob.status_code == 200, "one user's burst never limits another"


def test_the_concurrency_limit_is_per_user():
    app = create_app(SlowModel(delay=0.1), settings=ServiceSettings(max_concurrent_per_user=2))

    async def burst():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            return await asyncio.gather(*(c.post("/v1/day-plans", json=WET) for _ in range(5)))

    out = asyncio.run(burst())
    statuses = sorted(r.status_code for r in out)
    assert statuses == [200, 200, 429, 429, 429]
    refused = next(r for r in out if r.status_code == 429)
    assert refused.json()["type"] == "urn:dayplan:problem:concurrency-limited"
    assert refused.headers["retry-after"] == "1"
    # and the slots are released: the next request runs
    again = asyncio.run(burst())
    assert sorted(r.status_code for r in again)[:2] == [200, 200]


def test_user_limits_release_their_slots():
    limits = UserLimits("100/second", max_concurrent=1)
    assert limits.acquire("ann") is None
    assert limits.acquire("ann").kind == "concurrency"
    assert limits.acquire("bob") is None
    limits.release("ann")
    assert limits.acquire("ann") is None
    with pytest.raises(ValueError):
        UserLimits("lots")


def test_a_stalled_upload_is_a_408_at_the_body_read_timeout():
    """Before: a client sending half a body and then nothing held the request (and its
    buffers) open as long as it liked."""
    app = create_app(settings=ServiceSettings(body_read_timeout_seconds=0.3))
    sent: list[dict] = []
    reads = 0

    async def receive():
        nonlocal reads
        reads += 1
        if reads == 1:
            return {"type": "http.request", "body": b'{"text": "museum', "more_body": True}
        await asyncio.sleep(30)  # the client stalls
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v1/day-plans",
        "raw_path": b"/v1/day-plans",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    started = time.perf_counter()
    asyncio.run(app(scope, receive, send))
    took = time.perf_counter() - started
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = json.loads(
        b"".join(m.get("body", b"") for m in sent if m["type"] != "http.response.start")
    )
    assert start["status"] == 408 and body["type"] == "urn:dayplan:problem:body-read-timeout"
    assert 0.3 <= took < 2
    assert (b"connection", b"close") in start["headers"]


def test_uvicorn_limits_come_from_settings(monkeypatch):
    monkeypatch.setenv("DAYPLAN_LIMIT_CONCURRENCY", "12")
    monkeypatch.setenv("DAYPLAN_TIMEOUT_GRACEFUL_SHUTDOWN_SECONDS", "3")
    settings = ServiceSettings()
    assert settings.limit_concurrency == 12 and settings.timeout_graceful_shutdown_seconds == 3
    monkeypatch.setenv("DAYPLAN_LIMIT_CONCURRENCY", "0")
    with pytest.raises(ValueError):
        ServiceSettings()
