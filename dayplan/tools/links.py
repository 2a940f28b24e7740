"""Links a saved plan keeps: the final URL behind a grounding redirect, or a note that it is one.

Google Search grounding cites web pages through redirect links
(``https://vertexaisearch.cloud.google.com/grounding-api-redirect/...``) that expire; a saved
plan that kept only those would rot. At save time, live mode asks the redirect once for its
target (``HEAD``, redirects not followed, ``DAYPLAN_FORECAST_TIMEOUT_SECONDS``) and stores the
``Location`` it answers; when that fails, the saved link says it is a temporary grounding
redirect. Other URLs (the offline snapshot's official pages) are stored as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

import httpx

from dayplan.config import Settings
from dayplan.live_http import live_settings, sync_transport

REDIRECT_HOST = "vertexaisearch.cloud.google.com"
REDIRECT_PATH = "/grounding-api-redirect/"
TEMPORARY_NOTE = (
    "temporary Google Search grounding redirect: it expires, and its target could not be "
    "resolved when the plan was saved"
)


def is_grounding_redirect(url: str) -> bool:
    """True for a Google Search grounding redirect link."""
    parts = urlsplit(url or "")
    return parts.hostname == REDIRECT_HOST and parts.path.startswith(REDIRECT_PATH)


def resolve_redirect(url: str, settings: Settings | None = None) -> str | None:
    """The ``https``/``http`` URL a grounding redirect points to (its ``Location``), or
    ``None`` when it does not answer with a redirect in time. Never raises."""
    settings = settings or live_settings()
    try:
        with httpx.Client(
            timeout=settings.forecast_timeout_seconds,
            transport=sync_transport(),
            follow_redirects=False,
        ) as client:
            response = client.head(url)
    except httpx.HTTPError:
        return None
    target = response.headers.get("location", "") if response.is_redirect else ""
    return target if target.startswith(("https://", "http://")) else None


def saved_links(sources: Iterable[Mapping[str, Any]], live: bool) -> list[dict[str, str]]:
    """One entry per cited source: ``{"source_id", "url"}`` plus ``resolved_url`` (the
    redirect's target, resolved now, live only) or ``note`` (``TEMPORARY_NOTE``) for a
    grounding redirect."""
    out = []
    for source in sources:
        url = str(source.get("url") or "")
        entry = {"source_id": str(source.get("id") or ""), "url": url}
        if is_grounding_redirect(url):
            target = resolve_redirect(url) if live else None
            if target:
                entry["resolved_url"] = target[:500]
            else:
                entry["note"] = TEMPORARY_NOTE
        out.append(entry)
    return out
