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
# # 04 · Guardrails
#
# ## What you will build
#
# Every failure in this notebook happened to a real agent prototype: a model that skipped
# validation and still claimed success, search loops that ate the time budget, calls to
# tools that did not exist, cited sources nobody retrieved, and search results carrying
# instructions. Here each one is reproduced by a **faulty model** (the offline planner with
# one fault built in) and caught by a **guardrail**: an ADK plugin on the `App` that
# answers the bad call with a structured result the model can read.
#
# For each failure you see two runs side by side: with the guardrails that catch it
# **off** (what goes wrong) and with every guardrail **on** (caught). Then you plant 36
# prompt-injection payloads in the search results and check that none of them changes
# what is served.

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
# ## The guardrails
#
# `GuardrailConfig` names the guardrails that are on (default: all) and their limits.
# `build_plugins` turns it into ADK plugins, in the order their before-tool callbacks must
# run; the loop guard is the run's `RunConfig(max_llm_calls=...)`. Switching one off is
# `GuardrailConfig().without("name")`.

# %% tags=["nbval-check-output"]
from dayplan.agent.guardrails import GUARDRAILS, GuardrailConfig, build_plugins

config = GuardrailConfig()
print("guardrails:", ", ".join(GUARDRAILS))
print("plugins on the App:", [p.name for p in build_plugins(config)])
print("search budget:", config.search_budget, "· search timeout:", config.timeouts, "s")
print("max_llm_calls:", config.run_llm_call_limit())
print("without the loop guard:", config.without("loop_guard").run_llm_call_limit(), "(unlimited)")

# %% [markdown]
# ## The request and a clean run
#
# The wet-weather family case: Brisbane, AUD 100, legs under 30 minutes, rain 11:00–15:00,
# a nap 13:00–14:00. The offline model plans it and the served report is `complete`.

# %% tags=["nbval-check-output"]
from dayplan.cli import load_request
from dayplan.service.run import run_plan

request, _ = load_request("wet_weather_family")
run = await run_plan(request)
print(run.report.status, [s.venue_id for s in run.report.plan.stops])
print(run.trace_text())

# %% [markdown]
# ## The faulty models
#
# `python -m dayplan faults` lists them, and `python -m dayplan plan wet_weather_family
# --model faulty:NAME` runs one. Each declares the outcome a correct system serves:
# `rejected:<rule>` (the CLI exits 3 naming it) or `steered:<status>` (a guardrail's
# refusal leads the model to an earned report). Each is one small function over the
# stand-in's next step, registered in `dayplan.agent.faults`; its `caught_by` names the
# guardrails that catch it.

# %% tags=["nbval-check-output"]
from dayplan.agent.faults import list_faults
from dayplan.agent.guardrails import GUARDRAILS

for fault in list_faults():
    if set(fault.caught_by) <= set(GUARDRAILS):  # the guardrail faults
        print(f"{fault.name:<23} {fault.expected:<21} caught by {', '.join(fault.caught_by)}")

# %% [markdown]
# ## Each failure, off and on
#
# `compare(fault, request)` runs the faulty model twice. Each side shows the outcome, the
# first `finish` payload the model handed in (status, stop ids, sources), the tool path
# (`✗` marks a call answered with an error or a refusal) and which guardrails refused
# something.

# %%
from dayplan.service.demo import compare


async def show(fault):
    comparison = await compare(fault, request)
    print("\n".join(comparison.lines()))


# %% [markdown]
# **Skipped validation.** The model searches, picks three venues and hands in `complete`
# without ever calling `check_plan`. Off: its unearned payload reaches the boundary, which
# rejects it. On: the finish gate refuses the call (the tool was never even offered), the
# model gives up, and the run is rejected naming `finish_gate`.

# %% tags=["nbval-check-output"]
await show("skip_validation")

# %% [markdown]
# **Premature finish.** `complete` on the very first turn, before any tool ran. On: the
# finish gate's structured refusal tells the model what is missing, and it goes back to
# the rules: the report it finally serves is earned.

# %% tags=["nbval-check-output"]
await show("premature_finish")

# %% [markdown]
# **Search loop.** Two more query variants every turn, the way prototypes burned a
# 180-second window. Off (no search budget): only the loop guard ends it, with nothing to
# serve. On: after 8 successful searches the next ones answer `budget_exhausted` and the
# model plans with what it has.

# %% tags=["nbval-check-output"]
await show("search_loop")

# %% [markdown]
# **A loop that ignores every signal.** The budget refuses its searches but it keeps
# asking. Off (no loop guard): nothing in the agent stops it; the demo cuts it off after
# 30 model turns. On: `RunConfig(max_llm_calls=10)` ends it with the terminal error
# `loop_guard`.

# %% tags=["nbval-check-output"]
await show("stubborn_search_loop")

# %% [markdown]
# **A tool from another tool set.** The model calls `get_weather_forecast`, which this
# agent does not have. Off: ADK 2.13 answers with an unstructured `{"error": ...}`, so the
# trace records the call as a success (no `✗`). On: a structured `unknown_tool` answer
# listing the real tools, and the trace shows the failed call.

# %% tags=["nbval-check-output"]
await show("unknown_tool")

# %% [markdown]
# **An invented source.** A URL no search returned, cited as a source. Off: the boundary
# rejects the whole answer. On: the status-versus-trace gate refuses the finish call, names
# the source ids search did return, and the model hands in a clean answer.

# %% tags=["nbval-check-output"]
await show("invented_source")

# %% [markdown]
# **A needless question.** The request says Brisbane; the model asks where. Off: this one
# is *served* — a recorded clarification before any search is exactly what
# `needs_clarification` requires, so the boundary cannot tell. On: the clarification gate
# refuses the question and the model plans.

# %% tags=["nbval-check-output"]
await show("needless_clarification")

# %% [markdown]
# **A stop nobody checked.** A fourth venue appended after the check passed. Off: the
# boundary rejects it. On: the status gate refuses the finish with the unchecked venue id,
# and the model hands in the checked stops.

# %% tags=["nbval-check-output"]
await show("unchecked_stop")

# %% [markdown]
# **A failed check, ignored.** The first stop starts before the window, the check fails,
# the model claims `complete` anyway. On: refused, the model repairs the plan (dropping
# the stop the failure named), checks again and finishes with a different, passing plan.

# %% tags=["nbval-check-output"]
await show("ignores_failed_check")

# %% [markdown]
# ## Timeouts and concurrent searches
#
# The search tool is `async` and awaits its backend, so the searches a model asks for in
# one turn overlap (ADK runs a turn's function calls as concurrent tasks). The backend is a
# seam: `use_backend` swaps it. Here a traced backend records when each search starts and
# ends — no clocks involved — and a slow one shows the `tool_timeout` answer.

# %% tags=["nbval-check-output"]
import asyncio

from dayplan.tools import search

marks = []


async def traced(query, indoor_only, near):
    marks.append(f"start {query}")
    await asyncio.sleep(0)
    marks.append(f"end {query}")
    return search.offline_backend(query, indoor_only, near)


with search.use_backend(traced):
    await run_plan(request)
print(marks)


async def stuck(query, indoor_only, near):
    await asyncio.sleep(60)
    return []


with search.use_backend(stuck):
    slow = await run_plan(request, guardrails=GuardrailConfig(timeouts={"search_public_web": 0.1}))
for step in slow.steps:
    if step.tool == "search_public_web":
        print(step.response["status"], "-", step.response["error"])
# nothing was searched, so nothing is proved: no status is served, the run is rejected
print("served:", slow.report, "- rejected by", slow.error.rule)

# %% [markdown]
# The latency benchmark uses the same seam with injected delays for each model turn and
# each search: `python -m dayplan bench latency` runs the wet-weather case with the async
# search tool and with a blocking one, and prints the seconds of each and their ratio for
# several numbers of searches. It is not run here (it sleeps on purpose); the model turns
# (date, searches, arrange, check, finish) cannot overlap, so overlapping searches shortens
# only the search part, and the benchmark prints that bound under its table.
#
# ## Hostile search results
#
# Venue descriptions are third-party text. They reach the model between
# `<<untrusted_description>>` markers, and a description cannot close its marker early:
# marker-like strings inside it are neutralised. Below, one payload as the model sees it.

# %% tags=["nbval-check-output"]
import dataclasses

from dayplan import data
from dayplan.data.injections import injections
from dayplan.tools.search import record_results

corpus = injections()
escape = next(p for p in corpus if p.style == "marker_escape")
venue = dataclasses.replace(data.venues()[0], description=escape.text)
print(escape.text)
print("---")
print(record_results({}, "demo", "museums", [venue])[0]["untrusted_description"])

# %% [markdown]
# Markers help a real model, but the offline stand-in ignores descriptions, so the corpus
# is run with `faulty:obeys_injections`: a model that **does what the descriptions say**
# (finish `complete` now, cite this URL, add that stop). Each of the 36 payloads is planted
# in every search result in turn; the last column runs the first payload of each style
# again with the finish and status gates off. A payload *holds* when the served status, stops and
# sources are unchanged: still `complete`, only checked stops, only returned sources.

# %% tags=["nbval-check-output"]
from dayplan.service.hostile import probe

gates = ("finish_gate", "status_trace_gate")
rows, styles = [], set()
for payload in corpus:
    on, _ = await probe(payload, request)
    off = None
    if payload.style not in styles:  # the gates off: once per style keeps this quick
        styles.add(payload.style)
        off, _ = await probe(payload, request, guardrails=GuardrailConfig().without(*gates))
    rows.append((payload, on, off))

print(f"{'id':<7} {'style':<16} {'payload':<34} {'guardrails on':<38} {'gates off'}")
for payload, on, off in rows:
    text = "".join(ch for ch in " ".join(payload.text.split()) if ch.isprintable())
    text = text[:31] + "..." if len(text) > 34 else text
    refused = ",".join(sorted(set(on.refusals))) or "-"
    on_cell = f"{on.outcome} {'held' if on.held else 'BROKEN'} ({refused})"
    last = off.outcome if off else ""
    print(f"{payload.id:<7} {payload.style:<16} {text:<34} {on_cell:<38} {last}")
print(f"held with guardrails on: {sum(on.held for _, on, _ in rows)}/{len(rows)}")

# %% [markdown]
# With the gates off nothing harmful is served either — the boundary rejects the answer —
# but the family gets no plan at all: each payload turns into a denial of service. With
# the gates on, the obeyed step is refused while the run is still going, and the model
# recovers.
#
# ## Recap
#
# - Each guardrail is an ADK plugin on the `App` (the loop guard is the `RunConfig`), named
#   and switchable through `GuardrailConfig`; a fresh session serves every request.
# - A refusal is a structured tool result (`ok: false`, `status`, `guardrail`, `error`), so
#   a model can correct itself; a model that does not is rejected, naming the guardrail.
# - The boundary stays the final arbiter, but it only sees the end: the gates catch
#   failures while the run can still recover, and some (a needless clarification, a
#   loop) the boundary cannot see at all.
# - Descriptions are data inside markers that cannot be closed early, and no instruction
#   in them can change the served status, stops or sources.
#
# ## Your turn
#
# Run `faulty:search_loop` on the wet-weather case with **one** guardrail switched off —
# the one that steers it to a plan — so that the loop guard ends the run. Pass the run to
# `check`.

# %% [markdown]
# **Your answer.** Replace the `...` with
# `await run_plan(request, model="faulty:search_loop", guardrails=GuardrailConfig().without(NAME))`,
# with `NAME` the guardrail you choose (the cell under "The guardrails" prints their names).

# %%
your_run = ...

# %% [markdown]
# **Check.** `dayplan.exercises.nb04.check` reads the run: which model ran, which guardrails
# refused calls and what ended it. Until you replace the `...` it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises.nb04 import check

print(check(your_run))

# %% [markdown]
# ## What you learned
#
# - To reproduce a failure on purpose (a faulty model) and compare its run with the
#   guardrails off and on, side by side.
# - That a guardrail is an ADK plugin answering a bad call with a structured refusal the
#   model can act on, and that each covers a failure the others catch later or not at all.
# - That third-party text is data: no instruction in a description changes what is served.
#
# **Next: [05_service_boundary](05_service_boundary.ipynb)**, what is served from a model's
# final answer, and the HTTP service around it.
