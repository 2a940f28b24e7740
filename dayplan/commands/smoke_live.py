"""``python -m dayplan smoke-live``: the three original cases through live Gemini, traces saved.

For people with a key (``GOOGLE_API_KEY``, or Vertex AI settings): each case runs with the live
model, grounded search and the Open-Meteo forecast; its report, tool path (arguments and
responses) and ADK events are written to ``runs/live/<case>.json``; with ``--record DIR`` every
HTTP exchange of each case is also recorded into ``DIR/<case>/`` (``dayplan.recording``), to be
replayed offline with ``--model replay:DIR/<case>``. Without credentials it
exits 2 with one line naming ``GOOGLE_API_KEY`` and calls nothing. Exit 0 when every case earns
its expected status, 3 when one is rejected or differs.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from dayplan.cli_common import EXIT_OK, EXIT_REJECTED, InputError
from dayplan.config import Settings
from dayplan.contract import PlanRequest
from dayplan.files import read_data_file

ORIGINAL_CASES = ("wet_weather_family", "impossible_schedule", "missing_essentials")
"""The original prototype's three cases (also the agent notebook's)."""


def _record(name: str, expected: str, run) -> dict:
    return {
        "case": name,
        "expected_status": expected,
        "status": run.report.status if run.report else None,
        "error": {"rule": run.error.rule, "detail": run.error.detail} if run.error else None,
        "model": run.model,
        "run_id": run.run_id,
        "wall_ms": round(run.wall_ms),
        "report": run.report.model_dump(mode="json") if run.report else None,
        "steps": [
            {"tool": s.tool, "args": s.args, "response": s.response, "ok": s.ok} for s in run.steps
        ],
        "events": [e.model_dump(mode="json", exclude_none=True) for e in run.events],
    }


def _load_case(name: str) -> tuple[PlanRequest, str]:
    """(request, expected status) of case ``name`` from ``./cases`` or the repository's."""
    for folder in (Path.cwd() / "cases", Path(__file__).resolve().parents[2] / "cases"):
        path = folder / f"{name}.json"
        if path.is_file():
            raw = read_data_file(path)
            if not isinstance(raw, dict):
                raise InputError(f"case {name}: a case file must be a JSON object")
            expected = str((raw.get("expect") or {}).get("status") or "")
            try:
                return PlanRequest.model_validate(raw.get("request") or {}), expected
            except ValidationError as exc:
                raise InputError(
                    f"case {name}: invalid request: {exc.errors()[0]['msg']}"
                ) from None
    raise InputError(f"no case named {name!r} in cases/")


def run(args) -> int:
    """Run the cases live; print one line per case; write the traces."""
    from dayplan.service.run import plan

    settings = Settings()
    problem = settings.credential_problem()
    if problem:
        raise InputError(problem)
    record_root = Path(args.record) if getattr(args, "record", None) else None
    if record_root is not None and record_root.exists() and not record_root.is_dir():
        raise InputError(f"cannot record into {args.record}: it is not a folder")
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    failed = 0
    for name in args.cases or ORIGINAL_CASES:
        request, expected = _load_case(name)
        recorder = None
        if record_root is not None:
            from dayplan.agent.replay import new_recorder

            recorder = new_recorder(settings)
        result = plan(request, model="live", http_tap=recorder)
        if recorder is not None:
            from dayplan.service.recorded import save_recording

            folder = save_recording(recorder, record_root / name, result, settings)
            print(f"    recorded {len(recorder.exchanges)} HTTP exchanges in {folder}")
        record = _record(name, expected, result)
        path = out_dir / f"{name}.json"
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False, default=str), "utf-8")
        status = record["status"] or f"rejected by {record['error']['rule']}"
        good = record["status"] is not None and (not expected or record["status"] == expected)
        failed += not good
        tools = " → ".join(s["tool"] for s in record["steps"]) or "no tool calls"
        print(
            f"{'ok ' if good else 'BAD'} {name}: {status} (expected {expected or '?'}) · "
            f"{tools} · {record['wall_ms']} ms · saved {path}"
        )
        if result.error is not None:
            print(f"    {result.error.rule}: {result.error.detail}")
    return EXIT_OK if failed == 0 else EXIT_REJECTED


def register(subparsers) -> None:
    """Add ``smoke-live``."""
    p = subparsers.add_parser(
        "smoke-live", help="run the three original cases with live Gemini and save their traces"
    )
    p.add_argument("cases", nargs="*", help=f"case names (default: {', '.join(ORIGINAL_CASES)})")
    p.add_argument("--out", default="runs/live", help="folder for the traces (default runs/live)")
    p.add_argument(
        "--record",
        metavar="DIR",
        help="also record each case's HTTP exchanges into DIR/<case>/ (replay: --model replay:DIR/<case>)",
    )
    p.set_defaults(func=run)
