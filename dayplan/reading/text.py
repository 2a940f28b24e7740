"""Normalising request text and finding quotes in it.

Normalisation is the same for the request and for a quote, so a quote "really is there" when
its normalised form occurs in the normalised text: case folded, curly quotes and apostrophes
made straight, dashes made ``-``, runs of whitespace made one space. Nothing else is forgiven.
"""

from __future__ import annotations

import unicodedata

from dayplan.reading import deferred_re as re
from dayplan.reading.memo import per_run
from dayplan.reading.prefilter import prefilter_module

_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2012": "-",
        "\u2212": "-",
        "\u00a0": " ",
    }
)


@per_run
def clean(text: str) -> str:
    """``text`` in NFKC with quotes straightened, dashes as ``-``, terminal escapes and other
    control characters made spaces (``_CONTROL``) and whitespace collapsed (case kept): the text
    quotes are cut from, so no question ever echoes a control character."""
    text = unicodedata.normalize("NFKC", text or "").translate(_TRANSLATE)
    return " ".join(_CONTROL.sub(" ", text).split())


_CONTROL = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-_])?"
    r"|[\x00-\x08\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
    r"|<(script|style)\b[^>]{0,200}>.{0,2000}?</\1\s*>|</?[a-z][a-z0-9-]{0,20}\b[^<>]{0,200}>",
    re.I | re.S,
)
"""A terminal escape ("\\x1b[31m": colour, cursor), another control character (C0 but tab and
line breaks, DEL, C1, bidi overrides) or markup ("<script>alert(1)</script>", "<b>"): never
words (no child "alert(1)"), never quoted back."""


@per_run
def normalise(text: str) -> str:
    """``clean(text)`` case-folded (``str.lower``), with the texting "b4" read as "by" ("home b4
    6") and the common "then" for "than" after a comparison ("no more then 10 mins", "less then
    $50"; both the same length); spans are offsets into this string."""
    return _THEN.sub(r"\1than", _B4.sub("by", clean(text).lower()))


_B4 = re.compile(r"\bb4\b")
_THEN = re.compile(r"\b((?:more|less|longer|further|farther|fewer|other|rather)\s+)then\b")


def cut(text: str, span: tuple[int, int]) -> str:
    """The quote for ``span`` of ``normalise(text)``, in the text's own case when the two
    strings align (they do unless lower-casing changed a character's length)."""
    cleaned, norm = clean(text), normalise(text)
    source = cleaned if len(cleaned) == len(norm) else norm
    return source[span[0] : span[1]].strip()


def find_quote(text: str, quote: str) -> tuple[int, int] | None:
    """The ``(start, end)`` span of ``quote`` in ``normalise(text)``, or ``None`` when the quote
    does not occur there (after normalising both)."""
    needle = normalise(quote).strip(" .,;:!?")
    if not needle:
        return None
    at = normalise(text).find(needle)
    return None if at < 0 else (at, at + len(needle))


_SENTENCE_END = re.compile(
    r"(?<!\bst)(?<!\bmt)(?<!\bdr)(?<!\bmr)(?<!\bmrs)(?<!\bms)(?<!\bft)(?<!\bapprox)[.!?;\n]+(?:\s|$)"
    r"|(?<!\d)\s-\s(?!\d)|,\s*(?:but|though|although)\s"
)
"""Where a sentence (or a clause split at ";" or ", but") ends; never after an abbreviation of a
place or a title ("St. Lucia", "Mt. Coot-tha", "Dr. Smith")."""


def sentences(text: str) -> list[tuple[int, int]]:
    """Spans of the sentences (and clauses split at ";" or ", but") of ``normalise(text)``."""
    return list(_sentence_spans(normalise(text)))


@per_run
def _sentence_spans(norm: str) -> tuple[tuple[int, int], ...]:
    spans, start = [], 0
    for m in _SENTENCE_END.finditer(norm):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(norm):
        spans.append((start, len(norm)))
    return tuple(spans)


def sentence_around(text: str, span: tuple[int, int]) -> str:
    """The normalised sentence of ``text`` that contains ``span`` (the whole text if none)."""
    norm = normalise(text)
    for s, e in sentences(text):
        if s <= span[0] < e or (s < span[1] <= e):
            return norm[s:e]
    return norm


_WORD_BULLET = re.compile(r"(?:^|(?<=\s))-[a-z]", re.I)


def dash_bullets(norm: str) -> bool:
    """Whether ``norm`` is a list with dashes for bullets: a dash also stands right before a
    word ("-2 adults -2 kids -from toowong"); then "-2" is an item, not a number below zero."""
    return _WORD_BULLET.search(norm) is not None


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
