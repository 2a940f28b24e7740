"""What a status needs: the one rule the finish gate, the status gate and the boundary call.

``earned(payload, evidence)`` decides whether the run's evidence earns the answer's status and
stops (DESIGN.md, "Evidence rules"). In order:

``finish_payload``
    the payload is a finish payload (``FinishPayload``: known status, strict types).
``unsupported_source``
    every cited source id or URL was returned by a search in this run.
``unsupported_questions``
    questions need a recorded clarification and belong only to ``needs_clarification``.
``unsupported_failures``
    constraint failures need a failed check, belong only to ``no_feasible_plan``, and each
    claimed code (and venue) is one the last check found.
``status_gate``
    ``complete`` needs a passing check on **exactly the answer's stops in the answer's order**
    (the i-th stop handed in is the i-th checked stop; a reordered, shortened or extended list
    is not the checked plan, because order decides times and travel); no stops handed in means
    the last passing check. ``no_feasible_plan`` needs the last check to have failed and,
    when no away-from-home must-do is at stake, a search before that check that no filter
    the model chose narrowed (``narrowed_search``): a query naming no kind of venue, and
    ``indoor_only`` off whenever the window has dry time (rain for part of the day makes
    indoor a preference, not a proof: outdoor venues can use the dry hours), and no venue
    the last check counts as visitable on its own (``visitable_left``).
    ``needs_clarification`` needs a recorded clarification and no search in the run, with
    one narrow exception (``must_do_unmatched_after_search``): after searches, a clarification
    whose ``missing`` fields all name must-dos (``"must_do"`` or ``"must_do:<activity>"``) is
    earned when code's match record of each such must-do, over every venue the run's searches
    returned, is ``none`` or ``ambiguous`` (a live run's catalogue is what its searches find).
``ambiguous_stop``
    a venue repeated more often than any passing check has it, or several passing checks of
    the same stops whose times the answer does not tell apart.

The eval graders (``dayplan.evals.graders``) keep their own, independent statement of these
rules, so that a bug here is caught by the evals.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dayplan.contract import hhmm_to_minutes
from dayplan.core.catalog import names_no_kind
from dayplan.core.scheduler import FITS
from dayplan.evidence.keys import ARRANGE_TOOL, EARLIER_START
from dayplan.evidence.payload import ClaimedStop, FinishPayload, PayloadError, validate_payload
from dayplan.evidence.records import CheckRecord
from dayplan.evidence.view import RunEvidence
from dayplan.reading.times import AT_HOME

RULES = (
    "finish_payload",
    "unsupported_source",
    "unsupported_questions",
    "unsupported_failures",
    "status_gate",
    "ambiguous_stop",
)
"""Every rule ``earned`` can name, in the order it applies them."""

MAX_NAMED = 120


@dataclass(frozen=True)
class Verdict:
    """The answer to "does the evidence earn this payload?".

    ``rule`` is ``None`` when it does; otherwise one of ``RULES`` and ``reason`` says why in
    one sentence the model can act on (a cited source is never echoed: it may be an
    attacker's URL; other claims are named at most 120 characters long).
    ``payload`` is the typed payload when it parsed; ``check`` is the check record the status
    rests on: the passing check of exactly the answer's stops for ``complete``, the failed last
    check for ``no_feasible_plan``.
    """

    rule: str | None = None
    reason: str = ""
    payload: FinishPayload | None = None
    check: CheckRecord | None = None

    @property
    def earned(self) -> bool:
        return self.rule is None


def _no(rule: str, reason: str, payload: FinishPayload | None = None) -> Verdict:
    return Verdict(rule=rule, reason=reason, payload=payload)


def _short(text: str) -> str:
    return text if len(text) <= MAX_NAMED else text[: MAX_NAMED - 1] + "…"


def earned(payload: Mapping[str, Any] | FinishPayload, evidence: Any) -> Verdict:
    """Whether ``evidence`` (a ``RunEvidence`` or a session state) earns ``payload``.

    ``payload`` is the parsed ``finish`` JSON object (or an already typed ``FinishPayload``).
    Returns a ``Verdict``; never raises on a bad payload (that is ``rule="finish_payload"``).
    """
    ev = RunEvidence.of(evidence)
    if isinstance(payload, FinishPayload):
        claimed = payload
    else:
        try:
            claimed = validate_payload(payload)
        except PayloadError as exc:
            return _no("finish_payload", str(exc))
    for check in (_sources, _questions, _failures):
        why = check(claimed, ev)
        if why is not None:
            return why
    if claimed.status == "complete":
        return _complete(claimed, ev)
    if claimed.status == "no_feasible_plan":
        last = ev.last_check()
        if last is None:
            return _no(
                "status_gate",
                "no_feasible_plan needs a failed check_plan, and no check ran",
                claimed,
            )
        if last.passed:
            return _no(
                "status_gate", "no_feasible_plan claimed, but the last check_plan passed", claimed
            )
        why = narrowed_search(ev) or visitable_left(ev) or assumed_start_only(ev)
        if why is not None:
            return _no("status_gate", why, claimed)
        return Verdict(payload=claimed, check=last)
    if ev.clarification is None:
        return _no("status_gate", "needs_clarification needs record_clarification first", claimed)
    if ev.searched and not _asks_assumed_start(ev):
        why = must_do_unmatched_after_search(ev)
        if why is not None:
            return _no("status_gate", why, claimed)
    return Verdict(payload=claimed)


def _asks_assumed_start(ev: RunEvidence) -> bool:
    """The clarification asks only about the start of the day, and code's last proof holds only
    because of the assumed one (``assumed_start_only``): asking after the searches is earned."""
    clar = ev.clarification
    missing = {str(m).lower() for m in (getattr(clar, "missing", None) or [])}
    return missing == {"window_start"} and assumed_start_only(ev) is not None


WIDE_QUERY = "things to do"
"""The query ``narrowed_search`` suggests: it names no kind of venue."""


def away_must_dos(evidence: Any) -> list[str]:
    """The run's must-dos away from home: the request's structured ``activities`` (they win),
    else the frozen reading's ``must_do`` values; at-home ones ("lunch at home") left out."""
    ev = RunEvidence.of(evidence)
    acts = ev.request.activities
    if acts:
        return [a.name for a in acts if not (a.at_home or AT_HOME.search(a.name))]
    reading = ev.reading
    values = [str(i.value) for i in reading.items if i.field == "must_do"] if reading else []
    return [v for v in values if not AT_HOME.search(v)]


def dry_time(constraints: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The stretches of a check's ``constraints`` window (``{"window": {start, end}, "rain":
    [{start, end}], "blocked": [...]}``, ``HH:MM``) that are neither rain nor blocked, in
    minutes after midnight; the whole window when no rain is recorded. ``[]`` when the window
    cannot be read (nothing proves dry time, but nothing proves rain either: the caller
    treats an unread window as having dry time)."""
    try:
        w = constraints["window"]
        start, end = hhmm_to_minutes(w["start"]), hhmm_to_minutes(w["end"])
        busy = sorted(
            (hhmm_to_minutes(r["start"]), hhmm_to_minutes(r["end"]))
            for r in [*(constraints.get("rain") or []), *(constraints.get("blocked") or [])]
        )
    except (KeyError, TypeError, ValueError):
        return []
    out, t = [], start
    for a, b in busy:
        if a > t:
            out.append((t, min(a, end)))
        t = max(t, b)
        if t >= end:
            break
    if t < end:
        out.append((t, end))
    return [(a, b) for a, b in out if b > a]


def narrowed_search(evidence: Any) -> str | None:
    """Why the run's searches do not support ``no_feasible_plan`` (``None`` when they do).

    With an away-from-home must-do (``away_must_dos``) every plan holds it, so its failed
    check is the proof and nothing more is needed. Otherwise "nothing fits" speaks of every
    venue the hard limits allow, so it needs at least one search recorded before the last
    check (``SearchRecord.checks_before``; a search without it proves nothing) that no filter the model
    chose narrowed: its query names no kind of venue (``core.catalog.names_no_kind``, the
    run's home, location and the search's location counting as place words), and it is not
    ``indoor_only`` unless the last check's window has no dry time (``dry_time``; an unread
    window counts as dry). The reason names what is missing, for the model to fix."""
    ev = RunEvidence.of(evidence)
    if away_must_dos(ev):
        return None
    checks = ev.checks()
    last = checks[-1] if checks else None
    dry = dry_time(last.constraints) if last is not None else []
    window = (last.constraints.get("window") or {}) if last is not None else {}
    wet_all_day = (
        last is not None and not dry and bool(window) and bool(last.constraints.get("rain"))
    )
    req = ev.request
    places = [
        ev.location_name or "",
        req.location or "",
        req.home if isinstance(req.home, str) else "",
    ]
    searches = [
        s for s in ev.searches() if s.checks_before is not None and s.checks_before < len(checks)
    ]
    kinds, indoor = [], False
    for s in searches:
        broad = names_no_kind(s.query, [*places, s.location])
        if broad and (s.indoor_only is False or (s.indoor_only and wet_all_day)):
            return None
        if not broad:
            kinds.append(_short(s.query))
        elif s.indoor_only is not False:
            indoor = True
    fix = (
        f"search again with indoor_only=false and a query that names no kind of venue (e.g. "
        f"{WIDE_QUERY!r}), arrange_plan or check_plan what it finds, then finish"
    )
    if not searches:
        return f"no_feasible_plan needs a search before the last check_plan; {fix}"
    said = []
    if indoor:
        spans = " and ".join(f"{_hm(a)}–{_hm(b)}" for a, b in dry) or "some of the window"
        said.append(
            f"every search naming no kind was indoor-only, but {spans} "
            f"{'is' if len(dry) < 2 else 'are'} dry, so outdoor "
            "venues can be visited then"
        )
    if kinds:
        named = ", ".join(sorted(set(kinds))[:4])
        said.append(f"{'the others' if indoor else 'every search'} named a kind ({named})")
    return (
        "no_feasible_plan is not proved while a filter you chose narrowed every search: "
        + "; ".join(said)
        + f"; {fix}"
    )


def visitable_left(evidence: Any) -> str | None:
    """Why the last check contradicts ``no_feasible_plan`` (``None`` when it does not): with
    no away-from-home must-do, its ``no_candidates`` failure counts venues that can be
    visited on their own (``core.scheduler.FITS``), so a one-stop day exists and the check
    failed only the itinerary that was handed in."""
    ev = RunEvidence.of(evidence)
    last = ev.last_check()
    if last is None or away_must_dos(ev):
        return None
    for f in last.failures:
        count = (f.values or {}).get(FITS) if f.code == "no_candidates" else None
        if isinstance(count, int | float) and count > 0:
            return (
                f"no_feasible_plan is contradicted by the last check_plan: {count:g} venue(s) "
                "found can be visited on their own (see its no_candidates failure); "
                "arrange_plan or check_plan them instead"
            )
    return None


def assumed_start_only(evidence: Any) -> str | None:
    """Why the last ``arrange_plan`` proof is no proof of ``no_feasible_plan`` (``None`` when it
    is): it holds only because of the start of the day nobody stated (the assumed default
    start; the record's ``EARLIER_START`` says when the party would have to leave), so the run
    must ask whether they can leave then."""
    ev = RunEvidence.of(evidence)
    for record in reversed(ev.checks()):
        if record.tool != ARRANGE_TOOL:
            continue
        earlier = (record.model_extra or {}).get(EARLIER_START)
        if not isinstance(earlier, dict):
            return None
        return (
            f"no_feasible_plan rests on the start {earlier.get('assumed_start')} nobody stated: "
            f"the day fits leaving home at {earlier.get('leave_home')}; ask whether they can "
            f"(record_clarification with this question: {earlier.get('question')!r})"
        )
    return None


def _hm(m: int) -> str:
    return f"{m // 60:02d}:{m % 60:02d}"


MUST_DO_FIELD = "must_do"
"""The ``missing`` field of a clarification about a must-do (``"must_do:<activity>"`` names one)."""


def must_do_unmatched_after_search(evidence: Any) -> str | None:
    """Why the run's recorded clarification, made after a search, is not earned (``None``
    when it is): every ``missing`` field names a must-do (``"must_do"``: any must-do;
    ``"must_do:<activity>"``: that one), a search was recorded, and for each named must-do
    (for ``"must_do"``: at least one) code's ``must_do_match`` record is ``none`` or
    ``ambiguous`` and was made over exactly the venues the run's searches have returned (a
    record older than the last search that found a venue proves nothing; when the searches
    returned no venue at all, that is ``no_candidates``, not a must-do question). Any other
    clarification after a search is refused: the request was plannable."""
    ev = RunEvidence.of(evidence)
    clar = ev.clarification
    plannable = "needs_clarification after a search: the request was plannable"
    if clar is None:
        return "needs_clarification needs record_clarification first"
    missing = [str(m).strip().casefold() for m in clar.missing]
    if not missing or any(m.split(":", 1)[0].strip() != MUST_DO_FIELD for m in missing):
        return plannable
    if not ev.searches():
        return plannable
    pool = sorted(ev.venue_records())
    if not pool:  # nothing found at all: no_candidates (say the coverage), not a must-do question
        return f"{plannable}: the searches returned no venue, so no must-do was matched over any"
    fresh = {a.casefold(): r for a, r in ev.must_do_matches().items() if sorted(r.pool) == pool}
    named = [m.split(":", 1)[1].strip() for m in missing if ":" in m]
    for name in named:
        record = fresh.get(name)
        if record is None or not record.unmatched:
            verdict = f"matched ({record.verdict})" if record else "has no match record"
            return (
                f"{plannable}: the must-do {_short(name)!r} {verdict} over the venues "
                "the searches returned"
            )
    if not named and not any(r.unmatched for r in fresh.values()):
        return (
            f"{plannable}: code matched every must-do to venues the searches returned (or "
            "holds no match over them)"
        )
    return None


def _sources(claimed: FinishPayload, ev: RunEvidence) -> Verdict | None:
    known = ev.known_citations()
    bad = []
    for item in claimed.sources:
        ids = [item] if isinstance(item, str) else [v for v in (item.id, item.url) if v]
        bad += [c for c in ids if c not in known]
    if not bad:
        return None
    ids = ", ".join(sorted(ev.sources())[:12]) or "none yet"
    return _no(
        "unsupported_source",
        f"the answer cites {len(bad)} source(s) that no search returned in this run; cite "
        f"only source ids that search returned: {ids}",
        claimed,
    )


def _questions(claimed: FinishPayload, ev: RunEvidence) -> Verdict | None:
    if not claimed.questions:
        return None
    if ev.clarification is None:
        return _no(
            "unsupported_questions",
            "the answer asks questions, but no clarification was recorded in this run",
            claimed,
        )
    if claimed.status != "needs_clarification":
        return _no(
            "unsupported_questions",
            f"questions belong only to needs_clarification, not {claimed.status}",
            claimed,
        )
    return None


def _failures(claimed: FinishPayload, ev: RunEvidence) -> Verdict | None:
    claims = claimed.failure_claims()
    if not claims:
        return None
    records = ev.checks()
    if all(r.passed for r in records):
        return _no(
            "unsupported_failures",
            "the answer reports constraint failures, but no check_plan failed in this run",
            claimed,
        )
    if claimed.status != "no_feasible_plan":
        return _no(
            "unsupported_failures",
            f"constraint failures belong only to no_feasible_plan, not {claimed.status}",
            claimed,
        )
    if records[-1].passed:
        return None  # the status gate names this: the last check passed
    found = records[-1].failures
    for code, venue_id in claims:
        if not any(f.code == code and venue_id in (None, f.venue_id) for f in found):
            where = f" at {_short(venue_id)}" if venue_id else ""
            return _no(
                "unsupported_failures",
                f"the answer reports {_short(code)!r}{where}, which the failed check did not find",
                claimed,
            )
    return None


def _complete(claimed: FinishPayload, ev: RunEvidence) -> Verdict:
    records = ev.checks()
    passing = [r for r in records if r.passed]
    if not passing:
        if not records:
            return _no(
                "status_gate", "complete needs a passing check_plan, and no check ran", claimed
            )
        codes = ", ".join(records[-1].failure_codes) or "?"
        return _no(
            "status_gate",
            f"complete needs a passing check_plan; the last check failed ({codes})",
            claimed,
        )
    stops = claimed.claimed_stops()
    if stops is None:
        return Verdict(payload=claimed, check=passing[-1])
    if not stops:
        return _no("status_gate", "complete claimed with no stops", claimed)
    wanted = [s.venue_id for s in stops]
    candidates = [r for r in passing if r.venue_ids == wanted]
    if not candidates:
        return _no(*_why_not_checked(stops, passing), claimed)
    chosen = _pick(stops, candidates)
    if isinstance(chosen, str):
        return _no("ambiguous_stop", chosen, claimed)
    return Verdict(payload=claimed, check=chosen)


def _why_not_checked(
    stops: Sequence[ClaimedStop], passing: Sequence[CheckRecord]
) -> tuple[str, str]:
    wanted = Counter(s.venue_id for s in stops)
    checked = {v for r in passing for v in r.venue_ids}
    unchecked = [v for v in wanted if v not in checked]
    if unchecked:
        named = ", ".join(_short(v) for v in unchecked[:5])
        return "status_gate", (
            f"stop(s) {named} never passed check_plan; hand in the stops of a passing check"
        )
    multisets = [Counter(r.venue_ids) for r in passing]
    repeated = [v for v, n in wanted.items() if n > 1 and all(m[v] < n for m in multisets)]
    if repeated:
        vid = repeated[0]
        times = ", ".join(f"{s.start or '?'}–{s.end or '?'}" for s in stops if s.venue_id == vid)
        return "ambiguous_stop", (
            f"{_short(vid)} appears {wanted[vid]} times in the answer ({times}) but not as often "
            "in any passing check"
        )
    if wanted in multisets:
        return "status_gate", (
            "these stops are a passing check's stops in another order; order decides times and "
            "travel, so hand them in in the checked order"
        )
    return "status_gate", (
        "these stops are not the stops of any passing check; hand in a passing check's stops"
    )


def _pick(stops: Sequence[ClaimedStop], candidates: Sequence[CheckRecord]) -> CheckRecord | str:
    """The one passing check of these stops: later identical checks win; among checks at
    different times, the one whose times the answer states exactly."""
    distinct: dict[str, CheckRecord] = {}
    for r in candidates:
        distinct[json.dumps([s.dump() for s in r.stops], sort_keys=True)] = r
    if len(distinct) == 1:
        return next(iter(distinct.values()))
    exact = [
        r
        for r in distinct.values()
        if all((c.start, c.end) == (s.start, s.end) for c, s in zip(stops, r.stops, strict=True))
    ]
    if len(exact) == 1:
        return exact[0]
    return (
        f"{len(distinct)} passing checks have these stops at different times and the answer's "
        "times do not pick exactly one"
    )
