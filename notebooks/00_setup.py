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
# # 00 · Setup
#
# ## What you will build
#
# Over this workbook you build a **"Plan my Saturday" agent** on Google ADK. You give it a
# request such as *"Plan my Saturday in Brisbane for the family, AUD 100, no leg over 30
# minutes; rain late morning; the little one naps 1–2pm"* and it serves one of three
# answers: a **complete** itinerary, **needs clarification** (with questions), or **no
# feasible plan** (with the constraints that make it impossible).
#
# The whole design serves one rule: **the model chooses, code proves.** The model picks
# what to search for and which stops to try. Python owns dates, opening hours, travel
# times, arithmetic, budgets and whether a final status was earned.
#
# | notebook | what it adds |
# |---|---|
# | 00 setup (this one) | the environment, the mode, the offline data |
# | 01 tools | the only functions the model may call, and how they fail softly |
# | 02 validator | the deterministic checker that proves a plan keeps every constraint |
# | 03 agent | the ADK agent loop, run end to end with an offline stand-in model |
# | 04 guardrails | each faulty model with its guardrails off (what goes wrong) and on (caught) |
# | 05 service boundary | what is served from a model's answer, and the HTTP service around it |
# | 06 evals | three graders, saved traces and the release gate |
# | 07 actions and memory | saving a plan once, remembering what the user said, who may read it |
# | 08 playground | a form, live progress, the visual report and the trace (`make app`) |
#
# In this notebook you check versions and the mode, confirm whether an API key is present
# (without ever showing it), and load the offline data every later notebook uses.

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
# ## Versions
#
# The Python, ADK, google-genai and `dayplan` versions this kernel sees. The output is
# **not** checked by the notebook tests: versions differ between machines.

# %%
import platform
from importlib.metadata import version

import dayplan

print("python       ", platform.python_version())
print("google-adk   ", version("google-adk"))
print("google-genai ", version("google-genai"))
print("dayplan      ", dayplan.__version__)

# %% [markdown]
# ## The mode
#
# Settings come from the environment only (`DAYPLAN_MODE`, `DAYPLAN_MODEL`, ...). The
# default mode is **offline**: a deterministic stand-in model drives the agent, so every
# notebook runs without a key or a network. `describe()` prints the settings and whether a
# key is set, never the key itself. Not output-checked: your environment may differ.
#
# Whatever the mode says, notebooks 00-03 always run the offline model: `run_plan` uses
# it unless you pass another model explicitly.

# %%
from dayplan.config import Settings

settings = Settings()
for name, value in settings.describe().items():
    print(f"{name:<18} {value}")

# %% [markdown]
# ## Is there an API key?
#
# A key is only ever read from the environment (`GOOGLE_API_KEY`), never typed into a
# notebook. This cell reports **whether** it is set and nothing else. Notebooks 00-03 do
# not need one. Not output-checked, since it depends on your machine.

# %%
key_set = settings.google_api_key is not None
print("GOOGLE_API_KEY is", "set" if key_set else "not set", "(its value is never printed)")
if not key_set:
    print("That is fine: everything in notebooks 00-03 runs offline.")

# %% [markdown]
# ## The offline data
#
# `dayplan.data` ships snapshots: real Brisbane venues (opening hours in OpenStreetMap
# syntax, prices, indoor or outdoor, visit lengths, official URL) and a suburb gazetteer.
# They are teaching snapshots, labelled as such in every source they produce. This cell
# loads them and prints the counts; its output is checked.

# %% tags=["nbval-check-output"]
from dayplan import data

venues = data.venues()
gazetteer = data.gazetteer()
snapshot = data.venue_snapshot()

print(f"{len(venues)} venues, {len(gazetteer['suburbs'])} suburbs")
print(f"city: {gazetteer['city']} ({gazetteer['timezone']})")
print(f"snapshot as of {snapshot['as_of']}, prices in {snapshot['currency']}")
print(f"indoor: {sum(v.indoor for v in venues)}, outdoor: {sum(not v.indoor for v in venues)}")
print(snapshot["note"])

# %% [markdown]
# ## One venue record
#
# Every fact the checker uses comes from a record like this one, never from the model's
# wording: opening hours, per-person prices, the indoor flag, the minimum visit.

# %% tags=["nbval-check-output"]
from dayplan.core.catalog import by_id

museum = by_id(venues)["qld-museum-kurilpa"]
for field in ("id", "name", "kind", "suburb", "opening_hours", "indoor"):
    print(f"{field:<16} {getattr(museum, field)}")
print(f"{'price':<16} adult {museum.price_adult:g}, child {museum.price_child:g} {museum.currency}")
print(f"{'visit':<16} at least {museum.min_minutes} min, typically {museum.typical_minutes} min")
print(f"{'facts as of':<16} {museum.as_of} ({museum.source_kind})")

# %% [markdown]
# ## Venues by kind
#
# A quick census of what the planner can choose from.

# %% tags=["nbval-check-output"]
from collections import Counter

for kind, count in sorted(Counter(v.kind for v in venues).items()):
    print(f"{kind:<12} {count}")

# %% [markdown]
# ## Recap
#
# - The workbook builds an ADK agent where **the model chooses and code proves**.
# - The default mode is **offline**; keys come only from the environment and are never
#   printed.
# - `dayplan.data` holds the offline venue snapshot and gazetteer every notebook uses.
# - Cells tagged `nbval-check-output` print the same thing on every run; the notebook
#   tests (`make test`) compare their output with a fresh run.
#
# ## Your turn
#
# How many venues are **indoor and free** for adults and children alike? Replace the `...`
# in the next cell with an expression that counts them, then run the check.

# %% [markdown]
# **Your answer.** Each venue has `indoor`, `price_adult` and `price_child`.

# %%
free_indoor = ...  # e.g. sum(1 for v in venues if ...)

# %% [markdown]
# **Check.** `dayplan.exercises.nb00.check` compares your count with the package's own cost
# function (`Venue.party_cost`), and says what your filter missed if it is wrong. Until you
# replace the `...` it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb00

print(nb00.check(free_indoor, venues))

# %% [markdown]
# ## What you learned
#
# - How to tell which mode a kernel runs in, and that a key is only ever read from the
#   environment and never printed.
# - Where the facts come from: venue records with opening hours, prices and an indoor flag,
#   labelled as an offline snapshot.
# - How a checked exercise reports *not attempted yet*, a lesson, or ✓.
#
# **Next: [01_tools](01_tools.ipynb)**, the only functions the model may call.
