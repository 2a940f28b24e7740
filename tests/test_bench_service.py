"""The service load benchmark's parts, driven in process (the real run starts uvicorn)."""

from __future__ import annotations

import asyncio
import math
from argparse import Namespace

import httpx
import pytest

from dayplan.benchmarks import service
from dayplan.cli_common import InputError
from dayplan.service.app import create_app


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert service.percentile(values, 50) == 50
    assert service.percentile(values, 95) == 95
    assert service.percentile(values, 99) == 99
    assert service.percentile([7.0], 99) == 7
    assert math.isnan(service.percentile([], 50))


def test_load_counts_requests_latencies_and_errors():
    app = create_app()

    def make_client(_i=0):
        return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t")

    good = service._case_body("wet_weather_family")
    result = asyncio.run(service.load(make_client, good, clients=2, seconds=0.3))
    assert result.requests >= 2 and result.ok == result.requests and result.errors == 0
    assert all(ms > 0 for ms in result.latencies_ms)
    bad = asyncio.run(service.load(make_client, {"party": {"adults": -1}}, 1, 0.05))
    assert bad.errors == bad.requests >= 1 and set(bad.statuses) == {422}
    text = service.report(result, 2, (10, 2.0))
    assert "errors        0" in text and "served / in-process plans/s" in text
    saving = asyncio.run(service.load(make_client, good, clients=2, seconds=0.3, saving=True))
    assert saving.errors == 0 and saving.requests >= 2
    row = service.table_row("sqlite", 1, 2, saving, 2.0)
    assert row.split()[:3] == ["sqlite", "1", "2"] and row.split()[-2] == "0"


def test_bad_arguments_are_input_errors():
    args = Namespace(
        seconds=0,
        clients=[16],
        servers=[1],
        db="sqlite",
        inprocess_seconds=5,
        case="wet_weather_family",
    )
    with pytest.raises(InputError):
        service.run(args)
    with pytest.raises(InputError, match="--servers 1..4"):
        service.run(Namespace(**{**vars(args), "seconds": 1, "servers": [9]}))
    with pytest.raises(InputError, match="no case named"):
        service._case_body("no_such_case")
