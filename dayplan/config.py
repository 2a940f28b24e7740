"""Settings from the environment (pydantic-settings). Secrets are never printed or logged.

``DAYPLAN_MODE`` = ``offline`` (default) or ``live``; ``DAYPLAN_MODEL`` names the live Gemini
model (default ``gemini-3.5-flash``; ``gemini-2.5-flash``, the original prototype's model, is
retired in December 2026); ``DAYPLAN_MAX_LLM_CALLS`` caps model turns per run (loop guard);
``DAYPLAN_SEARCH_BUDGET`` caps successful searches per run.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_LIVE_MODEL = "gemini-3.5-flash"


class Settings(BaseSettings):
    """Runtime configuration; read fresh with ``Settings()`` so tests can set the environment."""

    model_config = SettingsConfigDict(env_prefix="DAYPLAN_", extra="ignore")

    mode: Literal["offline", "live"] = "offline"
    model: str = DEFAULT_LIVE_MODEL
    max_llm_calls: int = Field(default=10, ge=1, le=100)
    search_budget: int = Field(default=8, ge=0, le=100)
    search_timeout_seconds: float = Field(default=20.0, gt=0, le=300)
    google_api_key: SecretStr | None = Field(default=None, validation_alias="GOOGLE_API_KEY")

    def describe(self) -> dict[str, str | int | float | bool]:
        """A printable summary: mode, model, limits, and whether a key is set (never the key)."""
        return {
            "mode": self.mode,
            "live_model": self.model,
            "max_llm_calls": self.max_llm_calls,
            "search_budget": self.search_budget,
            "google_api_key_set": self.google_api_key is not None,
        }
