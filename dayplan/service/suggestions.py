"""Google Search Suggestions travel with the served report (``DayPlanReport.search_suggestions``).

Each grounded search keeps ``searchEntryPoint.renderedContent`` in its search record
(``dayplan.tools.search_live``); Google's terms for Grounding with Google Search require
showing it with grounded results. ``attach_suggestions`` copies one entry per distinct rendered
chip set into the report, ordered by the planner's query (searches of one turn run
concurrently, so their order is not meaningful). Offline runs have none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dayplan.contract import DayPlanReport, SearchSuggestion
from dayplan.evidence import RunEvidence

MAX_SUGGESTIONS = 8


def suggestions(state: Mapping[str, Any]) -> list[SearchSuggestion]:
    """The Search Suggestions of every grounded search of the run (at most 8, deduplicated)."""
    found: dict[str, SearchSuggestion] = {}
    for record in RunEvidence(state).searches():
        extra = record.model_extra or {}
        html = extra.get("search_entry_point")
        if not isinstance(html, str) or not html.strip() or html in found:
            continue
        queries = [str(q)[:200] for q in extra.get("web_search_queries") or []][:8]
        found[html] = SearchSuggestion(
            query=record.query[:200], queries=queries, rendered_content=html[:20_000]
        )
    ordered = sorted(found.values(), key=lambda s: (s.query, s.rendered_content))
    return ordered[:MAX_SUGGESTIONS]


def attach_suggestions(report: DayPlanReport, state: Mapping[str, Any]) -> DayPlanReport:
    """``report`` with the run's Search Suggestions (unchanged when there are none)."""
    found = suggestions(state)
    if not found:
        return report
    data = report.model_dump(mode="json")
    data["search_suggestions"] = [s.model_dump(mode="json") for s in found]
    return DayPlanReport.model_validate(data)
