"""The day planner for ADK's own tools (``adk web agents``, ``adk run agents/day_planner``,
``adk eval agents/day_planner EVALSET``); the agent is defined in ``agent.py``."""

from . import agent  # noqa: F401  (the layout adk-docs uses)
