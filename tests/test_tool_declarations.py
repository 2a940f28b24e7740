"""The planner tools' declarations stored at build time (``dayplan.tools.declarations``) are
exactly what ADK builds, and are used only for the tool, environment and libraries they were
written for."""

from __future__ import annotations

from google.adk.tools.function_tool import FunctionTool

from dayplan.tools import PLANNER_TOOLS, planner_tools
from dayplan.tools._declarations import DECLARATIONS
from dayplan.tools.args import CheckedTool
from dayplan.tools.declarations import declaration_key, stored_declaration


def test_the_table_holds_every_tool_as_adk_builds_it():
    """Run ``scripts/write_declarations.py`` when this fails (a tool's signature or docstring,
    ADK, google-genai or pydantic changed)."""
    tools = planner_tools()
    assert sorted(DECLARATIONS) == sorted(t.name for t in tools)
    for tool in tools:
        assert DECLARATIONS[tool.name][0] == declaration_key(tool), tool.name
        stored = stored_declaration(tool)
        assert stored is not None and stored == FunctionTool._get_declaration(tool), tool.name
        assert tool._get_declaration() == stored


def test_another_key_gets_adks_own_build(monkeypatch):
    def changed(x: str, tool_context: object) -> dict:
        """Not a planner tool."""
        return {}

    changed.__name__ = changed.__qualname__ = "record_reading"  # the name of a stored one
    tool = CheckedTool(func=changed)
    assert tool.name == "record_reading" and stored_declaration(tool) is None
    assert tool._get_declaration() == FunctionTool._get_declaration(tool)
    monkeypatch.setenv("GOOGLE_GENAI_USE_VERTEXAI", "true")  # another API variant
    fresh = CheckedTool(func=PLANNER_TOOLS[0])
    assert stored_declaration(fresh) is None
