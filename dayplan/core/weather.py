"""Rain windows from an hourly forecast (pure: the caller fetches or loads the data).

The forecast is the Open-Meteo hourly shape: ``{"hourly": {"time": ["2026-12-05T11:00", ...],
"precipitation_probability": [76, ...]}}`` with local times (the request asked for the
location's timezone). An hour counts as rainy when its precipitation probability is at least
``threshold`` percent (``DEFAULT_RAIN_THRESHOLD``, 50 %); consecutive rainy hours merge into one
window ``[first hour, last hour + 1 h)``. A missing probability (``null``) is not rain.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from dayplan.core.clock import Interval

DEFAULT_RAIN_THRESHOLD = 50
"""Percent precipitation probability from which an hour counts as rainy."""

LAST_MINUTE = 24 * 60 - 1
"""A window reaching midnight ends at 23:59 (served times are ``HH:MM`` within the day)."""


class ForecastFormatError(ValueError):
    """The forecast document does not have the Open-Meteo hourly shape."""


def hourly_probabilities(forecast: Mapping[str, Any], day: date) -> dict[int, int | None]:
    """Hour of ``day`` (0–23) -> precipitation probability in percent (``None`` when missing).

    Raises ``ForecastFormatError`` when ``hourly.time`` and ``hourly.precipitation_probability``
    are missing, not lists, of different lengths, or hold unreadable values.
    """
    hourly = forecast.get("hourly") if isinstance(forecast, Mapping) else None
    if not isinstance(hourly, Mapping):
        raise ForecastFormatError("forecast has no 'hourly' object")
    times, probs = hourly.get("time"), hourly.get("precipitation_probability")
    if not isinstance(times, list) or not isinstance(probs, list):
        raise ForecastFormatError("hourly.time and hourly.precipitation_probability must be lists")
    if len(times) != len(probs):
        raise ForecastFormatError(
            f"hourly.time has {len(times)} entries but precipitation_probability {len(probs)}"
        )
    prefix = day.isoformat() + "T"
    out: dict[int, int | None] = {}
    for stamp, prob in zip(times, probs, strict=True):
        if not isinstance(stamp, str) or not stamp.startswith(prefix):
            continue
        try:
            hour = int(stamp[len(prefix) : len(prefix) + 2])
            value = None if prob is None else round(float(prob))
        except (TypeError, ValueError):
            raise ForecastFormatError(f"unreadable forecast entry {stamp!r}: {prob!r}") from None
        if not 0 <= hour <= 23:
            raise ForecastFormatError(f"unreadable forecast time {stamp!r}")
        out[hour] = value
    return out


def rain_windows(
    forecast: Mapping[str, Any], day: date, threshold: int = DEFAULT_RAIN_THRESHOLD
) -> list[Interval]:
    """Rain windows on ``day`` as ``(start, end)`` minutes after midnight, in order.

    ``[(660, 900)]`` means rain expected 11:00–15:00. Raises ``ForecastFormatError`` on a
    malformed document (see ``hourly_probabilities``).
    """
    hours = hourly_probabilities(forecast, day)
    windows: list[Interval] = []
    for hour in sorted(hours):
        prob = hours[hour]
        if prob is None or prob < threshold:
            continue
        start, end = hour * 60, min((hour + 1) * 60, LAST_MINUTE)
        if windows and windows[-1][1] == start:
            windows[-1] = (windows[-1][0], end)
        else:
            windows.append((start, end))
    return windows


def covers_day(forecast: Mapping[str, Any], day: date) -> bool:
    """True when the document has at least one hourly entry on ``day``."""
    hourly = forecast.get("hourly") if isinstance(forecast, Mapping) else None
    times = hourly.get("time") if isinstance(hourly, Mapping) else None
    prefix = day.isoformat() + "T"
    return isinstance(times, list) and any(
        isinstance(t, str) and t.startswith(prefix) for t in times
    )
