"""``record_reading``: how any model states what it read from the request's free text.

Each reading names a request field, the value read and the exact quote that says it
(``dayplan.reading`` lists the fields and value shapes). Code verifies every reading against the
text with the field's parser before anything is accepted, and the accepted reading is frozen in
session state under ``reading``: ``check_plan``, ``arrange_plan`` and every later tool take the
text's constraints from it (``tools.state.constraints_for``), never from the model per call.

Policy (one place):

- a structured field of the request always wins over a reading of the same field; the result
  says which (``overridden``) and the reading states it as an assumption;
- a call with any rejected reading freezes nothing: the result names each rejected quote and what
  the parser found there, so the model can fix or drop it and call again; after
  ``MAX_ATTEMPTS`` calls the accepted part is frozen and the rejected quotes count as unread;
- the first accepted reading is frozen for the run; a later call is refused;
- an empty list is refused once when code finds phrases in the text that would change the plan
  (they are named); called again with ``[]``, the empty reading is frozen and those phrases come
  back as questions;
- phrases that look like a constraint but were not read are ``unread``; those that would change
  the plan (a time, an amount, the party) come back as ``questions`` to ask, except offline for
  a place the catalogue does not cover (the search's ``no_candidates`` says so first).

Bad input (not a list, too many items, unknown field, quote not in the text, wrong value type)
is a structured error naming the reading, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from google.adk.tools.tool_context import ToolContext

from dayplan.contract import hhmm_to_minutes
from dayplan.evidence import RunEvidence
from dayplan.reading import (
    MAX_ITEMS,
    AcceptedReading,
    ReadingItem,
    ReadingRejection,
    UnreadPhrase,
    rejected_unread,
    uncounted_family,
    unread_phrases,
    verify_reading,
)
from dayplan.reading.apply import DEFAULT_WINDOW, apply_reading, found_words, questions
from dayplan.reading.text import find_quote
from dayplan.tools.args import RecordReadingArgs, validated
from dayplan.tools.mustdo import must_dos, outside_coverage, search_hints
from dayplan.tools.mustdo import questions as must_do_questions
from dayplan.tools.state import location_place
from dayplan.tools.wishes import search_hints as wish_hints
from dayplan.tools.wishes import wishes

MAX_ATTEMPTS = 3
"""Calls with rejected readings before the accepted part is frozen anyway."""


def reading_needed(state: Mapping[str, Any]) -> bool:
    """Whether the run still owes a reading: the request has free text and none is frozen."""
    ev = RunEvidence.of(state)
    return bool(ev.request.text.strip()) and not ev.has_reading


def _ends_before_assumed_start(req: Any, accepted: list[ReadingItem]) -> UnreadPhrase | None:
    """A read home-by time at or before the start assumed when none is stated ("home by 8am",
    no start said, no structured window): no day fits between them, so it is asked (a
    ``time_conflict`` quoting it), never planned as a day that ends before it begins."""
    if req.window is not None or any(i.field == "window_start" for i in accepted):
        return None
    end = next((i for i in accepted if i.field == "window_end"), None)
    if end is None or hhmm_to_minutes(str(end.value)) > hhmm_to_minutes(DEFAULT_WINDOW[0]):
        return None
    question = (
        f'"{end.quote}" is {end.value}, no later than {DEFAULT_WINDOW[0]}, the start I would '
        "assume: what time do you leave home, and when must you be home?"
    )
    return UnreadPhrase(end.quote, "time_conflict", question)


def _freeze(
    state: MutableMapping[str, Any],
    accepted: list[ReadingItem],
    extra_unread: list[UnreadPhrase],
) -> dict:
    ev = RunEvidence(state)
    req, today = ev.request, ev.now.date()
    earlier = [  # what the parser found for the readings rejected in earlier calls
        UnreadPhrase(r["quote"], _kind(r["field"]), found_words(r["field"], r.get("found")))
        for attempt in ev.reading_attempts()
        for r in attempt.get("rejected", [])
        if isinstance(r, dict) and r.get("quote") and r.get("field")
    ]
    unread = extra_unread + [  # a rejected quote first: its question quotes the model's words
        _with_found(req.text, p, extra_unread + earlier)
        for p in unread_phrases(req.text, accepted, today=today)
    ]
    rejected = [  # a limit rejected, then dropped ("999 kids", "morning only" misread): asked
        (str(r["field"]), r.get("value"), str(r["quote"]))
        for attempt in ev.reading_attempts()
        for r in attempt.get("rejected", [])
        if isinstance(r, dict) and r.get("field") and r.get("quote")
    ]
    unread += rejected_unread(req.text, rejected, accepted, unread)
    provisional = AcceptedReading(items=tuple(accepted))
    applied = apply_reading(req, provisional)
    if "party" in applied.given:  # "for the family" beside the request's party: answered by it
        unread = [p for p in unread if not (p.kind == "party" and uncounted_family(p.phrase))]
    early = _ends_before_assumed_start(req, accepted)
    if early is not None and all(p.phrase != early.phrase for p in unread):
        unread.append(early)
    wins = [
        f'The request\'s {field} wins over "{item.quote}" ({_show(item.value)})'
        for item, field in applied.overridden
    ]
    reading = ev.record_reading(
        list(applied.items),
        unread=list(dict.fromkeys(p.phrase for p in unread)),
        assumed=wins + applied.assumed,
    )
    for topic, text in avoid_statements(applied.items).items():  # said in the report
        ev.add_assumption(topic, text)
    place = location_place(state)  # the read location wins over the start's text rule
    if place is not None and place.name != ev.location_name:
        ev.record_location_name(place.name)
    needs = list(dict.fromkeys(p.phrase for p in unread if p.kind == "access"))
    if needs:  # "grandma can't do stairs": no venue fact can show it is met, so it is said
        said = '", "'.join(needs[:3])
        ev.add_assumption(
            "access",
            f'Not checked: "{said}". No access facts (steps, ramps, lifts, how far to walk) are '
            "known for these venues, so the plan does not check them: please ask each venue",
        )
    if applied.currency_assumed:  # "keep it under 50": the currency is an assumption, said so
        ev.add_assumption("budget_currency", applied.currency_assumed)
    # outside the offline catalogue ("Sydney") the search says first that nothing is known there
    # (no_candidates): no question about the party or the day is worth asking before that, only
    # which place a name nearly spelled as a known one means ("Padington": Paddington?)
    outside = outside_coverage(state)
    asks = questions([p for p in unread if p.kind == "place_guess"] if outside else unread, applied)
    musts = must_do_questions(state)  # a must-do that matches nothing, or very different venues
    asks = (musts + [q for q in asks if q not in musts])[:3] if musts else asks
    extra = {"must_dos": search_hints(state)} if must_dos(state) else {}
    if wishes(state):  # "maybe SparkLab": what to search for, as code matched it
        extra["wishes"] = wish_hints(state)
    return {
        "ok": True,
        "frozen": True,
        "accepted": [i.as_dict() for i in applied.items],
        "overridden": [{**i.as_dict(), "by": field} for i, field in applied.overridden],
        "unread": list(reading.unread),
        "assumed": list(reading.assumed),
        "questions": asks,
        "note": (
            "Ask these questions with record_clarification before planning."
            if asks
            else "Reading frozen: check_plan and arrange_plan now use it."
        ),
        **extra,
    }


def avoid_statements(items: list[ReadingItem]) -> dict[str, str]:
    """The report's sentences for the accepted avoids, by topic: the hard ones ("Ruled out, as
    you said: museums, lone pine ("no museums"; "not Lone Pine")"), a limit every check
    enforces, and the soft ones ("Avoiding parks where the day allows ("not too many
    parks")"), ranked last by the planner; and the "only" limit ("Only parks or playgrounds,
    as you said ("just parks and playgrounds"): no other kind of stop is planned")."""
    out = {}
    for topic, hard in (("avoid", True), ("avoid_soft", False)):
        said = [
            i
            for i in items
            if i.field == "avoid"
            and isinstance(i.value, dict)
            and bool(i.value.get("hard")) == hard
        ]
        if not said:
            continue
        what = ", ".join(dict.fromkeys(_avoid_label(i.value) for i in said))
        said_q = list(dict.fromkeys(i.quote for i in said))  # a list's members share its quote
        quotes = "; ".join(f'"{q}"' for q in said_q if not any(q != o and q in o for o in said_q))
        text = (
            f"Ruled out, as you said: {what} ({quotes})"
            if hard
            else f"Avoiding {what} where the day allows ({quotes})"
        )
        homes = {str(i.value) for i in items if i.field in ("home", "location")}
        kept = [p for p in dict.fromkeys(str(i.value.get("place")) for i in said) if p in homes]
        if kept:  # "Chandler, ..., not Chandler": its venues, never the home
            text += f"; {' and '.join(kept)} stays home: only the venues there are left out"
        out[topic] = text if len(text) <= 300 else text[:299] + "…"
    only = [i for i in items if i.field == "only"]
    if only:  # "galleries only": a limit every check enforces
        what = " or ".join(dict.fromkeys(str(i.value) for i in only))
        said_q = list(dict.fromkeys(i.quote for i in only))
        quotes = "; ".join(f'"{q}"' for q in said_q)
        text = f"Only {what}, as you said ({quotes}): no other kind of stop is planned"
        out["only"] = text if len(text) <= 300 else text[:299] + "…"
    return out


def _avoid_label(value: dict) -> str:
    """An avoid's value in words: the kind, the venue, or a suburb's venues ("anything in
    Chandler", "swimming in Chandler")."""
    if value.get("place"):
        return f"{value.get('kind') or 'anything'} in {value['place']}"
    return str(value.get("kind") or value.get("venue"))


def _with_found(text: str, phrase: UnreadPhrase, rejected: list[UnreadPhrase]) -> UnreadPhrase:
    """``phrase`` with the parser's value of a rejected reading whose quote overlaps it in
    ``text`` ("back by 11" inside the rejected "need to be back by 11", "2 adults, $80" beside
    "$80 all up"): the question then confirms that value."""
    at = find_quote(text, phrase.phrase)
    for r in rejected:
        other = find_quote(text, r.phrase)
        overlaps = bool(at and other and at[0] < other[1] and other[0] < at[1])
        if r.found and phrase.kind == r.kind and overlaps:
            return UnreadPhrase(phrase.phrase, phrase.kind, r.found)
    return phrase


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def run_record_reading(state: MutableMapping[str, Any], readings: Any) -> dict:
    """Verify ``readings`` against the run's request text and freeze them (module policy).

    Returns the tool's JSON result; never raises for any ``readings`` value."""
    ev = RunEvidence(state)
    if ev.reading is not None:
        return {
            "ok": False,
            "error": "the reading is already recorded for this run (the first accepted reading is frozen)",
            "reading": ev.reading.as_dict(),
        }
    if not isinstance(readings, list):
        return {
            "ok": False,
            "error": 'readings must be a list of {"field", "value", "quote"} objects, got '
            f"{type(readings).__name__}",
        }
    if len(readings) > MAX_ITEMS:
        return {
            "ok": False,
            "error": f"{len(readings)} readings: at most {MAX_ITEMS}; read the phrases that state a constraint",
        }
    req, today = ev.request, ev.now.date()
    if not readings:
        left = unread_phrases(req.text, [], today=today)
        if questions(left, apply_reading(req, AcceptedReading())) and not ev.reading_attempts():
            ev.record_reading_attempt({"accepted": [], "rejected": [], "empty": True})
            return {
                "ok": False,
                "error": "no readings, but the text states constraints that change the plan: "
                + "; ".join(f'"{p.phrase}"' for p in left[:5])
                + ". Read each one (field, value, quote); call again with [] if you cannot, and "
                "they will be asked about.",
                "rejected": [],
                "attempts_left": MAX_ATTEMPTS - 1,
            }
        return _freeze(state, [], [])
    verdicts = [verify_reading(req.text, r, today=today) for r in readings]
    accepted = [v for v in verdicts if isinstance(v, ReadingItem)]
    rejected = [v for v in verdicts if isinstance(v, ReadingRejection)]
    ev.record_reading_attempt(
        {"accepted": [a.as_dict() for a in accepted], "rejected": [r.as_dict() for r in rejected]}
    )
    if not rejected:
        return _freeze(state, accepted, [])
    tries = len(ev.reading_attempts())
    if tries >= MAX_ATTEMPTS:
        unread = [
            UnreadPhrase(r.quote, _kind(r.field), found_words(r.field, r.found))
            for r in rejected
            if r.quote
        ]
        result = _freeze(state, accepted, unread)
        result["rejected"] = [r.as_dict() for r in rejected]
        result["note"] = (
            f"{len(rejected)} reading(s) still rejected after {tries} calls: frozen without them "
            "(their quotes count as unread). " + result["note"]
        )
        return result
    return {
        "ok": False,
        "error": f"{len(rejected)} of {len(verdicts)} reading(s) rejected; nothing was recorded. "
        "Fix or drop them and call record_reading again with the whole list.",
        "rejected": [r.as_dict() for r in rejected],
        "accepted_so_far": [a.as_dict() for a in accepted],
        "attempts_left": MAX_ATTEMPTS - tries,
    }


def _kind(field: str) -> str:
    if field == "rain":
        return "weather"
    if field in ("window_start", "window_end", "blocked", "date"):
        return "time"
    if field == "budget":
        return "money"
    if field in ("adults", "children"):
        return "party"
    if field == "must_do":  # a must-do rejected: asked about, never dropped
        return "must"
    return "place"


@validated(RecordReadingArgs)
def record_reading(readings: list[dict], tool_context: ToolContext) -> dict:
    """Record what you read from the request's free text; call it first, once.

    Code checks each reading against the text: the quote must occur in the text and the value
    must be what the quote says (times, dates, money, counts and negations are parsed). Structured
    request fields win over the text.

    Args:
      readings: [{"field": one of window_start, window_end (the time home), budget, adults,
        children, mode, max_leg_minutes, rain, blocked, must_do (a place the text insists on),
        preference, avoid (a kind or a venue the text asks to avoid, e.g. "no museums please",
        "not GOMA this time": value "museums" or "GOMA"; quote the avoiding words with it),
        wish (a venue the text names without insisting, e.g. "maybe SparkLab": value
        "SparkLab"), only (a kind the text limits the day to, e.g. "galleries only", "just
        parks and playgrounds": one item per kind, value "galleries"; quote the "only" words
        with it), indoor_only (true: indoor venues only, e.g. "indoors only", "nothing
        outdoors"), home, location, date; "value": the value;
        "quote": the exact words of the text that say it}]. Values:
        times "HH:MM" (24-hour); budget {"amount": n, "currency": "AUD", "per_person": bool};
        adults/children/max_leg_minutes whole numbers; mode "car" | "transit" | "walk"; rain
        {"start", "end"} or "all_day" or "none" or "any" (rain does not matter to the party);
        blocked {"start", "end", "label", "at_home"}; date "YYYY-MM-DD"; the rest text. Code reads
        whether an avoid is a hard limit ("no", "not", "avoid", "skip") or soft ("rather not",
        "not too many") and which venues an avoid or a wish names. One item per thing the text
        says. A part of the
        day said as the day's ("this arvo", "Saturday morning") is a window_start and a
        window_end, by code's mapping: morning 09:00-12:00, afternoon/arvo 12:00-17:00,
        evening 17:00-20:00 (a time said wins for its bound).

    Returns:
      {"ok": true, "frozen": true, "accepted", "overridden", "unread", "assumed", "questions"}
      (with "wishes": [{wish, quote, venues, query}] to search for, when a wish was read) or
      {"ok": false, "error", "rejected": [{field, quote, value, found, error}], ...}.
    """
    return run_record_reading(tool_context.state, readings)
