"""The latency benchmark runs and prints its figures (speed targets live in the benchmark)."""

from __future__ import annotations

from dayplan.cli import main


def test_latency_benchmark_prints_parallel_beside_sequential(capsys):
    code = main(["bench", "latency", "--scale", "0.005", "--queries", "2,3"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[1].split() == [
        "searches",
        "turns",
        "parallel",
        "s",
        "sequential",
        "s",
        "ratio",
        "outcome",
    ]
    rows = [line.split() for line in out[2:4]]
    assert [r[0] for r in rows] == ["2", "3"]
    assert all(r[1] == "6" and r[5] == "complete" and r[7] == "complete" for r in rows)


def test_latency_benchmark_rejects_bad_queries(capsys):
    assert main(["bench", "latency", "--queries", "2,x"]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "error: --queries wants whole numbers like 2,6, not '2,x'"
    )
