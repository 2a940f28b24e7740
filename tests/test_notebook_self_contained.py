"""Notebook 02 runs from a plain copy of the repository with no ``shared/`` folder beside it,
and reads nothing outside that copy but Python's own installation.

The copy holds exactly the files git tracks (or would track), in a fresh temporary folder; the
kernel's ``PYTHONPATH`` points only at the copy, and an audit hook in the kernel records every
file it opens while the notebook runs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zoneinfo
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

from dayplan.benchmarks import natural_plan

ROOT = Path(__file__).resolve().parents[1]

RECORD = """
import sys
_opened = set()
def _hook(event, args):
    if event == "open" and isinstance(args[0], str):
        _opened.add(args[0])
sys.addaudithook(_hook)
"""

REPORT = """
import json, os, dayplan
print(json.dumps({"package": dayplan.__file__, "opened": sorted(os.path.abspath(p) for p in _opened)}))
"""


def _copy_of_repository(dest: Path) -> Path:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for rel in filter(None, listed.split("\0")):
        src = ROOT / rel
        if src.is_file() and not rel.startswith(".venv"):
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def test_the_natural_plan_sample_ships_with_the_package():
    dev = natural_plan.find_dev_file()
    assert dev == ROOT / "dayplan" / "data" / "natural_plan" / "meeting_planning_dev.json"
    assert len(natural_plan.load(dev)) == 41
    readme = (dev.parent / "README.md").read_text(encoding="utf-8")
    assert "CC-BY-4.0" in readme and "Zheng et al., 2024" in readme


def test_notebook_02_runs_from_a_copy_with_no_sibling_folder(tmp_path):
    clone = _copy_of_repository(tmp_path / "workbook")
    assert not (clone.parent / "shared").exists()
    nb = jupytext.read(clone / "notebooks" / "02_validator.py")
    nb.cells.insert(0, nbformat.v4.new_code_cell(RECORD))
    nb.cells.append(nbformat.v4.new_code_cell(REPORT))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(clone), DAYPLAN_MODE="offline")
    NotebookClient(
        nb,
        kernel_name="python3",
        timeout=180,
        resources={"metadata": {"path": str(clone / "notebooks")}},
    ).execute(env=env)

    printed = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs
    )
    assert "accuracy: scheduler 100.0% (41/41)" in printed
    report = json.loads(nb.cells[-1].outputs[0]["text"])
    assert report["package"] == str(clone / "dayplan" / "__init__.py")
    sample = clone / "dayplan" / "data" / "natural_plan" / "meeting_planning_dev.json"
    assert str(sample) in report["opened"]  # the hook sees the reads: the sample came from the copy
    python_itself = {Path(p).resolve() for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    # The operating system's timezone database is where Python's own zoneinfo reads IANA zones.
    python_itself |= {Path(p).resolve() for p in zoneinfo.TZPATH}
    outside = []
    for path in map(Path, report["opened"]):
        real = path.resolve()
        if real.is_relative_to(clone.resolve()) or any(
            real.is_relative_to(p) for p in python_itself
        ):
            continue
        outside.append(str(path))
    assert not [p for p in outside if p.startswith(str(ROOT)) or "shared" in Path(p).parts], outside
    assert outside == [], outside
