"""Export cases to ADK's ``EvalSet`` JSON so ``adk eval`` can score the tool trajectory.

Each case with a valid request becomes one ``EvalCase``: one invocation whose user content is the
exact message ``run_plan`` sends (``render_request``), whose expected tool trajectory is the
case's required tool path (``tools_in_order``, else ``required_tools``, else the status
default), and whose session starts from the same state ``run_plan`` creates (pinned ``now``,
timezone, request). Invalid-request cases are left out: ADK runs the agent, and those requests
are rejected before any agent runs.

``test_config.json`` beside the file scores the trajectory with ``tool_trajectory_avg_score``
(``IN_ORDER``, arguments ignored: search queries and times may differ between models).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from google.adk.evaluation.eval_case import EvalCase as AdkEvalCase
from google.adk.evaluation.eval_case import IntermediateData, Invocation, SessionInput
from google.adk.evaluation.eval_set import EvalSet
from google.genai import types

from dayplan.agent.offline_model import render_request
from dayplan.evals.case import EvalCase
from dayplan.evals.graders import DEFAULT_REQUIRED
from dayplan.service.adk_entry import ADK_APP_NAME
from dayplan.service.run import USER_ID, initial_state

EVAL_SET_ID = "dayplan_cases"

#: ``adk eval`` criteria: the required tools in order, extra calls allowed, args ignored
TEST_CONFIG: dict[str, Any] = {
    "criteria": {
        "tool_trajectory_avg_score": {"threshold": 1.0, "match_type": 1, "ignore_args": True}
    }
}


def expected_tools(case: EvalCase) -> list[str]:
    """The tool path a correct run must contain, in order."""
    exp = case.expect
    return list(exp.tools_in_order or exp.required_tools or DEFAULT_REQUIRED[exp.status])


def build_eval_set(cases: list[EvalCase]) -> EvalSet:
    """The cases as an ADK ``EvalSet`` (see the module docstring)."""
    eval_cases = []
    for case in cases:
        if case.expect.status == "invalid_request" or case.request_error() is not None:
            continue
        request = case.plan_request()
        invocation = Invocation(
            invocation_id=f"{case.name}-1",
            user_content=types.Content(
                role="user", parts=[types.Part(text=render_request(request))]
            ),
            intermediate_data=IntermediateData(
                tool_uses=[types.FunctionCall(name=t, args={}) for t in expected_tools(case)]
            ),
        )
        eval_cases.append(
            AdkEvalCase(
                eval_id=case.name,
                conversation=[invocation],
                session_input=SessionInput(
                    app_name=ADK_APP_NAME,
                    user_id=USER_ID,
                    state=initial_state(request, run_id=f"adk-eval-{case.name}"),
                ),
            )
        )
    return EvalSet(
        eval_set_id=EVAL_SET_ID,
        name="dayplan cases",
        description="Exported by `python -m dayplan eval --export-adk`; tool trajectory only.",
        eval_cases=eval_cases,
    )


def write_eval_set(cases: list[EvalCase], path: Path) -> int:
    """Write the ``EvalSet`` to ``path`` and ``test_config.json`` beside it; return the count."""
    eval_set = build_eval_set(cases)
    path.parent.mkdir(parents=True, exist_ok=True)
    # serialised the way ADK's LocalEvalSetsManager writes eval sets
    path.write_text(eval_set.model_dump_json(indent=2, exclude_none=True) + "\n", encoding="utf-8")
    (path.parent / "test_config.json").write_text(json.dumps(TEST_CONFIG, indent=1) + "\n")
    return len(eval_set.eval_cases)


AGENT_DIR = Path(__file__).resolve().parents[2] / "agents" / "day_planner"
"""The agents folder ``adk eval`` loads (``agents/day_planner``, see ``service/adk_entry``)."""


def run_adk_eval(eval_set: Path, workdir: Path, *, timeout_s: float = 300) -> dict[str, float]:
    """Score ``eval_set`` (written by ``write_eval_set``) with ADK's own ``adk eval`` against
    the offline stand-in; return ``tool_trajectory_avg_score`` per case id (0.0–1.0).

    The agent folder is copied into ``workdir`` first, so ADK's eval history lands there, not in
    the repository. Runs ``adk`` from the running interpreter's environment with
    ``DAYPLAN_MODE=offline`` and no model credentials. Raises ``RuntimeError`` with the end of
    ADK's output when it finds no result.
    """
    import os
    import shutil
    import subprocess
    import sys

    agent = workdir / "agents" / "day_planner"
    shutil.copytree(AGENT_DIR, agent, ignore=shutil.ignore_patterns("__pycache__", ".adk"))
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env.pop("GOOGLE_GENAI_USE_VERTEXAI", None)
    env.update(DAYPLAN_MODE="offline", PYTHONPATH=str(AGENT_DIR.parents[1]))
    adk = Path(sys.executable).with_name("adk")
    config = eval_set.parent / "test_config.json"
    proc = subprocess.run(
        [str(adk), "eval", str(agent), str(eval_set), "--config_file_path", str(config)],
        capture_output=True, text=True, env=env, timeout=timeout_s,
    )  # fmt: skip
    scores: dict[str, float] = {}
    for f in sorted((agent / ".adk" / "eval_history").glob("*.json")):
        raw = json.loads(f.read_text(encoding="utf-8"))
        for case in (json.loads(raw) if isinstance(raw, str) else raw)["eval_case_results"]:
            scores[case["eval_id"]] = next(
                m["score"]
                for m in case["overall_eval_metric_results"]
                if m["metric_name"] == "tool_trajectory_avg_score"
            )
    if not scores:
        raise RuntimeError(f"adk eval gave no result: {(proc.stdout + proc.stderr)[-1500:]}")
    return scores
