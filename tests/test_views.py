"""The views of a served report say the same thing: "What I read from your request" (readings
with their quotes, unread phrases, what was assumed) and the home breaks with the legs home and
out, in the text report, the HTML view (so the playground and notebooks) and the map route."""

from __future__ import annotations

import re
from html import unescape

import pytest

from dayplan.cli import render_report
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.service.run import plan
from dayplan.ui.map_view import route
from dayplan.ui.report_view import context_for, reading_html, report_html
from dayplan.ui.summary import home_visits, reading_value, what_i_read
from tests.conftest import case_request

PIN = "2026-11-29T09:00:00+10:00"  # a Sunday: "Saturday" is 2026-12-05

NAP_AT_HOME = {
    "text": "Saturday out from Coorparoo; the little one naps in her cot at home 12 till 1:30",
    "location": "Brisbane",
    "home": "Coorparoo",
    "date": "Saturday",
    "now": PIN,
    "window": {"start": "09:00", "end": "17:00"},
    "party": {"adults": 2, "children": 1},
    "weather": {"rain": []},
    # 4 h of must-dos cannot fit before the nap: the day has to go home and out again
    "activities": [
        {"name": "Queensland Museum", "duration_minutes": 90, "venue": "qld-museum-kurilpa"},
        {"name": "GOMA", "duration_minutes": 90, "venue": "gallery-of-modern-art"},
        {"name": "New Farm Park", "duration_minutes": 60, "venue": "new-farm-park"},
    ],
    "blocked": [{"start": "12:00", "end": "13:30", "label": "nap in the cot", "at_home": True}],
}

PARENT_TEXT = (
    "Plan my Saturday in New Farm with my partner and our 2 kids (4 and 7), budget 80 bucks, "
    "home by 4pm"
)
UNCLEAR_TEXT = PARENT_TEXT + ", and something at 3"


def _hm(value: str) -> int:
    h, m = value.split(":")
    return int(h) * 60 + int(m)


@pytest.fixture(scope="module")
def nap_run():
    run = plan(PlanRequest.model_validate(NAP_AT_HOME))
    assert run.report is not None and run.report.status == "complete", run.error
    assert run.report.plan.home_breaks, "the planner did not go home for the nap"
    return run


@pytest.fixture(scope="module")
def text_run():
    run = plan(PlanRequest.model_validate({"text": PARENT_TEXT, "now": PIN}))
    assert run.report is not None, run.error
    return run


# --- home breaks ------------------------------------------------------------------------------


def test_home_visit_has_both_legs_from_the_served_plan(nap_run):
    p = nap_run.report.plan
    (brk,) = p.home_breaks
    (visit,) = home_visits(p)
    before = [s for s in p.stops if _hm(s.end) <= _hm(brk.start)]
    after = [s for s in p.stops if _hm(s.start) >= _hm(brk.end)]
    assert before and after  # the day goes out, home, and out again
    prev, nxt = before[-1], after[0]
    assert (visit.label, visit.start, visit.end) == ("nap in the cot", "12:00", "13:30")
    assert visit.after == len(before)
    assert visit.from_stop == prev.name and visit.to_stop == nxt.name
    assert visit.leg_home.minutes == brk.travel_in.minutes > 0
    assert visit.leaves == prev.end
    assert _hm(visit.arrives) == _hm(prev.end) + brk.travel_in.minutes <= _hm("12:00")
    assert visit.leg_out == nxt.travel_in and visit.leg_out.minutes > 0
    assert _hm(visit.departs) == _hm(nxt.start) - nxt.travel_in.minutes >= _hm("13:30")
    # the legs home and out are counted in the totals
    legs = sum(s.travel_in.minutes for s in p.stops) + brk.travel_in.minutes
    assert p.totals.travel_minutes == legs + p.travel_home.minutes


def test_text_report_shows_the_home_break_between_its_stops(nap_run):
    p = nap_run.report.plan
    (visit,) = home_visits(p)
    text = render_report(nap_run.report)
    lines = text.splitlines()
    home = next(i for i, line in enumerate(lines) if "at home: nap in the cot" in line)
    prev, nxt = p.stops[visit.after - 1], p.stops[visit.after]
    assert prev.name in lines[home - 1] and f"{prev.start}–{prev.end}" in lines[home - 1]
    assert nxt.name in lines[home + 1] and f"{nxt.start}–{nxt.end}" in lines[home + 1]
    line = lines[home]
    assert line.startswith("  12:00–13:30  at home: nap in the cot")
    assert (
        f"leg home {visit.leg_home.minutes} min by car from {prev.name}, "
        f"{prev.end} → {visit.arrives}" in line
    )
    assert (
        f"leg out {nxt.travel_in.minutes} min by car to {nxt.name}, "
        f"{visit.departs} → {nxt.start}" in line
    )


def test_html_itinerary_and_timeline_show_the_home_break(nap_run):
    run = nap_run
    p = run.report.plan
    (visit,) = home_visits(p)
    html = report_html(run.report, run.request, run.steps, charts=False)
    rows = re.findall(r"<tr[^>]*>.*?</tr>", html)
    home_rows = [i for i, r in enumerate(rows) if 'class="dp-home-break"' in r]
    assert len(home_rows) == 1
    row = unescape(re.sub(r"<[^>]+>", " ", rows[home_rows[0]]))
    assert "12:00–13:30" in row and "at home" in row and "nap in the cot" in row
    assert f"leg home: {visit.leg_home.minutes} min by car from {visit.from_stop}" in row
    assert f"leg out: {visit.leg_out.minutes} min by car to {visit.to_stop}" in row
    # the row sits between the stop before and the stop after (row 0 is the header)
    assert p.stops[visit.after - 1].name in unescape(rows[home_rows[0] - 1])
    assert p.stops[visit.after].name in unescape(rows[home_rows[0] + 1])

    ctx = context_for(run.report, run.request, run.steps)
    (home,) = ctx.home_breaks
    assert (home.label, home.start, home.end) == ("nap in the cot", 12 * 60, 13 * 60 + 30)
    assert home.leg_home == visit.leg_home.minutes
    assert home.leaves == _hm(visit.leaves)
    # the map's route goes home between the two stops, not stop to stop
    path = route(ctx)
    assert path.count(ctx.home) == 3  # start, the nap, the end of the day
    i = path.index(ctx.home, 1)
    points = [s.point for s in ctx.stops]
    assert path[i - 1] == points[visit.after - 1] and path[i + 1] == points[visit.after]


def test_timeline_draws_home_bar_and_leg_home(nap_run):
    from dayplan.ui.report_view import timeline_figure

    run = nap_run
    ctx = context_for(run.report, run.request, run.steps)
    fig = timeline_figure(ctx)
    ax = fig.axes[0]
    bars = [(round(b.get_x()), round(b.get_width())) for b in ax.patches if b.get_height() > 0]
    home = ctx.home_breaks[0]
    assert (home.start, home.end - home.start) in bars  # time at home
    assert (home.leaves, home.leg_home) in bars  # the leg home
    assert "at home" in [t.get_text() for t in ax.get_legend().get_texts()]
    assert "home" in [t.get_text() for t in ax.texts]


def test_a_plan_without_home_breaks_has_no_home_rows():
    report = DayPlanReport.model_validate(
        {
            "status": "complete",
            "model": "offline",
            "run_id": "r1",
            "plan": {
                "stops": [],
                "travel_home": {"minutes": 0, "mode": "car"},
                "totals": {"cost": 0, "currency": "AUD", "travel_minutes": 0, "home_by": "09:00"},
            },
        }
    )
    assert home_visits(report.plan) == [] and home_visits(None) == []
    assert "at home:" not in render_report(report)
    assert 'class="dp-home-break"' not in report_html(report, charts=False)


def test_trailing_home_break_stays_home():
    report = DayPlanReport.model_validate(
        {
            "status": "complete",
            "model": "offline",
            "run_id": "r2",
            "plan": {
                "stops": [
                    {
                        "venue_id": "new-farm-park",
                        "name": "New Farm Park",
                        "start": "14:00",
                        "end": "15:00",
                        "indoor": False,
                        "cost": {"amount": 0, "currency": "AUD"},
                        "travel_in": {"minutes": 12, "mode": "walk"},
                    }
                ],
                "home_breaks": [
                    {
                        "label": "dinner at home",
                        "start": "15:30",
                        "end": "17:00",
                        "travel_in": {"minutes": 12, "mode": "walk"},
                    }
                ],
                "travel_home": {"minutes": 0, "mode": "walk"},
                "totals": {"cost": 0, "currency": "AUD", "travel_minutes": 24, "home_by": "15:12"},
            },
        }
    )
    (visit,) = home_visits(report.plan)
    assert visit.after == 1 and visit.leg_out is None
    line = render_report(report).splitlines()[4]
    assert line == (
        "  15:30–17:00  at home: dinner at home  (leg home 12 min on foot from New Farm Park, "
        "15:00 → 15:12; leg out none, no stop follows (the party stays home))"
    )


# --- what I read ------------------------------------------------------------------------------


def test_reading_value_in_words():
    assert reading_value({"start": "12:00", "end": "14:00", "label": "nap", "at_home": True}) == (
        "12:00–14:00 nap at home"
    )
    assert reading_value({"amount": 15.0, "currency": "AUD", "per_person": True}) == (
        "AUD 15 per person"
    )
    assert reading_value(3) == "3" and reading_value("all_day") == "all_day"


def test_text_and_html_show_the_same_readings_with_quotes(text_run):
    report = text_run.report
    summary = what_i_read(report)
    fields = {r.field: r for r in summary.read}
    assert fields["window_end"].value == "16:00" and fields["window_end"].quote == "home by 4pm"
    assert fields["budget"].value == "AUD 80"
    assert fields["adults"].value == "2" and fields["children"].value == "2"
    assert fields["location"].value == "New Farm"
    for r in summary.read:
        assert r.quote.lower() in PARENT_TEXT.lower()  # every quote is from the text

    text = render_report(report)
    block = text.split("What I read from your request:\n", 1)[1].split("\n\n", 1)[0]
    assert block.splitlines() == [f"  - {item}" for item in summary.reading_items()]
    assert '  - window_end: 16:00  ("home by 4pm")' in block.splitlines()

    html = reading_html(report)
    assert html.startswith('<div class="dp-reading"><h3>What I read from your request</h3>')
    table = re.search(r'<table class="dp-readings">(.*?)</table>', html).group(1)
    rows = [
        [unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", table)
    ]
    rows = [r for r in rows if r]  # the header row has <th> cells only
    assert rows == [[r.field, r.value, f"“{r.quote}”"] for r in summary.read]
    for phrase in summary.unread:
        assert f"“{phrase}”" in unescape(html)
    assert "Assumed (because nothing was said) and resolved by code" in html
    for assumption in report.assumptions:
        assert f"<li>{assumption}</li>" in unescape(html)
    # the whole report carries the section once, and no second Assumptions list
    full = report_html(report, text_run.request, text_run.steps, charts=False)
    assert full.count("What I read from your request") == 1
    assert "<h3>Assumptions</h3>" not in full


def test_an_unread_phrase_is_asked_about_and_listed_in_both_views():
    run = plan(PlanRequest.model_validate({"text": UNCLEAR_TEXT, "now": PIN}))
    report = run.report
    assert report.status == "needs_clarification" and report.unread == ["something at 3"]
    assert any("something at 3" in q for q in report.questions)
    summary = what_i_read(report)
    assert summary.unread == ("something at 3",)
    assert {r.field for r in summary.read} >= {"window_end", "budget", "adults", "children"}
    text = render_report(report)
    assert '  - not read: "something at 3"' in text
    html = reading_html(report)
    assert '<ul class="dp-unread"><li class="dp-quote">“something at 3”</li></ul>' in html
    # nothing was planned, so the only assumption is the reading's: "80 bucks" has no currency
    assert html.count("<li>", html.index('class="dp-assumed"')) == 1
    assert "read as AUD 80 (no currency was said" in html


def test_unread_phrase_is_listed_in_both_views():
    report = DayPlanReport.model_validate(
        {
            "status": "complete",
            "model": "offline",
            "run_id": "r3",
            "plan": {
                "stops": [],
                "travel_home": {"minutes": 0, "mode": "car"},
                "totals": {"cost": 0, "currency": "AUD", "travel_minutes": 0, "home_by": "09:00"},
            },
            "unread": ["lunch with Nana <around one-ish>"],
            "assumptions": ["No budget given; costs are shown but not capped"],
        }
    )
    text = render_report(report)
    assert '  - not read: "lunch with Nana <around one-ish>"' in text
    html = reading_html(report)
    assert "Nothing in the text could be read as a constraint." in html
    assert "“lunch with Nana &lt;around one-ish&gt;”" in html  # escaped, quoted
    assert "<li>No budget given; costs are shown but not capped</li>" in html


def test_no_text_no_reading_section_only_assumptions(nap_run):
    bare = nap_run.report.model_copy(update={"readings": [], "unread": []})
    html = reading_html(bare)
    assert "What I read" not in html and html.startswith('<div class="dp-reading"><h3>Assumptions')
    assert "What I read" not in render_report(bare)
    empty = bare.model_copy(update={"assumptions": []})
    assert reading_html(empty) == ""


def test_readings_a_structured_field_won_over_are_shown_with_the_run_steps():
    run = plan(case_request("nap_at_home_in_the_cot"))
    report = run.report
    assert report.readings == []  # every reading was overridden by a structured field
    step = next(s for s in run.steps if s.tool == "record_reading")
    overridden = step.response["overridden"]
    window = next(o for o in overridden if o["field"] == "window_end")
    assert (window["value"], window["quote"], window["by"]) == ("17:00", "home by 5", "window")
    summary = what_i_read(report, run.steps)
    assert [(o.line.field, o.line.quote, o.by) for o in summary.overridden] == [
        (o["field"], o["quote"], o["by"]) for o in overridden
    ]
    assert what_i_read(report).overridden == ()  # the report alone does not carry them
    text = render_report(report, steps=run.steps)
    assert '  - window_end: 17:00  ("home by 5")  (not used: the request\'s window wins)' in text
    assert "What I read" not in render_report(report)
    html = reading_html(report, run.steps)
    table = re.search(r'<table class="dp-overridden">(.*?)</table>', html).group(1)
    assert (
        '<tr><td><code>window_end</code></td><td>17:00</td><td class="dp-quote">“home by 5”'
        "</td><td>the request's <code>window</code></td></tr>" in table
    )
    assert "Nothing in the text could be read" not in html
