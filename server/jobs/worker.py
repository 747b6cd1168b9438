"""The loop a worker process runs: take a task, execute it under a Control, report back.

A worker lives for many jobs and opens its word store once, so word indexes are loaded
once per worker and list version. Parent and worker speak in the dataclasses below:
``Task`` (or None: stop) one way, ``Started``, ``Progress`` and ``Done`` the other.
"""

from __future__ import annotations

import ctypes
import logging
import os
import resource
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from crossforge.errors import shown
from crossforge.plugins.contract import Control, InputError, NotFound, OutOfTime, WordSource
from crossforge.plugins.job_requests import JobRequest
from crossforge.server.jobs.records import CANCELED, FAILED, SUCCEEDED

log = logging.getLogger(__name__)

MEMORY_LIMIT = "memory_limit"
"""The error code of a job that ran out of its worker's memory."""

PROGRESS_INTERVAL = 0.25
CANCEL_CHECK_INTERVAL = 0.02


@dataclass(frozen=True)
class Task:
    """A job for a worker: its record's action, type and request, its time limit, and the
    versions of the word lists its check read (list name -> ``list_stamp``)."""

    job_id: str
    action: str
    puzzle_type: str
    request: JobRequest
    time_limit: float
    lists: dict[str, str] = field(default_factory=dict)


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
    retire: bool = False
    """The worker exits after this job (it ran out of memory): send it nothing more."""


Message = Started | Progress | Done


class Execute(Protocol):
    """What a worker runs for each task: its JSON result, or an exception."""

    def __call__(self, task: Task, control: Control, words: WordSource) -> dict[str, Any]: ...


class Flag(Protocol):
    """The cancel flag shared with the parent (a ``multiprocessing.Event``)."""

    def is_set(self) -> bool: ...


class Reports(Protocol):
    """Where a running task's messages go (a pipe to the parent, or the job store)."""

    def send(self, obj: Any) -> None: ...


class Channel(Reports, Protocol):
    """The worker's end of its pipe to the parent (a ``multiprocessing`` connection)."""

    def recv(self) -> Any: ...


class JobFailure(Exception):
    """A job failed for a reason its requester should read (``code``: machine-readable)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def control_for(task: Task, cancel: Flag, channel: Reports) -> Control:
    """The Control of one task, made by its request (``JobRequest.control``): with the
    task's time limit, the shared cancel flag and throttled progress."""
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

    return task.request.control(task.time_limit, cancelled=cancelled, progress=progress)


def run_task(
    execute: Execute, task: Task, words: WordSource, cancel: Flag, channel: Reports
) -> bool:
    """Execute one task and send its outcome to ``channel``; False when the task ran out
    of memory (the worker should then make way for a fresh one).

    A job that fails after a cancel request ends canceled: a search stopped early often
    has nothing to show and says so with an error."""
    channel.send(Started(task.job_id))
    control = control_for(task, cancel, channel)
    outcome: tuple[str, tuple[str, str] | None]
    error: tuple[str, str] | None
    try:
        result = execute(task, control, words)
    except MemoryError:  # reported once the except block has let the job's memory go
        outcome = (FAILED, (MEMORY_LIMIT, "the job ran out of its worker's memory limit"))
    except JobFailure as exc:
        outcome = (FAILED, (exc.code, str(exc)))
    except (InputError, NotFound) as exc:  # the list may have gone since the check
        outcome = (FAILED, ("invalid_input", shown(str(exc))))
    except OutOfTime as exc:  # the job's deadline came first (a generation's, say)
        outcome = (FAILED, ("timeout", str(exc) or "the job ran out of time"))
    except Exception as exc:  # a bug of ours: logged, and the parent must hear of it
        log.exception("job %s (%s %s) failed", task.job_id, task.action, task.puzzle_type)
        outcome = (FAILED, ("internal_error", f"internal error: {type(exc).__name__}"))
    else:
        channel.send(Done(task.job_id, CANCELED if cancel.is_set() else SUCCEEDED, result))
        return True
    status, error = outcome
    retire = error is not None and error[0] == MEMORY_LIMIT
    if cancel.is_set():
        status, error = CANCELED, None
    channel.send(Done(task.job_id, status, error=error, retire=retire))
    return not retire


def death_error(code: int | None) -> tuple[str, str]:
    """The error of a job whose process died with exit ``code`` (negative: the signal, as
    ``multiprocessing`` says it): killed by the system (SIGKILL, as the kernel's
    out-of-memory killer does) is taken as out of memory."""
    if code == -signal.SIGKILL:
        return MEMORY_LIMIT, "the worker was killed by the system, most likely for memory"
    return "worker_died", f"the worker process exited (code {code})"


def limit_memory(limit: int | None) -> None:
    """Cap what this process may allocate at ``limit`` bytes (None: leave it), so a job
    allocating past it gets a MemoryError instead of starving the machine. On Linux the
    cap is on private data (heap and anonymous mappings, ``RLIMIT_DATA``): memory-mapped
    word indexes and reserved but unused address space do not count; elsewhere it is on
    the address space (``RLIMIT_AS``)."""
    if limit is None:
        return
    capped = getattr(resource, "RLIMIT_DATA", None) if sys.platform == "linux" else None
    if capped is None:
        capped = resource.RLIMIT_AS
    _, hard = resource.getrlimit(capped)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(capped, (limit, hard))


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal this process gets when its parent dies."""


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies, so a job whose runner was
    killed (a ``crossforge worker`` lost with SIGKILL, say) stops too."""
    if sys.platform != "linux":
        return
    parent = os.getppid()
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def worker_main(
    execute: Execute,
    channel: Channel,
    cancel: Flag,
    database_url: str,
    memory_limit: int | None = None,
) -> None:
    """Entry point of a worker process: die with its parent, cap its memory at
    ``memory_limit`` bytes, open the word store on ``database_url`` once, on first use,
    then run tasks until it receives None (or a task runs out of memory: the runner then
    starts a fresh one)."""
    from crossforge.wordbase.source import LazyStoreWords, WordsAtVersions

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # forked from a worker that handles it
    die_with_parent()
    limit_memory(memory_limit)
    words = LazyStoreWords(database_url)
    try:
        while True:
            task = channel.recv()
            if task is None:
                return
            if not run_task(execute, task, WordsAtVersions(words, task.lists), cancel, channel):
                return
    finally:
        words.close()
