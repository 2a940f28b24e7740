"""The notebooks' jupytext pairs agree, and no cell relies on a visible nbval comment.

nbval (``pytest notebooks``) compares each ``nbval-check-output`` cell's committed output with a
fresh execution of the ``.ipynb``; these tests make sure that ``.ipynb`` holds exactly the cells of
its ``py:percent`` source, so an edit on one side that was not re-executed fails ``make test``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
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


def _cells(stem):
    return nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4).cells


@pytest.mark.parametrize("stem", STEMS)
def test_each_notebook_opens_with_what_you_will_build_and_says_what_each_cell_shows(stem):
    cells = _cells(stem)
    assert cells[0].cell_type == "markdown" and "## What you will build" in cells[0].source
    unexplained = [
        i for i in range(1, len(cells)) if cells[i].cell_type == cells[i - 1].cell_type == "code"
    ]
    assert unexplained == [], "every code cell follows a markdown cell that says what it shows"


@pytest.mark.parametrize("stem", STEMS)
def test_each_notebook_closes_with_an_unsolved_exercise_what_you_learned_and_next(stem):
    cells = _cells(stem)
    text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    assert "## Recap" in text and "## Your turn" in text
    last = cells[-1]
    assert last.cell_type == "markdown" and "## What you learned" in last.source
    if stem == STEMS[-1]:
        assert "make app" in last.source and "Next:" not in last.source
        assert f"[{STEMS[0]}]({STEMS[0]}.ipynb)" in last.source
    else:
        following = STEMS[STEMS.index(stem) + 1]
        assert f"**Next: [{following}]({following}.ipynb)**" in last.source
    checker = [c for c in cells if c.cell_type == "code"][-1]
    assert f"nb{stem[:2]}" in checker.source and runner.CHECK_TAG in checker.metadata["tags"]
    printed = "".join(o.get("text", "") for o in checker.outputs)
    assert printed.startswith("… not attempted yet: "), "the exercise is committed unsolved"


def test_a_newer_differing_ipynb_is_never_silently_taken_or_overwritten(tmp_path, monkeypatch):
    """After a merge that took one side's .ipynb (or an edit without jupytext), re-executing
    writes nothing until FROM=py or FROM=ipynb says which cells to keep."""
    for suffix in (".py", ".ipynb"):
        src = ROOT / "notebooks" / f"00_setup{suffix}"
        (tmp_path / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(runner, "NB_DIR", tmp_path)
    py, ipynb = tmp_path / "00_setup.py", tmp_path / "00_setup.ipynb"
    nb = nbformat.read(ipynb, as_version=4)
    nb.cells[0].source += "\n\nAn instructor's sentence, typed in a plain Jupyter."
    nbformat.write(nb, ipynb)
    os.utime(py, (1_000_000, 1_000_000))  # the .py is older
    before = py.read_text(encoding="utf-8")
    assert runner.main(["00_setup"]) == 2
    assert py.read_text(encoding="utf-8") == before
    assert "An instructor's sentence" in ipynb.read_text(encoding="utf-8")
    kept = runner._source_notebook("00_setup", "ipynb")  # FROM=ipynb: its cells go to the .py
    assert "An instructor's sentence" in kept.cells[0].source
    assert runner.pair_problems("00_setup") == []
    assert runner.main(["--from", "pyx", "00_setup"]) == 2


def test_the_check_names_the_command_that_will_run_for_a_newer_ipynb(tmp_path, monkeypatch, capsys):
    """``make notebooks-check`` names ``FROM=ipynb`` when the notebook was saved last (plain
    ``make notebook NB=...`` would refuse and ask), and the plain command otherwise."""
    for suffix in (".py", ".ipynb"):
        src = ROOT / "notebooks" / f"00_setup{suffix}"
        (tmp_path / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(runner, "NB_DIR", tmp_path)
    monkeypatch.setattr(runner, "stems", lambda: ["00_setup"])
    py, ipynb = tmp_path / "00_setup.py", tmp_path / "00_setup.ipynb"
    nb = nbformat.read(ipynb, as_version=4)
    nb.cells[0].source += "\n\nAn edit typed in a plain Jupyter."
    nbformat.write(nb, ipynb)
    os.utime(py, (1_000_000, 1_000_000))
    assert runner.main(["--check"]) == 1
    assert "make notebook NB=00_setup FROM=ipynb" in capsys.readouterr().out
    os.utime(ipynb, (900_000, 900_000))  # now the .py is the newer one
    assert runner.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "re-sync with: make notebook NB=00_setup  (" in out and "FROM=" not in out


def test_an_instructor_edit_saved_in_jupyter_is_kept_and_passes_nbval(tmp_path, monkeypatch):
    """The instructor's path: JupyterLab (its jupytext contents manager, as in ``make lab``)
    saves an edited markdown and code cell to both files of the pair; re-executing from the
    source keeps both edits, the pair agrees, and nbval passes on the result."""
    from jupytext import TextFileContentsManager

    # the copies run outside the checkout: their kernels find the package by an absolute path
    # (a relative PYTHONPATH=. in the caller's shell would not reach them)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    for suffix in (".py", ".ipynb"):
        src = ROOT / "notebooks" / f"00_setup{suffix}"
        (tmp_path / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "jupytext.toml").write_text('formats = "ipynb,py:percent"\n', encoding="utf-8")
    contents = TextFileContentsManager(root_dir=str(tmp_path))
    model = contents.get("00_setup.ipynb")
    cells = model["content"].cells
    cells[0].source += "\n\nWorkshop note: we break for coffee after notebook 02."
    census = next(c for c in cells if c.cell_type == "code" and "Counter(v.kind" in c.source)
    census.source += '\nprint("kinds in all:", len(Counter(v.kind for v in venues)))'
    contents.save(model, "00_setup.ipynb")
    monkeypatch.setattr(runner, "NB_DIR", tmp_path)
    assert runner.pair_problems("00_setup") == []
    assert "break for coffee" in (tmp_path / "00_setup.py").read_text(encoding="utf-8")

    assert runner.main(["00_setup"]) == 0  # make notebook NB=00_setup
    assert runner.pair_problems("00_setup") == []
    nb = nbformat.read(tmp_path / "00_setup.ipynb", as_version=4)
    assert "break for coffee" in nb.cells[0].source
    census = next(c for c in nb.cells if "kinds in all:" in c.source)
    assert "kinds in all: " in census.outputs[0]["text"]
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    nbval = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--nbval-lax",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:socket",
            "00_setup.ipynb",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert nbval.returncode == 0, nbval.stdout[-2000:]
