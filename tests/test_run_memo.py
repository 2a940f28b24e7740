"""The reading's per-run memo: shared within one run, never kept across runs."""

from __future__ import annotations

import asyncio

from dayplan.reading import memo
from dayplan.reading.text import normalise


def _counting():
    seen: list[str] = []

    @memo.per_run
    def fold(text: str) -> str:
        seen.append(text)
        return text.lower()

    return fold, seen


def test_without_a_scope_every_call_computes():
    fold, seen = _counting()
    assert fold("Back by 11") == fold("Back by 11") == "back by 11"
    assert seen == ["Back by 11", "Back by 11"]


def test_a_scope_shares_results_and_a_new_scope_starts_empty():
    fold, seen = _counting()
    with memo.run_scope():
        fold("AUD 100")
        fold("AUD 100")
        fold("aud 100")
    assert seen == ["AUD 100", "aud 100"]
    with memo.run_scope():
        fold("AUD 100")
    assert seen == ["AUD 100", "aud 100", "AUD 100"]
    assert memo._MEMO.get() is None


def test_concurrent_runs_keep_their_own_memo():
    fold, seen = _counting()

    async def one(text: str) -> str:
        with memo.run_scope():
            first = fold(text)
            await asyncio.sleep(0)
            return first + fold(text)

    async def both():
        return await asyncio.gather(one("Nap 1-2pm"), one("Nap 1-2pm"))

    assert asyncio.run(both()) == ["nap 1-2pmnap 1-2pm"] * 2
    assert seen == ["Nap 1-2pm", "Nap 1-2pm"]  # once per run, not once per process


def test_run_plan_reads_within_its_own_scope_and_keeps_nothing(monkeypatch):
    from dayplan.benchmarks.floor import _request
    from dayplan.service.run import run_plan

    sizes: list[int] = []
    real = memo.run_scope

    class Spy:
        def __enter__(self):
            self.cm = real()
            self.cm.__enter__()

        def __exit__(self, *exc):
            sizes.append(len(memo._MEMO.get() or {}))
            return self.cm.__exit__(*exc)

    monkeypatch.setattr("dayplan.service.run.run_scope", Spy)
    request = _request()
    for _ in range(2):
        run = asyncio.run(run_plan(request))
        assert run.report is not None and run.report.status == "complete"
    assert len(sizes) == 2 and all(n > 0 for n in sizes)  # the same work in each run
    assert sizes[0] == sizes[1]
    assert memo._MEMO.get() is None
    assert normalise("Back By 11") == "back by 11"
