"""Alembic migrations for the store's schema (``saved_plans``, ``preferences``,
``idempotency_keys``). Shipped inside the package, so a plain install can migrate:
``dayplan.store.migrate(engine)`` runs them; ``Store`` calls it on open.

``head_revisions()`` reads the revision ids straight from the scripts in ``versions/`` (no
Alembic import), so opening a store that is already at the head costs one ``SELECT`` instead of
loading Alembic (about 0.1–0.3 s of a process start).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

VERSIONS = Path(__file__).with_name("versions")
_REVISION = re.compile(r"^revision\s*=\s*['\"]([^'\"]+)['\"]", re.M)
_DOWN = re.compile(r"^down_revision\s*=\s*(.+)$", re.M)
_ID = re.compile(r"['\"]([^'\"]+)['\"]")


@functools.cache
def head_revisions() -> frozenset[str]:
    """The head revision ids of the scripts in ``versions/``: each ``revision = "..."`` that no
    other script names in its ``down_revision`` (a string, ``None`` or a tuple of strings).
    Raises ``ValueError`` when a script has no ``revision`` line (Alembic would refuse it too)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in sorted(VERSIONS.glob("*.py")):
        if script.name == "__init__.py":
            continue
        text = script.read_text(encoding="utf-8")
        found = _REVISION.search(text)
        if found is None:
            raise ValueError(f"{script.name}: no revision id")
        revisions.add(found.group(1))
        down = _DOWN.search(text)
        if down is not None:
            parents.update(_ID.findall(down.group(1)))
    return frozenset(revisions - parents)
