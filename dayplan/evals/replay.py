"""A scripted model that replays saved model turns, so a saved run becomes a deterministic test.

The model turns of a run are the ADK events whose content has ``role == "model"`` (function
calls or text) — exactly what the real model answered, in order. ``ReplayModel`` answers the
n-th request with the n-th saved turn, whatever it is asked; the tools, guardrails and boundary
run for real. After the last turn it answers with a short text, which ends the run.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from pathlib import Path
from typing import Any

from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from pydantic import Field


def model_turns(events: list[Event]) -> list[dict[str, Any]]:
    """The model's turns in ``events`` as JSON-able ``Content`` dicts (ids dropped)."""
    turns = []
    for event in events:
        if event.content is None or event.content.role != "model" or not event.content.parts:
            continue
        content = event.content.model_dump(mode="json", exclude_none=True)
        for part in content.get("parts", []):
            part.get("function_call", {}).pop("id", None)
        turns.append(content)
    return turns


def load_events(path: Path) -> list[Event]:
    """Events saved one ``Event.model_dump_json()`` per line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [Event.model_validate_json(line) for line in lines if line.strip()]


class ReplayModel(BaseLlm):
    """Answers with the saved ``turns`` in order (see the module docstring)."""

    model: str = "replay"
    turns: list[dict[str, Any]] = Field(default_factory=list)
    position: int = 0

    @classmethod
    def from_events_file(cls, path: Path, **kwargs: Any) -> ReplayModel:
        """A replay of the model turns in a saved ``<case>.events.jsonl``."""
        return cls(turns=model_turns(load_events(path)), **kwargs)

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        """Yield the next saved turn (or a closing text when none is left)."""
        if self.position < len(self.turns):
            content = types.Content.model_validate(self.turns[self.position])
            self.position += 1
        else:
            content = types.Content(role="model", parts=[types.Part(text="(replay ended)")])
        usage = types.GenerateContentResponseUsageMetadata(
            prompt_token_count=0, candidates_token_count=0, total_token_count=0
        )
        yield LlmResponse(content=content, usage_metadata=usage)


def turns_literal(turns: list[dict[str, Any]]) -> str:
    """``turns`` as compact JSON text (one turn a line) for embedding in a generated test."""
    return "[\n" + ",\n".join(json.dumps(t, ensure_ascii=False) for t in turns) + "\n]"
