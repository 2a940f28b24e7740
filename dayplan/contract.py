"""The public contract: what a caller sends (`PlanRequest`) and what is served (`DayPlanReport`).

Field names follow `DESIGN.md`. Times of day are local wall-clock strings ``HH:MM`` (24-hour,
in the request's timezone); durations and travel are whole minutes; money is an amount in the
request's currency (ISO 4217 code, e.g. ``AUD``). Every model forbids unknown fields, bounds
string and list lengths, and raises ``pydantic.ValidationError`` on bad input, which the CLI
turns into exit code 2 and the service into HTTP 422 ``application/problem+json``.
"""

import json
import re
import sys
from datetime import date as date_type
from datetime import datetime
from typing import Annotated, Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AllowInfNan,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    StrictBool,
    StrictInt,
    Tag,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

HHMM_PATTERN = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"
HHMM_MESSAGE = "time must be HH:MM (24-hour), e.g. 09:30"
CURRENCY_PATTERN = r"^[A-Z]{3}$"
CURRENCY_MESSAGE = "currency must be a three-letter ISO 4217 code in capitals, e.g. AUD"
PRICE_CURRENCY = "AUD"
"""The currency of every venue price (the Brisbane snapshot, ``dayplan/data/venues.json``, and
live search records default to it). A budget in another currency is refused, never compared
with these prices as if relabelled: no exchange rate is known to the checker."""
PRICE_CURRENCY_MESSAGE = (
    f"only {PRICE_CURRENCY} is supported: venue prices are {PRICE_CURRENCY}, "
    f"so give the budget in {PRICE_CURRENCY}"
)


def _matching(pattern: str, error_type: str, message: str):  # noqa: ANN202 - a validator
    """A before-validator: a string (whitespace stripped) that fully matches ``pattern``, else
    ``PydanticCustomError(error_type, message)``. Any failure, a wrong type included, gets the
    one plain message: never the regex, never the input (which may be huge)."""

    def check(value: object) -> str:
        if isinstance(value, str) and re.fullmatch(pattern, value.strip()):
            return value.strip()
        raise PydanticCustomError(error_type, message)

    return BeforeValidator(check)


HHMM = Annotated[
    str,
    _matching(HHMM_PATTERN, "time_format", HHMM_MESSAGE),
    Field(json_schema_extra={"pattern": HHMM_PATTERN}, examples=["09:00"]),
]
"""A local time of day ``HH:MM`` (24-hour); anything else fails with ``HHMM_MESSAGE``."""
Currency = Annotated[
    str,
    _matching(CURRENCY_PATTERN, "currency_format", CURRENCY_MESSAGE),
    Field(json_schema_extra={"pattern": CURRENCY_PATTERN}, examples=["AUD"]),
]
"""An ISO 4217 code in capitals; anything else fails with ``CURRENCY_MESSAGE``."""
ShortText = Annotated[str, Field(max_length=200)]
StrictNumber = Annotated[float, Strict(), AllowInfNan(False)]
"""A finite JSON number; a string such as ``"100"`` is a type error, not converted (nor is
``true``), and NaN or an infinity (``1e400`` overflows to one) fails as "Input should be a
finite number" before any range check."""
Name = Annotated[str, Field(min_length=1, max_length=200)]
MIN_YEAR, MAX_YEAR = 2000, 2100  # dates and "now" outside these years are refused, not planned

Status = Literal["complete", "needs_clarification", "no_feasible_plan"]
TravelMode = Literal["car", "transit", "walk"]
FailureCode = Literal[
    "outside_window",
    "overlaps_blocked",
    "closed",
    "outdoor_in_rain",
    "outdoor_excluded",
    "avoided",
    "leg_over_cap",
    "over_budget",
    "home_after_deadline",
    "overlap",
    "below_min_duration",
    "window_too_short",
    "unknown_venue",
    "no_candidates",
    "unknown_location",
    "missing_must_do",
    "joint_conflict",
]
"""The stable code of a constraint failure (``ConstraintFailure.code``), found by
``dayplan.core.checker.check_plan`` (its ``FAILURE_CODES`` is the same tuple):

- ``outside_window``: a stop lies outside the day window (or its leg from home would leave
  before the window opens), or a local time does not exist that day (a daylight-saving change);
- ``overlaps_blocked``: a visit or a leg overlaps a blocked window, or the party is not home in
  time for an at-home one (``BlockedTime.at_home``);
- ``closed``: the venue is not open for the whole stop that day (public holidays from the
  venue's own calendar; comment-only, ``unknown`` or unparseable hours prove nothing and fail);
- ``outdoor_in_rain``: an outdoor stop overlaps a rain window;
- ``outdoor_excluded``: the request asks for indoor venues only ("indoors only", "nothing
  outdoors") and a stop is outdoors, or not known to be indoors;
- ``avoided``: a stop is a venue, or of a kind, the request refuses ("no museums", "not GOMA
  this time", "avoid Lone Pine and the wheel"; a hedge such as "rather not" is soft, no limit),
  or of no kind the request limits the day to ("galleries only", "just parks and playgrounds");
- ``leg_over_cap``: a leg, home legs included, is longer than ``travel.max_leg_minutes``;
- ``over_budget``: the party's total cost is above the budget;
- ``home_after_deadline``: the leg home arrives after ``window.end``;
- ``overlap``: two stops overlap, or the leg between them does not fit;
- ``below_min_duration``: a stop is shorter than its venue's (or activity's) minimum minutes,
  or ends before it starts;
- ``window_too_short``: the must-do activities need more minutes than the free window has;
- ``unknown_venue``: a stop names a venue no search in the run returned;
- ``no_candidates``: nothing can be visited (no stops): the detail says how many venues the
  searches found and why each cannot be visited, grouped by reason with their numbers;
- ``unknown_location``: a leg starts or ends at a place without coordinates (an unresolved home
  or venue); it is never counted as 0 minutes;
- ``joint_conflict``: nothing can be visited, each hard constraint of the minimal conflict alone
  leaves venues but together they leave none (the budget and the travel cap, the cap and the
  window, rain and opening hours, ...): the detail names, for each member, the venues that meet
  the others and the number that breaks it ("the only venue within the 15-min travel cap by
  car, Lone Pine Koala Sanctuary (AUD 235 for 2 adults and 3 children), costs more than AUD
  35"); ``values.members`` lists the kinds ("budget+cap"). A failure that names one constraint
  of a ``no_candidates`` proof (``over_budget``, ``leg_over_cap``, ... without a venue) is served
  only when that constraint alone leaves nothing.
"""


def hhmm_to_minutes(value: str) -> int:
    """Minutes after local midnight for an ``HH:MM`` string (``"09:30"`` -> 570).

    Raises ``ValueError`` when the string is not a valid 24-hour time.
    """
    if not re.match(HHMM_PATTERN, value):
        raise ValueError(f"{value!r} is not a time of day as HH:MM (00:00 to 23:59)")
    hours, minutes = value.split(":")
    return int(hours) * 60 + int(minutes)


class _Strict(BaseModel):
    # defer_build: a model's validator is built on its first use, not at import (a ``plan``
    # start never validates most of them on their own; each is built inside its parent's)
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, defer_build=True)


class TimeWindow(_Strict):
    """A local time window ``start``–``end`` (``HH:MM``); ``end`` must be after ``start``."""

    start: HHMM
    end: HHMM
    label: ShortText | None = None

    @model_validator(mode="after")
    def _ordered(self) -> "TimeWindow":
        if hhmm_to_minutes(self.end) <= hhmm_to_minutes(self.start):
            raise ValueError(
                f"window ends at {self.end}, not after it starts at {self.start}"
                " (windows cannot cross midnight)"
            )
        return self


class BlockedTime(TimeWindow):
    """A time the party is busy: no visit and no leg may overlap it. ``at_home``: it happens at
    home ("nap in the cot", "lunch at home"), so the itinerary goes home before it and leaves
    after it, and both legs are checked and counted."""

    at_home: StrictBool = False
    place: ShortText | None = None
    """Where an appointment away happens: a suburb of the gazetteer ("Chandler"). The plan
    travels there for it and on from there; a name the gazetteer does not know cannot be
    measured, so no plan passes with it. ``None``: the place is unknown, and the appointment is
    counted at home (stated as an assumption)."""


class Coordinates(_Strict):
    """A point in WGS84 degrees."""

    lat: StrictNumber = Field(ge=-90, le=90)
    lon: StrictNumber = Field(ge=-180, le=180)


class Budget(_Strict):
    """Spending cap for the whole party, ``amount`` in ``currency`` (ISO 4217). The currency
    must be ``PRICE_CURRENCY`` (AUD), the venues' own: any other, a well-formed code such as
    ``JPY`` or an unknown one such as ``XYZ``, fails with ``PRICE_CURRENCY_MESSAGE`` (HTTP 422,
    CLI exit 2) rather than have AUD prices relabelled in it."""

    amount: StrictNumber = Field(ge=0, le=1_000_000)
    currency: Currency = PRICE_CURRENCY

    @field_validator("currency")
    @classmethod
    def _venues_currency(cls, value: str) -> str:
        if value != PRICE_CURRENCY:
            raise PydanticCustomError("currency_unsupported", PRICE_CURRENCY_MESSAGE)
        return value


class Party(_Strict):
    """Who is going; children pay child prices where a venue has them. A party of adults only
    is fine; children need at least one adult with them (the day is planned as a family
    outing: the adults drive, pay and take the children from stop to stop). Raises
    ``ValueError`` (HTTP 422 / CLI exit 2) for no one at all, or children with no adult."""

    adults: StrictInt = Field(default=1, ge=0, le=50)
    children: StrictInt = Field(default=0, ge=0, le=50)

    @model_validator(mode="after")
    def _someone(self) -> "Party":
        problem = party_problem(self.adults, self.children)
        if problem and self.adults == 0 and self.children:
            raise ValueError(f"{problem}: set adults to 1 or more")
        if problem:
            raise ValueError(problem)
        return self


def party_problem(adults: int, children: int) -> str | None:
    """Why a party of ``adults`` and ``children`` cannot be planned for, in words, or ``None``
    when it can. The one place for the rule: ``Party`` (structured input, HTTP 422 / CLI exit
    2), the party read from free text (``reading.apply``: asked about) and ``constraints_for``
    all use it. A negative count, no one at all, or children with no adult."""
    if adults < 0 or children < 0:
        return "a party cannot have a negative count of people"
    if adults + children == 0:
        return "party needs at least one person"
    if adults == 0:
        return "children need at least one adult with them"
    return None


class Travel(_Strict):
    """How the party moves between stops; ``max_leg_minutes`` caps every leg, home legs included."""

    mode: TravelMode = "car"
    max_leg_minutes: StrictInt | None = Field(default=None, ge=1, le=600)


class Weather(_Strict):
    """Known rain windows (local ``HH:MM``); outdoor stops must avoid them."""

    rain: list[TimeWindow] = Field(default_factory=list, max_length=24)


class Activity(_Strict):
    """A must-do item: a name, how long it takes, optionally the venue it happens at.
    ``at_home`` (or at-home wording in the name, "lunch at home"): it happens at home, so the
    party goes home for it (time at home in the plan, never a stop)."""

    name: Name
    duration_minutes: StrictInt = Field(ge=1, le=24 * 60)
    venue: Name | None = None
    at_home: StrictBool = False


def nul_path(value: object, depth: int = 0, seen: set[int] | None = None) -> str | None:
    """Where in ``value`` (a request field's raw input) a string holds a NUL character:
    ``""`` for ``value`` itself, ``"0.label"`` inside it, ``None`` when none does. Each list
    and mapping is visited once (YAML aliases share them) and at most 4 levels deep."""
    if isinstance(value, str | bytes):
        return "" if ("\x00" if isinstance(value, str) else b"\x00") in value else None
    if depth >= 4 or not isinstance(value, dict | list | tuple):
        return None
    seen = set() if seen is None else seen
    if id(value) in seen:
        return None
    seen.add(id(value))
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        found = nul_path(item, depth + 1, seen)
        if found is not None:
            return f"{key}.{found}" if found else str(key)[:100]
    return None


class PlanRequest(_Strict):
    """What the caller asks for. No field is required: ``text`` is the request in words and
    structured fields win over it; a request without words is planned from its fields alone (the
    playground's form sends one), and one with neither words nor a place is asked about
    (``needs_clarification``). No string may hold a NUL character (``\\u0000``): no request
    needs one, and a database text column cannot store it.

    ``date`` is an ISO date, a weekday name, ``today`` or ``tomorrow``, resolved relative to
    ``now`` (an ISO datetime that pins "today" for reproducible runs; without an offset it is
    local time there) in ``timezone`` (IANA name; else the location's). ``window.end`` is the time the party must be home by.
    """

    # Built at import, not deferred: every run validates a request, and FastAPI's body field
    # must reuse a built schema (building it inside FastAPI's adapter warns about its alias).
    model_config = ConfigDict(defer_build=False)

    text: str = Field(
        default="",
        max_length=4000,
        description="The request in words (optional: without words the structured fields are "
        "planned alone; blank counts as none).",
        examples=["Plan my Saturday in Brisbane for the family"],
    )
    location: ShortText | None = None
    home: (
        Annotated[
            Annotated[ShortText, Tag("address")] | Annotated[Coordinates, Tag("point")],
            Discriminator(lambda v: "address" if isinstance(v, str) else "point"),
        ]
        | None
    ) = None
    date: ShortText | None = None
    now: datetime | None = None
    timezone: ShortText | None = None
    window: TimeWindow | None = None
    budget: Budget | None = None
    party: Party | None = None
    travel: Travel | None = None
    blocked: list[BlockedTime] = Field(default_factory=list, max_length=24)
    weather: Weather | None = None
    preferences: list[ShortText] = Field(default_factory=list, max_length=20)
    activities: list[Activity] = Field(default_factory=list, max_length=10)
    save: StrictBool = False
    request_id: ShortText | None = None

    @field_validator("*", mode="before")
    @classmethod
    def _no_nul(cls, value: object, info: ValidationInfo) -> object:
        where = nul_path(value)
        if where is not None:
            at = f" at {info.field_name}.{where}" if where else ""
            raise PydanticCustomError(
                "nul_character",
                "contains a NUL character (\\u0000){at}; no request needs one",
                {"at": at},
            )
        return value

    @field_validator("now")
    @classmethod
    def _now_in_range(cls, value: datetime | None) -> datetime | None:
        if value is not None and not MIN_YEAR <= value.year <= MAX_YEAR:
            raise ValueError(f"now must be between the years {MIN_YEAR} and {MAX_YEAR}")
        return value

    @field_validator("date")
    @classmethod
    def _real_calendar_date(cls, value: str | None) -> str | None:
        if value is not None and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
            if not MIN_YEAR <= int(value.strip()[:4]) <= MAX_YEAR:
                raise ValueError(f"date must be between the years {MIN_YEAR} and {MAX_YEAR}")
            try:
                date_type.fromisoformat(value.strip())
            except ValueError:
                raise ValueError(f"{value!r} is not a real calendar date") from None
        return value

    @field_validator("timezone")
    @classmethod
    def _known_timezone(cls, value: str | None) -> str | None:
        if value is None:
            return value
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown IANA timezone {value!r}") from None
        return value


class Money(_Strict):
    """An amount of money; ``amount`` in ``currency`` units (not cents)."""

    amount: float = Field(ge=0)
    currency: Currency


class Leg(_Strict):
    """Travel into a stop (or home): whole ``minutes`` by ``mode``; ``estimated`` when modelled."""

    minutes: int = Field(ge=0)
    mode: TravelMode
    estimated: bool = True


class Stop(_Strict):
    """One visit in the itinerary, local ``start``/``end`` as ``HH:MM``."""

    venue_id: ShortText
    name: ShortText
    start: HHMM
    end: HHMM
    indoor: bool
    cost: Money
    travel_in: Leg
    source_ids: list[ShortText] = Field(default_factory=list, max_length=10)


class Totals(_Strict):
    """Whole-plan totals: party cost, travel minutes (home legs included), time home."""

    cost: float = Field(ge=0)
    currency: Currency
    travel_minutes: int = Field(ge=0)
    home_by: HHMM


class HomeBreak(_Strict):
    """Time at home inside the day (an at-home blocked window): the party travels home
    (``travel_in``) before ``start`` and leaves after ``end``; the next stop's ``travel_in`` is
    the leg out again."""

    label: ShortText
    start: HHMM
    end: HHMM
    travel_in: Leg


class Appointment(_Strict):
    """An away blocked window inside the day ("ballet 10-11"): its place is unknown, so it is
    counted at home — ``travel_in`` is the leg towards it, counted to home and arriving by
    ``start``; the first stop after it has its ``travel_in`` counted from home, leaving at
    ``end`` (``appointment_before``). ``place``: the suburb it happens in, when one was given
    and resolved (``BlockedTime.place``); then ``travel_in`` is the real leg there and the next
    stop's leg leaves from it."""

    label: ShortText
    start: HHMM
    end: HHMM
    travel_in: Leg
    place: ShortText | None = None


def appointment_before(plan: "Plan", index: int) -> Appointment | None:
    """The away appointment that stop ``plan.stops[index]``'s leg leaves after (its leg is then
    counted from home at the appointment's end), else ``None``: the last appointment that ends
    by the stop's start and starts at or after the previous stop's end, with no home break
    after it."""
    stop = plan.stops[index]
    prev_end = hhmm_to_minutes(plan.stops[index - 1].end) if index else -1
    hits = [
        a
        for a in plan.appointments
        if prev_end <= hhmm_to_minutes(a.start)
        and hhmm_to_minutes(a.end) <= hhmm_to_minutes(stop.start)
    ]
    last = max(hits, key=lambda a: hhmm_to_minutes(a.end), default=None)
    if last is not None and any(
        hhmm_to_minutes(last.end) <= hhmm_to_minutes(b.start) < hhmm_to_minutes(stop.start)
        for b in plan.home_breaks
    ):
        return None  # time at home came after it: the leg leaves home after that
    return last


class Plan(_Strict):
    """The checked itinerary: stops in order, the leg home and the totals; ``home_breaks`` the
    at-home blocked windows the itinerary went home for, ``appointments`` the away ones it
    passes, counted at home (the legs of both are in the totals)."""

    stops: list[Stop] = Field(max_length=12)
    home_breaks: list[HomeBreak] = Field(default_factory=list, max_length=24)
    appointments: list[Appointment] = Field(default_factory=list, max_length=24)
    travel_home: Leg
    totals: Totals
    rationale: str = Field(default="", max_length=2000)


WEB_URL_SCHEMES = ("https", "http")
_URL_BAD_CHAR = re.compile(r"[\s\x00-\x1f\x7f]")
"""Whitespace (``str.isspace``: a str pattern's ``\\s``) or a control character (< 32, DEL)."""


def web_url_problem(url: object) -> str | None:
    """``None`` when ``url`` is a link a client may follow: scheme ``https`` or ``http``, a host,
    no whitespace or control characters, at most 500 characters; else why not (one line).
    ``javascript:``, ``data:``, ``file:`` and scheme-relative links are never served."""
    if not isinstance(url, str) or not url:
        return "no link"
    if len(url) > 500:
        return "the link is over 500 characters"
    if _URL_BAD_CHAR.search(url):
        return "the link contains spaces or control characters"
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return "the link is malformed"
    if parts.scheme.lower() not in WEB_URL_SCHEMES:
        return f"the link's scheme {parts.scheme[:20]!r} is not https or http"
    if not host:
        return "the link has no host"
    return None


class Source(_Strict):
    """Where a fact came from; ``kind`` says whether it is an offline snapshot or the web.
    ``url`` is always an ``https``/``http`` link with a host (``web_url_problem``)."""

    id: ShortText
    title: ShortText
    url: Annotated[str, Field(max_length=500)]
    kind: Literal["offline_snapshot", "web"]
    retrieved_at: ShortText | None = None

    @field_validator("url")
    @classmethod
    def _web_link(cls, value: str) -> str:
        problem = web_url_problem(value)
        if problem:
            raise ValueError(f"a source url must be https or http with a host: {problem}")
        return value


class ConstraintFailure(_Strict):
    """One broken constraint from a failed check, with the numbers that broke it."""

    code: FailureCode
    detail: Annotated[str, Field(max_length=500)]
    venue_id: ShortText | None = None
    values: dict[str, float | int | str] = Field(default_factory=dict)


class TraceStep(_Strict):
    """One tool call of the run, in order: the tool, whether it succeeded, what it found."""

    tool: ShortText
    ok: bool
    summary: Annotated[str, Field(max_length=500)] = ""


class SavedPlan(_Strict):
    """What happened to a ``save: true`` request (see the actions notebook)."""

    plan_id: ShortText
    status: Literal["created", "already_exists", "conflict", "failed"]
    idempotent_replay: bool = False
    verification_status: Literal["verified", "mismatch", "not_verified"] = "not_verified"


class SearchSuggestion(_Strict):
    """Google Search Suggestions of one grounded web search (live mode only).

    ``rendered_content`` is ``groundingMetadata.searchEntryPoint.renderedContent`` exactly as
    Google sent it: HTML and CSS for chips linking to Google Search, which Google's terms for
    Grounding with Google Search require showing with the grounded results. It is third-party
    markup: show it only inside a sandboxed iframe (the HTML report and the playground do).
    ``queries`` are the Google Search queries that grounded call made."""

    query: ShortText
    queries: list[ShortText] = Field(default_factory=list, max_length=8)
    rendered_content: Annotated[str, Field(max_length=20_000)]


ReadingValue = (
    StrictBool
    | StrictInt
    | float
    | Annotated[str, Field(max_length=200)]
    | dict[str, str | bool | int | float]
)


class ReadingServed(_Strict):
    """One verified reading of the request text: the request ``field`` it fills, the ``value``
    code accepted (shape per field: see ``dayplan.reading.records``) and the exact ``quote``."""

    field: ShortText
    value: ReadingValue
    quote: Annotated[str, Field(max_length=200)]


class DayPlanReport(_Strict):
    """What is served. ``plan`` only with ``complete``; ``questions`` only with
    ``needs_clarification``; ``constraint_failures`` only with ``no_feasible_plan``."""

    status: Status
    date: ShortText | None = None
    location: ShortText | None = None
    timezone: ShortText | None = None
    plan: Plan | None = None
    sources: list[Source] = Field(default_factory=list, max_length=50)
    questions: list[Annotated[str, Field(max_length=300)]] = Field(
        default_factory=list, max_length=10
    )
    constraint_failures: list[ConstraintFailure] = Field(default_factory=list, max_length=50)
    assumptions: list[Annotated[str, Field(max_length=300)]] = Field(
        default_factory=list, max_length=30
    )
    model: ShortText
    run_id: ShortText
    trace: list[TraceStep] = Field(default_factory=list, max_length=100)
    saved: SavedPlan | None = None
    readings: list[ReadingServed] = Field(default_factory=list, max_length=40)
    """What code verified and froze from the request text (never the model's payload)."""
    unread: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=10)
    """Phrases that look like a constraint but could not be read."""
    search_suggestions: list[SearchSuggestion] = Field(default_factory=list, max_length=8)

    @model_validator(mode="after")
    def _status_fields(self) -> "DayPlanReport":
        if self.status == "complete" and self.plan is None:
            raise ValueError("a complete report needs a plan")
        if self.status != "complete" and self.plan is not None:
            raise ValueError(f"a {self.status} report carries no plan")
        if self.status == "needs_clarification" and not self.questions:
            raise ValueError("needs_clarification needs at least one question")
        if self.status != "needs_clarification" and self.questions:
            raise ValueError("questions belong only to needs_clarification")
        if self.status == "no_feasible_plan" and not self.constraint_failures:
            raise ValueError("no_feasible_plan needs at least one constraint failure")
        if self.status != "no_feasible_plan" and self.constraint_failures:
            raise ValueError("constraint_failures belong only to no_feasible_plan")
        return self


class DuplicateKeyError(ValueError):
    """A JSON object repeats a key (``str(exc)`` is the key, cut to 100 characters)."""


class UnreadableRequest(json.JSONDecodeError):
    """Bytes that cannot be read as a request whatever their syntax: not UTF-8 (UTF-16 and
    UTF-32 named), nested too deeply, a number too long to convert, or too large for memory.

    ``str(exc)`` is the reason alone, a predicate for a subject (``"is nested too deeply ..."``):
    the CLI prints ``f"{path} {exc}"``, the service ``f"the body {exc}"``. A subclass of
    ``json.JSONDecodeError`` so that FastAPI answers it as malformed JSON (400), never as an
    unexpected error."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason, "", 0)

    def __str__(self) -> str:
        return self.msg


TOO_DEEP = "is nested too deeply to read (a request is an object of fields a few levels deep)"
"""Why a request nested thousands of levels deep (``[[[...]]]``) is refused: its parser would
exhaust Python's recursion limit (``RecursionError``), on every surface alike."""


def too_long_number() -> str:
    """Why a number of more digits than Python converts (``sys.get_int_max_str_digits()``,
    4300) is refused: ``int()`` raises ``ValueError`` on it, whichever parser read it."""
    return f"has a number over {sys.get_int_max_str_digits()} digits long"


def decode_utf8(raw: bytes) -> str:
    """The text of ``raw``: UTF-8, a leading byte-order mark dropped (Windows Notepad writes
    one; RFC 8259 section 8.1 lets a reader ignore it). The one decoding of the CLI's request
    files and the service's bodies, so both read the same bytes the same way.

    Raises ``UnreadableRequest`` naming UTF-16 or UTF-32 (what ``json.detect_encoding`` finds,
    when the bytes decode as it: PowerShell's ``Out-File`` writes UTF-16), or else the first
    byte that is not UTF-8.
    """
    found = json.detect_encoding(raw)
    if found not in ("utf-8", "utf-8-sig"):
        try:
            raw.decode(found)
        except UnicodeDecodeError:
            pass
        else:
            name = found.upper().removesuffix("-LE").removesuffix("-BE")
            raise UnreadableRequest(f"is {name} text, not UTF-8")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        byte = raw[exc.start : exc.start + 1].hex()
        raise UnreadableRequest(
            f"is not UTF-8 text (byte 0x{byte} at offset {exc.start})"
        ) from None


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(key[:100])
        out[key] = value
    return out


def loads_strict_json(raw: str | bytes) -> object:
    """``json.loads`` that refuses a repeated key in any object. RFC 8259 leaves duplicates
    undefined and Python keeps the last, so ``{"save": false, "save": true}`` would save; the
    service (400) and the CLI (exit 2) both read requests through this. Bytes are decoded by
    ``decode_utf8`` (a UTF-8 byte-order mark is dropped; UTF-16 and UTF-32 are refused).

    Raises ``json.JSONDecodeError`` for malformed JSON, ``UnreadableRequest`` (a subclass) for
    bytes no syntax repair would make readable (not UTF-8, nested thousands deep, a number over
    ``sys.get_int_max_str_digits()`` digits, too large for memory), and ``DuplicateKeyError``
    for a repeat. Nothing else: no ``RecursionError`` or ``ValueError`` escapes.
    """
    text = decode_utf8(bytes(raw)) if isinstance(raw, bytes | bytearray) else raw
    try:
        return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_no_duplicate_keys)
    except (json.JSONDecodeError, DuplicateKeyError):
        raise
    except RecursionError:
        raise UnreadableRequest(TOO_DEEP) from None
    except MemoryError:
        raise UnreadableRequest("is too large to read") from None
    except ValueError:  # int(): "Exceeds the limit (4300 digits) for integer string conversion"
        raise UnreadableRequest(too_long_number()) from None
