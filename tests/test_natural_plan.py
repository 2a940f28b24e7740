"""NATURAL PLAN meeting planning: the exact scheduler solves every dev instance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dayplan.benchmarks import natural_plan as np_bench
from dayplan.cli import main

ROOT = Path(__file__).resolve().parent.parent


DEV = np_bench.find_dev_file()

TOY = {
    "meeting_planning_example_1": {
        "num_people": 2,
        "constraints": [
            ["North Beach", "9:00AM"],
            ["Karen", "Pacific Heights", "6:45PM to 8:15PM", 90],
            ["Mark", "Embarcadero", "1:00PM to 5:45PM", 120],
        ],
        "dist_matrix": {
            "North Beach": {"Pacific Heights": 8, "Embarcadero": 6},
            "Pacific Heights": {"North Beach": 9, "Embarcadero": 10},
            "Embarcadero": {"North Beach": 5, "Pacific Heights": 11},
        },
        "golden_plan": [
            "You start at North Beach at 9:00AM.",
            "You travel to Embarcadero in 6 minutes and arrive at 9:06AM.",
            "You wait until 1:00PM.",
            "You meet Mark for 120 minutes from 1:00PM to 3:00PM.",
            "You travel to Pacific Heights in 11 minutes and arrive at 3:11PM.",
            "You wait until 6:45PM.",
            "You meet Karen for 90 minutes from 6:45PM to 8:15PM.",
        ],
    }
}


def test_clock_round_trip():
    assert np_bench.parse_clock("9:00AM") == 540
    assert np_bench.parse_clock("12:30PM") == 750
    assert np_bench.parse_clock("12:05AM") == 5
    assert np_bench.format_clock(1215) == "8:15PM"
    with pytest.raises(ValueError):
        np_bench.parse_clock("13:00PM")


def test_toy_instance_is_solved_in_the_task_format():
    instance = TOY["meeting_planning_example_1"]
    assert np_bench.solve_instance(instance) == instance["golden_plan"]


def test_replay_follows_the_published_rules():
    instance = TOY["meeting_planning_example_1"]
    golden = instance["golden_plan"]
    assert np_bench.replay(golden, instance) == 2
    # meeting Karen before her window opens ends the replay at that step
    early = golden[:4] + ["You travel to Pacific Heights in 11 minutes and arrive at 3:11PM."]
    assert np_bench.replay(early + ["You meet Karen for 90 minutes from 3:11PM."], instance) == 1
    # a wait that does not move the clock forward is invalid
    assert np_bench.replay(golden[:2] + ["You wait until 9:00AM."] + golden[3:], instance) == 0
    # nobody twice, and only at their location
    assert np_bench.replay(golden[:4] + [golden[3]], instance) == 1
    assert np_bench.replay(golden[:1] + ["You meet Mark for 120 minutes."], instance) == 0
    # free text: cut after SOLUTION:, and prose before the plan is an invalid first step
    assert np_bench.replay("SOLUTION: " + " ".join(golden), instance) == 2
    assert np_bench.replay("SOLUTION: Tricky one. " + " ".join(golden), instance) == 0


def test_dev_sample_all_41_solved(tmp_path, capsys):
    out = tmp_path / "pred.json"
    assert main(["bench", "natural-plan", str(DEV), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "accuracy: scheduler 100.0% (41/41)" in printed
    assert "published: GPT-4 (5-shot, full task) 47.0%" in printed
    preds = json.loads(out.read_text())
    data = json.loads(DEV.read_text())
    assert set(preds) == set(data)
    for key, plan in preds.items():
        assert np_bench.replay(plan, data[key]) == np_bench.replay(
            data[key]["golden_plan"], data[key]
        )


def test_bad_file_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"x": 1}')
    assert main(["bench", "natural-plan", str(bad)]) == 2
    assert main(["bench", "natural-plan", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2


def test_cli_defaults_to_the_bundled_sample(capsys):
    assert main(["bench", "natural-plan"]) == 0
    assert "accuracy: scheduler 100.0% (41/41)" in capsys.readouterr().out
