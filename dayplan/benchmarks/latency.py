"""``python -m dayplan bench latency``: wall time of the wet-weather run with injected delays,
searches in one turn run concurrently (the agent's async search tool) beside one after another
(what a synchronous search client does: it blocks the event loop, so ADK's concurrent tool calls
serialise).

Delays: each model turn ``--model-delay`` seconds (1.0), each search ``--search-delay`` (2.0).
The wet-weather run takes six model turns (record_reading; resolve_date; the searches;
arrange_plan; check_plan; finish), so with ``K`` searches in its search turn::

    parallel   = 6 x 1.0 + 2.0       = 8.0 s
    sequential = 6 x 1.0 + K x 2.0   = 10.0 s for K = 2   ratio 0.8

The model turns are sequential by nature (each needs the previous turn's tool results), so with
two searches 0.4x is out of reach: even free searches cannot go below 6 / 10 = 0.6. The ratio
reaches 0.4x or less from seven searches in one turn (8 / 20 = 0.4), which the search budget (8)
allows; ``--queries`` asks for that many query variants in the search turn.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import AsyncGenerator

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse

from dayplan.agent.faults import Alter, FaultyModel, Turn
from dayplan.agent.faults.guardrail import search_queries
from dayplan.agent.offline_model import OfflinePlannerModel
from dayplan.cli_common import EXIT_OK, InputError, case_dirs
from dayplan.contract import PlanRequest
from dayplan.core.catalog import Venue
from dayplan.service.run import run_plan
from dayplan.tools.search import offline_backend, use_backend

NAME = "latency"
HELP = "wet-weather run with injected delays: concurrent searches vs one after another"
CASE_NAME = "wet_weather_family"


def _case_request() -> dict:
    """The wet-weather family case's request, read from the repository's ``cases/``."""
    for folder in case_dirs():
        path = folder / f"{CASE_NAME}.json"
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))["request"]
    raise InputError(f"case {CASE_NAME} not found in cases/")


class SlowModel(BaseLlm):
    """Wraps a model and waits ``delay`` seconds (without blocking) before each turn."""

    inner: BaseLlm
    delay: float = 1.0

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        await asyncio.sleep(self.delay)
        async for response in self.inner.generate_content_async(llm_request, stream):
            yield response


def wide_search(queries: int) -> Alter:
    """The stand-in, but its search turn asks for ``queries`` query variants at once."""

    def alter(turn: Turn, step: LlmResponse) -> LlmResponse:
        if not turn.calls("resolve_date") or turn.calls("search_public_web", raw=True):
            return step
        return search_queries(turn, 0, queries)

    return alter


def delayed_backend(seconds: float, *, blocking: bool):
    """A search backend that takes ``seconds``: awaited (``blocking=False``) or blocking the
    event loop like a synchronous HTTP client (``blocking=True``)."""

    async def backend(query: str, indoor_only: bool, near: tuple[float, float]) -> list[Venue]:
        if blocking:
            time.sleep(seconds)
        else:
            await asyncio.sleep(seconds)
        return offline_backend(query, indoor_only, near)

    return backend


async def timed_run(
    queries: int, model_delay: float, search_delay: float, *, blocking: bool
) -> tuple[float, str, int, int]:
    """One wet-weather run: (wall seconds, outcome, model turns, searches)."""
    inner: BaseLlm = (
        OfflinePlannerModel()
        if queries == 2
        else FaultyModel(model="offline", alter=wide_search(queries))
    )
    model = SlowModel(model=inner.model, inner=inner, delay=model_delay)
    turns = 0

    def count(event) -> None:
        nonlocal turns
        if event.author != "user" and event.content and event.content.role == "model":
            turns += 1

    started = time.perf_counter()
    with use_backend(delayed_backend(search_delay, blocking=blocking)):
        run = await run_plan(
            PlanRequest.model_validate(_case_request()), model=model, on_event=count
        )
    wall = time.perf_counter() - started
    outcome = run.report.status if run.report else f"rejected:{run.error.rule}"
    searches = sum(1 for s in run.steps if s.tool == "search_public_web")
    return wall, outcome, turns, searches


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--model-delay``, ``--search-delay`` (seconds), ``--queries`` (comma list), ``--scale``."""
    parser.add_argument("--model-delay", type=float, default=1.0, help="seconds per model turn")
    parser.add_argument("--search-delay", type=float, default=2.0, help="seconds per search")
    parser.add_argument(
        "--queries", default="2,6", help="searches in the search turn, comma-separated (2,6)"
    )
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiply both delays (e.g. 0.1 for a quick run)"
    )


def _queries(text: str) -> list[int]:
    try:
        out = [int(x) for x in str(text).split(",") if x.strip()]
    except ValueError:
        raise InputError(f"--queries wants whole numbers like 2,6, not {text!r}") from None
    if not out or any(q < 1 or q > 8 for q in out):
        raise InputError("--queries: each between 1 and 8 (the search budget)")
    return out


def run(args: argparse.Namespace) -> int:
    """Print one line per query count: parallel and sequential wall time and their ratio."""
    queries = _queries(args.queries)
    if args.model_delay < 0 or args.search_delay < 0 or args.scale <= 0:
        raise InputError("delays must be >= 0 and --scale > 0")
    model_delay, search_delay = args.model_delay * args.scale, args.search_delay * args.scale
    print(
        f"wet-weather run · model turn {model_delay:g} s · search {search_delay:g} s · "
        "parallel = async search tool, sequential = blocking search client"
    )
    print(
        f"{'searches':>8}  {'turns':>5}  {'parallel s':>10}  {'sequential s':>12}  ratio  outcome"
    )
    asyncio.run(timed_run(2, 0.0, 0.0, blocking=False))  # warm-up: imports, first-run caches
    for q in queries:
        par = asyncio.run(timed_run(q, model_delay, search_delay, blocking=False))
        seq = asyncio.run(timed_run(q, model_delay, search_delay, blocking=True))
        ratio = par[0] / seq[0] if seq[0] else float("nan")
        mark = "≤ 0.4 ✓" if ratio <= 0.4 else "> 0.4"
        print(
            f"{par[3]:>8}  {par[2]:>5}  {par[0]:>10.2f}  {seq[0]:>12.2f}  {ratio:.2f}  "
            f"{par[1]} / {seq[1]}  ({mark})"
        )
    print(
        "model turns run one after another (each needs the previous results), so the ratio is "
        "bounded by (turns x model + search) / (turns x model + searches x search)"
    )
    return EXIT_OK
