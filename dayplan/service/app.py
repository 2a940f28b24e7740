"""The FastAPI service: ``POST /v1/day-plans`` serves exactly what the boundary would serve.

Routes: ``POST /v1/day-plans`` (``PlanRequest`` -> ``DayPlanReport``), ``GET /health`` (mode,
model, version; never a secret), ``/docs`` and ``/openapi.json``.

Every error is ``application/problem+json`` (RFC 9457, see ``dayplan.service.problems``):

==========  ====================================================================================
status      when
==========  ====================================================================================
400         the body is not JSON
413         the body is over ``max_body_bytes`` (64 KiB), counted while it streams
422         the body breaks the contract (wrong type, out of range, unknown field, ...), or an
            ``Idempotency-Key`` is reused with another body
409         a request with the same ``Idempotency-Key`` is still running
502         the run was rejected by a guardrail or boundary rule (``rule`` names it)
503         Gemini answered HTTP 429 after every retry (``rule: rate_limited``), with
            ``Retry-After``: the API's ``retryDelay`` when it sent one, else 30 s
504         the run did not finish within its deadline (``request_timeout_seconds`` offline,
            the live deadline of ``dayplan.budgets`` for a live model)
==========  ====================================================================================

``run_id`` is in the problem when a run had started, and in the ``X-Run-Id`` header of every
served report. ``Idempotency-Key`` (optional): the same key with the same body replays the
stored response with ``Idempotent-Replayed: true`` (per process, see
``dayplan.service.idempotency``).

Extending: ``create_app(routers=[...])`` or ``app.include_router(router)`` adds routes; the
caller's identity comes from the ``get_user_id`` dependency, which reads the bearer token through
``dayplan.service.auth.current_user`` (``"local"`` when auth is off). ``GET
/v1/saved-plans/{plan_id}`` (``dayplan.service.saved``) serves a saved plan to its owner only.

Run it: ``python -m dayplan serve`` (uvicorn on 127.0.0.1:8000) or ``make serve``.
"""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from google.adk.models.base_llm import BaseLlm
from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from dayplan import __version__
from dayplan.agent.live import is_live_model
from dayplan.contract import DayPlanReport, PlanRequest
from dayplan.service import auth, saved
from dayplan.service.idempotency import IdempotencyStore, StoredResponse
from dayplan.service.problems import (
    BodyLimitMiddleware,
    Problem,
    problem_response,
    problem_responses,
)
from dayplan.service.run import RATE_LIMITED, resolve_model, run_plan
from dayplan.store import get_store

LOCAL_USER = "local"
DEFAULT_RETRY_AFTER = 30
"""Seconds in ``Retry-After`` of a 503 when Gemini's 429 gave no ``retryDelay``."""
IDEMPOTENCY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
RUN_ID_HEADER = "X-Run-Id"

__all__ = ["ServiceSettings", "create_app", "get_user_id"]  # and `app`, built on first access


class ServiceSettings(BaseSettings):
    """Service limits from the environment: ``DAYPLAN_REQUEST_TIMEOUT_SECONDS`` (default 60 s),
    ``DAYPLAN_MAX_BODY_BYTES`` (default 65536)."""

    model_config = SettingsConfigDict(env_prefix="DAYPLAN_", extra="ignore")

    request_timeout_seconds: float = Field(default=60.0, gt=0, le=3600)
    max_body_bytes: int = Field(default=64 * 1024, ge=1, le=16 * 1024 * 1024)


class Health(BaseModel):
    """``GET /health``: the service is up; which mode and model it runs; the package version."""

    status: Literal["ok"] = "ok"
    mode: Literal["offline", "live"]
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
    """Seconds a run may take: ``request_timeout_seconds`` for an offline model; for a live one
    the live deadline of ``dayplan.budgets`` (covering the worst case of every model turn and
    search), unless ``request_timeout_seconds`` is longer."""
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


def _plans_router() -> APIRouter:
    router = APIRouter()

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
            **problem_responses(400, 409, 413, 422, 500, 502, 503, 504),
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
        key = idempotency_key
        if key is not None:
            outcome, stored = svc.idempotency.claim(user_id, key, _fingerprint(body))
            if outcome == "mismatch":
                return problem_response(
                    422,
                    "idempotency-key-reused",
                    "Idempotency-Key reused with a different body",
                    f"the key {key!r} was first used with another request body",
                    instance=path,
                )
            if outcome == "running":
                return problem_response(
                    409,
                    "idempotency-key-in-progress",
                    "A request with this Idempotency-Key is still running",
                    f"retry once the first request with key {key!r} has finished",
                    instance=path,
                )
            if outcome == "replay" and stored is not None:
                return Response(
                    stored.body,
                    status_code=stored.status_code,
                    media_type=stored.media_type,
                    headers={**stored.headers, REPLAYED_HEADER: "true"},
                )
        # a replayed recording (model replay:DIR) is the recorded run, under its recorded run id
        run_id = (
            getattr(getattr(svc.model, "http_tap", None), "run_id", None) or (uuid.uuid4().hex[:12])
        )
        succeeded = False
        deadline = run_deadline(svc.settings, svc.model)
        try:
            try:
                async with asyncio.timeout(deadline):
                    run = await run_plan(body, model=svc.model, run_id=run_id, user_id=user_id)
            except TimeoutError:
                return problem_response(
                    504,
                    "timeout",
                    "The run did not finish in time",
                    f"the run was stopped after {deadline:g} s",
                    instance=path,
                    run_id=run_id,
                )
            if run.error is not None and run.error.rule == RATE_LIMITED:
                wait = getattr(run.error, "retry_after", None) or DEFAULT_RETRY_AFTER
                return problem_response(
                    503,
                    "rate-limited",
                    "The model is rate limited; retry later",
                    run.error.detail,
                    instance=path,
                    headers={"Retry-After": str(int(wait))},
                    run_id=run.run_id,
                    rule=RATE_LIMITED,
                )
            if run.error is not None or run.report is None:
                rule = run.error.rule if run.error else "boundary"
                detail = run.error.detail if run.error else "the run produced no report"
                return problem_response(
                    502,
                    "run-rejected",
                    f"The run was rejected by the {rule} rule",
                    detail,
                    instance=path,
                    run_id=run.run_id,
                    rule=rule,
                )
            content = run.report.model_dump_json().encode("utf-8")
            headers = {RUN_ID_HEADER: run.run_id}
            if key is not None:
                svc.idempotency.complete(
                    user_id, key, StoredResponse(200, content, "application/json", headers)
                )
            succeeded = True
            return Response(content, media_type="application/json", headers=headers)
        finally:
            if key is not None and not succeeded:
                svc.idempotency.release(user_id, key)

    @router.get("/health", response_model=Health, summary="Liveness, mode, model and version")
    async def health(request: Request) -> Health:
        svc = request.app.state
        if not is_live_model(svc.model):
            return Health(mode="offline", model=svc.model.model, version=__version__)
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


def _field_errors(exc: RequestValidationError) -> list[dict[str, Any]]:
    out = []
    for err in exc.errors()[:50]:
        loc = [p if isinstance(p, int) else str(p)[:100] for p in err.get("loc", ())][:20]
        out.append({"loc": loc, "msg": str(err.get("msg", ""))[:500], "type": str(err["type"])})
    return out


async def _on_validation_error(request: Request, exc: RequestValidationError) -> Response:
    errors = _field_errors(exc)
    if any(e["type"] == "json_invalid" for e in errors):
        return problem_response(
            400,
            "malformed-json",
            "The request body is not valid JSON",
            "send one JSON object with Content-Type: application/json",
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


async def _on_unexpected(request: Request, exc: Exception) -> Response:
    # No exception text: it might carry request data or configuration.
    return problem_response(
        500,
        "internal-error",
        "Unexpected server error",
        f"an unexpected {type(exc).__name__} stopped the request",
        instance=request.url.path,
    )


@asynccontextmanager
async def _lifespan(_app: FastAPI) -> AsyncIterator[None]:
    """At start: say how users are identified (auth on or off) and create the store's schema."""
    auth.announce_auth_mode()
    get_store()
    yield


def create_app(
    model: str | BaseLlm | None = None,
    *,
    settings: ServiceSettings | None = None,
    idempotency: IdempotencyStore | None = None,
    routers: Sequence[APIRouter] = (),
) -> FastAPI:
    """Build the service.

    ``model``: a model spec (``"offline"``, ``"live"``, ``"faulty:NAME"``) or a ``BaseLlm``
    (tests pass slow or faulty fakes); default: the configured mode (``DAYPLAN_MODE``). ``settings``: limits (default from the
    environment). ``idempotency``: the key store (default a fresh in-memory one). ``routers``:
    extra routers to include. Raises ``ModelSpecError`` for an unknown model spec.
    """
    settings = settings or ServiceSettings()
    app = FastAPI(
        lifespan=_lifespan,
        title="dayplan",
        version=__version__,
        description=(
            "Plan my Saturday: the model chooses, code proves. Every served report is rebuilt "
            "from checked tool results; errors are application/problem+json (RFC 9457)."
        ),
    )
    app.state.settings = settings
    app.state.model = resolve_model(model)
    app.state.idempotency = idempotency or IdempotencyStore()
    app.add_exception_handler(auth.ProblemError, auth.problem_handler)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)
    app.add_exception_handler(Exception, _on_unexpected)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
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
