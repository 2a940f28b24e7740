"""The HTTP transports every live call goes through, and the tap that records or replays them.

All live HTTP (the planner model's and the grounded search's ``generateContent`` calls through
google-genai, Open-Meteo forecasts and geocoding through httpx) is made with httpx transports
from ``sync_transport()`` / ``async_transport()``. google-genai would otherwise switch its async
calls to aiohttp whenever aiohttp happens to be installed; one HTTP stack keeps timeouts, retries
(httpx transport errors are what ``HttpRetryOptions`` retries) and recording the same everywhere.

A *tap* (``dayplan.recording``) can be active for the duration of a run (``tapped(tap)``): then
each transport hands every request to ``tap.handle(request, send)``, which records the exchange
(``--record DIR``) or answers it from a recording (``--model replay:DIR``). Without a tap the
transports are plain httpx ones. The tap is process-wide rather than a context variable because
ADK runs synchronous tools on a thread pool that does not copy context variables.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

import httpx


class Tap(Protocol):
    """Sees every live HTTP exchange: ``handle`` returns the response for ``request``, calling
    ``send(request)`` for the real one when it wants it (recording) or not at all (replay)."""

    replaying: bool

    def handle(
        self, request: httpx.Request, send: Callable[[httpx.Request], httpx.Response]
    ) -> httpx.Response: ...


_LOCK = threading.Lock()
_ACTIVE: list[Tap] = []


def active_tap() -> Tap | None:
    """The tap of the run in progress, or ``None``."""
    with _LOCK:
        return _ACTIVE[-1] if _ACTIVE else None


@contextmanager
def tapped(tap: Tap | None) -> Iterator[None]:
    """Within the block every live HTTP call goes through ``tap`` (no-op for ``None``)."""
    if tap is None:
        yield
        return
    with _LOCK:
        _ACTIVE.append(tap)
    try:
        yield
    finally:
        with _LOCK:
            _ACTIVE.remove(tap)


class _SyncTransport(httpx.BaseTransport):
    def __init__(self) -> None:
        self._inner = httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        tap = active_tap()
        if tap is None:
            return self._inner.handle_request(request)

        def send(req: httpx.Request) -> httpx.Response:
            response = self._inner.handle_request(req)
            response.read()
            return response

        return tap.handle(request, send)

    def close(self) -> None:
        self._inner.close()


class _AsyncTransport(httpx.AsyncBaseTransport):
    def __init__(self) -> None:
        self._inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        tap = active_tap()
        if tap is None:
            return await self._inner.handle_async_request(request)
        if tap.replaying:
            return tap.handle(request, _no_network)
        await request.aread()
        response = await self._inner.handle_async_request(request)
        await response.aread()
        return tap.handle(request, lambda _req: response)

    async def aclose(self) -> None:
        await self._inner.aclose()


def _no_network(request: httpx.Request) -> httpx.Response:
    raise RuntimeError("replay never sends a request")  # pragma: no cover - taps answer first


def live_settings():
    """The ``Settings`` live tools use: the active tap's (a replay runs with the recorded
    run's settings and no key) or, normally, ``dayplan.config.current_settings()`` (the
    environment's)."""
    from dayplan import config

    tap = active_tap()
    pinned = getattr(tap, "settings", None) if tap is not None else None
    return pinned if pinned is not None else config.current_settings()


def sync_transport() -> httpx.BaseTransport:
    """A transport for ``httpx.Client(transport=...)`` that honours the active tap."""
    return _SyncTransport()


def async_transport() -> httpx.AsyncBaseTransport:
    """A transport for ``httpx.AsyncClient(transport=...)`` that honours the active tap."""
    return _AsyncTransport()


__all__ = ["Tap", "active_tap", "async_transport", "live_settings", "sync_transport", "tapped"]
