"""The reader's patterns as the regular-expression engine's compiled code, written at build time.

``re.compile`` parses a pattern and translates it into the code the C matching engine (``_sre``)
runs; for the reader's long patterns that is pure Python and costs about 0.3 ms each, paid by
every ``plan`` start for each pattern its request calls for (about 60 ms for the wet-weather
request). ``_sre_snapshot.bin`` holds, for each pattern of the reading modules, what
``re.compile`` would hand to ``_sre.compile`` (the code words, the flags, the group names), so
``compiled`` builds the very same pattern object without parsing it: ``re.Pattern`` objects
compare equal exactly when their pattern text, flags and code are equal, and
``tests/test_reading_prefilter.py`` checks each entry against ``re.compile``.

The snapshot is written by ``scripts/write_needles.py`` (with the needle table) from the
reading modules' patterns; an entry is keyed by a digest of the pattern's exact text and flags
(``source_key``), so a changed or new pattern is not in it and is compiled by ``re.compile``
as before (slower, same result). The file names the engine it was written for (Python
version, ``_sre.MAGIC``, code-word size, byte order); on any other, or if the file cannot be
read, nothing is taken from it. Only request-independent data is in it.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import hashlib
import json
import sys
import zlib
from array import array
from collections.abc import Iterable
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("_sre_snapshot.bin")


def engine() -> list[Any]:
    """What the code words are valid for: this Python's version, ``_sre.MAGIC``, the code-word
    size in bytes and the byte order."""
    return [list(sys.version_info[:2]), _sre.MAGIC, _sre.CODESIZE, sys.byteorder]


def source_key(text: str | bytes, flags: int) -> str:
    """The key of a pattern: a digest of the flags and exact text it is compiled from."""
    return hashlib.sha1(f"{int(flags)}:{text}".encode(), usedforsecurity=False).hexdigest()


def _code_array() -> array:
    return array("I" if array("I").itemsize == _sre.CODESIZE else "L")


class _Snapshot:
    """The loaded file: entries by key, and the code words of all of them."""

    def __init__(self) -> None:
        self.entries: dict[str, list[Any]] = {}
        self.code = _code_array()
        self.built: dict[str, Any] = {}

    def load(self, path: Path) -> None:
        try:
            raw = zlib.decompress(path.read_bytes())
            head, _, words = raw.partition(b"\n")
            meta = json.loads(head)
            if meta.get("engine") != engine() or self.code.itemsize != _sre.CODESIZE:
                return
            code = _code_array()
            code.frombytes(words)
            self.entries, self.code = meta["entries"], code
        except (OSError, ValueError, KeyError, TypeError, zlib.error):
            self.entries, self.code = {}, _code_array()


_LOADED: _Snapshot | None = None


def _snapshot() -> _Snapshot:
    global _LOADED
    if _LOADED is None:
        _LOADED = _Snapshot()
        _LOADED.load(PATH)
    return _LOADED


def compiled(text: str | bytes, flags: int) -> Any:
    """The compiled pattern for ``text`` and ``flags`` from the snapshot (the object
    ``re.compile(text, flags)`` gives, built without parsing), or ``None`` when the snapshot
    does not hold it (then compile it with ``re.compile``)."""
    if not isinstance(text, str):
        return None
    snap = _snapshot()
    key = source_key(text, flags)
    found = snap.built.get(key)
    if found is not None:
        return found
    entry = snap.entries.get(key)
    if entry is None:
        return None
    final_flags, groups, groupindex, indexgroup, at, n = entry
    rx = _sre.compile(
        text, final_flags, snap.code[at : at + n].tolist(), groups, groupindex, tuple(indexgroup)
    )
    snap.built[key] = rx
    return rx


def build(patterns: Iterable[tuple[str, int]]) -> bytes:
    """The snapshot file's bytes for ``patterns`` (text and flags, as given to ``re.compile``):
    each parsed and translated exactly as ``re._compiler.compile`` does."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    entries: dict[str, list[Any]] = {}
    code = _code_array()
    for text, flags in sorted(set(patterns), key=lambda p: (str(p[0]), p[1])):
        if not isinstance(text, str):
            continue
        key = source_key(text, flags)
        parsed = _parser.parse(text, flags)
        words = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        final = flags | parsed.state.flags
        entries[key] = [final, parsed.state.groups - 1, groupindex, indexgroup, len(code), 0]
        code.extend(words)
        entries[key][5] = len(words)
    head = json.dumps({"engine": engine(), "entries": entries}, sort_keys=True).encode()
    return zlib.compress(head + b"\n" + code.tobytes(), 9)


def write(patterns: Iterable[tuple[str, int]], path: Path = PATH) -> int:
    """Write the snapshot of ``patterns`` to ``path``; returns how many it holds."""
    data = build(patterns)
    path.write_bytes(data)
    global _LOADED
    _LOADED = None
    return len(json.loads(zlib.decompress(data).partition(b"\n")[0])["entries"])
