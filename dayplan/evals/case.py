"""The eval case format: one JSON file per case in ``cases/``, ``{"request": ..., "expect": ...}``.

``request`` is kept raw (a dict) because some cases are deliberately invalid requests whose
expected outcome is a clear rejection (``expect.status: "invalid_request"``: HTTP 422 / CLI exit
2, the agent never runs). Every other field of ``expect`` is optional; the fields of the
original format (``status``, ``tools_in_order``, ``forbidden_tools``, ``failure_codes``,
``date``, ``max_cost``, ``home_by``, ``all_indoor``, ``no_outdoor_in_rain``,
``all_checks_pass``) keep their meaning; ``all_outdoor`` is ``all_indoor``'s mirror (every
stop served outdoors: "outdoors only", "nothing indoors"); ``max_each`` caps each person's
share: what one adult, and one child, pays across the catalogue stops ("$20 each max").

``expect.readings`` asserts what the planner read from the request's free text: a list of
``{"field", "value", "quote_contains"?}``, graded against the served report's ``readings``
(``[{field, value, quote}]``). A reading matches when a served reading has the same ``field``
and an equal ``value`` (strings compared without case or surrounding space; numbers as
numbers; a dict value matches when every key given here is equal, so
``{"start": "12:00", "end": "13:00", "at_home": true}`` ignores the label), and, with
``quote_contains``, its quote contains that text (case-insensitive). Fields read more than once
(``blocked``, ``rain``, ``preference``, ``must_do``) match when any served reading does.
``expect.readings_absent`` lists fields that must **not** be read (``["location"]`` for "a day
at the museum": a venue is not the city). ``expect.unread_mentions`` lists phrases (or parts of
them) the report must list as ``unread`` (a request in a script the reader cannot read).

Check ids (used in grades, in ``expect.critical`` and in gate reasons):

* meaning: ``status``, ``property:<name>`` (``all_indoor``, ``all_outdoor``, ``no_outdoor_in_rain``,
  ``max_cost``, ``max_each``, ``home_by``, ``date``, ``min_stops``, ``includes_tag:<tag>``,
  ``includes_venue:<id>``, ``excludes_venue:<id>``, ``no_refused_stop`` (no stop is a venue or
  kind a served hard ``avoid`` reading names: checked on every complete plan that has one),
  ``must_dos_visited``, ``appointment:<label>`` (an appointment away
  served with its times, the leg after it leaving at its end: ``expect.appointments``),
  ``failure_code:<code>``, ``assumption:<text>``, ``rejected_field``, ``reading:<field>``
  (``reading:<field>#2`` for a second expected reading of the same field),
  ``reading_absent:<field>``, ``unread:<text>``), ``rubric:<id>``
* contract: ``contract:http_status``, ``contract:parse``, ``contract:schema``, ``contract:rules``
* trace: ``trace:tools_in_order``, ``trace:required_order``, ``trace:forbidden:<tool>``,
  ``trace:status_earned``, ``trace:finish_last``, ``trace:all_checks_pass``

A failed check is *critical* when its id is in ``DEFAULT_CRITICAL`` (prefix match), in the case's
``expect.critical``, or it is a rubric item marked ``critical``. A critical failure scores its
grader 0 and fails the case.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dayplan.cli_common import InputError
from dayplan.contract import HHMM, FailureCode, PlanRequest
from dayplan.files import read_data_file
from dayplan.reading.records import Field_ as ReadingField

ExpectedStatus = Literal["complete", "needs_clarification", "no_feasible_plan", "invalid_request"]

#: failed checks that are always critical (prefix match on the check id)
DEFAULT_CRITICAL = (
    "status",
    "contract:",
    "trace:forbidden:",
    "trace:status_earned",
    "property:all_indoor",
    "property:all_outdoor",
    "property:no_outdoor_in_rain",
    "property:max_cost",
    "property:max_each",
    "property:home_by",
    "property:date",
    "property:excludes_venue:",
    "property:no_refused_stop",
    "property:failure_code:",
    "property:rejected_field",
    "property:reading",  # reading:<field> and reading_absent:<field>
    "property:unread:",
)

RubricCheck = Literal[
    "rationale_names_stops",
    "rationale_matches_totals",
    "assumption_mentions",
    "question_mentions",
    "questions_are_questions",
    "failure_detail_mentions",
    "failures_explain",
    "text_absent",
    "rejection_mentions",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RubricItem(_Strict):
    """One statement about meaning. ``says`` is what an LLM judge is asked to verify; ``check``
    is the deterministic offline check that verifies it (with ``arg``, e.g. a word to look for)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    says: str = Field(max_length=300)
    check: RubricCheck
    arg: str | None = None
    critical: bool = False


class Origin(_Strict):
    """Where a case came from: authored, one of the original prototype's three, or a saved
    failure (the model and run that failed, and what was observed)."""

    kind: Literal["authored", "original", "saved_failure"] = "authored"
    model: str | None = None
    run: str | None = None
    observed: str | None = Field(default=None, max_length=500)


class RainWindow(_Strict):
    """A rain window the case's text states, local ``HH:MM``."""

    start: HHMM
    end: HHMM


class ExpectedReading(_Strict):
    """One reading the request's text must give: the request ``field`` (one of
    ``dayplan.reading.FIELDS``), its ``value`` (shape per field: ``dayplan.reading.records``;
    a dict may give only the keys that matter) and, optionally, text the served quote contains."""

    field: ReadingField
    value: Any
    quote_contains: str | None = Field(default=None, min_length=1, max_length=200)


class ExpectedAppointment(_Strict):
    """An appointment away the served plan passes (``plan.appointments``): ``label``, local
    ``start``/``end``; the first stop after it must leave (its start minus its leg) no earlier
    than ``end`` — the leg is counted from home after it — and ``leaves_by``, when given, is the
    latest that stop may leave (``HH:MM``: the plan uses the time after the appointment)."""

    label: str = Field(min_length=1, max_length=80)
    start: HHMM
    end: HHMM
    leaves_by: HHMM | None = None


class Expect(_Strict):
    """What a correct planner must serve for the case's request (see the module docstring)."""

    status: ExpectedStatus
    # trace: tool events, order-aware
    tools_in_order: list[str] | None = None  # the exact tool path, repeats collapsed
    required_tools: list[str] = Field(default_factory=list)  # must occur in this order
    forbidden_tools: list[str] = Field(default_factory=list)
    all_checks_pass: bool = False
    # properties of the served report
    failure_codes: list[FailureCode] = Field(default_factory=list)
    date: str | None = None
    max_cost: float | None = Field(default=None, ge=0)
    max_each: float | None = Field(default=None, ge=0)
    home_by: HHMM | None = None
    all_indoor: bool = False
    all_outdoor: bool = False
    no_outdoor_in_rain: bool = False
    # the rain the case's free text means, as the case author reads it (``no_outdoor_in_rain``
    # checks against the request's structured weather, else this; never against the
    # planner's own reading of the text)
    rain: list[RainWindow] | None = None
    includes_tag: list[str] = Field(default_factory=list)
    includes_venue: list[str] = Field(default_factory=list)  # venue ids the plan must visit
    excludes_venue: list[str] = Field(default_factory=list)  # venue ids it must never visit
    min_stops: int | None = Field(default=None, ge=0)
    appointments: list[ExpectedAppointment] = Field(default_factory=list)
    assumptions_mention: list[str] = Field(default_factory=list)
    rejected_field: str | None = None  # invalid_request: the field the rejection names
    # what the free text must be read as (``readings``), must not be read as, and left unread
    readings: list[ExpectedReading] = Field(default_factory=list)
    readings_absent: list[ReadingField] = Field(default_factory=list)
    unread_mentions: list[str] = Field(default_factory=list)
    # meaning and criticality
    rubric: list[RubricItem] = Field(default_factory=list)
    critical: list[str] = Field(default_factory=list)


class EvalCase(_Strict):
    """A case: its ``name`` (the file stem), the raw ``request``, and ``expect``."""

    name: str = ""
    description: str | None = Field(default=None, max_length=500)
    origin: Origin = Field(default_factory=Origin)
    request: dict[str, Any]
    expect: Expect

    def plan_request(self) -> PlanRequest:
        """The request as a ``PlanRequest``; raises ``pydantic.ValidationError`` when invalid."""
        return PlanRequest.model_validate(self.request)

    def request_error(self) -> tuple[str, str] | None:
        """``(field, message)`` of the first validation error, or ``None`` for a valid request."""
        try:
            self.plan_request()
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "request"
            return where, err["msg"]
        return None

    def is_critical(self, check_id: str) -> bool:
        """Whether a failed ``check_id`` is critical for this case."""
        if check_id.startswith(DEFAULT_CRITICAL):
            return True
        if any(check_id == c or check_id.startswith(c + ":") for c in self.expect.critical):
            return True
        return any(item.critical and check_id == f"rubric:{item.id}" for item in self.expect.rubric)


def load_case(path: Path) -> EvalCase:
    """Read one case file; ``ValueError`` naming the file when it is not a valid case."""
    try:
        raw = read_data_file(path)
        if not isinstance(raw, dict):
            raise ValueError(f"{path}: not a valid case (a case file is a JSON object)")
        return EvalCase.model_validate({**raw, "name": path.stem})
    except InputError as exc:  # unreadable: one line naming the file already
        raise ValueError(f"not a valid case: {exc}") from None
    except ValidationError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ValueError(f"{path}: not a valid case ({first})") from None


def load_cases(folder: Path, only: list[str] | None = None) -> list[EvalCase]:
    """Every ``*.json`` case in ``folder`` sorted by name (or just the names in ``only``)."""
    paths = sorted(folder.glob("*.json"))
    if only:
        wanted = set(only)
        paths = [p for p in paths if p.stem in wanted]
        missing = wanted - {p.stem for p in paths}
        if missing:
            raise ValueError(f"no such case(s) in {folder}: {', '.join(sorted(missing))}")
    return [load_case(p) for p in paths]
