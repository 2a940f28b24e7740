"""Regenerate the reader's two build-time tables: run it after changing a pattern of
``dayplan/reading``. A pattern missing from either is handled on its first use instead (slower
start, same result).

- ``dayplan/reading/_needles.py``: the needle table of the reader's patterns
  (``dayplan.reading.prefilter``);
- ``dayplan/reading/_sre_snapshot.bin``: the compiled code of the same patterns, and of those
  the reading functions compile while reading the cases' texts (``dayplan.reading.
  sre_snapshot``), for this Python's regular-expression engine.

    PYTHONPATH=$PWD .venv/bin/python scripts/write_needles.py
"""

import json
from datetime import date
from pathlib import Path

from dayplan.reading import deferred_re, sre_snapshot
from dayplan.reading.prefilter import write_table

ROOT = Path(__file__).resolve().parent.parent


def _read_cases() -> None:
    """Read every case's text (and each of its unread phrases) so the patterns the reading
    functions compile as they go are made too."""
    from dayplan.reading import read_request

    for path in sorted((ROOT / "cases").glob("*.json")):
        request = json.loads(path.read_text(encoding="utf-8")).get("request") or {}
        text = request.get("text") if isinstance(request, dict) else None
        if isinstance(text, str) and text.strip():
            read_request(text, today=date(2026, 11, 28))


if __name__ == "__main__":
    target = ROOT / "dayplan" / "reading" / "_needles.py"
    print(f"{write_table(str(target))} patterns written to {target}")
    _read_cases()
    held = sre_snapshot.write(deferred_re.made())
    print(f"{held} compiled patterns written to {sre_snapshot.PATH}")
