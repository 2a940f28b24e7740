"""Record once, replay offline: the committed wet-weather recording replays to the same served
report byte for byte, through the CLI and the service; a tampered recording fails with a
divergence naming the call; recordings hold no secret; forecast and geocoding calls are
recorded and replayed too. No test here opens a socket (pytest-socket) or uses respx to replay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import httpx
import respx
from fastapi.testclient import TestClient

from dayplan import data
from dayplan.cli import main
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.recording import Recorder, Replayer, first_difference, kind_of
from dayplan.service.run import plan
from tests import live_shapes as shapes
from tests.conftest import case_request

RECORDING = Path(data.recording("wet_weather_family"))
SERVED = (RECORDING / "served.json").read_text(encoding="utf-8")


def test_the_committed_recording_replays_to_the_same_report_byte_for_byte(capsys):
    code = main(["plan", "wet_weather_family", "--model", f"replay:{RECORDING}", "--json"])
    out, err = capsys.readouterr()
    # A changed prompt, tool declaration or tool answer makes the replay diverge (by design):
    # re-record with `PYTHONPATH=$PWD .venv/bin/python scripts/record_wet_weather.py`.
    assert code == 0, err
    report = DayPlanReport.model_validate_json(out)
    assert report.model_dump_json(indent=1) + "\n" == SERVED  # byte for byte
    assert report.status == "complete" and report.model == "gemini-3.5-flash"
    assert [s.tool for s in report.trace] == [
        "record_reading",
        "resolve_date",
        "search_public_web",
        "search_public_web",
        "arrange_plan",
        "check_plan",
        "finish",
    ]
    assert {s.kind for s in report.sources} == {"web"} and report.search_suggestions


def test_the_service_serves_the_replayed_report_byte_for_byte():
    from dayplan.service.app import create_app

    body = json.loads((RECORDING / "recording.json").read_text())["request"]
    with TestClient(create_app(f"replay:{RECORDING}")) as client:
        r = client.post("/v1/day-plans", json=body)
    assert r.status_code == 200
    assert r.content == DayPlanReport.model_validate_json(SERVED).model_dump_json().encode()


def test_a_replay_service_answers_every_request_not_only_the_first():
    """A workshop's shared replay server: each request replays the recording from its first
    call (one ``Replayer`` hands each recorded call out once), and ``/health`` says replay."""
    from dayplan.service.app import create_app

    body = json.loads((RECORDING / "recording.json").read_text())["request"]
    expected = DayPlanReport.model_validate_json(SERVED).model_dump_json().encode()
    with TestClient(create_app(f"replay:{RECORDING}")) as client:
        answers = [client.post("/v1/day-plans", json=body) for _ in range(3)]
        health = client.get("/health").json()
    assert [r.status_code for r in answers] == [200, 200, 200]
    assert all(r.content == expected for r in answers)
    assert health["mode"] == "replay" and health["model"] == "gemini-3.5-flash"


def test_every_recorded_call_is_used_by_the_replay():
    from dayplan.agent.models import resolve_model

    model = resolve_model(f"replay:{RECORDING}")
    run = plan(case_request("wet_weather_family"), model=model)
    assert run.error is None and run.model == "gemini-3.5-flash"
    assert model.http_tap.unused() == []


def _tampered(tmp_path: Path, name: str, change) -> Path:
    folder = tmp_path / "rec"
    shutil.copytree(RECORDING, folder)
    path = folder / "calls" / name
    exchange = json.loads(path.read_text())
    change(exchange)
    path.write_text(json.dumps(exchange, indent=1))
    return folder


def test_a_tampered_request_fails_with_a_divergence_naming_the_call(tmp_path, capsys):
    def change(exchange):  # as if the recorded run had been asked with another budget
        parts = exchange["request"]["body"]["contents"][0]["parts"]
        parts[0]["text"] = parts[0]["text"].replace("AUD 100", "AUD 120")

    folder = _tampered(tmp_path, "001-model.json", change)
    code = main(["plan", "wet_weather_family", "--model", f"replay:{folder}"])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert code == 3
    assert err.startswith("rejected by replay_divergence: call 1 of the replay (model, POST ")
    assert "differs from recorded call 001-model.json at body.contents[0].parts[0].text" in err


def test_a_tampered_answer_makes_the_next_request_diverge(tmp_path):
    def change(exchange):  # the grounded answer now says SparkLab costs more
        text = exchange["response"]["body"]["candidates"][0]["content"]["parts"][0]["text"]
        part = exchange["response"]["body"]["candidates"][0]["content"]["parts"][0]
        part["text"] = text.replace('"price_adult": 16.5', '"price_adult": 19.5')

    name = next(
        n
        for n in json.loads((RECORDING / "recording.json").read_text())["calls"]
        if "grounded_search" in n and "SparkLab" in (RECORDING / "calls" / n).read_text()
    )
    folder = _tampered(tmp_path, name, change)
    run = plan(case_request("wet_weather_family"), model=f"replay:{folder}")
    assert run.report is None and run.error.rule == "replay_divergence"
    assert "(model, POST" in run.error.detail and "differs from recorded call" in run.error.detail
    assert "functionResponse" in run.error.detail  # what the model was told changed


def test_a_request_the_recording_does_not_hold_is_a_divergence():
    other = PlanRequest.model_validate(
        {**case_request("wet_weather_family").model_dump(mode="json"), "text": "Plan Sunday"}
    )
    run = plan(other, model=f"replay:{RECORDING}")
    assert run.error.rule == "replay_divergence" and "call 1 of the replay" in run.error.detail


def test_a_folder_that_is_no_recording_is_bad_input(tmp_path, capsys):
    assert main(["plan", "wet_weather_family", "--model", f"replay:{tmp_path}"]) == 2
    err = capsys.readouterr().err
    assert "is not a readable dayplan recording" in err and "--record DIR" in err


def test_record_needs_a_live_run(tmp_path, capsys):
    assert main(["plan", "wet_weather_family", "--record", str(tmp_path / "r")]) == 2
    assert "--record needs a live run" in capsys.readouterr().err


@respx.mock
def test_recording_the_fixture_run_gives_the_committed_recording(live_env, tmp_path, capsys):
    """The committed recording is what --record writes for the recorded-shape wet-weather run
    (call numbering aside: the two searches of one turn may finish in either order)."""
    respx.post(url__regex=shapes.GENERATE_URL).mock(side_effect=shapes.wet_weather_api)
    folder = tmp_path / "again"
    assert main(["plan", "wet_weather_family", "--live", "--record", str(folder), "--json"]) == 0
    capsys.readouterr()

    def calls(root: Path) -> list[str]:
        out = []
        for path in sorted((root / "calls").glob("*.json")):
            exchange = json.loads(path.read_text())
            exchange.pop("n")
            out.append(json.dumps(exchange, sort_keys=True))
        return sorted(out)

    assert calls(folder) == calls(RECORDING)
    new, old = (json.loads((f / "recording.json").read_text()) for f in (folder, RECORDING))
    for meta in (new, old):
        meta.pop("run_id")
        meta.pop("calls")
    assert new == old
    for path in folder.rglob("*.json"):  # no secret, no request header, in any file
        text = path.read_text()
        assert shapes.FAKE_KEY not in text and "x-goog-api-key" not in text.lower()


def test_the_committed_recording_holds_no_secret_or_header():
    for path in RECORDING.rglob("*.json"):
        text = path.read_text()
        assert shapes.FAKE_KEY not in text
        for header in ("x-goog-api-key", "authorization", "x-goog-api-client", "user-agent"):
            assert header not in text.lower()
        if path.parent.name == "calls":
            assert set(json.loads(text)["request"]) == {"method", "url", "query", "body"}


@respx.mock
def test_forecast_and_geocoding_are_recorded_and_replayed(live_env, tmp_path):
    from types import SimpleNamespace

    from dayplan.live_http import tapped
    from dayplan.service.run import initial_state
    from dayplan.tools import get_forecast
    from dayplan.tools.geocode import GEOCODING_URL, locate_live

    geo = {
        "results": [
            {
                "name": "Sydney",
                "latitude": -33.86785,
                "longitude": 151.20732,
                "timezone": "Australia/Sydney",
                "country_code": "AU",
            }
        ]
    }
    respx.get(GEOCODING_URL).mock(return_value=httpx.Response(200, json=geo))
    probs = [0] * 24
    probs[12] = 80
    respx.get(shapes.OPEN_METEO_URL).mock(
        return_value=httpx.Response(200, json=shapes.open_meteo("2026-12-05", probs))
    )

    def run():
        state = initial_state(PlanRequest(text="t", location="Sydney"), run_id="t")
        state.update(backend="live", date="2026-12-05")
        locate_live(state)
        ctx = SimpleNamespace(state=state, function_call_id="c1")
        return get_forecast(ctx)

    recorder = Recorder(secrets=[shapes.FAKE_KEY])
    with tapped(recorder):
        live = run()
    assert [e["kind"] for e in recorder.exchanges] == ["geocoding", "forecast"]
    recorder.save(tmp_path / "rec", {"model": "x"}, {})
    respx.clear()  # from here on nothing answers HTTP but the recording
    replayer = Replayer.load(tmp_path / "rec")
    with tapped(replayer):
        replayed = run()
    assert replayed == live and replayed["rain"] == [{"start": "11:00", "end": "12:00"}]
    assert replayer.unused() == [] and replayer.divergence is None


def test_kinds_and_first_difference():
    url = "https://generativelanguage.googleapis.com/v1beta/models/m:generateContent"
    assert kind_of("POST", url, {"tools": [{"googleSearch": {}}]}) == "grounded_search"
    assert kind_of("POST", url, {"tools": [{"functionDeclarations": []}]}) == "model"
    assert kind_of("GET", "https://api.open-meteo.com/v1/forecast", None) == "forecast"
    assert kind_of("GET", "https://geocoding-api.open-meteo.com/v1/search", None) == "geocoding"
    assert (
        first_difference({"a": [1, {"b": "x"}]}, {"a": [1, {"b": "y"}]})
        == 'a[1].b: recorded "x", asked "y"'
    )
    assert first_difference({"a": [1]}, {"a": [1, 2]}) == "a: recorded 1 items, asked 2"
    assert first_difference({"a": 1}, {"a": 1}) is None


@respx.mock
def test_smoke_live_records_each_case_and_the_recording_replays(live_env, tmp_path, capsys):
    turns = iter(
        [
            shapes.function_call_response("record_reading", {"readings": []}, 0),
            shapes.function_call_response(
                "record_clarification",
                {"questions": ["Which city or suburb?"], "missing": ["location"]},
                1,
            ),
            shapes.function_call_response(
                "finish", {"report_json": json.dumps({"status": "needs_clarification"})}, 2
            ),
        ]
    )
    respx.post(url__regex=shapes.GENERATE_URL).mock(
        side_effect=lambda request: httpx.Response(200, json=next(turns))
    )
    rec = tmp_path / "rec"
    args = ["smoke-live", "missing_essentials", "--out", str(tmp_path / "out")]
    assert main([*args, "--record", str(rec)]) == 0
    assert "recorded 3 HTTP exchanges" in capsys.readouterr().out
    respx.clear()
    folder = rec / "missing_essentials"
    assert main(["plan", "missing_essentials", "--model", f"replay:{folder}", "--json"]) == 0
    replayed = DayPlanReport.model_validate_json(capsys.readouterr().out)
    assert replayed.model_dump_json(indent=1) + "\n" == (folder / "served.json").read_text()


def test_finish_shape_is_measured_on_the_recorded_finish_call(capsys):
    from dayplan.benchmarks.finish_shape import finish_payload, measure

    payload = finish_payload(RECORDING)
    assert payload["status"] == "complete" and payload["stops"]
    (s_shape, s_bytes, s_esc, s_depth, _), (o_shape, o_bytes, o_esc, o_depth, o_nodes) = measure(
        payload
    )
    assert s_shape == "report_json: str" and s_esc >= 4 * len(payload["stops"]) and s_depth == 1
    assert o_shape == "report: object" and o_esc == 0 and o_depth == 4 and o_nodes > 10
    assert main(["bench", "finish-shape"]) == 0
    assert "chosen: report_json: str" in capsys.readouterr().out
