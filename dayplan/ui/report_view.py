"""The visual report: one self-contained HTML string for a served ``DayPlanReport``.

It shows a status badge, the itinerary as a table (home breaks as rows with the legs home and
out), a timeline chart (stops, time at home, travel legs, rain and blocked windows shaded, the
home deadline as a line), a plot of stops and legs by coordinates, "What I read from your
request" (the verified readings with their quotes, the unread phrases, what was assumed), the
sources as links, and the questions or constraint failures in plain words.
Charts are drawn with matplotlib (Agg, no display needed) and embedded as base64 PNG, so the
same string works in a notebook (``IPython.display.HTML``), in a Voila app and in a file written
by ``python -m dayplan plan REQUEST --html FILE``.

Times are local ``HH:MM``; durations whole minutes; money in the report's currency.
"""

from __future__ import annotations

import base64
import io
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.patches import Patch
from PIL import Image

from dayplan import data
from dayplan.agent.events import ToolStep, format_trace
from dayplan.contract import DayPlanReport, PlanRequest, hhmm_to_minutes
from dayplan.core.places import resolve_place
from dayplan.ui.map_view import offline_map_figure
from dayplan.ui.summary import (
    ASSUMED_TITLE,
    OVERRIDDEN_TITLE,
    READ_TITLE,
    UNREAD_TITLE,
    AwayVisit,
    HomeVisit,
    away_visits,
    counted_from,
    home_visits,
    what_i_read,
)

if TYPE_CHECKING:
    from dayplan.service.run import PlanRun

__all__ = [
    "ChartHome",
    "ReportContext",
    "context_for",
    "reading_html",
    "map_png",
    "report_html",
    "run_html",
    "timeline_figure",
    "timeline_png",
]

STATUS_STYLE = {
    "complete": ("Complete", "#1b7f3b"),
    "needs_clarification": ("Needs clarification", "#b26a00"),
    "no_feasible_plan": ("No feasible plan", "#b3261e"),
}
CHECK_TOOLS = ("check_plan", "arrange_plan")
HOME_COLOUR = "#6a4c93"


@dataclass
class ChartStop:
    """A stop as drawn: name, local minutes, indoor flag, minutes of travel into it, coordinates."""

    venue_id: str
    name: str
    start: int
    end: int
    indoor: bool
    travel_in: int
    point: tuple[float, float] | None


@dataclass
class ChartHome:
    """Time at home inside the day (an at-home blocked window), local minutes: ``start``/``end``
    of the window, ``leg_home`` minutes of travel home leaving at ``leaves`` (the previous stop's
    end; ``None`` when no stop comes before)."""

    label: str
    start: int
    end: int
    leg_home: int
    leaves: int | None


@dataclass
class ReportContext:
    """What the charts need beyond the report: the day window (minutes after midnight), blocked
    and rain windows ``(start, end, label)``, home coordinates, the stops to draw and the home
    breaks (``ChartHome``: time at home and the leg home; the leg out is the next stop's).

    ``proposal`` is True when there is no served plan and the stops are the last checked (and
    rejected) proposal.
    """

    window: tuple[int, int] | None
    blocked: list[tuple[int, int, str]] = field(default_factory=list)
    rain: list[tuple[int, int, str]] = field(default_factory=list)
    home: tuple[float, float] | None = None
    home_name: str = "home"
    stops: list[ChartStop] = field(default_factory=list)
    travel_home: int = 0
    home_by: int | None = None
    proposal: bool = False
    home_breaks: list[ChartHome] = field(default_factory=list)
    appointments: list[ChartHome] = field(default_factory=list)
    """Away appointments the itinerary passes (place unknown, counted at home: ``leg_home`` is
    the leg towards one, counted to home)."""


def _minutes(value: Any) -> int | None:
    try:
        return hhmm_to_minutes(str(value))
    except (TypeError, ValueError):
        return None


def _windows(items: Any) -> list[tuple[int, int, str]]:
    out = []
    for item in items or []:
        raw = item if isinstance(item, dict) else item.model_dump()
        start, end = _minutes(raw.get("start")), _minutes(raw.get("end"))
        if start is not None and end is not None and end > start:
            out.append((start, end, str(raw.get("label") or "")))
    return out


def _last_check(steps: Sequence[ToolStep] | None) -> dict[str, Any] | None:
    for step in reversed(list(steps or [])):
        r = step.response
        if (
            step.tool in CHECK_TOOLS
            and r
            and r.get("ok", True)
            and ("stops" in r or "constraints" in r)
        ):
            return r
    return None


def _home(request: PlanRequest | None, report: DayPlanReport) -> tuple[tuple | None, str]:
    gaz = data.gazetteer()
    if request is not None and request.home is not None:
        if isinstance(request.home, str):
            place = resolve_place(request.home, gaz)
            if place:
                return place.point, f"home ({place.name})"
        else:
            return (request.home.lat, request.home.lon), "home"
    for name in (report.location, request.location if request else None):
        place = resolve_place(name, gaz) if name else None
        if place:
            return place.point, f"home ({place.name}, assumed)"
    return None, "home"


def context_for(
    report: DayPlanReport,
    request: PlanRequest | None = None,
    steps: Sequence[ToolStep] | None = None,
) -> ReportContext:
    """Collect what the charts draw. Windows come from the last ``check_plan`` (the constraints
    the plan was proved against), else from ``request``; venue coordinates from
    ``dayplan.data.venues()`` by ``venue_id``; home from the request or the gazetteer."""
    check = _last_check(steps)
    cons = (check or {}).get("constraints") or {}
    window = None
    if cons.get("window"):
        start, end = _minutes(cons["window"].get("start")), _minutes(cons["window"].get("end"))
        window = (start, end) if start is not None and end is not None else None
    elif request is not None and request.window is not None:
        window = (hhmm_to_minutes(request.window.start), hhmm_to_minutes(request.window.end))
    if cons:
        blocked, rain = _windows(cons.get("blocked")), _windows(cons.get("rain"))
    else:
        blocked = _windows(request.blocked) if request else []
        rain = _windows(request.weather.rain) if request and request.weather else []
    points = {v.id: v.point for v in data.venues()}
    home, home_name = _home(request, report)
    ctx = ReportContext(window, blocked, rain, home, home_name)
    if report.plan is not None:
        raw_stops = [s.model_dump() for s in report.plan.stops]
        raw_breaks = [b.model_dump() for b in report.plan.home_breaks]
        raw_away = [a.model_dump() for a in report.plan.appointments]
        ctx.travel_home = report.plan.travel_home.minutes
        ctx.home_by = _minutes(report.plan.totals.home_by)
    elif check and check.get("stops"):
        raw_stops = list(check["stops"])
        raw_breaks = list(check.get("home_breaks") or [])
        raw_away = list(check.get("appointments") or [])
        ctx.travel_home = int((check.get("travel_home") or {}).get("minutes") or 0)
        ctx.home_by = _minutes((check.get("totals") or {}).get("home_by"))
        ctx.proposal = True
    else:
        raw_stops, raw_breaks, raw_away = [], [], []
    for s in raw_stops:
        start, end = _minutes(s.get("start")), _minutes(s.get("end"))
        if start is None or end is None:
            continue
        vid = str(s.get("venue_id") or "")
        ctx.stops.append(
            ChartStop(
                venue_id=vid,
                name=str(s.get("name") or s.get("activity") or vid or "stop"),
                start=start,
                end=end,
                indoor=bool(s.get("indoor", True)),
                travel_in=int((s.get("travel_in") or {}).get("minutes") or 0),
                point=points.get(vid),
            )
        )
    ctx.home_breaks = _chart_homes(raw_breaks, ctx.stops)
    ctx.appointments = _chart_homes(raw_away, ctx.stops)
    return ctx


def _chart_homes(raw: list[dict[str, Any]], stops: list[ChartStop]) -> list[ChartHome]:
    out = []
    for b in raw:
        start, end = _minutes(b.get("start")), _minutes(b.get("end"))
        if start is None or end is None:
            continue
        before = [s.end for s in stops if s.end <= start]
        out.append(
            ChartHome(
                label=str(b.get("label") or "home"),
                start=start,
                end=end,
                leg_home=int((b.get("travel_in") or {}).get("minutes") or 0),
                leaves=max(before) if before else None,
            )
        )
    return sorted(out, key=lambda h: h.start)


def _png(fig: Figure) -> bytes:
    """The figure as PNG, quantized to 64 colours (a third of the size, no visible change)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    small = io.BytesIO()
    Image.open(io.BytesIO(buf.getvalue())).convert("RGB").quantize(colors=64).save(
        small, format="PNG", optimize=True
    )
    return small.getvalue()


def _hhmm(minutes: float) -> str:
    m = int(round(minutes))
    return f"{m // 60:02d}:{m % 60:02d}"


def timeline_png(
    report: DayPlanReport,
    request: PlanRequest | None = None,
    steps: Sequence[ToolStep] | None = None,
) -> bytes | None:
    """The day as a timeline PNG (see ``timeline_figure``); ``None`` when there is nothing to
    draw."""
    fig = timeline_figure(context_for(report, request, steps))
    return _png(fig) if fig is not None else None


def timeline_figure(ctx: ReportContext) -> Figure | None:
    """The day as a timeline: stops as numbered bars (green indoor, orange outdoor; the name in
    the bar when it fits) with every stop listed in full under the chart, time at home (an
    at-home blocked window the itinerary went home for) as a purple "home" bar, travel legs as
    grey bars before each stop, home before each home break and after the last stop, rain windows shaded blue, blocked windows hatched,
    the home deadline as a red line, the legend right of the data. ``None`` when there is
    nothing to draw."""
    if ctx.window is None and not ctx.stops:
        return None
    spans = [s.start - s.travel_in for s in ctx.stops] + [s.end for s in ctx.stops]
    if ctx.window:
        spans += list(ctx.window)
    if ctx.home_by is not None:
        spans.append(ctx.home_by)
    lo = max(0, (min(spans) // 60) * 60 - 30)
    hi = min(24 * 60, -(-max(spans) // 60) * 60 + 30)

    fig = Figure(figsize=(10, 2.6))
    ax = fig.add_subplot()
    minute_chars = 8.6 * 72 / (hi - lo) / 5.2  # ~8.6 in of axis, ~5.2 pt per 8 pt character
    rows = {"stops": 1.0, "travel": 0.0}
    for start, end, _label in ctx.rain:
        ax.axvspan(start, end, color="#4a90d9", alpha=0.18, lw=0)
    for start, end, _label in ctx.blocked:
        ax.axvspan(start, end, facecolor="none", edgecolor="#777", hatch="///", lw=0)
    if ctx.window:
        ax.axvline(ctx.window[0], color="#555", lw=1, ls=":")
        ax.axvline(ctx.window[1], color="#c62828", lw=2)
    for i, stop in enumerate(ctx.stops, 1):
        colour = "#2e7d32" if stop.indoor else "#ef6c00"
        if ctx.proposal:
            colour = "#9e9e9e"
        ax.barh(
            rows["stops"], stop.end - stop.start, left=stop.start, height=0.6, color=colour,
            edgecolor="black", lw=0.6,
        )  # fmt: skip
        width = stop.end - stop.start
        room = int(width * minute_chars)  # characters that fit in the bar
        label = f"{i}. {stop.name}" if len(f"{i}. {stop.name}") <= room else f"{i}"
        ax.text(
            stop.start + width / 2, rows["stops"], label, ha="center", va="center",
            fontsize=8, color="white", fontweight="bold",
        )  # fmt: skip
        if stop.travel_in:
            ax.barh(
                rows["travel"], stop.travel_in, left=stop.start - stop.travel_in, height=0.35,
                color="#607d8b",
            )  # fmt: skip
    for home in ctx.home_breaks:
        ax.barh(
            rows["stops"], home.end - home.start, left=home.start, height=0.6, color=HOME_COLOUR,
            edgecolor="black", lw=0.6,
        )  # fmt: skip
        ax.text(
            (home.start + home.end) / 2, rows["stops"], "home", ha="center", va="center",
            fontsize=8, color="white", fontweight="bold",
        )  # fmt: skip
        if home.leg_home and home.leaves is not None:
            ax.barh(rows["travel"], home.leg_home, left=home.leaves, height=0.35, color="#607d8b")
    if ctx.stops and ctx.travel_home:
        ax.barh(
            rows["travel"], ctx.travel_home, left=ctx.stops[-1].end, height=0.35, color="#607d8b"
        )
    if ctx.home_by is not None:
        ax.annotate(
            f"home {_hhmm(ctx.home_by)}", (ctx.home_by, rows["travel"]), xytext=(4, -14),
            textcoords="offset points", fontsize=8,
        )  # fmt: skip
    for start, end, label in ctx.blocked:
        if label:
            ax.text((start + end) / 2, 1.55, label, ha="center", va="center", fontsize=8)
    ax.set_xlim(lo, hi)
    ax.set_ylim(-0.6, 1.8)
    ax.set_yticks([rows["travel"], rows["stops"]], ["travel", "stops"])
    ticks = list(range(int(lo // 60 + 1) * 60, int(hi) + 1, 60))
    ax.set_xticks(ticks, [_hhmm(t) for t in ticks], fontsize=8)
    ax.grid(axis="x", color="#ddd", lw=0.5)
    ax.set_axisbelow(True)
    handles = []  # only what is drawn
    if ctx.proposal and ctx.stops:
        handles.append(Patch(color="#9e9e9e", label="rejected proposal"))
    elif ctx.stops:
        if any(s.indoor for s in ctx.stops):
            handles.append(Patch(color="#2e7d32", label="indoor stop"))
        if not all(s.indoor for s in ctx.stops):
            handles.append(Patch(color="#ef6c00", label="outdoor stop"))
    if ctx.home_breaks:
        handles.append(Patch(color=HOME_COLOUR, label="at home"))
    if (
        any(s.travel_in for s in ctx.stops)
        or ctx.travel_home
        or any(h.leg_home for h in ctx.home_breaks)
    ):
        handles.append(Patch(color="#607d8b", label="travel leg"))
    if ctx.rain:
        handles.append(Patch(color="#4a90d9", alpha=0.3, label="rain"))
    if ctx.blocked:
        handles.append(Patch(facecolor="none", edgecolor="#777", hatch="///", label="blocked"))
    if ctx.window:
        handles.append(Patch(color="#c62828", label="home deadline"))
    if handles:  # outside the data, right of the axes
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    title = "The day" if not ctx.proposal else "The proposal check_plan rejected"
    ax.set_title(title, fontsize=10, loc="left")
    _stop_key(fig, ctx)
    return fig


def _stop_key(fig: Figure, ctx: ReportContext) -> None:
    """The numbered stops written out in full under the timeline (names are never cut)."""
    if not ctx.stops:
        return
    timed = [
        (s.start, f"{i}. {_hhmm(s.start)}–{_hhmm(s.end)} {s.name}")
        for i, s in enumerate(ctx.stops, 1)
    ]
    timed += [(h.start, f"home {_hhmm(h.start)}–{_hhmm(h.end)} {h.label}") for h in ctx.home_breaks]
    items = [t for _, t in sorted(timed, key=lambda x: x[0])]
    cols = 2 if len(items) > 3 else 1
    per = -(-len(items) // cols)
    for c in range(cols):
        chunk = items[c * per : (c + 1) * per]
        text = "\n".join(
            textwrap.fill(t, 60 if cols == 2 else 110, subsequent_indent="     ") for t in chunk
        )
        fig.text(0.08 + c * 0.46, -0.02, text, va="top", ha="left", fontsize=8, linespacing=1.5)


def map_png(
    report: DayPlanReport,
    request: PlanRequest | None = None,
    steps: Sequence[ToolStep] | None = None,
) -> bytes | None:
    """The offline map (``dayplan.ui.map_view.offline_map_figure``): stops and legs over the
    simplified Brisbane River outline and gazetteer suburb names, home where it is assumed.
    ``None`` when no stop has known coordinates."""
    fig = offline_map_figure(context_for(report, request, steps))
    return _png(fig) if fig is not None else None


def _img(png: bytes | None, alt: str) -> str:
    if not png:
        return ""
    b64 = base64.b64encode(png).decode("ascii")
    return f'<img class="dp-chart" alt="{escape(alt)}" src="data:image/png;base64,{b64}">'


def _safe_url(url: str) -> str | None:
    return url if url.startswith(("https://", "http://")) else None


CSS = """
<style>
.dp-report{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:14px;
  color:#1d1d1d;max-width:1100px;line-height:1.4}
.dp-report h3{margin:18px 0 6px;font-size:15px}
.dp-badge{display:inline-block;padding:3px 10px;border-radius:12px;color:#fff;font-weight:600}
.dp-head{font-size:15px;margin-bottom:4px}
.dp-meta{color:#555;font-size:12px}
.dp-report table{border-collapse:collapse;margin:4px 0}
div.dp-report table th,div.dp-report table td{border:0;border-bottom:1px solid #ddd;
  padding:4px 10px;text-align:left !important;vertical-align:top}
div.dp-report table tr{background:none}
div.dp-report table th{background:#f4f4f4}
div.dp-report table td.num,div.dp-report table th.num{text-align:right !important}
div.dp-report h3{font-size:15px;font-weight:600;margin:18px 0 6px}
.dp-chart{max-width:100%;display:block;margin:6px 0}
.dp-charts{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.dp-quote{font-style:italic}
div.dp-report table tr.dp-home-break{background:#f3eef9}
.dp-problem{border-left:4px solid #b3261e;background:#fdf3f2;padding:6px 12px}
.dp-question{border-left:4px solid #b26a00;background:#fff8eb;padding:6px 12px}
.dp-report code{background:#f2f2f2;padding:0 3px;border-radius:3px}
.dp-trace{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;white-space:pre;
  background:#f7f7f7;padding:6px 10px}
</style>
"""


def _money(amount: float, currency: str) -> str:
    return "free" if not amount else f"{currency} {amount:,.2f}".replace(".00", "")


def _itinerary(report: DayPlanReport) -> str:
    plan = report.plan
    if plan is None:
        return ""
    rows = []
    visits = sorted([*home_visits(plan), *away_visits(plan)], key=lambda v: v.start)
    for i, s in enumerate(plan.stops, 1):
        rows += [_home_row(v) for v in visits if v.after == i - 1]
        note = counted_from(plan, i - 1)
        rows.append(
            "<tr>"
            f"<td>{i}</td><td>{escape(s.start)}–{escape(s.end)}</td>"
            f"<td>{escape(s.name)}</td><td>{'indoor' if s.indoor else 'outdoor'}</td>"
            f'<td class="num">{escape(_money(s.cost.amount, s.cost.currency))}</td>'
            f"<td>{s.travel_in.minutes} min by {escape(s.travel_in.mode)}"
            f"{f'<br><small>{escape(note)}</small>' if note else ''}</td>"
            f"<td>{', '.join(f'<code>{escape(x)}</code>' for x in s.source_ids)}</td>"
            "</tr>"
        )
    rows += [_home_row(v) for v in visits if v.after == len(plan.stops)]
    t = plan.totals
    assumed = any(a.startswith("Home assumed") for a in report.assumptions)
    home = "<b>home</b>" + (" (assumed, see Assumptions)" if assumed else "")
    back = plan.travel_home
    leg = f"{back.minutes} min by {escape(back.mode)}" if back.minutes else "next door, no travel"
    rows.append(
        f"<tr><td></td><td>by {escape(t.home_by)}</td><td>{home}</td><td></td><td></td>"
        f"<td>{leg}</td><td></td></tr>"
    )
    rows.append(
        f'<tr><th></th><th colspan="3">Total</th><th class="num">'
        f"{escape(_money(t.cost, t.currency))}</th><th>{t.travel_minutes} min travelling</th>"
        "<th></th></tr>"
    )
    head = (
        "<tr><th>#</th><th>time</th><th>stop</th><th>where</th><th>cost</th>"
        "<th>travel in</th><th>sources</th></tr>"
    )
    why = f"<p><b>Why this plan:</b> {escape(plan.rationale)}</p>" if plan.rationale else ""
    return f'<h3>Itinerary</h3><table class="dp-itinerary">{head}{"".join(rows)}</table>{why}'


def _home_row(visit: HomeVisit | AwayVisit) -> str:
    """An itinerary row for time at home (the window, its label, the legs home and out), or for
    an away appointment (place unknown, counted at home: the leg towards it)."""
    if isinstance(visit, AwayVisit):
        leg = (
            "none, the day starts at home"
            if visit.from_stop is None
            else f"{visit.leg_in.minutes} min by {visit.leg_in.mode} from {visit.from_stop}, "
            "counted to home"
        )
        return (
            '<tr class="dp-appointment">'
            f"<td>◷</td><td>{escape(visit.start)}–{escape(visit.end)}</td>"
            f"<td><b>away</b>: {escape(visit.label)}</td><td>place unknown</td><td></td>"
            f"<td>counted at home; leg there: {escape(leg)}</td><td></td></tr>"
        )
    return (
        '<tr class="dp-home-break">'
        f"<td>⌂</td><td>{escape(visit.start)}–{escape(visit.end)}</td>"
        f"<td><b>at home</b>: {escape(visit.label)}</td><td>home</td><td></td>"
        f"<td>leg home: {escape(visit.home_text())}<br>leg out: {escape(visit.out_text())}</td>"
        "<td></td></tr>"
    )


def reading_html(report: DayPlanReport, steps: Sequence[ToolStep] | None = None) -> str:
    """What I read from your request (``dayplan.ui.summary.what_i_read``): the verified
    readings as a table of field, value and the exact quote; with ``steps``, the readings a
    structured field won over; the phrases that could not be read; and the served assumptions.
    ``""`` when there is none of these."""
    summary = what_i_read(report, steps)
    parts = []
    if summary.read:
        rows = "".join(
            f"<tr><td><code>{escape(r.field)}</code></td><td>{escape(r.value)}</td>"
            f'<td class="dp-quote">“{escape(r.quote)}”</td></tr>'
            for r in summary.read
        )
        parts.append(
            '<table class="dp-readings"><tr><th>field</th><th>value</th><th>quote</th></tr>'
            f"{rows}</table>"
        )
    if summary.overridden:
        rows = "".join(
            f"<tr><td><code>{escape(o.line.field)}</code></td><td>{escape(o.line.value)}</td>"
            f'<td class="dp-quote">“{escape(o.line.quote)}”</td>'
            f"<td>the request's <code>{escape(o.by)}</code></td></tr>"
            for o in summary.overridden
        )
        parts.append(
            f"<p><b>{escape(OVERRIDDEN_TITLE)}:</b></p>"
            '<table class="dp-overridden"><tr><th>field</th><th>read</th><th>quote</th>'
            f"<th>wins instead</th></tr>{rows}</table>"
        )
    if summary.unread:
        items = "".join(f'<li class="dp-quote">“{escape(u)}”</li>' for u in summary.unread)
        parts.append(f'<p><b>{escape(UNREAD_TITLE)}:</b></p><ul class="dp-unread">{items}</ul>')
    if summary.has_reading and not summary.read and not summary.overridden:
        parts.insert(0, "<p>Nothing in the text could be read as a constraint.</p>")
    if summary.assumed:
        items = "".join(f"<li>{escape(a)}</li>" for a in summary.assumed)
        title = f"<p><b>{escape(ASSUMED_TITLE)}:</b></p>" if summary.has_reading else ""
        parts.append(f'{title}<ul class="dp-assumed">{items}</ul>')
    if not parts:
        return ""
    head = READ_TITLE if summary.has_reading else "Assumptions"
    return f'<div class="dp-reading"><h3>{escape(head)}</h3>{"".join(parts)}</div>'


def _problems(report: DayPlanReport) -> str:
    parts = []
    if report.questions:
        items = "".join(f"<li>{escape(q)}</li>" for q in report.questions)
        parts.append(
            '<div class="dp-question"><h3>Questions before I can plan</h3>'
            "<p>The request leaves out something the plan depends on, so nothing was searched "
            f"or guessed. Please answer:</p><ul>{items}</ul></div>"
        )
    if report.constraint_failures:
        items = "".join(
            f"<li><code>{escape(f.code)}</code> {escape(f.detail)}</li>"
            for f in report.constraint_failures
        )
        parts.append(
            '<div class="dp-problem"><h3>Why no plan works</h3>'
            "<p>check_plan tested the best proposal against your constraints and proved these "
            f"failures:</p><ul>{items}</ul></div>"
        )
    return "".join(parts)


def _sources(report: DayPlanReport) -> str:
    if not report.sources:
        return ""
    items = []
    for s in report.sources:
        url = _safe_url(s.url)
        title = escape(s.title)
        link = (
            f'<a href="{escape(url)}" target="_blank" rel="noopener noreferrer">{title}</a>'
            if url
            else title
        )
        kind = "offline snapshot" if s.kind == "offline_snapshot" else "web"
        items.append(f"<li><code>{escape(s.id)}</code> {link} <small>({kind})</small></li>")
    return f'<h3>Sources</h3><ul class="dp-sources">{"".join(items)}</ul>'


SUGGESTION_SANDBOX = "allow-popups allow-popups-to-escape-sandbox"
"""The iframe sandbox of Google Search Suggestions: no scripts, no same-origin access, no
top-level navigation; only the chips' links may open (in a new tab, via ``<base>``)."""


def search_suggestions_html(report: DayPlanReport) -> str:
    """Google Search Suggestions of a live run, each rendered as Google sent it inside a
    sandboxed ``<iframe srcdoc>`` (third-party HTML never touches the page itself); ``""`` when
    the report has none (offline runs)."""
    if not report.search_suggestions:
        return ""
    frames = []
    for s in report.search_suggestions:
        doc = f'<base target="_blank">{s.rendered_content}'
        frames.append(
            f'<iframe class="dp-suggestions" sandbox="{SUGGESTION_SANDBOX}" '
            f'referrerpolicy="no-referrer" title="Google Search Suggestions for '
            f'{escape(s.query)}" srcdoc="{escape(doc, quote=True)}" '
            'style="width:100%;height:72px;border:0"></iframe>'
        )
    return (
        "<h3>Google Search Suggestions</h3><p><small>The web sources above came from Google "
        "Search grounding; these are its search suggestions.</small></p>" + "".join(frames)
    )


def report_html(
    report: DayPlanReport,
    request: PlanRequest | None = None,
    steps: Sequence[ToolStep] | None = None,
    *,
    charts: bool = True,
    full_page: bool = False,
) -> str:
    """The whole report as one HTML string (inline CSS, charts as base64 PNG).

    ``request`` and ``steps`` (the run's tool steps) add the windows, home and the tool path;
    without them the view shows what the report alone says. ``full_page`` wraps it in an HTML
    document (for files); otherwise it is a fragment for ``IPython.display.HTML``.
    """
    label, colour = STATUS_STYLE[report.status]
    model = "offline stand-in, not an LLM" if report.model == "offline" else report.model
    where = " · ".join(
        escape(x) for x in (report.date or "date not resolved", report.location) if x
    )
    parts = [
        CSS,
        '<div class="dp-report">',
        f'<div class="dp-head"><span class="dp-badge dp-status-{report.status}" '
        f'style="background:{colour}">{label}</span> {where}</div>',
        f'<div class="dp-meta">model: {escape(model)} · run <code>{escape(report.run_id)}</code>'
        + (
            f" · saved: {escape(report.saved.status)} ({escape(report.saved.verification_status)})"
            if report.saved
            else ""
        )
        + "</div>",
        _problems(report),
        _itinerary(report),
    ]
    if charts:
        imgs = [
            _img(timeline_png(report, request, steps), "timeline of the day"),
            _img(map_png(report, request, steps), "stops and legs on the offline map"),
        ]
        if any(imgs):
            parts.append(f'<div class="dp-charts">{"".join(imgs)}</div>')
    parts.append(reading_html(report, steps))
    parts.append(_sources(report))
    parts.append(search_suggestions_html(report))
    if steps:
        parts.append(f'<h3>Tool path</h3><div class="dp-trace">{escape(format_trace(steps))}</div>')
    parts.append("</div>")
    body = "\n".join(p for p in parts if p)
    if not full_page:
        return body
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>dayplan · {escape(label)}</title></head><body>{body}</body></html>"
    )


def rejected_html(rule: str, detail: str) -> str:
    """A run that a guardrail or boundary rule stopped: no report is served, and it says why."""
    return (
        f'{CSS}<div class="dp-report"><div class="dp-head"><span class="dp-badge" '
        'style="background:#5f6368">Rejected</span> no report served</div>'
        f'<div class="dp-problem"><p>The run was stopped by <code>{escape(rule)}</code>: '
        f"{escape(detail)}</p><p>Code refused to serve an answer the tool trace did not earn.</p>"
        "</div></div>"
    )


def run_html(run: PlanRun, *, full_page: bool = False) -> str:
    """``report_html`` for a whole ``PlanRun`` (request and steps included), or the rejection."""
    if run.report is None:
        rule = run.error.rule if run.error else "boundary"
        detail = run.error.detail if run.error else "no report"
        return rejected_html(rule, detail)
    return report_html(run.report, run.request, run.steps, full_page=full_page)
