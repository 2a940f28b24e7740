"""The offline model's rules for actions and memory (kept apart from the planning rules).

* **Save**: when the request has ``save: true`` and the last ``check_plan`` passed, call
  ``save_plan`` with that check's id, then ``get_saved_plan`` with the returned plan id, and only
  then ``finish``.
* **Remember**: when the user's text asks to be remembered ("remember …"), call
  ``remember_preference`` for what simple patterns find in that text: the home suburb ("we live
  in New Farm"), the children's ages ("the kids are 4 and 7"), likes ("we love museums") and
  dislikes ("we hate long drives"). Values are the user's own words; the tool checks that too.

Each rule returns ``(tool name, args)`` pairs, or nothing when it does not apply.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from dayplan.contract import PlanRequest


class Exchange(Protocol):
    """A tool call and its response (``dayplan.agent.offline_model.ToolExchange``)."""

    name: str
    args: dict
    response: dict | None


Call = tuple[str, dict[str, Any]]

_HOME = re.compile(
    r"\b(?:we live in|we're in|we are in|our home is in|home is|we're from|we are from)\s+"
    r"([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)"
)
_AGES = re.compile(
    r"\b(?:kids|children|boys|girls)\s+(?:are|aged|ages)\s+(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*)",
    re.I,
)
_LIKE = re.compile(r"\bwe (?:love|like|enjoy)\s+([a-z][a-z ]{2,40}?)(?=[.,;!]|\s+and\b|$)", re.I)
_DISLIKE = re.compile(
    r"\bwe (?:hate|dislike|don't like|do not like|avoid)\s+([a-z][a-z ]{2,40}?)(?=[.,;!]|\s+and\b|$)",
    re.I,
)


def memory_calls(request: PlanRequest) -> list[Call]:
    """``remember_preference`` calls for a text that asks to be remembered (else none)."""
    text = request.text or ""
    if "remember" not in text.lower():
        return []
    calls: list[Call] = []
    if m := _HOME.search(text):
        calls.append(("remember_preference", {"kind": "home_suburb", "value": m.group(1)}))
    if m := _AGES.search(text):
        calls.append(("remember_preference", {"kind": "children_ages", "value": m.group(1)}))
    for pattern, kind in ((_LIKE, "like"), (_DISLIKE, "dislike")):
        for m in pattern.finditer(text):
            calls.append(("remember_preference", {"kind": kind, "value": m.group(1).strip()}))
    return calls[:6]


def save_calls(
    request: PlanRequest, history: Sequence[Exchange], can: Callable[[str], bool]
) -> list[Call]:
    """The next action step after a passing check when saving was asked (else none)."""
    if not request.save:
        return []
    checks = [h for h in history if h.name == "check_plan" and h.response is not None]
    last = checks[-1].response if checks else None
    if not last or not last.get("ok") or not last.get("passed"):
        return []
    saves = [h for h in history if h.name == "save_plan"]
    if not saves:
        return [("save_plan", {"check_id": last["check_id"]})] if can("save_plan") else []
    saved = saves[-1].response or {}
    reads = [h for h in history if h.name == "get_saved_plan"]
    if saved.get("plan_id") and not reads and can("get_saved_plan"):
        return [("get_saved_plan", {"plan_id": saved["plan_id"]})]
    return []
