"""The planner agent. ``root_agent`` and ``app`` are exposed the ADK way (``adk run``, ``adk web``)."""

from dayplan.agent.build import build_agent, build_app

root_agent = build_agent()
app = build_app()

__all__ = ["app", "build_agent", "build_app", "root_agent"]
