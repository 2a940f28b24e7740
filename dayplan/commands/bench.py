"""``python -m dayplan bench NAME ...``: run a benchmark from ``dayplan.benchmarks``.

Benchmarks are discovered per module (a module with ``NAME`` and ``run``), but only the one
asked for is imported: registering ``bench`` for every other command (``plan``, ``eval``, ...)
must not import the eval runner, the service or matplotlib.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from types import ModuleType

from dayplan import benchmarks
from dayplan.cli_common import InputError


def _names() -> list[str]:
    """Benchmark module names, without importing them."""
    return sorted(
        info.name
        for info in pkgutil.iter_modules(benchmarks.__path__)
        if not info.name.startswith("_")
    )


def _module(name: str) -> ModuleType:
    for candidate in _names():
        module = importlib.import_module(f"{benchmarks.__name__}.{candidate}")
        if getattr(module, "NAME", None) == name and hasattr(module, "run"):
            return module
    raise InputError(f"unknown benchmark {name!r}; known: {', '.join(_known())}")


def _known() -> list[str]:
    out = []
    for candidate in _names():
        module = importlib.import_module(f"{benchmarks.__name__}.{candidate}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            out.append(module.NAME)
    return sorted(out)


def _run(args: argparse.Namespace) -> int:
    module = _module(args.bench)
    parser = argparse.ArgumentParser(
        prog=f"python -m dayplan bench {args.bench}", description=getattr(module, "HELP", "")
    )
    if hasattr(module, "add_arguments"):
        module.add_arguments(parser)
    return module.run(parser.parse_args(args.bench_args))


def register(subparsers) -> None:
    """Add ``bench NAME [ARGS...]``; the benchmark's own options are parsed when it runs."""
    parser = subparsers.add_parser(
        "bench",
        help="run a benchmark and print its figures",
        description="benchmarks: " + ", ".join(_names()) + " (python -m dayplan bench NAME --help)",
    )
    parser.add_argument("bench", metavar="NAME", help="benchmark name, e.g. floor or latency")
    parser.add_argument("bench_args", nargs=argparse.REMAINDER, help="the benchmark's options")
    parser.set_defaults(func=_run)
