"""NATURAL PLAN meeting planning (Zheng et al., 2024, arXiv:2406.04520) solved by the exact
scheduler, scored by the task's published replay rules.

Each instance becomes a scheduling ``Problem``: home = the start place, leaving at 9:00AM with
no way home and no deadline (the day runs to midnight); every friend is an optional stop
(weight 1, so the objective maximises the number of people met, then minimises travel) at the
friend's location, inside the friend's availability window, for exactly the minimum meeting
minutes; the distance matrix is a ``MatrixTravel``. The solution is written as the task's
sentences ("You travel to X in N minutes and arrive at T.", "You wait until T.", "You meet P for
N minutes from T1 to T2.") and replayed like the published evaluator: travel advances the clock
by the matrix entry, a wait must move the clock forward, a meeting starts at the current clock,
at the person's location, inside their window, lasts their minimum minutes, nobody twice; the
first invalid step ends the replay. An answer is correct when it meets as many people as the
golden plan does under the same replay.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from dayplan.cli_common import InputError
from dayplan.core.checker import Constraints
from dayplan.core.scheduler import DAY_END, Candidate, Problem, solve
from dayplan.core.travel import MatrixTravel

NAME = "natural-plan"
HELP = "solve NATURAL PLAN meeting-planning instances and score them by the published rules"

PUBLISHED = (
    ("Gemini 1.5 Flash (5-shot, full task)", 23.9),
    ("Gemini 1.5 Pro (5-shot, full task)", 39.1),
    ("GPT-4 (5-shot, full task)", 47.0),
)
"""Published 5-shot accuracy (%) on the full 1,000-instance task (paper, Table 3)."""

START_CLOCK = 9 * 60
_TIME = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])\s*$")


def parse_clock(text: str) -> int:
    """``"9:00AM"`` -> 540, ``"12:30PM"`` -> 750, ``"12:00AM"`` -> 0. ``ValueError`` otherwise."""
    m = _TIME.match(text)
    if not m:
        raise ValueError(f"not a clock time like 9:00AM: {text!r}")
    hour, minute, half = int(m.group(1)) % 12, int(m.group(2)), m.group(3).upper()
    if minute > 59 or int(m.group(1)) > 12:
        raise ValueError(f"not a clock time like 9:00AM: {text!r}")
    return (hour + (12 if half == "PM" else 0)) * 60 + minute


def format_clock(minutes: int) -> str:
    """540 -> ``"9:00AM"``, 750 -> ``"12:30PM"`` (the task's spelling)."""
    minutes %= DAY_END
    hour, minute = divmod(minutes, 60)
    half = "AM" if hour < 12 else "PM"
    return f"{(hour % 12) or 12}:{minute:02d}{half}"


def _people(instance: Mapping[str, Any]) -> list[dict]:
    out = []
    for name, location, window, minutes in instance["constraints"][1:]:
        opens, closes = (parse_clock(x) for x in str(window).split(" to "))
        out.append(
            {
                "name": str(name),
                "location": str(location),
                "start": opens,
                "end": closes,
                "minutes": int(minutes),
            }
        )
    return out


def to_problem(instance: Mapping[str, Any]) -> Problem:
    """The scheduling problem of one instance (see the module docstring)."""
    start, clock = instance["constraints"][0]
    start_minutes = parse_clock(str(clock))
    cands = [
        Candidate(
            key=p["name"],
            min_minutes=p["minutes"],
            typical_minutes=p["minutes"],
            weight=1.0,
            place=p["location"],
            open=((p["start"], p["end"]),),
        )
        for p in _people(instance)
    ]
    constraints = Constraints(day=date(2024, 1, 1), window=(start_minutes, DAY_END))
    return Problem(
        cands,
        constraints,
        MatrixTravel(instance["dist_matrix"]),
        home=str(start),
        return_home=False,
    )


def solve_instance(instance: Mapping[str, Any]) -> list[str]:
    """The plan of one instance as the task's sentences."""
    problem = to_problem(instance)
    solution = solve(problem)
    start = problem.home
    t = problem.constraints.window[0]
    where = start
    lines = [f"You start at {start} at {format_clock(t)}."]
    by_key = {c.key: c for c in problem.candidates}
    for stop in solution.stops:
        person = by_key[stop.venue_id or ""]
        if person.place != where:
            leg = problem.travel.minutes(where, person.place or "")
            t += leg
            where = person.place or where
            lines.append(f"You travel to {where} in {leg} minutes and arrive at {format_clock(t)}.")
        if stop.start > t:
            lines.append(f"You wait until {format_clock(stop.start)}.")
            t = stop.start
        end = t + person.min_minutes
        lines.append(
            f"You meet {person.key} for {person.min_minutes} minutes from "
            f"{format_clock(t)} to {format_clock(end)}."
        )
        t = end
    return lines


def split_plan(answer: str | Sequence[str]) -> list[str]:
    """A plan as a list of sentences: a list is taken as is; free text (a model's answer) is cut
    after ``SOLUTION:`` and split at sentence ends."""
    if not isinstance(answer, str):
        return [str(s).strip() for s in answer if str(s).strip()]
    text = answer
    if "SOLUTION:" in text:
        text = text[text.index("SOLUTION:") + len("SOLUTION:") :]
    parts = re.split(r"(?<=\.)\s+|\n+", text)
    return [p.strip() for p in parts if p.strip()]


def replay(plan: str | Sequence[str], instance: Mapping[str, Any]) -> int:
    """How many people ``plan`` meets under the published replay rules (first bad step stops)."""
    people = {p["name"]: p for p in _people(instance)}
    matrix = instance["dist_matrix"]
    start, clock = instance["constraints"][0]
    where, t = str(start), parse_clock(str(clock))
    met: set[str] = set()
    for step in split_plan(plan):
        try:
            if step.startswith("You start"):
                continue
            if step.startswith("You travel"):
                destination = step.split("travel to ", 1)[1].split(" in", 1)[0].strip()
                t += int(matrix[where][destination])
                where = destination
            elif step.startswith("You wait"):
                until = parse_clock(step.split("wait until", 1)[1].split(".", 1)[0].strip())
                if until <= t:
                    break
                t = until
            elif step.startswith("You meet"):
                name = step.split("You meet ", 1)[1].split(" for", 1)[0].strip()
                person = people[name]
                if name in met or where != person["location"]:
                    break
                end = t + person["minutes"]
                if t < person["start"] or end > person["end"]:
                    break
                t = end
                met.add(name)
            else:
                break
        except (KeyError, IndexError, ValueError):
            break
    return len(met)


def evaluate(data: Mapping[str, Mapping[str, Any]]) -> dict:
    """Solve and score every instance. Returns ``{"predictions": {key: [sentences]}, "rows":
    [{key, num_people, golden, ours, ours_ok, pro_ok, ms}]}`` (``pro_ok`` is ``None`` when the
    instance has no stored Gemini answer)."""
    predictions: dict[str, list[str]] = {}
    rows = []
    for key in sorted(data, key=lambda k: (int(re.sub(r"\D", "", k) or 0), k)):
        instance = data[key]
        began = time.perf_counter()
        plan = solve_instance(instance)
        ms = (time.perf_counter() - began) * 1000
        predictions[key] = plan
        golden = replay(instance["golden_plan"], instance)
        ours = replay(plan, instance)
        stored = instance.get("pred_5shot_pro")
        rows.append(
            {
                "key": key,
                "num_people": int(instance.get("num_people", len(instance["constraints"]) - 1)),
                "golden": golden,
                "ours": ours,
                "ours_ok": ours == golden,
                "pro_ok": None if stored is None else replay(stored, instance) == golden,
                "ms": ms,
            }
        )
    return {"predictions": predictions, "rows": rows}


DEV_FILE = (
    Path(__file__).resolve().parents[1] / "data" / "natural_plan" / "meeting_planning_dev.json"
)
"""The bundled CC-BY-4.0 dev sample (41 instances; attribution in that folder's README.md)."""


def find_dev_file() -> Path | None:
    """The bundled dev sample ``dayplan/data/natural_plan/meeting_planning_dev.json`` (it ships
    with the package), or ``None`` if an install left it out. Nothing outside the package is read."""
    return DEV_FILE if DEV_FILE.is_file() else None


def table(rows: Sequence[dict], timings: bool = True) -> str:
    """The benchmark's printed table: accuracy by instance size, published baselines and (with
    ``timings``) total, median and max solve milliseconds."""
    by_size: dict[int, list[dict]] = defaultdict(list)
    for r in rows:
        by_size[r["num_people"]].append(r)
    has_pro = any(r["pro_ok"] is not None for r in rows)
    head = f"{'people':>6}  {'n':>3}  {'scheduler':>9}"
    head += f"  {'Gemini 1.5 Pro (stored)':>23}" if has_pro else ""
    lines = ["NATURAL PLAN meeting planning — exact scheduler", head]

    def cells(group: Sequence[dict]) -> str:
        ok = sum(r["ours_ok"] for r in group)
        line = f"{ok:>4}/{len(group):<4}"
        if has_pro:
            pro = sum(bool(r["pro_ok"]) for r in group)
            line += f"  {pro:>17}/{len(group):<4}"
        return line

    for size in sorted(by_size):
        group = by_size[size]
        lines.append(f"{size:>6}  {len(group):>3}  {cells(group)}")
    total_ok = sum(r["ours_ok"] for r in rows)
    lines.append(f"{'all':>6}  {len(rows):>3}  {cells(rows)}")
    pct = 100 * total_ok / len(rows) if rows else 0.0
    lines.append(f"accuracy: scheduler {pct:.1f}%" + (f" ({total_ok}/{len(rows)})" if rows else ""))
    if has_pro:
        pro = [r for r in rows if r["pro_ok"] is not None]
        pro_ok = sum(bool(r["pro_ok"]) for r in pro)
        lines.append(
            f"accuracy: Gemini 1.5 Pro stored answers on this sample {100 * pro_ok / len(pro):.1f}%"
            f" ({pro_ok}/{len(pro)})"
        )
    for name, score in PUBLISHED:
        lines.append(f"published: {name} {score:.1f}%")
    ms = [r["ms"] for r in rows]
    if ms and timings:
        lines.append(
            f"solve time: total {sum(ms):.1f} ms, median {statistics.median(ms):.2f} ms, "
            f"max {max(ms):.1f} ms per instance"
        )
    return "\n".join(lines)


def load(path: str | Path) -> dict:
    """Read a meeting-planning JSON file; ``InputError`` when it is missing or malformed."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"no such file: {p}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read {p} as JSON: {exc}") from None
    if not isinstance(data, dict) or not all(
        isinstance(v, dict) and {"constraints", "dist_matrix", "golden_plan"} <= set(v)
        for v in data.values()
    ):
        raise InputError(f"{p} is not in the NATURAL PLAN meeting-planning format")
    return data


def add_arguments(parser) -> None:
    """``[FILE]`` (default: the bundled dev sample) and ``--out PRED.json``."""
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        default=str(DEV_FILE),
        help="meeting_planning JSON (NATURAL PLAN format); default: the bundled dev sample",
    )
    parser.add_argument("--out", metavar="PRED.json", help="write {key: [plan sentences]} here")


def run(args) -> int:
    """Solve, score and print the table; write predictions when ``--out`` is given."""
    data = load(args.file)
    try:
        result = evaluate(data)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise InputError(f"{args.file}: malformed instance: {exc}") from None
    if args.out:
        Path(args.out).write_text(
            json.dumps(result["predictions"], indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
    print(table(result["rows"]))
    return 0
