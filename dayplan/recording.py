"""Record a live run once, replay it offline: every HTTP exchange of the run as readable JSON.

``python -m dayplan plan REQUEST --live --record DIR`` runs live with a ``Recorder`` tap
(``dayplan.live_http``): every model ``generateContent`` call, every grounded search, every
Open-Meteo forecast and geocoding call and every grounding-redirect lookup goes out as usual
and is also written to ``DIR/calls/NNN-<kind>.json`` (``kind``: ``model``, ``grounded_search``,
``forecast``, ``geocoding``, ``link``, ``http``), with ``DIR/recording.json`` holding what the
run needs to be repeated (model names, run id, pinned "now", the settings that shape requests)
and ``DIR/served.json`` the served report (or the rejection). **Secrets are removed**: no
request header is kept at all (the API key travels in ``x-goog-api-key``; Vertex tokens in
``Authorization``), a ``key`` query parameter is dropped, and the configured key, should it
appear anywhere else, is replaced by ``[redacted]``.

``--model replay:DIR`` runs the real ADK loop and ADK's ``Gemini`` with a ``Replayer`` tap:
each HTTP request is answered from the recording when it equals a recorded request of the same
kind (method, URL, query and JSON body; headers are not compared), so nothing leaves the
machine and no key is needed. When the run asks something the recording does not hold, the
first such request is a **divergence**: the run is rejected naming ``replay_divergence`` with
which call it was and the first field that differs from the nearest recorded call of that kind.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import httpx

FORMAT = "dayplan-recording/1"
REDACTED = "[redacted]"
KEPT_RESPONSE_HEADERS = ("content-type", "date", "location", "retry-after")
"""Response headers kept (the ``Date`` dates web sources; ``Location`` resolves redirects)."""
DROPPED_QUERY = {"key", "access_token"}
REPLAY_DIVERGENCE = "replay_divergence"


RECORDING = "a recording file"
RECORDING_FILE_BYTES = 64 * 1024 * 1024
"""The largest recording file read (``recording.json`` or one call): a model turn with its
grounding is a few hundred KiB."""


class RecordingError(ValueError):
    """A recording folder that cannot be read (one readable line)."""


class ReplayDivergence(RuntimeError):
    """The replayed run asked for a request the recording does not hold."""


def kind_of(method: str, url: str, body: Any) -> str:
    """What an exchange is: ``model``, ``grounded_search``, ``forecast``, ``geocoding``,
    ``link`` (a grounding redirect) or ``http``."""
    host = urlsplit(url).hostname or ""
    if host.startswith("geocoding-api.open-meteo"):
        return "geocoding"
    if "open-meteo" in host:
        return "forecast"
    if host == "vertexaisearch.cloud.google.com":
        return "link"
    if url.endswith(":generateContent") or ":generateContent" in url:
        tools = body.get("tools") if isinstance(body, dict) else None
        if isinstance(tools, list) and any("googleSearch" in (t or {}) for t in tools):
            return "grounded_search"
        return "model"
    return "http"


def _body(raw: bytes, content_type: str = "") -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deeply: kept as text
        return raw.decode("utf-8", "replace")


def _scrub(value: Any, secrets: list[str]) -> Any:
    if not secrets:
        return value
    text = json.dumps(value, ensure_ascii=False)
    for secret in secrets:
        text = text.replace(secret, REDACTED)
    return json.loads(text)


def request_record(request: httpx.Request, secrets: list[str] = ()) -> dict:
    """The recorded form of a request: method, URL without query, query (secrets dropped),
    JSON body; never a header."""
    parts = urlsplit(str(request.url))
    query = {k: v for k, v in parse_qsl(parts.query) if k not in DROPPED_QUERY}
    body = _body(request.content)
    url = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    return _scrub(
        {"method": request.method, "url": url, "query": query, "body": body}, list(secrets)
    )


def response_record(response: httpx.Response, secrets: list[str] = ()) -> dict:
    """The recorded form of a response: status, a few safe headers, JSON (or text) body."""
    headers = {k: response.headers[k] for k in KEPT_RESPONSE_HEADERS if k in response.headers}
    return _scrub(
        {"status": response.status_code, "headers": headers, "body": _body(response.content)},
        list(secrets),
    )


class Recorder:
    """A tap that sends every request and keeps the exchange (see the module docstring)."""

    replaying = False
    settings = None

    def __init__(self, secrets: list[str] | None = None) -> None:
        self.secrets = [s for s in (secrets or []) if s]
        self.exchanges: list[dict] = []
        self._lock = threading.Lock()

    def handle(
        self, request: httpx.Request, send: Callable[[httpx.Request], httpx.Response]
    ) -> httpx.Response:
        asked = request_record(request, self.secrets)
        response = send(request)
        answer = response_record(response, self.secrets)
        with self._lock:
            n = len(self.exchanges) + 1
            kind = kind_of(asked["method"], asked["url"], asked["body"])
            self.exchanges.append({"n": n, "kind": kind, "request": asked, "response": answer})
        return response

    def save(self, directory: Path, meta: dict, served: dict) -> Path:
        """Write ``recording.json``, ``served.json`` and ``calls/NNN-<kind>.json`` into
        ``directory`` (created; earlier calls there are replaced). Returns the folder."""
        directory.mkdir(parents=True, exist_ok=True)
        calls = directory / "calls"
        calls.mkdir(exist_ok=True)
        for old in calls.glob("*.json"):
            old.unlink()
        names = []
        for exchange in self.exchanges:
            name = f"{exchange['n']:03d}-{exchange['kind']}.json"
            names.append(name)
            _write(calls / name, exchange)
        _write(
            directory / "recording.json",
            _scrub({"format": FORMAT, **meta, "calls": names}, self.secrets),
        )
        _write(directory / "served.json", _scrub(served, self.secrets))
        return directory


def _write(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def first_difference(recorded: Any, asked: Any, path: str = "") -> str | None:
    """The first place (``a.b[2].c``) where two JSON values differ, with both values, or
    ``None`` when they are equal."""
    if isinstance(recorded, dict) and isinstance(asked, dict):
        for key in list(recorded) + [k for k in asked if k not in recorded]:
            where = f"{path}.{key}" if path else str(key)
            if key not in asked:
                return f"{where}: recorded {_short(recorded[key])}, asked nothing"
            if key not in recorded:
                return f"{where}: recorded nothing, asked {_short(asked[key])}"
            found = first_difference(recorded[key], asked[key], where)
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(asked, list):
        for i, (a, b) in enumerate(zip(recorded, asked, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(recorded) != len(asked):
            return f"{path}: recorded {len(recorded)} items, asked {len(asked)}"
        return None
    if recorded != asked:
        return f"{path or 'value'}: recorded {_short(recorded)}, asked {_short(asked)}"
    return None


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


@dataclass
class Replayer:
    """A tap that answers every request from a recording folder (see the module docstring)."""

    directory: Path
    meta: dict
    exchanges: list[dict]
    replaying: bool = True
    divergence: str | None = None
    settings: Any = None
    _used: set[int] = field(default_factory=set)
    _asked: int = 0
    _lock: Any = field(default_factory=threading.Lock)

    @classmethod
    def load(cls, directory: str | Path) -> Replayer:
        """Read ``directory``; raises ``RecordingError`` (one line) when it is no recording."""
        from dayplan.cli_common import InputError
        from dayplan.files import read_data_file

        folder = Path(directory)
        how = "record one with: python -m dayplan plan REQUEST --live --record DIR"
        try:
            meta = read_data_file(
                folder / "recording.json", max_bytes=RECORDING_FILE_BYTES, kind=RECORDING
            )
            exchanges = [
                read_data_file(
                    folder / "calls" / name, max_bytes=RECORDING_FILE_BYTES, kind=RECORDING
                )
                for name in meta["calls"]
            ]
        except InputError as exc:  # a file that cannot be read: its one line says why
            raise RecordingError(
                f"{folder} is not a readable dayplan recording: {exc}; {how}"
            ) from None
        except (KeyError, TypeError) as exc:
            raise RecordingError(
                f"{folder} is not a readable dayplan recording ({type(exc).__name__}); {how}"
            ) from None
        if meta.get("format") != FORMAT:
            raise RecordingError(f"{folder}: unknown recording format {meta.get('format')!r}")
        return cls(folder, meta, exchanges)

    def handle(
        self, request: httpx.Request, send: Callable[[httpx.Request], httpx.Response]
    ) -> httpx.Response:
        asked = request_record(request)
        kind = kind_of(asked["method"], asked["url"], asked["body"])
        with self._lock:
            self._asked += 1
            n = self._asked
            for i, exchange in enumerate(self.exchanges):
                if i not in self._used and exchange["kind"] == kind and _same(exchange, asked):
                    self._used.add(i)
                    return _response(exchange["response"], request)
            message = self._explain(n, kind, asked)
            if self.divergence is None:
                self.divergence = message
        raise ReplayDivergence(message)

    def _explain(self, n: int, kind: str, asked: dict) -> str:
        same_kind = [
            (i, e)
            for i, e in enumerate(self.exchanges)
            if e["kind"] == kind and i not in self._used
        ]
        label = f"call {n} of the replay ({kind}, {asked['method']} {asked['url']})"
        if not same_kind:
            total = sum(e["kind"] == kind for e in self.exchanges)
            return (
                f"{label}: the recording holds no further {kind} call (it has {total}); the run "
                "asked for more than the recorded run did"
            )
        i, nearest = same_kind[0]
        recorded = {k: nearest["request"][k] for k in ("method", "url", "query", "body")}
        differs = first_difference(recorded, asked)
        name = f"{nearest['n']:03d}-{nearest['kind']}.json"
        return f"{label} differs from recorded call {name} at {differs}"

    @property
    def run_id(self) -> str | None:
        return self.meta.get("run_id")

    @property
    def now(self) -> str | None:
        return self.meta.get("now")

    def unused(self) -> list[str]:
        """Recorded calls the replay never asked for (names), in order."""
        return [
            f"{e['n']:03d}-{e['kind']}.json"
            for i, e in enumerate(self.exchanges)
            if i not in self._used
        ]


def _same(exchange: dict, asked: dict) -> bool:
    recorded = exchange["request"]
    return all(recorded.get(k) == asked.get(k) for k in ("method", "url", "query", "body"))


def _response(record: dict, request: httpx.Request) -> httpx.Response:
    body = record.get("body")
    content = (
        b""
        if body is None
        else (body.encode("utf-8") if isinstance(body, str) else json.dumps(body).encode("utf-8"))
    )
    headers = dict(record.get("headers") or {})
    return httpx.Response(record["status"], headers=headers, content=content, request=request)


__all__ = [
    "FORMAT",
    "REPLAY_DIVERGENCE",
    "Recorder",
    "RecordingError",
    "ReplayDivergence",
    "Replayer",
    "first_difference",
    "kind_of",
]
