"""How live model turns end, through the real ADK loop and ADK's ``Gemini`` with respx answering
google-genai's HTTP calls in the recorded wire format (tests/live_shapes.py): malformed calls,
safety blocks, recitation, max tokens, empty turns, 429s, thought signatures, Vertex hosts."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
import respx
from fastapi.testclient import TestClient

from dayplan.contract import PlanRequest
from dayplan.service.run import plan
from tests import live_shapes as shapes
from tests.live_shapes import FAKE_KEY

NOW = datetime(2026, 11, 29, 9, 0, tzinfo=ZoneInfo("Australia/Brisbane"))
MUSEUM = "web-queensland-museum-kurilpa"
REQUEST = PlanRequest(
    text="Saturday in South Brisbane, museums",
    location="South Brisbane",
    date="Saturday",
    now=NOW,
    window={"start": "09:00", "end": "17:00"},
    weather={"rain": []},
)


def _finish(n: int) -> dict:
    payload = {
        "status": "complete",
        "stops": [{"venue_id": MUSEUM, "start": "09:40", "end": "11:40"}],
        "rationale": "Indoors.",
    }
    return shapes.function_call_response("finish", {"report_json": json.dumps(payload)}, n)


def _path(check_then: list[dict]) -> list[dict]:
    """record_reading → resolve_date → search → check_plan, then ``check_then`` (the turns
    under test)."""
    return [
        shapes.function_call_response("record_reading", {"readings": []}, 0),
        shapes.function_call_response("resolve_date", {"expression": "Saturday"}, 1),
        shapes.function_call_response("search_public_web", {"query": "museums"}, 2),
        shapes.function_call_response(
            "check_plan",
            {"stops": [{"venue_id": MUSEUM, "start": "09:40", "end": "11:40"}]},
            3,
        ),
        *check_then,
    ]


_mock = shapes.mock_generate


@respx.mock
def test_a_malformed_call_is_retried_once_with_a_corrective_message(live_env):
    bodies: list = []
    _mock(_path([shapes.ended_response("MALFORMED_FUNCTION_CALL"), _finish(5)]), bodies)
    run = plan(REQUEST, model="live")
    assert run.error is None, run.error
    assert run.report.status == "complete"
    retry = bodies[-1]["contents"][-1]
    assert retry["role"] == "user" and "could not be parsed" in retry["parts"][0]["text"]
    assert "report_json is a single JSON string" in retry["parts"][0]["text"]
    steps = [s.tool for s in run.report.trace]
    assert steps == [
        "record_reading",
        "resolve_date",
        "search_public_web",
        "check_plan",
        "model_turn_retried",
        "finish",
    ]
    retried = run.report.trace[4]
    assert not retried.ok and "MALFORMED_FUNCTION_CALL" in retried.summary


@pytest.mark.parametrize(
    "ending, rule",
    [
        (shapes.ended_response("MALFORMED_FUNCTION_CALL"), "malformed_function_call"),
        (shapes.ended_response("UNEXPECTED_TOOL_CALL"), "malformed_function_call"),
        (shapes.ended_response("RECITATION"), "model_recitation"),
        (shapes.ended_response("MAX_TOKENS", [{"text": "The plan is"}]), "model_max_tokens"),
        (shapes.ended_response("STOP", []), "model_empty_turn"),
        (shapes.ended_response("OTHER"), "model_turn_ended"),
    ],
)
@respx.mock
def test_a_second_failure_is_rejected_naming_the_reason(live_env, ending, rule):
    bodies: list = []
    _mock(_path([ending, ending]), bodies)
    run = plan(REQUEST, model="live")
    assert run.report is None and run.error.rule == rule
    assert "a corrective retry ended the same way" in run.error.detail
    assert "without a finish call" not in run.error.detail
    assert len(bodies) == 6  # five turns + exactly one retry


@respx.mock
def test_a_safety_block_is_not_retried_and_is_named(live_env):
    bodies: list = []
    _mock(_path([shapes.ended_response("SAFETY", message="Blocked for safety")]), bodies)
    run = plan(REQUEST, model="live")
    assert run.error.rule == "model_safety_block"
    assert run.error.detail.startswith("the model's answer was blocked (SAFETY)")
    assert len(bodies) == 5  # no retry: the same request would be blocked again


@respx.mock
def test_a_blocked_prompt_is_a_safety_block(live_env):
    blocked = {
        "promptFeedback": {"blockReason": "PROHIBITED_CONTENT"},
        "usageMetadata": {"promptTokenCount": 10, "totalTokenCount": 10},
    }
    _mock([blocked])
    run = plan(REQUEST, model="live")
    assert run.error.rule == "model_safety_block" and "PROHIBITED_CONTENT" in run.error.detail


@respx.mock
def test_thought_signatures_are_echoed_on_every_later_request(live_env):
    bodies: list = []
    _mock(_path([_finish(5), shapes.text_response("Done.")]), bodies)
    run = plan(REQUEST, model="live")
    assert run.error is None
    assert len(bodies) >= 5
    for n, body in enumerate(bodies[1:], start=1):  # every request after the first
        calls = [
            p
            for c in body["contents"]
            if c["role"] == "model"
            for p in c["parts"]
            if "functionCall" in p
        ]
        assert len(calls) == n  # every earlier call is in the history...
        assert all(p["thoughtSignature"] == "c2lnbmF0dXJlLWZvci10ZXN0" for p in calls)  # ...signed


def _rate_limited(retry_delay: str | None) -> httpx.Response:
    body = shapes.error_body(429, "RESOURCE_EXHAUSTED", "Quota exceeded", retry_delay)
    return httpx.Response(429, json=body)


@respx.mock
def test_429_after_every_retry_is_a_503_with_retry_after(live_env, monkeypatch):
    from dayplan.service.app import create_app

    route = respx.post(url__regex=shapes.GENERATE_URL).mock(return_value=_rate_limited("37.2s"))
    with TestClient(create_app("live")) as client:
        r = client.post("/v1/day-plans", json=REQUEST.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 503 and r.headers["content-type"] == "application/problem+json"
    assert r.headers["retry-after"] == "38"  # the API's retryDelay, rounded up
    problem = r.json()
    assert problem["rule"] == "rate_limited" and "retry after 38 s" in problem["detail"]
    assert route.call_count == 3  # DAYPLAN_RETRY_ATTEMPTS: retried before giving up
    assert FAKE_KEY not in r.text


@respx.mock
def test_429_without_retry_delay_gets_the_default_retry_after(live_env):
    from dayplan.service.app import DEFAULT_RETRY_AFTER, create_app

    respx.post(url__regex=shapes.GENERATE_URL).mock(return_value=_rate_limited(None))
    with TestClient(create_app("live")) as client:
        r = client.post("/v1/day-plans", json=REQUEST.model_dump(mode="json", exclude_none=True))
    assert r.status_code == 503 and r.headers["retry-after"] == str(DEFAULT_RETRY_AFTER)


# -- Vertex AI: the endpoint host google-genai calls for each setting ------------------------


@pytest.fixture
def adc(monkeypatch):
    """Application Default Credentials without a network: a fixed bearer token."""
    from google.oauth2.credentials import Credentials

    monkeypatch.setattr(
        "google.genai._api_client.load_auth",
        lambda project=None: (Credentials(token="ya29.test-token"), project),
    )
    for name in (
        "GOOGLE_GENAI_USE_VERTEXAI",
        "GOOGLE_GENAI_USE_ENTERPRISE",
        "GOOGLE_CLOUD_LOCATION",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GOOGLE_CLOUD_PROJECT", "my-project")


@pytest.mark.parametrize(
    "env, host, location",
    [
        ({"GOOGLE_GENAI_USE_ENTERPRISE": "true"}, "aiplatform.googleapis.com", "global"),
        ({"GOOGLE_GENAI_USE_VERTEXAI": "true"}, "aiplatform.googleapis.com", "global"),
        (
            {"GOOGLE_GENAI_USE_ENTERPRISE": "1", "GOOGLE_CLOUD_LOCATION": "us-central1"},
            "us-central1-aiplatform.googleapis.com",
            "us-central1",
        ),
        (  # conflicting values: GOOGLE_GENAI_USE_ENTERPRISE wins, as in google-genai 2.34
            {"GOOGLE_GENAI_USE_ENTERPRISE": "false", "GOOGLE_GENAI_USE_VERTEXAI": "true"},
            "generativelanguage.googleapis.com",
            None,
        ),
    ],
)
@respx.mock
def test_the_sdk_calls_the_host_each_setting_names(adc, monkeypatch, env, host, location):
    from dayplan.config import Settings, make_genai_client

    monkeypatch.setenv("GOOGLE_API_KEY", FAKE_KEY)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    route = respx.post(url__regex=r"https://[^/]+/.*:generateContent").mock(
        return_value=httpx.Response(200, json=shapes.text_response("ok"))
    )
    settings = Settings()
    with make_genai_client(settings) as client:
        assert client.models.generate_content(model="gemini-3.5-flash", contents="hi").text == "ok"
    url = route.calls[0].request.url
    assert url.host == host
    if location:
        assert settings.backend == "vertex_ai" and settings.vertex_location == location
        assert url.path.startswith(f"/v1beta1/projects/my-project/locations/{location}/")
        assert route.calls[0].request.headers["authorization"] == "Bearer ya29.test-token"
    else:
        assert settings.backend == "ai_studio"
        assert route.calls[0].request.headers["x-goog-api-key"] == FAKE_KEY


def test_enterprise_alone_is_enough_for_live_mode(adc, monkeypatch):
    from dayplan.config import Settings

    monkeypatch.setenv("GOOGLE_GENAI_USE_ENTERPRISE", "true")
    assert Settings().credential_problem() is None  # no key needed, project + ADC
    monkeypatch.delenv("GOOGLE_CLOUD_PROJECT")
    assert "GOOGLE_CLOUD_PROJECT" in Settings().credential_problem()


def test_health_names_the_vertex_location(adc, monkeypatch):
    from dayplan.service.app import create_app

    monkeypatch.setenv("GOOGLE_GENAI_USE_ENTERPRISE", "true")
    with TestClient(create_app("live")) as client:
        health = client.get("/health").json()
    assert health["mode"] == "live" and health["backend"] == "vertex_ai"
    assert health["vertex_location"] == "global"


# -- Search Suggestions and saved links ----------------------------------------------------


@respx.mock
def test_search_suggestions_are_served_and_shown_sandboxed(live_env):
    from dayplan.ui.report_view import run_html

    _mock(_path([_finish(5), shapes.text_response("Done.")]))
    run = plan(REQUEST, model="live")
    [suggestion] = run.report.search_suggestions
    assert suggestion.rendered_content == shapes.ENTRY_POINT.strip()  # the contract strips
    assert suggestion.queries == ["museums for kids South Brisbane opening hours"]
    served = json.loads(run.report.model_dump_json())
    assert served["search_suggestions"][0]["rendered_content"] == shapes.ENTRY_POINT.strip()
    html = run_html(run)
    frame = html[html.index("<iframe") : html.index("</iframe>")]
    assert 'sandbox="allow-popups allow-popups-to-escape-sandbox"' in frame
    assert "allow-scripts" not in frame and "allow-same-origin" not in frame
    assert "&lt;div class=&quot;container&quot;&gt;" in frame  # escaped into srcdoc
    assert '<div class="container">' not in html  # never inline in the page


def test_offline_reports_have_no_search_suggestions():
    from tests.conftest import case_request

    report = plan(case_request("wet_weather_family")).report
    assert report.search_suggestions == []


@pytest.mark.parametrize("resolves", [True, False])
@respx.mock
def test_saved_plans_keep_the_redirects_target_or_say_it_is_temporary(live_env, resolves):
    from dayplan.store import get_store

    target = "https://www.museum.qld.gov.au/kurilpa"
    head = respx.head(shapes.QM_URI)
    if resolves:
        head.mock(return_value=httpx.Response(302, headers={"Location": target}))
    else:
        head.mock(side_effect=httpx.ConnectTimeout("slow"))
    saving = REQUEST.model_copy(update={"save": True, "request_id": f"links-{resolves}"})
    turns = _path(
        [
            shapes.function_call_response("save_plan", {}, 5),
            {"later": "plan_id"},
            _finish(7),
            shapes.text_response("Done."),
        ]
    )
    bodies: list = []
    plan_ids: list = []

    def answer(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        if body.get("tools") == [{"googleSearch": {}}]:
            return httpx.Response(200, json=shapes.grounded_response())
        bodies.append(body)
        item = turns.pop(0)
        if item == {"later": "plan_id"}:
            last = body["contents"][-1]["parts"][0]["functionResponse"]["response"]
            plan_ids.append(last["plan_id"])
            item = shapes.function_call_response("get_saved_plan", {"plan_id": last["plan_id"]}, 6)
        return httpx.Response(200, json=item)

    respx.post(url__regex=shapes.GENERATE_URL).mock(side_effect=answer)
    run = plan(saving, model="live")
    assert run.error is None, run.error
    assert run.report.saved.verification_status == "verified"
    row = get_store().get_plan(plan_ids[0], user_id="local")
    [link] = row.plan["links"]
    assert link["url"] == shapes.QM_URI
    if resolves:
        assert link["resolved_url"] == target and "note" not in link
    else:
        assert "resolved_url" not in link and link["note"].startswith("temporary Google Search")
