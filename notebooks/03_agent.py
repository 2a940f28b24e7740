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
# # 03 · The agent
#
# ## What you will build
#
# The tools of notebook 01 and the checker of notebook 02, wired into a real ADK
# `LlmAgent` inside an `App`, run by an ADK `Runner` on an in-memory session. One request
# goes in; a served `DayPlanReport` comes out.
#
# The model here is `OfflinePlannerModel`: a **deterministic stand-in, not an LLM**. It
# implements ADK's `BaseLlm` interface and follows fixed rules (ask when no location is
# given; otherwise resolve the date, search once per preference, hand the chosen venues to
# `arrange_plan` so the exact scheduler orders and times them, `check_plan` what it
# arranged, finish). It drives the same tool loop a live Gemini model would, so
# everything downstream is the real thing, and every report says `model: offline`.
#
# You will run a rainy family Saturday, an impossible schedule, a request with no location
# and a few more, read the tool trace and the raw ADK events, and see the rule that a
# status must be **earned** by evidence in state. First, with a request written all in
# words, you will see how the model's reading of the text is quoted and verified by code,
# and a misread deadline rejected with the parser's evidence.

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
# ## The agent and its app
#
# `build_app()` makes the `App`: the planner agent (instruction, tools, the offline model)
# plus the guardrail plugins. The agent holds its eleven tools as one ADK toolset
# (`PlannerToolset`), which ADK resolves once per model turn rather than tool by tool. The
# `finish_gate` plugin hides `finish` until the run has a `check_plan` result or a recorded
# clarification.

# %% tags=["nbval-check-output"]
from google.adk.models.base_llm import BaseLlm

from dayplan.agent.build import build_app

app = build_app()
agent = app.root_agent
print("app:    ", app.name)
print("agent:  ", agent.name)
print("model:  ", agent.model.model, "-", type(agent.model).__name__)
print("is a BaseLlm:", isinstance(agent.model, BaseLlm), "(an interface, not an LLM)")
print("tools:  ", [tool.name for tool in agent.tools[0].tools])  # one toolset, eleven tools
print("plugins:", [plugin.name for plugin in app.plugins])
print()
print(agent.instruction)

# %% [markdown]
# ## Load a case
#
# Cases live in `cases/`, one JSON file each: a `request` and what an evaluation expects.
# `load_request` validates the request against the contract. This is the message the
# model receives: the request as JSON between `<request>` tags.

# %% tags=["nbval-check-output"]
from dayplan.agent.offline_model import render_request
from dayplan.cli import load_request

req, _ = load_request("../cases/wet_weather_family.json")
print(render_request(req))

# %% [markdown]
# ## Run it
#
# `run_plan` creates a fresh session, runs the agent loop and builds the served report.
# Notebooks use top-level `await` (never `asyncio.run`). Offline, a run takes well under a
# second.

# %% tags=["nbval-check-output"]
from dayplan.service.run import run_plan

run = await run_plan(req)
print(f"{run.report.status} (model: {run.model})")

# %% [markdown]
# ## Reading the request: the model quotes, code verifies
#
# The run's first tool call is `record_reading`. A parent writes most of a request in
# words ("back by 11 for the nap", "$80 all up", "my partner and our two kids"), and
# words are where models go wrong. So the model never hands the planner its own idea of
# the constraints: it **states each reading** (a request field, its value, and the exact
# quote from the text that says it) and code checks every one before anything is
# accepted:
#
# - the quote must occur in the text;
# - the value must be what the quote says, by a real parser for the dimension: Duckling
#   for times, dates and durations, `price-parser` for money, small tested rules of ours
#   for people counts and negation ("no rain", "don't want to walk");
# - a structured field of the request always wins over a reading of the same field.
#
# The accepted reading is frozen in state: `check_plan` and `arrange_plan` take the
# text's constraints from it, never from the model's later calls. The wet-weather case
# states everything in structured fields, so take a request that is **all free text**
# (the case `reading_back_by_11_nap`). This cell prints it and the fields it sets
# besides the text: none but the pinned clock.

# %% tags=["nbval-check-output"]
text_req, _ = load_request("../cases/reading_back_by_11_nap.json")
print(text_req.text)
given = text_req.model_dump(exclude_none=True, exclude_defaults=True)
print("fields besides the text:", sorted(set(given) - {"text"}))

# %% [markdown]
# **The stand-in's readings.** Run it with the offline model and look at its first tool
# call: one row per reading it stated, with its quote, and the verdict code gave
# (`accepted`, since the stand-in reads through the same parsers). The bare hour in
# "back by 11" is read as 11:00 by the day-out rule (a family outing's "by 11" is the
# morning), and the party comes from words ("my partner and our two kids").

# %% tags=["nbval-check-output"]
text_run = await run_plan(text_req)
stated = next(s for s in text_run.steps if s.tool == "record_reading")
accepted = {(r["field"], r["quote"]) for r in stated.response["accepted"]}


def show(value):
    if isinstance(value, dict):
        return " ".join(f"{k}={v}" for k, v in value.items())
    return str(value)


print(f"{'field':<12} {'value':<42} {'quote':<44} verdict")
for r in stated.args["readings"]:
    verdict = "accepted" if (r["field"], r["quote"]) in accepted else "rejected"
    print(f"{r['field']:<12} {show(r['value']):<42} {r['quote']!r:<44} {verdict}")
print()
print(
    f"{text_run.report.status}: home by {text_run.report.plan.totals.home_by}, "
    f"AUD {text_run.report.plan.totals.cost:g} of the AUD 80"
)

# %% [markdown]
# **A faulty reading, rejected by code.** `faulty:misread_deadline` is the stand-in with
# one small function changed (`dayplan/agent/faults/reading.py`, in the one fault
# registry): its first `record_reading` reads the home-by hour on the wrong side of
# noon, "back by 11" as 23:00 (a misreading once served as a `complete` plan).
# This cell runs it and prints what code answered to that first call: the quote, the
# value the model claimed, what the parser **found** in the quote, and the error the
# model can act on. Nothing of that call was recorded.

# %% tags=["nbval-check-output"]
misread = await run_plan(text_req, model="faulty:misread_deadline")
first = next(s for s in misread.steps if s.tool == "record_reading").response
print("ok:", first["ok"], "-", first["error"])
for r in first["rejected"]:
    print(f"  field {r['field']}, quote {r['quote']!r}")
    print(f"  the model said {r['value']}, the parser found {r['found']}")
    print(f"  error: {r['error']}")

# %% [markdown]
# **And then?** The model drops the rejected reading and states the rest again, which
# code accepts and freezes. But the deadline did not vanish with it: code lists "back
# by 11" as **unread**, a phrase that would change the plan, so the run asks instead of
# guessing (the guardrail that refuses needless questions when a location is given, met
# in notebook 04, lets a question quoting an unread phrase through). This cell prints the
# tool path and the served status and question. No search ran: `needs_clarification` is
# earned only before any search.

# %% tags=["nbval-check-output"]
print(misread.trace_text())
print()
print(misread.report.status, misread.report.questions)

# %% [markdown]
# **What the report says it read.** The served report carries `readings`
# (`[{field, value, quote}]`) and `unread`, and the text report shows them under "What I
# read from your request", quotes included, followed by what was assumed because
# nothing was said. This cell prints that part of the good run's report, and the unread
# line of the faulty run's.

# %% tags=["nbval-check-output"]
from dayplan.cli import render_report

shown = render_report(text_run.report)
print(shown[shown.index("What I read") : shown.index("Sources:")].rstrip())
print()
print([line for line in render_report(misread.report).splitlines() if "- not read:" in line])

# %% [markdown]
# ## The tool path
#
# Every tool call paired with its response, in order: the reading (above), the date, two
# searches (one per preference, indoor only because rain is expected), `arrange_plan` (the
# exact scheduler orders and times the chosen venues and checks the result), one passing
# `check_plan` on exactly what it arranged, finish.

# %% tags=["nbval-check-output"]
print(run.trace_text())

# %% [markdown]
# ## The served report
#
# The served report as the command line prints it. Its second line carries the run id,
# which changes every run, so this cell masks it as `<run>`. Stops, times, costs and
# travel are copied from the passing check, not from the model's wording.

# %% tags=["nbval-check-output"]
print(render_report(run.report).replace(run.report.run_id, "<run>"))

# %% [markdown]
# ## The raw ADK events
#
# Underneath the trace is ADK's event stream. Each model turn is an event with function
# calls; each tool turn is an event with function responses. Event ids and timestamps
# change every run, so only the author and the names are shown. The last event sets
# `skip_summarization` (from `finish`), which ends the run.

# %% tags=["nbval-check-output"]
for i, event in enumerate(run.events, 1):
    parts = event.content.parts if event.content and event.content.parts else []
    calls = [p.function_call.name for p in parts if p.function_call]
    responses = [p.function_response.name for p in parts if p.function_response]
    kind = "calls" if calls else "responses"
    end = "  (skip_summarization)" if event.actions.skip_summarization else ""
    print(f"{i}. {event.author:<12} {kind:<9} {calls or responses}{end}")

# %% [markdown]
# ## The status-earned rule
#
# The model's `finish` payload only *claims* a status. `build_report` (in
# `dayplan.service.boundary`) asks one function, `dayplan.evidence.earned`, and serves
# `complete` only if a `check_plan` passed on exactly the served stops in the checked order, `no_feasible_plan` only after a failed check, and
# `needs_clarification` only after a recorded clarification with no search before it.
# Here the served stops are those of the last passing check in state.

# %% tags=["nbval-check-output"]
from dayplan.evidence import RunEvidence

record = RunEvidence(run.state).checks()[-1]  # the typed check record
served = [s.venue_id for s in run.report.plan.stops]
print("last check passed:", record.passed)
print("served stops:     ", served)
print("checked stops:    ", record.venue_ids)
print("same stops:", served == record.venue_ids)

# %% [markdown]
# ## An impossible schedule
#
# Two one-hour activities in a 30-minute window. The offline model spots the
# contradiction and goes straight to `check_plan`, with no search; the failed check is the
# evidence, and its failures are what is served.

# %% tags=["nbval-check-output"]
req, _ = load_request("../cases/impossible_schedule.json")
impossible = await run_plan(req)
print(impossible.report.status)

# %% [markdown]
# **Its trace and report** (run id masked).

# %% tags=["nbval-check-output"]
print(impossible.trace_text())
print()
print(render_report(impossible.report).replace(impossible.report.run_id, "<run>"))

# %% [markdown]
# ## A claim without evidence is refused
#
# Feed `build_report` the impossible run's evidence with a forged payload that claims
# `complete`. No check passed in that run, so the boundary refuses to serve it and names
# the rule.

# %% tags=["nbval-check-output"]
from dayplan.service.boundary import BoundaryError, build_report

forged = '{"status": "complete", "rationale": "Trust me, it fits."}'
try:
    build_report(
        payload_raw=forged,
        state=impossible.state,
        steps=impossible.steps,
        model="offline",
        run_id="forged",
    )
except BoundaryError as exc:
    print(f"refused by {exc.rule}: {exc.detail}")

# %% [markdown]
# ## The finish gate
#
# The `finish_gate` plugin applies the same idea during the run: `finish` is not even
# offered to the model until the session holds evidence, a `check_plan` record or a
# recorded clarification. `has_evidence` is its test.

# %% tags=["nbval-check-output"]
from dayplan.agent.guardrails import has_evidence

print("fresh session:        ", has_evidence({}))
print("after a failed check: ", has_evidence(impossible.state))
print("after a clarification:", has_evidence({"clarification": {"questions": ["Where?"]}}))

# %% [markdown]
# ## Missing essentials
#
# "Plan my Saturday." names no place. The model records a clarification and finishes;
# no search runs. The served report carries the questions.

# %% tags=["nbval-check-output"]
req, _ = load_request("../cases/missing_essentials.json")
missing = await run_plan(req)
print(missing.report.status)

# %% [markdown]
# **Its trace and report** (run id masked).

# %% tags=["nbval-check-output"]
print(missing.trace_text())
print()
print(render_report(missing.report).replace(missing.report.run_id, "<run>"))

# %% [markdown]
# ## With a key: the same loop on Gemini (live-only)
#
# With `GOOGLE_API_KEY` and `DAYPLAN_MODE=live` set in the environment, the same agent runs
# on Gemini with grounded search and a live forecast; the boundary serves only what the
# trace earned. Offline (as in CI) this cell prints one line and skips.

# %% tags=["nbval-check-output"]
from dayplan.config import live_skip_notice

notice = live_skip_notice()
if notice:
    print(notice)
else:
    live = await run_plan(load_request("../cases/wet_weather_family.json")[0], model="live")
    print(live.report.status if live.report else f"rejected: {live.error}")
    print(live.trace_text())

# %% [markdown]
# ## Without a key: a recorded live run, replayed
#
# A live run can be recorded once (`python -m dayplan plan REQUEST --live --record DIR`) and
# replayed offline with `model="replay:DIR"`: the **same** ADK loop and ADK's real `Gemini`
# class run here, and every HTTP call they make (the model's turns, the grounded searches) is
# answered from the recording, so nothing leaves this machine and no key is needed. The
# bundled recording of the wet-weather case was made from recorded-shape fixtures of the API
# (see the README's "Record once, replay offline"), not from a real model: it shows the path a
# live model takes, with web sources, unknown facts and Google Search suggestions.

# %% tags=["nbval-check-output"]
from dayplan import data

recorded = await run_plan(
    load_request("../cases/wet_weather_family.json")[0],
    model=f"replay:{data.recording('wet_weather_family')}",
)
print("model:", recorded.model, "·", recorded.report.status)
print(recorded.trace_text())
for stop in recorded.report.plan.stops:
    print(f"{stop.start}-{stop.end} {stop.name} · cites {', '.join(stop.source_ids)}")
print("search suggestions for:", [s.query for s in recorded.report.search_suggestions])

# %% [markdown]
# The recording holds only the requests of the recorded run. Ask something else, here the same
# case on another day, and the replay stops at the first request it cannot answer, naming the
# call and what differs, instead of inventing an answer:

# %% tags=["nbval-check-output"]
import textwrap

other_day = load_request("../cases/wet_weather_family.json")[0].model_copy(
    update={"date": "Sunday"}
)
diverged = await run_plan(other_day, model=f"replay:{data.recording('wet_weather_family')}")
print("rejected by", diverged.error.rule)
print(textwrap.fill(diverged.error.detail[:600], 100))

# %% [markdown]
# ## Must-dos: matched by code, or asked about
#
# A parent names a must-do the way people talk: "the koalas", "the museum", "a swim",
# "Lone Pine", "something at South Bank". The model does not decide which venue that
# means. Code matches the words against the catalogue's own fields (name, kind, tags,
# suburb; `dayplan.core.mustdo.match_must_do`) and returns the venues with why each
# matched, and a verdict:
#
# - `one`: the venue the words name;
# - `alternatives`: interchangeable venues of one kind; the scheduler places exactly one,
#   chosen by the same objective as every other stop;
# - `none` or `ambiguous` (nothing matches, or very different venues do): the run asks,
#   naming the activity. A must-do is never planned as a stop with no venue, and never
#   dropped.
#
# The next cell matches six phrases and prints each verdict, up to three venues and the
# field that matched.

# %% tags=["nbval-check-output"]
from dayplan.core.mustdo import match_must_do

for phrase in (
    "see the koalas",
    "the museum",
    "Lone Pine",
    "something at South Bank",
    "the Eiffel Tower",
    "New Farm",
):
    found = match_must_do(phrase, data.venues(), data.gazetteer())
    print(f"{phrase!r}: {found.verdict}, {len(found.venues)} venue(s)")
    for match in found.matches[:3]:
        print(f"    {match.venue.name}  ({match.why})")
    if found.needs_question:
        print("    asks:", found.question())

# %% [markdown]
# **Matched by kind.** "We must see the koalas" on a dry Sunday. The next cell runs the case
# and prints the stops and the assumption that says which sanctuary was planned and what
# the alternative was: the plan visits exactly one of the two.

# %% tags=["nbval-check-output"]
req, _ = load_request("../cases/mustdo_koalas_by_kind_text.json")
koalas = await run_plan(req)
print(koalas.report.status)
for stop in koalas.report.plan.stops:
    print(f"  {stop.start}-{stop.end} {stop.name}")
print(next(a for a in koalas.report.assumptions if a.startswith("Must-do")))

# %% [markdown]
# **Asked about.** "We really want to see the Eiffel Tower", in Brisbane: no venue in the
# catalogue matches, so code turns it into a question, and the run asks before any search.
# The next cell prints the status, the question and the tool path.

# %% tags=["nbval-check-output"]
req, _ = load_request("../cases/mustdo_eiffel_tower_asks.json")
eiffel = await run_plan(req)
print(eiffel.report.status)
print("question:", eiffel.report.questions[0])
print("tools:", [step.tool for step in eiffel.steps])

# %% [markdown]
# ## Recap
#
# - The agent is a real ADK `LlmAgent` in an `App` with a guardrail plugin, run by a
#   `Runner`; only the model is a stand-in, and it is **not an LLM**.
# - `run_plan` is the one path the CLI, the service and the evaluations share; in a
#   notebook you `await` it.
# - The trace pairs every tool call with its response; the raw events are ADK's.
# - A status is **earned**: the boundary serves `complete`, `no_feasible_plan` or
#   `needs_clarification` only with the matching evidence in state.
# - A must-do is matched to real venues by code (one venue, or alternatives the scheduler
#   chooses one of), or asked about when nothing or very different venues match.
#
# ## Your turn
#
# Read the impossible run's report and trace above, then answer two questions:
#
# 1. `proof`: which **one** served failure code proves that no plan can exist, however
#    the activities are placed? (The others describe one particular placement.)
# 2. `never_called`: a normal run calls a tool to find venues. Which one did this run
#    **never** call, and why didn't it need to?

# %% [markdown]
# **Your answer.** Replace each `...` with a string: a failure code as printed in
# [brackets] in the report, and a tool name as printed in the trace.

# %%
proof = ...  # a failure code, e.g. "some_code"
never_called = ...  # a tool name

# %% [markdown]
# **Check.** `dayplan.exercises.nb03.check` reads your answers against what the run served
# and called, and explains its verdict. Until you replace the `...` it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb03

print(nb03.check(proof, never_called, impossible))

# %% [markdown]
# ## What you learned
#
# - How an ADK `LlmAgent`, `App`, plugin and `Runner` fit together, and that swapping the
#   model (offline stand-in or Gemini) changes nothing downstream.
# - To read a run from its trace: each tool call, its response, and the evidence it left
#   in state.
# - That a status is earned: the boundary refuses a claim the evidence does not support.
# - That the model's reading of the free text is a tool call code verifies: each reading
#   quotes the text, a parser checks the value, and a misreading is rejected with what the
#   parser found.
# - That a must-do ("the koalas", "a swim") becomes real venues code matched, exactly one of
#   them planned, and that one code cannot match is asked about, naming it.
#
# **Next: [04_guardrails](04_guardrails.ipynb)**, what goes wrong when a model misbehaves, and
# what catches it.
