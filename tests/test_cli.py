import json
import subprocess
import sys

import pytest

from dayplan.cli import main
from tests.conftest import ROOT


def test_free_text_plan(capsys):
    code = main(["plan", "Plan my Saturday in South Brisbane with 2 kids, museums", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert json.loads(out)["status"] == "complete"


def test_yaml_request(tmp_path, capsys):
    f = tmp_path / "req.yaml"
    f.write_text(
        "text: museums\nlocation: Brisbane\nnow: '2026-11-29T09:00:00+10:00'\ndate: Saturday\n"
    )
    assert main(["plan", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["date"] == "2026-12-05"


@pytest.mark.parametrize(
    "content, fragment",
    [
        ("{not json", "is not valid JSON"),
        (
            '{"text": "x", "window": {"start": "25:99", "end": "17:00"}}',
            "invalid request at window.start",
        ),
        ('{"text": "x", "party": {"adults": -2}}', "invalid request at party.adults"),
        ("[1, 2]", "must be a JSON/YAML object"),
        ('{"text": "Saturday", "save": false, "save": true}', "repeats the key 'save'"),
        ('{"text": "x", "party": {"adults": 2, "adults": 5}}', "repeats the key 'adults'"),
        (
            '{"text":"x","budget":{"amount":NaN}}',
            "invalid request at budget.amount: Input should be a finite number",
        ),
        (
            '{"text":"x","budget":{"amount":1e400}}',
            "invalid request at budget.amount: Input should be a finite number",
        ),
        (
            '{"text":"x","budget":{"amount":-Infinity}}',
            "invalid request at budget.amount: Input should be a finite number",
        ),
        (
            '{"text": "x", "window": {"start":"9.30","end":"17:00"}}',
            "invalid request at window.start: time must be HH:MM (24-hour), e.g. 09:30",
        ),
        (
            '{"text": "x", "blocked": [{"start":"13:00","end":"2pm"}]}',
            "invalid request at blocked.0.end: time must be HH:MM (24-hour), e.g. 09:30",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path, capsys, content, fragment):
    f = tmp_path / "bad.json"
    f.write_text(content)
    assert main(["plan", str(f)]) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_unquoted_yaml_time_gets_the_time_message(tmp_path, capsys):
    """YAML 1.1 reads an unquoted 9:30 as the base-60 number 570: the message says HH:MM."""
    f = tmp_path / "req.yaml"
    f.write_text("text: museums\nwindow:\n  start: 9:30\n  end: '17:00'\n")
    assert main(["plan", str(f)]) == 2
    err = capsys.readouterr().err
    assert "invalid request at window.start: time must be HH:MM (24-hour), e.g. 09:30" in err
    assert err.count("\n") == 1


def test_an_unquoted_yaml_date_and_now_read_as_written(tmp_path, capsys):
    """YAML would make ``date: 2026-12-05`` a date object; a request file keeps it as text."""
    f = tmp_path / "req.yaml"
    f.write_text(
        "text: museums for 2 adults\nlocation: Brisbane\ndate: 2026-12-12\n"
        "now: 2026-11-29T09:00:00+10:00\n"
    )
    assert main(["plan", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["date"] == "2026-12-12"


@pytest.mark.parametrize(
    "content, key",
    [
        ("text: a\ntext: b\n", "text"),
        ("text: a\nparty:\n  adults: 2\n  adults: 5\n", "adults"),
    ],
)
def test_a_yaml_key_given_twice_exits_2_as_the_service_answers_400(tmp_path, capsys, content, key):
    f = tmp_path / "req.yaml"
    f.write_text(content)
    assert main(["plan", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"repeats the key '{key}'" in err and err.count("\n") == 1


def test_a_file_that_is_not_json_names_what_a_request_file_is(tmp_path, capsys):
    f = tmp_path / "passwd"
    f.write_text("root:x:0:0:root:/root:/bin/bash\n")
    assert main(["plan", str(f)]) == 2
    err = capsys.readouterr().err
    assert "is not valid JSON (a request file is JSON, or YAML named .yaml or .yml)" in err
    assert "valid :" not in err and err.count("\n") == 1


def test_a_huge_bad_time_is_not_echoed(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps({"text": "x", "window": {"start": "9" * 3000, "end": "17:00"}}))
    assert main(["plan", str(f)]) == 2
    err = capsys.readouterr().err
    assert len(err) < 300 and "time must be HH:MM" in err


def test_missing_file_and_bad_model(capsys):
    assert main(["plan", "nope.json"]) == 2
    assert "no such request file" in capsys.readouterr().err
    assert main(["plan", "x", "--model", "gpt-9"]) == 2
    assert "unknown model" in capsys.readouterr().err


def test_subprocess_exit_codes_and_no_traceback():
    ok = subprocess.run(
        [sys.executable, "-m", "dayplan", "plan", "missing_essentials", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["status"] == "needs_clarification"
    bad = subprocess.run(
        [sys.executable, "-m", "dayplan", "plan"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_cases_command_lists_every_case(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["cases"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = {line.split()[0] for line in lines}
    assert {"wet_weather_family", "impossible_schedule", "missing_essentials"} <= names
    assert any("needs_clarification" in line for line in lines)


@pytest.mark.parametrize(
    "argv",
    [
        ["plan", "x", "--guardrails", "of"],
        ["plan"],
        ["plan", "x", "--bogus"],
        ["nosuch"],
    ],
)
def test_usage_errors_are_one_line_and_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: python -m dayplan") and err.count("\n") == 1, err


def test_now_flag_pins_today_for_free_text(capsys):
    """``plan --now`` pins "today" as a request's own ``now`` does: "this arvo" asked on Tuesday
    1 Dec 2026 is that afternoon; "Saturday" is 5 Dec."""
    now = "2026-12-01T08:00:00+10:00"
    assert main(["plan", "--json", "--now", now, "this arvo, 2 adults, New Farm, home by 5"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "complete" and report["date"] == "2026-12-01"
    assert main(["plan", "--json", "--now", now, "Saturday, 2 adults, New Farm, home by 3"]) == 0
    assert json.loads(capsys.readouterr().out)["date"] == "2026-12-05"


def test_now_flag_replaces_the_request_files_now(tmp_path, capsys):
    path = tmp_path / "req.json"
    path.write_text(
        json.dumps({"text": "Saturday, 2 adults, New Farm", "now": "2026-11-29T09:00:00+10:00"})
    )
    assert main(["plan", "--json", "--now", "2026-12-06T08:00:00+10:00", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["date"] == "2026-12-12"


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("2026-13-01", "month value is outside expected range"),
        ("yesterday", "invalid request at now"),
        ("9999-01-01T00:00:00", "between the years 2000 and 2100"),
    ],
)
def test_a_bad_now_flag_exits_2_with_one_line(capsys, value, fragment):
    assert main(["plan", "--now", value, "Saturday, 2 adults, New Farm"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and fragment in err and "--now" in err


def test_unquoted_request_words_get_a_hint_to_quote_them(capsys) -> None:
    """REVIEW13n: `plan Saturday New Farm 2 kids` said only "unrecognized arguments"."""
    from dayplan.cli import main

    assert main(["plan", "Saturday", "New", "Farm"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'one quoted argument: plan "Saturday, New Farm, 2 kids"' in err
    assert main(["cases", "extra"]) == 2
    assert "see python -m dayplan --help" in capsys.readouterr().err
