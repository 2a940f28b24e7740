"""Solution to notebook 00's "your turn": how many venues are indoor and free for everyone."""

from __future__ import annotations

from dayplan import data
from dayplan.exercises import Feedback, nb00

#: The solved answer cell of notebook 00_setup: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
free_indoor = sum(1 for v in venues if v.indoor and v.price_adult == 0 and v.price_child == 0)
"""


def solve() -> Feedback:
    """Count the indoor venues whose adult and child prices are both zero."""
    venues = data.venues()
    free_indoor = sum(1 for v in venues if v.indoor and v.price_adult == 0 and v.price_child == 0)
    return nb00.check(free_indoor, venues)


if __name__ == "__main__":
    print(solve())
