"""A run's evidence: the session-state layout, its typed records, and the rule for a status.

* ``keys`` – every state key and tool name (nothing else spells them);
* ``records`` – typed records (check, search, source, forecast, clarification, reading, ...);
* ``payload`` – the ``finish`` payload as the model may hand it in (``FinishPayload``);
* ``view`` – ``RunEvidence``, the only way to read or write evidence in session state;
* ``status`` – ``earned(payload, evidence)``: what every status needs.

Sits just below ``dayplan.tools`` in the import layers: tools, agent and service import it; it
imports only ``dayplan.data``, ``dayplan.core`` and ``dayplan.contract``.
"""

from dayplan.evidence import keys
from dayplan.evidence.payload import FinishPayload, PayloadError, validate_payload
from dayplan.evidence.records import (
    AcceptedReading,
    CheckedStop,
    CheckRecord,
    Clarification,
    Failure,
    ForecastRecord,
    MustDoMatchRecord,
    ReadingItem,
    SearchRecord,
    SourceRecord,
    Totals,
)
from dayplan.evidence.status import RULES, Verdict, earned
from dayplan.evidence.view import RunEvidence, next_seq, snapshot

__all__ = [
    "RULES",
    "AcceptedReading",
    "CheckRecord",
    "CheckedStop",
    "Clarification",
    "Failure",
    "FinishPayload",
    "ForecastRecord",
    "MustDoMatchRecord",
    "PayloadError",
    "ReadingItem",
    "RunEvidence",
    "SearchRecord",
    "SourceRecord",
    "Totals",
    "Verdict",
    "earned",
    "keys",
    "next_seq",
    "snapshot",
    "validate_payload",
]
