"""The live path, contract-tested without a network: respx answers google-genai's and
Open-Meteo's HTTP calls with recorded-shape JSON (tests/live_shapes.py); pytest-socket still
blocks every real socket."""

from __future__ import annotations

import json
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import httpx
import pytest
import respx
from google.adk.models.google_llm import Gemini

from dayplan.cli import main, render_report
from dayplan.config import (
    RETRY_STATUS_CODES,
    Settings,
    client_kwargs,
    live_available,
    live_skip_notice,
    make_genai_client,
)
from dayplan.contract import PlanRequest
from dayplan.core.weather import ForecastFormatError, rain_windows
from dayplan.evidence import RunEvidence
from dayplan.service.run import initial_state, plan
from dayplan.tools import check_plan, get_forecast, search_public_web
from dayplan.tools.state import assumptions, found_venues
from tests import live_shapes as shapes

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
FAKE_KEY = shapes.FAKE_KEY


def live_ctx(request: PlanRequest | None = None, call_id: str = "adk-call-1"):
    req = request or PlanRequest(text="t", location="South Brisbane", date="Saturday")
    state = initial_state(req, run_id="t", now=NOW)
    state["backend"] = "live"
    state["date"] = "2026-12-05"
    return SimpleNamespace(
        state=state, function_call_id=call_id, actions=SimpleNamespace(skip_summarization=False)
    )


# -- configuration ---------------------------------------------------------------------------


def test_live_without_credentials_exits_2_naming_the_key(capsys, monkeypatch):
    code = main(["plan", "wet_weather_family", "--live"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert "GOOGLE_API_KEY" in err and err.startswith("error: live mode needs")
    monkeypatch.setenv("DAYPLAN_MODE", "live")  # the mode alone asks for live, too
    assert main(["plan", "wet_weather_family"]) == 2
    assert "GOOGLE_API_KEY" in capsys.readouterr().err
    assert not live_available() and "GOOGLE_API_KEY" in live_skip_notice()


def test_live_model_has_timeout_retries_and_temperature(live_env, monkeypatch):
    from dayplan.agent.models import resolve_model

    model = resolve_model("live")
    assert isinstance(model, Gemini) and model.model == "gemini-3.5-flash"
    assert model.temperature is None  # Gemini 3: the API default (1.0), per Google's guidance
    assert model.retry_options.http_status_codes == [429, 500, 503, 504]
    options = model.api_client._api_client._http_options
    assert options.timeout == 30_000  # milliseconds: google-genai has no default timeout
    assert options.retry_options.http_status_codes == list(RETRY_STATUS_CODES)
    assert FAKE_KEY not in repr(model) and FAKE_KEY not in json.dumps(Settings().describe())
    assert resolve_model("live:gemini-3.5-pro").model == "gemini-3.5-pro"
    assert resolve_model("live:gemini-2.5-flash-lite").temperature == 0.2  # older: low
    monkeypatch.setenv("DAYPLAN_TEMPERATURE", "0.3")
    assert resolve_model("live").temperature == 0.3  # an explicit setting wins


def test_vertex_configuration_needs_a_project(monkeypatch):
    monkeypatch.setenv("GOOGLE_GENAI_USE_VERTEXAI", "true")
    assert "GOOGLE_CLOUD_PROJECT" in Settings().credential_problem()
    monkeypatch.setenv("GOOGLE_CLOUD_PROJECT", "my-project")
    kwargs = client_kwargs(Settings())
    assert kwargs["vertexai"] is True and kwargs["project"] == "my-project"
    # unset location: google-genai's own default, the endpoint that serves Gemini 3
    assert kwargs["location"] == "global" and "api_key" not in kwargs


# -- grounded search -------------------------------------------------------------------------


@respx.mock
def test_grounded_search_keeps_exact_urls_and_marks_unknowns(live_env):
    route = respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.grounded_response())
    )
    ctx = live_ctx()
    out = search_public_web("museums for kids", ctx)
    assert out["ok"] and out["backend"] == "google_search"
    body = json.loads(route.calls[0].request.content)
    assert body["tools"] == [{"googleSearch": {}}]  # the only tool of that call
    assert "temperature" not in body.get("generationConfig", {})
    assert "South Brisbane" in body["contents"][0]["parts"][0]["text"]
    # 2 attempts of 14 s each fit inside the 30 s tool budget (dayplan.budgets.search_budget)
    assert route.calls[0].request.headers["x-server-timeout"] == "14"
    by_name = {r["name"]: r for r in out["results"]}
    museum, park = by_name["Queensland Museum Kurilpa"], by_name["Roma Street Parkland"]
    assert museum["source_urls"] == [shapes.QM_URI] and museum["unknown"] == []
    assert museum["opening_hours"] == "Mo-Su 09:30-17:00" and museum["indoor"] is True
    assert park["source_urls"] == [shapes.PARK_URI]
    assert set(park["unknown"]) == {"opening_hours", "price", "indoor"}
    assert (park["lat"], park["lon"]) != (None, None)  # from the gazetteer, stated as such
    assert any("centre of Brisbane City" in a for a in assumptions(ctx.state))
    assert out["unusable"] == [
        "Somewhere Unmapped: no coordinates or known suburb, so travel is unknown"
    ]
    assert park["untrusted_description"].startswith("<<untrusted_description>>")
    sources = {k: v.dump() for k, v in RunEvidence(ctx.state).sources().items()}
    assert {s["url"] for s in sources.values()} == {
        shapes.QM_URI,
        shapes.SPARK_URI,
        shapes.PARK_URI,
    }
    assert {s["kind"] for s in sources.values()} == {"web"}
    assert set(found_venues(ctx.state)) == {museum["id"], park["id"]}
    assert ctx.state["search:adk-call-1"]["venue_ids"] == [museum["id"], park["id"]]


@respx.mock
def test_searches_count_against_the_budget(live_env, monkeypatch):
    monkeypatch.setenv("DAYPLAN_SEARCH_BUDGET", "2")
    route = respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.grounded_response())
    )
    ctx = live_ctx()
    for n in (1, 2):
        ctx.function_call_id = f"call-{n}"
        assert search_public_web("museums", ctx)["ok"]
    assert sorted(k for k in ctx.state if k.startswith("search:")) == [
        "search:call-1",
        "search:call-2",
    ]
    ctx.function_call_id = "call-3"
    out = search_public_web("museums", ctx)
    assert out["ok"] is False and "budget used up (2 of 2)" in out["error"]
    assert route.call_count == 2 and len(RunEvidence(ctx.state).searches()) == 2


@respx.mock
def test_a_429_is_retried_then_succeeds(live_env):
    route = respx.post(url__regex=shapes.GENERATE_URL).mock(
        side_effect=[
            httpx.Response(
                429, json=shapes.error_body(429, "RESOURCE_EXHAUSTED", "Quota exceeded")
            ),
            httpx.Response(200, json=shapes.grounded_response()),
        ]
    )
    out = search_public_web("museums", live_ctx())
    assert out["ok"] and len(out["results"]) == 2 and route.call_count == 2


@respx.mock
def test_a_400_is_not_retried_and_says_why(live_env):
    route = respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(
            400,
            json=shapes.error_body(
                400, "INVALID_ARGUMENT", "Request contains an invalid argument."
            ),
        )
    )
    ctx = live_ctx()
    out = search_public_web("museums", ctx)
    assert route.call_count == 1
    assert out == {
        "ok": False,
        "backend": "google_search",
        "error": "web search failed: HTTP 400 Request contains an invalid argument.",
    }
    assert RunEvidence(ctx.state).searches() == []  # a failed search records nothing


@respx.mock
def test_a_timeout_is_a_clear_error(live_env, monkeypatch):
    monkeypatch.setenv("DAYPLAN_RETRY_ATTEMPTS", "2")
    route = respx.post(url__regex=shapes.GENERATE_URL).mock(side_effect=httpx.ReadTimeout("slow"))
    out = search_public_web("museums", live_ctx())
    assert out["ok"] is False and out["error"] == "web search timed out after 14 s (2 attempts)"
    assert route.call_count == 2  # a timeout is transient: retried within the attempts


@pytest.mark.parametrize(
    "metadata, expect",
    [
        ({"groundingChunks": "oops"}, "could not be read (ValidationError)"),
        ({}, "not grounded"),
        (
            {
                "groundingChunks": [
                    {"web": {"title": "no uri"}},
                    {"retrievedContext": {"uri": "x"}},
                ],
                "groundingSupports": [{"segment": {"text": "x"}, "groundingChunkIndices": [9]}],
            },
            "not grounded",
        ),
    ],
)
@respx.mock
def test_malformed_grounding_metadata_is_never_trusted(live_env, metadata, expect):
    respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.grounded_response(metadata=metadata))
    )
    ctx = live_ctx()
    out = search_public_web("museums", ctx)
    assert expect in (out.get("error") or out.get("note"))
    assert (
        found_venues(ctx.state) == {}
        and {k: v.dump() for k, v in RunEvidence(ctx.state).sources().items()} == {}
    )


@respx.mock
def test_indoor_only_drops_places_the_answer_says_are_outdoors(live_env):
    outdoor = dict(shapes.PLACES[0], name="Kangaroo Point Cliffs", indoor=False)
    respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.grounded_response([outdoor, shapes.PLACES[1]]))
    )
    out = search_public_web("things to do", live_ctx(), indoor_only=True)
    assert [r["name"] for r in out["results"]] == ["Roma Street Parkland"]  # indoor unknown: kept
    assert out["unusable"] == [
        "Kangaroo Point Cliffs: outdoors, and only indoor places were asked for"
    ]


@respx.mock
def test_a_place_no_support_covers_is_not_used(live_env):
    """Support indices out of range point at no chunk: the place is not given some other
    chunk as its source, it is returned as unusable."""
    meta = {
        "groundingChunks": [{"web": {"uri": shapes.QM_URI, "title": "museum.qld.gov.au"}}],
        "groundingSupports": [{"segment": {"text": "Queensland"}, "groundingChunkIndices": [4]}],
    }
    respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.grounded_response(shapes.PLACES[:1], meta))
    )
    ctx = live_ctx()
    out = search_public_web("museums", ctx)
    assert out["results"] == [] and found_venues(ctx.state) == {}
    assert out["unusable"] == ["Queensland Museum Kurilpa: no grounding source supports this place"]


# -- unknown facts in the checker -----------------------------------------------------------


@respx.mock
def test_unknown_facts_prove_nothing(live_env):
    respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.grounded_response())
    )
    req = PlanRequest(text="t", location="South Brisbane", date="2026-12-05", budget={"amount": 50})
    ctx = live_ctx(req)
    park = next(
        r for r in search_public_web("parks", ctx)["results"] if r["name"].startswith("Roma")
    )
    out = check_plan([{"venue_id": park["id"], "start": "10:00", "end": "11:00"}], ctx)
    failures = {f["code"]: f for f in out["failures"]}
    assert failures["closed"]["detail"] == (
        "Roma Street Parkland: hours unknown, so 10:00–11:00 on 2026-12-05 cannot be shown to be open"
    )
    assert failures["over_budget"]["detail"].startswith("price unknown for Roma Street Parkland")
    museum = next(r for r in found_venues(ctx.state).values() if r.name.startswith("Queensland"))
    ok = check_plan([{"venue_id": museum.id, "start": "10:00", "end": "12:00"}], ctx)
    # ids from the search (query, location, indoor_only), not ADK's random call id: a replay
    # of the run serves the same ids
    [source_id] = ok["stops"][0]["source_ids"]
    assert ok["passed"] and source_id.startswith("src-web-") and source_id.endswith("-0")
    ctx2 = live_ctx(req, call_id="adk-another-id")
    search_public_web("parks", ctx2)
    assert source_id in RunEvidence(ctx2.state).sources()


# -- forecast -----------------------------------------------------------------------------


def test_rain_windows_read_each_value_as_the_preceding_hour():
    """Open-Meteo: "Probability of precipitation with more than 0.1 mm of the preceding hour"
    (https://open-meteo.com/en/docs). The value stamped 12:00 is for 11:00–12:00; the value
    stamped 00:00 belongs to the day before; 23:00–24:00 is stamped 00:00 the next day."""
    from datetime import date

    probs = [None] * 24
    probs[0], probs[1], probs[2], probs[6], probs[23] = 95, 50, 49, 100, 60
    doc = shapes.open_meteo("2026-12-05", probs)
    doc["hourly"]["time"].append("2026-12-06T00:00")  # what end_date = the next day adds
    doc["hourly"]["precipitation_probability"].append(70)
    assert rain_windows(doc, date(2026, 12, 5)) == [(0, 60), (300, 360), (1320, 1439)]
    assert rain_windows(doc, date(2026, 12, 5), threshold=40) == [
        (0, 120),
        (300, 360),
        (1320, 1439),
    ]
    assert rain_windows(doc, date(2026, 12, 4)) == [(1380, 1439)]  # 00:00's 95 %: the day before
    assert rain_windows(doc, date(2026, 12, 6)) == []
    doc["hourly"]["precipitation_probability"].pop()
    with pytest.raises(ForecastFormatError, match="25 entries but precipitation_probability 24"):
        rain_windows(doc, date(2026, 12, 5))


def test_offline_forecast_fixture_gives_the_saturday_rain(monkeypatch):
    ctx = live_ctx()
    ctx.state["backend"] = "offline"
    out = get_forecast(ctx)
    assert (
        out["rain"] == [{"start": "11:00", "end": "15:00"}] and out["source"] == "offline_fixture"
    )
    assert "Rain expected 11:00–15:00 on 2026-12-05" in " ".join(assumptions(ctx.state))


@respx.mock
def test_open_meteo_forecast_becomes_rain_windows_that_check_plan_uses(live_env):
    probs = [0] * 24
    # stamped 14:00 and 15:00, i.e. the hours 13:00–14:00 and 14:00–15:00 (preceding hour)
    probs[14], probs[15], probs[16] = 50, 80, 49
    route = respx.get(shapes.OPEN_METEO_URL).mock(
        return_value=httpx.Response(200, json=shapes.open_meteo("2026-12-05", probs))
    )
    ctx = live_ctx()
    out = get_forecast(ctx)
    assert out["ok"] and out["source"] == "open_meteo"
    assert out["rain"] == [{"start": "13:00", "end": "15:00"}]
    params = dict(route.calls[0].request.url.params)
    assert params == {
        "latitude": "-27.4810",
        "longitude": "153.0200",
        "hourly": "precipitation_probability,precipitation",
        "timezone": "Australia/Brisbane",
        "start_date": "2026-12-05",
        "end_date": "2026-12-06",  # the day's last hour is stamped 00:00 the next day
    }
    ctx.state["venue:park"] = {
        "id": "park",
        "name": "Park",
        "lat": -27.48,
        "lon": 153.02,
        "opening_hours": "24/7",
        "price": {"adult": 0, "child": 0},
        "indoor": False,
        "typical_minutes": 60,
        "min_minutes": 30,
    }
    checked = check_plan([{"venue_id": "park", "start": "14:00", "end": "15:00"}], ctx)
    assert [f["code"] for f in checked["failures"]] == ["outdoor_in_rain"]


@respx.mock
def test_request_weather_wins_over_the_forecast(live_env):
    route = respx.get(shapes.OPEN_METEO_URL)
    req = PlanRequest(text="t", location="Brisbane", weather={"rain": []})
    out = get_forecast(live_ctx(req))
    assert out["source"] == "request" and out["rain"] == [] and route.call_count == 0


@pytest.mark.parametrize(
    "response, error",
    [
        (
            httpx.Response(
                400,
                json={"error": True, "reason": "Parameter 'start_date' is out of allowed range"},
            ),
            "HTTP 400: Parameter 'start_date' is out of allowed range",
        ),
        (httpx.ReadTimeout("slow"), "timed out after 10 s"),
        (httpx.Response(200, json={"hourly": {"time": ["2026-12-05T12:00"]}}), "must be lists"),
    ],
)
@respx.mock
def test_forecast_failures_are_stated_not_invented(live_env, response, error):
    mock = respx.get(shapes.OPEN_METEO_URL)
    if isinstance(response, Exception):
        mock.mock(side_effect=response)
    else:
        mock.mock(return_value=response)
    ctx = live_ctx()
    out = get_forecast(ctx)
    assert out["ok"] is False and error in out["error"]
    assert any(a.startswith("Forecast unavailable for 2026-12-05") for a in assumptions(ctx.state))


# -- the whole live agent loop ---------------------------------------------------------------


@respx.mock
def test_full_live_agent_loop_against_recorded_shapes(live_env):
    """Gemini chooses (function calls), search is grounded, the forecast is read, code proves."""
    museum_id = "web-queensland-museum-kurilpa"
    turns = iter(
        [
            shapes.function_call_response(
                "record_reading",
                {"readings": [{"field": "preference", "value": "museums", "quote": "museums"}]},
                0,
            ),
            shapes.function_call_response("resolve_date", {"expression": "Saturday"}, 1),
            shapes.function_call_response("get_forecast", {"date": "2026-12-05"}, 2),
            shapes.function_call_response(
                "search_public_web", {"query": "museums", "indoor_only": True}, 3
            ),
            shapes.function_call_response(
                "check_plan",
                {"stops": [{"venue_id": museum_id, "start": "09:40", "end": "11:40"}]},
                4,
            ),
            shapes.function_call_response(
                "finish",
                {
                    "report_json": json.dumps(
                        {
                            "status": "complete",
                            "stops": [{"venue_id": museum_id, "start": "09:40", "end": "11:40"}],
                            "rationale": "Indoors while it rains.",
                            "sources": [shapes.QM_URI],
                        }
                    )
                },
                5,
            ),
            shapes.text_response("Done."),
        ]
    )
    agent_bodies: list = []
    shapes.mock_generate(turns, agent_bodies)
    probs = [0] * 24
    probs[13] = 90  # stamped 13:00: rain 12:00–13:00
    respx.get(shapes.OPEN_METEO_URL).mock(
        return_value=httpx.Response(200, json=shapes.open_meteo("2026-12-05", probs))
    )
    request = PlanRequest(
        text="Saturday in South Brisbane, museums",
        location="South Brisbane",
        date="Saturday",
        now=NOW,
        window={"start": "09:00", "end": "17:00"},
    )
    run = plan(request, model="live")
    assert run.error is None, run.error
    report = run.report
    assert [s.tool for s in report.trace] == [
        "record_reading",
        "resolve_date",
        "get_forecast",
        "search_public_web",
        "check_plan",
        "finish",
    ]
    assert report.status == "complete" and report.model == "gemini-3.5-flash"
    assert [s.name for s in report.plan.stops] == ["Queensland Museum Kurilpa"]
    assert report.plan.stops[0].travel_in.estimated
    assert "min by car, estimated)" in render_report(report)
    assert [(s.url, s.kind) for s in report.sources] == [(shapes.QM_URI, "web")]
    assert (
        "Rain expected 12:00–13:00 on 2026-12-05 (Open-Meteo forecast, ≥ 50 % chance)"
        in report.assumptions
    )
    first = agent_bodies[0]
    assert "temperature" not in first.get("generationConfig", {})  # Gemini 3: API default
    declared = {d["name"] for t in first["tools"] for d in t.get("functionDeclarations", [])}
    assert "get_forecast" in declared and "search_public_web" in declared
    assert not any("googleSearch" in t for t in first["tools"])  # never mixed with function tools
    assert FAKE_KEY not in json.dumps(report.model_dump())


@respx.mock
def test_make_genai_client_is_the_configured_client_for_the_judge(live_env):
    route = respx.post(url__regex=shapes.GENERATE_URL).mock(
        return_value=httpx.Response(200, json=shapes.text_response("PASS"))
    )
    client = make_genai_client(Settings())
    options = client._api_client._http_options
    assert options.timeout == 30_000 and options.retry_options.attempts == 3
    answer = client.models.generate_content(model="gemini-3.5-flash", contents="grade this")
    assert answer.text == "PASS" and route.calls[0].request.headers["x-goog-api-key"] == FAKE_KEY


def test_smoke_live_without_a_key_fails_clearly(capsys, tmp_path):
    assert main(["smoke-live", "--out", str(tmp_path / "live")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "GOOGLE_API_KEY" in err[0]
    assert not (tmp_path / "live").exists()


@respx.mock
def test_smoke_live_saves_a_trace_per_case(live_env, capsys, tmp_path):
    turns = iter(
        [
            shapes.function_call_response(
                "record_reading",
                {"readings": [{"field": "date", "value": "2026-12-05", "quote": "Saturday"}]},
                0,
            ),
            shapes.function_call_response(
                "record_clarification",
                {"questions": ["Which city or suburb?"], "missing": ["location"]},
                1,
            ),
            shapes.function_call_response(
                "finish",
                {"report_json": json.dumps({"status": "needs_clarification"})},
                2,
            ),
        ]
    )
    respx.post(url__regex=shapes.GENERATE_URL).mock(
        side_effect=lambda request: httpx.Response(200, json=next(turns))
    )
    code = main(["smoke-live", "missing_essentials", "--out", str(tmp_path)])
    line = capsys.readouterr().out.strip()
    assert code == 0, line
    assert line.startswith(
        "ok  missing_essentials: needs_clarification (expected needs_clarification)"
    )
    saved = json.loads((tmp_path / "missing_essentials.json").read_text())
    assert [s["tool"] for s in saved["steps"]] == [
        "record_reading",
        "record_clarification",
        "finish",
    ]
    assert saved["model"] == "gemini-3.5-flash" and saved["events"]
    assert FAKE_KEY not in (tmp_path / "missing_essentials.json").read_text()


GEOCODE_SYDNEY = {
    "results": [
        {
            "id": 2147714,
            "name": "Sydney",
            "latitude": -33.86785,
            "longitude": 151.20732,
            "elevation": 58.0,
            "feature_code": "PPLA",
            "country_code": "AU",
            "timezone": "Australia/Sydney",
            "population": 4627345,
            "country": "Australia",
            "admin1": "New South Wales",
        }
    ],
    "generationtime_ms": 0.6,
}


@respx.mock
def test_live_geocodes_a_city_outside_the_gazetteer(live_env):
    from dayplan.tools.geocode import GEOCODING_URL, locate_live

    respx.get(GEOCODING_URL).mock(return_value=httpx.Response(200, json=GEOCODE_SYDNEY))
    forecast = respx.get(shapes.OPEN_METEO_URL).mock(
        return_value=httpx.Response(200, json=shapes.open_meteo("2026-12-05", [0] * 24))
    )
    ctx = live_ctx(PlanRequest(text="Saturday in Sydney", location="Sydney"))
    ctx.state["timezone"] = "Australia/Brisbane"
    locate_live(ctx.state)
    assert ctx.state["timezone"] == "Australia/Sydney"
    assert ctx.state["now"] == "2026-11-29T10:00:00+11:00"  # same instant, Sydney summer time
    assert "Sydney located at Sydney, New South Wales, AU (Open-Meteo geocoding)" in assumptions(
        ctx.state
    )
    assert get_forecast(ctx)["ok"]
    params = dict(forecast.calls[0].request.url.params)
    assert (params["latitude"], params["timezone"]) == ("-33.8678", "Australia/Sydney")


@respx.mock
def test_live_geocoding_without_a_match_says_so(live_env):
    from dayplan.tools.geocode import GEOCODING_URL, locate_live

    respx.get(GEOCODING_URL).mock(return_value=httpx.Response(200, json={"generationtime_ms": 0.4}))
    ctx = live_ctx(PlanRequest(text="t", location="Nowhereville"))
    locate_live(ctx.state)
    assert "location_point" not in ctx.state
    assert "Nowhereville could not be located; travel from home is unknown" in assumptions(
        ctx.state
    )


def test_live_cells_need_the_live_mode_as_well_as_credentials(monkeypatch):
    """Before: a key in the environment alone made live-only cells (and `eval`) call Gemini."""
    monkeypatch.setenv("GOOGLE_API_KEY", "AIza-fake-key-for-the-test")
    monkeypatch.setenv("DAYPLAN_MODE", "offline")
    assert live_available() and live_skip_notice().startswith("Skipped: live-only cell")
    monkeypatch.setenv("DAYPLAN_MODE", "live")
    assert live_skip_notice() is None
    monkeypatch.delenv("GOOGLE_API_KEY")
    assert live_skip_notice().startswith("Skipped")


def test_the_eval_gate_runs_the_tests_without_credentials(monkeypatch):
    import subprocess

    from dayplan.evals import gate

    seen = {}

    def fake_run(cmd, **kwargs):
        seen.update(kwargs)
        return subprocess.CompletedProcess(cmd, 0, stdout="1 passed\n", stderr="")

    monkeypatch.setenv("GOOGLE_API_KEY", "AIza-fake-key-for-the-test")
    monkeypatch.setenv("GOOGLE_GENAI_USE_VERTEXAI", "true")
    monkeypatch.setenv("DAYPLAN_MODE", "live")
    monkeypatch.setattr(gate.subprocess, "run", fake_run)
    assert gate.run_project_tests().passed
    env = seen["env"]
    assert "GOOGLE_API_KEY" not in env and "GOOGLE_GENAI_USE_VERTEXAI" not in env
    assert env["DAYPLAN_MODE"] == "offline" and env["PATH"]


def test_the_test_process_and_its_notebook_kernels_start_without_credentials():
    """The root conftest scrubs the process environment before collection; nbval's kernels
    inherit it. Shown by importing it in a child process that was given a key."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "GOOGLE_API_KEY": "AIza-fake", "DAYPLAN_MODE": "live"}
    code = (
        "import conftest, os; print(os.environ.get('GOOGLE_API_KEY'), os.environ['DAYPLAN_MODE'])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["None", "offline"]
