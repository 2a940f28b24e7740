"""The prompt-injection corpus: hostile venue descriptions for tests and notebook 04."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Injection:
    """One payload: ``id`` (``inj-NN``), ``style`` (ignore_previous, fake_system, fake_tool,
    mark_complete, markdown_exfil, fake_source, marker_escape, add_stop, role_play, encoded,
    multilingual) and the hostile ``text``."""

    id: str
    style: str
    text: str


@lru_cache(maxsize=1)
def injections() -> tuple[Injection, ...]:
    """Every payload in ``injections.json``, in file order."""
    raw = json.loads(resources.files("dayplan.data").joinpath("injections.json").read_text("utf-8"))
    return tuple(Injection(p["id"], p["style"], p["text"]) for p in raw["payloads"])
