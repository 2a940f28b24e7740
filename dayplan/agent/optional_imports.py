"""ADK's optional A2A agent, marked absent once when its package is not installed.

ADK 2.13 builds every run's workflow node with ``build_node``
(``google/adk/workflow/utils/_workflow_graph_utils.py``), which tries
``from ...agents.remote_a2a_agent import RemoteA2aAgent`` and ignores the ``ImportError`` when
the optional ``a2a`` package is missing. A failed import is not remembered by Python, so every
run loads and executes ``remote_a2a_agent.py`` and ``a2a/agent/_remote_a2a_agent.py`` again until
they fail on ``import a2a`` (about 1.3 ms a run). ``mark_a2a_absent`` records the outcome the
way Python itself spells "this module cannot be imported": ``None`` in ``sys.modules``, which
makes the same import raise ``ModuleNotFoundError`` (an ``ImportError``, as before) at once.
It does so only when ``a2a`` cannot be found, so an installation with A2A is untouched.
"""

from __future__ import annotations

import importlib.util
import sys

A2A_AGENT_MODULE = "google.adk.agents.remote_a2a_agent"


def mark_a2a_absent() -> bool:
    """Mark ``A2A_AGENT_MODULE`` unimportable when the ``a2a`` package is not installed and the
    module was never imported; returns whether it is marked now."""
    if A2A_AGENT_MODULE not in sys.modules and importlib.util.find_spec("a2a") is None:
        sys.modules[A2A_AGENT_MODULE] = None  # type: ignore[assignment]
    return A2A_AGENT_MODULE in sys.modules and sys.modules[A2A_AGENT_MODULE] is None
