"""Evals: cases, three separate graders (meaning, contract, trace), a runner that keeps every raw
event, a release gate, ADK ``EvalSet`` export and failure-to-test replay.

Entry point: ``python -m dayplan eval`` (``dayplan/commands/eval.py``).
"""
