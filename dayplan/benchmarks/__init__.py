"""Benchmarks run by ``python -m dayplan bench NAME``: one module each, discovered by name.

A module here defines ``NAME`` (the target, e.g. ``natural-plan``), ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int``; it prints its figures.
"""
