"""``crossforge serve`` runs the HTTP API with its worker processes; ``crossforge worker``
runs jobs from the distributed queue."""

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


@click.command()
@click.option("--name", help="Worker name, unique per queue (default: host and process id).")
@click.option("--burst", is_flag=True, help="Stop once the queue is empty.")
def worker(name: str | None, burst: bool) -> None:
    """Run jobs from the distributed queue (CROSSFORGE_QUEUE_URL) until stopped.

    Start one per core on any machine that reaches Redis and the database
    (CROSSFORGE_DATABASE_URL); its jobs run one at a time in a job process of its own
    (forked once, and again after a job it had to kill). SIGTERM or Ctrl-C lets the
    running job finish first; a second one stops it.
    """
    from crossforge.server.config import ServerConfig
    from crossforge.server.jobs.queue_worker import run_worker

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    run_worker(ServerConfig.from_env(), name=name, burst=burst)
