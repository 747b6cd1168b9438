"""The distributed runner in tests: a queue of its own on the test Redis and real
``crossforge worker`` processes (which import the job doubles from this folder)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CROSSFORGE = Path(sys.executable).parent / "crossforge"


def free_port() -> int:
    """A TCP port free on this machine now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def worker_env(settings: dict[str, Any], instance: Path) -> dict[str, str]:
    """The environment of a worker (or web) process: ``settings`` as ``CROSSFORGE_*``
    variables, the job doubles importable."""
    env = dict(os.environ)
    env.update({f"CROSSFORGE_{k.upper()}": str(v) for k, v in settings.items()})
    env["CROSSFORGE_INSTANCE"] = str(instance)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(HERE.parent), env.get("PYTHONPATH", "")])
    return env


class Processes:
    """Subprocesses started by a test, stopped (then killed) at its end; output in
    ``folder``."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder = folder
        self.env = env
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, *command: str, name: str) -> subprocess.Popen[bytes]:
        """Start ``command``; its output goes to ``folder/name.log``."""
        log = (self.folder / f"{name}.log").open("wb")
        process = subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.started.append(process)
        return process

    def worker(self, index: int = 0) -> subprocess.Popen[bytes]:
        """A ``crossforge worker``."""
        name = f"{self.env.get('CROSSFORGE_QUEUE_NAME', 'crossforge')}-w{index}"
        return self.start(str(CROSSFORGE), "worker", "--name", name, name=f"worker-{index}")

    def log(self, name: str) -> str:
        """What process ``name`` printed so far."""
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def stop(self) -> None:
        """SIGTERM every process, SIGKILL those still alive after 10 s."""
        for process in self.started:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for process in self.started:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def forget_queue(redis: Any, name: str) -> None:
    """Delete every Redis key of queue ``name`` (ours and RQ's)."""
    for pattern in (f"{name}:*", f"rq:*{name}*"):
        keys = list(redis.scan_iter(match=pattern, count=1000))
        if keys:
            redis.delete(*keys)
