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
# # 01 · Tools
#
# ## What you will build
#
# The model never computes a date, an opening time or a price. It can only **call
# tools**, and the tools are ordinary Python functions in `dayplan.tools`:
#
# | tool | job |
# |---|---|
# | `resolve_date` | "Saturday" → a calendar date, relative to the request's pinned "now" |
# | `search_public_web` | candidate venues (offline: the bundled snapshot) |
# | `arrange_plan` | the exact scheduler: best order and times for chosen stops, or a proof that none exists (notebook 02) |
# | `check_plan` | the deterministic feasibility check (notebook 02) |
# | `record_clarification` | the only way to earn "needs clarification" |
# | `finish` | hands in the answer; code then decides what is served |
#
# Each tool returns a JSON-able dict, **never raises into the model** on bad arguments
# (it returns `{"ok": False, "error": ...}` the model can read and act on), and records
# what it found in **session state**, where code later reads the facts from.
#
# In this notebook you call the pure core functions first, then the tools directly, with a
# tiny fake context instead of a running agent.

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
# ## The tool set
#
# The planner's tools in the order they are offered. ADK turns each function's signature
# and docstring into the declaration the model sees, so the docstrings are written for
# the model.

# %% tags=["nbval-check-output"]
from dayplan import tools

for tool in tools.PLANNER_TOOLS:
    print(f"{tool.__name__:<22} {tool.__doc__.strip().splitlines()[0]}")

# %% [markdown]
# ## Dates are code's job: `resolve_date` (pure)
#
# `dayplan.core.dates.resolve_date(expression, today)` is a pure function: no clock, no
# state. We pin *today* to Sunday 29 November 2026, so "Saturday" is always 2026-12-05.
# It returns the date and an **assumption** in words, which the served report repeats.

# %% tags=["nbval-check-output"]
from datetime import date

from dayplan.core.dates import WEEKDAYS, DateResolutionError, resolve_date

today = date(2026, 11, 29)
print("today is", today.isoformat(), WEEKDAYS[today.weekday()].title())
for expression in ["Saturday", "tomorrow", "next Sunday", "2026-12-24"]:
    day, assumption = resolve_date(expression, today)
    print(f"{expression!r:<14} -> {day.isoformat()}   {assumption}")

# %% [markdown]
# ## A bad date raises in the core
#
# The core function raises `DateResolutionError` for words it cannot read, dates in the
# past, and dates that do not exist. The *tool* wrapping it turns that into a structured
# error (below).

# %% tags=["nbval-check-output"]
for expression in ["someday", "2026-11-01", "2026-02-30"]:
    try:
        resolve_date(expression, today)
    except DateResolutionError as exc:
        print(f"{expression!r:<14} -> DateResolutionError: {exc}")

# %% [markdown]
# ## Search the offline catalog (pure)
#
# `search_venues` ranks venues for a query: 3 points per query word matching a tag or the
# kind, 1 per word in the name or description, minus 0.1 per km from `near`. Ties break by
# venue id, so the order never changes. `near` is the Brisbane City point from the
# gazetteer.

# %% tags=["nbval-check-output"]
from dayplan import data
from dayplan.core.catalog import search_venues
from dayplan.core.places import resolve_place

centre = resolve_place("Brisbane", data.gazetteer())
print("near:", centre.name, centre.point)
hits = search_venues(data.venues(), "museums", indoor_only=True, near=centre.point, limit=5)
for hit in hits:
    v = hit.venue
    print(f"{hit.score:6.3f}  {hit.distance_km:4.1f} km  {v.id:<32} {v.opening_hours}")

# %% [markdown]
# ## A tiny fake tool context
#
# In a run, ADK passes each tool a `ToolContext`. The planner tools touch only three
# parts of it: `state` (the session state), `function_call_id` (to key a search record)
# and `actions.skip_summarization` (set by `finish` to end the run). A small class with
# those three is enough to call the tools directly.
#
# The state is seeded exactly as a real run seeds it, with `initial_state`: the request,
# a pinned local "now" (Sunday 29 November 2026, 09:00 in Brisbane), the timezone, the
# location and a run id. The request is the wet-weather family Saturday.

# %% tags=["nbval-check-output"]
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from dayplan.contract import PlanRequest
from dayplan.service.run import initial_state


class Ctx:
    """Just enough of ADK's ToolContext for the planner tools."""

    def __init__(self, state):
        self.state = state
        self.function_call_id = "demo"
        self.actions = SimpleNamespace(skip_summarization=False)


request = PlanRequest.model_validate(
    {
        "text": "Plan my Saturday in Brisbane for the family",
        "location": "Brisbane",
        "date": "Saturday",
        "window": {"start": "09:00", "end": "17:00"},
        "budget": {"amount": 100, "currency": "AUD"},
        "party": {"adults": 2, "children": 2},
        "travel": {"mode": "car", "max_leg_minutes": 30},
        "blocked": [{"start": "13:00", "end": "14:00", "label": "nap"}],
        "weather": {"rain": [{"start": "11:00", "end": "15:00"}]},
        "preferences": ["museums"],
    }
)
now = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
ctx = Ctx(initial_state(request, run_id="demo", now=now))
for key, value in ctx.state.items():
    print(f"{key:<14} {'{...the request as JSON...}' if key == 'request' else value}")

# %% [markdown]
# ## `resolve_date` as a tool
#
# The same core logic, but *today* comes from the pinned "now" in state, a bad expression
# comes back as `{"ok": False, "error": ...}` instead of an exception, and a good one is
# recorded in state (`date` and `assumption:date`).

# %% tags=["nbval-check-output"]
print(tools.resolve_date("someday", ctx))
print(tools.resolve_date("Saturday", ctx))
print("state['date']            =", ctx.state["date"])
print("state['assumption:date'] =", ctx.state["assumption:date"])

# %% [markdown]
# ## `search_public_web`
#
# Offline, the search tool ranks the bundled snapshot near the request's location. Each
# result carries the venue id, the facts the checker needs and a source id. Descriptions
# are third-party text, so they come wrapped in `untrusted_description` markers: data to
# read, never instructions to follow.

# %% tags=["nbval-check-output"]
found = tools.search_public_web("museums", ctx, indoor_only=True)
print(found["ok"], found["backend"], "-", found["note"])
for r in found["results"][:5]:
    price = f"adult {r['price']['adult']:g} / child {r['price']['child']:g}"
    print(f"{r['id']:<32} {price:<22} {r['opening_hours']:<30} {r['source_id']}")
print()
print(found["results"][0]["untrusted_description"])

# %% [markdown]
# ## The facts now live in state
#
# Every venue a search returned is stored under `venue:<id>` and its source under
# `source:<id>`, plus one `search:<call id>` record per call. Later steps (the checker,
# the served report) read facts **only** from here, by venue id.

# %% tags=["nbval-check-output"]
venue_keys = sorted(k for k in ctx.state if k.startswith("venue:"))
source_keys = sorted(k for k in ctx.state if k.startswith("source:"))
print(len(venue_keys), "venue records,", len(source_keys), "source records")
print("first keys:", venue_keys[:2], source_keys[:2])
print()
record = ctx.state["venue:qld-museum-kurilpa"]
for field in ("name", "opening_hours", "price", "indoor", "min_minutes"):
    print(f"venue:qld-museum-kurilpa  {field:<14} {record[field]}")
print()
print("source:src-qld-museum-kurilpa ", ctx.state["source:src-qld-museum-kurilpa"])
print("search:demo                   ", ctx.state["search:demo"])

# %% [markdown]
# ## Search fails softly too
#
# An empty query is an error the model can fix; a place outside the snapshot's coverage
# is not an error but an honest empty result with a note.

# %% tags=["nbval-check-output"]
print(tools.search_public_web("", ctx))
print(tools.search_public_web("museums", ctx, location="Sydney"))

# %% [markdown]
# ## `check_plan` with bad arguments
#
# Malformed arguments (not a list, a time that is not `HH:MM`, a stop with neither a venue
# nor an activity) come back as `{"ok": False, "error": ...}`. A well-formed stop at a
# venue **no search returned** is different: the call works, and the check fails with
# `unknown_venue`, because its facts are unknown.

# %% tags=["nbval-check-output"]
bad_calls = {
    "not a list": "SparkLab in the morning",
    "bad time": [{"venue_id": "qld-museum-kurilpa", "start": "10am", "end": "12:00"}],
    "no venue": [{"start": "10:00", "end": "12:00"}],
}
for label, stops in bad_calls.items():
    print(f"{label:<11} -> {tools.check_plan(stops, ctx)}")

invented = tools.check_plan([{"venue_id": "dreamworld", "start": "10:00", "end": "12:00"}], ctx)
print()
print("invented venue -> ok:", invented["ok"], "passed:", invented["passed"])
for failure in invented["failures"]:
    print(f"  [{failure['code']}] {failure['detail']}")

# %% [markdown]
# ## `check_plan` on a real itinerary
#
# Three stops chosen from the search results. The tool builds the constraints from the
# request (structured fields win), travel from coordinates (home is the Brisbane City
# point, stated as an assumption), and copies names, costs and the indoor flag from the
# venue records. Every call is recorded in state as `check:<seq>` (the invented-venue
# check above counts too). The `check_id` in the result is left out here: it changes
# every run.

# %% tags=["nbval-check-output"]
proposal = [
    {"venue_id": "sparklab-sciencentre", "start": "09:30", "end": "11:00"},
    {"venue_id": "museum-of-brisbane", "start": "11:10", "end": "12:10"},
    {"venue_id": "qld-museum-kurilpa", "start": "14:00", "end": "16:00"},
]
result = tools.check_plan(proposal, ctx)
print("ok:", result["ok"], " passed:", result["passed"])
for s in result["stops"]:
    cost = f"{s['cost']['currency']} {s['cost']['amount']:g}"
    minutes = s["travel_in"]["minutes"]
    print(f"  {s['start']}-{s['end']}  {s['name']:<28} {cost:<7} {minutes} min in")
print("totals:", result["totals"])
print("check records in state:", sum(k.startswith("check:") for k in ctx.state))

# %% [markdown]
# ## A failed check is data, not an exception
#
# Move the museum visit into the nap and the check fails. The failures come back as
# records with a stable `code`, a readable `detail` and the raw `values`, so the model can
# repair the plan and code can serve the failures if no plan works.

# %% tags=["nbval-check-output"]
napping = proposal[:2] + [{"venue_id": "qld-museum-kurilpa", "start": "12:30", "end": "14:30"}]
result = tools.check_plan(napping, ctx)
print("ok:", result["ok"], " passed:", result["passed"])
for failure in result["failures"]:
    print(f"  [{failure['code']}] {failure['detail']}   values={failure['values']}")
print("check records in state:", sum(k.startswith("check:") for k in ctx.state))

# %% [markdown]
# ## `record_clarification` and `finish`
#
# Both validate their arguments and record in state. `finish` stores the payload and sets
# `skip_summarization`, which ends the agent's turn; it does **not** decide what is served.
# Notebook 03 shows the code that does.

# %% tags=["nbval-check-output"]
print(tools.record_clarification([], ctx))
print(tools.record_clarification(["Which suburb is home?"], ctx, missing=["home"]))
print(tools.finish('{"status": "complete"}', ctx))
print("skip_summarization:", ctx.actions.skip_summarization)
print("finish_payload:", ctx.state["finish_payload"])

# %% [markdown]
# ## Recap
#
# - Core functions (`resolve_date`, `search_venues`) are pure and may raise; the tools
#   wrap them for the model.
# - Tools **never raise into the model**: bad arguments give `{"ok": False, "error": ...}`.
# - Tools record what they found in state: `date`, `assumption:<topic>`, `venue:<id>`,
#   `source:<id>`, `search:<call id>`, `check:<seq>`, `clarification`, `finish_payload`.
# - `check_plan` only knows venues a search returned; anything else is `unknown_venue`.
#
# ## Your turn
#
# It rains from 11:00 to 15:00 and the nap is 13:00-14:00. Search for a **playground**,
# pick an **outdoor** result, and propose a visit that passes `check_plan`.

# %% [markdown]
# **Your answer.** The search is done for you; its results are in `playgrounds["results"]`
# (each with `id`, `name` and `indoor`). Replace the `...` with a `check_plan` call that
# proposes one visit.

# %%
playgrounds = tools.search_public_web("playground", ctx)
attempt = ...  # tools.check_plan([{"venue_id": ..., "start": "HH:MM", "end": "HH:MM"}], ctx)

# %% [markdown]
# **Check.** `dayplan.exercises.nb01.check` explains its verdict: the venue must come from
# a search and be outdoors, and the package's checker must pass the visit. Until you
# replace the `...` it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb01

print(nb01.check(attempt, ctx))

# %% [markdown]
# ## What you learned
#
# - A tool is a plain function with a docstring; ADK turns it into a declaration the model
#   sees, and its facts go into session state, never only into the model's words.
# - Tools return structured errors (`ok: false` with a reason) instead of raising, so the
#   model can correct itself.
# - `check_plan` trusts only venues a search returned, and a failed check is data.
#
# **Next: [02_validator](02_validator.ipynb)**, the checker behind `check_plan`, rule by rule.
