"""Re-execute the workbook's notebooks from their jupytext sources, or check that each pair agrees.

Each notebook is a pair: ``notebooks/NN_name.py`` (jupytext ``py:percent``, the text you edit,
review and diff) and ``notebooks/NN_name.ipynb`` (the same cells with committed outputs, which
nbval compares in cells tagged ``nbval-check-output``).

Usage (the Makefile wraps these)::

    python scripts/notebooks.py                 # re-execute every notebook  (make notebooks)
    python scripts/notebooks.py 03_agent        # one or more by stem        (make notebook NB=03_agent)
    python scripts/notebooks.py --check         # exit 1 naming every pair out of sync
    python scripts/notebooks.py --from py 05_service_boundary   # the .py wins a conflict

Re-executing a notebook: the ``.py`` is the source. If the ``.ipynb`` was saved after it and
their cells differ (an edit in a Jupyter without the jupytext extension, or a merge that took
one side's ``.ipynb``), nothing is written until ``--from py`` or ``--from ipynb`` says which
cells to keep (``ipynb`` writes them to the ``.py`` first). The source is formatted with ruff, run top to bottom in a fresh ``python3`` kernel with ``notebooks/`` as the
working directory, offline (``DAYPLAN_MODE=offline``; model credentials removed from the
kernel's environment), and both files of the pair are written. Cell ids are fixed (``NN-00``,
``NN-01`` …), timings are not recorded and consecutive stream outputs are merged, so re-running
an unchanged source gives unchanged files (widget state in 08 apart).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NB_DIR = ROOT / "notebooks"
FORMATS = "ipynb,py:percent"
KERNEL = "python3"
TIMEOUT_SECONDS = 180
CHECK_TAG = "nbval-check-output"
KERNELSPEC = {"name": KERNEL, "display_name": "Python 3 (ipykernel)", "language": "python"}
LANGUAGE_INFO_KEYS = ("name", "codemirror_mode", "file_extension", "mimetype", "pygments_lexer")
CREDENTIALS = ("GOOGLE_API_KEY", "GEMINI_API_KEY", "GOOGLE_GENAI_USE_VERTEXAI")


def stems() -> list[str]:
    """Every notebook stem (``00_setup`` …), from the ``.ipynb`` and ``.py`` files in notebooks/."""
    names = {p.stem for p in NB_DIR.glob("[0-9][0-9]_*.ipynb")}
    names |= {p.stem for p in NB_DIR.glob("[0-9][0-9]_*.py")}
    return sorted(names)


def cell_key(cell) -> tuple[str, str, tuple[str, ...]]:
    """What a pair must agree on for one cell: its type, its source and its tags."""
    return (cell.cell_type, cell.source.strip("\n"), tuple(cell.metadata.get("tags", ())))


def pair_problems(stem: str) -> list[str]:
    """Why the pair ``stem`` is out of sync (empty when it agrees): a missing file, a missing
    jupytext ``formats`` pairing, or the first cell whose type, source or tags differ."""
    py, ipynb = NB_DIR / f"{stem}.py", NB_DIR / f"{stem}.ipynb"
    missing = [p.name for p in (py, ipynb) if not p.is_file()]
    if missing:
        return [f"{stem}: missing {', '.join(missing)}"]
    text_nb, full_nb = jupytext.read(py), nbformat.read(ipynb, as_version=4)
    problems = []
    for name, nb in ((py.name, text_nb), (ipynb.name, full_nb)):
        formats = nb.metadata.get("jupytext", {}).get("formats")
        if formats != FORMATS:
            problems.append(f"{name}: jupytext formats is {formats!r}, expected {FORMATS!r}")
    a, b = [cell_key(c) for c in text_nb.cells], [cell_key(c) for c in full_nb.cells]
    if len(a) != len(b):
        problems.append(f"{stem}: {py.name} has {len(a)} cells, {ipynb.name} has {len(b)}")
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            first = ((x[1] or y[1]).splitlines() or [""])[0]
            problems.append(f"{stem}: cell {i} differs ({x[0]}, starting {first!r})")
            break
    return problems


class SourceConflict(Exception):
    """The ``.ipynb`` was saved after its ``.py`` and their cells differ: which one is meant?"""


def _source_notebook(stem: str, source: str | None = None) -> nbformat.NotebookNode:
    """The cells to run: the ``.py``'s. When the ``.ipynb`` is newer and its cells differ (an
    edit in a Jupyter without jupytext, or a merge that took one side's ``.ipynb``), ``source``
    must say which to keep (``"py"`` or ``"ipynb"``; ``"ipynb"`` writes its cells to the
    ``.py`` first), otherwise ``SourceConflict`` is raised and nothing is written."""
    py, ipynb = NB_DIR / f"{stem}.py", NB_DIR / f"{stem}.ipynb"
    if not py.is_file():
        raise SourceConflict(f"no source {py.relative_to(ROOT)} (known: {', '.join(stems())})")
    newer = ipynb.is_file() and ipynb.stat().st_mtime > py.stat().st_mtime
    if source is None and newer and pair_problems(stem):
        raise SourceConflict(
            f"{ipynb.name} was saved after {py.name} and their cells differ; say which to keep: "
            f"make notebook NB={stem} FROM=py  (or FROM=ipynb to take the notebook's cells)"
        )
    if source == "ipynb":
        jupytext.write(nbformat.read(ipynb, as_version=4), py, fmt="py:percent")
    _ruff_format(py)
    return jupytext.read(py)


def _ruff_format(path: Path) -> None:
    ruff = Path(sys.executable).with_name("ruff")
    if ruff.exists():
        subprocess.run([str(ruff), "format", "--quiet", str(path)], check=True)


def _execute(nb: nbformat.NotebookNode) -> None:
    """Run every cell in a fresh offline kernel in notebooks/; merge each cell's stream outputs
    however the kernel chunked them; keep only stable language metadata."""
    saved = {k: os.environ.pop(k) for k in CREDENTIALS if k in os.environ}
    mode = os.environ.get("DAYPLAN_MODE")
    os.environ["DAYPLAN_MODE"] = "offline"
    try:
        NotebookClient(
            nb,
            kernel_name=KERNEL,
            timeout=TIMEOUT_SECONDS,
            record_timing=False,
            resources={"metadata": {"path": str(NB_DIR)}},
        ).execute()
    finally:
        os.environ.update(saved)
        if mode is None:
            os.environ.pop("DAYPLAN_MODE", None)
        else:
            os.environ["DAYPLAN_MODE"] = mode
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        merged: list = []
        for out in cell.get("outputs", []):
            prev = merged[-1] if merged else None
            same_stream = prev is not None and out.output_type == prev.output_type == "stream"
            if same_stream and out.name == prev.name:
                prev.text += out.text
            else:
                merged.append(out)
        cell.outputs = merged
    info = nb.metadata.get("language_info", {})
    nb.metadata["language_info"] = {k: info[k] for k in LANGUAGE_INFO_KEYS if k in info}


def run(stem: str, source: str | None = None) -> float:
    """Re-execute one notebook from its source and write both files; return the seconds taken.
    ``source`` (``"py"``/``"ipynb"``/``None``) as in ``_source_notebook``."""
    started = time.perf_counter()
    nb = _source_notebook(stem, source)
    nb.metadata.setdefault("jupytext", {})["formats"] = FORMATS
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    prefix = stem.split("_")[0]
    for i, cell in enumerate(nb.cells):
        cell.id = f"{prefix}-{i:02d}"
        cell.metadata.pop("lines_to_next_cell", None)
    _execute(nb)
    ipynb, py = NB_DIR / f"{stem}.ipynb", NB_DIR / f"{stem}.py"
    jupytext.write(nb, ipynb)
    jupytext.write(nb, py, fmt="py:percent")
    _ruff_format(ipynb)
    _ruff_format(py)
    seconds = time.perf_counter() - started
    n_checked = sum(1 for c in nb.cells if CHECK_TAG in c.metadata.get("tags", ()))
    print(f"{ipynb.name}: {len(nb.cells)} cells, {n_checked} output-checked, {seconds:.1f} s")
    return seconds


def main(argv: list[str]) -> int:
    """Entry point; returns the process exit code (2 for an unknown stem or an unresolved
    py/ipynb conflict, 1 for a failed check)."""
    if argv[:1] == ["--check"]:
        found = {stem: pair_problems(stem) for stem in stems()}
        problems = [p for lines in found.values() for p in lines]
        for line in problems:
            print(line)
        for stem in (s for s, lines in found.items() if lines):
            py, ipynb = NB_DIR / f"{stem}.py", NB_DIR / f"{stem}.ipynb"
            if ipynb.is_file() and ipynb.stat().st_mtime > py.stat().st_mtime:
                # the notebook was saved last: ``make notebook`` would ask which side to keep
                print(
                    f"re-sync with: make notebook NB={stem} FROM=ipynb  (keeps the notebook's "
                    "cells; FROM=py keeps the .py's; see README, 'Editing the notebooks')"
                )
            else:
                print(
                    f"re-sync with: make notebook NB={stem}  (see README, 'Editing the notebooks')"
                )
        return 1 if problems else 0
    source = None
    if argv[:1] == ["--from"]:
        if len(argv) < 2 or argv[1] not in ("py", "ipynb"):
            print("--from takes py or ipynb")
            return 2
        source, argv = argv[1], argv[2:]
    wanted = argv or stems()
    unknown = [s for s in wanted if s not in stems()]
    if unknown:
        print(f"unknown notebook(s): {', '.join(unknown)}; known: {', '.join(stems())}")
        return 2
    try:
        for stem in wanted:
            run(stem, source)
    except SourceConflict as exc:
        print(exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
