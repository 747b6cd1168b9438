"""``crossforge serve``: run the HTTP API with its worker processes."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from types import FrameType
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser = subparsers.add_parser("serve", help="run the HTTP API server")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (8000; 0 picks a free one)")
    parser.add_argument(
        "--workers", type=int, default=None, help="worker processes (CROSSFORGE_WORKERS, 2)"
    )
    parser.set_defaults(handler=run_serve)


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; running jobs are marked failed on the way out."""
    from werkzeug.serving import make_server

    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    app = create_app(ServerConfig.from_env(workers=args.workers))
    server = make_server(args.host, args.port, app, threaded=True)
    signal.signal(signal.SIGTERM, _stop)
    print(
        f"crossforge: serving on http://{args.host}:{server.port} "
        f"(API docs: http://{args.host}:{server.port}/v1/docs)",
        file=sys.stderr,
        flush=True,
    )
    try:
        server.serve_forever()  # returns on Ctrl-C or SIGTERM
    finally:
        print("crossforge: stopping", file=sys.stderr, flush=True)
        server.server_close()
        app.extensions["crossforge"].close()
    return 0
