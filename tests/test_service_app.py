"""The FastAPI service: contract in, checked report out, every error a 4xx/5xx problem+json."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from fastapi import APIRouter, Depends
from fastapi.testclient import TestClient

from dayplan.agent.offline_model import OfflinePlannerModel
from dayplan.cli import main
from dayplan.contract import DayPlanReport
from dayplan.service.app import ServiceSettings, create_app, get_user_id
from dayplan.service.problems import BodyLimitMiddleware, Problem
from dayplan.service.run import plan
from tests.conftest import case_request, load_case

WET = load_case("wet_weather_family")["request"]
PROBLEM = "application/problem+json"


class SlowModel(OfflinePlannerModel):
    """The offline planner, waiting ``delay`` seconds before every turn."""

    delay: float = 0.3

    async def generate_content_async(self, llm_request, stream=False):
        await asyncio.sleep(self.delay)
        yield self.next_turn(llm_request)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def problem(response, status: int, slug: str) -> Problem:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body = Problem.model_validate(response.json())
    assert body.status == status and body.type == f"urn:dayplan:problem:{slug}"
    assert body.title and body.instance
    return body


def test_health_says_mode_model_version_and_no_secret(monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", "AIza-not-a-real-key-123")
    with TestClient(create_app()) as c:
        r = c.get("/health")
    assert r.status_code == 200
    assert r.json() == {
        "status": "ok",
        "mode": "offline",
        "model": "offline",
        "version": "0.1.0",
        "backend": "offline",
        "vertex_location": None,
    }
    assert "AIza" not in r.text


def test_a_plan_is_served_with_its_run_id(client):
    r = client.post("/v1/day-plans", json=WET)
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    report = DayPlanReport.model_validate_json(r.content)
    assert report.status == "complete" and report.model == "offline"
    assert r.headers["x-run-id"] == report.run_id
    same = plan(case_request("wet_weather_family")).report  # the CLI's path, in process
    assert report.plan.stops == same.plan.stops and report.plan.totals == same.plan.totals
    assert "idempotent-replayed" not in r.headers


def test_docs_and_openapi_are_served(client):
    assert client.get("/docs").status_code == 200
    spec = client.get("/openapi.json").json()
    post = spec["paths"]["/v1/day-plans"]["post"]
    assert set(post["responses"]) == {
        *("200", "400", "401", "408", "409", "413", "415", "422"),
        *("429", "500", "502", "503", "504"),
    }
    assert "Problem" in spec["components"]["schemas"]
    assert "application/problem+json" in post["responses"]["422"]["content"]
    assert "application/problem+json" in post["responses"]["415"]["content"]


@pytest.mark.parametrize(
    "body",
    [b"{not json", b'{"text": "x",}', b"\xff\xfe", b'{"text": "unterminated'],
)
def test_malformed_json_is_a_400_problem(client, body):
    r = client.post("/v1/day-plans", content=body, headers={"content-type": "application/json"})
    problem(r, 400, "malformed-json")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"party": {"adults": -1}}, "body.party.adults"),
        ({"party": {"adults": 0, "children": 0}}, "body.party"),
        ({"window": {"start": "25:99", "end": "17:00"}}, "body.window.start"),
        ({"window": {"start": "17:00", "end": "09:00"}}, "body.window"),
        ({"budget": {"amount": 100, "currency": "aud"}}, "body.budget.currency"),
        ({"budget": {"amount": -5}}, "body.budget.amount"),
        ({"budget": {"amount": "lots"}}, "body.budget.amount"),
        ({"travel": {"mode": "teleport"}}, "body.travel.mode"),
        ({"timezone": "Mars/Olympus"}, "body.timezone"),
        ({"preferences": ["x"] * 21}, "body.preferences"),
        ({"text": "x" * 4001}, "body.text"),
        ({"location": "y" * 201}, "body.location"),
        ({"surprise": True}, "body.surprise"),
        ({"blocked": "13:00-14:00"}, "body.blocked"),
        ({"now": "0001-01-01T00:00:00+14:00"}, "body.now"),
        ({"now": "9999-12-31T23:00:00+10:00"}, "body.now"),
        ({"date": "9999-12-31"}, "body.date"),
        ({"activities": [{"name": " ", "duration_minutes": 30}]}, "body.activities.0.name"),
        ({"home": {"lat": 91, "lon": 0}}, "body.home"),
    ],
)
def test_contract_violations_are_422_problems(client, change, where):
    r = client.post("/v1/day-plans", json={**WET, **change})
    body = problem(r, 422, "validation-error")
    assert body.detail.startswith(where)
    assert body.errors and ".".join(map(str, body.errors[0].loc)).startswith(where)


@pytest.mark.parametrize("headers", [{"content-type": "application/json"}, {}])
def test_an_empty_body_is_a_400_not_a_missing_field(client, headers):
    r = client.post("/v1/day-plans", content=b"", headers=headers)
    assert "empty" in problem(r, 400, "malformed-json").detail


@pytest.mark.parametrize(
    ("content_type", "raw"),
    [
        ("text/plain", b'{"text": "museum day"}'),  # JSON, but not sent as JSON
        ("text/plain; charset=utf-8", b"Plan my Saturday with the kids"),
        ("application/x-www-form-urlencoded", b"text=museum+day&budget=100"),
        (
            "multipart/form-data; boundary=x",
            b'--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nzoo\r\n--x--\r\n',
        ),
        ("application/xml", b"<request><text>zoo</text></request>"),
        ("application/octet-stream", b"\x00\x01"),
        (None, b'{"text": "museum day"}'),  # curl --data-binary without -H
        ("text/plain", b""),
        # +json types FastAPI would parse, but the contract takes application/json only
        ("application/vnd.api+json", b'{"text": "museum day"}'),
        ("application/problem+json", b'{"text": "museum day"}'),
        ("application/ld+json; charset=utf-8", b'{"text": "museum day"}'),
        ("application/merge-patch+json", b'{"text": "museum day"}'),
        ("text/json", b'{"text": "museum day"}'),
        ("application/jsonx", b'{"text": "museum day"}'),
    ],
)
def test_a_body_not_sent_as_json_is_a_415_problem(client, content_type, raw):
    headers = {} if content_type is None else {"content-type": content_type}
    r = client.post("/v1/day-plans", content=raw, headers=headers)
    body = problem(r, 415, "unsupported-media-type")
    assert r.headers["accept-post"] == "application/json"
    assert "Content-Type: application/json" in body.detail and "museum" not in body.detail
    if content_type:
        assert repr(content_type.split(";")[0]) in body.detail
    else:
        assert "no Content-Type" in body.detail


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "Application/Json ; charset=UTF-8",
    ],
)
def test_json_media_types_are_read(client, content_type):
    r = client.post(
        "/v1/day-plans", content=json.dumps(WET).encode(), headers={"content-type": content_type}
    )
    assert r.status_code == 200, r.text


def test_a_huge_content_type_is_cut_in_the_detail(client):
    r = client.post("/v1/day-plans", content=b"x", headers={"content-type": "text/" + "p" * 3000})
    assert len(problem(r, 415, "unsupported-media-type").detail) < 200


@pytest.mark.parametrize(
    ("raw", "where", "msg"),
    [
        (
            b'{"text":"x","budget":{"amount":NaN}}',
            "body.budget.amount",
            "Input should be a finite number",
        ),
        (
            b'{"text":"x","budget":{"amount":1e400}}',
            "body.budget.amount",
            "Input should be a finite number",
        ),
        (
            b'{"text":"x","budget":{"amount":-Infinity}}',
            "body.budget.amount",
            "Input should be a finite number",
        ),
        (
            b'{"text":"x","home":{"lat":NaN,"lon":153}}',
            "body.home.point.lat",
            "Input should be a finite number",
        ),
        (
            b'{"text":"x","window":{"start":"9.30","end":"17:00"}}',
            "body.window.start",
            "time must be HH:MM (24-hour), e.g. 09:30",
        ),
        (
            b'{"text":"x","window":{"start":"09:00","end":"5pm"}}',
            "body.window.end",
            "time must be HH:MM (24-hour), e.g. 09:30",
        ),
        (
            b'{"text":"x","blocked":[{"start":"1300","end":"14:00"}]}',
            "body.blocked.0.start",
            "time must be HH:MM (24-hour), e.g. 09:30",
        ),
        (
            b'{"text":"x","weather":{"rain":[{"start":10,"end":"14:00"}]}}',
            "body.weather.rain.0.start",
            "time must be HH:MM (24-hour), e.g. 09:30",
        ),
    ],
)
def test_non_finite_numbers_and_bad_times_name_the_field_in_plain_words(client, raw, where, msg):
    r = client.post("/v1/day-plans", content=raw, headers={"content-type": "application/json"})
    body = problem(r, 422, "validation-error")
    assert body.detail == f"{where}: {msg}"
    assert ".".join(map(str, body.errors[0].loc)) == where and body.errors[0].msg == msg
    assert "^" not in r.text and "less than or equal" not in r.text


def test_a_huge_bad_time_is_not_echoed(client):
    raw = json.dumps({"text": "x", "window": {"start": "9" * 20_000, "end": "17:00"}}).encode()
    r = client.post("/v1/day-plans", content=raw, headers={"content-type": "application/json"})
    problem(r, 422, "validation-error")
    assert "9" * 50 not in r.text


@pytest.mark.parametrize("payload", [[], "text", 42, None])
def test_a_body_that_is_not_an_object_is_a_422(client, payload):
    raw = json.dumps(payload).encode()  # httpx's json=None would send no body at all
    r = client.post("/v1/day-plans", content=raw, headers={"content-type": "application/json"})
    problem(r, 422, "validation-error")


def test_unknown_routes_and_methods_are_problems(client):
    problem(client.get("/v1/nothing"), 404, "not-found")
    r = client.delete("/v1/day-plans")
    problem(r, 405, "method-not-allowed")
    assert r.headers["allow"] == "POST"


# -- body size ----------------------------------------------------------------------------


def big_body(size: int) -> bytes:
    return json.dumps({"text": "x" * size}).encode()


def test_a_declared_body_over_64_kib_is_a_413(client):
    r = client.post(
        "/v1/day-plans", content=big_body(70_000), headers={"content-type": "application/json"}
    )
    assert problem(r, 413, "body-too-large").detail == "the request body is over 65536 bytes"


def test_a_streamed_body_over_64_kib_is_a_413(client):
    def chunks():
        body = big_body(70_000)
        for i in range(0, len(body), 4096):
            yield body[i : i + 4096]

    r = client.post("/v1/day-plans", content=chunks(), headers={"content-type": "application/json"})
    problem(r, 413, "body-too-large")


def _asgi_call(app, chunks: list[bytes], headers: list[tuple[bytes, bytes]]):
    """Drive ``app`` directly; returns (status, body, number of chunks it read)."""
    read = 0
    sent: list[dict] = []

    async def receive():
        nonlocal read
        read += 1
        if read > len(chunks):
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": chunks[read - 1], "more_body": read < len(chunks)}

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
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body, read


def test_the_limit_is_counted_while_the_body_streams():
    app = create_app()
    chunks = [b" " * 1024] * 200  # 200 KiB of whitespace, and a Content-Length that lies
    status, body, read = _asgi_call(app, chunks, [(b"content-length", b"100")])
    assert status == 413 and json.loads(body)["type"] == "urn:dayplan:problem:body-too-large"
    assert read == 65, "reading stops at the first chunk past 64 KiB"
    status, _, read = _asgi_call(app, chunks, [])  # chunked: no Content-Length at all
    assert status == 413 and read == 65


def test_the_limit_middleware_passes_small_bodies_untouched():
    async def echo(scope, receive, send):
        body = b""
        while True:
            m = await receive()
            body += m.get("body", b"")
            if not m.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": str(len(body)).encode()})

    limited = BodyLimitMiddleware(echo, max_bytes=10)
    assert _asgi_call(limited, [b"12345", b"12345"], [])[:2] == (200, b"10")
    assert _asgi_call(limited, [b"12345", b"123456"], [])[0] == 413


# -- rejected runs and timeouts -------------------------------------------------------------


def test_a_rejected_run_is_a_502_naming_the_rule():
    with TestClient(create_app("faulty:truncated_finish_midstring")) as c:
        r = c.post("/v1/day-plans", json=WET)
    body = problem(r, 502, "run-rejected")
    assert body.rule == "finish_payload"
    assert body.title == "The run was rejected by the finish_payload rule"
    assert body.run_id and len(body.run_id) == 12
    assert body.detail.startswith("finish payload is not valid JSON (Unterminated string")


@pytest.mark.parametrize(
    ("fault", "rule"), [("skip_validation", "finish_gate"), ("stubborn_search_loop", "loop_guard")]
)
def test_agent_faults_the_guardrails_reject_are_502_naming_the_guardrail(fault, rule):
    # the same outcome the CLI serves as exit 3 (tests/test_faults.py), over HTTP
    with TestClient(create_app(f"faulty:{fault}")) as c:
        r = c.post("/v1/day-plans", json=WET)
    body = problem(r, 502, "run-rejected")
    assert body.rule == rule and body.run_id


@pytest.mark.parametrize("fault", ["premature_finish", "invented_source", "unchecked_stop"])
def test_agent_faults_the_guardrails_steer_are_served_as_earned_reports(fault):
    with TestClient(create_app(f"faulty:{fault}")) as c:
        r = c.post("/v1/day-plans", json=WET)
    assert r.status_code == 200, r.text
    report = DayPlanReport.model_validate(r.json())
    assert report.status == "complete" and report.model == f"faulty:{fault}"
    assert all(s.source_ids for s in report.plan.stops)


def test_a_repaired_run_is_served():
    with TestClient(create_app("faulty:truncated_finish_json")) as c:
        r = c.post("/v1/day-plans", json=WET)
    assert r.status_code == 200
    assert r.json()["assumptions"][-1].startswith("The answer's JSON was cut off")


def test_a_slow_run_is_a_504_problem(monkeypatch):
    monkeypatch.setenv("DAYPLAN_DB_LOCK_TIMEOUT_SECONDS", "0.1")
    settings = ServiceSettings(request_timeout_seconds=0.2)
    with TestClient(create_app(SlowModel(delay=0.5), settings=settings)) as c:
        r = c.post("/v1/day-plans", json=WET)
    body = problem(r, 504, "timeout")
    assert body.detail.startswith("the request was stopped at its 0.2 s deadline, 0.2")
    assert body.run_id and len(body.run_id) == 12


def test_the_lock_timeout_must_be_below_the_deadline(monkeypatch):
    monkeypatch.setenv("DAYPLAN_DB_LOCK_TIMEOUT_SECONDS", "5")
    with pytest.raises(ValueError, match="must be below DAYPLAN_REQUEST_TIMEOUT_SECONDS"):
        ServiceSettings(request_timeout_seconds=5)
    monkeypatch.setenv("DAYPLAN_REQUEST_TIMEOUT_SECONDS", "3")
    assert main(["serve"]) == 2


def test_the_timeout_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("DAYPLAN_REQUEST_TIMEOUT_SECONDS", "1.5")
    monkeypatch.setenv("DAYPLAN_MAX_BODY_BYTES", "1000")
    assert ServiceSettings().request_timeout_seconds == 1.5
    with TestClient(create_app()) as c:
        r = c.post("/v1/day-plans", json={"text": "x" * 2000})
    problem(r, 413, "body-too-large")


# -- idempotency ---------------------------------------------------------------------------


def test_same_key_and_body_replays_the_stored_response():
    with TestClient(create_app()) as c:
        first = c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "k-1"})
        again = c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "k-1"})
        fresh = c.post("/v1/day-plans", json=WET)
    assert first.status_code == again.status_code == 200
    assert "idempotent-replayed" not in first.headers
    assert again.headers["idempotent-replayed"] == "true"
    assert again.content == first.content
    assert again.headers["x-run-id"] == first.headers["x-run-id"]
    assert fresh.json()["run_id"] != first.json()["run_id"]


def test_same_key_with_another_body_is_a_422():
    with TestClient(create_app()) as c:
        c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "k-2"})
        r = c.post(
            "/v1/day-plans", json={**WET, "budget": None}, headers={"Idempotency-Key": "k-2"}
        )
    problem(r, 422, "idempotency-key-reused")


def test_same_key_while_the_first_runs_is_a_409():
    app = create_app(SlowModel(delay=0.1))

    async def both():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            h = {"Idempotency-Key": "k-3"}
            first = asyncio.create_task(c.post("/v1/day-plans", json=WET, headers=h))
            await asyncio.sleep(0.15)
            second = await c.post("/v1/day-plans", json=WET, headers=h)
            return await first, second

    first, second = asyncio.run(both())
    assert first.status_code == 200
    problem(second, 409, "idempotency-key-in-progress")


def test_a_rejected_run_is_replayed_byte_for_byte():
    """A 502 run-rejected is a final outcome: the same key replays it (as Stripe replays 5xx)."""
    with TestClient(create_app("faulty:truncated_finish_midstring")) as c:
        a = c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "k-4"})
        b = c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "k-4"})
    assert a.status_code == b.status_code == 502
    assert b.headers["idempotent-replayed"] == "true"
    assert b.content == a.content and b.headers["content-type"] == PROBLEM


@pytest.mark.parametrize("key", ["", "x" * 201, "has space"])
def test_a_malformed_idempotency_key_is_a_422(client, key):
    r = client.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": key})
    problem(r, 422, "validation-error")


# -- extension points ----------------------------------------------------------------------


def test_extra_routers_and_a_swapped_user_dependency(monkeypatch):
    import dayplan.service.app as service_app

    users = []
    real_run_plan = service_app.run_plan

    async def spy(request, **kwargs):
        users.append(kwargs["user_id"])
        return await real_run_plan(request, **kwargs)

    monkeypatch.setattr(service_app, "run_plan", spy)
    router = APIRouter()

    @router.get("/v1/whoami")
    def whoami(user: str = Depends(get_user_id)) -> dict:
        return {"user": user}

    app = create_app(routers=[router])
    with TestClient(app) as c:
        assert c.get("/v1/whoami").json() == {"user": "local"}
        app.dependency_overrides[get_user_id] = lambda: "alice"
        assert c.get("/v1/whoami").json() == {"user": "alice"}
        c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "shared"})
        app.dependency_overrides[get_user_id] = lambda: "bob"
        r = c.post("/v1/day-plans", json=WET, headers={"Idempotency-Key": "shared"})
    assert "idempotent-replayed" not in r.headers, "keys are scoped by user"
    assert users == ["alice", "bob"], "runs act for the user the dependency names"


def test_serve_command_starts_uvicorn_with_host_and_port(monkeypatch, capsys):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    assert main(["serve", "--host", "127.0.0.1", "--port", "8123"]) == 0
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8123
    assert seen["app"].title == "dayplan"
    assert "http://127.0.0.1:8123" in capsys.readouterr().out
    assert main(["serve", "--port", "99999"]) == 2
    assert main(["serve", "--model", "gpt-9"]) == 2


@pytest.mark.parametrize("code", ["JPY", "USD", "XYZ"])
def test_a_budget_in_another_currency_than_the_venues_is_a_422(client, code):
    r = client.post("/v1/day-plans", json={**WET, "budget": {"amount": 200, "currency": code}})
    body = problem(r, 422, "validation-error")
    assert body.detail.startswith("body.budget.currency")
    assert "only AUD is supported: venue prices are AUD" in body.detail


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://u:p@localhost/db", "no database driver for 'mysql' is installed"),
        ("sqlite:///{file}/plans.sqlite", "cannot be made"),
    ],
)
def test_a_database_url_that_cannot_work_stops_serve_with_one_line(
    monkeypatch, capsys, tmp_path, url, says
):
    """A SQLite folder that is a file, or a database with no driver installed: one line, exit
    2 (it was a traceback); no password from the URL in it. A plan still runs: the memory is
    read as unavailable, as for any database error."""
    import uvicorn

    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    monkeypatch.setenv("DAYPLAN_DB_URL", url.format(file=a_file))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: pytest.fail("must not start"))
    assert main(["serve", "--port", "8124"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err and "DAYPLAN_DB_URL" in err
    assert ":p@" not in err
    assert main(["plan", "wet_weather_family", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "complete"


def test_serve_on_a_port_in_use_says_so_in_one_line(monkeypatch, capsys):
    import socket

    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: pytest.fail("must not start"))
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"cannot listen on 127.0.0.1:{port}" in err and "pick --port" in err
