"""Dump what the reader makes of a broad corpus of request texts, to prove a change to the reader
keeps every reading, unread phrase, question and rejection the same.

The corpus: every case's request (``cases/*.json``, with its structured fields) and every string
literal of the test files that looks like request text (``tests/*.py``, docstrings left out),
each read as a request in Brisbane. For each text it records, inside one run memo
(``dayplan.reading.memo.run_scope``, as a run does):

- the stand-in's proposals (``propose_readings``);
- ``unread_phrases`` with nothing read (what an empty ``record_reading`` call meets);
- the ``record_reading`` tool's result for those proposals (verify, unread, apply, questions);
- the hints the stand-in plans with from that result (``read_hints``);
- a verdict for each proposal changed to a wrong value or a cut quote (the rejection paths).

Usage (writes one JSON line per text; compare two dumps byte for byte)::

    PYTHONPATH=$PWD .venv/bin/python scripts/reader_identity.py --out /tmp/after.jsonl
    cmp /tmp/before.jsonl /tmp/after.jsonl

Run it with ``PYTHONPATH`` pointing at another checkout (``git archive main | tar -x -C DIR``)
to dump that checkout's reader; ``--save-corpus FILE`` once and ``--corpus FILE`` for both
dumps keep the corpus the same when the tests themselves changed. ``--time`` prints the reader's CPU per
text instead (propose + record_reading, median over the corpus, memo per text).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 12, 1, 8, 30, tzinfo=ZoneInfo("Australia/Brisbane"))  # a Tuesday


def _test_strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            s = node.value
            if 4 <= len(s) <= 4000 and " " in s.strip() and any(c.isalpha() for c in s):
                out.append(s)
    return out


def corpus() -> list[tuple[str, dict[str, Any]]]:
    """``(label, request dict)`` for every case with text and every test string, in order."""
    out: list[tuple[str, dict[str, Any]]] = []
    for path in sorted((ROOT / "cases").glob("*.json")):
        try:
            request = json.loads(path.read_text(encoding="utf-8")).get("request") or {}
        except (ValueError, AttributeError):
            continue
        if isinstance(request, dict) and str(request.get("text") or "").strip():
            out.append((f"case:{path.stem}", request))
    seen = {r["text"] for _, r in out}
    for path in sorted((ROOT / "tests").glob("*.py")):
        for s in _test_strings(path):
            if s not in seen:
                seen.add(s)
                out.append((f"test:{path.name}", {"text": s, "location": "Brisbane"}))
    return out


def _wrong(item: dict[str, Any]) -> list[dict[str, Any]]:
    """Wrong variants of one proposal: another value of its field, and its quote cut short."""
    field, value, quote = item["field"], item["value"], item["quote"]
    variants = []
    if isinstance(value, str) and len(value) == 5 and value[2] == ":":
        variants.append(f"{(int(value[:2]) + 1) % 24:02d}{value[2:]}")
    elif isinstance(value, bool):
        variants.append(not value)
    elif isinstance(value, int):
        variants.append(value + 1)
    elif isinstance(value, dict) and "amount" in value:
        variants += [
            {**value, "amount": value["amount"] + 1},
            {**value, "per_person": not value["per_person"]},
        ]
    elif isinstance(value, dict) and "start" in value:
        variants += [{**value, "start": "06:00"}, {**value, "at_home": not value.get("at_home")}]
    elif value in ("none", "all_day"):
        variants.append("all_day" if value == "none" else "none")
    elif field == "mode":
        variants.append("walk" if value != "walk" else "car")
    elif field == "date":
        variants.append("2026-12-25")
    elif isinstance(value, str):
        variants.append(value + " park")
    out = [{"field": field, "value": v, "quote": quote} for v in variants]
    if len(quote) > 3:
        out.append({"field": field, "value": value, "quote": quote[1:]})
        out.append({"field": field, "value": value, "quote": quote[:-2]})
    out.append({"field": "rain" if field != "rain" else "budget", "value": value, "quote": quote})
    return out


def _jsonable(x: Any) -> Any:
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return _jsonable(dataclasses.asdict(x))
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in x]
        return sorted(items, key=repr) if isinstance(x, (set, frozenset)) else items
    if hasattr(x, "model_dump"):
        return x.model_dump(mode="json")
    return x


def read_one(request_raw: dict[str, Any], *, mutations: bool = True) -> dict[str, Any]:
    """What the reader makes of one request (see the module docstring), as JSON values."""
    from dayplan.agent.offline_model import read_hints
    from dayplan.contract import PlanRequest
    from dayplan.evidence import RunEvidence
    from dayplan.reading import propose_readings, unread_phrases, verify_reading
    from dayplan.reading.memo import run_scope
    from dayplan.service.run import initial_state
    from dayplan.tools.reading import run_record_reading

    try:
        request = PlanRequest.model_validate(request_raw)
    except ValueError as exc:
        return {"invalid": str(exc).splitlines()[0]}
    state = initial_state(request, run_id="identity", now=None if request.now else NOW)
    today = RunEvidence(state).now.date()
    out: dict[str, Any] = {}
    with run_scope():
        text = request.text
        proposed = [p.as_dict() for p in propose_readings(text, today=today)]
        out["proposed"] = proposed
        out["unread_empty"] = [_jsonable(p) for p in unread_phrases(text, [], today=today)]
        result = run_record_reading(state, [dict(p) for p in proposed])
        out["result"] = _jsonable(result)
        if not result.get("ok") and "attempts_left" in result:  # as the stand-in retries
            bad = {(r.get("field"), r.get("quote")) for r in result.get("rejected") or []}
            again = [p for p in proposed if (p["field"], p["quote"]) not in bad]
            result = run_record_reading(state, again)
            out["result2"] = _jsonable(result)
        out["hints"] = _jsonable(read_hints(request, result, today))
        if mutations:
            out["wrong"] = [
                _jsonable(verify_reading(text, w, today=today)) for p in proposed for w in _wrong(p)
            ]
    return out


def _time(texts: list[tuple[str, dict[str, Any]]], repeats: int = 5) -> None:
    """Print the reader's CPU per text: for each text the least of ``repeats`` reads (each in a
    fresh run memo: nothing is shared between them but what Python itself caches), which is
    robust to other processes on the machine; then the median and total over the corpus."""
    from dayplan.contract import PlanRequest
    from dayplan.evidence import RunEvidence
    from dayplan.reading import propose_readings
    from dayplan.reading.memo import run_scope
    from dayplan.service.run import initial_state
    from dayplan.tools.reading import run_record_reading

    per: list[float] = []
    for _, raw in texts:
        try:
            request = PlanRequest.model_validate(raw)
        except ValueError:
            continue
        best = float("inf")
        for _ in range(repeats):
            state = initial_state(request, run_id="t", now=None if request.now else NOW)
            today = RunEvidence(state).now.date()
            started = time.process_time()
            with run_scope():
                proposed = [p.as_dict() for p in propose_readings(request.text, today=today)]
                run_record_reading(state, proposed)
            best = min(best, time.process_time() - started)
        per.append(best)
    per.sort()
    print(
        f"{len(per)} texts: reader CPU per text (least of {repeats}) median "
        f"{statistics.median(per) * 1000:.2f} ms, p90 {per[int(len(per) * 0.9)] * 1000:.2f} ms, "
        f"total {sum(per):.2f} s"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="write the dump here (JSON lines)")
    ap.add_argument("--time", action="store_true", help="print the reader's CPU per text")
    ap.add_argument("--cases-only", action="store_true", help="only the cases' request texts")
    ap.add_argument("--no-mutations", action="store_true", help="skip the wrong variants")
    ap.add_argument("--save-corpus", help="write the corpus (JSON) here and stop")
    ap.add_argument("--corpus", help="read the corpus from this file (as --save-corpus wrote it)")
    args = ap.parse_args(argv)
    if args.corpus:
        texts = [tuple(t) for t in json.loads(Path(args.corpus).read_text(encoding="utf-8"))]
    else:
        texts = corpus()
    if args.save_corpus:
        Path(args.save_corpus).write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
        return 0
    if args.cases_only:
        texts = [t for t in texts if t[0].startswith("case:")]
    from dayplan.reading import duck

    duck.warm_up()
    if args.time:
        _time(texts)
        return 0
    sink = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    try:
        for label, raw in texts:
            row = {"label": label, "text": raw.get("text")}
            row.update(read_one(raw, mutations=not args.no_mutations))
            sink.write(json.dumps(row, sort_keys=True, ensure_ascii=False, default=repr) + "\n")
    finally:
        if sink is not sys.stdout:
            sink.close()
    print(f"{len(texts)} texts read", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
