"""``OfflinePlannerModel``: a deterministic stand-in for Gemini that drives the real ADK tool loop.

It is **not an LLM** and every report says so (``model: "offline"``). Each turn it reads the
request (the first user message) and the tool results so far from the ``LlmRequest`` and
answers with the next function call(s), following fixed rules:

1. An explicit contradiction in the request (must-do activities longer than the window) goes
   straight to ``check_plan`` so code proves it, with or without a location.
2. No location anywhere (structured field, text, home): ``record_clarification``, no search.
3. Otherwise ``resolve_date``, then ``get_forecast`` when the request states no weather (its
   rain windows count like stated rain), then one search per preference in the same turn
   (indoor only when rain is expected), then ``arrange_plan`` with the chosen candidates (the
   exact scheduler orders and times them, or proves no arrangement exists), ``check_plan`` on
   what it arranged (or on its proof's witness), and ``finish`` (only when the tool is
   offered). Indoor-only for the rain is a preference, not a proof: before "no plan" without
   a must-do, it searches once with no filter (``WIDE_QUERY``, ``indoor_only`` off; in the
   same turn as the wider searches when it can), so outdoor venues can use the dry hours. If ``arrange_plan`` is not offered or errors, a greedy itinerary is checked
   instead, with at most two repairs that drop the stops a failed check named.
4. Actions and memory (``dayplan.agent.offline_actions``): with ``save: true``, ``save_plan``
   and ``get_saved_plan`` after the passing check and before ``finish``; a text that asks to be
   remembered gets ``remember_preference`` calls next to ``resolve_date``.

It keeps no state between calls: everything is derived from the conversation, so one instance
serves concurrent runs.

Shape: ``OfflinePlannerModel`` is a thin ADK ``BaseLlm`` adapter. Each turn it builds a
``Conversation`` (the typed view: the request, what ``read`` took from its text, the tool
exchanges so far, the tools offered) and asks the named rules of ``RULES`` in order
(``finished``, ``clarified``, ``read``, ``save_and_verify``, ``after_wide_search``,
``after_check``, ``contradiction``,
``no_location``, ``unreadable_date``, ``resolve``, ``forecast``, ``search``,
``searches_failed``, ``arrange``, ``unmatched_must_do``, ``retry_after_proof``,
``fill_the_day``, ``check_arranged``, ``check_greedy``);
the first that applies answers. The free text is read in one place: the rule ``read`` states
the stand-in's own Duckling-backed readings (``dayplan.reading.propose_readings``) through the
``record_reading`` tool, code verifies and freezes them, and ``read_hints`` turns what code
accepted into the hints the other rules plan with. The constraints themselves reach
``check_plan`` and ``arrange_plan`` from the frozen reading, never from this model's calls.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types

from dayplan import data
from dayplan.agent.offline_actions import memory_calls, save_calls
from dayplan.agent.phrasing import TextHints
from dayplan.contract import PlanRequest, hhmm_to_minutes
from dayplan.core.blocked import is_pause
from dayplan.core.catalog import names_no_kind, query_terms
from dayplan.core.checker import depart_after
from dayplan.core.clock import LocalDay, minutes_to_hhmm, overlaps
from dayplan.core.dates import DateResolutionError, resolve_date
from dayplan.core.hours import OpeningHoursError, open_intervals
from dayplan.core.places import resolve_place
from dayplan.core.travel import estimate_minutes
from dayplan.evidence.keys import EARLIER_START
from dayplan.reading import AcceptedReading, ReadingItem, propose_readings
from dayplan.reading.apply import apply_reading
from dayplan.reading.memo import per_run
from dayplan.tools.mustdo import is_at_home

OFFLINE_MODEL_NAME = "offline"
REQUEST_OPEN = "<request>"
REQUEST_CLOSE = "</request>"
MAX_STOPS = 3
MAX_CHECKS = 3
MAX_ARRANGE = 10
MAX_ARRANGE_CALLS = 3
WIDER_QUERIES = ("parks", "cinema", "cafe")
"""Searched together once the broad search left the day short: kinds that open most days."""
WIDE_QUERY = "things to do"
"""The unfiltered search's query (it names no kind of venue): searched with ``indoor_only``
off before "no plan" is served when every search so far was narrowed (``wide_search``)."""
WHERE_QUESTION = "Which city or suburb should I plan the day in?"
OUTDOOR_PREFERENCES = frozenset(
    {
        "parks",
        "playgrounds",
        "gardens",
        "swimming",
        "animals",
        "markets",
        "beaches",
        "beach",
        "walks",
        "outdoors",
        "nature",
        "views",
        "boats",
        "birds",
        "climbing",
    }
)
"""Preferences for outdoor kinds: searched as they are when part of a wet day is dry."""
PREFERRED_WEIGHT = 2.0
"""The weight of a venue of a kind the request prefers ("indoor swim", "museums") in
``arrange_plan``: more than two other stops together minus one, so a day keeps a preferred venue
whenever one fits instead of filling its slots with others (preferences stay soft: nothing
preferred fitting still leaves a day)."""
WISH_WEIGHT = 5.0
"""The weight of a venue the text wishes for ("maybe SparkLab") in ``arrange_plan``: above any
other stop's (about 1), so the scheduler keeps it whenever it fits; never a must-do."""
MAX_WISH_SEARCHES = 3
"""At most this many wishes are searched (the search budget is shared with the must-dos)."""
DRY_STRETCH = 90
"""Minutes of dry window that still make an outdoor preference worth searching on a wet day."""


def render_request(request: PlanRequest) -> str:
    """The user message that carries a request to any model: JSON between ``<request>`` tags."""
    body = request.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    return (
        "Plan this day. Structured fields win over the free text.\n"
        f"{REQUEST_OPEN}\n{json.dumps(body, ensure_ascii=False, indent=1)}\n{REQUEST_CLOSE}"
    )


@per_run
def parse_request_message(text: str) -> PlanRequest:
    """Inverse of ``render_request``; a message without tags is taken as free text. Kept for the
    run (``dayplan.reading.memo``: every turn reads the same first message); treat it as
    read-only."""
    m = re.search(re.escape(REQUEST_OPEN) + r"(.*?)" + re.escape(REQUEST_CLOSE), text, re.S)
    if not m:
        return PlanRequest(text=text[:4000])
    return PlanRequest.model_validate(json.loads(m.group(1)))


@dataclass
class ToolExchange:
    """One tool call the model made and the response it got (``None`` while pending)."""

    name: str
    args: dict
    response: dict | None


def read_history(llm_request: LlmRequest) -> tuple[str, list[ToolExchange]]:
    """The first user text and the tool exchanges so far, in order."""
    first_text = ""
    exchanges: list[ToolExchange] = []
    by_id: dict[str, ToolExchange] = {}
    for content in llm_request.contents:
        for part in content.parts or []:
            if part.text and content.role == "user" and not first_text:
                first_text = part.text
            if part.function_call:
                ex = ToolExchange(
                    part.function_call.name, dict(part.function_call.args or {}), None
                )
                exchanges.append(ex)
                if part.function_call.id:
                    by_id[part.function_call.id] = ex
            if part.function_response:
                fr = part.function_response
                target = by_id.get(fr.id or "") or next(
                    (e for e in exchanges if e.name == fr.name and e.response is None), None
                )
                if target is not None:
                    target.response = dict(fr.response or {})
    return first_text, exchanges


def _call(name: str, **args: Any) -> types.Part:
    return types.Part(function_call=types.FunctionCall(name=name, args=args))


def _reply(*parts: types.Part) -> LlmResponse:
    # Zero token counts: nothing was sent to a real model (and ADK's usage logging stays quiet).
    usage = types.GenerateContentResponseUsageMetadata(
        prompt_token_count=0, candidates_token_count=0, total_token_count=0
    )
    return LlmResponse(content=types.Content(role="model", parts=list(parts)), usage_metadata=usage)


def _text_reply(text: str) -> LlmResponse:
    return _reply(types.Part(text=text))


def _name_words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def names_match(wanted: str, name: str) -> bool:
    """Whether a venue the user named ("Lone Pine koalas") is this venue ("Lone Pine Koala
    Sanctuary"): one contains the other, or they share two words (one when only one is given)."""
    a, b = wanted.lower().strip(), name.lower().strip()
    if a in b or b in a:
        return True
    want, have = _name_words(a), _name_words(b)
    return bool(want) and len(want & have) >= min(2, len(want))


def varied(cands: list[dict], per_kind: int = 2) -> list[dict]:
    """``cands`` (best first) reordered so that at most ``per_kind`` of each venue kind come
    first, the rest after: the scheduler keeps one venue per kind, so eight parks would make a
    one-stop day."""
    seen: dict[str, int] = {}
    first, rest = [], []
    for c in cands:
        kind = c.get("kind", "")
        seen[kind] = seen.get(kind, 0) + 1
        (first if seen[kind] <= per_kind else rest).append(c)
    return first + rest


@dataclass(frozen=True)
class Rule:
    """One named rule of the stand-in: ``step(conversation) -> LlmResponse | None``."""

    name: str
    step: Callable[[Conversation], LlmResponse | None]

    @property
    def doc(self) -> str:
        return (self.step.__doc__ or "").strip().splitlines()[0]


@per_run
def _run_hints() -> dict:
    """This run's hints by ``(request, accepted readings, today)``: every turn reads the same
    frozen reading (``dayplan.reading.memo``; a fresh dict when no run scope is open)."""
    return {}


def read_hints(request: PlanRequest, response: dict | None, today: date) -> TextHints:
    """What the offline model plans with from the text: the readings code accepted (the
    ``record_reading`` result's ``accepted`` items; structured fields win), as ``TextHints``.
    A date is handed to ``resolve_date`` in the text's own words when code resolves them to the
    same day ("Sunday"), else as the ISO date the reading verified ("Saturday the 19th").
    Within a run the same request and readings are read once; each call gets its own copy."""
    if not response or not response.get("ok"):
        return TextHints()
    try:
        said = json.dumps(response.get("accepted") or [], sort_keys=True)
    except (TypeError, ValueError):
        return _read_hints(request, response, today)
    memo, key = _run_hints(), (id(request), said, today)
    kept = memo.get(key)
    if kept is None or kept[0] is not request:  # the request is kept with it: its id is its own
        kept = memo[key] = (request, _read_hints(request, response, today))
    h = kept[1]
    return replace(
        h,
        rain=[dict(r) if isinstance(r, dict) else r for r in h.rain],
        blocked=[dict(b) for b in h.blocked],
        preferences=list(h.preferences),
        must_visit=list(h.must_visit),
    )


def _read_hints(request: PlanRequest, response: dict, today: date) -> TextHints:
    hints = TextHints()
    items = []
    for raw in response.get("accepted") or []:
        try:
            items.append(ReadingItem.model_validate(raw))
        except ValueError:
            continue
    h = apply_reading(request, AcceptedReading(items=tuple(items))).hints
    where = h.get("location") or h.get("home")  # "from Chermside": the day is planned from home
    place = resolve_place(where, data.gazetteer()) if where else None
    hints.location, hints.location_covered = where, place is not None
    hints.date = h.get("date")
    quote = next((i.quote for i in items if i.field == "date"), None)
    if hints.date and quote:
        try:
            if resolve_date(quote, today)[0].isoformat() == hints.date:
                hints.date = quote
        except DateResolutionError:
            pass
    hints.budget, hints.currency = h.get("budget"), h.get("currency")
    hints.adults, hints.children = h.get("adults"), h.get("children")
    hints.mode, hints.max_leg_minutes = h.get("mode"), h.get("max_leg_minutes")
    hints.window_start, hints.window_end = h.get("window_start"), h.get("window_end")
    hints.rain = list(h.get("rain") or [])
    hints.blocked = [
        {
            "start": b["start"],
            "end": b["end"],
            "label": b["label"],
            "at_home": bool(b.get("at_home")),
        }
        for b in h.get("blocked") or []
    ]
    hints.preferences = list(h.get("preferences") or [])
    hints.must_visit = list(h.get("must_do") or [])
    hints.wishes = [str(w["venue"]) for w in h.get("wish") or () if w.get("venue")]
    hints.only = list(dict.fromkeys(str(o["kind"]) for o in h.get("only") or () if o.get("kind")))
    hints.indoor_only = bool(h.get("indoor_only"))
    hints.rain_ok = bool(h.get("rain_ok"))
    return hints


class OfflinePlannerModel(BaseLlm):
    """Deterministic rule-following stand-in for an LLM (see the module docstring)."""

    model: str = OFFLINE_MODEL_NAME
    rules: tuple[Rule, ...] = ()
    """The rules asked in order (empty: ``RULES``)."""

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        """Yield exactly one response: the next function call(s), or a closing text."""
        yield self.next_turn(llm_request)

    # -- the rules ---------------------------------------------------------------------------

    def next_turn(self, llm_request: LlmRequest) -> LlmResponse:
        """Decide the next step from the request and the tool results so far."""
        first_text, history = read_history(llm_request)
        try:
            request = parse_request_message(first_text)
        except (ValueError, json.JSONDecodeError):
            request = PlanRequest(text=first_text[:4000])
        offered = set(llm_request.tools_dict) if llm_request.tools_dict else None
        return next_step(Conversation(request, history, offered), self.rules or RULES)


class Conversation:
    """The typed view of the conversation the rules read: the request (its text read by
    ``read``), the tool exchanges so far, and the tools offered this turn."""

    def __init__(self, request: PlanRequest, history: list[ToolExchange], offered: set[str] | None):
        self.history = history
        self.offered = offered
        self.req = request
        readings = [r for r in history if r.name == "record_reading" and r.response is not None]
        self.hints: TextHints = read_hints(
            request, readings[-1].response if readings else None, self.today()
        )
        # "we must see Lone Pine": a must-do read from the text (structured activities win);
        # code matches it to venues in ``arrange_plan``; it has no length of its own
        self.text_musts: list[str] = [] if request.activities else list(self.hints.must_visit)
        self.req = request

    # facts about the conversation
    def calls(self, name: str) -> list[ToolExchange]:
        return [h for h in self.history if h.name == name]

    def can(self, tool: str) -> bool:
        return self.offered is None or tool in self.offered

    def finish(self, payload: dict) -> LlmResponse:
        if not self.can("finish"):
            return _text_reply("I cannot finish yet: the finish tool is not offered.")
        return _reply(_call("finish", report_json=json.dumps(payload, ensure_ascii=False)))

    # structured field wins, then text
    def window(self) -> tuple[int, int]:
        if self.req.window:
            return hhmm_to_minutes(self.req.window.start), hhmm_to_minutes(self.req.window.end)
        start = self.hints.window_start or "09:00"
        end = self.hints.window_end or "17:00"
        return hhmm_to_minutes(start), hhmm_to_minutes(end)

    def location(self) -> str | None:
        return self.req.location or self.hints.location

    def rain(self) -> list[tuple[int, int]]:
        if self.req.weather is not None:
            return [
                (hhmm_to_minutes(r.start), hhmm_to_minutes(r.end)) for r in self.req.weather.rain
            ]
        if self.hints.rain_ok:  # "don't care about rain": planned as the checks are (no rain)
            return []
        stated: list[tuple[int, int]] = []
        if self.hints.rain:
            stated = [
                (hhmm_to_minutes(r["start"]), hhmm_to_minutes(r["end"])) for r in self.hints.rain
            ]
        elif self.hints.rain_all_day:
            stated = [self.window()]
        # the forecast answer echoes weather the text states (source "request"): count it once
        return sorted(set(stated + self.forecast_rain()))

    def forecast_rain(self) -> list[tuple[int, int]]:
        """Rain windows from the last successful ``get_forecast`` answer (none before it)."""
        answers = [f.response for f in self.calls("get_forecast") if f.response]
        if not answers or not answers[-1].get("ok"):
            return []
        return [
            (hhmm_to_minutes(r["start"]), hhmm_to_minutes(r["end"])) for r in answers[-1]["rain"]
        ]

    def blocked(self) -> list[tuple[int, int]]:
        if self.req.blocked:
            return [(hhmm_to_minutes(b.start), hhmm_to_minutes(b.end)) for b in self.req.blocked]
        return [
            (hhmm_to_minutes(b["start"]), hhmm_to_minutes(b["end"])) for b in self.hints.blocked
        ]

    def appointments(self) -> list[tuple[int, int]]:
        """The blocked windows that are appointments away (not at home, not a pause such as a
        nap: ``dayplan.core.blocked``)."""
        if self.req.blocked:
            rows = [(b.start, b.end, b.label or "", b.at_home) for b in self.req.blocked]
        else:
            rows = [
                (b["start"], b["end"], str(b.get("label") or ""), bool(b.get("at_home")))
                for b in self.hints.blocked
            ]
        return [
            (hhmm_to_minutes(a), hhmm_to_minutes(e))
            for a, e, label, home in rows
            if not home and not is_at_home(label) and not is_pause(label or "blocked")
        ]

    def home_breaks(self) -> list[tuple[int, int]]:
        """The blocked windows spent at home (``at_home``, or at-home wording in the label)."""
        if self.req.blocked:
            return [
                (hhmm_to_minutes(b.start), hhmm_to_minutes(b.end))
                for b in self.req.blocked
                if b.at_home or is_at_home(b.label or "")
            ]
        return [
            (hhmm_to_minutes(b["start"]), hhmm_to_minutes(b["end"]))
            for b in self.hints.blocked
            if b.get("at_home") or is_at_home(str(b.get("label") or ""))
        ]

    def party(self) -> tuple[int, int]:
        if self.req.party:
            return self.req.party.adults, self.req.party.children
        if self.hints.adults is not None or self.hints.children is not None:
            return self.hints.adults or 0, self.hints.children or 0
        return 1, 0

    def budget(self) -> float | None:
        if self.req.budget:
            return self.req.budget.amount
        return self.hints.budget

    def also_unsaid(self) -> list[str]:
        """Beside a question that must be asked: one question for the party and the budget,
        naming only what neither the request's fields nor the reading gave (none when both
        were given: the question asks only for what is missing)."""
        party = self.req.party is not None or (
            self.hints.adults is not None or self.hints.children is not None
        )
        budget = self.req.budget is not None or self.hints.budget is not None
        if party and budget:
            return []
        if party:
            return ["Is there a budget for the day?"]
        if budget:
            return ["Who is coming (adults, children)?"]
        return ["Who is coming (adults, children), and is there a budget?"]

    def mode(self) -> str:
        return self.req.travel.mode if self.req.travel else (self.hints.mode or "car")

    def cap(self) -> int | None:
        if self.req.travel and self.req.travel.max_leg_minutes:
            return self.req.travel.max_leg_minutes
        return self.hints.max_leg_minutes

    def check(self, stops: list[dict]) -> LlmResponse:
        # the constraints are the request's fields and the frozen reading: none passed here
        return _reply(_call("check_plan", stops=stops))

    def read(self) -> LlmResponse | None:
        """The first step when the request has free text: state what it says, with quotes, through
        ``record_reading`` (code verifies each reading); ask when code lists phrases that would
        change the plan but could not be read."""
        if not self.req.text.strip() or not self.can("record_reading"):
            return None
        done = [r for r in self.calls("record_reading") if r.response is not None]
        if not done:
            today = self.today()
            items = [i.as_dict() for i in propose_readings(self.req.text, today=today)]
            return _reply(_call("record_reading", readings=items))
        last = done[-1].response or {}
        if last.get("ok") and last.get("questions") and not self.calls("record_clarification"):
            if contradiction(self) is not None:
                return None  # the must-dos cannot fit the window at all: prove that instead
            asks, missing = list(last["questions"]), ["text"]
            if any(h.get("question") for h in last.get("must_dos") or []):
                missing.insert(0, "must_do")  # code matched a must-do to nothing, or to many
            if not (self.location() or self.req.home is not None):
                # nowhere to plan either: ask that first, after saying the text must be in
                # English (a request in Chinese is asked in English, not "which city?" alone)
                english = [q for q in asks if "in English only" in q]
                asks = [*english, WHERE_QUESTION, *[q for q in asks if q not in english]]
                missing.insert(0, "location")
            return _reply(_call("record_clarification", questions=asks[:3], missing=missing))
        if not last.get("ok") and "attempts_left" in last and len(done) < 3:
            # drop what code rejected and state the rest again (an empty list is sent again:
            # code then freezes it and asks about what it found)
            bad = {(r.get("field"), r.get("quote")) for r in last.get("rejected") or []}
            items = [
                i
                for i in (done[-1].args.get("readings") or [])
                if (i.get("field"), i.get("quote")) not in bad
            ]
            return _reply(_call("record_reading", readings=items))
        return None

    def today(self) -> date:
        """The request's local date: its pinned ``now``, else today in Brisbane."""
        if self.req.now is not None:
            return self.req.now.date()
        from datetime import datetime
        from zoneinfo import ZoneInfo

        return datetime.now(ZoneInfo(self.req.timezone or "Australia/Brisbane")).date()

    # the decision: the first of the named rules that applies (``RULES``)
    def decide(self) -> LlmResponse:
        """The next step: the answer of the first rule in ``RULES`` that applies."""
        return next_step(self)

    def answered_checks(self) -> list[ToolExchange]:
        """``check_plan`` calls that got an answer, in order."""
        return [c for c in self.calls("check_plan") if c.response is not None]

    def arrange(self, exclude: frozenset[str] = frozenset()) -> LlmResponse:
        """Hand the chosen candidates to ``arrange_plan``: venue-less must-dos, must-do venues
        (with their minutes), then the best-ranked others with weights falling gently by rank
        (1.1 down to 1.0, so a fuller day always wins), at most ``MAX_STOPS`` optional stops.
        A venue the text wishes for (code's ``wished`` mark) weighs ``WISH_WEIGHT``: tried
        first, never a must-do. One the text refuses (``avoided``) is no candidate at all; one
        it would rather not (``shunned``) is left out when more other candidates than the day's
        stops remain, else kept at half weight (soft: a day is still planned)."""
        cands = [c for c in self.candidates() if c["id"] not in exclude]
        must = self.must_ids(cands)
        # a candidate whose hours say it is closed all day is no use to the day: leave room
        # for the open ones (the must-dos stay, the check says why)
        cands = [c for c in cands if c["id"] in must or self.open_that_day(c)]
        # with a travel cap, the candidates it allows come first: a pick list cut at
        # ``MAX_ARRANGE`` must not leave out the one venue near enough (estimated legs)
        cands.sort(key=lambda c: not self.within_cap(c))
        picks: list[dict] = [
            {"activity": a.name, "duration_minutes": a.duration_minutes, "must": True}
            for a in self.req.activities
            if not a.venue
        ]
        picks += [
            {"venue_id": vid, "must": True, "duration_minutes": minutes}
            for vid, minutes in must.items()
        ]
        others = varied([c for c in cands if c["id"] not in must])
        wished = [c for c in others if c.get("wished")]  # "maybe SparkLab": first, weighty
        others = wished + [c for c in others if not c.get("wished")]
        liked = [c for c in others if not self.shunned(c)]
        if len(liked) > self.day_stops():  # "rather not the pool": enough else to fill the day
            others = liked
        others = others[: max(0, MAX_ARRANGE - len(picks))]
        picks += [
            {
                "venue_id": c["id"],
                "weight": WISH_WEIGHT
                if c.get("wished")
                else round(  # one the text would rather not weighs half: kept only to fill;
                    # one of a preferred kind weighs double: kept whenever it fits
                    (0.5 if self.shunned(c) else 1)
                    * (PREFERRED_WEIGHT if self.preference_hits(c) else 1)
                    + 0.1 * (len(others) - i) / len(others),
                    3,
                ),
            }
            for i, c in enumerate(others)
        ]
        musts = len(self.req.activities) + len(self.text_musts)
        args: dict[str, Any] = {"stops": picks, "max_stops": self.day_stops() + musts}
        return _reply(_call("arrange_plan", **args))

    def within_cap(self, c: dict) -> bool:
        """Whether candidate ``c`` is within the travel cap both ways by the coordinate
        estimate (``True`` with no cap, no home point or no coordinates: unknown here, the
        check decides)."""
        cap, home = self.cap(), self._home_point()
        if cap is None or home is None or c.get("lat") is None or c.get("lon") is None:
            return True
        point = (c["lat"], c["lon"])
        mode = self.mode()
        return max(estimate_minutes(home, point, mode), estimate_minutes(point, home, mode)) <= cap

    def open_that_day(self, c: dict) -> bool:
        """Whether candidate ``c``'s opening hours give any open time on the resolved date
        (``True`` before a date is resolved, or when its hours cannot be read here)."""
        dates = [d for d in self.calls("resolve_date") if d.response]
        day = self.day(dates[-1]) if dates else None
        if day is None or not c.get("opening_hours"):
            return True
        try:
            return bool(open_intervals(c["opening_hours"], day))
        except OpeningHoursError:
            return True

    def day_stops(self) -> int:
        """How many optional stops a day holds, counted per stretch out: each stretch of the
        window between blocked windows at home or appointments away (lunch or a nap at home, or
        ballet 10-11, splits the day) that is
        at least an hour long holds up to ``MAX_STOPS``; a long window holds at least one per
        100 free minutes (a 9–5 day with an hour's nap: 4). So the afternoon after a break at
        home is used like the morning when open venues fit (an at-home must-do without a time
        counts as one more break); the scheduler chooses how many."""
        w = self.window()
        inside = [(max(a, w[0]), min(b, w[1])) for a, b in self.blocked() if a < w[1] and b > w[0]]
        free = w[1] - w[0] - sum(b - a for a, b in inside)
        # time at home splits the day into stretches out, and so does an appointment away (its
        # place is unknown, so the checker counts it at home); a pause (a pram nap) does not
        cuts = sorted(
            (max(a, w[0]), min(b, w[1]))
            for a, b in [*self.home_breaks(), *self.appointments()]
            if a < w[1] and b > w[0]
        )
        stretches, t = [], w[0]
        for a, b in cuts:
            stretches.append(max(0, a - t))
            t = max(t, b)
        stretches.append(max(0, w[1] - t))
        # an at-home must-do without a time ("lunch at home", 60 min) splits the day as well
        homes = sum(
            1 for a in self.req.activities if not a.venue and (a.at_home or is_at_home(a.name))
        )
        per_stretch = sum(MAX_STOPS for m in stretches if m >= 60) + MAX_STOPS * homes
        return max(MAX_STOPS, free // 100, per_stretch)

    def wants_forecast(self) -> bool:
        """Read the forecast once, after a resolved date, when the request states no weather."""
        if self.req.weather is not None or not self.can("get_forecast"):
            return False
        if self.calls("get_forecast") or self.calls("search_public_web"):
            return False
        dates = self.calls("resolve_date")
        return bool(dates and (dates[-1].response or {}).get("ok"))

    def day(self, exchange: ToolExchange) -> date | None:
        response = exchange.response or {}
        return date.fromisoformat(response["date"]) if response.get("ok") else None

    def has_musts(self) -> bool:
        """Whether the day has must-dos (structured, or read from the text)."""
        return bool(self.req.activities or self.text_musts)

    def must_searches(self) -> list[tuple[str, str]]:
        """``(query, location)`` for each must-do: the venue an activity names, else what code
        matched it to (``record_reading``'s ``must_dos``), else its own words."""
        readings = [r.response for r in self.calls("record_reading") if r.response]
        hints = {h["activity"]: h for h in (readings[-1].get("must_dos") or [])} if readings else {}
        out: list[tuple[str, str]] = []
        for name, venue in [
            (a.name, a.venue) for a in self.req.activities if not (a.at_home or is_at_home(a.name))
        ] + [(p, None) for p in self.text_musts if not is_at_home(p)]:
            hint = hints.get(name) or {}
            pair = (venue or hint.get("query") or name, "" if venue else hint.get("location", ""))
            if pair not in out:
                out.append(pair)
        return out

    def wish_searches(self) -> list[str]:
        """The query for each wish: what code matched it to (``record_reading``'s ``wishes``),
        else its own words; at most ``MAX_WISH_SEARCHES``."""
        readings = [r.response for r in self.calls("record_reading") if r.response]
        hints = (readings[-1].get("wishes") or []) if readings else []
        queries = [str(h.get("query") or h.get("wish")) for h in hints if isinstance(h, dict)]
        queries = queries or list(self.hints.wishes)
        return list(dict.fromkeys(q for q in queries if q))[:MAX_WISH_SEARCHES]

    def search_calls(self) -> list[types.Part]:
        prefs = list(self.req.preferences) or list(self.hints.preferences)
        if self.hints.only:  # "galleries only": the kinds allowed are what is searched
            prefs = list(self.hints.only)
        queries = [p for p in prefs][:3]
        musts = self.must_searches()
        if not queries:
            queries = [self.broad_query()]
        location = self.location() or (self.req.home if isinstance(self.req.home, str) else "")
        calls = [  # a must-do is searched as it is: the check decides about the rain
            _call("search_public_web", query=q, location=where or location or "", indoor_only=False)
            for q, where in musts
        ]
        for q in self.wish_searches():  # "maybe SparkLab": searched as it is, like a must-do
            if (q, "") not in musts and all(x.function_call.args["query"] != q for x in calls):
                calls.append(
                    _call("search_public_web", query=q, location=location or "", indoor_only=False)
                )
        return calls + [
            _call(
                "search_public_web",
                query=q,
                location=location or "",
                indoor_only=self.indoor_query(q),
            )
            for q in queries
            if (q, "") not in musts
        ]

    def wet_minutes(self) -> tuple[int, int]:
        """``(wet, longest dry stretch)`` in minutes of the day window: rain windows merged, so
        overlapping windows (text and forecast) count once."""
        w = self.window()
        merged: list[list[int]] = []
        for a, b in sorted((max(a, w[0]), min(b, w[1])) for a, b in self.rain()):
            if b <= a:
                continue
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        wet = sum(b - a for a, b in merged)
        edges = [w[0]] + [x for ab in merged for x in ab] + [w[1]]
        dry = max(edges[i + 1] - edges[i] for i in range(0, len(edges), 2))
        return wet, dry

    def mostly_wet(self) -> bool:
        """Search indoor-only when rain covers at least half of the day window; with less rain,
        outdoor places stay candidates and the scheduler keeps them out of the rain."""
        if self.hints.indoor_only:  # "indoors only": the party's own limit, rain or not
            return True
        w = self.window()
        return self.wet_minutes()[0] * 2 >= w[1] - w[0]

    def indoor_query(self, query: str) -> bool:
        """Whether ``query`` is searched indoor-only: the day is mostly wet, unless the query is
        an outdoor kind the request asks for ("parks") and a dry stretch of at least
        ``DRY_STRETCH`` minutes is left ("might shower in the arvo": parks in the morning)."""
        if not self.mostly_wet():
            return False
        if self.hints.indoor_only:
            return True
        outdoor = query.lower() in OUTDOOR_PREFERENCES
        return not (outdoor and self.wet_minutes()[1] >= DRY_STRETCH)

    def broad_query(self) -> str:
        """The query for "anything worth doing": used when nothing specific was asked, or once
        more when the specific searches gave nothing that fits."""
        return "family activities kids" if self.party()[1] else "things to do"

    def broad_queries(self) -> tuple[str, ...]:
        """Every query of "looking wider": ``broad_query`` first, then ``WIDER_QUERIES``."""
        return (self.broad_query(), *WIDER_QUERIES)

    def broad_search(self, wide: bool = False) -> list[types.Part]:
        """The broader search: ``broad_query`` unless it already ran; with ``wide`` also every
        one of ``WIDER_QUERIES`` not run yet, together in one turn (when no preferred place can
        be visited, Christmas Day, the day is filled from what is open: parks, cinemas,
        cafes); ``[]`` when nothing is left to search."""
        ran = {c.args.get("query") for c in self.calls("search_public_web")}
        queries = [
            q for q in (self.broad_queries() if wide else (self.broad_query(),)) if q not in ran
        ]
        location = self.location() or (self.req.home if isinstance(self.req.home, str) else "")
        return [
            _call(
                "search_public_web", query=q, location=location or "", indoor_only=self.mostly_wet()
            )
            for q in queries
        ]

    def candidates(self) -> list[dict]:
        seen: dict[str, dict] = {}
        for ex in self.calls("search_public_web"):
            for r in (ex.response or {}).get("results", []):
                seen.setdefault(r["id"], r)
        kids = self.party()[1] > 0
        order = list(seen.values())
        position = {id(r): i for i, r in enumerate(order)}

        def score(r: dict) -> tuple:
            tags = set(r.get("tags", []))
            hits = self.preference_hits(r)
            must = any(a.venue and names_match(a.venue, r["name"]) for a in self.req.activities)
            wished = int(bool(r.get("wished")))  # "maybe SparkLab": before the others
            shunned = int(self.shunned(r))  # "rather not the pool": last, still a candidate
            return (
                -int(must),
                -wished,
                shunned,
                -hits,
                -int(kids and "kids" in tags),
                position[id(r)],
            )

        # "no museums", "not GOMA": code marked the refused results; they are no candidates
        return sorted((r for r in order if not r.get("avoided")), key=score)

    def preference_hits(self, r: dict) -> int:
        """How many of the request's preference words the search result ``r`` carries: a tag,
        or a word of its name ("Planetarium": no tag says it), folded as the catalog folds
        them ("libraries" -> "library", "pools" -> "swimming")."""
        prefs = [p.lower() for p in (self.req.preferences or self.hints.preferences)]
        words = [w.rstrip("s") for p in prefs for w in query_terms(p)]
        if not words:
            return 0
        folded = {t.rstrip("s") for t in r.get("tags", [])}
        names = re.findall(r"[a-z]+", str(r.get("name", "")).lower())
        return sum(1 for w in words if w in folded or any(n.startswith(w) for n in names))

    def shunned(self, r: dict) -> bool:
        """Whether the text would rather not have the search result ``r`` ("not too many
        museums", "rather not the pool"): code's ``avoid_soft`` mark on it."""
        return bool(r.get("avoid_soft"))

    def must_ids(self, cands: list[dict]) -> dict[str, int]:
        """Candidate ids that are a must-do activity's venue -> the activity's minutes."""
        out: dict[str, int] = {}
        for a in self.req.activities:
            if not a.venue:
                continue
            for c in cands:
                if names_match(a.venue, c["name"]):
                    out.setdefault(c["id"], a.duration_minutes)
                    break
        return out

    def itinerary(self, day: date | None, exclude: set[str]) -> list[dict]:
        """Greedy: venue-less must-dos first, then must-do venues, then the best candidates,
        each at the earliest open, dry, unblocked slot that still gets the party home in time."""
        w = self.window()
        rain, blocked = self.rain(), self.blocked()
        adults, children = self.party()
        budget, cap, mode = self.budget(), self.cap(), self.mode()
        all_cands = self.candidates()
        must = self.must_ids(all_cands)
        cands = [c for c in all_cands if c["id"] in must] + [
            c for c in all_cands if c["id"] not in must and c["id"] not in exclude
        ]
        home_point = self._home_point()
        stops: list[dict] = []
        t, pos, spent = w[0], home_point, 0.0
        for a in self.req.activities:
            if not a.venue:
                stops.append(
                    {
                        "activity": a.name,
                        "start": minutes_to_hhmm(t),
                        "end": minutes_to_hhmm(t + a.duration_minutes),
                        "duration_minutes": a.duration_minutes,
                    }
                )
                t += a.duration_minutes
        for c in cands:
            if len(stops) >= MAX_STOPS and c["id"] not in must:
                break
            point = (c["lat"], c["lon"])
            leg = estimate_minutes(pos, point, mode) if pos else 0
            back = estimate_minutes(point, home_point, mode) if home_point else 0
            cost = adults * c["price"]["adult"] + children * c["price"]["child"]
            is_must = c["id"] in must
            if not is_must:
                if cap is not None and (leg > cap or back > cap):
                    continue
                if budget is not None and spent + cost > budget + 1e-9:
                    continue
            visit = dict(c)
            if is_must:
                visit["min_minutes"] = visit["typical_minutes"] = must[c["id"]]
            # no leg runs through a blocked window: leave once it is clear
            ready = depart_after(t, leg, sorted(blocked), LocalDay(day or date.today())) + leg
            slot = self._slot(visit, day, ready, w[1] - back, rain, blocked)
            if slot is None:
                if not is_must:
                    continue
                slot = (t + leg, t + leg + must[c["id"]])  # a must-do goes in; the check decides
            stops.append(
                {
                    "venue_id": c["id"],
                    "start": minutes_to_hhmm(slot[0]),
                    "end": minutes_to_hhmm(slot[1]),
                }
            )
            t, pos, spent = slot[1], point, spent + cost
        if not stops and cands:  # nothing fits: propose the best one and let the check say why
            c = cands[0]
            leg = estimate_minutes(home_point, (c["lat"], c["lon"]), mode) if home_point else 0
            start = w[0] + leg
            stops.append(
                {
                    "venue_id": c["id"],
                    "start": minutes_to_hhmm(start),
                    "end": minutes_to_hhmm(start + c["min_minutes"]),
                }
            )
        return stops

    def _home_point(self) -> tuple[float, float] | None:
        gaz = data.gazetteer()
        if self.req.home is not None and not isinstance(self.req.home, str):
            return (self.req.home.lat, self.req.home.lon)
        for name in (self.req.home if isinstance(self.req.home, str) else None, self.location()):
            if name:
                place = resolve_place(name, gaz)
                if place:
                    return place.point
        return None

    @staticmethod
    def _slot(
        c: dict, day: date | None, earliest: int, latest_end: int, rain, blocked
    ) -> tuple[int, int] | None:
        try:
            opens = open_intervals(c["opening_hours"], day) if day else ((0, 24 * 60),)
        except OpeningHoursError:
            return None
        busy = list(blocked) + ([] if c["indoor"] else list(rain))
        minimum, typical = c["min_minutes"], c["typical_minutes"]
        starts = sorted({earliest, *(b for _, b in busy), *(a for a, _ in opens)})
        for s in starts:
            s = -(-s // 5) * 5  # round up to 5 minutes
            if s < earliest:
                continue
            interval = next(((a, b) for a, b in opens if a <= s < b), None)
            if interval is None:
                continue
            end = min(s + typical, interval[1], latest_end)
            for a, _ in busy:
                if a > s:
                    end = min(end, a)
            if any(overlaps((s, end), (a, b)) for a, b in busy):
                continue
            if end - s >= minimum:
                return s, end
        return None

    def retry_after_proof(self, arranges: int) -> LlmResponse | None:
        """After ``arrange_plan`` proved the chosen candidates cannot make a day, and no must-do
        is at stake: hand over candidates it has not seen yet, else search once more broadly
        (preferences are soft: no museum open on Christmas Day is no reason for no plan),
        before the proof is checked and served."""
        if self.has_musts():
            return None
        tried = self.tried_in_arrange()
        fresh = [c for c in self.candidates() if c["id"] not in tried and self.open_that_day(c)]
        if fresh and arranges < MAX_ARRANGE_CALLS:
            return self.arrange(exclude=frozenset(tried))
        # preferences are soft: when nothing preferred can be visited, look at what is open
        broader = self.broad_search(wide=True) if self.can("search_public_web") else []
        # indoor-only because of rain is a preference too: outdoor venues can use dry hours,
        # so the unfiltered search goes in the same turn (unless one of these already is it)
        said = {
            (p.function_call.args.get("query"), bool(p.function_call.args.get("indoor_only")))
            for p in broader
        }
        broader += [
            p for p in self.wide_search() if (p.function_call.args.get("query"), False) not in said
        ]
        return _reply(*broader) if broader else None

    def place_words(self) -> list[str]:
        """The run's place names (location, home text): words of a query that name no kind."""
        home = self.req.home if isinstance(self.req.home, str) else ""
        return [self.location() or "", home]

    def wide_searched(self) -> bool:
        """Whether a search no filter narrowed has answered ``ok``: a query naming no kind of
        venue (``core.catalog.names_no_kind``) with ``indoor_only`` off, or indoor-only when
        rain covers the whole window (outdoor venues could not be visited anyway)."""
        wet_all_day = bool(self.rain()) and self.wet_minutes()[1] <= 0
        for ex in self.calls("search_public_web"):
            if not (ex.response or {}).get("ok"):
                continue
            if not names_no_kind(str(ex.args.get("query", "")), self.place_words()):
                continue
            if not ex.args.get("indoor_only") or wet_all_day:
                return True
        return False

    def wide_search(self) -> list[types.Part]:
        """The search before "no plan" that no filter narrows (``WIDE_QUERY``, ``indoor_only``
        off), when the day has no away-from-home must-do (its failed check is the proof), no
        search so far was that wide (``wide_searched``), it was not asked already, the search
        budget is not used up and search is offered; else ``[]``. An indoor filter chosen
        because rain covers most of the day is a preference, not a proof: outdoor stops can
        use the dry hours, and the checker keeps them out of the rain."""
        if self.has_musts() or not self.can("search_public_web") or self.wide_searched():
            return []
        searches = self.calls("search_public_web")
        if any(
            x.args.get("query") == WIDE_QUERY and not x.args.get("indoor_only") for x in searches
        ):
            return []
        if any((x.response or {}).get("status") == "budget_exhausted" for x in searches):
            return []
        location = self.location() or (self.req.home if isinstance(self.req.home, str) else "")
        return [
            _call("search_public_web", query=WIDE_QUERY, location=location or "", indoor_only=False)
        ]

    def after_wide_search(self) -> LlmResponse | None:
        """The wide search (``wide_search``) just answered after a plan was tried: plan again
        over what it found — ``arrange_plan`` without the venues a proof already ruled out
        (each of them cannot be visited on its own), else a greedy itinerary without the
        venues a check failed on."""
        answered = [h for h in self.history if h.response is not None]
        newest = answered[-1] if answered else None
        if newest is None or newest.name != "search_public_web":
            return None
        if newest.args.get("query") != WIDE_QUERY or newest.args.get("indoor_only"):
            return None
        if not (self.calls("arrange_plan") or self.calls("check_plan")):
            return None  # the first search of the run: the usual steps follow
        if not newest.response.get("ok"):
            return None
        arranged = [a.response for a in self.calls("arrange_plan") if a.response]
        if self.can("arrange_plan") and arranged:
            proved = arranged[-1].get("ok") and not arranged[-1].get("arranged")
            return self.arrange(
                exclude=frozenset(self.tried_in_arrange()) if proved else frozenset()
            )
        excluded = {
            f["venue_id"]
            for ex in self.answered_checks()
            for f in (ex.response or {}).get("failures", [])
            if f.get("venue_id")
        }
        dates = self.calls("resolve_date")
        retry = self.itinerary(self.day(dates[-1]) if dates else None, excluded)
        return self.check(retry) if retry else None

    def flexible(self) -> bool:
        """Whether looking beyond the stated preferences keeps to the request: no preferences
        were given, or the text allows alternatives ("museums if open", "or anything")."""
        if not (self.req.preferences or self.hints.preferences):
            return True
        return bool(
            re.search(
                r"\bif (?:open|possible|available)\b|\banything\b|\botherwise\b|\bor something\b",
                self.req.text.lower(),
            )
        )

    def tried_in_arrange(self) -> set[str]:
        """Venue ids handed to ``arrange_plan`` so far."""
        return {
            s["venue_id"]
            for a in self.calls("arrange_plan")
            for s in a.args.get("stops", [])
            if isinstance(s, dict) and s.get("venue_id")
        }

    def after_check(self, checks: list[ToolExchange]) -> LlmResponse:
        answered = [h for h in self.history if h.response is not None]
        newest = answered[-1] if answered else None
        if newest is not None and newest.name == "arrange_plan" and newest.response.get("ok"):
            arranged_now = newest.response  # a newer arrangement than the last check: check it
            key = "itinerary" if arranged_now.get("arranged") else "witness"
            return self.check(arranged_now.get(key, []))
        last = checks[-1].response or {}
        if not last.get("ok"):
            return (
                self.finish_failed(checks)
                if len(checks) >= MAX_CHECKS
                else self.check(checks[-1].args.get("stops", [])[:1])
            )
        if last.get("passed"):
            stops = [{k: s[k] for k in ("venue_id", "name", "start", "end")} for s in last["stops"]]
            names = " → ".join(s["name"] for s in stops)
            totals = last["totals"]
            return self.finish(
                {
                    "status": "complete",
                    "stops": stops,
                    "rationale": (
                        f"{names}: every stop passed check_plan; home by {totals['home_by']}, "
                        f"{totals['currency']} {totals['cost']:g} in total."
                    ),
                    "sources": sorted({sid for s in last["stops"] for sid in s["source_ids"]}),
                }
            )
        arranged = [a.response for a in self.calls("arrange_plan") if a.response]
        if arranged and arranged[-1].get("ok") and not arranged[-1].get("arranged"):
            return self.finish_failed(checks)  # the scheduler proved it; the check confirmed it
        proposed = checks[-1].args.get("stops", [])
        is_contradiction = bool(proposed) and all("activity" in s for s in proposed)
        if not proposed:
            return self.finish_failed(checks)
        if is_contradiction or len(checks) >= MAX_CHECKS or not self.calls("search_public_web"):
            return self.finish_failed(checks)
        # repair: never drop a must-do; drop every other stop a failure names and plan again
        must = set(self.must_ids(self.candidates())) | {
            s["activity"] for s in proposed if "activity" in s
        }
        named = {f.get("venue_id") for f in last.get("failures", []) if f.get("venue_id")}
        if named and named <= must:
            return self.finish_failed(checks)
        if not named:  # a plan-wide failure (budget, deadline): drop the last optional stop
            optional = [
                i
                for i, s in enumerate(proposed)
                if s.get("venue_id") not in must and "activity" not in s
            ]
            if not optional:
                return self.finish_failed(checks)
            return self.check([s for i, s in enumerate(proposed) if i != optional[-1]])
        excluded = set(named) - must
        for ex in checks:
            for f in (ex.response or {}).get("failures", []):
                if f.get("venue_id") and f["venue_id"] not in must:
                    excluded.add(f["venue_id"])
        dates = self.calls("resolve_date")
        retry = self.itinerary(self.day(dates[-1]) if dates else None, excluded)
        if not retry or retry == proposed:
            return self.finish_failed(checks)
        return self.check(retry)

    def finish_failed(self, checks: list[ToolExchange]) -> LlmResponse:
        """Finish ``no_feasible_plan`` on the last failed check — unless every search was
        narrowed by a filter chosen here (indoor-only for the rain, a kind): then search
        once without one first (``wide_search``), so the proof speaks of every venue."""
        wide = self.wide_search()
        if wide:
            return _reply(*wide)
        last = checks[-1].response or {}
        return self.finish(
            {
                "status": "no_feasible_plan",
                "constraint_failures": last.get("failures", []),
                "rationale": "check_plan proved the request cannot be met as asked.",
            }
        )


# -- the rules ---------------------------------------------------------------------------------
#
# Each rule looks at the conversation (``Conversation``: the request, what was read from its
# text, the tool exchanges so far, the tools offered) and either answers with the next step or
# says ``None`` (does not apply). ``next_step`` asks them in order; the first answer wins.


def finished(c: Conversation) -> LlmResponse | None:
    """After ``finish``: close with a text (the report is built from the checked result)."""
    if c.calls("finish"):
        return _text_reply("Finished: the report is built from the checked result.")
    return None


def clarified(c: Conversation) -> LlmResponse | None:
    """A clarification was recorded: finish ``needs_clarification`` with its questions."""
    clar = c.calls("record_clarification")
    if clar and clar[-1].response and clar[-1].response.get("ok"):
        return c.finish(
            {"status": "needs_clarification", "questions": clar[-1].response["questions"]}
        )
    return None


def read(c: Conversation) -> LlmResponse | None:
    """With free text: state what it says (field, value, quote) through ``record_reading``;
    drop what code rejected and state the rest again; ask about unread phrases that change
    the plan."""
    return c.read()


def save_and_verify(c: Conversation) -> LlmResponse | None:
    """After a check, with ``save: true``: ``save_plan``, then ``get_saved_plan`` (actions)."""
    if not c.answered_checks():
        return None
    actions = save_calls(c.req, c.history, c.can)
    return _reply(*(_call(name, **args) for name, args in actions)) if actions else None


def after_wide_search(c: Conversation) -> LlmResponse | None:
    """The unfiltered search before "no plan" answered: plan again over what it found."""
    return c.after_wide_search()


def after_check(c: Conversation) -> LlmResponse | None:
    """After a check: finish on a pass or a proof, else repair (drop what failed) and recheck."""
    checks = c.answered_checks()
    return c.after_check(checks) if checks else None


def contradiction(c: Conversation) -> LlmResponse | None:
    """Must-do activities longer than the window: check them as they are, so code proves it."""
    w = c.window()
    must = c.req.activities
    if not must or sum(a.duration_minutes for a in must) <= w[1] - w[0]:
        return None
    t = w[0]
    stops = []
    for a in must:
        stops.append(
            {
                "activity": a.name,
                "start": minutes_to_hhmm(t),
                "end": minutes_to_hhmm(min(t + a.duration_minutes, 24 * 60 - 1)),
                "duration_minutes": a.duration_minutes,
            }
        )
        t += a.duration_minutes
    return c.check(stops)


def no_location(c: Conversation) -> LlmResponse | None:
    """No location anywhere (fields, text, home): ask, and search nothing."""
    if c.location() or c.req.home is not None:
        return None
    return _reply(
        _call(
            "record_clarification",
            questions=[WHERE_QUESTION, *c.also_unsaid()],
            missing=["location"],
        )
    )


def unreadable_date(c: Conversation) -> LlmResponse | None:
    """Code could not resolve the date (unreadable or past): ask about the day, do not guess."""
    dates = c.calls("resolve_date")
    if not (dates and dates[-1].response and not dates[-1].response.get("ok")):
        return None
    error = dates[-1].response.get("error", "the date could not be read")
    return _reply(
        _call(
            "record_clarification",
            questions=[f"{error}: which day should I plan?"],
            missing=["date"],
        )
    )


def resolve(c: Conversation) -> LlmResponse | None:
    """First: ``resolve_date`` (and ``remember_preference`` for what the text asks to keep)."""
    if c.calls("resolve_date"):
        return None
    remember = [] if c.calls("remember_preference") else memory_calls(c.req)
    return _reply(
        _call("resolve_date", expression=c.req.date or c.hints.date or "Saturday"),
        *(_call(name, **args) for name, args in remember if c.can(name)),
    )


def forecast(c: Conversation) -> LlmResponse | None:
    """After the date, when the request states no weather: ``get_forecast`` once."""
    if not c.wants_forecast():
        return None
    day = c.calls("resolve_date")[-1].response or {}
    return _reply(_call("get_forecast", date=day.get("date", ""), location=c.location() or ""))


def search(c: Conversation) -> LlmResponse | None:
    """One search per preference (or must-do venue), in one turn; indoor-only when mostly wet."""
    return None if c.calls("search_public_web") else _reply(*c.search_calls())


def searches_failed(c: Conversation) -> LlmResponse | None:
    """Every search failed: nothing can be proved, so stop without a status."""
    answered = [x.response for x in c.calls("search_public_web") if x.response is not None]
    if not answered or any(r.get("ok") for r in answered):
        return None
    why = answered[-1].get("error") or answered[-1].get("status") or "no search succeeded"
    return _text_reply(f"I cannot plan: every search failed ({why}).")


def _arranged(c: Conversation) -> list[ToolExchange]:
    return [a for a in c.calls("arrange_plan") if a.response is not None]


def arrange(c: Conversation) -> LlmResponse | None:
    """Hand the chosen candidates to ``arrange_plan`` (the exact scheduler), once."""
    return c.arrange() if not _arranged(c) and c.can("arrange_plan") else None


def unmatched_must_do(c: Conversation) -> LlmResponse | None:
    """``arrange_plan`` found a must-do that matches none of the venues the searches returned,
    or several very different ones: ask about it, naming the activity (code's question)."""
    arranged = [a.response for a in c.calls("arrange_plan") if a.response is not None]
    listed = (arranged[-1].get("must_dos") or []) if arranged else []
    if not listed or arranged[-1].get("ok") or c.calls("record_clarification"):
        return None
    searched = [x.response or {} for x in c.calls("search_public_web")]
    if not any(r.get("results") for r in searched):
        return None  # nothing found at all: that is no_candidates, not a must-do question
    questions = [str(h["question"]) for h in listed if h.get("question")][:3]
    missing = [f"must_do:{h['activity']}" for h in listed]
    return _reply(_call("record_clarification", questions=questions, missing=missing))


def assumed_start(c: Conversation) -> LlmResponse | None:
    """The scheduler's proof holds only because of the start nobody stated (``arrange_plan``
    says when the party would have to leave, ``EARLIER_START``): ask whether they can, with
    code's question, never "no plan" on an assumption."""
    arranged = _arranged(c)
    last = (arranged[-1].response or {}) if arranged else {}
    earlier = last.get(EARLIER_START)
    if not isinstance(earlier, dict) or c.calls("record_clarification"):
        return None
    return _reply(
        _call(
            "record_clarification", questions=[str(earlier["question"])], missing=["window_start"]
        )
    )


def retry_after_proof(c: Conversation) -> LlmResponse | None:
    """The scheduler proved no day fits: try unseen candidates, or search once more broadly."""
    arranged = _arranged(c)
    last = (arranged[-1].response or {}) if arranged else {}
    if not (last.get("ok") and not last.get("arranged")):
        return None
    return c.retry_after_proof(len(arranged))


FILL_SHARE = 0.6
"""A day out whose stops and legs use less than this share of the window's free minutes is
"short": the stand-in looks wider once before it settles for it."""


def fill_the_day(c: Conversation) -> LlmResponse | None:
    """The arranged day leaves most of the window empty (one venue per kind leaves little of a
    narrow search): search once more broadly, then arrange again over everything found.
    The must-dos stay in every arrangement (code adds them to ``arrange_plan``)."""
    arranged = _arranged(c)
    if not arranged or not c.can("arrange_plan"):
        return None
    answered = [h for h in c.history if h.response is not None]
    newest = answered[-1] if answered else None
    if (
        newest is not None
        and newest.name == "search_public_web"
        and len(arranged) < MAX_ARRANGE_CALLS
        and newest.args.get("query") in c.broad_queries()
        and newest.response.get("ok")
    ):
        return c.arrange()
    last = arranged[-1].response or {}
    if not (last.get("ok") and last.get("arranged")) or not c.can("search_public_web"):
        return None
    if any(
        (x.response or {}).get("status") == "budget_exhausted" for x in c.calls("search_public_web")
    ):
        return None  # the search budget is used up: plan with what was found
    w = c.window()
    free = w[1] - w[0] - sum(max(0, min(b, w[1]) - max(a, w[0])) for a, b in c.blocked())
    stops = last.get("stops") or []
    if not stops or free <= 0:
        return None
    used = hhmm_to_minutes(last["totals"]["home_by"]) - hhmm_to_minutes(stops[0]["start"])
    used += stops[0]["travel_in"]["minutes"]
    if used >= FILL_SHARE * free:
        return None
    if len(arranged) >= MAX_ARRANGE_CALLS:
        return None
    broader = c.broad_search()
    return _reply(*broader) if broader else None


def check_arranged(c: Conversation) -> LlmResponse | None:
    """Check what the scheduler arranged (or its proof's witness) with ``check_plan``."""
    arranged = _arranged(c)
    last = (arranged[-1].response or {}) if arranged else {}
    if not last.get("ok"):
        return None
    return c.check(last.get("itinerary" if last.get("arranged") else "witness", []))


def check_greedy(c: Conversation) -> LlmResponse | None:
    """Without the scheduler (not offered, or it erred): check a greedy itinerary."""
    dates = c.calls("resolve_date")
    return c.check(c.itinerary(c.day(dates[-1]) if dates else None, exclude=set()))


RULES: tuple[Rule, ...] = tuple(
    Rule(fn.__name__, fn)
    for fn in (
        finished,
        clarified,
        read,
        save_and_verify,
        after_wide_search,
        assumed_start,
        after_check,
        contradiction,
        no_location,
        unreadable_date,
        resolve,
        forecast,
        search,
        searches_failed,
        arrange,
        unmatched_must_do,
        retry_after_proof,
        fill_the_day,
        check_arranged,
        check_greedy,
    )
)
"""The stand-in's rules in the order they are asked (reading the text is the third, before any
planning step); the last rule always answers."""


def next_step(c: Conversation, rules: tuple[Rule, ...] = RULES) -> LlmResponse:
    """The answer of the first rule that applies to ``c``."""
    for rule in rules:
        step = rule.step(c)
        if step is not None:
            return step
    return _text_reply("No rule applies: nothing left to do.")
