# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 08 · Playground
#
# ## What you will build
#
# A place to **try the planner the way a person would**: a form to type a request into,
# a **Plan** button, the agent's tool steps appearing **live** while it works, and a
# **visual report** — a status badge, the itinerary, a timeline you can see the rain and
# the nap on, the stops and legs on a plot by coordinates, the sources as links, and the
# questions or constraint failures in plain words.
#
# Nothing here is new logic. The form turns its fields into a `PlanRequest`
# (`dayplan.ui.form.form_to_request`), the run is the same `run_plan` the CLI and the
# service use, and the report view (`dayplan.ui.report_view`) only draws what the served
# report says. The same view is what `python -m dayplan plan REQUEST --html FILE` writes.
#
# Run every cell, then use the form at the top: change a field, press **Plan**. The same
# form, without this lesson around it, is the playground app: `make app` serves
# `app/playground.ipynb` with Voila on http://127.0.0.1:8866.

# %% [markdown]
# **Make `dayplan` importable.** If the package is not installed in this environment,
# this cell puts the repository root on `sys.path`. It prints nothing.

# %%
import sys
from importlib.util import find_spec
from pathlib import Path

if find_spec("dayplan") is None:  # a checkout without `pip install -e .`
    here = Path.cwd().resolve()
    root = next(p for p in (here, *here.parents) if (p / "dayplan" / "__init__.py").is_file())
    sys.path.insert(0, str(root))

# %% [markdown]
# ## Start from a case
#
# The form can be filled from any request. Here: the wet-weather family day from
# `cases/`. `request_to_values` turns a request into form values (windows as `HH:MM`,
# one blocked window per line, must-do activities as `name, minutes[, venue]`).

# %% tags=["nbval-check-output"]
from dayplan.cli import load_request
from dayplan.ui.form import build_form, form_to_request, request_to_values

request, _ = load_request("wet_weather_family")
values = request_to_values(request)
shown = ["location", "date", "window_start", "window_end", "budget", "adults", "children"]
shown += ["max_leg_minutes", "blocked", "rain", "preferences"]
for name in shown:
    print(f"{name:<16} {values[name]!r}")

# %% [markdown]
# ## The form
#
# Fill in what you know; empty fields become **stated assumptions** in the report rather
# than silent guesses. `now` ("Pin 'today'") makes "Saturday" mean the same date on every
# run. Press **Plan**: each tool step appears under *Progress* as it finishes (✓ succeeded,
# ✗ failed, with its duration), then the report replaces it. Bad input (try `Leave at`
# `9am`) gets one sentence naming the field, never a traceback.

# %%
form = build_form(values)
form.widget

# %% [markdown]
# ## Press Plan from code
#
# A widget callback is synchronous, so in a notebook the button schedules the run on the
# kernel's event loop. From a cell you can `await` the same thing the button does. The
# form above fills in while this runs. The progress lines here leave the durations out,
# so this cell prints the same every time.

# %% tags=["nbval-check-output"]
outcome = await form.submit()
print("status:", outcome.run.report.status)
print("\n".join(form.tracker.lines(timings=False)))

# %% [markdown]
# ## The report
#
# The same HTML the form shows, displayed on its own. Charts are PNG images embedded in
# the HTML, so the report also works as a single file outside Jupyter.

# %%
from IPython.display import HTML

HTML(outcome.html)

# %% [markdown]
# ## Bad input is one sentence
#
# `form_to_request` is a plain function: it is what the button calls, and what the tests
# call. Bad input raises `FormError` with the field's name.

# %% tags=["nbval-check-output"]
from dayplan.ui.form import FormError

changes = [{"window_start": "9am"}, {"rain": "11-15"}, {"activities": "Swim"}]
changes.append({"adults": 0, "children": 0})
for change in changes:
    try:
        form_to_request(values | change)
    except FormError as exc:
        print(exc)

# %% [markdown]
# ## Live progress with your own callback
#
# `run_plan(..., on_event=...)` hands every ADK event to a callback while the agent
# works. `ProgressTracker` pairs each function call (a tool *started*) with its function
# response (*succeeded*, or *failed* when the tool answered `ok: false`) and times it.
# Here it prints each step the moment it finishes, on the impossible case.

# %% tags=["nbval-check-output"]
from dayplan.service.run import run_plan
from dayplan.ui.progress import ProgressTracker, format_step


def show(step):
    if step.finished:
        print(format_step(step, timings=False))


impossible_request, _ = load_request("impossible_schedule")
impossible = await run_plan(impossible_request, on_event=ProgressTracker(show))

# %% [markdown]
# ## The trace
#
# After the run, the whole tool path as numbered lines: what the report's status was
# earned by.

# %% tags=["nbval-check-output"]
print(impossible.report.status)
print(impossible.trace_text())

# %% [markdown]
# And its report: no itinerary, the failures `check_plan` proved stated plainly, and the
# rejected proposal drawn in grey on the timeline.

# %%
from dayplan.ui.report_view import run_html

HTML(run_html(impossible))

# %% [markdown]
# ## Recap
#
# - The form is a thin layer: `form_to_request` turns fields into a `PlanRequest` or one
#   readable error; the run is the shared `run_plan`.
# - Progress comes from ADK events (`on_event`): function call = started, function
#   response = succeeded or failed, with durations.
# - The report view draws only what the served report (and the checked constraints)
#   say; the CLI writes the same view with `--html FILE`.
# - `make app` serves the form alone as an app (`app/playground.ipynb`, Voila, a preheated
#   kernel, idle kernels culled); after a plan it also shows the stops on OpenStreetMap.
#
# ## Your turn
#
# Plan this day **with the form**: South Brisbane, 2 adults and 1 child, a budget of
# AUD 40, home by 15:00, lunch blocked 12:00–13:00, and rain from 10:00 to 11:00. Press
# Plan. The check re-proves the served plan from its JSON.

# %% [markdown]
# **Your answer.** This cell shows a fresh form with its default values: fill it in and press
# **Plan**. (From code instead: `mine.fill({...})` with the field names of
# `form_to_request`, then `await mine.submit()`, the same call the button makes.)

# %%
mine = build_form()
mine.widget

# %% [markdown]
# **Check.** `dayplan.exercises.nb08.check` reads what the form asked for and what was
# served, and re-checks the plan. Until you press Plan it prints a hint; run it again
# after pressing.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb08

print(nb08.check(mine))

# %% [markdown]
# ## What you learned
#
# - That a user interface adds no logic: the form becomes a `PlanRequest`, the run is the
#   shared `run_plan`, and the view draws only what the served report says.
# - To follow a run live through ADK events, and to read one sentence, not a traceback,
#   when the input is wrong.
# - That the whole workbook is one path: tools, checker, agent, guardrails, boundary,
#   evals, actions, and now a person pressing Plan.
#
# **Back to the app:** run `make app` and plan a day of your own in the browser (the README
# says what it serves). To start the workbook again, open [00_setup](00_setup.ipynb).
