"""The release gate: the project's tests pass, every case scores at least 4/5 on every grader,
no critical failure, and every case's trace and grades were saved. Otherwise it fails and says
why, one reason a line."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from dayplan.config import offline_env
from dayplan.evals.runner import EvalRun

MIN_SCORE = 4
REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class TestsOutcome:
    """Result of running the project's test suite: passed or not, and its last line."""

    passed: bool
    summary: str


def run_project_tests(root: Path = REPO_ROOT) -> TestsOutcome:
    """Run the project's pytest suite (as ``make test`` does, without lint) in ``root``, in an
    environment without credentials and with ``DAYPLAN_MODE=offline`` (``offline_env``): the
    gate's test run never calls a live model, whatever the caller's shell holds."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-x"],
        cwd=root,
        env=offline_env(dict(os.environ)),
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    return TestsOutcome(proc.returncode == 0, lines[-1] if lines else f"exit {proc.returncode}")


def gate_reasons(run: EvalRun, tests: TestsOutcome | None, min_score: int = MIN_SCORE) -> list[str]:
    """Every reason the gate fails (empty when it passes). ``tests=None`` means skipped."""
    reasons = []
    if tests is not None and not tests.passed:
        reasons.append(f"project tests failed: {tests.summary}")
    if not run.results:
        reasons.append("no cases were run")
    for r in run.results:
        for name, grade in r.grades.items():
            failed = {c.id: c.detail for c in grade.failures()}
            for cid in grade.critical_failures:
                reasons.append(f"{r.case.name}: critical {name} failure {cid} — {failed[cid]}")
            if grade.score < min_score and not grade.critical_failures:
                what = "; ".join(f"{k} — {v}" for k, v in failed.items())
                reasons.append(f"{r.case.name}: {name} {grade.score}/5 < {min_score} ({what})")
        if run.out_dir is not None:
            missing = [f for f in r.files.values() if not (run.out_dir / f).is_file()]
            if not r.files or missing:
                reasons.append(f"{r.case.name}: trace/grades not saved {missing or ''}")
    if run.out_dir is None:
        reasons.append("the run was not saved (no output folder)")
    elif not (run.out_dir / "summary.json").is_file():
        reasons.append("summary.json was not written")
    return reasons
