"""The session-state layout: every key a run's evidence lives under, and every tool's name.

One key per fact, so tool calls that ADK runs concurrently in one turn never overwrite each
other: a fact that can happen several times in a run gets its own key under a prefix
(``check:<seq>``, ``search:<call id>``, ``venue:<id>``, ...); a fact that happens once has a
plain key (``date``, ``clarification``, ``finish_payload``, ``reading``).

Nothing outside ``dayplan.evidence`` spells these strings; read and write through
``dayplan.evidence.RunEvidence``.
"""

from __future__ import annotations

# -- set when the session is created (dayplan.service.run) ---------------------------------
REQUEST = "request"
"""The ``PlanRequest`` as JSON."""
NOW = "now"
"""The pinned local datetime of the run (ISO 8601 with offset)."""
TIMEZONE = "timezone"
"""IANA timezone name of the plan."""
RUN_ID = "run_id"
EXECUTION_ID = "execution_id"
USER_ID = "user_id"
IDEMPOTENCY_KEY = "idempotency_key"
"""The HTTP ``Idempotency-Key`` of the request, when it had one: names the save without a
``request_id`` (``dayplan.tools.actions.request_key``)."""
BACKEND = "backend"
"""``offline`` or ``live``: which search and forecast backend the tools use."""
LOCATION_NAME = "location_name"
"""The location's display name (resolved from the request)."""
LOCATION_POINT = "location_point"
"""Live mode: the geocoded location ``{name, lat, lon, timezone}`` when the gazetteer lacks it."""

# -- one fact each -------------------------------------------------------------------------
DATE = "date"
"""The resolved ISO date (``resolve_date``)."""
DATE_ERROR = "date_error"
"""``{expression, error}`` when ``resolve_date`` could not resolve the date."""
FORECAST = "forecast"
"""What ``get_forecast`` read: ``{date, ok, rain: [{start, end}], source, ...}``."""
WEATHER_CHECKED = "weather_checked"
CLARIFICATION = "clarification"
"""``{questions, missing}`` from ``record_clarification``."""
FINISH_PAYLOAD = "finish_payload"
"""The raw text the model handed to ``finish``."""
SAVED = "saved"
SAVED_VERIFICATION = "saved_verification"
READING = "reading"
"""The frozen accepted reading of the request text ``{items, unread, assumed}``."""
CONTEXT_NOTE = "context_note"
MEMORIES = "recent_memories"

# -- one key per occurrence ----------------------------------------------------------------
ASSUMPTION = "assumption:"
"""``assumption:<topic>`` -> one stated assumption (text); latest wins per topic."""
VENUE = "venue:"
"""``venue:<id>`` -> a venue record exactly as search returned it."""
SOURCE = "source:"
"""``source:<id>`` -> the source a venue was found with."""
SEARCH = "search:"
"""``search:<call id>`` -> one record per search call."""
CHECK = "check:"
"""``check:<seq>`` -> one record per ``check_plan``/``arrange_plan`` check (sortable seq)."""
READING_ATTEMPT = "reading_attempt:"
"""``reading_attempt:<n>`` -> one ``record_reading`` call and its verdict."""
MUST_DO_MATCH = "must_do_match:"
"""``must_do_match:<activity>`` -> code's match of one must-do over every venue the run's
searches returned (``dayplan.tools.mustdo.record_matches``); latest wins per activity."""
REMEMBERED = "remembered:"
"""``remembered:<seq>`` -> a preference the run stored."""


def key(prefix: str, ident: str) -> str:
    """The key of one occurrence: ``key(CHECK, "0001")`` -> ``"check:0001"``."""
    return f"{prefix}{ident}"


# -- tool names ------------------------------------------------------------------------------
RESOLVE_DATE_TOOL = "resolve_date"
FORECAST_TOOL = "get_forecast"
SEARCH_TOOL = "search_public_web"
ARRANGE_TOOL = "arrange_plan"
CHECK_TOOL = "check_plan"
CLARIFY_TOOL = "record_clarification"
FINISH_TOOL = "finish"
SAVE_TOOL = "save_plan"
READ_SAVED_TOOL = "get_saved_plan"
REMEMBER_TOOL = "remember_preference"
READING_TOOL = "record_reading"
LOAD_MEMORY_TOOL = "load_memory"

TOOL_NAMES: tuple[str, ...] = (
    READING_TOOL,
    RESOLVE_DATE_TOOL,
    FORECAST_TOOL,
    SEARCH_TOOL,
    ARRANGE_TOOL,
    CHECK_TOOL,
    CLARIFY_TOOL,
    FINISH_TOOL,
    SAVE_TOOL,
    READ_SAVED_TOOL,
    REMEMBER_TOOL,
)
"""Every planner tool name a run's evidence can come from."""

EARLIER_START = "earlier_start"
"""The field of an ``arrange_plan`` proof's check record (and of its response) saying the day is
infeasible only because of the assumed start: ``{"leave_home", "assumed_start", "question"}``
(``tools.arrange.earlier_start``); ``no_feasible_plan`` may not rest on such a proof."""
