"""``python -m dayplan cases``: list the example cases that ``plan`` accepts by name."""

from __future__ import annotations

from dayplan.cli_common import EXIT_OK, InputError, case_dirs
from dayplan.files import read_data_file


def _list(args) -> int:
    rows = []
    for folder in case_dirs():
        for path in sorted(folder.glob("*.json")):
            try:
                case = read_data_file(path)
            except InputError:
                rows.append((path.stem, "?", "(unreadable case file)"))
                continue
            expect = case.get("expect", {}) if isinstance(case, dict) else {}
            text = (case.get("request", {}) if isinstance(case, dict) else {}).get("text", "")
            rows.append((path.stem, str(expect.get("status", "?")), " ".join(str(text).split())))
    width = max((len(r[0]) for r in rows), default=10)
    for name, status, text in rows:
        short = text if len(text) <= 70 else text[:67] + "..."
        print(f"{name:<{width}}  {status:<19}  {short}")
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``cases``: one line per case (name, expected status, request text)."""
    parser = subparsers.add_parser("cases", help="list example cases (use a name with `plan`)")
    parser.set_defaults(func=_list)
