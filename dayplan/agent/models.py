"""Model specs to ADK models: ``offline`` (default), ``faulty:NAME``, ``live``."""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm

from dayplan.agent.offline_model import OFFLINE_MODEL_NAME, OfflinePlannerModel


class ModelSpecError(ValueError):
    """The model spec is not one this build can run (one readable line)."""


def resolve_model(spec: str | BaseLlm | None) -> BaseLlm:
    """``None``/``"offline"`` -> ``OfflinePlannerModel``; ``"faulty:NAME"`` -> a faulty model;
    a ``BaseLlm`` passes through. Raises ``ModelSpecError`` for anything else."""
    if spec is None or spec == OFFLINE_MODEL_NAME:
        return OfflinePlannerModel()
    if isinstance(spec, BaseLlm):
        return spec
    if spec.startswith("faulty:"):
        from dayplan.agent.faults import make_faulty

        try:
            return make_faulty(spec.split(":", 1)[1])
        except KeyError as exc:
            raise ModelSpecError(str(exc.args[0])) from None
    raise ModelSpecError(f"unknown model {spec!r}; use offline or faulty:NAME")
