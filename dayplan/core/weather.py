"""Rain windows from an hourly forecast (pure: the caller fetches or loads the data).

The forecast is the Open-Meteo hourly shape: ``{"hourly": {"time": ["2026-12-05T12:00", ...],
"precipitation_probability": [76, ...]}}`` with local times (the request asked for the
location's timezone).

A value stamped HH:00 describes the hour *before* it. Open-Meteo's documentation
(https://open-meteo.com/en/docs, "Hourly Parameter Definition") lists
``precipitation_probability`` as "Preceding hour probability: Probability of precipitation with
more than 0.1 mm of the preceding hour" and ``precipitation`` as "Preceding hour sum: Total
precipitation (rain, showers, snow) sum of the preceding hour". So the value at 12:00 is for
11:00–12:00, the value at 00:00 of a day is for the previous day's last hour, and a day's last
hour, 23:00–24:00, is stamped 00:00 of the next day (the forecast tool asks for that day too).

An hour counts as rainy when its precipitation probability is at least ``threshold`` percent
(``DEFAULT_RAIN_THRESHOLD``, 50 %); consecutive rainy hours merge into one window
``[first hour, last hour + 1 h)``. A missing probability (``null``) is not rain.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any

from dayplan.core.clock import Interval

DEFAULT_RAIN_THRESHOLD = 50
"""Percent precipitation probability from which an hour counts as rainy."""

LAST_MINUTE = 24 * 60 - 1
"""A window reaching midnight ends at 23:59 (served times are ``HH:MM`` within the day)."""


class ForecastFormatError(ValueError):
    """The forecast document does not have the Open-Meteo hourly shape."""


def _covered_hour(stamp: Any, day: date) -> int | None:
    """The hour of ``day`` (0–23) that a value stamped ``stamp`` describes: the hour before the
    stamp (``YYYY-MM-DDTHH:MM``), so ``day`` 01:00 -> 0 and the next day's 00:00 -> 23. ``None``
    for a stamp about another day; raises ``ValueError`` for an unreadable stamp."""
    if not isinstance(stamp, str):
        raise ValueError(stamp)
    start = datetime.fromisoformat(stamp) - timedelta(hours=1)
    return start.hour if start.date() == day else None


def hourly_probabilities(forecast: Mapping[str, Any], day: date) -> dict[int, int | None]:
    """Hour of ``day`` (0–23, the hour from HH:00 to HH+1:00) -> precipitation probability in
    percent (``None`` when missing), read with Open-Meteo's preceding-hour meaning: the value
    for hour ``h`` is the one stamped ``h+1``:00 (see the module docstring).

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
    out: dict[int, int | None] = {}
    for stamp, prob in zip(times, probs, strict=True):
        try:
            hour = _covered_hour(stamp, day)
            if hour is None:
                continue
            value = None if prob is None else round(float(prob))
        except (TypeError, ValueError):
            raise ForecastFormatError(f"unreadable forecast entry {stamp!r}: {prob!r}") from None
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
    """True when the document has at least one hourly value describing an hour of ``day``
    (stamped ``day`` 01:00 to the next day's 00:00)."""
    hourly = forecast.get("hourly") if isinstance(forecast, Mapping) else None
    times = hourly.get("time") if isinstance(hourly, Mapping) else None
    if not isinstance(times, list):
        return False
    for stamp in times:
        try:
            if _covered_hour(stamp, day) is not None:
                return True
        except ValueError:
            continue
    return False
