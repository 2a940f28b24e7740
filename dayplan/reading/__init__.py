"""Reading the request's free text, verified: what a model says the text means, with quotes,
checked by code against real parsers (Duckling for times, dates and durations; price-parser for
money; small tested rules for people and negation).

Pure: no ADK, no FastAPI, no network. ``verify_reading`` accepts or rejects one reading;
``propose_readings`` is the offline stand-in's own extraction; ``read_request`` does both;
``unread_phrases`` lists what looks like a constraint but was not read.
"""

from dayplan.reading.propose import (
    ASKING_KINDS,
    UnreadPhrase,
    propose_readings,
    read_request,
    rejected_phrase,
    rejected_unread,
    uncounted_family,
    unread_phrases,
)
from dayplan.reading.records import (
    FIELDS,
    MAX_ITEMS,
    MAX_QUOTE,
    AcceptedReading,
    ReadingItem,
    ReadingRejection,
)
from dayplan.reading.verify import verify_reading

__all__ = [
    "ASKING_KINDS",
    "FIELDS",
    "MAX_ITEMS",
    "MAX_QUOTE",
    "AcceptedReading",
    "ReadingItem",
    "ReadingRejection",
    "UnreadPhrase",
    "propose_readings",
    "read_request",
    "rejected_phrase",
    "rejected_unread",
    "uncounted_family",
    "unread_phrases",
    "verify_reading",
]
