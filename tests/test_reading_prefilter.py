"""The reader's speed-ups change no result: a pattern's prefilter only skips texts the pattern
cannot match, and the per-run memo hands every caller its own list."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dayplan.reading import memo, money
from dayplan.reading.prefilter import Prefiltered, needles, prefilter, requirements
from dayplan.reading.propose import _MONEY_WORD
from dayplan.reading.text import normalise, sentences

MODULES = [
    "apply",
    "clock",
    "dates",
    "money",
    "musts",
    "people",
    "places",
    "prefs",
    "propose",
    "text",
    "times",
    "travel",
    "verify",
    "weather",
    "language",
    "numbers",
]

EXTRA = [
    "Jack (6) and Mia (4), home by 3pm, $80 all up",
    "two adults + 3 kids, budget: 120 bucks, nothing before 10am",
    "no rain expected; showers clearing by 11 then fine",
    "we must see Lone Pine and the Museum of Brisbane, back by half past four",
    "60 euros max, or a tenner each for the kids",
    "Saturday the 19th, my partner and I with our three girls",
    "footy training 9-10am, then lunch at home 12-1",
    "AUD 100 TOTAL, NO LEG OVER 30 MINUTES",
    "",
    "   ",
    "ſome ſhowers from 2 (Kelvin K) – İstanbul",
]


def _texts() -> list[str]:
    out = list(EXTRA)
    for path in sorted(Path("cases").glob("*.json")):
        text = (json.loads(path.read_text(encoding="utf-8")).get("request") or {}).get("text")
        if text:
            out.append(text)
    more = []
    for t in out:  # each sentence alone, normalised, and cut short, as the readers see them
        norm = normalise(t)
        more.append(norm)
        more += [norm[s:e] for s, e in sentences(t)]
        more += [norm[: len(norm) // 2], norm[len(norm) // 3 :]]
    return out + more


def _wrapped() -> list[tuple[str, Prefiltered]]:
    out = []
    for name in MODULES:
        mod = importlib.import_module(f"dayplan.reading.{name}")
        for attr, value in vars(mod).items():
            if isinstance(value, Prefiltered):
                out.append((f"{name}.{attr}", value))
            elif isinstance(value, tuple):  # a tuple of patterns (people.PARTY_CUES)
                out += [
                    (f"{name}.{attr}[{i}]", v)
                    for i, v in enumerate(value)
                    if isinstance(v, Prefiltered)
                ]
    return out


def test_every_module_pattern_is_wrapped_and_most_have_needles():
    wrapped = _wrapped()
    assert len(wrapped) > 100
    with_needles = [n for n, p in wrapped if p.needles]
    assert len(with_needles) >= 0.9 * len(wrapped)


def test_tuples_of_patterns_are_wrapped_member_by_member():
    from dayplan.reading import clock, people

    for cues in (people.PARTY_CUES, clock.RANGE_RES):
        assert isinstance(cues, tuple) and all(isinstance(c, Prefiltered) for c in cues)
    assert any(name.startswith("people.PARTY_CUES[") for name, _ in _wrapped())


def test_a_skipped_text_is_one_the_pattern_cannot_match():
    texts = _texts()
    checked = 0
    for name, p in _wrapped():
        for t in texts:
            if p._absent(t):
                checked += 1
                assert p.rx.search(t) is None, (name, t)
                assert p.rx.sub("#", t) == t and p.rx.split(t) == [t]
    assert checked > 10_000


def test_the_automaton_gives_the_loops_verdicts():
    """Inside a run scope the check is the Aho–Corasick pass (one per text and run), outside it
    the loop over the needles: both give the same verdict for every pattern and text, and the
    held needles are kept in the run's memo only."""
    pytest.importorskip("ahocorasick")
    from dayplan.reading import prefilter as pf

    texts = _texts()
    wrapped = _wrapped()
    loop = {(n, t): p._absent(t) for n, p in wrapped for t in texts}  # no run scope: the loop
    with memo.run_scope():
        run = memo.current()
        for n, p in wrapped:
            for t in texts:
                assert p._absent(t) == loop[(n, t)], (n, t)
        held = [k for k in run if isinstance(k, tuple) and k and k[0] == pf._HELD]
        assert held
    assert pf._AUTOMATON and sum(1 for _, p in wrapped if p._masks) >= 0.9 * len(wrapped)
    assert memo.current() is None
    bits = pf._AUTOMATON.bits  # the automaton and the one-character map find every needle
    for t in texts:
        low = t.lower()
        assert pf._AUTOMATON.held(low) == sum(b for n, b in bits.items() if n in low), t


def test_without_the_automaton_or_its_needles_the_loop_decides(monkeypatch):
    """A pattern whose needles the table lacks, or any pattern when ``pyahocorasick`` is not
    installed, is checked by the loop inside a run too."""
    from dayplan.reading import prefilter as pf

    novel = prefilter(re.compile(r"\bzyzzyvas?\b", re.I))  # in no table
    with memo.run_scope():
        assert novel._absent("plan my saturday") and not novel._absent("two Zyzzyvas")
    assert novel._masks is False
    monkeypatch.setattr(pf, "_AUTOMATON", False)
    fresh = prefilter(re.compile(r"\b(?:museum|gallery)s?\b", re.I))
    with memo.run_scope():
        assert fresh._absent("a park") and not fresh._absent("the Museum")
    assert fresh._masks is False


def test_results_are_the_patterns_own_for_every_method():
    for name, p in _wrapped():
        for t in EXTRA:
            assert [m.span() for m in p.finditer(t)] == [m.span() for m in p.rx.finditer(t)], name
            assert p.findall(t) == p.rx.findall(t)
            assert p.sub("#", t) == p.rx.sub("#", t)
            assert p.subn("#", t) == p.rx.subn("#", t)
            assert p.split(t) == p.rx.split(t)
            for method in ("search", "match", "fullmatch"):
                ours, theirs = getattr(p, method)(t), getattr(p.rx, method)(t)
                assert (ours and ours.span()) == (theirs and theirs.span()), (name, method, t)


@pytest.mark.parametrize(
    ("pattern", "flags", "expected"),
    [
        (r"\b[a-z]+\s*\(\s*(\d)\)", re.I, {"("}),
        (r"\b(?:kids|children)\b", re.I, {"kids", "children"}),
        (r"(?:a\$|\$)\s?\d+", 0, {"$", "a$"}),
        (r"[€£]\s?\d+", 0, {"€", "£"}),
        (r"\d{1,2}\s*pm", re.I, {"pm"}),
        (r"(?=\w+ish)\w+", 0, {"ish"}),
        (r"(?:foo)?bar", 0, {"bar"}),
    ],
)
def test_needles_are_strings_every_match_holds(pattern, flags, expected):
    assert needles(re.compile(pattern, flags)) == frozenset(expected)


@pytest.mark.parametrize(
    "pattern",
    [r"(?:foo)?", r"foo|", r"\w+", r"(?!kids)\b\w+", r"[^a]", r"[a-zA-Z]+", r"ſ"],
)
def test_no_needles_where_nothing_is_required(pattern):
    found = needles(re.compile(pattern, re.I))
    assert not found or pattern == "[a-zA-Z]+"  # a wide class is not a needle set


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"a(?:x|y)b", (((("a",), ("b",), ("x", "y")),))),
        (r"\b\d{1,2}(?:st|nd)\b", ((tuple("0123456789"), ("st",)), (tuple("0123456789"), ("nd",)))),
        (r"(?:foo)?bar|baz", (((("bar",),), (("baz",),)))),
        (r"\b(?:kids|children)\b", (((("kids",),), (("children",),)))),
        (r"(?:foo)?|baz", ()),
    ],
)
def test_requirements_are_alternatives_of_groups_all_needed(pattern, expected):
    assert requirements(re.compile(pattern, re.I)) == expected


def test_case_and_non_ascii_texts_are_matched_as_before():
    p = prefilter(re.compile(r"\baud\s?\d+", re.I))
    assert p.search("Budget AUD 100").group(0) == "AUD 100"
    s = prefilter(re.compile(r"\bshowers\b", re.I))
    assert s.search("ſhowers at 2") is not None  # "ſ" is "s" ignoring case: scanned, found
    assert s.search("sunny all day") is None


def test_a_money_cue_is_always_found_by_the_sentence_gate():
    for t in _texts():
        if money.MONEY_CUE.search(t):
            assert _MONEY_WORD.search(t), t


def test_per_run_list_hands_each_caller_its_own_list():
    calls = []

    @memo.per_run_list
    def spans(text: str) -> list[tuple[int, int]]:
        calls.append(text)
        return [(0, len(text))]

    with memo.run_scope():
        first = spans("abc")
        first.append((9, 9))
        assert spans("abc") == [(0, 3)]
        assert spans(text="abc") == [(0, 3)]
    assert calls == ["abc", "abc"]  # the keyword call is its own key; one parse per key a run
    with memo.run_scope():
        spans("abc")
    assert calls == ["abc", "abc", "abc"]  # never kept across runs


def test_no_duration_is_skipped_where_duckling_finds_one():
    from datetime import datetime

    from dayplan.reading import duck
    from dayplan.reading.propose import may_hold_duration

    ref = datetime(2026, 12, 1)
    words = [
        "a",
        "an",
        "one",
        "two",
        "3",
        "10",
        "half",
        "quarter",
        "and",
        "more",
        "less",
        "about",
        "around",
        "exactly",
        "of",
        "hour",
        "mins",
        "min",
        "h",
        "m",
        "hr",
        "hrs",
        "day",
        "days",
        "week",
        "fortnight",
        "1/2",
        "1/4",
        "3/4",
        "2.5",
        "30",
        "45",
        "5'",
        '10"',
        "the",
        "kids",
        "park",
        "at",
        "by",
        "until",
    ]
    texts = set(_texts())
    for i in range(600):  # short phrases of grain-like words, deterministic
        texts.add(" ".join(words[(i * 7 + k * 13) % len(words)] for k in range(1 + i % 5)))
    closed = 0
    for t in texts:
        if not may_hold_duration(t):
            closed += 1
            assert duck.parse(t, ref, ("duration",)) == (), t
    assert closed > 300


def test_the_needle_table_holds_what_derivation_gives():
    from dayplan.reading._needles import NEEDLES
    from dayplan.reading.prefilter import requirements, table_key

    found = 0
    for name, p in _wrapped():
        kept = NEEDLES.get(table_key(p))
        if kept is not None:  # a pattern changed since the table was written is derived instead
            found += 1
            assert kept == requirements(p.rx) == p.needles, name
    assert found > 0


def _deferred_everywhere() -> list[tuple[str, Any]]:
    """Every pattern the reading modules hold at module level, wrapped or not, also inside a
    tuple, list or dict (``RANGE_RES``): ``Prefiltered`` and ``Deferred`` alike."""
    from dayplan.reading.deferred_re import Deferred

    out = []
    for name in [*MODULES, "net"]:
        mod = importlib.import_module(f"dayplan.reading.{name}")
        for attr, value in vars(mod).items():
            values = value.values() if isinstance(value, dict) else value
            items = values if isinstance(value, tuple | list | dict) else [value]
            for item in items:
                if isinstance(item, Prefiltered | Deferred):
                    out.append((f"{name}.{attr}", item))
    return out


def test_every_deferred_pattern_compiles_to_what_re_compile_gives():
    """A deferred pattern raises at its first use, not at import: each one is compiled here,
    and equals ``re.compile`` of the same text and flags."""
    found = _deferred_everywhere()
    assert len(found) > 150
    for name, p in found:
        rx = p.rx if isinstance(p, Prefiltered) else p.compiled()
        given = p.source_flags if isinstance(p, Prefiltered) else p.given_flags
        assert rx == re.compile(p.pattern, given), name
        assert (p.flags, p.groups, p.groupindex) == (rx.flags, rx.groups, rx.groupindex), name


def test_a_deferred_pattern_answers_as_the_compiled_one():
    from dayplan.reading import deferred_re

    d = deferred_re.compile(r"\b(\d+)\s*(kids|adults)\b", re.I)
    assert d._rx is None  # nothing compiled yet
    rx = re.compile(d.pattern, re.I)
    for t in ["2 kids and 3 ADULTS", "none here", ""]:
        assert [m.span() for m in d.finditer(t)] == [m.span() for m in rx.finditer(t)]
        assert d.findall(t) == rx.findall(t) and d.split(t) == rx.split(t)
        assert d.sub("#", t) == rx.sub("#", t) and d.subn("#", t) == rx.subn("#", t)
        for method in ("search", "match", "fullmatch"):
            ours, theirs = getattr(d, method)(t), getattr(rx, method)(t)
            assert (ours and ours.span()) == (theirs and theirs.span())
    assert deferred_re.compile(d) is d and deferred_re.compile(rx) is rx
    assert deferred_re.I is re.I and deferred_re.escape is re.escape


def test_importing_the_reader_compiles_none_of_its_patterns():
    """The reading modules' patterns are compiled on first use: after import, none is."""
    import subprocess
    import sys

    code = (
        "import importlib, re, sys\n"
        "from dayplan.reading.prefilter import Prefiltered\n"
        "from dayplan.reading.deferred_re import Deferred\n"
        f"names = {[*MODULES, 'net']!r}\n"
        "n = compiled = 0\n"
        "for name in names:\n"
        "    for v in vars(importlib.import_module('dayplan.reading.' + name)).values():\n"
        "        for x in (v if isinstance(v, tuple | list) else [v]):\n"
        "            if isinstance(x, Prefiltered | Deferred):\n"
        "                n += 1\n"
        "                compiled += x._rx is not None\n"
        "print(n, compiled)\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    n, compiled = map(int, done.stdout.split())
    assert n > 150 and compiled == 0


def test_the_compiled_snapshot_gives_what_re_compile_gives():
    """Every pattern the snapshot holds is, built from it, the very pattern ``re.compile``
    makes (``re.Pattern`` equality: text, flags and code), with the same groups."""
    from dayplan.reading import deferred_re, sre_snapshot

    _deferred_everywhere()  # every reading module imported
    found = 0
    for text, flags in deferred_re.made():
        rx = sre_snapshot.compiled(text, flags)
        if rx is None:  # a pattern changed since the snapshot was written is compiled instead
            continue
        found += 1
        want = re.compile(text, flags)
        assert rx == want, text
        assert (rx.flags, rx.groups, rx.groupindex) == (want.flags, want.groups, want.groupindex)
        for t in EXTRA:
            assert [m.span() for m in rx.finditer(t)] == [m.span() for m in want.finditer(t)]
    assert found > 100


def test_a_snapshot_for_another_engine_or_a_broken_file_is_ignored(tmp_path):
    import zlib

    from dayplan.reading import sre_snapshot

    data = zlib.decompress(sre_snapshot.build([(r"\bkids?\b", re.I)]))
    head, _, code = data.partition(b"\n")
    meta = json.loads(head)
    good = sre_snapshot._Snapshot()
    (tmp_path / "good.bin").write_bytes(zlib.compress(data))
    good.load(tmp_path / "good.bin")
    assert len(good.entries) == 1
    meta["engine"][1] += 1  # another _sre.MAGIC
    (tmp_path / "other.bin").write_bytes(zlib.compress(json.dumps(meta).encode() + b"\n" + code))
    for name, raw in [("other.bin", None), ("broken.bin", b"not zlib"), ("missing.bin", None)]:
        if raw is not None:
            (tmp_path / name).write_bytes(raw)
        snap = sre_snapshot._Snapshot()
        snap.load(tmp_path / name)
        assert snap.entries == {}, name
