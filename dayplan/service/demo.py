"""Guardrail demos for notebook 04 and instructors: each faulty model run twice on one request,
with the guardrails that catch it switched off and with every guardrail on.

``await compare("skip_validation", request)`` -> ``Comparison``; ``comparison.lines()`` is the
side-by-side text the notebook prints. Everything here is deterministic offline.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from google.adk.events import Event

from dayplan.agent.faults import fault_named, list_faults, unknown_name
from dayplan.agent.guardrails import GUARDRAILS, LOOP_GUARD, GuardrailConfig
from dayplan.contract import PlanRequest
from dayplan.service.run import PlanRun, run_plan

DEMO_TURN_LIMIT = 30
"""With the loop guard off nothing ends a looping run; the demo stops it after this many turns."""


class DemoCutoff(Exception):
    """Raised by the demo to stop a run that nothing else would stop."""


@dataclass(frozen=True)
class Outcome:
    """One run, summarised: ``outcome`` (a status or ``rejected:<rule>`` or ``cut off``),
    ``detail`` (one line), ``handed_in`` (the first ``finish`` payload the model tried, or
    ``None``), ``path`` (tool names, ``✗`` where the answer was an error or a refusal),
    ``refusals`` (guardrails that refused a call) and ``turns`` (model turns)."""

    outcome: str
    detail: str
    handed_in: str | None
    path: tuple[str, ...]
    refusals: tuple[str, ...]
    turns: int


def _mark(step) -> str:
    if not step.ok:
        return f"{step.tool}✗"
    if step.tool == "check_plan" and step.response and step.response.get("passed") is False:
        return "check_plan(failed)"
    return step.tool


def collapse(items: tuple[str, ...] | list[str]) -> str:
    """``a · b ×3 · c``: consecutive repeats counted."""
    out: list[list] = []
    for item in items:
        if out and out[-1][0] == item:
            out[-1][1] += 1
        else:
            out.append([item, 1])
    return " · ".join(f"{x} ×{n}" if n > 1 else x for x, n in out)


def summarise(run: PlanRun, turns: int) -> Outcome:
    """An ``Outcome`` from a ``PlanRun`` and its model-turn count."""
    finishes = [s for s in run.steps if s.tool == "finish"]
    handed = str(finishes[0].args.get("report_json")) if finishes else None
    refused = tuple(
        str(s.response["guardrail"])
        for s in run.steps
        if s.response and s.response.get("guardrail")
    )
    path = tuple(_mark(s) for s in run.steps)
    if run.error is not None and run.error.detail.startswith("DemoCutoff"):
        searches = sum(1 for s in run.steps if s.tool == "search_public_web")
        return Outcome(
            "cut off",
            f"still going after {turns} model turns and {searches} searches; nothing in the "
            "agent would have stopped it (the demo did)",
            handed,
            path,
            refused,
            turns,
        )
    if run.report is None:
        rule = run.error.rule if run.error else "boundary"
        detail = run.error.detail if run.error else "no report"
        return Outcome(f"rejected:{rule}", detail, handed, path, refused, turns)
    r = run.report
    if r.status == "complete":
        detail = "stops " + ", ".join(s.venue_id for s in r.plan.stops)
    elif r.status == "needs_clarification":
        detail = "asks: " + " / ".join(r.questions)
    else:
        detail = "failures: " + ", ".join(f.code for f in r.constraint_failures)
    return Outcome(r.status, detail, handed, path, refused, turns)


async def run_counted(
    request: PlanRequest, model: str, config: GuardrailConfig, limit: int | None = None
) -> Outcome:
    """Run ``request`` and summarise it; ``limit`` stops the run after that many model turns."""
    turns = 0

    def count(event: Event) -> None:
        nonlocal turns
        if event.content and event.content.role == "model":
            turns += 1
            if limit is not None and turns >= limit:
                raise DemoCutoff(f"stopped after {turns} model turns")

    run = await run_plan(request, model=model, guardrails=config, on_event=count)
    return summarise(run, turns)


@dataclass(frozen=True)
class Comparison:
    """A fault run with its guardrails off and on."""

    fault: str
    reproduces: str
    expected: str
    caught_by: tuple[str, ...]
    off: Outcome
    on: Outcome

    def lines(self, width: int = 110) -> list[str]:
        """Readable side-by-side lines (deterministic: no run ids, no timings)."""

        def cut(text: str) -> str:
            return text if len(text) <= width else text[: width - 1] + "…"

        out = [f"{self.fault} — {self.reproduces}", f"  caught by: {', '.join(self.caught_by)}"]
        for label, o in (("OFF", self.off), ("ON ", self.on)):
            out.append(cut(f"  {label} → {o.outcome}: {o.detail}"))
            if o.handed_in is not None:
                out.append(cut(f"        first finish: {payload_preview(o.handed_in, width)}"))
            out.append(cut(f"        path: {collapse(o.path)}"))
            if o.refusals:
                out.append(cut(f"        refused by: {collapse(o.refusals)}"))
        return out


async def compare(fault: str, request: PlanRequest) -> Comparison:
    """Run ``faulty:<fault>`` on ``request`` with the guardrails that catch it off, then all on.

    Raises ``UnknownNameError`` (one line listing the valid names) for a fault that does not
    exist or that no guardrail catches (boundary faults: the boundary cannot be switched off).
    """
    spec = fault_named(fault)
    caught = tuple(c for c in spec.caught_by if c in GUARDRAILS)
    if not caught:
        guarded = [f.name for f in list_faults() if set(f.caught_by) & set(GUARDRAILS)]
        raise unknown_name("guardrail fault (caught by a guardrail)", fault, guarded)
    all_on = GuardrailConfig()
    limit = DEMO_TURN_LIMIT if LOOP_GUARD in caught else None
    off = await run_counted(request, f"faulty:{fault}", all_on.without(*caught), limit)
    on = await run_counted(request, f"faulty:{fault}", all_on)
    return Comparison(fault, spec.reproduces, spec.expected, caught, off, on)


def payload_preview(raw: str | None, width: int = 200) -> str:
    """A short view of a finish payload: status, stop ids, sources."""
    if raw is None:
        return "-"
    try:
        p = json.loads(raw)
    except json.JSONDecodeError:
        return raw[:width]
    if not isinstance(p, dict):
        return raw[:width]
    parts = [f"status={p.get('status')}"]
    if isinstance(p.get("stops"), list):
        parts.append(
            "stops=" + ",".join(str(s.get("venue_id")) for s in p["stops"] if isinstance(s, dict))
        )
    if p.get("sources"):
        parts.append("sources=" + ",".join(map(str, p["sources"])))
    if p.get("questions"):
        parts.append(f"questions={len(p['questions'])}")
    return " ".join(parts)[:width]
