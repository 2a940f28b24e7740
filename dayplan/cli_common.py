"""What every command shares: exit codes, the one-line input error, where cases live."""

from pathlib import Path

EXIT_OK, EXIT_BAD_INPUT, EXIT_REJECTED = 0, 2, 3


class InputError(ValueError):
    """Bad command-line input; the message is one readable line (exit code 2)."""


def case_dirs() -> list[Path]:
    """Where case names are looked up: ``./cases`` then the repository's ``cases/``."""
    repo_cases = Path(__file__).resolve().parent.parent / "cases"
    dirs = [Path.cwd() / "cases", repo_cases]
    return [d for i, d in enumerate(dirs) if d.is_dir() and d not in dirs[:i]]
