"""The request's words about the weather and the forecast: rain = forecast ∪ the rain the text
states (``dayplan.tools.state.run_rain``, the one rule).

The offline forecast fixture for Saturday 2026-12-05 has rain 11:00-15:00. A parent who writes
"it's not going to rain" states a belief, not a forecast fact: the forecast's rain stays, outdoor
stops avoid it, and the report says so (this used to switch the forecast off; REVIEW5 finding
8). A stated rain window adds to the forecast's. With no forecast available, a stated "no rain"
is all that is known.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runs import plan_cli

ROOT = Path(__file__).resolve().parents[1]
NOW = "2026-12-01T10:00:00+10:00"


def _plan(text: str, tmp_path: Path, **fields: str) -> dict:
    return plan_cli({"text": text, "now": NOW, **fields}, tmp_path)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Brisbane, must see koalas, 2 adults 2 kids, $200, it's not going to rain",
        "saturday, brisbane. 2 adults 2 kids, $200 max, must see koalas - it won't rain they say",
    ],
)
def test_no_rain_in_the_text_keeps_the_forecast_rain(text: str, tmp_path: Path) -> None:
    report = _plan(text, tmp_path)
    assert [r["value"] for r in report["readings"] if r["field"] == "rain"] == ["none"]
    said = [a for a in report["assumptions"] if a.startswith("You said no rain")]
    assert said and "11:00–15:00" in said[0], report["assumptions"]
    assert report["status"] in ("complete", "no_feasible_plan"), report["status"]
    for stop in report["plan"]["stops"] if report["status"] == "complete" else []:
        if not stop["indoor"]:  # outdoors only outside the forecast's rain
            assert stop["end"] <= "11:00" or stop["start"] >= "15:00", stop


def test_text_rain_window_adds_to_the_forecast_window(tmp_path: Path) -> None:
    text = "Saturday in Brisbane, 2 adults, showers from 2pm to 4pm, parks and markets"
    report = _plan(text, tmp_path)
    rain = [r["value"] for r in report["readings"] if r["field"] == "rain"]
    assert rain == [{"start": "14:00", "end": "16:00"}], report["readings"]
    assert any(
        a.startswith("Rain 11:00–16:00") and "14:00–16:00" in a for a in report["assumptions"]
    ), report["assumptions"]
    for stop in report["plan"]["stops"] if report["status"] == "complete" else []:
        if not stop["indoor"]:  # outdoors only outside the stated shower and the forecast's
            assert stop["end"] <= "11:00" or stop["start"] >= "16:00", stop


def test_no_rain_said_with_no_forecast_is_what_is_known(tmp_path: Path) -> None:
    text = "Saturday in Brisbane, 2 adults, parks, it won't rain"
    report = _plan(text, tmp_path, date="2027-03-06", now="2027-03-01T10:00:00+10:00")
    weather = [a for a in report["assumptions"] if "rain" in a.lower() or "forecast" in a.lower()]
    assert weather == [
        "Forecast unavailable for 2027-03-06 (the offline fixture has no hours on 2027-03-06);"
        " weather as your request says it (no rain)"
    ], weather


def test_a_forecast_that_could_not_be_read_is_said_so_not_no_rain(tmp_path: Path) -> None:
    # The offline fixture has no hours in March 2027: the forecast is unavailable, and the
    # report must say that (it used to say "No rain expected").
    text = "Saturday in Brisbane, 2 adults, parks"
    report = _plan(text, tmp_path, date="2027-03-06", now="2027-03-01T10:00:00+10:00")
    weather = [a for a in report["assumptions"] if "rain" in a.lower() or "forecast" in a.lower()]
    assert weather == [
        "Forecast unavailable for 2027-03-06 (the offline fixture has no hours on 2027-03-06);"
        " no rain assumed"
    ]
