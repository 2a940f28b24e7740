"""Verifying one reading against the request text: the quote is there, and the value is what the
quote says, by the parser for its dimension (see each reader module)."""

from __future__ import annotations

import math
from datetime import date
from typing import Any

from pydantic import ValidationError

from dayplan import data
from dayplan.contract import HHMM_PATTERN
from dayplan.core.places import find_place_in_text, resolve_place
from dayplan.reading import (
    away,
    clock,
    dates,
    dayparts,
    money,
    musts,
    named,
    people,
    places,
    prefs,
    times,
    travel,
    weather,
)
from dayplan.reading import deferred_re as re
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.records import FIELDS, MAX_QUOTE, ReadingItem, ReadingRejection
from dayplan.reading.text import clean, dash_bullets, find_quote, normalise, sentence_around

_MODES = ("car", "transit", "walk")


class _Bad(Exception):
    def __init__(self, error: str, found: Any = None):
        super().__init__(error)
        self.error, self.found = error, found


def _reject(raw: Any, error: str, found: Any = None) -> ReadingRejection:
    raw = raw if isinstance(raw, dict) else {}
    field = raw.get("field") if isinstance(raw.get("field"), str) else ""
    quote = raw.get("quote") if isinstance(raw.get("quote"), str) else ""
    value = raw.get("value")
    if not isinstance(value, (str, int, float, bool, dict, list, type(None))):
        value = repr(value)
    return ReadingRejection(
        field=field[:40], quote=quote[:MAX_QUOTE], value=_jsonable(value), found=found, error=error
    )


def _jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(k)[:40]: _jsonable(v) for k, v in list(value.items())[:10]}
    if isinstance(value, list):
        return [_jsonable(v) for v in value[:10]]
    if isinstance(value, str):
        return value[:MAX_QUOTE]
    return value


def _hhmm(value: Any, name: str) -> str:
    if not isinstance(value, str) or not re.match(HHMM_PATTERN, value.strip()):
        raise _Bad(f'{name} must be a time of day as "HH:MM" (24-hour), got {value!r}')
    return value.strip()


def _int(value: Any, name: str, low: int, high: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value != int(value)
    ):
        raise _Bad(f"{name} must be a whole number, got {value!r}")
    if not low <= int(value) <= high:
        raise _Bad(f"{name} must be between {low} and {high}, got {value!r}")
    return int(value)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_QUOTE:
        raise _Bad(
            f"{name} must be a non-empty text of at most {MAX_QUOTE} characters, got {value!r}"
        )
    return value.strip()


def _window(value: Any, name: str) -> dict:
    if not isinstance(value, dict) or not {"start", "end"} <= set(value):
        raise _Bad(f'{name} must be {{"start": "HH:MM", "end": "HH:MM"}}, got {value!r}')
    start, end = _hhmm(value["start"], f"{name}.start"), _hhmm(value["end"], f"{name}.end")
    if end <= start:
        raise _Bad(f"{name} ends at {end}, not after it starts at {start}")
    return {"start": start, "end": end}


def _check_time(field: str, value: Any, quote: str, sentence: str, today: date) -> str:
    claimed = _hhmm(value, "value")
    role = "start" if field == "window_start" else "end"
    norm_sentence = normalise(sentence)
    at = norm_sentence.find(quote)
    if at >= 0 and weather.WEATHER_TURN.search(norm_sentence[max(0, at - 30) : at]):
        raise _Bad(  # "clearing after lunch": when the weather turns, not when the day does
            f"the quote's time is when the weather turns, not the day's {role}", None
        )
    if at >= 0 and role == "end" and re.search(r"\b(?:home|back)\b.*\bfor\b", quote):
        after = norm_sentence[at + len(quote) : at + len(quote) + 30]
        lead = re.match(r"\s*(?:at\s+|from\s+|between\s+)?", after)
        rs = times.ranges(after)
        if rs and rs[0][0] <= (lead.end() if lead else 0) + 1:
            raise _Bad(  # "home for lunch 12-1": a time at home, then out again
                "the quote names a time at home (a blocked window with the range after it), "
                "not the day's end",
                None,
            )
    if at >= 0 and role == "end":
        for a, b, start, _, _ in times.point_blocks(norm_sentence):
            if a <= at and at + len(quote) <= b:
                raise _Bad(  # "back home for lunch at 12:30 for an hour, home by 4"
                    f"the quote names a stay at home from {clock.hhmm(start)} (a blocked window "
                    "the day goes on after), not the day's end",
                    None,
                )
    q_at = norm_sentence.find(normalise(quote).strip(" ,.;:!?"))
    only = (
        q_at >= 0
        and any(  # "saturday morning only": the proposer's "morning only" span
            a == q_at and times.PERIOD_ONLY.fullmatch(norm_sentence[a:b])
            for a, b, _, _ in times.points(norm_sentence)
        )
    )
    q_len = len(normalise(quote).strip(" ,.;:!?"))
    if q_at >= 0 and any(
        q_at <= b - 1 and a < q_at + q_len for a, b in times.reason_times(norm_sentence)
    ):
        raise _Bad(  # "cake at home at 3 so home by 2:45": the event is why, not the bound
            "the quote's time is an event's, said as the reason for the deadline beside it, "
            f"not the day's {role}",
            None,
        )
    if q_at >= 0 and any(a <= q_at < b for a, b, _, _ in times.stays_until(norm_sentence)):
        raise _Bad(  # "lunch at home 12-1:30 and naps at home until 3": a stay at home
            "the quote ends a stay at home after a break at home (a blocked window the day "
            f"goes on after), not the day's {role}",
            None,
        )
    if q_at >= 0 and not only and prefs.time_of_a_wish(norm_sentence, q_at, q_at + q_len):
        raise _Bad(  # "indoor stuff from 2", "park only in the morning": the wish's time
            f"the quote's time is when a kind of outing is wished, not the day's {role}", None
        )
    if dayparts.is_part_quote(quote) and not only and not dayparts.stands_in(quote, norm_sentence):
        raise _Bad(  # "morning tea", "afternoon nap 1-2", "10 in the morning", "showers this arvo"
            "the quote's part of the day is not when the day out is, where it stands in its "
            "sentence (a meal, an appointment's time, a time's am/pm, or the weather)",
            None,
        )
    if role == "end" and q_at >= 0:
        for a, b, _, _ in times.outing_gaps(norm_sentence):  # "out 9-12 and out again 3-5"
            first = times.ranges(norm_sentence[a:b])[0]
            q_end = q_at + len(normalise(quote).strip(" ,.;:!?"))
            if q_at < a + first[1] and a + first[0] < q_end and not times.RESUME.search(quote):
                raise _Bad(
                    "the day goes on after this range: the party goes out again later "
                    f'("{norm_sentence[a:b]}"), so its end is a break at home, not the '
                    "day's end",
                    None,
                )
    both = times.ambiguous_in(quote.strip(" ,.;:!?"), norm_sentence) if role == "end" else None
    if both:  # "back by 9:15" with nothing else said: a morning's end or a late evening's
        raise _Bad(
            f"the quote's time has no am/pm and nothing in its sentence says which half of the "
            f"day it is ({clock.hhmm(both[0])} or {clock.hhmm(both[1])}): leave it unread, so "
            "the run asks",
            None,
        )
    found = times.read_time(quote, role, sentence)
    if found is None:
        other = times.read_time(quote, "end" if role == "start" else "start", sentence)
        if other is not None:
            raise _Bad(
                f"the quote gives the day's {'end' if role == 'start' else 'start'} "
                f"({clock.hhmm(other)}), not its {role}",
                {"other_role": clock.hhmm(other)},
            )
        rs = times.ranges(quote)
        if rs:
            kind = (
                times.in_sentence_kind(quote, norm_sentence)
                or times.range_kind(quote, rs[0][:2])[0]
            )
            if kind == "activity":
                raise _Bad(
                    "the quote's time range is when the party wants one outing (a visit at a set "
                    "time), not the day's window: leave it unread, so the run asks",
                    {"kind": kind},
                )
            raise _Bad(
                f"the quote's time range is a {kind} window, not the day's window", {"kind": kind}
            )
        raise _Bad(f"no {role} time of the day found in the quote", None)
    if clock.hhmm(found) != claimed:
        raise _Bad(
            f"the quote says {clock.hhmm(found)} for the day's {role}, not {claimed}"
            + (
                " (a part of the day reads by the mapping of dayplan.reading.dayparts)"
                if dayparts.is_part_quote(quote)
                else " (a bare hour reads by the day-out rule: say am or pm to change it)"
            ),
            clock.hhmm(found),
        )
    return claimed


def _check_budget(value: Any, quote: str, sentence: str, today: date) -> dict:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = {"amount": value}
    if (
        not isinstance(value, dict)
        or "amount" not in value
        or set(value) - {"amount", "currency", "per_person"}
    ):
        raise _Bad(
            f'budget must be {{"amount": number, "currency": "AUD", "per_person": bool}}, got {value!r}'
        )
    amount = value["amount"]
    if (
        isinstance(amount, bool)
        or not isinstance(amount, (int, float))
        or not math.isfinite(amount)
        or amount < 0
    ):
        raise _Bad(f"budget.amount must be a number of at least 0, got {amount!r}")
    norm_sentence = normalise(sentence)
    at = norm_sentence.find(normalise(quote))
    for a, b in money.foreign_spans(norm_sentence):  # "budget 60 euros", "$50 USD"
        if (a < at + len(quote) and at < b) if at >= 0 else normalise(quote) in norm_sentence[a:b]:
            raise _Bad(
                f"the amount is in another currency ({norm_sentence[a:b]!r}): venue prices are "
                f"{money.LOCAL_CURRENCY}, never relabelled or converted, so it is asked about",
                None,
            )
    for a, b in money.negative_spans(norm_sentence):  # "$-50": below zero, no budget
        if (a < at + len(quote) and at < b) if at >= 0 else bool(money.negative_spans(quote)):
            raise _Bad(f'"{norm_sentence[a:b]}" is an amount below zero, no budget: asked', None)
    found = money.read_money(quote)
    if found is None:
        raise _Bad("no amount of money found in the quote", None)
    if at >= 0 and any(at <= a < at + len(quote) for a, _ in people.age_cap_spans(norm_sentence)):
        raise _Bad(  # "5 budget" of "3 kids under 5 budget 40"
            "the quote's number is the children's age cap (\"kids under 5\"), not money", None
        )
    nq0 = normalise(quote).strip()
    whys = [
        money.not_an_amount(norm_sentence, m.start())
        for m in re.finditer(re.escape(nq0), norm_sentence)
        if nq0[:1].isdigit()
    ]
    if whys and all(whys):  # "45 budget" of "home by 3:45 budget twenty"
        raise _Bad(whys[0], None)
    alone = money.ISH_ALONE.fullmatch(quote.strip()) is not None
    if alone and not any(
        normalise(quote).strip() == norm_sentence[a:b].strip()
        for a, b in money.ish_alone_spans(norm_sentence)
    ):
        raise _Bad(  # "40ish to play with": minutes or dollars? asked
            'an amount with "ish" and no money word reads as the budget only when said alone '
            'in its clause ("..., 120ish"): this one is not, so it is asked about',
            None,
        )
    nq = normalise(quote).rstrip()
    end = norm_sentence.find(nq) + len(nq) if nq in norm_sentence else -1
    member = (
        money.RATE_TAIL.match(norm_sentence, end) or money.FOR_MEMBER.match(norm_sentence, end)
        if end >= 0
        else None
    )
    if member and money.PER_MEMBER.search(nq + norm_sentence[end : member.end()]):
        said = (nq + norm_sentence[end : member.end()]).strip()
        raise _Bad(  # "$30" quoted out of "$30 an adult"
            f'the text goes on: "{said}" is an amount for one kind of member of the party (the '
            "adults' share, the children's, or each person's?), so it is asked about, never read "
            "as a budget",
            None,
        )
    if found.currency != money.LOCAL_CURRENCY:
        raise _Bad(f"only {money.LOCAL_CURRENCY} budgets are read: venue prices are AUD", None)
    at = norm_sentence.find(quote)
    if (
        found.amount == 0
        and at >= 0
        and (
            not money.ZERO.search(norm_sentence[at : at + len(quote) + 30])
            or any(a < at + len(quote) and at < b for a, b in money.free_of_a_range(norm_sentence))
        )
    ):
        raise _Bad(  # "only free after 2pm": when the party is free, not what it spends
            "the quote says when the party is free, not that the budget is 0", None
        )
    if (
        found.amount == 0
        and money.ZERO.search(norm_sentence)
        and not money.zero_match(norm_sentence)
    ):
        raise _Bad(  # "free stuff preferably, $20 max": a wish for free, and a budget
            "free is said as a wish beside an amount: the amount is the budget", None
        )
    if (
        not money.MONEY_CUE.search(quote)
        and not money.PER_HEAD_AMOUNT.search(quote)
        and not (found.amount == 0 and money.ZERO.search(quote))  # "free only": no number
        and not alone  # "120ish" alone in its clause: checked above
        and (travel.TRAVEL_WORDS.search(sentence) or re.search(r"\bmin|\bhours?\b", sentence))
    ):
        raise _Bad("the quote's bare number caps travel or time in its sentence, not money", None)
    evidence = {"amount": found.amount, "currency": found.currency, "per_person": found.per_person}
    if abs(found.amount - float(amount)) > 0.005:
        raise _Bad(f"the quote says {found.amount:g} {found.currency}, not {amount!r}", evidence)
    if "currency" in value and str(value["currency"]).upper() != found.currency:
        raise _Bad(f"the quote's currency is {found.currency}, not {value['currency']!r}", evidence)
    if (
        "per_person" in value
        and bool(value["per_person"]) != found.per_person
        or ("per_person" in value and not isinstance(value["per_person"], bool))
    ):
        kind = "per person" if found.per_person else "for the whole party"
        raise _Bad(f"the quote states the amount {kind}", evidence)
    return evidence


def _check_party(field: str, value: Any, quote: str, sentence: str, today: date) -> int:
    claimed = _int(value, field, 0, 50)
    at = normalise(sentence).find(quote)
    for r in people.COUNT_RANGE.finditer(normalise(sentence)):
        if at >= 0 and r.start() < at + len(quote) and at < r.end() and r.group(0) not in quote:
            raise _Bad(  # "3 kids" of "2-3 kids"
                f'the quote is part of "{r.group(0)}", a range, not a count of {field}', None
            )
    norm = normalise(sentence)
    for m in re.finditer(re.escape(quote), norm):  # "-3 adults": a negative count is asked
        if dash_bullets(norm):
            break  # "-2 adults -2 kids -from toowong": dashes for bullets
        if re.search(r"(?:^|[^\w.\d\s])-$|(?:^|\s)-$", norm[: m.start()]) or re.match(
            r"-\d", quote
        ):
            raise _Bad(f'"-{quote.lstrip("-")}" is a negative count of {field}', None)
    if at >= 0 and people.cut_bracket(norm, at, at + len(quote)):  # "3 kids (1 is a baby"
        raise _Bad("the quote cuts a bracket about its people: quote the bracket whole", None)
    for a, b, who in people.negative_count_spans(norm):  # "2 adults -3 kids": the -3 kids
        if who == field and any(
            a < m.end() and m.start() < b for m in re.finditer(re.escape(normalise(quote)), norm)
        ):
            raise _Bad(f'"{norm[a:b]}" is a negative count of {field}, no count: asked', None)
    said = quote
    if at >= 0:  # "an adult" of "$30 an adult": a price's member word, never a person
        for a, b in money.rate_spans(norm):
            lo, hi = max(a, at) - at, min(b, at + len(quote)) - at
            if lo < hi:
                said = said[:lo] + " " * (hi - lo) + said[hi:]
    found = people.read_party(said)
    got = found.adults if field == "adults" else found.children
    evidence = {"adults": found.adults, "children": found.children}
    if got is None:
        raise _Bad(f"the quote gives no count of {field}", evidence)
    if got != claimed:
        raise _Bad(f"the quote counts {got} {field}, not {claimed}", evidence)
    return claimed


def _check_mode(value: Any, quote: str, sentence: str, today: date) -> str:
    if value not in _MODES:
        raise _Bad(f"mode must be one of {', '.join(_MODES)}, got {value!r}")
    cue = {"car": travel.CAR, "transit": travel.TRANSIT, "walk": travel.WALK}[value]
    if not cue.search(quote):
        raise _Bad(f"the quote does not mention travelling by {value}", travel.read_mode(quote))
    found = travel.read_mode(sentence)
    if found != value:
        why = "negated or outweighed in its sentence" if found else "negated in its sentence"
        raise _Bad(f"the sentence reads as travel mode {found!r}: {value!r} is {why}", found)
    return value


def _check_cap(value: Any, quote: str, sentence: str, today: date) -> int:
    claimed = _int(value, "max_leg_minutes", 1, 600)
    norm, q = normalise(sentence), normalise(quote)
    for a, b in travel.negative_spans(norm):  # "max -10 min drive": below zero, no cap
        if any(a < m.end() and m.start() < b for m in re.finditer(re.escape(q), norm)):
            raise _Bad(f'"{norm[a:b]}" is a length below zero, no cap: asked', None)
    found = travel.read_cap(quote)
    if found is None:  # "..., 20 min tops": a limit said alone, where nothing else is limited
        found = travel.alone_cap(normalise(quote), normalise(sentence))
    if found is None:
        raise _Bad(
            "the quote does not cap a leg (it needs a limit such as 'no more than' and a travel word)",
            travel.duration_minutes(quote),
        )
    if found != claimed:
        raise _Bad(f"the quote caps a leg at {found} minutes, not {claimed}", found)
    return claimed


def _check_rain(value: Any, quote: str, context: str, today: date) -> Any:
    """``context``: the whole request text (a weather clause reads with its neighbours:
    "showers, clearing by 11")."""
    claimed = value if value in ("none", "all_day", "any") else _window(value, "rain")
    if not weather.says_weather(quote):  # "finish up around 4": a time, but no weather at all
        raise _Bad(
            "the quote says nothing about rain: it has no weather word (rain, showers, dry, "
            "fine, clearing...)",
            None,
        )
    found, cut_through = weather.rain_values(quote, context)
    if claimed in found:
        return claimed
    said = [m for m in weather.mentions(context) if _inside(m, quote, context)]
    scoped = next((m for m in said if m.kind == "scoped" and m.scope), None)
    if claimed == "none" and scoped is not None:
        raise _Bad(
            f"the quote says no rain only for {clock.hhmm(scoped.scope[0])}-"
            f"{clock.hhmm(scoped.scope[1])}, not the whole day: leave the rest of the day to the "
            "forecast",
            None,
        )
    if cut_through is not None:
        whole = normalise(context)[cut_through.start : cut_through.end]
        raise _Bad(
            f'the quote is part of "{whole}", which reads as '
            f"{cut_through.found or 'no rain reading'}: quote the whole phrase",
            cut_through.values[0] if cut_through.values else None,
        )
    if not found:
        kinds = {m.kind for m in said}
        why = (
            "a condition such as 'in case of rain' is not rain"
            if "condition" in kinds
            else "it names rain but no time a clock reads"
            if "unplaced" in kinds
            else "it says nothing about rain"
        )
        raise _Bad(f"the quote states no rain reading ({why})", None)
    open_ends = [
        ("no start is said: rain up to then starts at 00:00" if v["start"] == "00:00" else "")
        + ("no end is said: rain from then ends at 23:59" if v["end"] == "23:59" else "")
        for v in found
        if isinstance(v, dict)
    ]
    hint = f" ({'; '.join(h for h in open_ends if h)})" if any(open_ends) else ""
    raise _Bad(
        f"the quote reads as {' and '.join(map(repr, found))}, not {claimed!r}{hint}", found[0]
    )


def _inside(m: Any, quote: str, context: str) -> bool:
    norm, needle = normalise(context), normalise(quote).strip(" .,;:!?")
    at = norm.find(needle) if needle else -1
    return at >= 0 and m.start < at + len(needle) and at < m.end


def _check_blocked(value: Any, quote: str, sentence: str, today: date) -> dict:
    claimed = _window(value, "blocked")
    found = times.read_blocked(quote, sentence)
    if found is None and times.in_sentence_kind(quote, normalise(sentence)) == "activity":
        raise _Bad(
            "the quote's time range is an outing at a set time; whether it is booked (plan around "
            "it) or to be planned is not said: leave it unread, so the run asks",
            {"kind": "activity"},
        )
    if found is None:
        raise _Bad("the quote names no appointment with a time range", None)
    longer = times.said_on(normalise(sentence), normalise(quote).strip(" ,.;:!?"))
    if longer and longer[1:] != (found["start"], found["end"]):
        raise _Bad(  # "nap at 12 at home" quoted out of "nap at 12 at home for 2 hours"
            f'the text goes on: "{longer[0]}" blocks {longer[1]}-{longer[2]}',
            {**found, "start": longer[1], "end": longer[2]},
        )
    if (found["start"], found["end"]) != (claimed["start"], claimed["end"]):
        raise _Bad(
            f"the quote blocks {found['start']}-{found['end']}, not {claimed['start']}-{claimed['end']}",
            found,
        )
    if "at_home" in value and bool(value["at_home"]) != found["at_home"]:
        raise _Bad(f"the quote says at_home={found['at_home']}", found)
    label = value.get("label")
    out = {
        **found,
        "label": (str(label)[:60] if isinstance(label, str) and label.strip() else found["label"]),
    }
    if value.get("place") is not None:  # "swimming lessons 9-10 at Chandler": the quote must
        said = away.appointment_place(quote)  # name the place, resolving to that suburb
        suburb = away.suburb_of(said) if said else None
        claimed_place = away.suburb_of(str(value["place"]))
        if suburb is None or suburb != claimed_place:
            raise _Bad(
                "the quote names no place of the gazetteer for the appointment"
                if suburb is None
                else f"the quote places it in {suburb}, not {value['place']}",
                found,
            )
        out["place"] = suburb
    return out


def _check_place(field: str, value: Any, quote: str, sentence: str, today: date) -> str:
    claimed = _text(value, field)
    found = places.read_place(quote)
    if found is None:
        raise _Bad("the quote names no place", None)
    gaz = data.gazetteer()
    same = normalise(found) == normalise(claimed) or (
        resolve_place(claimed, gaz) is not None
        and resolve_place(claimed, gaz) == resolve_place(found, gaz)
    )
    if not same:
        raise _Bad(f"the quote names {found!r}, not {claimed!r}", found)
    needle = normalise(quote).strip(" .,;:!?")
    at = sentence.find(needle) if needle else -1
    avoided = at >= 0 and any(
        at <= a < at + len(needle) or a <= at < b for a, b in named.avoided_places(sentence)
    )
    if avoided and not any(  # said again elsewhere as the place ("Chandler, ..., not Chandler")
        p[3] == found and not (p[0] < at + len(needle) and at < p[1])
        for p in places.place_spans(sentence)
    ):
        raise _Bad(  # "no Mt Coot-tha anything": its venues are avoided, no home of the day
            f"the quote names {found!r} only to avoid its venues, not where the day is", None
        )
    if field == "location":
        part = places.venue_part(sentence, at, at + len(needle)) if at >= 0 else None
        other = [p for p in places.place_spans(sentence) if p[2] == "location" and p[3] != found]
        if part and other:  # "Toowong, the highlight has to be Mt Coot-tha lookout"
            raise _Bad(
                f"the quote names a place inside the venue mention {part!r}, where a stop is, "
                f"not where the day is planned (the text names {other[0][3]!r})",
                other[0][3],
            )
    if field == "home" and not re.search(
        r"\b(?:live|from|home|based|starting|leaving|coming|staying|we're in|we are in)\b",
        quote,
        re.I,
    ):
        raise _Bad("the quote names a place but not that the party starts from it (home)", found)
    return found


def _check_date(value: Any, quote: str, sentence: str, today: date) -> str:
    claimed = _text(value, "date")
    try:
        date.fromisoformat(claimed)
    except ValueError:
        raise _Bad(f'date must be an ISO date "YYYY-MM-DD", got {value!r}') from None
    found = dates.read_date(quote, today)
    norm, needle = normalise(sentence), normalise(quote).strip(" .,;:!?")
    at = norm.find(needle) if needle else -1
    for w in dates.weekday_dates(norm, today) if at >= 0 else ():
        if w.day is None and w.start < at + len(needle) and at < w.end:
            clash = norm[w.start : w.end]
            raise _Bad(f'the quote is part of "{clash}"{w.question}', None)  # "Saturday" of a clash
    gone = [(a, b, "a day in the past") for a, b in dates.past_spans(norm)]
    gone += [(a, b, "no date of the calendar") for a, b, _ in dates.no_such_day_spans(norm)]
    gone += [(a, b, "the sun, not Sunday") for a, b in dates.sun_spans(norm)]
    gone += [(a, b, "a day that has passed") for a, b, _ in dates.passed_date_spans(norm, today)]
    for a, b, what in gone if at >= 0 else ():  # "saturday" of "last saturday": never planned
        if a < at + len(needle) and at < b:
            raise _Bad(
                f'the quote is part of "{norm[a:b]}", {what}: it names no day for the outing'
            )
    for a, b, year in dates.year_out_of_range_spans(norm) if at >= 0 else ():
        if a < at + len(needle) and at < b:  # "1 January 9999": never this year's 1 January
            raise _Bad(f'the quote is part of "{norm[a:b]}"{dates.out_of_range(year)}', None)
    if found is None:
        raise _Bad(f"no date found in the quote (today is {today.isoformat()})", None)
    if found.isoformat() != claimed:
        raise _Bad(
            f"the quote names {found.isoformat()} (today is {today.isoformat()}), not {claimed}",
            found.isoformat(),
        )
    return claimed


def _check_preference(value: Any, quote: str, sentence: str, today: date) -> str:
    claimed = _text(value, "preference").lower()
    in_quote = prefs.read_preferences(quote)
    if claimed not in in_quote:
        raise _Bad(f"the quote names the preferences {in_quote}, not {claimed!r}", in_quote)
    if claimed not in prefs.read_preferences(sentence):
        raise _Bad(f"{claimed!r} is negated in its sentence", prefs.read_preferences(sentence))
    at = [i for i in range(len(sentence)) if sentence.startswith(quote, i)]
    if at and not any(
        i <= a and b <= i + len(quote)
        for i in at
        for a, b in prefs.wish_spans_of(sentence, claimed)
    ):  # "outdoors" alone out of "we'd love to be outdoors", or out of "outdoors if it's fine"
        raise _Bad(
            f"the quote is part of the words that wish for {claimed!r}: quote them whole (a word "
            "of liking with a broad word, or the list item alone)",
            [],  # in its sentence, the quote alone names no wish
        )
    return claimed


def _check_avoid(value: Any, quote: str, sentence: str, today: date) -> dict:
    """An avoided kind or venue (``named.avoid_items``): the claimed kind ("museums") or venue
    words ("Lone Pine") must be what the quote avoids; ``hard`` is read from the words
    (``prefs.avoid_is_hard``), and a claimed ``hard`` must agree with it."""
    want_hard = None
    claimed_place: str | None = None
    if isinstance(value, dict):
        keys = set(value)
        place_shape = "place" in keys and not keys - {"place", "kind", "hard"}
        if not place_shape and (
            keys - {"kind", "venue", "hard"} or len(keys & {"kind", "venue"}) != 1
        ):
            raise _Bad(
                'avoid must be a kind or a venue as text, or {"kind": str} or {"venue": str} '
                '(or {"place": str} with an optional "kind": the venues of a suburb) with an '
                f'optional "hard": bool, got {value!r}'
            )
        if "hard" in value and not isinstance(value["hard"], bool):
            raise _Bad(f"avoid.hard must be true or false, got {value['hard']!r}")
        want_hard = value.get("hard")
        if place_shape:
            said = _text(value["place"], "avoid.place")
            place = resolve_place(said, data.gazetteer())
            if place is None:
                raise _Bad(f"avoid.place {said!r} is no place of the gazetteer", None)
            claimed_place = place.name
            value = value.get("kind") or said
        else:
            value = value.get("kind", value.get("venue"))
    claimed = _text(value, "avoid").lower()
    kind = prefs.PREFERENCE_WORDS.get(claimed, claimed)
    if claimed_place is None and not named.mentions(claimed):  # "Chandler", "the Chandler pool"
        place = find_place_in_text(claimed, data.gazetteer())
        claimed_place = place.name if place else None

    def same(o: named.AvoidItem) -> bool:
        if o.place or claimed_place:  # a suburb's venues: the same suburb
            return o.place == claimed_place
        return o.kind == kind if o.kind else named.names_same_venue(o.venue or "", claimed)

    found = named.avoid_items(quote)
    if not any(same(o) for o in found):
        labels = [o.label for o in found]
        raise _Bad(f"the quote asks to avoid {labels}, not {claimed!r}", labels)
    at = sentence.find(normalise(quote).strip(" .,;:!?"))
    said = [
        o
        for o in named.avoid_items(sentence)
        if same(o) and (at < 0 or (o.start < at + len(quote) and at < o.end))
    ]
    if not said:
        raise _Bad(f"{claimed!r} is not avoided in its sentence", None)
    item = said[0]
    hard = prefs.avoid_is_hard(sentence, item.start, item.end)
    out: dict = (
        {"place": item.place, **({"kind": item.kind} if item.kind else {}), "hard": hard}
        if item.place
        else {"kind": item.kind, "hard": hard}
        if item.kind
        else {"venue": _bare(item.venue or claimed), "hard": hard}
    )
    if want_hard is not None and want_hard != hard:
        why = (
            "a refusal: a hard limit"
            if hard
            else "hedged or a matter of taste: soft, ranked last and stated"
        )
        raise _Bad(f"the quote's avoid is {why} (hard={hard})", out)
    return out


def _bare(name: str) -> str:
    """A venue's words without a leading "the" ("the wheel" -> "wheel")."""
    return re.sub(r"^the\s+", "", name.strip().lower())


def _check_wish(value: Any, quote: str, sentence: str, today: date) -> str:
    """A venue named without insisting (``named.wish_spans``): the quote must name the claimed
    venue of the catalogue, and its sentence must neither avoid it, insist on it (a must_do),
    nor say it was visited already."""
    claimed = _text(value, "wish").lower()
    found = [m for m in named.mentions(quote) if named.names_same_venue(m.name, claimed)]
    if not found:
        names = [m.name for m in named.mentions(quote)]
        raise _Bad(f"the quote names no venue of the catalogue as {claimed!r} ({names})", names)
    at = sentence.find(normalise(quote).strip(" .,;:!?"))
    here = [
        m
        for m in named.mentions(sentence)
        if named.names_same_venue(m.name, claimed)
        and (at < 0 or (m.start < at + len(quote) and at < m.end))
    ]
    if not here:
        raise _Bad(f"{claimed!r} is not named as a venue in its sentence", None)
    m = here[0]
    if any(o.venue and o.at == m.start for o in named.avoid_items(sentence)):
        raise _Bad(f"the sentence asks to avoid {claimed!r}: read it as avoid", None)
    if named.said_past(sentence, m):
        raise _Bad(
            f"the sentence says {claimed!r} was visited already, not that it is wished", None
        )
    if any(x.start < m.end and m.start < x.end for x in musts.must_items(sentence)):
        raise _Bad(f"the sentence insists on {claimed!r}: read it as must_do", None)
    if not any(w.start == m.start for w in named.wish_spans(sentence)):
        raise _Bad(f"{claimed!r} names a kind of outing (a preference), not one venue", None)
    return _bare(m.name)


def _check_only(value: Any, quote: str, sentence: str, today: date) -> str:
    """A kind the day is limited to (``prefs.only_spans``): the quote must say the "only" and
    the claimed kind ("galleries only", "just parks and playgrounds"), and in its sentence it
    must stay a limit (no hedge or condition, no time of day, no other kind wished for)."""
    if isinstance(value, dict):
        if set(value) != {"kind"}:
            raise _Bad(f'only must be a kind as text, or {{"kind": str}}, got {value!r}')
        value = value["kind"]
    claimed = _text(value, "only").lower()
    kind = prefs.ONLY_WORDS.get(claimed, claimed)
    in_quote = prefs.read_only(quote)
    if kind not in in_quote:
        if not in_quote:
            raise _Bad(
                'the quote limits the day to no kind of outing (it needs "only", "just", '
                '"nothing but" or "and nothing else" with the kind)',
                [],
            )
        raise _Bad(f"the quote limits the day to {in_quote}, not {claimed!r}", in_quote)
    at = sentence.find(normalise(quote).strip(" .,;:!?"))
    said = [
        k
        for a, b, k in prefs.only_spans(sentence)
        if k == kind and (at < 0 or (a < at + len(quote) and at < b))
    ]
    if not said:
        raise _Bad(
            f"{claimed!r} is no limit in its sentence: a hedge or a condition ('ideally', 'if "
            "it rains'), a time of day, or another kind wished for beside it makes it a "
            "preference",
            prefs.read_only(sentence),
        )
    return kind


def _check_indoor_only(value: Any, quote: str, sentence: str, today: date) -> bool:
    if value is not True:
        raise _Bad("indoor_only takes true (the request asks for indoor venues only)", None)
    if not prefs.indoor_only_spans(quote) and not prefs.timed_indoor_spans(quote):
        raise _Bad("the quote does not ask for indoor venues only", None)
    spans = prefs.indoor_only_spans(sentence)
    at = [i for i in range(len(sentence)) if sentence.startswith(quote, i)]
    if any(x < i + len(quote) and i < y for i in at for x, y in prefs.timed_indoor_spans(sentence)):
        raise _Bad(
            'the quote\'s indoor limit is said for a part of the day ("no outdoor after 12"), '
            "not the whole day: indoor_only would widen it",
            None,
        )
    if not any(x < i + len(quote) and i < y for i in at for x, y in spans):
        raise _Bad(
            'the quote asks for indoor venues only on a condition ("if it rains": the weather\'s '
            'rule) or as a wish ("indoors please", "indoor play"), not as a limit',
            None,
        )
    return True


def _check_must(value: Any, quote: str, sentence: str, today: date) -> str:
    claimed = _text(value, "must_do").lower()
    found = places.read_must(quote)
    if not any(claimed == f or claimed in f or f in claimed for f in found):
        raise _Bad(f"the quote insists on {found}, not {claimed!r}", found)
    return claimed


_CHECKS = {
    "window_start": lambda v, q, s, t: _check_time("window_start", v, q, s, t),
    "window_end": lambda v, q, s, t: _check_time("window_end", v, q, s, t),
    "budget": _check_budget,
    "adults": lambda v, q, s, t: _check_party("adults", v, q, s, t),
    "children": lambda v, q, s, t: _check_party("children", v, q, s, t),
    "mode": _check_mode,
    "max_leg_minutes": _check_cap,
    "rain": _check_rain,
    "blocked": _check_blocked,
    "must_do": _check_must,
    "preference": _check_preference,
    "avoid": _check_avoid,
    "wish": _check_wish,
    "only": _check_only,
    "indoor_only": _check_indoor_only,
    "home": lambda v, q, s, t: _check_place("home", v, q, s, t),
    "location": lambda v, q, s, t: _check_place("location", v, q, s, t),
    "date": _check_date,
}


def _wordy(norm: str, i: int) -> bool:
    """Whether ``norm[i]`` is part of a word (a letter, digit, or an apostrophe inside one)."""
    if not 0 <= i < len(norm):
        return False
    c = norm[i]
    if c.isalnum() or c == "_":
        return True
    return c == "'" and 0 < i < len(norm) - 1 and norm[i - 1].isalnum() and norm[i + 1].isalnum()


def whole_words(text: str, quote: str) -> bool:
    """Whether ``quote`` occurs in ``text`` (both normalised) starting and ending on word
    boundaries somewhere: "d need to be back by 1pm" of "I'd need ..." and "$1" of "$1e9" are
    cut words, never quotes."""
    norm = normalise(text)
    needle = normalise(quote).strip(" .,;:!?")
    at = norm.find(needle) if needle else -1
    while at >= 0:
        end = at + len(needle)
        starts = not (_wordy(norm, at) and _wordy(norm, at - 1))
        ends = not (_wordy(norm, end - 1) and norm[end : end + 1].isalnum())  # "the baby('s)"
        if starts and ends:
            return True
        at = norm.find(needle, at + 1)
    return False


def verify_reading(text: str, item: Any, *, today: date) -> ReadingItem | ReadingRejection:
    """Accept ``item`` (a ``ReadingItem`` or a dict ``{field, value, quote}``) as a reading of
    ``text``, or say why not.

    Checks, in order: the shape (known ``field``, a ``quote`` string of 1-200 characters, no
    other keys); that the quote occurs in ``text`` (after ``text.normalise`` on both); and that
    ``value`` is what the quote says by the field's parser (``today``, the request's local date,
    anchors dates). Returns the accepted ``ReadingItem`` with its value in canonical shape, or a
    ``ReadingRejection`` naming the quote and what the parser found. Never raises.
    """
    if isinstance(item, ReadingItem):
        item = item.as_dict()
    if not isinstance(item, dict):
        return _reject(
            {}, f"a reading must be an object {{field, value, quote}}, got {type(item).__name__}"
        )
    extra = set(item) - {"field", "value", "quote"}
    if extra:
        return _reject(
            item,
            f"unknown keys {sorted(map(str, extra))[:5]}: a reading has only field, value and quote",
        )
    field, quote = item.get("field"), item.get("quote")
    if field not in FIELDS:
        return _reject(item, f"unknown field {field!r}; fields are: {', '.join(FIELDS)}")
    if not isinstance(quote, str) or not quote.strip():
        return _reject(item, "quote must be the exact words from the request text that say this")
    if len(quote) > MAX_QUOTE:
        return _reject(
            item, f"quote is {len(quote)} characters; quote the phrase (at most {MAX_QUOTE})"
        )
    if "value" not in item:
        return _reject(item, "value is missing")
    span = find_quote(text, quote)
    if span is None:
        return _reject(item, "the quote does not occur in the request text", None)
    if not whole_words(text, quote):
        return _reject(
            item,
            "the quote starts or ends inside a word: quote whole words, the whole phrase",
            None,
        )
    sentence = sentence_around(text, span) if field != "rain" else normalise(text)
    try:
        # places keep their capitals (an unknown place is a capitalised name); the rest is case-free
        said = clean(quote) if field in ("home", "location", "must_do") else normalise(quote)
        value = _CHECKS[field](item["value"], said, sentence, today)
    except _Bad as bad:
        return _reject(item, bad.error, _jsonable(bad.found))
    except (ValueError, TypeError, ValidationError) as exc:  # a reader's own refusal, never a crash
        return _reject(item, f"could not read the quote: {exc}"[:300])
    # built without validation: ``field`` is in ``FIELDS`` and the quote 1 to MAX_QUOTE
    # characters once stripped (both checked above), all ``ReadingItem`` validates
    return ReadingItem.model_construct(field=field, value=value, quote=quote.strip())


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
