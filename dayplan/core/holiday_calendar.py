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
from collections.abc import Iterable, Mapping
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from holidays.holiday_base import HolidayBase

_PACKAGE = "holidays.countries"


def _module_of(code: str) -> str | None:
    """The ``holidays.countries`` module that defines ``code`` (a class name, ISO code or
    alias, as python-holidays exposes them: ``"AU"``, ``"AUS"``, ``"Australia"``), or
    ``None``."""
    from holidays import registry

    for module, entities in registry.COUNTRIES.items():
        if code in entities:
            return module
    return None


def _load(module: str):
    """``holidays.countries.<module>``, imported on its own (see the module docstring)."""
    import holidays
    from holidays import registry

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
    import holidays

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


def _installed_version() -> str | None:
    """The installed python-holidays version, from the name of its ``holidays-VERSION.dist-info``
    folder beside the package, without importing it (python-holidays' own ``__version__``
    asks ``importlib.metadata``, ~10 ms); ``None`` when there is not exactly one."""
    loaded = sys.modules.get("holidays")
    if loaded is not None:
        return getattr(loaded, "__version__", None)
    spec = importlib.util.find_spec("holidays")
    if spec is None or not spec.origin:
        return None
    found = list(Path(spec.origin).parent.parent.glob("holidays-*.dist-info"))
    if len(found) != 1:
        return None
    return found[0].name[len("holidays-") : -len(".dist-info")]


@lru_cache(maxsize=1)
def _table_usable() -> bool:
    from dayplan.core._holiday_table import VERSION

    return _installed_version() == VERSION


@lru_cache(maxsize=8)
def _table_years(country: str, subdiv: str | None) -> dict[int, tuple[tuple[int, int, str], ...]]:
    """The table's years for one pair: ``{year: ((month, day, name), ...)}`` (``{}`` if the pair
    is not in it). The table keeps each pair as one line per year, ``YYYY|MMDD=name|...``."""
    from dayplan.core._holiday_table import TABLE

    out: dict[int, tuple[tuple[int, int, str], ...]] = {}
    for line in TABLE.get((country, subdiv), "").splitlines():
        year, *days = line.split("|")
        out[int(year)] = tuple((int(d[:2]), int(d[2:4]), d[5:]) for d in days)
    return out


def holiday_dates(
    country: str,
    subdiv: str | None = None,
    years: int | Iterable[int] | None = None,
) -> Mapping[date, str]:
    """The public holidays of ``country``/``subdiv`` in ``years``: a date → holiday-name mapping
    (observed days included, names of one day joined by ``"; "``), as ``country_holidays`` has
    them for those years.

    For the pairs and years of ``_holiday_table`` (written from python-holidays by
    ``scripts/write_holiday_table.py``, for the installed version it names; a test checks it
    against python-holidays) the mapping is built from that table, so a start that only needs
    Queensland's calendar does not import python-holidays at all (~15 ms); for anything else,
    or another python-holidays version, it is ``country_holidays(...)`` itself. Raises what
    ``country_holidays`` raises."""
    wanted = [years] if isinstance(years, int) else list(years or [])
    if wanted and all(isinstance(y, int) for y in wanted):
        by_year = _table_years(country, subdiv)
        if by_year and all(y in by_year for y in wanted) and _table_usable():
            return {date(y, m, d): name for y in wanted for m, d, name in by_year[y]}
    return country_holidays(country, subdiv=subdiv, years=years)


def write_table(path: str | Path, pairs: Iterable[tuple[str, str | None]], years: range) -> int:
    """Write ``_holiday_table.py`` for ``pairs`` (country, subdivision) and ``years`` from the
    installed python-holidays; returns how many holidays it holds. Raises ``ValueError`` for a
    holiday name the table's format cannot hold (``|`` or a line break)."""
    import holidays

    lines = [
        '"""Public holidays from python-holidays, written by ``scripts/write_holiday_table.py``',
        "(``core.holiday_calendar.holiday_dates``): a start-up saving only; used only with the",
        "python-holidays version named here, and only for the pairs and years it holds. Each",
        'pair is one line per year: ``YYYY|MMDD=name|MMDD=name...``."""',
        "",
        f"VERSION = {holidays.__version__!r}",
        "",
        "TABLE: dict[tuple[str, str | None], str] = {",
    ]
    n = 0
    for country, subdiv in pairs:
        rows = []
        for year in years:
            cal = country_holidays(country, subdiv=subdiv, years=year)
            days = []
            for d, name in sorted(cal.items()):
                if "|" in name or "\n" in name or "\r" in name:
                    raise ValueError(f"holiday name {name!r} cannot be kept in the table")
                days.append(f"{d.month:02d}{d.day:02d}={name}")
            n += len(days)
            rows.append("|".join([str(year), *days]))
        lines.append(f"    ({country!r}, {subdiv!r}): (")
        lines += [f"        {row + chr(10)!r}" for row in rows]
        lines.append("    ),")
    lines.append("}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return n
