"""Run the distributed topology on one machine, without containers: Redis, gunicorn web
processes and ``crossforge worker`` processes, as ``deploy/compose.yaml`` runs them.

    .venv/bin/python scripts/topology.py [--workers N] [--web N] [--bind HOST:PORT]
        [--redis URL] [--database URL] [--queue-name NAME]

Without ``--redis`` it starts its own ``redis-server`` (on a free port, data in a
temporary folder); the database is ``--database``, else ``CROSSFORGE_DATABASE_URL``, else
the instance folder's SQLite file (SQLite serves every process of one machine; use
PostgreSQL across machines). It prints the URL once the web answers and every worker
listens, runs until Ctrl-C or SIGTERM, then stops everything, workers after the job they
run. A process that dies on its own stops the rest, and the script exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import FrameType

BIN = Path(sys.executable).parent
START_SECONDS = 60.0
"""How long the processes may take to answer."""
STOP_SECONDS = 30.0
"""How long they may take to stop before they are killed."""


def free_port() -> int:
    """A TCP port free on this machine now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Topology:
    """The processes started, in order, so that they stop in reverse."""

    def __init__(self) -> None:
        self.processes: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(self, name: str, command: list[str], env: dict[str, str]) -> None:
        """Start ``command`` (its output goes to ours)."""
        self.processes.append((name, subprocess.Popen(command, env=env)))

    def dead(self) -> str | None:
        """The name of a process that exited, if any did."""
        return next((name for name, process in self.processes if process.poll() is not None), None)

    def stop(self) -> None:
        """SIGTERM every process (web first, Redis last), SIGKILL what outlives the wait."""
        for _, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            with_deadline = time.monotonic() + STOP_SECONDS
            try:
                process.wait(timeout=max(0.1, with_deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def own_redis(topology: Topology, folder: Path) -> str:
    """Start a ``redis-server`` of our own; its URL."""
    server = shutil.which("redis-server")
    if server is None:
        sys.exit("topology: redis-server is not installed; pass --redis redis://host:port/db")
    port = free_port()
    command = [server, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
    topology.start("redis", [*command, "--save", "", "--appendonly", "no"], dict(os.environ))
    return f"redis://127.0.0.1:{port}/0"


def ready(base: str, workers: int) -> bool:
    """True once the web answers healthy and counts every worker."""
    try:
        with urllib.request.urlopen(f"{base}/v1/health", timeout=2) as answer:
            report = json.loads(answer.read())
    except OSError:
        return False
    return bool(report.get("status") == "ok" and report["jobs"]["workers"] >= workers)


def _stop_signal(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main() -> int:
    """Start the topology, wait for a stop signal, stop it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--web", type=int, default=2, help="web processes (gunicorn workers)")
    parser.add_argument("--bind", default="127.0.0.1:8000")
    parser.add_argument("--redis", help="Redis URL (default: start a redis-server)")
    parser.add_argument("--database", help="database URL (default: CROSSFORGE_DATABASE_URL)")
    parser.add_argument("--queue-name", default="crossforge")
    args = parser.parse_args()

    signal.signal(signal.SIGTERM, _stop_signal)
    topology = Topology()
    folder = Path(tempfile.mkdtemp(prefix="crossforge-topology-"))
    try:
        env = dict(os.environ)
        env["CROSSFORGE_QUEUE_URL"] = args.redis or own_redis(topology, folder)
        env["CROSSFORGE_QUEUE_NAME"] = args.queue_name
        env["CROSSFORGE_RATE_LIMIT_STORAGE"] = env["CROSSFORGE_QUEUE_URL"]
        env["WEB_CONCURRENCY"] = str(args.web)
        if args.database:
            env["CROSSFORGE_DATABASE_URL"] = args.database
        for index in range(args.workers):
            worker = f"{args.queue_name}-{socket.gethostname()}-{os.getpid()}-{index}"
            topology.start("worker", [str(BIN / "crossforge"), "worker", "--name", worker], env)
        gunicorn = [str(BIN / "gunicorn"), "-c", "python:crossforge.server.gunicorn_conf"]
        topology.start("web", [*gunicorn, "--bind", args.bind], env)
        base = f"http://{args.bind}"
        deadline = time.monotonic() + START_SECONDS
        while not ready(base, args.workers):
            if (name := topology.dead()) is not None:
                print(f"topology: the {name} process exited while starting", file=sys.stderr)
                return 1
            if time.monotonic() > deadline:
                print(f"topology: no answer from {base} in {START_SECONDS:g} s", file=sys.stderr)
                return 1
            time.sleep(0.2)
        print(
            f"topology: serving on {base} ({args.web} web, {args.workers} worker processes, "
            f"queue {args.queue_name} on {env['CROSSFORGE_QUEUE_URL']})",
            file=sys.stderr,
            flush=True,
        )
        while (name := topology.dead()) is None:
            time.sleep(0.5)
        print(f"topology: the {name} process exited; stopping", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        topology.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
