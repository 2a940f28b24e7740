"""Notebook 00 (setup), "your turn": how many venues are indoor and free for everyone?

The learner counts, in the offline snapshot, the venues that are indoors and cost nothing for
an adult and for a child; the answer is that count (an ``int``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dayplan.core.catalog import Venue
from dayplan.exercises import Feedback, is_placeholder, not_attempted


def _free(v: Venue) -> bool:
    return v.party_cost(adults=1, children=1) == 0


def check(count: Any, venues: Sequence[Venue]) -> Feedback:
    """Judge the notebook 00 answer: ``count`` (an ``int``) against ``venues`` (the snapshot's
    ``Venue`` list). What free means is decided by the package (``Venue.party_cost``)."""
    if is_placeholder(count):
        return not_attempted(
            "replace `...` with an expression that counts the venues, e.g. "
            "`sum(1 for v in venues if ...)`, using `v.indoor`, `v.price_adult` and `v.price_child`."
        )
    if isinstance(count, bool) or not isinstance(count, int):
        return Feedback(
            False, f"the answer is a whole number (an int), not {type(count).__name__}."
        )
    venues = list(venues)
    indoor = [v for v in venues if v.indoor]
    free = [v for v in venues if _free(v)]
    right = sum(1 for v in indoor if _free(v))
    if count == right:
        return Feedback(
            True,
            f"{count} of the {len(venues)} venues are indoor and free for adults and children; "
            "the checker uses the same record fields, never the model's wording.",
        )
    adult_only = sum(1 for v in indoor if v.price_adult == 0)
    child_only = sum(1 for v in indoor if v.price_child == 0)
    if count == len(indoor):
        hint = "that is every indoor venue: some of them charge, so check both prices too."
    elif count == len(free):
        hint = "that counts free venues indoors and outdoors: keep only those with `v.indoor`."
    elif count == adult_only != right:
        hint = "that checks the adult price only: a child's ticket must be free too."
    elif count == child_only != right:
        hint = "that checks the child price only: an adult's ticket must be free too."
    elif count < 0 or count > len(venues):
        hint = f"there are only {len(venues)} venues in the snapshot."
    else:
        hint = (
            "not the count of venues that are indoors *and* free for both an adult and a child; "
            "print the names your filter keeps and compare them with the venue records."
        )
    return Feedback(False, f"{count} is not it: {hint}")
