"""Typed records of a run's evidence, as tools store them in session state.

Every record is a pydantic model whose JSON form (``model_dump(mode="json")``) is exactly what
lives under its key (``dayplan.evidence.keys``). Records allow extra keys: a tool may store
more than a reader needs, and a reader never loses what it does not know. Times are local
``HH:MM``; minutes are ints; money is an amount in ``currency`` for the whole party.
"""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dayplan.reading.records import AcceptedReading, ReadingItem  # noqa: F401 (re-exported)


class Record(BaseModel):
    """Base of every evidence record: extra keys kept, types as stored."""

    model_config = ConfigDict(extra="allow", defer_build=True)  # built on first use

    def dump(self) -> dict[str, Any]:
        """The JSON form stored in session state."""
        return self.model_dump(mode="json")


# -- check_plan / arrange_plan -------------------------------------------------------------


class Money(Record):
    amount: float
    currency: str


class Leg(Record):
    """A travel leg: minutes by ``mode`` (an estimate of the coordinate travel model). A leg
    that leaves after an away appointment also stores ``after`` (its label; see ``after``)."""

    minutes: int
    mode: str

    @property
    def after(self) -> str | None:
        """The away appointment this leg leaves after (counted from home at its end), else
        ``None``; stored only when there is one, so other legs dump as before."""
        value = (self.model_extra or {}).get("after")
        return value if isinstance(value, str) and value else None


class CheckedStop(Record):
    """A stop as ``check_plan`` checked it; facts copied from the venue record. A must-do
    activity without a venue has ``activity: true`` and its name as ``venue_id``."""

    venue_id: str
    name: str = ""
    start: str
    end: str
    indoor: bool = False
    cost: Money
    travel_in: Leg
    source_ids: list[str] = Field(default_factory=list)
    activity: bool = False


class Failure(Record):
    """One constraint failure a check found: a code (``closed``, ``over_budget``, ...)."""

    code: str
    detail: str = ""
    venue_id: str | None = None
    values: dict[str, Any] = Field(default_factory=dict)


class Totals(Record):
    cost: float
    currency: str
    travel_minutes: int
    home_by: str


class HomeBreak(Record):
    """An at-home blocked window the checked itinerary went home for (``travel_in``: the leg
    home before it; the next stop's ``travel_in`` is the leg out again)."""

    label: str
    start: str
    end: str
    travel_in: Leg


class Appointment(Record):
    """An away blocked window the checked itinerary passes, counted at home (``travel_in``: the
    leg towards it, counted to home; the next stop's leg is counted from home after it)."""

    label: str
    start: str
    end: str
    travel_in: Leg
    place: str | None = None
    """The suburb it happens in (``BlockedTime.place``), or ``None``: counted at home."""


class CheckRecord(Record):
    """One ``check:<seq>`` record: what was checked, against which constraints, and the result.

    ``tool`` names who ran it (``check_plan`` or ``arrange_plan``); ``constraints`` is the
    constraints' JSON view (``date``, ``window``, ``budget``, ``party``, ...).
    """

    check_id: str = ""
    tool: str = "check_plan"
    constraints: dict[str, Any] = Field(default_factory=dict)
    passed: bool
    failures: list[Failure] = Field(default_factory=list)
    stops: list[CheckedStop] = Field(default_factory=list)
    travel_home: Leg | None = None
    totals: Totals | None = None
    home_breaks: list[HomeBreak] = Field(default_factory=list)
    appointments: list[Appointment] = Field(default_factory=list)

    @property
    def venue_ids(self) -> list[str]:
        """The checked stops' venue ids, in the checked order."""
        return [s.venue_id for s in self.stops]

    @property
    def failure_codes(self) -> list[str]:
        return [f.code for f in self.failures]

    @property
    def date(self) -> str | None:
        return self.constraints.get("date")


# -- search ----------------------------------------------------------------------------------


class SearchRecord(Record):
    """One ``search:<call id>`` record: the query and the ids of the venues it returned.

    ``indoor_only`` is the filter the search ran with (``None``: not recorded, which proves
    nothing: read as narrowed), ``location`` the place it searched near (``""``: the run's),
    ``checks_before`` how many check records the run had when it was recorded (``None``: not
    recorded), so a rule can tell a search before a check from one after it."""

    query: str = ""
    venue_ids: list[str] = Field(default_factory=list)
    note: str = ""
    indoor_only: bool | None = None
    location: str = ""
    checks_before: int | None = None


class MustDoMatchRecord(Record):
    """One ``must_do_match:<activity>`` record: code's verdict (``one``, ``alternatives``,
    ``none``, ``ambiguous``; ``dayplan.core.mustdo``) on the must-do ``activity`` (matched as
    ``phrase``) over ``pool``, the ids of every venue the run's searches had returned, with
    the ids it matched and the question code asks (``""`` unless none/ambiguous)."""

    activity: str
    phrase: str = ""
    verdict: str
    venue_ids: list[str] = Field(default_factory=list)
    pool: list[str] = Field(default_factory=list)
    question: str = ""

    @property
    def unmatched(self) -> bool:
        """Whether code matched it to no venue, or to several very different ones."""
        return self.verdict in ("none", "ambiguous")


class SourceRecord(Record):
    """One ``source:<id>`` record: where a venue's facts come from."""

    id: str
    title: str = ""
    url: str = ""
    kind: str = ""
    retrieved_at: str | None = None


# -- once per run ------------------------------------------------------------------------------


class RainWindow(Record):
    start: str
    end: str


class ForecastRecord(Record):
    """What ``get_forecast`` read for ``date`` (``ok: false`` with ``error`` when unavailable)."""

    date: str
    ok: bool = True
    rain: list[RainWindow] = Field(default_factory=list)
    source: str | None = None
    error: str | None = None


class DateError(Record):
    expression: str
    error: str


class Clarification(Record):
    """What ``record_clarification`` recorded: one to three questions and the missing fields."""

    questions: list[str]
    missing: list[str] = Field(default_factory=list)


class SavedRecord(Record):
    """What ``save_plan`` recorded: the store's answer for this run's plan."""

    plan_id: str = ""
    status: str = "failed"
    idempotent_replay: bool = False
    plan_hash: str | None = None
    plan_key: str | None = None
    check_id: str | None = None
    request_id: str | None = None


class SaveVerification(Record):
    plan_id: str = ""
    found: bool = False
    verified: bool = False


# -- the reading of the request text: dayplan.reading owns the record types ---------------------
