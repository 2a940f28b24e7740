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
        {"party": {"adults": 0, "children": 3}},
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


BAD_TIMES = ["9.30", "9:30", "9am", "0930", "24:00", "12:60", "", "09:30:00", "noon", "9" * 5000]


@pytest.mark.parametrize("start", [*BAD_TIMES, 930, None, 9.5, True, ["09:30"]])
@pytest.mark.parametrize("where", ["window", "blocked", "rain"])
def test_every_bad_time_gets_one_plain_message_without_the_regex_or_the_input(start, where):
    window = {"start": start, "end": "17:00"}
    bad = {
        "window": {"window": window},
        "blocked": {"blocked": [window]},
        "rain": {"weather": {"rain": [window]}},
    }[where]
    with pytest.raises(ValidationError) as exc:
        PlanRequest.model_validate({"text": "t", **bad})
    (err,) = exc.value.errors()
    assert err["loc"][-1] == "start" and err["type"] == "time_format"
    assert err["msg"] == "time must be HH:MM (24-hour), e.g. 09:30"
    assert "ctx" not in err  # no pattern to leak into a message (the CLI and service show msg)


@pytest.mark.parametrize("good", ["09:30", " 09:30 ", "00:00", "23:58"])
def test_good_times_pass_stripped(good):
    req = PlanRequest.model_validate({"text": "t", "window": {"start": good, "end": "23:59"}})
    assert req.window.start == good.strip()


@pytest.mark.parametrize("amount", [float("nan"), float("inf"), float("-inf"), float("1e400")])
def test_a_budget_that_is_not_finite_says_so_not_the_range(amount):
    with pytest.raises(ValidationError) as exc:
        PlanRequest.model_validate({"text": "t", "budget": {"amount": amount}})
    (err,) = exc.value.errors()
    assert err["loc"] == ("budget", "amount") and err["type"] == "finite_number"
    assert err["msg"] == "Input should be a finite number"


@pytest.mark.parametrize("lat", [float("nan"), float("inf")])
def test_home_coordinates_must_be_finite_and_the_error_names_the_point(lat):
    with pytest.raises(ValidationError) as exc:
        PlanRequest.model_validate({"text": "t", "home": {"lat": lat, "lon": 153.0}})
    (err,) = exc.value.errors()
    assert (
        err["loc"] == ("home", "point", "lat") and err["msg"] == "Input should be a finite number"
    )


def test_home_is_still_an_address_or_a_point():
    assert PlanRequest(text="t", home="12 Smith St, Paddington").home == "12 Smith St, Paddington"
    assert (
        PlanRequest.model_validate({"text": "t", "home": {"lat": -27.5, "lon": 153}}).home.lat
        == -27.5
    )


@pytest.mark.parametrize("currency", ["aud", "dollars", "A$", "", 36])
def test_a_bad_currency_gets_a_plain_message(currency):
    with pytest.raises(ValidationError) as exc:
        PlanRequest.model_validate({"text": "t", "budget": {"amount": 5, "currency": currency}})
    (err,) = exc.value.errors()
    assert err["msg"] == "currency must be a three-letter ISO 4217 code in capitals, e.g. AUD"


def test_the_schema_still_publishes_the_patterns():
    defs = PlanRequest.model_json_schema()["$defs"]
    assert (
        defs["TimeWindow"]["properties"]["start"]["pattern"] == r"^([01][0-9]|2[0-3]):[0-5][0-9]$"
    )
    assert defs["Budget"]["properties"]["currency"]["pattern"] == r"^[A-Z]{3}$"
