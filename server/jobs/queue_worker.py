"""The distributed runner's worker (``crossforge worker``): an RQ worker that forks a work
horse per job.

The worker process opens the word store once and keeps word indexes cached per list
version; before each fork it loads the index of the job's list (built again when the list
changed), so the horse inherits it instead of loading it, and marks the job running. The
horse caps its own memory (``limit_memory``), runs the job exactly as an embedded worker does
(``run_task``: same Control, same progress, same outcome rules) and writes the outcome;
changes go out over Redis pub/sub. While the horse runs, the worker renews the job's
heartbeat every second and kills the horse when the job overruns its time, or a cancel,
by the grace period, then records why.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import gc
import importlib
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rq import Queue, Worker
from rq.job import Job as QueueJob
from sqlalchemy.exc import DBAPIError

from crossforge.plugins.contract import WordSource
from crossforge.server.config import ServerConfig
from crossforge.server.jobs.distributed import HEARTBEAT_SECONDS, HEARTBEAT_TTL, QueueKeys
from crossforge.server.jobs.records import CANCELED, FAILED, SUCCEEDED, JobStore
from crossforge.server.jobs.worker import (
    Done,
    Execute,
    Message,
    Progress,
    Task,
    death_error,
    job_seconds,
    limit_memory,
    run_task,
)

log = logging.getLogger(__name__)

WORKER_TTL = 20
"""Seconds a worker's registration lives unrenewed (it renews it while it waits)."""
CANCEL_POLL = 0.1
"""Seconds between two looks at a running job's cancel key."""
FINISH_RETRY_SECONDS = 60.0
"""How long a horse keeps trying to record its job's start or end while the database
fails."""


@dataclass
class WorkerContext:
    """What the worker process holds and every horse inherits."""

    config: ServerConfig
    redis: Any
    keys: QueueKeys
    store: JobStore
    words: Any
    """The worker's word source (``OpenedOnUse``): indexes cached per list version."""
    pinned: WordSource | None = None
    """The source the next horse uses, with its job's index already loaded."""
    started: bool = False
    """Whether the worker marked the next horse's job running (False: it was canceled)."""


_context: WorkerContext | None = None
"""Set in the worker process before it works; inherited by each horse."""


class Pinned:
    """A word source that answers one list with an index loaded before the fork."""

    def __init__(self, words: Any, indexes: Mapping[str, Any]) -> None:
        self._words = words
        self._indexes = dict(indexes)

    def index(self, list_name: str) -> Any:
        """The pinned index of ``list_name``, or the worker's."""
        found = self._indexes.get(list_name)
        return found if found is not None else self._words.index(list_name)

    def clues(self, list_name: str, words: Sequence[str]) -> Mapping[str, list[dict[str, Any]]]:
        """As the worker's word source."""
        result: Mapping[str, list[dict[str, Any]]] = self._words.clues(list_name, words)
        return result


class CancelKey:
    """A job's cancel flag: its Redis key, looked at every ``CANCEL_POLL`` seconds."""

    def __init__(self, redis: Any, key: str) -> None:
        self._redis = redis
        self._key = key
        self._checked = 0.0
        self._set = False

    def is_set(self) -> bool:
        """True once the job was asked to stop."""
        now = time.monotonic()
        if not self._set and now - self._checked >= CANCEL_POLL:
            self._checked = now
            try:
                self._set = bool(self._redis.exists(self._key))
            except Exception:  # Redis away: run on; the worker still enforces the limits
                log.warning("could not read the cancel key %s", self._key)
        return self._set


class StoreChannel:
    """Where the horse's ``run_task`` reports go: progress and the outcome to the job
    store (which publishes them); the start was recorded before."""

    def __init__(self, store: JobStore) -> None:
        self._store = store

    def send(self, message: Message) -> None:
        """Record ``message``."""
        if isinstance(message, Progress):
            try:
                self._store.report(message.job_id, message.report)
            except DBAPIError:  # a report lost in an outage is replaced soon
                log.warning("progress of job %s not recorded", message.job_id)
        elif isinstance(message, Done):
            self._finish(message)

    def _finish(self, done: Done) -> None:
        _retrying(
            lambda: self._store.finish(
                done.job_id, done.status, result=done.result, error=done.error
            ),
            f"job {done.job_id} ended {done.status}",
        )


def _retrying(write: Callable[[], bool], what: str) -> bool:
    """``write``'s answer, tried again (backing off) for ``FINISH_RETRY_SECONDS`` while
    the database does not answer."""
    deadline = time.monotonic() + FINISH_RETRY_SECONDS
    pause = 0.25
    while True:
        try:
            return write()
        except DBAPIError:
            if time.monotonic() + pause > deadline:
                raise
            log.warning("%s; not recorded yet, the database does not answer", what)
            time.sleep(pause)
            pause = min(pause * 2, 5.0)


@dataclass
class _Running:
    """The job the horse runs, as its worker watches it."""

    job_id: str
    started: float
    seconds: float
    cancel_seen: float | None = None
    ending: tuple[str, tuple[str, str] | None] | None = None
    """Why the worker killed the horse: the status and error to record."""


class CrossforgeWorker(Worker):
    """RQ's forking worker with Crossforge's heartbeats, limits and word-index cache."""

    def __init__(self, context: WorkerContext, **kwargs: Any) -> None:
        queue = Queue(context.keys.name, connection=context.redis)
        super().__init__(
            [queue],
            connection=context.redis,
            job_monitoring_interval=HEARTBEAT_SECONDS,
            worker_ttl=WORKER_TTL,
            **kwargs,
        )
        self.context = context
        self._running: _Running | None = None
        self._warmed: set[int] = set()

    def execute_job(self, job: QueueJob, queue: Queue) -> None:
        """Load the job's word index, mark it running (in Redis, then in its record), run
        it in a horse."""
        context = self.context
        task = _task(job.args)
        context.pinned = Pinned(context.words, self._indexes(task))
        self._running = _Running(
            job.id, time.monotonic(), job_seconds(task.request, context.config.job_time_limit)
        )
        with context.redis.pipeline() as pipe:
            pipe.sadd(context.keys.running, job.id)
            pipe.set(context.keys.alive(job.id), 1, ex=HEARTBEAT_TTL)
            pipe.execute()
        # Here, on a connection already open (a horse must open its own).
        context.started = _retrying(lambda: context.store.start(job.id), f"job {job.id} started")
        gc.freeze()  # the horse's collections then leave the worker's pages shared
        try:
            super().execute_job(job, queue)
        finally:
            self._running = None
            context.pinned = None
        # Not after an exception (a forced stop): the job's heartbeat then expires and a
        # web process fails it, unless its horse recorded its end first.
        _let_go(context, job.id)

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        """RQ's heartbeat, plus this worker's entry in the deployment's worker count."""
        super().heartbeat(timeout, pipeline)
        expires = time.time() + (timeout or self.worker_ttl)
        target = pipeline if pipeline is not None else self.connection
        target.zadd(self.context.keys.workers, {self.name: expires})

    def register_death(self) -> None:
        """RQ's goodbye, and out of the worker count."""
        super().register_death()
        self.connection.zrem(self.context.keys.workers, self.name)

    def maintain_heartbeats(self, job: QueueJob, execution: Any) -> None:
        """Every second while the horse runs: renew the job's heartbeat, and kill the
        horse when the job overran its time or a cancel by the grace period."""
        super().maintain_heartbeats(job, execution)
        running, keys = self._running, self.context.keys
        if running is None:
            return
        with self.connection.pipeline() as pipe:
            pipe.set(keys.alive(job.id), 1, ex=HEARTBEAT_TTL)
            pipe.exists(keys.cancel(job.id))
            _, canceled = pipe.execute()
        now, grace = time.monotonic(), self.context.config.kill_grace
        if canceled and running.cancel_seen is None:
            running.cancel_seen = now
        if running.cancel_seen is not None and now - running.cancel_seen > grace:
            running.ending = (CANCELED, None)
        elif now - running.started > running.seconds + grace:
            limit = f"{running.seconds:g}"
            running.ending = (FAILED, ("time_limit", f"the job ran past the {limit} s time limit"))
        if running.ending is not None:
            self.kill_horse()

    def handle_work_horse_killed(
        self, job: QueueJob, retpid: int | None, ret_val: int | None, rusage: Any
    ) -> None:
        """Record the end of a job whose horse died before it could: killed by this worker
        (time limit, ignored cancel), by the system (taken as out of memory) or otherwise."""
        running = self._running
        if running is not None and running.ending is not None:
            status, error = running.ending
        else:
            status, error = FAILED, death_error(_exit_code(ret_val))
        try:
            self.context.store.finish(job.id, status, error=error)
        except DBAPIError:  # the reapers of the web processes record it once we let go
            log.exception("job %s ended %s; not recorded", job.id, status)
        super().handle_work_horse_killed(job, retpid, ret_val, rusage)

    def _indexes(self, task: Task) -> dict[str, Any]:
        """The job's word index, loaded here (cached per list version) before the fork; for
        a version new to this worker, its clue lookup is compiled here too."""
        puzzle = task.request.get("puzzle")
        name = puzzle.get("list") if isinstance(puzzle, dict) else None
        if not isinstance(name, str):
            return {}
        try:
            index = self.context.words.index(name, task.lists.get(name))
            if id(index) not in self._warmed:  # a list version new to this worker
                self.context.words.clues(name, ["A"])  # its clue queries compiled here
                self._warmed.add(id(index))
        except Exception:  # the horse meets the same error and reports it
            return {}
        return {name: index}


def _exit_code(status: int | None) -> int | None:
    """A wait status as ``multiprocessing`` gives exit codes (negative: the signal)."""
    if status is None:
        return None
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def _task(args: Sequence[Any]) -> Task:
    """The task of a queued job's arguments (those queued before the word list versions
    came with them have none)."""
    job_id, kind, puzzle_type, request, time_limit, _, *lists = args
    return Task(job_id, kind, puzzle_type, request, time_limit, *lists)


def _resolve(path: str) -> Execute:
    module, _, name = path.partition(":")
    found: Execute = getattr(importlib.import_module(module), name)
    return found


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent (the worker) dies, so a job whose
    worker was killed stops too (its heartbeat stops with the worker)."""
    if sys.platform != "linux":
        return
    parent = os.getppid()
    _libc().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


PR_SET_PDEATHSIG = 1


@functools.cache
def _libc() -> Any:
    """The C library (loaded once, in the worker, before any fork)."""
    return ctypes.CDLL(None, use_errno=True)


def perform(
    job_id: str,
    kind: str,
    puzzle_type: str,
    request: dict[str, Any],
    time_limit: float,
    execute: str,
    lists: dict[str, str] | None = None,
) -> None:
    """Run one job in the work horse (RQ calls this with the queued job's arguments)."""
    context = _context
    if context is None:
        raise RuntimeError("perform runs in a crossforge worker's horse")
    die_with_parent()
    limit_memory(context.config.job_memory_limit)
    if not context.started:
        return  # canceled (or ended) while it waited
    _connect_ahead(context.store)
    task = Task(job_id, kind, puzzle_type, request, time_limit, lists or {})
    words = context.pinned or context.words
    cancel = CancelKey(context.redis, context.keys.cancel(job_id))
    run_task(_resolve(execute), task, words, cancel, StoreChannel(context.store))
    _let_go(context, job_id)


def _connect_ahead(store: JobStore) -> None:
    """Open the horse's database connection while the job runs, not when its first
    result needs it (the worker's connections are not the horse's to use)."""

    def connect() -> None:
        with contextlib.suppress(Exception), store.engine.connect():
            pass

    threading.Thread(target=connect, name="connect-ahead", daemon=True).start()


def _let_go(context: WorkerContext, job_id: str) -> None:
    """The job no longer runs: out of the running set, its heartbeat and cancel keys gone."""
    keys = context.keys
    with context.redis.pipeline() as pipe:
        pipe.delete(keys.alive(job_id), keys.cancel(job_id))
        pipe.srem(keys.running, job_id)
        pipe.execute()


def warm_up() -> None:
    """Run one tiny fill through the real pipeline here, so that what every job imports
    or loads on first use (the search, the fill metrics' word frequencies) is in the
    worker before its first fork instead of being loaded again by every horse."""
    from crossforge.plugins.contract import Control
    from crossforge.plugins.pipeline import run_request
    from crossforge.plugins.registry import registry
    from crossforge.plugins.requests import parse_request
    from crossforge.plugins.testing import MINI_WORDS
    from crossforge.wordbase.index import WordIndex
    from crossforge.wordbase.source import IndexWords

    plugins = registry()
    words = IndexWords({"warm-up": WordIndex.build((word.upper(), 50) for word in MINI_WORDS)})
    raw = {"grid": ["...", "...", "..."], "list": "warm-up", "options": {"timeout": 0.3}}
    request = parse_request(raw, plugins, "fill", defaults={}, time_limit=1)
    run_request(request, plugins, words, Control.with_timeout(0.3))


def run_worker(config: ServerConfig, name: str | None = None, burst: bool = False) -> None:
    """Work jobs from ``config.queue_url`` until stopped (or, ``burst``, until the queue
    is empty)."""
    global _context
    from redis import Redis

    from crossforge.plugins.registry import registry
    from crossforge.server.jobs import tasks  # noqa: F401  (loaded once, before any fork)
    from crossforge.server.jobs.notify import RedisNotifier
    from crossforge.wordbase.source import OpenedOnUse

    if not config.queue_url:
        raise ValueError("set CROSSFORGE_QUEUE_URL (redis://...) to run a worker")
    redis = Redis.from_url(config.queue_url)
    keys = QueueKeys(config.queue_name)
    store = JobStore(config.database_url, RedisNotifier(redis, keys.changes))
    registry().plugins()  # every plugin imported once, here, not in each horse
    warm_up()
    # The statement that records a job's end, compiled here once (it matches no job).
    store.finish("", SUCCEEDED, result={})
    if sys.platform == "linux":
        _libc()
    _context = WorkerContext(config, redis, keys, store, OpenedOnUse(config.database_url))
    try:
        CrossforgeWorker(_context, name=name).work(burst=burst, with_scheduler=False)
    finally:
        _context.words.close()
        store.close()
