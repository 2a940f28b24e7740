"""``python -m dayplan serve [--host 127.0.0.1] [--port 8000]``: run the FastAPI service.

Fails closed: without auth (``DAYPLAN_JWT_SECRET`` or ``DAYPLAN_JWKS_URL``) every caller is user
``local``, so the server binds loopback only; asked for any other address it refuses to start
with one line (exit 2). ``--insecure-no-auth`` overrides that for a throwaway demo and says so
loudly on every start. An HS256 secret under 32 bytes, a bad limit or a lock timeout that is not
below the request deadline also stop the start with one line.

uvicorn runs with ``--limit-concurrency`` (``DAYPLAN_LIMIT_CONCURRENCY``, 503 beyond it),
``timeout_keep_alive`` and ``timeout_graceful_shutdown`` from ``ServiceSettings``.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys

from dayplan.cli_common import EXIT_OK, InputError

INSECURE_BANNER = (
    "WARNING: --insecure-no-auth: auth is OFF on a non-loopback address; anyone who can reach "
    "{host}:{port} acts as user 'local' and reads every saved plan. Demo use only."
)


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is not between 1 and 65535")
    return port


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1); False for anything
    else, ``0.0.0.0`` and ``::`` (every interface) included."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, mode: str, insecure_no_auth: bool) -> None:
    """Refuse (``InputError``, one line) to bind a non-loopback ``host`` with auth ``off``."""
    if mode == "off" and not is_loopback(host) and not insecure_no_auth:
        raise InputError(
            f"refusing to serve on {host} without auth: set DAYPLAN_JWT_SECRET (HS256, 32+ bytes) "
            "or DAYPLAN_JWKS_URL, or bind 127.0.0.1"
        )


def check_port_free(host: str, port: int) -> None:
    """Refuse (``InputError``, one line) to start when ``host:port`` cannot be listened on (a
    server already there, a port below 1024 without the right, an address not on this machine),
    rather than let uvicorn print its own lines and exit with a rule's code."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            busy = " (another server is there: stop it or pick --port)" if exc.errno == 98 else ""
            raise InputError(
                f"cannot listen on {host}:{port}: {exc.strerror or exc}{busy}"
            ) from None


def log_config(level: str) -> dict:
    """uvicorn's logging configuration plus the ``dayplan`` loggers at ``level`` (``--log-level``,
    default ``info``) on uvicorn's stderr handler, each line naming its logger: without it they
    reached only Python's last-resort handler, which drops INFO, so the reasons of 401s
    (``dayplan.service.auth``: "the token has expired", never the token) were never shown."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["dayplan"] = {
        "()": "uvicorn.logging.DefaultFormatter",
        "fmt": "%(levelprefix)s %(name)s: %(message)s",
        "use_colors": None,
    }
    config["handlers"]["dayplan"] = {
        "formatter": "dayplan",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["dayplan"] = {
        "handlers": ["dayplan"],
        "level": level.upper(),
        "propagate": False,
    }
    return config


def _serve(args: argparse.Namespace) -> int:
    import uvicorn
    from pydantic import ValidationError
    from sqlalchemy.exc import SQLAlchemyError

    from dayplan.agent.models import ModelSpecError
    from dayplan.service.app import ServiceSettings, create_app
    from dayplan.service.auth import AuthConfigError, check_auth_config

    try:
        mode = check_auth_config()
        check_bind(args.host, mode, args.insecure_no_auth)
        settings = ServiceSettings()
        app = create_app(args.model, settings=settings)
    except (ModelSpecError, AuthConfigError, ValueError) as exc:
        if isinstance(exc, ValidationError):
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ())) or "settings"
            raise InputError(f"bad setting {where}: {first.get('msg')}") from None
        raise InputError(str(exc)) from None
    except SQLAlchemyError as exc:
        from dayplan.store import StoreUnavailable

        why = str(exc) if isinstance(exc, StoreUnavailable) else type(exc).__name__
        raise InputError(f"the database cannot be opened ({why}); check DAYPLAN_DB_URL") from None
    check_port_free(args.host, args.port)
    if mode == "off" and not is_loopback(args.host):
        print(INSECURE_BANNER.format(host=args.host, port=args.port), file=sys.stderr)
    print(f"dayplan service on http://{args.host}:{args.port} (docs at /docs; Ctrl-C stops it)")
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        log_config=log_config(args.log_level),
        limit_concurrency=settings.limit_concurrency,
        timeout_keep_alive=settings.timeout_keep_alive_seconds,
        timeout_graceful_shutdown=settings.timeout_graceful_shutdown_seconds,
    )
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``serve``."""
    p = subparsers.add_parser("serve", help="serve POST /v1/day-plans with uvicorn")
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="TCP port (default 8000)")
    p.add_argument(
        "--model",
        default=None,
        help="offline, live, live:MODEL, replay:DIR (a recording, answered afresh for every "
        "request) or faulty:NAME (default: DAYPLAN_MODE, else offline)",
    )
    p.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    p.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="DEMO ONLY: allow a non-loopback --host without DAYPLAN_JWT_SECRET/DAYPLAN_JWKS_URL",
    )
    p.set_defaults(func=_serve)
