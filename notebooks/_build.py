"""Write the teaching notebooks 00-03 with nbformat, then execute them in place with nbclient.

Usage (from the repository root)::

    .venv/bin/python notebooks/_build.py              # every notebook
    .venv/bin/python notebooks/_build.py 02_validator # only the named ones

Each notebook is written from the cell specs below and run top to bottom in a fresh ``python3``
kernel with ``notebooks/`` as the working directory, so the files carry the outputs that nbval
compares. Cells whose first line is ``# NBVAL_CHECK_OUTPUT`` must print the same text on every
run: no run ids, timings, versions, absolute paths or memory addresses in them. Cell ids are
fixed and timing metadata is not recorded, so rebuilding an unchanged spec gives an unchanged
file (apart from the outputs of unchecked cells such as versions).

The notebooks import ``dayplan``; they explain and assemble, they hold no core logic.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _nbkit import BOOTSTRAP, checked, code, md, write_notebook  # noqa: E402

# --------------------------------------------------------------------------------------------
# 00_setup
# --------------------------------------------------------------------------------------------

NB00 = [
    md(
        """
        # 00 · Setup

        ## What you will build

        Over this workbook you build a **"Plan my Saturday" agent** on Google ADK. You give it a
        request such as *"Plan my Saturday in Brisbane for the family, AUD 100, no leg over 30
        minutes; rain late morning; the little one naps 1–2pm"* and it serves one of three
        answers: a **complete** itinerary, **needs clarification** (with questions), or **no
        feasible plan** (with the constraints that make it impossible).

        The whole design serves one rule: **the model chooses, code proves.** The model picks
        what to search for and which stops to try. Python owns dates, opening hours, travel
        times, arithmetic, budgets and whether a final status was earned.

        | notebook | what it adds |
        |---|---|
        | 00 setup (this one) | the environment, the mode, the offline data |
        | 01 tools | the only functions the model may call, and how they fail softly |
        | 02 validator | the deterministic checker that proves a plan keeps every constraint |
        | 03 agent | the ADK agent loop, run end to end with an offline stand-in model |

        Later notebooks add guardrails, the served API, evaluations and a playground.

        In this notebook you check versions and the mode, confirm whether an API key is present
        (without ever showing it), and load the offline data every later notebook uses.
        """
    ),
    *BOOTSTRAP,
    md(
        """
        ## Versions

        The Python, ADK, google-genai and `dayplan` versions this kernel sees. The output is
        **not** checked by the notebook tests: versions differ between machines.
        """
    ),
    code(
        """
        import platform
        from importlib.metadata import version

        import dayplan

        print("python       ", platform.python_version())
        print("google-adk   ", version("google-adk"))
        print("google-genai ", version("google-genai"))
        print("dayplan      ", dayplan.__version__)
        """
    ),
    md(
        """
        ## The mode

        Settings come from the environment only (`DAYPLAN_MODE`, `DAYPLAN_MODEL`, ...). The
        default mode is **offline**: a deterministic stand-in model drives the agent, so every
        notebook runs without a key or a network. `describe()` prints the settings and whether a
        key is set, never the key itself. Not output-checked: your environment may differ.

        Whatever the mode says, notebooks 00-03 always run the offline model: `run_plan` uses
        it unless you pass another model explicitly.
        """
    ),
    code(
        """
        from dayplan.config import Settings

        settings = Settings()
        for name, value in settings.describe().items():
            print(f"{name:<18} {value}")
        """
    ),
    md(
        """
        ## Is there an API key?

        A key is only ever read from the environment (`GOOGLE_API_KEY`), never typed into a
        notebook. This cell reports **whether** it is set and nothing else. Notebooks 00-03 do
        not need one. Not output-checked, since it depends on your machine.
        """
    ),
    code(
        """
        key_set = settings.google_api_key is not None
        print("GOOGLE_API_KEY is", "set" if key_set else "not set", "(its value is never printed)")
        if not key_set:
            print("That is fine: everything in notebooks 00-03 runs offline.")
        """
    ),
    md(
        """
        ## The offline data

        `dayplan.data` ships snapshots: real Brisbane venues (opening hours in OpenStreetMap
        syntax, prices, indoor or outdoor, visit lengths, official URL) and a suburb gazetteer.
        They are teaching snapshots, labelled as such in every source they produce. This cell
        loads them and prints the counts; its output is checked.
        """
    ),
    checked(
        """
        from dayplan import data

        venues = data.venues()
        gazetteer = data.gazetteer()
        snapshot = data.venue_snapshot()

        print(f"{len(venues)} venues, {len(gazetteer['suburbs'])} suburbs")
        print(f"city: {gazetteer['city']} ({gazetteer['timezone']})")
        print(f"snapshot as of {snapshot['as_of']}, prices in {snapshot['currency']}")
        print(f"indoor: {sum(v.indoor for v in venues)}, outdoor: {sum(not v.indoor for v in venues)}")
        print(snapshot["note"])
        """
    ),
    md(
        """
        ## One venue record

        Every fact the checker uses comes from a record like this one, never from the model's
        wording: opening hours, per-person prices, the indoor flag, the minimum visit.
        """
    ),
    checked(
        """
        from dayplan.core.catalog import by_id

        museum = by_id(venues)["qld-museum-kurilpa"]
        for field in ("id", "name", "kind", "suburb", "opening_hours", "indoor"):
            print(f"{field:<16} {getattr(museum, field)}")
        print(f"{'price':<16} adult {museum.price_adult:g}, child {museum.price_child:g} {museum.currency}")
        print(f"{'visit':<16} at least {museum.min_minutes} min, typically {museum.typical_minutes} min")
        print(f"{'facts as of':<16} {museum.as_of} ({museum.source_kind})")
        """
    ),
    md(
        """
        ## Venues by kind

        A quick census of what the planner can choose from.
        """
    ),
    checked(
        """
        from collections import Counter

        for kind, count in sorted(Counter(v.kind for v in venues).items()):
            print(f"{kind:<12} {count}")
        """
    ),
    md(
        """
        ## Recap

        - The workbook builds an ADK agent where **the model chooses and code proves**.
        - The default mode is **offline**; keys come only from the environment and are never
          printed.
        - `dayplan.data` holds the offline venue snapshot and gazetteer every notebook uses.
        - Cells that start with `# NBVAL_CHECK_OUTPUT` print the same thing on every run; the
          notebook tests compare their output.

        ## Your turn

        How many venues are **indoor and free** for adults and children alike? Write your answer
        in the next cell (one answer is filled in; replace it with your own), then run the check.
        """
    ),
    md(
        """
        **Your answer.** Count the venues with `indoor` set and both prices zero.
        """
    ),
    code(
        """
        free_indoor = sum(1 for v in venues if v.indoor and v.price_adult == 0 and v.price_child == 0)
        """
    ),
    md(
        """
        **Check.** The package's own cost function (`Venue.party_cost`) decides what free means.
        """
    ),
    checked(
        """
        expected = sum(1 for v in venues if v.indoor and v.party_cost(adults=1, children=1) == 0)
        assert free_indoor == expected, f"{free_indoor} is not right; try again"
        print(f"{free_indoor} free indoor venues: correct")
        """
    ),
]


# --------------------------------------------------------------------------------------------
# 01_tools
# --------------------------------------------------------------------------------------------

NB01 = [
    md(
        """
        # 01 · Tools

        ## What you will build

        The model never computes a date, an opening time or a price. It can only **call
        tools**, and the tools are ordinary Python functions in `dayplan.tools`:

        | tool | job |
        |---|---|
        | `resolve_date` | "Saturday" → a calendar date, relative to the request's pinned "now" |
        | `search_public_web` | candidate venues (offline: the bundled snapshot) |
        | `arrange_plan` | the exact scheduler: best order and times for chosen stops, or a proof that none exists (notebook 02) |
        | `check_plan` | the deterministic feasibility check (notebook 02) |
        | `record_clarification` | the only way to earn "needs clarification" |
        | `finish` | hands in the answer; code then decides what is served |

        Each tool returns a JSON-able dict, **never raises into the model** on bad arguments
        (it returns `{"ok": False, "error": ...}` the model can read and act on), and records
        what it found in **session state**, where code later reads the facts from.

        In this notebook you call the pure core functions first, then the tools directly, with a
        tiny fake context instead of a running agent.
        """
    ),
    *BOOTSTRAP,
    md(
        """
        ## The tool set

        The planner's tools in the order they are offered. ADK turns each function's signature
        and docstring into the declaration the model sees, so the docstrings are written for
        the model.
        """
    ),
    checked(
        """
        from dayplan import tools

        for tool in tools.PLANNER_TOOLS:
            print(f"{tool.__name__:<22} {tool.__doc__.strip().splitlines()[0]}")
        """
    ),
    md(
        """
        ## Dates are code's job: `resolve_date` (pure)

        `dayplan.core.dates.resolve_date(expression, today)` is a pure function: no clock, no
        state. We pin *today* to Sunday 29 November 2026, so "Saturday" is always 2026-12-05.
        It returns the date and an **assumption** in words, which the served report repeats.
        """
    ),
    checked(
        """
        from datetime import date

        from dayplan.core.dates import WEEKDAYS, DateResolutionError, resolve_date

        today = date(2026, 11, 29)
        print("today is", today.isoformat(), WEEKDAYS[today.weekday()].title())
        for expression in ["Saturday", "tomorrow", "next Sunday", "2026-12-24"]:
            day, assumption = resolve_date(expression, today)
            print(f"{expression!r:<14} -> {day.isoformat()}   {assumption}")
        """
    ),
    md(
        """
        ## A bad date raises in the core

        The core function raises `DateResolutionError` for words it cannot read, dates in the
        past, and dates that do not exist. The *tool* wrapping it turns that into a structured
        error (below).
        """
    ),
    checked(
        """
        for expression in ["someday", "2026-11-01", "2026-02-30"]:
            try:
                resolve_date(expression, today)
            except DateResolutionError as exc:
                print(f"{expression!r:<14} -> DateResolutionError: {exc}")
        """
    ),
    md(
        """
        ## Search the offline catalog (pure)

        `search_venues` ranks venues for a query: 3 points per query word matching a tag or the
        kind, 1 per word in the name or description, minus 0.1 per km from `near`. Ties break by
        venue id, so the order never changes. `near` is the Brisbane City point from the
        gazetteer.
        """
    ),
    checked(
        """
        from dayplan import data
        from dayplan.core.catalog import search_venues
        from dayplan.core.places import resolve_place

        centre = resolve_place("Brisbane", data.gazetteer())
        print("near:", centre.name, centre.point)
        hits = search_venues(data.venues(), "museums", indoor_only=True, near=centre.point, limit=5)
        for hit in hits:
            v = hit.venue
            print(f"{hit.score:6.3f}  {hit.distance_km:4.1f} km  {v.id:<32} {v.opening_hours}")
        """
    ),
    md(
        """
        ## A tiny fake tool context

        In a run, ADK passes each tool a `ToolContext`. The planner tools touch only three
        parts of it: `state` (the session state), `function_call_id` (to key a search record)
        and `actions.skip_summarization` (set by `finish` to end the run). A small class with
        those three is enough to call the tools directly.

        The state is seeded exactly as a real run seeds it, with `initial_state`: the request,
        a pinned local "now" (Sunday 29 November 2026, 09:00 in Brisbane), the timezone, the
        location and a run id. The request is the wet-weather family Saturday.
        """
    ),
    checked(
        """
        from datetime import datetime
        from types import SimpleNamespace
        from zoneinfo import ZoneInfo

        from dayplan.contract import PlanRequest
        from dayplan.service.run import initial_state


        class Ctx:
            \"\"\"Just enough of ADK's ToolContext for the planner tools.\"\"\"

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
        """
    ),
    md(
        """
        ## `resolve_date` as a tool

        The same core logic, but *today* comes from the pinned "now" in state, a bad expression
        comes back as `{"ok": False, "error": ...}` instead of an exception, and a good one is
        recorded in state (`date` and `assumption:date`).
        """
    ),
    checked(
        """
        print(tools.resolve_date("someday", ctx))
        print(tools.resolve_date("Saturday", ctx))
        print("state['date']            =", ctx.state["date"])
        print("state['assumption:date'] =", ctx.state["assumption:date"])
        """
    ),
    md(
        """
        ## `search_public_web`

        Offline, the search tool ranks the bundled snapshot near the request's location. Each
        result carries the venue id, the facts the checker needs and a source id. Descriptions
        are third-party text, so they come wrapped in `untrusted_description` markers: data to
        read, never instructions to follow.
        """
    ),
    checked(
        """
        found = tools.search_public_web("museums", ctx, indoor_only=True)
        print(found["ok"], found["backend"], "-", found["note"])
        for r in found["results"][:5]:
            price = f"adult {r['price']['adult']:g} / child {r['price']['child']:g}"
            print(f"{r['id']:<32} {price:<22} {r['opening_hours']:<30} {r['source_id']}")
        print()
        print(found["results"][0]["untrusted_description"])
        """
    ),
    md(
        """
        ## The facts now live in state

        Every venue a search returned is stored under `venue:<id>` and its source under
        `source:<id>`, plus one `search:<call id>` record per call. Later steps (the checker,
        the served report) read facts **only** from here, by venue id.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## Search fails softly too

        An empty query is an error the model can fix; a place outside the snapshot's coverage
        is not an error but an honest empty result with a note.
        """
    ),
    checked(
        """
        print(tools.search_public_web("", ctx))
        print(tools.search_public_web("museums", ctx, location="Sydney"))
        """
    ),
    md(
        """
        ## `check_plan` with bad arguments

        Malformed arguments (not a list, a time that is not `HH:MM`, a stop with neither a venue
        nor an activity) come back as `{"ok": False, "error": ...}`. A well-formed stop at a
        venue **no search returned** is different: the call works, and the check fails with
        `unknown_venue`, because its facts are unknown.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## `check_plan` on a real itinerary

        Three stops chosen from the search results. The tool builds the constraints from the
        request (structured fields win), travel from coordinates (home is the Brisbane City
        point, stated as an assumption), and copies names, costs and the indoor flag from the
        venue records. Every call is recorded in state as `check:<seq>` (the invented-venue
        check above counts too). The `check_id` in the result is left out here: it changes
        every run.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## A failed check is data, not an exception

        Move the museum visit into the nap and the check fails. The failures come back as
        records with a stable `code`, a readable `detail` and the raw `values`, so the model can
        repair the plan and code can serve the failures if no plan works.
        """
    ),
    checked(
        """
        napping = proposal[:2] + [{"venue_id": "qld-museum-kurilpa", "start": "12:30", "end": "14:30"}]
        result = tools.check_plan(napping, ctx)
        print("ok:", result["ok"], " passed:", result["passed"])
        for failure in result["failures"]:
            print(f"  [{failure['code']}] {failure['detail']}   values={failure['values']}")
        print("check records in state:", sum(k.startswith("check:") for k in ctx.state))
        """
    ),
    md(
        """
        ## `record_clarification` and `finish`

        Both validate their arguments and record in state. `finish` stores the payload and sets
        `skip_summarization`, which ends the agent's turn; it does **not** decide what is served.
        Notebook 03 shows the code that does.
        """
    ),
    checked(
        """
        print(tools.record_clarification([], ctx))
        print(tools.record_clarification(["Which suburb is home?"], ctx, missing=["home"]))
        print(tools.finish('{"status": "complete"}', ctx))
        print("skip_summarization:", ctx.actions.skip_summarization)
        print("finish_payload:", ctx.state["finish_payload"])
        """
    ),
    md(
        """
        ## Recap

        - Core functions (`resolve_date`, `search_venues`) are pure and may raise; the tools
          wrap them for the model.
        - Tools **never raise into the model**: bad arguments give `{"ok": False, "error": ...}`.
        - Tools record what they found in state: `date`, `assumption:<topic>`, `venue:<id>`,
          `source:<id>`, `search:<call id>`, `check:<seq>`, `clarification`, `finish_payload`.
        - `check_plan` only knows venues a search returned; anything else is `unknown_venue`.

        ## Your turn

        It rains from 11:00 to 15:00 and the nap is 13:00-14:00. Search for a **playground**,
        pick an **outdoor** result, and propose a visit that passes `check_plan`.
        """
    ),
    md(
        """
        **Your answer.** One answer is filled in; change the venue or the times and re-run.
        """
    ),
    code(
        """
        playgrounds = tools.search_public_web("playground", ctx)
        choice = next(r for r in playgrounds["results"] if not r["indoor"])
        attempt = tools.check_plan([{"venue_id": choice["id"], "start": "09:15", "end": "10:30"}], ctx)
        """
    ),
    md(
        """
        **Check.** `dayplan.exercises.nb01.check` explains its verdict: the venue must come from
        a search and be outdoors, and the package's checker must pass the visit.
        """
    ),
    checked(
        """
        from dayplan.exercises import nb01

        print(nb01.check(attempt, ctx))
        """
    ),
]


# --------------------------------------------------------------------------------------------
# 02_validator
# --------------------------------------------------------------------------------------------

NB02 = [
    md(
        """
        # 02 · The validator

        ## What you will build

        `dayplan.core.checker.check_plan(stops, constraints, venues_by_id, travel)` is the part
        of the planner that **proves**. It is deterministic, imports neither ADK nor the
        network, never raises on a bad plan, and returns **every** broken constraint with a
        stable code and the numbers that broke it.

        You will set up the constraints of a rainy family Saturday, check a plan that passes,
        then break it one constraint at a time and watch each failure code appear, and finally
        prove a request impossible.

        Times in the core are **minutes after local midnight** (`09:00` is `540`); `HH:MM`
        strings appear only at the edges.
        """
    ),
    *BOOTSTRAP,
    md(
        """
        ## The constraints

        Saturday 2026-12-05: out from 09:00, home by 17:00; rain 11:00-15:00; a nap 13:00-14:00
        (blocked); 2 adults and 2 children; AUD 100; by car with no leg over 30 minutes. The
        JSON view is the one the `check_plan` tool shows the model.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## Venues and travel

        The checker takes venue facts only from the `venues` mapping, and travel only from a
        travel model. `CoordinateTravel` estimates door-to-door minutes from coordinates; its
        place ids are venue ids plus `HOME`, here the Brisbane City point from the gazetteer.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## A plan that passes

        Three indoor stops, the rain and the nap avoided. A small helper prints a result; it
        only formats, the verdict is `check_plan`'s.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## Rejected, constraint by constraint

        Each mutation changes one thing in the passing plan and should trip exactly one failure
        code. The cell asserts that it does, then prints a table: the change, the code, the
        detail. (The far pool trips `leg_over_cap` twice: the cap covers the leg home too.)
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## Failures carry their numbers

        Besides the readable `detail`, each failure has the stop it is about (`venue_id`) and
        raw `values`, so code can act on it without parsing text.
        """
    ),
    checked(
        """
        for code in ("over_budget", "home_after_deadline", "outdoor_in_rain"):
            _, stops = mutations[code]
            for f in check_plan(stops, constraints, venues, travel).failures:
                print(f.to_dict())
        """
    ),
    md(
        """
        ## An impossible request: `window_too_short`

        A swimming lesson and a birthday party, an hour each, but only 09:00-09:30 free. No
        arrangement can work, and the checker proves it: the must-do activities need 120
        minutes and the window has 30. (Venue-less activities add no travel.) The other
        failures are the consequences of trying anyway.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## Total, never raising

        Nothing to check and venues nobody searched for are failures too, not exceptions.
        """
    ),
    checked(
        """
        for label, stops in [("no stops", []), ("made-up venue", [stop("dreamworld", "10:00", "12:00")])]:
            result = check_plan(stops, constraints, venues, travel)
            print(f"{label:<14} ok={result.ok}", [f"[{f.code}] {f.detail}" for f in result.failures])
        """
    ),
    md(
        """
        ## The scheduler arranges the wet-weather stops

        Checking a guess is half the job. `dayplan.core.scheduler.arrange(picks, venues,
        constraints, travel)` takes the stops the model **chose** (no times) and finds the
        best order and times exactly: every must-do first, then the most preference weight,
        then the fewest travel minutes; waiting is allowed and a visit stretches from its
        minimum toward its typical length. Here it gets six candidates, among them the outdoor
        parklands, a dearer cinema and the far pool, under the same rain, nap, budget and cap,
        and keeps at most three stops. Its answer then goes through `check_plan`
        independently.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        The parklands are outdoors: the only dry hours are 09:00-11:00 and 15:00-17:00, and the
        scheduler weighed them against the museums. The pool is over the 30-minute cap, so it
        never made it in. How it works: dynamic programming over (set of stops visited, current
        place), each state keeping only the Pareto-best (finish time, cost, travel) labels;
        with at most 10 candidates that is exact and takes milliseconds.

        ## An impossible case, proved with its minimal conflict

        When no arrangement exists, the scheduler says **why**, in the fewest constraints: it
        switches constraints off one at a time and drops each one whose absence leaves the
        request still impossible (a deletion filter). What remains is a *minimal conflicting
        set* — remove any one member and a plan exists. The failures are `check_plan`'s verdict
        on the best plan once that conflict is relaxed, so they carry stable codes and numbers.

        The two must-do activities of the short morning: each one alone is already too long,
        so the minimal conflict names one of them and the window.
        """
    ),
    checked(
        """
        activities = [
            Pick(activity="Swimming lesson", minutes=60, must=True),
            Pick(activity="Birthday party", minutes=60, must=True),
        ]
        proof = arrange(activities, venues, short_morning, travel).proof
        print("conflict:", proof.conflict)
        for f in proof.failures:
            print(f"  [{f.code}] {f.detail}")
        """
    ),
    md(
        """
        A must-do outdoor stop on this rainy day, with the budget, the cap and the nap all in
        force: the proof names only what really bites.
        """
    ),
    checked(
        """
        proof = arrange(
            [Pick("south-bank-parklands", must=True, minutes=300), Pick("museum-of-brisbane")],
            venues,
            constraints,
            travel,
        ).proof
        print("conflict:", proof.conflict)
        for f in proof.failures:
            print(f"  [{f.code}] {f.detail}")
        """
    ),
    md(
        """
        ## NATURAL PLAN: the same scheduler on a published benchmark

        NATURAL PLAN's meeting-planning task (Zheng et al., 2024) gives friends at places with
        time windows and minimum meeting times, a travel matrix, and asks to meet as many as
        possible. Language models were given it as text: Gemini 1.5 Pro solved 39.1%, GPT-4
        47.0%. Given the same instances as **data** — friends as optional stops with windows,
        the matrix as a `MatrixTravel`, no way home — the exact scheduler solves them all. The
        plans are written in the task's sentences and scored by its published replay rules;
        Gemini 1.5 Pro's stored answers on this 41-instance sample are scored the same way.
        (`python -m dayplan bench natural-plan FILE` prints the same table with solve times.)
        """
    ),
    checked(
        """
        from dayplan.benchmarks import natural_plan

        dev = natural_plan.find_dev_file()
        result = natural_plan.evaluate(natural_plan.load(dev))
        print(natural_plan.table(result["rows"], timings=False))
        """
    ),
    md(
        """
        One solved instance in the task's own words:
        """
    ),
    checked(
        """
        for sentence in result["predictions"]["meeting_planning_example_143"]:
            print(sentence)
        """
    ),
    md(
        """
        Solve times vary from machine to machine, so this cell is not compared:
        """
    ),
    code(
        """
        import statistics

        ms = [r["ms"] for r in result["rows"]]
        print(f"median {statistics.median(ms):.2f} ms, max {max(ms):.1f} ms per instance")
        """
    ),
    md(
        """
        ## Recap

        - `check_plan` is deterministic, total and pure: constraints, venue facts and a travel
          model in; a verdict with every failure out.
        - Each failure has a stable code (`outdoor_in_rain`, `overlaps_blocked`, `closed`,
          `over_budget`, `leg_over_cap`, `below_min_duration`, `home_after_deadline`,
          `overlap`, `window_too_short`, ...), a detail with numbers, and raw values.
        - Travel caps count the legs from and to home.
        - An impossible request is *proved* impossible, not guessed.
        - The scheduler arranges chosen stops exactly (or names a minimal conflict), and
          `check_plan` still verifies what it arranged; on NATURAL PLAN it solves every
          instance that language models often miss.

        ## Your turn

        The passing plan ends at 16:00 at the Queensland Museum. Add a **fourth stop** at the
        State Library of Queensland (free, indoor, at least 30 minutes) so that the plan still
        passes and the family is home by 17:00.
        """
    ),
    md(
        """
        **Your answer.** One answer is filled in; change the times and re-run the check.
        """
    ),
    code(
        """
        four_stops = [*good, stop("state-library-of-queensland", "16:10", "16:40")]
        """
    ),
    md(
        """
        **Check.** `dayplan.exercises.nb02.check` runs the package's checker (the judge) and says
        what to change if it fails; the three passing stops must stay as they are.
        """
    ),
    checked(
        """
        from dayplan.exercises import nb02

        print(nb02.check(four_stops, constraints, venues, travel, base=good))
        """
    ),
]


# --------------------------------------------------------------------------------------------
# 03_agent
# --------------------------------------------------------------------------------------------

NB03 = [
    md(
        """
        # 03 · The agent

        ## What you will build

        The tools of notebook 01 and the checker of notebook 02, wired into a real ADK
        `LlmAgent` inside an `App`, run by an ADK `Runner` on an in-memory session. One request
        goes in; a served `DayPlanReport` comes out.

        The model here is `OfflinePlannerModel`: a **deterministic stand-in, not an LLM**. It
        implements ADK's `BaseLlm` interface and follows fixed rules (ask when no location is
        given; otherwise resolve the date, search, propose a greedy itinerary, check it, repair
        at most twice, finish). It drives the same tool loop a live Gemini model would, so
        everything downstream is the real thing, and every report says `model: offline`.

        You will run three cases (a rainy family Saturday, an impossible schedule and a request
        with no location), read the tool trace and the raw ADK events, and see the rule that a
        status must be **earned** by evidence in state.
        """
    ),
    *BOOTSTRAP,
    md(
        """
        ## The agent and its app

        `build_app()` makes the `App`: the planner agent (instruction, tools, the offline model)
        plus the guardrail plugins. The `finish_gate` plugin hides `finish` until the run has a
        `check_plan` result or a recorded clarification.
        """
    ),
    checked(
        """
        from google.adk.models.base_llm import BaseLlm

        from dayplan.agent.build import build_app

        app = build_app()
        agent = app.root_agent
        print("app:    ", app.name)
        print("agent:  ", agent.name)
        print("model:  ", agent.model.model, "-", type(agent.model).__name__)
        print("is a BaseLlm:", isinstance(agent.model, BaseLlm), "(an interface, not an LLM)")
        print("tools:  ", [tool.__name__ for tool in agent.tools])
        print("plugins:", [plugin.name for plugin in app.plugins])
        print()
        print(agent.instruction)
        """
    ),
    md(
        """
        ## Load a case

        Cases live in `cases/`, one JSON file each: a `request` and what an evaluation expects.
        `load_request` validates the request against the contract. This is the message the
        model receives: the request as JSON between `<request>` tags.
        """
    ),
    checked(
        """
        from dayplan.agent.offline_model import render_request
        from dayplan.cli import load_request

        req, _ = load_request("../cases/wet_weather_family.json")
        print(render_request(req))
        """
    ),
    md(
        """
        ## Run it

        `run_plan` creates a fresh session, runs the agent loop and builds the served report.
        Notebooks use top-level `await` (never `asyncio.run`). Offline, a run takes well under a
        second.
        """
    ),
    checked(
        """
        from dayplan.service.run import run_plan

        run = await run_plan(req)
        print(f"{run.report.status} (model: {run.model})")
        """
    ),
    md(
        """
        ## The tool path

        Every tool call paired with its response, in order: the date, two searches (one per
        preference, indoor only because rain is expected), `arrange_plan` (the exact scheduler
        orders and times the chosen venues and checks the result), one passing `check_plan` on
        exactly what it arranged, finish.
        """
    ),
    checked(
        """
        print(run.trace_text())
        """
    ),
    md(
        """
        ## The served report

        The served report as the command line prints it. Its second line carries the run id,
        which changes every run, so this cell masks it as `<run>`. Stops, times, costs and
        travel are copied from the passing check, not from the model's wording.
        """
    ),
    checked(
        """
        from dayplan.cli import render_report

        print(render_report(run.report).replace(run.report.run_id, "<run>"))
        """
    ),
    md(
        """
        ## The raw ADK events

        Underneath the trace is ADK's event stream. Each model turn is an event with function
        calls; each tool turn is an event with function responses. Event ids and timestamps
        change every run, so only the author and the names are shown. The last event sets
        `skip_summarization` (from `finish`), which ends the run.
        """
    ),
    checked(
        """
        for i, event in enumerate(run.events, 1):
            parts = event.content.parts if event.content and event.content.parts else []
            calls = [p.function_call.name for p in parts if p.function_call]
            responses = [p.function_response.name for p in parts if p.function_response]
            kind = "calls" if calls else "responses"
            end = "  (skip_summarization)" if event.actions.skip_summarization else ""
            print(f"{i}. {event.author:<12} {kind:<9} {calls or responses}{end}")
        """
    ),
    md(
        """
        ## The status-earned rule

        The model's `finish` payload only *claims* a status. `build_report` (in
        `dayplan.service.boundary`) serves `complete` only if a `check_plan` passed on exactly
        the served stops, `no_feasible_plan` only after a failed check, and
        `needs_clarification` only after a recorded clarification with no search before it.
        Here the served stops are those of the last passing check in state.
        """
    ),
    checked(
        """
        from dayplan.tools.state import checks

        record = checks(run.state)[-1]
        served = [s.venue_id for s in run.report.plan.stops]
        print("last check passed:", record["passed"])
        print("served stops:     ", served)
        print("checked stops:    ", [s["venue_id"] for s in record["stops"]])
        print("same stops:", served == [s["venue_id"] for s in record["stops"]])
        """
    ),
    md(
        """
        ## An impossible schedule

        Two one-hour activities in a 30-minute window. The offline model spots the
        contradiction and goes straight to `check_plan`, with no search; the failed check is the
        evidence, and its failures are what is served.
        """
    ),
    checked(
        """
        req, _ = load_request("../cases/impossible_schedule.json")
        impossible = await run_plan(req)
        print(impossible.report.status)
        """
    ),
    md(
        """
        **Its trace and report** (run id masked).
        """
    ),
    checked(
        """
        print(impossible.trace_text())
        print()
        print(render_report(impossible.report).replace(impossible.report.run_id, "<run>"))
        """
    ),
    md(
        """
        ## A claim without evidence is refused

        Feed `build_report` the impossible run's evidence with a forged payload that claims
        `complete`. No check passed in that run, so the boundary refuses to serve it and names
        the rule.
        """
    ),
    checked(
        """
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
        """
    ),
    md(
        """
        ## The finish gate

        The `finish_gate` plugin applies the same idea during the run: `finish` is not even
        offered to the model until the session holds evidence, a `check_plan` record or a
        recorded clarification. `has_evidence` is its test.
        """
    ),
    checked(
        """
        from dayplan.agent.guardrails import has_evidence

        print("fresh session:        ", has_evidence({}))
        print("after a failed check: ", has_evidence(impossible.state))
        print("after a clarification:", has_evidence({"clarification": {"questions": ["Where?"]}}))
        """
    ),
    md(
        """
        ## Missing essentials

        "Plan my Saturday." names no place. The model records a clarification and finishes;
        no search runs. The served report carries the questions.
        """
    ),
    checked(
        """
        req, _ = load_request("../cases/missing_essentials.json")
        missing = await run_plan(req)
        print(missing.report.status)
        """
    ),
    md(
        """
        **Its trace and report** (run id masked).
        """
    ),
    checked(
        """
        print(missing.trace_text())
        print()
        print(render_report(missing.report).replace(missing.report.run_id, "<run>"))
        """
    ),
    md(
        """
        ## With a key: the same loop on Gemini (live-only)

        With `GOOGLE_API_KEY` and `DAYPLAN_MODE=live` set in the environment, the same agent runs
        on Gemini with grounded search and a live forecast; the boundary serves only what the
        trace earned. Offline (as in CI) this cell prints one line and skips.
        """
    ),
    checked(
        """
        from dayplan.config import live_skip_notice

        notice = live_skip_notice()
        if notice:
            print(notice)
        else:
            live = await run_plan(load_request("../cases/wet_weather_family.json")[0], model="live")
            print(live.report.status if live.report else f"rejected: {live.error}")
            print(live.trace_text())
        """
    ),
    md(
        """
        ## Recap

        - The agent is a real ADK `LlmAgent` in an `App` with a guardrail plugin, run by a
          `Runner`; only the model is a stand-in, and it is **not an LLM**.
        - `run_plan` is the one path the CLI, the service and the evaluations share; in a
          notebook you `await` it.
        - The trace pairs every tool call with its response; the raw events are ADK's.
        - A status is **earned**: the boundary serves `complete`, `no_feasible_plan` or
          `needs_clarification` only with the matching evidence in state.

        ## Your turn

        From the impossible run, collect the served failure codes and the names of the tools
        that ran. Which code proves the request impossible, and which tool never ran?
        """
    ),
    md(
        """
        **Your answer.** One answer is filled in; check it against the trace above.
        """
    ),
    code(
        """
        codes = [f.code for f in impossible.report.constraint_failures]
        tools_used = [step.tool for step in impossible.steps]
        """
    ),
    md(
        """
        **Check.** `dayplan.exercises.nb03.check` compares your lists with what the run served
        and called, and explains the answer.
        """
    ),
    checked(
        """
        from dayplan.exercises import nb03

        print(nb03.check(codes, tools_used, impossible))
        print("codes:", codes)
        print("tools:", tools_used)
        """
    ),
]


NOTEBOOKS = {
    "00_setup": NB00,
    "01_tools": NB01,
    "02_validator": NB02,
    "03_agent": NB03,
}


def main(argv: list[str]) -> int:
    wanted = argv or list(NOTEBOOKS)
    unknown = [name for name in wanted if name not in NOTEBOOKS]
    if unknown:
        print(f"unknown notebook(s): {', '.join(unknown)}; known: {', '.join(NOTEBOOKS)}")
        return 2
    for stem in wanted:
        write_notebook(stem, NOTEBOOKS[stem])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
