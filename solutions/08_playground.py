"""Solution to notebook 08's "your turn": the family day typed into the form, then Plan."""

from __future__ import annotations

from dayplan.exercises import Feedback, nb08
from dayplan.ui.form import build_form

#: The solved answer cell of notebook 08_playground: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
mine = build_form()
mine.fill({"location": "South Brisbane", "now": "2026-11-29T09:00:00+10:00", "adults": 2, "children": 1, "budget": "40", "window_end": "15:00", "blocked": "12:00-13:00 lunch", "rain": "10:00-11:00", "preferences": "museums, playground"})
await mine.submit()
mine.widget
"""

ANSWER = {
    "location": "South Brisbane",
    "date": "Saturday",
    "now": "2026-11-29T09:00:00+10:00",
    "adults": 2,
    "children": 1,
    "budget": "40",
    "window_start": "09:00",
    "window_end": "15:00",
    "blocked": "12:00-13:00 lunch",
    "rain": "10:00-11:00",
    "preferences": "museums, playground",
}


def solve() -> Feedback:
    """Fill the form and press Plan (``click`` runs the plan to the end outside a kernel)."""
    form = build_form()
    form.fill(ANSWER)
    form.button.click()
    return nb08.check(form)


if __name__ == "__main__":
    print(solve())
