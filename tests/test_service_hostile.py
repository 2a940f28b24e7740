"""Hostile text never reaches a client: unsafe links are dropped at ingestion and refused by the
contract, control characters never reach a terminal, HTML is escaped, duplicate JSON keys are a
400, a trailing slash is a 404 (no redirect built from Host), and every problem is typed."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from dayplan.cli import render_report
from dayplan.cli_common import terminal_safe
from dayplan.contract import Source, web_url_problem
from dayplan.service.app import create_app
from dayplan.service.run import run_plan
from dayplan.tools.search import offline_backend, use_backend
from dayplan.ui.report_view import run_html
from tests.conftest import case_request, load_case

WET = load_case("wet_weather_family")["request"]
BAD_LINKS = [
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "//evil.example/x",
    "https://",
    "http:///nohost",
    "ftp://files.example/x",
    "https://exa mple.org/",
    "https://example.org/\x1b[2J",
    "vbscript:msgbox(1)",
]
GOOD_LINKS = ["https://www.qagoma.qld.gov.au/", "http://example.org/a?b=c#d", "https://[::1]:8/"]


@pytest.mark.parametrize("url", BAD_LINKS)
def test_the_contract_refuses_every_link_but_https_or_http_with_a_host(url):
    assert web_url_problem(url)
    with pytest.raises(ValidationError, match="https or http with a host"):
        Source(id="s", title="t", url=url, kind="web")


@pytest.mark.parametrize("url", GOOD_LINKS)
def test_web_links_pass(url):
    assert web_url_problem(url) is None
    assert Source(id="s", title="t", url=url, kind="web").url == url


def hostile_backend(url: str, name_suffix: str = "", *, every: bool = False):
    """A search backend whose first venue per search (or ``every`` venue) has ``url`` and
    ``name_suffix`` appended to its name. ``every`` keeps a venue found by two searches hostile
    in both, so whichever stops the planner picks carry the hostile name."""

    async def backend(query, indoor_only, near):
        found = offline_backend(query, indoor_only, near)
        return [
            dataclasses.replace(v, url=url, name=v.name + name_suffix) if every or i == 0 else v
            for i, v in enumerate(found)
        ]

    return backend


def test_a_venue_with_a_javascript_link_is_dropped_at_ingestion_with_a_note():
    with use_backend(hostile_backend("javascript:alert(1)")):
        run = asyncio.run(run_plan(case_request("wet_weather_family")))
    assert run.report is not None, run.error
    assert all(web_url_problem(s.url) is None for s in run.report.sources)
    assert "javascript:alert" not in run.report.model_dump_json()
    notes = [a for a in run.report.assumptions if a.startswith("Dropped ")]
    assert notes and "scheme 'javascript' is not https or http" in notes[0]


def test_control_characters_never_reach_the_terminal_and_html_is_escaped():
    evil = " \x1b]0;pwned\x07\x1b[2J\x1b[31m<script>alert(1)</script>\u202e"
    with use_backend(hostile_backend("https://example.org/", evil, every=True)):
        run = asyncio.run(run_plan(case_request("wet_weather_family")))
    assert run.report is not None, run.error
    names = [s.name for s in run.report.plan.stops] + [s.title for s in run.report.sources]
    assert any("<script>" in n for n in names), "the hostile name is in the report"
    text = render_report(run.report, run.trace_text())
    assert not any(ch in text for ch in "\x1b\x07\u202e")
    html = run_html(run, full_page=True)
    assert "<script>alert(1)" not in html and "&lt;script&gt;" in html


def test_terminal_safe_keeps_text_tabs_and_newlines():
    assert terminal_safe("Café\tQAGOMA\n10:00–11:00 · €5") == "Café\tQAGOMA\n10:00–11:00 · €5"
    assert terminal_safe("a\x1b[31mb\x9bc\x00d\x7f") == "a[31mbcd"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize(
    "raw",
    [
        b'{"text": "museum day", "save": false, "save": true}',
        b'{"text": "a", "text": "b"}',
        b'{"text": "zoo", "party": {"adults": 1, "adults": 2}}',
    ],
)
def test_duplicate_json_keys_are_a_400_problem(client, raw):
    """Before: the last key won, so {"save": false, "save": true} saved."""
    r = client.post("/v1/day-plans", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["type"] == "urn:dayplan:problem:duplicate-key"
    assert body["instance"] == "/v1/day-plans" and "duplicate key" in body["detail"]


@pytest.mark.parametrize("raw", [b'{"text": "caf\xe9 day"}', b"\xff\xfe{}", b'{"text": "\x80"}'])
def test_a_body_that_is_not_utf8_is_a_malformed_json_problem(client, raw):
    """Before: a generic 'There was an error parsing the body' with an http-error type."""
    r = client.post("/v1/day-plans", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["type"] == "urn:dayplan:problem:malformed-json"
    assert body["instance"] == "/v1/day-plans"


def test_a_trailing_slash_is_a_404_not_a_redirect_built_from_host(client):
    r = client.post(
        "/v1/day-plans/", json=WET, headers={"Host": "evil.example"}, follow_redirects=False
    )
    assert r.status_code == 404 and "location" not in r.headers
    assert r.json()["type"] == "urn:dayplan:problem:not-found"
    assert r.json()["instance"] == "/v1/day-plans/"


def test_auth_and_saved_plan_problems_are_typed_with_an_instance(client, monkeypatch):
    missing = client.get("/v1/saved-plans/plan-000000000000000000000000")
    assert missing.status_code == 404
    assert missing.json()["type"] == "urn:dayplan:problem:not-found"
    assert missing.json()["instance"] == "/v1/saved-plans/plan-000000000000000000000000"
    monkeypatch.setenv("DAYPLAN_JWT_SECRET", "k" * 40)
    r = client.post("/v1/day-plans", json=WET)
    assert r.status_code == 401
    assert r.json()["type"] == "urn:dayplan:problem:unauthorized"
    assert r.json()["instance"] == "/v1/day-plans"
