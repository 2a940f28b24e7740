"""The planner tools' function declarations, stored at build time (``_declarations.py``).

ADK builds a ``FunctionTool``'s declaration (the name, description and parameter schema the
model is shown) from the function's signature and docstring through pydantic's JSON schema:
about 10 ms for the planner's eleven tools, paid by every ``plan`` start on its first model
turn. ``_declarations.py`` holds, for each tool, what ADK builds, keyed by a digest of
everything it is built from (``declaration_key``: the tool's name, description and signature,
the parameters ADK leaves out, the API variant, ADK's JSON-schema feature flag and the versions
of ADK, google-genai and pydantic); ``stored_declaration`` returns it only when the key is the
tool's, so a changed tool, environment or library gets ADK's own build as before (slower, same
result). ``scripts/write_declarations.py`` writes the table; ``tests/test_tool_declarations.py``
checks each entry against ADK's build. Only request-independent data is in it.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import pprint
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("_declarations.py")


def declaration_key(tool: Any) -> str:
    """The digest of what ADK builds ``tool``'s (a ``FunctionTool``'s) declaration from."""
    import google.adk
    import google.genai
    import pydantic
    from google.adk.features import FeatureName, is_feature_enabled

    parts = [
        tool.name,
        tool.description,
        str(inspect.signature(tool.func)),
        list(tool._ignore_params),
        str(tool._api_variant),
        is_feature_enabled(FeatureName.JSON_SCHEMA_FOR_FUNC_DECL),
        google.adk.__version__,
        google.genai.__version__,
        pydantic.VERSION,
    ]
    return hashlib.sha1(json.dumps(parts).encode(), usedforsecurity=False).hexdigest()


def stored_declaration(tool: Any) -> Any:
    """``tool``'s declaration from ``_declarations.py`` (a new ``types.FunctionDeclaration``,
    equal to ADK's build), or ``None`` when the table holds none for its key."""
    from dayplan.tools._declarations import DECLARATIONS

    stored = DECLARATIONS.get(tool.name)
    if stored is None or stored[0] != declaration_key(tool):
        return None
    from google.genai import types

    return types.FunctionDeclaration.model_validate(stored[1])


def write_table(tools: list[Any], path: Path = PATH) -> int:
    """Write ``tools``' declarations, as ADK builds them, to ``path``; returns how many."""
    from google.adk.tools.function_tool import FunctionTool

    table = {
        tool.name: (
            declaration_key(tool),
            FunctionTool._get_declaration(tool).model_dump(mode="json", exclude_none=True),
        )
        for tool in tools
    }
    path.write_text(
        '"""The planner tools\' ADK function declarations, written by '
        "``scripts/write_declarations.py``\n(``dayplan.tools.declarations``): a start-up saving "
        'only; an entry is used only with its key."""\n\n'
        "from typing import Any\n\n"
        f"DECLARATIONS: dict[str, tuple[str, dict[str, Any]]] = "
        f"{pprint.pformat(table, width=100, sort_dicts=False)}\n",
        encoding="utf-8",
    )
    return len(table)
