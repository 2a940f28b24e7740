"""One country's public-holiday calendar from python-holidays, loading only that country.

``holidays.country_holidays("AU", ...)`` imports ``holidays.countries``, whose package
``__init__`` imports all ~250 country modules before it hands back Australia's (about 0.3–0.5 s
of a ``python -m dayplan plan`` start, most of it for countries no run asks about).
``country_holidays`` here builds the very same calendar (the same class, the same arguments as
python-holidays' own ``country_holidays``) after importing only the one module that defines it,
with the standard library's recipe for importing a source file directly (``importlib.util.
spec_from_file_location``), registered under its own name so any later import of it, or of the
whole package, reuses it. A module that needs other countries (American Samoa builds on the
United States) imports them itself; when ``holidays.countries`` is already loaded, or the code is
unknown, python-holidays' own ``country_holidays`` is called as is.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterable
from pathlib import Path

import holidays
from holidays import registry
from holidays.holiday_base import HolidayBase

_PACKAGE = "holidays.countries"


def _module_of(code: str) -> str | None:
    """The ``holidays.countries`` module that defines ``code`` (a class name, ISO code or
    alias, as python-holidays exposes them: ``"AU"``, ``"AUS"``, ``"Australia"``), or
    ``None``."""
    for module, entities in registry.COUNTRIES.items():
        if code in entities:
            return module
    return None


def _load(module: str):
    """``holidays.countries.<module>``, imported on its own (see the module docstring)."""
    name = f"{_PACKAGE}.{module}"
    with registry.IMPORT_LOCK:  # python-holidays' own lock for its lazy imports
        loaded = sys.modules.get(name)
        if loaded is not None:
            return loaded
        path = Path(holidays.__file__).resolve().parent / "countries" / f"{module}.py"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {name} from {path}")
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded
        try:
            spec.loader.exec_module(loaded)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        return loaded


def country_holidays(
    country: str,
    subdiv: str | None = None,
    years: int | Iterable[int] | None = None,
) -> HolidayBase:
    """``holidays.country_holidays(country, subdiv=subdiv, years=years)`` (python-holidays: a
    date → holiday-name mapping, observed days included), without importing the other
    countries.

    Raises what python-holidays raises: ``NotImplementedError`` for a country it has no
    calendar for (codes are case-sensitive: ``"AU"``) or a subdivision it does not know."""
    module = _module_of(country)
    if module is None or _PACKAGE in sys.modules:
        return holidays.country_holidays(country, subdiv=subdiv, years=years)
    entity = getattr(_load(module), country)
    return entity(
        years=years,
        subdiv=subdiv,
        expand=True,
        observed=True,
        prov=None,
        state=None,
        language=None,
        categories=None,
    )
