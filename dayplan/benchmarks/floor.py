"""``python -m dayplan bench floor``: the planner against the bare ADK loop it is built on.

Two comparisons of the offline wet-weather run (``cases/wet_weather_family.json``):

* **in one process**: the median wall time of ``run_plan`` (stand-in model, real tools,
  guardrails, event log, boundary) against the median of the bare ADK loop making the same
  model turns and tool calls with trivial tools (``_bare_loop.bare_run``); target ≤ 1.5×;
* **whole processes**: the median wall time of ``python -m dayplan plan wet_weather_family
  --json`` against ``python dayplan/benchmarks/_bare_loop.py`` (a script that imports only ADK
  and google-genai and runs the same loop); target ≤ 1.2×. Both read their modules' bytecode
  from one shared cache filled by an untimed warm-up run of each (installed packages come
  compiled by pip; the planner's own sources would otherwise be recompiled on every start in
  a ``PYTHONDONTWRITEBYTECODE`` environment, which the floor never pays).

Both medians, both ratios and the targets are printed, the planner and the floor timed in
turn (one run of each, then the next), so a change of the machine's load falls on both alike;
each line is followed by the same comparison in CPU time (the process's, all threads), which a
loaded machine disturbs less than wall time. The load average is printed with the figures.
Timings depend on the machine and its load; the ratios are what the targets are about.

``--ablate`` adds a diagnostic (``_ablation``), never the measured ratio: the planner with the
reader's and the scheduler's results served from a warm cache, then also without plugins, each
timed in turn with the bare loop, so what is left besides them can be read off.

Both sides run with the same telemetry configuration, the one the planner's runs choose
(``dayplan.agent.telemetry.run_telemetry``: with no OpenTelemetry provider configured, ADK's
stable GenAI semconv without message content), and the benchmark prints which, so the ratio
measures the planner's own code, not a telemetry format one side skips. Both processes also
start alike: the cyclic garbage collector off while their modules load, then ``gc.freeze``
(``dayplan/__main__.py``; the bare script does the same).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dayplan.cli_common import EXIT_OK, InputError

NAME = "floor"
HELP = "the planner vs the bare ADK loop with trivial tools: in-process and whole-process ratios"
IN_PROCESS_TARGET = 1.5
PROCESS_TARGET = 1.2
CASE = "wet_weather_family"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--runs`` (in-process, 30), ``--processes`` (whole processes, 5), ``--skip-processes``,
    ``--payload-floor`` (also the bare loop on the planner's own payloads, ``_payload_loop``),
    ``--ablate`` (also the planner with cached reader/scheduler results and no plugins)."""
    parser.add_argument("--runs", type=int, default=30, help="in-process runs of each (30)")
    parser.add_argument("--processes", type=int, default=5, help="process starts of each (5)")
    parser.add_argument(
        "--skip-processes", action="store_true", help="only the in-process comparison"
    )
    parser.add_argument(
        "--payload-floor",
        action="store_true",
        help="also time the bare loop on the planner's own payloads (what ADK alone costs)",
    )
    parser.add_argument(
        "--ablate",
        action="store_true",
        help="diagnostic: also time the planner with the reader's and scheduler's results "
        "from a warm cache, then also without plugins (not the measured ratio)",
    )


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def _request():
    from dayplan.benchmarks.latency import _case_request
    from dayplan.contract import PlanRequest

    return PlanRequest.model_validate(_case_request())


@dataclass
class Samples:
    """Wall and CPU seconds of each run (CPU: the whole process's, every thread included)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


async def _timed(samples: Samples, make: Callable[[], Awaitable[Any]]) -> Any:
    wall, cpu = time.perf_counter(), time.process_time()
    out = await make()
    samples.wall.append(time.perf_counter() - wall)
    samples.cpu.append(time.process_time() - cpu)
    return out


async def _time_planner(runs: int) -> tuple[list[float], list[dict]]:
    """``runs`` timed planner runs after a warm-up (wall seconds), and the warm-up's turns."""
    ours, _, turns = await _time_both(runs, bare=False)
    return ours.wall, turns


async def _time_both(runs: int, *, bare: bool = True) -> tuple[Samples, Samples, list[dict]]:
    """The planner and the bare loop, one run of each in turn (so a change of the machine's
    load falls on both alike), after one warm-up run of each (first-run caches: venue snapshot,
    hours parser, ADK's lazy imports). Returns both samples and the planner's model turns."""
    from dayplan.agent.telemetry import run_telemetry
    from dayplan.benchmarks._bare_loop import bare_run
    from dayplan.evals.replay import model_turns
    from dayplan.service.run import run_plan

    request = _request()
    first = await run_plan(request)
    if first.report is None:
        raise InputError(f"the {CASE} run was rejected: {first.error}")
    turns = model_turns(first.events)
    ours, floor = Samples(), Samples()
    telemetry = run_telemetry()  # what each planner run picks, in this process's environment
    if bare:
        await bare_run(turns, telemetry)
    for _ in range(runs):
        await _timed(ours, lambda: run_plan(request))
        if bare:
            await _timed(floor, lambda: bare_run(turns, telemetry))
    return ours, floor, turns


async def _payload_line(runs: int, turns: list[dict]) -> str:
    """The bare loop on the planner's own payloads (``_payload_loop``) against the bare loop,
    ``runs`` of each in turn, in CPU time: the share of the planner's ratio that ADK alone pays
    for the planner's larger conversation (the rest is the planner's code and plugins)."""
    from dayplan.agent.offline_model import render_request
    from dayplan.agent.telemetry import run_telemetry
    from dayplan.benchmarks._bare_loop import bare_run
    from dayplan.benchmarks._payload_loop import payload_run, recorded_answers
    from dayplan.service.run import run_plan

    request = _request()
    answers = recorded_answers((await run_plan(request)).events)
    message = render_request(request)
    payload, bare = Samples(), Samples()
    telemetry = run_telemetry()
    await payload_run(turns, answers, message, telemetry)
    await bare_run(turns, telemetry)
    for _ in range(runs):
        await _timed(payload, lambda: payload_run(turns, answers, message, telemetry))
        await _timed(bare, lambda: bare_run(turns, telemetry))
    a, b = statistics.median(payload.cpu) * 1000, statistics.median(bare.cpu) * 1000
    ratio = a / b if b else float("nan")
    return (
        f"  payload floor (CPU): the bare loop on the planner's payloads {a:.1f} ms vs bare "
        f"{b:.1f} ms = {ratio:.2f}× (no plugins, no planner code)"
    )


async def _ablation_lines(runs: int, turns: list[dict]) -> list[str]:
    """The planner with the reader's and the scheduler's results from a warm cache
    (``_ablation.warm_cache``), then also without plugins (``_ablation.without_plugins``), each
    against the bare loop, ``runs`` of each in turn after a warm-up: wall and CPU medians.
    A diagnostic of what the rest of the planner costs, never the measured ratio."""
    from dayplan.agent.telemetry import run_telemetry
    from dayplan.benchmarks._ablation import warm_cache, without_plugins
    from dayplan.benchmarks._bare_loop import bare_run
    from dayplan.service.run import run_plan

    request = _request()
    telemetry = run_telemetry()
    lines = []
    for label, plugins_off in (
        ("reader + scheduler cached", False),
        ("reader + scheduler cached, no plugins", True),
    ):
        ours, floor = Samples(), Samples()
        with warm_cache(), without_plugins() if plugins_off else contextlib.nullcontext():
            await run_plan(request)  # fills the cache
            await bare_run(turns, telemetry)
            for _ in range(runs):
                await _timed(ours, lambda: run_plan(request))
                await _timed(floor, lambda: bare_run(turns, telemetry))
        wall = _median_ms(ours.wall), _median_ms(floor.wall)
        cpu = _median_ms(ours.cpu), _median_ms(floor.cpu)
        lines.append(
            f"  ablation ({label}; a diagnostic, not the measured ratio): planner "
            f"{wall[0]:.1f} ms vs bare {wall[1]:.1f} ms = {wall[0] / wall[1]:.2f}×; CPU "
            f"{cpu[0]:.1f} ms vs {cpu[1]:.1f} ms = {cpu[0] / cpu[1]:.2f}×"
        )
    return lines


def _process_env(pycache: str) -> dict[str, str]:
    """The environment both commands run in: this checkout on ``PYTHONPATH`` and one bytecode
    cache (``PYTHONPYCACHEPREFIX=pycache``, writing allowed) for every module either imports.

    Installed packages (ADK, google-genai) were compiled to bytecode when pip installed them;
    without a shared cache a ``PYTHONDONTWRITEBYTECODE`` environment would have the planner
    recompile its own sources on every start while the floor never compiles, so the two would
    not be timed alike. With the prefix, both compile everything once (the untimed warm-up run
    of each) and read bytecode afterwards."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def _time_processes(argvs: list[list[str]], n: int, pycache: str) -> list[Samples]:
    """Each command ``n`` times, the commands in turn, after one untimed warm-up run of each
    (which fills the shared bytecode cache, see ``_process_env``); wall and CPU (user +
    system) seconds."""
    env = _process_env(pycache)
    out = [Samples() for _ in argvs]
    for argv in argvs:
        subprocess.run(argv, env=env, capture_output=True, check=False)
    for _ in range(n):
        for argv, samples in zip(argvs, out, strict=True):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
            samples.wall.append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            samples.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0:
                raise InputError(
                    f"{' '.join(argv[1:3])} exited {done.returncode}: {done.stderr[-300:]}"
                )
    return out


def _memory_read_note() -> str:
    """How the planner's runs read the user's memories from the configured store: through the
    kept ``sqlite3`` connection, or through the SQLAlchemy ``Store`` (a store file that is
    missing, not at the migrations' head or broken: then every timed run pays for that)."""
    from dayplan.service.run import USER_ID
    from dayplan.store_read import db_url, recent_preferences_sqlite

    if recent_preferences_sqlite(USER_ID, 1) is not None:
        return f"the store file of {db_url()} through sqlite3 (at the migrations' head)"
    return (
        f"through the SQLAlchemy Store ({db_url()} is no plain SQLite file at the migrations' "
        "head): every planner run pays for it"
    )


def _line(label: str, ours: float, bare: float, target: float, unit: str) -> str:
    ratio = ours / bare if bare else float("nan")
    mark = "✓ within target" if ratio <= target else "✗ over target"
    return (
        f"{label}: planner {ours:.1f} {unit} vs bare ADK loop {bare:.1f} {unit} = {ratio:.2f}× "
        f"(target ≤ {target:g}×) {mark}"
    )


def _cpu_line(ours: Samples, floor: Samples, scale: float, unit: str) -> str:
    a, b = statistics.median(ours.cpu) * scale, statistics.median(floor.cpu) * scale
    ratio = a / b if b else float("nan")
    return f"  CPU time: planner {a:.1f} {unit} vs bare ADK loop {b:.1f} {unit} = {ratio:.2f}×"


def run(args: argparse.Namespace) -> int:
    """Print the in-process lines and (unless skipped) the whole-process lines."""
    if args.runs < 1 or args.processes < 1:
        raise InputError("--runs and --processes must be at least 1")
    from dayplan.agent.telemetry import describe, run_telemetry

    ours, floor, turns = asyncio.run(_time_both(args.runs))
    calls = sum(1 for t in turns for p in t.get("parts", []) if "function_call" in p)
    load = os.getloadavg()[0]
    telemetry = run_telemetry()
    print(
        f"{CASE}: {len(turns)} model turns, {calls} tool calls; medians of {args.runs} runs "
        f"of each, taken in turn; load average {load:.1f} on {os.cpu_count()} cores"
    )
    print(f"telemetry, both sides: {describe(telemetry)}")
    print(f"memory read: {_memory_read_note()}")
    print(
        _line(
            "in-process",
            _median_ms(ours.wall),
            _median_ms(floor.wall),
            IN_PROCESS_TARGET,
            "ms",
        )
    )
    print(_cpu_line(ours, floor, 1000, "ms"))
    if args.payload_floor:
        print(asyncio.run(_payload_line(args.runs, turns)))
    if args.ablate:
        for line in asyncio.run(_ablation_lines(args.runs, turns)):
            print(line)
    if args.skip_processes:
        return EXIT_OK
    with tempfile.TemporaryDirectory() as tmp:
        script_turns = Path(tmp) / "turns.json"
        script_turns.write_text(json.dumps(turns), encoding="utf-8")
        script = str(Path(__file__).with_name("_bare_loop.py"))
        mine, bare = _time_processes(
            [
                [sys.executable, "-m", "dayplan", "plan", CASE, "--json"],
                [sys.executable, script, str(script_turns)]
                + ([telemetry.model_dump_json(exclude_none=True)] if telemetry else []),
            ],
            args.processes,
            str(Path(tmp) / "pycache"),
        )
    print(
        _line(
            f"whole process (median of {args.processes})",
            statistics.median(mine.wall),
            statistics.median(bare.wall),
            PROCESS_TARGET,
            "s",
        )
    )
    print(_cpu_line(mine, bare, 1, "s"))
    return EXIT_OK
