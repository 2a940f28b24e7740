"""``RunEvidence``: the one way code reads and writes a run's evidence in session state.

It wraps ADK's ``State`` (``tool_context.state``, ``callback_context.state``, a session's
``state``) or a plain dict (a finished run's snapshot, a test) and speaks in the typed records
of ``dayplan.evidence.records`` under the keys of ``dayplan.evidence.keys``. Writers store one
key per fact, so concurrent tool calls in one model turn never overwrite each other.

Readers never raise on a missing fact: they return ``None`` or an empty list. A stored record
that does not parse as its type raises ``pydantic.ValidationError`` (state is written only
through this view, so that is a bug, not bad input).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, MutableMapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from dayplan.contract import PlanRequest
from dayplan.core.catalog import Venue, venue_from_dict
from dayplan.evidence import keys as K
from dayplan.evidence.records import (
    AcceptedReading,
    CheckRecord,
    Clarification,
    DateError,
    ForecastRecord,
    MustDoMatchRecord,
    ReadingItem,
    SavedRecord,
    SaveVerification,
    SearchRecord,
    SourceRecord,
)

DEFAULT_TIMEZONE = "Australia/Brisbane"
_PARSED: dict[int, tuple[Any, PlanRequest]] = {}
_VENUES: dict[int, tuple[Any, Venue]] = {}


def _venue(raw: Mapping[str, Any]) -> Venue:
    """``venue_from_dict`` of a stored venue record, once per record object."""
    hit = _VENUES.get(id(raw))
    if hit is not None and hit[0] is raw:
        return hit[1]
    venue = venue_from_dict(raw, raw.get("currency", "AUD"))
    if len(_VENUES) > 4096:
        _VENUES.clear()
    _VENUES[id(raw)] = (raw, venue)
    return venue


def next_seq() -> str:
    """A sortable sequence key for records written by tools (nanoseconds since the epoch)."""
    return f"{time.time_ns():020d}"


def snapshot(state: Mapping[str, Any]) -> dict[str, Any]:
    """A plain dict of the state (ADK's ``State`` has ``to_dict`` but no ``items``)."""
    if isinstance(state, RunEvidence):
        state = state.state
    return state.to_dict() if hasattr(state, "to_dict") else dict(state)


def _dump(record: Any) -> Any:
    return record.dump() if hasattr(record, "dump") else record


class RunEvidence:
    """Typed view over a run's session state (ADK ``State`` or a plain dict)."""

    __slots__ = ("state",)

    def __init__(self, state: Mapping[str, Any] | RunEvidence):
        self.state = state.state if isinstance(state, RunEvidence) else state

    @classmethod
    def of(cls, state: Mapping[str, Any] | RunEvidence) -> RunEvidence:
        """``RunEvidence(state)``; a ``RunEvidence`` is returned as it is."""
        return state if isinstance(state, RunEvidence) else cls(state)

    # -- plumbing ---------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """A plain dict copy of every key."""
        return snapshot(self.state)

    def _get(self, key: str) -> Any:
        # ADK's ``State`` deep-copies a dict or list on its first read in every callback and tool
        # context, to notice writes made inside it later. This view never writes into what it
        # reads (every write is an assignment, ``_set``, which ADK records as it is), so it reads
        # the pending delta and the committed value directly; callers treat values as read-only.
        delta = getattr(self.state, "_delta", None)
        value = getattr(self.state, "_value", None)
        if isinstance(delta, dict) and isinstance(value, dict):
            return delta[key] if key in delta else value.get(key)
        return self.state.get(key)

    def _set(self, key: str, value: Any) -> None:
        state: MutableMapping[str, Any] = self.state  # type: ignore[assignment]
        state[key] = _dump(value)

    def _any_key(self, prefix: str) -> bool:
        """Whether some key starts with ``prefix`` (as ``snapshot`` would list it, uncopied)."""
        delta = getattr(self.state, "_delta", None)
        value = getattr(self.state, "_value", None)
        if isinstance(delta, dict) and isinstance(value, dict):
            return any(str(k).startswith(prefix) for k in value) or any(
                str(k).startswith(prefix) for k in delta
            )
        return any(str(k).startswith(prefix) for k in self.snapshot())

    def _prefixed(self, prefix: str) -> list[tuple[str, Any]]:
        """``(id, value)`` for every key under ``prefix``, sorted by key."""
        n = len(prefix)
        delta = getattr(self.state, "_delta", None)
        value = getattr(self.state, "_value", None)
        if isinstance(delta, dict) and isinstance(value, dict):
            # ADK's ``State``: what ``snapshot`` would copy (committed value, then the pending
            # delta over it), read without copying every key (see ``_get``)
            found = {k for k in value if k.startswith(prefix)}
            found.update(k for k in delta if k.startswith(prefix))
            return [(k[n:], delta[k] if k in delta else value[k]) for k in sorted(found)]
        snap = self.snapshot()
        return [(k[n:], snap[k]) for k in sorted(k for k in snap if k.startswith(prefix))]

    # -- the request and the run --------------------------------------------------------------

    @property
    def request(self) -> PlanRequest:
        """The run's ``PlanRequest`` (an empty one when the session was created without it).

        Parsed once per stored request object (the session keeps the same dict for the whole
        run; every tool and guardrail asks for it). Treat the result as read-only."""
        raw = self._get(K.REQUEST) or {}
        hit = _PARSED.get(id(raw))
        if hit is not None and hit[0] is raw:
            return hit[1]
        parsed = PlanRequest.model_validate(raw)
        if len(_PARSED) > 256:
            _PARSED.clear()
        _PARSED[id(raw)] = (raw, parsed)
        return parsed

    def set_request(self, request: PlanRequest) -> None:
        self._set(K.REQUEST, request.model_dump(mode="json"))

    @property
    def timezone(self) -> str | None:
        return self._get(K.TIMEZONE)

    def set_timezone(self, name: str) -> None:
        self._set(K.TIMEZONE, name)

    @property
    def now_text(self) -> str | None:
        return self._get(K.NOW)

    def set_now(self, iso: str) -> None:
        self._set(K.NOW, iso)

    @property
    def now(self) -> datetime:
        """The pinned local "now" of the run, timezone-aware (the wall clock when unpinned)."""
        tz = ZoneInfo(self.timezone or DEFAULT_TIMEZONE)
        raw = self._get(K.NOW)
        if raw:
            moment = datetime.fromisoformat(raw)
            return moment.astimezone(tz) if moment.tzinfo else moment.replace(tzinfo=tz)
        return datetime.now(tz)

    @property
    def run_id(self) -> str | None:
        return self._get(K.RUN_ID)

    @property
    def execution_id(self) -> str | None:
        return self._get(K.EXECUTION_ID)

    @property
    def user_id(self) -> str | None:
        return self._get(K.USER_ID)

    @property
    def idempotency_key(self) -> str | None:
        """The request's HTTP ``Idempotency-Key``, when the service passed one."""
        return self._get(K.IDEMPOTENCY_KEY)

    @property
    def backend(self) -> str:
        """``offline`` (default) or ``live``."""
        return self._get(K.BACKEND) or "offline"

    @property
    def live(self) -> bool:
        return self.backend == "live"

    @property
    def location_name(self) -> str | None:
        return self._get(K.LOCATION_NAME)

    def record_location_name(self, name: str) -> None:
        """The day's place once the reading is frozen (``tools.state.location_place``): the text
        rule of the run's start can take an appointment's suburb ("dentist at 11 in
        Chermside") where the verified reading read another ("in New Farm")."""
        self._set(K.LOCATION_NAME, name)

    @property
    def location_point(self) -> dict[str, Any] | None:
        """Live mode: ``{name, lat, lon, timezone}`` geocoded outside the gazetteer."""
        return self._get(K.LOCATION_POINT)

    def record_location_point(self, point: Mapping[str, Any]) -> None:
        self._set(K.LOCATION_POINT, dict(point))

    # -- assumptions ------------------------------------------------------------------------------

    def add_assumption(self, topic: str, text: str) -> None:
        """Record one stated assumption under ``assumption:<topic>`` (latest wins per topic)."""
        self._set(K.key(K.ASSUMPTION, topic), text)

    def assumption(self, topic: str) -> str | None:
        return self._get(K.key(K.ASSUMPTION, topic))

    def assumptions(self) -> list[str]:
        """All stated assumptions, in a stable order (date first, then by topic); an assumption
        set to ``""`` was withdrawn and is left out."""
        items = self._prefixed(K.ASSUMPTION)
        items.sort(key=lambda kv: (kv[0] != "date", kv[0]))
        return [v for _, v in items if v]  # "" = withdrawn (ADK state keeps its keys)

    # -- date and weather ---------------------------------------------------------------------------

    @property
    def date(self) -> str | None:
        """The ISO date ``resolve_date`` recorded."""
        return self._get(K.DATE)

    def record_date(self, iso: str) -> None:
        self._set(K.DATE, iso)

    @property
    def date_error(self) -> DateError | None:
        raw = self._get(K.DATE_ERROR)
        return DateError.model_validate(raw) if raw else None

    def record_date_error(self, expression: str, error: str) -> None:
        self._set(K.DATE_ERROR, DateError(expression=expression, error=error))

    @property
    def forecast(self) -> ForecastRecord | None:
        raw = self._get(K.FORECAST)
        return ForecastRecord.model_validate(raw) if raw else None

    def record_forecast(self, record: ForecastRecord | Mapping[str, Any]) -> None:
        """Store what ``get_forecast`` read; a successful read also marks the weather checked."""
        record = ForecastRecord.model_validate(_dump(record))
        self._set(K.FORECAST, record)
        if record.ok:
            self._set(K.WEATHER_CHECKED, True)

    @property
    def weather_checked(self) -> bool:
        return bool(self._get(K.WEATHER_CHECKED))

    # -- search -------------------------------------------------------------------------------------

    def venue_record(self, venue_id: str) -> dict[str, Any] | None:
        """The venue record exactly as search returned it (``None`` if no search did)."""
        return self._get(K.key(K.VENUE, venue_id))

    def venue_records(self) -> dict[str, dict[str, Any]]:
        return dict(self._prefixed(K.VENUE))

    def venues(self) -> dict[str, Venue]:
        """Venues that some search returned in this run, by id (facts exactly as returned).

        Each stored record is parsed once (a venue key is written once per search hit and
        never changed in place; ``Venue`` is frozen), as the request is."""
        return {vid: _venue(v) for vid, v in self._prefixed(K.VENUE)}

    def record_venue(self, record: Mapping[str, Any]) -> None:
        """Store a venue record under ``venue:<record["id"]>``."""
        self._set(K.key(K.VENUE, str(record["id"])), dict(record))

    def sources(self) -> dict[str, SourceRecord]:
        """Sources that some search returned in this run, by source id."""
        return {sid: SourceRecord.model_validate(v) for sid, v in self._prefixed(K.SOURCE)}

    def record_source(self, source: SourceRecord | Mapping[str, Any]) -> None:
        source = SourceRecord.model_validate(_dump(source))
        self._set(K.key(K.SOURCE, source.id), source)

    def known_citations(self) -> set[str]:
        """Every source id and URL a search returned: what an answer may cite. Read from the
        stored records as they are (each was written by ``record_source`` in its JSON form, so
        its ``url`` is the record's), without parsing every record on every ask."""
        sources = self._prefixed(K.SOURCE)
        return {sid for sid, _ in sources} | {
            url
            for _, raw in sources
            if (url := raw.get("url") if isinstance(raw, Mapping) else None)
        }

    def searches(self) -> list[SearchRecord]:
        """Every search record of the run (sorted by call id; order not significant)."""
        return [SearchRecord.model_validate(v) for _, v in self._prefixed(K.SEARCH)]

    @property
    def searched(self) -> bool:
        """True once any search call was recorded."""
        return self._any_key(K.SEARCH)

    def record_search(self, call_id: str, record: SearchRecord | Mapping[str, Any]) -> None:
        """Store one ``search:<call id>`` record, stamped with ``checks_before`` (how many
        check records there are now) unless it carries one."""
        raw = dict(_dump(record))
        if raw.get("checks_before") is None:
            raw["checks_before"] = len(self._prefixed(K.CHECK))
        self._set(K.key(K.SEARCH, call_id), SearchRecord.model_validate(raw))

    def must_do_matches(self) -> dict[str, MustDoMatchRecord]:
        """Code's latest match of each must-do over the found venues, by activity."""
        out = {}
        for _, v in self._prefixed(K.MUST_DO_MATCH):
            record = MustDoMatchRecord.model_validate(v)
            out[record.activity] = record
        return out

    def record_must_do_match(self, record: MustDoMatchRecord | Mapping[str, Any]) -> None:
        """Store code's match of one must-do under ``must_do_match:<activity>``."""
        record = MustDoMatchRecord.model_validate(_dump(record))
        self._set(K.key(K.MUST_DO_MATCH, record.activity.casefold()[:200]), record)

    # -- checks ---------------------------------------------------------------------------------------

    def checks(self) -> list[CheckRecord]:
        """Every check record of the run, oldest first."""
        return [CheckRecord.model_validate(v) for _, v in self._prefixed(K.CHECK)]

    def passing_checks(self) -> list[CheckRecord]:
        return [c for c in self.checks() if c.passed]

    def last_check(self) -> CheckRecord | None:
        found = self.checks()
        return found[-1] if found else None

    @property
    def has_check(self) -> bool:
        return self._any_key(K.CHECK)

    def record_check(self, record: CheckRecord | Mapping[str, Any]) -> CheckRecord:
        """Store the run's next ``check:<seq>`` record; ``check_id`` defaults to ``chk-<n>``."""
        raw = dict(_dump(record))
        if not raw.get("check_id"):
            raw["check_id"] = f"chk-{len(self._prefixed(K.CHECK)) + 1}"
        typed = CheckRecord.model_validate(raw)
        self._set(K.key(K.CHECK, next_seq()), typed)
        return typed

    # -- clarification, finish, saves -------------------------------------------------------------------

    @property
    def clarification(self) -> Clarification | None:
        raw = self._get(K.CLARIFICATION)
        return Clarification.model_validate(raw) if raw else None

    def record_clarification(self, questions: list[str], missing: list[str]) -> Clarification:
        record = Clarification(questions=list(questions), missing=list(missing))
        self._set(K.CLARIFICATION, record)
        return record

    @property
    def has_evidence(self) -> bool:
        """True once the run has a check record or a recorded clarification (what ``finish``
        needs before it is offered)."""
        return bool(self._get(K.CLARIFICATION)) or self.has_check

    @property
    def finish_payload(self) -> str | None:
        """The raw text handed to ``finish`` (``None`` before a finish call)."""
        return self._get(K.FINISH_PAYLOAD)

    def record_finish(self, text: str) -> None:
        self._set(K.FINISH_PAYLOAD, text)

    @property
    def saved(self) -> SavedRecord | None:
        raw = self._get(K.SAVED)
        return SavedRecord.model_validate(raw) if raw else None

    def record_saved(self, record: Mapping[str, Any]) -> None:
        self._set(K.SAVED, dict(record))

    @property
    def save_verification(self) -> SaveVerification | None:
        raw = self._get(K.SAVED_VERIFICATION)
        return SaveVerification.model_validate(raw) if raw else None

    def record_save_verification(self, plan_id: str, found: bool, verified: bool) -> None:
        self._set(
            K.SAVED_VERIFICATION, SaveVerification(plan_id=plan_id, found=found, verified=verified)
        )

    def record_remembered(self, kind: str, value: Any) -> None:
        self._set(K.key(K.REMEMBERED, next_seq()), {"kind": kind, "value": value})

    def remembered(self) -> list[dict[str, Any]]:
        return [v for _, v in self._prefixed(K.REMEMBERED)]

    # -- the reading of the request text ------------------------------------------------------------------

    @property
    def reading(self) -> AcceptedReading | None:
        """The frozen accepted reading (``None`` before one was recorded)."""
        raw = self._get(K.READING)
        return AcceptedReading.model_validate(raw) if raw else None

    @property
    def has_reading(self) -> bool:
        """Whether a reading is frozen (``reading is not None``, without parsing it)."""
        return bool(self._get(K.READING))

    def record_reading(
        self,
        items: list[ReadingItem] | list[Mapping[str, Any]],
        unread: list[str] | None = None,
        assumed: list[str] | None = None,
    ) -> AcceptedReading:
        """Freeze the accepted reading. Raises ``ValueError`` when one is already frozen: a run
        reads its request once."""
        if self._get(K.READING):
            raise ValueError("the reading is already recorded for this run")
        record = AcceptedReading(
            items=tuple(
                i if isinstance(i, ReadingItem) else ReadingItem.model_validate(i) for i in items
            ),
            unread=tuple(unread or ()),
            assumed=tuple(assumed or ()),
        )
        self._set(K.READING, record.as_dict())
        return record

    def reading_attempts(self) -> list[dict[str, Any]]:
        """Every ``record_reading`` call's verdict, in order."""
        return [v for _, v in self._prefixed(K.READING_ATTEMPT)]

    def record_reading_attempt(self, verdict: Mapping[str, Any]) -> None:
        self._set(K.key(K.READING_ATTEMPT, next_seq()), dict(verdict))
