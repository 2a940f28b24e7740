"""The stand-in model's own reading of free text: proposed readings with quotes, and the
constraint-like phrases it could not read.

Proposals are what the offline stand-in states through the ``record_reading`` tool; code then
verifies every one (``verify_reading``) exactly as it verifies Gemini's. ``read_request`` does
both and returns the ``AcceptedReading`` a tool would freeze.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from dayplan.reading import (
    access,
    away,
    clock,
    dates,
    dayparts,
    duck,
    language,
    money,
    net,
    people,
    places,
    prefs,
    times,
    travel,
    weather,
)
from dayplan.reading import deferred_re as re
from dayplan.reading import musts as musts_mod
from dayplan.reading import named as named_mod
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.records import MAX_QUOTE, AcceptedReading, ReadingItem
from dayplan.reading.text import clean, cut, find_quote, normalise, sentences
from dayplan.reading.text import clean as cased_text
from dayplan.reading.verify import verify_reading

ASKING_KINDS = frozenset(
    {
        "time",
        "number",
        "duration",
        "money",
        "party",
        "count",
        "travel",
        "foreign",
        "must",
        "activity",
        "weather",
        "date",
        "people",
        "cap",
        "distance",
        "time_conflict",
        "weather_conflict",
        "date_conflict",
        "budget_conflict",
        "indoor_conflict",
        "negative",
        "away_place",
        "place_guess",
        "limit",
        "indoor_time",
        "outdoor_time",
    }
)
"""Unread phrases of these kinds would change the plan (a deadline, a budget, the party, how the
party travels: "we don't have a car" with no other way named, a sentence in another language
whose day, times and party this reader cannot read); ``count`` is a count of people said but
out of the request's range ("999 kids"): asked even without a budget; ``must`` is a must-like
clause nothing read ("we promised the kids", the second member of "must see X and Y" when only
X was read): a must-do is never dropped silently; ``activity`` is an outing at a set time
("museum trip 10-12"), which is neither the day's window nor an appointment: asked whether it is
booked (planned around) or to be planned then; ``weather`` is rain said where no clock reads
when ("rain until the footy finishes"), or a rain reading code rejected: the forecast would
otherwise decide silently; ``time_conflict`` and ``weather_conflict`` are accepted readings that
cannot all hold (the day ends before it starts; no rain beside a rain window): ``found`` is the
question (``conflicts``); ``date_conflict`` is a weekday said with a day of the month that is
another weekday ("Saturday 20th December", a Sunday in 2026): ``found`` asks which day, naming
both and offering the nearest matching days (``dates.weekday_dates``); ``away_place`` is an
appointment whose words name a place away from home ("swimming lessons 9-10 at Chandler",
``away.away_places``): the plan would count it at home, so the run asks instead;
``indoor_time`` is an indoor limit said for part of the day ("no outdoor after 12",
``prefs.timed_indoor_spans``): ``indoor_only`` would widen it to the whole day, so it is asked;
``outdoor_time`` is the same for an outdoor limit ("nothing inside after lunch",
``prefs.timed_outdoor_spans``); ``budget_conflict`` is a second, different budget beside the one
read ("budget $20, budget $200", ``second_limit``; a second home time or start is a
``time_conflict``), ``indoor_conflict`` an indoor limit beside an outdoor one ("indoors only,
outdoors only": nothing is left, ``indoor_outdoor``), ``negative`` a count or an amount below zero ("-3 kids",
"$-50", ``negatives``): each ``found`` is the question."""


@dataclass(frozen=True)
class UnreadPhrase:
    """A phrase that looks like a constraint but was not read: its text and ``kind``
    (``time``, ``money``, ``party``, ``count`` (out of range), ``duration``, ``place``,
    ``number``, ``must`` (a must-like clause nothing read), ``activity`` (an outing at a set
    time), ``text`` for a script
    the reader does not read, ``foreign`` for a sentence in another Latin-script language,
    ``access`` for an access need no venue fact can check: "wheelchair", "can't do stairs",
    ``dayplan.reading.access``; listed and stated, never asked)."""

    phrase: str
    kind: str
    found: str | None = None
    """What the parser did read in the phrase when a model's reading of it was rejected, as
    words ("home by 11:00"): then the question asks to confirm that, not what it means."""

    @property
    def asks(self) -> bool:
        """Whether the run should ask about it rather than guess (see ``ASKING_KINDS``)."""
        return self.kind in ASKING_KINDS


def _item(text: str, field: str, value, span: tuple[int, int]) -> ReadingItem | None:
    s, e = max(0, span[0]), span[1]
    quote = cut(text, (s, e)).strip(" ,.;:!?")
    if not quote or len(quote) > MAX_QUOTE:
        return None
    # built without validation: ``field`` is one of ``FIELDS`` (our own) and the quote is 1 to
    # MAX_QUOTE characters (checked above), all ``ReadingItem`` validates
    return ReadingItem.model_construct(field=field, value=value, quote=quote)


_DURATION_HINT = re.compile(
    r"\b(?:min|mins|minutes?|hours?|hrs?|hr)\b|\d(?:m|mins?|h|hrs?)\b", re.I
)


def _sentence_items(text: str, s0: int, sent: str, today: date) -> list[ReadingItem]:
    out: list[ReadingItem | None] = []

    timed: dict[str, list[tuple[int, int]]] = {}  # timed rain and blocked windows, where said

    def add(field: str, value, a: int, b: int) -> None:
        out.append(_item(text, field, value, (s0 + a, s0 + b)))
        if field in ("rain", "blocked") and isinstance(value, dict):
            timed.setdefault(field, []).append((a, b))

    def near(field: str, a: int, b: int, slack: int = 0) -> bool:
        return any(x < b + slack and a < y + slack for x, y in timed.get(field, ()))

    wx_times = [  # the times weather mentions claim (this sentence's offsets)
        (x - s0, y - s0)
        for m in weather.mentions(text)
        for x, y in m.times
        if s0 <= x < s0 + len(sent)
    ]

    def weather_time(a: int, b: int) -> bool:
        return any(x < b and a < y for x, y in wx_times)

    if language.is_foreign(sent):  # another language: asked about, never guessed at; only a
        # place of the gazetteer (a name in any language) is read
        for a, b, field, _ in places.place_spans(sent):
            value = places.read_place(sent[a:b])
            if value:
                add(field, value, a, b)
        return [i for i in out if i is not None]

    # time ranges: rain, blocked or the day's window
    window_done = False
    kinds = [times.range_kind(sent, (a, b)) for a, b, _, _ in times.ranges(sent)]
    for (a, b, start, end), (kind, cue) in zip(times.ranges(sent), kinds, strict=True):
        lo = min(a, cue)
        if any(r[1] <= a and r[0] >= lo for r in times.ranges(sent)):
            lo = a  # a later range of a list ("naps 10:30-11 and 1-2:30"): quote it alone
        prev = re.search(r"\b(\w+)\s+$", sent[:lo])
        if (
            kind == "blocked"
            and prev
            and (
                times.BLOCK_RE.fullmatch(prev.group(1)) or prev.group(1) in places.PREFERENCE_WORDS
            )
        ):
            lo = prev.start(1)  # "footy training": both words name the appointment
        if kind == "window" and in_list_kind(sent, a, b) != "window":
            kind = in_list_kind(sent, a, b)
            lo = a
        if weather_time(a, b):
            continue  # the weather's time (read with its mention below), never the day's
        if kind == "rain":
            kind = "window"  # a rain word beside it, but no weather mention claims it: "out 9-3, showers from 1"
        if kind == "blocked":
            hi = b
            tail = re.match(r"\s*(?:at home|back home)\b", sent[b:]) or re.match(
                r"\s*\([^()]{0,30}?\bat home\b\s*\)", sent[b:]
            )  # "busy 11-1 (party at home)": at home, said in brackets
            if tail:
                hi = b + tail.end()
            elif times.home_range(sent[lo:b]):  # "home 12-2 for the baby's nap": its reason
                hi = times.why_home_end(sent, b)
            found = times.read_blocked(sent[lo:hi], sent)
            said = times.length_said_before(sent, lo, end - start)
            if found:  # "an hour at home for lunch 12-1": the length is the range's, quoted
                add("blocked", found, lo if said is None else said, hi)
        elif kind == "resume":  # "then out again 2:30-5": the day ends at the outing's end
            add("window_end", clock.hhmm(end), cue, b)
        elif kind == "window" and not window_done:
            add("window_start", clock.hhmm(start), lo, b)  # "after lunch 2pm-5pm": quoted whole
            if not any(k == "resume" for k, _ in kinds) and not times.home_by_after(sent, b, end):
                # "out 9-12, ..., out again 2:30-5"; "Eat Street 5-8pm and home by 8:30": the
                # day ends later, when said
                add("window_end", clock.hhmm(end), lo, b)
            window_done = True
    for a, b, _, _ in times.outing_gaps(sent):  # "out 9-12 and out again 3-5"
        if (
            not any(  # a break said for the gap ("nap at home 12-2:30") is the gap's reading
                x < b and a < y for x, y in timed.get("blocked", ())
            )
            and not times.point_blocks(sent[a:b])
        ):
            found = times.read_blocked(sent[a:b], sent)
            same = [  # "busy 11-1 (party at home), out 9-11 and 1-4": the gap is said already
                i.value
                for i in out
                if i is not None
                and i.field == "blocked"
                and found
                and (i.value.get("start"), i.value.get("end")) == (found["start"], found["end"])
            ]
            if found and not same:
                add("blocked", found, a, b)
    # appointments said with one time ("doctor at 1pm for an hour", "kids party at 3.30")
    for a, b, _, _, _ in times.point_blocks(sent):
        if weather_time(a, b) or near("blocked", a, b):
            continue
        prev = re.search(r"\b(\w+)\s+$", sent[:a])
        if prev and (times.BLOCK_RE.fullmatch(prev.group(1)) or prev.group(1) in ("kids", "kid's")):
            a = prev.start(1)  # "piano lesson", "kids party": both words name it
        found = times.read_blocked(sent[a:b], sent)
        if found:
            add("blocked", found, a, b)
    # a stay at home said by its end after a break at home ("lunch at home 12-1:30 and the
    # little one naps at home until 3"): blocked, never the day's start
    for a, b, _, _ in times.stays_until(sent):
        found = times.read_blocked(sent[a:b], sent) if not near("blocked", a, b) else None
        if found:
            add("blocked", found, a, b)
    # single times after a start or end cue
    for a, b, role, minutes in times.points(sent):
        if weather_time(a, b):
            continue  # "no rain before 2", "dry until lunch": the weather's time, not the day's
        if weather.WEATHER_TURN.search(sent[max(0, a - 30) : a]):
            continue  # "clearing after lunch", "should fine up by 2": the weather's time
        if near("blocked", a, b):
            continue  # "home for lunch 12-1": a time at home, not the end of the day
        if prefs.time_of_a_wish(sent, a, b):
            continue  # "parks after lunch", "indoor stuff from 2": when the preference is wished
        if role == "end" and times.ambiguous_end(sent, a, b):
            continue  # "back by 9:15" alone: 09:15 or 21:15, left unread and asked
        add("window_start" if role == "start" else "window_end", clock.hhmm(minutes), a, b)
    # money
    zero = money.zero_match(sent)  # "free stuff preferably, $20 max": the $20
    if zero:
        add(
            "budget",
            {"amount": 0.0, "currency": money.LOCAL_CURRENCY, "per_person": False},
            *zero,
        )
    else:
        odd = money.not_plain_spans(sent)  # "$1e9", "$5k": asked about, never read as "$1"
        odd += money.foreign_spans(sent)  # "60 euros", "$50 USD": asked, never read as AUD
        spans = [m.span() for m in money.MONEY_RANGE.finditer(sent) if money.range_cap(m.group(0))]
        spans += [
            m.span()
            for m in money.DIGIT_MONEY.finditer(sent)
            if not any(x < m.end() + 1 and m.start() < y for x, y in odd)
            and not any(x <= m.start() < y for x, y in spans)  # "$30" of "$30-50"
            and not money.not_an_amount(sent, m.start())  # "45" of "home by 3:45 budget"
        ]
        spans += [
            sp
            for sp in money.bare_budget_spans(sent)  # "keep it under 50", "budget: fifty"
            if not any(x < sp[1] and sp[0] < y for x, y in spans)
        ]
        spans += [
            sp
            for sp in money.ish_alone_spans(sent)  # "2 adults 2 kids, 120ish"
            if not any(x < sp[1] and sp[0] < y for x, y in spans)
        ]
        spans.sort()
        spans = spans or money.tight_max_spans(sent, normalise(text))  # "$$ tight - like 50 max"
        if not spans and money.MONEY_CUE.search(sent):
            for sp in duck.parse(sent, duck_ref(today), ("amount-of-money",)):
                if money.MONEY_CUE.search(sp.body):
                    tail = re.match(
                        r"\s*(?:each|per (?:person|head|kid)|a head|pp|total)\b",
                        sent[sp.end :],
                        re.I,
                    )
                    spans.append((sp.start, sp.end + (tail.end() if tail else 0)))
        spans = [sp for sp in spans if not any(x < sp[1] + 1 and sp[0] < y for x, y in odd)]
        for a, b in spans[:1]:
            b += len(re.match(r"[a-z]*", sent[b:]).group(0))  # "$80ish": the whole word
            rate = money.RATE_TAIL.match(sent, b)  # "$30 an adult": the rate is in the quote
            b = rate.end() if rate else b
            member = money.FOR_MEMBER.match(sent, b)  # "$40 each for the adults"
            b = member.end() if member and money.PER_PERSON.search(sent[a:b]) else b
            found = money.read_money(sent[a:b])
            if found:
                add(
                    "budget",
                    {
                        "amount": found.amount,
                        "currency": found.currency,
                        "per_person": found.per_person,
                    },
                    a,
                    b,
                )
    # party
    cues = people.cue_spans(sent)
    if cues:
        a, b = cues[0][0], max(e for _, e in cues)
        for r in people.COUNT_RANGE.finditer(sent):  # "2-3 kids": the range is the count said
            if r.start() < b and a < r.end():
                a, b = min(a, r.start()), max(b, r.end())
        b = people.bracket_closed(sent, a, b)  # "the kids (7 and 9)", "me (mum of 3)"
        lead = re.search(r"(?:\bwith\s+|\bw/\s*|\bw\s+)(?:the\s+|my\s+|our\s+)?$", sent[:a])
        if lead and not people.WRITER.search(sent[a:b]):
            a = lead.start()  # "with 2 kids and my partner": the writer comes too
        party = people.read_party(sent[a:b])
        if party.adults is not None:
            add("adults", party.adults, a, b)
        if party.children is not None:
            add("children", party.children, a, b)
    # travel
    mode = travel.read_mode(sent)
    if mode:
        cue = {"car": travel.CAR, "transit": travel.TRANSIT, "walk": travel.WALK}[mode]
        m = cue.search(travel.mode_text(sent))
        if m:
            add("mode", mode, *m.span())
    has_duration = _DURATION_HINT.search(sent)
    totals = travel.total_spans(sent)  # "an hour in the car all day": not a cap on a leg
    for sp in duck.parse(sent, duck_ref(today), ("duration",)) if has_duration else ():
        if any(x <= sp.start < y for x, y in totals):
            continue
        lo, hi = max(0, sp.start - 30), min(len(sent), sp.end + 25)
        lo += max([0] + [m.end() for m in re.finditer(r"[,;]", sent[lo : sp.start])])
        for a in range(lo, sp.start + 1):  # the widest piece from a word start, in its clause
            piece = sent[a:hi]
            if travel.read_cap(piece) and (a == 0 or not re.match(r"[\w']", sent[a - 1])):
                # tighten: the smallest piece from a word start that still reads as a cap
                for b in range(sp.end, hi + 1):
                    if (b == len(sent) or not sent[b].isalnum()) and travel.read_cap(sent[a:b]):
                        add("max_leg_minutes", travel.read_cap(sent[a:b]), a, b)
                        break
                break
    if not any(i is not None and i.field == "max_leg_minutes" for i in out):
        for a, b in travel.cap_phrase_spans(sent)[:1]:  # "nothing further than 20 mins"
            if travel.read_cap(sent[a:b]):
                add("max_leg_minutes", travel.read_cap(sent[a:b]), a, b)
    if not any(i is not None and i.field == "max_leg_minutes" for i in out):
        for a, b, _ in travel.alone_cap_spans(sent)[
            :1
        ]:  # "..., 20 min tops", "home by 3 max 20 min"
            found = travel.alone_cap(sent[a:b], sent)
            if found:
                add("max_leg_minutes", found, a, b)
    # places, preferences, must-dos
    for a, b, field, _ in places.place_spans(sent):
        value = places.read_place(sent[a:b])
        if value:
            add(field, value, a, b)
    cased = cased_text(text)
    aligned = len(cased) == len(normalise(text))
    here = cased[s0 : s0 + len(sent)] if aligned else sent  # "in New Farm" vs "in the morning"
    musts = []
    for must in musts_mod.must_items(here):  # every member of a list: "X, Y and Z"
        add("must_do", must.name, must.quote_start, must.quote_end)
        musts.append((must.quote_start, must.quote_end))
    named = list(musts_mod.named_spans(here))  # must-do members: "the Museum of Brisbane"
    if aligned:  # capitals name a venue: "a day at Lone Pine"
        for a, b, name in places.venue_spans(here):
            named.append((a, b))
            if musts_mod.negated_before(here, a):  # "dont take us to GOMA": never a must-do
                continue
            if not any(x <= a < y for x, y in musts):  # "we must see Lone Pine" is read above
                add("must_do", name, a, b)
    avoided = named_mod.avoid_items(sent)
    for o in avoided:  # "no museums please", "not GOMA this time"; a list's members share the
        end = max(x.end for x in avoided if x.start == o.start)  # whole list as their quote
        if o.place:  # "not Chandler", "not the Chandler pool": the venues of a suburb
            add("avoid", {"place": o.place, **({"kind": o.kind} if o.kind else {})}, o.start, end)
        else:
            add("avoid", o.kind or re.sub(r"^the\s+", "", o.venue or ""), o.start, end)
        if o.venue or o.place:
            named.append((o.at, o.end))  # "not the Museum of Brisbane": no wish for museums
    places_said = [(a, b) for a, b, _, _ in places.place_spans(sent)]
    for m in named_mod.wish_spans(sent):  # "maybe SparkLab", "then GOMA": tried first, soft
        if any(x < m.end and m.start < y for x, y in named + places_said):
            continue  # a must-do ("a day at Lone Pine") or the home's place
        if near("blocked", m.start, m.end):
            continue  # "swim lessons at Sleeman 8-9": an appointment's place
        add("wish", re.sub(r"^the\s+", "", m.name), m.start, m.end)
        named.append((m.start, m.end))
    for a, b in prefs.indoor_only_spans(sent)[:1]:  # "indoors only": a hard limit
        add("indoor_only", True, a, b)
    only = prefs.only_spans(sent)
    for a, b, kind in only:  # "galleries only", "just parks and playgrounds": a hard limit
        add("only", kind, a, b)
    for a, b, pref in prefs.preference_spans(sent):
        if any(x <= a < y for x, y in named):
            continue  # "the Museum of Brisbane" is a must-do, no wish for museums in general
        if any(x <= a < y for x, y, _ in only):
            continue  # "galleries only": the limit, not also a wish
        if not near("blocked", a, b):  # "swimming lessons 9-9:45" is an appointment
            add("preference", pref, a, b)
    return [i for i in out if i is not None]


_AGE_WORDS = re.compile(
    r"\b(\d{1,2})\s*(?:months?|mths?|mo|weeks?|wks?)(?:\s*old)?\b"
    r"|(?<=\bunder )(1[0-7]|[1-9])(?=s?\b)(?!\s*(?:bucks|dollars|aud|min|mins|minutes|hours?|km))"
    r"|\bof\s+(?:them|em|'em)\s*,\s*(?:aged?\s+)?(\d{1,2}(?:\s*(?:and|&|,)\s*\d{1,2})*)\b"
    r"|\b(?:kids?|child(?:ren)?|girls?|boys?|sons?|daughters?|twins|triplets|who)\s+(?:are|is|'re)\s+"
    r"(\d{1,2}(?:\s*(?:and|&|,)\s*\d{1,2})*)\b(?!\s*(?:am|pm|:|\.\d|bucks|dollars|min|mins|hours?))",
    re.I,
)
"""A baby's age in months ("baby 10 months"), "kids under 5", or ages said after the children
("my twin girls who are 7", "the boys are 4 and 6"): no number left unread."""
_FAMILY = re.compile(
    r"\b(?:the|our|my) (?:family|kids|children|little ones|fam)\b|\bfamily\b", re.I
)
_UNCOUNTED_FAMILY = re.compile(
    r"\b(?:(?:for|with)\s+)?(?:the|my|our)\s+(?:whole\s+|entire\s+)?(?:family|fam|famil)\b"
    r"(?![\s-]*(?:friendly|of\s+\w+|member))"
    r"|\bfamily\s+(?:day(?:\s+out)?|outing|trip|time|fun|adventure)\b",
    re.I,
)
"""A family said without its count ("for the family", "with my whole family", "a family day
out"): the party is unknown, so prices cannot be checked for it; with no adults or children read
it is listed unread (kind ``party``) and asked, never priced as one adult. "family-friendly",
"family of 4" (read as a count) and "a family member" are no such phrase."""


def uncounted_family(phrase: str) -> bool:
    """Whether ``phrase`` is a family said without its count ("for the family", "family day
    out": ``_UNCOUNTED_FAMILY``): a structured party answers it, so it is then no unread
    phrase at all."""
    return bool(_UNCOUNTED_FAMILY.fullmatch(normalise(phrase).strip(" .,;:!?")))


_ONE_NAMED_CHILD = re.compile(
    r"the\s+(?:little\s+|young\s+|youngest\s+|baby\s+)?(?:little one|baby|bub|bubba|toddler|youngest|kid|child|boy|girl)",
    re.I,
)
"""One child named with "the" ("the little one naps 1-2"): in a text that names the party as
"the family" or "the kids", one of them, never the party's count of children."""


def weather_items(text: str) -> list[ReadingItem]:
    """A rain reading per value of each weather mention of ``text`` that code read
    (``weather.mentions``), quoted whole: "showers clearing by 11" is rain 00:00-11:00."""
    out = []
    for m in weather.mentions(text):
        if m.read:
            for value in m.values:
                it = _item(text, "rain", value, (m.start, m.end))
                if it:
                    out.append(it)
    return out


def _is_period(quote: str) -> bool:
    """Whether a window reading's quote is a part of the day only ("morning only", "this
    arvo"): it yields to a time said anywhere ("home by 4")."""
    return bool(times.PERIOD_ONLY.fullmatch(normalise(quote).strip())) or dayparts.is_part_quote(
        quote
    )


def in_list_kind(sent: str, a: int, b: int) -> str:
    """The kind of the range at ``a:b`` of ``sent`` when it continues a list ("10-11 and 2-3")."""
    return times.in_sentence_kind(sent[a:b], sent) or "window"


def duck_ref(today: date):
    """Duckling's reference time for ``today`` (local midnight, naive)."""
    from datetime import datetime

    return datetime(today.year, today.month, today.day)


def _in_place_name(text: str, item: ReadingItem, items: list[ReadingItem]) -> bool:
    """Whether a preference's every occurrence is a word of the place read as the home or the
    location ("Victoria Park", "Holland Park"): a place's name says no wish."""
    if item.field != "preference":
        return False
    low = clean(text).lower()
    names = [str(i.value).lower() for i in items if i.field in ("home", "location")]
    spans = [(m.start(), m.end()) for n in names if n for m in re.finditer(re.escape(n), low)]
    word = item.quote.lower()
    hits = [m.start() for m in re.finditer(r"\b" + re.escape(word) + r"\b", low)]
    return bool(hits and spans) and all(any(a <= h < b for a, b in spans) for h in hits)


def _counted_children_win(items: list[ReadingItem]) -> list[ReadingItem]:
    """``items`` without a first count of children that only names a child by relation ("Ballet
    10-11 for my daughter"), when a later sentence counts as many or more ("me and 2 kids"): the
    child named is one of those counted, never the whole party."""
    kids = [i for i in items if i.field == "children" and isinstance(i.value, int)]
    if len(kids) < 2 or not people.names_children_one_by_one(kids[0].quote):
        return items
    later = [
        i
        for i in kids[1:]
        if i.quote != kids[0].quote
        and not people.names_children_one_by_one(i.quote)
        and i.value >= kids[0].value
    ]
    return [i for i in items if i is not kids[0]] if later else items


def propose_readings(text: str, *, today: date) -> list[ReadingItem]:
    """The stand-in's readings of ``text`` (``today``: the request's local date): one item per
    thing the text says, each with its quote, deduplicated, at most one value per single-valued
    field (the first said). Unverified: pass them to ``verify_reading`` (``read_request`` does)."""
    norm = normalise(text)
    items: list[ReadingItem] = []
    for s, e in sentences(text):
        items += _sentence_items(text, s, norm[s:e], today)
    items += weather_items(text)
    items = away.place_appointments(text, items)  # "swimming lessons 9-10 at Chandler"
    if not any(i.field in ("location", "home") for i in items):
        # a place the gazetteer does not know, named with a capital after in/around/near
        m = places.OTHER_PLACE.search(clean(text))
        if m and m.group(1).split()[0] not in places.NOT_PLACES:
            it = _item(text, "location", m.group(1), (m.start(), m.end()))
            if it:
                items.append(it)
    items = [i for i in items if not _in_place_name(text, i, items)]
    for a, b, day in dates.plan_date_spans(norm, today):
        # the date its quote names alone (as code verifies it): "Sunday" said on a Sunday is today
        said = dates.read_date(cut(text, (a, b)).strip(" ,.;:!?"), today) or day
        it = _item(text, "date", said.isoformat(), (a, b))
        if it:
            items.append(it)
            break
    seen: set[tuple] = set()
    single = {
        "window_start",
        "window_end",
        "budget",
        "adults",
        "children",
        "mode",
        "max_leg_minutes",
        "home",
        "location",
        "date",
    }
    fields: set[str] = set()
    out: list[ReadingItem] = []

    def inside_longer(it: ReadingItem) -> bool:
        # one phrase, one reading: "showers from 2pm" is part of "showers from 2pm to 4pm"
        # a list quotes each member with its cue ("must see X and Y", "keen on nature and
        # views"): a member inside the longer quote of another member is read too
        listed = it.field in ("must_do", "preference", "avoid", "wish", "only")
        q = normalise(it.quote)
        return any(
            o.field == it.field
            and len(o.quote) > len(it.quote)
            and q in normalise(o.quote)
            and not (listed and o.value != it.value)
            for o in items
        )

    if _FAMILY.search(norm):
        items = [
            i
            for i in items
            if not (i.field == "children" and _ONE_NAMED_CHILD.fullmatch(normalise(i.quote)))
        ]
    items = _counted_children_win(items)
    # a part of the day ("afternoon only") yields to a time said anywhere ("home by 4")
    items.sort(key=lambda i: i.field in ("window_start", "window_end") and _is_period(i.quote))
    for it in items:
        key = (it.field, repr(it.value))
        if key in seen or (it.field in single and it.field in fields) or inside_longer(it):
            continue
        seen.add(key)
        fields.add(it.field)
        out.append(it)
    return out


_NON_LATIN = r"[^\W\d_a-zA-Z\u00c0-\u024f\u1e00-\u1eff]"
_FOREIGN = re.compile(_NON_LATIN + r"(?:[\w\s,、。()（）]*" + _NON_LATIN + r")?")
"""A run of letters in a script other than Latin (Japanese, Cyrillic, Arabic, ...), with what
sits between them: the reader reads English, so such text is listed as unread (kind ``text``)."""

_FOREIGN_TIME_CUE = re.compile(r"(?:\ba las|\ba la|\bà|\bum|\balle|\bore|\bom|\bkl\.?|\bàs)\s+$")
"""A time cue of another language before a number ("a las 3", "à 15h", "um 3"): the number is a
time this reader cannot place, so it is asked about."""

VAGUE_TIME = re.compile(
    r"\b(?:(?:be\s+|get\s+|got\s+|need\s+to\s+be\s+|have\s+to\s+be\s+|must\s+be\s+)?(?:home|back)"
    r"(?:\s+home)?\s+(?:by|before|for|around|in time for|ahead of|in)|leave\s+(?:by|before|around)"
    r"|finish(?:ed)?\s+(?:by|before)|done\s+(?:by|before)|(?:not\s+)?(?:before|after|until|till|by))\s+"
    r"(?:(?:the|our|my|his|her|their|kids'?|kid's|baby's|bub's|little one's|school)\s+){0,2}"
    r"(?:dinner(?:\s?time)?|tea(?:\s?time)?|supper|bed\s?time|bath\s?time|dark|dusk|sunset|sundown"
    r"|nightfall|it gets dark|(?:school\s+)?pick-?up|school(?:\s+pick-?up)?|kindy|daycare|nap\s?time"
    r"|(?:the\s+)?(?:mid|early|late)[\s-]?(?:afternoon|arvo|morning)|the\s+(?:afternoon|arvo|evening)"
    r"|the\s+(?:heat|traffic)|peak hour|the\s+footy|the\s+game|close|closing)\b",
    re.I,
)
"""A deadline or start said by an event, not a clock ("home before dinner", "back for tea",
"before it gets dark", "after school pickup", "home by mid-afternoon", "back in the evening"):
when it is, depends on
the family, so no convention is assumed: it is listed unread (kind ``time``) and asked about."""
_WORDY_DEADLINE = re.compile(
    r"\b(?:(?:be\s+|get\s+)?(?:home|back)(?:\s+home)?\s+(?:by|before|no later than)|need\s+to\s+leave\s+by"
    r"|leave\s+by|done\s+by|finish(?:ed)?\s+by)\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})",
    re.I,
)
"""A deadline cue followed by words ("home by half-past two", "back by about sixish"): when no
reading covers it, the words are a deadline nobody could read, listed unread and asked about."""
_NOT_A_TIME = re.compile(
    r"^(?:car|bus|train|ferry|foot|public|walking|the\s+(?:car|bus|train|ferry))\b"
)

_NO_HOUR_ISH = re.compile(r"(?:2[5-9]|[3-9]\d)\s*-?\s*ish\b", re.I)
"""A number from 25 to 99 with "ish": never an hour nor an hhmm time."""
_TIME_CUE = re.compile(
    r"\b(?:at|by|until|till|til|from|before|after|around|about|starts?|finishes?|ends?)\s+$", re.I
)


_GRAIN_WORDS = frozenset(
    [
        "sec",
        "secs",
        "second",
        "seconds",
        "m",
        "min",
        "mins",
        "minute",
        "minutes",
        "h",
        "hr",
        "hrs",
        "hour",
        "hours",
        "hor",
        "hors",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "quarter",
        "quarters",
        "qtr",
        "qtrs",
        "yr",
        "yrs",
        "year",
        "years",
        "yea",
        "yeas",
    ]
)
"""Every word Duckling's English time grains match (``sec(ond)?s?``, ``m(in(ute)?s?)?``,
``h(((ou)?rs?)|ou?r)?``, ``days?``, ``weeks?``, ``months?``, ``(quarter|qtr)s?``, ``y(ea)?rs?``),
and more."""
_LETTERS = re.compile(r"[a-z]+", re.I)


def may_hold_duration(sentence: str) -> bool:
    """Whether Duckling could find a duration in ``sentence``: ``False`` only for an ASCII text
    none of whose letter runs is a time grain's word (``_GRAIN_WORDS``), with no "fortnight"
    and no quote mark (``5'`` is five minutes). Every English duration rule of Duckling needs a
    grain (``<integer> <unit>``, ``a <unit>``, ``half a <unit>``, ...), one of those words or a
    quote; a grain matches whole letter runs only (Duckling's token boundaries). Checked against
    Duckling on every sentence of the cases and tests (``tests/test_reading_prefilter.py``)."""
    if not sentence.isascii() or "'" in sentence or '"' in sentence or "fortnight" in sentence:
        return True
    return any(m.group(0).lower() in _GRAIN_WORDS for m in _LETTERS.finditer(sentence))


_MONEY_WORD = re.compile(r"a\$|\$|aud|usd|dollar|bucks|budget|spend|cost|quid", re.I)
"""Every word of ``money.MONEY_CUE`` without its word boundaries: where this finds nothing,
no part of the text has a money cue."""


def _by_sentence(text: str, norm: str, today: date, dims: tuple[str, ...]) -> list[duck.Span]:
    """Duckling's ``dims`` entities in ``norm``, parsed sentence by sentence and one dimension
    at a time (offsets into ``norm``): the same parses the proposer made of each sentence, so
    within a run they are shared (``dayplan.reading.memo``), and short texts parse much faster
    than the whole (Duckling's cost grows faster than the text).

    Amounts of money are parsed only in a sentence with a money word anywhere in it
    (``_MONEY_WORD``): the caller keeps only amounts whose body has a money cue
    (``money.MONEY_CUE``), and a body is part of its sentence, so a sentence without one of
    the cue's words holds no such amount."""
    out: list[duck.Span] = []
    for s, e in sentences(text):
        for dim in dims:
            if dim == "amount-of-money" and not _MONEY_WORD.search(norm, s, e):
                continue
            if dim == "duration" and not may_hold_duration(norm[s:e]):
                continue
            for sp in duck.parse(norm[s:e], duck_ref(today), (dim,)):
                out.append(duck.Span(sp.dim, sp.start + s, sp.end + s, sp.body, sp.value))
    return out


_MONEY_BEFORE = re.compile(
    r"\b(?:budget|spend(?:ing)?|cost|costs|price|money|cash|tight|cheap|pricey|expensive|afford"
    r"|cap|limit|kitty)\b[^.;!?\d]{0,20}$",
    re.I,
)
_MONEY_AFTER = re.compile(r"\s*(?:mark|tops|max(?:imum)?|all up|ish|odd|total|in total)\b", re.I)
_PARTY_BEFORE = re.compile(
    r"\b(?:kids?|children|child|boys?|girls?|sons?|daughters?|grandkids|twins|teens?|teenagers?"
    r"|toddlers?|aged?|ages)\b(?:\s+(?:are|is|of|both))?[\s,]*(?:\d{1,2}\s*(?:,|and|&)\s*)*$",
    re.I,
)
_WORD_BUDGET = re.compile(
    r"\b(?:(?:under|below|less than|no more than|not more than|max(?:imum)?|at most|up to|around"
    r"|about|roughly|within|keep it (?:under|below|to))\s+(?:a|one|two|three|four|five)\s+hundred"
    r"(?:\s+(?:and\s+)?(?:ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety))?"
    r"(?!\s*(?:dollars|bucks|aud|quid|euros?|pounds|k(?:m|ms)?\b|kilomet|metres|meters|people|kids"
    r"|min|mins|minutes|steps))"
    r"|(?:a|one|two|three|four|five)\s+hundred\s+(?:tops|max(?:imum)?|all up|at most))\b",
    re.I,
)
"""A budget in number words with no unit ("under a hundred", "a hundred tops"): listed unread
(kind ``money``) and asked, never "no budget"; with its unit ("a hundred bucks tops") the
money reader reads it. Currency words other than dollars/bucks are not read here."""
_TENS_WORD = (
    r"(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty"
    r"|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(?:one|two|three|four|five"
    r"|six|seven|eight|nine))?"
)
_NO_UNIT_AFTER = (
    r"(?![\s-]*(?:dollars|bucks|aud|quid|euros?|pounds|k(?:m|ms)?\b|kilomet|metres|meters|people"
    r"|kids?|children|adults?|min|mins|minutes|hours?|hrs?|steps|degrees?|years?|yrs?|percent|%"
    r"|hundred|thousand|grand|of us|am\b|pm\b|o'?clock))"
)
_WORD_LIMIT = re.compile(
    r"\b(?:under|below|less than|max(?:imum)?|no more than|not more than|at most|up to|tops)\s+"
    r"(?:like\s+|about\s+|around\s+)?" + _TENS_WORD + r"\b" + _NO_UNIT_AFTER + r"(?!\s+max\b)"
    r"|\b" + _TENS_WORD + r"\s+(?:max(?:imum)?|tops|at most|or less|or under)\b"
    r"(?![\s-]*(?:min|mins|minutes|hours?|hrs?|km|kms|kids?|children|adults?|people))",
    re.I,
)
"""A bare limit in number words ("max twenty", "twenty max", "under fifty", "thirty tops"):
like "Under 60." (kind ``limit``: dollars or minutes?), never dropped; with its unit ("twenty
bucks max", "max twenty mins") or a money cue in the request ("budget's tight, fifty max") it
is read (``money``/``travel``) and covered before this."""


_TIME_BEFORE = re.compile(
    r"(?:\b(?:home|back|b4|before|by|until|till|til|later than|earlier than|no later|earliest"
    r"|latest|leave|leaving|start|starting|finish|finishing|done|out|from|return|returning)"
    r"|@)\s*(?:(?:at|by|about|around|is|the|latest|of)\s+){0,2}$",
    re.I,
)
_TIME_AFTER = re.compile(r"\s*(?:o'?clock|hrs?\b|h\b|(?:-|to|till|until)\s*\d)", re.I)
_PARTY_AROUND = re.compile(
    r"^\s*(?:x\s*)?(?:" + net.CHILD_WORDS + "|" + net.ADULT_WORDS + r"|big|small|little"
    r"|famil(?:y|ies)|households?|cousins|siblings|friends|mates)\b"
    r"|^\s*\(\s*\d",
    re.I,
)
_PARTY_LEAD = re.compile(
    r"(?:\b(?:us|adults?|grown-?ups|kids?|kidz|children|" + net.ADULT_WORDS + r")\s*[:=x]?\s*"
    r"|\(\s*|\b(?:" + net.FOREIGN_PEOPLE.pattern[2:-2] + r")\s*\(?\s*)$",
    re.I,
)
_CAP_AROUND = re.compile(
    r"\bbetween (?:places|stops|venues|things|activities)\b|\b(?:drive|driving|leg|legs|travel"
    r"|travelling|traveling|in the car|on the bus|each way|from home|away|trip|trips|ride)\b",
    re.I,
)
"""Travel words around a duration ("under 15 minutes between places"): an unread cap on a leg."""


def _clause_span(norm: str, a: int, b: int) -> tuple[int, int]:
    """The span of the clause (between punctuation) around ``a:b`` of ``norm``."""
    lo = max([0] + [m.end() for m in re.finditer(r"[,;.!?]", norm[:a])])
    hi = re.search(r"[,;.!?]|$", norm[b:]).start() + b
    return lo, hi


def _clause_of(norm: str, a: int, b: int) -> str:
    lo, hi = _clause_span(norm, a, b)
    return norm[lo:hi]


def limit_kind(norm: str, m: re.Match) -> str:
    """The kind of a bare number nobody read, from the words around it: ``money`` next to money
    words ("around the 100 mark", "budget's tight, 100"), ``time`` after a deadline or start
    word ("home b4 4", "home @ 4", "no later than 1500", "from 0930") or before "o'clock"/"hrs",
    ``party`` after words for children ("kids are 8 and 10": ages, so no count was said) or
    beside a people word ("w/ 2 kidz", "2 x adults", "adults: 2", "us 4 (2 big 2 small)", "2
    families": groups, no count of people),
    ``distance`` before "km", ``label`` for a year, a postcode or a street number (not asked),
    ``limit`` for a bare limit with no unit ("Under 60.", "max 60", "60 tops": a budget or the
    longest leg, asked which), else ``number`` (asked unless the structured window and party are
    given). "NNish" is money from ``money.ISH_LEAST`` up with no time word before it ("40ish to
    play with"), else a time's."""
    before = norm[max(0, m.start() - 40) : m.start()]
    after = _MONEY_AFTER.match(norm, m.end())
    if after and after.group(0).strip().lower() == "ish" and not _MONEY_BEFORE.search(before):
        if _TIME_BEFORE.search(before) or int(m.group(0)) < money.ISH_LEAST:
            return "time"  # "back 3ish", "12ish": a time's, never money nor an age
    elif (
        after
        and re.fullmatch(r"max(?:imum)?|tops", after.group(0).strip(), re.I)
        and not _MONEY_BEFORE.search(before)
        and int(m.group(0)) <= _LIMIT_MOST
    ):
        return "limit"  # "60 tops": dollars or minutes?
    if _MONEY_BEFORE.search(before) or after:
        return "money"
    if _PARTY_BEFORE.search(before):
        return "party"
    if _PARTY_AROUND.match(norm[m.end() :]) or _PARTY_LEAD.search(before):
        return "party"
    if re.match(r"\s*(?:km|kms|kilomet|miles?\b)", norm[m.end() :]):
        return "distance"
    if _LABEL_BEFORE.search(before) or _STREET_AFTER.match(norm, m.end()):
        return "label"  # a postcode or a street number ("at 12 Smith St"): no limit
    if places.is_postcode(m.group(0)):
        return "label"  # "New Farm 4005", "in 4101": a postcode of the gazetteer, no limit
    if _TIME_BEFORE.search(before) or _TIME_AFTER.match(norm, m.end()):
        return "time"
    if _LABEL_NUMBER.fullmatch(m.group(0)):
        return "label"  # a year ("home by 1900" is a time, read above)
    if (
        _LIMIT_BEFORE.search(before)
        and _CLAUSE_END.match(norm, m.end())
        and int(m.group(0)) <= _LIMIT_MOST
    ):
        return "limit"  # "Under 60.", "max 60": dollars or minutes?
    return "number"


_LIMIT_BEFORE = re.compile(
    r"\b(?:under|below|less than|max(?:imum)?|no more than|not more than|at most|up to|within"
    r"|tops)\s*$",
    re.I,
)
_CLAUSE_END = re.compile(r"\s*(?:$|[,;.!?)\-\u2013]|(?:and|but|then|so|pls|please)\b)", re.I)
_LIMIT_MOST = 180
"""A bare limit ("under 60", "max 60", "60 tops") up to this is dollars or minutes alike (kind
``limit``: asked which); above it, no leg is that long, so it is money."""


_BARE_NUMBER = re.compile(
    r"(?<![\w:.$/-])\d{1,4}(?:\s?-?\s?ish\b)?(?![\w:/%°-])(?!\.\d)(?!\s+of us\b)"
    r"(?!\s*(?:degrees?|deg\b|°|celsius))"
)
"""A number nobody read, for the net: a sentence's last ("Under 60.") too, and "40ish"; never
the digits of a decimal ("1.5"), a time ("3:30"), an amount ("$60"), a percentage or a
temperature."""
_DIGITS = re.compile(r"\d+")
_LABEL_NUMBER = re.compile(r"(?:19|20)\d\d")
"""A year ("Saturday in 2026"; "home by 1900" is a time, read before this)."""
_LABEL_BEFORE = re.compile(r"\b(?:postcode|post\s+code|p/?c|qld|nsw|vic|unit|apt|no\.?)\s*$", re.I)
_STREET_AFTER = re.compile(
    r"\s+(?:\w+\s+){1,2}(?:st|street|rd|road|ave|avenue|cres|crescent|ct|court|dr|drive|pl|place"
    r"|tce|terrace|way|lane|ln|pde|parade|blvd|boulevard|hwy|highway)\b",
    re.I,
)


def _net(
    norm: str,
    accepted: list[ReadingItem],
    read_fields: set[str],
    exact: set[int],
    found: list[tuple[int, int, str]],
) -> list[tuple[int, int, str]]:
    """The coverage net's spans (``net.net_spans``) and the party readings that count fewer
    people than their quote names (``net.party_shortfall``: kind ``people``, asked)."""
    quoted = [sp for it in accepted if (sp := find_quote_norm(norm, it.quote))]
    out = [  # a span another rule listed already ("Lunch with grandma") is listed once, and
        (a, b, k)  # a span an accepted quote covers is read ("me and my two")
        for a, b, k in net.net_spans(norm, read_fields)
        if not any(
            x < b and a < y and (_family(k) == _family(j) or (j, k) == ("label", "time"))
            for x, y, j in found
        )  # the deadline's reason ("so the kids can go to their dad's at 2:30") is read
        and not any(x < b and a < y for x, y in quoted)
    ]
    exact.update(a for a, _, _ in out)
    first: dict[str, ReadingItem] = {}
    for it in accepted:
        if it.field in ("adults", "children"):
            first.setdefault(it.field, it)
    quotes = {it.quote for it in first.values()}
    for quote in quotes:
        a_it, c_it = first.get("adults"), first.get("children")
        adults = a_it.value if a_it is not None and a_it.quote == quote else None
        children = c_it.value if c_it is not None else None
        if adults is None and children is not None and c_it.quote != quote:
            continue
        sp = find_quote_norm(norm, quote)
        if sp and net.party_shortfall(quote, adults, children):
            out.append((sp[0], sp[1], "people"))
            exact.add(sp[0])
    return out


def _family(kind: str) -> str:
    return "party" if kind in ("party", "people", "count") else kind


def find_quote_norm(norm: str, quote: str) -> tuple[int, int] | None:
    """The span of ``quote`` (case-folded) in ``norm``, else ``None``."""
    i = norm.find(normalise(quote))
    return (i, i + len(normalise(quote))) if i >= 0 else None


def _occurrences(norm: str, needle: str) -> list[tuple[int, int]]:
    """The spans of ``needle`` in ``norm``, left to right, not overlapping (none when empty)."""
    out: list[tuple[int, int]] = []
    if not needle:
        return out
    at = norm.find(needle)
    while at >= 0:
        if not _in_longer_number(norm, needle, at):
            out.append((at, at + len(needle)))
        at = norm.find(needle, at + len(needle))
    return out


_LONGER_AFTER = re.compile(r"[.,]?\d")
_LONGER_BEFORE = re.compile(r"\d[.,]?$")


def _in_longer_number(norm: str, needle: str, at: int) -> bool:
    """Whether ``needle`` at ``at`` of ``norm`` is part of a longer number: "budget $20" is no
    part of "budget $200" or "$20.50", "2 adults" none of "12 adults"."""
    end = at + len(needle)
    if needle[-1].isdigit() and _LONGER_AFTER.match(norm, end):
        return True
    return needle[0].isdigit() and _LONGER_BEFORE.search(norm, 0, at) is not None


def head_lunch(norm: str, m: re.Match) -> int:
    """Where the "after"/"before" of the "lunch" token ``m`` starts (``m.start()`` if none)."""
    cue = re.search(r"\b(?:after|before)\s+$", norm[max(0, m.start() - 10) : m.start()])
    return m.start() - (min(10, m.start()) - cue.start()) if cue else m.start()


def _other_half_read(norm: str, m: re.Match, accepted: list[ReadingItem]) -> bool:
    """Whether a time read just before the token ``m`` ("home by 1" as 13:00) is the other half
    of the day from the one ``m`` rules out ("not 1am"): the negation is then said."""
    ruled_out = times.restated_half(norm, m.start())
    for it in accepted:
        sp = find_quote_norm(norm, it.quote)
        if it.field in ("window_start", "window_end") and sp and sp[1] <= m.start():
            v = str(it.value)
            minutes = int(v[:2]) * 60 + int(v[3:5])
            if ruled_out is not None and minutes != ruled_out and minutes % 720 == ruled_out % 720:
                return True
    return False


def _assumed_length_spans(
    text: str, norm: str, accepted: list[ReadingItem]
) -> list[tuple[int, int]]:
    """Spans of the accepted appointments whose length is assumed (``point_block_assumption``):
    a length inside such a quote ("party at 11 at Victoria Park (2-3 hrs)") was not tied to
    it, so it is still asked about, never covered by the hour assumed."""
    out: list[tuple[int, int]] = []
    for it in accepted:
        if it.field != "blocked" or not isinstance(it.value, dict):
            continue
        if times.point_block_assumption(it.quote, it.value) is None:
            continue
        if sp := find_quote(text, it.quote):
            out.append(sp)
        out += _occurrences(norm, normalise(it.quote).strip(" .,;:!?"))
    return out


def unread_phrases(text: str, accepted: list[ReadingItem], *, today: date) -> list[UnreadPhrase]:
    """Phrases of ``text`` that look like a constraint (a time of day, an amount of money, a
    count of people, a duration, a number nobody read) or are in a script this reader does not
    read (kind ``text``), and that no accepted reading's quote covers."""
    norm = normalise(text)
    covered = [sp for it in accepted if (sp := find_quote(text, it.quote))]
    for it in accepted:  # every occurrence of an accepted quote is read
        covered += _occurrences(norm, normalise(it.quote).strip(" .,;:!?"))
    n_quoted = len(covered)

    # a date's quote never reads a time inside it ("sat 9-3" read as the date leaves 9-3 unread
    # unless a time reading covers it)
    timed = [sp for it in accepted if it.field != "date" and (sp := find_quote(text, it.quote))]
    for it in accepted:
        if it.field != "date":
            timed += _occurrences(norm, normalise(it.quote).strip(" .,;:!?"))

    untied = _assumed_length_spans(text, norm, accepted)

    def free(a: int, b: int, kind: str = "") -> bool:
        spans = timed + covered[n_quoted:] if kind == "time" else covered
        if kind == "duration":  # "party at 11 at Nana's (2-3 hrs)" read as an hour: asked
            spans = [sp for sp in spans if sp not in untied]
        return not any(s < b and a < e for s, e in spans)

    found: list[tuple[int, int, str]] = []
    exact: set[int] = set()  # phrases quoted as matched, cue included
    wx = weather.mentions(text)
    wx_spans = [(m.start, m.end) for m in wx] + [t for m in wx for t in m.times]
    wx_times = [t for m in wx if m.read for t in m.times]
    for s0, e0 in sentences(text):  # "museum trip 10-12": an outing at a set time, asked about
        for a, b in times.activity_ranges(norm[s0:e0]):
            if any(x < s0 + b and s0 + a < y for x, y in wx_times):
                continue  # "going to pour between 11 and 3": the rain's time, read with it
            found.append((s0 + a, s0 + b, "activity"))
            exact.add(s0 + a)
    for m in wx:  # each weather mention is read, or listed here (never its times as "time")
        if m.kind in ("unplaced", "sky"):
            found.append((m.start, m.end, "weather" if m.kind == "unplaced" else "sky"))
            exact.add(m.start)
    timed_read = [  # the spans a time reading quotes: a time there is read
        sp
        for it in accepted
        if it.field in ("window_start", "window_end", "blocked", "rain")
        and (sp := find_quote(text, it.quote))
    ]
    why = [  # "airport at 1, so home by 12:30": the deadline's reason, no limit of its own
        (s0 + a, s0 + b) for s0, e0 in sentences(text) for a, b in times.reason_times(norm[s0:e0])
    ]
    for m in clock.TOKEN_RE.finditer(clock.mask_dates(norm)):
        if _NO_HOUR_ISH.match(norm, m.start()):
            continue  # "about 80ish": no clock reads so (the bare-number net lists it: money)
        head = norm[max(0, m.start() - 12) : m.start()]
        if any(a <= m.start() < b for a, b in why):
            found.append((m.start(), m.end(), "label"))  # read, as the reason: never a number
            continue
        outing = times.outing_at(norm, m.start())
        if outing is not None and not any(x <= m.start() < y for x, y in timed_read):
            found.append((outing, m.end(), "activity"))  # "the planetarium at 2pm": booked?
            exact.add(outing)
            continue
        if (
            m.group(3)
            or m.group(4)
            or _TIME_CUE.search(head)
            or re.match(r"\s*(?:o'clock|-|to)\b", norm[m.end() :])
        ):
            if m.group(4) == "lunch" and not re.search(r"\b(?:after|before|at)\s+$", head):
                continue
            if not (m.group(3) or m.group(4)) and _STREET_AFTER.match(norm, m.end()):
                continue  # "at 12 Smith St": a street number
            if weather.WEATHER_TURN.search(norm[max(0, m.start() - 30) : m.start()]):
                found.append((m.start(), m.end(), "turn"))  # "clear up by 2": not asked
                continue
            if m.group(4) and prefs.said_with_time(norm, m.start()):
                continue  # "parks after lunch": the preference's time (listed as a wish)
            cue = _TIME_CUE.search(head)
            wished = (
                prefs.wish_time_start(norm, m.start() - len(head) + cue.start(), m.end())
                if cue
                else None
            )
            if wished is not None:  # "indoor stuff from 2": when the wish is wanted, not asked
                found.append((wished, m.end(), "preference"))
                exact.add(wished)
                continue
            if m.group(4) == "lunch" and times.lunch_splits_day(norm, head_lunch(norm, m)):
                continue  # "outdoors in the morning then indoors after lunch": no day's bound
            if times.restated_half(norm, m.start()) is not None and _other_half_read(
                norm, m, accepted
            ):
                continue  # "home by 1 (not 1am obviously)": the reading said so already
            found.append((m.start(), m.end(), "time"))
    read_roles = {it.field for it in accepted}
    for m in VAGUE_TIME.finditer(norm):
        role = "window_start" if re.match(r"(?:not\s+before|after)\b", m.group(0)) else "window_end"
        if role not in read_roles:  # "home by 3, back before dinner": the 3 is the deadline
            found.append((m.start(), m.end(), "time"))
            exact.add(m.start())
    for m in _WORDY_DEADLINE.finditer(norm):
        if not _NOT_A_TIME.match(m.group(1)) and "window_end" not in read_roles:
            found.append((m.start(), m.end(), "time"))
            exact.add(m.start())
    odd = money.not_plain_spans(norm) + money.foreign_spans(norm)
    for m in money.DIGIT_MONEY.finditer(norm):
        if not any(x < m.end() + 1 and m.start() < y for x, y in odd):
            rate = money.RATE_TAIL.match(norm, m.end()) or money.FOR_MEMBER.match(norm, m.end())
            if rate:  # "$30 an adult", "$40 each for the adults": the rate is the phrase asked
                found.append((m.start(), rate.end(), "money"))
                exact.add(m.start())
            elif money.PER_MEMBER.search(m.group(0)):  # "$15 per kid": quoted as said
                found.append((m.start(), m.end(), "money"))
                exact.add(m.start())
            else:
                found.append((m.start(), m.end(), "money"))
    for a, b in odd:  # "$1e9": not a plain amount, asked about
        found.append((a, b, "money"))
        exact.add(a)
    foreign = money.foreign_spans(norm)  # "budget 60 euros": asked, even beside a read quote
    totals = [  # "max 40 minutes total driving": no check holds it, so it is asked about
        (s0 + a, s0 + b) for s0, e0 in sentences(text) for a, b in travel.total_spans(norm[s0:e0])
    ]
    for a, b in totals:
        found.append((a, b, "travel"))
        exact.add(a)
    dims = ("amount-of-money",) * bool(money.MONEY_CUE.search(norm)) + ("duration",) * bool(
        _DURATION_HINT.search(norm)
    )
    for sp in _by_sentence(text, norm, today, dims) if dims else ():
        if sp.dim == "amount-of-money" and money.MONEY_CUE.search(sp.body):
            if not any(x < sp.end + 1 and sp.start < y for x, y in odd):
                rate = money.RATE_TAIL.match(norm, sp.end) or money.FOR_MEMBER.match(norm, sp.end)
                found.append((sp.start, rate.end() if rate else sp.end, "money"))
        elif sp.dim == "duration":
            kind = "cap" if _CAP_AROUND.search(_clause_of(norm, sp.start, sp.end)) else "duration"
            found.append((sp.start, sp.end, kind))
    read_fields = {it.field for it in accepted}
    if not {"adults", "children"} <= read_fields:
        family = _FAMILY.search(norm)
        for cue in people.PARTY_CUES:
            for m in cue.finditer(norm):
                if family and _ONE_NAMED_CHILD.fullmatch(m.group(0).strip()):
                    continue  # "the little one naps": one of "the family", not a count
                found.append((m.start(), m.end(), "party"))
    if not any(it.field == "children" for it in accepted):
        for m in people.UNCOUNTED_CHILDREN.finditer(norm):
            with_ = re.search(r"\b(?:with|w/)\s+$", norm[: m.start()])
            at = with_.start() if with_ else m.start()
            found.append((at, m.end(), "party"))
            exact.add(at)  # "with the kids", never "South Bank, the kids"
    if not read_fields & {"adults", "children"}:
        for m in _UNCOUNTED_FAMILY.finditer(norm):  # "for the family", "family day out"
            found.append((m.start(), m.end(), "party"))
            exact.add(m.start())
    ranged = [m.span() for m in people.COUNT_RANGE.finditer(norm)]
    for a, b in ranged:  # "2-3 kids": how many are coming? (asked even inside a read quote)
        found.append((a, b, "party"))
        exact.add(a)
    found = [f for f in found if f[2] != "time" or not any(x <= f[0] < y for x, y in ranged)]
    for m in re.finditer(r"\b(" + people.COUNT_WORD + r")\s+of us\b", norm):
        if not {"adults", "children"} <= read_fields and not people.US_TWO.search(m.group(0)):
            found.append((m.start(), m.end(), "party"))  # "4 of us": how many are children?
    for m in _FOREIGN.finditer(norm):  # a script this reader does not read: listed, never parsed
        if language.is_other_script(m.group(0)):  # a request in Chinese, Arabic...: asked
            found.append((m.start(), m.end(), "foreign"))  # in English, never "which city?"
            exact.add(m.start())
        else:  # a name or a word or two ("Saturday at 南岸"): listed
            found.append((m.start(), m.end(), "text"))
    for s, e in sentences(text):  # another Latin-script language: the sentence, asked about
        if language.is_foreign(norm[s:e]):
            found.append((s, min(e, s + 120), "foreign"))
            exact.add(s)
    found += _net(
        norm, accepted, read_fields, exact, found
    )  # the coverage net, before bare numbers
    masked = clock.mask_dates(norm)
    for rx in (people.AGES_IN_BRACKETS, people.NAMED_WITH_AGE, _AGE_WORDS, people.PRONOUN_AGE):
        for m in rx.finditer(masked):  # an age, read with the child
            g = m.lastindex or 1
            masked = masked[: m.start(g)] + "#" * len(m.group(g)) + masked[m.end(g) :]
    for rx in (people.AGE_SERIES, people.AGE, people.PETS):  # "a 2 and 4 year old", "1 dog"
        for m in rx.finditer(masked):
            masked = masked[: m.start()] + "#" * len(m.group(0)) + masked[m.end() :]
    for m in _BARE_NUMBER.finditer(masked):  # "38 degrees": the day's heat, no limit
        if m.group(0) == "4" and re.match(
            r"\s+(?:me|us|my|our|the|him|her|them|lunch|brunch|dinner|tea|a\s+(?:nap|swim|bite)"
            r"|naps?|nap\s?time|bed\s?time|bath\s?time)\b",
            masked[m.end() :],
        ):
            continue  # "a day 4 me n my gf", "home by 1130 4 lunch": texting's "for"
        if not any(a <= m.start() < b for a, b, _ in found):
            # a number nobody read; after a time word of another language ("a las 3") a time
            foreign_time = _FOREIGN_TIME_CUE.search(masked[max(0, m.start() - 8) : m.start()])
            said_end = m.end()  # "40ish": quoted whole
            m = _DIGITS.match(masked, m.start()) or m  # its number, "ish" after it
            kind = "time" if foreign_time else limit_kind(norm, m)
            tail = _MONEY_AFTER.match(norm, m.end()) if kind in ("money", "limit") else None
            start, end = m.start(), max(said_end, tail.end() if tail else m.end())  # "60 tops"
            word = _PARTY_AROUND.match(norm[m.end() :]) if kind == "party" else None
            if word:  # "2 families", "2 cousins": quoted with the word, never "Sat, Wynnum, 2"
                end = m.end() + word.end()
                exact.add(start)
            lead = _LIMIT_BEFORE.search(norm, max(0, m.start() - 20), m.start())
            if kind == "limit":  # "Under 60", "60 tops", never "kids. Under 60"
                start = lead.start() if lead else start
                exact.add(start)
            found.append((start, end, kind))
    for m in _WORD_BUDGET.finditer(norm):  # "under a hundred": a budget in words, no unit said
        found.append((m.start(), m.end(), "money"))
        exact.add(m.start())
    for m in _WORD_LIMIT.finditer(norm):  # "max twenty": dollars or minutes?
        if not any(a < m.end() and m.start() < b for a, b, _ in found):
            found.append((m.start(), m.end(), "limit"))
            exact.add(m.start())
    for a, b in dates.relative_qualifier_spans(norm):  # "the Saturday after Christmas"
        found.append((a, b, "date"))
        exact.add(a)
    dated: list[UnreadPhrase] = []
    for w in dates.weekday_dates(norm, today):  # "Saturday 20th December" (a Sunday): asked
        if w.day is None:
            said = cut(text, (w.start, w.end)).strip(" ,.;:!?")
            dated.append(UnreadPhrase(said, "date_conflict", f'"{said}"{w.question}'))
            covered.append((w.start, w.end))
    dated += _date_choice(text, norm, accepted, today)  # "Saturday or Sunday": asked
    dated_read = any(it.field == "date" for it in accepted)
    for a, b in dates.past_spans(norm):  # "yesterday", "last Saturday": asked when alone
        said = cut(text, (a, b)).strip(" ,.;:!?")
        if not dated_read and not dates.past_talk(norm, a) and all(u.phrase != said for u in dated):
            dated.append(UnreadPhrase(said, "date_conflict", dates.past_question(said, today)))
        covered.append((a, b))
    for a, b, day in dates.passed_date_spans(norm, today):  # "28 Nov" said on 4 Dec: asked
        said = cut(text, (a, b)).strip(" ,.;:!?")
        if not dated_read and all(u.phrase != said for u in dated):
            dated.append(
                UnreadPhrase(said, "date_conflict", dates.passed_question(said, day, today))
            )
        covered.append((a, b))
    for a, b, month in dates.no_such_day_spans(norm):  # "February 30": no date, asked
        said = cut(text, (a, b)).strip(" ,.;:!?")
        dated.append(UnreadPhrase(said, "date_conflict", dates.no_such_day(said, month)))
        covered.append((a, b))
    for a, b, year in dates.year_out_of_range_spans(norm):  # "1 January 9999": asked
        if not any(a < y and x < b for x, y in covered):
            said = cut(text, (a, b)).strip(" ,.;:!?")
            dated.append(UnreadPhrase(said, "date_conflict", f'"{said}"{dates.out_of_range(year)}'))
        covered.append((a, b))
    for a, b in access.need_spans(norm):  # "grandma can't do stairs": no venue fact checks it
        found.append((a, b, "access"))
        exact.add(a)
    for a, b, day in dates.weekday_guesses(norm):  # "sundy arvo": Sunday, or a typo of another?
        said = cut(text, (a, b)).strip(" ,.;:!?")
        dated.append(
            UnreadPhrase(said, "date_conflict", f'By "{said}", did you mean {day.title()}?')
        )
        covered.append((a, b))
    found += _unread_musts(text, norm, accepted, found, exact)
    found += _unread_wishes(norm, covered, found, exact)
    if not any(it.field == "mode" for it in accepted):
        for a, b in travel.bike_spans(norm):  # "cycling everywhere": no such mode, asked
            found.append((a, b, "travel"))
            exact.add(a)
        for a, b in travel.negated_spans(norm):  # "we don't have a car", "not driving": how
            said = norm[a:b]
            if (
                travel.CAR.search(said)
                or travel.TRANSIT.search(said)
                or travel.LICENCE.search(said)
            ):
                found.append((a, b, "travel"))  # do they get around? (never the negated mode;
                exact.add(a)  # "not too much walking" is a wish about walking, no mode)
    for s0, e0 in sentences(text):  # "no outdoor after 12": a limit for part of the day,
        for a, b in prefs.timed_indoor_spans(norm[s0:e0]):  # never widened to the whole day
            found = [f for f in found if f[2] != "preference" or not s0 + a <= f[0] < s0 + b]
            found.append((s0 + a, s0 + b, "indoor_time"))
            exact.add(s0 + a)
        for a, b in prefs.timed_outdoor_spans(norm[s0:e0]):  # "nothing inside after lunch"
            found = [f for f in found if f[2] != "preference" or not s0 + a <= f[0] < s0 + b]
            found.append((s0 + a, s0 + b, "outdoor_time"))
            exact.add(s0 + a)
    crowds = people.not_party_spans(norm)  # "avoid anything with kids": no party said there
    found = [
        f
        for f in found
        if f[2] not in ("party", "people") or not any(x <= f[0] < y for x, y in crowds)
    ]
    found = _breakdowns_read(norm, found)
    langs = [(a, b) for a, b, kind in found if kind == "foreign"]  # "presupuesto 50 euros"
    foreign = [f for f in foreign if not any(x <= f[0] < y for x, y in langs)]
    out: list[UnreadPhrase] = []
    for a, b, kind in sorted(found, key=lambda f: (f[0], f[2] != "activity", f[1], f[2])):
        if kind in ("time", "number", "duration") and any(x <= a and b <= y for x, y in wx_spans):
            continue  # the weather's own time ("rain until about 1pm"): read or listed with it
        if kind in ("turn", "label") or (kind == "duration" and any(x <= a < y for x, y in totals)):
            continue  # a total-travel limit's duration: listed with it
        if (
            kind
            not in (
                "foreign",
                "must",
                "activity",
                "preference",
                "date",
                "people",
                "travel",
                "indoor_time",
                "outdoor_time",
                "access",
            )
            and (a, b) not in ranged
            and (a, b) not in foreign
            and (a, b) not in totals  # listed even where its "car" is read as the mode
            and not free(a, b, kind)
        ) or _restates(
            norm, a, b, kind, accepted
        ):  # an outing's word may be read as a preference; its time still is not
            continue
        lo = norm.rfind(" ", 0, max(0, a - 1))
        lo = max(0, norm.rfind(" ", 0, lo) + 1) if lo > 0 else 0
        if kind == "text" or a in exact:
            lo = a
        phrase = cut(text, (lo, b)).strip(" ,.;:!?-")[:120]
        if phrase and all(p.phrase != phrase for p in out):
            second = second_limit(text, norm, (a, b), kind, accepted)
            out.append(second or UnreadPhrase(phrase, kind))
            covered.append((a, b))
    placed = [
        UnreadPhrase(phrase, "away_place") for phrase, _, _ in away.away_places(text, accepted)
    ]
    below = negatives(text, norm)
    signed = [sp for n in below if (sp := find_quote(text, n.phrase))]
    out = [u for u in out if not _inside_any(text, u, signed)]
    clashes = conflicts(accepted) + indoor_outdoor(text, norm)
    return (place_guesses(accepted) + clashes + below + dated + placed + out)[:10]


def place_guesses(accepted: list[ReadingItem]) -> list[UnreadPhrase]:
    """A ``place_guess`` phrase (asked; ``found`` is the question) for each place read as the
    location or home that the gazetteer does not know but nearly does ("Padington": did you mean
    Paddington?; ``places.guess_question``): asked, never planned as a place nothing is known
    about."""
    out = []
    for it in accepted:
        if it.field in ("location", "home") and isinstance(it.value, str):
            q = places.guess_question(it.value)
            if q and all(u.phrase != it.value for u in out):
                out.append(UnreadPhrase(it.value, "place_guess", q))
    return out


def _date_choice(
    text: str, norm: str, accepted: list[ReadingItem], today: date
) -> list[UnreadPhrase]:
    """The question when the text names more than one day for the outing ("Saturday or
    Sunday", "Friday ... Saturday"; ``dates.date_choices``), or when the date read is a today
    said in passing ("no car today ... Saturday": the day named elsewhere is the outing's):
    one ``date_conflict`` phrase, never a silent pick."""
    choices = dates.date_choices(norm, today)
    if len(choices) < 2:
        read = next((it for it in accepted if it.field == "date"), None)
        named = {day.isoformat() for _, _, day in choices}
        if read is None or not named or str(read.value) in named:
            return []
        if not dates.said_today(read.quote):
            return []  # only a today said in passing is the wrong pick here
        at = find_quote_norm(norm, read.quote)
        if at is None:
            return []
        choices = sorted([(*at, date.fromisoformat(str(read.value))), *choices])
    quotes = [cut(text, (a, b)).strip(" ,.;:!?") for a, b, _ in choices]
    phrase = "; ".join(quotes)
    return [
        UnreadPhrase(
            phrase, "date_conflict", dates.choice_question(quotes, [d for _, _, d in choices])
        )
    ]


def conflicts(accepted: list[ReadingItem]) -> list[UnreadPhrase]:
    """Accepted readings that cannot all be true, each as one unread phrase whose ``found`` is
    the question to ask: a home time not after the start ("start at 1pm", "home by 11am": kind
    ``time_conflict``), or no rain beside a rain reading ("dry", "showers at 3":
    ``weather_conflict``). Neither is planned on a guess."""
    out: list[UnreadPhrase] = []
    first: dict[str, ReadingItem] = {}
    for it in accepted:
        first.setdefault(it.field, it)
    s, e = first.get("window_start"), first.get("window_end")
    if s is not None and e is not None and str(e.value) <= str(s.value):
        phrase = f"{s.quote}; {e.quote}"
        out.append(
            UnreadPhrase(
                phrase,
                "time_conflict",
                f'"{phrase}" cannot both hold: "{s.quote}" ({s.value}) starts after '
                f'"{e.quote}" ({e.value}) ends the day. When should the day start, and when '
                "must you be home?",
            )
        )
    rains = [it for it in accepted if it.field == "rain"]
    dry = next((it for it in rains if it.value == "none"), None)
    wet = next((it for it in rains if it.value not in ("none", "any")), None)
    if dry is not None and wet is not None:
        when = (
            f"rain {wet.value['start']}-{wet.value['end']}"
            if isinstance(wet.value, dict)
            else "rain all day"
        )
        phrase = f"{dry.quote}; {wet.quote}"
        out.append(
            UnreadPhrase(
                phrase,
                "weather_conflict",
                f'"{phrase}" cannot both hold: "{dry.quote}" says no rain, but "{wet.quote}" '
                f"says {when}. Is rain expected, and when?",
            )
        )
    return out


def _inside_any(text: str, phrase: UnreadPhrase, spans: list[tuple[int, int]]) -> bool:
    """Whether ``phrase`` (a count, an amount, a length or a number) overlaps one of ``spans`` of
    ``text`` (a negative said there: "-3 kids" is asked once, as below zero)."""
    if phrase.kind not in (
        "party",
        "people",
        "count",
        "money",
        "number",
        "limit",
        "cap",
        "duration",
    ):
        return False
    at = find_quote(text, phrase.phrase)
    return at is not None and any(a < at[1] and at[0] < b for a, b in spans)


def indoor_outdoor(text: str, norm: str) -> list[UnreadPhrase]:
    """One ``indoor_conflict`` phrase (asked; ``found`` is the question) when the text limits
    the whole day to indoor places ("indoors only": ``prefs.indoor_only_spans``) and to outdoor
    ones ("outdoors only", "nothing indoors": ``prefs.outdoor_only_spans``): nothing is left,
    whichever of the two a model read."""
    said: dict[str, tuple[int, int]] = {}
    for s0, e0 in sentences(text):
        for kind, spans in (
            ("in", prefs.indoor_only_spans(norm[s0:e0])),
            ("out", prefs.outdoor_only_spans(norm[s0:e0])),
        ):
            if spans and kind not in said:
                said[kind] = (s0 + spans[0][0], s0 + spans[0][1])
    if len(said) < 2:
        return []
    phrase = "; ".join(cut(text, sp).strip(" ,.;:!?") for sp in sorted(said.values()))
    return [
        UnreadPhrase(
            phrase,
            "indoor_conflict",
            f'"{phrase}" leaves no place at all: indoors only, outdoors only, or either?',
        )
    ]


def negatives(text: str, norm: str) -> list[UnreadPhrase]:
    """A ``negative`` phrase (asked; ``found`` is the question) for each count of people, amount
    of money or length of time said below zero ("-3 kids", "$-50", "max -10 min drive":
    ``people.negative_count_spans``, ``money.negative_spans``, ``travel.negative_spans``): no
    count, no budget and no cap, never read without the sign."""
    said = [
        (a, b, "how many " + ("adults" if f == "adults" else "children") + " are coming?")
        for a, b, f in people.negative_count_spans(norm)
    ]
    said += [
        (a, b, "what is your budget, per person or for everyone?")
        for a, b in money.negative_spans(norm)
    ]
    said += [
        (a, b, "what is the longest single trip you would accept?")
        for a, b in travel.negative_spans(norm)
    ]
    out: list[UnreadPhrase] = []
    for a, b, ask in sorted(said):
        phrase = cut(text, (a, b)).strip(" ,.;:!?")
        out.append(UnreadPhrase(phrase, "negative", f'"{phrase}" is below zero: {ask}'))
    return out


def _party_size(accepted: list[ReadingItem]) -> int | None:
    """The number of people the accepted readings count (adults and children), else ``None``."""
    counts = [int(it.value) for it in accepted if it.field in ("adults", "children")]
    return sum(counts) if counts else None


def _total(amount: float, per_person: bool, party: int | None) -> float | None:
    """An amount as the whole party's (per person times the party), ``None`` when unknown."""
    if not per_person:
        return amount
    return amount * party if party else None


def same_budget(found: money.Money, accepted: list[ReadingItem]) -> bool:
    """Whether ``found`` says the read budget again: the same amount, or the same total for
    the party read ("$20 each, $80 total" for four people)."""
    party = _party_size(accepted)
    for it in accepted:
        if it.field != "budget" or not isinstance(it.value, dict):
            continue
        amount, each = float(it.value.get("amount", -1)), bool(it.value.get("per_person"))
        if abs(found.amount - amount) < 0.005:  # "$50, yes 50 bucks max"
            return True
        mine, theirs = _total(found.amount, found.per_person, party), _total(amount, each, party)
        if mine is not None and theirs is not None and abs(mine - theirs) < 0.005:
            return True
    return False


_AMOUNT_TAIL = re.compile(
    r"[a-z]*(?:\s*(?:each|per\s+(?:person|head)|a\s+head|pp|total|all\s+up|tops|max))?"
)
"""The words after an amount that say how it is spent ("$20 each", "$80 tops")."""


def _amount_end(norm: str, b: int) -> int:
    """Where an amount ending at ``b`` ends with its words after it (``_AMOUNT_TAIL``)."""
    tail = _AMOUNT_TAIL.match(norm, b)
    return tail.end() if tail else b


def _said_amount(norm: str, a: int, b: int) -> money.Money | None:
    """The budget-like amount said at ``a:b`` ("$200", "$80 tops", "30 pp", "up to 60" after a
    spending word), with its per-person word after it, else ``None``."""
    said = norm[a : _amount_end(norm, b)]
    if re.fullmatch(r"\d[\d,]*(?:\.\d+)?", said.strip()) and _MONEY_BEFORE.search(
        norm[max(0, a - 40) : a]
    ):
        said = "$" + said.strip()  # "could spend up to 60": dollars, said with the spending
    return money.read_money(said)


_LIMIT_CUE = re.compile(
    r"\b(?:budget|max(?:imum)?|tops|limit|cap|under|below|up\s+to|at\s+most|no\s+more\s+than"
    r"|less\s+than|or\s+less|spend(?:ing)?|total|all\s+up|in\s+total|pp|per\s+(?:person"
    r"|head)|a\s+head|afford|can\s+do|only\s+have|or(?=\s+(?:a\$|\$)?\s?\d))\b",
    re.I,
)
"""Words that make an amount a limit on spending ("max $25", "$100 all up", "our limit is $90",
"$60 total or $20 each"),
said beside it (``_cue_near``): a second one beside the budget read is a second budget; an
amount without one ("parking is $10", "coffee $5 each", "$100 incl $20 for lunch") is only an
amount, asked as before."""


def _cue_near(norm: str, a: int, b: int, read: ReadingItem) -> bool:
    """Whether a spending-limit word (``_LIMIT_CUE``) is said in the clause of the amount at
    ``a:b``, after the read budget's own quote when that is in the same clause ("budget $100
    incl $20 for lunch": the "budget" is the first amount's)."""
    lo, hi = _clause_span(norm, a, b)
    at = find_quote_norm(norm, read.quote)
    if at is not None and lo <= at[1] <= a:
        lo = at[1]
    return bool(_LIMIT_CUE.search(norm[lo : max(hi, _amount_end(norm, b))]))


def second_limit(
    text: str, norm: str, at: tuple[int, int], kind: str, accepted: list[ReadingItem]
) -> UnreadPhrase | None:
    """An unread phrase (``at``: its number's span) that states a second, different value of a
    limit already read, as one conflict phrase quoting both (``found`` is the question): a
    budget ("budget $20, budget $200", "under $40 but could spend up to 60":
    ``budget_conflict``), a time home or a start ("home by 3 ... back by 5", "leave at 9, not
    before 10": ``time_conflict``). A later value said as a correction ("actually", "sorry", "I
    mean", ``_corrected``) is asked about too: the reader never picks one of two limits."""
    a, b = at
    if kind == "money":
        read = next((it for it in accepted if it.field == "budget"), None)
        if read is None or not _cue_near(norm, a, b, read):
            return None  # "parking is $10": an amount, no second budget
        found = _said_amount(norm, a, b)
        said = cut(text, (a, _amount_end(norm, b))).strip(" ,.;:!?")  # "$20 each"
        if found is None or found.currency != money.LOCAL_CURRENCY:
            return None
        phrase = f"{read.quote}; {said}"
        return UnreadPhrase(
            phrase,
            "budget_conflict",
            f'"{phrase}": two different budgets. Which is it, per person or for everyone?',
        )
    if kind == "number":
        return _corrected(text, norm, (a, b), accepted)
    if kind != "time":
        return None
    for s0, e0 in sentences(text):
        if not s0 <= a < e0:
            continue
        for pa, pb, role, minutes in times.points(norm[s0:e0]):
            if not s0 + pa <= a < s0 + pb:
                continue
            field = "window_start" if role == "start" else "window_end"
            read = next((it for it in accepted if it.field == field), None)
            if read is None or str(read.value) == clock.hhmm(minutes):
                return None
            other = cut(text, (s0 + pa, s0 + pb)).strip(" ,.;:!?-")  # "no later than 4"
            phrase = f"{read.quote}; {other}"
            what = "must you be home" if role == "end" else "should the day start"
            return UnreadPhrase(
                phrase,
                "time_conflict",
                f'"{phrase}": {read.value} or {clock.hhmm(minutes)}? When {what}?',
            )
    return None


_CORRECTION = re.compile(
    r"\b(?:actually|sorry|i\s+mean|i\s+meant|make\s+(?:that|it)|no\s+wait|wait|scratch\s+that"
    r"|correction|or\s+rather)\b[\s,.:;-]*(?:(?:we\s+)?(?:can|could)\s+do\s+|say\s+)?$",
    re.I,
)
"""A correction said right before a bare number ("budget 50 sorry i mean 70", "home by 3,
make that 4", "actually we can do 150"): the number is a second value of the limit said just
before it."""


def _corrected(
    text: str, norm: str, span: tuple[int, int], accepted: list[ReadingItem]
) -> UnreadPhrase | None:
    """A bare number (at ``span``) said as a correction (``_CORRECTION``) of the budget, home
    time or start read just before it, as that limit's conflict phrase quoting both, the
    correction from its cue ("make that 4"): asked, never taken as the later value; else
    ``None`` (the number is asked as before)."""
    a, b = span
    cue = _CORRECTION.search(norm, max(0, a - 40), a)
    if cue is None:
        return None
    listed = cut(text, (cue.start(), b)).strip(" ,.;:!?")
    before = [
        (at[1], it)
        for it in accepted
        if it.field in ("budget", "window_start", "window_end")
        and (at := find_quote_norm(norm, it.quote)) is not None
        and at[1] <= a
    ]
    if not before:
        return None
    read = max(before, key=lambda x: x[0])[1]
    phrase = f"{read.quote}; {listed}"
    if read.field == "budget":
        amount = float(norm[a:b].replace(",", "")) if norm[a:b].replace(",", "").isdigit() else None
        if amount is None or abs(amount - float(read.value.get("amount", -1))) < 0.005:
            return None
        return UnreadPhrase(
            phrase,
            "budget_conflict",
            f'"{phrase}": two different budgets. Which is it, per person or for everyone?',
        )
    m = clock.TOKEN_RE.match(norm, a)
    c = clock.token(m) if m else None
    if c is None:
        return None
    role = "end" if read.field == "window_end" else "start"
    said = clock.hhmm(clock.resolve(c, role, norm))
    if said == str(read.value):
        return None
    what = "must you be home" if role == "end" else "should the day start"
    return UnreadPhrase(
        phrase, "time_conflict", f'"{phrase}": {read.value} or {said}? When {what}?'
    )


def _unread_musts(
    text: str,
    norm: str,
    accepted: list[ReadingItem],
    found: list[tuple[int, int, str]],
    exact: set[int],
) -> list[tuple[int, int, str]]:
    """Must-like phrases of ``norm`` nothing read (kind ``must``, asked about): a member of a
    must-do list no accepted ``must_do`` reading names ("the Museum of Brisbane" of "must see
    the Old Windmill and the Museum of Brisbane" when only the Windmill was read), and an
    insisting cue ("we promised the kids", "it has to be indoors") whose object no accepted
    reading quotes ("need to be home by 4" is read as the day's end). A cue inside a phrase
    already listed unread (a time nobody read) is not listed twice."""
    cased = cased_text(text)
    src = cased if len(cased) == len(norm) else norm
    read = [normalise(str(i.value)) for i in accepted if i.field == "must_do"]
    quoted = [sp for i in accepted if (sp := find_quote(text, i.quote))]
    out: list[tuple[int, int, str]] = []
    items = musts_mod.must_items(src)
    for it in items:
        if not any(it.name == r or it.name in r or r in it.name for r in read):
            first = not any(o.quote_start == it.quote_start and o.start < it.start for o in items)
            a = it.quote_start if first and it.quote_end == it.end else it.start
            out.append((a, it.end, "must"))
            exact.add(a)
    spans = [(it.quote_start, max(it.quote_end, it.end)) for it in items]
    for a, b in musts_mod.must_like_cues(norm):
        if any(x <= a < y or x < b <= y for x, y in spans):
            continue  # a cue of a must-do the list reader read (its members are checked above)
        end = re.search(r"[.;!?,()]|\s-\s|$", norm[b:]).start() + b
        head = re.match(r"(?:\s+\S+){0,3}", norm[b:end])
        head_end = b + (head.end() if head else 0)
        if any(x < head_end and a < y for x, y in quoted):
            continue  # "need to be home by 4": read as the day's end
        if _HOME_FOR_IT.match(norm, b) and any(
            i.field == "blocked" and isinstance(i.value, dict) and i.value.get("at_home")
            for i in accepted
        ):
            continue  # "naps at home 12:30-2:30 so we need to be home for that": read
        if any(x < end and a < y for x, y, k in found if k in ("time", "money", "foreign")):
            continue  # "have to be back before dinner": already unread (and asked) as a time
        end = min(end, a + 80)
        if _LET_OFF_STEAM.match(norm, b):  # "kids need to run around": why, no must-do
            out.append((a, end, "preference"))
            exact.add(a)
            continue
        out.append((a, end, "must"))
        exact.add(a)
    return out


_LET_OFF_STEAM = re.compile(
    r"\s+(?:(?:really|just|to)\s+)?(?:run\s+(?:around|about|wild|free|off)|burn\s+(?:off\s+)?(?:some\s+|their\s+)?"
    r"(?:energy|steam)|let\s+off\s+(?:some\s+)?steam|get\s+(?:their|the|some)\s+(?:energy|wiggles"
    r"|sillies|beans)\s+out|tire\s+(?:themselves|them|him|her)\s+out|move\s+(?:around|about)|be\s+active"
    r"|get\s+(?:some\s+)?fresh\s+air|stretch\s+(?:their|his|her)\s+legs|get\s+(?:out|outside|outdoors))\b",
    re.I,
)
"""What children need as the reason for a kind of day ("kids need to run around", "they need to
burn off energy"): a wish, listed with the preferences, never a must-do asked about."""
_HOME_FOR_IT = re.compile(
    r"\s+(?:be\s+|get\s+|go\s+|head\s+)?(?:back\s+)?home\s+(?:for|during|in\s+time\s+for)\s+"
    r"(?:that|it|this|then|them|(?:the|her|his|their|a)\s+(?:nap|naps|sleep|rest|quiet\s+time))\b",
    re.I,
)
"""Insisting on being home for a stay at home the text already said ("need to be home for
that"): what it insists on is the read blocked window at home."""


_FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "be",
        "some",
        "something",
        "somewhere",
        "anything",
        "or",
        "and",
        "with",
        "of",
        "for",
        "go",
        "going",
        "get",
        "see",
        "do",
        "visit",
        "more",
        "bit",
        "little",
        "lot",
        "lots",
        "really",
        "very",
        "so",
        "too",
        "just",
        "also",
        "maybe",
        "perhaps",
        "kind",
        "sort",
        "stuff",
        "things",
        "thing",
        "place",
        "places",
        "day",
        "time",
        "it",
        "them",
        "us",
        "we",
        "i",
        "they",
        "kids",
        "kid",
        "children",
        "our",
        "my",
        "their",
        "would",
        "could",
        "will",
        "can",
        "love",
        "loves",
        "like",
        "likes",
        "prefer",
        "prefers",
        "keen",
        "on",
        "into",
        "are",
        "is",
        "'re",
        "we'd",
        "we're",
        "i'd",
        "they'd",
        "they're",
        "fancy",
        "enjoy",
        "enjoys",
        "mad",
        "about",
        "obsessed",
        "big",
        "crazy",
        "interested",
        "in",
        "ideally",
        "preferably",
        "if",
        "possible",
        "please",
        "at",
        "around",
        "where",
        "there",
        "this",
        "that",
        "plenty",
        "lots",
        "much",
        "many",
        "not",
        "too",
        "minimal",
        "as",
        "possible",
        "whole",
        "all",
        "day's",
        "nice",
        "great",
        "good",
        "fun",
        "either",
        "there's",
        "theres",
        "room",
    ]
)
"""Words that carry no wish of their own in a clause of liking ("we'd love to ... please")."""


def _unread_wishes(
    norm: str,
    covered: list[tuple[int, int]],
    found: list[tuple[int, int, str]],
    exact: set[int],
) -> list[tuple[int, int, str]]:
    """Soft wishes nothing read (kind ``preference``, shown, never asked): a preference said
    with a time of day ("something outdoorsy in the afternoon": the kind is read, the time is
    no part of the preference model) and a clause of liking whose words no accepted reading
    quotes ("not too much walking", "we'd love somewhere shady")."""

    def read(a: int, b: int) -> bool:
        return any(x < b and a < y for x, y in covered)

    taken = [(a, b) for a, b, k in found if k in ("must", "time", "money", "party")]
    out: list[tuple[int, int, str]] = []
    for a, b in prefs.timed_spans(norm):
        period = prefs.PERIOD.search(norm, a, b)
        if period and not read(*period.span()) and not any(x < b and a < y for x, y in taken):
            out.append((a, b, "preference"))
            exact.add(a)
    for a, b in musts_mod.timed_must_spans(norm):  # "Library in the morning is a must": its time
        if not any(x <= a < y for x, y, _ in out):
            out.append((a, b, "preference"))
            exact.add(a)
    for a, b in prefs.liking_clauses(norm):
        if any(x < b and a < y for x, y in taken) or any(x < b and a < y for x, y, _ in out):
            continue
        words = [
            m
            for m in re.finditer(r"[a-z][a-z'-]*", norm[a:b])
            if m.group(0) not in _FILLER and not read(a + m.start(), a + m.end())
        ]
        if words:
            out.append((a, b, "preference"))
            exact.add(a)
    return out


def _restates(norm: str, a: int, b: int, kind: str, accepted: list[ReadingItem]) -> bool:
    """Whether the phrase at ``a:b`` says again what an accepted reading already says: an
    amount equal to the read budget ("budget $0 - free things only"), a time equal to a read
    window or blocked time ("back for lunch at 12"). Such a phrase is read, not unread."""
    if kind == "money":
        found = _said_amount(norm, a, b)
        return found is not None and same_budget(found, accepted)
    if kind == "time":
        m = clock.TOKEN_RE.match(norm, a)
        c = clock.token(m) if m else None
        if c is None:
            return False
        said = {clock.hhmm(clock.resolve(c, role, norm)) for role in ("start", "end")}
        times_read = {i.value for i in accepted if i.field in ("window_start", "window_end")}
        for i in accepted:
            if i.field in ("blocked", "rain") and isinstance(i.value, dict):
                times_read |= {i.value.get("start"), i.value.get("end")}
        return bool(said & times_read)
    return False


def _breakdowns_read(norm: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``found`` with the party words and numbers inside a breakdown of a count that agrees
    with it dropped ("4 kids - my 2 and 2 cousins": the same 4, read), and each breakdown that
    does not agree listed as ``people`` ("4 kids - my 2 and 3 cousins": asked)."""
    spans = people.breakdowns(norm)
    said = [(a, b) for a, b, ok in spans if ok]
    found = [
        f
        for f in found
        if f[2] not in ("party", "people", "number")
        or not any(x <= f[0] and f[1] <= y for x, y in said)
    ]
    return found + [(a, b, "people") for a, b, ok in spans if not ok]


_REJECTED_KIND = {
    "rain": "weather",
    "adults": "count",
    "children": "count",
    "budget": "money",
    "window_start": "time",
    "window_end": "time",
}
"""A proposal of these fields that code rejects (a count over the request's limit: "999 kids")
is listed unread with this kind, so the run asks instead of planning without it."""


def rejected_phrase(field: str, value, quote: str) -> str:
    """The part of a rejected reading's ``quote`` that says its ``value`` ("999 kids" of
    "2 adults, 999 kids" for ``children`` 999), else the whole quote."""
    if field in ("adults", "children"):
        rx = people.COUNTED_CHILDREN if field == "children" else people.COUNTED_ADULTS
        for m in rx.finditer(quote):
            if people.count(m.group(1)) == value:
                return m.group(0)
    return quote


def rejected_unread(
    text: str,
    rejected: list[tuple[str, object, str]],
    accepted: list[ReadingItem],
    unread: list[UnreadPhrase],
) -> list[UnreadPhrase]:
    """The unread phrases that readings code rejected add (``rejected``: ``(field, value,
    quote)`` of each, in order): a rejected reading of a field in ``_REJECTED_KIND`` ("999 kids",
    a deadline read wrong and then dropped) whose quote is in ``text`` and whose field no
    accepted reading gives is listed unread with that kind, once, so the run asks instead of
    planning without it. The one rule for the stand-in's proposals (``read_request``) and for
    any model's calls of ``record_reading``."""
    out: list[UnreadPhrase] = []
    for field, value, quote in rejected:
        kind = _REJECTED_KIND.get(field)
        at = find_quote(text, quote) if kind and quote else None
        if at is None or any(field == i.field for i in accepted):
            continue
        phrase = rejected_phrase(field, value, quote)  # "999 kids": asked, never dropped
        listed = [sp for u in (*unread, *out) if (sp := find_quote(text, u.phrase))]
        if any(a < at[1] and at[0] < b for a, b in listed):
            continue  # "back by 11" of the rejected "need to be back by 11": asked once
        if all(u.phrase != phrase for u in (*unread, *out)):
            out.append(UnreadPhrase(phrase, kind))
    return out


def read_request(text: str, *, today: date) -> tuple[AcceptedReading, list[UnreadPhrase]]:
    """Propose, verify and collect: the ``AcceptedReading`` of ``text`` (items that passed
    ``verify_reading``; ``unread`` phrases) and the unread phrases with their kinds."""
    proposed = propose_readings(text, today=today)
    verdicts = [verify_reading(text, p, today=today) for p in proposed]
    accepted = [r for r in verdicts if isinstance(r, ReadingItem)]
    unread = unread_phrases(text, accepted, today=today)
    rejected = [
        (p.field, p.value, p.quote)
        for p, r in zip(proposed, verdicts, strict=True)
        if not isinstance(r, ReadingItem)
    ]
    unread += rejected_unread(text, rejected, accepted, unread)
    return AcceptedReading(items=tuple(accepted), unread=tuple(u.phrase for u in unread)), unread


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
