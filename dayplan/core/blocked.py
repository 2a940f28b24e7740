"""What a blocked window is, from its label: time at home, a pause, or an appointment away.

A blocked window (``checker.BlockedWindow``) not spent at home is either

* a **pause**: the party stops wherever it is — a nap in the pram or the car, quiet time, lunch
  on the way. No visit and no leg may overlap it; waiting through it is the pause itself.
* an **appointment** away ("ballet 10-11", "swim lessons", "footy training", "a party at 2"):
  the party is somewhere else, whose place is unknown. It is counted at home's point: the leg
  before it is counted to home and must arrive by its start, and the next leg leaves home at its
  end. Any label that is not a pause is an appointment (the default that never lets a leg or a
  wait run through it).

Pure: no I/O. ``PAUSE`` is our word list, not a fact of any source.
"""

from __future__ import annotations

import re

PAUSE = re.compile(
    r"\b(?:naps?|napping|nap ?time|naptime|sleeps?|sleeping|asleep|quiet time|rest|resting"
    r"|lunch|snack|feed|feeding)\b",
    re.I,
)
"""Labels of a pause taken wherever the party is (word list of ours)."""


def is_pause(label: str) -> bool:
    """Whether a blocked window labelled ``label`` is a pause where the party is (a nap, quiet
    time, lunch), not an appointment elsewhere. ``"nap"`` → True; ``"ballet"``, ``"blocked"`` →
    False."""
    return bool(PAUSE.search(label or ""))
