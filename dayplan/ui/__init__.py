"""The learner's view: a request form (ipywidgets), the visual report, live progress.

``dayplan.ui.report_view`` and ``dayplan.ui.progress`` need no widgets (the CLI uses them);
``build_form`` and friends import ipywidgets on first use.
"""

from __future__ import annotations

from typing import Any

_FORM_NAMES = {"FormError", "FormOutcome", "PlanForm", "build_form", "form_to_request",
               "request_to_values", "run_form"}  # fmt: skip

__all__ = sorted(_FORM_NAMES | {"ProgressTracker", "report_html", "run_html"})


def __getattr__(name: str) -> Any:
    if name in _FORM_NAMES:
        from dayplan.ui import form

        return getattr(form, name)
    if name == "ProgressTracker":
        from dayplan.ui.progress import ProgressTracker

        return ProgressTracker
    if name in ("report_html", "run_html"):
        from dayplan.ui import report_view

        return getattr(report_view, name)
    raise AttributeError(name)
