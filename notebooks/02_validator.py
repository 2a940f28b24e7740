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
# # 02 · The validator
#
# ## What you will build
#
# `dayplan.core.checker.check_plan(stops, constraints, venues_by_id, travel)` is the part
# of the planner that **proves**. It is deterministic, imports neither ADK nor the
# network, never raises on a bad plan, and returns **every** broken constraint with a
# stable code and the numbers that broke it.
#
# You will set up the constraints of a rainy family Saturday, check a plan that passes,
# then break it one constraint at a time and watch each failure code appear, prove a
# request impossible, see a venue closed on a Saturday public holiday, and plan around a
# nap at home with the legs home and out again.
#
# Times in the core are **minutes after local midnight** (`09:00` is `540`); `HH:MM`
# strings appear only at the edges.

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
# ## The constraints
#
# Saturday 2026-12-05: out from 09:00, home by 17:00; rain 11:00-15:00; a nap 13:00-14:00
# (blocked); 2 adults and 2 children; AUD 100; by car with no leg over 30 minutes. The
# JSON view is the one the `check_plan` tool shows the model.

# %% tags=["nbval-check-output"]
import json
from datetime import date

from dayplan.contract import hhmm_to_minutes as hm
from dayplan.core.checker import BlockedWindow, Constraints
from dayplan.tools.plan import constraints_view

constraints = Constraints(
    day=date(2026, 12, 5),
    window=(hm("09:00"), hm("17:00")),
    blocked=(BlockedWindow(hm("13:00"), hm("14:00"), "nap"),),
    rain=((hm("11:00"), hm("15:00")),),
    mode="car",
    max_leg_minutes=30,
    budget=100,
    currency="AUD",
    adults=2,
    children=2,
)
print("window in minutes:", constraints.window)
print(json.dumps(constraints_view(constraints), indent=1))

# %% [markdown]
# ## Venues and travel
#
# The checker takes venue facts only from the `venues` mapping, and travel only from a
# travel model. `CoordinateTravel` estimates door-to-door minutes from coordinates; its
# place ids are venue ids plus `HOME`, here the Brisbane City point from the gazetteer.

# %% tags=["nbval-check-output"]
from dayplan import data
from dayplan.core.catalog import by_id
from dayplan.core.checker import HOME
from dayplan.core.places import resolve_place
from dayplan.core.travel import CoordinateTravel

chosen = [
    "sparklab-sciencentre",
    "museum-of-brisbane",
    "qld-museum-kurilpa",
    "state-library-of-queensland",
    "south-bank-parklands",
    "anzac-square-memorial-galleries",
    "cineplex-south-bank",
    "brisbane-aquatic-centre-chandler",
]
catalog = by_id(data.venues())
venues = {venue_id: catalog[venue_id] for venue_id in chosen}
home = resolve_place("Brisbane City", data.gazetteer())
points = {venue_id: v.point for venue_id, v in venues.items()} | {HOME: home.point}
travel = CoordinateTravel(points, mode="car")

print(f"{'venue':<34} {'indoor':<7} {'opening hours':<48} from home")
for venue_id, v in venues.items():
    minutes = travel.minutes(HOME, venue_id)
    print(f"{venue_id:<34} {v.indoor!s:<7} {v.opening_hours:<48} {minutes:>2} min")

# %% [markdown]
# ## A plan that passes
#
# Three indoor stops, the rain and the nap avoided. A small helper prints a result; it
# only formats, the verdict is `check_plan`'s.

# %% tags=["nbval-check-output"]
from dayplan.core.checker import ProposedStop, check_plan
from dayplan.core.clock import minutes_to_hhmm


def stop(venue_id, start, end):
    return ProposedStop(hm(start), hm(end), venue_id=venue_id)


def show(result):
    print("ok:", result.ok)
    for s in result.stops:
        print(
            f"  {minutes_to_hhmm(s.start)}-{minutes_to_hhmm(s.end)}  {s.name:<28}"
            f" {'indoor' if s.indoor else 'outdoor':<8} AUD {s.cost:<5g} {s.travel_in} min in"
        )
    print(
        f"  home by {minutes_to_hhmm(result.home_by)} ({result.travel_home} min)"
        f" · total AUD {result.total_cost:g} · {result.travel_minutes} min travelling"
    )
    for f in result.failures:
        print(f"  [{f.code}] {f.detail}")


good = [
    stop("sparklab-sciencentre", "09:30", "11:00"),
    stop("museum-of-brisbane", "11:10", "12:10"),
    stop("qld-museum-kurilpa", "14:00", "16:00"),
]
show(check_plan(good, constraints, venues, travel))


# %% [markdown]
# ## Rejected, constraint by constraint
#
# Each mutation changes one thing in the passing plan and should trip exactly one failure
# code. The cell asserts that it does, then prints a table: the change, the code, the
# detail. (The far pool trips `leg_over_cap` twice: the cap covers the leg home too.)


# %% tags=["nbval-check-output"]
def swap(i, venue_id, start, end):  # the passing plan with stop i replaced
    return [stop(venue_id, start, end) if j == i else s for j, s in enumerate(good)]


mutations = {
    "outdoor_in_rain": ("park in the rain", swap(1, "south-bank-parklands", "11:10", "12:10")),
    "overlaps_blocked": ("museum in the nap", swap(2, "qld-museum-kurilpa", "13:30", "15:30")),
    "closed": ("past closing", swap(2, "anzac-square-memorial-galleries", "15:30", "16:30")),
    "over_budget": ("cinema, not museum", swap(1, "cineplex-south-bank", "11:10", "12:40")),
    "leg_over_cap": ("far pool", swap(2, "brisbane-aquatic-centre-chandler", "14:00", "15:30")),
    "below_min_duration": ("30 min at museum", swap(2, "qld-museum-kurilpa", "14:00", "14:30")),
    "home_after_deadline": ("museum to 17:00", swap(2, "qld-museum-kurilpa", "14:00", "17:00")),
    "overlap": ("two stops at once", swap(1, "museum-of-brisbane", "10:30", "11:30")),
}

print(f"{'change':<20} {'code':<20} detail")
print(f"{'-' * 20} {'-' * 20} {'-' * 40}")
for expected, (change, stops) in mutations.items():
    result = check_plan(stops, constraints, venues, travel)
    assert set(result.codes) == {expected}, (change, result.codes)
    for f in result.failures:
        print(f"{change:<20} {f.code:<20} {f.detail}")

# %% [markdown]
# ## Failures carry their numbers
#
# Besides the readable `detail`, each failure has the stop it is about (`venue_id`) and
# raw `values`, so code can act on it without parsing text.

# %% tags=["nbval-check-output"]
for code in ("over_budget", "home_after_deadline", "outdoor_in_rain"):
    _, stops = mutations[code]
    for f in check_plan(stops, constraints, venues, travel).failures:
        print(f.to_dict())

# %% [markdown]
# ## An impossible request: `window_too_short`
#
# A swimming lesson and a birthday party, an hour each, but only 09:00-09:30 free. No
# arrangement can work, and the checker proves it: the must-do activities need 120
# minutes and the window has 30. (Venue-less activities add no travel.) Each activity
# also fails `unknown_venue`: a must-do with no venue proves nothing (no place, hours or
# price), so it can never pass as done. The other failures are the consequences of trying
# anyway.

# %% tags=["nbval-check-output"]
from dataclasses import replace

short_morning = replace(constraints, window=(hm("09:00"), hm("09:30")), blocked=(), rain=())
musts = [
    ProposedStop(hm("09:00"), hm("10:00"), activity="Swimming lesson", min_minutes=60),
    ProposedStop(hm("10:00"), hm("11:00"), activity="Birthday party", min_minutes=60),
]
impossible = check_plan(musts, short_morning, venues, travel)
print("ok:", impossible.ok, " codes:", impossible.codes)
for f in impossible.failures:
    print(f"  [{f.code}] {f.detail}   values={f.values}")

# %% [markdown]
# ## Total, never raising
#
# Nothing to check and venues nobody searched for are failures too, not exceptions.

# %% tags=["nbval-check-output"]
for label, stops in [("no stops", []), ("made-up venue", [stop("dreamworld", "10:00", "12:00")])]:
    result = check_plan(stops, constraints, venues, travel)
    print(f"{label:<14} ok={result.ok}", [f"[{f.code}] {f.detail}" for f in result.failures])

# %% [markdown]
# ## A public holiday on a Saturday: `closed`, with the holiday's name
#
# Opening hours often say `PH off`: closed on public holidays. Which days those are is a
# fact the checker must know, not guess. It takes the calendar from python-holidays for
# the venue's own country and subdivision (New Farm Library: `AU`, `QLD`), which knows
# Queensland's holidays that fall on a Saturday, such as Boxing Day 2026.
#
# The next cell checks one visit to New Farm Library (`Sa 10:00-16:00; PH off`), 10:00 to
# 11:30, on two Saturdays a week apart: 19 December, an ordinary Saturday (it passes), and
# 26 December, Boxing Day (it fails as `closed`, and the detail and values name the
# holiday). It prints, for each day, the holiday the calendar names (or `None`), the
# verdict and any failure.

# %% tags=["nbval-check-output"]
from dayplan.core.hours import public_holiday

library = catalog["new-farm-library"]
library_travel = CoordinateTravel({library.id: library.point, HOME: home.point}, mode="car")
visit = [stop(library.id, "10:00", "11:30")]
print(f"{library.name}: {library.opening_hours!r} ({library.country}/{library.subdivision})")
for day in (date(2026, 12, 19), date(2026, 12, 26)):
    saturday = replace(constraints, day=day, rain=(), blocked=())
    holiday = public_holiday(day, library.country, library.subdivision)
    result = check_plan(visit, saturday, {library.id: library}, library_travel)
    print(f"{day} {day:%A}  holiday={holiday}  ok={result.ok}")
    for f in result.failures:
        print(f"  [{f.code}] {f.detail}")
        print(f"  values={f.values}")

# %% [markdown]
# The only thing that changed is the date. The stop is inside the Saturday hours both
# times; on Boxing Day the `PH off` rule applies, and the checker proves the library is
# closed. An unknown holiday calendar never counts as open.

# %% [markdown]
# ## The scheduler arranges the wet-weather stops
#
# Checking a guess is half the job. `dayplan.core.scheduler.arrange(picks, venues,
# constraints, travel)` takes the stops the model **chose** (no times) and finds the
# best order and times exactly: every must-do first, then the most preference weight,
# then the fewest travel minutes; waiting is allowed and a visit stretches from its
# minimum toward its typical length. Here it gets six candidates, among them the outdoor
# parklands, a dearer cinema and the far pool, under the same rain, nap, budget and cap,
# and keeps at most three stops. Its answer then goes through `check_plan`
# independently.

# %% tags=["nbval-check-output"]
from dayplan.core.scheduler import Pick, arrange

picks = [
    Pick("qld-museum-kurilpa", weight=1.2),
    Pick("south-bank-parklands", weight=1.5),
    Pick("sparklab-sciencentre"),
    Pick("museum-of-brisbane"),
    Pick("cineplex-south-bank", weight=1.1),
    Pick("brisbane-aquatic-centre-chandler", weight=1.4),
]
arranged = arrange(picks, venues, constraints, travel, max_stops=3)
best = arranged.solution
print("arranged:", arranged.ok, "· kept:", best.keys)
print(f"objective: {best.must_count} must-dos, weight {best.weight:g}", end=", ")
print(f"{best.travel_minutes} min travel")
show(check_plan(best.stops, constraints, venues, travel))

# %% [markdown]
# The parklands are outdoors: the only dry hours are 09:00-11:00 and 15:00-17:00, and the
# scheduler weighed them against the museums. The pool is over the 30-minute cap, so it
# never made it in. How it works: dynamic programming over (set of stops visited, current
# place), each state keeping only the Pareto-best (finish time, cost, travel) labels;
# with at most 10 candidates that is exact and takes milliseconds.
#
# ## An impossible case, proved with its minimal conflict
#
# When no arrangement exists, the scheduler says **why**, in the fewest constraints: it
# switches constraints off one at a time and drops each one whose absence leaves the
# request still impossible (a deletion filter). What remains is a *minimal conflicting
# set* — remove any one member and a plan exists. The failures are `check_plan`'s verdict
# on the best plan once that conflict is relaxed, so they carry stable codes and numbers.
#
# The two must-do activities of the short morning: each one alone is already too long,
# so the minimal conflict names one of them and the window.

# %% tags=["nbval-check-output"]
activities = [
    Pick(activity="Swimming lesson", minutes=60, must=True),
    Pick(activity="Birthday party", minutes=60, must=True),
]
proof = arrange(activities, venues, short_morning, travel).proof
print("conflict:", proof.conflict)
for f in proof.failures:
    print(f"  [{f.code}] {f.detail}")

# %% [markdown]
# A must-do outdoor stop on this rainy day, with the budget, the cap and the nap all in
# force: the proof names only what really bites.

# %% tags=["nbval-check-output"]
proof = arrange(
    [Pick("south-bank-parklands", must=True, minutes=300), Pick("museum-of-brisbane")],
    venues,
    constraints,
    travel,
).proof
print("conflict:", proof.conflict)
for f in proof.failures:
    print(f"  [{f.code}] {f.detail}")

# %% [markdown]
# ## A nap at home: the legs home and out again
#
# A blocked window can happen **at home** (`BlockedWindow(..., at_home=True)`: a nap in
# the cot, lunch at home). Then the party must travel home before it starts and leave
# after it ends, and both legs are checked against the cap and counted in the travel
# total. This family lives in Coorparoo, about 18 minutes by car from the museums; the
# toddler naps at home 12:00-14:00, and the day is dry.
#
# The next cell checks a day with SparkLab in the morning and the Queensland Museum after
# the nap. It prints the verdict, then each home break the checker found: the window, the
# stop it left from, the leg home in minutes (and when it arrives), and the leg out again
# (the next stop's `travel_in`), then the travel total with every leg in it.

# %% tags=["nbval-check-output"]
coorparoo = resolve_place("Coorparoo", data.gazetteer())
from_coorparoo = CoordinateTravel(
    {venue_id: v.point for venue_id, v in venues.items()} | {HOME: coorparoo.point}, mode="car"
)
nap_at_home = replace(
    constraints,
    rain=(),
    blocked=(BlockedWindow(hm("12:00"), hm("14:00"), "nap in the cot", at_home=True),),
)


def show_home_breaks(result):
    stops = sorted(result.stops, key=lambda s: s.start)
    for b in result.home_breaks:
        left = next(s for s in reversed(stops) if s.end <= b.start)
        back = next((s for s in stops if s.start >= b.end), None)
        print(f"  home {minutes_to_hhmm(b.start)}-{minutes_to_hhmm(b.end)} {b.label}:")
        print(
            f"    leg home {b.travel_in} min from {left.name}, "
            f"{minutes_to_hhmm(left.end)} -> {minutes_to_hhmm(left.end + b.travel_in)}"
        )
        if back is None:
            print("    no stop after it: the party stays home")
        else:
            print(
                f"    leg out  {back.travel_in} min to {back.name}, "
                f"{minutes_to_hhmm(back.start - back.travel_in)} -> {minutes_to_hhmm(back.start)}"
            )
    into = " + ".join(str(s.travel_in) for s in result.stops)
    breaks = " + ".join(str(b.travel_in) for b in result.home_breaks)
    print(
        f"  travel: into stops {into}; home for the break {breaks}; "
        f"home at the end {result.travel_home}; total {result.travel_minutes} min"
    )


nap_day = [
    stop("sparklab-sciencentre", "09:30", "11:00"),
    stop("qld-museum-kurilpa", "14:30", "16:00"),
]
checked = check_plan(nap_day, nap_at_home, venues, from_coorparoo)
show(checked)
show_home_breaks(checked)

# %% [markdown]
# Staying out too long is a failure with the numbers: the next cell keeps the family at
# SparkLab until 11:55, so the 18-minute leg home cannot arrive by 12:00. It prints the
# one failure the checker finds.

# %% tags=["nbval-check-output"]
late = [stop("sparklab-sciencentre", "09:30", "11:55"), nap_day[1]]
for f in check_plan(late, nap_at_home, venues, from_coorparoo).failures:
    print(f"[{f.code}] {f.detail}")

# %% [markdown]
# The scheduler handles the nap exactly too. Given four indoor stops (no times) under the
# same constraints, it arranges two before the nap and two after, with the legs home and
# out; `check_plan` then verifies the arrangement independently. The next cell prints the
# kept stops, the checked plan and its home break.

# %% tags=["nbval-check-output"]
arranged_nap = arrange(
    [
        Pick("sparklab-sciencentre"),
        Pick("qld-museum-kurilpa"),
        Pick("museum-of-brisbane"),
        Pick("state-library-of-queensland"),
    ],
    venues,
    nap_at_home,
    from_coorparoo,
    max_stops=4,
)
print("arranged:", arranged_nap.ok, "· kept:", arranged_nap.solution.keys)
verified = check_plan(arranged_nap.solution.stops, nap_at_home, venues, from_coorparoo)
show(verified)
show_home_breaks(verified)

# %% [markdown]
# ## NATURAL PLAN: the same scheduler on a published benchmark
#
# NATURAL PLAN's meeting-planning task (Zheng et al., 2024) gives friends at places with
# time windows and minimum meeting times, a travel matrix, and asks to meet as many as
# possible. Language models were given it as text: Gemini 1.5 Pro solved 39.1%, GPT-4
# 47.0%. Given the same instances as **data** — friends as optional stops with windows,
# the matrix as a `MatrixTravel`, no way home — the exact scheduler solves them all. The
# plans are written in the task's sentences and scored by its published replay rules;
# Gemini 1.5 Pro's stored answers on this 41-instance sample are scored the same way.
# The 41 instances ship with the package in `dayplan/data/natural_plan/` (CC-BY-4.0, see
# its README). The cell prints the accuracy table; `python -m dayplan bench natural-plan`
# prints the same table with solve times.

# %% tags=["nbval-check-output"]
from dayplan.benchmarks import natural_plan

dev = natural_plan.find_dev_file()
result = natural_plan.evaluate(natural_plan.load(dev))
print(natural_plan.table(result["rows"], timings=False))

# %% [markdown]
# One solved instance in the task's own words:

# %% tags=["nbval-check-output"]
for sentence in result["predictions"]["meeting_planning_example_143"]:
    print(sentence)

# %% [markdown]
# Solve times vary from machine to machine, so this cell is not compared:

# %%
import statistics

ms = [r["ms"] for r in result["rows"]]
print(f"median {statistics.median(ms):.2f} ms, max {max(ms):.1f} ms per instance")

# %% [markdown]
# ## Recap
#
# - `check_plan` is deterministic, total and pure: constraints, venue facts and a travel
#   model in; a verdict with every failure out.
# - Each failure has a stable code (`outdoor_in_rain`, `overlaps_blocked`, `closed`,
#   `over_budget`, `leg_over_cap`, `below_min_duration`, `home_after_deadline`,
#   `overlap`, `window_too_short`, `unknown_venue`, `no_candidates`, `unknown_location`),
#   a detail with numbers, and raw values (every code: `dayplan.contract.FailureCode`).
# - Travel caps count the legs from and to home.
# - Public holidays come from the venue's own calendar: `PH off` on Boxing Day (a
#   Saturday in 2026) is proved `closed`, with the holiday named.
# - A blocked window at home sends the day home and out again; both legs are checked,
#   counted, and served as `plan.home_breaks`.
# - An impossible request is *proved* impossible, not guessed.
# - The scheduler arranges chosen stops exactly (or names a minimal conflict), and
#   `check_plan` still verifies what it arranged; on the NATURAL PLAN sample it printed
#   `accuracy: scheduler 100.0% (41/41)`.
#
# ## Your turn
#
# The passing plan ends at 16:00 at the Queensland Museum. Add a **fourth stop** at the
# State Library of Queensland (free, indoor, at least 30 minutes) so that the plan still
# passes and the family is home by 17:00.

# %% [markdown]
# **Your answer.** Replace the `...` with a list of four stops: the three of `good`
# unchanged, then `stop("state-library-of-queensland", "HH:MM", "HH:MM")`.

# %%
four_stops = ...  # [*good, stop("state-library-of-queensland", "HH:MM", "HH:MM")]

# %% [markdown]
# **Check.** `dayplan.exercises.nb02.check` runs the package's checker (the judge) and says
# what to change if it fails; the three passing stops must stay as they are. Until you
# replace the `...` it prints a hint.

# %% tags=["nbval-check-output"]
from dayplan.exercises import nb02

print(nb02.check(four_stops, constraints, venues, travel, base=good))

# %% [markdown]
# ## What you learned
#
# - To write constraints as data (`Constraints`), so that one pure function can judge any
#   proposed day and say exactly which rule each stop breaks, with its numbers.
# - To prove a request impossible instead of guessing: `window_too_short` and a minimal
#   conflicting set.
# - That arranging stops is search the scheduler does exactly, and the checker still
#   verifies what it arranged.
#
# **Next: [03_agent](03_agent.ipynb)**, the tools and this checker inside a real ADK agent.
