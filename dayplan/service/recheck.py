"""Re-check a served report from its JSON alone: the plan must pass ``check_plan`` again.

Venue facts are re-read from the offline catalog by ``venue_id`` and constraints rebuilt from
the request, so a report whose numbers drifted from the checked result fails here.
"""

from __future__ import annotations

from datetime import date

from dayplan import data
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.core.checker import CheckResult, ProposedStop, check_plan
from dayplan.core.clock import hhmm_to_minutes
from dayplan.evidence import RunEvidence
from dayplan.reading import AcceptedReading, ReadingItem, read_request
from dayplan.service.run import initial_state
from dayplan.tools.search import venue_record
from dayplan.tools.state import constraints_for, found_venues, travel_for


def served_reading(request: PlanRequest, report: DayPlanReport) -> AcceptedReading:
    """The reading the re-check applies: the report's verified ``readings`` when it carries them,
    else code's own reading of the request text (``dayplan.reading.read_request``)."""
    served = getattr(report, "readings", None)
    if served:
        items = tuple(ReadingItem(field=r.field, value=r.value, quote=r.quote) for r in served)
        return AcceptedReading(items=items)
    today = request.now.date() if request.now else date.today()
    return read_request(request.text, today=today)[0]


def recheck_report(request: PlanRequest, report: DayPlanReport) -> CheckResult:
    """Check ``report.plan`` again against ``request``; ``ValueError`` if there is no plan."""
    if report.plan is None or report.date is None:
        raise ValueError("only a complete report with a plan and a date can be re-checked")
    state = initial_state(request, run_id="recheck")
    ev = RunEvidence(state)
    ev.record_date(report.date)
    catalog = {v.id: v for v in data.venues()}
    for stop in report.plan.stops:
        if stop.venue_id in catalog:
            ev.record_venue(venue_record(catalog[stop.venue_id]))
    served = served_reading(request, report)
    ev.record_reading(served.items, list(served.unread), list(served.assumed))
    constraints = constraints_for(state)
    stops = [
        ProposedStop(hhmm_to_minutes(s.start), hhmm_to_minutes(s.end), venue_id=s.venue_id)
        for s in report.plan.stops
    ]
    result = check_plan(
        stops, constraints, found_venues(state), travel_for(state, constraints.mode)
    )
    return result
