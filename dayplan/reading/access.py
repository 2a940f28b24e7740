"""Access needs the text states but no venue fact can prove: a wheelchair, a pram, no stairs,
short walks only.

The venue snapshot (``dayplan/data/venues.json``) and web results carry no access facts (steps,
ramps, lifts, path lengths), so such a need is never read as a limit a check could pass: it is
listed as unread (``access``, not asked: no answer would make it checkable) and the report
says plainly that the plan does not check it (``dayplan.tools.reading``). An unknown fact never
passes a check, and it is never silently dropped either.
"""

from __future__ import annotations

from dayplan.reading import deferred_re as re
from dayplan.reading.prefilter import prefilter_module

ACCESS_NEED = re.compile(
    r"\b(?:wheel\s*chairs?|wheelie|mobility\s+(?:scooter|aid|issues?|problems?)|gopher|walking\s+frame"
    r"|walker|zimmer\s+frame|crutches|prams?|strollers?|buggy|pushchair|disabled|disability"
    r"|accessible|accessibility|step[- ]free|no\s+(?:stairs|steps)"
    r"|(?:can't|cant|cannot|can\s+not|doesn't|doesnt|don't|dont|not\s+(?:able|good)\s+(?:to|at|with))"
    r"\s+(?:do\s+|manage\s+|handle\s+|climb\s+|walk\s+|walking\s+)?(?:stairs|steps|hills|far|long\s+walks?"
    r"|much\s+walking|walk\s+(?:far|much|long))"
    r"|(?:bad|dodgy|sore)\s+(?:knees?|hips?|back|legs?)|limited\s+mobility)\b",
    re.I,
)
"""Words of an access need: "wheelchair", "in a pram", "no stairs", "grandma can't do stairs",
"can't walk far", "bad knees", "mobility scooter", "step-free". "walker" is the walking frame
only as a word of its own ("a walker"), never "walkers" of a walk group."""


def need_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``ACCESS_NEED`` in ``text`` (any case), in order."""
    return [m.span() for m in ACCESS_NEED.finditer(text)]


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
