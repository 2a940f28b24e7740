"""Start and stop a server process on loopback for a test (ADK's web server, Voila).

``Server`` owns one subprocess in its own process group; ``stop()`` ends that group only.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
SCRUBBED = ("GOOGLE_API_KEY", "GEMINI_API_KEY", "GOOGLE_GENAI_USE_VERTEXAI")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def offline_env(**extra: str) -> dict[str, str]:
    """The environment for a server under test: offline, no credentials, this checkout first."""
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    env.update(DAYPLAN_MODE="offline", PYTHONPATH=str(ROOT), **extra)
    return env


@dataclass
class Server:
    """A server subprocess, its base URL and its log file."""

    proc: subprocess.Popen
    url: str
    log: Path
    started_s: float = 0.0

    def stop(self) -> None:
        """End the server's process group (SIGTERM, then SIGKILL after 10 s)."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the server's log (for assertion messages)."""
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


def start(
    argv: list[str],
    url: str,
    ready_path: str | None,
    log: Path,
    *,
    cwd: Path = ROOT,
    timeout: float = 90,
    env_extra: dict[str, str] | None = None,
    ready_log: str | None = None,
) -> Server:
    """Run ``argv`` and wait until ``GET url + ready_path`` answers 200 (``None``: no request)
    and, with ``ready_log``, until the log holds that text; raise with the log's tail if the
    process exits or is not ready within ``timeout`` seconds."""
    out = log.open("wb")
    proc = subprocess.Popen(
        argv, cwd=cwd, env=offline_env(**(env_extra or {})), stdout=out, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    server = Server(proc, url, log)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{server.log_tail()}")
        if ready_log is not None and ready_log not in server.log_tail(1_000_000):
            time.sleep(0.2)
            continue
        if ready_path is None:  # the log line is the readiness signal
            server.started_s = time.perf_counter() - t0
            return server
        try:
            if httpx.get(url + ready_path, timeout=2).status_code == 200:
                server.started_s = time.perf_counter() - t0
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"server did not answer within {timeout:g} s:\n{server.log_tail()}")
