"""``python -m dayplan eval``: run the cases, grade meaning, contract and trace, apply the gate.

Also ``--export-adk FILE`` (cases to an ADK ``EvalSet``) and ``--to-test RUN_DIR CASE`` (a saved
failure to a deterministic pytest). Exit 0 when the gate passes, 1 when it fails (each reason on
stderr), 2 for bad input.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from dayplan.cli_common import EXIT_OK, InputError

EXIT_GATE_FAILED = 1


def register(subparsers) -> None:
    """Add the ``eval`` sub-command."""
    p = subparsers.add_parser(
        "eval", help="run the eval cases through the agent, grade them and apply the release gate"
    )
    p.add_argument("--cases", default="cases", help="folder of case files (default: cases)")
    p.add_argument("--out", help="run folder (default: runs/eval-<UTC time>-<model>)")
    p.add_argument(
        "--model",
        default=None,
        help="offline (default unless DAYPLAN_MODE=live), live, faulty:NAME or eval-fault:NAME (broken_json, drifted_cost, "
        "skip_date, search_first)",
    )
    p.add_argument("--only", nargs="+", metavar="CASE", help="run only these cases")
    p.add_argument("--skip-tests", action="store_true", help="do not run the project's tests")
    p.add_argument(
        "--judge",
        action="store_true",
        help="also ask the live LLM judge for meaning (needs DAYPLAN_MODE=live and a key)",
    )
    p.add_argument("--export-adk", metavar="FILE", help="write the cases as an ADK EvalSet JSON")
    p.add_argument(
        "--to-test",
        nargs=2,
        metavar=("RUN_DIR", "CASE"),
        help="write a deterministic pytest replaying a saved case's model turns",
    )
    p.add_argument("--test-out", help="where --to-test writes (default tests/regressions/)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Dispatch: export, to-test, or an eval run with the gate."""
    cases_dir = Path(args.cases)
    if args.to_test:
        from dayplan.evals.to_test import write_regression_test

        try:
            path = write_regression_test(
                Path(args.to_test[0]),
                args.to_test[1],
                Path(args.test_out) if args.test_out else None,
            )
        except (OSError, ValueError) as exc:
            raise InputError(str(exc)) from None
        print(f"wrote {path}")
        return EXIT_OK
    if not cases_dir.is_dir():
        raise InputError(f"no such cases folder: {cases_dir}")
    from dayplan.evals.case import load_cases

    try:
        cases = load_cases(cases_dir, args.only)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if args.export_adk:
        from dayplan.evals.adk_export import write_eval_set

        count = write_eval_set(cases, Path(args.export_adk))
        print(f"wrote {count} eval case(s) to {args.export_adk}")
        return EXIT_OK
    return _gate(args, cases)


def _gate(args: argparse.Namespace, cases) -> int:
    from dayplan.evals.gate import gate_reasons, run_project_tests
    from dayplan.evals.judge import GeminiJudge, live_judge_available
    from dayplan.evals.runner import resolve_eval_model, run_eval, stderr_progress

    if args.model is None:  # follow DAYPLAN_MODE, as `plan` and `serve` do
        from dayplan.config import Settings

        args.model = "live" if Settings().mode == "live" else "offline"
    try:
        resolve_eval_model(args.model)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    judge = None
    if args.judge:
        if not live_judge_available():
            raise InputError("--judge needs DAYPLAN_MODE=live and GOOGLE_API_KEY")
        judge = GeminiJudge()
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    slug = args.model.replace(":", "-")
    out = Path(args.out) if args.out else Path("runs") / f"eval-{stamp}-{slug}"
    started = time.perf_counter()
    run = asyncio.run(run_eval(cases, out, args.model, judge, progress=stderr_progress))
    tests = None
    if not args.skip_tests:
        print("running the project's tests ...", file=sys.stderr, flush=True)
        tests = run_project_tests()
    wall = time.perf_counter() - started
    s = run.summary()
    m = s["mean_scores"]
    print(
        f"eval: {s['passed']}/{s['cases']} cases passed · mean meaning {m['meaning']:.2f} · "
        f"contract {m['contract']:.2f} · trace {m['trace']:.2f} · model {run.model}"
    )
    d = s["day_shape"]
    print(
        f"day shape: {d['with_meal_break']}/{d['complete']} complete plans have a meal break "
        f"({d['spanning_lunch']} span lunch) · {d['repeating_a_kind']} repeat a venue kind"
    )
    print(f"cases wall time: {run.wall_s:.2f} s for {len(run.results)} cases")
    print(f"tests: {'skipped' if tests is None else tests.summary}")
    print(f"saved: {out}/summary.json, summary.md, scores.png and 3 files per case")
    reasons = gate_reasons(run, tests)
    print(f"total wall time: {wall:.2f} s")
    if reasons:
        print(f"GATE FAILED ({len(reasons)} reason(s)):", file=sys.stderr)
        for reason in reasons:
            print(f"  - {reason}", file=sys.stderr)
        print("gate: FAILED")
        return EXIT_GATE_FAILED
    print("gate: PASSED")
    return EXIT_OK
