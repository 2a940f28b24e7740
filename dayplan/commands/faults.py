"""``python -m dayplan faults``: list the faulty models, one per line, name first.

Each line: the name (use it as ``--model faulty:NAME``), the outcome a correct system serves on
its case (``rejected:<rule>``, ``steered:<status>`` or ``repaired:<status>``), the case
(``plan CASE --model faulty:NAME`` shows it), what catches it (guardrail names, which
``plan --without NAME`` switches off; ``boundary:<rule>``, a step of the service boundary; or
``tool:<name>``, a tool that verifies the model's call; neither can be switched off), and what
the fault does.
"""

from __future__ import annotations

import argparse

from dayplan.cli_common import EXIT_OK


def caught_by_text(caught_by: tuple[str, ...]) -> str:
    """``"status_trace_gate + boundary:ambiguous_stop"``; ``"-"`` when nothing is recorded."""
    return " + ".join(caught_by) or "-"


def _run(args: argparse.Namespace) -> int:
    from dayplan.agent.faults import list_faults

    faults = list_faults()
    width = max((len(f.name) for f in faults), default=0)
    catch = {f.name: caught_by_text(f.caught_by) for f in faults}
    cwidth = max((len(c) for c in catch.values()), default=0)
    kwidth = max((len(f.case) for f in faults), default=0)
    print(
        f"{'# fault':<{width}}  {'served outcome':<27}  {'on case':<{kwidth}}  "
        f"{'caught by':<{cwidth}}  what it does"
    )
    for f in faults:
        line = (
            f"{f.name:<{width}}  {f.expected:<27}  {f.case:<{kwidth}}  "
            f"{catch[f.name]:<{cwidth}}  {f.description}"
        )
        if args.verbose:
            line += f" (reproduces: {f.reproduces})"
        print(line)
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``faults``."""
    p = subparsers.add_parser(
        "faults", help="list the faulty models (--model faulty:NAME) and what catches each"
    )
    p.add_argument("-v", "--verbose", action="store_true", help="also say what each reproduces")
    p.set_defaults(func=_run)
