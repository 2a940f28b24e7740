"""Duckling (Facebook's Haskell parser, via the ``pyduckling-native-phihos`` wheel), cached.

Duckling reads times, dates, intervals, durations, numbers in words and amounts of money, offline.
It resolves against a reference time; to keep start-up cheap (loading every IANA zone costs
~240 ms) the reference is the request's **local wall clock expressed as UTC**, so only the
bundled ``zoneinfo/UTC`` file is loaded (<1 ms) and every result is local wall-clock time.
The Haskell runtime starts on first use (~50 ms once per process); a call then takes well
under a millisecond for a request-sized text (``python -m dayplan bench reading`` prints it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from importlib import resources
from typing import Any

from dayplan.reading.memo import per_run

MAX_PARSE_CHARS = 4000
"""Text longer than this is cut before parsing (the contract caps request text at 4000)."""


@dataclass(frozen=True)
class Span:
    """One Duckling entity: ``dim`` (``time``, ``duration``, ``number``, ``amount-of-money``),
    ``start``/``end`` character offsets in the parsed text, the matched ``body`` and ``value``
    (Duckling's JSON value, times as local wall-clock ISO strings with a ``+00:00`` suffix)."""

    dim: str
    start: int
    end: int
    body: str
    value: dict[str, Any]


@lru_cache(maxsize=1)
def _runtime() -> tuple[Any, Any, Any]:
    import duckling  # the Haskell runtime starts here, once

    zones = duckling.load_time_zones(str(resources.files("dayplan.reading") / "zoneinfo"))
    lang = duckling.parse_lang("EN")
    locale = duckling.parse_locale("EN_AU", duckling.default_locale_lang(lang))  # AU holidays
    return duckling, zones, locale


@lru_cache(maxsize=64)
def _context(ref_wall: datetime) -> Any:
    duckling, zones, locale = _runtime()
    stamp = int(ref_wall.replace(tzinfo=UTC).timestamp())
    return duckling.Context(duckling.parse_ref_time(zones, "UTC", stamp), locale)


@lru_cache(maxsize=8)
def _dimensions(dims: tuple[str, ...]) -> Any:
    duckling, _, _ = _runtime()
    return duckling.parse_dimensions(list(dims))


DIMS = ("time", "duration", "number", "amount-of-money")


@per_run
def _parse_cached(text: str, ref_wall: datetime, dims: tuple[str, ...]) -> tuple[Span, ...]:
    duckling, _, _ = _runtime()
    raw = duckling.parse_text(text, _context(ref_wall), _dimensions(dims), False)
    out = []
    for e in json.loads(raw):
        out.append(Span(e["dim"], int(e["start"]), int(e["end"]), e["body"], e["value"]))
    return tuple(out)


def parse(text: str, ref_wall: datetime, dims: tuple[str, ...] = DIMS) -> tuple[Span, ...]:
    """Duckling's entities in ``text`` (cut at ``MAX_PARSE_CHARS``), resolved against
    ``ref_wall``, the local wall-clock reference time (naive). Never raises for any text:
    a Duckling failure returns no entities."""
    ref = ref_wall.replace(tzinfo=None, second=0, microsecond=0)
    # NUL cannot cross into Haskell (a Rust panic); same-length replacement keeps the offsets
    text = text[:MAX_PARSE_CHARS].replace("\x00", " ")
    try:
        return _parse_cached(text, ref, tuple(dims))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - pyo3's PanicException is a BaseException
        return ()


def wall(iso: str) -> datetime:
    """A Duckling time string (``2026-12-05T15:00:00.000+00:00``) as a naive local datetime."""
    return datetime.fromisoformat(iso).replace(tzinfo=None)


def warm_up() -> float:
    """Start the Duckling runtime now; returns the seconds it took (0 if already started)."""
    import time

    started = time.perf_counter()
    parse("warm up at 3pm", datetime(2026, 1, 1))
    return time.perf_counter() - started
