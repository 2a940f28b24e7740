"""``python -m dayplan bench finish-shape``: ``finish(report_json: str)`` against a structured
``finish(report: object)`` for live models, measured on a recorded run's real finish call.

Both shapes are known triggers of Gemini's ``MALFORMED_FUNCTION_CALL``: long strings that must
carry escaped JSON, and nested arrays of objects (public reports, e.g. inspect_ai PR #2990 and
googleapis/python-genai issue #430). No recorded shape can say how often a live model fails
on either; what it can measure is what each shape asks the model to generate for the same
payload: bytes of arguments, characters that must be escaped, nesting depth and how many
schema nodes a declaration would need. The served report is the same either way (the string
form is what the boundary reads; an object would be serialised to it).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

NAME = "finish-shape"
HELP = "finish(report_json: str) vs a structured finish argument, on a recorded finish call"


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _nodes(value: Any) -> int:
    """Schema nodes a declaration needs to describe ``value`` (one per object/array/field)."""
    if isinstance(value, dict):
        return 1 + sum(_nodes(v) for v in value.values())
    if isinstance(value, list):
        return 1 + (_nodes(value[0]) if value else 0)
    return 1


def finish_payload(recording: Path) -> dict:
    """The payload of the recorded run's ``finish`` call (from the model's response)."""
    meta = json.loads((recording / "recording.json").read_text(encoding="utf-8"))
    for name in meta["calls"]:
        exchange = json.loads((recording / "calls" / name).read_text(encoding="utf-8"))
        body = exchange["response"]["body"] or {}
        for cand in body.get("candidates", []):
            for part in (cand.get("content") or {}).get("parts", []):
                call = part.get("functionCall") or {}
                if call.get("name") == "finish":
                    return json.loads(call["args"]["report_json"])
    raise ValueError(f"{recording} has no finish call")


def measure(payload: dict) -> list[tuple[str, int, int, int, int]]:
    """(shape, argument bytes, escaped characters, nesting depth, schema nodes) per shape."""
    as_string = {"report_json": json.dumps(payload)}
    as_object = {"report": payload}
    rows = []
    for shape, args in (("report_json: str", as_string), ("report: object", as_object)):
        wire = json.dumps(args, ensure_ascii=False)
        escaped = wire.count("\\")
        rows.append((shape, len(wire.encode("utf-8")), escaped, _depth(args), _nodes(args)))
    return rows


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "recording",
        nargs="?",
        default=None,
        help="a recording folder (default: the bundled wet-weather recording)",
    )


def run(args: argparse.Namespace) -> int:
    from dayplan import data

    folder = Path(args.recording or data.recording("wet_weather_family"))
    rows = measure(finish_payload(folder))
    print(f"finish call of {folder.name}:")
    print(f"{'shape':<18} {'bytes':>6} {'escapes':>8} {'depth':>6} {'schema nodes':>13}")
    for shape, size, escaped, depth, nodes in rows:
        print(f"{shape:<18} {size:>6} {escaped:>8} {depth:>6} {nodes:>13}")
    print(
        "chosen: report_json: str for every model (notebook 05's repair lesson needs it); a "
        "MALFORMED_FUNCTION_CALL is retried once with a corrective message (turn_end)"
    )
    return 0
