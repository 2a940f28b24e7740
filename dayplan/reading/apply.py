"""What an accepted reading changes: the constraints it fills, where a structured field of the
request wins instead, what is assumed because nothing was said, and what to ask.

Rules (one place each):

- a structured request field always wins over a reading of the same field (``overridden``);
- a budget "per person" is the amount times the party (structured party, else the read one,
  else the default one adult);
- rain ``"all_day"`` is the day's window; ``"none"`` states no rain (a forecast still counts);
  ``"any"`` (rain does not matter) lets outdoor stops be planned in the rain (``rain_ok``: the
  run's rain windows are none, and the report says so);
  a negation scoped to one period ("it won't rain in the morning") is no reading: the forecast
  decides, and an ``assumed`` sentence says the phrase was read for that period only;
- a blocked window ``at_home`` ("nap at home") also needs the party home: it stays a blocked
  window of the day, with its flag kept for the planner;
- defaults for what neither said: window 09:00-17:00, one adult, travel by car, no budget cap;
  each is an ``assumed`` sentence;
- a total-travel limit ("an hour in the car all day") is always asked: no request field holds
  one and no check does (a leg cap or a travel mode is no total);
- an unread phrase of a kind that changes the plan (a time, an amount, the party, a date said
  relative to another day, travel without a car and no other way named) becomes a
  question (``questions``), with the phrase in it ("with the kids", no count, asks with or
  without a budget: the count decides tickets, child prices and which venues suit);
- the party read from the text obeys the contract's party rule (``contract.party_problem``):
  "0 adults and 3 kids" is asked about (``Applied.party_refused``), never planned for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dayplan.contract import PlanRequest, party_problem
from dayplan.core.blocked import is_pause
from dayplan.reading import away, clock, dates, money, people, times, travel, weather
from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.propose import UnreadPhrase
from dayplan.reading.records import AcceptedReading, ReadingItem
from dayplan.reading.text import cut, normalise, sentences

DEFAULT_WINDOW = ("09:00", "17:00")
DEFAULT_PARTY = (1, 0)
DEFAULT_MODE = "car"

_STRUCTURED: dict[str, str] = {
    "window_start": "window",
    "window_end": "window",
    "budget": "budget",
    "adults": "party",
    "children": "party",
    "mode": "travel",
    "max_leg_minutes": "travel.max_leg_minutes",
    "rain": "weather",
    "blocked": "blocked",
    "must_do": "activities",
    "preference": "preferences",
    "avoid": "avoid",
    "wish": "wish",
    "only": "only",
    "indoor_only": "indoor_only",
    "home": "home",
    "location": "location",
    "date": "date",
}
"""Which request field wins over a reading of each reading field."""


def structured_wins(request: PlanRequest, item: ReadingItem) -> str | None:
    """The request field that overrides ``item`` (e.g. ``"window"``), or ``None``."""
    name = _STRUCTURED[item.field]
    if name == "travel.max_leg_minutes":
        return name if request.travel and request.travel.max_leg_minutes else None
    if name == "travel":
        return name if request.travel else None
    value = getattr(request, name, None)  # "indoor_only", "avoid", "wish", "only": no request field
    return name if value not in (None, [], "") else None


@dataclass
class Applied:
    """The reading applied to a request.

    ``hints``: the constraint gaps the reading fills, in the shape
    ``dayplan.tools.state.constraints_for`` takes (``window_start``, ``window_end``, ``budget``,
    ``currency``, ``adults``, ``children``, ``mode``, ``max_leg_minutes``, ``rain``, ``blocked``;
    ``adults_assumed`` when the one adult beside read children was assumed, not read;
    ``stated``: assumptions an applied reading carries, stated in the plan: "Saturday week" as
    the Saturday after next, an appointment with no end time) plus ``home``, ``location``,
    ``date``, ``preferences``, ``must_do`` for the planner, ``avoid`` (``{"kind"|"venue",
    "hard", "quote"}`` each: a hard one is a rule of the constraints), ``wish`` (``{"venue",
    "quote"}``) and ``only`` (``{"kind", "quote"}`` each: together one rule of the
    constraints, every stop of one of the kinds); no structured field wins over an avoid, a
    wish or an only;
    ``items``: the readings that apply; ``overridden``: ``(item, request field)`` pairs;
    ``assumed``: sentences for what nobody said."""

    hints: dict[str, Any] = field(default_factory=dict)
    items: list[ReadingItem] = field(default_factory=list)
    overridden: list[tuple[ReadingItem, str]] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)
    budget_set: bool = False
    """Whether a budget applies (structured or read): then the party's count changes the plan."""
    party_set: bool = False
    """Whether the party was given (structured or read)."""
    children_read: bool = False
    """Whether the number of children was given or read (not taken as 0 beside read adults)."""
    given: frozenset[str] = frozenset()
    """The request's structured fields that are set (``window``, ``budget``, ``party``, ...)."""
    leg_cap: int | None = None
    """The cap on each leg in minutes (structured, else read), if any."""
    currency_assumed: str | None = None
    """The sentence that says a read budget's currency was assumed ("keep it under 50": no
    currency said), also in ``assumed``; the reading tool states it in the report."""
    party_refused: tuple[str, str] | None = None
    """``(quote, why)`` when the party read from the text breaks the contract's party rule
    (``contract.party_problem``: "0 adults and 3 kids"): the run asks, quoting it."""


ADULT_ASSUMED = "Party assumed to include one adult (only children were counted in the text)"
"""What is said when the text counts children but states no adult ("with 2 kids")."""


def apply_reading(request: PlanRequest, reading: AcceptedReading | None) -> Applied:
    """Apply ``reading`` to ``request`` by the module's rules (see the module docstring)."""
    out = Applied()
    for item in reading.items if reading else ():
        wins = structured_wins(request, item)
        if wins:
            out.overridden.append((item, wins))
        else:
            out.items.append(item)
    h = out.hints
    first: dict[str, Any] = {}
    for item in out.items:
        first.setdefault(item.field, item.value)
    if "window_start" in first:
        h["window_start"] = first["window_start"]
    if "window_end" in first:
        h["window_end"] = first["window_end"]
    if "window_start" in h and "window_end" in h and h["window_end"] <= h["window_start"]:
        h.pop("window_start")  # "not before 2" and "home by 1": the deadline wins, stated below
        out.assumed.append(
            "The start read from the text is after the time home; the start was dropped"
        )
    if "adults" in first or "children" in first:
        h["adults"] = int(first.get("adults", 0 if "children" not in first else 1))
        h["children"] = int(first.get("children", 0))
        if "adults" not in first:  # "with 2 kids": an assumption, never a reading
            h["adults_assumed"] = True
            out.assumed.append(ADULT_ASSUMED)
        fam = next(
            (
                i.quote
                for i in out.items
                if i.field == "adults" and people.FAMILY_OF.search(i.quote)
            ),
            None,
        )
        if fam and not request.party:  # "family of 4": the split is a convention, stated
            h["party_split_assumed"] = (
                f'"{fam}" read as {h["adults"]} adults and {h["children"]} children '
                "(the split was not said)"
            )
            out.assumed.append(h["party_split_assumed"])
        problem = party_problem(h["adults"], h["children"])  # the contract's rule, read party too
        if problem:  # "0 adults and 3 kids": kept as read (no check can pass on it) and asked
            quote = next(i.quote for i in out.items if i.field in ("adults", "children"))
            out.party_refused = (quote, problem)
    kids = request.party.children if request.party else int(h.get("children") or 0)
    young = people.young_child_phrase(request.text or "") if kids else None
    if young:  # "2 under-3s (free entry everywhere for them)": no infant price is known
        said = (
            f"Every child is charged the venue's child price: the venue snapshot has no infant "
            f'or free-entry ages, so "{young}" may cost less at the door'
        )
        out.assumed.append(said)
        h.setdefault("stated", []).append(said)
    if request.party:
        size = request.party.adults + request.party.children
    elif "adults" in h:
        size = h["adults"] + h["children"]
    else:
        size = sum(DEFAULT_PARTY)
    if "budget" in first:
        b = first["budget"]
        amount = float(b["amount"]) * (size if b.get("per_person") else 1)
        h["budget"], h["currency"] = round(amount, 2), b.get("currency", "AUD")
        quote = next(i.quote for i in out.items if i.field == "budget")
        if float(b["amount"]) > 0 and not money.says_currency(quote):
            out.currency_assumed = (
                f'Budget "{quote}" read as {h["currency"]} {float(b["amount"]):g} (no currency '
                f"was said; venue prices are in {h['currency']})"
            )
            out.assumed.append(out.currency_assumed)
        if b.get("per_person"):  # "$20 each": each member's share is capped too
            h["budget_each"] = round(float(b["amount"]), 2)
            each = (
                f"Budget {b.get('currency', 'AUD')} {float(b['amount']):g} per person x {size} "
                f"= {amount:g} for the party, and no one's tickets add up to more than "
                f"{b.get('currency', 'AUD')} {float(b['amount']):g}"
            )
            out.assumed.append(each)
            h.setdefault("stated", []).append(each)
    if "mode" in first:
        h["mode"] = first["mode"]
    if "max_leg_minutes" in first:
        h["max_leg_minutes"] = int(first["max_leg_minutes"])
    any_rain = next((i.quote for i in out.items if i.field == "rain" and i.value == "any"), None)
    if any_rain:  # "don't care about rain": outdoor stops may be planned in the rain
        h["rain_ok"] = any_rain
    rains = [i.value for i in out.items if i.field == "rain" and i.value != "any"]
    if rains and all(r == "none" for r in rains):
        h["no_rain"] = True
    windows = [r for r in rains if isinstance(r, dict)]
    if "all_day" in rains:
        start = h.get("window_start") or (
            request.window.start if request.window else DEFAULT_WINDOW[0]
        )
        end = h.get("window_end") or (request.window.end if request.window else DEFAULT_WINDOW[1])
        windows = [{"start": start, "end": end}]
    if windows:
        h["rain"] = windows
    for item in out.items:  # "kids party at 3.30": an hour assumed, said so
        said = item.field == "blocked" and times.point_block_assumption(item.quote, item.value)
        if said:
            out.assumed.append(said)
            h.setdefault("stated", []).append(said)
    blocked = [i.value for i in out.items if i.field == "blocked"]
    if blocked:
        h["blocked"] = [
            {
                "start": b["start"],
                "end": b["end"],
                "label": b.get("label") or "busy",
                "at_home": bool(b.get("at_home")),
                **({"place": b["place"]} if b.get("place") and not b.get("at_home") else {}),
            }
            for b in blocked
        ]
        placed = {q for _, _, q in away.away_places(request.text or "", list(out.items))}
        for i in out.items:  # an appointment with no place said: counted at home, said so
            b = i.value
            if i.field != "blocked" or i.quote in placed or request.blocked:
                continue  # a place said: asked about (``away.away_places``), never assumed
            if b.get("place") and not b.get("at_home"):
                said = (
                    f"{b.get('label') or 'Appointment'} {b['start']}-{b['end']} placed at the "
                    f"centre of {b['place']}: travel measured to and from there"
                )
                out.assumed.append(said)
                h.setdefault("stated", []).append(said)
            elif not b.get("at_home") and not is_pause(b.get("label") or ""):
                said = (
                    f"{b.get('label') or 'Appointment'} {b['start']}-{b['end']}: no place "
                    "given, so it is counted at home (no travel to or from it)"
                )
                out.assumed.append(said)
                h.setdefault("stated", []).append(said)
    for name in ("home", "location", "date"):
        if name in first:
            h[name] = first[name]
    said_date = next((i for i in out.items if i.field == "date"), None)
    week = said_date and dates.week_assumption(said_date.quote, str(said_date.value))
    if week:  # "Saturday week": the Saturday after next, said so
        out.assumed.append(week)
        h.setdefault("stated", []).append(week)
    prefs = [i.value for i in out.items if i.field == "preference"]
    if prefs:
        h["preferences"] = prefs
    avoid = [
        {**i.value, "quote": i.quote} for i in out.items if i.field == "avoid" and avoid_value(i)
    ]
    if avoid:  # "no museums" (hard), "rather not the pool" (soft): ``reading.prefs``
        h["avoid"] = avoid
    wishes = [{"venue": str(i.value), "quote": i.quote} for i in out.items if i.field == "wish"]
    if wishes:  # "maybe SparkLab": tried first, never a must-do
        h["wish"] = wishes
    only = [{"kind": str(i.value), "quote": i.quote} for i in out.items if i.field == "only"]
    if only:  # "galleries only", "just parks and playgrounds": every stop of one of the kinds
        h["only"] = only
    if any(i.field == "indoor_only" for i in out.items):
        h["indoor_only"] = True  # "indoors only": a hard limit, outdoor stops fail
    musts = [i.value for i in out.items if i.field == "must_do"]
    if musts:
        h["must_do"] = musts
    if not rains and not any_rain and not request.weather:
        out.assumed += scoped_weather(request.text or "")
    out.assumed += _defaults(request, h)
    out.budget_set = bool(request.budget) or "budget" in h
    out.leg_cap = (request.travel.max_leg_minutes if request.travel else None) or h.get(
        "max_leg_minutes"
    )
    out.party_set = bool(request.party) or "adults" in h
    out.children_read = bool(request.party) or "children" in first
    out.given = frozenset(
        name
        for name in (
            "window",
            "budget",
            "party",
            "blocked",
            "weather",
            "travel",
            "activities",
            "date",
            "location",
            "home",
        )
        if getattr(request, name)
    )
    return out


def avoid_value(item: ReadingItem) -> bool:
    """Whether ``item`` holds an avoid in its verified shape (``{"kind"|"venue", "hard"}``, or
    ``{"place", "hard"}`` with an optional ``"kind"``)."""
    v = item.value
    return isinstance(v, dict) and isinstance(
        v.get("kind") or v.get("venue") or v.get("place"), str
    )


def scoped_weather(text: str) -> list[str]:
    """A sentence for each negation of ``text`` scoped to one period ("it won't rain in the
    morning"): what it was read as (no rain then) and that the forecast decides the rest."""
    return list(_scoped_weather(text))


@per_run
def _scoped_weather(text: str) -> tuple[str, ...]:
    norm, said = normalise(text), []
    for s0, e0 in sentences(text):
        for a, b, kind, start, end in weather.scoped_phrases(norm[s0:e0]):
            if kind == "period":
                said.append(
                    f'"{cut(text, (s0 + a, s0 + b))}" is read as no rain for '
                    f"{clock.hhmm(start)}-{clock.hhmm(end)} only: the forecast decides the rain"
                )
    return tuple(said)


def _defaults(request: PlanRequest, h: dict[str, Any]) -> list[str]:
    said = []
    if not request.window and "window_start" not in h and "window_end" not in h:
        said.append(f"No times given: day window {DEFAULT_WINDOW[0]}-{DEFAULT_WINDOW[1]} assumed")
    elif not request.window and "window_end" not in h:
        said.append(f"No time home given: home by {DEFAULT_WINDOW[1]} assumed")
    elif not request.window and "window_start" not in h:
        said.append(f"No start time given: start from {DEFAULT_WINDOW[0]} assumed")
    if not request.party and "adults" not in h:
        said.append("No party given: one adult assumed")
    if not request.travel and "mode" not in h:
        said.append(f"No travel mode given: by {DEFAULT_MODE} assumed")
    if not request.budget and "budget" not in h:
        said.append("No budget given: costs are shown, not capped")
    if not request.date and "date" not in h:
        said.append("No date given: the coming Saturday assumed")
    return said


_CAP_WORD = re.compile(
    r"\b(?:max|maximum|at\s+most|most|under|no\s+more\s+than|limit|tops|or\s+less)\b", re.I
)
"""Words that make a duration a limit ("max 30 min", "30 mins tops")."""


def _settled(kind: str, applied: Applied, phrase: str = "") -> bool:
    """Whether an unread phrase of ``kind`` can no longer change the plan: the structured fields
    fix what it could mean (a time: the window and blocked times; money: the budget; the party),
    or, for the party, the children's count was read."""
    if kind == "time":
        return "window" in applied.given
    if kind == "money":
        return "budget" in applied.given
    if kind == "number":  # "b/w 9 and 2", "9 and 2": a time, an amount or a count nobody read;
        # the structured window and party fix what it could mean (an amount says its money)
        return {"window", "party"} <= applied.given
    if kind == "duration":  # "15 min max", "2 hour lunch at home": a leg cap, a stay at home or
        # a visit's length nobody read; a leg cap given or read settles a capped one, and with
        # the structured window too, any
        capped = "travel" in applied.given or applied.leg_cap is not None
        return capped and ("window" in applied.given or bool(_CAP_WORD.search(phrase)))
    if kind == "place_guess":  # "Padington": only a place given in the fields settles it
        return bool({"location", "home"} & applied.given)
    if kind in ("date", "date_conflict"):  # "the Saturday after Christmas", "Saturday 20th
        # December" (a Sunday): only the structured date settles it
        return "date" in applied.given
    if kind == "party" and people.COUNT_RANGE.search(phrase):  # "1 or 2 adults", "2, maybe 3
        return "party" in applied.given  # kids": a range is no count; only the caller's party
    if kind == "party":  # "the kids are 8": the count decides tickets, child prices and which
        # venues suit, with or without a budget; a count of children read settles it
        return "party" in applied.given or applied.children_read
    if kind == "people":  # a party read short of its quote ("nan, pop and the 3 grandkids"
        return "party" in applied.given  # as one adult): only the caller's party settles it
    if kind in ("indoor_time", "outdoor_time"):  # "no outdoor after 12": no field holds an
        return False  # indoor (or outdoor) limit for part of the day; the whole day's widens it
    if kind == "limit":  # "Under 60.": a budget or a leg cap; only both fields settle it
        return {"budget", "travel"} <= applied.given
    if kind in ("cap", "distance"):  # a leg limit nobody read: the structured travel settles it
        return "travel" in applied.given or applied.leg_cap is not None
    if kind == "count":  # a count said but out of range ("999 kids"): asked unless given
        return "party" in applied.given
    if kind == "travel" and travel.is_total(phrase):  # "an hour in the car all day": only a
        return (
            False  # field stating a total would settle it, and the request has none (nor a check)
        )
    if kind == "travel":
        return "travel" in applied.given or "mode" in applied.hints
    if kind == "budget_conflict":  # "budget $20, budget $200": only a structured budget
        return "budget" in applied.given
    if kind == "indoor_conflict":  # "indoors only, outdoors only": no field holds either limit
        return False
    if kind == "negative":  # "-3 kids", "$-50", "-10 min": the caller's party, budget or
        return _negative_field(phrase) in applied.given  # travel settles its own
    if kind in ("weather", "weather_conflict"):  # only the structured weather settles it
        return "weather" in applied.given
    if (
        kind == "time_conflict"
    ):  # the day ends before it starts: only a structured window settles it
        return "window" in applied.given
    if kind == "activity":  # an outing at a set time: settled only when both are given
        return {"blocked", "activities"} <= applied.given
    if kind == "must":  # a must-like clause nothing read: the structured activities decide
        return "activities" in applied.given
    if kind == "away_place":  # an appointment named at a place: only the caller's own blocked
        return "blocked" in applied.given  # times (replacing the reading's) settle it
    return kind != "foreign"  # another language: nothing in it was read, so it always asks


def _negative_field(phrase: str) -> str:
    """The structured field that settles a phrase said below zero: ``party`` for a count of
    people ("-3 kids"), ``travel`` for a length of time ("-10 min"), else ``budget``."""
    said = normalise(phrase)
    if people.negative_count_spans(said):
        return "party"
    return "travel" if travel.negative_spans(said) else "budget"


def found_words(field: str, found: Any) -> str | None:
    """The parser's value ``found`` for a rejected reading of ``field`` in words for a question
    ("home by 11:00", "a budget of AUD 80 for everyone", "1 adult and 3 children"), or ``None``
    when the parser found nothing it could state."""
    if found is None:
        return None
    if isinstance(found, dict) and set(found) == {"other_role"}:
        field = "window_start" if field == "window_end" else "window_end"
        found = found["other_role"]
    if field == "window_end" and isinstance(found, str):
        return f"home by {found}"
    if field == "window_start" and isinstance(found, str):
        return f"starting at {found}"
    if field == "budget" and isinstance(found, dict) and "amount" in found:
        each = "per person" if found.get("per_person") else "for everyone"
        return f"a budget of {found.get('currency', 'AUD')} {float(found['amount']):g} {each}"
    if field in ("adults", "children") and isinstance(found, dict):
        a, c = found.get("adults"), found.get("children")
        if isinstance(a, int) and isinstance(c, int):
            return f"{a} adult{'s' * (a != 1)} and {c} child{'ren' * (c != 1)}"
    if field == "rain" and isinstance(found, dict) and {"start", "end"} <= set(found):
        return f"rain from {found['start']} to {found['end']}"
    if field == "blocked" and isinstance(found, dict) and {"start", "end"} <= set(found):
        return f"busy from {found['start']} to {found['end']}"
    if isinstance(found, (str, int, float)) and not isinstance(found, bool):
        return f"{field.replace('_', ' ')} {found}"
    return None


_END_WORDS = re.compile(
    r"\b(?:home|back|finish(?:ed)?|done|wrap(?:ped)? up|in bed|leave by|leave before|latest)\b",
    re.I,
)
_START_WORDS = re.compile(
    r"\b(?:not before|nothing before|no earlier|not until|not till|after|from|start(?:ing)?"
    r"|head(?:ing)? (?:off|out)|out the door|leav(?:e|ing)|kick off|earliest)\b|n't\b",
    re.I,
)
_TIME_ROLE_ASK = {
    "end": "What time must you be home by?",
    "start": "What time should the day start?",
}


def time_role(phrase: str) -> str | None:
    """Whether an unread time phrase speaks of the day's ``end`` ("back before dinner") or its
    ``start`` ("not before the footy", "after school pickup"), else ``None``: the question then
    asks for that time only, not which of the two it is."""
    if _END_WORDS.search(phrase):
        return "end"
    return "start" if _START_WORDS.search(phrase) else None


def _activity_question(phrase: str, applied: Applied | None) -> list[str]:
    """The question for an outing at a set time: booked already (plan around it), or to plan
    then; and the day's times, only when neither the request nor the reading gave them."""
    rs = times.ranges(normalise(phrase))
    when = f" for {clock.hhmm(rs[0][2])}-{clock.hhmm(rs[0][3])}" if rs else " then"
    q = f'Is "{phrase}" already booked (I plan around it), or should I plan that visit{when}?'
    known = applied is not None and (
        "window" in applied.given or {"window_start", "window_end"} & set(applied.hints)
    )
    return [q] if known else [q, "When should the day start, and when must you be home?"]


def questions(unread: list[UnreadPhrase], applied: Applied | None = None) -> list[str]:
    """One question per unread phrase that would change the plan (a time, an amount, the
    party), quoting it (at most three); a party read against the contract's rule first; when the parser did read the phrase (a model's reading
    of it was rejected, ``UnreadPhrase.found``), the question asks to confirm the parser's value
    ('By "back by 11", did you mean home by 11:00?') instead of saying it could not be read; a phrase about the party only when no count of
    children was given or read (``applied``; without it every such phrase asks)."""
    out: list[str] = []
    if applied is not None and applied.party_refused:  # "no adults, just the 3 kids"
        quote, why = applied.party_refused
        who = "no one" if "person" in why else "no adult"
        out.append(f'"{quote}" names {who}, but {why}: how many adults are coming?')
    confirmed: set[tuple[str, str | None]] = set()
    party_at: int | None = None  # where the party's question is, to quote further phrases in it
    for p in unread:
        if not p.asks:
            continue
        if applied is not None and _settled(p.kind, applied, p.phrase):
            continue
        if (
            p.kind
            in (
                "time_conflict",
                "weather_conflict",
                "date_conflict",
                "place_guess",
                "budget_conflict",
                "indoor_conflict",
                "negative",
            )
            and p.found
        ):
            if p.found not in out:
                out.append(p.found[:300])
            continue
        what = {
            "time": "What time does this mean, and is it when you must be home, an appointment, or the start?",
            "money": "Is this your budget for the day, and is it per person or for everyone?",
            "number": "What does this number mean: a time (when to start, or be home by), a "
            "budget, or how many people?",
            "duration": "What is this length of time: the longest single trip you would accept, "
            "a stay at home or an appointment (from when to when), or how long to spend "
            "somewhere?",
            "party": "How many adults and how many children are coming?",
            "count": "That is more people than a day plan is made for (at most 50 adults and "
            "50 children): how many adults and how many children are coming?",
            "travel": "How will you get around: public transport, walking, or a lift by car?",
            "foreign": "I read requests in English only: could you say in English the day, "
            "the times, who is coming and the budget?",
            "weather": "When do you expect rain: all day, or from what time to what time?",
            "activity": "",
            "must": "What must the day include, or keep to?",
            "away_place": "",
            "date": "Which date do you mean (for example 26 December)?",
            "people": "How many adults and how many children are coming?",
            "cap": "What is the longest single leg (one drive, ride or walk) you would "
            "accept, in minutes?",
            "distance": "I can limit each leg's travel time, not its distance: what is the "
            "longest single leg you would accept, in minutes?",
            "limit": "Is this your budget in AUD, or the longest single trip in minutes?",
            "indoor_time": "I can keep outdoor places out of the whole day, but not out of "
            "part of it: should the whole day be indoors?",
            "outdoor_time": "I can keep indoor places out of the whole day, but not out of "
            "part of it: should the whole day be outdoors?",
        }[p.kind]
        if p.kind == "money" and not re.search(r"\d", p.phrase):  # "cheap as chips"
            what = "What is your budget for the day in AUD, per person or for everyone?"
        if p.kind == "money" and money.PER_MEMBER.search(normalise(p.phrase)):  # "$15 per kid"
            what = "That is one member's share: what is the budget for the whole day?"
        if p.kind == "travel" and not travel.is_total(p.phrase):  # "not driving"
            q = f'You said "{p.phrase}": how will you get around: public transport, walking, or a lift by car?'
            if travel.BIKE.search(p.phrase):  # "cycling everywhere": no bike legs are planned
                q = f'You said "{p.phrase}": I plan by car, transit or on foot, not bike. Which one?'
            if q not in out:
                out.append(q[:300])
            continue
        if p.kind == "activity" and not p.found:
            out += [q for q in _activity_question(p.phrase, applied) if q not in out]
            continue
        if p.kind == "away_place":  # never counted at home as if the party never left
            q = f'Which suburb is "{p.phrase}" in? I need it to plan the travel there and back.'
            if q not in out:
                out.append(q[:300])
            continue
        if p.kind == "travel" and travel.is_total(p.phrase):
            what = (
                "I can only cap each leg (one drive or ride), not the day's travel in total: "
                "what is the longest single leg you would accept?"
            )
            if applied is not None and applied.leg_cap:  # a leg cap is set: it is no total
                what = (
                    f"I can only cap each leg (one drive or ride; yours: {applied.leg_cap} min), "
                    "not the day's travel in total, so several legs could add up to more: is "
                    "that cap enough, or should I leave this limit out?"
                )
        if p.kind == "money" and money.foreign_spans(normalise(p.phrase)):
            what = (
                f"Venue prices are in {money.LOCAL_CURRENCY} and are not converted: what is your "
                f"budget in Australian dollars ({money.LOCAL_CURRENCY}), per person or for everyone?"
            )
        if p.kind == "party" and applied is not None and applied.party_set:
            # the adults were read: ask only the children; the children were read: the adults
            assumed = applied.hints.get("adults_assumed") or not applied.party_set
            what = "How many adults are coming?" if assumed else "How many children are coming?"
            if applied.children_read and not assumed:
                what = "How many adults and how many children are coming?"
        both = times.ambiguous_in(normalise(p.phrase)) if p.kind == "time" else None
        if both and not p.found:  # "back by 9:15": offer both halves of the day
            am, pm = clock.hhmm(both[0]), clock.hhmm(both[1])
            q = f'By "{p.phrase}", do you mean {am} in the morning or {pm} in the evening?'
        elif p.found:
            q = f'By "{p.phrase}", did you mean {p.found}? Please confirm or correct it.'
        elif p.kind == "weather":
            q = f'I read rain in "{p.phrase}" but no time: from when to when, or all day?'
        elif p.kind == "people":
            q = f'I could not count everyone in "{p.phrase}". {what}'
        else:
            q = f'I could not read "{p.phrase}". {_TIME_ROLE_ASK.get(time_role(p.phrase), what) if p.kind == "time" else what}'
        if p.found and (p.kind, p.found) in confirmed:
            continue  # one confirmation per value the parser found
        if p.kind == "party" and not p.found and party_at is not None:
            # "kids are 8", "8 and 10": one question for the party, quoting both phrases
            out[party_at] = out[party_at].replace('". ', f'" or "{p.phrase}". ', 1)[:300]
            continue
        if p.kind == "party" and not p.found:
            party_at = len(out) if q not in out else None
        confirmed.add((p.kind, p.found))
        if q not in out:
            out.append(q[:300])
    return out[:3]


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
