"""Structured events: the schema of every line, valid JSON, and no secret in any of them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator
from datetime import datetime
from types import SimpleNamespace

import jwt
import pytest
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from hypothesis import given, settings
from hypothesis import strategies as st

from dayplan.agent.event_log import (
    EVENT_TYPES,
    RECORD_FIELDS,
    EventLog,
    EventLogPlugin,
    describe_args,
    json_head,
    redact,
    redact_text,
)
from dayplan.contract import PlanRequest
from dayplan.service.run import plan
from tests.conftest import load_case

# Real-format fakes: a 39-character Google API key, a signed JWT, a bearer token.
GOOGLE_KEY = "AIzaSyD3-fakeKEYfor_TESTS0nly-123456789"
JWT = jwt.encode({"sub": "ann", "role": "admin"}, "not-the-real-secret", algorithm="HS256")
BEARER = "Bearer sk_live_0123456789abcdefFAKE"
PLAIN_SECRET = "hunter2-plain-password-value"
SECRETS = (GOOGLE_KEY, JWT, BEARER.split()[1], PLAIN_SECRET, JWT.split(".")[2])


def assert_clean(text: str) -> None:
    for secret in SECRETS:
        assert secret not in text
    assert "AIza" not in text and "eyJ" not in text


def assert_schema(record: dict, execution_id: str) -> None:
    assert set(record) <= set(RECORD_FIELDS)
    assert {"timestamp", "event_type", "execution_id", "summary"} <= set(record)
    assert datetime.fromisoformat(record["timestamp"]).tzinfo is not None
    assert record["event_type"] in EVENT_TYPES
    assert record["execution_id"] == execution_id
    assert isinstance(record["summary"], str) and 0 < len(record["summary"]) <= 300
    if "duration_ms" in record:
        assert isinstance(record["duration_ms"], float) and record["duration_ms"] >= 0
    if record["event_type"].startswith("TOOL_"):
        assert record["tool_name"]


def test_fake_secrets_have_real_formats():
    assert len(GOOGLE_KEY) == 39 and GOOGLE_KEY.startswith("AIza")
    assert JWT.startswith("eyJ") and JWT.count(".") == 2


def test_redaction_of_text_and_secret_named_fields():
    text = f"key={GOOGLE_KEY} auth: {BEARER} token {JWT} cut {GOOGLE_KEY[:20]} {JWT[:40]}"
    assert_clean(redact_text(text))
    nested = {
        "api_key": PLAIN_SECRET,
        "headers": {"Authorization": PLAIN_SECRET, "X-Goog-Api-Key": "abc"},
        "client_secret": 1234,
        "items": [{"password": PLAIN_SECRET}, f"see {GOOGLE_KEY}"],
        "query": "museums",
    }
    out = redact(nested)
    assert_clean(json.dumps(out))
    assert out["query"] == "museums" and out["client_secret"] == "[REDACTED]"


def wet(**extra) -> PlanRequest:
    return PlanRequest.model_validate({**load_case("wet_weather_family")["request"], **extra})


def test_every_step_is_one_valid_json_line_in_the_configured_file(tmp_path, monkeypatch):
    path = tmp_path / "events.jsonl"
    monkeypatch.setenv("DAYPLAN_EVENT_LOG", str(path))
    run = plan(wet(save=True, request_id="ev-1"))
    lines = path.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert records == run.event_records
    for record in records:
        assert_schema(record, run.run_id)
    kinds = [r["event_type"] for r in records]
    assert kinds[0] == "AGENT_STARTED" and kinds[-1] == "AGENT_COMPLETED"
    assert set(kinds) == set(EVENT_TYPES) - {"TOOL_FAILED", "AGENT_FAILED"}
    assert kinds.count("TOOL_STARTED") == kinds.count("TOOL_SUCCEEDED") == len(run.steps)
    assert kinds.index("PLAN_CREATED") < kinds.index("RESULT_VERIFIED")
    assert records[-1]["summary"].startswith("served complete; saved plan-")


def test_events_go_to_stdout_when_asked(capsys, monkeypatch):
    monkeypatch.setenv("DAYPLAN_EVENT_LOG", "stdout")
    run = plan(wet())
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["event_type"] for line in out] == [
        r["event_type"] for r in run.event_records
    ]


def test_without_a_sink_nothing_is_printed(capsys):
    run = plan(wet())
    assert run.event_records and capsys.readouterr().out == ""


def test_no_secret_from_a_request_reaches_the_log(tmp_path, monkeypatch):
    path = tmp_path / "events.jsonl"
    monkeypatch.setenv("DAYPLAN_EVENT_LOG", str(path))
    request = wet(
        text=f"Plan Saturday in Brisbane; my key is {GOOGLE_KEY} and {BEARER}",
        preferences=[GOOGLE_KEY, JWT[:200], f"{BEARER}"],  # they become search queries
    )
    run = plan(request)
    raw = path.read_text(encoding="utf-8")
    assert "search_public_web" in raw and "[REDACTED]" in raw
    assert_clean(raw)
    assert_clean(json.dumps(run.event_records))


class SecretLeakingModel(BaseLlm):
    """Fails the way a misconfigured client does: an exception that quotes the key."""

    model: str = "leaky"

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        raise RuntimeError(f"401 from upstream for key={GOOGLE_KEY} header {BEARER} jwt {JWT}")
        yield  # pragma: no cover


def test_no_secret_from_an_exception_reaches_the_log(tmp_path, monkeypatch):
    path = tmp_path / "events.jsonl"
    monkeypatch.setenv("DAYPLAN_EVENT_LOG", str(path))
    run = plan(wet(), model=SecretLeakingModel())
    assert run.report is None and run.error.rule == "agent_error"
    raw = path.read_text(encoding="utf-8")
    assert_clean(raw)
    last = json.loads(raw.splitlines()[-1])
    assert last["event_type"] == "AGENT_FAILED" and "RuntimeError" in last["summary"]


def test_no_secret_from_tool_arguments_results_or_errors_reaches_the_log(capsys):
    lines: list[str] = []
    log = EventLog("exec-9", sink=lines.append)
    plugin = EventLogPlugin(log)
    tool = SimpleNamespace(name="search_public_web")
    ctx = SimpleNamespace(function_call_id="c1")
    args = {"query": f"museums {GOOGLE_KEY}", "api_key": PLAIN_SECRET, "auth": {"token": JWT}}

    async def drive():
        await plugin.before_tool_callback(tool=tool, tool_args=args, tool_context=ctx)
        await plugin.after_tool_callback(
            tool=tool,
            tool_args=args,
            tool_context=ctx,
            result={"ok": False, "error": f"upstream rejected {BEARER} ({JWT})"},
        )
        await plugin.on_tool_error_callback(
            tool=tool,
            tool_args=args,
            tool_context=ctx,
            error=ValueError(f"bad key {GOOGLE_KEY}; password={PLAIN_SECRET[:5]}"),
        )

    asyncio.run(drive())
    assert [json.loads(line)["event_type"] for line in lines] == [
        "TOOL_STARTED",
        "TOOL_FAILED",
        "TOOL_FAILED",
    ]
    for line in lines:
        assert_clean(line)
        assert_schema(json.loads(line), "exec-9")
    assert "api_key=[REDACTED]" in lines[0]


def test_unknown_event_types_are_refused():
    with pytest.raises(ValueError, match="unknown event type"):
        EventLog("x").emit("SOMETHING_HAPPENED", "no")


def _nested_values():
    """Argument-shaped values: reading lists, itineraries, maps with secret-named keys, long
    texts with secrets straddling the 60-character cut, keys that collide as text."""
    key = "AIza" + "B" * 35
    stop = {"venue_id": "sparklab-sciencentre", "start": "09:30", "end": "10:30"}
    return [
        [{"field": "budget", "value": {"amount": 100, "currency": "AUD"}, "quote": "AUD 100"}] * 8,
        [stop, {"venue_id": key, "start": "11:00"}, stop],
        {"stops": [stop] * 4, "api_key": key, "note": f"x{'y' * 50} Bearer abcdefgh12345678 end"},
        {1: "one", "1": "text one", "token": "t"},
        [],
        {},
        (1, 2.5, None, True, float("nan")),
        "plain text " * 20 + key,
        ["a" * 58, key, "b"],
        {"a" * 57: key},
    ]


def test_an_argument_is_shown_by_its_redacted_head():
    """``json_head`` is ``json.dumps(redact(value))[:limit]`` (items past the head are not
    serialised), at every cut, for every shape a tool argument takes."""
    for value in _nested_values():
        for limit in (1, 2, 10, 59, 60, 61, 200, 5000):
            whole = json.dumps(redact(value), ensure_ascii=False, default=str)
            assert json_head(value, limit) == whole[:limit], (value, limit)
    assert "AIza" not in describe_args({"stops": _nested_values()[1], "api_key": "x"})


def test_every_text_field_of_a_record_is_redacted():
    """The run id and the tool name are redacted like the summary (a model can name any tool;
    a caller can pass any run id); the timestamp, the event type and the duration stay."""
    log = EventLog(f"run {GOOGLE_KEY}")
    record = log.emit("TOOL_STARTED", f"call {JWT}", tool_name=f"tool {BEARER}", duration_ms=1.5)
    assert_clean(json.dumps(record))
    assert record["event_type"] == "TOOL_STARTED" and record["duration_ms"] == 1.5
    assert record == redact(record)


def _scanned(text: str) -> str:
    """``redact_text`` without its shortcut: every pattern's scan, in order."""
    from dayplan.agent.event_log import _SECRET_PATTERNS, REDACTED

    for pattern in _SECRET_PATTERNS:
        text = pattern.sub(REDACTED, text)
    return text


_PIECES = [
    "AIza",
    "eyJ",
    "eyJhbGciOi",
    ".",
    "sk-",
    "pk-",
    "rk-",
    "k-",
    "Bearer ",
    "BEARER ",
    "bearer\t",
    "postgresql://",
    "mysql+x://",
    "MongoDB",
    "https://example.org/x",
    "PostGres",
    "://",
    "u:p@",
    "abcdefghijklmnopqrstu",
    "0123456789",
    " ",
    "ſ",
    "K",
    "é",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=6), max_size=12))
def test_redact_text_shortcut_gives_what_the_scans_give(pieces):
    """The shortcut (an ASCII text holding none of the patterns' literals is returned as it is)
    never changes what is redacted."""
    text = "".join(pieces)
    assert redact_text(text) == _scanned(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*_PIECES, '"', "\\", "\n", "\u2028", "\x01"]) | st.text(), max_size=40
    ),
    st.integers(min_value=0, max_value=80),
)
def test_json_head_of_a_string_is_the_head_of_its_redacted_dump(pieces, limit):
    """A string argument is shown as the head of ``json.dumps(redact(value))``, also when only
    its head is dumped (nothing to redact)."""
    text = "".join(pieces)
    assert json_head(text, limit) == json.dumps(redact(text), ensure_ascii=False)[:limit]
