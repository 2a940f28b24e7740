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
# # 05 · The service boundary
#
# ## What you will build
#
# The served response is the product. Whatever the model wrote in its `finish` call, what
# leaves `POST /v1/day-plans` must be **true to the checked result**, **parse as the
# public contract**, and **survive bad input**. (The original prototype learned this the
# hard way: a 5/5 answer turned out to be malformed JSON.)
#
# In this notebook you take one real run's evidence and feed the boundary damaged answers
# — saved outputs of the boundary's faulty models — and watch each one be **repaired**,
# **reconciled** or **rejected**, rule by rule. Then you call the FastAPI service through
# its `TestClient`: a plan, a contract violation, malformed JSON, an oversized body, an
# idempotent retry and a rejected run, each as an RFC 9457 problem document. Last, how to
# run it for real with uvicorn.
#
# | step | code |
# |---|---|
# | parse, with one narrow repair | `dayplan.service.boundary.read_payload` |
# | reconcile with the passing check by `venue_id` | `build_report` |
# | reject unsupported claims | `build_report` (`BoundaryError.rule`) |
# | serve it | `dayplan.service.app` (FastAPI) |

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
# ## One run, and its evidence
#
# Plan the wet-weather family case once, offline. The run leaves **evidence** in its
# session state — what search returned, every `check_plan` record, any clarification — and
# the model's raw `finish` payload. The boundary builds the served report from the
# evidence; the payload only says which status and which stops the model claims.

# %% tags=["nbval-check-output"]
import json

from dayplan.contract import PlanRequest
from dayplan.evidence import RunEvidence
from dayplan.service.boundary import BoundaryError, build_report, closing_suffix
from dayplan.service.run import run_plan

request = PlanRequest.model_validate(
    {
        "text": "Plan my Saturday in Brisbane for the family",
        "location": "Brisbane",
        "date": "Saturday",
        "now": "2026-11-29T09:00:00+10:00",
        "window": {"start": "09:00", "end": "17:00"},
        "budget": {"amount": 100, "currency": "AUD"},
        "party": {"adults": 2, "children": 2},
        "travel": {"mode": "car", "max_leg_minutes": 30},
        "blocked": [{"start": "13:00", "end": "14:00", "label": "nap"}],
        "weather": {"rain": [{"start": "11:00", "end": "15:00"}]},
        "preferences": ["museums", "indoor play"],
    }
)
run = await run_plan(request)
evidence = RunEvidence(run.state)  # the typed view over the run's session state
payload = evidence.finish_payload
checked_stops = [s.dump() for s in evidence.checks()[-1].stops]

print("served:", run.report.status)
print("the model's finish payload:")
print(json.dumps(json.loads(payload), indent=1, ensure_ascii=False))


# %% [markdown]
# `serve(text)` runs the boundary on any payload text **with this run's evidence** and
# prints what would be served, or the rule that refused it. Every experiment below goes
# through it.


# %% tags=["nbval-check-output"]
def serve(text):
    try:
        report = build_report(
            payload_raw=text, state=run.state, steps=run.steps, model=run.model, run_id="nb05"
        )
    except BoundaryError as exc:
        return f"REJECTED by {exc.rule}: {exc.detail}"
    stops = (
        ", ".join(f"{s.name} {s.start}-{s.end}" for s in report.plan.stops) if report.plan else ""
    )
    notes = [a for a in report.assumptions if a not in run.report.assumptions]
    return "\n".join([f"SERVED {report.status}: {stops}", *(f"  note: {n}" for n in notes)])


print(serve(payload))

# %% [markdown]
# ## One rule for what a status needs
#
# The boundary does not keep its own copy of the evidence rules: it asks
# `dayplan.evidence.earned(payload, evidence)`, the same function the `status_trace_gate`
# guardrail asks at the `finish` call. So they cannot disagree. A payload with the checked
# stops in reverse order is not "exactly the checked stops" (order decides times and travel):
# both refuse it, with the same reason.

# %% tags=["nbval-check-output"]
from dayplan.evidence import earned

reversed_payload = json.loads(payload)
reversed_payload["stops"].reverse()
verdict = earned(reversed_payload, run.state)
print("earned:", verdict.earned, "| rule:", verdict.rule)
print("reason:", verdict.reason)
print(serve(json.dumps(reversed_payload)))

# %% [markdown]
# ## The one repair: closing brackets cut off at the very end
#
# A long answer cut off by an output-token limit typically loses its last `]}`. That, and
# only that, is repaired: `closing_suffix` scans the text (strings and escapes included)
# and returns the closers it lacks, or `None` when appending closers cannot be the whole
# fix — a cut inside a string, after a digit (was `12` really `125`?), or a mismatched
# bracket.

# %% tags=["nbval-check-output"]
for text in ['{"a": [1, "x"', '{"a": "}]"', '{"a": [1, 2', '{"a": "cut in the mid', '{"a": [1}']:
    print(f"{text!r:28} -> {closing_suffix(text)!r}")

# %% [markdown]
# ## Saved faulty outputs
#
# `dayplan/agent/faults/boundary.py` holds faulty models: the offline planner, except that
# its `finish` payload is damaged on the way out. Each fault is a small function over the
# payload text, `edit(text, last_check)`; here the same damage is applied to this run's
# payload, so each faulty output is saved as plain text and served against the same evidence.

# %% tags=["nbval-check-output"]
from dayplan.agent.faults.boundary import PAYLOAD_EDITS

last_check = {"stops": checked_stops}
saved = {
    name: PAYLOAD_EDITS[name](payload, last_check)
    for name in [
        "truncated_finish_json",
        "truncated_finish_midstring",
        "renamed_activity",
        "drifted_cost",
        "drifted_travel",
        "ambiguous_duplicate_stop",
    ]
}
print("truncated:", "…" + saved["truncated_finish_json"][-40:])
print("mid-string:", "…" + saved["truncated_finish_midstring"][-40:])
print("renamed:", [s["name"] for s in json.loads(saved["renamed_activity"])["stops"]])
print("drifted cost:", [s["cost"]["amount"] for s in json.loads(saved["drifted_cost"])["stops"]])

# %% [markdown]
# **Repair.** The first cut loses only `]}`: repaired, and the repair is stated in the
# report's `assumptions`. The second is cut inside the rationale string: more than
# brackets is lost, so it is rejected, naming the rule `finish_payload`.

# %% tags=["nbval-check-output"]
print(serve(saved["truncated_finish_json"]))
print()
print(serve(saved["truncated_finish_midstring"]))

# %% [markdown]
# **Reconciliation.** The model renamed every stop, and elsewhere restated costs and travel
# minutes from memory. Each stop is matched to the passing check **by `venue_id`**; the
# checked name, times, cost and travel are served, and each restoration becomes a note.

# %% tags=["nbval-check-output"]
for name in ("renamed_activity", "drifted_cost", "drifted_travel"):
    print(f"[{name}]")
    print(serve(saved[name]))
    print()

# %% [markdown]
# **Ambiguity is rejected, not guessed.** The same venue twice at different hours: which
# checked visit is meant? The boundary refuses to choose (`ambiguous_stop`). (In a full
# run the `status_trace_gate` guardrail from notebook 04 already refuses this `finish`
# call, so the model gets a chance to fix it; the boundary is the last line.)

# %% tags=["nbval-check-output"]
print(serve(saved["ambiguous_duplicate_stop"]))

# %% [markdown]
# ## Unsupported claims
#
# A claim needs evidence from this run: a cited source some search returned, questions a
# recorded clarification, failures a failed check. And a key of the wrong type is an
# error, never coerced.

# %% tags=["nbval-check-output"]
claim = json.loads(payload)
for label, change in [
    ("made-up source", {"sources": ["https://example.com/best-museums-2026"]}),
    ("questions, none recorded", {"questions": ["Which museum do you prefer?"]}),
    ("failures, none found", {"constraint_failures": ["over_budget"]}),
    ("cost as text", {"stops": [{**claim["stops"][0], "cost": "60 dollars"}] + claim["stops"][1:]}),
    ("unchecked venue", {"stops": [{"venue_id": "lone-pine-koala-sanctuary"}]}),
]:
    print(f"{label:26} {serve(json.dumps({**claim, **change}))}")

# %% [markdown]
# The same faults run end to end through the real ADK loop with
# `run_plan(request, model="faulty:NAME")` or `python -m dayplan plan wet_weather_family
# --model faulty:drifted_cost` (exit code 3 when rejected). Each declares its expected
# outcome:

# %% tags=["nbval-check-output"]
from dayplan.agent.faults import list_faults

for fault in list_faults():
    if fault.name in saved:
        print(f"{fault.name:28} {fault.expected}")

# %% [markdown]
# ## The service, through FastAPI's TestClient
#
# `create_app()` builds the FastAPI app; `TestClient` calls it in process (no network, no
# server). A plan comes back as the contract's `DayPlanReport`, with its run id in the
# `X-Run-Id` header. The service keeps its `Idempotency-Key` records in the store's database
# (shared by every instance, kept across restarts), so this notebook gives it a fresh SQLite
# file of its own.

# %%
import os
import tempfile
import warnings

os.environ["DAYPLAN_DB_URL"] = f"sqlite:///{tempfile.mkdtemp()}/dayplan.sqlite"

with warnings.catch_warnings():  # Starlette's notice about its httpx-based client
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from dayplan.service.app import create_app

# %% [markdown]
# `GET /health` says the mode and model (and the package version, not printed here); it
# never shows a key. Then one plan:

# %% tags=["nbval-check-output"]
client = TestClient(create_app())
body = request.model_dump(mode="json", exclude_none=True)

health = client.get("/health").json()
print({k: v for k, v in health.items() if k != "version"})
r = client.post("/v1/day-plans", json=body)
print(
    r.status_code,
    r.headers["content-type"],
    "run id in header:",
    r.headers["x-run-id"] == r.json()["run_id"],
)
print([s["name"] for s in r.json()["plan"]["stops"]])


# %% [markdown]
# **Bad input is a 4xx problem, never a 5xx.** Every error is `application/problem+json`
# (RFC 9457): `type`, `title`, `status`, `detail`, `instance`, plus the field errors. A
# 25:99 start time, a negative party, a lower-case currency, a NaN budget, malformed JSON,
# a body sent as `text/plain` (415: only JSON is read) and a body over 64 KiB (counted
# while it streams in, not just from `Content-Length`):


# %% tags=["nbval-check-output"]
def show(r):
    p = r.json()
    print(r.status_code, r.headers["content-type"], p["type"], "|", p["detail"][:100])


show(client.post("/v1/day-plans", json={**body, "window": {"start": "25:99", "end": "17:00"}}))
show(client.post("/v1/day-plans", json={**body, "party": {"adults": -1}}))
show(client.post("/v1/day-plans", json={**body, "budget": {"amount": 100, "currency": "aud"}}))
nan_budget = b'{"text": "Plan my Saturday", "budget": {"amount": NaN}}'
show(client.post("/v1/day-plans", content=nan_budget, headers={"content-type": "application/json"}))
show(
    client.post(
        "/v1/day-plans", content=b'{"text": "Plan my', headers={"content-type": "application/json"}
    )
)
show(
    client.post(
        "/v1/day-plans", content=b"Plan my Saturday", headers={"content-type": "text/plain"}
    )
)
show(client.post("/v1/day-plans", json={"text": "x" * 70_000}))

# %% [markdown]
# **Idempotent retries.** With an `Idempotency-Key`, the same key and body replay the
# stored response byte for byte (`Idempotent-Replayed: true`, same run id), even after a
# restart or from another instance; the same key with another body is a 422. (A retry while
# the first is still running gets a 409 with `Retry-After`. The keys live in the database.)

# %% tags=["nbval-check-output"]
key = {"Idempotency-Key": "nb05-retry-1"}
first = client.post("/v1/day-plans", json=body, headers=key)
again = client.post("/v1/day-plans", json=body, headers=key)
other = client.post("/v1/day-plans", json={**body, "budget": {"amount": 50}}, headers=key)
print(
    first.status_code,
    again.status_code,
    again.headers["idempotent-replayed"],
    again.content == first.content,
)
show(other)

# %% [markdown]
# **A rejected run is a 502 naming the rule**, with the run id so the trace can be found.
# Here the service runs a faulty model whose answer is cut off inside a string. (The run
# id changes every run, so it is not printed.)

# %% tags=["nbval-check-output"]
faulty = TestClient(create_app("faulty:truncated_finish_midstring"))
r = faulty.post("/v1/day-plans", json=body)
p = r.json()
print(r.status_code, p["type"], p["rule"], "| has run_id:", len(p["run_id"]) == 12)
print(p["title"])

# %% [markdown]
# ## Running it for real
#
# From the repository root (not from this notebook — it would block the kernel):
#
# ```
# make serve                                   # or:
# .venv/bin/python -m dayplan serve --host 127.0.0.1 --port 8000
# ```
#
# Then open <http://127.0.0.1:8000/docs> for the interactive OpenAPI page, or:
#
# ```
# curl -s http://127.0.0.1:8000/health
# curl -s -X POST http://127.0.0.1:8000/v1/day-plans \
#      -H 'Content-Type: application/json' -H 'Idempotency-Key: try-1' \
#      -d @<(jq .request cases/wet_weather_family.json)
# ```
#
# `DAYPLAN_REQUEST_TIMEOUT_SECONDS` (default 60) sets the per-request timeout (504
# problem), `DAYPLAN_MAX_BODY_BYTES` the body limit. `python -m dayplan bench service`
# load-tests it over loopback with 16 clients; `docs/deploy_cloud_run.md` sketches a
# Cloud Run deployment (on paper only).

# %% [markdown]
# ## Recap
#
# * The boundary **parses** the payload with exactly one repair — closing brackets missing
#   at the very end — and rejects every other malformation.
# * It **reconciles** by `venue_id`: names, times, costs and travel are served from the
#   passing check, each restoration stated; ambiguous matches are rejected.
# * It **rejects unsupported claims**: unreturned sources, questions without a recorded
#   clarification, failures without a failed check, wrong types.
# * The **service** adds the HTTP contract: 4xx problems for bad input, 413 while the body
#   streams, 502 naming the rule, 504 on timeout, idempotent retries.
#
# ## Your turn
#
# Find the **shortest prefix** of this run's finish payload (`payload`) that the boundary
# still serves as the same plan. Try cuts with `serve(...)`, then pass your prefix and
# `run` to `check`. (Hint: which keys may the answer leave out?)

# %% [markdown]
# **Try cuts.** A first cut to start from: only the last two characters go. This cell
# prints what the boundary would serve for it; change `n` and re-run it.

# %%
n = 2
print(serve(payload[:-n]))

# %% [markdown]
# **Your answer.** Replace the `...` with your shortest prefix, e.g. `payload[:40]`.

# %%
my_prefix = ...

# %% [markdown]
# **Check.** `dayplan.exercises.nb05.check` serves your prefix with the run's evidence and
# says whether it is the same plan and the shortest cut. Until you replace the `...` it
# prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises.nb05 import check

print(check(my_prefix, run))

# %% [markdown]
# ## What you learned
#
# - That a model's final answer is untrusted input: parsed with one narrow repair,
#   reconciled against the passing check, and rejected (naming the rule) when it claims
#   more than the evidence shows.
# - That what may be left out (safe omissions) is as much a rule as what must be present.
# - How the HTTP service turns each outcome into a status code and a problem body.
#
# **Next: [06_evals](06_evals.ipynb)**, grading whole runs and gating a release on them.
