"""The notebooks' jupytext pairs agree, and no cell relies on a visible nbval comment.

nbval (``pytest notebooks``) compares each ``nbval-check-output`` cell's committed output with a
fresh execution of the ``.ipynb``; these tests make sure that ``.ipynb`` holds exactly the cells of
its ``py:percent`` source, so an edit on one side that was not re-executed fails ``make test``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("nb_runner", ROOT / "scripts" / "notebooks.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)

STEMS = runner.stems()


def test_there_are_nine_pairs():
    assert STEMS == [
        "00_setup",
        "01_tools",
        "02_validator",
        "03_agent",
        "04_guardrails",
        "05_service_boundary",
        "06_evals",
        "07_actions_and_memory",
        "08_playground",
    ]


@pytest.mark.parametrize("stem", STEMS)
def test_pair_in_sync(stem):
    assert runner.pair_problems(stem) == [], "re-execute with: make notebook NB=" + stem


@pytest.mark.parametrize("stem", STEMS)
def test_no_cell_begins_with_an_nbval_comment(stem):
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    offenders = [c.id for c in nb.cells if c.source.lstrip().startswith("# NBVAL_")]
    assert offenders == []
    checked = [c for c in nb.cells if runner.CHECK_TAG in c.metadata.get("tags", ())]
    assert checked, "every notebook checks at least one cell's output"
    assert all(c.cell_type == "code" and c.outputs for c in checked)


def test_check_detects_an_unsynced_edit(tmp_path, monkeypatch):
    """An edit to one side only is reported, naming the notebook and the cell."""
    for suffix in (".py", ".ipynb"):
        src = ROOT / "notebooks" / f"00_setup{suffix}"
        (tmp_path / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(runner, "NB_DIR", tmp_path)
    assert runner.pair_problems("00_setup") == []
    nb = jupytext.read(tmp_path / "00_setup.py")
    code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
    nb.cells[code].source += "\nprint('an instructor edit')"
    jupytext.write(nb, tmp_path / "00_setup.py", fmt="py:percent")
    problems = runner.pair_problems("00_setup")
    first_line = nb.cells[code].source.splitlines()[0]
    assert problems == [f"00_setup: cell {code} differs (code, starting {first_line!r})"]
    assert runner.main(["--check"]) == 1
