"""Run cases through the real agent and the service boundary, save everything, grade it.

Per case, in the run folder: ``<case>.events.jsonl`` (every raw ADK event,
``event.model_dump_json()`` a line), ``<case>.response.json`` (the served response: HTTP status,
content type, exact body) and ``<case>.grades.json`` (the three grades). Per run:
``summary.json``, ``summary.md`` (a Markdown table) and ``scores.png`` (a bar chart of the three
scores per case).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.adk.models.base_llm import BaseLlm

from dayplan.agent.events import ToolStep
from dayplan.agent.models import resolve_model
from dayplan.evals.case import EvalCase
from dayplan.evals.dayshape import day_shape_stats
from dayplan.evals.graders import Grade, grade_contract, grade_meaning, grade_trace
from dayplan.evals.judge import Judge, apply_judge
from dayplan.evals.served import Served, served_from_run, served_invalid_request
from dayplan.service.run import run_plan

GRADERS = ("meaning", "contract", "trace")


def resolve_eval_model(spec: str | BaseLlm | None) -> BaseLlm:
    """``eval-fault:NAME`` -> the harness's own faulty model; anything else -> ``resolve_model``.

    Raises ``ValueError`` (via ``ModelSpecError`` or ``KeyError`` text) for an unknown spec."""
    if isinstance(spec, str) and spec.startswith("eval-fault:"):
        from dayplan.agent.faults import make_faulty  # the one fault registry

        try:
            return make_faulty(spec)
        except KeyError as exc:
            raise ValueError(str(exc.args[0])) from None
    return resolve_model(spec)


@dataclass
class CaseResult:
    """One case's outcome: what was served, the tool steps, the grades and the wall time."""

    case: EvalCase
    served: Served
    steps: list[ToolStep]
    grades: dict[str, Grade]
    wall_ms: float
    model: str
    files: dict[str, str] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """All three graders passed."""
        return all(g.passed for g in self.grades.values())

    @property
    def score(self) -> int:
        """The case's score: the lowest of the three grades (0–5)."""
        return min(g.score for g in self.grades.values())

    def served_status(self) -> str:
        """The served status, or ``rejected:<rule>`` / ``invalid_request``."""
        body = self.served.json()
        if not isinstance(body, dict):
            return "malformed"
        if self.served.http_status == 200:
            return str(body.get("status"))
        if str(body.get("type", "")).endswith("validation-error"):
            return "invalid_request"
        return f"rejected:{body.get('rule', '?')}"

    def row(self) -> dict[str, Any]:
        """The case's line in ``summary.json``."""
        return {
            "case": self.case.name,
            "expected": self.case.expect.status,
            "served": self.served_status(),
            "scores": {k: g.score for k, g in self.grades.items()},
            "score": self.score,
            "passed": self.passed,
            "critical": [
                c if c.startswith(k + ":") else f"{k}:{c}"
                for k, g in self.grades.items()
                for c in g.critical_failures
            ],
            "failed_checks": [
                f"{c.id}: {c.detail}" for g in self.grades.values() for c in g.failures()
            ],
            "origin": self.case.origin.kind,
            "wall_ms": round(self.wall_ms, 1),
            "files": self.files,
        }


def grade_all(case: EvalCase, served: Served, steps: list[ToolStep]) -> dict[str, Grade]:
    """The three grades for one served response and its tool steps."""
    return {
        "meaning": grade_meaning(case, served),
        "contract": grade_contract(case, served),
        "trace": grade_trace(case, served, steps),
    }


async def run_case(
    case: EvalCase,
    out_dir: Path | None,
    model: str | BaseLlm | Callable[[], BaseLlm] | None = "offline",
    judge: Judge | None = None,
) -> CaseResult:
    """Run one case through ``run_plan`` (or reject its invalid request), grade and save it.

    ``model`` is a spec (``offline``, ``faulty:NAME``, ``eval-fault:NAME``), a ``BaseLlm``, or a
    factory called once per case (stateful models need a fresh instance)."""
    started = time.perf_counter()
    problem = case.request_error()
    events: list = []
    if problem is not None:
        served, steps, model_name = served_invalid_request(*problem), [], "none"
    else:
        llm = model() if callable(model) and not isinstance(model, BaseLlm) else model
        llm = resolve_eval_model(llm)
        run = await run_plan(case.plan_request(), model=llm)
        served, steps, events, model_name = served_from_run(run), run.steps, run.events, run.model
    grades = grade_all(case, served, steps)
    if judge is not None:
        grades["meaning"] = await apply_judge(grades["meaning"], case, served, judge)
    result = CaseResult(
        case, served, steps, grades, (time.perf_counter() - started) * 1000, model_name
    )
    if out_dir is not None:
        result.files = save_case(result, events, out_dir)
    return result


def save_case(result: CaseResult, events: list, out_dir: Path) -> dict[str, str]:
    """Write the case's events, served response and grades; return the file names."""
    name = result.case.name
    files = {
        "events": f"{name}.events.jsonl",
        "response": f"{name}.response.json",
        "grades": f"{name}.grades.json",
    }
    with (out_dir / files["events"]).open("w", encoding="utf-8") as fh:
        for event in events:
            fh.write(event.model_dump_json() + "\n")
    (out_dir / files["response"]).write_text(
        json.dumps(result.served.to_dict(), indent=1, ensure_ascii=False), encoding="utf-8"
    )
    grades = {
        "case": name,
        "expected": result.case.expect.status,
        "served": result.served_status(),
        "model": result.model,
        "passed": result.passed,
        "request": result.case.request,
        "expect": result.case.expect.model_dump(mode="json", exclude_defaults=True),
        "grades": {k: g.model_dump(mode="json") for k, g in result.grades.items()},
    }
    (out_dir / files["grades"]).write_text(
        json.dumps(grades, indent=1, ensure_ascii=False), encoding="utf-8"
    )
    return files


@dataclass
class EvalRun:
    """A whole eval run: the results in case order, the model, the folder and the wall time."""

    results: list[CaseResult]
    model: str
    out_dir: Path | None
    wall_s: float

    def summary(self) -> dict[str, Any]:
        """What ``summary.json`` holds."""
        passed = sum(r.passed for r in self.results)
        return {
            "model": self.model,
            "cases": len(self.results),
            "passed": passed,
            "failed": len(self.results) - passed,
            "wall_seconds": round(self.wall_s, 2),
            "mean_scores": {
                g: round(
                    sum(r.grades[g].score for r in self.results) / max(1, len(self.results)), 2
                )
                for g in GRADERS
            },
            "day_shape": day_shape_stats(r.served.json() for r in self.results),
            "results": [r.row() for r in self.results],
        }


async def run_eval(
    cases: list[EvalCase],
    out_dir: Path | None,
    model: str | Callable[[], BaseLlm] | None = "offline",
    judge: Judge | None = None,
    progress: Callable[[str], None] | None = None,
) -> EvalRun:
    """Run and grade every case in order; with ``out_dir``, save per-case files and the summary.

    ``progress`` gets one line per case (the CLI sends it to stderr)."""
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    results = []
    width = max((len(c.name) for c in cases), default=10)
    for i, case in enumerate(cases, 1):
        result = await run_case(case, out_dir, model, judge)
        results.append(result)
        if progress is not None:
            scores = " ".join(f"{k[0]}{g.score}" for k, g in result.grades.items())
            verdict = "pass" if result.passed else "FAIL"
            progress(
                f"[{i:>2}/{len(cases)}] {case.name:<{width}} {verdict} {scores} "
                f"{result.served_status()} ({result.wall_ms:.0f} ms)"
            )
    label = model if isinstance(model, str) else (results[0].model if results else "custom")
    run = EvalRun(results, str(label), out_dir, time.perf_counter() - started)
    if out_dir is not None:
        write_summary(run, out_dir)
    return run


def markdown_table(run: EvalRun) -> str:
    """The run as a Markdown table: one row per case, scores per grader, verdict."""
    lines = [
        f"# Eval run · model `{run.model}` · {sum(r.passed for r in run.results)}/"
        f"{len(run.results)} passed · {run.wall_s:.1f} s",
        "",
        "| case | expected | served | meaning | contract | trace | pass | critical |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in run.results:
        g = r.grades
        crit = ", ".join(f"{k}:{c}" for k, x in g.items() for c in x.critical_failures) or ""
        lines.append(
            f"| {r.case.name} | {r.case.expect.status} | {r.served_status()} | "
            f"{g['meaning'].score} | {g['contract'].score} | {g['trace'].score} | "
            f"{'✓' if r.passed else '✗'} | {crit} |"
        )
    return "\n".join(lines) + "\n"


def bar_chart(run: EvalRun, path: Path) -> None:
    """A PNG bar chart of the three scores per case (matplotlib, Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [r.case.name for r in run.results]
    height = max(3.0, 0.28 * len(names) + 1.2)
    fig, ax = plt.subplots(figsize=(9, height))
    bar = 0.26
    colours = {"meaning": "#4C72B0", "contract": "#55A868", "trace": "#C44E52"}
    for j, grader in enumerate(GRADERS):
        ys = [i + (j - 1) * bar for i in range(len(names))]
        ax.barh(
            ys,
            [r.grades[grader].score for r in run.results],
            height=bar,
            label=grader,
            color=colours[grader],
        )
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names, fontsize=7)
    ax.set_ylim(len(names) - 0.5, -0.5)
    ax.set_xlim(0, 5)
    ax.axvline(4, color="grey", linestyle="--", linewidth=0.8)
    ax.set_xlabel("score (0–5); pass line at 4")
    ax.set_title(f"Scores per case · model {run.model}")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.06 * 12 / height), ncol=3, fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def write_summary(run: EvalRun, out_dir: Path) -> None:
    """Write ``summary.json``, ``summary.md`` and ``scores.png`` into ``out_dir``."""
    (out_dir / "summary.json").write_text(
        json.dumps(run.summary(), indent=1, ensure_ascii=False), encoding="utf-8"
    )
    (out_dir / "summary.md").write_text(markdown_table(run), encoding="utf-8")
    bar_chart(run, out_dir / "scores.png")


def stderr_progress(line: str) -> None:
    """Progress to stderr, flushed."""
    print(line, file=sys.stderr, flush=True)
