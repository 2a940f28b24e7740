"""Skipping a regular expression's scan when the text cannot hold a match (same results, less work).

The reader's patterns mostly start with ``\\b`` and are case-insensitive, so Python's ``re``
finds no literal prefix to jump to and tries a match at every position of every sentence, once
per pattern. Most patterns cannot match most texts: "(" never occurs, "euro" is not there. For
each pattern, ``needles`` derives from its parsed form a few plain strings of which every match
needs one (an alternation needs one of its branches' strings; a repeat of at least one needs
its body's; a positive lookaround's body must be in the text too). ``Prefiltered`` wraps the
compiled pattern: for an ASCII text that holds none of them (compared in lower case, which for
ASCII is exactly what ``re.IGNORECASE`` forgives) it returns what the scan would have returned
(no match) without scanning; otherwise it scans as before. Texts with any non-ASCII character
are always scanned (case-insensitive matching there has equivalences such as "ſ" for "s").

Inside a run (``dayplan.reading.memo.run_scope``), when ``pyahocorasick`` is installed, the check
is one pass per text rather than a loop per pattern: an Aho–Corasick automaton over every needle
of the table (``_needles.NEEDLES``) finds, once per distinct text and run, which needles the text
holds (a bit mask, kept in the run's memo), and each pattern's alternatives become masks to test
against it (same verdicts: a group is there exactly when one of its needles is). Outside a run,
without the package, or for a pattern with a needle the table lacks, the loop runs as before.

Only request-independent data is kept for the process (the needles of each pattern, derived on
its first use, and the automaton, built on the first check inside a run).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

from dayplan.reading import memo
from dayplan.reading.deferred_re import Deferred

_MIN_NEEDLE = 2
"""A needle shorter than this (one character) still filters, but a set of them is weak; sets
whose shortest needle is shorter are used only when nothing better exists."""


def _seq(items: Any) -> frozenset[str] | None:
    """Needles for a sequence of parsed items: the best of its elements' needle sets."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def score(s: frozenset[str]) -> tuple[int, int]:
        return (min(len(n) for n in s), -len(s))

    def offer(s: frozenset[str] | None) -> None:
        nonlocal best
        if s and all(s) and (best is None or score(s) > score(best)):
            best = s

    def flush() -> None:
        if run:
            offer(frozenset({"".join(run).lower()}))
            run.clear()

    for op, av in items:
        if op is C.LITERAL and av < 128:
            run.append(chr(av))
            continue
        flush()
        offer(_item(op, av))
    flush()
    return best


def _item(op: Any, av: Any) -> frozenset[str] | None:
    if op is C.SUBPATTERN:
        return _seq(av[3])
    if op is C.ATOMIC_GROUP:
        return _seq(av)
    if op is C.BRANCH:
        out: set[str] = set()
        for alt in av[1]:
            got = _seq(alt)
            if not got:
                return None  # a branch needs nothing in particular: no needle for the whole
            out |= got
        return frozenset(out)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        low, _, body = av
        return _seq(body) if low >= 1 else None
    if op is C.ASSERT:  # a positive lookahead or lookbehind: its text is in the string too
        return _seq(av[1])
    if op is C.IN:
        return _charset(av)
    return None


def _charset(members: Any) -> frozenset[str] | None:
    """Needles for a character class of plain characters, small ASCII ranges and ``\\d`` (the
    ten ASCII digits): each ASCII one in lower case, and each other one when it has no case (a
    symbol such as "€", which no ASCII character matches even ignoring case: such a needle is
    never in an ASCII text, so the class never matches there)."""
    out: set[str] = set()
    for op, av in members:
        if op is C.CATEGORY and av is C.CATEGORY_DIGIT:
            out.update("0123456789")  # the only digits an ASCII text has
        elif op is C.RANGE and av[1] < 128 and av[1] - av[0] <= 30:
            out.update(chr(c).lower() for c in range(av[0], av[1] + 1))
        elif op is C.LITERAL:
            ch = chr(av)
            if av >= 128 and (ch.lower() != ch or ch.upper() != ch or ch.isalpha()):
                return None
            out.add(ch.lower())
        else:
            return None
    return frozenset(out) or None


def _conj(items: Any) -> list[frozenset[str]]:
    """Every needle set a sequence of parsed items requires (each element's, all at once)."""
    out: list[frozenset[str]] = []
    run: list[str] = []

    def add(s: frozenset[str] | None) -> None:
        if s and all(s) and s not in out:
            out.append(s)

    for op, av in items:
        if op is C.LITERAL and av < 128:
            run.append(chr(av))
            continue
        if run:
            add(frozenset({"".join(run).lower()}))
            run.clear()
        add(_item(op, av))
    if run:
        add(frozenset({"".join(run).lower()}))
    return out


def _source(pattern: Any) -> tuple[Any, int]:
    """The text and flags ``pattern`` (a compiled pattern, a ``Deferred`` or a ``Prefiltered``)
    was compiled, or is to be compiled, from."""
    if isinstance(pattern, Prefiltered):
        return pattern.pattern, pattern.source_flags
    if isinstance(pattern, Deferred):
        return pattern.pattern, pattern.given_flags
    return pattern.pattern, pattern.flags


def requirements(pattern: Any) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """What a text must hold for ``pattern`` (a compiled pattern, a ``Deferred`` or a
    ``Prefiltered``) to match it, as alternatives of needle groups:
    some alternative (a top-level branch of the pattern) has, for each of its groups, one of
    the group's needles in the text (ASCII, lower case). ``()`` when nothing is known. Parsed
    from the pattern's text and flags, as ``re.compile`` parses them: nothing is compiled."""
    text, flags = _source(pattern)
    if isinstance(text, bytes):
        return ()
    try:
        parsed = _parser.parse(text, flags)
    except Exception:  # noqa: BLE001 - an unparseable pattern is simply not prefiltered
        return ()
    data = list(parsed.data)
    while len(data) == 1 and data[0][0] is C.SUBPATTERN:
        data = list(data[0][1][3].data)
    at = [i for i, (op, _) in enumerate(data) if op is C.BRANCH]
    if len(at) == 1:  # one alternation ("\b(?:a|b)\b", or a prefix the parser factored out):
        i = at[0]  # each branch with what the rest of the sequence requires
        rest = _conj(data[:i]) + _conj(data[i + 1 :])
        branches = [rest + [g for g in _conj(alt) if g not in rest] for alt in data[i][1][1]]
    else:
        branches = [_conj(data)]
    alts = []
    for groups in branches:
        if not groups:
            return ()  # this alternative needs nothing in particular
        alts.append(tuple(sorted(ordered(g) for g in groups)))
    return tuple(alts)


def needles(pattern: Any) -> frozenset[str] | None:
    """Plain lower-case strings of which every match of ``pattern`` (as for ``requirements``)
    contains one (in an ASCII text compared in lower case), or ``None`` when no such set is
    known."""
    text, flags = _source(pattern)
    if isinstance(text, bytes):
        return None
    try:
        parsed = _parser.parse(text, flags)
    except Exception:  # noqa: BLE001 - an unparseable pattern is simply not prefiltered
        return None
    return _seq(parsed.data)


def ordered(found: frozenset[str] | None) -> tuple[str, ...]:
    """``found`` longest first, then alphabetical (``()`` for none)."""
    return tuple(sorted(found, key=lambda n: (-len(n), n))) if found else ()


def table_key(rx: Any) -> str:
    """The key of ``rx`` (as for ``requirements``) in the needle table: a digest of the flags
    and exact pattern text it is compiled from (``_source``), so a changed pattern is never
    given another's needles (it is derived instead)."""
    text, flags = _source(rx)
    return hashlib.sha1(f"{flags}:{text}".encode(), usedforsecurity=False).hexdigest()


class Prefiltered:
    """A pattern that skips its scan over an ASCII text holding none of its
    ``needles`` (derived on first use, so importing costs nothing; ``match`` and ``fullmatch``,
    anchored, always try as before); the same methods and
    results as ``re.Pattern`` (``pattern``, ``flags``, ``groups``, ``groupindex``; ``search``,
    ``match``, ``fullmatch``, ``finditer``, ``findall``, ``sub``, ``subn``, ``split``).

    Made from a compiled pattern or from a ``Deferred`` (``dayplan.reading.deferred_re``): then
    it is compiled only when first needed (a scan of a text that may hold a match, a ``match``,
    or ``rx``), so a pattern no request's text calls for is never compiled."""

    __slots__ = ("_rx", "_src", "_needles", "_masks", "pattern", "source_flags")

    def __init__(self, rx: re.Pattern | Deferred):
        self._src = rx
        self._rx: re.Pattern | None = rx if isinstance(rx, re.Pattern) else rx._rx
        self._needles: tuple[tuple[tuple[str, ...], ...], ...] | None = None
        self._masks: tuple[int, tuple[tuple[int, ...], ...]] | None | bool = None
        """The needles as masks of the automaton's bits (``_Automaton.masks``); ``False`` when
        they cannot be (no automaton, a needle it lacks); ``None`` before first use."""
        self.pattern = rx.pattern
        self.source_flags = rx.flags if isinstance(rx, re.Pattern) else rx.given_flags

    @property
    def rx(self) -> re.Pattern:
        """The compiled pattern (compiled now if it was not yet)."""
        return self._rx or self._compile()

    def _compile(self) -> re.Pattern:
        src = self._src
        self._rx = src if isinstance(src, re.Pattern) else src.compiled()
        return self._rx

    @property
    def flags(self) -> int:
        return self.rx.flags

    @property
    def groups(self) -> int:
        return self.rx.groups

    @property
    def groupindex(self) -> Any:
        return self.rx.groupindex

    @property
    def needles(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """The pattern's ``requirements`` (``()``: none known, every text is scanned): from the
        derived table when it has this pattern (``_needles.NEEDLES``), else derived now."""
        if self._needles is None:
            from dayplan.reading._needles import NEEDLES

            kept = NEEDLES.get(table_key(self))
            self._needles = kept if kept is not None else requirements(self)
        return self._needles

    def _absent(self, text: Any) -> bool:
        alts = self._needles if self._needles is not None else self.needles
        if not alts or not isinstance(text, str) or not text.isascii():
            return False
        low = text.lower()
        if self._masks is not False:
            run = memo.current()
            if run is not None:  # one automaton pass per text and run, masks per pattern
                masks = self._masks
                if masks is None:
                    masks = self._masks = _automaton_masks(alts)
                if masks is not False:
                    held = run.get((_HELD, low))
                    if held is None:
                        held = run[(_HELD, low)] = _AUTOMATON.held(low)  # type: ignore[union-attr]
                    singles, multi = masks  # type: ignore[misc]
                    if singles & held:
                        return False  # a one-group alternative is there: scan
                    for groups in multi:
                        for group in groups:
                            if not group & held:
                                break  # a group with none of its needles
                        else:
                            return False
                    return True
        for groups in alts:
            for group in groups:
                for n in group:
                    if n in low:
                        break
                else:
                    break  # a group with none of its needles: this alternative cannot match
            else:
                return False  # every group of this alternative is there: scan
        return True

    def search(self, text: str, *args: Any) -> re.Match | None:
        return None if self._absent(text) else (self._rx or self._compile()).search(text, *args)

    def match(self, text: str, *args: Any) -> re.Match | None:
        return (self._rx or self._compile()).match(
            text, *args
        )  # anchored: one attempt costs less than the check

    def fullmatch(self, text: str, *args: Any) -> re.Match | None:
        return (self._rx or self._compile()).fullmatch(text, *args)

    def finditer(self, text: str, *args: Any) -> Iterator[re.Match]:
        return (
            iter(()) if self._absent(text) else (self._rx or self._compile()).finditer(text, *args)
        )

    def findall(self, text: str, *args: Any) -> list[Any]:
        return [] if self._absent(text) else (self._rx or self._compile()).findall(text, *args)

    def sub(self, repl: Any, text: str, count: int = 0) -> str:
        return text if self._absent(text) else (self._rx or self._compile()).sub(repl, text, count)

    def subn(self, repl: Any, text: str, count: int = 0) -> tuple[str, int]:
        return (
            (text, 0)
            if self._absent(text)
            else (self._rx or self._compile()).subn(repl, text, count)
        )

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        return [text] if self._absent(text) else (self._rx or self._compile()).split(text, maxsplit)

    def __repr__(self) -> str:
        return f"Prefiltered({self._src!r})"


_HELD = "dayplan.reading.prefilter.held"
"""The run memo's keys ``(_HELD, text)``: the automaton's mask of the needles the (lower-case)
text holds, for this run only."""


class _Automaton:
    """An Aho–Corasick automaton over every needle of the table (``_needles.NEEDLES``) longer
    than one character, and a map of the one-character needles (a text's ``set`` finds those
    faster than the automaton's many matches of them): needle ``i`` is bit ``1 << i``."""

    def __init__(self, ahocorasick: Any, table: dict[str, Any]):
        found = sorted({n for alts in table.values() for g in alts for group in g for n in group})
        self.bits = {n: 1 << i for i, n in enumerate(found)}
        self.chars = {n: bit for n, bit in self.bits.items() if len(n) == 1}
        self.automaton = ahocorasick.Automaton()
        for n, bit in self.bits.items():
            if len(n) > 1:
                self.automaton.add_word(n, bit)
        self.automaton.make_automaton()

    def held(self, low: str) -> int:
        """The bits of the needles ``low`` holds (every occurrence, overlapping ones too)."""
        out = 0
        chars = self.chars
        for ch in set(low):
            bit = chars.get(ch)
            if bit is not None:
                out |= bit
        for bit in {bit for _, bit in self.automaton.iter(low)}:
            out |= bit
        return out

    def masks(
        self, alts: tuple[tuple[tuple[str, ...], ...], ...]
    ) -> tuple[int, tuple[tuple[int, ...], ...]] | bool:
        """``alts`` as ``(singles, multi)``: one mask of every needle of the one-group
        alternatives, and per other alternative a mask per group; ``False`` when some needle is
        not in the automaton."""
        bits = self.bits
        singles, multi = 0, []
        for groups in alts:
            if any(n not in bits for group in groups for n in group):
                return False
            masks = tuple(sum(bits[n] for n in set(group)) for group in groups)
            if len(masks) == 1:
                singles |= masks[0]
            else:
                multi.append(masks)
        return singles, tuple(multi)


_AUTOMATON: _Automaton | None | bool = None
"""Built on the first check inside a run; ``False`` when ``pyahocorasick`` is not installed."""


def _automaton_masks(
    alts: tuple[tuple[tuple[str, ...], ...], ...],
) -> tuple[int, tuple[tuple[int, ...], ...]] | bool:
    """``alts`` as the automaton's masks (building the automaton on first use), or ``False``."""
    global _AUTOMATON
    if _AUTOMATON is None:
        try:
            import ahocorasick
        except ImportError:
            _AUTOMATON = False
        else:
            from dayplan.reading._needles import NEEDLES

            _AUTOMATON = _Automaton(ahocorasick, NEEDLES)
    return _AUTOMATON.masks(alts) if _AUTOMATON else False


def prefilter(rx: re.Pattern | Deferred) -> Prefiltered:
    """``rx`` wrapped in ``Prefiltered``."""
    return Prefiltered(rx)


def _patterns_tuple(value: Any) -> bool:
    """Whether ``value`` is a non-empty tuple of patterns, compiled or ``Deferred`` (a module's
    list of cues)."""
    return (
        isinstance(value, tuple)
        and bool(value)
        and all(isinstance(v, re.Pattern | Deferred) for v in value)
    )


def prefilter_module(namespace: dict[str, Any]) -> None:
    """Wrap every pattern among a module's globals (``globals()``; compiled, or ``Deferred``
    from ``deferred_re.compile``), in place, and every member of a global tuple of patterns
    (``people.PARTY_CUES``, ``clock.RANGE_RES``): call it at the end of the module, after the
    patterns are built from each other's ``pattern``."""
    for name, value in list(namespace.items()):
        if isinstance(value, re.Pattern | Deferred):
            namespace[name] = Prefiltered(value)
        elif _patterns_tuple(value):
            namespace[name] = tuple(Prefiltered(v) for v in value)


def write_table(path: str) -> int:
    """Write the needle table of every pattern of the reading modules to ``path`` (a Python
    module, ``_needles.py``); returns how many patterns it holds. Run ``python
    scripts/write_needles.py`` after changing patterns: a pattern missing from the table is
    only derived on first use (about 0.3 ms each), never read wrongly."""
    import importlib
    import pkgutil

    import dayplan.reading as pkg

    table: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        mod = importlib.import_module(f"dayplan.reading.{info.name}")
        for value in vars(mod).values():
            members = value if isinstance(value, tuple) else (value,)
            for member in members:
                if isinstance(member, Prefiltered):
                    table[table_key(member)] = requirements(member)
    lines = [
        '"""Needles of the reading modules\' patterns (``dayplan.reading.prefilter``), derived by',
        "``scripts/write_needles.py``: a start-up saving only; a pattern missing here",
        'is derived on first use."""',
        "",
        "NEEDLES: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {",
    ]
    for key in sorted(table):
        lines.append(f"    {key!r}: {table[key]!r},")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    return len(table)
