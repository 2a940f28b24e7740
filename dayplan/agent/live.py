"""Live mode: Gemini through ADK, configured from ``Settings`` (timeout, retries, temperature).

``make_live_model(settings)`` returns ADK's ``Gemini`` model (a ``LiveGemini`` subclass that
applies the configured temperature) whose google-genai client has an explicit HTTP timeout and
retries only HTTP 429/500/503/504 with exponential backoff. It raises ``LiveConfigError`` (one
line naming ``GOOGLE_API_KEY``) when no credentials are configured: live mode never silently
falls back to the offline model. Building the model makes no network call.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

from google.adk.models.google_llm import Gemini
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from pydantic import Field

from dayplan.agent.models import is_live_model
from dayplan.config import (
    LiveConfigError,
    Settings,
    client_kwargs,
    make_genai_client,
    retry_options,
)

__all__ = ["LiveConfigError", "LiveGemini", "is_live_model", "make_genai_client", "make_live_model"]


class LiveGemini(Gemini):
    """ADK's ``Gemini`` with a default sampling ``temperature`` (``None``: the API default;
    see ``Settings.effective_temperature``). The code, not the sampling, decides what is
    served."""

    temperature: float | None = None
    http_tap: Any = Field(default=None, exclude=True, repr=False)
    """A ``dayplan.recording.Replayer`` when this model replays a recording (else ``None``)."""

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        """Set the temperature (unless the request has one) and call Gemini."""
        if (
            self.temperature is not None
            and llm_request.config is not None
            and llm_request.config.temperature is None
        ):
            llm_request.config.temperature = self.temperature
        async for response in super().generate_content_async(llm_request, stream):
            yield response


def make_live_model(settings: Settings | None = None, model: str | None = None) -> LiveGemini:
    """The live planner model: ``model`` (default ``settings.model``, ``gemini-3.5-flash``).

    Raises ``LiveConfigError`` without credentials (see ``Settings.credential_problem``).
    """
    settings = settings or Settings()
    kwargs = client_kwargs(settings)  # raises LiveConfigError first, before anything is built
    name = model or settings.model
    return LiveGemini(
        model=name,
        retry_options=retry_options(settings),
        client_kwargs=kwargs,
        temperature=settings.effective_temperature(name),
    )
