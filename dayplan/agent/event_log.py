"""Structured events: one JSON line per step of a run, never with a secret in it.

Every record has ``timestamp`` (UTC ISO 8601), ``event_type`` (one of ``EVENT_TYPES``),
``execution_id`` (the run id), ``summary`` (one line, at most 300 characters) and, where they
apply, ``tool_name`` and ``duration_ms`` (float milliseconds since the matching start).

``EventLogPlugin`` is an ADK plugin that emits AGENT_STARTED, TOOL_STARTED, TOOL_SUCCEEDED /
TOOL_FAILED, PLAN_CREATED (a passing ``check_plan``), RESULT_VERIFIED (a saved plan re-read and
matched) and AGENT_COMPLETED / AGENT_FAILED; the memory context step adds CONTEXT_REQUESTED and
CONTEXT_LOADED. Register it **first** in the App's plugin list: a guardrail that answers a tool
call short-circuits the plugins after it.

``DAYPLAN_EVENT_LOG`` chooses where lines go: ``stdout``, ``stderr`` or a file path (appended);
unset, records are only kept in memory (``EventLog.records``) so ``--json`` output stays clean.

``redact`` runs on every record before it is kept or written: Google API keys (``AIza…``),
JWTs (``eyJ….….…``), bearer tokens and the values of secret-named fields (``api_key``,
``token``, ``password``, ``authorization``, ``secret`` …) become ``[REDACTED]``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from google.adk.agents.invocation_context import InvocationContext
from google.adk.plugins.base_plugin import BasePlugin
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext

from dayplan.agent.events import ToolStep

EVENT_TYPES = (
    "AGENT_STARTED",
    "CONTEXT_REQUESTED",
    "CONTEXT_LOADED",
    "PLAN_CREATED",
    "TOOL_STARTED",
    "TOOL_SUCCEEDED",
    "TOOL_FAILED",
    "RESULT_VERIFIED",
    "AGENT_COMPLETED",
    "AGENT_FAILED",
)
RECORD_FIELDS = ("timestamp", "event_type", "execution_id", "summary", "tool_name", "duration_ms")
REDACTED = "[REDACTED]"
MAX_SUMMARY = 300

_SECRET_PATTERNS = (
    # Google API key (39 chars; shorter tails too, so a cut-off key is still caught)
    re.compile(r"AIza[0-9A-Za-z_\-]{8,}"),
    # JWT (header.payload[.signature]); two segments suffice, so a cut-off token is caught
    re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]*)?"),
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}"),  # bearer token
    re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{16,}"),  # common provider secret keys
    re.compile(r"(?i)(?:postgres(?:ql)?|mysql|mongodb)(?:\+\w+)?://[^:/\s]+:[^@/\s]+@"),  # url pw
)
_SECRET_KEY = re.compile(
    r"(?i)(api[_-]?key|apikey|secret|token|password|passwd|authorization|credential|"
    r"private[_-]?key|access[_-]?key|cookie|session[_-]?key|jwt|bearer)"
)


_SECRET_NEEDLES = ("AIza", "eyJ", "sk-", "pk-", "rk-")
"""Literals the first, second and fourth of ``_SECRET_PATTERNS`` need (one of them, in this case);
the bearer token needs ``bearer`` and a database URL ``://`` and one of ``_DATABASES``, in any
case. An ASCII text without them has nothing to redact (``_clean``)."""
_DATABASES = ("postgres", "mysql", "mongodb")


def _clean(text: Any) -> bool:
    """Whether no secret pattern can match ``text``: an ASCII string (where ``(?i)`` matches
    exactly what ``lower()`` finds) holding none of the literals the patterns need."""
    if not isinstance(text, str) or not text.isascii():
        return False
    if any(n in text for n in _SECRET_NEEDLES):
        return False
    low = text.lower()
    return "bearer" not in low and ("://" not in text or not any(d in low for d in _DATABASES))


_LITERALS = (("AIza",), ("eyJ",), None, ("sk-", "pk-", "rk-"), None)
"""Per pattern of ``_SECRET_PATTERNS``, literals one of which it needs in any text (``None``:
the case-insensitive ones, scanned whenever the text is not ``_clean``). A replacement never
makes one: ``[REDACTED]`` holds none, and none holds a bracket."""


def redact_text(text: str) -> str:
    """``text`` with every secret-shaped substring replaced by ``[REDACTED]``."""
    if _clean(text):
        return text  # no pattern can match: the text is returned as the scans would leave it
    for pattern, literals in zip(_SECRET_PATTERNS, _LITERALS, strict=True):
        if literals is None or any(n in text for n in literals):
            text = pattern.sub(REDACTED, text)
    return text


def redact(value: Any) -> Any:
    """A copy of ``value`` (JSON-like) with secrets removed: strings pass ``redact_text``, and
    any mapping entry whose key names a secret (``api_key``, ``token`` …) loses its value."""
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, Mapping):
        return {
            str(k): (REDACTED if _SECRET_KEY.search(str(k)) else redact(v))
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [redact(v) for v in value]
    if value is None or isinstance(value, bool | int | float):
        return value
    return redact_text(str(value))


Sink = Callable[[str], None]
_WRITE_LOCK = threading.Lock()


def _stream_sink(stream_name: str) -> Sink:
    def write(line: str) -> None:
        stream = getattr(sys, stream_name)
        with _WRITE_LOCK:
            stream.write(line + "\n")
            stream.flush()

    return write


def _file_sink(path: str) -> Sink:
    def write(line: str) -> None:
        with _WRITE_LOCK, open(path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")

    return write


def sink_from_env(default: str | None = None) -> Sink | None:
    """Where event lines go, from ``DAYPLAN_EVENT_LOG`` (else ``default``): ``stdout``/``-``,
    ``stderr``, a file path, or ``None`` (keep records in memory only)."""
    target = os.environ.get("DAYPLAN_EVENT_LOG") or default
    if not target or target.lower() in ("off", "none", "0"):
        return None
    if target.lower() in ("stdout", "-"):
        return _stream_sink("stdout")
    if target.lower() == "stderr":
        return _stream_sink("stderr")
    return _file_sink(os.path.expanduser(target))


class EventLog:
    """The records of one run (``execution_id``), each also written as a JSON line to ``sink``."""

    def __init__(self, execution_id: str, sink: Sink | None = None):
        self.execution_id = execution_id
        self.sink = sink
        self.records: list[dict[str, Any]] = []
        self._started: dict[str, float] = {}

    def start_clock(self, key: str) -> None:
        """Remember when ``key`` (a run or a tool call) started, for ``duration_ms``."""
        self._started[key] = time.perf_counter()

    def elapsed_ms(self, key: str) -> float | None:
        """Milliseconds since ``start_clock(key)``, or ``None`` if it never started."""
        began = self._started.pop(key, None)
        return None if began is None else round((time.perf_counter() - began) * 1000, 3)

    def emit(
        self,
        event_type: str,
        summary: str,
        *,
        tool_name: str | None = None,
        duration_ms: float | None = None,
    ) -> dict[str, Any]:
        """Record one event (redacted) and write it as one JSON line. Raises ``ValueError`` for
        an unknown ``event_type``."""
        if event_type not in EVENT_TYPES:
            raise ValueError(f"unknown event type {event_type!r}")
        record: dict[str, Any] = {
            "timestamp": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "event_type": event_type,
            "execution_id": self.execution_id,
            "summary": redact_text(" ".join(str(summary).split()))[:MAX_SUMMARY],
        }
        if tool_name is not None:
            record["tool_name"] = tool_name
        if duration_ms is not None:
            record["duration_ms"] = duration_ms
        # ``redact(record)``, minus what cannot hold a secret: the field names are fixed, the
        # timestamp is digits and separators, the event type one of EVENT_TYPES, the duration
        # a number; the text fields (summary again, run id, tool name) pass ``redact_text``
        for key in ("summary", "execution_id", "tool_name"):
            if key in record:
                record[key] = redact(record[key])
        self.records.append(record)
        if self.sink is not None:
            # an unwritable log never stops a run; the in-memory record remains
            with contextlib.suppress(OSError):
                self.sink(json.dumps(record, ensure_ascii=False))
        return record


ARG_CHARS = 60
"""How much of each argument's JSON a TOOL_STARTED summary shows."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def json_head(value: Any, limit: int = ARG_CHARS) -> str:
    """``json.dumps(redact(value))[:limit]``, for a list or a mapping serialising (and
    redacting) only the items that reach into the first ``limit`` characters: a tool call's
    long argument (a reading list, an itinerary) is shown by its head, and each item shown is
    redacted whole, as ``redact`` would."""
    if isinstance(value, Mapping):
        keys = [str(k) for k in value]
        if len(set(keys)) != len(keys):  # keys that collide as text: ``redact`` merges them
            return _dumps(redact(value))[:limit]
        pieces = (
            _dumps(key) + ": " + _dumps(REDACTED if _SECRET_KEY.search(key) else redact(v))
            for key, v in zip(keys, value.values(), strict=True)
        )
        opening, closing = "{", "}"
    elif isinstance(value, list | tuple):
        pieces = (_dumps(redact(v)) for v in value)
        opening, closing = "[", "]"
    elif limit >= 0 and _clean(value):
        # nothing to redact; JSON escapes each character on its own, so the first ``limit``
        # characters of the dump are the first ``limit`` of the dump of its head
        return _dumps(value[:limit])[:limit]
    else:
        return _dumps(redact(value))[:limit]
    out, size = [], len(opening)
    for piece in pieces:
        size += len(piece) + (2 if out else 0)
        out.append(piece)
        if size >= limit:
            return (opening + ", ".join(out))[:limit]
    return (opening + ", ".join(out) + closing)[:limit]


def describe_args(args: Mapping[str, Any]) -> str:
    """``key=value`` pairs for a tool call, values shortened (secrets redacted later)."""
    parts = []
    for k, v in args.items():
        text = REDACTED if _SECRET_KEY.search(str(k)) else json_head(v)
        parts.append(f"{k}={text[:ARG_CHARS]}")
    return ", ".join(parts)


class EventLogPlugin(BasePlugin):
    """Writes one structured event per step of a run into ``log`` (see the module docstring).

    ``terminal_events=False`` leaves AGENT_COMPLETED / AGENT_FAILED to the caller, which knows
    whether the boundary accepted the answer (``dayplan.service.run`` does this).
    """

    def __init__(self, log: EventLog, *, terminal_events: bool = True) -> None:
        super().__init__(name="event_log")
        self.log = log
        self.terminal_events = terminal_events

    async def before_run_callback(self, *, invocation_context: InvocationContext) -> None:
        self.log.start_clock("run")
        self.log.emit(
            "AGENT_STARTED",
            f"agent {invocation_context.agent.name} started for user {invocation_context.user_id}",
        )
        return None

    async def before_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext
    ) -> dict | None:
        self.log.start_clock(f"tool:{tool_context.function_call_id}")
        self.log.emit(
            "TOOL_STARTED", f"{tool.name}({describe_args(tool_args)})", tool_name=tool.name
        )
        return None

    async def after_tool_callback(
        self,
        *,
        tool: BaseTool,
        tool_args: dict[str, Any],
        tool_context: ToolContext,
        result: dict[str, Any],
    ) -> dict | None:
        ms = self.log.elapsed_ms(f"tool:{tool_context.function_call_id}")
        step = ToolStep(tool.name, dict(tool_args), dict(result or {}))
        kind = "TOOL_SUCCEEDED" if step.ok else "TOOL_FAILED"
        self.log.emit(kind, step.summary(), tool_name=tool.name, duration_ms=ms)
        if tool.name in ("check_plan", "arrange_plan") and step.ok and result.get("passed"):
            self.log.emit("PLAN_CREATED", step.summary(), tool_name=tool.name)
        if tool.name == "get_saved_plan" and result.get("verified"):
            self.log.emit(
                "RESULT_VERIFIED",
                f"saved plan {result.get('plan_id')} re-read; it matches what was written",
                tool_name=tool.name,
            )
        return None

    async def on_tool_error_callback(
        self,
        *,
        tool: BaseTool,
        tool_args: dict[str, Any],
        tool_context: ToolContext,
        error: Exception,
    ) -> dict | None:
        ms = self.log.elapsed_ms(f"tool:{tool_context.function_call_id}")
        self.log.emit(
            "TOOL_FAILED",
            f"{type(error).__name__}: {error}",
            tool_name=tool.name,
            duration_ms=ms,
        )
        return None

    async def after_run_callback(self, *, invocation_context: InvocationContext) -> None:
        if self.terminal_events:
            self.log.emit("AGENT_COMPLETED", "run finished", duration_ms=self.log.elapsed_ms("run"))

    async def on_run_error_callback(
        self, *, invocation_context: InvocationContext, error: Exception
    ) -> None:
        if self.terminal_events:
            self.log.emit(
                "AGENT_FAILED",
                f"{type(error).__name__}: {error}",
                duration_ms=self.log.elapsed_ms("run"),
            )
