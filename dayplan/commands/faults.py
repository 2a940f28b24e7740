"""``python -m dayplan faults``: list the faulty models, one per line, name first.

Each line: the name (use it as ``--model faulty:NAME``), the outcome a correct system serves on
the wet-weather case (``rejected:<rule>`` or ``steered:<status>``), and what the fault does.
"""

from __future__ import annotations

import argparse

from dayplan.cli_common import EXIT_OK


def _run(args: argparse.Namespace) -> int:
    from dayplan.agent.faults import list_faults

    faults = list_faults()
    width = max((len(f.name) for f in faults), default=0)
    for f in faults:
        line = f"{f.name:<{width}}  {f.expected:<24}  {f.description}"
        if args.verbose:
            line += f" (reproduces: {f.reproduces})"
        print(line)
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``faults``."""
    p = subparsers.add_parser("faults", help="list the faulty models (--model faulty:NAME)")
    p.add_argument("-v", "--verbose", action="store_true", help="also say what each reproduces")
    p.set_defaults(func=_run)
