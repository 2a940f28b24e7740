"""``bench floor`` runs the planner and the bare ADK loop on the same turns and prints both
medians, the ratio and the target (the figures themselves depend on the machine)."""

from __future__ import annotations

import asyncio
import re

from dayplan.benchmarks._bare_loop import bare_run
from dayplan.benchmarks.floor import _time_planner
from dayplan.cli import main


def test_the_bare_loop_makes_the_planners_turns():
    _, turns = asyncio.run(_time_planner(1))
    calls = [p["function_call"]["name"] for t in turns for p in t["parts"] if "function_call" in p]
    assert calls[:2] == ["record_reading", "resolve_date"] and calls[-1] == "finish"
    events = asyncio.run(bare_run(turns))
    assert events >= 2 * len(turns)  # each model turn and its tool responses


def test_bench_floor_prints_both_medians_the_ratio_and_the_target(capsys):
    assert main(["bench", "floor", "--runs", "2", "--skip-processes"]) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"in-process: planner [\d.]+ ms vs bare ADK loop [\d.]+ ms = [\d.]+× \(target ≤ 1.5×\)", out
    )
    assert re.search(r"CPU time: planner [\d.]+ ms vs bare ADK loop [\d.]+ ms = [\d.]+×", out)
    assert re.search(r"load average [\d.]+ on \d+ cores", out)


def test_bench_lists_benchmarks_without_importing_them(capsys):
    assert main(["bench", "nope"]) == 2
    assert "known:" in capsys.readouterr().err


def test_plan_imports_no_other_command_nor_what_only_they_need():
    """``plan`` registers no other subcommand's module, so it does not load the eval runner,
    the service, the benchmarks, matplotlib, YAML (for JSON or case-name requests) or Alembic
    (the store is already at its migration head after one run)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = (
        "import sys\n"
        "from dayplan.cli import main\n"
        "main(['plan', 'wet_weather_family', '--json'])\n"  # once: the store is migrated
        "main(['plan', 'wet_weather_family', '--json'])\n"
        "heavy = ('dayplan.commands.', 'dayplan.evals', 'dayplan.benchmarks', 'dayplan.service.app',"
        " 'matplotlib', 'yaml', 'uvicorn', 'ipyleaflet')\n"
        "print('LOADED', sorted({m for m in sys.modules if m.startswith(heavy)}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=root
    )
    loaded = done.stdout.rsplit("LOADED", 1)[1].strip()
    assert loaded == "[]", loaded


def test_both_processes_share_one_bytecode_cache(monkeypatch, tmp_path):
    from pathlib import Path

    from dayplan.benchmarks import floor

    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    env = floor._process_env(str(tmp_path))
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["PYTHONPYCACHEPREFIX"] == str(tmp_path)
    assert (Path(env["PYTHONPATH"]) / "dayplan" / "benchmarks" / "floor.py").is_file()


def test_the_payload_floor_replays_the_planners_answers(capsys):
    """``--payload-floor``: the bare loop on the planner's own payloads answers each call with
    the planner's recorded answer (the reading, the passing check) and prints its ratio."""
    from dayplan.agent.offline_model import render_request
    from dayplan.benchmarks._payload_loop import payload_run, recorded_answers
    from dayplan.benchmarks.floor import _request
    from dayplan.service.run import run_plan

    request = _request()
    run = asyncio.run(run_plan(request))
    answers = recorded_answers(run.events)
    assert answers["record_reading"][0]["ok"] and answers["check_plan"][0]["passed"]
    _, turns = asyncio.run(_time_planner(1))
    events = asyncio.run(payload_run(turns, answers, render_request(request)))
    assert events >= 2 * len(turns)
    assert main(["bench", "floor", "--runs", "2", "--skip-processes", "--payload-floor"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"payload floor \(CPU\): .* [\d.]+ ms vs bare [\d.]+ ms = [\d.]+×", out)


def test_the_ablation_is_a_diagnostic_and_restores_what_it_patches(capsys):
    """``--ablate``: two lines, each saying it is a diagnostic, not the measured ratio; the
    reader, the scheduler and the app builder are the planner's own again afterwards, and a
    run inside the warm cache serves the same report as one outside it."""
    from dayplan.agent import offline_model
    from dayplan.benchmarks._ablation import warm_cache
    from dayplan.benchmarks.floor import _request
    from dayplan.core import scheduler
    from dayplan.service import run as run_module
    from dayplan.service.run import run_plan
    from dayplan.tools import reading as reading_tool

    before = (
        offline_model.propose_readings,
        reading_tool.verify_reading,
        reading_tool.unread_phrases,
        scheduler.solve,
        run_module.build_app,
    )
    assert main(["bench", "floor", "--runs", "1", "--skip-processes", "--ablate"]) == 0
    out = capsys.readouterr().out
    lines = re.findall(r"ablation \((.*?); a diagnostic, not the measured ratio\): .*×", out)
    assert lines == ["reader + scheduler cached", "reader + scheduler cached, no plugins"]
    after = (
        offline_model.propose_readings,
        reading_tool.verify_reading,
        reading_tool.unread_phrases,
        scheduler.solve,
        run_module.build_app,
    )
    assert after == before

    def served(run):
        return run.report.model_dump(mode="json", exclude={"run_id"})

    request = _request()
    plain = served(asyncio.run(run_plan(request)))
    with warm_cache():
        asyncio.run(run_plan(request))
        assert served(asyncio.run(run_plan(request))) == plain


def test_both_processes_start_with_the_collector_off_then_frozen(tmp_path):
    """``python -m dayplan plan`` and the bare script both load their modules with the cyclic
    GC off, then freeze what they loaded and switch it on for the run (``dayplan/__main__.py``),
    so the whole-process ratio compares the code, not a start-up one side skips."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    _, turns = asyncio.run(_time_planner(1))
    script_turns = tmp_path / "turns.json"
    script_turns.write_text(json.dumps(turns), encoding="utf-8")
    probe = (
        "import atexit, gc, runpy, sys\n"
        "atexit.register(lambda: print('START', gc.get_freeze_count() > 10000, gc.isenabled()))\n"
    )
    runs = {
        "plan": probe + "sys.argv = ['dayplan', 'plan', 'wet_weather_family', '--json']\n"
        "runpy.run_module('dayplan', run_name='__main__', alter_sys=True)\n",
        "bare": probe + f"sys.argv = ['x', {str(script_turns)!r}]\n"
        f"runpy.run_path({str(root / 'dayplan/benchmarks/_bare_loop.py')!r}, run_name='__main__')\n",
    }
    env = {**os.environ, "PYTHONPATH": str(root)}
    for name, code in runs.items():
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=root
        )
        assert done.stdout.rsplit("START", 1)[1].split() == ["True", "True"], name
