"""``root_agent`` and ``app`` for ADK's tools, built from the ``dayplan`` package.

``adk web agents`` lists ``day_planner`` and runs it offline (the stand-in model, unless
``DAYPLAN_MODE=live``); ``adk run agents/day_planner`` prints the served report as the run's
final text. Type a request in plain words ("Rainy Saturday in Brisbane with two kids, museums")
or paste a request as JSON between ``<request>`` tags. See ``dayplan.service.adk_entry``.
"""

import sys
from pathlib import Path

try:
    import dayplan  # noqa: F401
except ModuleNotFoundError:  # `adk web agents` from a clone: the package is the folder above
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dayplan.cli import render_report  # noqa: E402
from dayplan.service.adk_entry import adk_app, report_text  # noqa: E402

app = adk_app(report_text(render_report))
root_agent = app.root_agent
