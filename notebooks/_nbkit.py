"""Shared by every notebook generator (``_build.py`` for 00–03, ``_build_NN.py`` for the rest):
cell helpers, the import bootstrap cell, and writing + executing a notebook in place.

A generator lists its cells with ``md``/``code``/``checked`` and calls ``write_notebook(stem,
cells)``: the notebook is written with nbformat, run top to bottom in a fresh ``python3`` kernel
with ``notebooks/`` as the working directory (nbclient), consecutive stream outputs are merged,
its code is formatted with ruff, and it is saved with its outputs, which nbval then compares in
cells starting ``# NBVAL_CHECK_OUTPUT``. Cell ids are fixed and no timing metadata is kept, so
rebuilding an unchanged spec gives an unchanged file (apart from unchecked outputs).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NB_DIR = Path(__file__).resolve().parent
KERNEL = "python3"
CHECK = "# NBVAL_CHECK_OUTPUT"
TIMEOUT_SECONDS = 180
KERNELSPEC = {"name": KERNEL, "display_name": "Python 3 (ipykernel)", "language": "python"}
LANGUAGE_INFO_KEYS = ("name", "codemirror_mode", "file_extension", "mimetype", "pygments_lexer")

Cell = tuple[str, str]


def md(text: str) -> Cell:
    """A markdown cell."""
    return ("markdown", textwrap.dedent(text).strip("\n"))


def code(text: str) -> Cell:
    """A code cell whose output nbval does not compare (it may vary, or there is none)."""
    return ("code", textwrap.dedent(text).strip("\n"))


def checked(text: str) -> Cell:
    """A code cell whose output nbval compares: ``CHECK`` becomes its first line."""
    return ("code", f"{CHECK}\n" + textwrap.dedent(text).strip("\n"))


# A notebook can start its code with this cell: a fresh checkout has no `pip install -e .`, and
# the kernel runs in notebooks/, so the repository root is put on sys.path when needed.
BOOTSTRAP = [
    md(
        """
        **Make `dayplan` importable.** If the package is not installed in this environment,
        this cell puts the repository root on `sys.path`. It prints nothing.
        """
    ),
    code(
        """
        import sys
        from importlib.util import find_spec
        from pathlib import Path

        if find_spec("dayplan") is None:  # a checkout without `pip install -e .`
            here = Path.cwd().resolve()
            root = next(p for p in (here, *here.parents) if (p / "dayplan" / "__init__.py").is_file())
            sys.path.insert(0, str(root))
        """
    ),
]


def build(stem: str, cells: list[Cell]) -> nbformat.NotebookNode:
    """A notebook from cell specs, with fixed cell ids (``NN-00``, ``NN-01`` …)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    for i, (kind, source) in enumerate(cells):
        if kind == "markdown":
            cell = nbformat.v4.new_markdown_cell(source)
        else:
            cell = nbformat.v4.new_code_cell(source)
        cell.id = f"{stem.split('_')[0]}-{i:02d}"
        nb.cells.append(cell)
    nbformat.validate(nb)
    return nb


def execute(nb: nbformat.NotebookNode) -> None:
    """Run every cell in a fresh kernel with notebooks/ as the working directory; merge the
    stream outputs of a cell however the kernel chunked them; keep stable language metadata."""
    NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=TIMEOUT_SECONDS,
        record_timing=False,
        resources={"metadata": {"path": str(NB_DIR)}},
    ).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        merged: list = []
        for out in cell.get("outputs", []):
            prev = merged[-1] if merged else None
            if (
                prev is not None
                and out.output_type == prev.output_type == "stream"
                and out.name == prev.name
            ):
                prev.text += out.text
            else:
                merged.append(out)
        cell.outputs = merged
    info = nb.metadata.get("language_info", {})
    nb.metadata["language_info"] = {k: info[k] for k in LANGUAGE_INFO_KEYS if k in info}


def write_notebook(stem: str, cells: list[Cell]) -> Path:
    """Build, execute and save ``notebooks/<stem>.ipynb`` (code formatted with ruff, which the
    repository's ``ruff format --check`` covers); print one summary line; return the path."""
    started = time.perf_counter()
    nb = build(stem, cells)
    execute(nb)
    path = NB_DIR / f"{stem}.ipynb"
    nbformat.write(nb, path)
    ruff = Path(sys.executable).with_name("ruff")
    if ruff.exists():
        subprocess.run([str(ruff), "format", "--quiet", str(path)], check=True)
    n_checked = sum(1 for c in nb.cells if c.cell_type == "code" and c.source.startswith(CHECK))
    seconds = time.perf_counter() - started
    print(f"{path.name}: {len(nb.cells)} cells, {n_checked} output-checked, {seconds:.1f} s")
    return path
