"""Reading an ADK event stream as a tool trace a person (or a grader) can follow."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from google.adk.events import Event


@dataclass
class ToolStep:
    """One tool call in a run: name, arguments, the response (``None`` if it never came)."""

    tool: str
    args: dict[str, Any]
    response: dict[str, Any] | None = None
    call_id: str | None = None
    author: str = ""
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when the tool answered and did not report an error."""
        return self.response is not None and self.response.get("ok", True) is not False

    def summary(self) -> str:
        """One line on what the step found, e.g. ``passed: 3 stops, AUD 64, home 16:40``."""
        r = self.response or {}
        if self.response is None:
            return "no response"
        if r.get("guardrail"):
            return f"refused by {r['guardrail']}: {r.get('error', 'refused')}"[:300]
        if not self.ok:
            return f"error: {r.get('error', 'failed')}"[:300]
        if self.tool == "resolve_date":
            return str(r.get("assumption", r.get("date", "")))
        if self.tool == "search_public_web":
            where = " (indoor only)" if self.args.get("indoor_only") else ""
            return (
                f"{len(r.get('results', []))} result(s) for {self.args.get('query', '')!r}{where}"
            )
        if self.tool in ("check_plan", "arrange_plan"):
            if r.get("passed"):
                t = r.get("totals", {})
                return (
                    f"passed: {len(r.get('stops', []))} stop(s), {t.get('currency', '')} "
                    f"{t.get('cost', 0):g}, home {t.get('home_by', '?')}"
                )
            codes = ", ".join(f.get("code", "?") for f in r.get("failures", []))
            return f"failed: {codes}"
        if self.tool == "get_forecast":
            rain = ", ".join(f"{w['start']}–{w['end']}" for w in r.get("rain", []))
            return f"{r.get('source', '')}: " + (f"rain {rain}" if rain else "no rain")
        if self.tool == "record_clarification":
            return f"{len(r.get('questions', []))} question(s)"
        if self.tool == "finish":
            return f"received {r.get('received_chars', 0)} characters"
        if self.tool == "save_plan":
            replay = " (idempotent replay)" if r.get("idempotent_replay") else ""
            return f"{r.get('status')} {r.get('plan_id')}{replay}"
        if self.tool == "get_saved_plan":
            verdict = "verified" if r.get("verified") else "not verified"
            return f"re-read {r.get('plan_id')}: {verdict}" if r.get("found") else "not found"
        if self.tool == "remember_preference":
            return f"remembered {r.get('kind')}: {r.get('value')}"
        return "ok"


def tool_steps(events: Iterable[Event]) -> list[ToolStep]:
    """Pair every function call in ``events`` with its response, in call order."""
    steps: list[ToolStep] = []
    by_id: dict[str, ToolStep] = {}
    for event in events:
        content = event.content
        if not content or not content.parts:
            continue
        for part in content.parts:
            if part.function_call:
                fc = part.function_call
                step = ToolStep(
                    fc.name or "?", dict(fc.args or {}), call_id=fc.id, author=event.author
                )
                steps.append(step)
                if fc.id:
                    by_id[fc.id] = step
            elif part.function_response:
                fr = part.function_response
                step = by_id.get(fr.id or "") or next(
                    (s for s in steps if s.tool == fr.name and s.response is None), None
                )
                if step is not None:
                    step.response = dict(fr.response or {})
    return steps


def format_trace(steps: Iterable[ToolStep]) -> str:
    """A numbered, readable tool path: ``1. resolve_date ✓ Saturday resolved to 2026-12-05``."""
    lines = []
    for i, step in enumerate(steps, 1):
        mark = "✓" if step.ok else "✗"
        lines.append(f"{i:>2}. {step.tool} {mark} {step.summary()}")
    return "\n".join(lines)
