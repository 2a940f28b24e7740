"""Deterministic planning logic: opening hours, travel, the checker and the scheduler.

No ADK, no FastAPI, no network, no file I/O: everything here is a pure function of its
arguments, so property tests can hammer it.
"""
