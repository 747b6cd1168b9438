"""``crossforge serve``: run the HTTP API with its worker processes."""

from __future__ import annotations

import logging
import signal
import sys
from types import FrameType

import click


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@click.command()
@click.option("--host", default="127.0.0.1", help="Address to listen on.")
@click.option("--port", type=int, default=8000, help="Port (0 picks a free one).")
@click.option("--workers", type=int, help="Worker processes (default: CROSSFORGE_WORKERS, or 2).")
def serve(host: str, port: int, workers: int | None) -> None:
    """Run the HTTP API server until interrupted.

    Jobs still running on the way out are marked failed.
    """
    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.server.serving import make_api_server

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config = ServerConfig.from_env(workers=workers)
    app = create_app(config)
    server = make_api_server(app, host, port, config.client_timeout)
    signal.signal(signal.SIGTERM, _stop)
    print(
        f"crossforge: serving on http://{host}:{server.port} "
        f"(API docs: http://{host}:{server.port}/v1/docs)",
        file=sys.stderr,
        flush=True,
    )
    try:
        server.serve_forever()  # returns on Ctrl-C or SIGTERM
    finally:
        print("crossforge: stopping", file=sys.stderr, flush=True)
        server.server_close()
        app.extensions["crossforge"].close()
