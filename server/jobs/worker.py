"""The loop a worker process runs: take a job, execute it under a Control, report back.

A worker lives for many jobs, so whatever ``execute`` caches at module level (word
indexes above all) is loaded once per worker. Messages to the parent:
``("started", job_id)``, ``("progress", job_id, report)`` and
``("done", job_id, status, result, error)``.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from crossforge.plugins.contract import Control
from crossforge.server.jobs.records import CANCELED, FAILED, SUCCEEDED

Execute = Callable[[str, str, dict[str, Any], Control], dict[str, Any]]
"""``execute(kind, puzzle_type, request, control)`` → the job's JSON result."""

log = logging.getLogger(__name__)

PROGRESS_INTERVAL = 0.25
CANCEL_CHECK_INTERVAL = 0.02


class Flag(Protocol):
    """The cancel flag shared with the parent (a ``multiprocessing.Event``)."""

    def is_set(self) -> bool: ...


class Channel(Protocol):
    """The worker's end of its pipe to the parent (a ``multiprocessing`` connection)."""

    def recv(self) -> Any: ...

    def send(self, obj: Any) -> None: ...


class JobFailure(Exception):
    """A job failed for a reason its requester should read (``code``: machine-readable)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def control_for(
    job_id: str, request: dict[str, Any], time_limit: float, cancel: Flag, channel: Channel
) -> Control:
    """The Control of one job: its deadline, the shared cancel flag and throttled progress."""
    timeout = request.get("options", {}).get("timeout")
    seconds = time_limit if timeout is None else min(float(timeout), time_limit)
    checked = {"at": 0.0, "set": False}

    def cancelled() -> bool:
        now = time.monotonic()
        if not checked["set"] and now - checked["at"] >= CANCEL_CHECK_INTERVAL:
            checked["at"], checked["set"] = now, cancel.is_set()
        return bool(checked["set"])

    last = {"at": 0.0}

    def progress(report: dict[str, Any]) -> None:
        now = time.monotonic()
        if now - last["at"] >= PROGRESS_INTERVAL:
            last["at"] = now
            channel.send(("progress", job_id, dict(report)))

    seed = request.get("options", {}).get("seed")
    return Control.with_timeout(seconds, cancelled=cancelled, progress=progress, seed=seed)


def run_job(
    execute: Execute,
    job_id: str,
    kind: str,
    puzzle_type: str,
    request: dict[str, Any],
    time_limit: float,
    cancel: Flag,
    channel: Channel,
) -> None:
    """Execute one job and send its outcome to ``channel``."""
    channel.send(("started", job_id))
    control = control_for(job_id, request, time_limit, cancel, channel)
    try:
        result = execute(kind, puzzle_type, request, control)
    except JobFailure as exc:
        channel.send(("done", job_id, FAILED, None, (exc.code, str(exc))))
    except (ValueError, LookupError) as exc:
        channel.send(("done", job_id, FAILED, None, ("invalid_input", str(exc))))
    except Exception as exc:  # the parent must hear of every failure, whatever it is
        log.exception("job %s (%s %s) failed", job_id, kind, puzzle_type)
        channel.send(("done", job_id, FAILED, None, ("job_error", f"{type(exc).__name__}: {exc}")))
    else:
        status = CANCELED if cancel.is_set() else SUCCEEDED
        channel.send(("done", job_id, status, result, None))


def worker_main(
    execute: Execute, channel: Channel, cancel: Flag, environment: Mapping[str, str]
) -> None:
    """Entry point of a worker process; returns when it receives None.

    ``environment`` is set first, so that plugins opening the configured word store
    reach the server's database.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers stop
    os.environ.update(environment)
    while True:
        task = channel.recv()
        if task is None:
            return
        job_id, kind, puzzle_type, request, time_limit = task
        run_job(execute, job_id, kind, puzzle_type, request, time_limit, cancel, channel)
