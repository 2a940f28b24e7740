"""``python -m dayplan bench floor``: the planner against the bare ADK loop it is built on.

Two comparisons of the offline wet-weather run (``cases/wet_weather_family.json``):

* **in one process**: the median wall time of ``run_plan`` (stand-in model, real tools,
  guardrails, event log, boundary) against the median of the bare ADK loop making the same
  model turns and tool calls with trivial tools (``_bare_loop.bare_run``); target ≤ 1.5×;
* **whole processes**: the median wall time of ``python -m dayplan plan wet_weather_family
  --json`` against ``python dayplan/benchmarks/_bare_loop.py`` (a script that imports only ADK
  and google-genai and runs the same loop); target ≤ 1.2×.

Both medians, both ratios and the targets are printed. Timings depend on the machine and its
load; the ratios are what the targets are about.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dayplan.cli_common import EXIT_OK, InputError

NAME = "floor"
HELP = "the planner vs the bare ADK loop with trivial tools: in-process and whole-process ratios"
IN_PROCESS_TARGET = 1.5
PROCESS_TARGET = 1.2
CASE = "wet_weather_family"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--runs`` (in-process, 30), ``--processes`` (whole processes, 5), ``--skip-processes``."""
    parser.add_argument("--runs", type=int, default=30, help="in-process runs of each (30)")
    parser.add_argument("--processes", type=int, default=5, help="process starts of each (5)")
    parser.add_argument(
        "--skip-processes", action="store_true", help="only the in-process comparison"
    )


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def _request():
    from dayplan.benchmarks.latency import _case_request
    from dayplan.contract import PlanRequest

    return PlanRequest.model_validate(_case_request())


async def _time_planner(runs: int) -> tuple[list[float], list[dict]]:
    from dayplan.evals.replay import model_turns
    from dayplan.service.run import run_plan

    request = _request()
    first = await run_plan(request)  # warm-up: first-run caches (venue snapshot, hours parser)
    if first.report is None:
        raise InputError(f"the {CASE} run was rejected: {first.error}")
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await run_plan(request)
        samples.append(time.perf_counter() - started)
    return samples, model_turns(first.events)


async def _time_bare(turns: list[dict], runs: int) -> list[float]:
    from dayplan.benchmarks._bare_loop import bare_run

    await bare_run(turns)  # warm-up
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await bare_run(turns)
        samples.append(time.perf_counter() - started)
    return samples


def _time_process(argv: list[str], n: int) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
        samples.append(time.perf_counter() - started)
        if done.returncode != 0:
            raise InputError(
                f"{' '.join(argv[1:3])} exited {done.returncode}: {done.stderr[-300:]}"
            )
    return samples


def _line(label: str, ours: float, bare: float, target: float, unit: str) -> str:
    ratio = ours / bare if bare else float("nan")
    mark = "✓ within target" if ratio <= target else "✗ over target"
    return (
        f"{label}: planner {ours:.1f} {unit} vs bare ADK loop {bare:.1f} {unit} = {ratio:.2f}× "
        f"(target ≤ {target:g}×) {mark}"
    )


def run(args: argparse.Namespace) -> int:
    """Print the in-process line and (unless skipped) the whole-process line."""
    if args.runs < 1 or args.processes < 1:
        raise InputError("--runs and --processes must be at least 1")
    samples, turns = asyncio.run(_time_planner(args.runs))
    bare = asyncio.run(_time_bare(turns, args.runs))
    calls = sum(1 for t in turns for p in t.get("parts", []) if "function_call" in p)
    print(f"{CASE}: {len(turns)} model turns, {calls} tool calls; medians of {args.runs} runs")
    print(_line("in-process", _median_ms(samples), _median_ms(bare), IN_PROCESS_TARGET, "ms"))
    if args.skip_processes:
        return EXIT_OK
    with tempfile.TemporaryDirectory() as tmp:
        script_turns = Path(tmp) / "turns.json"
        script_turns.write_text(json.dumps(turns), encoding="utf-8")
        script = str(Path(__file__).with_name("_bare_loop.py"))
        ours = _time_process(
            [sys.executable, "-m", "dayplan", "plan", CASE, "--json"], args.processes
        )
        floor = _time_process([sys.executable, script, str(script_turns)], args.processes)
    print(
        _line(
            f"whole process (median of {args.processes})",
            statistics.median(ours),
            statistics.median(floor),
            PROCESS_TARGET,
            "s",
        )
    )
    return EXIT_OK
