"""``python -m dayplan bench reading``: how the free-text reader was chosen, and what it costs.

1. **Accuracy** on a fixed set of parent-style phrasings of times and dates (``PHRASINGS``),
   relative to a pinned today (Tuesday 2026-12-01): Duckling alone (its first reading), dateparser
   alone (``search_dates``, future-preferring), and the package's reader (Duckling plus the
   day-out am/pm rules and the holiday calendar, ``dayplan.reading``).
2. **Cost**: Duckling's start-up in this process (Haskell runtime + the one UTC zone), the median
   per-call time of one Duckling parse and of a whole ``read_request`` on request-sized texts
   (fresh text each call, so no cache hit).

ctparse is not measured: it is not installed here (not in the pinned environment).
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import date, datetime

NAME = "reading"
HELP = "free-text reader: Duckling vs dateparser on parent phrasings, and per-call latency"
TODAY = date(2026, 12, 1)

# (phrase, kind, expected): kind "end"/"start" -> HH:MM, "date" -> ISO date
PHRASINGS: list[tuple[str, str, str]] = [
    ("back by 11 for the nap", "end", "11:00"),
    ("home by 3pm", "end", "15:00"),
    ("home by 5", "end", "17:00"),
    ("need to leave by 4:30", "end", "16:30"),
    ("home by 6 for dinner", "end", "18:00"),
    ("back by 2", "end", "14:00"),
    ("not before 10", "start", "10:00"),
    ("after lunch", "start", "13:00"),
    ("start at 9:30", "start", "09:30"),
    ("no earlier than 8am", "start", "08:00"),
    ("start at 1", "start", "13:00"),
    ("home by 4.30pm", "end", "16:30"),
    ("Saturday the 19th", "date", "2026-12-19"),
    ("this Saturday", "date", "2026-12-05"),
    ("next Saturday", "date", "2026-12-12"),
    ("tomorrow", "date", "2026-12-02"),
    ("Boxing Day", "date", "2026-12-26"),
    ("Australia Day", "date", "2027-01-26"),
    ("Easter Saturday", "date", "2027-03-27"),
    ("Anzac Day", "date", "2027-04-25"),
    ("Christmas Eve", "date", "2026-12-24"),
    ("sat 19 dec", "date", "2026-12-19"),
    ("the 5th", "date", "2026-12-05"),
    ("2026-12-12", "date", "2026-12-12"),
]


def _duckling_raw(phrase: str, kind: str) -> str | None:
    from dayplan.reading import duck

    for span in duck.parse(phrase, datetime(2026, 12, 1, 8, 0)):
        if span.dim != "time":
            continue
        v = span.value
        point = (
            v.get("value") or (v.get("to") or {}).get("value") or (v.get("from") or {}).get("value")
        )
        if kind in ("to", "end") and isinstance(v.get("to"), dict):
            point = v["to"]["value"]
        if not point:
            continue
        at = duck.wall(point)
        return at.date().isoformat() if kind == "date" else f"{at.hour:02d}:{at.minute:02d}"
    return None


def _dateparser_raw(phrase: str, kind: str) -> str | None:
    from dateparser.search import search_dates

    found = search_dates(
        phrase,
        languages=["en"],
        settings={
            "RELATIVE_BASE": datetime(2026, 12, 1, 8, 0),
            "PREFER_DATES_FROM": "future",
            "DATE_ORDER": "DMY",
        },
    )
    if not found:
        return None
    at = found[0][1]
    return at.date().isoformat() if kind == "date" else f"{at.hour:02d}:{at.minute:02d}"


def _ours(phrase: str, kind: str) -> str | None:
    from dayplan.reading import clock, dates, times
    from dayplan.reading.text import normalise

    if kind == "date":
        day = dates.read_date(phrase, TODAY)
        return day.isoformat() if day else None
    minutes = times.read_time(normalise(phrase), kind, normalise(phrase))
    return clock.hhmm(minutes) if minutes is not None else None


def _median_ms(fn, texts: list[str]) -> float:
    laps = []
    for text in texts:
        t0 = time.perf_counter()
        fn(text)
        laps.append((time.perf_counter() - t0) * 1000)
    return statistics.median(laps)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--calls N``: how many fresh texts the latency lines time (default 200)."""
    parser.add_argument("--calls", type=int, default=200, help="texts timed per latency line")


def run(args: argparse.Namespace) -> int:
    """Print the accuracy table and the latency lines; exit 0."""
    t0 = time.perf_counter()
    import duckling  # noqa: F401 - the Haskell runtime starts on import

    imported = time.perf_counter() - t0
    from dayplan.reading import duck, read_request

    first = duck.warm_up()
    readers = {"duckling": _duckling_raw, "dateparser": _dateparser_raw, "dayplan.reading": _ours}
    wins = dict.fromkeys(readers, 0)
    print(f"{'phrase':28} {'want':11} " + " ".join(f"{n:>16}" for n in readers))
    for phrase, kind, want in PHRASINGS:
        row = []
        for name, fn in readers.items():
            try:
                got = fn(phrase, kind)
            except Exception as exc:  # noqa: BLE001 - a reader's failure is a miss, printed
                got = f"error:{type(exc).__name__}"
            ok = got == want
            wins[name] += ok
            row.append(f"{(got or '-') + (' ' if ok else ' x'):>16}")
        print(f"{phrase:28} {want:11} " + " ".join(row))
    n = len(PHRASINGS)
    print("correct: " + ", ".join(f"{k} {v}/{n}" for k, v in wins.items()))
    calls = max(1, args.calls)
    texts = [
        f"Plan Saturday the 19th for my partner and I with our {w} girls, back by {h} for the "
        f"nap, budget {20 + i} bucks, no rain, footy training 9-10am. #{i}"
        for i, (w, h) in enumerate(
            zip(["two", "three", "four"] * calls, [11, 3, 4] * calls, strict=True)
        )
    ][:calls]
    ref = datetime(2026, 12, 1)
    print(f"duckling start-up: import {imported * 1000:.1f} ms, first parse {first * 1000:.1f} ms")
    print(
        f"duckling parse per call (fresh text): median {_median_ms(lambda t: duck.parse(t, ref), texts):.2f} ms"
    )
    texts2 = [t.replace("#", "##") for t in texts]
    print(
        "read_request per call (propose + verify + unread, fresh text): median "
        f"{_median_ms(lambda t: read_request(t, today=TODAY), texts2):.2f} ms"
    )
    return 0
