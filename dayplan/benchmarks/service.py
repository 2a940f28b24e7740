"""``python -m dayplan bench service``: load-test the FastAPI service over loopback HTTP.

1. **In process**: plans the case back to back with ``run_plan`` for ``--inprocess-seconds``
   and counts plans/s (the ceiling: no HTTP, no JSON over the wire).
2. **Served**: starts ``python -m dayplan serve`` (uvicorn, offline model) on 127.0.0.1 at a
   free port in a child process, then ``--clients`` concurrent ``httpx.AsyncClient`` loops
   POST the case to ``/v1/day-plans`` for ``--seconds``.

Prints requests/s, p50/p95/p99 latency (ms), the error count (any non-200 or transport error)
and served plans/s ÷ in-process plans/s. The service runs each plan on one event loop, so
concurrency buys waiting time, not parallel planning: the ratio shows the HTTP/JSON overhead.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from dayplan.cli_common import EXIT_OK, InputError
from dayplan.contract import PlanRequest

NAME = "service"
HELP = "load-test POST /v1/day-plans over loopback (uvicorn, offline model)"
PATH = "/v1/day-plans"
DEFAULT_CASE = "wet_weather_family"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seconds``, ``--clients``, ``--inprocess-seconds``, ``--case``."""
    parser.add_argument("--seconds", type=float, default=20.0, help="load duration (default 20)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (default 16)")
    parser.add_argument(
        "--inprocess-seconds",
        type=float,
        default=5.0,
        help="how long to measure in-process plans/s (default 5)",
    )
    parser.add_argument("--case", default=DEFAULT_CASE, help="case name from cases/")


@dataclass
class LoadResult:
    """What the clients saw: latencies (ms) of every request, status counts, transport errors."""

    seconds: float
    latencies_ms: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    transport_errors: int = 0

    @property
    def requests(self) -> int:
        return len(self.latencies_ms)

    @property
    def ok(self) -> int:
        return self.statuses.get(200, 0)

    @property
    def errors(self) -> int:
        return self.requests - self.ok + self.transport_errors


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100) by nearest rank; ``nan`` for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


async def load(
    make_client: Callable[[], httpx.AsyncClient], body: dict, clients: int, seconds: float
) -> LoadResult:
    """``clients`` concurrent loops POSTing ``body`` for ``seconds``; every request is timed."""
    result = LoadResult(seconds=seconds)
    stop_at = time.perf_counter() + seconds

    async def client_loop() -> None:
        async with make_client() as client:
            while time.perf_counter() < stop_at:
                started = time.perf_counter()
                try:
                    response = await client.post(PATH, json=body)
                    result.statuses[response.status_code] += 1
                except httpx.HTTPError:
                    result.transport_errors += 1
                    continue
                result.latencies_ms.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(client_loop() for _ in range(clients)))
    result.seconds = time.perf_counter() - started
    return result


async def in_process_rate(request: PlanRequest, seconds: float) -> tuple[int, float]:
    """(plans, plans/s) running ``run_plan`` back to back for ``seconds``."""
    from dayplan.service.run import run_plan

    await run_plan(request)  # warm caches (data, ADK imports)
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        run = await run_plan(request)
        if run.error is not None:
            raise RuntimeError(f"in-process run rejected: {run.error}")
        count += 1
    elapsed = time.perf_counter() - started
    return count, count / elapsed


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    """``python -m dayplan serve`` on 127.0.0.1:``port`` (offline), once ``/health`` answers."""
    env = {**os.environ, "DAYPLAN_MODE": "offline"}
    env.pop("GOOGLE_API_KEY", None)
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-m", "dayplan", "serve", "--port", str(port), "--log-level", "warning"],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace")[-500:] if proc.stderr else ""
            raise RuntimeError(f"the server exited early: {err}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(proc)
    raise RuntimeError("the server did not answer /health within 60 s")


def stop_server(proc: subprocess.Popen) -> None:
    """Terminate the child server (this process started it) and wait for it."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _case_body(name: str) -> dict:
    path = Path(__file__).resolve().parents[2] / "cases" / f"{name}.json"
    if not path.is_file():
        raise InputError(f"no case named {name!r} in cases/")
    raw = json.loads(path.read_text(encoding="utf-8"))
    request = PlanRequest.model_validate(raw.get("request", raw))
    return request.model_dump(mode="json", exclude_none=True)


def report(result: LoadResult, clients: int, inproc: tuple[int, float]) -> str:
    """The figures as printable lines."""
    served = result.ok / result.seconds if result.seconds else 0.0
    lat = result.latencies_ms
    lines = [
        f"served over HTTP: {clients} clients, {result.seconds:.1f} s, offline model",
        f"  requests      {result.requests}  ({result.requests / result.seconds:.2f} req/s)",
        f"  latency ms    p50 {percentile(lat, 50):.0f}  p95 {percentile(lat, 95):.0f}  "
        f"p99 {percentile(lat, 99):.0f}  max {max(lat, default=float('nan')):.0f}",
        f"  errors        {result.errors}  (statuses {dict(sorted(result.statuses.items()))}, "
        f"transport errors {result.transport_errors})",
        f"in process: {inproc[0]} plans, {inproc[1]:.2f} plans/s",
        f"served / in-process plans/s: {served:.2f} / {inproc[1]:.2f} = "
        f"{served / inproc[1] if inproc[1] else float('nan'):.2f}",
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run both measurements and print the figures."""
    if args.seconds <= 0 or args.inprocess_seconds <= 0 or not 1 <= args.clients <= 256:
        raise InputError("--seconds and --inprocess-seconds must be > 0, --clients 1..256")
    body = _case_body(args.case)
    request = PlanRequest.model_validate(body)
    print(f"case {args.case}: measuring in-process plans/s for {args.inprocess_seconds:g} s ...")
    inproc = asyncio.run(in_process_rate(request, args.inprocess_seconds))
    port = free_port()
    print(f"starting uvicorn on 127.0.0.1:{port} ...")
    proc = start_server(port)
    try:
        base = f"http://127.0.0.1:{port}"
        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)

        def make_client() -> httpx.AsyncClient:
            return httpx.AsyncClient(base_url=base, timeout=120, limits=limits)

        asyncio.run(load(make_client, body, 1, 1.0))  # warm the server
        result = asyncio.run(load(make_client, body, args.clients, args.seconds))
    finally:
        stop_server(proc)
    print(report(result, args.clients, inproc))
    print(json.dumps({"bench": NAME, "errors": result.errors, "requests": result.requests}))
    return EXIT_OK
