"""Solution to notebook 02's "your turn": a fourth stop at the State Library, home by 17:00."""

from __future__ import annotations

from datetime import date

from dayplan import data
from dayplan.contract import hhmm_to_minutes as hm
from dayplan.core.catalog import by_id
from dayplan.core.checker import HOME, BlockedWindow, Constraints, ProposedStop
from dayplan.core.places import resolve_place
from dayplan.core.travel import CoordinateTravel
from dayplan.exercises import Feedback, nb02

#: The solved answer cell of notebook 02_validator: paste it over the cell that holds `...`.
NOTEBOOK_ANSWER = """\
four_stops = [*good, stop("state-library-of-queensland", "16:10", "16:40")]
"""


def stop(venue_id: str, start: str, end: str) -> ProposedStop:
    return ProposedStop(hm(start), hm(end), venue_id=venue_id)


def solve() -> Feedback:
    """The notebook's passing plan plus the State Library 16:10–16:40 (its 30-minute minimum)."""
    constraints = Constraints(
        day=date(2026, 12, 5),
        window=(hm("09:00"), hm("17:00")),
        blocked=(BlockedWindow(hm("13:00"), hm("14:00"), "nap"),),
        rain=((hm("11:00"), hm("15:00")),),
        mode="car",
        max_leg_minutes=30,
        budget=100,
        currency="AUD",
        adults=2,
        children=2,
    )
    chosen = ["sparklab-sciencentre", "museum-of-brisbane", "qld-museum-kurilpa"]
    chosen.append(nb02.TARGET)
    catalog = by_id(data.venues())
    venues = {venue_id: catalog[venue_id] for venue_id in chosen}
    home = resolve_place("Brisbane City", data.gazetteer())
    points = {venue_id: v.point for venue_id, v in venues.items()} | {HOME: home.point}
    travel = CoordinateTravel(points, mode="car")
    good = [
        stop("sparklab-sciencentre", "09:30", "11:00"),
        stop("museum-of-brisbane", "11:10", "12:10"),
        stop("qld-museum-kurilpa", "14:00", "16:00"),
    ]
    four_stops = [*good, stop(nb02.TARGET, "16:10", "16:40")]
    return nb02.check(four_stops, constraints, venues, travel, base=good)


if __name__ == "__main__":
    print(solve())
