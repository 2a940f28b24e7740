"""Time budgets that add up: the one place that turns settings into timeouts, attempts, backoff
and deadlines (pure arithmetic on ``Settings``; no I/O).

google-genai retries a call (HTTP 429/500/503/504 and transport timeouts) up to ``attempts``
times, waiting at most ``min(initial × 2^k + jitter, max_delay)`` s before retry ``k+1``
(tenacity's ``wait_exponential_jitter``, which ``HttpRetryOptions`` configures; see
``google/genai/_api_client.py: retry_args``). So one call
with per-attempt timeout ``t`` takes at most ``attempts × t + backoff(attempts)``.

* **Grounded search** runs under the ``tool_timeout`` guardrail's budget
  (``DAYPLAN_SEARCH_TIMEOUT_SECONDS``, 30 s). Its attempts and per-attempt timeout are chosen so
  that every retry fits inside that budget: as many attempts as ``DAYPLAN_RETRY_ATTEMPTS``
  allows while each attempt still gets ``MIN_SEARCH_ATTEMPT_SECONDS`` (10 s), the per-attempt
  timeout being what is left after the worst-case backoff, shared equally. (Before, the
  per-attempt timeout equalled the whole budget, so a slow first attempt was the only one.)
* **Model turns**: each of at most ``DAYPLAN_MAX_LLM_CALLS`` turns takes at most
  ``attempts × DAYPLAN_HTTP_TIMEOUT_SECONDS + backoff``; the tools a turn asks for run
  concurrently, so a turn's tool phase takes at most the longest tool budget (search, or the
  forecast/geocoding timeout).
* **Run deadline**: offline, the service's ``DAYPLAN_REQUEST_TIMEOUT_SECONDS`` (60 s) applies.
  Live, the deadline is ``DAYPLAN_LIVE_DEADLINE_SECONDS`` when set, else the worst case above
  (geocoding + every turn at its worst), so no run is cut off while a call it is entitled to is
  still within its own timeout. ``fits`` says whether the deadline covers the worst case.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from dayplan.config import Settings

MIN_SEARCH_ATTEMPT_SECONDS = 10.0
"""The shortest per-attempt timeout worth giving a grounded search (typical answers take 3–10 s)."""
SEARCH_MARGIN_SECONDS = 1.0
"""Kept back from the tool budget for reading the answer, so the last attempt ends inside it."""


def backoff_seconds(attempts: int, initial: float, max_delay: float, jitter: float) -> float:
    """Worst-case total wait between ``attempts`` tries: ``sum(min(initial·2^k + jitter,
    max_delay) for k < attempts - 1)`` seconds (0 for one attempt)."""
    return float(sum(min(initial * 2**k + jitter, max_delay) for k in range(max(attempts - 1, 0))))


@dataclass(frozen=True)
class CallBudget:
    """One kind of HTTP call: ``attempts`` tries of ``attempt_timeout`` s each, ``backoff`` s of
    waiting between them in the worst case; ``worst`` = attempts × timeout + backoff (s)."""

    attempts: int
    attempt_timeout: float
    backoff: float

    @property
    def worst(self) -> float:
        """The longest this call can take, all attempts and waits included (seconds)."""
        return self.attempts * self.attempt_timeout + self.backoff


@dataclass(frozen=True)
class TimeBudgets:
    """Every resolved time budget of a run (seconds)."""

    model: CallBudget
    search: CallBudget
    search_tool_budget: float
    forecast_timeout: float
    max_llm_calls: int
    worst_turn: float
    worst_run: float
    offline_deadline: float
    live_deadline: float

    @property
    def fits(self) -> bool:
        """True when the live deadline covers the worst case of a live run."""
        return self.live_deadline >= self.worst_run

    def deadline(self, live: bool) -> float:
        """The run deadline for a live or an offline run (seconds)."""
        return self.live_deadline if live else self.offline_deadline

    def as_dict(self) -> dict:
        """Plain values (for ``python -m dayplan settings``), seconds rounded to 0.1 s."""
        out = asdict(self)
        out["model"]["worst"] = round(self.model.worst, 1)
        out["search"]["worst"] = round(self.search.worst, 1)
        out["fits"] = self.fits
        return _rounded(out)


def _rounded(value):
    if isinstance(value, float):
        return round(value, 1)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def search_budget(settings: Settings) -> CallBudget:
    """Attempts and per-attempt timeout of the grounded search, fitted inside the tool budget.

    The most attempts (≤ ``retry_attempts``) whose per-attempt share of the budget, after the
    worst-case backoff, is at least ``MIN_SEARCH_ATTEMPT_SECONDS``; one attempt with the whole
    budget when even two do not fit.
    """
    budget = settings.search_timeout_seconds
    for attempts in range(settings.retry_attempts, 0, -1):
        wait = backoff_seconds(
            attempts, settings.retry_initial_delay, settings.retry_max_delay, settings.retry_jitter
        )
        per_attempt = float(math.floor((budget - wait - SEARCH_MARGIN_SECONDS) / attempts))
        if attempts == 1 or per_attempt >= MIN_SEARCH_ATTEMPT_SECONDS:
            return CallBudget(attempts, max(min(per_attempt, budget), 0.1), wait)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns at attempts == 1


def model_budget(settings: Settings) -> CallBudget:
    """Attempts, per-attempt timeout and worst backoff of one model call."""
    attempts = settings.retry_attempts
    wait = backoff_seconds(
        attempts, settings.retry_initial_delay, settings.retry_max_delay, settings.retry_jitter
    )
    return CallBudget(attempts, settings.http_timeout_seconds, wait)


def time_budgets(settings: Settings | None = None, offline_deadline: float = 60.0) -> TimeBudgets:
    """All budgets for ``settings`` (default: the environment). ``offline_deadline`` is the
    service's request timeout (``ServiceSettings.request_timeout_seconds``)."""
    s = settings or Settings()
    model, search = model_budget(s), search_budget(s)
    tools = max(s.search_timeout_seconds, s.forecast_timeout_seconds)
    turn = model.worst + tools
    worst = s.forecast_timeout_seconds + s.max_llm_calls * turn  # geocoding, then every turn
    live = s.live_deadline_seconds if s.live_deadline_seconds is not None else math.ceil(worst)
    return TimeBudgets(
        model=model,
        search=search,
        search_tool_budget=s.search_timeout_seconds,
        forecast_timeout=s.forecast_timeout_seconds,
        max_llm_calls=s.max_llm_calls,
        worst_turn=turn,
        worst_run=worst,
        offline_deadline=offline_deadline,
        live_deadline=float(live),
    )


__all__ = [
    "MIN_SEARCH_ATTEMPT_SECONDS",
    "SEARCH_MARGIN_SECONDS",
    "CallBudget",
    "TimeBudgets",
    "backoff_seconds",
    "model_budget",
    "search_budget",
    "time_budgets",
]
