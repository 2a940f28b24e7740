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
# # 06 · Evals: three graders, saved traces and a release gate
#
# ## What you will build
#
# The release gate for the planner: every case in `cases/` (the first cell prints how
# many) runs through the real ADK agent and the same boundary the service uses; every raw event is
# saved; three separate graders — **meaning**, **contract** and **trace** — score each
# case 0–5 with critical failures; and the gate passes only when every case scores at least
# 4 on all three with nothing critical.
#
# The original prototype's gate had three cases and one judge, and that judge once gave
# 5/5 to a malformed answer. By the end you will see exactly why, and which grader catches
# it now. Everything here runs offline in seconds.

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
# ## The cases
#
# One JSON file per case in `cases/`: the `request`, and what a correct planner must
# serve (`expect`): the status, tool events that must (or must not) happen and in which
# order, properties of the served plan, a short rubric, and which failures are critical.
# Some requests are deliberately invalid (a window that ends before it starts): their
# expected outcome is a clear rejection, HTTP 422 or CLI exit 2, before any agent runs.

# %% tags=["nbval-check-output"]
from collections import Counter
from pathlib import Path

from dayplan.evals.case import load_cases

ROOT = next(p for p in (Path.cwd(), *Path.cwd().parents) if (p / "cases").is_dir())
cases = load_cases(ROOT / "cases")
print(len(cases), "cases")
print("by status:", dict(sorted(Counter(c.expect.status for c in cases).items())))
print("by origin:", dict(sorted(Counter(c.origin.kind for c in cases).items())))
by_name = {c.name: c for c in cases}
print(by_name["rain_two_showers"].expect.model_dump(exclude_defaults=True))

# %% [markdown]
# ## Run the gate
#
# `run_eval` runs every case through `run_plan` (the service's path) and grades it;
# `gate_reasons` lists everything that stops a release. `python -m dayplan eval` does the
# same and also runs the project's tests first; here we skip them (`tests=None`). The run
# folder gets `<case>.events.jsonl`, `<case>.response.json` and `<case>.grades.json` per
# case, plus `summary.json`, `summary.md` and `scores.png`.

# %%
import tempfile

from dayplan.evals.gate import gate_reasons
from dayplan.evals.runner import run_eval

out = Path(tempfile.mkdtemp(prefix="eval-"))
run = await run_eval(cases, out, "offline")
print(f"wall time: {run.wall_s:.1f} s for {len(run.results)} cases")

# %% [markdown]
# **The gate's verdict**: how many cases passed, the mean score of each grader, the gate's
# reasons (none when it passes) and the files saved for one case.

# %% tags=["nbval-check-output"]
summary = run.summary()
print(f"{summary['passed']}/{summary['cases']} passed; mean scores {summary['mean_scores']}")
reasons = gate_reasons(run, tests=None)
print("gate:", "PASSED" if not reasons else f"FAILED {reasons}")
print(sorted(p.name for p in out.iterdir() if p.name.startswith("wet_weather_family")))

# %% [markdown]
# ## Read a trace
#
# The events file holds every ADK event exactly as it happened, one
# `event.model_dump_json()` a line. Reading it back gives real `Event` objects: who spoke,
# which tool was called, what it answered.

# %% tags=["nbval-check-output"]
from dayplan.agent.events import format_trace, tool_steps
from dayplan.evals.replay import load_events

events = load_events(out / "wet_weather_family.events.jsonl")
for i, e in enumerate(events, 1):
    parts = e.content.parts if e.content and e.content.parts else []
    what = [
        f"call {p.function_call.name}"
        if p.function_call
        else f"answer {p.function_response.name}"
        if p.function_response
        else f"text {p.text[:40]!r}"
        for p in parts
    ]
    print(f"{i:>2} {e.author:<12} {e.content.role if e.content else '-':<5} {', '.join(what)}")
print()
print(format_trace(tool_steps(events)))


# %% [markdown]
# ## What each grader checked
#
# Each grader is separate and names its checks. *Meaning* reads the served body as plain
# JSON and checks the status, properties and rubric; *contract* validates the body
# against the public JSON schema and the contract's cross-field rules; *trace* checks the
# tool path and that the served status was earned by a recorded tool result.


# %% tags=["nbval-check-output"]
def show(result_grades):
    for name, g in result_grades.items():
        flag = "pass" if g.passed else "FAIL"
        print(f"{name:<8} {g.score}/5 {flag}")
        for c in g.checks:
            mark = "✓" if c.passed else ("✗ CRITICAL" if c.critical else "✗")
            print(f"   {mark} {c.id}: {c.detail[:90]}")


wet = next(r for r in run.results if r.case.name == "wet_weather_family")
show(wet.grades)

# %% [markdown]
# ## Grade a deliberately broken run
#
# `eval-fault:drifted_cost` behaves perfectly except that the total cost its rationale
# states is not the checked one (it adds 20 % and 5 to each cost it writes: on this free
# walk it writes AUD 5). The boundary copies stops and totals from the check, and it also
# builds the rationale's facts from the check and keeps only the model's sentences whose
# every figure the check backs (`dayplan.service.rationale`). So the drifted sentence never
# reaches a reader: it is dropped and the drop is stated in `assumptions`. The meaning
# grader (`rubric:rationale_matches_totals`) still reads every figure of the served text
# independently; here it finds nothing wrong, because nothing wrong was served.

# %% tags=["nbval-check-output"]
from dayplan.evals.runner import run_case

drift = await run_case(by_name["sunny_couple_walk"], None, "eval-fault:drifted_cost")
print("served:", drift.served_status(), "| case passed:", drift.passed)
body = drift.served.json()
print("dropped:", *[a for a in body["assumptions"] if a.startswith("Dropped")], sep="\n  ")
print("served rationale:", body["plan"]["rationale"])

# %% [markdown]
# ## Why a single judge missed broken JSON
#
# Now break the body itself: cut the last characters off a served report, as a buggy
# serializer or a truncated response would. Below, `single_judge` stands in for the
# prototype's one LLM judge: it reads the answer the way a model reads text — are the
# stops named, is there a rationale, does it say complete — and is happy. Prose survives
# truncation; JSON does not. The contract grader parses and validates, and says exactly
# where it broke.

# %% tags=["nbval-check-output"]
from dayplan.contract import DayPlanReport
from dayplan.evals.graders import grade_contract, grade_meaning
from dayplan.evals.served import Served

good = wet.served
names = [s.name for s in DayPlanReport.model_validate_json(good.body).plan.stops]
broken = Served(good.http_status, good.content_type, good.body[:-3])


def single_judge(text: str) -> int:
    """A prose reader: 5 if the answer reads like a complete, explained plan."""
    looks_complete = '"status":"complete"' in text
    explained = "every stop passed check_plan" in text
    return 5 if looks_complete and explained and all(n in text for n in names) else 2


print("single judge   good:", single_judge(good.body), " broken:", single_judge(broken.body))
print(
    "contract grade good:",
    grade_contract(wet.case, good).score,
    " broken:",
    grade_contract(wet.case, broken).score,
)
print(grade_contract(wet.case, broken).checks[-1].detail)
print(
    "meaning grade on broken:",
    grade_meaning(wet.case, broken).score,
    "-",
    grade_meaning(wet.case, broken).checks[0].detail,
)

# %% [markdown]
# A judge that scores meaning is useful — but it must never be the only grader, and it
# must not be asked about format. With a live key, `python -m dayplan eval --judge` also
# asks Gemini, with the prompt below; its prompt and answer are saved with the meaning
# grade, and it can only lower a score. Offline it is never called.

# %% tags=["nbval-check-output"]
from dayplan.evals.judge import JUDGE_PROMPT, live_judge_available

print("live judge available:", live_judge_available())
print("\n".join(JUDGE_PROMPT.splitlines()[:4]))

# %% [markdown]
# ## Failures become tests
#
# A failing case can be turned into the smallest deterministic pytest: the saved model
# turns are replayed by a scripted model (`ReplayModel`) while the tools, guardrails and
# boundary run for real, and the test asserts the broken contract. `python -m dayplan eval
# --to-test RUN_DIR CASE` does this; two examples live in `tests/regressions/`.

# %% tags=["nbval-check-output"]
from dayplan.evals.to_test import write_regression_test

folder = Path(tempfile.mkdtemp(prefix="fail-"))
skipped = await run_case(by_name["wet_weather_family"], folder, "eval-fault:skip_date")
test_file = write_regression_test(folder, "wet_weather_family", folder / "test_skip_date.py")
text = test_file.read_text()
print(next(line for line in text.splitlines() if line.startswith("BROKEN")))
print(text[text.index("def test_") :].splitlines()[0])
print(text.count('"role": "model"'), "model turns embedded")

# %% [markdown]
# ## The same cases in ADK's eval format
#
# `python -m dayplan eval --export-adk FILE` writes an ADK `EvalSet` (and a
# `test_config.json` beside it) so `adk eval` can score the tool trajectory. Loading the
# file with ADK's own model proves the shape.

# %% tags=["nbval-check-output"]
from google.adk.evaluation.eval_set import EvalSet

from dayplan.evals.adk_export import write_eval_set

target = folder / "dayplan.evalset.json"
n = write_eval_set(cases, target)
eval_set = EvalSet.model_validate_json(target.read_text())
first = eval_set.eval_cases[0]
print(n, "ADK eval cases; first:", first.eval_id)
print([t.name for t in first.conversation[0].intermediate_data.tool_uses])

# %% [markdown]
# ADK's own evaluator is a real client of the same agent: `adk eval agents/day_planner FILE`
# loads the agents folder (`agents/day_planner/agent.py`), runs each case offline against the
# stand-in model and scores `tool_trajectory_avg_score` (the required tools, in order,
# arguments ignored; threshold 1.0). `run_adk_eval` runs that command and reads ADK's result
# files. Here it scores the first 40 cases, to keep the notebook quick; the file written above
# holds them all, for `adk eval agents/day_planner dayplan.evalset.json` in a terminal.

# %% tags=["nbval-check-output"]
from dayplan.evals.adk_export import run_adk_eval

sample = folder / "dayplan.sample.evalset.json"
write_eval_set(cases[:40], sample)
scores = run_adk_eval(sample, folder)
print(f"adk eval: {sum(v == 1.0 for v in scores.values())}/{len(scores)} cases scored 1.0")
print("lowest:", min(scores.values()), "· mean:", round(sum(scores.values()) / len(scores), 3))

# %% [markdown]
# ## Recap
#
# - A case says what a correct planner must serve: status, ordered tool events, properties,
#   a rubric, and what is critical.
# - Three graders, each 0–5: meaning (what the answer says), contract (the JSON and its
#   schema), trace (how the status was earned). A case passes only if all three do.
# - Every raw ADK event, served response and grade is saved; the gate reads them and
#   lists every reason it fails.
# - A single judge of meaning misses a broken body; a contract grader misses a wrong
#   sentence; a plan can look perfect while its trace shows a guessed step.
#
# ## Your turn
#
# `eval-fault:skip_date` never calls `resolve_date`; it guesses the date, correctly, so its
# plan looks perfect. Write an `expect` for `nb06.REQUEST` that passes with the offline
# model and **fails** the gate with `eval-fault:skip_date`.

# %% [markdown]
# **Your answer.** Replace the `...` with an expectation dict. `{"status": "complete"}` is
# a valid start, but not strict enough: try it first and read what the check says.

# %%
expect = ...  # e.g. {"status": "complete", ...}

# %% [markdown]
# **Check.** `nb06.try_expect` builds the case `{request: nb06.REQUEST, expect: expect}`,
# runs it with the offline model and with `eval-fault:skip_date` (nothing is saved) and
# passes both results to `nb06.check`, which explains its verdict. Until you replace the
# `...` it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb06

print(await nb06.try_expect(expect))

# %% [markdown]
# ## What you learned
#
# - To write a case as data (request plus expectations) and grade a run three ways:
#   meaning, contract and trace, each 0–5 with critical failures.
# - That one judge is not enough: each grader misses what another one sees.
# - To turn a failure into a regression test and gate a release on the whole set.
#
# **Next: [07_actions_and_memory](07_actions_and_memory.ipynb)**, a planner that saves a plan
# once and remembers only what the user said.
