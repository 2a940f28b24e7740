"""``python -m dayplan bench NAME ...``: run a benchmark from ``dayplan.benchmarks``."""

from __future__ import annotations

import importlib
import pkgutil

from dayplan import benchmarks


def _targets() -> dict:
    found = {}
    for info in pkgutil.iter_modules(benchmarks.__path__):
        module = importlib.import_module(f"{benchmarks.__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            found[module.NAME] = module
    return found


def register(subparsers) -> None:
    """Add ``bench`` with one sub-command per benchmark module."""
    parser = subparsers.add_parser("bench", help="run a benchmark and print its figures")
    inner = parser.add_subparsers(dest="bench", required=True)
    for name, module in sorted(_targets().items()):
        p = inner.add_parser(name, help=getattr(module, "HELP", ""))
        if hasattr(module, "add_arguments"):
            module.add_arguments(p)
        p.set_defaults(func=module.run)
