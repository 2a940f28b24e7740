"""Venues the request text names, and what it says of each: avoid it, wish for it, or neither.

A **mention** is a run of words that names venues of the catalogue (``dayplan.data.venues``)
by name or nickname: the whole name ("the Wheel of Brisbane", "New Farm Park"), its start
("the Queensland Museum", "State Library"), its bracketed short name ("GOMA"), or any run of
its words with a word that names no kind, place or common thing ("the wheel", "lone pine",
"SparkLab", "Roma St Parklands": words are compared singular, "st" as "street"). A run that
names more than two venues is no mention, and so is a run of place words alone ("New Farm",
"South Bank": the gazetteer's), of kind words alone ("the museum": a kind, read by ``prefs``) or
of common words ("Eat", "Event", "Palace" alone).

What the text says of a mention:

- **avoid** (``avoid_items``): an avoiding cue before it ("avoid Lone Pine", "not GOMA this
  time", "anything but the Wheel of Brisbane", "dont take us to GOMA"; ``prefs.AVOIDING``), a
  list continuing an avoid ("avoid Lone Pine and the wheel", "no pools, parks or Lone Pine"),
  words after it ("Lone Pine is out", "GOMA's a no-go"; ``prefs.AVOIDED_AFTER``), or a pronoun
  that refers back to it ("we've done the museum, skip it"). Kinds ("no museums") come from
  ``prefs.avoid_spans``; a kind word inside a venue's name ("not the Museum of Brisbane") is the
  venue, never the kind. Each avoid is hard or soft by its words (``prefs.avoid_is_hard``).
- **past** (``said_past``): a visit already made ("we went to GOMA last week", "we've done Lone
  Pine"): neither a wish nor an avoid.
- **landmark**: a venue said to say where ("we live not far from Lone Pine"): no wish.
- **wish** (``wish_spans``): any other mention that is no must-do (``musts.must_items``), no
  place read as the home or the location, and not a kind word alone ("the planetarium" is the
  ``planetarium`` preference): "maybe SparkLab", "then GOMA", "thinking Roma St Parklands".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dayplan import data
from dayplan.reading import deferred_re as re
from dayplan.reading import prefs
from dayplan.reading.memo import per_run_list
from dayplan.reading.prefilter import prefilter_module

_COMMON_WORDS = """the of and at a an s brisbane queensland qld centre center street city state square
hall clock tower house store sports complex memorial modern institute collective organic farmers
grocer sourced summit lookout point hill valley james philip thomas victoria spring anzac
centenary cannon daisy palace davies brigade police powers reserve event eat pearl old new south
bank farm mt coot tha beach baths wading aquatic koala kangaroo cliffs pier wetlands playground
art tour tours gallery galleries museum library park parklands garden gardens market markets cafe
cinema cinemas pool sanctuary lone pine roma kuta jan uq bacon 7th bradbury playscape sir"""
_NO_PREFIX = frozenset({"eat", "event", "new", "old", "south"})
"""Common words that start a venue's name ("Eat Street Northshore", "Event Cinemas"): a run
that starts with one names the venue only as its whole name ("eat street food" names none)."""
_MAX_VENUES = 2
"""A run of words naming more venues than this ("new farm": a library, a park, a cinema) is no
mention of one."""


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


_FOLD = {"st": "street", "mount": "mt", "center": "centre"}


def fold_words(text: str) -> list[str]:
    """The words of ``text`` as mentions compare them: lower case, "'s" dropped, singular,
    "st" read as "street" and "mount" as "mt"."""
    words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("&", " and "))
    out = []
    for w in words:
        w = re.sub(r"'s$|'$", "", w).replace("'", "")
        w = _FOLD.get(w, w)
        out.append(_singular(w))
    return out


COMMON = frozenset(fold_words(_COMMON_WORDS))
"""Words of venue names that name no venue on their own: kinds, places, common words and
short ones ("lone", "pine": "lone pine" together names one). A run of words with none but these
names a venue only as a whole name or the start of one ("Queensland Museum")."""


@dataclass(frozen=True)
class _Name:
    venue_id: str
    words: tuple[str, ...]
    whole: bool
    """The venue's whole name (or its bracketed short name), not a run inside it."""


@lru_cache(maxsize=1)
def _names() -> tuple[_Name, ...]:
    out = []
    for v in data.venues():
        base = v.name.split("(")[0]
        words = tuple(fold_words(base))
        if words and words[0] == "the":
            words = words[1:]
        out.append(_Name(v.id, words, True))
        if "(" in v.name:  # "Gallery of Modern Art (GOMA)": GOMA
            out.append(_Name(v.id, tuple(fold_words(v.name.split("(")[1].rstrip(")"))), True))
    return tuple(out)


@lru_cache(maxsize=1)
def _place_words() -> frozenset[str]:
    gaz = data.gazetteer()
    names = [s["name"] for s in gaz.get("suburbs", [])] + list(gaz.get("aliases", {}))
    return frozenset(w for n in names for w in fold_words(n))


@lru_cache(maxsize=1)
def _single_words() -> frozenset[str]:
    """Words that name a venue alone: in at most ``_MAX_VENUES`` names, five letters or more,
    and not ``COMMON``, a place's or a kind's word ("sparklab", "wheel", "planetarium")."""
    counts: dict[str, set[str]] = {}
    for n in _names():
        for w in n.words:
            counts.setdefault(w, set()).add(n.venue_id)
    return frozenset(
        w
        for w, ids in counts.items()
        if len(ids) <= _MAX_VENUES and len(w) >= 5 and w not in COMMON and w not in _place_words()
    )


@lru_cache(maxsize=1)
def _word_index() -> dict[str, frozenset[int]]:
    """Each folded word of a venue name -> the indices (in ``_names``) of the names that hold it
    (request-independent: built once per process from the catalogue)."""
    index: dict[str, set[int]] = {}
    for i, n in enumerate(_names()):
        for w in n.words:
            index.setdefault(w, set()).add(i)
    return {w: frozenset(ids) for w, ids in index.items()}


def _run_in(run: tuple[str, ...], words: tuple[str, ...]) -> tuple[bool, bool]:
    """``(inside, prefix)``: whether ``run`` is a run of ``words``, and whether it starts them."""
    n = len(run)
    inside = any(words[i : i + n] == run for i in range(len(words) - n + 1))
    return inside, words[:n] == run


def venues_named(run: tuple[str, ...]) -> tuple[str, ...]:
    """The ids of the venues the folded words ``run`` name (module docstring), ``()`` for none
    (or for more than ``_MAX_VENUES``)."""
    if not run:
        return ()
    index = _word_index()
    holders = index.get(run[0])
    for w in run[1:]:
        if not holders:
            break
        holders = holders & index.get(w, frozenset())
    if not holders:  # no venue name holds every word of the run
        return ()
    distinct = [w for w in run if w not in COMMON and w not in _place_words()]
    single = len(run) == 1 and run[0] in _single_words()
    places = all(w in _place_words() or w in ("the", "of") for w in run)
    ids: list[str] = []
    names = _names()
    for i in sorted(holders):  # in catalogue order, as before
        n = names[i]
        inside, prefix = _run_in(run, n.words)
        if not inside:
            continue
        whole = n.whole and run == n.words
        short = n.whole and len(n.words) == 1 and run == n.words  # "goma"
        ok = (
            short
            or (whole and len(run) >= 2)
            or (prefix and len(run) >= 2 and not places and run[0] not in _NO_PREFIX)
            or (len(run) >= 2 and distinct and not places)
            or single
            or (n.whole and _tail_names(run, n.words, holders))
        )
        if ok and n.venue_id not in ids:
            ids.append(n.venue_id)
    return tuple(ids) if len(ids) <= _MAX_VENUES else ()


@lru_cache(maxsize=1)
def _kind_words() -> frozenset[str]:
    """Words that name a kind of outing (``prefs``' words and the catalogue's kind words, folded):
    a run whose first word is one ("koala sanctuary", "art gallery") says a kind, not a venue."""
    from dayplan.core.mustdo import KIND_WORDS  # noqa: PLC0415 (a table of the matcher)

    said = [*prefs.PREFERENCE_WORDS, *prefs.ANYWHERE_WORDS, *KIND_WORDS]
    return frozenset(w for s in said for w in fold_words(s)) | {"centre", "aquatic"}


def _tail_names(run: tuple[str, ...], words: tuple[str, ...], holders: frozenset[int]) -> bool:
    """Whether ``run`` (two words or more) ends the venue name ``words`` and names that one
    venue: no other name holds the run, and its first word names no kind, place or article
    ("the police museum": Queensland Police Museum; "memorial galleries", "the square library";
    never "art gallery" or "koala sanctuary", kinds, nor "aquatic centre", in two names)."""
    n = len(run)
    if n < 2 or words[-n:] != run or run[0] in _kind_words() or run[0] in _place_words():
        return False
    if run[0] in ("the", "of", "and", "at", "a", "an", "s"):
        return False
    names = _names()
    return len({names[i].venue_id for i in holders if _run_in(run, names[i].words)[0]}) == 1


@dataclass(frozen=True)
class Mention:
    """Venues named at ``start:end`` of a phrase (a leading "the" included): ``name`` is the
    words as said (lower case, e.g. "the wheel"), ``venue_ids`` the catalogue venues they name."""

    start: int
    end: int
    name: str
    venue_ids: tuple[str, ...]


_NOT_A_VENUE_AFTER = re.compile(
    r"\s+(?:station|stn|busway|bus\s+stop|train|road|rd|exit|car\s*park|parking|bridge|ferry"
    r"\s+(?:terminal|stop))\b"
)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|&")
_BREAK = re.compile(r"[,;.!?()]|\s-\s")


@per_run_list
def mentions(phrase: str) -> list[Mention]:
    """Every mention of ``phrase`` (any case), longest first at each word, in order."""
    low = phrase.lower()
    toks = [(m.start(), m.end(), fold_words(m.group(0))) for m in _WORD.finditer(low)]
    toks = [(a, b, w[0]) for a, b, w in toks if w]
    out: list[Mention] = []
    # a run never crosses a break between two words (punctuation, a spaced dash)
    breaks = [bool(_BREAK.search(low, toks[k][1], toks[k + 1][0])) for k in range(len(toks) - 1)]
    words = [w for _, _, w in toks]
    i = 0
    while i < len(toks):
        found = None
        reach = 1  # how many words from i a run may take
        while reach < 6 and i + reach < len(toks) and not breaks[i + reach - 1]:
            reach += 1
        for n in range(reach, 0, -1) if words[i] != "the" else ():
            run = tuple(words[i : i + n])
            ids = venues_named(run)
            if ids:
                found = (n, ids)
                break
        if found is None:
            i += 1
            continue
        n, ids = found
        a, b = toks[i][0], toks[i + n - 1][1]
        if _NOT_A_VENUE_AFTER.match(low, b):  # "Roma Street station": a stop, no venue
            i += n
            continue
        the = re.search(r"\bthe\s+$", low[max(0, a - 4) : a])
        if the:
            a -= len(the.group(0))
        at_place = _narrowed_by_place(low, b, ids) if len(ids) > 1 else None
        if at_place:  # "the Botanic Gardens at Mt Coot-tha": the one there
            b, ids = at_place
        out.append(Mention(a, b, low[a:b], ids))
        i += n
        while i < len(toks) and toks[i][0] < b:
            i += 1
    return out


_AT_PLACE = re.compile(r"\s+(?:at|in|on|up)\s+(?:the\s+)?")


@lru_cache(maxsize=1)
def _venue_facts() -> dict[str, tuple[str, frozenset[str]]]:
    """Venue id -> (suburb, the folded words of its name)."""
    return {v.id: (v.suburb, frozenset(fold_words(v.name))) for v in data.venues()}


def _narrowed_by_place(
    low: str, b: int, ids: tuple[str, ...]
) -> tuple[int, tuple[str, ...]] | None:
    """``(end, ids)`` when "at/in <place>" right after a mention ending at ``b`` keeps fewer of
    its venues ``ids``: those in that suburb or whose name holds the place's words ("the
    Botanic Gardens at Mt Coot-tha": Brisbane Botanic Gardens Mt Coot-tha, not the City Botanic
    Gardens); else ``None``."""
    from dayplan.core.places import find_place_in_text  # noqa: PLC0415
    from dayplan.reading.places import _names_re  # noqa: PLC0415 (places imports this module's users)

    lead = _AT_PLACE.match(low, b)
    said = _names_re().match(low, lead.end()) if lead else None
    place = find_place_in_text(said.group(0), data.gazetteer()) if said else None
    if place is None:
        return None
    words = frozenset(fold_words(said.group(0))) - {"the"}
    facts = _venue_facts()
    kept = tuple(
        i for i in ids if i in facts and (facts[i][0] == place.name or words <= facts[i][1])
    )
    return (said.end(), kept) if kept and len(kept) < len(ids) else None


_SEP = re.compile(
    r"\s*(?:,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|nor)\s+|\s*[&/]\s*)(?:(?:the|no)\s+)?$"
)
"""What joins the next member of an avoided list ("avoid Lone Pine and the wheel")."""
_GOES_ON = re.compile(r"\s*(?:,|and\b|or\b|nor\b|&|/)")


def _continues(low: str, gap_start: int, start: int, end: int) -> bool:
    """Whether the item at ``start:end`` of ``low`` continues the avoided list that ends at
    ``gap_start``: only separators between them, and after a comma alone the list must go on
    after the item too ("no pools, Lone Pine or cinemas"; in "no museums, GOMA would be great"
    the list ended at the comma)."""
    gap = low[gap_start:start]
    if not _SEP.fullmatch(gap):
        return False
    if re.search(r"\b(?:and|or|nor)\b|[&/]", gap):
        return True
    return bool(_GOES_ON.match(low, end))


_PRONOUN = re.compile(
    r"^[^.;!?]{0,40}?\b(?:(?:so\s+|let's\s+|lets\s+|please\s+)?(?:skip|avoid|not|no\s+more\s+of)"
    r"|(?:don't|dont|do\s+not)\s+(?:want|need)\s+(?:to\s+(?:do|see|go\s+to|visit)\s+)?)"
    r"\s+(?:it|that|them|those|this\s+one|that\s+one)\b(?:\s+(?:this\s+time|today|again|please))?"
    r"(?=\s*(?:[,.;!?)]|$|\s-\s|\s+(?:and|but)\b))"
    r"|^[^.;!?]{0,40}?\bgive\s+(?:it|that|them)\s+a\s+miss\b",
    re.I,
)
"""A pronoun that refers back to the venue or kind just said ("we've done the museum, skip
it", "been to GOMA heaps so give it a miss"): that one is avoided."""
PAST = re.compile(
    r"\b(?:went|been|visited|did|done|saw|seen|was\s+at|were\s+at|had\s+a\s+(?:day|go|visit))\b"
    r"[^,.;!?]{0,30}$",
    re.I,
)
"""A visit already made, said before the venue in its clause ("we went to GOMA", "we've done
Lone Pine", "been to the Wheel")."""
_PAST_AFTER = re.compile(
    r"^[^,.;!?]{0,20}?\b(?:last\s+(?:week|weekend|month|year|time|saturday|sunday)|yesterday"
    r"|already|recently|a\s+(?:week|month|year)\s+ago)\b",
    re.I,
)
HABIT = re.compile(
    r"\b(?:went|been|visited|did|done|saw|seen|always\s+(?:do|go\s+to|end\s+up\s+at|visit|see|pick)"
    r"|(?:do|go\s+to|visit)\s+(?:it|them)?\s*(?:every|each)\s+(?:week|weekend|time|saturday))\b"
    r"[^,.;!?]{0,30}$",
    re.I,
)
"""A visit already made or made every time, said before the kind or venue in its clause ("we've
been to the museum", "we always do the museum")."""
ELSE_AFTER = re.compile(
    r"^[^.;!?]{0,40}?(?:,|\s-\s|:|\bso\b|\band\b|\bbut\b)\s*(?:(?:so|now|this\s+time|today)\s*,?\s+)?"
    r"(?:(?:maybe|perhaps|ideally|preferably|possibly|probably)\s+)?"
    r"(?:(?:we|i|they|the\s+kids)\s+)?(?:(?:want|wanna|would\s+like|'d\s+like|need|fancy|are\s+after"
    r"|'re\s+after|keen\s+(?:for|on)|up\s+for|looking\s+for|let's\s+(?:do|try|find)|lets\s+(?:do|try|find)"
    r"|try|do|find\s+(?:us|me))\s+)?(?:anything|something|somewhere|someplace|somewhere)\s+(?:else|different"
    r"|new)\b(?:\s+(?:please|for\s+a\s+change|this\s+time))?",
    re.I,
)
"""Asking for something else after a visit already made ("we've been to the museum a million
times, anything else", "we always do the museum, something different"): that one is
avoided, never wished for."""
_NEAR = re.compile(
    r"\b(?:near|nearby|close\s+to|far\s+from|next\s+to|around\s+the\s+corner\s+from"
    r"|opposite|across\s+from|behind|past|(?:just\s+)?down\s+the\s+road\s+from"
    r"|within\s+[\w\s-]{1,20}?\s+of|not\s+sure\s+about|unsure\s+about|undecided\s+on"
    r"|(?:don't|dont|do\s+not)\s+(?:care|mind)\s+about)\s+(?:the\s+)?$",
    re.I,
)
"""A venue named as a landmark ("we live not far from Lone Pine", "within 10 min of Lone
Pine") or in doubt ("not sure about GOMA"): neither a wish nor an avoid."""
_CLAUSE = re.compile(r"[,.;!?()]|\s-\s|\bbut\b")


def said_past(phrase: str, m: Mention) -> bool:
    """Whether ``m`` is a visit already made ("we went to GOMA last week and loved it"):
    neither a wish nor an avoid (decided: a past visit asks for nothing either way; the day
    may still include it, on its merits)."""
    low = phrase.lower()
    lo = max([0] + [x.end() for x in _CLAUSE.finditer(low, 0, m.start)])
    return bool(PAST.search(low[lo : m.start]) or _PAST_AFTER.match(low[m.end :]))


@dataclass(frozen=True)
class AvoidItem:
    """One avoided kind or venue of a phrase: ``start:end`` is its quote (the cue through the
    avoided item, or the item through the words after it), ``kind`` a preference kind
    ("museums") or ``None``, ``venue`` the venue as said ("lone pine") or ``None``, ``at`` where
    the item itself is said."""

    start: int
    end: int
    kind: str | None
    venue: str | None
    at: int
    place: str | None = None
    """The gazetteer suburb whose venues are avoided ("not Chandler", "not the Chandler pool",
    "no pools at Chandler": ``kind`` then narrows it to that kind), else ``None``."""

    @property
    def label(self) -> str:
        if self.place:
            return f"{self.kind or 'anything'} in {self.place}"
        return self.kind or self.venue or ""


def _kind_at(low: str, a: int, b: int) -> str | None:
    """The preference kind the word at ``a:b`` of ``low`` names, if any."""
    return prefs.PREFERENCE_WORDS.get(low[a:b])


@per_run_list
def avoid_items(phrase: str) -> list[AvoidItem]:
    """Every kind and venue ``phrase`` asks to avoid, each once, in order (module docstring)."""
    low = phrase.lower()
    named = mentions(phrase)
    out: list[AvoidItem] = []

    def inside_venue(at: int) -> bool:
        return any(m.start <= at < m.end for m in named)

    for a, b, kind in prefs.avoid_spans(phrase):
        word = next(
            (
                w
                for w in re.finditer(r"[a-z]+", low[a:b])
                if prefs.PREFERENCE_WORDS.get(w.group(0)) == kind
            ),
            None,
        )
        at = a + word.start() if word else a
        if not inside_venue(at):  # "not the Museum of Brisbane": the venue, not the kind
            out.append(AvoidItem(a, b, kind, None, at))
    for m in named:
        cue = prefs.AVOIDING.search(low[max(0, m.start - 50) : m.start])
        if cue and prefs._NOTHING_BUT.search(low[max(0, m.start - 50) : m.start], 0, cue.start()):
            cue = None  # "nothing except GOMA": no avoid of it
        if cue and not prefs._NOT_AVOIDING.search(
            low[max(0, m.start - 50) : m.start][cue.start() :]
        ):
            lead = m.start - min(50, m.start) + cue.start()
            out.append(AvoidItem(lead, m.end, None, m.name, m.start))
            continue
        prev = [o for o in out if o.end <= m.start]
        last = max(prev, key=lambda o: o.end) if prev else None
        if last is not None and _continues(low, last.end, m.start, m.end):
            out.append(AvoidItem(last.start, m.end, None, m.name, m.start))  # a list goes on
            continue
        after = prefs.AVOIDED_AFTER.match(low[m.end :])
        if after:
            out.append(AvoidItem(m.start, m.end + after.end(), None, m.name, m.start))
            continue
        back = _PRONOUN.match(low[m.end :])
        if back and not _nearer(low, named, m, back):
            out.append(AvoidItem(m.start, m.end + back.end(), None, m.name, m.start))
    # a kind said, then a pronoun for it ("we've done the museum, skip it")
    for w in re.finditer(r"[a-z]+", low):
        kind = prefs.PREFERENCE_WORDS.get(w.group(0))
        if not kind or inside_venue(w.start()) or any(o.kind == kind for o in out):
            continue
        back = _PRONOUN.match(low[w.end() :])
        if back and not any(w.end() <= x.start < w.end() + back.end() for x in named):
            lead = re.search(r"(?:\bthe\s+)?$", low[: w.start()])
            out.append(AvoidItem(lead.start(), w.end() + back.end(), kind, None, w.start()))
    # a visit already made or made every time, then something else asked for ("we've been to
    # the museum a million times, anything else", "we always do GOMA, something different")
    said = [(m.start, m.end, None, m.name) for m in named]
    said += [
        (w.start(), w.end(), prefs.PREFERENCE_WORDS.get(w.group(0)), None)
        for w in re.finditer(r"[a-z]+", low)
        if prefs.PREFERENCE_WORDS.get(w.group(0)) and not inside_venue(w.start())
    ]
    for a, b, kind, venue in sorted(said):
        if any((o.kind == kind) if kind else (o.venue == venue) for o in out):
            continue
        lo = max([0] + [x.end() for x in _CLAUSE.finditer(low, 0, a)])
        habit = HABIT.search(low[lo:a])
        other = ELSE_AFTER.match(low[b:])
        if habit and other and not any(b <= x.start < b + other.end() for x in named):
            lead = lo + habit.start()
            out.append(AvoidItem(lead, b + other.end(), kind, venue, a))
    # a list that began with a venue goes on with kinds ("avoid Lone Pine and museums")
    for w in re.finditer(r"[a-z]+", low):
        kind = prefs.PREFERENCE_WORDS.get(w.group(0))
        if not kind or inside_venue(w.start()) or any(o.kind == kind for o in out):
            continue
        prev = [o for o in out if o.end <= w.start()]
        last = max(prev, key=lambda o: o.end) if prev else None
        if last is not None and _continues(low, last.end, w.start(), w.end()):
            out.append(AvoidItem(last.start, w.end(), kind, None, w.start()))
    out = _in_places(low, out) + _place_items(low, named, out)
    seen: set[str] = set()
    kept = []
    for o in sorted(out, key=lambda o: (o.at, o.start)):
        key = f"p:{o.place}:{o.kind}" if o.place else f"k:{o.kind}" if o.kind else f"v:{o.venue}"
        if key not in seen:
            seen.add(key)
            kept.append(o)
    return kept


_PLACE_IN = re.compile(r"\s+(?:at|in|around)\s+(?:the\s+)?")
_NOTHING_IN = re.compile(
    r"\b(?:nothing|none|nowhere|(?:avoid|avoiding|skip|skipping|not)\s+(?:anything|everything"
    r"|stuff|things|places))\s+(?:in|at|around|near|out\s+at|up\s+at)\s+(?:the\s+)?$",
    re.I,
)
"""A refusal of whatever is in a place, said before it ("nothing in Chandler", "avoid anything
at South Bank")."""
_ANY_AFTER = re.compile(
    r"\s+(?:anything|stuff|things|places|venues|at\s+all|whatsoever|related)\b", re.I
)
_NOT_AVOIDED_AFTER = re.compile(
    r"\s*(?:really|actually|technically|exactly|though|proper|itself|but\b|either\s+but)\b", re.I
)
"""Words after a place that make "not <place>" say where the party is not ("(not Brisbane
really)", "not Toowong but Taringa" is a correction), never an avoid."""


def _avoidable_place(said: str) -> str | None:
    """The gazetteer suburb the place name ``said`` resolves to, when avoiding it can mean its
    venues: never the whole city ("not Brisbane", "no Brissie")."""
    from dayplan.core.places import find_place_in_text  # noqa: PLC0415

    gaz = data.gazetteer()
    place = find_place_in_text(said, gaz)
    if place is None:
        return None
    city_names = {str(gaz.get("city", "")).lower()} | {
        k.lower()
        for k, v in gaz.get("aliases", {}).items()
        if v == place.name and not re.search(r"\bcity\b|\bcbd\b", k.lower())
    }
    if place.name.lower().endswith(" city") and said.strip().lower() in city_names:
        return None  # "not brisbane", "no brissie": the city, no suburb of its venues
    return place.name


_CITY_WORD = re.compile(
    r"(?<![\w])(?:city\s+centre|city\s+center|city|cbd)(?![\w])"
    r"(?!\s+(?:of|hall|council|cat|library|botanic|gardens?|side)\b)"
)
"""The city centre said as a place ("the city", "the CBD"): after an avoiding cue ("avoid
anything in the city (parking)", "not the city") its venues are avoided, as a suburb's are."""


def _place_matches(low: str) -> list[tuple[re.Match, str | None]]:
    """Gazetteer places of ``low`` (``places._names_re``) and the city centre's words
    (``_CITY_WORD``: "the city" is the gazetteer's ``cbd``), in order, as ``(match, centre)``:
    ``centre`` is the city centre's suburb for a city word, ``None`` for a gazetteer name (its
    avoidable suburb is ``_avoidable_place``, resolved only where a cue asks for it)."""
    from dayplan.reading.places import _names_re  # noqa: PLC0415 (places imports this module's users)

    found: list[tuple[re.Match, str | None]] = [(m, None) for m in _names_re().finditer(low)]
    centre = data.gazetteer().get("aliases", {}).get("cbd")
    if centre:
        taken = [(m.start(), m.end()) for m, _ in found]
        found += [
            (m, centre)
            for m in _CITY_WORD.finditer(low)
            if not any(a <= m.start() < b for a, b in taken)
        ]
    return sorted(found, key=lambda f: f[0].start())


def _place_items(low: str, named: list[Mention], found: list[AvoidItem]) -> list[AvoidItem]:
    """Avoids of a suburb's venues: an avoiding cue right before a gazetteer place that is no
    part of a venue mention ("not Chandler", "no Mt Coot-tha anything", "nothing at South
    Bank", "skip the Chandler pool": with a kind word after it, that kind there only), or the
    place and "is out"/"is a no-go" after it. The place stays a place of the gazetteer: the
    home is never avoided, only the venues in the suburb (``places.place_spans`` reads no
    location or home from such a place)."""
    out: list[AvoidItem] = []
    for m, centre in _place_matches(low):
        if any(x.start <= m.start() < x.end for x in named):
            continue  # "not New Farm Park": the venue
        if any(o.place and o.at == m.start() for o in found):
            continue
        place = centre or _avoidable_place(m.group(0))
        if place is None or _NOT_AVOIDED_AFTER.match(low, m.end()):
            continue
        before = low[max(0, m.start() - 50) : m.start()]
        cue = prefs.AVOIDING.search(before) or _NOTHING_IN.search(before)
        if cue and prefs._NOTHING_BUT.search(before, 0, cue.start()):
            cue = None  # "nothing but South Bank": the day there, no avoid
        if cue and prefs._NOT_AVOIDING.search(before[cue.start() :]):
            cue = None  # "don't mind Chandler"
        end = m.end()
        kind = None
        tail = re.match(r"\s+([a-z]+)", low[end:])
        if tail and prefs.PREFERENCE_WORDS.get(tail.group(1)):
            kind, end = prefs.PREFERENCE_WORDS[tail.group(1)], end + tail.end()
        elif _ANY_AFTER.match(low, end):
            end += _ANY_AFTER.match(low, end).end() - end
        if cue:
            lead = m.start() - len(before) + cue.start()
            out.append(AvoidItem(lead, end, kind, None, m.start(), place))
            continue
        after = prefs.AVOIDED_AFTER.match(low[end:])
        if after:  # "South Bank is out", "the Chandler pool's a no-go"
            the = re.search(r"(?:\bthe\s+)?$", low[: m.start()])
            out.append(AvoidItem(the.start(), end + after.end(), kind, None, m.start(), place))
    return out


def _in_places(low: str, found: list[AvoidItem]) -> list[AvoidItem]:
    """``found`` with each avoided kind that "at/in <place>" follows narrowed to that suburb
    ("no pools at Chandler": the pools there, not every pool)."""
    from dayplan.reading.places import _names_re  # noqa: PLC0415 (places imports this module's users)

    out = []
    for o in found:
        lead = _PLACE_IN.match(low, o.end) if o.kind and not o.place else None
        said = _names_re().match(low, lead.end()) if lead else None
        place = _avoidable_place(said.group(0)) if said else None
        if said and place:
            o = AvoidItem(o.start, said.end(), o.kind, None, o.at, place)
        out.append(o)
    return out


def avoided_places(phrase: str) -> list[tuple[int, int]]:
    """Where ``phrase`` names a place only to avoid its venues (``AvoidItem.place``): such a
    place is never the home or the day's location ("Toowong, ..., no Mt Coot-tha anything")."""
    at = {o.at for o in avoid_items(phrase) if o.place}
    if not at:
        return []
    return [m.span() for m, _ in _place_matches(phrase.lower()) if m.start() in at]


def _nearer(low: str, named: list[Mention], m: Mention, back: re.Match) -> bool:
    """Whether another venue or kind word stands between ``m`` and the pronoun ``back`` after
    it (then the pronoun is that one's)."""
    gap = low[m.end : m.end + back.end()]
    if any(m.end <= x.start < m.end + back.end() for x in named if x is not m):
        return True
    return any(prefs.PREFERENCE_WORDS.get(w) for w in re.findall(r"[a-z]+", gap))


def avoided_venue_names(phrase: str) -> list[str]:
    """The venues ``phrase`` asks to avoid, as said (``avoid_items``)."""
    return [o.venue for o in avoid_items(phrase) if o.venue]


@per_run_list
def wish_spans(phrase: str) -> list[Mention]:
    """The mentions of ``phrase`` that are wishes: not avoided, not a visit already made, no
    must-do (``musts.must_items``) and not a preference's kind word alone ("the planetarium")."""
    from dayplan.reading import musts  # noqa: PLC0415 (musts imports the reading's tables)

    avoided = avoid_items(phrase)
    must = musts.must_items(phrase)
    out = []
    for m in mentions(phrase):
        if any(o.venue and o.at == m.start for o in avoided):
            continue
        if any(o.start <= m.start < o.end for o in avoided):
            continue
        if said_past(phrase, m) or _NEAR.search(phrase.lower()[max(0, m.start - 40) : m.start]):
            continue  # "we went to GOMA last week", "we live not far from Lone Pine"
        if any(x.start < m.end and m.start < x.end for x in must):
            continue
        words = [w for w in fold_words(m.name) if w != "the"]
        if all(w in prefs.PREFERENCE_WORDS or w in prefs.ANYWHERE_WORDS for w in words):
            continue  # "the planetarium": the kind, read as a preference
        out.append(m)
    return out


def names_same_venue(a: str, b: str) -> bool:
    """Whether the venue words ``a`` and ``b`` name the same venues ("goma" and "GOMA",
    "the wheel" and "Wheel")."""
    ra = tuple(w for w in fold_words(a) if w != "the")
    rb = tuple(w for w in fold_words(b) if w != "the")
    if ra == rb:
        return bool(ra)
    ia, ib = venues_named(ra), venues_named(rb)
    return bool(ia) and set(ia) == set(ib)


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
