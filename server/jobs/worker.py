"""The loop a worker process runs: take a task, execute it under a Control, report back.

A worker lives for many jobs and opens its word store once, so word indexes are loaded
once per worker and list version. Parent and worker speak in the dataclasses below:
``Task`` (or None: stop) one way, ``Started``, ``Progress`` and ``Done`` the other.
"""

from __future__ import annotations

import logging
import signal
import time
from dataclasses import dataclass
from typing import Any, Protocol

from crossforge.plugins.contract import Control, WordSource
from crossforge.server.jobs.records import CANCELED, FAILED, SUCCEEDED

log = logging.getLogger(__name__)

PROGRESS_INTERVAL = 0.25
CANCEL_CHECK_INTERVAL = 0.02


@dataclass(frozen=True)
class Task:
    """A job for a worker: its record's kind, type and request, and its time limit."""

    job_id: str
    kind: str
    puzzle_type: str
    request: dict[str, Any]
    time_limit: float


@dataclass(frozen=True)
class Started:
    """The worker began the job."""

    job_id: str


@dataclass(frozen=True)
class Progress:
    """A progress report of the running job."""

    job_id: str
    report: dict[str, Any]


@dataclass(frozen=True)
class Done:
    """The job ended: its status, and its result or its error (code, message)."""

    job_id: str
    status: str
    result: dict[str, Any] | None = None
    error: tuple[str, str] | None = None


Message = Started | Progress | Done


class Execute(Protocol):
    """What a worker runs for each task: its JSON result, or an exception."""

    def __call__(self, task: Task, control: Control, words: WordSource) -> dict[str, Any]: ...


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


def control_for(task: Task, cancel: Flag, channel: Channel) -> Control:
    """The Control of one task: its deadline (the request's ``timeout`` within the time
    limit), its ``seed``, the shared cancel flag and throttled progress."""
    timeout = task.request.get("timeout")
    seconds = task.time_limit if timeout is None else min(float(timeout), task.time_limit)
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
            channel.send(Progress(task.job_id, dict(report)))

    seed = task.request.get("seed")
    return Control.with_timeout(seconds, cancelled=cancelled, progress=progress, seed=seed)


def run_task(
    execute: Execute, task: Task, words: WordSource, cancel: Flag, channel: Channel
) -> None:
    """Execute one task and send its outcome to ``channel``."""
    channel.send(Started(task.job_id))
    control = control_for(task, cancel, channel)
    try:
        result = execute(task, control, words)
    except JobFailure as exc:
        channel.send(Done(task.job_id, FAILED, error=(exc.code, str(exc))))
    except (ValueError, LookupError) as exc:
        channel.send(Done(task.job_id, FAILED, error=("invalid_input", str(exc))))
    except Exception as exc:  # the parent must hear of every failure, whatever it is
        log.exception("job %s (%s %s) failed", task.job_id, task.kind, task.puzzle_type)
        error = ("job_error", f"{type(exc).__name__}: {exc}")
        channel.send(Done(task.job_id, FAILED, error=error))
    else:
        channel.send(Done(task.job_id, CANCELED if cancel.is_set() else SUCCEEDED, result))


def worker_main(execute: Execute, channel: Channel, cancel: Flag, database_url: str) -> None:
    """Entry point of a worker process: open the word store on ``database_url`` once,
    then run tasks until it receives None."""
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers stop
    with WordStore(database_url) as store:
        words = StoreWords(store)
        while True:
            task = channel.recv()
            if task is None:
                return
            run_task(execute, task, words, cancel, channel)
