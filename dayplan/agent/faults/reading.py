"""Reading faults: the stand-in misreads the request's free text in its ``record_reading`` call.

Each changes the readings of the stand-in's first ``record_reading`` call the way models really
misread a request; code verifies every reading against the text with the field's parser
(``dayplan.reading.verify_reading``) and rejects the misreading, naming the quote and what the
parser found there. The stand-in then goes back to its rules: it drops what code rejected and
states the rest again, and a phrase that would change the plan but is left unread is asked
about, never guessed. On the case ``reading_back_by_11_nap`` ("We need to be back by 11 for the
nap. Budget is $80 all up."):

==================  ==================================================  =====================
fault               what it reads                                       served outcome
==================  ==================================================  =====================
misread_deadline    "back by 11 for the nap" as home by 23:00           steered:needs_clarification
misread_budget      "$80" as AUD 800                                    steered:needs_clarification
invented_quote      a leg cap, quoting words the text does not contain  steered:complete
wrong_field         "back by 11 for the nap" as the day's start         steered:needs_clarification
==================  ==================================================  =====================
"""

from __future__ import annotations

import re
from collections.abc import Callable

from google.adk.models.llm_response import LlmResponse

from dayplan.agent.faults.step import Alter, Fault, Turn, calls_in
from dayplan.evidence.keys import READING_TOOL
from dayplan.reading.text import find_quote

CASE = "reading_back_by_11_nap"
"""The case the reading faults' expected outcomes are declared on."""
CAUGHT_BY = ("tool:record_reading",)
INVENTED = {
    "field": "max_leg_minutes",
    "value": 20,
    "quote": "no more than 20 minutes in the car",
}
"""The reading ``invented_quote`` adds: a leg cap the parent never wrote."""
CONFUSED = {
    "window_end": "window_start",
    "window_start": "window_end",
    "children": "adults",
    "adults": "children",
    "blocked": "rain",
}
"""Field -> the field ``wrong_field`` files its reading under (the first one found, in order)."""

Change = Callable[[list[dict], Turn], list[dict]]


def misreading(change: Change) -> Alter:
    """The fault that sends ``change(readings, turn)`` in place of the stand-in's first
    ``record_reading`` readings; every later step is the stand-in's own."""

    def alter(turn: Turn, step: LlmResponse) -> LlmResponse:
        if turn.calls(READING_TOOL, raw=True):
            return step
        for call in calls_in(step):
            if call.name == READING_TOOL:
                readings = [
                    dict(r) for r in (call.args or {}).get("readings") or [] if isinstance(r, dict)
                ]
                call.args = {**(call.args or {}), "readings": change(readings, turn)}
        return step

    alter.__name__, alter.__doc__ = change.__name__, change.__doc__
    return alter


def _other_side_of_noon(value: object) -> object:
    """``"11:00"`` -> ``"23:00"``, ``"15:30"`` -> ``"03:30"``; anything else unchanged."""
    if not (isinstance(value, str) and re.fullmatch(r"\d{2}:\d{2}", value)):
        return value
    hours, minutes = value.split(":")
    return f"{(int(hours) + 12) % 24:02d}:{minutes}"


def _ten_times(value: object) -> object:
    """A budget value with its amount times ten; anything else unchanged."""
    if not isinstance(value, dict):
        return value
    amount = value.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)):
        return value
    return {**value, "amount": amount * 10}


@misreading
def misread_deadline(readings: list[dict], turn: Turn) -> list[dict]:
    """Reads the time the party must be home on the wrong side of noon ("back by 11 for the
    nap" as 23:00)."""
    return [
        {**r, "value": _other_side_of_noon(r.get("value"))} if r.get("field") == "window_end" else r
        for r in readings
    ]


@misreading
def misread_budget(readings: list[dict], turn: Turn) -> list[dict]:
    """Reads the budget with one zero too many ("$80" as AUD 800)."""
    return [
        {**r, "value": _ten_times(r.get("value"))} if r.get("field") == "budget" else r
        for r in readings
    ]


@misreading
def invented_quote(readings: list[dict], turn: Turn) -> list[dict]:
    """States a leg cap of 20 minutes, quoting words the request does not contain."""
    if find_quote(turn.request.text, INVENTED["quote"]) is not None:
        return readings  # the text says it after all: nothing to invent
    return [*readings, dict(INVENTED)]


@misreading
def wrong_field(readings: list[dict], turn: Turn) -> list[dict]:
    """Files a reading under the wrong field ("back by 11 for the nap" as the time the day
    starts, a count of children as adults)."""
    for wrong, right in CONFUSED.items():
        at = next((i for i, r in enumerate(readings) if r.get("field") == wrong), None)
        if at is not None:
            return [*readings[:at], {**readings[at], "field": right}, *readings[at + 1 :]]
    return readings


FAULTS: tuple[Fault, ...] = tuple(
    Fault(alter.__name__, alter, real, expected, CAUGHT_BY, case=CASE)
    for alter, real, expected in (
        (
            misread_deadline,
            "a bare hour read on the wrong side of noon ('back by 11' as 11 pm)",
            "steered:needs_clarification",
        ),
        (
            misread_budget,
            "an amount read with a zero too many ('$80' as 800)",
            "steered:needs_clarification",
        ),
        (
            invented_quote,
            "a constraint stated with a quote the request never contained",
            "steered:complete",
        ),
        (
            wrong_field,
            "a reading filed under the wrong field (a deadline as the start)",
            "steered:needs_clarification",
        ),
    )
)
"""The reading faults (declared on ``CASE``)."""
