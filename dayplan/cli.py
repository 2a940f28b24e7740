"""Command line: ``python -m dayplan plan REQUEST [--json]``.

REQUEST is a request file (JSON or YAML), a case file (its ``request`` key is used), a case name
from ``cases/`` or quoted free text. Exit codes: 0 for any of the three statuses; 2 for bad input
(one readable line on stderr, no traceback); 3 when a guardrail or boundary rule rejected the run.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from dayplan import commands
from dayplan.cli_common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    EXIT_REJECTED,
    InputError,
    case_dirs,
    one_line,
    terminal_safe,
)
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.files import read_data_file

__all__ = ["EXIT_BAD_INPUT", "EXIT_OK", "EXIT_REJECTED", "InputError", "load_request", "main"]


def _as_path(spec: str) -> Path | None:
    """``spec`` as a path when it can name one (free text with newlines or >255 bytes cannot)."""
    if "\n" in spec or len(spec.encode("utf-8", "replace")) > 255 or "\x00" in spec:
        return None
    path = Path(spec)
    try:
        path.exists()
    except (OSError, ValueError):
        return None
    return path


def _case_file(name: str) -> Path | None:
    """The case file for ``name`` in ``case_dirs()`` (case-insensitive), or ``None``."""
    wanted = name.strip().lower()
    for folder in case_dirs():
        for entry in sorted(os.listdir(folder)):  # names, not a Path per file (~340 of them)
            dot = entry.rfind(".")  # Path's suffix and stem: a leading or final dot is neither
            if (
                0 < dot < len(entry) - 1
                and entry[dot:].lower() in (".json", ".yaml", ".yml")
                and entry[:dot].lower() == wanted
            ):
                return folder / entry
    return None


_UNREAD = object()


def load_request(spec: str, now: str | None = None) -> tuple[PlanRequest, str]:
    """Turn REQUEST into a ``PlanRequest`` and a label saying what it was read from.

    ``now`` (``plan --now``): an ISO datetime that pins "today" for the run, as the request's
    own ``now`` field does (it replaces that field; local time of the plan's timezone when it
    has no offset). Raises ``InputError`` with one readable line.
    """
    if not spec or not spec.strip():
        raise InputError("REQUEST is empty: give a request file, a case name or quoted text")
    raw: Any = _UNREAD  # a file may hold null (or be empty YAML): that is no request either
    label = spec
    path = _as_path(spec)
    if path is not None:
        if path.is_dir():
            raise InputError(f"{spec} is a directory; give a request file, a case name or text")
        if path.exists() and not path.is_file():
            raise InputError(f"{spec} is not a regular file")
        if path.is_file():
            raw, label = read_data_file(path), str(path)
        elif path.suffix.lower() in (".json", ".yaml", ".yml"):
            hint = _case_file(path.stem)
            also = f" (did you mean {hint}?)" if hint else ""
            raise InputError(f"no such request file: {spec}{also}")
    if raw is _UNREAD:
        case = _case_file(spec)
        if case is not None:
            raw, label = read_data_file(case), f"case {case.stem}"
        elif re.fullmatch(r"[A-Za-z0-9_\-]+", spec.strip()) and "_" in spec:
            raise InputError(
                f"no case named {spec!r}; `python -m dayplan cases` lists them "
                "(quote free text with spaces)"
            )
    if raw is _UNREAD:
        raw, label = {"text": spec}, "free text"
    if isinstance(raw, dict) and "request" in raw and isinstance(raw["request"], dict):
        raw = raw["request"]
    if not isinstance(raw, dict):
        raise InputError(f"{label}: a request must be a JSON/YAML object")
    if now is not None:
        raw = {**raw, "now": now}
        label = f"{label}, --now {now}"
    try:
        return PlanRequest.model_validate(raw), label
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p)[:100] for p in err["loc"]) or "request"  # a key may be huge
        hint = (
            " (an ISO datetime such as 2026-12-04T18:00:00+10:00)"
            if where == "now" and "datetime" in err["msg"]
            else ""
        )
        raise InputError(f"{label}: invalid request at {where}: {err['msg']}{hint}") from None


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a temporary file beside it, then
    renamed over it, so a full disk or a dead process leaves the old file (or none), never half
    of one. A path that is not a regular file (``/dev/stdout``) is written directly. Raises
    ``InputError`` (one line) when it cannot be written."""
    if path.exists() and not path.is_file():
        temp = None
    else:
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        (temp or path).write_text(text, encoding="utf-8")
        if temp is not None:
            os.replace(temp, path)
    except OSError as exc:
        if temp is not None:
            temp.unlink(missing_ok=True)
        raise InputError(f"cannot write {path}: {exc.strerror or type(exc).__name__}") from None


def refusal_lines(steps: Any) -> list[str]:
    """One line per guardrail refusal in ``steps`` (``ToolStep``s): ``"status_trace_gate
    refused finish: <why>"``. A steered run's report names every guardrail that refused it."""
    out = []
    for step in steps or []:
        r = step.response or {}
        if r.get("guardrail"):
            out.append(f"{r['guardrail']} refused {step.tool}: {str(r.get('error', ''))[:200]}")
    return out


def render_report(
    report: DayPlanReport,
    trace: str = "",
    *,
    refused: list[str] | None = None,
    notes: list[str] | None = None,
    steps: Any = None,
) -> str:
    """A readable plain-text report, control characters stripped (``terminal_safe``).
    ``refused``: the guardrail refusals of the run (see ``refusal_lines``); ``notes``: lines
    shown under the header (e.g. which guardrails were off); ``steps``: the run's tool steps,
    which add the readings a structured field won over to "What I read from your request".
    """
    from dayplan.ui.summary import (
        READ_TITLE,
        away_visits,
        counted_from,
        home_visits,
        leg_words,
        what_i_read,
    )

    lines = []
    badge = {"complete": "COMPLETE", "needs_clarification": "NEEDS CLARIFICATION"}.get(
        report.status, "NO FEASIBLE PLAN"
    )
    model = "offline stand-in, not an LLM" if report.model == "offline" else report.model
    head = f"{badge} · {report.date}" if report.date else badge
    if report.location:
        head += f" · {report.location}"
    lines.append(head)
    lines.append(f"model: {model} · run {report.run_id}")
    lines += list(notes or [])
    if report.plan:
        lines.append("")
        visits = sorted(
            [*home_visits(report.plan), *away_visits(report.plan)], key=lambda v: v.start
        )
        for i, s in enumerate(report.plan.stops):
            lines += [f"  {v.text()}" for v in visits if v.after == i]
            where = "indoor" if s.indoor else "outdoor"
            cost = f"{s.cost.currency} {s.cost.amount:g}" if s.cost.amount else "free"
            est = ", estimated" if s.travel_in.estimated and s.travel_in.minutes else ""
            note = counted_from(report.plan, i)
            lines.append(
                f"  {s.start}–{s.end}  {s.name}  ({where}, {cost}, "
                f"{leg_words(s.travel_in.minutes, s.travel_in.mode)}{est}"
                f"{f', {note}' if note else ''})"
            )
        lines += [f"  {v.text()}" for v in visits if v.after == len(report.plan.stops)]
        t = report.plan.totals
        back = report.plan.travel_home.minutes
        lines.append(
            f"  home by {t.home_by} ({f'{back} min' if back else 'next door, no travel'}) · total "
            f"{t.currency} {t.cost:g} · {t.travel_minutes} min travelling"
        )
        if report.plan.rationale:
            lines.append(f"  why: {report.plan.rationale}")
    if report.saved:
        sv = report.saved
        replay = " (idempotent replay)" if sv.idempotent_replay else ""
        lines.append("")
        lines.append(f"Saved: {sv.plan_id} · {sv.status}{replay} · {sv.verification_status}")
    read = what_i_read(report, steps)
    sections = [
        ("Questions before I can plan:", [f"- {q}" for q in report.questions]),
        (
            "Why no plan works (proved by check_plan):",
            [f"- [{f.code}] {f.detail}" for f in report.constraint_failures],
        ),
        (
            "Refused by guardrails (the run was steered to this earned report):",
            [f"- {r}" for r in refused or []],
        ),
        (f"{READ_TITLE}:", [f"- {item}" for item in read.reading_items()]),
        ("Assumptions:", [f"- {a}" for a in read.assumed]),
        ("Sources:", [f"[{s.id}] {s.title} <{s.url}>" for s in report.sources]),
        (
            "Google Search Suggestions (shown in the HTML report, --html):",
            [", ".join(s.queries) or s.query for s in report.search_suggestions],
        ),
    ]
    for title, items in sections:
        if items:
            lines += ["", title, *(f"  {item}" for item in items)]
    if trace:
        lines.append("")
        lines.append("Tool path:")
        lines += [f"  {line}" for line in trace.splitlines()]
    return terminal_safe("\n".join(lines))


def guardrail_config(switch: str, without: list[str] | None) -> Any:
    """The ``GuardrailConfig`` for ``--guardrails on|off`` and ``--without NAME`` (repeatable).

    ``off`` switches every guardrail off except ``loop_guard`` (nothing else would end a looping
    run; ``--without loop_guard`` turns it off too). Raises ``InputError`` naming the valid
    guardrails on a typo.
    """
    from dayplan.agent.guardrails import GUARDRAILS, LOOP_GUARD, GuardrailConfig

    names = list(without or [])
    for name in names:
        if name not in GUARDRAILS:
            from dayplan.agent.faults import unknown_name  # (difflib): only for a typo

            raise InputError(str(unknown_name("guardrail", name, GUARDRAILS)))
    if switch == "off":
        names += [g for g in GUARDRAILS if g != LOOP_GUARD]
    return GuardrailConfig.from_settings().without(*names)


def _off_note(config: Any) -> list[str]:
    from dayplan.agent.guardrails import GUARDRAILS

    off = [g for g in GUARDRAILS if not config.on(g)]
    return [f"guardrails off: {', '.join(off)}"] if off else []


def _recorder(args: argparse.Namespace):
    """A ``Recorder`` for ``--record DIR`` (live runs only), or ``None``. Raises ``InputError``."""
    if not getattr(args, "record", None):
        return None
    from dayplan.agent.replay import new_recorder
    from dayplan.config import Settings

    settings = Settings()
    spec = "live" if args.live else (args.model or ("live" if settings.mode == "live" else ""))
    if not spec.startswith("live"):
        raise InputError("--record needs a live run: add --live (or --model live:MODEL)")
    folder = Path(args.record)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"cannot record into {args.record}: it is not a folder")
    if not folder.resolve().parent.is_dir():
        raise InputError(f"cannot record into {args.record}: its parent folder does not exist")
    return new_recorder(settings)


def _cmd_plan(args: argparse.Namespace) -> int:
    from dayplan.service.run import ModelSpecError, plan
    from dayplan.ui.progress import ProgressTracker, format_step

    request, _label = load_request(args.request, getattr(args, "now", None))
    config = guardrail_config(args.guardrails, args.without)
    if getattr(args, "html", None):  # before the run: a plan is not made to be thrown away
        target = Path(args.html).resolve()
        if not target.parent.is_dir():
            raise InputError(f"cannot write {args.html}: its folder does not exist")
        if target.is_dir():
            raise InputError(f"cannot write {args.html}: it is a folder; name a file in it")
    recorder = _recorder(args)
    progress = None
    if not args.json:  # one line per finished tool step on stderr; --json stays silent
        progress = ProgressTracker(
            lambda s: (
                print(terminal_safe(format_step(s)), file=sys.stderr, flush=True)
                if s.finished
                else None
            )
        )
    try:
        run = plan(
            request,
            model="live" if args.live else args.model,
            on_event=progress,
            guardrails=config,
            http_tap=recorder,
        )
    except ModelSpecError as exc:
        raise InputError(str(exc)) from None
    if recorder is not None:
        from dayplan.config import Settings
        from dayplan.service.recorded import save_recording

        saved = save_recording(recorder, Path(args.record), run, Settings())
        print(f"recorded {len(recorder.exchanges)} HTTP exchanges in {saved}", file=sys.stderr)
    if getattr(args, "html", None):
        from dayplan.ui.report_view import run_html  # matplotlib: only for --html

        write_whole(Path(args.html), run_html(run, full_page=True))
    if run.error is not None or run.report is None:
        rule = run.error.rule if run.error else "boundary"
        detail = run.error.detail if run.error else "no report"
        for note in _off_note(config):
            print(note, file=sys.stderr)
        print(terminal_safe(f"rejected by {rule}: {detail}"), file=sys.stderr)
        return EXIT_REJECTED
    if args.json:
        print(run.report.model_dump_json(indent=2))
    else:
        text = render_report(  # control characters stripped inside
            run.report,
            run.trace_text(),
            refused=refusal_lines(run.steps),
            notes=_off_note(config),
            steps=run.steps,
        )
        print(text)
    return EXIT_OK


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one readable line on stderr and exit code 2
    (``--help`` still prints the full usage); its subcommand parsers are of the same class."""

    given: list[str] = []
    """The arguments being parsed (``main`` sets it), for a hint fitted to the command."""

    def error(self, message: str) -> NoReturn:
        hint = f"see {self.prog} --help"
        if message.startswith("unrecognized arguments") and self.given[:1] == ["plan"]:
            hint = 'request text is one quoted argument: plan "Saturday, New Farm, 2 kids"'
        self.exit(2, one_line(f"error: {self.prog}: {message} ({hint})") + "\n")


def _command_modules(command: str | None) -> list[str]:
    """The ``dayplan.commands`` modules to register for ``command`` (the first argument): none
    for ``plan``, only its own module for another known subcommand, every module otherwise (no
    command, ``--help`` or a typo, so that help and the error list every subcommand). Importing
    only what the command needs keeps ``plan`` from loading the eval runner, the service and
    the benchmarks."""
    if command == "plan":
        return []
    import pkgutil

    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__))
    wanted = (command or "").replace("-", "_")
    return [wanted] if wanted in names else names


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``python -m dayplan`` argument parser; ``command`` (the first argument, if known)
    limits the subcommand modules it imports (``_command_modules``)."""
    parser = OneLineParser(
        prog="python -m dayplan",
        description="dayplan: plan a day offline (or live with Gemini); the model chooses, code "
        "proves. Exit codes: 0 a served report, 2 bad input, 3 a run rejected by a rule.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("plan", help="plan a day from a request file, case name or free text")
    p.add_argument("request", help="request/case file (JSON or YAML), case name, or quoted text")
    p.add_argument("--json", action="store_true", help="print exactly the report JSON")
    p.add_argument(
        "--now",
        metavar="ISO",
        help='pin "today" for the run, e.g. 2026-12-01T08:00:00+10:00 (replaces the '
        'request\'s own now; reproducible demos of "Saturday", "this arvo", holidays)',
    )
    p.add_argument(
        "--model",
        default=None,
        help="offline, live, live:MODEL, replay:DIR or faulty:NAME (default: DAYPLAN_MODE, "
        "else offline)",
    )
    p.add_argument("--live", action="store_true", help="plan with Gemini (needs GOOGLE_API_KEY)")
    p.add_argument("--html", metavar="FILE", help="also write the visual report as an HTML file")
    p.add_argument(
        "--record",
        metavar="DIR",
        help="live runs: write every model, search, forecast and geocoding HTTP exchange "
        "(secrets removed) to DIR as JSON; replay it offline with --model replay:DIR",
    )
    p.add_argument(
        "--guardrails",
        choices=("on", "off"),
        default="on",
        help="off: switch every guardrail off except loop_guard (to demo what they catch)",
    )
    p.add_argument(
        "--without",
        action="append",
        metavar="NAME",
        help="switch guardrail NAME off (repeatable); `python -m dayplan faults` says which "
        "guardrail catches each fault",
    )
    p.set_defaults(func=_cmd_plan)
    for name in _command_modules(command):
        importlib.import_module(f"{commands.__name__}.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    try:
        given = sys.argv[1:] if argv is None else argv
        parser = build_parser(given[0] if given and not given[0].startswith("-") else None)
        parser.given = list(given)
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # OneLineParser printed one error line
            return EXIT_BAD_INPUT if exc.code else EXIT_OK
        return args.func(args)
    except InputError as exc:  # it may quote the input: one line, no control characters
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValidationError as exc:  # settings from the environment (DAYPLAN_*) that do not parse
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or exc.title
        print(one_line(f"error: invalid setting {where}: {err['msg']}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `... | head`: the reader left; not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
