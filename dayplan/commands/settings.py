"""``python -m dayplan settings [--json]``: every resolved setting, never a secret.

Mode, live model and backend (AI Studio or Vertex AI, with the Vertex project and location:
``global`` when ``GOOGLE_CLOUD_LOCATION`` is unset), whether a key is set (never the key), the
loop guard and search budget, and every time budget from ``dayplan.budgets``: per-attempt
timeouts, attempts, worst-case backoff, the search tool's budget, the worst case of a whole live
run and the deadlines. ``--json`` prints the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json

from dayplan.cli_common import EXIT_OK


def resolved(settings=None, offline_deadline: float | None = None) -> dict:
    """Every resolved setting as plain values (seconds for times); no secret, only whether the
    API key is set. ``offline_deadline`` defaults to the service's request timeout."""
    from dayplan.budgets import time_budgets
    from dayplan.config import Settings

    s = settings or Settings()
    if offline_deadline is None:
        from dayplan.service.app import ServiceSettings

        offline_deadline = ServiceSettings().request_timeout_seconds
    budgets = time_budgets(s, offline_deadline)
    vertex = s.use_vertexai
    return {
        "mode": s.mode,
        "live_model": s.model,
        "search_model": s.search_model or s.model,
        "backend": s.backend,
        "vertex_project": s.google_cloud_project if vertex else None,
        "vertex_location": s.vertex_location if vertex else None,
        "vertex_location_source": (
            ("GOOGLE_CLOUD_LOCATION" if s.google_cloud_location else "default (global)")
            if vertex
            else None
        ),
        "google_api_key_set": s.google_api_key is not None,
        "credentials_ok": s.credential_problem() is None,
        "temperature": s.effective_temperature(),
        "max_llm_calls": s.max_llm_calls,
        "search_budget": s.search_budget,
        "rain_threshold_percent": s.rain_threshold_percent,
        "forecast_url": s.forecast_url,
        "retry_status_codes": [429, 500, 503, 504],
        "retry_initial_delay": s.retry_initial_delay,
        "retry_max_delay": s.retry_max_delay,
        "retry_jitter": s.retry_jitter,
        "budgets": budgets.as_dict(),
    }


def _lines(values: dict) -> list[str]:
    b = values["budgets"]
    m, srch = b["model"], b["search"]
    vertex = (
        f" · project {values['vertex_project'] or '(unset)'} · location "
        f"{values['vertex_location']} ({values['vertex_location_source']})"
        if values["backend"] == "vertex_ai"
        else ""
    )
    fits = "covers" if b["fits"] else "does NOT cover"
    return [
        f"mode                 {values['mode']}",
        f"live model           {values['live_model']} (search: {values['search_model']})",
        f"backend              {values['backend']}{vertex}",
        f"api key set          {'yes' if values['google_api_key_set'] else 'no'} "
        f"(credentials {'ok' if values['credentials_ok'] else 'missing'})",
        f"temperature          {values['temperature'] if values['temperature'] is not None else 'API default'}",
        f"max model turns      {values['max_llm_calls']} (loop_guard)",
        f"search budget        {values['search_budget']} successful searches per run",
        f"rain threshold       {values['rain_threshold_percent']} % (forecast {values['forecast_url']})",
        f"model call           {m['attempts']} attempt(s) × {m['attempt_timeout']:g} s + "
        f"≤ {m['backoff']:g} s backoff = ≤ {m['worst']:g} s",
        f"grounded search      {srch['attempts']} attempt(s) × {srch['attempt_timeout']:g} s + "
        f"≤ {srch['backoff']:g} s backoff = ≤ {srch['worst']:g} s, inside the "
        f"{b['search_tool_budget']:g} s tool_timeout budget",
        f"forecast/geocoding   {b['forecast_timeout']:g} s, one attempt",
        f"retried statuses     {', '.join(map(str, values['retry_status_codes']))} and transport "
        f"timeouts; backoff {values['retry_initial_delay']:g} s ×2 + ≤ "
        f"{values['retry_jitter']:g} s jitter, capped at {values['retry_max_delay']:g} s",
        f"worst model turn     {b['worst_turn']:g} s (model call + the longest tool budget)",
        f"worst live run       {b['worst_run']:g} s (geocoding + {b['max_llm_calls']} turns)",
        f"live run deadline    {b['live_deadline']:g} s ({fits} the worst case)",
        f"offline run deadline {b['offline_deadline']:g} s (DAYPLAN_REQUEST_TIMEOUT_SECONDS)",
    ]


def _run(args: argparse.Namespace) -> int:
    values = resolved()
    if args.json:
        print(json.dumps(values, indent=1))
    else:
        print("\n".join(_lines(values)))
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``settings``."""
    p = subparsers.add_parser(
        "settings", help="print every resolved setting: mode, model, backend, budgets (no secret)"
    )
    p.add_argument("--json", action="store_true", help="print them as one JSON object")
    p.set_defaults(func=_run)
