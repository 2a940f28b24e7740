"""The live backend of ``search_public_web``: one grounded Gemini call with Google Search.

The planner agent only has function tools; Google Search grounding happens here, in a separate
``generateContent`` call whose only tool is ``types.Tool(google_search=types.GoogleSearch())``
(mixing the built-in search tool with function tools in one request is not supported on
several model versions). The call has its own timeout (``DAYPLAN_SEARCH_TIMEOUT_SECONDS``,
20 s) and the shared retry policy (HTTP 429/500/503/504 only).

What comes back is read in two parts:

* the answer text: a JSON array of places with the facts the checker needs (opening hours in
  OpenStreetMap syntax, adult/child prices, indoor or outdoor, coordinates or suburb). A fact
  the answer gives as ``null`` or in an unreadable form is recorded as **unknown**, never
  guessed (``Venue.unknown``; the checker then proves nothing from it);
* ``candidates[0].groundingMetadata``: ``groundingChunks[].web.{uri, title}`` become the
  sources, URLs exactly as returned; ``groundingSupports`` tie answer segments to chunks, so
  each place cites the chunks that support its part of the answer (else every chunk of the
  answer). An answer without any web chunk is not grounded: nothing from it is used.

Coordinates come from the answer, else from the gazetteer by suburb (then travel to it is a
rougher estimate, stated as an assumption); a place with neither is returned as unusable.
Each completed search is recorded as ``search:<call id>``, the key the offline backend and the
search budget use.
"""

from __future__ import annotations

import json
import re
from collections.abc import MutableMapping
from datetime import datetime
from typing import Any

import httpx
from google.genai import errors as genai_errors
from google.genai import types

from dayplan import data
from dayplan.config import LiveConfigError, Settings, make_genai_client
from dayplan.contract import web_url_problem
from dayplan.core.hours import OpeningHoursError, validate
from dayplan.core.places import resolve_place
from dayplan.evidence import RunEvidence
from dayplan.tools.state import add_assumption

BACKEND = "google_search"
MAX_PLACES = 8
_JSON_BLOCK = re.compile(r"```(?:json)?\s*(.*?)```", re.S)

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

    Raises ``SearchFailed`` with a clear one-line message on a timeout, an HTTP error (after
    the retry policy gave up, or at once for a 4xx other than 429) or missing credentials.
    """
    seconds = settings.search_timeout_seconds
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
    try:
        with make_genai_client(settings, timeout_seconds=seconds) as client:
            return client.models.generate_content(model=model, contents=prompt, config=config)
    except LiveConfigError as exc:
        raise SearchFailed(str(exc)) from None
    except httpx.TimeoutException:
        raise SearchFailed(f"web search timed out after {seconds:g} s") from None
    except genai_errors.APIError as exc:
        retried = " after retries" if exc.code in (429, 500, 503, 504) else ""
        message = str(exc.message or exc.status or "")[:200]
        raise SearchFailed(f"web search failed{retried}: HTTP {exc.code} {message}") from None
    except httpx.HTTPError as exc:
        raise SearchFailed(
            f"web search could not reach the service ({type(exc).__name__})"
        ) from None


def answer_text(response: Any) -> str:
    """The text parts of the first candidate, joined ('' when there is none)."""
    candidates = getattr(response, "candidates", None) or []
    if not candidates or not candidates[0].content or not candidates[0].content.parts:
        return ""
    return "".join(p.text for p in candidates[0].content.parts if p.text and not p.thought)


def grounding_sources(response: Any) -> tuple[list[dict], list[tuple[str, list[int]]]]:
    """(web chunks, supports) from ``candidates[0].grounding_metadata``.

    Chunks: ``[{"index": i, "uri": ..., "title": ...}]``, only chunks with a ``web.uri`` (kept
    exactly); supports: ``[(segment text, [chunk index, ...])]`` with indices that point at a
    kept chunk. Anything malformed or missing is skipped, never invented.
    """
    candidates = getattr(response, "candidates", None) or []
    meta = candidates[0].grounding_metadata if candidates else None
    chunks: list[dict] = []
    for i, chunk in enumerate((meta.grounding_chunks or []) if meta else []):
        web = getattr(chunk, "web", None)
        uri = (getattr(web, "uri", None) or "").strip() if web else ""
        if web_url_problem(uri) is None:  # https/http with a host; other links are dropped
            title = (web.title or web.domain or uri).strip()
            chunks.append({"index": i, "uri": uri, "title": title[:200]})
    kept = {c["index"] for c in chunks}
    supports: list[tuple[str, list[int]]] = []
    for support in (meta.grounding_supports or []) if meta else []:
        segment = getattr(support, "segment", None)
        text = (segment.text or "") if segment else ""
        indices = [i for i in (support.grounding_chunk_indices or []) if i in kept]
        if text and indices:
            supports.append((text, indices))
    return chunks, supports


def parse_places(text: str) -> list[dict]:
    """The JSON array of places in the answer (a fenced block, else the outermost ``[...]``).

    Raises ``SearchFailed`` when there is none or it is not a list of objects with a name.
    """
    block = _JSON_BLOCK.search(text)
    raw = block.group(1) if block else text[text.find("[") : text.rfind("]") + 1]
    try:
        places = json.loads(raw) if raw.strip() else None
    except json.JSONDecodeError:
        places = None
    if isinstance(places, dict):
        places = places.get("places")
    if not isinstance(places, list):
        raise SearchFailed("the search answer holds no readable list of places")
    return [p for p in places if isinstance(p, dict) and str(p.get("name") or "").strip()][
        :MAX_PLACES
    ]


def _chunks_for(name: str, span: tuple[int, int], text: str, supports, all_chunks) -> list[int]:
    """Chunk indices supporting the part of ``text`` about one place (its JSON object span),
    else the supports naming it, else every chunk of the answer."""
    found: list[int] = []
    for segment, indices in supports:
        at = text.find(segment)
        inside = at >= 0 and span[0] <= at < span[1]
        if inside or name.lower() in segment.lower():
            found += [i for i in indices if i not in found]
    return found or [c["index"] for c in all_chunks]


def place_record(
    place: dict, currency_default: str, gazetteer: dict
) -> tuple[dict | None, str | None, str | None]:
    """(venue record, coordinates note, unusable reason) for one place of the answer.

    Unknown facts are listed in ``record["unknown"]`` with neutral stand-ins the checker never
    trusts: hours ``""``, indoor ``False`` (treated as outdoors), price ``0``.
    """
    name = str(place["name"]).strip()[:120]
    unknown: list[str] = []
    suburb = str(place.get("suburb") or "").strip()
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
    tags = [str(t).lower()[:30] for t in place.get("tags") or [] if isinstance(t, str)][:8]
    currency = str(place.get("currency") or currency_default).upper()
    record = {
        "id": f"web-{_slug(name)}",
        "name": name,
        "kind": str(place.get("kind") or "attraction").lower()[:30],
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
        "as_of": datetime.now().date().isoformat(),
        "description": str(place.get("summary") or "")[:400],
        "source_kind": "web",
        "unknown": unknown,
        "address": str(place.get("address") or "")[:200],
    }
    return record, note, None


def live_search(
    state: MutableMapping[str, Any],
    call_id: str,
    query: str,
    location: str,
    indoor_only: bool,
    settings: Settings | None = None,
) -> dict:
    """Run one grounded search and record what it found (see the module docstring).

    Returns the tool's answer: ``{"ok": true, "backend": "google_search", "results": [...],
    "unusable": [...], "sources": [...], "note"}`` or ``{"ok": false, "error"}``.
    """
    settings = settings or Settings()
    used = len(RunEvidence(state).searches())
    if used >= settings.search_budget:
        return {
            "ok": False,
            "error": f"search budget used up ({used} of {settings.search_budget}); plan with "
            "what earlier searches returned",
        }
    try:
        response = grounded_answer(query, location, indoor_only, settings)
        text = answer_text(response)
        chunks, supports = grounding_sources(response)
        places = parse_places(text) if chunks else []
    except SearchFailed as exc:
        return {"ok": False, "backend": BACKEND, "error": str(exc)}
    except Exception as exc:  # a response the SDK could not even parse: say so, do not crash
        return {
            "ok": False,
            "backend": BACKEND,
            "error": f"the search answer could not be read ({type(exc).__name__})",
        }
    suffix = _slug(call_id)[-12:].strip("-") or "local"
    retrieved = datetime.now().astimezone().isoformat(timespec="seconds")
    source_ids = {c["index"]: f"src-web-{suffix}-{c['index']}" for c in chunks}
    for c in chunks:
        RunEvidence(state).record_source(
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
    starts = []
    cursor = 0
    for place in places:
        at = text.find(json.dumps(str(place["name"]).strip())[1:-1], cursor)
        starts.append(at if at >= 0 else cursor)
        cursor = max(cursor, at if at >= 0 else cursor)
    for n, place in enumerate(places):
        span = (starts[n], starts[n + 1] if n + 1 < len(starts) else len(text))
        record, note, problem = place_record(place, currency, gaz)
        if record is None:
            unusable.append(problem)
            continue
        if record["id"] in venue_ids:
            continue
        if indoor_only and not record["indoor"] and "indoor" not in record["unknown"]:
            unusable.append(f"{record['name']}: outdoors, and only indoor places were asked for")
            continue
        indices = _chunks_for(record["name"], span, text, supports, chunks)
        record["source_ids"] = [source_ids[i] for i in indices]
        record["url"] = chunks[[c["index"] for c in chunks].index(indices[0])]["uri"][:500]
        RunEvidence(state).record_venue(record)
        if note:
            add_assumption(state, f"coordinates:{record['id']}", note)
        venue_ids.append(record["id"])
        view = {k: v for k, v in record.items() if k not in ("description", "as_of")}
        view["untrusted_description"] = (
            f"<<untrusted_description>>{record['description']}<</untrusted_description>>"
        )
        view["source_urls"] = [next(c["uri"] for c in chunks if c["index"] == i) for i in indices]
        results.append(view)
    if not chunks:
        note = "The answer was not grounded in any web source, so none of it is used."
    else:
        note = f"{len(results)} place(s) from Google Search grounding ({len(chunks)} source(s))"
        if any(r["unknown"] for r in results):
            note += "; facts listed under 'unknown' were not found and prove nothing"
    RunEvidence(state).record_search(
        call_id,
        {
            "query": query,
            "venue_ids": venue_ids,
            "note": note,
            "backend": BACKEND,
            "source_ids": list(source_ids.values()),
        },
    )
    return {
        "ok": True,
        "backend": BACKEND,
        "results": results,
        "unusable": unusable,
        "sources": [
            {"id": source_ids[c["index"]], "title": c["title"], "url": c["uri"]} for c in chunks
        ],
        "note": note,
    }
