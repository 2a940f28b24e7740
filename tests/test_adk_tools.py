"""ADK's own tools on the agents folder (``agents/day_planner``): ``adk web`` lists the agent
and its API runs a request offline; ``adk run`` prints the served report as the final text;
``adk eval`` scores exported cases against the stand-in model."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess

import httpx
import pytest
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types

from dayplan.agent.offline_model import render_request
from dayplan.cli import render_report
from dayplan.evals.adk_export import write_eval_set
from dayplan.evals.case import load_cases
from dayplan.service.adk_entry import ADK_APP_NAME, ONE_REQUEST, adk_app, report_text
from dayplan.service.run import plan
from tests.conftest import CASES, case_request
from tests.servers import ROOT, VENV_BIN, free_port, offline_env, start

AGENTS = ROOT / "agents"
ADK = str(VENV_BIN / "adk")


async def _ask(app, session_id: str | None, text: str, runner: Runner) -> tuple[str, list]:
    if session_id is None:
        session = await runner.session_service.create_session(app_name=app.name, user_id="u")
        session_id = session.id
    events = []
    message = types.Content(role="user", parts=[types.Part(text=text)])
    async for event in runner.run_async(user_id="u", session_id=session_id, new_message=message):
        events.append(event)
    final = [e for e in events if e.content and e.content.parts and e.content.parts[0].text]
    return session_id, [final[-1].content.parts[0].text if final else "", events]


def converse(*messages: str) -> list[str]:
    """Send ``messages`` in one fresh session the way ``adk web`` does; the final texts."""

    async def go() -> list[str]:
        app = adk_app(report_text(render_report))
        runner = Runner(app=app, session_service=InMemorySessionService())
        sid, out = None, []
        for text in messages:
            sid, (final, _events) = await _ask(app, sid, text, runner)
            out.append(final)
        await runner.close()
        return out

    return asyncio.run(go())


def test_free_text_in_an_empty_session_is_planned_and_served_as_text():
    [text] = converse("Rainy Saturday in Brisbane with two kids, museums please, home by 4pm")
    head, model = text.splitlines()[:2]
    assert head.startswith("COMPLETE · ") and head.endswith(" · Brisbane City")
    assert model.startswith("model: offline stand-in, not an LLM · run ")
    assert "Tool path:" in text and "check_plan ✓ passed" in text
    assert "search_public_web ✓" in text and text.rstrip().splitlines()[-1].endswith("characters")


def test_a_rendered_request_is_read_exactly():
    request = case_request("wet_weather_family")
    [text] = converse(render_request(request))
    run = plan(request)  # the CLI's path: same served report, same tool path
    expected = render_report(run.report, run.trace_text())
    assert text.replace(run_id_of(text), "RUN") == expected.replace(run.run_id, "RUN")


def run_id_of(text: str) -> str:
    return text.splitlines()[1].rsplit(" run ", 1)[1]


def test_one_request_per_session_and_unreadable_requests_are_one_line():
    first, second = converse("Saturday in New Farm, parks", "and Sunday?")
    assert first.startswith("COMPLETE") and second == ONE_REQUEST
    [bad] = converse("<request>{not json}</request>")
    assert bad.startswith("I could not read that request: ") and "\n" not in bad
    [invalid] = converse('<request>{"text": "x", "party": {"adults": -1}}</request>')
    assert invalid.startswith("I could not read that request: ")


def test_a_request_without_a_place_asks_instead_of_planning():
    [text] = converse("Plan something fun for Saturday")
    assert text.startswith("NEEDS CLARIFICATION")
    assert "Questions before I can plan:" in text


@pytest.fixture(scope="module")
def adk_web(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("adk-web") / "adk-web.log"
    argv = [
        ADK, "web", "--host", "127.0.0.1", "--port", str(port), "--no-reload",
        "--no_use_local_storage", "--max_llm_calls", "10", str(AGENTS),
    ]  # fmt: skip
    server = start(argv, f"http://127.0.0.1:{port}", "/list-apps", log)
    print(f"adk web answered /list-apps {server.started_s:.1f} s after start")
    yield server
    server.stop()


def test_adk_web_lists_the_agent_and_runs_a_request(adk_web):
    base = adk_web.url
    assert httpx.get(f"{base}/list-apps").json() == [ADK_APP_NAME]
    session = httpx.post(f"{base}/apps/{ADK_APP_NAME}/users/parent/sessions", json={}).json()
    assert session["state"] == {}
    body = {
        "app_name": ADK_APP_NAME,
        "user_id": "parent",
        "session_id": session["id"],
        "new_message": {
            "role": "user",
            "parts": [{"text": "Saturday in South Brisbane with 2 kids, budget 80, home by 4pm"}],
        },
    }
    events = httpx.post(f"{base}/run", json=body, timeout=60).json()
    calls = [
        p["functionCall"]["name"]
        for e in events
        for p in (e.get("content") or {}).get("parts", [])
        if p.get("functionCall")
    ]
    assert (
        calls[:2] == ["record_reading", "resolve_date"]
        and "check_plan" in calls
        and calls[-1] == "finish"
    )
    final = events[-1]
    assert final["author"] == "day_planner"
    text = final["content"]["parts"][0]["text"]
    assert text.startswith("COMPLETE · ") and " · South Brisbane" in text.splitlines()[0]
    assert "total AUD " in text  # the budget was read from the words
    after = httpx.get(f"{base}/apps/{ADK_APP_NAME}/users/parent/sessions/{session['id']}").json()
    assert after["state"]["request"]["text"].startswith("Saturday in South Brisbane")
    assert after["state"]["timezone"] == "Australia/Brisbane"


def test_adk_run_prints_the_served_report_as_final_text():
    proc = subprocess.run(
        [ADK, "run", str(AGENTS / "day_planner")],
        input="Rainy Saturday in Brisbane with our 2 kids, museums\nexit\n",
        capture_output=True, text=True, env=offline_env(), cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "[day_planner]: COMPLETE · " in proc.stdout
    report = proc.stdout.split("[day_planner]: ", 1)[1]
    assert "Tool path:" in report and "finish ✓ received" in report


EVAL_CASES = ["wet_weather_family", "missing_essentials", "lone_pine_over_budget"]


def _adk_eval(agent_dir, evalset) -> tuple[subprocess.CompletedProcess, list[dict]]:
    proc = subprocess.run(
        [ADK, "eval", str(agent_dir), str(evalset), "--config_file_path",
         str(evalset.parent / "test_config.json")],
        capture_output=True, text=True, env=offline_env(), cwd=ROOT, timeout=180,
    )  # fmt: skip
    results = []
    for f in sorted((agent_dir / ".adk" / "eval_history").glob("*.json")):
        data = json.loads(f.read_text())
        data = json.loads(data) if isinstance(data, str) else data
        results += data["eval_case_results"]
    return proc, results


def _scores(results: list[dict]) -> dict[str, float]:
    return {
        r["eval_id"]: next(
            m["score"]
            for m in r["overall_eval_metric_results"]
            if m["metric_name"] == "tool_trajectory_avg_score"
        )
        for r in results
    }


@pytest.fixture
def agent_copy(tmp_path):
    """The agents folder copied, so ``adk eval``'s history lands in tmp, not in the repo."""
    dest = tmp_path / "agents" / "day_planner"
    shutil.copytree(AGENTS / "day_planner", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def test_adk_eval_scores_exported_cases_offline(agent_copy, tmp_path):
    cases = [c for c in load_cases(CASES) if c.name in EVAL_CASES]
    evalset = tmp_path / "evalset" / "dayplan.evalset.json"
    assert write_eval_set(cases, evalset) == 3
    # and one case whose expected trajectory the agent does not take: it must score 0
    data = json.loads(evalset.read_text())
    wrong = json.loads(json.dumps(data["eval_cases"][0]))
    wrong["eval_id"] = "expects_a_clarification"
    wrong["conversation"][0]["intermediate_data"]["tool_uses"].insert(
        0, {"name": "record_clarification", "args": {}}
    )  # a correct run of a request naming its city never asks
    data["eval_cases"].append(wrong)
    evalset.write_text(json.dumps(data))
    proc, results = _adk_eval(agent_copy, evalset)
    out = proc.stdout + proc.stderr
    assert "Tests passed: 3" in proc.stdout and "Tests failed: 1" in proc.stdout, out[-3000:]
    assert _scores(results) == {**dict.fromkeys(EVAL_CASES, 1.0), "expects_a_clarification": 0.0}


def test_live_calls_stay_on_httpx_although_the_eval_extra_installs_aiohttp():
    """google-genai sends async calls through aiohttp whenever it is importable, unless a
    transport is given; google-adk[eval] installs aiohttp, and the live path's timeouts,
    retries and recorded-shape tests (respx) are httpx's."""
    import aiohttp  # noqa: F401  (installed by google-adk[eval])
    from google.genai import Client

    from dayplan.config import Settings, client_kwargs

    kwargs = client_kwargs(Settings(google_api_key="test-key-not-real"))
    client = Client(**kwargs)
    assert client._api_client._use_aiohttp() is False
