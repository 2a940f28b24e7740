"""The FastAPI service: ``POST /v1/day-plans`` serves exactly what the boundary would serve.

Routes: ``POST /v1/day-plans`` (``PlanRequest`` -> ``DayPlanReport``), ``GET /health`` (mode,
model, version; never a secret), ``/docs`` and ``/openapi.json``.

Every error is ``application/problem+json`` (RFC 9457, see ``dayplan.service.problems``):

==========  ====================================================================================
status      when
==========  ====================================================================================
400         the body is not JSON (malformed, not UTF-8 -- a UTF-8 BOM is read past, UTF-16
            named --, empty, nested thousands deep, a number over 4300 digits), or repeats a
            key (``{"save": false, "save": true}``)
401         auth is on and the bearer token is missing or invalid (generic body; reason logged)
404         no such route (no trailing-slash redirect: ``redirect_slashes`` is off)
408         the body did not arrive within ``body_read_timeout_seconds`` (default 10 s)
413         the body is over ``max_body_bytes`` (64 KiB), counted while it streams
415         the body is sent as anything but ``application/json``: ``text/plain``, form data,
            a ``+json`` type (``application/vnd.api+json``), or no Content-Type
            (``Accept-Post: application/json``); checked before the body is parsed
422         the body breaks the contract (wrong type, out of range, unknown field, ...), or an
            ``Idempotency-Key`` is reused with another body
409         a request with the same ``Idempotency-Key`` is still running (``Retry-After``)
429         the user's rate or concurrency limit, or their quota of idempotency keys
            (``Retry-After``; see ``dayplan.service.throttle``)
502         the run was rejected by a guardrail or boundary rule (``rule`` names it)
503         the database did not answer within its lock timeout (``Retry-After``); or Gemini
            answered HTTP 429 after every retry (``rule: rate_limited``), with ``Retry-After``
            from the API's ``retryDelay`` when it sent one, else 30 s
504         the request did not finish within ``request_timeout_seconds`` (the deadline covers
            the whole handler, saves included; the detail gives the true elapsed time)
==========  ====================================================================================

``run_id`` is in the problem when a run had started, and in the ``X-Run-Id`` header of every
served report. ``Idempotency-Key`` (optional): the same key with the same body replays the
stored response byte for byte with ``Idempotent-Replayed: true``, from the database every instance
shares (see ``dayplan.service.idempotency``); without a ``request_id`` the key also names the
save, so a retry never saves twice.

Nothing blocks the event loop: store calls run on the store's bounded thread pool, the agent's
synchronous tools (saves, live HTTP) on ADK's tool thread pool, so ``/health`` answers while a
save waits on a database lock.

Extending: ``create_app(routers=[...])`` or ``app.include_router(router)`` adds routes; the
caller's identity comes from the ``get_user_id`` dependency, which reads the bearer token through
``dayplan.service.auth.current_user`` (``"local"`` when auth is off). ``GET
/v1/saved-plans/{plan_id}`` (``dayplan.service.saved``) serves a saved plan to its owner only.

Run it: ``python -m dayplan serve`` (uvicorn on 127.0.0.1:8000) or ``make serve``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from google.adk.models.base_llm import BaseLlm
from pydantic import BaseModel, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from dayplan import __version__
from dayplan.agent.models import is_live_model
from dayplan.contract import (
    DayPlanReport,
    DuplicateKeyError,
    PlanRequest,
    UnreadableRequest,
    loads_strict_json,
)
from dayplan.service import auth, saved
from dayplan.service.idempotency import IdempotencyStore, StoredResponse
from dayplan.service.problems import (
    PROBLEM_JSON,
    BodyLimitMiddleware,
    Problem,
    problem_body,
    problem_response,
    problem_responses,
)
from dayplan.service.run import RATE_LIMITED, resolve_model, run_plan
from dayplan.service.throttle import DEFAULT_MAX_CONCURRENT, DEFAULT_RATE, UserLimits
from dayplan.store import Store, get_store, lock_timeout_seconds

logger = logging.getLogger("dayplan.service")

LOCAL_USER = "local"
DEFAULT_RETRY_AFTER = 30
"""Seconds in ``Retry-After`` of a 503 when Gemini's 429 gave no ``retryDelay``."""
IDEMPOTENCY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
RUN_ID_HEADER = "X-Run-Id"

__all__ = ["ServiceSettings", "create_app", "get_user_id"]  # and `app`, built on first access


class ServiceSettings(BaseSettings):
    """Service limits from the environment (``DAYPLAN_`` + the field name in capitals):

    * ``request_timeout_seconds`` (60): the deadline of the whole ``POST /v1/day-plans``
      handler; must exceed ``DAYPLAN_DB_LOCK_TIMEOUT_SECONDS`` (5) so a lock wait ends first.
    * ``max_body_bytes`` (65536) and ``body_read_timeout_seconds`` (10): the body's size and
      how long it may take to arrive (408 after).
    * ``rate_limit`` (``30/minute``) and ``max_concurrent_per_user`` (4): per-user limits (429).
    * ``idempotency_ttl_seconds`` (86400) and ``idempotency_keys_per_user`` (1000).
    * ``limit_concurrency`` (100), ``timeout_keep_alive_seconds`` (5),
      ``timeout_graceful_shutdown_seconds`` (10): passed to uvicorn by ``serve``.

    Raises ``pydantic.ValidationError`` for a value out of range.
    """

    model_config = SettingsConfigDict(env_prefix="DAYPLAN_", extra="ignore")

    request_timeout_seconds: float = Field(default=60.0, gt=0, le=3600)
    max_body_bytes: int = Field(default=64 * 1024, ge=1, le=16 * 1024 * 1024)
    body_read_timeout_seconds: float = Field(default=10.0, gt=0, le=600)
    rate_limit: str = Field(default=DEFAULT_RATE, min_length=3, max_length=100)
    max_concurrent_per_user: int = Field(default=DEFAULT_MAX_CONCURRENT, ge=1, le=10_000)
    idempotency_ttl_seconds: float = Field(default=24 * 3600.0, ge=1, le=30 * 24 * 3600)
    idempotency_keys_per_user: int = Field(default=1000, ge=1, le=1_000_000)
    limit_concurrency: int = Field(default=100, ge=1, le=100_000)
    timeout_keep_alive_seconds: int = Field(default=5, ge=1, le=600)
    timeout_graceful_shutdown_seconds: int = Field(default=10, ge=1, le=600)

    @model_validator(mode="after")
    def _lock_wait_ends_before_the_deadline(self) -> ServiceSettings:
        lock = lock_timeout_seconds()
        if lock >= self.request_timeout_seconds:
            raise ValueError(
                f"DAYPLAN_DB_LOCK_TIMEOUT_SECONDS ({lock:g}) must be below "
                f"DAYPLAN_REQUEST_TIMEOUT_SECONDS ({self.request_timeout_seconds:g})"
            )
        return self


class Health(BaseModel):
    """``GET /health``: the service is up; which mode and model it runs; the package version."""

    status: Literal["ok"] = "ok"
    mode: Literal["offline", "live", "replay"] = Field(
        description="replay: a recorded live run answered offline (--model replay:DIR)"
    )
    model: str = Field(max_length=200)
    version: str = Field(max_length=50)
    backend: Literal["offline", "ai_studio", "vertex_ai"] = Field(
        default="offline", description="which Gemini API a live model calls"
    )
    vertex_location: str | None = Field(
        default=None,
        max_length=100,
        description="Vertex AI only: GOOGLE_CLOUD_LOCATION, or 'global' when it is unset",
    )


def run_deadline(settings: ServiceSettings, model: BaseLlm) -> float:
    """Seconds a request may take: ``request_timeout_seconds`` for an offline model; for a live
    one the live deadline of ``dayplan.budgets`` (covering the worst case of every model turn
    and search), unless ``request_timeout_seconds`` is longer."""
    if not is_live_model(model):
        return settings.request_timeout_seconds
    from dayplan.budgets import time_budgets

    live = time_budgets(offline_deadline=settings.request_timeout_seconds).live_deadline
    return max(settings.request_timeout_seconds, live)


def get_user_id(user: Annotated[str, Depends(auth.current_user)]) -> str:
    """The caller's user id: the verified bearer token's ``sub`` when ``DAYPLAN_JWT_SECRET`` or
    ``DAYPLAN_JWKS_URL`` is set (401 problem without a valid token), else ``"local"`` (auth off,
    announced at start). Never a field of the request body."""
    return user


def _fingerprint(request: PlanRequest) -> str:
    return hashlib.sha256(request.model_dump_json().encode("utf-8")).hexdigest()


IdempotencyKey = Annotated[
    str | None,
    Header(
        alias=IDEMPOTENCY_HEADER,
        min_length=1,
        max_length=200,
        pattern=r"^[!-~]+$",
        description="Optional. Same key + same body replays the stored response.",
    ),
]


class _StrictJSONRequest(Request):
    """A request whose JSON body may not repeat a key (RFC 8259 leaves duplicates undefined;
    Python's json keeps the last, so ``{"save": false, "save": true}`` would save)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            raw = await self.body()
            try:  # UnreadableRequest (not UTF-8, nested too deeply, ...) is a JSONDecodeError
                self._json = loads_strict_json(raw)
            except DuplicateKeyError as exc:
                raise json.JSONDecodeError(f"duplicate key {str(exc)[:100]!r}", "", 0) from None
        return self._json


def _is_json_media_type(content_type: str | None) -> bool:
    """``application/json`` (any case; parameters such as ``charset`` ignored), the one media
    type the contract and ``Accept-Post`` name. A ``+json`` type is not it, though FastAPI would
    parse it: ``application/problem+json`` is an error report and ``application/vnd.api+json``
    a JSON:API document, neither a day-plan request; a missing Content-Type is not JSON."""
    if not content_type:
        return False
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


def _unsupported_media_type(request: Request) -> Response:
    """The 415 problem for a body sent as something other than JSON (``text/plain``, form data,
    no Content-Type): names the media type it got (cut to 60 characters), never the body."""
    sent = (request.headers.get("content-type") or "").split(";", 1)[0].strip()
    got = f"the request was sent as {sent[:60]!r}" if sent else "the request has no Content-Type"
    return problem_response(
        415,
        "unsupported-media-type",
        "The request body must be JSON",
        f"{got}: send one JSON object with Content-Type: application/json",
        instance=request.url.path,
        headers={"Accept-Post": "application/json"},
    )


class _StrictJSONRoute(APIRoute):
    """A route whose body, when it takes one, must be sent as JSON: any other Content-Type (or
    none, with a body) is a 415 problem before the body is parsed; a repeated key is a 400."""

    def get_route_handler(self):  # noqa: ANN201 - Starlette's handler type
        handler = super().get_route_handler()
        takes_body = self.body_field is not None

        async def strict(request: Request) -> Response:
            strict_request = _StrictJSONRequest(request.scope, request.receive)
            content_type = request.headers.get("content-type")
            # no Content-Type and no body: the handler answers "the body is empty" (400)
            if (
                takes_body
                and not _is_json_media_type(content_type)
                and (content_type or await strict_request.body())
            ):
                return _unsupported_media_type(request)
            return await handler(strict_request)

        return strict


class _Attempt:
    """One POST's progress, so the deadline handler knows what to release."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.token: str | None = None
        self.run_id: str | None = None

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


async def _quietly(coro: Any, seconds: float) -> None:
    """Await a clean-up step with its own short deadline; a failure is logged, never raised."""
    try:
        async with asyncio.timeout(seconds):
            await coro
    except Exception as exc:  # the response is already decided
        logger.warning("clean-up step failed: %s", type(exc).__name__)


def _plans_router() -> APIRouter:
    router = APIRouter(route_class=_StrictJSONRoute)

    @router.post(
        "/v1/day-plans",
        response_model=DayPlanReport,
        summary="Plan a day",
        description=(
            "Runs the planner on the request and serves the checked report. Rejected runs are "
            "502 problems naming the rule; see the module docs for every status."
        ),
        responses={
            200: {
                "description": "The served report",
                "headers": {
                    RUN_ID_HEADER: {"schema": {"type": "string"}, "description": "the run id"},
                    REPLAYED_HEADER: {
                        "schema": {"type": "string", "enum": ["true"]},
                        "description": "present when an idempotent response was replayed",
                    },
                },
            },
            **problem_responses(400, 401, 408, 409, 413, 415, 422, 429, 500, 502, 503, 504),
        },
    )
    async def create_day_plan(
        request: Request,
        body: PlanRequest,
        user_id: Annotated[str, Depends(get_user_id)],
        idempotency_key: IdempotencyKey = None,
    ) -> Response:
        svc = request.app.state
        path = request.url.path
        refused = svc.limits.acquire(user_id)
        if refused is not None:
            return problem_response(
                429,
                f"{refused.kind}-limited",
                "Too many requests",
                refused.detail,
                instance=path,
                headers={"Retry-After": str(refused.retry_after)},
            )
        attempt = _Attempt()
        deadline = run_deadline(svc.settings, svc.model)
        try:
            async with asyncio.timeout(deadline):
                return await _plan(svc, body, user_id, idempotency_key, path, attempt)
        except TimeoutError:
            if idempotency_key is not None and attempt.token is not None:
                await _quietly(
                    svc.store.call(
                        svc.idempotency.release, user_id, idempotency_key, attempt.token
                    ),
                    2.0,
                )
            return problem_response(
                504,
                "timeout",
                "The request did not finish in time",
                f"the request was stopped at its {deadline:g} s deadline, "
                f"{attempt.elapsed():.2f} s after it started",
                instance=path,
                run_id=attempt.run_id,
            )
        finally:
            svc.limits.release(user_id)

    @router.get("/health", response_model=Health, summary="Liveness, mode, model and version")
    async def health(request: Request) -> Health:
        svc = request.app.state
        if not is_live_model(svc.model):
            return Health(mode="offline", model=svc.model.model, version=__version__)
        if getattr(getattr(svc.model, "http_tap", None), "replaying", False):
            return Health(mode="replay", model=svc.model.model, version=__version__)
        from dayplan.config import Settings

        live = Settings()
        return Health(
            mode="live",
            model=svc.model.model,
            version=__version__,
            backend=live.backend,
            vertex_location=live.vertex_location if live.use_vertexai else None,
        )

    return router


async def _plan(
    svc: Any, body: PlanRequest, user_id: str, key: str | None, path: str, attempt: _Attempt
) -> Response:
    """Claim the key, run, store the outcome: everything under the request deadline."""
    store = svc.store
    if key is not None:
        try:
            claim = await store.call(svc.idempotency.claim, user_id, key, _fingerprint(body))
        except SQLAlchemyError as exc:
            return _store_unavailable(exc, path)
        if claim.outcome == "mismatch":
            return problem_response(
                422,
                "idempotency-key-reused",
                "Idempotency-Key reused with a different body",
                f"the key {key!r} was first used with another request body",
                instance=path,
            )
        if claim.outcome == "running":
            return problem_response(
                409,
                "idempotency-key-in-progress",
                "A request with this Idempotency-Key is still running",
                f"retry once the first request with key {key!r} has finished",
                instance=path,
                headers={"Retry-After": str(claim.retry_after)},
            )
        if claim.outcome == "quota":
            return problem_response(
                429,
                "idempotency-quota",
                "Too many idempotency keys",
                f"this user holds {svc.idempotency.max_keys_per_user} unexpired Idempotency-Keys; "
                "send the request without one or wait until old keys expire",
                instance=path,
                headers={"Retry-After": "60"},
            )
        if claim.outcome == "replay" and claim.response is not None:
            stored = claim.response
            return Response(
                stored.body,
                status_code=stored.status_code,
                media_type=stored.media_type,
                headers={**stored.headers, REPLAYED_HEADER: "true"},
            )
        attempt.token = claim.token
    # a replayed recording (model replay:DIR) is the recorded run, under its recorded run id
    replayed = getattr(getattr(svc.model, "http_tap", None), "run_id", None)
    run_id = attempt.run_id = replayed or uuid.uuid4().hex[:12]
    try:
        model = svc.model
        if replayed is not None:  # each request replays the recording from its first call
            from dayplan.agent.replay import for_one_run

            model = for_one_run(model)
        run = await run_plan(body, model=model, run_id=run_id, user_id=user_id, idempotency_key=key)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # not a final outcome: the retry may run again
        if key is not None and attempt.token is not None:
            await _quietly(store.call(svc.idempotency.release, user_id, key, attempt.token), 2.0)
        return await _on_unexpected_path(path, exc)
    if run.error is not None and run.error.rule == RATE_LIMITED:  # transient: not stored
        if key is not None and attempt.token is not None:
            await _quietly(store.call(svc.idempotency.release, user_id, key, attempt.token), 2.0)
        wait = getattr(run.error, "retry_after", None) or DEFAULT_RETRY_AFTER
        return problem_response(
            503,
            "rate-limited",
            "The model is rate limited; retry later",
            run.error.detail,
            instance=path,
            headers={"Retry-After": str(int(wait)), RUN_ID_HEADER: run.run_id},
            run_id=run.run_id,
            rule=RATE_LIMITED,
        )
    if run.error is not None or run.report is None:
        rule = run.error.rule if run.error else "boundary"
        detail = run.error.detail if run.error else "the run produced no report"
        response = StoredResponse(
            502,
            problem_body(
                502,
                "run-rejected",
                f"The run was rejected by the {rule} rule",
                detail,
                instance=path,
                run_id=run.run_id,
                rule=rule,
            ),
            PROBLEM_JSON,
            {RUN_ID_HEADER: run.run_id},
        )
    else:
        content = run.report.model_dump_json().encode("utf-8")
        response = StoredResponse(200, content, "application/json", {RUN_ID_HEADER: run.run_id})
    if key is not None and attempt.token is not None:
        try:
            await store.call(svc.idempotency.complete, user_id, key, attempt.token, response)
        except SQLAlchemyError as exc:  # served anyway; the retry re-runs (the save is keyed)
            logger.warning("could not store the idempotent response: %s", type(exc).__name__)
    return Response(
        response.body,
        status_code=response.status_code,
        media_type=response.media_type,
        headers=response.headers,
    )


def _store_unavailable(exc: Exception, path: str) -> Response:
    logger.warning("store unavailable: %s", type(exc).__name__)
    return problem_response(
        503,
        "store-unavailable",
        "The database is busy",
        "the database did not answer within its lock timeout; retry shortly",
        instance=path,
        headers={"Retry-After": "1"},
    )


def _field_errors(exc: RequestValidationError) -> list[dict[str, Any]]:
    out = []
    for err in exc.errors()[:50]:
        loc = [p if isinstance(p, int) else str(p)[:100] for p in err.get("loc", ())][:20]
        out.append({"loc": loc, "msg": str(err.get("msg", ""))[:500], "type": str(err["type"])})
    return out


def _json_reason(exc: RequestValidationError) -> str:
    """``"the body is nested too deeply ...; "`` when the body could not be read at all
    (``UnreadableRequest``: not UTF-8, nested thousands deep, a number too long), else ``""``
    (the body itself is never echoed)."""
    cause = exc.__cause__
    return f"the body {cause}; " if isinstance(cause, UnreadableRequest) else ""


async def _on_validation_error(request: Request, exc: RequestValidationError) -> Response:
    errors = _field_errors(exc)
    for err in exc.errors():
        reason = str((err.get("ctx") or {}).get("error", ""))
        if err.get("type") == "json_invalid" and reason.startswith("duplicate key"):
            return problem_response(
                400,
                "duplicate-key",
                "The request body repeats a key",
                f"{reason[:150]}: send each key once",
                instance=request.url.path,
            )
    if any(e["type"] == "missing" and e["loc"] == ["body"] for e in errors):
        return problem_response(
            400,
            "malformed-json",
            "The request body is not valid JSON",
            "the request body is empty: send one JSON object",
            instance=request.url.path,
        )
    if any(e["type"] == "json_invalid" for e in errors):
        return problem_response(
            400,
            "malformed-json",
            "The request body is not valid JSON",
            _json_reason(exc) + "send one JSON object with Content-Type: application/json",
            instance=request.url.path,
        )
    first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
    where = ".".join(str(p) for p in first["loc"]) or "request"
    return problem_response(
        422,
        "validation-error",
        "The request does not match the contract",
        f"{where}: {first['msg']}",
        instance=request.url.path,
        errors=errors,
    )


async def _on_http_error(request: Request, exc: StarletteHTTPException) -> Response:
    slug = {404: "not-found", 405: "method-not-allowed", 413: "body-too-large"}.get(
        exc.status_code, "http-error"
    )
    return problem_response(
        exc.status_code,
        slug,
        str(exc.detail)[:200] or "HTTP error",
        str(exc.detail)[:2000],
        instance=request.url.path,
        headers=dict(exc.headers or {}),
    )


async def _on_unexpected_path(path: str, exc: Exception) -> Response:
    # No exception text: it might carry request data or configuration.
    logger.error("unexpected %s on %s", type(exc).__name__, path)
    return problem_response(
        500,
        "internal-error",
        "Unexpected server error",
        f"an unexpected {type(exc).__name__} stopped the request",
        instance=path,
    )


async def _on_unexpected(request: Request, exc: Exception) -> Response:
    return await _on_unexpected_path(request.url.path, exc)


@asynccontextmanager
async def _lifespan(_app: FastAPI) -> AsyncIterator[None]:
    """At start: say how users are identified (auth on or off)."""
    auth.announce_auth_mode()
    yield


def create_app(
    model: str | BaseLlm | None = None,
    *,
    settings: ServiceSettings | None = None,
    idempotency: IdempotencyStore | None = None,
    store: Store | None = None,
    routers: Sequence[APIRouter] = (),
) -> FastAPI:
    """Build the service.

    ``model``: a model spec (``"offline"``, ``"live"``, ``"faulty:NAME"``) or a ``BaseLlm``
    (tests pass slow or faulty fakes); default: the configured mode (``DAYPLAN_MODE``).
    ``settings``: limits (default from the environment). ``store``: the database (default
    ``get_store()``, ``DAYPLAN_DB_URL``; opened and migrated here). ``idempotency``: the key
    store (default: a table in ``store``). ``routers``: extra routers to include. Raises
    ``ModelSpecError`` for an unknown model spec, ``ValueError``/``ValidationError`` for a bad
    setting, ``sqlalchemy.exc.OperationalError`` when the database cannot be reached.
    """
    settings = settings or ServiceSettings()
    store = store or get_store()
    app = FastAPI(
        lifespan=_lifespan,
        redirect_slashes=False,
        title="dayplan",
        version=__version__,
        description=(
            "Plan my Saturday: the model chooses, code proves. Every served report is rebuilt "
            "from checked tool results; errors are application/problem+json (RFC 9457)."
        ),
    )
    app.state.settings = settings
    app.state.model = resolve_model(model)
    app.state.store = store
    app.state.idempotency = idempotency or IdempotencyStore(
        store,
        ttl_seconds=settings.idempotency_ttl_seconds,
        lease_seconds=settings.request_timeout_seconds + 30,
        max_keys_per_user=settings.idempotency_keys_per_user,
    )
    app.state.limits = UserLimits(settings.rate_limit, settings.max_concurrent_per_user)
    app.add_exception_handler(auth.ProblemError, auth.problem_handler)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)
    app.add_exception_handler(Exception, _on_unexpected)
    app.add_middleware(
        BodyLimitMiddleware,
        max_bytes=settings.max_body_bytes,
        read_timeout=settings.body_read_timeout_seconds,
    )
    app.include_router(_plans_router())
    app.include_router(saved.router)
    for router in routers:
        app.include_router(router)
    _declare_problem_schema(app)
    return app


def _declare_problem_schema(app: FastAPI) -> None:
    """Add ``Problem`` to the OpenAPI components (the error responses refer to it)."""
    original = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = original()
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        defs = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
        for name, sub in defs.pop("$defs", {}).items():
            components.setdefault(name, sub)
        components["Problem"] = defs
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def __getattr__(name: str) -> Any:
    """``app``, the service as configured by the environment, built on first access (so that
    importing this module never fails on a bad setting; ``uvicorn dayplan.service.app:app``)."""
    if name == "app":
        if "app" not in _BUILT:
            _BUILT["app"] = create_app()
        return _BUILT["app"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_BUILT: dict[str, FastAPI] = {}
