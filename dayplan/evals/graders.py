"""Three separate graders, each 0–5 with critical failures: meaning, contract and trace.

Each grader returns a ``Grade``: its checks (id, passed, critical, detail), a score and a verdict.
Scoring is the same for all three: **0 if any critical check failed, else 5 minus one per failed
check** (never below 0). A grader passes at 4 or more with no critical failure; a case passes
only when all three pass.

* ``grade_meaning`` — does the answer mean what the case asks: the served status, the
  properties that must hold (all indoor, cost ≤ X, a stop tagged museum, home by T, a failure
  code, a stated assumption) and the rubric, each checked deterministically from the served
  body. It reads the body as plain JSON, not through the contract, so it judges meaning alone.
* ``grade_contract`` — does the served body parse, validate against the public JSON schema
  (``DayPlanReport`` or the problem body) with ``jsonschema``, and hold the contract's
  cross-field rules (re-validated with Pydantic)?
* ``grade_trace`` — were the required tool events present in order, the forbidden ones absent,
  and was the served status earned by the recorded tool results?
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from dayplan import data
from dayplan.agent.events import ToolStep
from dayplan.contract import DayPlanReport, hhmm_to_minutes
from dayplan.core.catalog import Venue, venue_from_dict
from dayplan.core.mustdo import match_must_do
from dayplan.evals.case import EvalCase, RubricItem
from dayplan.evals.served import Served, rejected_field
from dayplan.evidence import CheckRecord, keys
from dayplan.reading.times import AT_HOME

#: what a malformed (but parseable) body raises while it is read; a grader never crashes on it
_UNREADABLE = (KeyError, TypeError, ValueError, AttributeError, IndexError)

#: failure codes whose explanation needs no numbers
WORDS_ONLY = ("no_candidates", "unknown_venue", "avoided")
REPORT_STATUSES = ("complete", "needs_clarification", "no_feasible_plan")

#: the public schema of a problem body (RFC 9457 plus ``rule``/``field``)
PROBLEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string", "maxLength": 200},
        "status": {"type": "integer", "minimum": 400, "maximum": 599},
        "detail": {"type": "string", "maxLength": 2000},
        "instance": {"type": ["string", "null"]},
        "run_id": {"type": "string"},
        "rule": {"type": "string"},
        "errors": {"type": "array"},
    },
}

DEFAULT_REQUIRED = {
    "complete": [keys.RESOLVE_DATE_TOOL, keys.SEARCH_TOOL, keys.CHECK_TOOL, keys.FINISH_TOOL],
    "no_feasible_plan": [keys.CHECK_TOOL, keys.FINISH_TOOL],
    "needs_clarification": [keys.CLARIFY_TOOL, keys.FINISH_TOOL],
    "invalid_request": [],
}
DEFAULT_FORBIDDEN = {"needs_clarification": [keys.SEARCH_TOOL, keys.CHECK_TOOL]}
DEFAULT_RUBRIC = {
    "complete": [
        RubricItem(
            id="rationale_names_stops",
            says="The rationale names every stop it serves.",
            check="rationale_names_stops",
        ),
        RubricItem(
            id="rationale_matches_totals",
            says="Every cost and home-by time the rationale states equals the served totals.",
            check="rationale_matches_totals",
            critical=True,
        ),
    ],
    "needs_clarification": [
        RubricItem(
            id="questions_are_questions",
            says="Each question is one short question a person can answer.",
            check="questions_are_questions",
        )
    ],
    "no_feasible_plan": [
        RubricItem(
            id="failures_explain",
            says="Every constraint failure explains, in words and numbers, what broke.",
            check="failures_explain",
        )
    ],
    "invalid_request": [],
}


class CheckResult(BaseModel):
    """One check: its id, whether it passed, whether its failure is critical, and why."""

    id: str
    passed: bool
    critical: bool = False
    detail: str = ""


class Grade(BaseModel):
    """One grader's verdict on one case (0–5)."""

    grader: str
    score: int = Field(ge=0, le=5)
    passed: bool
    critical_failures: list[str] = Field(default_factory=list)
    checks: list[CheckResult] = Field(default_factory=list)
    judge: dict[str, Any] | None = None  # the LLM judge's prompt and answer, when one was used

    def failures(self) -> list[CheckResult]:
        """The failed checks."""
        return [c for c in self.checks if not c.passed]


def _finalise(
    grader: str, case: EvalCase, checks: list[CheckResult], also_critical: frozenset = frozenset()
) -> Grade:
    for c in checks:
        c.critical = (not c.passed) and (case.is_critical(c.id) or c.id in also_critical)
    critical = [c.id for c in checks if c.critical]
    failed = sum(1 for c in checks if not c.passed)
    score = 0 if critical else max(0, 5 - failed)
    return Grade(
        grader=grader,
        score=score,
        passed=score >= 4 and not critical,
        critical_failures=critical,
        checks=checks,
    )


def _check(checks: list[CheckResult], cid: str, ok: bool, detail: str = "") -> None:
    checks.append(CheckResult(id=cid, passed=bool(ok), detail=detail[:500]))


# -- meaning ---------------------------------------------------------------------------------


def _rain_windows(case: EvalCase) -> list[tuple[int, int]]:
    req = case.request
    weather = req.get("weather") or {}
    if weather.get("rain") is not None:
        return [(hhmm_to_minutes(r["start"]), hhmm_to_minutes(r["end"])) for r in weather["rain"]]
    # text-only rain: what the case author says the text means (independent of the planner)
    return [(hhmm_to_minutes(r.start), hhmm_to_minutes(r.end)) for r in case.expect.rain or []]


def _venue_tags() -> dict[str, set[str]]:
    return {v.id: set(v.tags) for v in data.venues()}


_MONEY = re.compile(r"(?:AUD|A\$|\$)\s?(\d+(?:\.\d+)?)")
_HOME = re.compile(r"home (?:by|at) (\d{2}:\d{2})", re.I)


def _rubric_check(item: RubricItem, body: dict, served: Served) -> tuple[bool, str]:
    plan = body.get("plan") or {}
    stops = plan.get("stops") or []
    rationale = str(plan.get("rationale") or "")
    arg = (item.arg or "").lower()
    if item.check == "rationale_names_stops":
        missing = [s.get("name") for s in stops if str(s.get("name", "")) not in rationale]
        return not missing, f"rationale does not name {missing}" if missing else "all named"
    if item.check == "rationale_matches_totals":
        totals = plan.get("totals") or {}
        wrong = [
            f"{m} ≠ {totals.get('cost')}"
            for m in _MONEY.findall(rationale)
            if abs(float(m) - float(totals.get("cost", -1))) > 0.005
        ]
        wrong += [
            f"home {h} ≠ {totals.get('home_by')}"
            for h in _HOME.findall(rationale)
            if h != totals.get("home_by")
        ]
        return not wrong, "; ".join(wrong) or "stated figures match the totals"
    if item.check == "assumption_mentions":
        found = any(arg in str(a).lower() for a in body.get("assumptions") or [])
        return found, f"assumptions {'mention' if found else 'do not mention'} {item.arg!r}"
    if item.check == "question_mentions":
        found = any(arg in str(q).lower() for q in body.get("questions") or [])
        return found, f"questions {'mention' if found else 'do not mention'} {item.arg!r}"
    if item.check == "questions_are_questions":
        qs = [str(q) for q in body.get("questions") or []]
        bad = [q for q in qs if not q.endswith("?") or len(q) > 120]
        return bool(qs) and not bad, f"not short questions: {bad}" if bad else f"{len(qs)} ok"
    if item.check == "failure_detail_mentions":
        found = any(arg in str(f.get("detail", "")).lower() for f in _failures(body))
        return found, f"failure details {'mention' if found else 'do not mention'} {item.arg!r}"
    if item.check == "failures_explain":
        fs = _failures(body)
        bad = [
            f.get("code")
            for f in fs
            if len(str(f.get("detail", ""))) < 10
            or (f.get("code") not in WORDS_ONLY and not re.search(r"\d", str(f.get("detail", ""))))
        ]
        return bool(fs) and not bad, f"failures without numbers: {bad}" if bad else "explained"
    if item.check == "text_absent":
        present = arg in served.body.lower()
        return not present, f"{item.arg!r} {'appears' if present else 'does not appear'} in body"
    if item.check == "rejection_mentions":
        found = arg in str(body.get("detail", "")).lower()
        return found, f"rejection {'mentions' if found else 'does not mention'} {item.arg!r}"
    return False, f"unknown check {item.check}"  # pragma: no cover - Literal guards this


def _false_alone(failures: Sequence[dict]) -> list[str] | None:
    """The served failures of a ``no_feasible_plan`` that are false on their own numbers, stated
    here again (not from ``core.scheduler``): one that names one constraint without a venue
    ("no venue found fits the AUD 35 budget (cheapest: …, AUD 0)") must have its closest venue
    break it (``cheapest`` over ``budget``, ``nearest`` over ``cap``); a ``joint_conflict`` has two
    or more ``members``, each leaving venues alone (``meet_all_but_<kind>`` ≥ 1), and the
    closest of those venues breaks the budget or cap it names. ``None`` when no served failure
    makes such a claim."""
    false: list[str] = []
    claims = 0
    for f in failures:
        code, v = f.get("code"), f.get("values") or {}
        if code in ("over_budget", "leg_over_cap") and f.get("venue_id") is None:
            claims += 1
            if code == "over_budget" and "cheapest" in v and not v["cheapest"] > v["budget"]:
                false.append(str(f.get("detail")))
            if code == "leg_over_cap" and "nearest" in v and not v["nearest"] > v["cap"]:
                false.append(str(f.get("detail")))
        if code == "joint_conflict":
            claims += 1
            members = str(v.get("members", "")).split("+")
            bad = len(members) < 2 or any(
                not (v.get(f"meet_all_but_{k}") or 0) >= 1 for k in members
            )
            bad |= "budget" in members and not v.get("cheapest", 0) > v.get("budget", 0)
            bad |= "cap" in members and not v.get("nearest", 0) > v.get("cap", 0)
            if bad:
                false.append(str(f.get("detail")))
    return false if claims else None


def _failures(body: dict) -> list[dict]:
    return [f for f in body.get("constraint_failures") or [] if isinstance(f, dict)]


def grade_meaning(case: EvalCase, served: Served) -> Grade:
    """Grade what the served answer means against the case's status, properties and rubric."""
    exp = case.expect
    checks: list[CheckResult] = []
    body = served.json()
    if not isinstance(body, dict):
        _check(checks, "status", False, "the served body cannot be read as a JSON object")
        return _finalise("meaning", case, checks)
    if exp.status == "invalid_request":
        ok = 400 <= served.http_status < 500 and str(body.get("type", "")).endswith(
            "validation-error"
        )
        what = body.get("title") or body.get("status")
        _check(checks, "status", ok, f"served {served.http_status} {what!r}")
        if exp.rejected_field:
            field = rejected_field(body)
            _check(
                checks,
                "property:rejected_field",
                field.startswith(exp.rejected_field),
                f"rejection names field {field!r}, expected {exp.rejected_field!r}",
            )
    else:
        status = body.get("status") if served.http_status == 200 else None
        if status is None:
            detail = f"served {served.http_status} {body.get('rule') or body.get('title')!r}"
            detail += f": {body.get('detail', '')}"
        else:
            detail = f"served {status!r}, expected {exp.status!r}"
        _check(checks, "status", status == exp.status, detail)
        if status != exp.status:
            return _finalise("meaning", case, checks)
        try:
            _properties(case, body, checks)
        except _UNREADABLE as exc:
            _check(checks, "property:readable", False, f"the served plan cannot be read: {exc!r}")
    rubric = {i.id: i for i in DEFAULT_RUBRIC[exp.status]}
    rubric.update({i.id: i for i in exp.rubric})
    for item in rubric.values():
        try:
            ok, detail = _rubric_check(item, body, served)
        except _UNREADABLE as exc:
            ok, detail = False, f"cannot be read: {exc!r}"
        _check(checks, f"rubric:{item.id}", ok, detail)
    critical = frozenset(f"rubric:{i.id}" for i in rubric.values() if i.critical)
    return _finalise("meaning", case, checks, critical)


def _properties(case: EvalCase, body: dict, checks: list[CheckResult]) -> None:
    exp = case.expect
    plan = body.get("plan") or {}
    stops = [s for s in plan.get("stops") or [] if isinstance(s, dict)]
    totals = plan.get("totals") or {}
    if exp.date:
        _check(checks, "property:date", body.get("date") == exp.date, f"date {body.get('date')}")
    for code in exp.failure_codes:
        codes = [f.get("code") for f in _failures(body)]
        _check(checks, f"property:failure_code:{code}", code in codes, f"served codes {codes}")
    if body.get("status") == "no_feasible_plan":
        false = _false_alone(_failures(body))
        if false is not None:
            _check(checks, "property:failures_true_alone", not false, f"false: {false}")
    _reading_checks(exp, body, checks)
    for text in exp.assumptions_mention:
        found = any(text.lower() in str(a).lower() for a in body.get("assumptions") or [])
        _check(
            checks, f"property:assumption:{text}", found, f"assumptions: {body.get('assumptions')}"
        )
    if exp.status != "complete":
        return
    if exp.all_indoor:
        outdoor = [s.get("name") for s in stops if not s.get("indoor")]
        _check(checks, "property:all_indoor", not outdoor, f"outdoor stops: {outdoor}")
    if exp.all_outdoor:
        indoor = [s.get("name") for s in stops if s.get("indoor") is not False]
        _check(checks, "property:all_outdoor", not indoor, f"indoor stops: {indoor}")
    if exp.no_outdoor_in_rain:
        rain = _rain_windows(case)
        wet = [
            s.get("name")
            for s in stops
            if not s.get("indoor")
            and any(
                hhmm_to_minutes(s["start"]) < b and a < hhmm_to_minutes(s["end"]) for a, b in rain
            )
        ]
        _check(checks, "property:no_outdoor_in_rain", not wet, f"outdoor in rain: {wet}")
    if exp.max_cost is not None:
        cost = float(totals.get("cost", float("inf")))
        _check(
            checks, "property:max_cost", cost <= exp.max_cost, f"cost {cost:g} ≤ {exp.max_cost:g}?"
        )
    if exp.max_each is not None:
        adult, child = _shares(body, stops)
        _check(
            checks,
            "property:max_each",
            max(adult, child) <= exp.max_each + 1e-9,
            f"each adult pays {adult:g}, each child {child:g} ≤ {exp.max_each:g}?",
        )
    if exp.home_by:
        home = str(totals.get("home_by", "99:99"))
        _check(checks, "property:home_by", home <= exp.home_by, f"home {home} ≤ {exp.home_by}?")
    if exp.min_stops is not None:
        _check(checks, "property:min_stops", len(stops) >= exp.min_stops, f"{len(stops)} stop(s)")
    for want in exp.appointments:
        _check(checks, f"property:appointment:{want.label}", *_appointment_kept(want, plan, stops))
    kept = _must_dos_kept(case, body, stops)
    if kept is not None:
        _check(checks, "property:must_dos_visited", *kept)
    for vid in exp.excludes_venue:
        names = [s.get("venue_id") for s in stops]
        _check(checks, f"property:excludes_venue:{vid}", vid not in names, f"stops: {names}")
    refused = _refused_stops(body, stops)
    if refused is not None:
        _check(checks, "property:no_refused_stop", *refused)
    for vid in exp.includes_venue:
        names = [s.get("venue_id") for s in stops]
        _check(checks, f"property:includes_venue:{vid}", vid in names, f"stops: {names}")
    if exp.includes_tag:
        tags = _venue_tags()
        for tag in exp.includes_tag:
            hit = [s.get("name") for s in stops if tag in tags.get(str(s.get("venue_id")), set())]
            _check(checks, f"property:includes_tag:{tag}", bool(hit), f"stops tagged {tag}: {hit}")


def _appointment_kept(want, plan: dict, stops: list[dict]) -> tuple[bool, str]:
    """An expected appointment away is served with its times, no stop overlaps it, and the first
    stop after it leaves (start minus its leg) at or after its end, by ``want.leaves_by``."""
    served = [
        (a.get("label"), a.get("start"), a.get("end"))
        for a in plan.get("appointments") or []
        if isinstance(a, dict)
    ]
    if (want.label, want.start, want.end) not in served:
        return False, f"appointments served: {served}"
    a, e = hhmm_to_minutes(want.start), hhmm_to_minutes(want.end)
    inside = [
        s.get("name")
        for s in stops
        if hhmm_to_minutes(s["start"]) < e and a < hhmm_to_minutes(s["end"])
    ]
    if inside:
        return False, f"stops during {want.label}: {inside}"
    after = [s for s in stops if hhmm_to_minutes(s["start"]) >= e]
    if not after:
        return False, f"no stop after {want.label}"
    leg = int((after[0].get("travel_in") or {}).get("minutes") or 0)
    leaves = hhmm_to_minutes(after[0]["start"]) - leg
    shown = f"{after[0].get('name')} leaves {leaves // 60:02d}:{leaves % 60:02d} ({leg} min)"
    if leaves < e:
        return False, f"{shown}, before {want.label} ends {want.end}"
    if want.leaves_by and leaves > hhmm_to_minutes(want.leaves_by):
        return False, f"{shown}, later than {want.leaves_by}"
    return True, shown


def _must_dos_kept(case: EvalCase, body: dict, stops: list[dict]) -> tuple[bool, str] | None:
    """A complete plan keeps every must-do as a real venue: no stop is venue-less (an
    ``activity:`` id, no source), and each away-from-home must-do (the request's activities,
    else the served reading's ``must_do`` items) is a stop the catalogue match of its words
    allows (``dayplan.core.mustdo``); a must-do that matches nothing, or very different venues,
    can never be served complete. ``None`` when the plan has no must-do and no fake."""
    fake = [
        s.get("name")
        for s in stops
        if str(s.get("venue_id", "")).startswith("activity:") or not s.get("source_ids")
    ]
    if fake:
        return False, f"venue-less stops served as done: {fake}"
    catalogue = data.venues()
    known = {v.id for v in catalogue}
    ids = [str(s.get("venue_id")) for s in stops]
    if any(i not in known for i in ids):
        return None  # stops from the web: the catalogue cannot grade their must-dos
    acts = [a for a in case.request.get("activities") or [] if isinstance(a, dict)]
    labels = {
        str(b.get("label", "")).lower() for b in (body.get("plan") or {}).get("home_breaks") or []
    }
    homes = [
        str(a.get("name")) for a in acts if a.get("at_home") or AT_HOME.search(str(a.get("name")))
    ]
    gone = [h for h in homes if h.lower() not in labels]
    if gone:
        return False, f"at-home must-dos without time at home: {gone}"
    phrases = [str(a.get("venue") or a.get("name")) for a in acts if not a.get("at_home")]
    if not acts:
        phrases = [
            str(r.get("value"))
            for r in body.get("readings") or []
            if isinstance(r, dict) and r.get("field") == "must_do"
        ]
    missing = []
    for phrase in phrases:
        if AT_HOME.search(phrase):
            continue
        m = match_must_do(phrase, catalogue, data.gazetteer())
        allowed = {v.id for v in m.venues} if not m.needs_question else set()
        if not allowed & set(ids):
            missing.append(f"{phrase!r} ({m.verdict})")
    if missing:
        return False, f"must-dos not visited: {', '.join(missing)}"
    return (True, f"{len(phrases) + len(homes)} must-do(s) kept") if phrases or homes else None


def _shares(body: dict, stops: list[dict]) -> tuple[float, float]:
    """What one adult and one child pay across the served catalogue stops, by the catalogue's
    own prices (0 for a member the served readings' party does not have: 1 adult, 0 children
    when none was read), for ``property:max_each``."""
    said = {
        r.get("field"): r.get("value")
        for r in body.get("readings") or []
        if isinstance(r, dict) and r.get("field") in ("adults", "children")
    }
    adults, children = said.get("adults", 1), said.get("children", 0)
    catalogue = {v.id: v for v in data.venues()}
    visited = [catalogue[s["venue_id"]] for s in stops if s.get("venue_id") in catalogue]
    adult = sum(v.price_adult for v in visited) if adults else 0.0
    child = sum(v.price_child for v in visited) if children else 0.0
    return round(adult, 2), round(child, 2)


def _refused_stops(body: dict, stops: list[dict]) -> tuple[bool, str] | None:
    """A complete plan visits nothing the served reading refuses: for each hard ``avoid``
    reading ("no museums", "not GOMA this time"), the catalogue venues its words mean, matched
    over the whole catalogue (``dayplan.core.mustdo``, not the checker's per-venue rule), must
    not be a stop; with ``only`` readings ("galleries only"), every catalogue stop must be one
    of the venues their kinds mean (a web venue outside the catalogue is not judged, as for
    the avoids). ``None`` when neither was read."""
    refused = [
        r
        for r in body.get("readings") or []
        if isinstance(r, dict)
        and r.get("field") == "avoid"
        and isinstance(r.get("value"), dict)
        and r["value"].get("hard") is True
    ]
    only = [
        r
        for r in body.get("readings") or []
        if isinstance(r, dict) and r.get("field") == "only" and isinstance(r.get("value"), str)
    ]
    if not refused and not only:
        return None
    catalogue = data.venues()

    def named(phrase: str) -> set[str]:
        m = match_must_do(phrase, catalogue)
        return {v.id for v in m.venues} if m.level in ("name", "kind", "tag") else set()

    hits = []
    for r in refused:
        ids = named(str(r["value"].get("kind") or r["value"].get("venue") or ""))
        if isinstance(r["value"].get("place"), str):  # a suburb's venues, of a kind when said
            here = match_must_do(str(r["value"]["place"]), catalogue, data.gazetteer())
            there = {v.id for v in here.venues} | {
                v.id for v in catalogue if _holds_place(v.name, str(r["value"]["place"]))
            }
            ids = there & ids if r["value"].get("kind") else there
        hits += [f"{s.get('name')} ({r.get('quote')!r})" for s in stops if s.get("venue_id") in ids]
    if only:  # "galleries only": every stop is one of the catalogue venues of those kinds
        kinds = [str(r["value"]) for r in only]
        others = [named(k) for k in kinds if k != "outdoors"]
        allowed = set().union(*others) if others else named("outdoors")
        if "outdoors" in kinds:  # "outdoors only": a filter on every stop, never an alternative
            allowed &= named("outdoors")
        known = {v.id for v in catalogue}
        quotes = "; ".join(dict.fromkeys(repr(r.get("quote")) for r in only))
        hits += [
            f"{s.get('name')} (not of a kind {quotes} allows)"
            for s in stops
            if s.get("venue_id") in known and s.get("venue_id") not in allowed
        ]
    if hits:
        return False, f"refused stops served: {', '.join(hits)}"
    kept = [f"{len(refused)} hard avoid(s)"] if refused else []
    kept += [f"the only limit ({len(only)} kind(s))"] if only else []
    return True, " and ".join(kept) + " kept"


def _holds_place(name: str, place: str) -> bool:
    """Whether the venue ``name`` holds the words of ``place`` ("Mt Coot-tha" in "Brisbane
    Botanic Gardens Mt Coot-tha" for Mount Coot-tha)."""

    def words(text: str) -> str:
        return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower().replace("mount ", "mt "))) + " "

    return words(place) in words(name)


def _same(want: Any, got: Any) -> bool:
    """Whether a served reading value ``got`` is the expected ``want`` (see ``dayplan.evals.case``:
    strings without case or surrounding space, numbers as numbers, dicts on the keys given)."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _same(v, got[k]) for k, v in want.items())
    if isinstance(want, bool) or isinstance(got, bool):
        return want is got
    if isinstance(want, int | float) and isinstance(got, int | float):
        return abs(float(want) - float(got)) < 0.005
    if isinstance(want, str) and isinstance(got, str):
        return want.strip().lower() == got.strip().lower()
    return want == got


def _reading_checks(exp: Any, body: dict, checks: list[CheckResult]) -> None:
    """``property:reading:<field>`` per expected reading, ``property:reading_absent:<field>`` and
    ``property:unread:<text>``, against the served ``readings`` and ``unread``."""
    served = [r for r in body.get("readings") or [] if isinstance(r, dict)]
    seen: dict[str, int] = {}
    for want in exp.readings:
        seen[want.field] = seen.get(want.field, 0) + 1
        cid = f"property:reading:{want.field}" + (
            f"#{seen[want.field]}" if seen[want.field] > 1 else ""
        )
        same_field = [r for r in served if r.get("field") == want.field]
        hit = [
            r
            for r in same_field
            if _same(want.value, r.get("value"))
            and (
                want.quote_contains is None
                or want.quote_contains.lower() in str(r.get("quote", "")).lower()
            )
        ]
        shown = [(r.get("value"), r.get("quote")) for r in same_field] or "nothing"
        quote = f" quoting {want.quote_contains!r}" if want.quote_contains else ""
        _check(checks, cid, bool(hit), f"expected {want.value!r}{quote}; read {shown}")
    for field in exp.readings_absent:
        got = [(r.get("value"), r.get("quote")) for r in served if r.get("field") == field]
        _check(checks, f"property:reading_absent:{field}", not got, f"{field} read as {got}")
    unread = [str(u) for u in body.get("unread") or []]
    for text in exp.unread_mentions:
        found = any(text.lower() in u.lower() for u in unread)
        _check(checks, f"property:unread:{text}", found, f"unread: {unread}")


# -- contract --------------------------------------------------------------------------------


def _jsonschema() -> Any:
    """Import ``jsonschema`` on first use. Its optional IRI-format plugin (``rfc3987_syntax``)
    compiles grammars for seconds at import and no schema here uses an IRI format, so it is kept
    out of a first import (``jsonschema`` then simply has no ``iri`` format checker)."""
    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    hidden = "rfc3987_syntax" not in sys.modules
    if hidden:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # -> ImportError
    try:
        import jsonschema
    finally:
        if hidden:
            del sys.modules["rfc3987_syntax"]
    return jsonschema


def report_schema() -> dict[str, Any]:
    """The public JSON schema of a served ``DayPlanReport``."""
    return DayPlanReport.model_json_schema()


def grade_contract(case: EvalCase, served: Served) -> Grade:
    """Grade the served body against the public schema: parse, schema, cross-field rules."""
    checks: list[CheckResult] = []
    is_report = served.http_status == 200
    kind_ok = (is_report and served.content_type == "application/json") or (
        400 <= served.http_status < 600 and served.content_type == "application/problem+json"
    )
    _check(
        checks,
        "contract:http_status",
        kind_ok,
        f"{served.http_status} with {served.content_type}",
    )
    body = served.json()
    if body is None:
        import json

        try:
            json.loads(served.body)
            msg = "parsed"
        except json.JSONDecodeError as exc:
            msg = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
        _check(checks, "contract:parse", False, f"the served body is not JSON: {msg}")
        return _finalise("contract", case, checks)
    _check(checks, "contract:parse", True, f"{len(served.body)} characters of JSON")
    jsonschema = _jsonschema()
    schema = report_schema() if is_report else PROBLEM_SCHEMA
    errors = [
        leaf
        for err in jsonschema.Draft202012Validator(schema).iter_errors(body)
        for leaf in _leaf_errors(err)
    ]
    shown = "; ".join(
        f"{'/'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message[:100]}"
        for e in errors[:4]
    )
    kind = "DayPlanReport" if is_report else "problem"
    _check(
        checks,
        "contract:schema",
        not errors,
        f"{len(errors)} schema error(s): {shown}" if errors else f"valid against the {kind} schema",
    )
    if is_report:
        try:
            DayPlanReport.model_validate(body)
            _check(checks, "contract:rules", True, "cross-field rules hold")
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"]) or "(root)"
            _check(checks, "contract:rules", False, f"{loc}: {err['msg']}")
    return _finalise("contract", case, checks)


def _leaf_errors(err: Any) -> list[Any]:
    """The innermost errors under ``err`` (``anyOf``/``oneOf`` branches other than ``null``)."""
    if not err.context:
        return [err]
    branches = [
        c for c in err.context if not (c.validator == "type" and c.validator_value == "null")
    ]
    return [leaf for c in branches for leaf in _leaf_errors(c)] or [err]


# -- trace -----------------------------------------------------------------------------------


def _subsequence(needle: Sequence[str], hay: Sequence[str]) -> tuple[bool, str]:
    it = iter(enumerate(hay))
    for want in needle:
        for _i, tool in it:
            if tool == want:
                break
        else:
            return False, f"{want!r} missing (or out of order) in {list(hay)}"
    return True, " → ".join(needle) + " in order"


def grade_trace(case: EvalCase, served: Served, steps: Sequence[ToolStep]) -> Grade:
    """Grade the tool path: required events in order, forbidden ones absent, status earned."""
    exp = case.expect
    checks: list[CheckResult] = []
    tools = [s.tool for s in steps]
    if exp.tools_in_order is not None:
        compact = [t for i, t in enumerate(tools) if i == 0 or tools[i - 1] != t]
        _check(
            checks,
            "trace:tools_in_order",
            compact == exp.tools_in_order,
            f"path {compact}, expected {exp.tools_in_order}",
        )
    required = exp.required_tools or DEFAULT_REQUIRED[exp.status]
    if required:
        ok, detail = _subsequence(required, tools)
        _check(checks, "trace:required_order", ok, detail)
    # a question earned only after the searches (an unmatched must-do, the assumed start) lists
    # them in required_tools: the status's default forbidden tools then leave them out
    defaults = [t for t in DEFAULT_FORBIDDEN.get(exp.status, []) if t not in exp.required_tools]
    for tool in dict.fromkeys(list(exp.forbidden_tools) + defaults):
        n = tools.count(tool)
        _check(checks, f"trace:forbidden:{tool}", n == 0, f"{tool} called {n} time(s)")
    try:
        ok, detail = _earned(
            exp.status, served, steps, _case_must_dos(case, served), _start_stated(case, served)
        )
    except _UNREADABLE as exc:
        ok, detail = False, f"the served body cannot be read: {exc!r}"
    _check(checks, "trace:status_earned", ok, detail)
    if exp.status != "invalid_request":
        last = steps[-1] if steps else None
        _check(
            checks,
            "trace:finish_last",
            last is not None and last.tool == keys.FINISH_TOOL and last.ok,
            f"last step {last.tool if last else None!r}",
        )
    if exp.all_checks_pass:
        failed = [
            i
            for i, s in enumerate(steps)
            if s.tool == keys.CHECK_TOOL and not (s.response or {}).get("passed")
        ]
        _check(checks, "trace:all_checks_pass", not failed, f"failed check_plan at steps {failed}")
    return _finalise("trace", case, checks)


def _case_must_dos(case: EvalCase, served: Served) -> dict[str, str]:
    """The case's away-from-home must-dos, ``{activity (casefolded): phrase to match}``: the
    request's activities, else the served reading's ``must_do`` items."""
    acts = [a for a in case.request.get("activities") or [] if isinstance(a, dict)]
    out = {
        str(a.get("name")).casefold(): str(a.get("venue") or a.get("name"))
        for a in acts
        if not (a.get("at_home") or AT_HOME.search(str(a.get("name"))))
    }
    if acts:
        return out
    body = served.json()
    readings = body.get("readings") if isinstance(body, dict) else None
    for r in readings or []:
        if isinstance(r, dict) and r.get("field") == "must_do":
            value = str(r.get("value"))
            if not AT_HOME.search(value):
                out[value.casefold()] = value
    return out


def _start_stated(case: EvalCase, served: Served) -> bool:
    """Whether the case's request states when the day starts: a structured ``window``, or a
    served ``window_start`` reading."""
    if case.request.get("window"):
        return True
    body = served.json()
    readings = body.get("readings") if isinstance(body, dict) else None
    return any(isinstance(r, dict) and r.get("field") == "window_start" for r in readings or [])


ASSUMED_START = "09:00"
"""The day's start the planner assumes when none is stated (README "What the planner
assumes"), stated here again for ``_asks_assumed_start``."""


def _asks_assumed_start(
    clar: ToolStep, before: Sequence[ToolStep], start_stated: bool
) -> str | None:
    """Why a clarification about the start of the day, made after searches, is not earned
    (``None`` when it is), from the trace alone: its only ``missing`` field is
    ``window_start``, no start was stated, an ``arrange_plan`` before it proved no
    arrangement, and the question names a time to leave before ``ASSUMED_START``."""
    missing = [str(m).strip().casefold() for m in (clar.args or {}).get("missing") or []]
    if missing != ["window_start"]:
        return f"clarified after a search about {missing}: the request was plannable"
    if start_stated:
        return "asked about the start of the day, but the request states it"
    if not any(
        s.tool == keys.ARRANGE_TOOL and (s.response or {}).get("arranged") is False for s in before
    ):
        return "asked about the start of the day without a proof that the assumed one fails"
    asked = " ".join(str(q) for q in (clar.args or {}).get("questions") or [])
    times = re.findall(r"\b([01]\d|2[0-3]):([0-5]\d)\b", asked)
    if not any(f"{h}:{m}" < ASSUMED_START for h, m in times):
        return f"the question names no time to leave before {ASSUMED_START}"
    return None


def _earned(
    expected: str,
    served: Served,
    steps: Sequence[ToolStep],
    must_dos: dict[str, str] | None = None,
    start_stated: bool = True,
) -> tuple[bool, str]:
    body = served.json()
    if expected == "invalid_request":
        ok = 400 <= served.http_status < 500 and not steps
        return ok, f"rejected before the agent ran ({len(steps)} tool step(s))"
    if served.http_status != 200 or not isinstance(body, dict):
        rule = body.get("rule") if isinstance(body, dict) else None
        return False, f"no status served (rejected by {rule or 'unknown'})"
    status = body.get("status")
    # the trace's check results, read through the typed record (not ``dayplan.evidence.earned``:
    # this grader states the rules again, independently, so it can catch a bug there)
    checks = [
        CheckRecord.model_validate(s.response)
        for s in steps
        if s.tool == keys.CHECK_TOOL and s.response is not None and "passed" in s.response
    ]
    if status == "complete":
        served_ids = [s.get("venue_id") for s in (body.get("plan") or {}).get("stops") or []]
        passing = [c for c in checks if c.passed and c.venue_ids == served_ids]
        return bool(passing), (
            "a passing check_plan holds exactly the served stops"
            if passing
            else f"no passing check_plan on the served stops {served_ids}"
        )
    if status == "no_feasible_plan":
        if not checks or checks[-1].passed:
            return False, "no failed check_plan before no_feasible_plan"
        proved = set(checks[-1].failure_codes)
        served_codes = {f.get("code") for f in body.get("constraint_failures") or []}
        if not (served_codes <= proved and served_codes):
            return False, (
                f"served failures {sorted(served_codes)} from the failed check {sorted(proved)}"
            )
        gap = None if must_dos else _narrowed_before_proof(steps)
        if gap is not None:
            return False, gap
        return (
            True,
            f"served failures {sorted(served_codes)} from the failed check {sorted(proved)}",
        )
    if status == "needs_clarification":
        clar = [i for i, s in enumerate(steps) if s.tool == keys.CLARIFY_TOOL and s.ok]
        searched = [i for i, s in enumerate(steps) if s.tool == keys.SEARCH_TOOL]
        if clar and searched and searched[0] < clar[-1]:
            step, before = steps[clar[-1]], steps[: clar[-1]]
            missing = (step.args or {}).get("missing") or []
            if [str(m).strip().casefold() for m in missing] == ["window_start"]:
                why = _asks_assumed_start(step, before, start_stated)
                return (
                    why is None,
                    why or "asked whether the party can leave before the assumed start",
                )
            why = _unmatched_must_do(step, before, must_dos)
            return why is None, why or "clarified after searches about an unmatched must-do"
        ok = bool(clar) and not (searched and searched[0] < clar[0])
        return ok, "clarification recorded before any search" if ok else "no clean clarification"
    return False, f"unknown status {status!r}"


_ANY_KIND = frozenset({"kids", "kid", "family", "activities", "activity", "children"})
"""Catalogue tags that name the party, not a kind of venue (``_narrowed_before_proof``)."""


def _kind_words() -> frozenset[str]:
    """Every venue kind and tag of the bundled catalogue (plural ``s`` off), less the party's."""
    words = {w for v in data.venues() for w in (v.kind, *v.kind.split("_"), *v.tags)}
    return frozenset(w.rstrip("s") for w in words) - {w.rstrip("s") for w in _ANY_KIND}


def _dry_in(constraints: dict) -> bool:
    """Whether a check's constraints window has a minute outside every rain window (an
    unreadable window counts as dry)."""
    try:
        w = constraints["window"]
        t, end = hhmm_to_minutes(w["start"]), hhmm_to_minutes(w["end"])
        rain = sorted(
            (hhmm_to_minutes(r["start"]), hhmm_to_minutes(r["end"]))
            for r in constraints.get("rain") or []
        )
    except _UNREADABLE:
        return True
    for a, b in rain:
        if a > t:
            return True
        t = max(t, b)
    return t < end


def _narrowed_before_proof(steps: Sequence[ToolStep]) -> str | None:
    """Why a ``no_feasible_plan`` without away-from-home must-dos is not proved by its trace
    (``None`` when it is), stated here again from the trace alone: some successful search
    before the last ``check_plan`` must be unfiltered — its query has no word that is a
    kind or tag of a catalogue venue (the party's words aside), and it is not
    ``indoor_only`` unless the last check's rain covers its whole window. Otherwise an
    outdoor venue in the dry hours, or a venue of another kind, was never considered. And
    the last check's ``no_candidates`` must count no venue that can be visited on its own."""
    last = max((i for i, s in enumerate(steps) if s.tool == keys.CHECK_TOOL), default=None)
    if last is None:
        return "no check_plan before no_feasible_plan"
    constraints = (steps[last].response or {}).get("constraints") or {}
    for f in (steps[last].response or {}).get("failures") or []:
        values = f.get("values") if isinstance(f, dict) else None
        fits = [n for k, n in (values or {}).items() if "can be visited" in str(k)]
        if f.get("code") == "no_candidates" and any(isinstance(n, int) and n > 0 for n in fits):
            return "the last check_plan counts venues that can be visited on their own"
    indoor_ok = not _dry_in(constraints)
    kinds = _kind_words()
    for s in steps[:last]:
        if s.tool != keys.SEARCH_TOOL or not s.ok:
            continue
        words = {w.rstrip("s") for w in re.findall(r"[a-z]+", str(s.args.get("query", "")).lower())}
        if words & kinds:
            continue
        if not s.args.get("indoor_only") or indoor_ok:
            return None
    return (
        "no_feasible_plan without an unfiltered search before the last check_plan (every "
        "search was indoor-only with dry time in the window, or named a kind of venue)"
    )


def _unmatched_must_do(
    clar: ToolStep, before: Sequence[ToolStep], must_dos: dict[str, str] | None = None
) -> str | None:
    """Why a clarification made after searches is not earned (``None`` when it is), stated
    here again from the trace alone: every ``missing`` field is ``must_do`` or
    ``must_do:<activity>``, and each must-do it names (for ``must_do``: each one a search or
    ``arrange_plan`` before it listed under ``must_dos``) matches, by ``match_must_do`` run here over every
    venue those searches returned, none of them or several very different ones. ``must_dos``
    (the case's, ``{activity: phrase}``), when given, are the only activities that count, and
    for ``must_do`` alone stand in for a listing."""
    missing = [str(m).strip().casefold() for m in (clar.args or {}).get("missing") or []]
    if not missing or any(m.split(":", 1)[0].strip() != "must_do" for m in missing):
        return f"clarified after a search about {missing}: the request was plannable"
    answers = [
        s.response for s in before if s.tool == keys.SEARCH_TOOL and (s.response or {}).get("ok")
    ]
    if not answers:
        return "clarified after searches that all failed"
    found: dict[str, Venue] = {}
    for answer in answers:
        for r in answer.get("results") or []:
            # what matching reads: names, kinds, tags, suburbs (unknown facts as blanks)
            known = {k: v for k, v in r.items() if v is not None and k != "price"}
            blank = {"lat": 0, "lon": 0, "opening_hours": "", "indoor": False}
            raw = {**blank, "typical_minutes": 0, "min_minutes": 0, **known}
            found[str(r["id"])] = venue_from_dict(raw, str(r.get("currency") or "AUD"))
    if not found:
        return "clarified after searches that returned no venue (no_candidates, not a must-do)"
    listed = {
        str(h.get("activity")).casefold(): h
        for s in before
        if s.tool in (keys.SEARCH_TOOL, keys.ARRANGE_TOOL)
        for h in (s.response or {}).get("must_dos") or []
    }
    named = [m.split(":", 1)[1].strip() for m in missing if ":" in m]
    if must_dos is not None:
        strange = [n for n in named if n not in must_dos]
        if strange:
            return f"clarified after searches about {strange[0]!r}, which is no must-do"
        phrases = {n: must_dos[n] for n in named} or dict(must_dos)
    else:
        hints = {n: listed.get(n) or {} for n in named or listed}
        phrases = {n: str(h.get("phrase") or h.get("activity") or n) for n, h in hints.items()}
    if not phrases:
        return "clarified after searches about no named or listed must-do"
    verdicts = {
        n: match_must_do(p, list(found.values()), data.gazetteer()) for n, p in phrases.items()
    }
    matched = [n for n, m in verdicts.items() if not m.needs_question]
    if (named and matched) or len(matched) == len(verdicts):
        n = matched[0]
        return f"the must-do {n!r} matches found venues ({verdicts[n].verdict})"
    return None
