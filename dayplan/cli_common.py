"""What every command shares: exit codes and the one-line input error."""

EXIT_OK, EXIT_BAD_INPUT, EXIT_REJECTED = 0, 2, 3


class InputError(ValueError):
    """Bad command-line input; the message is one readable line (exit code 2)."""
