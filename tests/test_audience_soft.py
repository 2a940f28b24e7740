"""A venue that does not suit the party (a children's playground for two adults) is left out
by the scheduler's audience rule while venues that suit fit; the rule is soft (issue 13: only
hard constraints make ``no_feasible_plan``), so when nothing that suits fits, it is planned
and said.

Before: ``arrange_plan`` left Bradbury Park Playscape out for "2 adults, Kedron, no drive
longer than 10 minutes", but the empty check counted it as "can be visited on its own", so the
status rule refused every ``no_feasible_plan`` and the run ended in loop_guard (10 model turns,
no report). Now ``arrange`` plans it when nothing that suits fits, with the assumption saying
so; with children coming the same venue is planned without one."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.service.run import plan
from tests.test_dry_hours_proof import _one_stop_fits

NOW = "2026-11-29T09:00:00+10:00"  # Saturday = 2026-12-05; fixture rain 11:00-15:00


def _run(text: str):
    run = plan(PlanRequest(text=text, now=NOW))
    assert run.report is not None, (text, run.error)
    return run


def test_kedron_adults_with_a_ten_minute_cap_get_the_one_venue_that_fits_said_so():
    """The audience rule is soft: the playground is the only venue within the cap, so it is
    planned, with the assumption saying it is for children (never a false "no plan")."""
    run = _run("Saturday, 2 adults, Kedron, no drive longer than 10 minutes, home by 4")
    assert run.report.status == "complete"
    assert [s.name for s in run.report.plan.stops] == ["Bradbury Park Playscape"]
    said = [a for a in run.report.assumptions if a.startswith("Planned although")]
    assert len(said) == 1 and "Bradbury Park Playscape is for children" in said[0]
    assert all(s.travel_in.minutes <= 10 for s in run.report.plan.stops)
    assert run.report.plan.travel_home.minutes <= 10


def test_a_suitable_venue_that_fits_is_always_preferred():
    """With suitable venues within the limits, no venue for children is planned for adults."""
    run = _run("Saturday, 2 adults, Kedron, no drive longer than 20 minutes, home by 4")
    assert run.report.status == "complete"
    assert not [a for a in run.report.assumptions if a.startswith("Planned although")]
    assert "Bradbury Park Playscape" not in [s.name for s in run.report.plan.stops]


def test_with_children_coming_the_same_venue_is_planned():
    run = _run("Saturday, me and my 2 kids, Kedron, no drive longer than 10 minutes, home by 4")
    assert run.report.status == "complete"
    names = [s.name for s in run.report.plan.stops]
    assert "Bradbury Park Playscape" in names


@pytest.mark.parametrize("home", ["Kedron", "Chermside", "Nundah", "Sandgate", "Wynnum"])
@pytest.mark.parametrize("cap", [5, 8, 10])
def test_an_adults_only_party_under_a_tight_cap_always_gets_an_earned_report(home, cap):
    """No run ends in loop_guard; a ``no_feasible_plan`` stands against every suitable venue."""
    run = _run(f"Saturday, 2 adults, {home}, no leg over {cap} minutes, home by 4")
    assert run.report.status in ("complete", "no_feasible_plan")
    if run.report.status == "no_feasible_plan":
        assert _one_stop_fits(run) is None
