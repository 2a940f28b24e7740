"""From the model's raw ``finish`` payload and the run's recorded evidence to a served report.

The model's words never become served facts. In order, the boundary:

1. **Parses** the payload as one JSON object. Exactly one repair exists: when the text is a
   valid JSON object except for missing closing brackets/braces at the very end (a cut-off
   answer), the missing ``]``/``}`` are appended and the repair is stated in ``assumptions``.
   Anything else (a cut inside a string or a number, a stray comma, Markdown fences, a
   mismatched bracket) is rejected: ``finish_payload``.
2. **Validates** the payload's known keys strictly (``FinishPayload``: a wrong type is a
   rejection, never a coercion); keys it does not know are ignored, nothing is served from
   them. Safe omissions get defaults: no ``stops`` -> the last passing check's stops; no
   ``questions`` -> the recorded clarification's; no ``constraint_failures`` -> the failed
   check's; no ``rationale`` -> ``""``; no ``sources`` -> none claimed.
3. **Rejects unsupported claims**: a source no search returned (``unsupported_source``);
   questions without a recorded clarification (``unsupported_questions``); failures without a
   failed check, or a failure code the check did not find (``unsupported_failures``); a status
   without its evidence (``status_gate``, see DESIGN.md "Evidence rules").
4. **Reconciles** a ``complete`` answer with the passing ``check_plan`` by ``venue_id``: the
   served stops are the checked ones (names, times, indoor flag, costs, travel, order,
   totals); where the answer's wording drifted from them, the checked values are served and
   each restoration is stated in ``assumptions``. A match that is not unique (the same venue
   twice at times that do not say which checked visit is meant, or several passing checks of
   the same stops that the answer's times cannot tell apart) is rejected: ``ambiguous_stop``.
5. **Validates the served report** against the public contract (``contract``).

Anything that fails raises ``BoundaryError`` naming the rule; nothing is half-served.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dayplan.agent.events import ToolStep
from dayplan.contract import DayPlanReport
from dayplan.tools.state import assumptions, checks, found_sources, snapshot

STATUSES = ("complete", "needs_clarification", "no_feasible_plan")
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
    if not isinstance(payload, dict):
        raise BoundaryError("finish_payload", "finish payload is not a JSON object")
    return Reading(payload, appended)


def parse_payload(raw: str | None) -> dict[str, Any]:
    """``read_payload(raw).payload``: the payload as a dict (see ``read_payload``)."""
    return read_payload(raw).payload


# -- 2. the payload's shape ---------------------------------------------------------------

_Text = Annotated[str, Field(max_length=2000)]


class _Loose(BaseModel):
    # strict types (a string is never a number), unknown keys ignored: nothing is served from them
    model_config = ConfigDict(extra="ignore", strict=True)


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


def _validate_payload(payload: Mapping[str, Any]) -> FinishPayload:
    status = payload.get("status")
    if status not in STATUSES:
        raise BoundaryError(
            "finish_payload", f"status {status!r} is not one of {', '.join(STATUSES)}"
        )
    try:
        return FinishPayload.model_validate(payload)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BoundaryError("finish_payload", f"{where}: {first['msg']}") from None


# -- 3. unsupported claims ------------------------------------------------------------------


def _check_sources(claimed: FinishPayload, sources: Mapping[str, dict]) -> None:
    known = set(sources) | {s.get("url") for s in sources.values()}
    for item in claimed.sources:
        ids = [item] if isinstance(item, str) else [v for v in (item.id, item.url) if v]
        for claim in ids:
            if claim not in known:
                shown = claim if len(claim) <= 120 else claim[:119] + "…"
                raise BoundaryError(
                    "unsupported_source", f"the answer cites {shown!r}, which no search returned"
                )


def _check_questions(claimed: FinishPayload, clarification: Mapping[str, Any] | None) -> None:
    if not claimed.questions:
        return
    if not clarification:
        raise BoundaryError(
            "unsupported_questions",
            "the answer asks questions, but no clarification was recorded in this run",
        )
    if claimed.status != "needs_clarification":
        raise BoundaryError(
            "unsupported_questions",
            f"questions belong only to needs_clarification, not {claimed.status}",
        )


def _check_failures(claimed: FinishPayload, records: Sequence[Mapping[str, Any]]) -> None:
    claims = claimed.failure_claims()
    if not claims:
        return
    failed = [r for r in records if not r.get("passed")]
    if not failed:
        raise BoundaryError(
            "unsupported_failures",
            "the answer reports constraint failures, but no check_plan failed in this run",
        )
    if claimed.status != "no_feasible_plan":
        raise BoundaryError(
            "unsupported_failures",
            f"constraint failures belong only to no_feasible_plan, not {claimed.status}",
        )
    if records[-1].get("passed"):
        return  # the status gate names this: the last check passed
    found = records[-1].get("failures", [])
    for code, venue_id in claims:
        if not any(
            f.get("code") == code and (venue_id is None or f.get("venue_id") == venue_id)
            for f in found
        ):
            where = f" at {venue_id[:120]}" if venue_id else ""
            raise BoundaryError(
                "unsupported_failures",
                f"the answer reports {code!r}{where}, which the failed check did not find",
            )


# -- 4. reconciliation with the passing check ---------------------------------------------


@dataclass
class _Match:
    record: Mapping[str, Any]
    pairs: list[tuple[ClaimedStop, Mapping[str, Any]]] = field(default_factory=list)


def _times(stop: ClaimedStop) -> tuple[str | None, str | None]:
    return stop.start, stop.end


def _pair(claimed: Sequence[ClaimedStop], record: Mapping[str, Any]) -> _Match:
    """Pair each claimed stop with a checked stop of ``record`` by venue_id (times decide
    between repeated visits of one venue). ``BoundaryError('ambiguous_stop')`` if they cannot."""
    checked = list(record["stops"])
    match = _Match(record)
    by_venue: dict[str, list[Mapping[str, Any]]] = {}
    for s in checked:
        by_venue.setdefault(s["venue_id"], []).append(s)
    for vid, visits in by_venue.items():
        mine = [c for c in claimed if c.venue_id == vid]
        if len(visits) == 1:
            match.pairs.append((mine[0], visits[0]))
            continue
        left = list(visits)
        for c in mine:
            same = [v for v in left if (v["start"], v["end"]) == _times(c)]
            if len(same) != 1:
                when = f"{c.start or '?'}–{c.end or '?'}"
                raise BoundaryError(
                    "ambiguous_stop",
                    f"{vid} appears {len(visits)} times in the checked plan and the answer's "
                    f"visit at {when} does not say which one it is",
                )
            match.pairs.append((c, same[0]))
            left.remove(same[0])
    return match


def _choose(claimed: Sequence[ClaimedStop], passing: Sequence[Mapping[str, Any]]) -> _Match:
    """The passing check whose stops are exactly the claimed ones (by venue_id)."""
    if not claimed:
        raise BoundaryError("status_gate", "complete claimed with no stops")
    wanted = Counter(c.venue_id for c in claimed)
    candidates = [r for r in passing if Counter(s["venue_id"] for s in r["stops"]) == wanted]
    if not candidates:
        repeated = [v for v, n in wanted.items() if n > 1]
        if repeated:
            vid = repeated[0]
            times = ", ".join(
                f"{c.start or '?'}–{c.end or '?'}" for c in claimed if c.venue_id == vid
            )
            raise BoundaryError(
                "ambiguous_stop",
                f"{vid} appears {wanted[vid]} times in the answer ({times}) but not as often "
                "in any passing check",
            )
        checked = {s["venue_id"] for r in passing for s in r["stops"]}
        unchecked = [v for v in wanted if v not in checked]
        what = (
            f"stop(s) {', '.join(unchecked)} never passed a check"
            if unchecked
            else "the answer's stops are not the stops of any passing check"
        )
        raise BoundaryError("status_gate", what)
    matches = [_pair(claimed, r) for r in candidates]
    distinct: dict[str, _Match] = {}
    for m in matches:  # later checks win among identical itineraries
        distinct[json.dumps(m.record["stops"], sort_keys=True)] = m
    if len(distinct) == 1:
        return next(iter(distinct.values()))
    exact = {
        key: m
        for key, m in distinct.items()
        if all((c.start, c.end) == (s["start"], s["end"]) for c, s in m.pairs)
    }
    if len(exact) == 1:
        return next(iter(exact.values()))
    raise BoundaryError(
        "ambiguous_stop",
        f"{len(distinct)} passing checks have these stops at different times and the answer's "
        "times do not pick exactly one",
    )


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


def _stop_drift(c: ClaimedStop, s: Mapping[str, Any]) -> list[str]:
    out = []
    for key in ("name", "start", "end", "indoor"):
        said = getattr(c, key)
        if said is not None and said != s[key]:
            out.append(f"{key} {_fmt(said)} → {_fmt(s[key])}")
    amount, currency = _money(c.cost)
    if amount is not None and abs(amount - s["cost"]["amount"]) > 0.005:
        out.append(f"cost {amount:g} → {s['cost']['amount']:g}")
    if currency is not None and currency != s["cost"]["currency"]:
        out.append(f"currency {currency!r} → {s['cost']['currency']!r}")
    minutes = _leg(c.travel_in)
    if minutes is None:
        minutes = c.travel_minutes
    if minutes is not None and minutes != s["travel_in"]["minutes"]:
        out.append(f"travel in {minutes} → {s['travel_in']['minutes']} min")
    return out


def _plan_drift(claimed: FinishPayload, m: _Match) -> list[str]:
    notes = []
    for c, s in m.pairs:
        drift = _stop_drift(c, s)
        if drift:
            notes.append(
                f"Served {s['venue_id']} as checked by check_plan, not as the answer worded it: "
                + "; ".join(drift)
            )
    order = [c.venue_id for c in claimed.claimed_stops() or []]
    if order != [s["venue_id"] for s in m.record["stops"]]:
        notes.append("Served the stops in the checked order, not the answer's order")
    record = m.record
    totals = claimed.claimed_totals()
    drift = []
    if totals is not None:
        t = record["totals"]
        if totals.cost is not None and abs(totals.cost - t["cost"]) > 0.005:
            drift.append(f"cost {totals.cost:g} → {t['cost']:g}")
        if totals.currency is not None and totals.currency != t["currency"]:
            drift.append(f"currency {totals.currency!r} → {t['currency']!r}")
        if totals.travel_minutes is not None and totals.travel_minutes != t["travel_minutes"]:
            drift.append(f"travel {totals.travel_minutes} → {t['travel_minutes']} min")
        if totals.home_by is not None and totals.home_by != t["home_by"]:
            drift.append(f"home by {totals.home_by!r} → {t['home_by']!r}")
    home = _leg(claimed.claimed_travel_home())
    if home is not None and home != record["travel_home"]["minutes"]:
        drift.append(f"leg home {home} → {record['travel_home']['minutes']} min")
    if drift:
        notes.append("Served the checked totals, not the answer's: " + "; ".join(drift))
    return notes


def _served_stop(stop: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "venue_id": stop["venue_id"],
        "name": stop["name"],
        "start": stop["start"],
        "end": stop["end"],
        "indoor": stop["indoor"],
        "cost": stop["cost"],
        "travel_in": {**stop["travel_in"], "estimated": True},
        "source_ids": list(stop.get("source_ids", [])),
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
    state = snapshot(state)
    reading = read_payload(payload_raw)
    claimed = _validate_payload(reading.payload)
    status = claimed.status
    sources = found_sources(state)
    records = checks(state)
    clarification = state.get("clarification")
    _check_sources(claimed, sources)
    _check_questions(claimed, clarification)
    _check_failures(claimed, records)
    notes: list[str] = [reading.note] if reading.note else []
    report: dict[str, Any] = {
        "status": status,
        "date": state.get("date"),
        "location": state.get("location_name"),
        "timezone": state.get("timezone"),
        "model": model,
        "run_id": run_id,
        "trace": [{"tool": s.tool, "ok": s.ok, "summary": s.summary()[:500]} for s in steps],
    }
    served_source_ids: list[str] = []
    if status == "complete":
        passing = [c for c in records if c.get("passed")]
        if not passing:
            raise BoundaryError(
                "status_gate", "complete claimed, but no check_plan passed in this run"
            )
        stops_claimed = claimed.claimed_stops()
        if stops_claimed is None:
            chosen = passing[-1]
        else:
            match = _choose(stops_claimed, passing)
            chosen = match.record
            notes += _plan_drift(claimed, match)
        stops = [_served_stop(s) for s in chosen["stops"]]
        report["plan"] = {
            "stops": stops,
            "home_breaks": [
                {**b, "travel_in": {**b["travel_in"], "estimated": True}}
                for b in chosen.get("home_breaks", [])
            ],
            "travel_home": {**chosen["travel_home"], "estimated": True},
            "totals": chosen["totals"],
            "rationale": claimed.claimed_rationale()[:2000],
        }
        report["date"] = chosen["constraints"]["date"]
        served_source_ids = [sid for s in stops for sid in s["source_ids"]]
    elif status == "no_feasible_plan":
        if not records or records[-1].get("passed"):
            raise BoundaryError(
                "status_gate", "no_feasible_plan claimed, but the last check_plan did not fail"
            )
        failed = records[-1]
        report["constraint_failures"] = failed["failures"]
        report["date"] = failed["constraints"]["date"]
        served_source_ids = [sid for s in failed["stops"] for sid in s.get("source_ids", [])]
    else:
        if not clarification:
            raise BoundaryError(
                "status_gate", "needs_clarification claimed, but no clarification was recorded"
            )
        if any(s.tool == "search_public_web" for s in steps):
            raise BoundaryError("status_gate", "a search ran before the clarification")
        recorded = list(clarification["questions"])
        if claimed.questions and claimed.questions != recorded:
            notes.append("Served the questions as recorded by record_clarification")
        report["questions"] = recorded
    report["assumptions"] = _fit_notes(assumptions(state), notes)
    seen = set()
    report["sources"] = []
    for sid in served_source_ids:
        if sid in sources and sid not in seen:
            seen.add(sid)
            src = sources[sid]
            report["sources"].append(
                {k: src[k] for k in ("id", "title", "url", "kind", "retrieved_at")}
            )
    try:
        return DayPlanReport.model_validate(report)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BoundaryError("contract", f"{where}: {first['msg']}") from None
