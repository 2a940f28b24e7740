"""Who is asking: the user is the ``sub`` of a verified JWT, never a field of the request body.

``current_user`` is a FastAPI dependency returning that user id. Modes, chosen from the
environment on every request (so a test or a restart can switch them):

* ``DAYPLAN_JWT_SECRET`` set: ``Authorization: Bearer <JWT>`` signed **HS256** with that secret,
  which must be at least 32 bytes (RFC 7518 §3.2: a key as long as the hash); a shorter one is
  refused at start (``check_auth_config``).
* ``DAYPLAN_JWKS_URL`` set: **ES256** or **RS256** tokens from an identity provider, verified
  against the provider's JWKS (fetched with PyJWT's ``PyJWKClient`` and cached 5 min). Set
  ``DAYPLAN_JWT_AUDIENCE`` (your client id / API identifier) and ``DAYPLAN_JWT_ISSUER`` (the
  provider's issuer URL, e.g. ``https://accounts.google.com``) as well: a JWKS signs tokens for
  every application of the provider, so without an audience any of them would be accepted.
* Both set: the token's ``alg`` header picks the key (HS256 → secret; ES256/RS256 → JWKS).
* Neither: auth is **off** (local notebook use only); every request runs as user ``local``.
  ``serve`` then binds loopback only and refuses any other address (see
  ``dayplan.commands.serve``); the server says so in its log at start (``announce_auth_mode``).

Every token must carry ``exp`` and ``sub``; ``nbf`` and ``iat`` are checked when present;
``aud`` and ``iss`` are checked whenever ``DAYPLAN_JWT_AUDIENCE`` / ``DAYPLAN_JWT_ISSUER`` are
set. Clock leeway: ``LEEWAY_SECONDS`` (10 s). A missing, malformed, badly signed or expired token
is ``401`` ``application/problem+json`` with ``WWW-Authenticate: Bearer`` and one generic
detail; the reason goes to the log (``dayplan.service.auth``, INFO), never to the caller, and
tokens are never logged. A JWKS endpoint that cannot be reached is ``503``.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Literal

import jwt
from fastapi import Header, HTTPException, Request
from fastapi.responses import JSONResponse

logger = logging.getLogger("dayplan.service.auth")

LOCAL_USER = "local"
ASYMMETRIC_ALGORITHMS = ("ES256", "RS256")
PROBLEM_TYPE = "application/problem+json"
PROBLEM_TYPE_PREFIX = "urn:dayplan:problem:"
LEEWAY_SECONDS = 10
MIN_SECRET_BYTES = 32
UNAUTHORIZED_DETAIL = "this request needs a valid bearer token: Authorization: Bearer <JWT>"
AuthMode = Literal["hs256", "jwks", "hs256+jwks", "off"]

_JWKS_CLIENTS: dict[str, jwt.PyJWKClient] = {}
_LOCK = threading.Lock()
_ANNOUNCED: set[str] = set()


class AuthConfigError(ValueError):
    """The auth settings cannot be used (one readable line, never containing the secret)."""


class ProblemError(HTTPException):
    """An HTTP error served as RFC 9457 ``application/problem+json`` (see ``problem_handler``);
    ``slug`` names its ``urn:dayplan:problem:*`` type."""

    def __init__(
        self,
        status: int,
        title: str,
        detail: str,
        headers: dict[str, str] | None = None,
        slug: str | None = None,
    ) -> None:
        super().__init__(status_code=status, detail=detail, headers=headers)
        self.title = title
        self.slug = slug or {401: "unauthorized", 404: "not-found", 503: "unavailable"}.get(
            status, "http-error"
        )


def problem_handler(request: Request, exc: Exception) -> JSONResponse:
    """Exception handler for ``ProblemError``: ``{type, title, status, detail, instance}`` as
    problem JSON (``type`` a ``urn:dayplan:problem:*`` URN, ``instance`` the request path)."""
    assert isinstance(exc, ProblemError)
    return JSONResponse(
        {
            "type": PROBLEM_TYPE_PREFIX + exc.slug,
            "title": exc.title,
            "status": exc.status_code,
            "detail": exc.detail,
            "instance": request.url.path,
        },
        status_code=exc.status_code,
        headers=exc.headers,
        media_type=PROBLEM_TYPE,
    )


def _unauthorized(reason: str) -> ProblemError:
    """A 401 with the generic detail; ``reason`` goes to the log only."""
    logger.info("401: %s", reason)
    return ProblemError(
        401, "Unauthorized", UNAUTHORIZED_DETAIL, headers={"WWW-Authenticate": "Bearer"}
    )


def check_auth_config() -> AuthMode:
    """The configured mode, after refusing settings that cannot be safe: an HS256 secret shorter
    than ``MIN_SECRET_BYTES`` (32) bytes. Raises ``AuthConfigError`` (one line naming the
    variable, never its value)."""
    secret = os.environ.get("DAYPLAN_JWT_SECRET")
    if secret is not None and secret != "" and len(secret.encode("utf-8")) < MIN_SECRET_BYTES:
        raise AuthConfigError(
            f"DAYPLAN_JWT_SECRET is {len(secret.encode('utf-8'))} bytes; HS256 needs at least "
            f"{MIN_SECRET_BYTES} (RFC 7518 section 3.2): generate one with "
            "python -c 'import secrets; print(secrets.token_urlsafe(48))'"
        )
    return auth_mode()


def auth_mode() -> AuthMode:
    """Which verification is configured right now (from the environment)."""
    secret = bool(os.environ.get("DAYPLAN_JWT_SECRET"))
    jwks = bool(os.environ.get("DAYPLAN_JWKS_URL"))
    if secret and jwks:
        return "hs256+jwks"
    if secret:
        return "hs256"
    return "jwks" if jwks else "off"


def announce_auth_mode(log: logging.Logger | None = None) -> str:
    """Log (at WARNING when off, else INFO) and return one line saying how users are identified.

    Call it at server start; ``current_user`` also calls it once per mode on first use.
    """
    log = log or logger
    mode = auth_mode()
    if mode == "off":
        line = (
            "auth is OFF: neither DAYPLAN_JWT_SECRET nor DAYPLAN_JWKS_URL is set; every request "
            f"runs as user {LOCAL_USER!r} (local notebook use only)"
        )
        log.warning(line)
    else:
        line = f"auth is ON ({mode}): requests need Authorization: Bearer <JWT>; user = its sub"
        log.info(line)
    _ANNOUNCED.add(mode)
    return line


def _jwks_client(url: str) -> jwt.PyJWKClient:
    with _LOCK:
        client = _JWKS_CLIENTS.get(url)
        if client is None:
            client = _JWKS_CLIENTS[url] = jwt.PyJWKClient(url, cache_keys=True, lifespan=300)
        return client


def verify_token(token: str) -> str:
    """The ``sub`` of ``token`` after verifying it in the configured mode.

    Raises ``ProblemError`` 401 for anything unverifiable and 503 when the JWKS endpoint cannot
    be reached. Raises ``RuntimeError`` when auth is off (callers check ``auth_mode`` first).
    """
    secret = os.environ.get("DAYPLAN_JWT_SECRET")
    jwks_url = os.environ.get("DAYPLAN_JWKS_URL")
    if not secret and not jwks_url:
        raise RuntimeError("auth is off: there is nothing to verify a token against")
    try:
        alg = jwt.get_unverified_header(token).get("alg")
    except jwt.PyJWTError:
        raise _unauthorized("the bearer token is not a well-formed JWT") from None
    if alg == "HS256" and secret:
        key: object = secret
        algorithms = ["HS256"]
    elif alg in ASYMMETRIC_ALGORITHMS and jwks_url:
        try:
            key = _jwks_client(jwks_url).get_signing_key_from_jwt(token).key
        except jwt.PyJWKClientConnectionError:
            raise ProblemError(
                503, "Service Unavailable", "the identity provider's keys (JWKS) are unreachable"
            ) from None
        except jwt.PyJWTError:
            raise _unauthorized("no key of the identity provider matches this token") from None
        algorithms = list(ASYMMETRIC_ALGORITHMS)
    else:
        accepted = (["HS256"] if secret else []) + (list(ASYMMETRIC_ALGORITHMS) if jwks_url else [])
        raise _unauthorized(
            f"token algorithm {str(alg)[:40]!r} is not accepted; use {', '.join(accepted)}"
        )
    if alg == "HS256":  # a short secret never verifies anything, even if set after start
        try:
            check_auth_config()
        except AuthConfigError as exc:
            raise _unauthorized(str(exc)) from None
    audience = os.environ.get("DAYPLAN_JWT_AUDIENCE") or None
    issuer = os.environ.get("DAYPLAN_JWT_ISSUER") or None
    try:
        claims = jwt.decode(
            token,
            key,  # type: ignore[arg-type]
            algorithms=algorithms,
            audience=audience,
            issuer=issuer,
            options={"require": ["exp", "sub"], "verify_aud": audience is not None},
            leeway=LEEWAY_SECONDS,
        )
    except jwt.ExpiredSignatureError:
        raise _unauthorized("the token has expired") from None
    except jwt.PyJWTError as exc:
        raise _unauthorized(f"the token is not valid ({type(exc).__name__}: {exc})") from None
    sub = claims.get("sub")
    if not isinstance(sub, str) or not sub.strip() or len(sub) > 200:
        raise _unauthorized("the token's sub must be a non-empty string of at most 200 characters")
    return sub


def current_user(authorization: str | None = Header(default=None)) -> str:
    """FastAPI dependency: the verified user id (the token's ``sub``), or ``local`` when auth is
    off. Sync on purpose: FastAPI runs it in a worker thread, so a JWKS fetch never blocks the
    event loop."""
    mode = auth_mode()
    if mode not in _ANNOUNCED:
        announce_auth_mode()
    if mode == "off":
        return LOCAL_USER
    if not authorization:
        raise _unauthorized("no Authorization header")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _unauthorized("not the Bearer scheme")
    return verify_token(token.strip())
