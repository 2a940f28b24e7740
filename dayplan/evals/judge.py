"""An optional LLM judge for meaning. It is used only with a live key and live mode
(``DAYPLAN_MODE=live`` and ``GOOGLE_API_KEY``); offline it is never called. When used, its prompt
and answer are saved with the meaning grade, and its score can only lower the deterministic one.

A judge alone is not enough: the original prototype's single judge gave 5/5 to a malformed
answer because prose reads well even when the JSON under it is broken. Here the judge grades
meaning only; the contract grader checks the JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any, Protocol

from dayplan.config import Settings
from dayplan.evals.case import EvalCase
from dayplan.evals.graders import DEFAULT_RUBRIC, Grade
from dayplan.evals.served import Served

JUDGE_PROMPT = """You grade the MEANING of one answer from a day-planning service.
The service already proves feasibility in code; you judge only whether the answer does what the
request asked, against the rubric. Do not judge formatting or JSON validity.

Request (JSON):
{request}

Expected status: {status}

Rubric (each item is a statement that should be true of the answer):
{rubric}

Served answer (HTTP {http_status}):
{body}

Reply with one JSON object and nothing else:
{{"score": <integer 0-5>, "failed": [<ids of rubric items that are false>], "reason": "<one sentence>"}}
"""


class Judge(Protocol):
    """Anything that answers a prompt with text (an LLM behind an API)."""

    name: str

    async def ask(self, prompt: str) -> str:
        """The model's answer to ``prompt``."""
        ...


def judge_prompt(case: EvalCase, served: Served) -> str:
    """The filled-in judge prompt for ``case`` and what was served."""
    items = {i.id: i for i in DEFAULT_RUBRIC[case.expect.status]}
    items.update({i.id: i for i in case.expect.rubric})
    rubric = "\n".join(f"- {i.id}: {i.says}" for i in items.values()) or "- (status only)"
    return JUDGE_PROMPT.format(
        request=json.dumps(case.request, ensure_ascii=False, indent=1)[:4000],
        status=case.expect.status,
        rubric=rubric,
        http_status=served.http_status,
        body=served.body[:8000],
    )


def parse_verdict(answer: str) -> dict[str, Any]:
    """``{"score": int, "failed": [...], "reason": str}`` from the judge's answer; score 0 and
    the raw text as reason when it cannot be read."""
    m = re.search(r"\{.*\}", answer, re.S)
    try:
        verdict = json.loads(m.group(0)) if m else {}
        score = int(verdict.get("score"))
        return {
            "score": max(0, min(5, score)),
            "failed": [str(x) for x in verdict.get("failed", [])],
            "reason": str(verdict.get("reason", ""))[:300],
        }
    except (json.JSONDecodeError, TypeError, ValueError, AttributeError):
        return {"score": 0, "failed": [], "reason": f"unreadable judge answer: {answer[:200]}"}


class GeminiJudge:
    """The live judge: one ``generate_content`` call through ``google-genai``."""

    def __init__(self, model: str | None = None) -> None:
        settings = Settings()
        if settings.google_api_key is None:
            raise RuntimeError("the live judge needs GOOGLE_API_KEY in the environment")
        self.name = model or settings.model
        self._key = settings.google_api_key

    async def ask(self, prompt: str) -> str:  # pragma: no cover - live only
        from google import genai

        client = genai.Client(api_key=self._key.get_secret_value())
        response = await client.aio.models.generate_content(model=self.name, contents=prompt)
        return response.text or ""


def live_judge_available() -> bool:
    """True only in live mode with a key; tests and CI never have both."""
    settings = Settings()
    return settings.mode == "live" and settings.google_api_key is not None


async def apply_judge(grade: Grade, case: EvalCase, served: Served, judge: Judge) -> Grade:
    """Ask ``judge``, save its prompt and answer on the meaning ``grade``, and lower the score
    to the judge's when the judge is stricter (a judge never raises a score)."""
    prompt = judge_prompt(case, served)
    answer = await judge.ask(prompt)
    verdict = parse_verdict(answer)
    score = min(grade.score, verdict["score"])
    return grade.model_copy(
        update={
            "score": score,
            "passed": grade.passed and score >= 4,
            "judge": {"model": judge.name, "prompt": prompt, "answer": answer, **verdict},
        }
    )
