"""Notebook 06, "your turn": write an expectation that catches a model that skips a step.

Task: for ``REQUEST`` (a Saturday market then the library), write an ``expect`` so that the case
passes with the offline model and fails the gate with ``eval-fault:skip_date`` (a model that
never calls ``resolve_date`` but guesses the right date, so its plan looks perfect). Run the case
with both models (``await run_case(case, None, model)``) and pass both results to ``check``.
"""

from __future__ import annotations

from typing import Any

from dayplan.exercises import Feedback, is_placeholder, not_attempted

FAULT = "eval-fault:skip_date"

REQUEST: dict[str, Any] = {
    "text": "Saturday market in West End, then the State Library.",
    "location": "South Brisbane",
    "date": "Saturday",
    "now": "2026-11-29T09:00:00+10:00",
    "window": {"start": "07:00", "end": "13:00"},
    "preferences": ["markets", "libraries"],
}


def check(offline: Any, faulty: Any) -> Feedback:
    """Verify two ``CaseResult``s of one case on ``REQUEST``: offline passes, skip_date fails
    on the trace."""
    for name, r in (("offline", offline), ("faulty", faulty)):
        if not all(hasattr(r, a) for a in ("case", "grades", "passed", "model")):
            return Feedback(False, f"pass the CaseResult of the {name} run (await run_case(...))")
    if offline.case.request != REQUEST or faulty.case.request != REQUEST:
        return Feedback(False, "use nb06.REQUEST as the case's request, unchanged")
    if offline.case.expect != faulty.case.expect:
        return Feedback(False, "run the same case (the same expect) with both models")
    if faulty.model != FAULT:
        return Feedback(False, f"run the second case with model={FAULT!r}")
    if offline.model != "offline":
        return Feedback(False, "run the first case with the offline model")
    if not offline.passed:
        failed = [c.id for g in offline.grades.values() for c in g.failures()]
        return Feedback(False, f"the offline run must pass, but these checks failed: {failed}")
    if faulty.passed:
        trace = faulty.grades["trace"]
        return Feedback(
            False,
            f"skip_date still passes: its trace grader scored {trace.score}/5, so a trace check "
            f"did fail ({len(trace.failures())} of them), but a failed check only costs a point "
            "unless it is critical. How does a case make a check critical? (the docstring of "
            "dayplan.evals.case says)",
        )
    if faulty.grades["trace"].passed:
        return Feedback(False, "it failed, but not on the trace: the trace is what is wrong")
    return Feedback(
        True,
        "the plan skip_date served was right; only its trace shows that the date was guessed, "
        f"and your case makes that fail: {faulty.grades['trace'].critical_failures}",
    )


async def try_expect(expect: Any, name: str = "market_then_library") -> Feedback:
    """Build the case ``{request: REQUEST, expect: expect}``, run it with the offline model and
    with ``FAULT`` (``run_case``, nothing saved) and ``check`` the pair. The placeholder ``...``
    is not attempted yet; an ``expect`` that is not a valid case expectation is explained."""
    from pydantic import ValidationError

    from dayplan.evals.case import EvalCase
    from dayplan.evals.runner import run_case

    if is_placeholder(expect):
        return not_attempted(
            'replace `...` with an expectation dict such as `{"status": "complete", ...}`: which '
            "keys of `expect` look at the trace, and how does a failed check fail the case? "
            '(notebook cell "What each grader checked" and `dayplan/evals/case.py` list them).'
        )
    try:
        case = EvalCase(name=name, request=REQUEST, expect=expect)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return Feedback(False, f"that is not a valid expect ({where}: {first.get('msg')}).")
    return check(await run_case(case, None, "offline"), await run_case(case, None, FAULT))
