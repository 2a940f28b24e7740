"""What every faulty model is made of: one small function over the stand-in's next step.

A fault is ``alter(turn, step) -> step``. ``step`` is what the clean stand-in
(``OfflinePlannerModel``'s rules) would do next in this conversation; ``turn`` is what the
model sees this turn. The function returns the faulty step, or ``step`` itself where it behaves.
``FaultyModel`` is the one ADK adapter that runs any such function; ``Fault`` is its registry
entry (``dayplan.agent.faults.FAULTS``).

Refusals: the stand-in itself counts a refused call as made (a refused ``finish`` ends its run).
A fault that goes back to the rules after a guardrail's refusal, as a model reading any tool
result would, asks ``turn.next_step()``: the stand-in over the history without refused calls
and calls to tools that do not exist (``dayplan.agent.faults.guardrail``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types

from dayplan.agent.offline_model import (
    Conversation,
    OfflinePlannerModel,
    ToolExchange,
    _call,
    _reply,
    parse_request_message,
    read_history,
)
from dayplan.contract import PlanRequest
from dayplan.evidence.keys import CHECK_TOOL, FINISH_TOOL, SEARCH_TOOL, TOOL_NAMES

Alter = Callable[["Turn", LlmResponse], LlmResponse]
"""``alter(turn, stand_in_step) -> step``: a fault."""


def refused_by(ex: ToolExchange) -> str | None:
    """The guardrail that refused this call, if one did."""
    r = ex.response or {}
    return str(r["guardrail"]) if r.get("guardrail") else None


@dataclass
class Turn:
    """What a faulty model sees on one turn: the ``request``, the ``raw`` tool exchanges
    (refusals and calls to tools that do not exist included) and the tools ``offered``."""

    request: PlanRequest
    raw: list[ToolExchange]
    offered: set[str] | None

    @classmethod
    def of(cls, llm_request: LlmRequest) -> Turn:
        """The turn an ADK ``LlmRequest`` carries (an unreadable request message is free text)."""
        first_text, history = read_history(llm_request)
        try:
            request = parse_request_message(first_text)
        except ValueError:
            request = PlanRequest(text=first_text[:4000])
        offered = set(llm_request.tools_dict) if llm_request.tools_dict else None
        return cls(request, history, offered)

    @cached_property
    def clean(self) -> list[ToolExchange]:
        """The exchanges the stand-in plans from: real tools, nothing a guardrail refused."""
        return [h for h in self.raw if h.name in TOOL_NAMES and not refused_by(h)]

    def conversation(
        self, extra: tuple[ToolExchange, ...] = (), *, raw: bool = False
    ) -> Conversation:
        """The stand-in's view of the clean history (every exchange with ``raw``), plus
        ``extra`` exchanges it pretends happened."""
        return Conversation(
            self.request, [*(self.raw if raw else self.clean), *extra], self.offered
        )

    def stand_in_step(self) -> LlmResponse:
        """What the stand-in does next in this conversation (refused calls count as made)."""
        return self.conversation(raw=True).decide()

    def next_step(self) -> LlmResponse:
        """The stand-in's next step after refusals: refused calls and calls to tools that do
        not exist left out, so it tries again by the rules."""
        return self.conversation().decide()

    def calls(self, name: str, *, raw: bool = False) -> list[ToolExchange]:
        """Calls of tool ``name`` in the clean (or ``raw``) history, in order."""
        return [h for h in (self.raw if raw else self.clean) if h.name == name]

    def refused(self, guardrail: str | None = None) -> list[ToolExchange]:
        """Calls a guardrail refused (only ``guardrail``'s, when given)."""
        return [h for h in self.raw if refused_by(h) and guardrail in (None, refused_by(h))]

    def last_check(self) -> dict[str, Any]:
        """The last answered ``check_plan`` response (``{}`` before any)."""
        done = [c.response for c in self.calls(CHECK_TOOL) if c.response is not None]
        return done[-1] if done else {}

    def searched(self) -> bool:
        """Whether any search was answered."""
        return any(c.response is not None for c in self.calls(SEARCH_TOOL))

    def itinerary(self) -> list[dict]:
        """The stand-in's greedy itinerary over what was found (stops with times)."""
        c = self.conversation()
        dates = c.calls("resolve_date")
        return c.itinerary(c.day(dates[-1]) if dates else None, exclude=set())

    def descriptions(self) -> list[str]:
        """Every search result's untrusted description, in order."""
        out = []
        for ex in self.calls(SEARCH_TOOL):
            out += [
                str(r.get("untrusted_description", ""))
                for r in (ex.response or {}).get("results", [])
            ]
        return out


class FaultyModel(OfflinePlannerModel):
    """The stand-in with one fault: its next step is ``alter(turn, turn.stand_in_step())``.
    ``model`` is the spec it was built from (``faulty:NAME``, ``eval-fault:NAME``)."""

    alter: Alter

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        turn = Turn.of(llm_request)
        return self.alter(turn, turn.stand_in_step())


# -- steps -----------------------------------------------------------------------------------


def calls_in(step: LlmResponse) -> list[types.FunctionCall]:
    """The function calls of ``step``, in order."""
    parts = (step.content.parts if step.content else None) or []
    return [p.function_call for p in parts if p.function_call]


def first_call(step: LlmResponse) -> str | None:
    """The name of ``step``'s first function call (``None`` for a text)."""
    calls = calls_in(step)
    return calls[0].name if calls else None


def finish_call(payload: dict) -> LlmResponse:
    """A ``finish`` call with ``payload``, whether or not ``finish`` is offered."""
    return _reply(_call(FINISH_TOOL, report_json=json.dumps(payload, ensure_ascii=False)))


def finish_payload_of(step: LlmResponse) -> dict | None:
    """The payload of ``step``'s ``finish`` call (``None`` when it makes none)."""
    for call in calls_in(step):
        if call.name == FINISH_TOOL:
            return json.loads(call.args["report_json"])
    return None


def complete_payload(stops: list[dict], sources: list[str], rationale: str) -> dict:
    """A ``complete`` finish payload."""
    return {"status": "complete", "stops": stops, "sources": sources, "rationale": rationale}


PayloadEdit = Callable[[str, dict[str, Any]], str]
"""``edit(report_json, last_check) -> report_json``: damage done to a finish payload's text."""


def on_finish_payload(edit: PayloadEdit) -> Alter:
    """The fault that passes every ``finish`` call's ``report_json`` through ``edit`` (with the
    last ``check_plan`` response the model saw) and leaves every other step alone."""

    def alter(turn: Turn, step: LlmResponse) -> LlmResponse:
        for call in calls_in(step):
            if call.name == FINISH_TOOL:
                args = dict(call.args or {})
                args["report_json"] = edit(str(args.get("report_json", "")), turn.last_check())
                call.args = args
        return step

    alter.__name__ = edit.__name__
    alter.__doc__ = edit.__doc__
    return alter


@dataclass(frozen=True)
class Fault:
    """A registered fault: ``name``; ``alter`` (the function over the next step); the real
    failure it ``reproduces``; the outcome ``expected`` on its ``case`` (``rejected:<rule>``,
    ``steered:<status>``, ``repaired:<status>``, or ``eval`` for the harness's faults);
    ``caught_by``: the guardrails (names from ``dayplan.agent.guardrails.GUARDRAILS``), boundary
    rules (``boundary:<rule>``), tools (``tool:<name>``) or eval graders that catch it; and
    ``family``: the model-spec prefix, ``faulty`` (``--model faulty:NAME``) or ``eval-fault``
    (``python -m dayplan eval --model eval-fault:NAME``)."""

    name: str
    alter: Alter
    reproduces: str
    expected: str
    caught_by: tuple[str, ...] = ()
    family: str = "faulty"
    case: str = "wet_weather_family"
    description: str = field(default="")

    def __post_init__(self) -> None:
        if not self.description:
            doc = " ".join((self.alter.__doc__ or "").split("\n\n")[0].split())
            object.__setattr__(self, "description", doc.replace("``", ""))

    @property
    def key(self) -> str:
        """The registry key: ``NAME`` for ``faulty``, ``eval-fault:NAME`` for the eval family."""
        return self.name if self.family == "faulty" else f"{self.family}:{self.name}"

    @property
    def spec(self) -> str:
        """The model spec that runs it: ``faulty:NAME`` or ``eval-fault:NAME``."""
        return f"{self.family}:{self.name}"

    def model(self) -> FaultyModel:
        """A fresh faulty model (``model`` is ``spec``)."""
        return FaultyModel(model=self.spec, alter=self.alter)
