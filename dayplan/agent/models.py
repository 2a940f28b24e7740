"""Model specs to ADK models: ``offline`` (default), ``faulty:NAME``, ``live`` or ``live:MODEL``.

``None`` means "the configured mode": ``DAYPLAN_MODE=live`` selects the live Gemini model,
anything else the offline stand-in. Live mode without credentials raises ``ModelSpecError``
naming ``GOOGLE_API_KEY``; it never falls back to offline.
"""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm
from google.adk.models.google_llm import Gemini

from dayplan.agent.offline_model import OFFLINE_MODEL_NAME, OfflinePlannerModel
from dayplan.config import LiveConfigError, Settings, current_settings

LIVE_SPEC = "live"
REPLAY_SPEC = "replay"


def is_live_model(model: BaseLlm) -> bool:
    """True for a Gemini model (the run then uses the live search and forecast backends).

    Here, not in ``agent.live``, so an offline run never imports the live model's module."""
    return isinstance(model, Gemini)


class ModelSpecError(ValueError):
    """The model spec is not one this build can run (one readable line)."""


def resolve_model(spec: str | BaseLlm | None) -> BaseLlm:
    """``None`` -> the configured mode (``DAYPLAN_MODE``); ``"offline"`` ->
    ``OfflinePlannerModel``; ``"faulty:NAME"`` -> a faulty model; ``"live"``/``"live:MODEL"`` ->
    Gemini (``dayplan.agent.live.make_live_model``); a ``BaseLlm`` passes through. Raises
    ``ModelSpecError`` for anything else or for live mode without credentials."""
    if spec is None:
        spec = LIVE_SPEC if current_settings().mode == "live" else OFFLINE_MODEL_NAME
    if spec == OFFLINE_MODEL_NAME:
        return OfflinePlannerModel()
    if isinstance(spec, BaseLlm):
        return spec
    if spec == LIVE_SPEC or spec.startswith(f"{LIVE_SPEC}:"):
        from dayplan.agent.live import make_live_model

        name = spec.split(":", 1)[1].strip() if ":" in spec else None
        try:
            return make_live_model(Settings(), model=name or None)
        except LiveConfigError as exc:
            raise ModelSpecError(str(exc)) from None
    if spec.startswith(f"{REPLAY_SPEC}:"):
        from dayplan.agent.replay import make_replay_model
        from dayplan.recording import RecordingError

        try:
            return make_replay_model(spec.split(":", 1)[1].strip())
        except (RecordingError, LiveConfigError) as exc:
            raise ModelSpecError(str(exc)) from None
    if spec.startswith("faulty:"):
        from dayplan.agent.faults import make_faulty

        try:
            return make_faulty(spec.split(":", 1)[1])
        except KeyError as exc:
            raise ModelSpecError(str(exc.args[0])) from None
    raise ModelSpecError(
        f"unknown model {spec!r}; use offline, live, live:MODEL, replay:DIR or faulty:NAME"
    )
