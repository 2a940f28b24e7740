"""The planner agent. ``root_agent`` and ``app`` are exposed the ADK way (``adk run``, ``adk web``).

They are built on first access (module ``__getattr__``), so importing any ``dayplan.agent``
module stays cheap and never reads settings at import time.
"""

from typing import Any

from dayplan.agent.build import build_agent, build_app

__all__ = ["app", "build_agent", "build_app", "root_agent"]

_BUILT: dict[str, Any] = {}


def __getattr__(name: str) -> Any:
    if name == "root_agent":
        if name not in _BUILT:
            _BUILT[name] = build_agent()
        return _BUILT[name]
    if name == "app":
        if name not in _BUILT:
            _BUILT[name] = build_app()
        return _BUILT[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
