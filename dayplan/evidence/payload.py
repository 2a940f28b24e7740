"""The ``finish`` payload as the model may hand it in, typed.

``FinishPayload`` is strict (a string is never a number) and ignores keys it does not know
(nothing is served from them). Every key but ``status`` is optional. ``validate_payload``
turns a parsed JSON object into it or raises ``PayloadError`` naming the first bad field.
"""

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

STATUSES = ("complete", "needs_clarification", "no_feasible_plan")


class PayloadError(ValueError):
    """The payload is not a valid finish payload; the message names the field."""


_Text = Annotated[str, Field(max_length=2000)]


class _Loose(BaseModel):
    # strict types (a string is never a number), unknown keys ignored: nothing is served from them
    # (defer_build: built on first use, not at import)
    model_config = ConfigDict(extra="ignore", strict=True, defer_build=True)


class ClaimedMoney(_Loose):
    """A cost as the answer states it."""

    amount: float
    currency: str | None = None


class ClaimedLeg(_Loose):
    """A leg as the answer states it."""

    minutes: int
    mode: str | None = None


class ClaimedStop(_Loose):
    """One stop as the answer states it; only ``venue_id`` is required."""

    venue_id: Annotated[str, Field(min_length=1, max_length=200)]
    name: _Text | None = None
    start: _Text | None = None
    end: _Text | None = None
    indoor: bool | None = None
    cost: float | ClaimedMoney | None = None
    travel_in: int | ClaimedLeg | None = None
    travel_minutes: int | None = None


class ClaimedTotals(_Loose):
    """Plan totals as the answer states them."""

    cost: float | None = None
    currency: str | None = None
    travel_minutes: int | None = None
    home_by: _Text | None = None


class ClaimedFailure(_Loose):
    """A constraint failure as the answer states it."""

    code: Annotated[str, Field(max_length=100)]
    detail: _Text | None = None
    venue_id: _Text | None = None


class ClaimedSource(_Loose):
    """A cited source: its id or URL."""

    id: _Text | None = None
    url: _Text | None = None


class ClaimedPlan(_Loose):
    """The nested ``plan`` form of an answer (``{"plan": {"stops": ...}}``)."""

    stops: list[ClaimedStop] | None = Field(default=None, max_length=20)
    travel_home: int | ClaimedLeg | None = None
    totals: ClaimedTotals | None = None
    rationale: _Text | None = None


class FinishPayload(_Loose):
    """What the model may hand to ``finish``. Every key but ``status`` is optional."""

    status: Literal["complete", "needs_clarification", "no_feasible_plan"]
    stops: list[ClaimedStop] | None = Field(default=None, max_length=20)
    plan: ClaimedPlan | None = None
    travel_home: int | ClaimedLeg | None = None
    totals: ClaimedTotals | None = None
    rationale: _Text | None = None
    sources: list[_Text | ClaimedSource] = Field(default_factory=list, max_length=50)
    questions: list[_Text] = Field(default_factory=list, max_length=10)
    constraint_failures: list[ClaimedFailure | Annotated[str, Field(max_length=100)]] = Field(
        default_factory=list, max_length=50
    )

    def claimed_stops(self) -> list[ClaimedStop] | None:
        """The stops, from ``stops`` or ``plan.stops`` (``None`` when the answer omits them)."""
        if self.stops is not None:
            return self.stops
        return self.plan.stops if self.plan is not None else None

    def claimed_totals(self) -> ClaimedTotals | None:
        return self.totals or (self.plan.totals if self.plan else None)

    def claimed_travel_home(self) -> int | ClaimedLeg | None:
        if self.travel_home is not None:
            return self.travel_home
        return self.plan.travel_home if self.plan else None

    def claimed_rationale(self) -> str:
        return self.rationale or (self.plan.rationale if self.plan else None) or ""

    def failure_claims(self) -> list[tuple[str, str | None]]:
        """(code, venue_id) for every claimed failure."""
        return [
            (f, None) if isinstance(f, str) else (f.code, f.venue_id)
            for f in self.constraint_failures
        ]


def validate_payload(payload: Mapping[str, Any]) -> FinishPayload:
    """``payload`` as a ``FinishPayload``; ``PayloadError`` naming the first bad field."""
    status = payload.get("status")
    if status not in STATUSES:
        raise PayloadError(f"status {status!r} is not one of {', '.join(STATUSES)}")
    try:
        return FinishPayload.model_validate(payload)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PayloadError(f"{where}: {first['msg']}") from None
