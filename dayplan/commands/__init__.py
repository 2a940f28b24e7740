"""``python -m dayplan`` subcommands: one module each, discovered by ``dayplan.cli``.

A module here defines ``register(subparsers) -> None`` that adds its parser and sets
``func=callable(args) -> int`` (the exit code). Raise ``dayplan.cli_common.InputError`` for bad
input (exit 2, one line on stderr).
"""
