"""Per-user auth and the saved-plans endpoint, on a tiny FastAPI app (no network: the JWKS is
served from a loopback HTTP server started by the test)."""

from __future__ import annotations

import json
import logging
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from fastapi import Depends, FastAPI
from fastapi.testclient import TestClient

from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.service import saved
from dayplan.service.auth import (
    UNAUTHORIZED_DETAIL,
    ProblemError,
    announce_auth_mode,
    current_user,
    problem_handler,
)
from dayplan.service.run import run_plan
from dayplan.store import get_store
from tests.conftest import load_case

SECRET = "test-secret-that-is-long-enough-for-hs256"
PLAN = {"date": "2026-12-05", "stops": [{"venue_id": "qm", "start": "09:30", "end": "11:00"}]}


def make_app() -> FastAPI:
    app = FastAPI()
    app.add_exception_handler(ProblemError, problem_handler)
    app.include_router(saved.router)

    @app.get("/whoami")
    def whoami(user: str = Depends(current_user)) -> dict:
        return {"user": user}

    return app


@pytest.fixture
def client(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'auth.sqlite'}"
    monkeypatch.setenv("DAYPLAN_DB_URL", url)
    store = get_store(url)
    with TestClient(make_app()) as c:
        c.store = store
        yield c
    store.close()


_LOG: list = []


@pytest.fixture(autouse=True)
def _auth_log(caplog):
    """401 reasons go to the log, not the body: keep the records where assert_problem looks."""
    caplog.set_level(logging.INFO, logger="dayplan.service.auth")
    _LOG[:] = [caplog]
    yield


def hs(sub: str | None = "ann", secret: str = SECRET, **claims) -> dict[str, str]:
    body = {**({"sub": sub} if sub is not None else {}), "exp": int(time.time()) + 600, **claims}
    body = {k: v for k, v in body.items() if v is not None}
    return {"Authorization": f"Bearer {jwt.encode(body, secret, algorithm='HS256')}"}


def assert_problem(response, status: int, fragment: str) -> None:
    """A problem with ``status``; for a 401 the body is generic and ``fragment`` (the reason)
    is in the log instead, never in the body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["status"] == status and body["type"].startswith("urn:dayplan:problem:")
    assert body["instance"] == response.request.url.path
    if status == 401:
        assert body["detail"] == UNAUTHORIZED_DETAIL
        assert body["type"] == "urn:dayplan:problem:unauthorized"
        assert fragment in _LOG[0].text, _LOG[0].text
        assert "Error" not in response.text  # no library exception class names
    else:
        assert fragment in body["detail"]


def test_auth_off_is_user_local_and_says_so(client, caplog):
    with caplog.at_level(logging.WARNING, logger="dayplan.service.auth"):
        line = announce_auth_mode()
    assert "auth is OFF" in line and "auth is OFF" in caplog.text
    assert client.get("/whoami").json() == {"user": "local"}
    # a token is ignored when auth is off: the body or a header never chooses the user
    assert client.get("/whoami", headers=hs("mallory")).json() == {"user": "local"}


def test_hs256_token_names_the_user(client, monkeypatch):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    assert client.get("/whoami", headers=hs("ann")).json() == {"user": "ann"}
    assert "auth is ON (hs256)" in announce_auth_mode()


@pytest.mark.parametrize(
    "headers, fragment",
    [
        ({}, "no Authorization header"),
        ({"Authorization": "Basic YW5uOnB3"}, "not the Bearer scheme"),
        ({"Authorization": "Bearer not-a-jwt"}, "not a well-formed JWT"),
        (hs(secret="wrong-secret-wrong-secret-wrong-secret"), "InvalidSignatureError"),
        (hs(exp=int(time.time()) - 3600), "expired"),
        (hs(sub=None), "MissingRequiredClaimError"),
        (hs(exp=None), 'MissingRequiredClaimError: Token is missing the "exp" claim'),
        (hs(sub=""), "sub must be a non-empty string"),
    ],
)
def test_hs256_refuses_missing_or_bad_tokens(client, monkeypatch, headers, fragment):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    response = client.get("/whoami", headers=headers)
    assert_problem(response, 401, fragment)
    assert response.headers["www-authenticate"] == "Bearer"


def test_an_unsigned_token_is_refused(client, monkeypatch):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    unsigned = jwt.encode({"sub": "ann"}, None, algorithm="none")
    assert_problem(
        client.get("/whoami", headers={"Authorization": f"Bearer {unsigned}"}),
        401,
        "algorithm 'none' is not accepted",
    )


class JwksServer:
    """A JWKS document on http://127.0.0.1:<port>/jwks.json, served from a thread."""

    def __init__(self, jwks: dict):
        body = json.dumps(jwks).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server API)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks.json"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> JwksServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def jwk(public_key, kid: str, alg: str) -> dict:
    algo = jwt.algorithms.ECAlgorithm if alg == "ES256" else jwt.algorithms.RSAAlgorithm
    return {**algo.to_jwk(public_key, as_dict=True), "kid": kid, "alg": alg, "use": "sig"}


def test_es256_and_rs256_tokens_verify_against_a_jwks(client, monkeypatch):
    ec_key = ec.generate_private_key(ec.SECP256R1())
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    stranger = ec.generate_private_key(ec.SECP256R1())
    jwks = {
        "keys": [
            jwk(ec_key.public_key(), "ec-1", "ES256"),
            jwk(rsa_key.public_key(), "rsa-1", "RS256"),
        ]
    }
    with JwksServer(jwks) as server:
        monkeypatch.setenv("DAYPLAN_JWKS_URL", server.url)
        monkeypatch.setenv("DAYPLAN_JWT_AUDIENCE", "dayplan")
        monkeypatch.setenv("DAYPLAN_JWT_ISSUER", "https://id.example")
        claims = {"aud": "dayplan", "iss": "https://id.example", "exp": int(time.time()) + 600}

        def bearer(key, kid, alg, **extra):
            token = jwt.encode({**claims, **extra}, key, algorithm=alg, headers={"kid": kid})
            return {"Authorization": f"Bearer {token}"}

        ok_ec = client.get("/whoami", headers=bearer(ec_key, "ec-1", "ES256", sub="ann"))
        ok_rsa = client.get("/whoami", headers=bearer(rsa_key, "rsa-1", "RS256", sub="bob"))
        assert ok_ec.json() == {"user": "ann"} and ok_rsa.json() == {"user": "bob"}
        forged = client.get("/whoami", headers=bearer(stranger, "ec-1", "ES256", sub="ann"))
        assert_problem(forged, 401, "InvalidSignatureError")
        unknown_kid = client.get("/whoami", headers=bearer(stranger, "ec-9", "ES256", sub="x"))
        assert_problem(unknown_kid, 401, "no key of the identity provider")
        wrong_aud = client.get(
            "/whoami", headers=bearer(ec_key, "ec-1", "ES256", sub="ann", aud="other")
        )
        assert_problem(wrong_aud, 401, "InvalidAudienceError")
        # with only a JWKS configured, an HS256 token signed with anything is refused
        assert_problem(client.get("/whoami", headers=hs("ann")), 401, "'HS256' is not accepted")


def test_unreachable_jwks_is_a_503_problem(client, monkeypatch):
    key = ec.generate_private_key(ec.SECP256R1())
    with JwksServer({"keys": []}) as server:
        url = server.url
    monkeypatch.setenv("DAYPLAN_JWKS_URL", url)  # the server is gone now
    token = jwt.encode({"sub": "ann"}, key, algorithm="ES256", headers={"kid": "k"})
    response = client.get("/whoami", headers={"Authorization": f"Bearer {token}"})
    assert_problem(response, 503, "unreachable")


def test_saved_plans_are_served_to_their_owner_only(client, monkeypatch):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    outcome = client.store.save_plan(user_id="ann", request_id="r1", plan_key="k", plan=PLAN)
    mine = client.get(f"/v1/saved-plans/{outcome.plan_id}", headers=hs("ann"))
    assert mine.status_code == 200
    body = mine.json()
    assert body["plan_id"] == outcome.plan_id and body["plan"] == PLAN
    assert body["request_id"] == "r1" and body["content_hash"] == outcome.plan_hash
    theirs = client.get(f"/v1/saved-plans/{outcome.plan_id}", headers=hs("bob"))
    missing = client.get("/v1/saved-plans/plan-000000000000000000000000", headers=hs("ann"))
    assert_problem(theirs, 404, "no saved plan")
    assert_problem(missing, 404, "no saved plan")
    assert theirs.json()["detail"].replace(outcome.plan_id, "X") == missing.json()[
        "detail"
    ].replace("plan-000000000000000000000000", "X")  # same answer: existence is not leaked
    assert_problem(client.get(f"/v1/saved-plans/{outcome.plan_id}"), 401, "no Authorization")


def test_service_shaped_endpoint_two_identical_saves_one_row(client, monkeypatch):
    """What app.py wires: the user from the token, passed to run_plan as user_id."""
    app = client.app

    @app.post("/test/day-plans", response_model=DayPlanReport)
    async def day_plans(request: PlanRequest, user: str = Depends(current_user)):
        run = await run_plan(request, user_id=user)
        return run.report

    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    body = {**load_case("wet_weather_family")["request"], "save": True, "request_id": "svc-1"}
    response = client.post("/test/day-plans", json=body, headers=hs("ann"))
    assert response.status_code == 200, response.text
    first = response.json()["saved"]
    second = client.post("/test/day-plans", json=body, headers=hs("ann")).json()["saved"]
    assert first["plan_id"] == second["plan_id"]
    assert (first["idempotent_replay"], second["idempotent_replay"]) == (False, True)
    assert first["verification_status"] == second["verification_status"] == "verified"
    assert client.store.count_plans() == 1 and client.store.count_plans("ann") == 1
    assert client.get(f"/v1/saved-plans/{first['plan_id']}", headers=hs("ann")).status_code == 200
    assert client.get(f"/v1/saved-plans/{first['plan_id']}", headers=hs("bob")).status_code == 404
    assert client.post("/test/day-plans", json=body).status_code == 401


def test_the_real_service_identifies_users_by_token_and_saves_once(tmp_path, monkeypatch):
    """Issue 7's done-when through dayplan.service.app itself: two identical saving requests by
    one user give one plan id, the second an idempotent replay, both verified, one row; the
    saved plan is served to its owner only; without a token the service answers 401."""
    from dayplan.service.app import create_app

    url = f"sqlite:///{tmp_path / 'service.sqlite'}"
    monkeypatch.setenv("DAYPLAN_DB_URL", url)
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    store = get_store(url)
    body = {**load_case("wet_weather_family")["request"], "save": True, "request_id": "svc-real"}
    with TestClient(create_app()) as c:
        first = c.post("/v1/day-plans", json=body, headers=hs("ann"))
        second = c.post("/v1/day-plans", json=body, headers=hs("ann"))
        assert first.status_code == second.status_code == 200, first.text
        a, b = first.json()["saved"], second.json()["saved"]
        assert a["plan_id"] == b["plan_id"]
        assert (a["idempotent_replay"], b["idempotent_replay"]) == (False, True)
        assert a["verification_status"] == b["verification_status"] == "verified"
        assert store.count_plans() == 1
        assert c.get(f"/v1/saved-plans/{a['plan_id']}", headers=hs("ann")).status_code == 200
        assert c.get(f"/v1/saved-plans/{a['plan_id']}", headers=hs("bob")).status_code == 404
        assert_problem(c.post("/v1/day-plans", json=body), 401, "no Authorization")
    store.close()


def test_a_short_hs256_secret_is_refused_and_never_verifies(client, monkeypatch):
    """RFC 7518 §3.2: an HS256 key is at least 32 bytes. A 1-byte secret is refused at start
    (check_auth_config, which serve calls) and a token signed with it never verifies."""
    from dayplan.service.auth import AuthConfigError, check_auth_config

    for short in ("hunter2-Q", "x" * 31):
        monkeypatch.setenv("DAYPLAN_JWT_SECRET", short)
        with pytest.raises(AuthConfigError, match="at least 32") as info:
            check_auth_config()
        assert short not in str(info.value)
        assert_problem(client.get("/whoami", headers=hs("ann", secret=short)), 401, "at least 32")
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", "y" * 32)
    assert check_auth_config() == "hs256"


def test_audience_and_issuer_are_checked_when_configured(client, monkeypatch):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    monkeypatch.setenv("DAYPLAN_JWT_AUDIENCE", "dayplan-api")
    monkeypatch.setenv("DAYPLAN_JWT_ISSUER", "https://id.example")
    good = hs("ann", aud="dayplan-api", iss="https://id.example")
    assert client.get("/whoami", headers=good).json() == {"user": "ann"}
    for bad, reason in (
        (hs("ann", iss="https://id.example"), "aud"),
        (hs("ann", aud="another-app", iss="https://id.example"), "InvalidAudienceError"),
        (hs("ann", aud="dayplan-api"), "iss"),
        (hs("ann", aud="dayplan-api", iss="https://evil.example"), "InvalidIssuerError"),
    ):
        assert_problem(client.get("/whoami", headers=bad), 401, reason)


def test_expiry_leeway_is_ten_seconds(client, monkeypatch):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    now = int(time.time())
    assert client.get("/whoami", headers=hs("ann", exp=now - 5)).json() == {"user": "ann"}
    assert_problem(client.get("/whoami", headers=hs("ann", exp=now - 30)), 401, "expired")


def _reasons_401(secret: str = SECRET) -> dict[str, dict[str, str]]:
    """The four 401s of the review (REVIEW9 D4), each a header set and the reason logged."""
    other = "another-secret-that-is-long-enough-for-hs256"
    return {
        "no Authorization header": {},
        "the token has expired": hs(exp=int(time.time()) - 3600, secret=secret),
        "InvalidSignatureError": hs(secret=other),
        'Token is missing the "sub" claim': hs(sub=None, secret=secret),
    }


def _token_parts(headers: dict[str, str]) -> list[str]:
    auth = headers.get("Authorization")
    return auth.split()[1].split(".") if auth else []


def test_each_401_logs_its_reason_and_never_the_token(client, monkeypatch, caplog):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", SECRET)
    for reason, headers in _reasons_401().items():
        caplog.clear()
        response = client.get("/whoami", headers=headers)
        assert response.status_code == 401 and response.json()["detail"] == UNAUTHORIZED_DETAIL
        (record,) = [r for r in caplog.records if r.name == "dayplan.service.auth"]
        assert record.levelno == logging.INFO and reason in record.getMessage()
        for part in _token_parts(headers):  # no segment of the token, signature included
            assert part not in caplog.text
        assert SECRET not in caplog.text


def test_serve_shows_the_401_reasons_in_its_output(tmp_path):
    """``python -m dayplan serve`` printed nothing for a 401: the ``dayplan`` loggers had no
    handler under uvicorn, and Python's last resort drops INFO."""
    import httpx

    from tests.servers import VENV_BIN, free_port, start

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(
        [str(VENV_BIN / "python"), "-m", "dayplan", "serve", "--port", str(port)],
        url,
        "/health",
        tmp_path / "serve.log",
        env_extra={
            "DAYPLAN_JWT_SECRET": SECRET,
            "DAYPLAN_DB_URL": f"sqlite:///{tmp_path / 'serve.sqlite'}",
        },
    )
    try:
        reasons = _reasons_401()
        for headers in reasons.values():
            body = {"text": "Saturday in New Farm"}
            assert httpx.post(f"{url}/v1/day-plans", json=body, headers=headers).status_code == 401
        deadline = time.time() + 10
        while time.time() < deadline and "sub" not in server.log_tail():
            time.sleep(0.1)
    finally:
        server.stop()
    log = server.log.read_text()
    assert "auth is ON (hs256)" in log
    for reason, headers in reasons.items():
        assert "INFO:     dayplan.service.auth: 401: " in log and reason in log, log
        for part in _token_parts(headers):
            assert part not in log
    assert SECRET not in log
