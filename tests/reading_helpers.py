"""Shared helpers for the reader's tests: what a text reads, leaves unread and asks, with
"today" pinned to a Tuesday (2026-12-01) so weekday phrases resolve the same every run."""

from __future__ import annotations

from datetime import date

from dayplan.contract import PlanRequest
from dayplan.reading import read_request
from dayplan.reading.apply import apply_reading, questions

TODAY = date(2026, 12, 1)  # a Tuesday


def read(text: str) -> dict[str, object]:
    """The accepted readings of ``text`` by field: a list for the fields that repeat (rain,
    blocked, preference, avoid, must_do), else the first value."""
    accepted, _ = read_request(text, today=TODAY)
    out: dict[str, object] = {}
    for item in accepted.items:
        if item.field in ("rain", "blocked", "preference", "avoid", "must_do"):
            out.setdefault(item.field, []).append(item.value)  # type: ignore[union-attr]
        else:
            out.setdefault(item.field, item.value)
    return out


def unread(text: str) -> list[tuple[str, str]]:
    """The phrases of ``text`` left unread, as ``(phrase, kind)``."""
    _, phrases = read_request(text, today=TODAY)
    return [(p.phrase, p.kind) for p in phrases]


def asked(text: str) -> list[str]:
    """The clarification questions a request of ``text`` alone would get."""
    accepted, phrases = read_request(text, today=TODAY)
    return questions(phrases, apply_reading(PlanRequest(text=text), accepted))


def quoted(text: str, field: str) -> list[tuple[object, str]]:
    """The accepted readings of ``field`` in ``text`` as ``(value, quote)``, in order."""
    accepted, _ = read_request(text, today=TODAY)
    return [(i.value, i.quote) for i in accepted.items if i.field == field]
