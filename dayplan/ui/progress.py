"""Live progress: turn the ADK event stream of a run into tool steps as they happen.

``run_plan(request, on_event=tracker)`` calls the tracker with every event while the agent works.
A function call part means a tool *started*; the matching function response means it
*succeeded* (or *failed*, when the tool answered ``{"ok": false, ...}``). Durations are wall-clock
milliseconds between the two events as they arrived.

The tracker is presentation-free: it hands each ``ProgressStep`` to ``on_step`` callbacks. The
playground writes them into an ipywidgets ``Output``; the CLI prints one line per finished step
on stderr.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from dayplan.agent.events import ToolStep

Phase = Literal["started", "succeeded", "failed"]

__all__ = ["Phase", "ProgressStep", "ProgressTracker", "format_step"]


@dataclass
class ProgressStep:
    """One tool call as it unfolds: ``index`` (1-based, call order), ``tool``, ``phase``,
    ``duration_ms`` (set once it finished) and a one-line ``summary`` of what it found."""

    index: int
    tool: str
    phase: Phase
    call_id: str | None = None
    started_at: float = 0.0
    duration_ms: float | None = None
    summary: str = ""
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        """True once the tool answered (succeeded or failed)."""
        return self.phase != "started"


def format_step(step: ProgressStep, *, timings: bool = True) -> str:
    """One readable line: ``" 2. search_public_web ✓ 12 ms · 9 result(s) for 'museums'"``.

    ``timings=False`` leaves the duration out (for output that must be identical every run).
    """
    mark = {"started": "…", "succeeded": "✓", "failed": "✗"}[step.phase]
    line = f"{step.index:>2}. {step.tool} {mark}"
    if step.phase == "started":
        return f"{line} started"
    if timings and step.duration_ms is not None:
        line += f" {step.duration_ms:.0f} ms"
    if step.summary:
        line += f" · {step.summary}"
    return line


class ProgressTracker:
    """Callable ``on_event`` hook for ``run_plan`` that tracks tool steps live.

    ``on_step(step)`` callbacks fire twice per tool call: once when it starts and once when it
    finishes (same ``ProgressStep`` object, phase updated). ``clock`` returns seconds
    (default ``time.perf_counter``); tests pass a fake one.
    """

    def __init__(
        self,
        on_step: Callable[[ProgressStep], None] | None = None,
        *,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.steps: list[ProgressStep] = []
        self._listeners: list[Callable[[ProgressStep], None]] = [on_step] if on_step else []
        self._clock = clock
        self._open: dict[str, ProgressStep] = {}

    def subscribe(self, on_step: Callable[[ProgressStep], None]) -> None:
        """Add another ``on_step`` callback."""
        self._listeners.append(on_step)

    def _emit(self, step: ProgressStep) -> None:
        for listener in self._listeners:
            listener(step)

    def __call__(self, event: Any) -> None:
        """Read one ADK ``Event``; events without tool parts are ignored."""
        content = getattr(event, "content", None)
        if not content or not content.parts:
            return
        for part in content.parts:
            if part.function_call:
                self._started(part.function_call)
            elif part.function_response:
                self._answered(part.function_response)

    def _started(self, call: Any) -> None:
        step = ProgressStep(
            index=len(self.steps) + 1,
            tool=call.name or "?",
            phase="started",
            call_id=call.id,
            started_at=self._clock(),
            args=dict(call.args or {}),
        )
        self.steps.append(step)
        self._open[call.id or f"#{step.index}"] = step
        self._emit(step)

    def _answered(self, response: Any) -> None:
        step = self._open.pop(response.id or "", None)
        if step is None:  # no id: the oldest open call of that tool
            key = next((k for k, s in self._open.items() if s.tool == response.name), None)
            step = self._open.pop(key) if key else None
        if step is None:
            return
        payload = dict(response.response or {})
        view = ToolStep(step.tool, step.args, payload)
        step.phase = "succeeded" if view.ok else "failed"
        step.duration_ms = (self._clock() - step.started_at) * 1000
        step.summary = view.summary()
        self._emit(step)

    def lines(self, *, timings: bool = True) -> list[str]:
        """Every step so far as ``format_step`` lines."""
        return [format_step(s, timings=timings) for s in self.steps]
