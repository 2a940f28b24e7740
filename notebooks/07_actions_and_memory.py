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
# # 07 · Actions and memory
#
# ## What you will build
#
# Until now the agent *recommended*: it served a checked plan and nothing in the world
# changed. This notebook turns it into an **execution agent** whose recommendation becomes
# a **registered action** — here, saving the checked plan (it books nothing). An action
# needs more proof than an answer:
#
# | property | how code proves it |
# |---|---|
# | done once, even when retried | a deterministic plan id + the primary key: a retry is an **idempotent replay** |
# | really done | **read-after-write**: the row is re-read and compared before `verified` is said |
# | done for the right person | the user comes from a verified **token** (`sub`), never from the request body |
# | remembered | a **preference store** loaded as context at the start of every run |
# | auditable | one **structured JSON event** per step, with every secret redacted |
#
# The model still *chooses* (to save, what to remember); code decides what is saved, for
# whom, and whether it worked. `save_plan` is only offered after a passing `check_plan`
# and only when the request says `"save": true`.

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
# ## A store of our own
#
# `dayplan.store` keeps two tables, `saved_plans` and `preferences`, in a SQLite file by
# default (`DAYPLAN_DB_URL` takes any SQLAlchemy URL, e.g. PostgreSQL when several service
# instances share it). This notebook points it at a fresh file in a temporary folder, so
# every run starts empty. SQLite runs in **WAL** mode: readers never block the writer.

# %% tags=["nbval-check-output"]
import os
import tempfile

os.environ["DAYPLAN_DB_URL"] = f"sqlite:///{tempfile.mkdtemp()}/dayplan.sqlite"
os.environ.pop("DAYPLAN_JWT_SECRET", None)
os.environ.pop("DAYPLAN_JWKS_URL", None)

from sqlalchemy import inspect

from dayplan.store import get_store

store = get_store()
print("journal mode:", store.journal_mode())
print("tables:", sorted(inspect(store.engine).get_table_names()))

# %% [markdown]
# ## Idempotency by hand
#
# The plan id is a hash of **(user, request id, plan key)** — the plan key is the checked
# stops. Saving the same plan under the same key again writes nothing and says
# `already_exists`, an idempotent replay. The same request id with a *different* plan is a
# `conflict`: nothing is written, nothing overwritten. The database's primary key does the
# refusing, so even fifty concurrent saves leave one row (the tests prove that).

# %% tags=["nbval-check-output"]
plan = {
    "date": "2026-12-05",
    "stops": [{"venue_id": "queensland-museum", "start": "09:30", "end": "11:00"}],
}
key = "queensland-museum@09:30-11:00"

for label, content in [
    ("first save", plan),
    ("retry", plan),
    ("other plan", {**plan, "date": "2026-12-06"}),
]:
    out = store.save_plan(user_id="demo", request_id="req-by-hand", plan_key=key, plan=content)
    print(f"{label:<11} {out.status:<15} replay={out.idempotent_replay}  {out.plan_id}")
print("rows for demo:", store.count_plans("demo"))

# %% [markdown]
# ## Saving through the agent
#
# The wet-weather family day, now with `"save": true` and a `request_id` — the key a
# client would reuse when it retries. After the passing check the model calls
# `save_plan`, then `get_saved_plan` to re-read the row, then `finish`. The served
# report's `saved` field is filled from what the tools **recorded**, not from the model's
# words: `verified` only because the re-read matched what was written.

# %% tags=["nbval-check-output"]
import json

from dayplan.contract import PlanRequest
from dayplan.service.run import run_plan

case = json.loads(Path("../cases/wet_weather_family.json").read_text(encoding="utf-8"))
request = PlanRequest.model_validate(
    {**case["request"], "save": True, "request_id": "family-saturday"}
)

first = await run_plan(request)
print(first.trace_text())
print()
print(first.report.saved.model_dump_json(indent=1))

# %% [markdown]
# ## The retry
#
# The client did not hear back and sends the same request again. Same key, same plan:
# the same `plan_id`, `already_exists`, `idempotent_replay: true` — and still one row.

# %% tags=["nbval-check-output"]
second = await run_plan(request)
print(second.report.saved.model_dump_json(indent=1))
print("same plan id:", second.report.saved.plan_id == first.report.saved.plan_id)
print("rows for local:", store.count_plans("local"))

# %% [markdown]
# ## When the row is not what was written
#
# Read-after-write earns its keep when something else touched the row. Here we edit the
# stored plan behind the agent's back and retry once more. The save now finds a different
# plan under its id — `conflict`, nothing overwritten — and the re-read does not match, so
# the report says `mismatch` instead of `verified`.

# %% tags=["nbval-check-output"]
from sqlalchemy import update

from dayplan.store import saved_plans

with store.engine.begin() as conn:
    conn.execute(
        update(saved_plans)
        .where(saved_plans.c.plan_id == first.report.saved.plan_id)
        .values(plan_json='{"date": "2026-12-05", "stops": []}')
    )
third = await run_plan(request)
print(third.report.saved.model_dump_json(indent=1))
print("rows for local:", store.count_plans("local"))

# %% [markdown]
# ## Memory: only what the user said
#
# `remember_preference` keeps a user's home suburb, children's ages, likes and dislikes —
# **in their own words**. The tool refuses a value that does not appear in the request,
# so a venue description from a search ("families love it!") can never plant a memory.
# The offline model calls it when the text asks to be remembered.

# %% tags=["nbval-check-output"]
text = (
    "Plan my Saturday in Brisbane. Remember: we live in New Farm, "
    "the kids are 4 and 7, and we love museums."
)
told = await run_plan(PlanRequest(text=text, now="2026-11-29T09:00:00+10:00"))
for step in told.steps:
    if step.tool == "remember_preference":
        print(step.summary())

# %% [markdown]
# A value the user never said is refused, even when a search returned it. Here the tool is
# called directly with a context like the one ADK passes it.

# %% tags=["nbval-check-output"]
from types import SimpleNamespace

from dayplan.service.run import initial_state
from dayplan.tools import remember_preference, search_public_web

ctx = SimpleNamespace(
    state=initial_state(PlanRequest(text=text), run_id="demo"),
    user_id="local",
    function_call_id="demo",
)
venue_name = search_public_web("museums", ctx, location="Brisbane")["results"][0]["name"]
print(remember_preference("like", venue_name, ctx)["error"])

# %% [markdown]
# ## Context at the start of every run
#
# The next run — a plain request that mentions none of it — starts with the **context
# step**: the user's recent preferences are loaded into `recent_memories` in session state,
# added to the model's instructions (the current request wins where they differ), and
# shown as the first line of the trace.

# %% tags=["nbval-check-output"]
later = await run_plan(
    PlanRequest(text="Plan my Saturday in Brisbane", now="2026-11-29T09:00:00+10:00")
)
print(later.trace_text().splitlines()[0])
# The three preferences were saved by concurrent tool calls of one model turn, so their
# newest-first order is arbitrary: print them by kind.
for memory in sorted(later.state["recent_memories"], key=lambda m: m["kind"]):
    print(f"  {memory['kind']:<14} {memory['value']}")

# %% [markdown]
# ## Structured events
#
# Every step of a run is one JSON record: `timestamp`, `event_type`, `execution_id`,
# `summary`, and where it applies `tool_name` and `duration_ms`. `PlanRun.event_records`
# keeps them; `DAYPLAN_EVENT_LOG=stdout` (or a file path) also writes them as JSON lines.
# The event types of the first saving run, in order:

# %% tags=["nbval-check-output"]
for record in first.event_records:
    print(f"{record['event_type']:<16} {record.get('tool_name', '')}")

# %% [markdown]
# One record as it is written (timestamps and ids vary, so this output is not checked):

# %%
print(json.dumps(first.event_records[-1]))

# %% [markdown]
# **No secret ever reaches the log.** Before a record is kept or written, redaction
# replaces Google API keys (`AIza…`), JWTs, bearer tokens and the values of secret-named
# fields. Here a request plants a fake key in its preferences, which the model passes to
# the search tool as a query:

# %% tags=["nbval-check-output"]
fake_key = "AIza" + "SyFAKE0123456789abcdefghijklmnopqrs"
leaky = await run_plan(request.model_copy(update={"save": False, "preferences": [fake_key]}))
lines = [json.dumps(r) for r in leaky.event_records]
print("key in tool arguments:", any(fake_key in json.dumps(s.args) for s in leaky.steps))
print("key in any event:     ", any(fake_key in line for line in lines))
print(
    next(
        r["summary"]
        for r in leaky.event_records
        if r["event_type"] == "TOOL_STARTED" and r["tool_name"] == "search_public_web"
    )
)

# %% [markdown]
# ## Whose plan is it?
#
# The service knows the user from `Authorization: Bearer <JWT>` — HS256 with
# `DAYPLAN_JWT_SECRET`, or ES256/RS256 from a provider's JWKS with `DAYPLAN_JWKS_URL` —
# and the user is the token's `sub`. `GET /v1/saved-plans/{plan_id}` serves a plan to its
# owner and `404` to anyone else. Tokens must carry `exp` (an expiry) as well as `sub`, and an
# HS256 secret must be at least 32 bytes. With neither variable set, auth is off and everyone
# is `local` (that is how this notebook saved) — which is why `serve` then binds loopback only.
# A tiny app with just that route:

# %% tags=["nbval-check-output"]
import time

import httpx
import jwt
from fastapi import FastAPI

from dayplan.service import auth, saved

os.environ["DAYPLAN_JWT_SECRET"] = "notebook-demo-secret-not-for-production"
app = FastAPI()
app.add_exception_handler(auth.ProblemError, auth.problem_handler)
app.include_router(saved.router)

ann = store.save_plan(user_id="ann", request_id="r-1", plan_key=key, plan=plan)
url = f"/v1/saved-plans/{ann.plan_id}"
async with httpx.AsyncClient(
    transport=httpx.ASGITransport(app=app), base_url="http://dayplan"
) as client:
    for user in ("ann", "bob"):
        claims = {"sub": user, "exp": int(time.time()) + 600}
        token = jwt.encode(claims, os.environ["DAYPLAN_JWT_SECRET"], algorithm="HS256")
        got = await client.get(url, headers={"Authorization": f"Bearer {token}"})
        print(user, got.status_code, got.headers["content-type"])
    print("no token", (await client.get(url)).status_code)
del os.environ["DAYPLAN_JWT_SECRET"]


# %% [markdown]
# ## Recap
#
# - An action is saved **once**: a deterministic id from (user, request id, plan key) and
#   the database's primary key make a retry an idempotent replay; a different plan under
#   the same key is a conflict and writes nothing.
# - **Verified** means re-read and matched, never "the insert did not raise".
# - Memory holds only the user's own words and is loaded as context at the start of every
#   run, visibly.
# - Every step leaves one structured JSON event, redacted before it is kept.
# - The user is the token's `sub`; other users get 404.
#
# ## Your turn
#
# A flaky client retries a saving request. Write `retry_safely(request)`: run the request
# **twice** as a retry would, so that the pair ends with **one row** — the same `plan_id`,
# the second an idempotent replay, both verified. (Hint: what keys a save when the request
# has no `request_id`?)

# %% [markdown]
# **Your answer.** Replace the `...` body of `retry_safely` with your own: two
# `await run_plan(...)` calls, returned as a tuple. The cell then runs it on the
# wet-weather request (with a body of `...` it returns `None`).


# %%
async def retry_safely(
    request,
): ...  # run the request twice, as a retry would; return (first_run, second_run)


mine = await retry_safely(PlanRequest.model_validate(case["request"]))

# %% [markdown]
# **Check.** `dayplan.exercises.nb07.check` explains its verdict from the two runs and the
# store. Until `retry_safely` returns two runs it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb07

print(nb07.check(mine))

# %% [markdown]
# ## What you learned
#
# - That an action is safe to retry only with an idempotency key, and that a save is done
#   when the row has been read back, not when the write returned.
# - That memory holds only what the user said, and is put into the next run's context.
# - That every step leaves a redacted, structured event, and that a plan belongs to the
#   user whose token made it.
#
# **Next: [08_playground](08_playground.ipynb)**, all of it behind a form, with live progress
# and a visual report.
