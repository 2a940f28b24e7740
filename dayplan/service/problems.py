"""RFC 9457 problem details (``application/problem+json``) and the body-size and body-read-time
limit middleware.

Every error the service sends is a ``Problem``: ``type`` (a URN naming the problem kind),
``title``, ``status``, ``detail``, ``instance`` (the request path), plus ``run_id`` when a run
had started, ``rule`` when a guardrail or boundary rule rejected the run, and ``errors`` for
request validation.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from pydantic import BaseModel, Field
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PROBLEM_JSON = "application/problem+json"
PROBLEM_TYPE_PREFIX = "urn:dayplan:problem:"


class FieldError(BaseModel):
    """One invalid request field: where (``loc``), what is wrong (``msg``), a stable ``type``."""

    loc: list[str | int] = Field(max_length=20)
    msg: str = Field(max_length=500)
    type: str = Field(max_length=100)


class Problem(BaseModel):
    """An RFC 9457 problem details object, as served with ``application/problem+json``."""

    type: str = Field(examples=["urn:dayplan:problem:validation-error"], max_length=200)
    title: str = Field(max_length=200)
    status: int = Field(ge=400, le=599)
    detail: str = Field(default="", max_length=2000)
    instance: str | None = Field(default=None, max_length=2000)
    run_id: str | None = Field(default=None, max_length=200)
    rule: str | None = Field(
        default=None, max_length=100, description="the guardrail/boundary rule that fired"
    )
    errors: list[FieldError] | None = Field(default=None, max_length=50)


def problem_body(
    status: int,
    slug: str,
    title: str,
    detail: str = "",
    *,
    instance: str | None = None,
    **extra: Any,
) -> bytes:
    """The JSON bytes of a ``Problem`` (``None`` extras are left out)."""
    body: dict[str, Any] = {
        "type": PROBLEM_TYPE_PREFIX + slug,
        "title": title,
        "status": status,
        "detail": detail[:2000],
        "instance": instance,
    }
    body.update({k: v for k, v in extra.items() if v is not None})
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


def problem_response(
    status: int,
    slug: str,
    title: str,
    detail: str = "",
    *,
    instance: str | None = None,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response:
    """A ``Problem`` as a Starlette response with ``Content-Type: application/problem+json``."""
    return Response(
        problem_body(status, slug, title, detail, instance=instance, **extra),
        status_code=status,
        media_type=PROBLEM_JSON,
        headers=headers,
    )


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries declaring ``Problem`` bodies for ``statuses``."""
    titles = {
        400: "Malformed request (body is not valid JSON, is empty, or repeats a key)",
        401: "Missing or invalid bearer token",
        404: "Not found",
        408: "The request body did not arrive in time",
        409: "A request with this Idempotency-Key is still running",
        413: "Request body over the size limit",
        415: "Request body not sent as JSON (Content-Type must be application/json)",
        422: "Request failed validation (or Idempotency-Key reused with another body)",
        429: "Rate, concurrency or idempotency-key limit of this user (see Retry-After)",
        500: "Unexpected server error",
        502: "The run was rejected by a guardrail or boundary rule",
        503: "A dependency (database, identity provider) is unavailable, or the model is rate limited",
        504: "The request did not finish within the request timeout",
    }
    return {
        s: {
            "description": titles.get(s, "Problem"),
            "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
        for s in statuses
    }


class _TooLarge(Exception):
    pass


class BodyLimitMiddleware:
    """Refuse request bodies over ``max_bytes`` with a 413 problem, and bodies that take longer
    than ``read_timeout`` seconds to arrive with a 408 problem.

    Counts bytes **while the body streams in**, by wrapping ``receive``: a chunked body or one
    whose ``Content-Length`` lies is cut off as soon as the count passes the limit, and the rest
    is never read. A declared ``Content-Length`` over the limit is refused before reading. The
    read timeout runs from the first read of the body until its last chunk, so a client that
    stalls its upload cannot hold the connection (and its buffers) open. (Starlette's own
    ``RequestBodyLimitMiddleware`` answers with ``text/plain`` on some paths; this one always
    answers ``application/problem+json``.)
    """

    def __init__(
        self, app: ASGIApp, max_bytes: int = 64 * 1024, read_timeout: float | None = None
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout = read_timeout

    def _problem(self, scope: Scope, timed_out: bool = False) -> Response:
        if timed_out:
            return problem_response(
                408,
                "body-read-timeout",
                "The request body did not arrive in time",
                f"the request body was not complete within {self.read_timeout:g} s",
                instance=scope.get("path"),
                headers={"Connection": "close"},
            )
        return problem_response(
            413,
            "body-too-large",
            "Request body too large",
            f"the request body is over {self.max_bytes} bytes",
            instance=scope.get("path"),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > self.max_bytes:
                    await self._problem(scope)(scope, receive, send)
                    return
        received = 0
        too_large = False
        timed_out = False
        started = False
        body_done = False
        read_started: float | None = None

        async def limited_receive() -> Message:
            nonlocal received, too_large, timed_out, body_done, read_started
            if too_large:
                raise _TooLarge
            if body_done or self.read_timeout is None:
                message = await receive()
            else:
                if read_started is None:
                    read_started = time.monotonic()
                left = self.read_timeout - (time.monotonic() - read_started)
                try:
                    async with asyncio.timeout(max(left, 0.0)):
                        message = await receive()
                except TimeoutError:
                    too_large = timed_out = True
                    raise _TooLarge from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    too_large = True
                    raise _TooLarge
                body_done = not message.get("more_body", False)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if too_large and not started:
                return  # whatever the app made of the cut-off body, the answer is the 413
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except Exception:
            if not too_large or started:
                raise
        if too_large and not started:
            await self._problem(scope, timed_out)(scope, receive, send)
