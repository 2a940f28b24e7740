"""Every notebook's exercise goes from unsolved to solved in the notebook itself.

Each notebook is executed from its jupytext source with its answer cell (the one holding the
``...`` placeholder, just before the check cell) replaced by the solved cell kept in
``solutions/NN_*.py`` as ``NOTEBOOK_ANSWER``; the check cell must then print ✓. The committed
notebooks print "not attempted yet" there (``test_notebook_pairs``), and the checkers' wrong-answer
feedback is covered in ``test_exercises``.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import jupytext
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
STEMS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.py"))


@pytest.mark.parametrize("stem", STEMS)
def test_the_solved_answer_cell_passes_in_the_notebook(stem, tmp_path):
    nb = jupytext.read(ROOT / "notebooks" / f"{stem}.py")
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    answer, check = nb.cells[code[-2]], nb.cells[code[-1]]
    assert f"nb{stem[:2]}" in check.source, "the last code cell is the exercise check"
    assert "..." in answer.source or stem.startswith("08"), "the answer cell holds the placeholder"
    answer.source = importlib.import_module(f"solutions.{stem}").NOTEBOOK_ANSWER
    env = dict(os.environ, DAYPLAN_DB_URL=f"sqlite:///{tmp_path / 'nb.sqlite'}")
    NotebookClient(
        nb,
        kernel_name="python3",
        timeout=180,
        resources={"metadata": {"path": str(ROOT / "notebooks")}},
    ).execute(env=env)
    printed = "".join(o.get("text", "") for o in check.outputs)
    assert printed.startswith("✓ "), printed
