"""Two ``serve`` processes on one PostgreSQL database, as Cloud Run runs several instances behind
one URL: duplicate saves spread over both give one row, one Idempotency-Key sent to both at once
gives one run, and SIGKILLing one mid-save loses nothing that was reported verified.

Also the fail-closed start: without auth, ``serve`` refuses any non-loopback address."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from dayplan.benchmarks.service import free_port
from dayplan.cli import main
from dayplan.store import Store, content_hash, saved_plans
from tests.conftest import empty_tables, load_case

ROOT = Path(__file__).resolve().parent.parent
SAVE = {**load_case("wet_weather_family")["request"], "save": True}


def spawn(url: str) -> tuple[subprocess.Popen, str]:
    """``python -m dayplan serve`` on a free loopback port with ``url`` as its database (not yet
    answering; see ``wait_ready``). Limits are raised: this test measures the database."""
    port = free_port()
    env = {
        **os.environ,
        "DAYPLAN_DB_URL": url,
        "DAYPLAN_MODE": "offline",
        "DAYPLAN_RATE_LIMIT": "100000/minute",
        "DAYPLAN_MAX_CONCURRENT_PER_USER": "200",
        "DAYPLAN_DB_LOCK_TIMEOUT_SECONDS": "10",
        "PYTHONPATH": str(ROOT),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "dayplan", "serve", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    return proc, f"http://127.0.0.1:{port}"


def wait_ready(proc: subprocess.Popen, base: str) -> tuple[subprocess.Popen, str]:
    """Return once ``/health`` answers; raise with the server's last stderr if it exits."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read().decode(errors="replace")[-800:])
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("serve did not answer /health within 90 s")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def two_instances(request):
    url = request.getfixturevalue("pg_url")
    Store(url).close()  # migrated once before both start (they would also race safely)
    a, b = spawn(url), spawn(url)  # both start at once
    try:
        wait_ready(*a)
        wait_ready(*b)
    except Exception:
        stop(a[0])
        stop(b[0])
        raise
    yield url, a, b
    for proc, _ in (a, b):
        stop(proc)


async def post_all(jobs: list[tuple[str, dict, dict]]) -> list[httpx.Response | Exception]:
    async with httpx.AsyncClient(timeout=120) as c:

        async def one(base: str, body: dict, headers: dict):
            try:
                return await c.post(f"{base}/v1/day-plans", json=body, headers=headers)
            except httpx.HTTPError as exc:
                return exc

        return await asyncio.gather(*(one(*job) for job in jobs))


def rows(url: str) -> list:
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            return conn.execute(saved_plans.select()).all()
    finally:
        store.close()


def test_fifty_duplicate_saves_over_two_instances_write_one_row(two_instances):
    url, (_, a), (_, b) = two_instances
    empty_tables(url)
    body = {**SAVE, "request_id": "two-instances-50"}
    out = asyncio.run(post_all([(a if i % 2 else b, body, {}) for i in range(50)]))
    assert all(isinstance(r, httpx.Response) and r.status_code == 200 for r in out), out
    saved = [r.json()["saved"] for r in out]
    assert len({s["plan_id"] for s in saved}) == 1
    assert [s["status"] for s in saved].count("created") == 1
    assert [s["status"] for s in saved].count("already_exists") == 49
    assert all(s["verification_status"] == "verified" for s in saved)
    assert len(rows(url)) == 1


def test_one_idempotency_key_sent_to_both_instances_at_once_is_one_run(two_instances):
    url, (_, a), (_, b) = two_instances
    empty_tables(url)
    headers = {"Idempotency-Key": "both-at-once"}
    out = asyncio.run(post_all([(a if i % 2 else b, SAVE, headers) for i in range(10)]))
    statuses = sorted(r.status_code for r in out)
    assert set(statuses) <= {200, 409}, statuses
    ok = [r for r in out if r.status_code == 200]
    assert ok, statuses
    assert len({r.headers["x-run-id"] for r in ok}) == 1, "one run, the others replayed or 409"
    fresh = [r for r in ok if "idempotent-replayed" not in r.headers]
    assert len(fresh) == 1
    assert all(r.content == fresh[0].content for r in ok)
    assert all(int(r.headers["retry-after"]) >= 1 for r in out if r.status_code == 409)
    assert len(rows(url)) == 1
    # once finished, either instance replays the one stored answer
    again = asyncio.run(post_all([(a, SAVE, headers), (b, SAVE, headers)]))
    assert [r.status_code for r in again] == [200, 200]
    assert all(r.content == fresh[0].content for r in again)


def test_sigkill_one_instance_mid_save_loses_nothing_verified(two_instances):
    """Twenty distinct saves go to instance A, which is SIGKILLed while they run (this is the
    module's last use of the pair). Every save A reported verified is readable, unchanged, from
    instance B; no row is partial (each parses and matches its content hash)."""
    url, (victim, v), (_, b) = two_instances
    empty_tables(url)

    async def scenario():
        async with httpx.AsyncClient(timeout=60) as c:

            async def one(i: int):
                body = {**SAVE, "request_id": f"kill-{i}"}
                try:
                    return await c.post(f"{v}/v1/day-plans", json=body)
                except httpx.HTTPError as exc:
                    return exc

            tasks = [asyncio.ensure_future(one(i)) for i in range(20)]
            while sum(t.done() for t in tasks) < 4:  # kill once a few have finished
                await asyncio.sleep(0.02)
            os.kill(victim.pid, signal.SIGKILL)
            return await asyncio.gather(*tasks)

    out = asyncio.run(scenario())
    assert victim.wait(timeout=10) == -signal.SIGKILL
    verified = [
        r.json()["saved"]["plan_id"]
        for r in out
        if isinstance(r, httpx.Response)
        and r.status_code == 200
        and r.json()["saved"]["verification_status"] == "verified"
    ]
    killed = [r for r in out if isinstance(r, Exception)]
    assert verified and killed, (len(verified), len(killed))
    stored = rows(url)
    for row in stored:
        assert content_hash(json.loads(row.plan_json)) == row.plan_hash
    for plan_id in verified:
        got = httpx.get(f"{b}/v1/saved-plans/{plan_id}", timeout=10)
        assert got.status_code == 200, got.text
        assert got.json()["content_hash"] == content_hash(got.json()["plan"])
    assert len(stored) >= len(verified)


# -- fail closed ---------------------------------------------------------------------------


@pytest.fixture
def no_uvicorn(monkeypatch):
    import uvicorn

    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    return seen


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "example.org"])
def test_without_auth_serve_refuses_a_non_loopback_address(host, no_uvicorn, capsys):
    """Before: the server started on 0.0.0.0 with auth off and every caller became 'local'."""
    assert main(["serve", "--host", host]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DAYPLAN_JWT_SECRET" in err[0] and "DAYPLAN_JWKS_URL" in err[0]
    assert not no_uvicorn, "uvicorn never started"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_without_auth_serve_binds_loopback(host, no_uvicorn):
    assert main(["serve", "--host", host]) == 0
    assert no_uvicorn["host"] == host


def test_insecure_no_auth_starts_loudly(no_uvicorn, capsys):
    assert main(["serve", "--host", "0.0.0.0", "--insecure-no-auth"]) == 0
    assert "WARNING: --insecure-no-auth" in capsys.readouterr().err


def test_with_auth_serve_binds_any_address_with_uvicorn_limits(no_uvicorn, monkeypatch):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", "s" * 48)
    monkeypatch.setenv("DAYPLAN_LIMIT_CONCURRENCY", "33")
    monkeypatch.setenv("DAYPLAN_TIMEOUT_KEEP_ALIVE_SECONDS", "7")
    assert main(["serve", "--host", "0.0.0.0"]) == 0
    assert no_uvicorn["host"] == "0.0.0.0"
    assert no_uvicorn["limit_concurrency"] == 33 and no_uvicorn["timeout_keep_alive"] == 7


@pytest.mark.parametrize("secret", ["a", "short-secret", "x" * 31])
def test_a_short_hs256_secret_stops_the_start(secret, no_uvicorn, monkeypatch, capsys):
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", secret)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "at least 32" in err and "RFC 7518" in err and not no_uvicorn


def test_the_dockerfile_binds_all_interfaces_so_it_needs_auth():
    """The image runs ``serve --host 0.0.0.0`` without --insecure-no-auth: started without
    DAYPLAN_JWT_SECRET or DAYPLAN_JWKS_URL it refuses to start (the check above)."""
    docker = (ROOT / "Dockerfile").read_text()
    cmd = next(line for line in docker.splitlines() if line.startswith("CMD"))
    assert "--host 0.0.0.0" in cmd and "--insecure-no-auth" not in docker
    assert "DAYPLAN_JWT_SECRET" in docker and "DAYPLAN_JWKS_URL" in docker
