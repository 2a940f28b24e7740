"""The playground app's page (``make app``: ``app/playground.ipynb`` served by Voila): the
request form, live progress, the visual report, the map and the tool path — nothing else.

``playground()`` builds and displays it; the notebook's only code cell calls it.
"""

from __future__ import annotations

from typing import Any

from dayplan.ui.form import PlanForm, build_form

TITLE = (
    '<h2 style="font-family:system-ui,sans-serif;margin:4px 0">dayplan playground</h2>'
    '<p style="font-family:system-ui,sans-serif;color:#555;margin:0 0 8px">The model chooses, '
    "code proves: every stop below passed <code>check_plan</code>. Offline stand-in model, "
    "Brisbane venues snapshot.</p>"
)


def playground(*, model: Any = "offline", display_it: bool = True) -> PlanForm:
    """Build the playground form under a one-line title and display it (in a kernel)."""
    import ipywidgets as w
    from IPython.display import display

    form = build_form(model=model)
    page = w.VBox([w.HTML(TITLE), form.widget])
    if display_it:
        display(page)
    return form
