"""``re`` for the reading modules, with a pattern compiled on its first use instead of at import.

The reader holds about 250 patterns, and a ``plan`` start would compile all of them (about
0.1 s) although one request needs about a third: a pattern whose needles are not in the text
(``dayplan.reading.prefilter``) is never scanned. A reading module imports this module as its
``re`` (``from dayplan.reading import deferred_re as re``); everything is the standard
library's ``re`` except ``compile``, which returns a ``Deferred``: it holds the pattern's text
and flags (``pattern``, ``given_flags``: what other patterns are built from, and what the needle
table is keyed by, without compiling) and compiles it with ``re.compile`` on the first call of
a method, once per process (the same compiled pattern as before; a faulty pattern raises
``re.error`` there instead of at import: ``tests/test_reading_prefilter.py`` compiles every
pattern of the reading modules). ``prefilter_module`` then wraps each one of a module's globals
in ``Prefiltered``, which compiles it only when a text may hold a match.
"""

from __future__ import annotations

import re as _re
from collections.abc import Iterator
from re import *  # noqa: F403 - this module stands in for ``re`` in the reading modules
from typing import Any

__all__ = list(_re.__all__)


class Deferred:
    """A pattern compiled on its first use: ``pattern`` and ``given_flags`` as given to
    ``compile``; the methods of ``re.Pattern`` (``search``, ``match``, ``fullmatch``,
    ``finditer``, ``findall``, ``sub``, ``subn``, ``split``) and, through ``compiled()``, every
    other attribute (``flags``, ``groups``, ``groupindex``) with the compiled pattern's values."""

    __slots__ = ("pattern", "given_flags", "_rx")

    def __init__(self, pattern: str | bytes, flags: int = 0):
        self.pattern, self.given_flags = pattern, int(flags)
        self._rx: _re.Pattern | None = None

    def compiled(self) -> _re.Pattern:
        """The compiled pattern, made on the first call: from the build-time snapshot of the
        reader's patterns when it holds this one (``sre_snapshot``: the same object, built
        without parsing), else by ``re.compile`` (``re.error`` if faulty)."""
        if self._rx is None:
            from dayplan.reading import sre_snapshot

            rx = sre_snapshot.compiled(self.pattern, self.given_flags)
            self._rx = rx if rx is not None else _re.compile(self.pattern, self.given_flags)
        return self._rx

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled(), name)

    def search(self, *args: Any) -> _re.Match | None:
        return (self._rx or self.compiled()).search(*args)

    def match(self, *args: Any) -> _re.Match | None:
        return (self._rx or self.compiled()).match(*args)

    def fullmatch(self, *args: Any) -> _re.Match | None:
        return (self._rx or self.compiled()).fullmatch(*args)

    def finditer(self, *args: Any) -> Iterator[_re.Match]:
        return (self._rx or self.compiled()).finditer(*args)

    def findall(self, *args: Any) -> list[Any]:
        return (self._rx or self.compiled()).findall(*args)

    def sub(self, *args: Any) -> Any:
        return (self._rx or self.compiled()).sub(*args)

    def subn(self, *args: Any) -> Any:
        return (self._rx or self.compiled()).subn(*args)

    def split(self, *args: Any) -> list[Any]:
        return (self._rx or self.compiled()).split(*args)

    def __repr__(self) -> str:
        return f"Deferred({self.pattern!r}, {self.given_flags})"


_MADE: dict[tuple[type, Any, int], Deferred] = {}
_MAX_MADE = 1024


def compile(pattern: Any, flags: int = 0) -> Any:  # noqa: A001 - stands in for re.compile
    """``pattern`` (a string or bytes) as a ``Deferred``, the same one for the same text and
    flags (as ``re.compile`` caches its results, so a pattern compiled inside a function is
    compiled once per process); a compiled pattern or a ``Deferred`` is returned as it is (as
    ``re.compile`` does with a compiled pattern)."""
    if isinstance(pattern, _re.Pattern | Deferred):
        return pattern
    key = (type(pattern), pattern, int(flags))
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= _MAX_MADE:
            _MADE.clear()
        found = _MADE[key] = Deferred(pattern, flags)
    return found


def made() -> list[tuple[Any, int]]:
    """The text and flags of every pattern ``compile`` has made in this process so far (what
    ``scripts/write_needles.py`` writes into the snapshot, after importing the reading modules
    and reading the cases' texts)."""
    return [(d.pattern, d.given_flags) for d in _MADE.values()]
