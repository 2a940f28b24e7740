"""``python -m dayplan serve [--host 127.0.0.1] [--port 8000]``: run the FastAPI service."""

from __future__ import annotations

import argparse

from dayplan.cli_common import EXIT_OK, InputError


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is not between 1 and 65535")
    return port


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from dayplan.agent.models import ModelSpecError
    from dayplan.service.app import create_app

    try:
        app = create_app(args.model)
    except ModelSpecError as exc:
        raise InputError(str(exc)) from None
    print(f"dayplan service on http://{args.host}:{args.port} (docs at /docs; Ctrl-C stops it)")
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``serve``."""
    p = subparsers.add_parser("serve", help="serve POST /v1/day-plans with uvicorn")
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="TCP port (default 8000)")
    p.add_argument(
        "--model",
        default=None,
        help="offline, live, live:MODEL or faulty:NAME (default: DAYPLAN_MODE, else offline)",
    )
    p.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    p.set_defaults(func=_serve)
