"""From the model's raw ``finish`` payload and the run's recorded evidence to a served report.

The model's words never become served facts. In order, the boundary:

1. **Parses** the payload as one JSON object. Exactly one repair exists: when the text is a
   valid JSON object except for missing closing brackets/braces at the very end (a cut-off
   answer), the missing ``]``/``}`` are appended and the repair is stated in ``assumptions``.
   Anything else (a cut inside a string or a number, a stray comma, Markdown fences, a
   mismatched bracket) is rejected: ``finish_payload``.
2. **Asks ``dayplan.evidence.earned``** (the one rule the ``status_trace_gate`` guardrail asks
   too): the payload's known keys are validated strictly (``FinishPayload``: a wrong type is a
   rejection, never a coercion; unknown keys are ignored, nothing is served from them); a
   source no search returned (``unsupported_source``), questions without a recorded
   clarification (``unsupported_questions``), failures the failed check did not find
   (``unsupported_failures``), a status without its evidence (``status_gate``) and an answer
   that matches no single passing check (``ambiguous_stop``) are rejected. ``complete`` needs a
   passing check of exactly the answer's stops **in the checked order** (a reordered list is
   refused, not reordered: order decides times and travel). Safe omissions get defaults: no
   ``stops`` -> the last passing check's stops; no ``questions`` -> the recorded
   clarification's; no ``constraint_failures`` -> the failed check's; no ``rationale`` -> ``""``.
3. **Serves the checked values**: the served stops are the checked ones (names, times, indoor
   flag, costs, travel, totals), the i-th answered stop being the i-th checked stop; where the
   answer's wording drifted from them, the checked values are served and each restoration is
   stated in ``assumptions``. The rationale's facts are built from the check; of the model's
   words only sentences whose every figure agrees with the check are kept
   (``dayplan.service.rationale``), and each dropped sentence is stated.
4. **Validates the served report** against the public contract (``contract``).

Anything that fails raises ``BoundaryError`` naming the rule; nothing is half-served.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from dayplan.agent.events import ToolStep
from dayplan.contract import DayPlanReport
from dayplan.evidence import CheckedStop, CheckRecord, RunEvidence, earned
from dayplan.evidence.payload import (
    STATUSES,
    ClaimedLeg,
    ClaimedMoney,
    ClaimedStop,
    FinishPayload,
)
from dayplan.service.rationale import served_rationale

MAX_NOTE_CHARS = 300
MAX_ASSUMPTIONS = 30
_CLOSER = {"{": "}", "[": "]"}

__all__ = [
    "STATUSES",
    "BoundaryError",
    "FinishPayload",
    "Reading",
    "build_report",
    "closing_suffix",
    "parse_payload",
    "read_payload",
]


class BoundaryError(Exception):
    """The run's answer cannot be served. ``rule`` names the guardrail or boundary rule."""

    def __init__(self, rule: str, detail: str):
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail


# -- 1. parsing, and the one repair ---------------------------------------------------------


def closing_suffix(text: str) -> str | None:
    """The closing brackets/braces ``text`` lacks at its very end, or ``None`` when appending
    closers cannot be the whole fix.

    ``None`` when: nothing is open, the text ends inside a string, a closer does not match its
    opener, or the text ends in a digit (a number may have lost digits). A cut word (``tru``)
    fails when the closers are appended and parsed, so it is rejected too.
    ``'{"a": [1, 2'`` -> ``None`` (ends in a number); ``'{"a": [1, "x"'`` -> ``"]}"``.
    """
    stack: list[str] = []
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in _CLOSER:
            stack.append(ch)
        elif ch in "]}" and (not stack or _CLOSER[stack.pop()] != ch):
            return None
    if in_string or not stack:
        return None
    tail = text.rstrip()
    if tail and tail[-1].isdigit():
        return None
    return "".join(_CLOSER[c] for c in reversed(stack))


@dataclass
class Reading:
    """A parsed payload and, when it was repaired, the closers that were appended."""

    payload: dict[str, Any]
    appended: str | None = None

    @property
    def note(self) -> str | None:
        """The repair as one stated assumption, or ``None`` when nothing was repaired."""
        if not self.appended:
            return None
        n = len(self.appended)
        return (
            f"The answer's JSON was cut off at the end; {n} missing closing "
            f"bracket{'s' if n > 1 else ''} ({self.appended}) were appended before reading it"
        )


def read_payload(raw: str | None) -> Reading:
    """Parse the ``finish`` payload as a JSON object, repairing only missing closers at the end.

    Raises ``BoundaryError('finish_payload', ...)`` when there is no payload, it is not JSON
    (and the one repair does not make it JSON), or it is not a JSON object.
    """
    if raw is None:
        raise BoundaryError("finish_payload", "the run ended without a finish call")
    appended = None
    try:
        try:
            payload = json.loads(raw)
        except json.JSONDecodeError as exc:
            suffix = closing_suffix(raw)
            payload = None
            if suffix is not None:
                try:
                    payload = json.loads(raw.rstrip() + suffix)
                    appended = suffix
                except json.JSONDecodeError:
                    payload = None
            if payload is None:
                raise BoundaryError(
                    "finish_payload",
                    f"finish payload is not valid JSON ({exc.msg}, character {exc.pos}); only "
                    "missing closing brackets at the very end are repaired",
                ) from None
    except (RecursionError, MemoryError, ValueError) as exc:  # BoundaryError is no ValueError
        # nested thousands deep, or a number over sys.get_int_max_str_digits() digits
        raise BoundaryError(
            "finish_payload", f"finish payload cannot be read as JSON ({type(exc).__name__})"
        ) from None
    if not isinstance(payload, dict):
        raise BoundaryError("finish_payload", "finish payload is not a JSON object")
    return Reading(payload, appended)


def parse_payload(raw: str | None) -> dict[str, Any]:
    """``read_payload(raw).payload``: the payload as a dict (see ``read_payload``)."""
    return read_payload(raw).payload


# -- 2 and 3. the payload's shape and what its status needs: dayplan.evidence ---------------


# -- 4. reconciliation with the passing check ---------------------------------------------


def _money(value: float | ClaimedMoney | None) -> tuple[float | None, str | None]:
    if value is None:
        return None, None
    if isinstance(value, ClaimedMoney):
        return value.amount, value.currency
    return float(value), None


def _leg(value: int | ClaimedLeg | None) -> int | None:
    if value is None:
        return None
    return value.minutes if isinstance(value, ClaimedLeg) else value


def _fmt(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else repr(value)


def _stop_drift(c: ClaimedStop, s: CheckedStop) -> list[str]:
    out = []
    for key in ("name", "start", "end", "indoor"):
        said, checked = getattr(c, key), getattr(s, key)
        if said is not None and said != checked:
            out.append(f"{key} {_fmt(said)} → {_fmt(checked)}")
    amount, currency = _money(c.cost)
    if amount is not None and abs(amount - s.cost.amount) > 0.005:
        out.append(f"cost {amount:g} → {s.cost.amount:g}")
    if currency is not None and currency != s.cost.currency:
        out.append(f"currency {currency!r} → {s.cost.currency!r}")
    minutes = _leg(c.travel_in)
    if minutes is None:
        minutes = c.travel_minutes
    if minutes is not None and minutes != s.travel_in.minutes:
        out.append(f"travel in {minutes} → {s.travel_in.minutes} min")
    return out


def _plan_drift(claimed: FinishPayload, record: CheckRecord) -> list[str]:
    """Where the answer's wording drifted from the check it rests on (the i-th answered stop
    is the i-th checked stop: ``earned`` accepts only the checked order)."""
    notes = []
    for c, s in zip(claimed.claimed_stops() or [], record.stops, strict=False):
        drift = _stop_drift(c, s)
        if drift:
            notes.append(
                f"Served {s.venue_id} as checked by check_plan, not as the answer worded it: "
                + "; ".join(drift)
            )
    totals = claimed.claimed_totals()
    drift = []
    if totals is not None and record.totals is not None:
        t = record.totals
        if totals.cost is not None and abs(totals.cost - t.cost) > 0.005:
            drift.append(f"cost {totals.cost:g} → {t.cost:g}")
        if totals.currency is not None and totals.currency != t.currency:
            drift.append(f"currency {totals.currency!r} → {t.currency!r}")
        if totals.travel_minutes is not None and totals.travel_minutes != t.travel_minutes:
            drift.append(f"travel {totals.travel_minutes} → {t.travel_minutes} min")
        if totals.home_by is not None and totals.home_by != t.home_by:
            drift.append(f"home by {totals.home_by!r} → {t.home_by!r}")
    home = _leg(claimed.claimed_travel_home())
    if home is not None and record.travel_home and home != record.travel_home.minutes:
        drift.append(f"leg home {home} → {record.travel_home.minutes} min")
    if drift:
        notes.append("Served the checked totals, not the answer's: " + "; ".join(drift))
    return notes


def _served_stop(stop: CheckedStop) -> dict[str, Any]:
    return {
        "venue_id": stop.venue_id,
        "name": stop.name,
        "start": stop.start,
        "end": stop.end,
        "indoor": stop.indoor,
        "cost": {"amount": stop.cost.amount, "currency": stop.cost.currency},
        "travel_in": {
            "minutes": stop.travel_in.minutes,
            "mode": stop.travel_in.mode,
            "estimated": True,
        },
        "source_ids": list(stop.source_ids),
    }


def _fit_notes(base: list[str], notes: list[str]) -> list[str]:
    """Stated assumptions plus boundary notes, each at most 300 characters, at most 30 in all."""
    notes = [n if len(n) <= MAX_NOTE_CHARS else n[: MAX_NOTE_CHARS - 1] + "…" for n in notes]
    room = MAX_ASSUMPTIONS - len(base)
    if len(notes) > room:
        notes = notes[: max(room - 1, 0)] + [
            f"{len(notes) - max(room - 1, 0)} more answer values were replaced by checked ones"
        ]
    return [*base, *notes][:MAX_ASSUMPTIONS]


def build_report(
    *,
    payload_raw: str | None,
    state: Mapping[str, Any],
    steps: Sequence[ToolStep],
    model: str,
    run_id: str,
) -> DayPlanReport:
    """Build the served ``DayPlanReport`` from the raw payload and the run's evidence.

    ``state`` is the final session state (``check:*``, ``source:*``, ``clarification``, ...),
    ``steps`` the paired tool calls. Raises ``BoundaryError`` (``rule`` one of
    ``finish_payload``, ``unsupported_source``, ``unsupported_questions``,
    ``unsupported_failures``, ``status_gate``, ``ambiguous_stop``, ``contract``).
    """
    ev = RunEvidence(RunEvidence.of(state).snapshot())
    reading = read_payload(payload_raw)
    verdict = earned(reading.payload, ev)
    if not verdict.earned:
        raise BoundaryError(verdict.rule or "status_gate", verdict.reason)
    claimed = verdict.payload
    assert claimed is not None  # an earned verdict always carries its typed payload
    status = claimed.status
    sources = ev.sources()
    notes: list[str] = [reading.note] if reading.note else []
    report: dict[str, Any] = {
        "status": status,
        "date": ev.date,
        "location": ev.location_name,
        "timezone": ev.timezone,
        "model": model,
        "run_id": run_id,
        "trace": [{"tool": s.tool, "ok": s.ok, "summary": s.summary()[:500]} for s in steps],
    }
    served_source_ids: list[str] = []
    if status == "complete":
        chosen = verdict.check
        assert chosen is not None and chosen.travel_home is not None and chosen.totals is not None
        notes += _plan_drift(claimed, chosen)
        rationale, dropped = served_rationale(
            claimed.claimed_rationale(), chosen, ev.venue_records()
        )
        notes += dropped
        stops = [_served_stop(s) for s in chosen.stops]
        report["plan"] = {
            "stops": stops,
            "home_breaks": [
                {**b.dump(), "travel_in": {**b.travel_in.dump(), "estimated": True}}
                for b in chosen.home_breaks
            ],
            "appointments": [
                {**a.dump(), "travel_in": {**a.travel_in.dump(), "estimated": True}}
                for a in chosen.appointments
            ],
            "travel_home": {**chosen.travel_home.dump(), "estimated": True},
            "totals": chosen.totals.dump(),
            "rationale": rationale,
        }
        report["date"] = chosen.date
        served_source_ids = [sid for s in stops for sid in s["source_ids"]]
    elif status == "no_feasible_plan":
        failed = verdict.check
        assert failed is not None
        report["constraint_failures"] = [f.dump() for f in failed.failures]
        report["date"] = failed.date
        served_source_ids = [sid for s in failed.stops for sid in s.source_ids]
    else:
        clarification = ev.clarification
        assert clarification is not None
        recorded = list(clarification.questions)
        if claimed.questions and claimed.questions != recorded:
            notes.append("Served the questions as recorded by record_clarification")
        report["questions"] = recorded
    report["assumptions"] = _fit_notes(ev.assumptions(), notes)
    frozen = ev.reading  # what code verified from the text; never taken from the payload
    if frozen is not None:
        report["readings"] = [
            {"field": i.field, "value": i.value, "quote": i.quote[:200]} for i in frozen.items
        ][:40]
        report["unread"] = [u[:200] for u in frozen.unread][:10]
    seen = set()
    report["sources"] = []
    for sid in served_source_ids:
        if sid in sources and sid not in seen:
            seen.add(sid)
            report["sources"].append(
                sources[sid].model_dump(include={"id", "title", "url", "kind", "retrieved_at"})
            )
    try:
        return DayPlanReport.model_validate(report)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BoundaryError("contract", f"{where}: {first['msg']}") from None
