"""The records of a reading: what a model says it read from the request's free text.

A ``ReadingItem`` names one request field, the value the model read, and the exact ``quote``
from the text that says it. Code verifies each item (``dayplan.reading.verify``) before it is
accepted; an ``AcceptedReading`` is the frozen result: the accepted items, the constraint-like
phrases nobody could read (``unread``) and what was assumed because nothing was said.

Value shapes per field (times are local ``HH:MM``, 24-hour; money in ``currency`` units):

==================  ==========================================================================
``window_start``    ``"HH:MM"`` — the earliest the day may start ("not before 10", "after lunch",
                    "this arvo" 12:00 by ``dayplan.reading.dayparts``)
``window_end``      ``"HH:MM"`` — the time the party must be home ("back by 11", "home by 3pm",
                    "Saturday morning" 12:00)
``budget``          ``{"amount": float, "currency": "AUD", "per_person": bool}``
``adults``          ``int`` (0–50)
``children``        ``int`` (0–50)
``mode``            ``"car" | "transit" | "walk"``
``max_leg_minutes`` ``int`` minutes (1–600)
``rain``            ``{"start": "HH:MM", "end": "HH:MM"}``, ``"all_day"``, ``"none"`` or ``"any"``
                    (rain does not matter: "don't care about rain", "rain or shine")
``blocked``         ``{"start": "HH:MM", "end": "HH:MM", "label": str, "at_home": bool}``
``must_do``         ``str`` — a place or activity the text insists on ("we must see Lone Pine")
``preference``      ``str`` — a kind of outing the text asks for ("museums", "swimming")
``avoid``           ``{"kind": str, "hard": bool}`` or ``{"venue": str, "hard": bool}`` — a kind of
                    outing ("no museums please") or a venue ("not GOMA this time") the text asks
                    to avoid; the model may send the kind or the venue's words as a string: code
                    reads which, and ``hard`` from the words (a refusal, "no"/"not"/"avoid"/
                    "skip"/"don't want", is a hard limit; a hedge, "rather not"/"not too many"/
                    "if possible", is soft: ``dayplan.reading.prefs.avoid_is_hard``); or
                    ``{"place": str, "hard": bool}`` with an optional ``"kind"``: the venues of
                    a suburb ("not Chandler", "no Mt Coot-tha anything"; "not the Chandler
                    pool": its pools only), never the home (``dayplan.reading.named``)
``wish``            ``str`` — a venue the text names without insisting ("maybe SparkLab", "then
                    GOMA"): tried first, never a must-do (``dayplan.reading.named``)
``only``            ``str`` — a kind of outing the text limits the day to, a hard limit
                    ("galleries only", "just parks and playgrounds": one item per kind, the
                    list as each one's quote; "nothing but the beach", "museums and nothing
                    else"; ``"outdoors"`` for "outdoors only", "nothing indoors"): every stop is
                    of one of the kinds read (``dayplan.reading.prefs.only_spans``; a hedged or
                    conditional "only" is no limit)
``indoor_only``     ``true`` — indoor venues only, a hard limit ("indoors only", "nothing outdoors")
``home``            ``str`` — where the party starts and ends (a suburb)
``location``        ``str`` — where the day is planned (a city or suburb)
``date``            ``"YYYY-MM-DD"`` — the calendar date the text names
==================  ==========================================================================
"""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Field_ = Literal[
    "window_start",
    "window_end",
    "budget",
    "adults",
    "children",
    "mode",
    "max_leg_minutes",
    "rain",
    "blocked",
    "must_do",
    "preference",
    "avoid",
    "wish",
    "only",
    "indoor_only",
    "home",
    "location",
    "date",
]
FIELDS: tuple[str, ...] = Field_.__args__  # type: ignore[attr-defined]
MAX_QUOTE = 200
"""The longest quote a reading may carry (characters); a reading quotes a phrase, not the text."""
MAX_ITEMS = 40
"""The most readings one request may carry; a longer list is refused as a whole."""


class ReadingItem(BaseModel):
    """One reading: ``field`` (one of ``FIELDS``), its ``value`` (shape per field, see the module
    docstring) and the ``quote`` from the request text that says it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    field: Field_
    value: Any
    quote: str = Field(min_length=1, max_length=MAX_QUOTE)

    def as_dict(self) -> dict[str, Any]:
        """``{"field", "value", "quote"}`` as plain JSON values."""
        return {"field": self.field, "value": self.value, "quote": self.quote}


class ReadingRejection(BaseModel):
    """Why one reading was refused: which ``quote``, what the parser found there (``found``,
    ``None`` when it found nothing) and a sentence the model can act on (``error``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    field: str
    quote: str
    value: Any = None
    found: Any = None
    error: str

    def as_dict(self) -> dict[str, Any]:
        """``{"field", "quote", "value", "found", "error"}`` as plain JSON values."""
        return self.model_dump(mode="json")


class AcceptedReading(BaseModel):
    """The frozen reading of a request: verified ``items``, ``unread`` phrases that look like a
    constraint (a time, an amount, a count of people, a place) but were not read, and
    ``assumed``: what was assumed because the text and fields said nothing."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    items: tuple[ReadingItem, ...] = ()
    unread: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()

    def values(self, field: str) -> list[Any]:
        """Every accepted value for ``field``, in the order read."""
        return [i.value for i in self.items if i.field == field]

    def first(self, field: str, default: Any = None) -> Any:
        """The first accepted value for ``field`` (``default`` when none was read)."""
        found = self.values(field)
        return found[0] if found else default

    def as_dict(self) -> dict[str, Any]:
        """``{"items": [...], "unread": [...], "assumed": [...]}`` as plain JSON values."""
        return {
            "items": [i.as_dict() for i in self.items],
            "unread": list(self.unread),
            "assumed": list(self.assumed),
        }
