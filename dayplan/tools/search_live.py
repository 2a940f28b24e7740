"""The live backend of ``search_public_web``: one grounded Gemini call with Google Search.

The planner agent only has function tools; Google Search grounding happens here, in a separate
``generateContent`` call whose only tool is ``types.Tool(google_search=types.GoogleSearch())``
(mixing the built-in search tool with function tools in one request is not supported on
several model versions). Its attempts and per-attempt timeout are fitted inside the
``tool_timeout`` budget (``DAYPLAN_SEARCH_TIMEOUT_SECONDS``, 30 s) by ``dayplan.budgets``, with
the shared retry policy (HTTP 429/500/503/504 and transport timeouts only).

What comes back is read in two parts:

* the answer text: a JSON array of places with the facts the checker needs (opening hours in
  OpenStreetMap syntax, adult/child prices, indoor or outdoor, coordinates or suburb). A fact
  the answer gives as ``null`` or in an unreadable form is recorded as **unknown**, never
  guessed (``Venue.unknown``; the checker then proves nothing from it);
* ``candidates[0].groundingMetadata``: ``groundingChunks[].web.{uri, title}`` become the
  sources, URLs exactly as returned. ``groundingSupports[].segment`` says which bytes of which
  answer part a support covers (``partIndex``, ``startIndex`` inclusive, ``endIndex``
  exclusive; UTF-8 **byte** offsets per ``google.genai.types.Segment``, which differ from
  character offsets as soon as a name is not ASCII). Each place's JSON object is located by
  decoding it in place, and the place cites exactly the chunks of the supports whose byte range
  overlaps its object; a place no support covers is returned under ``unusable``, never given
  another place's sources. An answer without any web chunk is not grounded: nothing is used.
* ``searchEntryPoint.renderedContent`` (the Google Search Suggestions chip, which Google's
  terms require showing with grounded results) is kept in the search record and served in the
  report's ``search_suggestions``.

Every text field of a place is web text and goes through ``neutralise`` exactly like offline
descriptions, so no answer can close or forge the ``<<untrusted_description>>`` markers.

Coordinates come from the answer, else from the gazetteer by suburb (then travel to it is a
rougher estimate, stated as an assumption); a place with neither is returned as unusable.
Each completed search is recorded as ``search:<call id>``, the key the offline backend and the
search budget use. ``search_outcome`` computes everything without touching state (it runs on a
worker thread); ``SearchOutcome.apply`` stores it, so a result that arrives after a timeout is
discarded.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx
from google.genai import errors as genai_errors
from google.genai import types

from dayplan import data
from dayplan.budgets import search_budget
from dayplan.config import LiveConfigError, Settings, make_genai_client
from dayplan.contract import web_url_problem
from dayplan.core.hours import OpeningHoursError, validate
from dayplan.core.places import resolve_place
from dayplan.evidence import RunEvidence
from dayplan.live_http import live_settings
from dayplan.tools.search import UNTRUSTED_CLOSE, UNTRUSTED_OPEN, neutralise

BACKEND = "google_search"
MAX_PLACES = 8
ENTRY_POINT_MAX = 20_000
"""Longest Search Suggestions HTML kept (characters); Google's chips are a few KB."""
_JSON_FENCE = re.compile(r"```(?:json)?")

PROMPT = """Use Google Search to find up to {n} real places to visit for: {query}.
Area: {location}.{indoor}
Report only facts the search results state. Write null for anything you did not find; never
guess opening hours, prices, whether a place is indoors, or coordinates.
Answer with exactly one fenced ```json block holding a JSON array, one object per place:
{{"name": string, "suburb": string or null, "address": string or null,
  "lat": number or null, "lon": number or null,
  "opening_hours": OpenStreetMap opening_hours syntax such as "Tu-Su 09:30-17:00; Mo off", or null,
  "price_adult": number or null, "price_child": number or null, "free": true, false or null,
  "currency": ISO 4217 code or null, "indoor": true, false or null,
  "typical_minutes": whole minutes a visit usually takes, or null,
  "kind": one word such as museum, park, zoo, library, cinema, market,
  "tags": [short lower-case words], "summary": one sentence}}
"""


class SearchFailed(RuntimeError):
    """The grounded search could not be done or read (message: one line for the model)."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "place"


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def grounded_answer(query: str, location: str, indoor_only: bool, settings: Settings):
    """Make the grounded ``generateContent`` call; return the SDK response.

    Attempts and the per-attempt timeout come from ``dayplan.budgets.search_budget``, so every
    retry fits inside the ``tool_timeout`` guardrail's budget. Raises ``SearchFailed`` with a
    clear one-line message on a timeout, an HTTP error (after the retry policy gave up, or at
    once for a 4xx other than 429) or missing credentials.
    """
    budget = search_budget(settings)
    prompt = PROMPT.format(
        n=MAX_PLACES,
        query=query,
        location=location,
        indoor=" Only indoor places (it may rain)." if indoor_only else "",
    )
    model = settings.search_model or settings.model
    config = types.GenerateContentConfig(
        tools=[types.Tool(google_search=types.GoogleSearch())],
        temperature=settings.effective_temperature(model),
    )
    tries = f"{budget.attempts} attempt{'s' if budget.attempts > 1 else ''}"
    try:
        with make_genai_client(
            settings, timeout_seconds=budget.attempt_timeout, attempts=budget.attempts
        ) as client:
            return client.models.generate_content(model=model, contents=prompt, config=config)
    except LiveConfigError as exc:
        raise SearchFailed(str(exc)) from None
    except httpx.TimeoutException:
        raise SearchFailed(
            f"web search timed out after {budget.attempt_timeout:g} s ({tries})"
        ) from None
    except genai_errors.APIError as exc:
        retried = f" after {tries}" if exc.code in (429, 500, 503, 504) else ""
        message = str(exc.message or exc.status or "")[:200]
        raise SearchFailed(f"web search failed{retried}: HTTP {exc.code} {message}") from None
    except httpx.HTTPError as exc:
        raise SearchFailed(
            f"web search could not reach the service ({type(exc).__name__})"
        ) from None


def answer_parts(response: Any) -> list[tuple[int, str]]:
    """``(part index, text)`` of the first candidate's answer text parts (thoughts left out);
    the index is the part's position in ``content.parts``, which ``Segment.part_index`` names."""
    candidates = getattr(response, "candidates", None) or []
    if not candidates or not candidates[0].content or not candidates[0].content.parts:
        return []
    return [
        (i, p.text) for i, p in enumerate(candidates[0].content.parts) if p.text and not p.thought
    ]


def answer_text(response: Any) -> str:
    """The text parts of the first candidate, joined ('' when there is none)."""
    return "".join(text for _, text in answer_parts(response))


Support = tuple[int, int, int, list[int]]
"""One grounding support: (part index, UTF-8 byte start, byte end (exclusive), chunk indices)."""


def _segment_range(segment: Any, parts: dict[int, str]) -> tuple[int, int, int] | None:
    """(part, start byte, end byte) of a support's segment. Offsets are UTF-8 bytes from the
    start of the part (``types.Segment``); proto3 JSON leaves zeros out, so a missing
    ``partIndex``/``startIndex`` is 0. Without ``endIndex`` the segment's text is used, and only
    when it occurs exactly once in the part. ``None`` when it cannot be placed."""
    part = segment.part_index or 0
    text = parts.get(part)
    if text is None:
        return None
    size = len(text.encode("utf-8"))
    start, end = segment.start_index or 0, segment.end_index
    if end is None:
        needle = (segment.text or "").encode("utf-8")
        raw = text.encode("utf-8")
        if not needle or raw.count(needle) != 1:
            return None
        start = raw.index(needle)
        end = start + len(needle)
    if not 0 <= start < end <= size:
        return None
    return part, start, end


def grounding_sources(response: Any) -> tuple[list[dict], list[Support]]:
    """(web chunks, supports) from ``candidates[0].grounding_metadata``.

    Chunks: ``[{"index": i, "uri": ..., "title": ...}]``, only chunks with a ``web.uri`` (kept
    exactly); supports: ``[(part index, start byte, end byte, [chunk index, ...])]`` with byte
    ranges inside an answer part and indices that point at a kept chunk. Anything malformed or
    missing is skipped, never invented.
    """
    candidates = getattr(response, "candidates", None) or []
    meta = candidates[0].grounding_metadata if candidates else None
    chunks: list[dict] = []
    for i, chunk in enumerate((meta.grounding_chunks or []) if meta else []):
        web = getattr(chunk, "web", None)
        uri = (getattr(web, "uri", None) or "").strip() if web else ""
        if web_url_problem(uri) is None:  # https/http with a host; other links are dropped
            title = neutralise(web.title or web.domain or uri).strip()
            chunks.append({"index": i, "uri": uri, "title": title[:200]})
    kept = {c["index"] for c in chunks}
    parts = dict(answer_parts(response))
    supports: list[Support] = []
    for support in (meta.grounding_supports or []) if meta else []:
        segment = getattr(support, "segment", None)
        where = _segment_range(segment, parts) if segment else None
        indices = [i for i in (support.grounding_chunk_indices or []) if i in kept]
        if where and indices:
            supports.append((*where, indices))
    return chunks, supports


def search_entry_point(response: Any) -> str | None:
    """``groundingMetadata.searchEntryPoint.renderedContent``: the Google Search Suggestions
    chip (HTML + CSS) that Google's terms for Grounding with Google Search require showing
    with grounded results; ``None`` when absent, and cut off past ``ENTRY_POINT_MAX`` chars."""
    candidates = getattr(response, "candidates", None) or []
    meta = candidates[0].grounding_metadata if candidates else None
    entry = getattr(meta, "search_entry_point", None) if meta else None
    html = getattr(entry, "rendered_content", None) if entry else None
    if not isinstance(html, str) or not html.strip() or len(html) > ENTRY_POINT_MAX:
        return None
    return html


def web_search_queries(response: Any) -> list[str]:
    """The Google Search queries the grounded call made (``webSearchQueries``), at most 8."""
    candidates = getattr(response, "candidates", None) or []
    meta = candidates[0].grounding_metadata if candidates else None
    queries = (getattr(meta, "web_search_queries", None) or []) if meta else []
    return [neutralise(str(q))[:200] for q in queries if isinstance(q, str)][:8]


def place_spans(parts: list[tuple[int, str]]) -> list[tuple[dict, list[tuple[int, int, int]]]]:
    """Each place object of the answer's JSON array with where it sits: ``(place, [(part index,
    start byte, end byte), ...])`` (usually one range; more when the array crosses parts).

    The array is the first JSON value after the ```json fence (else in the text) of the joined
    parts, decoded in place, so backticks inside a string cannot cut it short; each object's
    extent is found by decoding it in place (``json.JSONDecoder.raw_decode``), so the
    ranges are exact even when two places share words. Raises ``SearchFailed`` when there is
    no readable list of places.
    """
    text = "".join(t for _, t in parts)
    fence = _JSON_FENCE.search(text)
    begin = fence.end() if fence else 0
    starts = [i for i in (text.find("[", begin), text.find("{", begin)) if i >= 0]
    offset = min(starts) if starts else -1
    raw = text[offset:] if offset >= 0 else ""
    decoder = json.JSONDecoder()
    try:  # decoded in place: backticks or brackets inside strings cannot cut the array short
        value, _ = decoder.raw_decode(raw) if raw else (None, 0)
    except json.JSONDecodeError:
        value = None
    if isinstance(value, dict) and isinstance(value.get("places"), list):
        inner = raw.find("[", raw.find('"places"'))
        raw, offset, value = raw[inner:], offset + inner, value["places"]
    if not isinstance(value, list):
        raise SearchFailed("the search answer holds no readable list of places")
    spans: list[tuple[int, int]] = []
    at = 1  # just after the array's "["
    for _item in value:
        while at < len(raw) and raw[at] in " \t\r\n,":
            at += 1
        _obj, end = decoder.raw_decode(raw, at)
        spans.append((offset + at, offset + end))
        at = end
    bounds, pos = [], 0  # char range of each part in the joined text
    for index, part_text in parts:
        bounds.append((index, pos, pos + len(part_text), part_text))
        pos += len(part_text)
    out = []
    for item, (a, b) in zip(value, spans, strict=True):
        if not isinstance(item, dict) or not str(item.get("name") or "").strip():
            continue
        ranges = []
        for index, p_lo, p_hi, part_text in bounds:
            lo_c, hi_c = max(a, p_lo), min(b, p_hi)
            if lo_c < hi_c:
                start = len(part_text[: lo_c - p_lo].encode("utf-8"))
                ranges.append((index, start, start + len(text[lo_c:hi_c].encode("utf-8"))))
        out.append((item, ranges))
    return out[:MAX_PLACES]


def chunks_for(ranges: list[tuple[int, int, int]], supports: list[Support]) -> list[int]:
    """Chunk indices of the supports whose byte range overlaps the place's ranges (same part),
    in first-cited order; ``[]`` when no support falls inside the place's part of the answer."""
    found: list[int] = []
    for part, start, end, indices in supports:
        if any(p == part and start < hi and lo < end for p, lo, hi in ranges):
            found += [i for i in indices if i not in found]
    return found


def _web_text(value: Any, limit: int) -> str:
    """Third-party text from the answer, neutralised exactly like offline descriptions
    (``dayplan.tools.search.neutralise``: no marker can be closed or forged) and bounded."""
    return neutralise(str(value or "")).strip()[:limit]


def place_record(
    place: dict, currency_default: str, gazetteer: dict, as_of: str | None = None
) -> tuple[dict | None, str | None, str | None]:
    """(venue record, coordinates note, unusable reason) for one place of the answer.

    Unknown facts are listed in ``record["unknown"]`` with neutral stand-ins the checker never
    trusts: hours ``""``, indoor ``False`` (treated as outdoors), price ``0``. Every text field
    (name, suburb, address, kind, tags, summary) is web text and is neutralised. ``as_of`` is
    the retrieval date (default today).
    """
    name = _web_text(place["name"], 120)
    unknown: list[str] = []
    suburb = _web_text(place.get("suburb"), 120)
    lat, lon = _number(place.get("lat")), _number(place.get("lon"))
    note = None
    if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
        where = resolve_place(suburb, gazetteer) if suburb else None
        if where is None:
            return None, None, f"{name}: no coordinates or known suburb, so travel is unknown"
        lat, lon = where.point
        note = (
            f"Coordinates of {name} taken from the centre of {where.name}; travel to it is rougher"
        )
    hours = str(place.get("opening_hours") or "").strip()
    try:
        validate(hours)
    except OpeningHoursError:  # missing or not OSM syntax: unknown, never guessed
        hours = ""
        unknown.append("opening_hours")
    adult, child = _number(place.get("price_adult")), _number(place.get("price_child"))
    if place.get("free") is True and adult is None:
        adult = child = 0.0
    if adult is None or adult < 0:
        adult = child = 0.0
        unknown.append("price")
    elif child is None or child < 0:
        child = adult  # child price not found: the adult price is the safe upper bound
    indoor = place.get("indoor")
    if not isinstance(indoor, bool):
        indoor = False
        unknown.append("indoor")
    typical = _number(place.get("typical_minutes"))
    typical_minutes = int(typical) if typical and 15 <= typical <= 480 else 90
    tags = [_web_text(t, 30).lower() for t in place.get("tags") or [] if isinstance(t, str)][:8]
    currency = str(place.get("currency") or currency_default).upper()
    record = {
        "id": f"web-{_slug(name)}",
        "name": name,
        "kind": (_web_text(place.get("kind"), 30) or "attraction").lower(),
        "suburb": suburb,
        "lat": lat,
        "lon": lon,
        "opening_hours": hours,
        "price": {"adult": adult, "child": child},
        "currency": currency if re.fullmatch(r"[A-Z]{3}", currency) else currency_default,
        "indoor": indoor,
        "typical_minutes": typical_minutes,
        "min_minutes": max(30, typical_minutes // 2),
        "tags": tags,
        "url": "",
        "as_of": as_of or datetime.now().date().isoformat(),
        "description": _web_text(place.get("summary"), 400),
        "source_kind": "web",
        "unknown": unknown,
        "address": _web_text(place.get("address"), 200),
    }
    return record, note, None


@dataclass
class SearchOutcome:
    """What one grounded search produced, computed without touching session state.

    ``answer`` is the tool's answer to the model; ``writes`` the state entries (venues,
    sources, assumptions, the ``search:<call id>`` record) that ``apply`` stores. The live tool
    computes it on a worker thread and applies it on the event loop only if the search was
    still wanted: a result that arrives after the ``tool_timeout`` guardrail answered is
    discarded, never stored.
    """

    answer: dict
    sources: list[dict] = field(default_factory=list)
    venues: list[dict] = field(default_factory=list)
    assumptions: dict[str, str] = field(default_factory=dict)
    search: tuple[str, dict] | None = None

    def apply(self, state: MutableMapping[str, Any]) -> dict:
        """Store what was found in ``state``; return ``answer``."""
        evidence = RunEvidence(state)
        for source in self.sources:
            evidence.record_source(source)
        for venue in self.venues:
            evidence.record_venue(venue)
        for topic, text in self.assumptions.items():
            evidence.add_assumption(topic, text)
        if self.search is not None:
            evidence.record_search(*self.search)
        return self.answer


def _retrieved_at(response: Any) -> str:
    """When the answer was retrieved: the HTTP ``Date`` header of the grounded response
    (RFC 9110; the server's clock, also what a recording replays), else the local clock."""
    headers = getattr(getattr(response, "sdk_http_response", None), "headers", None) or {}
    stamp = {str(k).lower(): v for k, v in dict(headers).items()}.get("date")
    try:
        moment = parsedate_to_datetime(stamp) if stamp else None
    except (TypeError, ValueError):
        moment = None
    return (moment or datetime.now().astimezone()).isoformat(timespec="seconds")


def search_outcome(
    state: Mapping[str, Any],
    call_id: str,
    query: str,
    location: str,
    indoor_only: bool,
    settings: Settings | None = None,
) -> SearchOutcome:
    """Run one grounded search and read it (see the module docstring); reads ``state`` (the
    budget, already used searches), writes nothing. Never raises: failures are answers with
    ``ok: false``."""
    settings = settings or live_settings()
    used = len(RunEvidence(state).searches())
    if used >= settings.search_budget:
        return SearchOutcome(
            {
                "ok": False,
                "error": f"search budget used up ({used} of {settings.search_budget}); plan with "
                "what earlier searches returned",
            }
        )
    try:
        response = grounded_answer(query, location, indoor_only, settings)
        chunks, supports = grounding_sources(response)
        located = place_spans(answer_parts(response)) if chunks else []
    except SearchFailed as exc:
        return SearchOutcome({"ok": False, "backend": BACKEND, "error": str(exc)})
    except Exception as exc:  # a response the SDK could not even parse: say so, do not crash
        return SearchOutcome(
            {
                "ok": False,
                "backend": BACKEND,
                "error": f"the search answer could not be read ({type(exc).__name__})",
            }
        )
    out = SearchOutcome({})
    # Source ids from the search itself, not ADK's random call id: the same run replayed from a
    # recording serves the same ids (and the model reads the same tool answers).
    suffix = hashlib.sha256(f"{query}|{location}|{indoor_only}".encode()).hexdigest()[:8]
    retrieved = _retrieved_at(response)
    source_ids = {c["index"]: f"src-web-{suffix}-{c['index']}" for c in chunks}
    uri_of = {c["index"]: c["uri"] for c in chunks}
    for c in chunks:
        out.sources.append(
            {
                "id": source_ids[c["index"]],
                "title": c["title"],
                "url": c["uri"][:500],
                "kind": "web",
                "retrieved_at": retrieved,
            }
        )
    gaz = data.gazetteer()
    currency = data.venue_snapshot().get("currency", "AUD")
    results, unusable, venue_ids = [], [], []
    for place, ranges in located:
        record, note, problem = place_record(place, currency, gaz, retrieved[:10])
        if record is None:
            unusable.append(problem)
            continue
        if record["id"] in venue_ids:
            continue
        if indoor_only and not record["indoor"] and "indoor" not in record["unknown"]:
            unusable.append(f"{record['name']}: outdoors, and only indoor places were asked for")
            continue
        indices = chunks_for(ranges, supports)
        if not indices:  # nothing in the answer's grounding supports this place: not used
            unusable.append(f"{record['name']}: no grounding source supports this place")
            continue
        record["source_ids"] = [source_ids[i] for i in indices]
        record["url"] = uri_of[indices[0]][:500]
        out.venues.append(record)
        if note:
            out.assumptions[f"coordinates:{record['id']}"] = note
        venue_ids.append(record["id"])
        view = {k: v for k, v in record.items() if k not in ("description", "as_of")}
        view["untrusted_description"] = f"{UNTRUSTED_OPEN}{record['description']}{UNTRUSTED_CLOSE}"
        view["source_urls"] = [uri_of[i] for i in indices]
        results.append(view)
    if not chunks:
        note = "The answer was not grounded in any web source, so none of it is used."
    else:
        note = f"{len(results)} place(s) from Google Search grounding ({len(chunks)} source(s))"
        if any(r["unknown"] for r in results):
            note += "; facts listed under 'unknown' were not found and prove nothing"
    record = {
        "query": query,
        "venue_ids": venue_ids,
        "note": note,
        "indoor_only": bool(indoor_only),
        "location": location,
        "backend": BACKEND,
        "source_ids": list(source_ids.values()),
    }
    entry = search_entry_point(response) if chunks else None
    if entry:
        record["search_entry_point"] = entry
        record["web_search_queries"] = web_search_queries(response)
    out.search = (call_id, record)
    out.answer = {
        "ok": True,
        "backend": BACKEND,
        "results": results,
        "unusable": unusable,
        "sources": [
            {"id": source_ids[c["index"]], "title": c["title"], "url": c["uri"]} for c in chunks
        ],
        "note": note,
    }
    return out


def live_search(
    state: MutableMapping[str, Any],
    call_id: str,
    query: str,
    location: str,
    indoor_only: bool,
    settings: Settings | None = None,
) -> dict:
    """Run one grounded search and record what it found at once (``search_outcome`` then
    ``apply``). Returns the tool's answer: ``{"ok": true, "backend": "google_search",
    "results": [...], "unusable": [...], "sources": [...], "note"}`` or ``{"ok": false,
    "error"}``."""
    return search_outcome(state, call_id, query, location, indoor_only, settings).apply(state)
