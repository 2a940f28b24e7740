"""``python -m dayplan bench service``: load-test the FastAPI service over loopback HTTP.

1. **In process**: plans the case back to back with ``run_plan`` for ``--inprocess-seconds``
   (saving each plan under a fresh request id, as the served requests do) and counts plans/s:
   the ceiling, no HTTP, no JSON over the wire.
2. **Served**: for each database (``--db``: a fresh SQLite file and/or the PostgreSQL server in
   ``DAYPLAN_BENCH_PG_URL``, else ``DAYPLAN_TEST_PG_URL``), each server count (``--servers``,
   e.g. ``1,2``: that many ``python -m dayplan serve`` processes on one database, clients spread
   round robin, as instances behind one URL) and each client count (``--clients``, e.g.
   ``16,50``), concurrent ``httpx.AsyncClient`` loops POST the case to ``/v1/day-plans`` for
   ``--seconds``. Every request saves (``save: true``, a fresh ``request_id``) and carries a
   fresh ``Idempotency-Key``, so each one claims a key, writes a plan and stores its response.

Prints one row per configuration: requests/s, p50/p95/p99 latency (ms), the error count (any
non-200 or transport error) and served plans/s ÷ in-process plans/s on the same database. The servers run with the
per-user limits raised (``DAYPLAN_RATE_LIMIT``, ``DAYPLAN_MAX_CONCURRENT_PER_USER``): every
client is user ``local``, and the benchmark measures throughput, not the limiter.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
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


def _int_list(value: str) -> list[int]:
    try:
        out = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a comma-separated list") from None
    if not out:
        raise argparse.ArgumentTypeError("give at least one number")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seconds``, ``--clients``, ``--servers``, ``--db``, ``--inprocess-seconds``,
    ``--case``."""
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="load duration per row (default 10)"
    )
    parser.add_argument(
        "--clients", type=_int_list, default=[16, 50], help="client counts (default 16,50)"
    )
    parser.add_argument(
        "--servers", type=_int_list, default=[1, 2], help="server process counts (default 1,2)"
    )
    parser.add_argument(
        "--db",
        choices=["sqlite", "postgresql", "both"],
        default="both",
        help="database(s) (default both; PostgreSQL from DAYPLAN_BENCH_PG_URL/DAYPLAN_TEST_PG_URL)",
    )
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


def fresh(body: dict) -> tuple[dict, dict[str, str]]:
    """``body`` saving under a fresh ``request_id``, and a fresh ``Idempotency-Key`` header."""
    tag = uuid.uuid4().hex
    return {**body, "save": True, "request_id": f"bench-{tag}"}, {"Idempotency-Key": tag}


async def load(
    make_client: Callable[[int], httpx.AsyncClient],
    body: dict,
    clients: int,
    seconds: float,
    *,
    saving: bool = False,
) -> LoadResult:
    """``clients`` concurrent loops POSTing ``body`` for ``seconds``; every request is timed.
    ``make_client(i)`` builds client ``i``'s connection (the caller spreads them over servers);
    ``saving``: every request saves under a fresh request id and Idempotency-Key (``fresh``)."""
    result = LoadResult(seconds=seconds)
    stop_at = time.perf_counter() + seconds

    async def client_loop(i: int) -> None:
        async with make_client(i) as client:
            while time.perf_counter() < stop_at:
                payload, headers = fresh(body) if saving else (body, {})
                started = time.perf_counter()
                try:
                    response = await client.post(PATH, json=payload, headers=headers)
                    result.statuses[response.status_code] += 1
                except httpx.HTTPError:
                    result.transport_errors += 1
                    continue
                result.latencies_ms.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(client_loop(i) for i in range(clients)))
    result.seconds = time.perf_counter() - started
    return result


async def in_process_rate(
    request: PlanRequest, seconds: float, *, saving: bool = False
) -> tuple[int, float]:
    """(plans, plans/s) running ``run_plan`` back to back for ``seconds`` (``saving``: each
    saves under a fresh request id, in the store ``DAYPLAN_DB_URL`` names)."""
    from dayplan.service.run import run_plan

    def next_request() -> PlanRequest:
        if not saving:
            return request
        body, _ = fresh(request.model_dump(mode="json", exclude_none=True))
        return PlanRequest.model_validate(body)

    await run_plan(next_request())  # warm caches (data, ADK imports, the store)
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        run = await run_plan(next_request())
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


BENCH_LIMITS = {
    "DAYPLAN_RATE_LIMIT": "1000000/minute",
    "DAYPLAN_MAX_CONCURRENT_PER_USER": "1000",
    "DAYPLAN_LIMIT_CONCURRENCY": "1000",
    "DAYPLAN_IDEMPOTENCY_KEYS_PER_USER": "1000000",
}


def start_server(port: int, db_url: str | None = None) -> subprocess.Popen:
    """``python -m dayplan serve`` on 127.0.0.1:``port`` (offline, ``BENCH_LIMITS``, database
    ``db_url`` or the environment's), once ``/health`` answers."""
    from dayplan.config import offline_env

    env = {**offline_env(dict(os.environ)), **BENCH_LIMITS}
    if db_url:
        env["DAYPLAN_DB_URL"] = db_url
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
    """One configuration's figures as printable lines."""
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


HEADER = (
    f"{'db':<10} {'servers':>7} {'clients':>7} {'requests':>8} {'req/s':>7} {'p50 ms':>7} "
    f"{'p95 ms':>7} {'p99 ms':>7} {'errors':>6} {'÷ in-proc':>9}"
)


def table_row(db: str, servers: int, clients: int, result: LoadResult, inproc: float) -> str:
    """One row of the summary table (latencies in ms, ratio = served plans/s ÷ in-process)."""
    lat = result.latencies_ms
    served = result.ok / result.seconds if result.seconds else 0.0
    return (
        f"{db:<10} {servers:>7} {clients:>7} {result.requests:>8} "
        f"{result.requests / result.seconds:>7.2f} {percentile(lat, 50):>7.0f} "
        f"{percentile(lat, 95):>7.0f} {percentile(lat, 99):>7.0f} {result.errors:>6} "
        f"{(served / inproc) if inproc else float('nan'):>9.2f}"
    )


def _databases(choice: str, tmp: Path) -> list[tuple[str, str]]:
    out = []
    if choice in ("sqlite", "both"):
        out.append(("sqlite", f"sqlite:///{tmp / 'bench.sqlite'}"))
    if choice in ("postgresql", "both"):
        url = os.environ.get("DAYPLAN_BENCH_PG_URL") or os.environ.get("DAYPLAN_TEST_PG_URL")
        if not url:
            raise InputError(
                "PostgreSQL needs DAYPLAN_BENCH_PG_URL (or DAYPLAN_TEST_PG_URL; "
                'eval "$(.ci/postgres.sh)"), or pass --db sqlite'
            )
        out.append(("postgresql", url))
    return out


def run(args: argparse.Namespace) -> int:
    """Measure in process, then every (database, servers, clients) row; print the table."""
    clients_list = list(getattr(args, "clients", [16]))
    servers_list = list(getattr(args, "servers", [1]))
    if isinstance(args.clients, int):
        clients_list = [args.clients]
    if (
        args.seconds <= 0
        or args.inprocess_seconds <= 0
        or not all(1 <= c <= 256 for c in clients_list)
        or not all(1 <= n <= 4 for n in servers_list)
    ):
        raise InputError(
            "--seconds and --inprocess-seconds must be > 0, --clients 1..256, --servers 1..4"
        )
    body = _case_body(args.case)
    request = PlanRequest.model_validate(body)
    with tempfile.TemporaryDirectory(prefix="dayplan-bench-") as tmp:
        databases = _databases(getattr(args, "db", "sqlite"), Path(tmp))
        rates: dict[str, float] = {}
        for db_name, url in databases:  # the ceiling on each database: the runs save there
            os.environ["DAYPLAN_DB_URL"] = url
            print(
                f"case {args.case}: measuring in-process plans/s for {args.inprocess_seconds:g} s "
                f"(saving, {db_name}) ..."
            )
            count, rates[db_name] = asyncio.run(
                in_process_rate(request, args.inprocess_seconds, saving=True)
            )
            print(f"in process on {db_name}: {count} plans, {rates[db_name]:.2f} plans/s")
        rows, total_errors, total_requests = [], 0, 0
        for db_name, url in databases:
            for servers in servers_list:
                procs: list[subprocess.Popen] = []
                try:
                    bases = []
                    for _ in range(servers):
                        port = free_port()
                        procs.append(start_server(port, url))
                        bases.append(f"http://127.0.0.1:{port}")
                    print(f"{db_name}: {servers} server(s) on {', '.join(bases)} ...")
                    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)

                    def make_client(i: int, bases=bases, limits=limits) -> httpx.AsyncClient:
                        return httpx.AsyncClient(
                            base_url=bases[i % len(bases)], timeout=120, limits=limits
                        )

                    asyncio.run(load(make_client, body, servers, 1.0, saving=True))  # warm
                    for clients in clients_list:
                        result = asyncio.run(
                            load(make_client, body, clients, args.seconds, saving=True)
                        )
                        rows.append(table_row(db_name, servers, clients, result, rates[db_name]))
                        total_errors += result.errors
                        total_requests += result.requests
                        print(rows[-1], flush=True)
                        if result.errors:
                            rows.append(
                                f"  ^ errors: statuses {dict(sorted(result.statuses.items()))}, "
                                f"transport errors {result.transport_errors}"
                            )
                            print(rows[-1], flush=True)
                finally:
                    for proc in procs:
                        stop_server(proc)
    print()
    print(
        f"served POST /v1/day-plans (saving, fresh Idempotency-Key each), {args.seconds:g} s a row"
    )
    print(HEADER)
    print("\n".join(rows))
    for db_name, rate in rates.items():
        print(f"in process on {db_name}: {rate:.2f} plans/s (÷ in-proc = served plans/s ÷ this)")
    print(json.dumps({"bench": NAME, "errors": total_errors, "requests": total_requests}))
    return EXIT_OK
