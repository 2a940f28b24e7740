"""The coverage net: limit-looking spans of a request that no accepted reading covers.

After the readings are accepted, every span of the text that looks like a limit a parent sets
and that no accepted reading's quote covers is listed unread with its kind, so a limit is never
dropped silently. One rule per kind (each a pattern here, applied by ``net_spans``):

- ``time``: a 24-hour time without a colon ("1500", "0930-1500", "1530hrs"), a clock time with a
  colon ("the earliest we can go is 10:30"), and a deadline glued to its number ("homeby3");
- ``money``: a budget word with no amount read ("budget: fifty", "cheap as chips", "on a
  shoestring", "we're broke", "skint"), only while no budget was read;
- ``party``: a count glued to its people word ("2adults", "2A 2C", "us 4", "2 big 2 small"), a
  child or adult word nobody counted ("w/ 2 kidz", "me, partner, ...") while that part of the party
  is unread, and people words of another language ("enfants", "Kinder", "niños");
- ``people``: a party reading that counts fewer people than its own quote names ("nan, pop and
  the 3 grandkids" read as one adult; "me, my husband and our 2" read without children; a
  party quote in another language), and cousins or siblings nobody counted ("me, the kids and
  2 cousins"): partly read, so asked even when the children were read;
- ``distance``: a distance limit ("not more than 10km away"): no check limits distance;
- ``cap``: a duration said about travel between places ("under 15 minutes between places")
  that no cap reading covers (listed by ``unread_phrases`` from its durations, with ``is_cap``).

Bare numbers go through ``propose.limit_kind`` (a number after "home"/"back"/"by"/"@" is a time;
beside a people word, the party). Negated travel modes are ``travel.negated_spans``. Which kinds
ask and what settles them is ``propose.ASKING_KINDS`` and ``apply._settled``; the question
wording is ``apply.questions``.
"""

from __future__ import annotations

from dayplan.reading import deferred_re as re

_HHMM = re.compile(
    r"(?<![\w$:./-])(?:[01]\d|2[0-3])[0-5]\d(?:\s*(?:hrs?|hours|h)\b)?"
    r"(?:\s*(?:-|to|till|until)\s*(?:[01]\d|2[0-3])[0-5]\d(?:\s*(?:hrs?|h)\b)?)?(?![\w/.:-])",
    re.I,
)
"""A 24-hour time without a colon ("1500", "0930", "1530hrs"); a year-like number ("2026") is a
time only with "hrs" or beside another such time, or after a time cue (``_TIME_CUE_BEFORE``)."""
_YEARISH = re.compile(r"(?:19|20)\d\d")
_TIME_CUE_BEFORE = re.compile(
    r"(?:\b(?:home|back|by|before|b4|until|till|til|from|to|after|at|earliest|latest|leave"
    r"|leaving|start|starting|finish|later than|earlier than)|@)\s*$",
    re.I,
)
COLON_TIME = re.compile(
    r"(?<![\w:.$/])(?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s*(?:am|pm|a\.m\.|p\.m\.))?(?![\w:])"
)
"""A clock time with a colon ("10:30", "3.30pm"): a time whatever the words around it."""
_GLUED_DEADLINE = re.compile(
    r"\b(?:home|back|be)(?:by|b4|before|@)\d{1,4}(?:[:.]\d\d)?(?:am|pm)?\b", re.I
)
_MONEY_WORDS = re.compile(
    r"(?<!no )(?<!any )(?<!whatever )(?<!unlimited )\bbudget(?![- ]friendly)(?!\s+(?:is\s+|'s\s+)?(?:not an issue|no object|unlimited|flexible|open))(?:'s|\s+is)?\b(?:\s*[:=-]?\s*[a-z]+(?:[\s-][a-z]+)?(?=\s*(?:[,.;!?]|$)))?"
    r"|\bcheap as chips\b|\bdirt cheap\b|\bon the cheap\b|\bon a shoestring\b|\bshoestring\b"
    r"|\bmoney(?:'s| is) tight\b|\bcan(?:'t| not|not)? afford\b|\bspend(?:ing)? (?:limit|cap)\b"
    r"|\b(?:we're|we are|i'm|i am|we're a bit|bit|pretty|flat|stony|stone|totally|so)\s+broke\b"
    r"(?!\s+(?:down|up|out|into)\b)|\bskint\b|\bstrapped for cash\b|\bshort on (?:cash|money)\b",
    re.I,
)
CHILD_WORDS = (
    r"kids?|kidz|kiddos?|kiddies|children|child|grandkids|grandchildren|toddlers?|bubs?|babies"
    r"|little ones|teens?|teenagers?|(?:sons?|daughters?)(?!'s?\b)"
)
_COUNT = r"(?:\d{1,2}|one|two|three|four|five|six)"
ADULT_WORDS = (
    r"partner|husband|hubby|wife|missus|nan|nana|nanna|grandma"
    r"|grandpa|granny|grandparents|parents"
)
FOREIGN_PEOPLE = re.compile(
    r"\b(?:enfants?|adultes?|kinder|kindern|erwachsenen?|ni[ñn]os|ni[ñn]as|adultos|bambini"
    r"|adulti|kinderen|volwassenen|crian[çc]as)\b",
    re.I,
)
"""People words of other languages this reader does not count: the party is asked about."""
_FOREIGN_COUNTED = re.compile(
    r"(?<!\w)" + r"(?:(?:\d{1,2})\s*)?" + FOREIGN_PEOPLE.pattern + r"(?:\s*\(\s*\d{1,2}\s*\))?",
    re.I,
)
_LEAD = r"(?:(?:with|w/)\s*(?:the\s+|my\s+|our\s+)?)?(?:" + _COUNT + r"\s*(?:x\s*)?)?"
_TAIL = r"(?:\s*[:=]\s*" + _COUNT + r"\b|\s*\(\s*\d{1,2}\s*\))?"
_CHILD_RX = re.compile(r"(?<!\w)" + _LEAD + r"\b(?:" + CHILD_WORDS + r")\b" + _TAIL, re.I)
_ADULT_RX = re.compile(
    r"(?<!\w)" + _LEAD + r"\b(?:" + ADULT_WORDS + r"|(?<=nan and )pop|(?<=nan, )pop"
    r"|(?<=nana and )pop|(?<=nana, )pop)\b" + _TAIL,
    re.I,
)
_GLUED_PARTY = re.compile(
    r"\b\d{1,2}(?:adults?|kids?|kidz|children)\b"
    r"|\b(?:adults?|kids?|kidz|children)\s*[:=]\s*\d{1,2}\b"
    r"|\b\d{1,2}\s*[ac]\b(?:\s*(?:[,+&]|and)?\s*\d{1,2}\s*[ac]\b)?"
    r"|\bus\s+\d{1,2}\b|\b\d{1,2}\s+(?:big|small|little)(?:\s+(?:ones?|uns?))?\b"
    r"|\b\d{1,2}\s*x\s*(?:" + CHILD_WORDS + "|" + ADULT_WORDS + r")\b",
    re.I,
)
DISTANCE = re.compile(
    r"(?:\b(?:within|under|less than|no more than|not more than|max(?:imum)?|at most|up to"
    r"|no further than|not further than|no farther than)\s+)?"
    r"\b\d+(?:\.\d+)?\s*(?:km|kms|kilomet(?:re|er)s?|k|miles?|mi)\b(?:\s+(?:away|from home|radius|of home))?",
    re.I,
)
"""A distance limit ("not more than 10km away"): the checker caps minutes per leg, not
distance, so it is asked (which leg time it means), never dropped."""
_ONE_ADULT = re.compile(
    r"\b(?:me|i|myself|partner|husband|hubby|wife|missus|gf|bf|nan|nana|nanna|pop|poppy|grandma"
    r"|grandpa|granny|gran|mum|mom|dad|sister|brother|aunt|auntie|uncle|friend|other half)\b",
    re.I,
)
_TWO_ADULTS = re.compile(r"\b(?:grandparents|parents)\b", re.I)
_US_TWO = re.compile(r"\b(?:the two of us|the 2 of us|both of us|us two)\b", re.I)
"""The whole party said as two ("with my mum ... just the two of us"): those named are in it."""
_COUNTED_ADULTS = re.compile(
    r"\b(?:\d{1,2}|two|three|four|five|six)\s*(?:adults?|grown[- ]?ups)\b", re.I
)
_BARE_COUNT = re.compile(
    r"\b(?:our|my|her|his|their)\s+(?:\d{1,2}|one|two|three|four|five)\b"
    r"(?=\s*(?:[-,.;)!?]|and\b|&|$))",
    re.I,
)
"""A count after "our"/"my" with no noun ("me, my husband and our 2", "her 2 kids and my 1"):
people nobody counted (kind ``people``), asked even when some children were read."""


_RELATIVES = re.compile(
    r"(?:(?:\band|&|\+|\bwith|\bw/|\bplus|,)\s*(?:(?:the|our|my|his|her|their)\s+)?"
    r"(?:" + _COUNT + r"\s+)?|\b" + _COUNT + r"\s+)(?:cousins|siblings)\b",
    re.I,
)
"""Cousins or siblings named in the party ("me, the kids and 2 cousins", "with their cousins"):
children or adults, nobody can tell (kind ``people``, asked) unless a reading's quote holds them
("our son and his two cousins" is three children: ``people.FRIEND_OF``)."""
_NO_ONE = re.compile(
    r"\b(?:no|without|not bringing|minus|sans|leaving)\s+(?:the\s+|my\s+|our\s+)?$"
)
_SAME_PERSON = re.compile(r"\(\s*(?:me|i|myself|that's me|the writer)\s*\)|\bme\s*\(\s*[a-z]+\s*\)")
""""Mum (me)", "me (dad)": one person named twice, counted once."""


def _hhmm_spans(norm: str) -> list[tuple[int, int]]:
    out = []
    for m in _HHMM.finditer(norm):
        digits = m.group(0)[:4]
        if _YEARISH.fullmatch(digits) and not (
            re.search(r"h", m.group(0), re.I) or _TIME_CUE_BEFORE.search(norm[: m.start()])
        ):
            continue
        out.append(m.span())
    return out


def net_spans(norm: str, read_fields: set[str]) -> list[tuple[int, int, str]]:
    """Limit-looking spans of ``norm`` (the normalised request text) as ``(start, end, kind)``,
    by the rules of the module docstring; ``read_fields`` are the fields accepted readings set
    (a budget word is listed only while no budget was read, a child word only while no count of
    children was read, an adult word only while no count of adults was read). The caller drops
    the spans an accepted quote covers."""
    out: list[tuple[int, int, str]] = []
    for a, b in _hhmm_spans(norm):
        out.append((a, b, "time"))
    for rx in (COLON_TIME, _GLUED_DEADLINE):
        out += [(m.start(), m.end(), "time") for m in rx.finditer(norm)]
    if "budget" not in read_fields:
        out += [(m.start(), m.end(), "money") for m in _MONEY_WORDS.finditer(norm)]
    out += [(m.start(), m.end(), "party") for m in _GLUED_PARTY.finditer(norm)]
    out += [(m.start(), m.end(), "party") for m in _FOREIGN_COUNTED.finditer(norm)]
    if "children" not in read_fields:  # "no kids!", "without the kids": nobody to count
        out += [
            (m.start(), m.end(), "party")
            for m in _CHILD_RX.finditer(norm)
            if not _NO_ONE.search(norm[max(0, m.start() - 20) : m.start()])
        ]
    if "adults" not in read_fields:  # an adult said but not counted: asked even when the
        # children were read ("grandparents (2) and 3 grandkids"), never "one adult" assumed
        out += [(m.start(), m.end(), "people") for m in _ADULT_RX.finditer(norm)]
    out += [(m.start(), m.end(), "distance") for m in DISTANCE.finditer(norm)]
    out += [(m.start(), m.end(), "people") for m in _BARE_COUNT.finditer(norm)]
    out += [(m.start(), m.end(), "people") for m in _RELATIVES.finditer(norm)]
    out = [(_cue_start(norm, a) if k == "time" else a, b, k) for a, b, k in out]
    return merged(out)


_CUE = re.compile(
    r"\b(?:(?:be\s+)?home|back|earliest|latest|leave|leaving|start|starting|from|by|before|b4"
    r"|after|until|till|(?:no\s+)?later than|(?:no\s+)?earlier than)\b|@",
    re.I,
)


def _cue_start(norm: str, a: int) -> int:
    """Where a time's phrase starts: at the first time cue of its clause within 30 characters
    before it ("the earliest we can go is 10:30", "home no later than 1500"), else at it."""
    w0 = max(0, a - 30)
    lo = w0 + max([0] + [m.end() for m in re.finditer(r"[,;.!?]", norm[w0:a])])
    m = _CUE.search(norm, lo, a)
    return m.start() if m else a


def merged(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``spans`` with the party spans that overlap or sit side by side ("2 x adults, 2 x kids",
    "us 4 (2 big 2 small)") joined into one, so one phrase is quoted for one party."""
    party = sorted(s for s in spans if s[2] in ("party", "people"))
    rest = [s for s in spans if s[2] not in ("party", "people")]
    out: list[tuple[int, int, str]] = []
    for a, b, kind in party:
        if out and a <= out[-1][1] + 3:
            pa, pb, pk = out[-1]
            out[-1] = (pa, max(pb, b), "people" if "people" in (pk, kind) else "party")
        else:
            out.append((a, b, kind))
    return rest + out


def party_shortfall(quote: str, adults: int | None, children: int | None) -> bool:
    """Whether a party reading of ``adults``/``children`` (``None``: not read) from ``quote``
    counts fewer people than the quote names: adults named one by one ("nan, pop and ...", "me,
    partner, 2 kids") and more than the adults read, with no "N adults" said; a count after
    "our"/"my" ("me, my husband and our 2") or children named without a count ("my son and his
    kids and me") with no children read; or people words of another language ("enfants (2)").
    Such a party is partly read: asked, never planned on the guess."""
    from dayplan.reading.people import (  # people does not import this module
        UNCOUNTED_CHILDREN,
        blank_not_coming,
        breakdown_spans,
        child_friend_spans,
        not_party_spans,
    )

    q = _SAME_PERSON.sub(" ", blank_not_coming(quote.lower()))  # "dad working so just me"
    for a, b in [*child_friend_spans(q), *(breakdown_spans(q) or [])]:  # "my son and his
        # sister": a child, not an adult named; "3 kids (2 of mine, 1 friend)": the same 3
        q = q[:a] + " " * (b - a) + q[b:]
    if children is None and adults is not None:  # "my son and his kids and me": how many?
        crowds = not_party_spans(q)
        if any(
            not any(a <= m.start() < b for a, b in crowds) for m in UNCOUNTED_CHILDREN.finditer(q)
        ):
            return True
    if FOREIGN_PEOPLE.search(q):
        return True
    if adults is not None and not _COUNTED_ADULTS.search(q):
        named = len({m.group(0) for m in _ONE_ADULT.finditer(q)} - {"i", "me", "myself"})
        named += bool(re.search(r"\b(?:i|me|myself)\b", q)) + 2 * len(_TWO_ADULTS.findall(q))
        if _US_TWO.search(q):
            named = max(2, named - len(_ONE_ADULT.findall(q)))  # the two named and the writer
        if named > adults:
            return True
    return children is None and bool(_BARE_COUNT.search(q))
