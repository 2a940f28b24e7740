"""The live search parser against recorded-shape grounded answers: attribution by part index and
UTF-8 byte offsets, neutralised web text (the injection corpus), Search Suggestions, timeouts
through the guardrail, and the forecast for a geocoded place."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import httpx
import pytest
import respx

from dayplan.contract import PlanRequest
from dayplan.data.injections import injections
from dayplan.evidence import RunEvidence
from dayplan.service.run import initial_state
from dayplan.tools import get_forecast, search_public_web
from dayplan.tools.search import UNTRUSTED_CLOSE, UNTRUSTED_OPEN
from dayplan.tools.state import found_venues
from tests import live_shapes as shapes

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))


def ctx(request: PlanRequest | None = None, call_id: str = "adk-call-1"):
    req = request or PlanRequest(text="t", location="South Brisbane", date="Saturday")
    state = initial_state(req, run_id="t", now=NOW)
    state.update(backend="live", date="2026-12-05")
    return SimpleNamespace(
        state=state, function_call_id=call_id, actions=SimpleNamespace(skip_summarization=False)
    )


def place(name: str, **extra) -> dict:
    return {
        "name": name,
        "suburb": "South Brisbane",
        "lat": -27.47,
        "lon": 153.02,
        "opening_hours": "Mo-Su 09:00-17:00",
        "price_adult": 10,
        "price_child": 5,
        "currency": "AUD",
        "indoor": True,
        "typical_minutes": 90,
        "kind": "museum",
        "tags": ["museum"],
        "summary": f"{name} is a museum.",
        **extra,
    }


CHUNKS = [
    {"web": {"uri": f"{shapes.REDIRECT}chunk{i}", "title": f"site{i}.example"}} for i in range(4)
]


def answer(places: list[dict], supports: list[tuple[str, int, list[int]]], parts=None) -> dict:
    """A grounded response whose supports cover the ``occurrence``-th ``needle`` of the text."""
    text = shapes.answer_text(places)
    meta = {
        "webSearchQueries": ["museums South Brisbane"],
        "searchEntryPoint": {"renderedContent": shapes.ENTRY_POINT},
        "groundingChunks": CHUNKS,
        "groundingSupports": [
            {"segment": shapes.byte_segment(text, needle, occurrence), "groundingChunkIndices": idx}
            for needle, occurrence, idx in supports
        ],
    }
    return shapes.grounded_response(places, meta, parts)


def search(response: dict, **kw) -> tuple[dict, SimpleNamespace]:
    respx.post(url__regex=shapes.GENERATE_URL).mock(return_value=httpx.Response(200, json=response))
    c = ctx()
    return search_public_web("museums", c, **kw), c


def cited(out: dict) -> dict[str, list[str]]:
    return {r["name"]: [u.rsplit("/", 1)[-1] for u in r["source_urls"]] for r in out["results"]}


@respx.mock
def test_supports_are_mapped_by_byte_offsets_with_non_ascii_names(live_env):
    """Multibyte names before a support shift byte offsets away from character offsets; a
    support inside the second place's object is credited to the second place only."""
    places = [
        place("Musée Ōtautahi — Kinder-Café", summary="Große Ausstellung für Kinder 🦕🦖"),
        place("São Paulo Science Lab", summary="Hands-on science."),
        place("Brisbane Museum", summary="City history."),
    ]
    text = shapes.answer_text(places)
    assert len(text.encode("utf-8")) > len(text) + 10  # bytes and characters really differ
    out, c = search(
        answer(
            places,
            [
                ("Musée Ōtautahi — Kinder-Café", 0, [0]),
                ("Hands-on science.", 0, [1, 3]),
                ("City history.", 0, [2]),
            ],
        )
    )
    assert cited(out) == {
        "Musée Ōtautahi — Kinder-Café": ["chunk0"],
        "São Paulo Science Lab": ["chunk1", "chunk3"],
        "Brisbane Museum": ["chunk2"],
    }
    lab = c.state["venue:web-s-o-paulo-science-lab"]
    assert [
        {k: v.model_dump() for k, v in RunEvidence(c.state).sources().items()}[i]["url"]
        for i in lab["source_ids"]
    ] == [
        f"{shapes.REDIRECT}chunk1",
        f"{shapes.REDIRECT}chunk3",
    ]


@respx.mock
def test_a_support_in_the_second_places_object_is_not_credited_to_the_first(live_env):
    """The first place's name also appears in the second place's summary: text matching would
    credit the first place; the byte range says the support is inside the second object (the
    name occurs in the first object twice: its name and its summary)."""
    places = [
        place("Queensland Museum Kurilpa"),
        place("Museum Café", summary="Next to Queensland Museum Kurilpa, good coffee."),
    ]
    out, _ = search(
        answer(
            places, [("Queensland Museum Kurilpa", 0, [0]), ("Queensland Museum Kurilpa", 2, [3])]
        )
    )
    assert cited(out) == {"Queensland Museum Kurilpa": ["chunk0"], "Museum Café": ["chunk3"]}


@respx.mock
def test_no_place_cites_a_chunk_that_does_not_support_it(live_env):
    places = [place("Ängelholm Gallery"), place("Zoë's Play Barn"), place("Plain Place")]
    out, c = search(answer(places, [("Ängelholm Gallery", 0, [1]), ("Zoë's Play Barn", 0, [2])]))
    assert cited(out) == {"Ängelholm Gallery": ["chunk1"], "Zoë's Play Barn": ["chunk2"]}
    assert out["unusable"] == ["Plain Place: no grounding source supports this place"]
    for key in [k for k in c.state if k.startswith("venue:")]:  # cited ids name real chunks
        assert set(c.state[key]["source_ids"]) <= set(
            {k: v.model_dump() for k, v in RunEvidence(c.state).sources().items()}
        )


@respx.mock
def test_part_index_selects_the_part_a_support_is_in(live_env):
    """The answer in two text parts: offsets count from the start of the part partIndex names."""
    places = [place("Café Ünter"), place("Ōpōtiki Hall")]
    text = shapes.answer_text(places)
    cut = text.index('  "name": "Ōpōtiki Hall"')
    first, second = text[:cut], text[cut:]
    parts = [{"text": first}, {"text": second}]
    meta = {
        "groundingChunks": CHUNKS,
        "groundingSupports": [
            {"segment": shapes.byte_segment(first, "Café Ünter"), "groundingChunkIndices": [0]},
            {
                "segment": shapes.byte_segment(second, "Ōpōtiki Hall", part=1),
                "groundingChunkIndices": [2],
            },
        ],
    }
    out, _ = search(shapes.grounded_response(places, meta, parts))
    assert cited(out) == {"Café Ünter": ["chunk0"], "Ōpōtiki Hall": ["chunk2"]}


@respx.mock
def test_segments_out_of_range_or_without_offsets_are_placed_only_when_unambiguous(live_env):
    places = [place("Alpha Hall"), place("Beta Hall", summary="Not Alpha Hall.")]
    text = shapes.answer_text(places)
    size = len(text.encode("utf-8"))
    meta = {
        "groundingChunks": CHUNKS,
        "groundingSupports": [
            {"segment": {"startIndex": size, "endIndex": size + 9}, "groundingChunkIndices": [0]},
            {"segment": {"text": "Alpha Hall"}, "groundingChunkIndices": [1]},  # twice: skipped
            {"segment": {"text": "Beta Hall"}, "groundingChunkIndices": [2]},  # once: placed
            {"segment": {"partIndex": 7, "endIndex": 4}, "groundingChunkIndices": [3]},
        ],
    }
    out, _ = search(shapes.grounded_response(places, meta))
    assert cited(out) == {"Beta Hall": ["chunk2"]}
    assert out["unusable"] == ["Alpha Hall: no grounding source supports this place"]


@pytest.mark.parametrize("payload", injections(), ids=[p.id for p in injections()])
@respx.mock
def test_live_web_text_is_neutralised_like_offline(live_env, payload):
    """Every payload of the corpus planted in every text field of a grounded answer and in the
    chunk titles: nothing can close or forge the untrusted-description markers."""
    hostile = place(
        f"Museum {payload.text[:60]}",
        summary=payload.text,
        address=payload.text,
        suburb="South Brisbane",
        tags=[payload.text[:30]],
        kind=payload.text[:30],
    )
    places = [hostile]
    meta = {
        "groundingChunks": [{"web": {"uri": shapes.QM_URI, "title": payload.text[:150]}}],
        "groundingSupports": [
            {
                "segment": shapes.byte_segment(shapes.answer_text(places), '"name"'),
                "groundingChunkIndices": [0],
            }
        ],
    }
    out, c = search(shapes.grounded_response(places, meta))
    assert out["ok"]
    for result in out["results"]:
        text = result["untrusted_description"]
        assert text.startswith(UNTRUSTED_OPEN) and text.endswith(UNTRUSTED_CLOSE)
        inner = text[len(UNTRUSTED_OPEN) : -len(UNTRUSTED_CLOSE)]
        fields = [inner, result["name"], result["address"], result["kind"], *result["tags"]]
        for field in fields:
            assert "<<" not in field and ">>" not in field
            assert "untrusted_description" not in field.lower()
    for source in {k: v.model_dump() for k, v in RunEvidence(c.state).sources().items()}.values():
        assert "<<" not in source["title"] and ">>" not in source["title"]


@respx.mock
def test_search_suggestions_are_kept_with_the_search(live_env):
    out, c = search(shapes.grounded_response())
    record = c.state["search:adk-call-1"]
    assert record["search_entry_point"] == shapes.ENTRY_POINT
    assert record["web_search_queries"] == ["museums for kids South Brisbane opening hours"]
    assert "search_entry_point" not in json.dumps(out)  # for people, not for the model


# -- the tool timeout, through the guardrail ------------------------------------------------


@respx.mock
def test_a_slow_search_times_out_through_the_guardrail_and_its_late_result_is_discarded(
    live_env, monkeypatch
):
    """The ADK tool (async search) under ToolTimeoutPlugin: the model gets ``timed_out``; the
    worker thread's late answer arrives afterwards and is never stored."""
    from google.adk.tools.function_tool import FunctionTool

    from dayplan.agent.guardrails import ToolTimeoutPlugin
    from dayplan.tools.search import search_public_web_async

    release, finished = threading.Event(), threading.Event()

    def slow(request: httpx.Request) -> httpx.Response:
        release.wait(5)
        finished.set()
        return httpx.Response(200, json=shapes.grounded_response())

    respx.post(url__regex=shapes.GENERATE_URL).mock(side_effect=slow)
    c = ctx()
    tool = FunctionTool(search_public_web_async)
    plugin = ToolTimeoutPlugin({"search_public_web": 0.2})

    async def go():
        return await plugin.before_tool_callback(
            tool=tool, tool_args={"query": "museums"}, tool_context=c
        )

    answer_ = asyncio.run(go())
    assert answer_["status"] == "timed_out" and answer_["guardrail"] == "tool_timeout"
    assert "a late answer is discarded" in answer_["error"]
    release.set()
    assert finished.wait(5)
    time.sleep(0.2)
    assert found_venues(c.state) == {} and not any(k.startswith("search:") for k in c.state)


# -- forecast for a geocoded place ---------------------------------------------------------


GEOCODE = "https://geocoding-api.open-meteo.com/v1/search"


def _geo(name, lat, lon, tz):
    return {
        "results": [
            {
                "name": name,
                "latitude": lat,
                "longitude": lon,
                "timezone": tz,
                "country_code": "AU",
                "admin1": "New South Wales",
            }
        ]
    }


@respx.mock
def test_get_forecast_with_a_location_outside_the_gazetteer_uses_the_geocoded_point(live_env):
    from dayplan.tools.geocode import locate_live

    respx.get(GEOCODE).mock(
        return_value=httpx.Response(
            200, json=_geo("Sydney", -33.86785, 151.20732, "Australia/Sydney")
        )
    )
    forecast = respx.get(shapes.OPEN_METEO_URL).mock(
        return_value=httpx.Response(200, json=shapes.open_meteo("2026-12-05", [0] * 24))
    )
    c = ctx(PlanRequest(text="Saturday in Sydney", location="Sydney"))
    locate_live(c.state)
    out = get_forecast(c, location="Sydney")  # the model names the place: before, a failure
    assert out["ok"] and out["source"] == "open_meteo"
    params = dict(forecast.calls[0].request.url.params)
    assert (params["latitude"], params["longitude"]) == ("-33.8678", "151.2073")
    out = get_forecast(c, location="sydney, nsw")
    assert out["ok"]


@respx.mock
def test_get_forecast_geocodes_another_city_the_model_names(live_env):
    geo = respx.get(GEOCODE).mock(
        return_value=httpx.Response(200, json=_geo("Newcastle", -32.92, 151.78, "Australia/Sydney"))
    )
    forecast = respx.get(shapes.OPEN_METEO_URL).mock(
        return_value=httpx.Response(200, json=shapes.open_meteo("2026-12-05", [0] * 24))
    )
    out = get_forecast(ctx(), location="Newcastle")
    assert out["ok"] and geo.call_count == 1
    assert dict(forecast.calls[0].request.url.params)["latitude"] == "-32.9200"


def test_offline_get_forecast_never_geocodes(monkeypatch):
    c = ctx()
    c.state["backend"] = "offline"
    out = get_forecast(c, location="Newcastle")
    assert out["ok"] is False and "no coordinates known for Newcastle" in out["error"]
