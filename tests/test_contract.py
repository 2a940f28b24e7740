import pytest
from pydantic import ValidationError

from dayplan.contract import DayPlanReport, PlanRequest, hhmm_to_minutes


def test_minimal_request_is_just_text():
    req = PlanRequest(text="Plan my Saturday.")
    assert req.location is None and req.activities == [] and req.save is False


@pytest.mark.parametrize(
    "bad",
    [
        {"window": {"start": "25:99", "end": "17:00"}},
        {"window": {"start": "17:00", "end": "09:00"}},
        {"party": {"adults": -1, "children": 2}},
        {"party": {"adults": 0, "children": 0}},
        {"budget": {"amount": -5, "currency": "AUD"}},
        {"budget": {"amount": 5, "currency": "dollars"}},
        {"travel": {"mode": "teleport"}},
        {"timezone": "Mars/Olympus"},
        {"unknown_field": 1},
        {"activities": [{"name": "x", "duration_minutes": 0}]},
        {"preferences": ["x"] * 21},
    ],
)
def test_bad_requests_are_rejected(bad):
    with pytest.raises(ValidationError):
        PlanRequest.model_validate({"text": "t", **bad})


def test_hhmm():
    assert hhmm_to_minutes("09:30") == 570
    with pytest.raises(ValueError):
        hhmm_to_minutes("9:30")


def test_report_status_fields_must_agree():
    base = {"model": "offline", "run_id": "r"}
    with pytest.raises(ValidationError):
        DayPlanReport.model_validate({**base, "status": "complete"})
    with pytest.raises(ValidationError):
        DayPlanReport.model_validate({**base, "status": "needs_clarification"})
    with pytest.raises(ValidationError):
        DayPlanReport.model_validate(
            {**base, "status": "no_feasible_plan", "questions": ["where?"]}
        )
    ok = DayPlanReport.model_validate(
        {**base, "status": "needs_clarification", "questions": ["Where?"]}
    )
    assert ok.plan is None
