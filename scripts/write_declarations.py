"""Regenerate ``dayplan/tools/_declarations.py``, the planner tools' ADK function declarations
(``dayplan.tools.declarations``): run it after changing a tool's signature or docstring, or
after upgrading ADK, google-genai or pydantic (an entry is used only with its key).

    PYTHONPATH=$PWD .venv/bin/python scripts/write_declarations.py
"""

import subprocess
import sys

from dayplan.tools import planner_tools
from dayplan.tools.declarations import PATH, write_table

if __name__ == "__main__":
    n = write_table(planner_tools())
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(PATH)], check=False)
    print(f"{n} tool declarations written to {PATH}")
