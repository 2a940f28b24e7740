"""Weather in request text, read clause by clause: every mention of rain or dry weather ends as a
rain reading with its quote, or as a mention code could not place (listed unread, and asked).

A text is cut into clauses (at sentence ends, commas, "but", "then", "so", "though", "while";
at "and" only between clauses that say opposite things: "dry morning and storms in the arvo").
Each clause with a weather word is read for what it says and when:

- **rain** (rain, showers, storms, thunderstorms, drizzle, downpours, "bucketing down", "pouring",
  "chucking it down", "wet" when it is about the day, "not dry", "won't stay fine"); a chance of
  rain counts as rain (the safe side for a plan), a *low* or *slight* chance as none;
- **dry** ("no rain", "won't rain", "rain isn't expected", "dry", "fine", "sunny", "clear skies");
- a **condition** ("in case of rain", "if it rains", "rain or shine", "wet-weather backup") says
  nothing about the weather: no reading, nothing to ask;
- a **turn** ("clearing by 11", "easing after lunch", "fining up from 2", "the sun's out after 1")
  ends the rain of the clause before it ("showers, clearing by 11": rain until 11:00), or, alone,
  says it rains until then.

When a clause says it (local ``HH:MM``; a bare hour reads 7-11 am and 12-6 pm, words of the
clause such as "morning" first; "about 1", "around noon", "1ish" read as the hour said):

- a range "10-2", "from 10 till 2", "between 10 and 2": that window (several: several windows);
- "until / till / before X", or a turn "by X": rain up to X (from 00:00);
- "after / from / since X", "X onwards", "at / around X", "by X" (no turn): rain from X on;
- a period: morning 06:00-12:00, afternoon / arvo 12:00-17:00, evening / tonight 17:00-21:00,
  overnight 00:00-06:00, lunchtime 12:00-14:00, "early" (alone) 06:00-10:00, "late" (alone)
  15:00-23:59, "later" 12:00-23:59; "late", "early" and "mid" narrow a period ("late arvo"
  14:30-18:00); two periods joined by "to" are one window ("late morning to mid-afternoon");
- "all day", "on and off", "throughout", or no time at all: rain all day (``"all_day"``);
- a period after "from", "starting", "since", "setting in" ("rain from mid-morning", "storms
  from early afternoon") is where the rain starts: from then to the end of the day.

Dry weather scoped to part of the day is never a whole day's "no rain":

- up to a time ("won't rain until 2", "dry until lunch then showers", "fine till 11"), or from a
  time ("fine after 11"): the weather turns then, so it reads as rain from 14:00 to the end of the
  day (resp. until 11:00) - the safe side for a plan;
- in a period or a range ("a dry morning", "it won't rain in the morning"): it says nothing about
  the rest of the day, so it is no reading at all: the forecast decides, and the phrase is stated
  as read for that period only (``scoped_phrases``).

A clause after "then" with no time of its own takes the time the clause before it turned at
("dry until lunch then showers": the showers are from 12:00, the same reading). Times that belong
to an appointment in the clause ("football 8-9am", "home by 3") are never the weather's.

``mentions`` is the one reader; ``rain_values`` (used to verify a quote) and ``read_rain`` read a
quote through it, where it stands in its text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dayplan.reading import clock
from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run
from dayplan.reading.prefilter import prefilter_module

END_OF_DAY = 23 * 60 + 59

RAIN = (
    r"(?:rain|rains|raining|rained|rainy|showers?|showery|storms?|stormy|thunderstorms?|thunder"
    r"|drizzle|drizzly|drizzling|downpours?|pour(?:s|ing)?(?:\s+down)?|bucket(?:s|ing)?\s+down|bucketing"
    r"|chuck(?:s|ing)?\s+it\s+down|pissing\s+down|pelting(?:\s+down)?|wet|precipitation|sprinkles?)"
)
"""Words of rain (``wet`` only where it is about the day: see ``_NOT_WEATHER``)."""
RAIN_WORD = re.compile(r"\b" + RAIN + r"\b", re.I)
_NOT_WEATHER = re.compile(
    r"\b(?:baby|bridal|hot|cold|outdoor|outside|beach)\s+showers?\b|\brain\s*-?\s*checks?\b"
    r"|\b(?:get|gets|getting|got)\s+(?:\w+\s+)?wet\b|\bwet\s*(?:'?n'?|and)\s*wild\b"
    r"|\bwet\s*(?:suits?|play|ones|clothes|towels?|bags?|wipes?|area|zone|pad)\b"
    r"|\bbrain\s*storm\w*",
    re.I,
)
"""Rain words that are no weather: "baby shower", "rain check", "get wet", "Wet'n'Wild"."""
_RAIN_OR_WEATHER = r"(?:" + RAIN + r"|(?:the\s+)?weather|forecast)"
"""Rain, or the weather as a whole: "don't care about the weather" is indifference to rain too."""
INDIFFERENT = re.compile(
    r"\b(?:don't|dont|do\s+not|doesn't|doesnt|does\s+not|won't|wont|never)\s+(?:really\s+)?(?:mind|care\s+(?:about|if|for))"
    r"\s+(?:(?:a\s+(?:bit|little)\s+of|a\s+little|a\s+few|some|the|a|any|it)\s+)*"
    + _RAIN_OR_WEATHER
    + r"\b"
    r"|\b(?:not|never|aren't|arent|isn't|isnt)\s+(?:too\s+|that\s+|very\s+)?(?:bothered|worried|fussed|phased|fazed|scared)"
    r"\s+(?:by|about|of)\s+(?:(?:a\s+(?:bit|little)\s+of|a\s+little|a\s+few|some|the|a|any)\s+)*"
    + _RAIN_OR_WEATHER
    + r"\b"
    r"|\b"
    + _RAIN_OR_WEATHER
    + r"\s+(?:doesn't|doesnt|does\s+not|don't|dont|won't|wont|will\s+not|never)\s+"
    r"(?:really\s+)?(?:bother|worry|stop|faze|phase|put\s+off|hurt|matter|kill)\b(?:\s+(?:us|me|them|the\s+kids|anyone))?"
    r"|\b(?:rain|raining|rainy|wet|showers?)\s+or\s+(?:not|no|no\s+rain|dry|fine|sun|sunny)\b"
    r"|\b(?:happy|fine|ok|okay|keen|good|right)\s+(?:to\s+go\s+out\s+)?(?:in|with)\s+(?:(?:a\s+(?:bit|little)\s+of|a\s+few|some|the|a)\s+)*"
    + RAIN
    + r"\b"
    r"|\b(?:(?:a\s+(?:bit|little)\s+of|a\s+little|some|the|a\s+few)\s+)?"
    + RAIN
    + r"(?:'s|\s+is|\s+are|\s+would\s+be|\s+will\s+be)\s+(?:totally\s+|perfectly\s+|completely\s+|absolutely\s+|all\s+)?"
    r"(?:fine|ok|okay|no\s+(?:problem|drama|dramas|biggie|issue|worries)|not\s+(?:a\s+)?(?:problem|an\s+issue|a\s+worry)"
    r"|alright|all\s+right|good)\b"
    r"|\brain(?:,\s*hail)?\s+or\s+shine\b|\bwet\s+or\s+(?:dry|fine)\b|\bwhatever the weather\b"
    r"|\brain-?proof\b|\b(?:don't|dont|do\s+not|won't|wont|never)\s+(?:really\s+)?(?:mind|care)\s+if\s+"
    r"(?:it\s+)?(?:rains|pours|showers|storms|it's\s+(?:raining|wet)|it\s+is\s+(?:raining|wet)|gets\s+wet)\b"
    r"|\beven\s+if\s+(?:it\s+)?(?:rains|it's\s+raining|it\s+is\s+raining|pours|showers|storms"
    r"|it's\s+wet|it\s+is\s+wet)\b|\beven\s+in\s+the\s+(?:rain|wet)\b",
    re.I,
)
"""Indifference to the weather: "we don't mind the rain", "rain doesn't bother us", "happy in
the rain", "a bit of rain is fine", "rain or shine", "outdoors even if it rains". It says
nothing of when it rains and owns no time (a time after it is the day's: "rain doesn't bother
us, sat 9-3"); it reads as rain ``"any"``: outdoor stops may be planned in the rain."""
CONDITIONAL = re.compile(
    r"\b(?:in case|incase|just in case|if|should it|unless|whether or not|whether|or if|once|"
    r"when(?:ever)?)\b[^.;!?]{0,25}?\b" + RAIN + r"\b"
    r"|\b(?:wet[- ]weather|rainy[- ]day|rain|bad[- ]weather|weather)\s+(?:backup|back-up|plan\s*b"
    r"|options?|alternatives?|plans?|activities|ideas|stuff|friendly|proof|contingency)\b"
    r"|\bback-?up\s+(?:plan\s+)?(?:for|in case of|if)\b[^.;!?]{0,15}?" + RAIN + r"\b"
    r"|\bif\s+(?:it's|it\s+is|the\s+weather(?:'s|\s+is)?)\s+(?:nice|fine|good|sunny|dry)\b"
    r"|" + INDIFFERENT.pattern,
    re.I,
)
"""A condition on the weather, not the weather: "in case of rain", "if it rains", "rain or shine",
"a wet-weather backup", "if it's fine"; and indifference to it ("we don't mind the rain",
"don't care about rain", "rain doesn't bother us"), which says nothing of when it rains: the
forecast governs."""
_NEG = (
    r"(?:no|zero|nil|not\s+any|not\s+a\s+drop\s+of|without|free\s+of|no\s+sign\s+of|no\s+chance\s+of"
    r"|(?:a\s+)?(?:low|little|slight|small|slim|tiny)\s+chance\s+of|not|won't|wont|will\s+not"
    r"|isn't|isnt|shouldn't|shouldnt|aren't|never|not\s+going\s+to|not\s+gonna|don't|doesn't"
    r"|not\s+expecting|not\s+expected\s+to|not\s+meant\s+to|not\s+supposed\s+to|not\s+forecast\s+to)"
)
NEG_RAIN = re.compile(
    r"\b" + _NEG + r"(?:\s+(?:be|any|a|an|expected|supposed|meant|forecast|to|think|it'll|it|will|"
    r"likely|much|more|real|see|get))*\s+" + RAIN + r"\b",
    re.I,
)
"""Rain negated before its word: "no rain", "won't rain", "isn't supposed to rain", "a low chance
of showers", "not a drop of rain"."""
RAIN_NEG_AFTER = re.compile(
    r"\b"
    + RAIN
    + r"(?:'s|\s+is|\s+should|\s+will|\s+has)?\s+(?:(?:not|isn't|isnt)\s+(?:expected|forecast"
    r"|likely|coming|predicted)|unlikely|(?:should\s+|will\s+|to\s+)?(?:hold(?:s|ing)?\s+off|stay"
    r"(?:s|ing)?\s+away|keep(?:s|ing)?\s+away)|(?:has\s+)?(?:cleared|gone|over|passed|finished))\b",
    re.I,
)
"""Rain negated after its word: "rain isn't expected", "rain unlikely", "rain should hold off"."""
_GONE = re.compile(
    r"\b"
    + RAIN
    + r"(?:'s|\s+is|\s+has|\s+will\s+be|\s+should\s+be|\s+are|\s+have)?\s+(?:has\s+|have\s+)?"
    r"(?:cleared|gone|over|passed|finished|done)\b",
    re.I,
)
"""Rain said to be over ("rain's over by 10", "showers gone by noon"): with a time, rain until
then, never a dry day from then."""
DRY = re.compile(
    r"\b(?:dry\s+(?:day|weather|and\s+sunny)|dry|sunny|sunshine|cloudless|fine(?=\s+(?:day|weather|morning"
    r"|afternoon|arvo|all\s+day|and\s+sunny|and\s+dry|until|till|til|before|after|from|by|then|\w*$))"
    r"|clear\s+skies|clear\s+(?:day|weather|morning|afternoon"
    r"|arvo)|blue\s+skies?|no\s+clouds|(?:nice|good|beautiful|gorgeous|perfect|lovely|stunning)\s+"
    r"(?:weather|day(?=\s+(?:forecast|expected|out|for it|ahead))|forecast))\b",
    re.I,
)
_DRY_NOT = re.compile(
    r"\bdry\s+(?:clothes|towels?|bags?|off|ourselves|themselves|the\s+kids|cleaning|cleaner|suits?)\b"
    r"|\b(?:get|getting|to)\s+dry\b|\bsunny\s*(?:bank|coast|side)\b|\bsunshine\s+(?:coast|plaza|beach)\b"
    r"|\bfine\s+(?:with|if|by\s+(?:me|us)|for|to\b|too|either|dining)|\bfine\s+art"
    r"|\b(?:keep|keeps|keeping|stay|stays)\s+(?:us|them|the\s+kids|everyone|everybody|you)\s+dry\b"
    r"|\b(?:whatever's|whatever\s+is|somewhere|something|anywhere|anything|places?\s+that\s+(?:are|is))"
    r"\s+dry\b|\bdry\s+(?:place|spot|options?|activities|stuff|indoors?)\b",
    re.I,
)
"""Dry words that are no weather: "dry off", "the Sunny Coast", "fine with us", "that's fine"."""
FINE_WEATHER = re.compile(
    r"\b(?:weather|forecast|it|saturday|sunday|today|tomorrow|the\s+day|day|skies)(?:'s|'ll\s+be|\s+is|"
    r"\s+will\s+be|\s+looks|\s+should\s+be|\s+is\s+meant\s+to\s+be|\s+is\s+supposed\s+to\s+be|"
    r"\s+is\s+going\s+to\s+be|\s+is\s+forecast\s+to\s+be|\s+looking)(?:\s+\w+)?\s+(?:fine|clear|nice"
    r"|good|beautiful|gorgeous|lovely|perfect)\b"
    r"|\b(?:meant|supposed|going|forecast|expected)\s+to\s+(?:be|stay)\s+(?:fine|clear|nice|beautiful)\b"
    r"|\b(?:stay|staying|stays|keep|keeping)\s+(?:fine|clear)\b",
    re.I,
)
"""A fine day said with "fine" or "nice" about the weather: "Saturday looks fine", "meant to be
nice" (a bare "fine" is too often about the plan)."""
NOT_DRY = re.compile(
    r"\b(?:not|won't|wont|will\s+not|isn't|isnt|not\s+going\s+to|not\s+gonna|never)\s+(?:be\s+|stay\s+"
    r"|look\s+|going\s+to\s+be\s+)?(?:very\s+|that\s+|so\s+)?(?:dry|fine)\b",
    re.I,
)
"""Dry negated, which is rain: "won't be dry", "not going to stay fine"."""
SKY = re.compile(
    r"\b(?:overcast|cloudy|clouds?|grey\s+(?:day|skies|sky|morning)|gr[ae]y\s+and|windy|gusty"
    r"|(?:not|won't\s+be|isn't)\s+(?:very\s+|that\s+)?(?:sunny|clear|nice))\b",
    re.I,
)
"""Sky that says nothing about rain: "overcast", "cloudy", "windy", "not sunny": listed unread."""
TURN = re.compile(
    r"\b(?:clear(?:s|ing|ed)?(?:\s+(?:up|off|away))?|fin(?:e|es|ing)\s+up|brighten(?:s|ing)?(?:\s+up)?"
    r"|eas(?:e|es|ing)(?:\s+off)?|dr(?:y|ies|ying)\s+(?:up|out|off)|stop(?:s|ping)?(?:\s+raining)?"
    r"|pass(?:es|ing)?(?:\s+through)?|blow(?:s|ing)?\s+over|(?:be\s+|is\s+|should\s+be\s+)?(?:gone|over"
    r"|done)|finish(?:es|ing)?|mov(?:e|es|ing)\s+(?:off|on|through|away)|(?:the\s+)?sun(?:'s|\s+is|"
    r"\s+will\s+be|\s+should\s+be)?\s+(?:out|back)|sun\s+comes?\s+out|sun\s+coming\s+out|holds?\s+off)\b",
    re.I,
)
"""The weather turning fine: "clearing", "clear up", "fining up", "easing", "the sun's out"."""
WEATHER_TURN = re.compile(
    r"\b(?:clear(?:s|ing|ed)?(?:\s+up)?|fin(?:e|es|ing)\s+up|brighten(?:s|ing)?(?:\s+up)?"
    r"|(?:the\s+)?(?:sun|weather|forecast)(?:'s|\s+\w+)?|eas(?:e|es|ing)\s+off|dr(?:y|ies|ying)\s+up"
    r"|(?:should|will|might|meant to|supposed to|going to)\s+(?:clear|fine up|dry out|dry up))"
    r"(?:\s+(?:up|off|out))?\s+(?:\w+\s+)?$",
    re.I,
)
"""Weather that turns before a time ("clearing after lunch", "should clear up by 2", "fining up
from 3", "the sun's out after 11"), seen from the time backwards: the weather's time, never the
day's window."""
ENDS = re.compile(
    r"\b(?:clear(?:s|ing|ed)?(?:\s+(?:up|off|away))?|fin(?:e|es|ing)\s+up|brighten(?:s|ing|ed)?(?:\s+up)?"
    r"|eas(?:e|es|ed|ing)(?:\s+off)?|dr(?:y|ies|ying)\s+(?:up|out|off)|stop(?:s|ped|ping)?"
    r"|finish(?:es|ed|ing)?(?:\s+up)?|wrap(?:s|ped|ping)?\s+up|(?:be|is|'s|are|been)\s+(?:gone|over|done"
    r"|finished|cleared)|blow(?:s|ing|n)?\s+over|mov(?:e|es|ing)\s+(?:off|away|on)|pass(?:es|ed|ing)?"
    r"(?!\s+(?:through|over))|die(?:s|d)?\s+(?:down|off|out)|dying\s+(?:down|off|out)"
    r"|peter(?:s|ed|ing)?\s+out|tail(?:s|ed|ing)?\s+off|(?:the\s+)?sun(?:'s|\s+is|\s+will\s+be"
    r"|\s+should\s+be)?\s+(?:out|back)|sun\s+comes?\s+out|sun\s+coming\s+out)\b",
    re.I,
)
"""Words that end the rain at the time after them ("the rain's meant to clear around 1", "stop
raining around 11", "showers finishing up around noon", "rain stops at 10"): a turn at any point
word ("at", "around", "from", "after", "by"), so rain *until* then. "Passing through at 3" and
"moving in" are rain then, never its end."""
WEATHER_TURN_WORD = re.compile(
    r"\b(?:clear(?:s|ing|ed)?|fin(?:e|es|ing)\s+up|brighten\w*|dr(?:y|ies|ying)\s+(?:up|out|off)"
    r"|sun(?:'s)?|sunshine|blow(?:s|ing|n)?\s+over|weather|forecast|skies|sky)\b",
    re.I,
)
"""Turn words that are about the weather alone ("clearing by 11"); "finish up around 4", "done by
3", "stop at 12" are the party's unless the clause (or the rain clause just before) names the
weather."""
START = re.compile(
    r"\b(?:start(?:s|ing)?\s+(?:to\s+)?(?:rain|pour|storm|shower|drizzl)\w*|roll(?:s|ing)?\s+in"
    r"|com(?:e|es|ing)\s+(?:in|through|over)|mov(?:e|es|ing)\s+in|arriv(?:e|es|ing)|set(?:s|ting)?\s+in"
    r"|kick(?:s|ing)?\s+in|build(?:s|ing)?(?:\s+up)?|develop(?:s|ing)?|hit(?:s|ting)?)\b",
    re.I,
)
"""Rain that starts at a time: "start raining around noon", "storms roll in at 3"."""
_VAGUE = re.compile(
    r"\b(?:at\s+some\s+(?:point|stage)|some\s?time|on\s+and\s+off\s+later|at\s+times(?=\s+later))\b"
    r"|\b(?:until|till|til|after|before|from|by|around|about)\s+(?!the\s+(?:morning|afternoon|arvo"
    r"|evening|late|early|mid)|(?:\d|noon|midday|lunch|one|two|three|four|five|six|seven|eight|nine"
    r"|ten|eleven|twelve|half|quarter|early|late|mid|this|then|that)\b)(?:the|we|our|my|it|they)(?:\s+[\w']+){1,3}",
    re.I,
)
"""A time the clause gives but no clock reads ("until the footy finishes", "at some point"): the
rain is placed nowhere, so the mention is listed unread and asked about."""
_SPLIT = re.compile(
    r"[.!?;\n]+(?:\s|$)|,|\(|\)|(?<!\d)\s-\s(?!\d)"
    r"|\s(?:but|then|and\s+then|though|although|however|while|whereas|so|because|cos|coz|except)\s",
    re.I,
)
_HARD = re.compile(r"[.!?;\n]")
_AND = re.compile(r"\s(?:and|&|with|plus)\s", re.I)
_THEN = re.compile(r"\b(?:then|and\s+then|later|after\s+that)\s*$", re.I)
_BLOCK_NEAR = None  # filled lazily from times.BLOCK_RE (times imports nothing of ours at load)
_NOT_WEATHER_TIME = re.compile(
    r"\b(?:home|back|leave|leaving|(?<!dry\s)(?<!drying\s)(?<!dries\s)(?<!'s\s)(?<!is\s)out|head\s+off"
    r"|free|open|opens|close|closes|booked|need\s+to\s+be|have\s+to\s+be)\b(?:\s+\w+){0,2}\s*$",
    re.I,
)
"""Words before a time that make it the party's, not the weather's ("home by 3")."""

_WORD_HOURS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_WORD_HOUR_RE = re.compile(
    r"(?<![\w'])(?:until|till|til|by|after|from|before|around|about|at|between|and|to|since)\s"
    r"(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!\s+(?:kids?|children"
    r"|adults?|of|hours?|hrs?|min|minutes|people|more))"
    r"|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?=\s*(?:-|to|till|until)\s*"
    r"(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)",
    re.I,
)
_APPROX = re.compile(
    r"\b(?:about|around|approx\.?|approximately|roughly|circa|somewhere\s+around|round\s+about"
    r"|or\s+so)\s|(?<=\d)\s?-?ish\b|(?<=[a-z])-?ish\b(?<!\bfinish)(?<!\bdish)(?<!\bwish)",
    re.I,
)
"""Approximate times read as the hour said: "about 1", "around noon", "1ish", "two-ish"."""

_PERIODS = {
    "morning": (360, 720),
    "afternoon": (720, 1020),
    "arvo": (720, 1020),
    "avo": (720, 1020),
    "evening": (1020, 1260),
    "tonight": (1020, 1260),
    "night": (1020, 1260),
    "overnight": (0, 360),
    "lunchtime": (720, 840),
    "lunch": (720, 840),
}
PERIOD = r"(?:morning|afternoon|arvo|evening|avo)"
_PERIOD_RE = re.compile(
    r"\b(?:(late|early|mid)[\s-]?)?(morning|afternoon|arvo|avo|evening|tonight|overnight)\b"
    r"|\b(?:at|over|around|about|during|through|across)\s+(?:the\s+)?(lunch(?:\s?time)?)\b"
    r"|\b(lunchtime)\s+(?=" + RAIN + r")",
    re.I,
)
_BARE = re.compile(
    r"\b(all[\s-]day|all\s+(?:morning|afternoon|arvo|evening)|the\s+whole\s+day|whole\s+day"
    r"|throughout(?:\s+the\s+day)?|on\s+and\s+off|off\s+and\s+on|most\s+of\s+the\s+day|all\s+weekend"
    r"|first\s+thing|later(?:\s+on|\s+today|\s+in\s+the\s+day)?|early(?:\s+on)?|late(?:\s+on)?)\b",
    re.I,
)
_POINT_WORDS = r"(?:until|till|til|up\s+to|up\s+until|before|by|after|from|since|at|around|past)"


@dataclass
class Mention:
    """One weather mention of a text: its span in ``normalise(text)`` (``start``, ``end``) and what
    code read in it.

    ``kind``: ``"rain"`` (``values`` the rain windows ``{"start", "end"}``, local ``HH:MM``, or
    ``"all_day"``), ``"dry"`` (``values == ["none"]``: no rain all day), ``"any"`` (rain does
    not matter: ``values == ["any"]``, from ``INDIFFERENT``), ``"scoped"`` (dry for
    ``scope`` minutes only: no reading, the forecast decides), ``"condition"`` ("in case of
    rain"), ``"sky"`` (cloud or wind: says nothing about rain), ``"unplaced"`` (rain, but when is
    said in words no clock reads: listed unread and asked). ``times``: the spans of its times
    (the weather's, never the day's window). ``found``: what code found, in words."""

    start: int
    end: int
    kind: str
    values: list = field(default_factory=list)
    scope: tuple[int, int] | None = None
    times: list[tuple[int, int]] = field(default_factory=list)
    found: str = ""
    turn_at: int | None = None
    """Minutes at which this clause says the weather turns (a later "then" clause starts there)."""
    own_time: bool = False

    @property
    def read(self) -> bool:
        """Whether the mention ends as a rain reading (``values`` set)."""
        return self.kind in ("rain", "dry", "any") and bool(self.values)


def _prep(clause: str) -> str:
    """``clause`` with number words after a time word made digits and approximations blanked,
    same length (offsets hold): "until about two-ish" reads as "until       2     "."""

    def word(m: re.Match) -> str:
        g = 1 if m.group(1) else 2
        w = m.group(g)
        digits = str(_WORD_HOURS[w.lower()])
        head = m.group(0)[: m.start(g) - m.start()]
        return head + digits + " " * (len(w) - len(digits))

    def approx(m: re.Match) -> str:
        said = m.group(0)
        if re.search(r"\b" + _POINT_WORDS + r"\s+$", out[: m.start()]) or not said[0].isalpha():
            return " " * len(said)  # "until about 1", "1ish": the hour said
        if said.lower().startswith("or"):
            return " " * len(said)
        return "at" + " " * (len(said) - 2)  # "around noon": at noon

    out = _WORD_HOUR_RE.sub(word, clause)
    return _APPROX.sub(approx, out)


def _hhmm_window(s: int, e: int) -> dict | None:
    e = min(e, END_OF_DAY)
    return {"start": clock.hhmm(s), "end": clock.hhmm(e)} if 0 <= s < e else None


def _period_span(how: str, word: str) -> tuple[int, int]:
    s, e = _PERIODS[word.lower().replace(" ", "")]
    how = (how or "").lower()
    if how == "late":
        return (s + e) // 2, min(e + 60, END_OF_DAY)
    if how == "early":
        return s, (s + e) // 2
    if how == "mid":
        q = (e - s) // 4
        return s + q, e - q
    return s, e


def _block_re():
    global _BLOCK_NEAR
    if _BLOCK_NEAR is None:
        from dayplan.reading import times

        _BLOCK_NEAR = times.BLOCK_RE
    return _BLOCK_NEAR


@dataclass
class _Times:
    ranges: list[tuple[int, int, int, int]] = field(default_factory=list)
    ends: list[tuple[int, int, int]] = field(default_factory=list)  # "until X": (a, b, minutes)
    starts: list[tuple[int, int, int]] = field(default_factory=list)  # "after X"
    turns: list[tuple[int, int, int]] = field(default_factory=list)  # "clearing by X"
    periods: list[tuple[int, int, int, int]] = field(default_factory=list)
    bare: list[tuple[int, int, str]] = field(default_factory=list)
    vague: list[tuple[int, int]] = field(default_factory=list)
    joined: bool = False  # periods joined by "to": "late morning to mid-afternoon"

    def spans(self) -> list[tuple[int, int]]:
        out = [(a, b) for a, b, *_ in self.ranges + self.periods]
        out += [(a, b) for a, b, _ in self.ends + self.starts + self.turns + self.bare]
        return out + self.vague

    def any(self) -> bool:
        return bool(self.spans())


def _clause_times(clause: str, weather_at: int) -> _Times:
    """The weather's times in ``clause`` (``weather_at``: where its weather word is): ranges,
    points by their word, periods, and the bare words of a part of the day; times of an
    appointment or of the party ("football 8-9am", "home by 3") are left out."""
    t = _Times()
    prepped = _prep(clause)
    block = _block_re()
    taken: list[tuple[int, int]] = []

    def theirs(a: int) -> bool:
        """Whether the time at ``a`` belongs to an appointment or the party, not the weather."""
        lo = min(a, weather_at)
        between = clause[lo:a] if weather_at < a else clause[max(0, a - 30) : a]
        return bool(block.search(between) or _NOT_WEATHER_TIME.search(clause[max(0, a - 30) : a]))

    for a, b, s, e in clock.word_ranges(clock.mask_dates(clause), clause):  # "ten till two"
        if not any(x < b and a < y for x, y in taken) and not theirs(a):
            t.ranges.append((a, b, s, e))
            taken.append((a, b))
    masked = clock.mask_dates(prepped)
    for rx in clock.RANGE_RES:
        for m in rx.finditer(masked):
            if any(x < m.end() and m.start() < y for x, y in taken) or theirs(m.start()):
                continue
            after = clause[m.end() : m.end() + 25]
            if block.match(after.lstrip(" ,:(")):
                continue  # "8-9am football": the appointment's
            rng = clock.read_range(m, clause)
            if rng:
                t.ranges.append((m.start(), m.end(), *rng))
                taken.append(m.span())
    attached = re.search(r"(" + clock.TOKEN + r")\s+(?=" + RAIN + r"\b)", masked, re.I)
    if attached and not t.ranges:  # "before the 3pm storm": the storm's own time says when
        c = clock.token(attached, 1)
        if c is not None:
            t.starts.append((attached.start(), attached.end(), clock.resolve(c, "start", clause)))
            return t
    for m in _PERIOD_RE.finditer(clause):
        if any(x < m.end() and m.start() < y for x, y in taken):
            continue
        if m.group(2):
            s, e = _period_span(m.group(1), m.group(2))
        else:
            s, e = _PERIODS["lunchtime"]
        head = re.search(
            r"\b(until|till|til|before|up\s+to|up\s+until|by)\s+(?:about\s+|around\s+)?(?:the\s+)?$",
            clause[max(0, m.start() - 20) : m.start()],
            re.I,
        )
        if (
            head and m.group(2) and not t.periods
        ):  # "until the arvo", "clearing by mid-morning": a time, not a span
            at = (s + e) // 2 if (m.group(1) or "").lower() == "mid" else s
            a = m.start() - len(head.group(0))
            turn = head.group(1).lower() == "by" and TURN.search(clause[max(0, a - 40) : a])
            if head.group(1).lower() == "by" and not turn:
                t.starts.append((a, m.end(), s))  # "storms by the afternoon"
            else:
                (t.turns if turn else t.ends).append((a, m.end(), at))
            taken.append((a, m.end()))
            continue
        since = re.search(
            r"\b(?:from|starting|start(?:s|ing)?\s+(?:in|around|about)|beginning|since|coming\s+in"
            r"|moving\s+in|setting\s+in|rolling\s+in)\s+(?:about\s+|around\s+)?(?:the\s+)?$",
            clause[max(0, m.start() - 24) : m.start()],
            re.I,
        )
        if (
            since
            and m.group(2)
            and not t.periods
            and not re.match(r"\s*(?:to|till|til|until|-|through|into)\b", clause[m.end() :], re.I)
        ):  # "rain from mid-morning", "storms from early afternoon": from then on, not the span
            at = (s + e) // 2 if (m.group(1) or "").lower() == "mid" else s
            a = m.start() - len(since.group(0))
            t.starts.append((a, m.end(), at))
            taken.append((a, m.end()))
            continue
        if m.group(3) and ENDS.search(clause[max(0, m.start() - 40) : m.start()]):
            t.turns.append((m.start(), m.end(), s))  # "clearing around lunch": until 12:00
            taken.append(m.span())
            continue
        t.periods.append((m.start(), m.end(), s, e))
        taken.append(m.span())
    points = re.compile(
        r"\b(" + _POINT_WORDS + r")\s+(?:the\s+)?(" + clock.TOKEN + r")"
        r"|(" + clock.TOKEN + r")\s*(?:on|onwards|and\s+after|or\s+later|and\s+later)\b"
        r"|(" + clock.TOKEN + r")\s+(?=" + RAIN + r")"
        r"|\b" + RAIN + r"\s+(" + clock.TOKEN + r")",
        re.I,
    )
    for m in points.finditer(masked):
        if any(x < m.end() and m.start() < y for x, y in taken) or theirs(m.start()):
            continue
        if m.group(1):
            word, tok_at = m.group(1).lower(), 2
        elif m.group(7):
            word, tok_at = "from", 7
        elif m.group(12):
            word, tok_at = "at", 12
        else:
            word, tok_at = "at", 17
        c = clock.token(m, tok_at)
        if c is None:
            continue
        if c.text.lower().startswith("lunch") and word in ("at", "around"):
            s, e = _PERIODS["lunchtime"]
            if ENDS.search(clause[max(0, m.start() - 40) : m.start()]):
                t.turns.append((m.start(), m.end(), s))  # "clearing around lunch": until 12:00
                taken.append(m.span())
                continue
            t.periods.append((m.start(), m.end(), s, e))
            taken.append(m.span())
            continue
        role = (
            "end"
            if word in ("until", "till", "til", "before") or word.startswith("up")
            else "start"
        )
        minutes = clock.resolve(c, "start", clause)
        if c.text.lower() in ("lunch", "lunchtime") and word == "after":
            minutes = 13 * 60
        before = clause[max(0, m.start() - 40) : m.start()]
        if (word == "by" and TURN.search(before)) or (
            word in ("at", "around", "from", "after", "past", "since") and ENDS.search(before)
        ):  # "clearing by 11", "rain stops at 10", "meant to clear around 1": rain until then
            t.turns.append((m.start(), m.end(), minutes))
        elif role == "end":
            t.ends.append((m.start(), m.end(), minutes))
        else:
            t.starts.append((m.start(), m.end(), minutes))
        taken.append(m.span())
    for m in clock.WORD_CLOCK_RE.finditer(clause):  # "until half past one", "after half two"
        if any(x < m.end() and m.start() < y for x, y in taken):
            continue
        head = re.search(
            r"\b(" + _POINT_WORDS + r")\s+$", clause[max(0, m.start() - 12) : m.start()]
        )
        c = clock.word_clock(m)
        if not head or c is None or theirs(m.start()):
            continue
        word = head.group(1).lower()
        minutes = clock.resolve(c, "start", clause)
        a = m.start() - len(head.group(0))
        target = t.ends if word in ("until", "till", "til", "before") else t.starts
        before = clause[max(0, a - 40) : a]
        if (word == "by" and TURN.search(before)) or (target is t.starts and ENDS.search(before)):
            target = t.turns
        target.append((a, m.end(), minutes))
        taken.append((a, m.end()))
    for m in _BARE.finditer(clause):
        if any(x < m.end() and m.start() < y for x, y in taken):
            continue
        t.bare.append((m.start(), m.end(), m.group(1).lower()))
        taken.append(m.span())
    ps = sorted(t.periods)
    t.joined = len(ps) > 1 and all(
        re.fullmatch(
            r"\s*(?:to|till|til|until|through|through\s+to|into|-)\s*(?:the\s+)?",
            clause[x[1] : y[0]],
        )
        or re.fullmatch(
            r"\s*(?:to|till|til|until|through|into|-)\s*(?:the\s+)?(?:late|early|mid)[\s-]?",
            clause[x[1] : y[0]],
        )
        for x, y in zip(ps, ps[1:], strict=False)
    )
    if not t.ranges and not t.ends and not t.starts and not t.turns and not t.periods:
        for m in _VAGUE.finditer(clause):
            if not theirs(m.start()):
                t.vague.append(m.span())
    return t


@dataclass
class _Clause:
    start: int
    end: int
    text: str
    hard: bool  # a sentence end before it
    then: bool  # opens with "then" (or follows one)


def _clauses(norm: str) -> list[_Clause]:
    out: list[_Clause] = []
    at, hard, then = 0, True, False
    for m in _SPLIT.finditer(norm):
        if m.start() > at:
            out.append(_Clause(at, m.start(), norm[at : m.start()], hard, then))
        hard = bool(_HARD.search(m.group(0)))
        then = bool(re.search(r"\bthen\b", m.group(0)))
        at = m.end()
    if at < len(norm):
        out.append(_Clause(at, len(norm), norm[at:], hard, then))
    return out


@per_run
def _polarity(text: str) -> str | None:
    """What a clause says of the weather: ``rain``, ``dry``, ``turn``, ``condition``, ``sky`` or
    ``None`` (nothing)."""
    clean = _NOT_WEATHER.sub(lambda m: " " * len(m.group(0)), text)
    if CONDITIONAL.search(clean):
        return "condition"
    if NEG_RAIN.search(clean) or RAIN_NEG_AFTER.search(clean):
        return "dry"
    if NOT_DRY.search(clean):
        return "rain"
    rain = RAIN_WORD.search(clean)
    if rain and not _only_wet_in_passing(clean):
        return "rain"
    dry_text = _DRY_NOT.sub(lambda m: " " * len(m.group(0)), clean)
    timed = re.search(r"\b(?:by|after|from|around|at|until|till)\b", dry_text)
    if (
        TURN.search(dry_text)
        and timed
        and (not DRY.search(dry_text) or re.search(r"\b(?:by|after|from)\b", dry_text))
    ):
        return "turn"
    if SKY.search(dry_text) and not DRY.search(SKY.sub(" ", dry_text)):
        return "sky"
    if DRY.search(dry_text) or FINE_WEATHER.search(dry_text):
        return "dry"
    if TURN.search(dry_text) and re.search(r"\b(?:clear|fin|brighten|eas|sun)", dry_text):
        return "turn"
    return None


def _weather_said(text: str) -> bool:
    """Whether ``text`` names the weather: a rain word, a dry word, or a turn of the weather
    alone ("clearing", "fining up", "the sun's out"), not a bare "finish" or "done"."""
    clean = _NOT_WEATHER.sub(lambda m: " " * len(m.group(0)), text)
    dry_text = _DRY_NOT.sub(lambda m: " " * len(m.group(0)), clean)
    return bool(
        RAIN_WORD.search(clean)
        or DRY.search(dry_text)
        or FINE_WEATHER.search(dry_text)
        or WEATHER_TURN_WORD.search(dry_text)
    )


def says_weather(quote: str) -> bool:
    """Whether ``quote`` names the weather at all (a rain, dry or weather-turn word): a rain
    reading's quote must ("finish up around 4" says nothing about rain)."""
    return _weather_said(quote) and _polarity(quote) not in (None, "sky")


def _only_wet_in_passing(text: str) -> bool:
    """Whether the only rain word is "wet" and not about the day ("wet" needs a day word, a
    verb of weather or a time: "a wet morning", "it's wet", "wet till 11")."""
    words = [m.group(0).lower() for m in RAIN_WORD.finditer(text)]
    if any(w != "wet" for w in words):
        return False
    return not re.search(
        r"\b(?:a|it's|it\s+is|it'll\s+be|be|looks|looking|bit|very|so|pretty|really|quite|been|too)\s+wet\b"
        r"|\bwet\s+(?:day|morning|afternoon|arvo|avo|evening|weekend|saturday|sunday|one|start|weather"
        r"|forecast|until|till|til|through|in|all|from|after|before|by|later|early|late|then|and)\b"
        r"|\bwet\s*$",
        text,
        re.I,
    )


def _anchor(text: str, kind: str) -> tuple[int, int] | None:
    """The span of the weather words of a clause of ``kind`` (negation included)."""
    clean = _NOT_WEATHER.sub(lambda m: " " * len(m.group(0)), text)
    rxs = {
        "rain": (NOT_DRY, RAIN_WORD),
        "dry": (NEG_RAIN, RAIN_NEG_AFTER, FINE_WEATHER, DRY),
        "turn": (TURN,),
        "condition": (CONDITIONAL,),
        "sky": (SKY,),
    }[kind]
    spans = []
    for rx in rxs:
        spans += [m.span() for m in rx.finditer(clean)]
        if spans and kind != "rain":
            break
    if not spans:
        return None
    lo, hi = min(a for a, _ in spans), max(b for _, b in spans)
    if kind == "rain":  # "it should stop raining around 11": the word that ends it is said too
        ends = [m for m in ENDS.finditer(clean[:lo]) if not clean[m.end() : lo].strip()]
        lo = ends[-1].start() if ends else lo
    day = re.match(
        r"\s+(?:day|saturday|sunday|weekend|one|weather|forecast|start|and\s+sunny|and\s+dry"
        r"|expected|forecast|likely|predicted|about|around)\b",
        text[hi:],
        re.I,
    )
    if day and kind in ("rain", "dry"):
        hi += day.end()  # "Rainy Saturday", "a dry day"
    while True:  # "it's", "the forecast is", "should stay": the words that say it
        lead = re.search(
            r"(?:\b(?:a|another|it|it's|it'll|it\s+will|there's|there|the|forecast(?:'s|\s+is)?"
            r"|weather(?:'s|\s+is)?|should|will|stay|staying|to|meant|supposed|going|looks|be|is)\s+)$",
            text[:lo],
            re.I,
        )
        if not lead or kind not in ("rain", "dry"):
            break
        lo = lead.start()
    return lo, hi


def _values_rain(t: _Times) -> tuple[list, int | None]:
    """The rain windows a rain clause's times give, and where the rain turns (its last end)."""
    out: list = []
    for _, _, s, e in sorted(t.ranges):
        out.append(_hhmm_window(s, e))
    periods = sorted(t.periods)
    if periods and not t.ranges:
        # "late morning to mid-afternoon": one window from the first period to the last
        s, e = periods[0][2], max(periods[-1][3], periods[0][3])
        if len(periods) > 1 and not t.joined:
            out += [_hhmm_window(p[2], p[3]) for p in periods]
        else:
            end = min([m for *_, m in t.ends + t.turns] or [e])
            start = max([m for *_, m in t.starts if m < end] or [s])
            out.append(_hhmm_window(start, end if end > start else e))
    elif not t.ranges:
        ends = [m for *_, m in t.ends + t.turns]
        starts = [m for *_, m in t.starts]
        bare = [w for *_, w in t.bare]
        if starts and ends and min(ends) > max(starts):
            out.append(_hhmm_window(max(starts), min(ends)))
        elif ends:
            early = 360 if any(w.startswith("early") for w in bare) else 0
            out.append(_hhmm_window(early if early < min(ends) else 0, min(ends)))
        elif starts:
            out.append(_hhmm_window(min(starts), END_OF_DAY))
        elif bare:
            w = bare[0]
            if w.startswith("early") or w.startswith("first"):
                out.append(_hhmm_window(360, 600))
            elif w.startswith("later"):
                out.append(_hhmm_window(720, END_OF_DAY))
            elif w.startswith("late"):
                out.append(_hhmm_window(900, END_OF_DAY))
            elif w.startswith("all ") and w.split()[1] in _PERIODS:
                out.append(_hhmm_window(*_PERIODS[w.split()[1]]))
            else:
                out.append("all_day")
        else:
            out.append("all_day")
    out = [v for v in out if v]
    turn = None
    windows = [v for v in out if isinstance(v, dict)]
    if windows and windows[-1]["end"] != "23:59":
        turn = clock_minutes(windows[-1]["end"])
    return out, turn


def clock_minutes(hhmm: str) -> int:
    """Minutes after midnight of ``HH:MM``."""
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def _read_clause(c: _Clause, kind: str) -> Mention | None:
    anchor = _anchor(c.text, kind)
    if anchor is None:
        return None
    t = _clause_times(c.text, anchor[0])
    spans = [anchor] + t.spans()
    lo, hi = min(a for a, _ in spans), max(b for _, b in spans)
    while hi > lo and c.text[hi - 1] == " ":
        hi -= 1
    tail = re.match(r"\s*-?ish\b|\s+or\s+so\b", c.text[hi:], re.I)  # "around 3ish": the whole
    hi += tail.end() if tail else 0
    m = Mention(
        c.start + lo, c.start + hi, kind, times=[(c.start + a, c.start + b) for a, b in t.spans()]
    )
    m.own_time = bool(t.ranges or t.ends or t.starts or t.turns or t.periods) or any(
        not w.startswith(("all", "the whole", "whole", "on and", "off and", "throughout", "most"))
        for *_, w in t.bare
    )
    if kind == "rain":
        if t.vague and not m.own_time:
            m.kind, m.found = "unplaced", "rain, at a time no clock reads"
            return m
        m.values, m.turn_at = _values_rain(t)
        m.found = _words(m.values)
        if not m.values:
            m.kind, m.found = "unplaced", "rain, at a time no clock reads"
    elif kind == "dry":
        ends = [x for *_, x in t.ends]
        starts = [x for *_, x in t.starts + t.turns]
        if ends:  # "won't rain until 2": rain from then
            m.values, m.turn_at = [_hhmm_window(min(ends), END_OF_DAY)], min(ends)
        elif starts and _GONE.search(c.text):  # "rain's over by 10": rain until then
            m.kind, m.values, m.turn_at = "rain", [_hhmm_window(0, min(starts))], min(starts)
        elif starts and (NEG_RAIN.search(c.text) or RAIN_NEG_AFTER.search(c.text)):
            # "no rain after 2", "a slight chance of a shower around 2": nothing said of the rest
            m.kind, m.scope = "scoped", (min(starts), END_OF_DAY)
            m.found = f"no rain for {clock.hhmm(min(starts))}-23:59 only"
        elif starts:  # "fine after 11", "sunny by 10": the weather turns then, so rain until then
            m.values, m.turn_at = [_hhmm_window(0, min(starts))], min(starts)
        elif (
            t.periods
            or t.ranges
            or any(w.startswith(("early", "late", "first")) for *_, w in t.bare)
        ):
            if t.ranges:
                s, e = t.ranges[0][2], t.ranges[0][3]
            elif t.periods:
                s, e = t.periods[0][2], t.periods[-1][3]
            else:
                s, e = (
                    (360, 600) if t.bare[0][2].startswith(("early", "first")) else (900, END_OF_DAY)
                )
            m.kind, m.scope = "scoped", (s, e)
            m.found = f"no rain for {clock.hhmm(s)}-{clock.hhmm(e)} only"
        else:
            m.values = ["none"]
            m.found = "no rain"
        m.values = [v for v in m.values if v]
        m.found = m.found or _words(m.values)
        if kind == "dry" and m.kind == "dry" and not m.values:
            m.kind, m.found = "unplaced", "dry weather, at a time no clock reads"
    elif kind == "turn":
        at = [x for *_, x in t.turns + t.starts + t.ends]
        if not at:
            return None
        m.kind, m.values, m.turn_at = "rain", [_hhmm_window(0, min(at))], min(at)
        m.values = [v for v in m.values if v]
        m.found = _words(m.values)
    elif kind == "sky":
        m.found = "cloud or wind, which says nothing about rain"
    return m


def _words(values: list) -> str:
    said = []
    for v in values:
        if v == "all_day":
            said.append("rain all day")
        elif v == "none":
            said.append("no rain")
        elif isinstance(v, dict):
            said.append(f"rain from {v['start']} to {v['end']}")
    return ", ".join(said)


def _split_and(c: _Clause) -> list[_Clause]:
    """``c`` cut at "and" where the two sides say opposite weather ("dry morning and storms in
    the arvo"); "rain and storms in the afternoon" and "showers 10-11 and 2-3" stay whole."""
    for m in _AND.finditer(c.text):
        if re.search(r"\b(?:on|off)\s*$", c.text[: m.start()]):
            continue  # "on and off"
        left, right = c.text[: m.start()], c.text[m.end() :]
        pl, pr = _polarity(left), _polarity(right)
        if pl and pr and pl != pr and {pl, pr} <= {"rain", "dry", "turn"}:
            return [
                _Clause(c.start, c.start + m.start(), left, c.hard, c.then),
                *_split_and(_Clause(c.start + m.end(), c.end, right, False, False)),
            ]
    return [c]


def mentions(text: str) -> tuple[Mention, ...]:
    """Every weather mention of ``text`` (normalised here; spans are offsets into
    ``normalise(text)``), in order, read by the module's rules. Do not change them (the run's
    memo shares them: the text and its normalised form share one reading)."""
    from dayplan.reading.text import normalise

    return _mentions_of(normalise(text))


@per_run
def _mentions_of(norm: str) -> tuple[Mention, ...]:
    return tuple(_mentions(norm))


def _mentions(norm: str) -> list[Mention]:
    """The mentions of ``norm`` (a text already normalised, ``text.normalise``)."""
    out: list[Mention] = []
    prev: Mention | None = None
    conditions = [m.span() for m in CONDITIONAL.finditer(norm)]  # "rain, hail or shine"
    before: _Clause | None = None
    for c0 in _clauses(norm):
        last, before = before, c0
        for c in _split_and(c0):
            kind = _polarity(c.text)
            if kind in ("rain", "dry") and any(
                a <= c.start + (_anchor(c.text, kind) or (0, 0))[0] < b for a, b in conditions
            ):
                kind = "condition"
            if kind is None:
                if prev is not None and c.hard:
                    prev = None
                # a bare range after a rain clause continues its list: "showers 10-11, 2-3"
                rng = r"(?:from\s+|between\s+)?[\d:.apm\s]+(?:-|to|till|until|and)[\d:.apm\s]+"
                if (
                    prev is not None
                    and prev.kind == "rain"
                    and (not prev.own_time or _clause_times(norm[prev.start : prev.end], 0).ranges)
                    and not _OTHER_WORDS.search(
                        _DAY_WORDS_RE.sub(" ", norm[prev.end : c.start])
                    )  # "a rainy sat
                    # for 2 adults in Carindale, 9-3": other words between, so the day's range
                    and re.fullmatch(
                        r"\s*(?:(?:and|&)\s+)?(?:again\s+)?"
                        + rng
                        + r"(?:\s*(?:,|and|&)\s*"
                        + rng
                        + r")*\s*",
                        c.text,
                    )
                ):
                    t = _clause_times(c.text, 0)
                    vals, _ = _values_rain(t)
                    if t.ranges and vals:
                        if not prev.own_time:  # "two showers forecast, 10-11 and 2-3"
                            prev.values = [v for v in prev.values if v != "all_day"]
                            prev.own_time = True
                        prev.values += vals
                        prev.end = c.start + max(b for _, b in t.spans())
                        prev.times += [(c.start + a, c.start + b) for a, b in t.spans()]
                elif prev is not None and re.search(r"[a-z]{2,}", c.text):
                    prev = None  # a clause of other words ends the list: "rain 11-3, Bulimba,
                    # 2 adults, 8am-11am" - the 8am-11am is the day's, never more rain
                continue
            if (
                kind == "turn"
                and not _weather_said(c.text)
                and (prev is None or prev.kind != "rain" or c.hard)
            ):
                continue  # "finish up around 4", "start at 1 and finish at 11": the party's
            m = _read_clause(c, kind)
            if m is None:
                continue
            if kind == "rain" and not m.own_time and last is not None:
                m = _reason_for_outdoors(m, c, last, norm)  # "outdoor stuff 11-3 (rain)"
            if kind == "condition":
                m = _indifference_owns_no_time(m, c)
                m = _indifference_reads_any(m, c)
            if prev is not None and not c.hard:
                if kind == "turn" and prev.kind == "rain" and m.turn_at is not None:
                    # "showers, clearing by 11" / "rain in the morning but clearing after lunch"
                    windows = [v for v in prev.values if isinstance(v, dict)]
                    start = clock_minutes(windows[-1]["start"]) if windows else 0
                    new = _hhmm_window(start if start < m.turn_at else 0, m.turn_at)
                    kept = [v for v in prev.values if v != "all_day" and v not in windows[-1:]]
                    prev.values = [v for v in [*kept, new] if v]
                    prev.end, prev.turn_at = m.end, m.turn_at
                    prev.times += m.times
                    prev.found = _words(prev.values)
                    continue
                if c.then and not m.own_time and prev.turn_at is not None:
                    if kind == "rain":  # "dry until lunch then showers": from the turn
                        prev.end = m.end
                        continue
                    if kind == "dry":  # "a wet morning then fine": the same reading
                        prev.end = m.end
                        continue
                if (
                    kind == "dry"
                    and prev.kind == "rain"
                    and prev.turn_at is not None
                    and not m.own_time
                    and m.values == ["none"]
                ):  # "rain stops at 10, dry after that": the dry part is after the turn
                    prev.end = m.end
                    continue
                if c.then and not m.own_time and kind == "dry" and prev.kind == "rain":
                    prev.end = m.end  # "wet morning then fine"
                    continue
            if (
                kind == "rain"
                and prev is not None
                and not c.hard
                and prev.kind == "dry"
                and prev.values == ["none"]
                and m.own_time
                and prev in out
                and all(v != "all_day" for v in m.values)
            ):  # "won't rain, but showers after 3": dry until the rain it names, one reading
                out.remove(prev)
                m.start = prev.start
            out.append(m)
            prev = m if m.kind in ("rain", "dry") else prev
    return out


_BARE_REASON = re.compile(
    r"\s*(?:of\s+|the\s+|a\s+)*(?:forecast\s+|expected\s+)?" + RAIN + r"(?:\s+(?:forecast|expected"
    r"|predicted|due|likely|then|coming))?\s*",
    re.I,
)
_REASON_GAP = re.compile(r"\s*\(\s*|\s+(?:because|cos|coz)\s+", re.I)
_OUTDOOR = re.compile(r"\b(?:outdoor|outdoors|outside)\b", re.I)


def _reason_for_outdoors(m: Mention, c: _Clause, last: _Clause, norm: str) -> Mention:
    """A bare rain word given as the reason right after a time range for being indoors ("avoid
    outdoor stuff between 11 and 3 (rain)", "nothing outside 11-3 because of rain"): the rain
    is that range, quoted with it; any other bare rain word stays as it was (all day)."""
    if not (
        _BARE_REASON.fullmatch(c.text)
        and _REASON_GAP.fullmatch(norm[last.end : c.start])
        and _OUTDOOR.search(last.text)
    ):
        return m
    t = _clause_times(last.text, 0)
    windows = [w for *_, s, e in t.ranges if (w := _hhmm_window(s, e))]
    if not windows:
        return m
    out = _OUTDOOR.search(last.text)
    m.start = last.start + min(out.start(), *(a for a, *_ in t.ranges))
    m.end = c.end + (1 if norm[c.end : c.end + 1] == ")" else 0)
    m.values, m.own_time, m.found = windows, True, _words(windows)
    m.times = [(last.start + a, last.start + b) for a, b, *_ in t.ranges] + m.times
    return m


_DAY_WORDS_RE = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|sat|sun|today|tomorrow|forecast|expected"
    r"|predicted|likely|again|also|too|on|the|\d{1,2}(?:st|nd|rd|th))\b"
)
_OTHER_WORDS = re.compile(r"[a-z]{3,}")
"""Between a rain mention and a bare range: only day words ("Two showers forecast Saturday,
10-11 and 2-3") keep the range the rain's; other words ("a rainy sat for 2 adults in Carindale,
9-3") make it the day's."""


def _indifference_owns_no_time(m: Mention, c) -> Mention:
    """An indifference mention ("rain doesn't bother us sat 9-3") ends with its own words: the
    times after them are the day's, never the weather's."""
    ind = INDIFFERENT.search(c.text)
    if ind is None or CONDITIONAL.search(c.text[: ind.start()]):
        return m
    cut_at = c.start + ind.end()
    if any(b > cut_at for _, b in m.times):
        m.times = [(a, b) for a, b in m.times if b <= cut_at]
        m.end = min(m.end, cut_at)
        m.own_time = bool(m.times)
    return m


def _indifference_reads_any(m: Mention, c) -> Mention:
    """Indifference to the rain ("don't care about rain", "rain or shine", "outdoors even if it
    rains") reads as rain ``"any"``, quoted from its own words: outdoor stops may be planned in
    the rain. A condition before it ("if it rains we don't mind") keeps it a condition."""
    ind = INDIFFERENT.search(c.text)
    if ind is None or CONDITIONAL.search(c.text[: ind.start()]):
        return m
    m.kind, m.values, m.found = "any", ["any"], "rain does not matter"
    m.start, m.end = c.start + ind.start(), c.start + ind.end()
    return m


def rain_values(quote: str, context: str = "") -> tuple[list, Mention | None]:
    """What ``quote`` says about rain where it stands in ``context`` (the request text; default
    the quote alone): the values of the mentions it covers whole (``"none"``, ``"all_day"``,
    windows), and the mention it cuts through, if any (then the values are the quote's alone)."""
    from dayplan.reading.text import normalise

    norm, needle = normalise(context or quote), normalise(quote).strip(" .,;:!?")
    at = norm.find(needle) if needle else -1
    if at < 0:
        return [v for m in mentions(needle) if m.read for v in m.values], None
    a, b = at, at + len(needle)
    values: list = []
    cut_through = None
    for m in mentions(norm):
        if a <= m.start and m.end <= b:
            values += m.values if m.read else []
        elif m.start < b and a < m.end:
            cut_through = m
    if cut_through is not None and not values:
        # a quote cut from a longer mention says what that mention says ("showers" of "showers
        # clearing by 11" is not rain all day), or nothing when the mention reads nothing
        values = list(cut_through.values) if cut_through.read else []
    return values, cut_through


def read_rain(phrase: str, sentence: str = "") -> str | dict | None:
    """What ``phrase`` (in ``sentence``) says about rain: ``"none"``, ``"all_day"``, a window
    ``{"start", "end"}`` (local ``HH:MM``) or ``None`` (nothing, only a condition, or dry weather
    scoped to part of the day); the first when it says several."""
    values, _ = rain_values(phrase, sentence)
    return values[0] if values else None


def scoped_phrases(text: str) -> list[tuple[int, int, str, int, int]]:
    """``(start, end, "period", from, to)`` for each dry mention of ``text`` scoped to part of the
    day ("a dry morning"): no reading, the forecast decides (spans into ``normalise(text)``)."""
    return list(_scoped_phrases(text))


@per_run
def _scoped_phrases(text: str) -> tuple[tuple[int, int, str, int, int], ...]:
    return tuple(
        (m.start, m.end, "period", *m.scope)
        for m in mentions(text)
        if m.kind == "scoped" and m.scope
    )


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
