"""Where jobs run: the ``JobRunner`` interface and its process-pool implementation.

The web layer only calls ``submit`` and ``cancel``; a distributed queue would be another
``JobRunner``. ``ProcessRunner`` keeps a fixed set of long-lived worker processes (the
search is CPU-bound), each with its own pipe (killing one never corrupts another's
channel) and cancel flag that the job's ``Control`` polls, a bounded queue of waiting
jobs, and a watchdog that stops a worker whose job ignores its time
limit or a cancel request, or notices a worker that died, and starts a fresh one.

Every job is bounded: in time by its own ``timeout`` capped by the runner's time limit
(plus the grace period, then its worker is killed), in memory by the address-space limit
each worker sets on itself (a MemoryError fails the job with ``memory_limit`` and the
worker makes way for a fresh one; a worker the system kills is taken as out of memory).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any

from sqlalchemy.exc import DBAPIError

from crossforge.server.jobs.records import CANCELED, FAILED, Job, JobStore
from crossforge.server.jobs.worker import (
    Done,
    Execute,
    Message,
    Progress,
    Started,
    Task,
    death_error,
    job_seconds,
    worker_main,
)

log = logging.getLogger(__name__)


class QueueFull(Exception):
    """The runner holds as many waiting jobs as it may."""


class JobRunner(ABC):
    """Runs job records away from the request threads and writes their outcome back."""

    @abstractmethod
    def submit(self, job: Job, lists: Mapping[str, str] | None = None) -> None:
        """Queue ``job`` (raises ``QueueFull`` at the queue bound); ``lists``: the word
        list versions its check read (``StoreWords.stamps``), which its worker then
        need not read again."""

    @abstractmethod
    def cancel(self, job_id: str) -> bool:
        """Stop a queued or running job; False when this runner does not hold it."""

    @abstractmethod
    def counts(self) -> dict[str, int]:
        """Jobs running, jobs waiting and worker count, for health reports."""

    @abstractmethod
    def shutdown(self) -> None:
        """Stop the workers; jobs still running are marked failed."""


@dataclass
class _Slot:
    """One worker process and the job it holds."""

    process: Any
    conn: Any
    cancel: Any
    job_id: str | None = None
    started: float | None = None
    """When the job was sent to the worker, then when the worker began it (the job's
    time counts from there)."""
    seconds: float = 0.0
    """How long the job may run: its own timeout within the runner's time limit."""
    cancel_at: float | None = None
    retiring: bool = False
    """The worker ran out of memory and exits: it takes no more jobs."""


@dataclass
class _Unwritten:
    """A job's end that the database has not recorded yet."""

    job_id: str
    status: str
    result: dict[str, Any] | None
    error: tuple[str, str] | None
    attempts: int = 0
    due: float = 0.0


FLUSH_BACKOFF_MAX = 30.0
"""Longest wait between two tries to record a job's end while the database fails."""


class ProcessRunner(JobRunner):
    """A fixed pool of worker processes fed from a bounded queue.

    Every worker opens the word store on ``database_url`` once and caps its address
    space at ``memory_limit`` bytes (None: no cap); a job that overruns its time (its
    ``timeout`` within ``time_limit``), or ignores a cancel, by ``grace`` seconds loses
    its worker.
    """

    def __init__(
        self,
        store: JobStore,
        execute: Execute,
        workers: int,
        max_queued: int,
        time_limit: float,
        database_url: str,
        grace: float = 2.0,
        memory_limit: int | None = None,
    ) -> None:
        self._store = store
        self._memory_limit = memory_limit
        self._database_url = database_url
        self._execute = execute
        self._workers = workers
        self._max_queued = max_queued
        self._time_limit = time_limit
        self._grace = grace
        # Workers fork from a clean server process that has the job code imported, so a
        # replacement worker starts in milliseconds and no request thread is forked.
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(["crossforge.server.jobs.worker", execute.__module__])
        self._slots: list[_Slot] = []
        self._pending: deque[Job] = deque()
        self._lists: dict[str, dict[str, str]] = {}
        self._unwritten: deque[_Unwritten] = deque()
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # the interface

    def submit(self, job: Job, lists: Mapping[str, str] | None = None) -> None:
        with self._lock:
            if self._stopping.is_set():
                raise QueueFull("the server is shutting down")
            self._start()
            if len(self._pending) >= self._max_queued and not self._idle_slot():
                raise QueueFull(
                    f"{len(self._pending)} jobs are already waiting (the limit is "
                    f"{self._max_queued}); try again later"
                )
            self._pending.append(job)
            self._lists[job.id] = dict(lists or {})
            self._dispatch()

    def cancel(self, job_id: str) -> bool:
        with self._lock:
            for job in self._pending:
                if job.id == job_id:
                    self._pending.remove(job)
                    self._lists.pop(job_id, None)
                    self._finish(job_id, CANCELED)
                    return True
            for slot in self._slots:
                if slot.job_id == job_id:
                    slot.cancel.set()
                    slot.cancel_at = slot.cancel_at or time.monotonic()
                    return True
        return False

    def counts(self) -> dict[str, int]:
        with self._lock:
            running = sum(1 for s in self._slots if s.job_id is not None)
            return {"workers": self._workers, "running": running, "queued": len(self._pending)}

    def shutdown(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        with self._lock:
            for slot in self._slots:
                self._send(slot, None)
            for slot in self._slots:
                slot.process.join(timeout=1)
                if slot.process.is_alive():
                    slot.process.kill()
                    slot.process.join(timeout=1)
                if slot.job_id is not None:
                    self._finish(
                        slot.job_id,
                        FAILED,
                        error=("server_stopped", "the server stopped while the job was running"),
                    )
            self._slots = []
            self._flush(final=True)

    # the pool

    def _start(self) -> None:
        if self._thread is not None:
            return
        self._slots = [self._spawn() for _ in range(self._workers)]
        self._thread = threading.Thread(target=self._loop, name="job-runner", daemon=True)
        self._thread.start()

    def _spawn(self) -> _Slot:
        parent_end, child_end = self._ctx.Pipe()
        cancel = self._ctx.Event()
        process = self._ctx.Process(
            target=worker_main,
            args=(self._execute, child_end, cancel, self._database_url, self._memory_limit),
            name="crossforge-worker",
            daemon=True,
        )
        process.start()
        child_end.close()
        return _Slot(process, parent_end, cancel)

    @staticmethod
    def _send(slot: _Slot, message: Task | None) -> None:
        with contextlib.suppress(OSError):  # a dead worker: the watchdog replaces it
            slot.conn.send(message)

    def _idle_slot(self) -> _Slot | None:
        return next((s for s in self._slots if s.job_id is None and not s.retiring), None)

    def _dispatch(self) -> None:
        while self._pending:
            slot = self._idle_slot()
            if slot is None:
                return
            job = self._pending.popleft()
            try:
                started = self._store.start(job.id)
            except Exception:  # the database failed: the job waits on, not orphaned
                self._pending.appendleft(job)
                raise
            lists = self._lists.pop(job.id, {})
            if not started:
                continue  # canceled while it waited
            slot.cancel.clear()
            slot.job_id, slot.started, slot.cancel_at = job.id, time.monotonic(), None
            slot.seconds = job_seconds(job.request, self._time_limit)
            task = Task(job.id, job.kind, job.puzzle_type, job.request, self._time_limit, lists)
            self._send(slot, task)

    def _loop(self) -> None:
        while not self._stopping.is_set():
            with self._lock:
                conns = [slot.conn for slot in self._slots]
            ready = wait(conns, timeout=0.1)
            try:
                with self._lock:
                    for conn in ready:
                        self._read(conn)
                    self._watch()
                    self._flush()
                    self._dispatch()
            except Exception:  # the runner thread must outlive any one bad message
                log.exception("job runner error")

    def _read(self, conn: Any) -> None:
        try:
            while conn.poll():
                self._receive(conn.recv())
        except (EOFError, OSError):
            pass  # the worker died; the watchdog notices and replaces it

    def _receive(self, message: Message) -> None:
        if isinstance(message, Progress):
            with contextlib.suppress(DBAPIError):  # a report lost in an outage is replaced soon
                self._store.report(message.job_id, message.report)
            return
        if isinstance(message, Done):
            self._finish(message.job_id, message.status, message.result, message.error)
        for slot in self._slots:
            if slot.job_id == message.job_id:
                if isinstance(message, Started):
                    slot.started = time.monotonic()
                else:
                    slot.job_id = None
                    slot.retiring = isinstance(message, Done) and message.retire

    def _watch(self) -> None:
        now = time.monotonic()
        for index, slot in enumerate(self._slots):
            reason: tuple[str, tuple[str, str] | None] | None = None
            if not slot.process.is_alive():
                self._read(slot.conn)  # what it sent before it died (its Done, say)
                reason = (FAILED, death_error(slot.process.exitcode))
            elif slot.retiring:
                reason = (FAILED, None)
            elif slot.job_id is None:
                continue
            elif slot.cancel_at is not None and now - slot.cancel_at > self._grace:
                reason = (CANCELED, None)
            elif slot.started is not None and now - slot.started > slot.seconds + self._grace:
                limit = f"{slot.seconds:g}"
                reason = (FAILED, ("time_limit", f"the job ran past the {limit} s time limit"))
            if reason is None:
                continue
            slot.process.join(timeout=1 if slot.retiring else 0)  # a retiring worker exits
            if slot.process.is_alive():
                slot.process.kill()
            slot.process.join(timeout=1)
            slot.conn.close()
            if slot.job_id is not None:
                status = CANCELED if slot.cancel_at is not None else reason[0]
                self._finish(slot.job_id, status, error=None if status == CANCELED else reason[1])
            self._slots[index] = self._spawn()

    def _finish(
        self,
        job_id: str,
        status: str,
        result: dict[str, Any] | None = None,
        error: tuple[str, str] | None = None,
    ) -> None:
        """Record a job's end; while the database does not answer, the record waits in
        memory and is written when it answers again, so no result is lost."""
        self._unwritten.append(_Unwritten(job_id, status, result, error))
        self._flush()

    def _flush(self, final: bool = False) -> None:
        """Write the job endings that are due, backing off (doubling, up to
        ``FLUSH_BACKOFF_MAX`` s) while the database fails; ``final`` tries each once more
        and logs what stays unwritten."""
        now = time.monotonic()
        waiting: deque[_Unwritten] = deque()
        while self._unwritten:
            end = self._unwritten.popleft()
            if end.due > now and not final:
                waiting.append(end)
                continue
            try:
                self._store.finish(end.job_id, end.status, result=end.result, error=end.error)
            except DBAPIError as exc:
                end.attempts += 1
                end.due = now + min(FLUSH_BACKOFF_MAX, 0.25 * 2**end.attempts)
                waiting.append(end)
                log.warning("job %s ended %s; not recorded yet: %s", end.job_id, end.status, exc)
        self._unwritten = waiting
        if final and waiting:
            log.error("%d job ending(s) could not be recorded", len(waiting))
