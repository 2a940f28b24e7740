"""Who is coming, from words: "my partner and I with our three girls" = 2 adults, 3 children.

Rules (each tested in ``tests/test_reading.py``):

- explicit counts win: "2 adults", "three kids", "a couple of grown-ups", "twins" (2),
  "triplets" (3), ages listed ("aged 4 and 7", "a 5yo and an 8yo") count children;
- a person named by relation counts one, and once however often named ("me and the baby, the
  baby naps 12-2" is one child): adults (partner, wife, husband, mum, dad, grandma,
  grandpa, nan, pop, aunt, uncle, friend, ...; "the in-laws", "my parents", "grandparents"
  count two), children (son, daughter, toddler, baby, boy, girl, niece, nephew, ...);
- the writer ("I", "me", "myself") counts one adult; "just me" is one adult; "the two of us",
  "both of us", "a couple" are two;
- "family of N" is 2 adults and N-2 children;
- a name with an age in brackets is a child ("Jack (6)"); one parent "+ N" with no noun ("me + 3",
  "solo parent + 2") and "my two" said alone ("me and my two") count N children;
- a party phrase after "with" (or "w/") counts the writer too ("with 2 kids and my partner" is
  2 adults); "+", "&" and "plus" join people like "and" ("2 adults + baby", "me + hubby");
  ages in brackets are ages ("our son (5)"); "under 5s", "littlies" are children;
- a count said as a range ("2-3 kids", "three or four adults", "2, maybe 3 kids", "3 kids (maybe
  4)", "kids: 2 or 3") is no count: unread, asked;
- no adult said ("no adults", "zero grown-ups", "three kids on their own", "unaccompanied") is 0
  adults, unless an adult is named too: the caller's party rule then asks;
- a friend of a child is a child ("my daughter and her friend", "our son and two of his mates",
  "my son's friend"); of an adult, an adult ("my wife and her friend");
- ages listed after children words count one child each ("the kids are 8 and 10");
- "N of us" gives no split into adults and children: unread, and asked about when it matters;
- children named without a number ("the kids") give no count: nothing is read, and the caller
  assumes (and says so) or asks;
- a count after the word is a count ("the kids (2)", "kids x2", "adults: 2", "grandparents x2"),
  as are "1 mum", "2 grown ups", "2 big 2 small", "2 uni students (adults)"; an adult named bare
  in a list is one ("Me, wife, 2 kids"); "New Farm for 2" alone is 2 adults;
- a total beside the members ("(3 people)", "6 of us", "(3 kids total)", "Gran & Pop (2)") must
  agree with them (``_reconcile``), else nothing is read and the party is asked;
- a pet ("1 dog") is no person; "he's 7" is an age; "under 5" after children is their age cap;
- a word before a child word keeps them a child ("my two teenage daughters", "a teen boy", "my
  step daughter": ``_CHILD_ADJ``);
- a bracket saying what a person named before it is ("me (single mum)", "my husband (who hates
  crowds)": ``DESCRIBED``), and "I'm a single mum" (``SELF_NAMED``), count that person once;
- a bracket or clause after a count saying which of them are who ("3 kids (1 is a baby)", "3
  kids, one is a baby", "3 kids incl a baby": ``SOME_OF_THEM``) is the same people; naming more
  than the count, it is asked;
- "we have"/"we're taking" count the writer only with people after them ("we have grandma and
  the kids"; "we have a playdate" takes nobody: ``WE_TAKE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run, per_run_list
from dayplan.reading.money import rate_spans
from dayplan.reading.numbers import COUNT_WORD, count
from dayplan.reading.prefilter import prefilter_module
from dayplan.reading.text import dash_bullets

_ADULT_ONE = (
    r"partner|wife|husband|hubby|missus|mrs|other half|boyfriend|girlfriend|gf|bf|wifey|fiance|fiancee|mum|mom"
    r"|mother|dad|father|grandma|grandpa|granny|grandad|granddad|grandmother|grandfather|nan|nana"
    r"|nanna|gran|pop|poppy|carer|aunt|auntie|aunty|uncle|friend|mate|mother-in-law|father-in-law|sister-in-law"
    r"|brother-in-law|son-in-law|daughter-in-law|neighbour|neighbor|colleague|flatmate|sister"
    r"|brother|sis|bro|cousin"
)
_ADULT_TWO = r"in-laws|inlaws|parents|grandparents|folks"
_ADULT_PLURAL = (
    r"adults?|grown[- ]?ups?|parents|friends|mates|grandparents|people|dads|mums|moms|mothers"
    r"|fathers|grandmas|grandpas|aunties|aunts|uncles|sisters|brothers"
)
_CHILD_ONE = (
    r"son(?!-in-law)|daughter(?!-in-law)|toddler|baby|bub|bubba|infant|newborn|boy|girl|kid|child"
    r"|little one|niece|nephew|grandson|granddaughter|grandkid|grandchild|stepson|stepdaughter"
    r"|preschooler|teenager|teen|kiddo"
)
_CHILD_PLURAL = (
    r"kids|children|girls|boys|sons|daughters|toddlers|little ones|kiddos|grandkids|grandchildren"
    r"|nieces|nephews|teens|teenagers|babies|newborns|littlies|tots|under[- ]?(?:\d{1,2}|fives|fours|threes|twos)s?"
)
_PERSON_WORDS = "|".join((_CHILD_PLURAL, _CHILD_ONE, _ADULT_TWO, _ADULT_PLURAL, _ADULT_ONE))
"""Every word that names a member of the party, children first (an alternation's body)."""
_CHILD_ADJ = r"(?:young|little|small|wee|teenage|teenaged|teen|pre-?teen|tween|step)"
"""A word said before a child word that keeps them a child ("3 little kids", "my two teenage
daughters", "a teen boy", "my step daughter"): teenagers are children, as "teens" are."""
_AGE = (
    r"\d{1,2}\s*(?:-\s*)?(?:yo|y/o|y\.o\.|years?[- ]old|yrs?[- ]old|year olds?"
    r"|(?:months?|mths?|weeks?|wks?)[- ]olds?)\b"
)

_GAP = r"(?:(?<=\d)\s*|\s+)(?:x\s*)?"
"""Between a count and its noun: a space, or none after digits ("2adults 2kids", texting), and
"x" ("2 x adults", "2x kids")."""
_COUNT = r"(?:\d{4,}|" + COUNT_WORD + r")"
"""A count before a noun, a number too long to be one included ("99999999999999999999 adults":
read, then refused by the verifier's limit and asked, never dropped)."""
_LISTED_ADULT = (
    r"partner|wife|husband|hubby|missus|wifey|gf|bf|boyfriend|girlfriend|fiance|fiancee|gran"
    r"|grandma|grandpa|granny|grandad|granddad|nan|nana|nanna|pop|poppy|mum|mom|dad|aunt|auntie"
    r"|aunty|uncle"
)
"""Adults named bare in a list of the party ("Me, wife, 2 kids", "Gran & Pop")."""
COUNTED_ADULTS = re.compile(
    r"\b(" + _COUNT + r")" + _GAP + r"(?:other\s+)?(?:" + _ADULT_PLURAL + r")\b"
    r"|\b(1|one)\s+(?:" + _LISTED_ADULT + r"|parent|grandparent|carer)\b(?!'s)",
    re.I,
)
"""Adults counted before their word ("2 adults", "three grown ups", "1 mum"): group 1 or 2."""
COUNTED_CHILDREN = re.compile(
    r"\b("
    + _COUNT
    + r")"
    + _GAP
    + r"(?:"
    + _CHILD_ADJ
    + r"[\s-]+)?(?:"
    + _CHILD_PLURAL
    + r"|"
    + _CHILD_ONE
    + r")\b",
    re.I,
)
_BARE_ADULT = (
    r"grandma|grandpa|granny|grandad|granddad|nan|nana|nanna|hubby|mum|mom|dad"
    r"|partner(?= and (?:i|me)\b)|wife(?= and (?:i|me)\b)|husband(?= and (?:i|me)\b)"
)
ONE_ADULT = re.compile(
    r"(?:(?:\b(?:my|our|the|his|her|their|a|with|and|plus|n|w)\s+|(?:\+|&|\bw/)\s*)(?:"
    + _ADULT_ONE
    + r")|\b(?:"
    + _BARE_ADULT
    + r")|(?:^|(?<=, ))(?:"
    + _LISTED_ADULT
    + r")(?=\s*(?:[,&+(]|and\b|n\b|$)))\b(?!'s)",
    re.I,
)
TWO_ADULTS = re.compile(
    r"\b(?:my|our|the|his|her|their)\s+(?:" + _ADULT_TWO + r")\b"
    r"|\b(?:grandparents|in-laws|inlaws)(?=\s*(?:\+|&|and\b|with\b|plus\b|taking\b|bringing\b"
    r"|minding\b|looking after\b|babysitting\b|have\b|are\b|have got\b))",
    re.I,
)
ONE_CHILD = re.compile(
    r"(?:\b(?:my|our|the|his|her|their|a|an|and|plus|n|w)|\+|&|\bw/)\s*(?:\d{1,2}[- ]?(?:yo|year[- ]old)\s+|baby\s+|"
    + _CHILD_ADJ
    + r"[\s-]+)?(?:"
    + _CHILD_ONE
    + r")\b(?!\s*(?:-|')?s?\s*(?:friend|school|party))(?!\s+(?:"
    + _CHILD_PLURAL
    + r")\b)",
    re.I,
)
LISTED_CHILD = re.compile(
    r"(?<=, )(?:baby|bub|bubba|toddler)\b(?![- ](?:change|friendly|seat|room|pool|swim|capsule))",
    re.I,
)
"""A child named in a list of the party without a determiner ("hubby, me, baby")."""
GROUP = re.compile(
    r"\b(twins|triplets|(?:twin|triplet)\s+(?:girls|boys|sons|daughters|babies|bubs|kids|brothers"
    r"|sisters|grandkids|grandsons|granddaughters))\b",
    re.I,
)
_NOT_A_NAME = (
    r"budget|aud|usd|dollars?|bucks|mins?|minutes|hours?|hrs?|stops?|km|kms|adults?|ages?|aged"
    r"|total|max|each|pp|saturday|sunday|today|tomorrow|am|pm|"
    + _CHILD_PLURAL
    + r"|"
    + _CHILD_ONE
    + r"|twins|triplets|"
    + _ADULT_PLURAL
    + r"|"
    + _ADULT_ONE
)
NAMED_WITH_AGE = re.compile(
    r"(?<![<>/=.])\b(?!(?:" + _NOT_A_NAME + r")\b)[a-z][a-z'-]+\s*\(\s*(?:age\s+|aged\s+)?"
    r"(1[0-7]|[1-9])\s*(?:yo|y/o|yrs?|years?(?: old)?|months?|mths?)?\s*\)(?!\s*[<;{])",
    re.I,
)
"""A child named with an age in brackets ("Jack (6)", "Mia (4) and Leo (2)"): one child each;
never a call in markup or code ("<script>alert(1)</script>", "console.log(2);")."""
LONE_PARENT_PLUS = re.compile(
    r"\b(?:me|myself|(?:solo|single)\s+(?:parent|mum|mom|dad)|mum|mom|dad)\s*(?:\+|plus|&)\s*"
    r"(" + COUNT_WORD + r")(?=\s*(?:$|[,.;!?)]|on\b|for\b|in\b|this\b|to\b|at\b|and\b))",
    re.I,
)
"""One parent "+ N" with no noun ("me + 3", "solo parent + 2"): the N are the children."""
MY_N = re.compile(
    r"\b(?:my|our|her|his|their)\s+(two|three|four|five|2|3|4|5)(?=\s*(?:$|[,.;!?)]|\((?=\s*(?:[a-z]|\d{1,2}\s+(?!and\b|&)[a-z]))|on\b|for\b|to\b|at\b|this\b"
    r"|(?:and|&|\+|plus)\s+(?:my|our|her|his|their)\s+(?:two|three|four|five|\d)\b))",
    re.I,
)
""""me and my two", "the wife and I and our three": the writer's children by count alone;
"2 adults (me and my sister) and her 3": another adult's children, children too; a bracket
after them says which they are ("my 3 (one is a baby)": ``SOME_OF_THEM``), a bracket of numbers
alone ("my 3 (4 and 7)") is asked; beside children counted with their word, they are more
("me and my 2 and her 2 kids", "my 3 + her 2 kids" are 4 and 5)."""
AGES_LIST = re.compile(r"\b(?:ages?|aged)\s+((?:\d{1,2}(?:\s*(?:,|and|&)\s*)?)+)", re.I)
AGE = re.compile(r"\b" + _AGE, re.I)
AGE_SERIES = re.compile(
    r"\b(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})+)\s*(?:-\s*)?"
    r"(?:yo|y/o|y\.o\.|years?[- ]olds?|yrs?[- ]olds?|year olds?)\b",
    re.I,
)
"""Ages said together before one age word ("a 2 and 4 year old", "3, 6 and 9 year olds",
"a 2 & 5yo"): one child each."""
_GROWN_OF = (
    r"kids|children|child|baby|babies|bub|bubs|toddlers?|newborn|sons?|daughters?|boys|girls"
    r"|little ones|wife|husband|hubby|partner|fiance|fiancee|family"
)
_GROWN_SAID = (
    r"\b(?:(?:my|our|the)\s+)?(?:grown[- ]up|adult|grown)\s+"
    r"(?:son|daughter|stepson|stepdaughter|niece|nephew|grandson|granddaughter|kid|child)\b"
)
_GROWN_REL = (
    r"\b(?:my|our|the)\s+(?:(?:eldest|oldest|older|big)\s+)?(?:son|daughter|stepson|stepdaughter"
    r"|niece|nephew|grandson|granddaughter)\b(?!-in-law)"
)
_GROWN_TAIL = (
    r"\s*,?\s*(?:and|&|\+|with|plus)\s+(?:his|her|their)\s+(?:" + COUNT_WORD + r"\s+)?"
    r"(?:(?:young|little|small|two|three)\s+)?(?:" + _GROWN_OF + r")\b"
)
GROWN_CHILD = re.compile(_GROWN_SAID + r"|" + _GROWN_REL + r"(?=" + _GROWN_TAIL + r")", re.I)
"""A son or daughter who is grown: said so ("our adult son", "my grown-up daughter"), or named
with a partner or children of their own ("our daughter and her two kids", "my son and his
wife"): an adult, never one of the children (the match is the relation alone)."""
GROWN_FAMILY = re.compile(_GROWN_SAID + r"|" + _GROWN_REL + _GROWN_TAIL, re.I)
"""``GROWN_CHILD`` with their own family said after it ("my daughter and her kids"): the party
cue, so the quote holds what makes the relation an adult."""
CHILDREN_WITH_AGES = re.compile(  # "kids 6 and 9", "the girls (4, 7 & 10)", "the kids are 8 and 10"
    r"\b(?:"
    + _CHILD_PLURAL
    + r")(?:\s+(?:are|were|r)\b|\s*,?\s*they(?:'re|\s+are|re)\b)?\s*[(,:]?\s*((?:\d{1,2}\s*(?:,|and|&)\s*)+\d{1,2})\b"
    r"(?!\s*(?:am|pm|a\.m|p\.m|:|\.\d|%|hours?|hrs?|min|mins|minutes|bucks|dollars|[-\u2013]\s*\d|to\s+\d|till\s+\d))",
    re.I,
)
AGES_IN_BRACKETS = re.compile(
    r"\b(?:" + _CHILD_PLURAL + r"|" + _CHILD_ONE + r"|twins|triplets)\s*\(([\d\s,&and]+)\)", re.I
)
"""Ages in brackets after a child word ("our son (5)", "the twins (6)"): ages, not a count."""
WRITER = re.compile(
    r"\b(?:i|me|myself|i'm|i'll|i've|im)\b|\bwith (?:my|our)\b|^with\b|^w/|^w(?=\s)", re.I
)
WE_TAKE = re.compile(
    r"\bwe(?:'d|'ll|'re|\s+are|\s+will|\s+would|\s+want\s+to|\s+wanna)?\s+"
    r"(?:(?:love|like|want|hoping|going|gonna|keen)\s+(?:to\s+)?|be\s+)?"
    r"(?:take|taking|bring|bringing|have|having|minding|looking after|babysitting)\b"
    r"(?=\s+(?:(?:the|my|our|his|her|their|both|all|" + COUNT_WORD + r"|" + _CHILD_ADJ + r")\s+)*"
    r"(?:" + _PERSON_WORDS + r"|twins|triplets)\b)",
    re.I,
)
"""The writer's "we" taking others out ("we'd love to take the kids and grandma"): the writer
is one adult beside the other adult named (how many "we" are is not said: counted once, like
"I"); with only children named, no adult is counted (the caller assumes one and says so). The
verb takes a person ("we have grandma and the kids"): "we have a playdate at 10:30", "we have
swimming", "we have to be home by 3" take nobody and count no one."""
SELF_LABEL = re.compile(
    r"^\W*(?:mum|mom|mummy|mama|dad|daddy|papa|nan|nana|nanna|gran|grandma|grandpa|granny|grandad"
    r"|granddad|pop|poppy|aunt|auntie|aunty|uncle)\s*(?:\+|&|,|\band\b|\bn\b|\bwith\b|\bw/|\bplus\b)",
    re.I,
)
"""A party that starts with the writer's own label ("mum + 2 kids, we're taking grandma"): that
adult is the writer, so "we" adds nobody beside them ("hubby + 2 kids" is never the writer)."""
"""The writer, who is coming: "I", "me", "with my ...", or a party phrase that starts with "with"
("with 2 kids and my partner", "with the kids (4 and 9)")."""
_WITH_ONLY = re.compile(r"with|w/|w", re.I)
"""A party phrase that starts with "with" names the writer only by implication: "with 2 kids"
states no adult (the caller assumes one and says so); "with 2 kids and my partner" does name an
adult beside the writer (2)."""
JUST_ME = re.compile(r"\b(?:just me|only me|by myself|on my own|solo)\b", re.I)
US_TWO = re.compile(
    r"\b(?:the two of us|both of us|the 2 of us|us two|us 2(?=\s*(?:$|[,.;!?)]|and\b|&|\+|on\b"
    r"|for\b|this\b|to\b|at\b|in\b|going\b|adults\b|grown-?ups\b))|(?:just\s+)?a\s+couple\s+of\s+us(?:\s+adults)?|(?<!a\s)(?<!the\s)couple(?!\s+of\b)(?!\s+(?:more|hours?|hrs?|mins?|minutes?|days?|bucks|dollars)\b)"
    r"|(?:a|the|we're a|we are a|just a|just the)\s+couple(?!\s+of\b)(?!\s+(?:more|hours?|hrs?|mins?|minutes?|days?|bucks|dollars)\b))\b",
    re.I,
)
"""Two adults said as one: "the two of us", "both of us", "just us 2", "a couple" ("a couple of
kids" is a count of children, read elsewhere)."""
FAMILY_OF = re.compile(r"\bfamily of\s+(" + COUNT_WORD + r")\b", re.I)
PLUS_PARTY = re.compile(
    r"(?<![\d$.:])\b([1-9])\s*\+\s*([0-9])\b(?!\s*(?:am|pm|a\.m|p\.m|%|hours?|hrs?|min|mins|minutes))"
    r"(?![\d.:])",
    re.I,
)
"""Adults plus children written as a sum: "2+2" (2 adults, 2 children), "1 + 3"."""
LETTER_PARTY = re.compile(
    r"(?<![\w$.:/-])([1-9])\s?a(?![a-z])\s*(?:[,+&/]\s*|and\s+)?(\d{1,2})\s?[kc](?![\w])",
    re.I,
)
"""Adults and children as letters, the way parents shorten them ("2A 2K", "2a 2k", "2A+2K",
"2A, 1C"): the adults first, then the children. Only the pair reads ("2K" alone may be a
distance or an amount: the coverage net lists it)."""
WRITER_NAMED = re.compile(r"\((?:me|myself|that's me|that is me)\)", re.I)
"""The writer named in brackets after a relation ("Mum (me) + 2 kids"): counted once, not twice."""
UNCOUNTED_CHILDREN = re.compile(
    r"\b(?:the|my|our|with|his|her|their)\s+(?:"
    + _CHILD_ADJ
    + r"[\s-]+)?(?:"
    + _CHILD_PLURAL
    + r")\b",
    re.I,
)
UNCOUNTED_ADULTS = re.compile(r"\b(?:we|we're|we'll|us|our family|the family)\b", re.I)

_CROWD = r"(?:kids|children|toddlers|babies|littlies|teens|teenagers|screaming kids)"
NOT_PARTY = re.compile(
    r"\b(?:anything|anywhere|nothing|nowhere|everything|places?|venues?|spots?|stuff|things)"
    r"\s+(?:(?:that's|that\s+is|that\s+are|that's\s+just|too)\s+)?"
    r"(?:(?:full|crowded|packed|overrun|filled|crawling|swarming|busy|popular)\s+)?"
    r"(?:with|of)\s+(?:(?:lots|heaps|loads|tons|hordes|crowds|a\s+lot)\s+of\s+|too\s+many\s+"
    r"|(?:little|small|noisy|loud|other|young|screaming)\s+)*" + _CROWD + r"\b"
    r"|\b(?:full|crowded|packed|overrun|filled|crawling|swarming)\s+(?:with|of)\s+"
    r"(?:(?:lots|heaps|loads)\s+of\s+)?" + _CROWD + r"\b"
    r"|\b(?:kid|child|children|kids)[- ]?free\b|\baway from (?:the\s+)?(?:crowds of\s+)?"
    + _CROWD
    + r"\b",
    re.I,
)
"""Children named as what a place has, not who is coming ("avoid anything with kids", "places
full of screaming kids", "kid-free", "away from the kids"): never a party cue."""


def not_party_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` that name children as what a place has (``NOT_PARTY``): no count of
    the party is in them and none is asked about."""
    return [m.span() for m in NOT_PARTY.finditer(text)]


YOUNG_CHILD = re.compile(
    r"\b(?:(?:" + COUNT_WORD + r")\s+)?(?:newborns?|infants?|babies|baby|bubs?|bubba"
    r"|under[- ]?(?:[1-4]|ones|twos|threes|fours)s?)\b(?![-' ](?:s\b|change|friendly|seat|room|pool"
    r"|capsule|sitter|shower))(?:\s*\([^()]{0,60}\))?"
    r"|\b\d{1,2}\s*(?:months?|mths?)(?:\s*old)?\b|\b[0-2]\s*(?:yo|y/o|years?[- ]old|yrs?[- ]old)\b",
    re.I,
)
"""A child young enough to go free at many venues ("2 under-3s (free entry everywhere for
them)", "a newborn", "the baby", "a 10 month old"): the venue snapshot holds one child price
(no infant or free-under ages), so the caller says the child price was charged."""


def young_child_phrase(text: str) -> str | None:
    """The first phrase of ``text`` naming a child young enough to go free at many venues
    (``YOUNG_CHILD``), else ``None``."""
    m = YOUNG_CHILD.search(text)
    return m.group(0).strip() if m else None


NO_ADULT = re.compile(
    r"\b(?:no|zero|without(?: any| an?)?)\s+(?:adults?|grown-?ups?|parents|mums? or dads?)\b"
    r"(?![-\s]*(?:only|room|rooms|area|section|free|supervision))"
    r"|\b(?:" + _CHILD_PLURAL + r"|twins|triplets)\s+(?:(?:are|will be|going|go|coming)\s+)?"
    r"(?:on their own|by themselves|unaccompanied|unsupervised|without (?:an? |any )?(?:adults?|grown-?ups?))\b"
    r"|\bunaccompanied\s+(?:" + COUNT_WORD + r"\s+)?(?:" + _CHILD_PLURAL + r"|minors)\b",
    re.I,
)
"""No adult is coming ("no adults", "zero grown-ups", "three kids on their own", "the twins by
themselves", "unaccompanied kids"): 0 adults, unless the phrase names an adult; the caller's
party rule (``contract.party_problem``) then asks."""

_OR = r"\s*(?:-|–|or|to|/|,?\s*(?:or\s+)?(?:maybe|possibly|perhaps|prob(?:ably)?)|\(\s*(?:maybe|or|possibly))\s*"
_MAYBE = r"\s*(?:\(\s*(?:maybe|or|possibly|perhaps)|,?\s*(?:or\s+)?(?:maybe|possibly|perhaps|prob(?:ably)?)|\s+or)\s+"
"""An "or" said after a count ("3 kids (maybe 4)", "kids: 2 or 3", "2 kids, maybe 3")."""
_SMALL = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten"
_NOT_UNIT = r"(?!\s*(?:am|pm|a\.m|p\.m|:|\.\d|hours?|hrs?|min|mins|minutes|years?|yrs?|yo|y/o|bucks|dollars))"
COUNT_RANGE = re.compile(
    r"\b("
    + COUNT_WORD
    + r")"
    + _OR
    + r"("
    + COUNT_WORD
    + r")\s*\)?\s+(?:(?:older|"
    + _CHILD_ADJ
    + r")[\s-]+)?(?:"
    + _CHILD_PLURAL
    + r"|"
    + _ADULT_PLURAL
    + r")\b"
    r"|\b(?:"
    + _CHILD_PLURAL
    + r"|"
    + _ADULT_PLURAL
    + r")\s*[:=]?\s*(?:x\s*)?(\d{1,2})"
    + _MAYBE
    + r"(\d{1,2})\b"
    + _NOT_UNIT
    + r"|\b("
    + COUNT_WORD
    + r")\s+(?:(?:older|"
    + _CHILD_ADJ
    + r")[\s-]+)?(?:"
    + _CHILD_PLURAL
    + r"|"
    + _ADULT_PLURAL
    + r")"
    + _MAYBE
    + r"("
    + _SMALL
    + r")\b\s*\)?"
    + _NOT_UNIT,
    re.I,
)
"""A count said as a range ("2-3 kids", "three or four adults", "2, maybe 3 kids", "kids: 2 or
3"): no count (unread, asked unless a structured party settles it)."""

CHILDREN_OF_THEM = re.compile(
    r"\b(?:"
    + _CHILD_PLURAL
    + r")\s*[(,:-]?\s*(?:there(?:'s| are| is)\s+)?("
    + COUNT_WORD
    + r")\s+of\s+(?:them|em|'em)\b",
    re.I,
)
"""Children counted after their word ("the kids (2 of them, 6 and 9)", "the kids - 3 of them")."""
COUPLES = re.compile(r"\b(" + COUNT_WORD + r")\s+couples\b", re.I)
"""Couples counted ("two couples", "3 couples"): two adults each."""
ADULTS_IN_BRACKETS = re.compile(
    r"\b(?:" + _ADULT_PLURAL + r"|" + _ADULT_TWO + r")\s*(?:\(\s*([1-9])\s*\)"
    r"|(?:x|[:=])\s*([1-9]\d?)\b(?![:.]\d|\s*(?:am|pm|hours?|hrs?|mins?|minutes)\b))",
    re.I,
)
"""Adults counted after their word ("grandparents (2)", "adults (3)", "grandparents x2",
"adults: 2"): a single digit in brackets after grown-ups is their count (an adult's age is more
than 9). Group 1 or 2."""
ADULTS_MARKED = re.compile(
    r"\b(" + COUNT_WORD + r")\s+(?:[a-z]+\s+){0,2}[a-z]+s\s*\(\s*(?:all\s+|both\s+)?"
    r"(?:adults|grown[- ]?ups|over[- ]18s?|18\+)\s*\)",
    re.I,
)
"""People counted and said to be adults in brackets ("2 uni students (adults)", "2 NDIS clients
(adults)"): that many adults."""
CHILDREN_COUNTED_AFTER = re.compile(
    r"\b(?:"
    + _CHILD_PLURAL
    + r")\s*(?:\(\s*(?=\d{1,2}\s*(?:total|in total|all up|altogether)?\s*\))"
    r"|x\s*|[:=]\s*)(\d{1,2})\b\s*\)?"
    r"(?!\s*(?:,|and\b|&|-|to\b|or\b|/)\s*\d)(?!\s*(?:[:.]\d|am\b|pm\b|%|yo\b|y/o|years?\b"
    r"|yrs?\b|months?\b|hours?\b|hrs?\b|mins?\b|minutes\b|of\s+them\b))",
    re.I,
)
"""Children counted after their word ("the kids (2)", "kids x2", "kids: 3"): a single number
after a plural word for children is how many ("kids (4, 7)", "kids 8 and 10" are ages); in
brackets, only a number alone ("the kids (2)", "kids (3 total)"): "kids (1 is a baby)" and "kids
(4 5 and 7)" say which of them, or their ages."""
ADULT_RUN_COUNT = re.compile(
    r"(?:^|(?<=[\s,]))((?:(?:"
    + _LISTED_ADULT
    + r")\s*(?:&|\+|and|n)\s*)+(?:"
    + _LISTED_ADULT
    + r"))"
    r"\s*\(\s*([1-9])\s*\)",
    re.I,
)
"""Adults named together with their count in brackets ("Gran & Pop (2)"): the count is of those
named, and must agree with them (else the party is asked)."""
BIG_SMALL = re.compile(
    r"\b(" + COUNT_WORD + r")\s+(?:big(?:\s+ones|s|gies)?|grown(?:\s+ups?)?|large)\s*"
    r"(?:,|&|\+|and\b)?\s*(" + COUNT_WORD + r")\s+(?:small(?:\s+ones|s|ies)?|little(?:\s+ones|s)?"
    r"|littlies|mini(?:s|\s+ones)?|smalls)\b",
    re.I,
)
"""Adults and children as big and small ("2 big 2 small", "2 bigs and 3 littlies")."""
_TOTAL_WORD = r"(?:total|in total|all up|altogether|all together|all told)"
_TOTAL_COUNT = r"(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
"""A total's count: never "one"/"a" ("one of us has a bad knee" is no total)."""
PEOPLE_TOTAL = re.compile(
    r"(?<!\bthe )(?<!\bus )(?<!\bjust )\b("
    + _TOTAL_COUNT
    + r")\s+(?:people|persons|pax|ppl|humans|of us)\b(?:\s+"
    + _TOTAL_WORD
    + r"\b)?"
    r"(?:\s*,?\s*(?:just|all|only)\s+(?:adults|grown[- ]?ups)\b|\s*\(\s*(?:all\s+)?adults\s*\))?"
    r"(?=\s*(?:$|[,.;:!?()&+-]|incl|including|inc\b|with\b|and\b|going\b|coming\b|this\b|on\b"
    r"|for\b|in\b|at\b|plus\b|x\b|w/|w\b|n\b|[a-z]+\s+(?:adults?|kids|children)\b|\d))"
    r"|\b(?:a\s+)?(?:party|group|crew|table|booking)\s+of\s+(" + _TOTAL_COUNT + r")\b(?!\s*(?:kids"
    r"|children|adults|families|couples))",
    re.I,
)
"""How many people in all ("3 people", "6 of us", "party of 4", "5 pax"): a total that the
members read must agree with ("my 2 teenagers and me (3 people)", "6 of us incl 4 kids": 2
adults), never counted beside them; not before a verb ("only 2 of us can swim" is no
total). Group 1 or 2."""
KIND_TOTAL = re.compile(
    r"\b(" + COUNT_WORD + r")\s+(kids|children|adults|grown[- ]?ups)\s+" + _TOTAL_WORD + r"\b"
    r"|\b" + _TOTAL_WORD + r"\s*(?:of\s+)?[:=]?\s*(" + COUNT_WORD + r")\s+(kids|children|adults"
    r"|grown[- ]?ups)\b",
    re.I,
)
"""How many of one kind in all ("(3 kids total)", "3 adults total"): the count of that kind, the
members named being some of them (more named than the total is asked)."""
_FOR_NOT_AFTER = "".join(
    rf"(?<!\b{w} )"
    for w in (
        "back",
        "home",
        "there",
        "ready",
        "out",
        "be",
        "done",
        "finish",
        "finished",
        "nap",
        "naps",
        "sleep",
        "leave",
        "wait",
        "till",
        "until",
        "by",
        "at",
        "stay",
        "booked",
        "in",
        "up",
        "open",
        "tickets",
        "ticket",
        "session",
        "lesson",
        "class",
        "it",
        "run",
        "walk",
        "drive",
        "sit",
        "park",
        "play",
        "time",
        "only",
        "just",
        "free",
        "bed",
        "rest",
        "gone",
        "away",
        "go",
        "going",
        "around",
        "about",
        "over",
        "left",
        "approx",
    )
)
FOR_N = re.compile(
    _FOR_NOT_AFTER + r"\bfor\s+(2|two|3|three|4|four|5|five|6|six)"
    r"(?=\s*(?:$|[,.;!?)]|pls\b|please\b|this\b|on\s+(?:sat|sun)))",
    re.I,
)
"""The party said as "for N" alone ("New Farm for 2", "a table for 2"): N people; with nobody
else said, N adults (children are named when they come)."""
ALL_ADULTS = re.compile(
    r"\b(?:just|all|only)\s+(?:adults|grown[- ]?ups)\b|\b(?:adults|grown[- ]?ups)\s+only\b"
    r"|\bno (?:kids|children)\b|\bkid[- ]?free\b",
    re.I,
)
"""A party said to be adults only ("2 of us, just adults"): a total is all adults."""
PETS = re.compile(
    r"\b(" + COUNT_WORD + r")\s+(?:dogs?|pups?|puppy|puppies|doggos?|cats?|pets?)\b", re.I
)
"""Pets counted ("2 kids and 1 dog"): no person, never priced, never asked."""
PRONOUN_AGE = re.compile(
    r"\b(?:he|she|they)(?:'s|'re|\s+is|\s+are|s)\s+(?:only\s+|just\s+|nearly\s+|almost\s+"
    r"|turning\s+)?(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*)\b"
    r"(?!\s*(?:am|pm|:|\.\d|%|bucks|dollars|min|mins|minutes|hours?|hrs?|km))",
    re.I,
)
"""An age said by a pronoun after the child ("my son, he's 7"): an age, never a count."""
AGE_CAP = re.compile(
    r"\b(?:" + _CHILD_PLURAL + r"|" + _CHILD_ONE + r"|twins|triplets)(?:\s*,)?"
    r"(?:\s+(?:all|both|are|is|aged|who\s+are|each))*\s+(?:under|below|younger than|less than)"
    r"\s+(1[0-7]|[1-9])\b(?!\s*(?:bucks|dollars|aud|min|mins|minutes|hours?|hrs?|km))",
    re.I,
)
"""An age cap right after children ("3 kids under 5", "kids, all under 8"): an age, never money."""


def age_cap_spans(text: str) -> list[tuple[int, int]]:
    """Spans in ``text`` of the number of each children's age cap (``AGE_CAP``: the 5 of "3 kids
    under 5 budget 40"): never an amount of money."""
    return [m.span(1) for m in AGE_CAP.finditer(text)]


PARTY_CUES = (
    LETTER_PARTY,
    ADULTS_IN_BRACKETS,
    ADULTS_MARKED,
    CHILDREN_COUNTED_AFTER,
    ADULT_RUN_COUNT,
    BIG_SMALL,
    PEOPLE_TOTAL,
    KIND_TOTAL,
    FOR_N,
    GROWN_FAMILY,
    AGE_SERIES,
    CHILDREN_OF_THEM,
    COUPLES,
    COUNTED_ADULTS,
    COUNTED_CHILDREN,
    ONE_ADULT,
    TWO_ADULTS,
    ONE_CHILD,
    LISTED_CHILD,
    GROUP,
    NAMED_WITH_AGE,
    LONE_PARENT_PLUS,
    MY_N,
    AGES_LIST,
    CHILDREN_WITH_AGES,
    AGE,
    NO_ADULT,
    JUST_ME,
    US_TWO,
    FAMILY_OF,
    PLUS_PARTY,
)
"""Every pattern that says something countable about the party."""


_FRIEND = (
    r"(?:(?:best|little|school|good|big|older|younger|baby)\s+)?(?:friend|mate|buddy|pal|bestie"
    r"|bff|cousin|sister|brother|sibling|sis|bro)"
)
_FRIENDS = (
    r"(?:(?:best|little|school|good|big|older|younger|baby)\s+)?(?:friends|mates|buddies|pals"
    r"|besties|cousins|sisters|brothers|siblings)"
)
FRIEND_OF = re.compile(
    r"\b(?:his|her|their|there|thier)\s+(?:("
    + COUNT_WORD
    + r")\s+"
    + _FRIENDS
    + r"|"
    + _FRIEND
    + r")\b"
    r"|\b(?:("
    + COUNT_WORD
    + r")\s+of\s+(?:his|her|their)\s+"
    + _FRIENDS
    + r"|an?\s+"
    + _FRIEND
    + r"\s+of\s+(?:his|hers|theirs))\b"
    r"|(?:\b(?:"
    + _CHILD_ONE
    + r")'s|\b(?:"
    + _CHILD_PLURAL
    + r")')\s+(?:("
    + COUNT_WORD
    + r")\s+"
    + _FRIENDS
    + r"|"
    + _FRIEND
    + r")\b",
    re.I,
)
"""A friend, cousin or sibling of someone named before ("my daughter and her friend", "our son
and two of his mates", "the kids' friends", "our son and his two cousins", "my son and his
sister"): a child when the person it belongs to is a child, never an adult ("my wife and her
sister" is an adult's). "Their" typed "there" or "thier" is the same ("my 2 girls and there
friend")."""
_CHILD_WORD = re.compile(r"\b(?:" + _CHILD_PLURAL + r"|" + _CHILD_ONE + r"|twins|triplets)\b", re.I)
_ADULT_WORD = re.compile(
    r"\b(?:" + _ADULT_TWO + r"|" + _ADULT_PLURAL + r"|" + _ADULT_ONE + r")\b", re.I
)


def child_friend_spans(phrase: str) -> list[tuple[int, int]]:
    """Spans of ``phrase`` naming a friend, cousin or sibling of a child (``FRIEND_OF``): children,
    never adults ("our son and his sister")."""
    return [(a, b) for a, b, _ in _child_friends(phrase)]


def _child_friends(phrase: str) -> list[tuple[int, int, int]]:
    """``(start, end, count)`` of each friend of a child in ``phrase`` (see ``FRIEND_OF``): the
    person named last before the friend is a child ("my wife and her friend" is an adult's)."""
    out = []
    for m in FRIEND_OF.finditer(phrase):
        before = phrase[: m.start()]
        kid = [c.end() for c in _CHILD_WORD.finditer(before)]
        grown = [a.end() for a in _ADULT_WORD.finditer(before)]
        own = re.match(r"\w+'", m.group(0))  # "the kids' friends": the owner is in the match
        if own or (kid and kid[-1] > max(grown, default=-1)):
            word = next((g for g in m.groups() if g), None)
            out.append((m.start(), m.end(), (count(word) or 1) if word else 1))
    return out


NOT_COMING = re.compile(
    r"\b(?:(?:my|our|the|his|her|their)\s+)?(?:" + _ADULT_ONE + r")(?:'s|\s+is|\s+will\s+be)?\s+"
    r"(?:working|at work|on shift|away|out of town|overseas|interstate|sick|unwell|busy"
    r"|not coming|can'?t come|cannot come|can not come|won'?t be coming|isn'?t coming"
    r"|stay(?:ing)? (?:home|behind)|has to work|have to work)\b"
    r"|\b(?:without|minus|sans|except|no)\s+(?:(?:my|our|the)\s+)?(?:" + _ADULT_ONE + r")\b"
    r"(?!\s+(?:and|&|\+))",
    re.I,
)
"""An adult named as not coming ("dad working so just me", "hubby's at work", "without dad this
time", "partner is away"): never counted."""
_KIND_OF = (
    r"(?:(?:the|a|an|their|his|her|our|my|your|ur)\s+)?(?:(?:single|solo|sole|lone|only|working"
    r"|full[- ]time|stay[- ]at[- ]home|sahm|sahd|proud|tired|busy|new|first[- ]time|step|foster"
    r"|fun|cool|favourite|favorite)\s+)*"
)
"""Words before a relation that say what kind of one a person is ("a single mum", "their solo
dad", "the stay at home parent")."""
SELF_NAMED = re.compile(
    r"(?:\b(?:i'?m|i\s+am)\s+(?:just\s+|only\s+)?|\b(?:me|myself)\s*[,-]\s*(?=(?:(?:a|an)\s+)?(?:single"
    r"|solo|sole|lone|stay[- ]at[- ]home)\s))(?="
    + _KIND_OF
    + r"(?:"
    + _ADULT_ONE
    + r"|parent)\b)"
    + _KIND_OF
    + r"(?P<rel>"
    + _ADULT_ONE
    + r"|parent)\b"
    r"|^\s*(?:(?:hi|hey|hello|g'?day)\b[\s,!.-]*)?(?:(?:it'?s|this is|just)\s+)?(?P<self>"
    + _ADULT_ONE
    + r")\s+here\b",
    re.I,
)
"""The writer named by a relation ("I'm a single mum with 2 kids", "me, a solo dad, and ...",
"Grandma here with my grandson"): one adult, the writer, counted once."""
DESCRIBED = re.compile(
    r"(?:\b(?:me|i|myself)|\b(?:" + _ADULT_ONE + r"|parent)(?<!\bpop))\s*\((?P<said>[^()]{1,60})\)",
    re.I,
)
"""A bracket right after the writer or an adult named by relation ("me (single mum)", "me (dad,
40)", "my husband (who hates crowds)", "my mum (their nana)"): what that person is, when it adds
nobody (``ADDS_SOMEONE``): the same person, never another adult."""
PAIR_DESCRIBED = re.compile(
    r"\b(?:my|our|the|his|her|their|kids'?|children's)\s+(?:"
    + _ADULT_TWO
    + r")\s*\((?P<said>[^()]{1,60})\)",
    re.I,
)
"""Two adults named as a pair, then who they are in brackets ("my parents (grandma & grandpa)",
"the in-laws (nan and pop)"): the same two, when the bracket names at most two adults."""
ADDS_SOMEONE = re.compile(
    r"\b(?:and|plus|with|n|w|too|also|maybe|might|if|coming|comes|joining|bringing|taking|incl"
    r"|including|me|myself|i|that's me|that is me)\b|[&+]|\bw/|\bas well\b",
    re.I,
)
"""What in a bracket after a person joins someone else to them ("me (and hubby)", "mum (+ 2
kids)", "me (nan too)"), or names the writer ("Mum (me)": ``WRITER_NAMED``)."""
_IS_KIND = re.compile(r"\b(?:" + _ADULT_ONE + r"|" + _ADULT_TWO + r"|parent)\b", re.I)


def _described_spans(phrase: str) -> list[tuple[int, int]]:
    """Spans of ``phrase`` that only say what a person named before them is (``DESCRIBED``): the
    whole bracket ("(single mum)", "(who hates crowds)"), or, when it holds a number or other
    people ("(mum of 3)", "(dad, 40)", "(mum, 2 kids)"), its relation words alone (the rest is
    read as it is); and who a pair is ("my parents (grandma & grandpa)": ``PAIR_DESCRIBED``)."""
    out = []
    for m in DESCRIBED.finditer(phrase):
        said = m["said"]
        if ADDS_SOMEONE.search(said):
            continue
        if not (re.search(r"\d", said) or _CHILD_WORD.search(said) or COUNTED_ADULTS.search(said)):
            out.append(m.span("said"))
        else:
            at = m.start("said")
            out += [(at + k.start(), at + k.end()) for k in _IS_KIND.finditer(said)]
    for m in PAIR_DESCRIBED.finditer(phrase):
        if _ADDED.match(m["said"]):
            continue  # "my parents (and my sister)": one more
        said = read_party(m["said"])
        if said.children is None and said.adults is not None and said.adults <= 2:
            out.append(m.span("said"))  # "my parents (grandma & grandpa)": the same two
    return out


def blank_not_coming(phrase: str) -> str:
    """``phrase`` with each adult who is not coming (``NOT_COMING``) blanked, a bracket that only
    says what a person is (``DESCRIBED``: "me (single mum)", "my husband (who hates crowds)")
    blanked, and a relation that names the writer (``SELF_NAMED``) turned into the writer
    ("grandma here" reads as "me here"; "I'm a single mum" as "I'm a single"), offsets kept."""
    for m in NOT_COMING.finditer(phrase):
        phrase = phrase[: m.start()] + " " * (m.end() - m.start()) + phrase[m.end() :]
    phrase = _blank(phrase, [(a, b, 0) for a, b in _described_spans(phrase)])
    for m in SELF_NAMED.finditer(phrase):
        if m.group("rel"):
            a, b = m.start("rel"), m.end("rel")
            phrase = phrase[:a] + " " * (b - a) + phrase[b:]
        else:
            a, b = m.start("self"), m.end("self")
            phrase = phrase[:a] + "me".ljust(b - a) + phrase[b:]
    return phrase


def bracket_closed(sentence: str, a: int, b: int) -> int:
    """The end of the quote ``sentence[a:b]`` moved past the ``)`` that closes a bracket it opens
    ("me (mum" of "me (mum of 3), sat" ends at "me (mum of 3)"), when that bracket closes within
    60 characters; else ``b``. What a bracket says of a person ("me (single mum)", "3 kids (1 is
    a baby)") is read whole, never cut."""
    if sentence.count("(", a, b) <= sentence.count(")", a, b):
        return b
    close = re.compile(r"[^()]{0,60}\)").match(sentence, b)
    return close.end() if close else b


def cut_bracket(sentence: str, a: int, b: int) -> bool:
    """Whether the quote ``sentence[a:b]`` opens a bracket that the sentence closes after it
    (``bracket_closed``): a party quote that cuts what a bracket says of its people is refused."""
    return bracket_closed(sentence, a, b) != b


def _blank(phrase: str, spans: list[tuple[int, int, int]]) -> str:
    for a, b, _ in spans:
        phrase = phrase[:a] + " " * (b - a) + phrase[b:]
    return phrase


@dataclass(frozen=True)
class Party:
    """What a phrase says about the party: ``adults``/``children`` (``None``: not said)."""

    adults: int | None
    children: int | None


def _blank_ranges(phrase: str) -> str:
    return COUNT_RANGE.sub(lambda m: " " * len(m.group(0)), phrase)


GROUP_AGES = re.compile(
    r"(?:(?<=twins)|(?<=plets)|(?<=\btwin girls)|(?<=\btwin boys)|(?<=\btwin sons)|(?<=twin daughters))"
    r"\s*[,(:]?\s*(?:(?:who\s+are|who're|are|aged?|ages)\s+)?\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*"
    r"(?:\s*(?:-\s*)?(?:yo|y/o|years?[- ]old|yrs?[- ]old|year olds?|years?|yrs?))?\s*\)?",
    re.I,
)
"""The age of a group right after it ("twins aged 4", "the triplets (3)", "twins, 6"): the
group's age, never more children."""


def _children(phrase: str) -> int | None:
    phrase = _blank_ranges(phrase)
    phrase = GROUP_AGES.sub(lambda m: " " * len(m.group(0)), phrase)
    said = [count(m.group(1)) for m in CHILDREN_OF_THEM.finditer(phrase)]
    counted_before = COUNTED_CHILDREN.search(phrase)  # "3 kids, 2 of them are under 5": 3
    if said and all(c is not None for c in said) and not counted_before:  # "kids (2 of them)"
        return sum(c for c in said if c is not None)
    found = list(COUNTED_CHILDREN.finditer(phrase))
    counted = [count(m.group(1)) for m in found]
    counted += [int(m.group(1)) for m in CHILDREN_COUNTED_AFTER.finditer(phrase)]  # "kids (2)"
    if counted and all(c is not None for c in counted):
        n = sum(c for c in counted if c is not None)
        if all(c == 1 for c in counted):  # "a newborn and a 3yo": the age is another child
            n += sum(
                not _tied((x, y), [m.span() for m in found], phrase)
                for x, y in (m.span() for m in AGE.finditer(phrase))
            )
            n += sum(  # "the twins and a baby": the twins are two more
                3 if g.group(1).lower().startswith("triplet") else 2
                for g in GROUP.finditer(phrase)
                if not any(m.start() < g.end() and g.start() < m.end() for m in found)
            )
        return n + sum(  # "me and my 2 and her 2 kids": the writer's 2 are two more
            count(m[1]) or 0
            for m in MY_N.finditer(phrase)
            if not any(f.start() < m.end() and m.start() < f.end() for f in found)
        )
    n = 0
    listed: list[tuple[int, int]] = []
    for m in (
        *AGES_LIST.finditer(phrase),
        *CHILDREN_WITH_AGES.finditer(phrase),
        *AGE_SERIES.finditer(phrase),
    ):
        if not any(a < m.end(1) and m.start(1) < b for a, b in listed):
            listed.append(m.span(1))
            n += len(re.findall(r"\d{1,2}", m.group(1)))
    if not n:
        ages = [m.span() for m in AGE.finditer(phrase)]
        n = len(ages) + _untied_children(phrase, ages) if ages else 0
    n += sum(3 if m.group(1).lower().startswith("triplet") else 2 for m in GROUP.finditer(phrase))
    if not n:
        n = _named_children(phrase)
    n += len(NAMED_WITH_AGE.findall(phrase))
    if not n:
        lone = LONE_PARENT_PLUS.search(phrase) or MY_N.search(phrase)
        n = (count(lone.group(1)) or 0) if lone else 0
    return n or None


_TIE = re.compile(
    r"[\s,:()-]*(?:(?:(?:who|that)(?:'s|\s+is)|aged?|is|just|only|turning|nearly|almost)\s*)*",
    re.I,
)
"""What may stand between a child and their age ("my son, 5 years old", "a boy who is 4 years
old", "a 3 year old girl"): the same child."""


def _tied(span: tuple[int, int], others: list[tuple[int, int]], phrase: str) -> bool:
    """Whether ``span`` of ``phrase`` overlaps one of ``others`` or sits beside it, joined by
    ``_TIE`` only (a child and their age: the same child)."""
    a, b = span
    return any(
        (x < b and a < y)
        or (b <= x and _TIE.fullmatch(phrase[b:x]))
        or (y <= a and _TIE.fullmatch(phrase[y:a]))
        for x, y in others
    )


def _untied_children(phrase: str, ages: list[tuple[int, int]]) -> int:
    """Children named one by one (``_named_children``) beside ages said alone ("a newborn and
    a 3yo": the 3yo is one child, the newborn another), those tied to an age (overlapping it, or
    beside it: ``_TIE``) left out: they are the same child as the age."""
    free = phrase
    for m in (*ONE_CHILD.finditer(phrase), *LISTED_CHILD.finditer(phrase)):
        a, b = m.span()
        if _tied((a, b), ages, phrase):
            free = free[:a] + " " * (b - a) + free[b:]
    return _named_children(free)


_SAME_CHILD = {"bub": "baby", "bubba": "baby", "infant": "baby", "kid": "child"}


def _named_children(phrase: str) -> int:
    """Children named one by one ("my son and the baby" = 2), each counted once: a child named
    again ("me and the baby, the baby naps 12-2", "our son ... his nap") is the same child; only
    "a"/"an" introduces another of the same word ("a boy and a boy")."""
    seen: set[str] = set()
    n = 0
    for m in (*ONE_CHILD.finditer(phrase), *LISTED_CHILD.finditer(phrase)):
        words = re.findall(r"[a-z]+", m.group(0).lower())
        det, noun = (words[0] if words else ""), (words[-1] if words else "")
        noun = _SAME_CHILD.get(noun, noun)
        if det in ("a", "an") or noun not in seen:
            n += 1
        seen.add(noun)
    return n


def _adults(phrase: str) -> int | None:
    phrase = _blank_ranges(phrase)
    counted = [count(m.group(1) or m.group(2)) for m in COUNTED_ADULTS.finditer(phrase)]
    counted += [
        2 * n if (n := count(m.group(1))) is not None else None for m in COUPLES.finditer(phrase)
    ]
    counted += [int(m.group(1) or m.group(2)) for m in ADULTS_IN_BRACKETS.finditer(phrase)]
    counted += [count(m.group(1)) for m in ADULTS_MARKED.finditer(phrase)]  # "2 students (adults)"
    if counted and all(c is not None for c in counted):
        return sum(c for c in counted if c is not None) + _writer_beside(phrase)
    if NO_ADULT.search(phrase) and not (ONE_ADULT.search(phrase) or TWO_ADULTS.search(phrase)):
        return 0  # "no adults, just the 3 kids", "three kids on their own": the writer stays home
    if US_TWO.search(phrase):
        return 2
    if JUST_ME.search(phrase) and not (ONE_ADULT.search(phrase) or TWO_ADULTS.search(phrase)):
        return 1  # "just me" ("just me and hubby" counts hubby too, below)
    n = len(ONE_ADULT.findall(phrase)) + 2 * len(TWO_ADULTS.findall(phrase))
    n += len(GROWN_CHILD.findall(phrase))  # "our daughter and her two kids": a grown-up
    if not n and re.search(r"\b(?:solo|single)\s+(?:parent|mum|mom|dad)\b", phrase, re.I):
        n = 1  # "solo parent + 3"
    writer = WRITER.search(phrase)
    if writer and _WITH_ONLY.fullmatch(writer.group(0)) and not n:  # "with 2 kids": implied only
        writer = next((m for m in WRITER.finditer(phrase) if not _WITH_ONLY.fullmatch(m[0])), None)
    if writer and not WRITER_NAMED.search(phrase):
        n += 1
    elif n and not writer and WE_TAKE.search(phrase) and not SELF_LABEL.match(phrase):
        n += 1  # "we'd love to take the kids and grandma": the writer and grandma
    return n or None


_OTHERS = re.compile(
    r"\b(?:" + _COUNT + r")" + _GAP + r"(?:other\s+)?(?:friends|mates|grandparents|dads|mums|moms"
    r"|mothers|fathers|grandmas|grandpas|aunties|aunts|uncles|sisters|brothers|colleagues"
    r"|neighbours|neighbors)\b",
    re.I,
)
"""Adults counted by a word that is never the writer ("2 mates", "3 other mums")."""


def _writer_beside(phrase: str) -> int:
    """1 when the writer ("me", "I") is named beside adults counted only by a word that is never
    the writer ("me n 2 mates" is 3; "me and 2 adults" stays 2: the writer may be one)."""
    found = list(COUNTED_ADULTS.finditer(phrase))
    writer = next((m for m in WRITER.finditer(phrase) if not _WITH_ONLY.fullmatch(m[0])), None)
    if not writer or WRITER_NAMED.search(phrase) or not found:
        return 0
    if COUPLES.search(phrase) or ADULTS_IN_BRACKETS.search(phrase) or ADULTS_MARKED.search(phrase):
        return 0
    return int(all(_OTHERS.fullmatch(m[0]) for m in found))


PARTY_TOTAL = re.compile(
    r"\b(?:so\s+)?(?:that'?s|thats|that is|that makes|which is|which makes|making it|total(?:\s+of)?"
    r"|in total)\s*:?\s*(?=(?:" + COUNT_WORD + r")\s)",
    re.I,
)
"""A total said after the parts ("her 2 kids and my 3, so that's 2 adults 5 kids"): the
counts after it are the party's."""


_OWNER = r"(?:my|our|his|her|their|me|the)"
_KIN = (
    r"(?:(?:own|other|school|best)\s+)?(?:friends?|mates?|cousins?|neighbours?|neighbors?"
    r"|kids?|children|nieces?|nephews?|siblings?|sisters?|brothers?|grandkids?|adults?|mums?|moms?"
    r"|dads?)"
)
_PART = (
    r"(?:" + _OWNER + r"\s+(?P<AA>" + COUNT_WORD + r")(?:\s+" + _KIN + r")?"
    r"|(?P<BB>"
    + COUNT_WORD
    + r")\s+(?:(?:of\s+)?(?:mine|ours|theirs|his|hers|"
    + _OWNER
    + r"(?:\s+"
    + _KIN
    + r")?)|"
    + _KIN
    + r")(?:\s+of\s+"
    + _OWNER
    + r"(?:\s+"
    + _KIN
    + r")?)?)"
)
_PART_JOIN = r"(?:\s*(?:,|\+|&|\band\b|\bplus\b|\bn\b)\s*(?:\band\b\s*)?|\s+)"
_PARTS = "".join(
    (_PART.replace("AA", "a0").replace("BB", "b0"),)
    + tuple(
        r"(?:" + _PART_JOIN + _PART.replace("AA", f"a{i}").replace("BB", f"b{i}") + r")?"
        for i in range(1, 4)
    )
)
BREAKDOWN = re.compile(
    r"\b(?P<n>" + COUNT_WORD + r")\s+(?:" + _CHILD_PLURAL + r"|" + _ADULT_PLURAL + r")"
    r"(?P<said>(?:\s*(?P<open>\()|\s+[-\u2013\u2014]|\s*:)\s*" + _PARTS + r"(?(open)\s*\)|\b)"
    r"|\s*\(\s*(?:all|both)\s+(?:adults|grown[- ]?ups|kids|children|under\s*\d{1,2}s?"
    r"|(?:aged?\s+)?(?:under|over)\s+\d{1,2}(?:\s*(?:yo|yrs?|years?))?)\s*\))",
    re.I,
)
"""A count broken down right after it ("5 kids (my 2 + 3 of their friends)", "4 kids - my 2
and 2 cousins", "3 kids (2 of mine, 1 friend)", "2 mates (all adults)", "2 kids (both under
5)"): the same people, said again, never added to the count."""
_OWNER_SAID = r"\b(?:my|our|his|her|their|mine|ours|theirs|hers|of)\b"
_BREAKDOWN_KIND = re.compile(r"\((?:all|both)\s+(adults|grown[- ]?ups|kids|children)\b", re.I)


SOME_OF_THEM = re.compile(
    r"(?:\b(?P<n>" + COUNT_WORD + r")" + _GAP + r"(?:(?:older|big|" + _CHILD_ADJ + r")[\s-]+)?"
    r"(?P<kind>" + _CHILD_PLURAL + r"|(?!people\b)(?:" + _ADULT_PLURAL + r"))"
    r"|\b(?:my|our|his|her|their)\s+(?P<mine>two|three|four|five|six|[2-9]))"
    r"\s*(?P<said>\((?P<inner>[^()]{1,60})\)|(?:[,:]|[-\u2013])?\s*(?P<clause>(?:incl\.?|including"
    r"|inc\.?)\s+[^,.;:!?()]{1,40}|(?:" + COUNT_WORD + r")(?:\s*'s|\s+(?:of\s+(?:them|em)\s+)?"
    r"(?:is|are|s|r|still|in|has|have|needs?|uses?)\b)[^,.;:!?()]{0,40}))",
    re.I,
)
"""A bracket right after a count that may say which of them are who ("3 kids (1 is a baby)",
"2 adults 3 kids (2 are babies)", "4 kids (two are twins)", "2 kids (1 still in a pram)", "3 kids
(youngest is 2)", "2 adults (one is my mum)", "me and my 3 (one is a baby)"), or in a clause
right after it that names who ("3 kids, one is a baby", "3 kids incl a baby", "2 kids one in a
pram"; ``_STAGE``): ``some_of_them`` decides."""
_STAGE = re.compile(
    r"\b(?:pram|stroller|pusher|wheelchair|carrier|under\s*\d{1,2}|months?|mths?|weeks?|asleep"
    r"|napping)\b",
    re.I,
)
"""What a clause after a count says some of them are ("1 in a pram", "2 are under 5")."""
_ADDED = re.compile(
    r"^\s*(?:(?:and|plus|with|w|n|also|excl(?:uding)?|not\s+(?:incl|including|counting))\b|w/"
    r"|\+|&|\d{1,2}\s*(?:-|or|to)\s*\d)",
    re.I,
)
"""A bracket that adds people or is no count of them ("3 kids (+ a baby)", "2 kids (and my
mum)", "2 kids (excluding the baby)"): never the same people."""
_LEAD_COUNT = re.compile(
    r"^\s*(?:(?:only|just|nearly|almost|about|around|actually|really|well|so)\s+)?("
    + COUNT_WORD
    + r")(?=\s*'?[a-z])"
    r"(?!\s*(?:yo|y/o|years?|yrs?|months?|mths?|weeks?|wks?|am|pm|total|in total|and|or|to)\b)",
    re.I,
)
"""How many of them a bracket picks out first ("1 is a baby", "2 are under 5", "one's a bub")."""
_WHICH = re.compile(
    r"^\s*(?:the\s+)?(?:youngest|eldest|oldest|older|younger|big|little|baby|middle)(?:\s+one)?"
    r"\s*(?:is|'s|s|=|-|:)?\s*\d",
    re.I,
)
"""One of them said by their place among them ("youngest is 2", "eldest 9"): an age, no more
people."""
_PEOPLE_WORD = re.compile(
    r"\b(?:" + _PERSON_WORDS + r"|twins|triplets|mine|ours|theirs)\b",
    re.I,
)


def some_of_them(n: int | None, kind: str, inner: str) -> bool | None:
    """Whether the bracket ``inner`` after a count of ``n`` of ``kind`` (a children or an adults
    word) says which of them are who (``SOME_OF_THEM``): ``True`` when its people are at most
    ``n`` (the same people: "3 kids (1 is a baby)", "3 kids (a baby and 2 toddlers)"), ``False``
    when more (asked: "2 kids (3 are babies)"), ``None`` when it is no such bracket: it adds
    people ("(+ a baby)"), counts the other kind ("3 kids (2 adults)"), or names nobody (ages:
    "(4, 7)", "(aged 4 and 7)")."""
    if _ADDED.match(inner) or PEOPLE_TOTAL.search(inner) or KIND_TOTAL.search(inner):
        return None
    if _WHICH.match(inner):
        return True  # "3 kids (youngest is 2)"
    lead = _LEAD_COUNT.match(inner)
    if not (lead or _PEOPLE_WORD.search(inner)):
        return None  # "(4, 7)", "(aged 4 and 7)": ages, read as they are
    said = read_party(inner)
    kids = bool(_CHILD_WORD.search(kind))
    mine, other = (said.children, said.adults) if kids else (said.adults, said.children)
    if other:
        return None  # "3 kids (2 adults)": another count of people, read as it is
    picked = max(mine or 0, (count(lead[1]) or 0) if lead else 0)
    return picked <= (n or 0)


OF_THEM_THEN = re.compile(
    r"\b(?:" + _CHILD_PLURAL + r")\s*\(\s*(?P<n>" + COUNT_WORD + r")\s+of\s+(?:them|em|'em)"
    r"\s*[,;:-]\s*(?P<inner>[^()]{1,60})\)",
    re.I,
)
"""A count in a bracket, then which of them are who ("the kids (2 of them, 1 is a baby)")."""


def _some_of_them(phrase: str) -> list[tuple[int, int, bool]]:
    """``(start, end, agrees)`` of each bracket after a count that says which of them are who
    (``some_of_them``), and of the rest of a bracket after its count ("(2 of them, 1 is a
    baby)": ``OF_THEM_THEN``)."""
    out = []
    for m in SOME_OF_THEM.finditer(phrase):
        inner = m["inner"] or m["clause"]
        if m["clause"] and not (_PEOPLE_WORD.search(inner) or _STAGE.search(inner)):
            continue  # "3 kids, 10 is the earliest we can go": no word about them
        said = some_of_them(count(m["n"] or m["mine"]), m["kind"] or "kids", inner)
        if said is not None:
            out.append((*m.span("said"), said))
    for m in OF_THEM_THEN.finditer(phrase):
        said = some_of_them(count(m["n"]), "kids", m["inner"])
        if said is not None:
            out.append((*m.span("inner"), said))
    return out


def breakdowns(phrase: str) -> list[tuple[int, int, bool]]:
    """``(start, end, agrees)`` of each breakdown of a count in ``phrase`` (``BREAKDOWN``): the
    span of the breakdown itself ("(my 2 + 3 of their friends)" after "5 kids"), and whether it
    agrees with its count (its numbers sum to it; "(all adults)" said of adults). One that does
    not ("5 kids (my 2 and 2 friends)", "2 kids (all adults)") is asked, never counted. A bracket
    saying which of them are who ("3 kids (1 is a baby)": ``_some_of_them``) is one too."""
    out = []
    for m in BREAKDOWN.finditer(phrase):
        n = count(m["n"])
        parts = [count(m[g]) for g in m.groupdict() if g[0] in "ab" and m[g]]
        kind = _BREAKDOWN_KIND.search(m["said"])
        adults_said = bool(kind) and kind[1].lower().startswith(("adult", "grown"))
        is_adult = bool(re.match(r"\S+\s+(?:" + _ADULT_PLURAL + r")\b", m[0], re.I))
        if len(parts) == 1 and not m["open"] and not re.search(_OWNER_SAID, m["said"], re.I):
            continue  # "2 adults - 3 kids": another group, no breakdown
        if re.match(r"\S+\s+people\b", m[0], re.I) and not kind:
            continue  # "6 people (2 adults 4 kids)": the party itself, a total to reconcile
        total = sum(p or 0 for p in parts)  # one part is some of them: "5 kids (2 of mine)"
        off = total > (n or 0) if len(parts) == 1 else total != n
        wrong = (parts and off) or (kind and adults_said != is_adult)
        out.append((*m.span("said"), not wrong))
    out += [s for s in _some_of_them(phrase) if not any(a < s[1] and s[0] < b for a, b, _ in out)]
    return out


def breakdown_spans(phrase: str) -> list[tuple[int, int]] | None:
    """Spans of ``phrase`` breaking a count down (``breakdowns``): the same people said again,
    never more; ``None`` when one does not agree with its count: asked."""
    found = breakdowns(phrase)
    return None if not all(ok for _, _, ok in found) else [(a, b) for a, b, _ in found]


@per_run
def read_party(phrase: str) -> Party:
    """Adults and children that ``phrase`` says (``Party(None, None)`` when it says neither).

    The writer counts only when the phrase also names someone else or says "just me": "I" on its
    own in a sentence about something else is not a party reading. A total said beside the
    members ("(3 people)", "6 of us", "(3 kids total)", "Gran & Pop (2)") must agree with them
    (``_reconcile``), else nothing is read and the party is asked."""
    phrase = phrase.replace("\u2019", "'")
    broken = breakdown_spans(phrase)  # "5 kids (my 2 + 3 friends)": the same 5, said again
    if broken is None:
        return Party(None, None)  # "5 kids (my 2 and 2 friends)": which is it? asked
    phrase = _blank(phrase, [(a, b, 0) for a, b in broken])
    for total in PARTY_TOTAL.finditer(phrase):  # "..., so that's 2 adults 5 kids": the total
        rest = phrase[total.end() :]
        if COUNTED_ADULTS.match(rest) or COUNTED_CHILDREN.match(rest):
            said = read_party(rest)
            if said.adults is not None or said.children is not None:
                return said
    phrase = _blank(phrase, [(a, b, 0) for a, b in rate_spans(phrase)])  # "$30 an adult"
    phrase = blank_not_coming(phrase)  # "dad working so just me", "me (dad)", "grandma here"
    phrase = _blank(phrase, [(*m.span(), 0) for m in PETS.finditer(phrase)])  # "1 dog"
    for m in ADULT_RUN_COUNT.finditer(phrase):  # "Gran & Pop (2)": the two named
        if len(re.findall(r"\b(?:" + _LISTED_ADULT + r")\b", m.group(1), re.I)) != int(m[2]):
            return Party(None, None)  # "Gran & Pop (3)": who is the third? asked
        phrase = _blank(phrase, [(m.end(1), m.end(), 0)])
    big = BIG_SMALL.search(phrase)  # "2 big 2 small"
    people = [(m.span(), count(m.group(1) or m.group(2)), m) for m in PEOPLE_TOTAL.finditer(phrase)]
    kinds = [
        (m.span(), count(m[1] or m[3]), (m[2] or m[4]).lower()) for m in KIND_TOTAL.finditer(phrase)
    ]
    for_n = FOR_N.search(phrase)
    rest = _blank(phrase, [(*sp, 0) for sp, _, _ in (*people, *kinds)])
    rest = _blank(rest, [(*for_n.span(), 0)] if for_n else [])
    if big:
        members = Party(count(big.group(1)), count(big.group(2)))
    else:
        members = _members(rest)
    totals = [n for _, n, _ in people]
    kinds_said = [(n, k) for _, n, k in kinds]
    if for_n and members == Party(None, None) and not people and not kinds:
        totals = [count(for_n.group(1))]  # "New Farm for 2": two people, nobody else said
    if not totals and not kinds_said:
        return members
    split = any(re.search(r"of us|party|group|crew|booking", m[0], re.I) for _, _, m in people)
    said = _reconcile(members, totals, kinds_said, rest, split and not for_n, phrase)
    if said.adults is None and said.children and members.adults is None and WRITER.search(rest):
        return Party(_adults(rest), said.children)  # "me and the kids (3 kids total)"
    return said


def _reconcile(
    members: Party,
    totals: list[int | None],
    kinds: list[tuple[int | None, str]],
    rest: str,
    split: bool,
    phrase: str,
) -> Party:
    """``members`` (the party read without its totals) made to agree with the totals said beside
    them: ``kinds`` (``(n, "kids")``: "(3 kids total)") is that kind's count, the members named
    being some of them; ``totals`` (people in all: "3 people", "6 of us") is adults plus children
    (the one not said is the rest: "6 of us incl 4 kids" is 2 adults). Without members a total
    is all adults when said so ("2 of us, just adults") or said as people ("4 people", "for 2"),
    never when ``split`` ("6 of us", "party of 4": how many are children?). A total that does
    not agree gives ``Party(None, None)``: asked, never counted twice."""
    no = Party(None, None)
    adults, children = members.adults, members.children
    for n, kind in kinds:
        if n is None:
            return no
        if kind in ("kids", "children"):
            if children is not None and children > n:
                return no
            children = n
        else:
            if adults is not None and adults > n:
                return no
            adults = n
    if len(set(totals)) > 1 or None in totals:
        return no
    if not totals:
        return Party(adults, children)
    total = totals[0]
    assert total is not None
    kids_named = bool(_CHILD_WORD.search(rest))
    adults_only = bool(ALL_ADULTS.search(phrase))  # "2 of us, just adults"
    if adults is not None and children is not None:
        return Party(adults, children) if adults + children == total else no
    if children is not None:
        return Party(total - children, children) if total - children >= 1 else no
    if adults is not None:
        if adults == total:
            return Party(adults, None)
        if adults < total and kids_named and not adults_only:
            return Party(adults, total - adults)  # "me and the kids (4 people)"
        return no
    if adults_only or not (split or kids_named):
        return Party(total, None)  # "2 of us, just adults", "4 people", "for 2"
    return no


def _members(phrase: str) -> Party:
    """Adults and children that ``phrase`` names (no totals: ``read_party``)."""
    plus = PLUS_PARTY.search(phrase) or LETTER_PARTY.search(phrase)
    if plus and not COUNTED_ADULTS.search(phrase) and not COUNTED_CHILDREN.search(phrase):
        return Party(int(plus.group(1)), int(plus.group(2)))
    fam = FAMILY_OF.search(phrase)
    if fam:
        total = count(fam.group(1))
        if total and total >= 2:
            return Party(2, total - 2)
    friends = _child_friends(phrase)  # "my daughter and her friend": two children
    if friends:
        phrase = _blank(phrase, friends)
    grown = [(m.start(), m.end(), 0) for m in GROWN_CHILD.finditer(phrase)]
    children = _children(_blank(phrase, grown))  # a grown son is no child (counted an adult)
    if friends:
        children = (children or 0) + sum(n for _, _, n in friends)
    adults = _adults(phrase)
    named_other = (
        children is not None
        or ONE_ADULT.search(phrase)
        or TWO_ADULTS.search(phrase)
        or GROWN_CHILD.search(phrase)
    )
    alone = not (
        named_other
        or COUNTED_ADULTS.search(phrase)
        or ADULTS_IN_BRACKETS.search(phrase)
        or ADULTS_MARKED.search(phrase)
        or COUPLES.search(phrase)
        or JUST_ME.search(phrase)
    )
    if adults is not None and alone and not US_TWO.search(phrase):
        adults = None  # a lone "I" is not a party
    return Party(adults, children)


_COUNTING = (
    COUNTED_CHILDREN,
    AGE_SERIES,
    CHILDREN_OF_THEM,
    GROUP,
    NAMED_WITH_AGE,
    LONE_PARENT_PLUS,
    MY_N,
    AGES_LIST,
    CHILDREN_WITH_AGES,
    AGE,
    PLUS_PARTY,
    LETTER_PARTY,
    FAMILY_OF,
    FRIEND_OF,
)


def names_children_one_by_one(quote: str) -> bool:
    """Whether ``quote`` names its children one by one by relation only ("for my daughter", "my
    son and the baby"), with no count, age or group said: elsewhere in the text a count of
    children ("me and 2 kids") is then the party's, the child named one of them."""
    return not any(rx.search(quote) for rx in _COUNTING)


@per_run_list
def cue_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans in ``sentence`` of every party cue (the writer included when anyone else is, and,
    when an adult count is said, only beside another cue: the writer is then one of them)."""
    rates = rate_spans(sentence)  # "$30 an adult": a price's member word, never a person
    rates += not_party_spans(sentence)  # "avoid anything with kids": what a place has
    spans = [
        m.span()
        for cue in (*PARTY_CUES, FRIEND_OF)
        for m in cue.finditer(sentence)
        if not any(a <= m.start() < b for a, b in rates)
    ]
    if spans:
        counted = COUNTED_ADULTS.search(sentence)
        for m in WRITER.finditer(sentence):
            if counted and not any(_beside(sentence, m.span(), sp) for sp in spans):
                continue  # "2 adults, West End, I want ...": the writer is one of the 2 adults
            spans.append(m.span())
        if ONE_ADULT.search(sentence) or TWO_ADULTS.search(sentence):
            spans += [m.span() for m in WE_TAKE.finditer(sentence)]  # "we'd take ... and nan"
    out: list[tuple[int, int]] = []
    for sp in sorted(spans):  # "mum + toddler, Chermside, toddler naps at 1": one toddler
        said = _bare(sentence[sp[0] : sp[1]])
        if any(_bare(sentence[x:y]) == said for x, y in out) and not any(
            _beside(sentence, sp, o) for o in out
        ):
            continue
        out.append(sp)
    return out


def _bare(cue: str) -> str:
    return re.sub(r"^(?:[^a-z0-9]|(?:and|plus|with)\b)+", "", cue.lower())


_JOIN = re.compile(r"[\s,+&]*(?:(?:and|plus|with|n|w)\b|w/)?[\s,]*(?:(?:my|our|the)\b)?\s*", re.I)


def _beside(sentence: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether spans ``a`` and ``b`` of ``sentence`` sit side by side, joined at most by "and",
    "+", "with", "my" or a comma ("me and my 2 kids", "2 adults + me")."""
    lo, hi = (a[1], b[0]) if a[1] <= b[0] else (b[1], a[0])
    return lo <= hi and bool(_JOIN.fullmatch(sentence[lo:hi]))


_MINUS_BEFORE = re.compile(r"(?:(?:^|(?<=[\s,;:(/]))[-\u2212]|\bminus\s+|\bnegative\s+)$", re.I)


def negative_count_spans(text: str) -> list[tuple[int, int, str]]:
    """The counts of people ``text`` says below zero ("-3 kids", "minus 2 adults"), each as
    ``(start, end, field)`` (``adults`` or ``children``): no count, so asked about, never read as
    the count without its sign. A dash after a number is a range's ("2 -3 kids"), not a sign."""
    out: list[tuple[int, int, str]] = []
    if dash_bullets(text):  # "-2 adults -2 kids -from toowong": dashes for bullets
        return out
    for field, rx in (("adults", COUNTED_ADULTS), ("children", COUNTED_CHILDREN)):
        for m in rx.finditer(text):
            g = 1 if m.group(1) is not None else (m.lastindex or 1)
            sign = _MINUS_BEFORE.search(text, 0, m.start(g))
            if sign and not text[: sign.start()].rstrip()[-1:].isdigit():
                out.append((sign.start(), m.end(), field))
    return sorted(out)


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
