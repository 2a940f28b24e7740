"""Settings from the environment (pydantic-settings). Secrets are never printed or logged.

``DAYPLAN_MODE`` = ``offline`` (default) or ``live``; ``DAYPLAN_MODEL`` names the live Gemini
model (default ``gemini-3.5-flash``; ``gemini-2.5-flash``, the original prototype's model, is
retired in December 2026); ``DAYPLAN_MAX_LLM_CALLS`` caps model turns per run (loop guard);
``DAYPLAN_SEARCH_BUDGET`` caps successful searches per run.

Live credentials (read without the ``DAYPLAN_`` prefix, as google-genai 2.34 names them):
``GOOGLE_API_KEY`` (or ``GEMINI_API_KEY``) for Google AI Studio, or Vertex AI with
``GOOGLE_GENAI_USE_ENTERPRISE=true`` (google-genai's current name; the older
``GOOGLE_GENAI_USE_VERTEXAI=true`` is honoured too, and when both are set with different values
``GOOGLE_GENAI_USE_ENTERPRISE`` wins, as in ``google/genai/_api_client.py``),
``GOOGLE_CLOUD_PROJECT`` and ``GOOGLE_CLOUD_LOCATION`` plus Application Default Credentials.
An unset ``GOOGLE_CLOUD_LOCATION`` means ``global`` (google-genai's own default, and the
endpoint, ``aiplatform.googleapis.com``, that serves Gemini 3 models; regional endpoints such as
``us-central1`` answer 404 "Publisher Model ... was not found" for them).

Every live HTTP call has an explicit timeout (google-genai has none by default) and retries only
HTTP 429, 500, 503 and 504 with exponential backoff (``RETRY_STATUS_CODES``); anything else,
e.g. a 400 for a bad request or a 403 for a bad key, fails at once with a clear error. How the
timeouts, attempts and backoff add up to each tool's budget and the run's deadline is computed
in one place, ``dayplan.budgets`` (printed by ``python -m dayplan settings``).
"""

import copy
import functools
import os
from typing import TYPE_CHECKING, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, SecretStr

if TYPE_CHECKING:  # pragma: no cover - typing only; google-genai is imported lazily
    from google.genai import types

DEFAULT_LIVE_MODEL = "gemini-3.5-flash"
DEFAULT_VERTEX_LOCATION = "global"
"""google-genai's default Vertex location when ``GOOGLE_CLOUD_LOCATION`` is unset."""
LOW_TEMPERATURE = 0.2
"""Sampling temperature for models before Gemini 3 (low: repeatable tool choices)."""
RETRY_STATUS_CODES = (429, 500, 503, 504)
"""HTTP statuses worth retrying: rate limited, server error, unavailable, gateway timeout."""


class LiveConfigError(ValueError):
    """Live mode was asked for but cannot run (one readable line, never containing a secret)."""


class Settings(BaseModel):
    """Runtime configuration; read fresh with ``Settings()`` so tests can set the environment.

    Times are seconds; ``rain_threshold_percent`` is the hourly precipitation probability (%)
    from which an hour counts as rainy.

    The environment is read by pydantic-settings (``ENV_PREFIX``, names case-insensitive, the
    aliases below without it): ``Settings(**values)`` takes what a ``BaseSettings`` class with
    these fields reads (``_environment_reader``), with the same values, errors and
    ``model_fields_set``. When there is nothing to read (no ``values`` and none of the variables
    it would look at is set: ``_reads_environment``), the answer is the defaults, built without
    importing pydantic-settings (about 10 ms of a ``plan`` start).
    """

    model_config = ConfigDict(extra="ignore", validate_default=True, validate_by_name=True)

    def __init__(self, **values: Any) -> None:
        if values or _reads_environment():
            reader = _environment_reader()(**values)
            values = {name: getattr(reader, name) for name in reader.model_fields_set}
        super().__init__(**values)

    mode: Literal["offline", "live"] = "offline"
    model: str = DEFAULT_LIVE_MODEL
    search_model: str | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_llm_calls: int = Field(default=10, ge=1, le=100)
    search_budget: int = Field(default=8, ge=0, le=100)
    search_timeout_seconds: float = Field(default=30.0, gt=0, le=300)
    http_timeout_seconds: float = Field(default=30.0, gt=0, le=600)
    forecast_timeout_seconds: float = Field(default=10.0, gt=0, le=120)
    retry_attempts: int = Field(default=3, ge=1, le=10)
    retry_initial_delay: float = Field(default=1.0, ge=0, le=60)
    retry_max_delay: float = Field(default=20.0, ge=0, le=300)
    retry_jitter: float = Field(default=1.0, ge=0, le=10)
    rain_threshold_percent: int = Field(default=50, ge=1, le=100)
    forecast_url: str = "https://api.open-meteo.com/v1/forecast"
    google_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("GOOGLE_API_KEY", "GEMINI_API_KEY")
    )
    # -- live backend and time budgets (issue 16; see dayplan.budgets) -------------------------
    use_enterprise: bool | None = Field(
        default=None, validation_alias="GOOGLE_GENAI_USE_ENTERPRISE"
    )
    use_vertexai_legacy: bool | None = Field(
        default=None, validation_alias="GOOGLE_GENAI_USE_VERTEXAI"
    )
    google_cloud_project: str | None = Field(default=None, validation_alias="GOOGLE_CLOUD_PROJECT")
    google_cloud_location: str | None = Field(
        default=None, validation_alias="GOOGLE_CLOUD_LOCATION"
    )
    live_deadline_seconds: float | None = Field(default=None, gt=0, le=7200)
    """Live runs' deadline (``DAYPLAN_LIVE_DEADLINE_SECONDS``); unset: the computed worst case."""

    @property
    def use_vertexai(self) -> bool:
        """True for Vertex AI: ``GOOGLE_GENAI_USE_ENTERPRISE`` when set, else
        ``GOOGLE_GENAI_USE_VERTEXAI`` (google-genai 2.34's precedence), else False."""
        if self.use_enterprise is not None:
            return self.use_enterprise
        return bool(self.use_vertexai_legacy)

    @property
    def vertex_location(self) -> str:
        """``GOOGLE_CLOUD_LOCATION``, or ``global`` when it is unset or blank."""
        return (self.google_cloud_location or "").strip() or DEFAULT_VERTEX_LOCATION

    @property
    def backend(self) -> Literal["vertex_ai", "ai_studio"]:
        """Which Gemini API live mode calls: ``vertex_ai`` or ``ai_studio`` (an API key)."""
        return "vertex_ai" if self.use_vertexai else "ai_studio"

    def effective_temperature(self, model: str | None = None) -> float | None:
        """The temperature to send for ``model`` (default ``self.model``).

        ``DAYPLAN_TEMPERATURE`` wins when set. Otherwise Gemini 3 models get ``None`` (the API
        default, 1.0: Google's Gemini 3 guidance warns that lower values can cause looping or
        degraded reasoning) and older models ``LOW_TEMPERATURE`` (0.2).
        """
        if self.temperature is not None:
            return self.temperature
        name = (model or self.model).rsplit("/", 1)[-1]
        return None if name.startswith("gemini-3") else LOW_TEMPERATURE

    def credential_problem(self) -> str | None:
        """``None`` when live credentials are configured, else one line saying what is missing."""
        if self.use_vertexai:
            if not self.google_cloud_project:
                return (
                    "live mode on Vertex AI needs GOOGLE_CLOUD_PROJECT (and Application Default "
                    "Credentials); or unset GOOGLE_GENAI_USE_ENTERPRISE/GOOGLE_GENAI_USE_VERTEXAI "
                    "and set GOOGLE_API_KEY"
                )
            return None
        if self.google_api_key is None or not self.google_api_key.get_secret_value().strip():
            return (
                "live mode needs GOOGLE_API_KEY (Google AI Studio) or GOOGLE_GENAI_USE_ENTERPRISE=true "
                "with GOOGLE_CLOUD_PROJECT; set one in the environment or run offline"
            )
        return None

    def require_live(self) -> None:
        """Raise ``LiveConfigError`` (one line naming ``GOOGLE_API_KEY``) without credentials."""
        problem = self.credential_problem()
        if problem:
            raise LiveConfigError(problem)

    def describe(self) -> dict[str, str | int | float | bool]:
        """A printable summary: mode, model, limits, and whether a key is set (never the key)."""
        return {
            "mode": self.mode,
            "live_model": self.model,
            "max_llm_calls": self.max_llm_calls,
            "search_budget": self.search_budget,
            "google_api_key_set": self.google_api_key is not None,
        }


ENV_PREFIX = "DAYPLAN_"
"""The prefix of a setting's environment variable (``DAYPLAN_MODE``), except for the aliases."""


@functools.cache
def _environment_names() -> frozenset[str]:
    """The variables pydantic-settings would read for ``Settings``, lower-cased (it matches
    names case-insensitively): each field's aliases, or the prefixed field name."""
    names = set()
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        if isinstance(alias, AliasChoices):
            names.update(str(choice).lower() for choice in alias.choices)
        elif alias is not None:
            names.add(str(alias).lower())
        else:
            names.add(f"{ENV_PREFIX}{name}".lower())
    return frozenset(names)


def _reads_environment() -> bool:
    """True when one of the variables ``Settings`` reads is set (set to anything, even empty)."""
    names = _environment_names()
    return any(key.lower() in names for key in os.environ)


@functools.cache
def _environment_reader() -> type:
    """A pydantic-settings ``BaseSettings`` class named ``Settings`` with ``Settings``' fields:
    what reads the environment when there is something to read."""
    from pydantic import create_model
    from pydantic_settings import BaseSettings, SettingsConfigDict

    class _Reader(BaseSettings):
        model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore")

    fields: dict[str, Any] = {
        name: (field.annotation, copy.copy(field)) for name, field in Settings.model_fields.items()
    }
    return create_model("Settings", __base__=_Reader, __module__=__name__, **fields)


def live_available(settings: Settings | None = None) -> bool:
    """True when live credentials are configured (whatever the mode)."""
    return (settings or Settings()).credential_problem() is None


def live_skip_notice(settings: Settings | None = None) -> str | None:
    """``None`` when live cells may run, else the one-line notice a live-only cell prints.

    Live cells run only when BOTH ``DAYPLAN_MODE=live`` is set and credentials are configured:
    a key left in the environment never makes a notebook, the eval or a test call a live model.
    """
    settings = settings or Settings()
    if settings.mode == "live" and live_available(settings):
        return None
    return "Skipped: live-only cell (set GOOGLE_API_KEY and DAYPLAN_MODE=live to run it)."


# -- never live by accident (the eval gate's test run, notebook kernels under test) -------------

CREDENTIAL_ENV_VARS = (
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GENAI_USE_ENTERPRISE",
    "GOOGLE_CLOUD_PROJECT",
    "GOOGLE_APPLICATION_CREDENTIALS",
)
"""Every variable that could let a child process reach a live model."""


def offline_env(env: dict[str, str]) -> dict[str, str]:
    """A copy of ``env`` without ``CREDENTIAL_ENV_VARS`` and with ``DAYPLAN_MODE=offline``: the
    environment for test runs and notebook kernels that must never go live."""
    out = {k: v for k, v in env.items() if k not in CREDENTIAL_ENV_VARS}
    out["DAYPLAN_MODE"] = "offline"
    return out


def retry_options(settings: Settings, attempts: int | None = None) -> "types.HttpRetryOptions":
    """google-genai retry policy: ``attempts`` tries in all (default ``retry_attempts``; the
    grounded search passes the number ``dayplan.budgets.search_budget`` fitted into its tool
    budget), exponential backoff from ``retry_initial_delay`` s (×2, plus jitter, capped at
    ``retry_max_delay`` s), and only for ``RETRY_STATUS_CODES``."""
    from google.genai import types

    return types.HttpRetryOptions(
        attempts=attempts or settings.retry_attempts,
        initial_delay=settings.retry_initial_delay,
        max_delay=settings.retry_max_delay,
        exp_base=2.0,
        jitter=settings.retry_jitter,
        http_status_codes=list(RETRY_STATUS_CODES),
    )


def http_options(
    settings: Settings, timeout_seconds: float | None = None, attempts: int | None = None
) -> "types.HttpOptions":
    """HTTP options for every live call: explicit per-attempt timeout (default
    ``http_timeout_seconds``; google-genai takes milliseconds), ``retry_options``, and the
    httpx transports of ``dayplan.live_http`` (so a recording or replay tap sees every call)."""
    from google.genai import types

    from dayplan.live_http import async_transport, sync_transport

    seconds = timeout_seconds if timeout_seconds is not None else settings.http_timeout_seconds
    return types.HttpOptions(
        timeout=int(seconds * 1000),
        retry_options=retry_options(settings, attempts),
        client_args={"transport": sync_transport()},
        # httpx, never aiohttp: google-genai switches its async calls to aiohttp whenever that is
        # installed (google-adk[eval] brings it) unless a transport is given; the timeouts,
        # retries, the recorded-shape tests (respx) and the record/replay tap are httpx's.
        async_client_args={"transport": async_transport()},
    )


def client_kwargs(
    settings: Settings, timeout_seconds: float | None = None, attempts: int | None = None
) -> dict:
    """Keyword arguments for ``google.genai.Client``: API key or Vertex project/location
    (``global`` when ``GOOGLE_CLOUD_LOCATION`` is unset), and ``http_options``. Raises
    ``LiveConfigError`` without credentials."""
    settings.require_live()
    kwargs: dict = {"http_options": http_options(settings, timeout_seconds, attempts)}
    if settings.use_vertexai:
        kwargs.update(
            vertexai=True,
            project=settings.google_cloud_project,
            location=settings.vertex_location,
        )
    else:
        assert settings.google_api_key is not None
        kwargs.update(vertexai=False, api_key=settings.google_api_key.get_secret_value())
    return kwargs


def make_genai_client(
    settings: Settings | None = None,
    timeout_seconds: float | None = None,
    attempts: int | None = None,
):
    """A configured ``google.genai.Client`` (timeout, retries, credentials) for direct calls,
    e.g. the grounded search and the eval harness's LLM judge. Raises ``LiveConfigError``
    without credentials; makes no network call itself."""
    from google import genai

    return genai.Client(**client_kwargs(settings or Settings(), timeout_seconds, attempts))


__all__ = [
    "CREDENTIAL_ENV_VARS",
    "DEFAULT_LIVE_MODEL",
    "LOW_TEMPERATURE",
    "RETRY_STATUS_CODES",
    "LiveConfigError",
    "Settings",
    "client_kwargs",
    "http_options",
    "live_available",
    "live_skip_notice",
    "make_genai_client",
    "offline_env",
    "retry_options",
]


_ENV_PREFIXES = ("DAYPLAN_", "GOOGLE_", "GEMINI_")
_CURRENT: dict[tuple[tuple[str, str], ...], Settings] = {}


def current_settings() -> Settings:
    """``Settings()`` for the environment as it is now, built once per distinct environment.

    Reading the environment through pydantic-settings costs about a millisecond; a run reads
    its settings several times. The cache key is every ``DAYPLAN_*``, ``GOOGLE_*`` and
    ``GEMINI_*`` variable, so a changed environment (a test's ``monkeypatch.setenv``) is seen.
    Treat the result as read-only.
    """
    key = tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith(_ENV_PREFIXES)))
    found = _CURRENT.get(key)
    if found is None:
        if len(_CURRENT) > 64:
            _CURRENT.clear()
        found = _CURRENT[key] = Settings()
    return found
