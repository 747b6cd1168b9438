"""Where jobs run: the ``JobRunner`` interface and its process-pool implementation.

The web layer only calls ``submit`` and ``cancel``; the distributed queue is another
``JobRunner`` (``server/jobs/distributed.py``). ``ProcessRunner`` keeps a fixed set of
long-lived worker processes (the search is CPU-bound), each with its own pipe (killing one
never corrupts another's channel) and cancel flag that the job's ``Control`` polls, a
bounded queue of waiting jobs, and a watchdog that stops a worker whose job ignores its
time limit or a cancel request, or notices a worker that died, and starts a fresh one.
It serves the embedded server, and inside each ``crossforge worker`` it runs the queued
jobs one at a time (``server/jobs/queue_worker.py``).

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
from typing import Any, Literal

from sqlalchemy.exc import DBAPIError

from crossforge.plugins.job_requests import JobRequest
from crossforge.server.jobs.records import CANCELED, FAILED, Job, JobStore
from crossforge.server.jobs.worker import (
    Done,
    Execute,
    Message,
    Progress,
    Started,
    Task,
    death_error,
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


ProcessStart = Literal["forkserver", "fork"]
"""How ``ProcessRunner`` starts its workers: from a clean fork server (a web process, whose
request threads must not be forked), or forked from the runner's own process (a
``crossforge worker``, warmed up before it starts its runner, whose pages they then
share)."""


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
    its worker. ``start`` says how workers are started (``ProcessStart``).
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
        start: ProcessStart = "forkserver",
    ) -> None:
        self._store = store
        self._memory_limit = memory_limit
        self._database_url = database_url
        self._execute = execute
        self._workers = workers
        self._max_queued = max_queued
        self._time_limit = time_limit
        self._grace = grace
        # From a fork server, workers fork from a clean process that has the job code
        # imported, so a replacement worker starts in milliseconds and no request thread
        # is forked.
        self._ctx: Any = multiprocessing.get_context(start)
        if start == "forkserver":
            self._ctx.set_forkserver_preload(["crossforge.server.jobs.worker", execute.__module__])
        self._slots: list[_Slot] = []
        self._pending: deque[Task] = deque()
        self._unwritten: deque[_Unwritten] = deque()
        self._lock = threading.RLock()
        self._ended = threading.Condition(self._lock)
        """Notified when a job's end was recorded (``wait``)."""
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # the interface

    def submit(self, job: Job, lists: Mapping[str, str] | None = None) -> None:
        lists = dict(lists or {})
        request = JobRequest.from_json(job.request)
        self.run(Task(job.id, job.action, job.puzzle_type, request, self._time_limit, lists))

    def run(self, task: Task) -> None:
        """Queue ``task`` of a job record that is still ``queued`` (``submit`` for a task
        made elsewhere: a queued job's arguments); raises ``QueueFull`` at the bound."""
        with self._lock:
            if self._stopping.is_set():
                raise QueueFull("the server is shutting down")
            self.start()
            if len(self._pending) >= self._max_queued and not self._idle_slot():
                raise QueueFull(
                    f"{len(self._pending)} jobs are already waiting (the limit is "
                    f"{self._max_queued}); try again later"
                )
            self._pending.append(task)
            self._dispatch()

    def wait(self, job_id: str, timeout: float) -> bool:
        """True once this runner no longer holds ``job_id`` (it ended, and its end was
        recorded), False while it still does after ``timeout`` seconds."""
        with self._ended:
            return self._ended.wait_for(lambda: not self._holds(job_id), timeout)

    def cancel(self, job_id: str) -> bool:
        with self._lock:
            for task in self._pending:
                if task.job_id == job_id:
                    self._pending.remove(task)
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

    def start(self) -> None:
        """Start the workers now (else the first submission does)."""
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
            task = self._pending.popleft()
            try:
                started = self._store.start(task.job_id)
            except Exception:  # the database failed: the job waits on, not orphaned
                self._pending.appendleft(task)
                raise
            if not started:
                self._ended.notify_all()
                continue  # canceled while it waited
            slot.cancel.clear()
            slot.job_id, slot.started, slot.cancel_at = task.job_id, time.monotonic(), None
            slot.seconds = task.request.seconds(task.time_limit)
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

    def _holds(self, job_id: str) -> bool:
        """Whether ``job_id`` waits, runs or waits for its end to be recorded here."""
        return (
            any(task.job_id == job_id for task in self._pending)
            or any(slot.job_id == job_id for slot in self._slots)
            or any(end.job_id == job_id for end in self._unwritten)
        )

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
        self._ended.notify_all()
        if final and waiting:
            log.error("%d job ending(s) could not be recorded", len(waiting))
