"""Budgets in request text: "$80", "AUD 120", "50 bucks", "budget: 80", "$20 each",
"under a hundred dollars", "free stuff only", "$15/head", "under 20 each", "AUD100 tops",
"budget's 150", a range's upper end ("$30-50" is at most 50), "60ish bucks", "120 budget", a round amount alone with "ish" ("...,
120ish"), and a bare "like 50 max" when the text speaks of money ("$$ tight"). "No budget"
is no cap (nothing is read), never a zero budget, but "$0", "zero dollars", "budget: nil", "we have no
budget" and "no budget at all" are AUD 0 (free only); "10 each way" is travel, not per person.

Amounts in digits go through ``price-parser``; amounts in words ("a hundred dollars") through
Duckling's amount-of-money dimension. Currency: a stated ISO code (``AUD``, ``USD``) wins; ``$``,
``A$``, "dollars" and "bucks" are the request's local currency (``AUD`` for this product's
Brisbane data). ``per_person`` is true when the phrase says "each", "per person", "a head",
"pp" and similar ("$20 per kid" is asked: the children's share, or everyone's?); the total is then the amount times the party size, computed by
whoever applies the reading (``dayplan.reading.apply``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from price_parser import Price

from dayplan.contract import PRICE_CURRENCY
from dayplan.reading import deferred_re as re
from dayplan.reading import duck
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.text import dash_bullets

LOCAL_CURRENCY = PRICE_CURRENCY
"""The currency of ``$``/dollars/bucks: the offline snapshot's (Brisbane venue prices in AUD)."""

_NUM_WORD = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy"
    r"|eighty|ninety|hundred|thousand|grand|a|couple(?: of)?|few)"
)
_FOREIGN_AMOUNT = (
    r"(?:\d[\d,]*(?:\.\d+)?\s?k?|\b" + _NUM_WORD + r"(?:[\s-]+(?:and[\s-]+)?" + _NUM_WORD + r")*)"
)
_FOREIGN_CODE = (
    r"(?:usd|eur|gbp|nzd|cad|jpy|cny|rmb|hkd|sgd|inr|chf|krw|thb|idr|php|myr|fjd|zar|mxn)(?![a-z])"
)
_FOREIGN_WORD = (
    r"(?:euros?|quid|pounds?(?: sterling)?|sterling|yen|yuan|renminbi|rupees?|pesos?|francs?"
    r"|baht|ringgit|rupiah|(?:us|u\.s\.?|american|nz|kiwi|new zealand|canadian|hong kong"
    r"|singapore|fiji(?:an)?)\s+(?:dollars?|bucks))\b"
)
FOREIGN_MONEY = re.compile(
    r"(?:[€£¥₹₩]|\b(?:us|nz|c|ca|hk|s|u\.s\.)\$|(?<![a-z])"
    + _FOREIGN_CODE
    + r"\s?\$?)\s?"
    + _FOREIGN_AMOUNT
    + r"|(?:(?:a\$|\$)\s?)?"
    + _FOREIGN_AMOUNT
    + r"\s*(?:"
    + _FOREIGN_CODE
    + r"|"
    + _FOREIGN_WORD
    + r")"
    + r"|\b(?:a\s+)?(?:fiver|tenner)\b",
    re.I,
)
"""An amount in a currency other than the venues' (``PRICE_CURRENCY``): "60 euros", "fifty
quid", "£40", "$50 USD", "100 US dollars", "USD 100", "¥2000", "a tenner". Never read as AUD
(prices are not converted): listed unread (kind ``money``) and asked about. "$50", "A$50",
"AUD 50", "50 bucks", "50 dollars" are the local currency and read."""


@per_run_list
def foreign_spans(text: str) -> list[tuple[int, int]]:
    """Spans in ``text`` of an amount in another currency than the venues' (``FOREIGN_MONEY``)."""
    return [m.span() for m in FOREIGN_MONEY.finditer(text) if re.search(r"\w", m.group(0))]


_ISO = re.compile(r"\b(AUD|USD|NZD|EUR|GBP|CAD)(?![a-z])", re.I)
_MEMBER = r"(?:kid|child|adult|grown-?up|kiddo|littlie)s?|children"
PER_MEMBER = re.compile(
    r"\b(?:per|an?|each|every|for each|for every)\s+(?:" + _MEMBER + r")\b"
    r"|\b(?:each|a head|per head|pp)\s+for\s+(?:the\s+)?(?:" + _MEMBER + r")\b"
    r"|/\s*(?:kid|child|adult)\b",
    re.I,
)
"""An amount for one kind of member of the party ("$20 per kid", "$30 an adult"): is it the
children's share, or each person's? Never read as per person for everyone: asked."""
RATE_TAIL = re.compile(
    r"\s*(?:(?:each|a head|per head|pp)\s+for\s+(?:the\s+)?(?:" + _MEMBER + r")"
    r"|(?:/\s*|(?:per|a|an|each|every|for each|for every)\s+)(?:(?:kid|child|adult|grown-?up"
    r"|kiddo|littlie|person|head|pax)s?|children))\b",
    re.I,
)
"""What follows an amount that makes it a rate ("$30 an adult", "20 bucks a kid", "$15 per
child", "$25 a head"): the amount's quote runs over it, so the rate is read (a head) or asked
(one kind of member), never an amount for the whole party; and the party's count never takes
its "an adult" as one more adult (``rate_spans``)."""
FOR_MEMBER = re.compile(r"\s+for\s+(?:the\s+)?(?:" + _MEMBER + r")\b", re.I)
"""The member a per-head amount is for, after it ("$40 each for the adults"): with it, the
amount is for one kind of member (``PER_MEMBER``), asked."""
_RATE = re.compile(
    r"(?:a\$|\$|\baud\s?)\s?\d[\d,.]*(?:\s*(?:k|aud|dollars?|bucks))?"
    r"|\b\d[\d,.]*\s*(?:aud|dollars?|bucks)\b",
    re.I,
)


@per_run_list
def rate_spans(text: str) -> list[tuple[int, int]]:
    """Spans in ``text`` of the member words of a rate ("an adult" in "$30 an adult", "a kid" in
    "20 bucks a kid"): no party count is read from them."""
    out = []
    for m in _RATE.finditer(text):
        tail = RATE_TAIL.match(text, m.end())
        if tail:
            out.append((m.end(), tail.end()))
    return out


PER_PERSON = re.compile(
    r"\b(?:each|per (?:person|head|pax)|a (?:head|person)|pp|p\.p\.|/person|/head)\b"
    r"|(?<=\d)pp\b|/\s*(?:person|head)\b",
    re.I,
)
_ZERO_AMOUNT = (
    r"(?:a\$|\$|\baud\s?|\busd\s?)\s?0(?:\.0{1,2})?(?![\d.,]*\d)(?:\s*(?:budget|aud|dollars|bucks))?"
    r"|\b0(?:\.0{1,2})?\s*(?:dollars|bucks|aud|budget)\b|\bzero\s+(?:dollars|bucks|aud|budget|spend)\b"
    r"|\bbudget(?:'s|\s+is|\s+of|\s*:|\s*=|\s*-)?\s*(?:\$\s?)?(?:0(?![\d.,]*\d)|zero|nil|nothing|none)\b"
    r"|\bnil budget\b|\bno budget (?:at all|whatsoever|for (?:anything|tickets|entry|paid\b[\w ]*))"
    r"|\b(?:have|has|got|there's|there is|with) (?:no|zero) budget\b"
    r"(?!\s*(?:limit|cap|constraints?|restrictions?|worries|issues?|problems?|to worry|concerns?))"
    r"|\bno (?:money|cash|funds|dollars) (?:to spend|for (?:anything|tickets|entry))"
)
"""A zero amount stated as such ("$0", "0 dollars", "zero dollars", "budget: nil", "we have no
budget", "no budget at all"); "no budget" alone, or "no budget limit", is no cap (nothing read)."""
_NOT_PAID_ITEM = (
    r"(?:attractions?|activities|activity|entry|entries|admission|things|stuff|tickets?|venues?"
    r"|places?|events?|outings?|anything|options?|ones|sights?|rides?|shows?|experiences?|tours?)"
)
_FREE_ONLY = (
    r"\b(?:nothing|no\s+(?:activities|activity|things|stuff|places|attractions))\s+"
    r"(?:that|which|where you|where we)?\s*"
    r"(?:costs?|charges?|costing|charging|needs? money|(?:have|has) to (?:be )?pa(?:y|id)(?: for)?)\b"
    r"(?:\s+(?:money|anything|a cent|a dollar|any money|entry|admission))?"
    r"(?!\s*(?:\$|\d|more than|over|under|above|much|a lot|heaps|too much|extra)\b)"
    r"|\banything\s+(?:that|which)\s+costs?\s+(?:money|anything)\s+is\s+(?:out|a no|off the table"
    r"|not an option)"
    r"|\bnothing\s+(?:we|you|i)\s+(?:have|need|'d have|would have)\s+to\s+pay\s+for"
    r"|\b(?:only\s+)?(?:things|stuff|places|activities|attractions|venues|options|ones|spots)\s+"
    r"(?:that|which)\s+(?:are|is|'re|'s)\s+(?:completely\s+|totally\s+|100%\s+)?free"
    r"(?!\s*(?:for|of|from|after|until|till|til|before|by|at|on|in|between|during|\d)\b)"
    r"|\b(?:no|nothing)\s+paid(?:\s+" + _NOT_PAID_ITEM + r")?(?!\s*(?:parking|car\s?park)\b)"
    r"|\b(?:no|nothing with|nothing that has|nowhere with|without)\s+(?:an?\s+|any\s+)?"
    r"(?:entry|entrance|admission|ticket|door)\s+(?:fees?|costs?|charges?|prices?)"
    r"|\bnowhere\s+(?:that|which)\s+charges"
    r"|\bcan(?:'t|not| not)\s+afford\s+(?:any\s+)?(?:tickets|entry|admission|anything|to pay|to spend"
    r"(?:\s+(?:any(?:thing)?|a cent|money))?|paid\s+\w+)"
    r"|\b(?:no|zero)[\s-]spend(?:ing)?\b(?:\s+(?:today|day|at all|this (?:time|weekend)|for us))?"
    r"(?!\s+(?:limit|cap|more than|over|above)\b)"
    r"|\b(?:not|won't be|aren't|are not|can't be|cannot be)\s+spending\s+(?:any(?:thing| money)?|a cent"
    r"|a dollar|money|a thing)"
    r"|\bwithout\s+(?:spending|paying)(?:\s+(?:a cent|anything|any money|money|a dollar|a thing))?"
    r"(?!\s+(?:more than|over|too much|much|a lot|heaps)\b)"
    r"|\bnot\s+(?:a|one)\s+(?:cent|dollar)\b"
    r"|\bkeep(?:ing)?\s+(?:it|things|everything|it all|the day)\s+(?:all\s+|totally\s+|completely\s+)?"
    r"(?:free|cost-free|costless)(?!\s*(?:of|from|for|until|till|til|after|before|by|at|in|\d)\b)"
    r"|\b(?:it|everything|all|all of it|things|stuff|the day|it all)\s+(?:has|have|needs?|must|should"
    r"|got|gotta)\s+(?:to\s+)?be\s+free"
    r"(?!\s*(?:of|from|for|until|till|til|after|before|by|at|in|\d)\b)"
    r"|\b(?:zero|no)[\s-]cost\b(?!\s+(?:limit|cap|concerns?|worries)\b)|\bcost[\s-]free\b"
    r"|\bfree[\s-](?:entry|admission)\s+(?:only|places|venues|stuff|things|attractions|spots|please)"
    r"|\bfree\s+(?:attractions|venues|events|options|ones|spots|fun|entertainment|day out"
    r"|things to do|stuff to do|places to go)\b(?!\s+(?:for|after|until)\b)"
    r"|\bfreebies?\s+only\b|\bonly\s+freebies\b"
    r"|(?:(?<=^)|(?<=[,;:(\-–])|(?<=[,;:(\-–]\s)|(?<=\d\s)(?<!under\s\d\s)(?<!under\s\d\d\s)|(?<=\d[ap]m\s)|(?<=\d\s[ap]m\s))"
    r"(?:all\s+|only\s+|must be\s+)?free(?:[\s-](?:entry|admission))?(?:\s+only)?"
    r"(?:\s+(?:please|pls|plz))?(?=\s*(?:[,;:.)!\-–]|$)|\s+(?:and|&|\+)\s)"
)
"""Free only said in words: "nothing that costs money", "only things that are free", "no paid
attractions", "nothing paid", "nothing with an entry fee", "can't afford tickets", "no spending
today", "we want to keep it free", "it all has to be free", and "free" as an item of its own in
a list ("…, free, home by 3", "- free only -", "..., free entry") or right after a time,
ending its clause ("home by 11:30 free": texting's list without a comma; never after an age:
"kids under 12 free"). "free" in other senses is no budget:
"feel free", "free time", "gluten free", "free from 2pm", "free after lunch", "free till 3",
"kids go free", "keep the morning free", "no paid parking"."""
ZERO = re.compile(
    r"(?:" + _ZERO_AMOUNT + r")|(?:" + _FREE_ONLY + r")"
    r"|\b(?:free (?:things|stuff|activities|only|outings?|places)|for free|free of charge|no money"
    r"|zero budget|nothing to spend|spend nothing|(?:nothing|things|stuff) that costs? nothing"
    r"|don't want to spend (?:any|anything)|can't spend anything|costs? nothing"
    r"|only free(?!\s+(?:after|from|until|till|til|before|between|in|on|at|this|today|tomorrow|for|all"
    r"|during|around|by|\d)\b))\b",
    re.I,
)
_FREE_OF_A_RANGE = re.compile(
    r"\d(?:[:.]\d\d)?\s*(?:[ap]m)?\s*(?:-|–|to|till|til|until|and|&)\s*\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]m)?"
    r"\s+(?:all\s+|only\s+)?(free)\b",
    re.I,
)
_FREE_HEDGE_AFTER = re.compile(
    r"\s*(?:preferably|preferred|ideally|if\s+(?:possible|poss|we\s+can)|where\s+possible"
    r"|would\s+be\s+(?:nice|good|great|ideal|best)|(?:is|are)\s+(?:best|ideal|preferred)|mostly"
    r"|ideal)\b",
    re.I,
)
_FREE_HEDGE_BEFORE = re.compile(
    r"\b(?:preferably|ideally|mostly|mainly|hopefully|prefer|rather|if\s+possible)\s+(?:\w+\s+){0,2}$",
    re.I,
)


def free_of_a_range(sentence: str) -> list[tuple[int, int]]:
    """Spans of a "free" right after a time range ("footy 8-9 then 9-1 free"): when the party is
    free, never the budget; "free" right after one time ending its clause ("home by 11:30
    free") is (``ZERO``)."""
    return [m.span(1) for m in _FREE_OF_A_RANGE.finditer(sentence)]


def zero_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of the budget 0 said in ``sentence`` (``ZERO``), but not a ``free_of_a_range``."""
    times_free = free_of_a_range(sentence)
    return [
        m.span()
        for m in ZERO.finditer(sentence)
        if not any(a < m.end() and m.start() < b for a, b in times_free)
    ]


def zero_match(sentence: str) -> tuple[int, int] | None:
    """The span of the budget 0 said in ``sentence`` (the first of ``zero_spans``), else
    ``None``: free said as a hedge beside an amount ("free stuff preferably, $20 max", "ideally
    free but up to $30") is a wish; the amount is the budget."""
    spans = zero_spans(sentence)
    if not spans:
        return None
    a, b = spans[0]
    hedged = _FREE_HEDGE_AFTER.match(sentence, b) or _FREE_HEDGE_BEFORE.search(sentence, 0, a)
    amount = any(not (x < b and a < y) for x, y in _amount_spans(sentence))
    return None if hedged and amount else (a, b)


def _amount_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of the amounts in digits with a money cue in ``sentence`` (``DIGIT_MONEY``)."""
    return [d.span() for d in DIGIT_MONEY.finditer(sentence)]


MONEY_CUE = re.compile(
    r"(?:a\$|\$|\baud(?![a-z])|\busd(?![a-z])|\bdollars?\b|\bbucks\b|\bbudget\b|\bspend\b|\bcost\b|\bquid\b)",
    re.I,
)
DIGIT_MONEY = re.compile(
    r"(?:(?:a\$|\$|aud\s*|usd\s*)\s?\d(?:[\d,]*\d)?(?:\.\d{1,2})?(?:\s*(?:aud|dollars|bucks))?"
    r"|\d(?:[\d,]*\d)?(?:\.\d{1,2})?(?:\s*-?\s*ish)?\s*(?:aud|dollars|bucks|dollarydoos"
    r"|(?:dollar\s+)?budget(?!\s*-?\s*friendly)(?!\s*(?:(?:is|of)\s+)?[:=~-]?\s*"
    r"(?:(?:around|about|roughly|approx\.?|max(?:imum)?|under|up to|at most|only|like)\s+)?"
    r"(?:\$?\d|" + _NUM_WORD.replace("|a|", "|") + r"\b)))\b"
    r"|\bspend(?:ing)?\s+(?:around|about|up to|roughly|no more than|under|max|less than)?\s*\$?\d(?:[\d,]*\d)?(?:\.\d{1,2})?\b(?!\s*(?:hours?|hrs?|min|mins|minutes|days?))"
    r"|\bbudget(?:'s|s)?(?:\s+(?:is|of|=|around|about|roughly|max|maximum))?\s*[:=~-]?\s*(?:around|about|roughly)?\s*\d(?:[\d,]*\d)?(?:\.\d{1,2})?(?:\s*-?\s*ish)?\b"
    r"|\b\d(?:[\d,]*\d)?(?:\.\d{1,2})?\s*(?=(?:each(?! way)|per (?:person|head|kid|child|adult)|a (?:head|person)|pp|/\s*(?:head|person|kid|child))\b)"
    r"|\b(?:under|below|less than|max(?:imum)?|up to|no more than|at most)\s+\d(?:[\d,]*\d)?(?:\.\d{1,2})?(?=\s*(?:all up|total|in total|for (?:all of )?us|for everyone)\b))"
    r"(?:\s*(?:each(?! way)|per (?:person|head|kid|child|adult)|a (?:head|person)|pp|/\s*(?:head|person|kid|child)|total|all up|in total|max(?:imum)?|tops|at most))?",
    re.I,
)
"""An amount in digits with its money cue (and an "each"/"total" right after): "$60", "60ish
bucks", "120 budget", "a 120 dollar budget", "budget 60ish"; never "N budget" with an amount after
"budget" ("3 kids under 5 budget 40": the 5 is the children's age cap, the budget 40). or "budget
twenty": "home by 3:45 budget twenty" is 20, never the clock's 45 (``not_an_amount``)."""

_CLOCK_BEFORE = re.compile(r"\d\s?[:.]$|\d[:.]\d*$")


def not_an_amount(sentence: str, a: int) -> str | None:
    """Why the number starting at ``a`` of ``sentence`` is no budget, else ``None``: it is the
    minutes of a clock time ("45" of "home by 3:45 budget twenty"), or a number said before
    "budget" when the budget's own amount follows it ("3.45 budget twenty": the budget is 20)."""
    if _CLOCK_BEFORE.search(sentence[max(0, a - 3) : a]):
        return "the quote's number is the minutes of a clock time, not money"
    m = re.match(r"\d(?:[\d,]*\d)?(?:\.\d{1,2})?\s*(?:dollar\s+)?budget\b", sentence[a:], re.I)
    if m and not DIGIT_MONEY.match(sentence, a):
        return 'the budget\'s amount is said after "budget", not before it'
    return None


_AMT = r"(\d(?:[\d,]*\d)?(?:\.\d{1,2})?)"
MONEY_RANGE = re.compile(
    r"(?:(?:\bbetween\s+)?(?:a\$|\$|\baud\s?)\s?"
    + _AMT
    + r"\s*(?:-|to|and)\s*(?:a\$|\$|aud\s?)?\s?"
    + _AMT
    + r"(?![\d:.]*\d)(?!\s*(?:am|pm|kids?|children|adults?|min|mins|minutes|hours?|hrs?))"
    r"(?:\s*(?:aud|dollars|bucks))?"
    r"|\bbudget(?:'s|s)?(?:\s+(?:is|of|around|about|roughly|somewhere))?\s*[:=~]?\s*"
    r"(?:around|about|roughly|between)?\s*\$?"
    + _AMT
    + r"\s*(?:-|to|and)\s*\$?"
    + _AMT
    + r"(?![\d:.]*\d)(?!\s*(?:am|pm|kids?|children|adults?|min|mins|minutes|hours?|hrs?))"
    r"|\b" + _AMT + r"\s*(?:-|to)\s*" + _AMT + r"\s*(?:aud|dollars|bucks)\b)"
    r"(?:\s*(?:each(?! way)|per (?:person|head|kid|child|adult)|a (?:head|person)|pp"
    r"|/\s*(?:head|person|kid|child))\b)?",
    re.I,
)
"""A budget said as a range ("$30-50", "between $40 and $60", "budget around 40-60", "30 to 50
bucks"): the cap is its upper end, the most the party will spend."""


def range_cap(phrase: str) -> float | None:
    """The upper end of a money range in ``phrase`` (``MONEY_RANGE``), or ``None``."""
    m = MONEY_RANGE.search(phrase)
    if not m:
        return None
    nums = [float(g.replace(",", "")) for g in m.groups() if g]
    return max(nums) if len(nums) == 2 and nums[1] > nums[0] else None


NOT_PLAIN = re.compile(
    r"(?:a\$|\$|\baud\s*|\busd\s*)\s?\d[\d,]*(?:(?:\.\d+)?(?!(?:pp|p\.p|aud|usd|ea|each|total|max|tops|ish|odd)\b)"
    r"[a-z_]\w*|\.\d{3,}|\.\d+\.\d+)"
    r"|\b\d+(?:\.\d+)?e[+-]?\d+\s*(?:aud|dollars|bucks)\b",
    re.I,
)
"""An amount of money that is not a plain amount ("$1e9", "$5k", "$12.345", "AUD 1e3"; "$80ish"
and "$20pp" are plain): never
read as its first digits (``$1``); listed unread (kind ``money``) and asked about."""


@per_run_list
def not_plain_spans(text: str) -> list[tuple[int, int]]:
    """Spans in ``text`` of money written as something other than a plain amount (``NOT_PLAIN``)."""
    return [m.span() for m in NOT_PLAIN.finditer(text)]


@dataclass(frozen=True)
class Money:
    """An amount read from a phrase: ``amount`` in ``currency`` units, ``per_person`` or total."""

    amount: float
    currency: str
    per_person: bool


def _currency(phrase: str) -> str:
    iso = _ISO.search(phrase)
    return iso.group(1).upper() if iso else LOCAL_CURRENCY


PER_HEAD_AMOUNT = re.compile(
    r"\d[\d,]*(?:\.\d{1,2})?\s*(?:each(?! way)|per (?:person|head|kid|child|adult)|a (?:head|person)|pp"
    r"|/\s*(?:head|person|kid|child))\b"
    r"|\b(?:under|below|less than|max(?:imum)?|up to|no more than|at most)\s+\d[\d,]*(?:\.\d{1,2})?"
    r"\s*(?:all up|total|in total|for (?:all of )?us|for everyone)\b",
    re.I,
)
"""An amount with no currency that still states a budget: "under 20 each", "15/head", "max 60
all up" (a count of people never reads so: "2 each" needs "each" or "per" right after it)."""
_COUNT_WORD = (
    r"(?:ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|(?:a|one|two|three|four|five)"
    r"\s+hundred)(?:[\s-]+(?:and[\s-]+)?(?:ten|twenty|thirty|forty|fifty|sixty|seventy|eighty"
    r"|ninety|one|two|three|four|five|six|seven|eight|nine))*"
)
_TIGHT_MAX = re.compile(
    r"\b(\d[\d,]*(?:\.\d{1,2})?|"
    + _COUNT_WORD
    + r")\s*(?:max(?:imum)?|tops|at most|or less|or under)\b"
    r"(?:\s+(?:each(?! way)|per (?:person|head|kid|child|adult)|a (?:head|person)|pp)\b)?"
    r"(?!\s*(?:min|mins|minutes|hours?|hrs?|km|kids?|children|adults?|people))",
    re.I,
)
"""A bare amount capped by a word ("like 50 max", "100 tops", "fifty max"): money only in a
sentence with a money cue ("$$ tight - like 50 max", "money's tight - fifty max")."""


def tight_max_spans(sentence: str, context: str = "") -> list[tuple[int, int]]:
    """Spans of "N max"/"N tops" in ``sentence`` when it, or its ``context`` (the text around
    it), has a money cue ($, budget, "tight", "cheap"), else none."""
    around = context or sentence
    if not MONEY_CUE.search(around) and not re.search(r"\btight\b|\bcheap\b", around, re.I):
        return []
    return [m.span() for m in _TIGHT_MAX.finditer(sentence)]


_BARE_NUM = (
    r"(?:\$\s?)?(?:\d(?:[\d,]*\d)?(?:\.\d{1,2})?|"
    + _NUM_WORD
    + r"(?:[\s-]+(?:and[\s-]+)?"
    + _NUM_WORD
    + r")*)"
)
BARE_BUDGET = re.compile(
    r"\b(?:keep(?:ing)?\s+(?:it|things|the (?:day|cost|costs|spend|total|damage))\s+(?:under|below|to|within"
    r"|at or under|less than)"
    r"|spend(?:ing)?\s+(?:(?:no more than|not more than|under|less than|at most|max(?:imum)?|up to"
    r"|around|about|roughly|like)\s+|(?=(?!(?:a|couple|few)\b)" + _NUM_WORD + r"\b))"
    r"|budget(?:'s|s)?(?:\s+(?:is|of))?(?:\s+(?:around|about|roughly|approx(?:imately)?|max(?:imum)?"
    r"|under|up to|at most|only|like))?\s*[:=~-]?"
    r"|(?:max(?:imum)?|total)\s+(?:spend|budget)(?:\s+(?:of|is))?\s*[:=~-]?)\s*"
    r"(?:(?:about|around|roughly|like)\s+)?"
    r"(" + _BARE_NUM + r")\b"
    r"(?!\s*(?:min|mins|minutes|hours?|hrs?|km|kms|kilomet\w*|metres|meters|kids?|children|adults?"
    r"|people|years?|yrs?|y/?o|am|pm|o'?clock|days?|nights?|weeks?|[:.]\d))",
    re.I,
)
"""A budget cue with a bare amount ("keep it under 50", "a budget of about fifty", "budget:
fifty", "budget like forty", "spend no more than 80", "spend twenty"): money in the request's currency (``LOCAL_CURRENCY`` unless an
ISO code is said), never a time, a duration, a distance or a count of people after it."""
_SAYS_CURRENCY = re.compile(
    r"a\$|\$|\b(?:aud|usd|nzd|eur|gbp|cad)(?![a-z])|\bdollars?\b|\bbucks\b|\bdollarydoos\b", re.I
)


def says_currency(phrase: str) -> bool:
    """Whether ``phrase`` names its currency ($, A$, AUD, dollars, bucks); "keep it under 50"
    does not, so its currency is an assumption to state."""
    return bool(_SAYS_CURRENCY.search(phrase))


def bare_budget_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``BARE_BUDGET`` matches in ``sentence``."""
    return [m.span() for m in BARE_BUDGET.finditer(sentence)]


def _bare_amount(phrase: str) -> float | None:
    m = BARE_BUDGET.search(phrase)
    if not m:
        return None
    body = m.group(1).replace("$", "").replace(",", "").strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", body):
        return float(body)
    for span in duck.parse(body, datetime(2026, 1, 1), ("number",)):
        amount = span.value.get("value")
        if isinstance(amount, (int, float)) and amount >= 0 and span.end - span.start == len(body):
            return float(amount)
    return None


ISH_ALONE = re.compile(
    r"(?:^|(?<=[,;:(\-\u2013])|(?<=[,;:(\-\u2013]\s))\s*(?:(?:around|about|roughly|approx\.?|~)\s*)?"
    r"(\d{2,3})\s*-?\s*ish(?:\s+(?:all up|in total|total|tops|max))?(?=\s*(?:[,;:.)!?\-\u2013]|$))",
    re.I,
)
_HEAT = re.compile(r"\b(?:hot|heat|warm|temp\w*|degrees|humid|scorch\w*|stink\w*|sunny)\b", re.I)
"""Heat words in the clause before "30ish" ("hot day, 30ish"): the day's temperature, no money."""
ISH_LEAST = 25
"""A round amount said alone in its own clause with "ish" and nothing else ("2 adults 2 kids,
120ish", "Sat. Ascot. 60ish."): the day's budget, in the request's currency (``LOCAL_CURRENCY``,
stated as assumed). Only from ``ISH_LEAST`` up (no clock hour reads so: "3ish" and "12ish" are
times, read by the time reader or asked) and only alone ("40ish to play with" is asked)."""


def ish_alone_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans in ``sentence`` of an amount said alone with "ish" (``ISH_ALONE``), from the
    number (a leading "about" included) to "ish"."""
    out = []
    for m in ISH_ALONE.finditer(sentence):
        before = re.split(r"[.;!?]", sentence[: m.start()])[-1]
        if int(m.group(1)) >= ISH_LEAST and not _HEAT.search(before):
            out.append((m.start() + len(m.group(0)) - len(m.group(0).lstrip()), m.end()))
    return out


def _ish_alone(phrase: str) -> float | None:
    m = ISH_ALONE.fullmatch(phrase.strip())
    return float(m.group(1)) if m and int(m.group(1)) >= ISH_LEAST else None


@per_run
def read_money(phrase: str) -> Money | None:
    """The budget ``phrase`` states, or ``None`` when it states no amount of money.

    "free stuff only" is 0; an amount needs a money cue ($, AUD, dollars, bucks, budget, spend).
    An amount in another currency ("60 euros", "$50 USD": ``FOREIGN_MONEY``) is ``None``: venue
    prices are ``PRICE_CURRENCY`` and are never relabelled or converted.
    """
    if FOREIGN_MONEY.search(phrase):
        return None
    if ZERO.search(phrase):
        return Money(0.0, _currency(phrase), False)
    ish = _ish_alone(phrase)  # "120ish" alone: the verifier checks it stands alone in its clause
    if ish is not None:
        return Money(ish, LOCAL_CURRENCY, False)
    if (
        not MONEY_CUE.search(phrase)
        and not PER_HEAD_AMOUNT.search(phrase)
        and not _TIGHT_MAX.fullmatch(phrase.strip())
        and not BARE_BUDGET.search(phrase)
    ):
        return None
    if PER_MEMBER.search(phrase):
        return None  # "$20 per kid": the children's share or everyone's? asked (net: money)
    per = bool(PER_PERSON.search(phrase))
    if not re.search(r"\d", phrase) or BARE_BUDGET.fullmatch(phrase.strip()):
        bare = _bare_amount(phrase)  # "a budget of about fifty", "keep it under 50"
        if bare is not None:
            return Money(bare, _currency(phrase), per)
    cap = range_cap(phrase)
    if cap is not None:  # "$30-50": at most 50
        return Money(cap, _currency(phrase), per)
    digits = re.search(r"\d", phrase)
    if digits:
        price = Price.fromstring(phrase)
        if price.amount_float is not None:
            return Money(float(price.amount_float), _currency(phrase), per)
    for span in duck.parse(phrase, datetime(2026, 1, 1), ("amount-of-money", "number")):
        value = span.value
        amount = value.get("value")
        if amount is None and isinstance(value.get("to"), dict):
            amount = value["to"].get("value")  # "under a hundred dollars": the cap
        if isinstance(amount, (int, float)) and amount >= 0:
            return Money(float(amount), _currency(phrase), per)
    return None


NEGATIVE = re.compile(
    r"(?:(?<![\w.])-(?:a\$|\$)\s?|(?:a\$|\$)\s?-|\bminus\s+(?:a\$|\$)\s?"
    r"|\b(?:budget|spend(?:ing)?)\s*(?:is|of|:|=)?\s*(?:-|minus\s+)(?:a?\$\s?)?)"
    r"\d[\d,]*(?:\.\d+)?(?:\s*(?:dollars|bucks|aud)\b)?"
    r"|(?:(?<![\w.$])-|\bminus\s+)\d[\d,]*(?:\.\d+)?\s*(?:dollars|bucks|aud)\b",
    re.I,
)
"""An amount said below zero ("$-50", "-$50", "budget -50", "minus 50 dollars"): no budget
(a cap under nothing), so it is asked about, never read as the amount without its sign. A
dash with a space after it is a separator ("Wynnum - $15 per child"), never a sign."""


def negative_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that say an amount of money below zero (``NEGATIVE``); a dash
    after a number is a range's ("$20 - $30", "20 -$30"), never a sign."""
    if dash_bullets(text):  # "-2 kids -$50 max -from toowong": dashes for bullets
        return []
    return [
        m.span()
        for m in NEGATIVE.finditer(text)
        if not (m.group(0).lstrip().startswith("-") and text[: m.start()].rstrip()[-1:].isdigit())
    ]


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
