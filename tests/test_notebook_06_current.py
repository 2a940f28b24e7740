"""Notebook 06 prints how many eval cases there are, and nbval checks that output: a case added
under ``cases/`` without re-executing the notebook fails CI late, in the notebook run. This test
says so first, with the command that fixes it."""

from __future__ import annotations

import json
from pathlib import Path

from dayplan.evals.case import load_cases

ROOT = Path(__file__).resolve().parents[1]


def test_notebook_06_counts_the_cases_on_disk():
    nb = json.loads((ROOT / "notebooks" / "06_evals.ipynb").read_text(encoding="utf-8"))
    printed = [
        "".join(o.get("text", ""))
        for cell in nb["cells"]
        if cell["cell_type"] == "code"
        for o in cell.get("outputs", [])
    ]
    first = next(t for t in printed if t.split("\n", 1)[0].endswith(" cases"))
    shown = int(first.split()[0])
    on_disk = len(load_cases(ROOT / "cases"))
    assert shown == on_disk, (
        f"notebook 06 shows {shown} cases, cases/ holds {on_disk}: "
        "re-execute it (make notebook NB=06_evals) and commit the outputs"
    )
