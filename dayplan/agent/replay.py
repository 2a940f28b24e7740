"""``--model replay:DIR``: ADK's real ``Gemini`` model answered from a recording, offline.

The model is the same ``LiveGemini`` a live run uses, built with the recorded run's model name
and request-shaping settings and a placeholder key; its ``http_tap`` is a
``dayplan.recording.Replayer``, which ``run_plan`` activates for the run, so the model's calls,
the grounded searches, forecasts and geocoding are all answered from the recording (see
``dayplan.recording``). Nothing leaves the machine; no credentials are needed.
"""

from __future__ import annotations

from pydantic import SecretStr

from dayplan.agent.live import LiveGemini, make_live_model
from dayplan.config import Settings
from dayplan.recording import Recorder, RecordingError, Replayer

REPLAY_KEY = "replay-without-a-key"
"""The placeholder API key of a replay (never sent anywhere: the replay answers every call)."""
RECORDED_SETTINGS = (
    "model",
    "search_model",
    "temperature",
    "max_llm_calls",
    "search_budget",
    "search_timeout_seconds",
    "http_timeout_seconds",
    "forecast_timeout_seconds",
    "retry_attempts",
    "rain_threshold_percent",
    "forecast_url",
)
"""Settings that shape what a live run sends, so a replay must use the recorded values."""


def recorded_settings(settings: Settings) -> dict:
    """The values of ``RECORDED_SETTINGS`` (no secret among them), for ``recording.json``."""
    return {name: getattr(settings, name) for name in RECORDED_SETTINGS}


def replay_settings(meta: dict) -> Settings:
    """``Settings`` for replaying a recording: the recorded values, live mode, AI Studio with
    the placeholder key. Raises ``RecordingError`` for a Vertex AI recording."""
    if meta.get("backend") == "vertex_ai":
        raise RecordingError(
            "replaying a Vertex AI recording is not supported; record with GOOGLE_API_KEY"
        )
    values = {k: v for k, v in (meta.get("settings") or {}).items() if k in RECORDED_SETTINGS}
    return Settings().model_copy(
        update={
            **values,
            "mode": "live",
            "google_api_key": SecretStr(REPLAY_KEY),
            "use_enterprise": False,
            "use_vertexai_legacy": False,
            "retry_initial_delay": 0.0,
            "retry_jitter": 0.0,
        }
    )


def make_replay_model(directory: str) -> LiveGemini:
    """The replay model for recording folder ``directory``. Raises ``RecordingError``."""
    replayer = Replayer.load(directory)
    settings = replay_settings(replayer.meta)
    replayer.settings = settings
    model = make_live_model(settings, model=replayer.meta.get("model"))
    model.http_tap = replayer
    return model


def for_one_run(model):
    """``model`` itself, or, for a replay model, a fresh replay of the same recording: a
    ``Replayer`` hands out each recorded call once, so a model shared by many runs (the
    service's) would answer only the first; each run (each request) replays from the start.
    Raises ``RecordingError`` when the folder can no longer be read."""
    tap = getattr(model, "http_tap", None)
    if isinstance(tap, Replayer):
        return make_replay_model(str(tap.directory))
    return model


def new_recorder(settings: Settings) -> Recorder:
    """A ``Recorder`` that removes the configured API key wherever it would appear."""
    key = settings.google_api_key.get_secret_value() if settings.google_api_key else ""
    return Recorder(secrets=[key] if key else [])


__all__ = [
    "REPLAY_KEY",
    "for_one_run",
    "make_replay_model",
    "new_recorder",
    "recorded_settings",
]
