"""What every view of a served report says the same way: "What I read from your request" and the
home breaks of the day. One builder each, used by the text report (``dayplan.cli.render_report``),
the HTML view (``dayplan.ui.report_view``) and so the playground and notebooks.

- ``what_i_read(report, steps=None) -> WhatIRead``: the readings code verified from the request
  text (field, value in words, the exact quote), with the run's tool steps also the readings a
  structured field won over, the phrases that looked like a constraint but could not be read,
  and what the run assumed (the served ``assumptions``: defaults for what nobody said, the
  resolved date, the weather used, where home was taken to be).
- ``home_visits(plan) -> list[HomeVisit]``: each at-home blocked window (``plan.home_breaks``)
  with the leg home (minutes, mode, from which stop, when it leaves and arrives) and the leg out
  again (the next stop's ``travel_in``), or "stays home" when no stop follows.
- ``away_visits(plan) -> list[AwayVisit]`` and ``counted_from(plan, i)``: each away appointment
  the plan passes (``plan.appointments``: place unknown, counted at home) and, for stop ``i``,
  ``"counted from home after ballet"`` when its leg leaves after one.

Pure functions over ``dayplan.contract`` models: no I/O, no widgets, no matplotlib (the CLI
imports this module on every ``plan``). Times are local ``HH:MM``; legs whole minutes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dayplan.contract import (
    DayPlanReport,
    HomeBreak,
    Leg,
    Plan,
    Stop,
    appointment_before,
    hhmm_to_minutes,
)

__all__ = [
    "AwayVisit",
    "HomeVisit",
    "Overridden",
    "ReadLine",
    "WhatIRead",
    "home_visits",
    "leg_words",
    "reading_value",
    "what_i_read",
]

READ_TITLE = "What I read from your request"
OVERRIDDEN_TITLE = "Read from the text, but a field of the request wins"
UNREAD_TITLE = "Not read (looks like a constraint, but could not be read)"
ASSUMED_TITLE = "Assumed (because nothing was said) and resolved by code"


def reading_value(value: Any) -> str:
    """A reading's value in words: ``{"start": "12:00", "end": "14:00", "label": "nap",
    "at_home": True}`` -> ``"12:00–14:00 nap at home"``; ``{"amount": 80.0, "currency": "AUD"}``
    -> ``"AUD 80"`` (``" per person"`` added when so read); an avoid ``{"kind": "museums",
    "hard": True}`` -> ``"museums (never planned)"`` (soft: ``"ranked last"``); anything else
    as ``str``."""
    if isinstance(value, dict):
        if "start" in value and "end" in value:
            extra = " ".join(
                str(v) if k == "label" else "at home"
                for k, v in value.items()
                if k in ("label", "at_home") and v
            )
            return f"{value['start']}–{value['end']} {extra}".strip()
        if "amount" in value:
            each = " per person" if value.get("per_person") else ""
            return f"{value.get('currency', 'AUD')} {float(value['amount']):g}{each}"
        if "kind" in value or "venue" in value:  # an avoid: "museums (never planned)"
            how = "never planned" if value.get("hard") else "ranked last"
            return f"{value.get('kind') or value.get('venue')} ({how})"
    return str(value)


@dataclass(frozen=True)
class ReadLine:
    """One verified reading: the request ``field`` it fills (``dayplan.reading.records``), its
    ``value`` in words and the exact ``quote`` from the request text."""

    field: str
    value: str
    quote: str

    def text(self) -> str:
        """``'window_end: 16:00  ("home by 4pm")'``."""
        return f'{self.field}: {self.value}  ("{self.quote}")'


@dataclass(frozen=True)
class Overridden:
    """A verified reading set aside because a structured request field of the same kind wins
    (``by``: ``"window"``, ``"party"``, ...): ``line`` is the reading itself."""

    line: ReadLine
    by: str

    def text(self) -> str:
        """``'window_end: 17:00  ("home by 5")  (not used: the request's window wins)'``."""
        return f"{self.line.text()}  (not used: the request's {self.by} wins)"


@dataclass(frozen=True)
class WhatIRead:
    """What I read from your request: ``read`` (verified readings in the order frozen),
    ``overridden`` (readings a structured field won over; only when the run's tool steps are
    given), ``unread`` (phrases that look like a time, an amount, a count of people or a place
    but were not read) and ``assumed`` (the served assumptions, in the served order)."""

    read: tuple[ReadLine, ...]
    unread: tuple[str, ...]
    assumed: tuple[str, ...]
    overridden: tuple[Overridden, ...] = ()

    @property
    def has_reading(self) -> bool:
        """Whether anything was read or left unread (the request had text worth reading)."""
        return bool(self.read or self.unread or self.overridden)

    def reading_items(self) -> list[str]:
        """The text report's lines for the read, overridden and unread parts (no bullets)."""
        return (
            [r.text() for r in self.read]
            + [o.text() for o in self.overridden]
            + [f'not read: "{u}"' for u in self.unread]
        )


def _overridden(steps: Sequence[Any] | None) -> tuple[Overridden, ...]:
    """The ``overridden`` list of the run's frozen reading, from the last ``record_reading``
    step that froze one (its response is code's verdict, never the model's text)."""
    for step in reversed(list(steps or [])):
        r = getattr(step, "response", None) or {}
        if getattr(step, "tool", None) == "record_reading" and r.get("frozen"):
            out = []
            for item in r.get("overridden") or []:
                if isinstance(item, dict) and {"field", "quote", "by"} <= item.keys():
                    line = ReadLine(
                        str(item["field"]), reading_value(item.get("value")), str(item["quote"])
                    )
                    out.append(Overridden(line, str(item["by"])))
            return tuple(out)
    return ()


def _read_value(field: str, value: Any, plan_date: str | None) -> str:
    """A reading's value in words; a ``date`` reading the plan rolled on from (its day's window
    had passed: "Saturday" said on a Saturday evening) shows the plan's date and says so."""
    if field == "date" and plan_date and isinstance(value, str) and value != plan_date:
        return f"{plan_date} (rolled on from {value}: that day's window had passed)"
    return reading_value(value)


def what_i_read(report: DayPlanReport, steps: Sequence[Any] | None = None) -> WhatIRead:
    """The "What I read" parts of ``report`` (see ``WhatIRead``); ``steps`` (the run's
    ``ToolStep``s, optional) add the readings a structured field won over. Never raises."""
    return WhatIRead(
        read=tuple(
            ReadLine(r.field, _read_value(r.field, r.value, report.date), r.quote)
            for r in report.readings
        ),
        unread=tuple(report.unread),
        assumed=tuple(report.assumptions),
        overridden=_overridden(steps),
    )


def leg_words(minutes: int, mode: str) -> str:
    """``"12 min by car"``, ``"8 min on foot"``, ``"9 min by public transport"``; a 0-minute leg
    is ``"next door, no travel"``."""
    if minutes == 0:
        return "next door, no travel"
    how = {"walk": "on foot", "transit": "by public transport"}.get(mode, f"by {mode}")
    return f"{minutes} min {how}"


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(frozen=True)
class HomeVisit:
    """An at-home blocked window of a served plan, with both legs.

    ``label``, ``start``, ``end``: the window (local ``HH:MM``); ``after``: how many stops come
    before it (its place in the itinerary); ``leg_home``: the leg home (``Leg``); ``from_stop``:
    the stop it leaves (``None`` when the day starts at home); ``leaves``/``arrives``: the leg
    home's times (the stop's end, plus its minutes); ``leg_out``: the next stop's ``travel_in``
    (``None`` when no stop follows: the party stays home); ``to_stop``: that stop's name;
    ``departs``: when the leg out leaves (the next stop's start minus its minutes)."""

    label: str
    start: str
    end: str
    after: int
    leg_home: Leg
    from_stop: str | None
    leaves: str | None
    arrives: str | None
    leg_out: Leg | None
    to_stop: str | None
    departs: str | None

    def home_text(self) -> str:
        """The leg home in words: ``"14 min by car from New Farm Library, 11:46 → 12:00"``."""
        if self.from_stop is None:
            return "none, the day starts at home"
        return (
            f"{leg_words(self.leg_home.minutes, self.leg_home.mode)} from {self.from_stop}, "
            f"{self.leaves} → {self.arrives}"
        )

    def out_text(self) -> str:
        """The leg out in words: ``"19 min by car to GOMA, 13:30 → 13:49"``, or that the party
        stays home."""
        if self.leg_out is None or self.to_stop is None:
            return "none, no stop follows (the party stays home)"
        arrives = self.departs and _hhmm(hhmm_to_minutes(self.departs) + self.leg_out.minutes)
        return (
            f"{leg_words(self.leg_out.minutes, self.leg_out.mode)} to {self.to_stop}, "
            f"{self.departs} → {arrives}"
        )

    def text(self) -> str:
        """One line for the text report: window, label, leg home and leg out."""
        return (
            f"{self.start}–{self.end}  at home: {self.label}  "
            f"(leg home {self.home_text()}; leg out {self.out_text()})"
        )


def _visit(brk: HomeBreak, stops: list[Stop]) -> HomeVisit:
    start = hhmm_to_minutes(brk.start)
    before = [s for s in stops if hhmm_to_minutes(s.end) <= start]
    after = [s for s in stops if hhmm_to_minutes(s.start) >= hhmm_to_minutes(brk.end)]
    prev = before[-1] if before else None
    nxt = after[0] if after else None
    leaves = arrives = departs = None
    if prev is not None:
        leaves = prev.end
        arrives = _hhmm(hhmm_to_minutes(prev.end) + brk.travel_in.minutes)
    if nxt is not None:
        departs = _hhmm(hhmm_to_minutes(nxt.start) - nxt.travel_in.minutes)
    return HomeVisit(
        label=brk.label,
        start=brk.start,
        end=brk.end,
        after=len(before),
        leg_home=brk.travel_in,
        from_stop=prev.name if prev else None,
        leaves=leaves,
        arrives=arrives,
        leg_out=nxt.travel_in if nxt else None,
        to_stop=nxt.name if nxt else None,
        departs=departs,
    )


def home_visits(plan: Plan | None) -> list[HomeVisit]:
    """The plan's home breaks in time order, each with its legs (see ``HomeVisit``); ``[]`` for
    no plan or no break."""
    if plan is None:
        return []
    stops = list(plan.stops)
    breaks = sorted(plan.home_breaks, key=lambda b: hhmm_to_minutes(b.start))
    return [_visit(b, stops) for b in breaks]


@dataclass(frozen=True)
class AwayVisit:
    """An away appointment of a served plan (``plan.appointments``): its place is unknown, so it
    is counted at home. ``after``: how many stops come before it; ``leg_in``: the leg towards
    it, counted to home; ``from_stop``: the stop that leg leaves (``None``: from home)."""

    label: str
    start: str
    end: str
    after: int
    leg_in: Leg
    from_stop: str | None
    place: str | None = None
    """The suburb it happens in (its legs are real), or ``None``: counted at home."""

    def text(self) -> str:
        """One line for the text report, e.g. ``"10:00–11:00  away: ballet  (place unknown,
        counted at home; leg there 12 min by car from GOMA, counted to home)"``."""
        if self.place:
            where = self.from_stop or "home"
            return (
                f"{self.start}–{self.end}  away: {self.label} in {self.place}  "
                f"({leg_words(self.leg_in.minutes, self.leg_in.mode)} from {where})"
            )
        if self.from_stop is None:
            leg = "no leg before it: the day starts at home"
        else:
            leg = (
                f"leg there {leg_words(self.leg_in.minutes, self.leg_in.mode)} from "
                f"{self.from_stop}, counted to home"
            )
        return (
            f"{self.start}–{self.end}  away: {self.label}  (place unknown, counted at home; {leg})"
        )


def away_visits(plan: Plan | None) -> list[AwayVisit]:
    """The plan's away appointments in time order (see ``AwayVisit``); ``[]`` for none."""
    if plan is None:
        return []
    out = []
    for a in sorted(plan.appointments, key=lambda a: hhmm_to_minutes(a.start)):
        before = [s for s in plan.stops if hhmm_to_minutes(s.end) <= hhmm_to_minutes(a.start)]
        out.append(
            AwayVisit(
                label=a.label,
                start=a.start,
                end=a.end,
                after=len(before),
                leg_in=a.travel_in,
                from_stop=before[-1].name if before else None,
                place=a.place,
            )
        )
    return out


def counted_from(plan: Plan | None, index: int) -> str | None:
    """``"counted from home after ballet"`` when stop ``index``'s leg leaves after an away
    appointment (its place is unknown, so the leg is counted from home at its end), else
    ``None``."""
    if plan is None or not plan.appointments:
        return None
    hit = appointment_before(plan, index)
    if hit and hit.place:  # a placed appointment: the leg leaves from it
        return f"from {hit.label} in {hit.place}"
    return f"counted from home after {hit.label}" if hit else None
