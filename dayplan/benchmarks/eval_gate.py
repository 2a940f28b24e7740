"""``python -m dayplan bench eval-gate``: how long the offline eval takes over every case.

Prints the wall time of each full pass over the cases (run, grade, save), the per-case median
and slowest times, and whether the target (40 cases in 30 s or less) is met.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from dayplan.evals.case import load_cases
from dayplan.evals.runner import run_eval

NAME = "eval-gate"
HELP = "wall time of the offline eval over every case (target: 40 cases in 30 s)"
TARGET_SECONDS_PER_40 = 30.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--cases DIR`` and ``--repeat N``."""
    parser.add_argument("--cases", default="cases", help="folder of case files")
    parser.add_argument("--repeat", type=int, default=3, help="full passes (default 3)")


def run(args: argparse.Namespace) -> int:
    """Run the passes and print the figures."""
    cases = load_cases(Path(args.cases))
    walls, per_case = [], []
    for i in range(max(1, args.repeat)):
        with tempfile.TemporaryDirectory() as tmp:
            started = time.perf_counter()
            result = asyncio.run(run_eval(cases, Path(tmp), "offline"))
            walls.append(time.perf_counter() - started)
        per_case += [r.wall_ms for r in result.results]
        print(f"pass {i + 1}: {len(cases)} cases in {walls[-1]:.2f} s (saved and charted)")
    best = min(walls)
    scaled = best * 40 / max(1, len(cases))
    print(f"per case: median {statistics.median(per_case):.0f} ms, slowest {max(per_case):.0f} ms")
    print(
        f"best pass {best:.2f} s for {len(cases)} cases = {scaled:.2f} s per 40 cases "
        f"(target ≤ {TARGET_SECONDS_PER_40:.0f} s): {'met' if scaled <= TARGET_SECONDS_PER_40 else 'MISSED'}"
    )
    return 0
