"""Every tool's arguments, parsed by a pydantic model before the tool body runs.

A model's tool call is data, not Python: ``adults: 3.5``, ``adults: true``, ``adults: "2"``,
``budget: "NaN"`` or a key the tool does not have are mistakes to report, never values to
coerce (``int(3.5)`` is 3, ``int(True)`` is 1). Each tool's model is strict (no coercion: a
string is never a number, a bool is never a number), finite (no NaN or infinity), bounded
where the domain is, and forbids unknown keys. A call that does not parse gets a structured
answer naming the argument, which the model can fix::

    {"ok": false, "status": "invalid_arguments", "argument": "stops.0.duration_minutes",
     "error": "argument stops.0.duration_minutes: a whole number is needed, got 3.5 (float)"}

Two seams apply the models, so no path skips them:

* ``validated(Model)`` decorates each tool function: the bound arguments are checked before the
  body runs (Python callers, notebooks, tests);
* ``CheckedTool`` is the ADK ``FunctionTool`` the agent is given: it checks the raw call,
  including keys the function does not declare (ADK would drop those silently), then runs it.
"""

import functools
import inspect
import math
from collections.abc import Callable
from typing import Annotated, Any

from google.adk.tools.function_tool import FunctionTool
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

CONTEXT = "tool_context"


def _whole(value: Any) -> Any:
    """``2.0`` -> ``2`` (JSON numbers may arrive as floats); anything else is left for the
    strict int check, which refuses ``3.5``, ``True`` and ``"2"``."""
    if isinstance(value, float) and not isinstance(value, bool) and value.is_integer():
        return int(value)
    return value


def Whole(ge: int, le: int) -> Any:  # noqa: N802 (a type factory)
    """A whole number from ``ge`` to ``le``: an int, or a float with no fraction."""
    return Annotated[int, BeforeValidator(_whole), Field(ge=ge, le=le)]


HHMMText = Annotated[str, Field(max_length=20)]
Text = Annotated[str, Field(max_length=4000)]


class ToolArgs(BaseModel):
    """Base of every tool's arguments: strict types, finite numbers, no unknown keys."""

    # (defer_build: a tool's model is built when that tool is first called, not at import)
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, defer_build=True)


class StopArg(ToolArgs):
    """One stop or candidate: a ``venue_id`` from search or a must-do ``activity``."""

    venue_id: Annotated[str, Field(max_length=200)] | None = None
    activity: Annotated[str, Field(max_length=200)] | None = None
    name: Annotated[str, Field(max_length=200)] | None = None  # ignored: facts come from search
    start: HHMMText | None = None
    end: HHMMText | None = None
    duration_minutes: Whole(1, 1440) | None = None
    must: bool | None = None
    at_home: bool | None = None  # a must-do at home: time at home, not a stop
    weight: Annotated[float, Field(ge=0, le=100)] | None = None


class CheckPlanArgs(ToolArgs):
    """``check_plan`` takes the stops only: the constraints are the request's structured fields
    and the frozen reading of its text (``record_reading``), never the model's per call."""

    stops: list[StopArg] = Field(max_length=20)


class RecordReadingArgs(ToolArgs):
    """``record_reading``: a list; each reading's shape and value are checked by
    ``dayplan.reading.verify_reading``, which names the quote and what the parser found."""

    readings: list[Any]


class ArrangePlanArgs(CheckPlanArgs):
    max_stops: Whole(0, 20) = 0


class ResolveDateArgs(ToolArgs):
    expression: Annotated[str, Field(max_length=200)]


class ForecastArgs(ToolArgs):
    date: Annotated[str, Field(max_length=40)] = ""
    location: Annotated[str, Field(max_length=200)] = ""


class SearchArgs(ToolArgs):
    query: Annotated[str, Field(max_length=300)]
    location: Annotated[str, Field(max_length=200)] = ""
    indoor_only: bool = False


class ClarifyArgs(ToolArgs):
    questions: list[Annotated[str, Field(max_length=1000)]] = Field(max_length=10)
    missing: list[Annotated[str, Field(max_length=100)]] | None = Field(default=None, max_length=20)


class FinishArgs(ToolArgs):
    report_json: Annotated[str, Field(max_length=1_000_000)]


class SaveArgs(ToolArgs):
    check_id: Annotated[str, Field(max_length=100)] = ""


class GetSavedArgs(ToolArgs):
    plan_id: Annotated[str, Field(max_length=200)]


class RememberArgs(ToolArgs):
    kind: Annotated[str, Field(max_length=50)]
    value: Text


_EXPECTED = {
    "int_type": "a whole number is needed",
    "float_type": "a number is needed",
    "string_type": "text is needed",
    "bool_type": "true or false is needed",
    "list_type": "a list is needed",
    "model_type": "an object is needed",
    "dict_type": "an object is needed",
    "finite_number": "a finite number is needed",
    "extra_forbidden": "this tool has no such argument",
    "missing": "this argument is required",
}


def _describe(value: Any) -> str:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:59] + "…"
    return f"{shown} ({type(value).__name__})"


def invalid(exc: ValidationError, tool: str) -> dict[str, Any]:
    """The structured answer for arguments that did not parse: the first bad argument named."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "arguments"
    kind = first["type"]
    what = _EXPECTED.get(kind, first["msg"])
    if kind == "missing":
        error = f"argument {where}: {what}"
    elif kind == "extra_forbidden":
        error = f"argument {where}: {what}; {tool} takes {', '.join(_fields(tool))}"
    else:
        value = first.get("input")
        if isinstance(value, float) and not math.isfinite(value):
            what = _EXPECTED["finite_number"]
        elif kind not in _EXPECTED:
            what = first["msg"][0].lower() + first["msg"][1:]
        error = f"argument {where}: {what}, got {_describe(value)}"
    return {
        "ok": False,
        "status": "invalid_arguments",
        "argument": where,
        "error": error[:500],
        "problems": len(exc.errors()),
    }


MODELS: dict[str, type[ToolArgs]] = {}
"""Each tool's argument model, by tool name (filled by ``validated``)."""


def _fields(tool: str) -> list[str]:
    model = MODELS.get(tool)
    return list(model.model_fields) if model else []


def check_args(tool: str, args: dict[str, Any]) -> dict[str, Any] | None:
    """``None`` when ``args`` parse as ``tool``'s arguments, else the structured error."""
    model = MODELS.get(tool)
    if model is None:
        return None
    try:
        model.model_validate(args)
    except ValidationError as exc:
        return invalid(exc, tool)
    return None


def validated(model: type[ToolArgs]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a tool function so its arguments (all but ``tool_context``) are parsed by
    ``model`` first; a call that does not parse returns ``invalid(...)`` without running the
    body. The wrapper keeps the function's name, docstring and signature (ADK's declaration)."""

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(fn)
        MODELS[fn.__name__] = model

        def _problem(args: tuple, kwargs: dict) -> dict[str, Any] | None:
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError as exc:
                return {
                    "ok": False,
                    "status": "invalid_arguments",
                    "argument": "arguments",
                    "error": f"{fn.__name__}: {exc}",
                }
            given = {k: v for k, v in bound.arguments.items() if k != CONTEXT}
            return check_args(fn.__name__, given)

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                problem = _problem(args, kwargs)
                if problem is not None:
                    return problem
                return await fn(*args, **kwargs)

            return async_wrapper

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            problem = _problem(args, kwargs)
            if problem is not None:
                return problem
            return fn(*args, **kwargs)

        return wrapper

    return deco


_DECLARATIONS: dict[Callable[..., Any], Any] = {}
"""Each tool function's ADK declaration, built once per process (``CheckedTool``)."""


class CheckedTool(FunctionTool):
    """The ADK ``FunctionTool`` for a tool function: the raw call's arguments are parsed by the
    tool's model (``MODELS``), unknown keys included, before ADK runs the function.

    Its function declaration is built once per function and process (ADK's ``FunctionTool``
    rebuilds a deep copy on every model turn, and the planner builds its tools for every run),
    or taken from the table stored at build time (``dayplan.tools.declarations``) when that
    holds this tool's; nothing in the project mutates a declaration (``drop_tool`` replaces the
    list it sits in).

    ``on_loop=True`` is for a tool that does no I/O (pure computation over session state): it
    runs on the event loop instead of ADK's tool thread pool, since under the GIL a thread buys
    such a tool nothing and the hop to the pool and back costs each call. Tools that touch the
    store or the network keep ``on_loop=False`` and run on the pool, off the loop.
    """

    def __init__(self, func: Callable[..., Any], *, on_loop: bool = False, **kwargs: Any):
        super().__init__(func, **kwargs)
        self.on_loop = on_loop

    def _get_declaration(self) -> Any:
        cached = _DECLARATIONS.get(self.func)
        if cached is None:
            from dayplan.tools.declarations import stored_declaration

            cached = stored_declaration(self) or super()._get_declaration()
            _DECLARATIONS[self.func] = cached
        return cached

    async def run_async(self, *, args: dict[str, Any], tool_context: Any) -> Any:
        problem = check_args(self.name, dict(args or {}))
        if problem is not None:
            return problem
        return await super().run_async(args=args, tool_context=tool_context)

    async def _invoke_callable(self, target: Callable[..., Any], args_to_call: dict) -> Any:
        # (the name is ADK's: FunctionTool tells call-site TypeErrors by this frame's name)
        if self.on_loop and target is self.func:
            return target(**args_to_call)  # a synchronous, I/O-free tool: no thread hop
        return await super()._invoke_callable(target, args_to_call)
