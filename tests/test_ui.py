"""The learner's view: form handler, Plan button, report view, live progress, CLI --html."""

from __future__ import annotations

import asyncio
import base64
import re

import pytest
from google.genai import types

from dayplan.cli import main
from dayplan.service.run import plan
from dayplan.ui.form import (
    FIELDS,
    FormError,
    build_form,
    form_to_request,
    request_to_values,
    run_form,
)
from dayplan.ui.progress import ProgressTracker, format_step
from dayplan.ui.report_view import map_png, rejected_html, report_html, run_html, timeline_png
from tests.conftest import case_request

PNG = b"\x89PNG\r\n\x1a\n"
WET = "wet_weather_family"


@pytest.fixture(scope="module")
def runs():
    """One offline run per status, shared by the report-view tests."""
    return {
        name: plan(case_request(name))
        for name in (WET, "impossible_schedule", "missing_essentials")
    }


def _values(**changes):
    values = {name: default for name, (_, default) in FIELDS.items()}
    values.update(
        text="family day",
        now="2026-11-29T09:00:00+10:00",
        budget="100",
        children=2,
        blocked="13:00-14:00 nap\n15:30 - 15:45",
        rain="11:00-15:00",
        preferences="museums, indoor play",
        activities="Swimming lesson, 45\nLunch, 30, South Bank Parklands",
    )
    values.update(changes)
    return values


# --- the pure handler -------------------------------------------------------------------------


def test_form_to_request_reads_every_field():
    req = form_to_request(_values(save=True, travel_mode="transit", max_leg_minutes=25))
    assert (req.location, req.date, req.now.isoformat()) == (
        "Brisbane",
        "Saturday",
        "2026-11-29T09:00:00+10:00",
    )
    assert (req.window.start, req.window.end) == ("09:00", "17:00")
    assert (req.budget.amount, req.budget.currency) == (100.0, "AUD")
    assert (req.party.adults, req.party.children) == (2, 2)
    assert (req.travel.mode, req.travel.max_leg_minutes) == ("transit", 25)
    assert [(b.start, b.end, b.label) for b in req.blocked] == [
        ("13:00", "14:00", "nap"),
        ("15:30", "15:45", None),
    ]
    assert [(r.start, r.end) for r in req.weather.rain] == [("11:00", "15:00")]
    assert req.preferences == ["museums", "indoor play"]
    assert [(a.name, a.duration_minutes, a.venue) for a in req.activities] == [
        ("Swimming lesson", 45, None),
        ("Lunch", 30, "South Bank Parklands"),
    ]
    assert req.save is True


def test_empty_optional_fields_are_left_out():
    req = form_to_request({"text": "museums", "budget": "", "max_leg_minutes": 0, "rain": ""})
    assert req.budget is None and req.weather is None and req.travel.max_leg_minutes is None
    assert req.window is None and req.blocked == [] and req.activities == []


@pytest.mark.parametrize(
    "changes, fragment",
    [
        ({"window_start": "25:00"}, "Leave at: '25:00' is not a time of day"),
        (
            {"window_start": "17:00", "window_end": "09:00"},
            "Leave at / Home by: window ends at 09:00",
        ),
        ({"window_end": ""}, "give both times, or neither"),
        ({"budget": "lots"}, "Budget: 'lots' is not an amount"),
        ({"blocked": "after lunch"}, "Blocked: 'after lunch' is not a window"),
        ({"rain": "11-15"}, "Rain: '11-15' is not a window"),
        ({"activities": "Swim"}, "Must-do: 'Swim' should read 'name, minutes'"),
        ({"adults": 0, "children": 0}, "Adults / Children: party needs at least one person"),
        ({"adults": "two"}, "Adults: 'two' is not a whole number"),
        ({"currency": "dollars"}, "Budget: "),
    ],
)
def test_bad_input_names_the_field(changes, fragment):
    with pytest.raises(FormError) as info:
        form_to_request(_values(**changes))
    assert fragment in str(info.value)
    assert "\n" not in str(info.value) and "Traceback" not in str(info.value)


def test_a_blocked_line_ending_at_home_is_an_at_home_window():
    req = form_to_request(_values(blocked="12:00-13:30 nap in the cot at home\n15:00-15:30 snack"))
    assert [(b.start, b.end, b.label, b.at_home) for b in req.blocked] == [
        ("12:00", "13:30", "nap in the cot", True),
        ("15:00", "15:30", "snack", False),
    ]
    (only,) = form_to_request(_values(blocked="12:00-13:00 AT HOME")).blocked
    assert (only.label, only.at_home) == (None, True)


def test_request_to_values_round_trips_an_at_home_case():
    req = case_request("nap_at_home_in_the_cot")
    values = request_to_values(req)
    assert values["blocked"] == "12:30-14:30 nap in the cot at home"
    again = form_to_request(values)
    assert again.blocked == req.blocked


def test_request_to_values_round_trips_a_case():
    req = case_request(WET)
    again = form_to_request(request_to_values(req))
    assert again.model_dump(exclude={"home", "timezone"}) == req.model_dump(
        exclude={"home", "timezone"}
    )


def test_run_form_bad_input_shows_error_without_running():
    outcome = asyncio.run(run_form(_values(window_start="9am")))
    assert outcome.run is None and "Leave at" in outcome.error
    assert "dp-form-error" in outcome.html and "Traceback" not in outcome.html


# --- the button ---------------------------------------------------------------------------------


def test_clicking_plan_shows_progress_and_report():
    form = build_form(request_to_values(case_request(WET)))
    form.button.click()
    assert form.last.run is not None and form.last.run.report.status == "complete"
    assert "status <code>complete</code>" in form.status.value
    lines = [o["text"] for o in form.progress.outputs]
    tools = [re.match(r"\s*\d+\. (\w+) ✓", line).group(1) for line in lines]
    assert tools == [
        "record_reading",
        "resolve_date",
        "search_public_web",
        "search_public_web",
        "arrange_plan",
        "check_plan",
        "finish",
    ]
    assert all(re.search(r"✓ \d+ ms · ", line) for line in lines)
    html = form.report.value
    assert "dp-status-complete" in html and "SparkLab, Sciencentre" in html
    assert html.count("data:image/png;base64,") == 2
    assert form.button.disabled is False


def test_clicking_plan_with_bad_input_shows_one_clear_message():
    form = build_form(_values(budget="a hundred"))
    form.button.click()
    assert form.last.run is None
    assert "Please fix the form" in form.status.value
    assert "Budget: &#x27;a hundred&#x27; is not an amount" in form.report.value
    assert form.progress.outputs == ()


def test_button_schedules_on_a_running_loop():
    form = build_form(request_to_values(case_request("missing_essentials")))

    async def inside_a_kernel():
        task = form.on_click(form.button)
        assert isinstance(task, asyncio.Task) and task in form.tasks
        return await task

    outcome = asyncio.run(inside_a_kernel())
    assert outcome.run.report.status == "needs_clarification"
    assert "Questions before I can plan" in form.report.value and not form.tasks


# --- the report view ----------------------------------------------------------------------------


def test_complete_report_has_badge_table_charts_and_links(runs):
    run = runs[WET]
    html = run_html(run)
    assert 'class="dp-badge dp-status-complete"' in html and ">Complete<" in html
    itinerary = re.search(r'<table class="dp-itinerary">.*?</table>', html).group(0)
    assert itinerary.count("<tr>") == 3 + 4  # header, four stops, home, total
    assert "by 17:00" in html and "AUD 95" in html
    for source in run.report.sources:
        assert f'href="{source.url}"' in html
    assert 'rel="noopener noreferrer"' in html
    assert "Tool path" in html and "check_plan ✓ passed" in html
    for b64 in re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html):
        assert base64.b64decode(b64).startswith(PNG)


def test_charts_are_png(runs):
    run = runs[WET]
    timeline = timeline_png(run.report, run.request, run.steps)
    where = map_png(run.report, run.request, run.steps)
    assert timeline.startswith(PNG) and where.startswith(PNG)
    assert len(timeline) > 5000 and len(where) > 5000


def test_infeasible_report_states_the_failures(runs):
    html = run_html(runs["impossible_schedule"])
    assert "dp-status-no_feasible_plan" in html and "Why no plan works" in html
    assert "<code>window_too_short</code> window 30 min" in html
    assert "Itinerary" not in html


def test_clarification_report_asks_plainly(runs):
    html = run_html(runs["missing_essentials"])
    assert "Questions before I can plan" in html
    assert "<li>Which city or suburb should I plan the day in?</li>" in html
    assert "data:image/png" not in html  # nothing to draw: no window, no stops


def test_report_alone_escapes_text_and_drops_unsafe_links(runs):
    report = runs[WET].report.model_copy(deep=True)
    report.sources[0].url = "javascript:alert(1)"
    report.plan.rationale = "<script>x</script>"
    html = report_html(report, charts=False)
    assert "javascript:" not in html and "<script>" not in html and "&lt;script&gt;" in html
    assert "data:image/png" not in html


def test_rejected_run_says_which_rule():
    html = rejected_html("finish_gate", "finish before any check")
    assert "Rejected" in html and "<code>finish_gate</code>" in html


# --- progress -----------------------------------------------------------------------------------


def _event(*parts):
    return type("E", (), {"content": types.Content(role="model", parts=list(parts))})()


def test_tracker_pairs_calls_with_responses_and_times_them():
    clock = iter([1.0, 1.25, 2.0, 2.5])
    seen = []
    tracker = ProgressTracker(lambda s: seen.append((s.tool, s.phase)), clock=lambda: next(clock))
    call = types.Part(function_call=types.FunctionCall(id="a", name="resolve_date", args={}))
    tracker(_event(call))
    tracker(_event(types.Part(text="thinking")))
    tracker(
        _event(
            types.Part(
                function_response=types.FunctionResponse(
                    id="a", name="resolve_date", response={"ok": True, "date": "2026-12-05"}
                )
            )
        )
    )
    tracker(_event(types.Part(function_call=types.FunctionCall(name="check_plan", args={}))))
    tracker(
        _event(
            types.Part(
                function_response=types.FunctionResponse(
                    name="check_plan", response={"ok": False, "error": "stops must be a list"}
                )
            )
        )
    )
    assert seen == [
        ("resolve_date", "started"),
        ("resolve_date", "succeeded"),
        ("check_plan", "started"),
        ("check_plan", "failed"),
    ]
    assert [s.duration_ms for s in tracker.steps] == [250.0, 500.0]
    assert tracker.lines() == [
        " 1. resolve_date ✓ 250 ms · 2026-12-05",
        " 2. check_plan ✗ 500 ms · error: stops must be a list",
    ]
    assert format_step(tracker.steps[1], timings=False) == (
        " 2. check_plan ✗ · error: stops must be a list"
    )


def test_tracker_sees_every_step_of_a_real_run_live():
    lines = []
    tracker = ProgressTracker(lambda s: lines.append(format_step(s, timings=False)))
    run = plan(case_request("impossible_schedule"), on_event=tracker)
    assert lines == [
        " 1. record_reading … started",
        f" 1. record_reading ✓ · {run.steps[0].summary()}",
        " 2. check_plan … started",
        f" 2. check_plan ✓ · {run.steps[1].summary()}",
        " 3. finish … started",
        f" 3. finish ✓ · {run.steps[2].summary()}",
    ]
    assert run.steps[1].summary().startswith("failed: window_too_short, ")
    assert "home_after_deadline" in run.steps[1].summary()


# --- the CLI ------------------------------------------------------------------------------------


def test_cli_writes_html_and_prints_one_progress_line_per_step(tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["plan", WET, "--html", str(out)]) == 0
    captured = capsys.readouterr()
    err_lines = captured.err.splitlines()
    assert len(err_lines) == 7 and err_lines[0].startswith(" 1. record_reading ✓")
    assert "COMPLETE" in captured.out
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "dp-status-complete" in page
    assert page.count("data:image/png;base64,") == 2


def test_cli_json_is_silent_on_stderr(tmp_path, capsys):
    assert main(["plan", "missing_essentials", "--json", "--html", str(tmp_path / "r.html")]) == 0
    assert capsys.readouterr().err == ""
    assert "Questions before I can plan" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_cli_html_into_missing_folder_is_one_line(tmp_path, capsys):
    assert main(["plan", WET, "--html", str(tmp_path / "no" / "r.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "its folder does not exist" in err


def test_cli_html_onto_a_folder_is_one_line_before_the_run(tmp_path, capsys, monkeypatch):
    import dayplan.service.run as run_module

    monkeypatch.setattr(run_module, "plan", lambda *a, **kw: pytest.fail("planned for nothing"))
    assert main(["plan", WET, "--html", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "it is a folder" in err
