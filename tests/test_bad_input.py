"""Bad input on both surfaces: the same bytes as a request file (``python -m dayplan plan FILE``)
and as a ``POST /v1/day-plans`` body get the same verdict. A request either plans on both (exit
0, HTTP 200, the same status) or is refused on both: exit 2 with one readable line on stderr,
and a 400/422 ``application/problem+json``. Nothing escapes as a traceback or a 5xx, however
deep, long, oddly encoded or oddly numbered the bytes are."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dayplan.cli import main
from dayplan.contract import TOO_DEEP, DuplicateKeyError, PlanRequest, loads_strict_json
from tests.conftest import ROOT

NOW = "2026-12-01T08:00:00+10:00"
GOOD = {"text": "Saturday in New Farm, 2 adults", "now": NOW}
GOOD_JSON = json.dumps(GOOD)
PROBLEM = "application/problem+json"
JSON_BODY = {"Content-Type": "application/json"}


def ok(status: str = "complete") -> tuple:
    return ("ok", status)


def bad(http: int, cli: str, detail: str = "") -> tuple:
    """Refused: HTTP status ``http`` (its detail holding ``detail``), CLI exit 2 with ``cli``
    in its one line."""
    return ("bad", http, cli, detail)


DEEP = 5000
BODIES: dict[str, tuple[bytes, tuple]] = {
    # D1: nested thousands deep, which the JSON parser cannot recurse through
    "deep array": (b"[" * DEEP + b"]" * DEEP, bad(400, "is nested too deeply", "nested too")),
    "deep blocked": (
        b'{"text":"Saturday","blocked":' + b"[" * 3000 + b"]" * 3000 + b"}",
        bad(400, "is nested too deeply", "the body is nested too deeply"),
    ),
    "deep object": (b'{"a":' * DEEP + b"1" + b"}" * DEEP, bad(400, "is nested too deeply")),
    # a number Python will not convert (int(): over 4300 digits)
    "5000-digit int": (
        b'{"text":"x","party":{"adults":' + b"9" * 5000 + b"}}",
        bad(400, "has a number over 4300 digits long", "number over 4300 digits"),
    ),
    "5000-digit float": (
        b'{"text":"x","budget":{"amount":' + b"9" * 5000 + b".5}}",
        bad(422, "budget.amount: Input should be a finite number", "finite number"),
    ),
    # D2: encodings. A UTF-8 byte-order mark is read past (Notepad writes one); the rest is not
    # UTF-8, and is named
    "UTF-8 BOM": (b"\xef\xbb\xbf" + GOOD_JSON.encode(), ok()),
    "UTF-16": (GOOD_JSON.encode("utf-16"), bad(400, "is UTF-16 text, not UTF-8", "UTF-16")),
    "UTF-16-LE no BOM": (GOOD_JSON.encode("utf-16-le"), bad(400, "is UTF-16 text, not UTF-8")),
    "UTF-32": (GOOD_JSON.encode("utf-32"), bad(400, "is UTF-32 text, not UTF-8", "UTF-32")),
    "Latin-1": (
        '{"text":"café Saturday"}'.encode("latin-1"),
        bad(400, "is not UTF-8 text (byte 0xe9 at offset 12)", "not UTF-8 text"),
    ),
    "lone surrogate": (
        b'{"text":"Saturday \\ud800 in New Farm"}',
        bad(422, "invalid request at text: Input should be a valid string", "text"),
    ),
    # numbers JSON does not have, or the contract refuses
    "NaN": (b'{"text":"x","budget":{"amount":NaN}}', bad(422, "finite number", "finite")),
    "-Infinity": (b'{"text":"x","budget":{"amount":-Infinity}}', bad(422, "finite number")),
    "1e400": (b'{"text":"x","budget":{"amount":1e400}}', bad(422, "finite number")),
    "bidi override": (
        json.dumps({"text": "Saturday \u202e in New Farm, 2 adults", "now": NOW}).encode(),
        ok(),
    ),
    "adults 1e23": (
        b'{"text":"x","party":{"adults":99999999999999999999999}}',
        bad(422, "party.adults: Input should be less than or equal to 50"),
    ),
    "now a number": (b'{"text":"x","now":1e20}', bad(422, "invalid request at now")),
    # D3, one contract: no field is required; without words the fields are planned alone, and
    # with neither words nor a place the planner asks, on both surfaces alike
    "no text": (json.dumps({"location": "New Farm", "now": NOW}).encode(), ok()),
    "empty text, fields": (
        json.dumps({"text": "", "location": "New Farm", "now": NOW}).encode(),
        ok(),
    ),
    "empty text": (json.dumps({"text": "", "now": NOW}).encode(), ok("needs_clarification")),
    "blank text": (
        json.dumps({"text": " \t\n ", "now": NOW}).encode(),
        ok("needs_clarification"),
    ),
    "empty object": (b"{}", ok("needs_clarification")),
    "emoji text": (json.dumps({"text": "🎉🎈🦘", "now": NOW}).encode(), ok("needs_clarification")),
    "control text": (  # control characters and escapes are no words: "Saturday in New Farm"
        json.dumps({"text": "Saturday\x07 in New Farm\x1b[31m", "now": NOW}).encode(),
        ok("complete"),
    ),
    "text 4001 chars": (
        json.dumps({"text": "a" * 4001}).encode(),
        bad(422, "at text: String should have at most 4000 characters"),
    ),
    # a NUL character: in no request, and no database text column stores it
    "NUL in text": (
        json.dumps({"text": "Saturday\x00 in New Farm", "now": NOW}).encode(),
        bad(422, "at text: contains a NUL character (\\u0000); no request needs one"),
    ),
    "NUL in a label": (
        json.dumps(
            {"text": "x", "blocked": [{"start": "13:00", "end": "14:00", "label": "nap\x00"}]}
        ).encode(),
        bad(422, "at blocked: contains a NUL character (\\u0000) at blocked.0.label"),
    ),
    "NUL in request_id": (
        json.dumps({"text": "x", "request_id": "a\x00b", "save": True}).encode(),
        bad(422, "at request_id: contains a NUL character"),
    ),
    "raw NUL byte": (b'{"text":"Saturday\x00"}', bad(400, "is not valid JSON: Invalid control")),
    # shapes and syntax
    "duplicate key": (b'{"text":"x","save":false,"save":true}', bad(400, "repeats the key 'save'")),
    "two objects": (b'{"text":"x"}{"text":"y"}', bad(400, "is not valid JSON: Extra data")),
    "trailing garbage": (b'{"text":"x"} xx', bad(400, "is not valid JSON")),
    "array": (b"[]", bad(422, "a request must be a JSON/YAML object")),
    "null": (b"null", bad(422, "a request must be a JSON/YAML object")),  # was planned as text
    "empty": (b"", bad(400, "is not valid JSON: Expecting value", "empty")),
    "long location": (
        ('{"text":"x","location":"' + "a" * 50_000 + '"}').encode(),
        bad(422, "location: String should have at most 200 characters"),
    ),
    "unknown field": (b'{"text":"x","colour":"red"}', bad(422, "at colour: Extra inputs")),
    "timezone path": (
        b'{"text":"x","timezone":"../../etc/passwd"}',
        bad(422, "unknown IANA timezone"),
    ),
}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app_offline()) as c:
        yield c


def create_app_offline():
    from dayplan.service.app import create_app

    return create_app("offline")


def _cli(raw: bytes, tmp_path: Path, capsys, name: str = "request.json") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_bytes(raw)
    code = main(["plan", str(path), "--json"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", list(BODIES))
def test_both_surfaces_give_the_same_verdict(name, client, tmp_path, capsys):
    raw, verdict = BODIES[name]
    code, out, err = _cli(raw, tmp_path, capsys)
    r = client.post("/v1/day-plans", content=raw, headers=JSON_BODY)
    if verdict[0] == "ok":
        assert code == 0, err
        assert r.status_code == 200, r.text
        assert json.loads(out)["status"] == r.json()["status"] == verdict[1]
        return
    _, http, cli_fragment, detail = verdict
    assert code == 2
    assert cli_fragment in err, err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert out == ""
    assert r.status_code == http, r.text
    assert r.headers["content-type"] == PROBLEM
    assert detail in r.json()["detail"], r.json()
    kinds = {400: ("malformed-json", "duplicate-key"), 422: ("validation-error",)}[http]
    assert r.json()["type"].removeprefix("urn:dayplan:problem:") in kinds


def test_a_deep_file_is_one_line_in_a_fresh_process(tmp_path):
    """The review's reproduction: ``python -m dayplan plan deep.json`` printed 31 lines ending
    in ``RecursionError`` (exit 1)."""
    path = tmp_path / "deep.json"
    path.write_bytes(BODIES["deep blocked"][0])
    done = subprocess.run(
        [sys.executable, "-m", "dayplan", "plan", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "DAYPLAN_MODE": "offline"},
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr == f"error: {path} {TOO_DEEP}\n"


@pytest.mark.parametrize(
    ("name", "content", "fragment"),
    [
        ("deep flow", "text: x\nblocked: " + "[" * DEEP + "]" * DEEP, "is nested too deeply"),
        ("deep block", "text: x\nblocked:\n  " + "- " * 3000 + "x\n", "is nested too deeply"),
        ("deep mapping", "text: x\nparty: " + "{a: " * 3000 + "1" + "}" * 3000, "too deeply"),
        ("5000-digit int", "text: x\nparty:\n  adults: " + "9" * 5000, "over 4300 digits long"),
        ("list as a key", "? [a, b]\n: 1\ntext: x\n", "found a key that is a list or mapping"),
        ("two documents", "text: x\n---\ntext: y\n", "expected a single document"),
        (
            "python tag",
            'text: !!python/object/apply:os.system ["echo hi"]\n',
            "could not determine a constructor",
        ),
        ("repeated key", "text: x\ntext: y\n", "repeats the key 'text'"),
        # SafeLoader trusts an explicit tag: these raised KeyError, AttributeError, TypeError
        ("bool tag", 'text: !!bool "maybe"\n', "a value its tag cannot construct (KeyError)"),
        ("timestamp tag", "text: x\ndate: !!timestamp soon\n", "construct (AttributeError)"),
        ("map tag on a list", "text: x\nparty: !!map [1]\n", "cannot construct (TypeError)"),
        ("unquoted 9:30", "text: x\nwindow: {start: 9:30, end: '17:00'}\n", "HH:MM"),
    ],
)
def test_a_yaml_file_is_refused_in_one_line(name, content, fragment, tmp_path, capsys):
    code, out, err = _cli(content.encode(), tmp_path, capsys, "request.yaml")
    assert code == 2 and out == ""
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_a_yaml_alias_bomb_is_read_without_expanding_it(tmp_path, capsys):
    """ "Billion laughs": ten levels of nine aliases would be 9**10 strings if expanded; YAML
    aliases share one object, and the contract refuses the shape at its first level."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    for field, where in (
        ("text", "text"),
        ("preferences", "preferences.0"),
        ("blocked", "blocked.0"),
    ):
        body = "\n".join([*lines, "request:", "  text: x", f"  {field}: *j"]).replace(
            "  text: x\n  text: *j", "  text: *j"
        )
        started = time.perf_counter()
        code, out, err = _cli(body.encode(), tmp_path, capsys, "bomb.yaml")
        assert time.perf_counter() - started < 5
        assert code == 2 and f"invalid request at {where}:" in err and err.count("\n") == 1, err


def test_yaml_with_a_bom_plans_like_json_with_one(tmp_path, capsys):
    text = f"text: {GOOD['text']}\nnow: '{NOW}'\n"
    code, out, err = _cli(b"\xef\xbb\xbf" + text.encode(), tmp_path, capsys, "request.yaml")
    assert code == 0 and json.loads(out)["status"] == "complete", err
    code, out, err = _cli(text.encode("utf-16"), tmp_path, capsys, "request.yaml")
    assert code == 2 and "is UTF-16 text, not UTF-8" in err


def test_a_file_over_a_mebibyte_is_refused_unread(tmp_path, capsys):
    raw = b'{"text":"' + b"a" * (1024 * 1024) + b'"}'
    code, _, err = _cli(raw, tmp_path, capsys)
    assert code == 2 and "is over 1024 KiB, too large for a request file" in err


@pytest.mark.parametrize("suffix", ["json", "yaml"])
def test_memory_running_out_while_parsing_is_one_line(suffix, tmp_path, capsys, monkeypatch):
    import yaml

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(json, "loads", exhausted)
    monkeypatch.setattr(yaml, "load", exhausted)
    code, _, err = _cli(b'{"text": "x"}', tmp_path, capsys, f"request.{suffix}")
    assert code == 2 and err.endswith("is too large to read\n") and err.count("\n") == 1


def test_the_service_answers_memory_running_out_as_a_400(client, monkeypatch):
    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(json, "loads", exhausted)
    r = client.post("/v1/day-plans", content=b'{"text":"x"}', headers=JSON_BODY)
    monkeypatch.undo()  # the test's own json.loads reads the answer
    assert r.status_code == 400 and "the body is too large to read" in r.json()["detail"]


def test_every_reader_of_a_users_file_refuses_in_one_line(tmp_path, capsys, monkeypatch):
    """The ``cases`` listing, an eval case and a ``--model replay:DIR`` recording read files
    through the same rule as ``plan``."""
    from dayplan.agent.replay import make_replay_model
    from dayplan.evals.case import load_case
    from dayplan.recording import RecordingError

    deep = BODIES["deep array"][0]
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "deep_case.json").write_bytes(deep)
    (cases / "latin_case.json").write_bytes('{"request": {"text": "café"}}'.encode("latin-1"))
    (cases / "bom_case.json").write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"request": GOOD, "expect": {"status": "complete"}}).encode()
    )
    monkeypatch.chdir(tmp_path)
    assert main(["cases"]) == 0
    listed = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "(unreadable case file)" in listed["deep_case"]
    assert "(unreadable case file)" in listed["latin_case"]
    assert "complete" in listed["bom_case"]
    for name in ("deep_case", "latin_case"):
        with pytest.raises(ValueError, match="not a valid case: .*(nested too deeply|UTF-8)"):
            load_case(cases / f"{name}.json")
    for raw in (deep, b"\xff\xfe{", b'{"format": 1, "calls": [' + b"9" * 5000 + b"]}"):
        (tmp_path / "rec").mkdir(exist_ok=True)
        (tmp_path / "rec" / "recording.json").write_bytes(raw)
        with pytest.raises(RecordingError, match="is not a readable dayplan recording"):
            make_replay_model(str(tmp_path / "rec"))
        assert main(["plan", "wet_weather_family", "--model", f"replay:{tmp_path / 'rec'}"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


def test_loads_strict_json_raises_only_json_errors():
    """What the service and the CLI both read bodies with: every failure a ``JSONDecodeError``
    (FastAPI's 400) or ``DuplicateKeyError``, never ``RecursionError`` or ``ValueError``."""
    for raw, _ in BODIES.values():
        with contextlib.suppress(json.JSONDecodeError, DuplicateKeyError):
            loads_strict_json(raw)
    assert PlanRequest.model_validate(loads_strict_json(b"\xef\xbb\xbf" + GOOD_JSON.encode()))


@pytest.mark.parametrize(("name", "content"), [("null.json", "null"), ("empty.yaml", "")])
def test_a_file_holding_no_object_is_not_planned_as_its_own_name(name, content, tmp_path, capsys):
    """A file that holds ``null`` (or an empty YAML file) is refused, not taken as free text
    (its path was planned as the request's words)."""
    code, out, err = _cli(content.encode(), tmp_path, capsys, name)
    assert code == 2 and out == "" and "a request must be a JSON/YAML object" in err


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_an_empty_request_argument_is_a_usage_error_an_empty_text_is_not(
    text, client, tmp_path, capsys
):
    """``plan ""`` names no file, case or text: exit 2, as with no REQUEST at all. A request
    whose text is empty is a request: the file and the body both get the same questions."""
    assert main(["plan", text]) == 2
    assert capsys.readouterr().err == (
        "error: REQUEST is empty: give a request file, a case name or quoted text\n"
    )
    body = {"text": text, "now": NOW}
    code, out, _ = _cli(json.dumps(body).encode(), tmp_path, capsys)
    r = client.post("/v1/day-plans", json=body)
    assert code == 0 and r.status_code == 200
    assert json.loads(out)["status"] == r.json()["status"] == "needs_clarification"
    assert json.loads(out)["questions"] == r.json()["questions"]


def test_the_schema_says_no_field_is_required(client):
    schema = client.get("/openapi.json").json()["components"]["schemas"]["PlanRequest"]
    assert "required" not in schema and schema["properties"]["text"]["default"] == ""
    assert "optional" in schema["properties"]["text"]["description"]


def test_the_playground_form_plans_fields_without_words():
    """Notebook 08's exercise fills the form's fields and leaves its free text empty."""
    from dayplan.service.run import plan
    from dayplan.ui.form import form_to_request

    request = form_to_request({"text": "  ", "location": "New Farm", "now": NOW, "adults": 2})
    assert request.text == ""
    assert plan(request).report.status == "complete"


def test_a_nul_is_refused_from_yaml_too_and_found_fast_in_shared_lists(tmp_path, capsys):
    from dayplan.contract import nul_path

    code, _, err = _cli(b'text: "Saturday\\0 in New Farm"\n', tmp_path, capsys, "r.yaml")
    assert code == 2 and "at text: contains a NUL character" in err
    row = ["x"] * 1000
    shared = [[[row] * 1000] * 1000] * 1000  # 10**12 strings by path, 1000 distinct
    started = time.perf_counter()
    assert nul_path(shared) is None and nul_path([shared, "a\x00"]) == "1"
    assert time.perf_counter() - started < 1


def test_an_html_report_is_written_whole_or_not_at_all(tmp_path, capsys, monkeypatch):
    """A failed write (a full disk) leaves the old file as it was and no temporary file."""
    target = tmp_path / "report.html"
    target.write_text("OLD")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    code = main(["plan", "wet_weather_family", "--html", str(target)])
    err = capsys.readouterr().err
    assert code == 2 and err.endswith(f"error: cannot write {target}: No space left on device\n")
    assert target.read_text() == "OLD" and sorted(p.name for p in tmp_path.iterdir()) == [
        "report.html"
    ]
    monkeypatch.undo()
    assert main(["plan", "wet_weather_family", "--html", str(target)]) == 0
    assert target.read_text().startswith("<!DOCTYPE html") or "<html" in target.read_text()


def _hostile_finish(edit):
    from dayplan.agent.faults.step import FaultyModel, on_finish_payload

    return FaultyModel(model="faulty:test", alter=on_finish_payload(edit))


def _deep_payload(raw, check):
    return "[" * DEEP + "]" * DEEP


def _cut_deep_payload(raw, check):
    return "[" * DEEP  # cut off: the one repair would append 5000 closers


def _long_number_payload(raw, check):
    return '{"status": "complete", "stops": ' + "9" * 5000 + "}"


@pytest.mark.parametrize("edit", [_deep_payload, _cut_deep_payload, _long_number_payload])
@pytest.mark.parametrize("guardrails", ["on", "off"])
def test_a_models_unreadable_finish_payload_fails_closed_as_finish_payload(edit, guardrails):
    """A model (or a page that steered it) can send a finish payload no parser reads: the run
    is rejected by the finish_payload rule (HTTP 502, CLI exit 3), with the gate on or off; it
    was an agent_error naming the plugin's RecursionError, or with the gate off an exception."""
    import asyncio

    from dayplan.agent.guardrails import GuardrailConfig
    from dayplan.service.run import run_plan

    config = GuardrailConfig.from_settings()
    if guardrails == "off":
        config = config.without("status_trace_gate", "finish_gate")
    request = PlanRequest.model_validate(GOOD)
    run = asyncio.run(run_plan(request, model=_hostile_finish(edit), guardrails=config))
    assert run.report is None and run.error.rule == "finish_payload", run.error
    assert "cannot be read as JSON" in run.error.detail or "not valid JSON" in run.error.detail


@pytest.mark.parametrize(
    "content",
    [
        '{"text": "x", "\\u001b[2J\\u001b]0;pwned\\u0007' + "k" * 3000 + '": 1}',
        '{"text": "x", "line\\nbreak": 1}',
        '{"text": "x", "window": {"start": "\\u001b[31m", "end": "17:00"}}',
    ],
)
def test_an_error_quoting_the_input_is_one_safe_line(content, tmp_path, capsys):
    """An unknown key is quoted in the error: its escape sequences never reach the terminal,
    its line breaks never split the line, and a 3000-character key is cut to 100."""
    code, _, err = _cli(content.encode(), tmp_path, capsys)
    assert code == 2 and err.count("\n") == 1 and len(err) < 400, err
    assert "\x1b" not in err and "\x07" not in err


def test_a_usage_error_quoting_argv_is_one_safe_line(capsys):
    assert main(["pl\x1b[2Jan\nx"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err
