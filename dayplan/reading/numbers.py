"""Small counts written in digits or words ("3", "three", "a couple of"), through Duckling's
number dimension (with a dictionary for the words Duckling leaves alone, e.g. "a pair")."""

from __future__ import annotations

from datetime import datetime

from dayplan.reading import deferred_re as re
from dayplan.reading import duck
from dayplan.reading.memo import per_run
from dayplan.reading.prefilter import prefilter_module

_EXTRA = {"a couple of": 2, "couple of": 2, "a pair of": 2, "both": 2, "a": 1, "an": 1, "one": 1}
COUNT_WORD = (
    r"(?:\d{1,3}|a couple of|couple of|a pair of|a|an|one|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty)"
)
"""A count as it appears before a noun ("three girls", "2 kids", "a couple of friends")."""


@per_run
def count(word: str) -> int | None:
    """The whole number ``word`` says (``"three"`` -> 3, ``"12"`` -> 12), or ``None``."""
    word = word.strip().lower()
    if word in _EXTRA:
        return _EXTRA[word]
    if re.fullmatch(r"\d+", word):  # "99999999999999999999 adults": said, then refused
        return int(word)
    for span in duck.parse(word, datetime(2026, 1, 1), ("number",)):
        value = span.value.get("value")
        if span.body.lower() == word and isinstance(value, (int, float)) and value == int(value):
            return int(value)
    return None


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
