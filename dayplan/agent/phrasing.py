"""Reading common phrasings of a request's free text into hints, for the offline model.

This is the offline stand-in's "understanding": a handful of regular expressions, not an LLM.
Structured request fields always win over what is read here; the checker states every hint it
used as an assumption.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dayplan.core.dates import WEEKDAYS
from dayplan.tools.state import text_location

PREFERENCE_WORDS = {
    "museum": "museums",
    "museums": "museums",
    "art": "art galleries",
    "gallery": "art galleries",
    "galleries": "art galleries",
    "play": "indoor play",
    "playground": "playgrounds",
    "swim": "swimming",
    "swimming": "swimming",
    "pool": "swimming",
    "koala": "animals",
    "koalas": "animals",
    "animals": "animals",
    "wildlife": "animals",
    "library": "libraries",
    "libraries": "libraries",
    "books": "libraries",
    "park": "parks",
    "parks": "parks",
    "gardens": "gardens",
    "market": "markets",
    "markets": "markets",
    "cinema": "film",
    "movie": "film",
    "movies": "film",
    "film": "film",
    "science": "science",
    "history": "history",
    "cafe": "cafes",
    "coffee": "cafes",
}


@dataclass
class TextHints:
    """What the free text says, as far as simple patterns can tell."""

    location: str | None = None
    location_covered: bool = False
    date: str | None = None
    budget: float | None = None
    currency: str | None = None
    adults: int | None = None
    children: int | None = None
    mode: str | None = None
    max_leg_minutes: int | None = None
    window_start: str | None = None
    window_end: str | None = None
    rain_all_day: bool = False
    rain: list[dict] = field(default_factory=list)
    blocked: list[dict] = field(default_factory=list)
    preferences: list[str] = field(default_factory=list)
    must_visit: list[str] = field(default_factory=list)


def _clock(hour: str, minute: str | None, meridiem: str | None) -> str | None:
    h = int(hour)
    m = int(minute) if minute else 0
    if meridiem:
        meridiem = meridiem.lower()
        if meridiem == "pm" and h < 12:
            h += 12
        if meridiem == "am" and h == 12:
            h = 0
    elif h < 8:  # "1 to 2" on a day out means the afternoon
        h += 12
    if not (0 <= h <= 23 and 0 <= m <= 59):
        return None
    return f"{h:02d}:{m:02d}"


_TIME = r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?"
_RANGE = re.compile(_TIME + r"\s*(?:-|–|to|until|till)\s*" + _TIME, re.I)


def read_text(text: str) -> TextHints:
    """Read location, date, budget, party, travel, window, rain, blocked times and preferences."""
    hints = TextHints()
    if not text:
        return hints
    lowered = text.lower()
    hints.location, hints.location_covered = text_location(text)
    m = re.search(r"\b(\d{4}-\d{2}-\d{2})\b", text)
    if m:
        hints.date = m.group(1)
    else:
        m = re.search(
            r"\b(today|tomorrow|yesterday|christmas(?: day)?|boxing day|new year'?s eve"
            r"|(?:next |this )?(?:" + "|".join(WEEKDAYS) + r"))\b",
            lowered,
        )
        if m:
            hints.date = m.group(1)
    m = re.search(r"(?:aud|a\$|\$)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:aud|dollars)\b", lowered)
    if m:
        hints.budget = float(m.group(1) or m.group(2))
        hints.currency = "AUD"
    elif m := re.search(r"\bbudget(?:\s+of|\s+is)?\s*(\d+(?:\.\d+)?)\b", lowered):
        hints.budget, hints.currency = float(m.group(1)), "AUD"
    elif re.search(
        r"\b(free things|for free|no money|zero budget|free only|nothing to spend)\b", lowered
    ):
        hints.budget, hints.currency = 0.0, "AUD"
    m = re.search(r"(\d+)\s+adults?", lowered)
    if m:
        hints.adults = int(m.group(1))
    m = re.search(r"(\d+)\s+(?:kids?|children|child)", lowered)
    if m:
        hints.children = int(m.group(1))
    if hints.adults is None and hints.children is None and re.search(r"\bfamily\b", lowered):
        hints.adults, hints.children = 2, 2
    if hints.children is None and re.search(
        r"\b(?:my|our|the)\s+(?:son|daughter|toddler|baby|boy|girl|child)\b", lowered
    ):
        hints.children = 1
    elif hints.children is None and re.search(r"\b(?:kids|children)\b", lowered):
        hints.children = 2  # "with the kids": two is an assumption, stated with the others
    if hints.children and hints.adults is None:
        hints.adults = 1  # children are accompanied; stated as an assumption
    if re.search(r"\b(walk|walking|on foot)\b", lowered):
        hints.mode = "walk"
    elif re.search(r"\b(bus|train|ferry|public transport|transit)\b", lowered):
        hints.mode = "transit"
    elif re.search(r"\b(car|drive|driving)\b", lowered):
        hints.mode = "car"
    m = (
        re.search(
            r"(?:max(?:imum)?|no more than|at most|under|cap(?:ped)? at)\s*(\d+)\s*min", lowered
        )
        or re.search(r"(\d+)[- ]?min(?:ute)?s?\s+(?:max|cap|travel cap|per leg)", lowered)
        or re.search(r"(?:longer|more)\s+than\s*(\d+)\s*min", lowered)
    )
    if m:
        hints.max_leg_minutes = int(m.group(1))
    m = re.search(
        r"\b(?:home|back|return|returning|finish|finished|done)\s+(?:by|before)\s*" + _TIME, lowered
    )
    if m:
        hints.window_end = _clock(m.group(1), m.group(2), m.group(3) or "pm")
    for match in _RANGE.finditer(lowered):
        before = lowered[max(0, match.start() - 25) : match.start()]
        start = _clock(match.group(1), match.group(2), match.group(3) or match.group(6))
        end = _clock(match.group(4), match.group(5), match.group(6))
        if not start or not end or end <= start:
            continue
        if re.search(r"rain|storm|shower|wet", before):
            hints.rain.append({"start": start, "end": end})
        elif re.search(r"nap|lunch|busy|blocked|appointment|party", before):
            label = re.search(r"nap|lunch|busy|blocked|appointment|party", before).group(0)
            hints.blocked.append({"start": start, "end": end, "label": label})
        elif hints.window_start is None:
            hints.window_start, hints.window_end = start, hints.window_end or end
    if not hints.rain and re.search(r"\b(rain|rainy|raining|wet|storm|storms|showers)\b", lowered):
        hints.rain_all_day = True
    for word in re.findall(r"[a-z]+", lowered):
        pref = PREFERENCE_WORDS.get(word)
        if pref and pref not in hints.preferences:
            hints.preferences.append(pref)
    for m in re.finditer(
        r"\b(?:must|have to|need to|really want to)\s+(?:see|visit|go to|do)\s+(?:the\s+)?"
        r"([a-z][a-z' ]{2,60}?)(?=\s*(?:[,.;!]|\band\b|\bwith\b|\bthen\b|\bon\b|\bin\b|$))",
        lowered,
    ):
        phrase = m.group(1).strip()
        if phrase and phrase not in hints.must_visit:
            hints.must_visit.append(phrase)
    if hints.window_end and hints.window_end <= (hints.window_start or "09:00"):
        # "home by 9am" leaves no day: not a window this reader can use (the default applies)
        hints.window_start = hints.window_end = None
    if (hints.adults or 0) > 50 or (hints.children or 0) > 50:
        hints.adults = hints.children = None  # more than a party: not read as one
    return hints
