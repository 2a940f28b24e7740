"""The context step: at the start of every run, load what this user told the planner before.

``MemoryContextPlugin`` runs before the agent: it asks the store for the user's recent
preferences (CONTEXT_REQUESTED), puts them in session state as ``recent_memories`` (a list of
``{"kind", "value", "updated_at"}``, newest first) and reports how many (CONTEXT_LOADED). Before
each model call it adds them to the instructions, labelled as the user's earlier words, so the
model can use them (the current request always wins).

A store that cannot be read never stops a run: ``recent_memories`` is then empty and the
CONTEXT_LOADED summary says the store was unavailable.

The read goes through ``dayplan.store_read`` first (the same ``SELECT`` with ``sqlite3``, for a
SQLite store file at the migrations' head), and opens the SQLAlchemy ``Store`` only when that
cannot answer, so a plain ``plan`` start does not import SQLAlchemy for one ``SELECT``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from google.adk.agents.base_agent import BaseAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.plugins.base_plugin import BasePlugin
from google.genai import types

from dayplan.agent.event_log import EventLog
from dayplan.agent.events import ToolStep
from dayplan.store_read import NOT_NOW, recent_preferences_now, recent_preferences_sqlite

MEMORY_KEY = "recent_memories"
CONTEXT_STEP = "load_context"
MAX_MEMORIES = 10


def memory_lines(memories: Sequence[Mapping[str, Any]]) -> list[str]:
    """Readable lines, e.g. ``home_suburb: New Farm``, newest first."""
    return [f"{m['kind']}: {m['value']}" for m in memories]


class MemoryContextPlugin(BasePlugin):
    """Load the user's recent preferences into ``recent_memories`` before the agent runs."""

    def __init__(self, log: EventLog | None = None, *, limit: int = MAX_MEMORIES) -> None:
        super().__init__(name="memory_context")
        self.log = log
        self.limit = limit

    def _emit(self, event_type: str, summary: str, ms: float | None = None) -> None:
        if self.log is not None:
            self.log.emit(event_type, summary, duration_ms=ms)

    async def before_agent_callback(
        self, *, agent: BaseAgent, callback_context: CallbackContext
    ) -> types.Content | None:
        state = callback_context.state
        if MEMORY_KEY in state:  # loaded once per session
            return None
        user = callback_context.user_id
        self._emit("CONTEXT_REQUESTED", f"recent preferences of user {user}")
        if self.log is not None:
            self.log.start_clock("context")
        memories, note = await self._read(user)
        state[MEMORY_KEY] = memories
        state["context_note"] = note
        ms = self.log.elapsed_ms("context") if self.log is not None else None
        self._emit("CONTEXT_LOADED", note, ms)
        return None

    async def _read(self, user: str) -> tuple[list[dict[str, Any]], str]:
        """The user's recent preferences (``Preference.as_dict`` rows) and the CONTEXT_LOADED
        note. A read that cannot wait for anything (``recent_preferences_now``: the kept
        connection, busy timeout 0) is made on the loop; any read that might wait runs off the
        event loop (a thread; the store's own pool)."""
        found = recent_preferences_now(user, self.limit)
        if found is NOT_NOW:
            found = await asyncio.to_thread(recent_preferences_sqlite, user, self.limit)
        if found is not None:
            return found, f"{len(found)} recent preference(s) of user {user}"
        from sqlalchemy.exc import SQLAlchemyError  # only when the Store must answer

        from dayplan.store import get_store

        try:
            store = get_store()
            rows = await store.call(store.recent_preferences, user, self.limit)
        except SQLAlchemyError as exc:
            return [], f"memory store unavailable ({type(exc).__name__}); no preferences loaded"
        memories = [p.as_dict() for p in rows]
        return memories, f"{len(memories)} recent preference(s) of user {user}"

    async def before_model_callback(
        self, *, callback_context: CallbackContext, llm_request: LlmRequest
    ) -> LlmResponse | None:
        memories = callback_context.state.get(MEMORY_KEY) or []
        if memories:
            llm_request.append_instructions(
                [
                    "What this user told the planner in earlier requests (their own words; the "
                    "current request wins where it differs):",
                    *(f"- {line}" for line in memory_lines(memories)),
                ]
            )
        return None


class ContextStep(ToolStep):
    """The context step as a trace line: ``load_context ✓ 2 recent preference(s) …``."""

    def summary(self) -> str:
        return str((self.response or {}).get("note", "context loaded"))[:300]


def context_steps(state: Mapping[str, Any]) -> list[ToolStep]:
    """A one-step trace prefix for the context load, when it loaded something (else empty, so
    traces of runs without memories keep their tool path unchanged)."""
    memories = state.get(MEMORY_KEY) or []
    if not memories:
        return []
    return [
        ContextStep(
            CONTEXT_STEP,
            {},
            {"ok": True, "note": state.get("context_note", ""), "memories": list(memories)},
        )
    ]
