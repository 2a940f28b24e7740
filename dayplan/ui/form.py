"""The request form: ipywidgets fields, a Plan button, live progress and the visual report.

The logic is in plain functions so it can be tested without a browser or a kernel:

- ``form_to_request(values) -> PlanRequest`` turns the form's values (a dict of strings, numbers
  and booleans, see ``FIELDS``) into a request, or raises ``FormError`` with one readable
  sentence naming the field;
- ``await run_form(values)`` validates, runs the plan through ``dayplan.service.run.run_plan`` and
  returns a ``FormOutcome`` with the HTML to show;
- ``build_form()`` returns a ``PlanForm`` whose Plan button does all of that and shows progress
  live (``Button.click()`` works without a kernel; in a notebook or Voila the run is scheduled on
  the kernel's running event loop, because widget callbacks are synchronous).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w
from pydantic import ValidationError

from dayplan.contract import PlanRequest
from dayplan.service.run import ModelSpecError, PlanRun, run_plan
from dayplan.ui.map_view import leaflet_map
from dayplan.ui.progress import ProgressStep, ProgressTracker, format_step
from dayplan.ui.report_view import context_for, run_html

__all__ = [
    "FIELDS",
    "FormError",
    "FormOutcome",
    "PlanForm",
    "build_form",
    "form_to_request",
    "request_to_values",
    "run_form",
]

#: Form field names, their labels and defaults. Windows are ``HH:MM``; ``budget`` is an amount
#: in ``currency`` ("" = no cap); ``max_leg_minutes`` 0 = no travel cap; ``blocked`` one window per
#: line (``13:00-14:00 nap``; ending in "at home", e.g. ``12:00-13:30 nap at home``, the day goes
#: home for it and out again); ``rain`` windows separated by commas or new lines; ``preferences``
#: comma separated; ``activities`` one per line (``name, minutes[, venue]``).
FIELDS: dict[str, tuple[str, Any]] = {
    "location": ("Location", "Brisbane"),
    "date": ("Date", "Saturday"),
    "now": ("Pin 'today'", ""),
    "window_start": ("Leave at", "09:00"),
    "window_end": ("Home by", "17:00"),
    "budget": ("Budget", ""),
    "currency": ("Currency", "AUD"),
    "adults": ("Adults", 2),
    "children": ("Children", 0),
    "travel_mode": ("Travel by", "car"),
    "max_leg_minutes": ("Max leg (min)", 30),
    "blocked": ("Blocked", ""),
    "rain": ("Rain", ""),
    "preferences": ("Preferences", ""),
    "activities": ("Must-do", ""),
    "text": ("Free text", ""),
    "save": ("Save the plan", False),
}

_WINDOW = re.compile(r"^\s*(\d{1,2}:\d{2})\s*(?:-|–|to)\s*(\d{1,2}:\d{2})\s*(.*)$")
_AT_HOME = re.compile(r"^(.*?)\s*\bat home$", re.IGNORECASE)
"""A blocked window's label ending in "at home" marks it ``at_home`` (the label keeps the rest)."""


class FormError(ValueError):
    """Bad form input; the message is one sentence naming the field (shown, never a traceback)."""


def _label(name: str) -> str:
    return FIELDS.get(name, (name, None))[0]


def _text(values: Mapping[str, Any], name: str) -> str:
    value = values.get(name)
    return "" if value is None else str(value).strip()


def _hhmm(value: str, name: str) -> str:
    m = re.match(r"^(\d{1,2}):(\d{2})$", value)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise FormError(f"{_label(name)}: {value!r} is not a time of day as HH:MM (e.g. 09:30).")
    return f"{int(m.group(1)):02d}:{m.group(2)}"


def _windows(raw: str, name: str, *, labels: bool) -> list[dict[str, str]]:
    out = []
    for chunk in re.split(r"[\n;]" if labels else r"[\n;,]", raw):
        if not chunk.strip():
            continue
        m = _WINDOW.match(chunk)
        if not m:
            raise FormError(
                f"{_label(name)}: {chunk.strip()!r} is not a window like 13:00-14:00"
                + (" nap" if labels else "")
                + "."
            )
        item: dict[str, Any] = {"start": _hhmm(m.group(1), name), "end": _hhmm(m.group(2), name)}
        label = m.group(3).strip()
        if labels:
            home = _AT_HOME.match(label)
            if home:  # "12:00-13:30 nap at home": the day goes home for it and out again
                item["at_home"] = True
                label = home.group(1).strip()
        if labels and label:
            item["label"] = label
        out.append(item)
    return out


def _int(values: Mapping[str, Any], name: str, default: int) -> int:
    raw = values.get(name, default)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return default
    try:
        number = float(raw)
    except (TypeError, ValueError):
        raise FormError(f"{_label(name)}: {raw!r} is not a whole number.") from None
    if number != int(number):
        raise FormError(f"{_label(name)}: {raw!r} is not a whole number.")
    return int(number)


def _activities(raw: str) -> list[dict[str, Any]]:
    out = []
    for line in raw.splitlines():
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 2 or not parts[1].isdigit():
            raise FormError(
                f"Must-do: {line.strip()!r} should read 'name, minutes' or 'name, minutes, venue'."
            )
        item: dict[str, Any] = {"name": parts[0], "duration_minutes": int(parts[1])}
        if len(parts) > 2 and parts[2]:
            item["venue"] = ", ".join(parts[2:])
        out.append(item)
    return out


def _validation_message(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = [str(p) for p in err["loc"]]
    names = {
        "window": "Leave at / Home by",
        "budget": "Budget",
        "party": "Adults / Children",
        "travel": "Travel",
        "blocked": "Blocked",
        "weather": "Rain",
        "activities": "Must-do",
        "preferences": "Preferences",
        "now": "Pin 'today'",
        "location": "Location",
        "date": "Date",
        "text": "Free text",
    }
    field_name = names.get(loc[0], loc[0]) if loc else "Request"
    msg = str(err["msg"]).removeprefix("Value error, ")
    return f"{field_name}: {msg}."


def form_to_request(values: Mapping[str, Any]) -> PlanRequest:
    """Turn form values (keys from ``FIELDS``; missing keys take no value) into a ``PlanRequest``.

    Empty fields are left out so the planner states its own assumption. Raises ``FormError`` with
    one sentence naming the field on bad input (never another exception).
    """
    body: dict[str, Any] = {"text": _text(values, "text")}
    for name in ("location", "date"):
        if _text(values, name):
            body[name] = _text(values, name)
    if _text(values, "now"):
        body["now"] = _text(values, "now")
    start, end = _text(values, "window_start"), _text(values, "window_end")
    if start or end:
        if not (start and end):
            raise FormError("Leave at / Home by: give both times, or neither.")
        body["window"] = {
            "start": _hhmm(start, "window_start"),
            "end": _hhmm(end, "window_end"),
        }
    budget = _text(values, "budget")
    if budget:
        try:
            amount = float(budget.replace(",", "").removeprefix("$"))
        except ValueError:
            raise FormError(f"Budget: {budget!r} is not an amount (e.g. 100).") from None
        body["budget"] = {"amount": amount, "currency": _text(values, "currency").upper() or "AUD"}
    adults, children = _int(values, "adults", 1), _int(values, "children", 0)
    body["party"] = {"adults": adults, "children": children}
    cap = _int(values, "max_leg_minutes", 0)
    travel: dict[str, Any] = {"mode": _text(values, "travel_mode") or "car"}
    if cap:
        travel["max_leg_minutes"] = cap
    body["travel"] = travel
    body["blocked"] = _windows(_text(values, "blocked"), "blocked", labels=True)
    rain = _windows(_text(values, "rain"), "rain", labels=False)
    if rain:
        body["weather"] = {"rain": rain}
    prefs = values.get("preferences") or ""
    if isinstance(prefs, str):
        prefs = [p.strip() for p in re.split(r"[,\n]", prefs)]
    body["preferences"] = [p for p in prefs if p]
    body["activities"] = _activities(_text(values, "activities"))
    body["save"] = bool(values.get("save", False))
    try:
        return PlanRequest.model_validate(body)
    except ValidationError as exc:
        raise FormError(_validation_message(exc)) from None


def request_to_values(request: PlanRequest) -> dict[str, Any]:
    """The inverse of ``form_to_request``: form values that show ``request`` (to prefill the form
    from a case). Fields the form has no widget for (``home``, ``timezone``) are dropped."""
    values: dict[str, Any] = {name: default for name, (_, default) in FIELDS.items()}
    values.update(
        text=request.text,
        location=request.location or "",
        date=request.date or "",
        now=request.now.isoformat() if request.now else "",
        window_start=request.window.start if request.window else "",
        window_end=request.window.end if request.window else "",
        budget=f"{request.budget.amount:g}" if request.budget else "",
        currency=request.budget.currency if request.budget else "AUD",
        adults=request.party.adults if request.party else 1,
        children=request.party.children if request.party else 0,
        travel_mode=request.travel.mode if request.travel else "car",
        max_leg_minutes=(request.travel.max_leg_minutes or 0) if request.travel else 0,
        blocked="\n".join(
            f"{b.start}-{b.end} {b.label or ''}{' at home' if b.at_home else ''}".strip()
            for b in request.blocked
        ),
        rain=", ".join(f"{r.start}-{r.end}" for r in request.weather.rain)
        if request.weather
        else "",
        preferences=", ".join(request.preferences),
        activities="\n".join(
            ", ".join([a.name, str(a.duration_minutes)] + ([a.venue] if a.venue else []))
            for a in request.activities
        ),
        save=request.save,
    )
    return values


@dataclass
class FormOutcome:
    """What pressing Plan produced: the ``html`` to show, the ``error`` sentence if the input was
    bad (then ``run`` is ``None``), the ``run`` otherwise."""

    html: str
    error: str | None = None
    run: PlanRun | None = None
    request: PlanRequest | None = None


def error_html(message: str) -> str:
    """A bad-input message as a small red box (no traceback)."""
    return (
        '<div class="dp-form-error" style="border-left:4px solid #b3261e;background:#fdf3f2;'
        f'padding:6px 12px;font-family:system-ui,sans-serif">{escape(message)}</div>'
    )


async def run_form(
    values: Mapping[str, Any],
    *,
    model: Any = "offline",
    on_event: Callable[[Any], None] | None = None,
) -> FormOutcome:
    """Validate ``values``, run the plan and return the HTML report (or the error to show).

    ``on_event`` receives every ADK event while the agent works (see ``ProgressTracker``).
    Never raises for bad input or a rejected run.
    """
    try:
        request = form_to_request(values)
    except FormError as exc:
        return FormOutcome(error_html(str(exc)), error=str(exc))
    try:
        run = await run_plan(request, model=model, on_event=on_event)
    except ModelSpecError as exc:
        return FormOutcome(error_html(str(exc)), error=str(exc), request=request)
    return FormOutcome(run_html(run), run=run, request=request)


def _make_widget(name: str, default: Any) -> w.Widget:
    label = FIELDS[name][0]
    style = {"description_width": "110px"}
    widths = {"window_start": "230px", "window_end": "230px", "budget": "330px"}
    wide = w.Layout(width=widths.get(name, "95%"), max_width="760px")
    if name == "travel_mode":
        return w.Dropdown(
            options=["car", "transit", "walk"], value=default, description=label, style=style,
            layout=w.Layout(width="260px"),
        )  # fmt: skip
    if name in ("currency", "adults", "children"):
        style = {"description_width": "70px"}
    if name == "currency":
        return w.Text(value=default, description=label, style=style, layout=w.Layout(width="160px"))
    if name in ("adults", "children", "max_leg_minutes"):
        return w.BoundedIntText(
            value=default, min=0, max=600 if name == "max_leg_minutes" else 50,
            description=label, style=style, layout=w.Layout(width="160px" if name != "max_leg_minutes" else "230px"),
        )  # fmt: skip
    if name == "save":
        return w.Checkbox(value=default, description=label, indent=False)
    placeholders = {
        "date": "Saturday, tomorrow or 2026-12-05",
        "now": "optional ISO datetime, e.g. 2026-11-29T09:00:00+10:00",
        "budget": "e.g. 100 (empty: no cap)",
        "blocked": "one per line: 13:00-14:00 nap (or: 12:00-13:30 nap at home)",
        "rain": "e.g. 11:00-15:00",
        "preferences": "e.g. museums, indoor play",
        "activities": "one per line: name, minutes[, venue]",
        "text": "Plan my Saturday in Brisbane for the family ...",
    }
    kwargs = {"value": str(default), "description": label, "style": style, "layout": wide}
    kwargs["placeholder"] = placeholders.get(name, "")
    if name in ("blocked", "activities", "text"):
        return w.Textarea(rows=2, **kwargs)
    return w.Text(**kwargs)


@dataclass
class PlanForm:
    """The widgets of the playground form. ``widget`` is the whole thing to display; ``fields``
    maps ``FIELDS`` names to their input widgets; ``progress`` is the Output the live steps are
    written to; ``report`` an HTML widget with the report (or the input error)."""

    fields: dict[str, w.Widget]
    button: w.Button
    status: w.HTML
    progress: w.Output
    report: w.HTML
    widget: w.Widget
    model: Any = "offline"
    last: FormOutcome | None = None
    tracker: ProgressTracker | None = None
    tasks: set[asyncio.Task] = field(default_factory=set)
    map_box: w.Box | None = None

    def values(self) -> dict[str, Any]:
        """The current form values (a dict for ``form_to_request``)."""
        return {name: widget.value for name, widget in self.fields.items()}

    def fill(self, values: Mapping[str, Any]) -> None:
        """Set the fields from ``values`` (e.g. ``request_to_values(case_request)``)."""
        for name, value in values.items():
            if name in self.fields:
                self.fields[name].value = value

    def _on_step(self, step: ProgressStep) -> None:
        if step.finished:
            self.progress.append_stdout(format_step(step) + "\n")

    async def submit(self) -> FormOutcome:
        """Run the current values; progress lines appear live, then the report is shown."""
        self.button.disabled = True
        self.progress.outputs = ()
        self.report.value = ""
        self.status.value = "<i>Planning… each tool step appears below as it finishes.</i>"
        tracker = self.tracker = ProgressTracker(self._on_step)
        try:
            outcome = await run_form(self.values(), model=self.model, on_event=tracker)
        except Exception as exc:  # never show a traceback to a learner
            message = f"Something went wrong while planning: {type(exc).__name__}: {exc}"[:400]
            outcome = FormOutcome(error_html(message), error=message)
        finally:
            self.button.disabled = False
        self.last = outcome
        if outcome.error:
            self.status.value = "<b>Please fix the form:</b>"
        elif outcome.run is not None and outcome.run.report is not None:
            self.status.value = (
                f"<b>Done</b>: {len(tracker.steps)} tool step(s), "
                f"status <code>{outcome.run.report.status}</code>."
            )
        else:
            self.status.value = "<b>The run was rejected</b> (see below)."
        self.report.value = outcome.html
        self.show_map(outcome)
        return outcome

    def show_map(self, outcome: FormOutcome) -> None:
        """Stops and legs on OpenStreetMap (ipyleaflet) under the report; empty when there is
        nothing to draw. Offline the tiles stay blank: the report's own map is the fallback."""
        if self.map_box is None:
            return
        run = outcome.run
        leaflet = None
        if run is not None and run.report is not None:
            leaflet = leaflet_map(context_for(run.report, run.request, run.steps))
        self.map_box.children = (
            (
                w.HTML(
                    "<b>Map</b> (OpenStreetMap tiles load when online; the report above has the "
                    "offline map)"
                ),
                leaflet,
            )
            if leaflet is not None
            else ()
        )

    def on_click(self, _button: w.Button | None = None) -> asyncio.Task | FormOutcome:
        """The Plan button's handler. Widget callbacks are synchronous: with a running event
        loop (a notebook kernel, Voila) the run is scheduled on it and the task returned;
        without one (tests, scripts) it runs to completion and the outcome is returned."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.submit())
        task = loop.create_task(self.submit())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task


def build_form(values: Mapping[str, Any] | None = None, *, model: Any = "offline") -> PlanForm:
    """Build the playground form, prefilled from ``values`` (defaults from ``FIELDS``).

    ``model`` is what ``run_plan`` gets (``"offline"`` by default). Display ``form.widget``.
    """
    fields = {name: _make_widget(name, default) for name, (_, default) in FIELDS.items()}
    button = w.Button(description="Plan", button_style="primary")
    status = w.HTML()
    progress = w.Output(layout=w.Layout(border="1px solid #ddd", padding="2px 6px"))
    report = w.HTML()
    map_box = w.VBox()
    f = fields
    where = w.VBox([f["location"], f["date"], f["now"], f["text"]])
    when = w.HBox([f["window_start"], f["window_end"]])
    money = w.HBox([f["budget"], f["currency"], f["adults"], f["children"]])
    move = w.HBox([f["travel_mode"], f["max_leg_minutes"]])
    limits = w.VBox([f["blocked"], f["rain"], f["preferences"], f["activities"]])
    controls = w.HBox([button, f["save"]])
    widget = w.VBox(
        [
            w.HTML("<b>Plan my day</b> — fill in what you know; empty fields become stated assumptions."),
            where, when, money, move, limits, controls, status,
            w.HTML("<b>Progress</b>"), progress, report, map_box,
        ]
    )  # fmt: skip
    form = PlanForm(fields, button, status, progress, report, widget, model=model, map_box=map_box)
    if values:
        form.fill(values)
    button.on_click(form.on_click)
    return form
