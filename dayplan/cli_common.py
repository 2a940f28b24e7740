"""What every command shares: exit codes, the one-line input error, where cases live, and
text made safe for a terminal."""

import re
from pathlib import Path

# C0 controls except tab and newline, DEL, C1 controls (ESC/CSI sequences start here), and the
# Unicode bidirectional overrides that make a terminal show text in another order.
_TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """``text`` without control characters (tab and newline kept): a venue name or a model's
    sentence can never move the cursor, recolour, retitle or clear the reader's terminal."""
    return _TERMINAL_UNSAFE.sub("", text)


def one_line(text: str) -> str:
    """``text`` as one terminal-safe line: control characters stripped (``terminal_safe``) and
    line breaks made spaces, for an error that quotes the user's input (a JSON key holding ESC
    sequences or a newline)."""
    return terminal_safe(text).replace("\n", " ").replace("\t", " ")


EXIT_OK, EXIT_BAD_INPUT, EXIT_REJECTED = 0, 2, 3


class InputError(ValueError):
    """Bad command-line input; the message is one readable line (exit code 2)."""


def case_dirs() -> list[Path]:
    """Where case names are looked up: ``./cases`` then the repository's ``cases/``."""
    repo_cases = Path(__file__).resolve().parent.parent / "cases"
    dirs = [Path.cwd() / "cases", repo_cases]
    return [d for i, d in enumerate(dirs) if d.is_dir() and d not in dirs[:i]]
