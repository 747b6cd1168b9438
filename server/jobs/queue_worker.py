"""The distributed runner's worker (``crossforge worker``): an RQ worker that runs the
queued jobs in one long-lived job process of its own.

RQ keeps the queue, its registries, the worker's registration and heartbeats; the jobs run
as in the embedded server, in a ``ProcessRunner`` of one process (``worker_main``: it
dies with this worker, caps its memory, keeps its word indexes cached per list version and
reports over a pipe). The job process is forked from this worker once it has warmed up, so
it shares its pages, and again after a job that had to be killed. This process records
each job's start, progress and end on its own database connection (changes go out over
Redis pub/sub), renews the job's heartbeat key every second and hands a cancel asked in
Redis to the job; the runner kills and replaces the job process when a job overruns its
time, or a cancel, by the grace period, and fails the job of a process that died.
"""

from __future__ import annotations

import gc
import importlib
import logging
import time
from typing import Any

from redis.exceptions import RedisError
from rq import Queue, SimpleWorker
from sqlalchemy.exc import DBAPIError

from crossforge.errors import InputError
from crossforge.plugins.job_requests import JobRequest
from crossforge.server.config import ServerConfig
from crossforge.server.jobs.distributed import HEARTBEAT_SECONDS, HEARTBEAT_TTL, QueueKeys
from crossforge.server.jobs.records import SUCCEEDED, JobStore
from crossforge.server.jobs.runner import ProcessRunner
from crossforge.server.jobs.worker import Execute, Task

log = logging.getLogger(__name__)

WORKER_TTL = 20
"""Seconds a worker's registration lives unrenewed (it renews it while it waits, and every
``HEARTBEAT_SECONDS`` while a job runs)."""
CANCEL_POLL = 0.1
"""Seconds between two looks at a running job's cancel key."""
DEFAULT_EXECUTE = "crossforge.server.jobs.tasks:execute"
"""What the web processes queue (``execute_path``): the job process started before the
first job runs it."""


class CrossforgeWorker(SimpleWorker):
    """RQ's in-process worker, running each job in its long-lived job process, with
    Crossforge's heartbeats, cancel and worker count."""

    def __init__(
        self, config: ServerConfig, keys: QueueKeys, store: JobStore, redis: Any, **kwargs: Any
    ) -> None:
        queue = Queue(keys.name, connection=redis)
        super().__init__([queue], connection=redis, worker_ttl=WORKER_TTL, **kwargs)
        self.config = config
        self.keys = keys
        self.store = store
        self._runner: ProcessRunner | None = None
        self._execute = ""

    def runner_for(self, execute: str) -> ProcessRunner:
        """The job process running ``execute`` (``module:name``); started now when there
        is none or it runs another function (only tests queue another)."""
        if self._runner is None or execute != self._execute:
            self.close()
            config = self.config
            self._runner = ProcessRunner(
                self.store,
                _resolve(execute),
                workers=1,
                max_queued=1,
                time_limit=config.job_time_limit,
                database_url=config.database_url,
                grace=config.kill_grace,
                memory_limit=config.job_memory_limit,
                start="fork",
            )
            self._execute = execute
            gc.freeze()  # the job process's collections then leave this one's pages shared
            self._runner.start()
        return self._runner

    def run(self, task: Task, execute: str) -> None:
        """Run one queued job until its end is recorded: in the running set with a
        heartbeat key renewed every second, its cancel key looked at every
        ``CANCEL_POLL`` seconds."""
        runner, keys, redis = self.runner_for(execute), self.keys, self.connection
        job_id = task.job_id
        with redis.pipeline() as pipe:
            pipe.sadd(keys.running, job_id)
            pipe.set(keys.alive(job_id), 1, ex=HEARTBEAT_TTL)
            pipe.execute()
        try:
            runner.run(task)  # marks it running, here, on a connection already open
        except DBAPIError:  # the runner holds it and starts it once the database answers
            log.warning("job %s not started yet: the database does not answer", job_id)
        beat, canceled = time.monotonic(), False
        while not runner.wait(job_id, CANCEL_POLL):
            due = time.monotonic() - beat >= HEARTBEAT_SECONDS
            try:
                canceled = self._watch(job_id, canceled, due)
            except RedisError as exc:  # the job runs on; its heartbeat may expire meanwhile
                log.warning("job %s: Redis does not answer (%s)", job_id, exc)
            if due:
                beat = time.monotonic()
            if canceled:  # again until the runner killed it (after the grace period)
                runner.cancel(job_id)
        # Only after its end is recorded: until then a worker lost now leaves the job to
        # the web processes' reapers.
        with redis.pipeline() as pipe:
            pipe.delete(keys.alive(job_id), keys.cancel(job_id))
            pipe.srem(keys.running, job_id)
            pipe.execute()

    def _watch(self, job_id: str, canceled: bool, beat: bool) -> bool:
        """Renew the job's and this worker's heartbeats (``beat``); whether the job was
        asked to stop (``canceled``: known already)."""
        keys = self.keys
        with self.connection.pipeline() as pipe:
            if not canceled:
                pipe.exists(keys.cancel(job_id))
            if beat:
                pipe.set(keys.alive(job_id), 1, ex=HEARTBEAT_TTL)
                self.heartbeat(WORKER_TTL, pipeline=pipe)
            answers = pipe.execute()
        return canceled or bool(answers[0])

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        """RQ's heartbeat, plus this worker's entry in the deployment's worker count."""
        super().heartbeat(timeout, pipeline)
        expires = time.time() + (timeout or self.worker_ttl)
        target = pipeline if pipeline is not None else self.connection
        target.zadd(self.keys.workers, {self.name: expires})

    def register_death(self) -> None:
        """RQ's goodbye, and out of the worker count."""
        super().register_death()
        self.connection.zrem(self.keys.workers, self.name)

    def close(self) -> None:
        """Stop the job process (a job still running in it is marked failed)."""
        if self._runner is not None:
            self._runner.shutdown()
            self._runner = None


def _resolve(path: str) -> Execute:
    module, _, name = path.partition(":")
    found: Execute = getattr(importlib.import_module(module), name)
    return found


_worker: CrossforgeWorker | None = None
"""The worker of this process, which ``perform`` hands each job to."""


def perform(
    job_id: str,
    action: str,
    puzzle_type: str,
    request: dict[str, Any],
    time_limit: float,
    execute: str,
    lists: dict[str, str] | None = None,
) -> None:
    """Run one job (RQ calls this in the worker with the queued job's arguments)."""
    if _worker is None:
        raise RuntimeError("perform runs in a crossforge worker")
    task = Task(job_id, action, puzzle_type, JobRequest.from_json(request), time_limit, lists or {})
    _worker.run(task, execute)


def warm_up() -> None:
    """Run one tiny fill through the real pipeline here, so that what every job imports
    or loads on first use (the search, the fill metrics' word frequencies) is in the
    worker before it forks its job process, which then starts warm."""
    from crossforge.plugins.job_requests import parse_request
    from crossforge.plugins.pipeline import run_request
    from crossforge.plugins.registry import registry
    from crossforge.plugins.testing import MINI_WORDS
    from crossforge.wordbase.index import WordIndex
    from crossforge.wordbase.source import IndexWords

    plugins = registry()
    words = IndexWords({"warm-up": WordIndex.build((word.upper(), 50) for word in MINI_WORDS)})
    raw = {"grid": ["...", "...", "..."], "list": "warm-up", "options": {"timeout": 0.3}}
    request = parse_request(raw, plugins, "fill", defaults={}, time_limit=1)
    run_request(request, plugins, words, request.control())


def run_worker(config: ServerConfig, name: str | None = None, burst: bool = False) -> None:
    """Work jobs from ``config.queue_url`` until stopped (or, ``burst``, until the queue
    is empty)."""
    global _worker
    from redis import Redis

    from crossforge.plugins.registry import registry
    from crossforge.server.jobs.notify import RedisNotifier

    if not config.queue_url:
        raise InputError("set CROSSFORGE_QUEUE_URL (redis://host:port/db) to run a worker")
    redis = Redis.from_url(config.queue_url)
    keys = QueueKeys(config.queue_name)
    store = JobStore(config.database_url, RedisNotifier(redis, keys.changes))
    registry().plugins()  # every plugin imported once, here, not in each job process
    warm_up()
    # The statement that records a job's end, compiled here once (it matches no job).
    store.finish("", SUCCEEDED, result={})
    _worker = CrossforgeWorker(config, keys, store, redis, name=name)
    try:
        _worker.runner_for(DEFAULT_EXECUTE)  # its job process, forked warm before any job
        _worker.work(burst=burst, with_scheduler=False)
    finally:
        _worker.close()
        store.close()
