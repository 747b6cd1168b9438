"""The distributed runner's web side: jobs queued on RQ over Redis, run by ``crossforge
worker`` processes on any machine that reaches Redis and the database.

Everything a web process knows of a job lives in Redis or the database, so any web process
can cancel, count or follow any job. Names under the queue name (``QueueKeys``): the RQ
queue itself, the set of running jobs, a heartbeat key per running job that its worker
renews every second, a cancel key per job, and the channels job changes are published on.
Each web process also reaps: a running job whose heartbeat expired lost its worker and is
marked failed (``worker_died``) within ``HEARTBEAT_TTL`` seconds and a bit.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rq import Queue
from rq.job import Job as QueueJob

from crossforge.plugins.job_requests import JobRequest
from crossforge.server.jobs.records import CANCELED, FAILED, Job, JobStore
from crossforge.server.jobs.runner import JobRunner, QueueFull
from crossforge.server.jobs.worker import Execute

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 1
"""How often a worker renews the heartbeat of the job it runs (whole seconds: RQ's
monitoring interval)."""
HEARTBEAT_TTL = 4
"""Seconds a job's heartbeat lives unrenewed: after that its worker is taken as dead."""
REAP_INTERVAL = 1.0
"""Seconds between two looks for jobs whose heartbeat expired."""
CANCEL_TTL = 24 * 3600
"""Seconds a cancel request is kept for a job that has not started yet."""
RQ_TIMEOUT_MARGIN = 30
"""RQ's own time limit on a job lies this far past ours (our worker stops a job first)."""
PERFORM = "crossforge.server.jobs.queue_worker.perform"
"""The function RQ runs in the worker for each job (it hands the job to its job process)."""


@dataclass(frozen=True)
class QueueKeys:
    """The Redis names of one deployment, all under its queue name."""

    name: str

    @property
    def running(self) -> str:
        """The set of job ids that a worker runs now."""
        return f"{self.name}:running"

    @property
    def workers(self) -> str:
        """Sorted set of worker names, scored by when their registration expires."""
        return f"{self.name}:workers"

    @property
    def changes(self) -> str:
        """The prefix of the channels job changes are published on (plus the job id)."""
        return f"{self.name}:job:"

    def alive(self, job_id: str) -> str:
        """The heartbeat key of a running job."""
        return f"{self.name}:alive:{job_id}"

    def cancel(self, job_id: str) -> str:
        """The key that asks a job to stop."""
        return f"{self.name}:cancel:{job_id}"


def execute_path(execute: Execute) -> str:
    """``module:name`` of the function workers run, which the queued job names."""
    return f"{execute.__module__}:{getattr(execute, '__qualname__', '')}"


class QueueRunner(JobRunner):
    """Queues jobs on RQ for ``crossforge worker`` processes; cancels, counts and reaps
    through Redis.

    At most ``max_queued`` jobs wait in the queue (whichever web process queued them); a
    job runs for its ``timeout`` within ``time_limit`` seconds, then ``grace`` more before
    its worker kills it.
    """

    def __init__(
        self,
        store: JobStore,
        redis: Any,
        keys: QueueKeys,
        execute: Execute,
        max_queued: int,
        time_limit: float,
        grace: float,
    ) -> None:
        self._store = store
        self._redis = redis
        self._keys = keys
        self._queue = Queue(keys.name, connection=redis)
        self._execute = execute_path(execute)
        self._max_queued = max_queued
        self._time_limit = time_limit
        self._grace = grace
        self._stopping = threading.Event()
        self._reaper = threading.Thread(target=self._reap_loop, name="job-reaper", daemon=True)
        self._reaper.start()

    def submit(self, job: Job, lists: Mapping[str, str] | None = None) -> None:
        seconds = JobRequest.from_json(job.request).seconds(self._time_limit)
        args = (
            job.id,
            job.action,
            job.puzzle_type,
            job.request,
            self._time_limit,
            self._execute,
            dict(lists or {}),
        )
        with self._redis.pipeline() as pipe:  # one round trip, the queue's length with it
            self._queue.enqueue(
                PERFORM,
                args=args,
                job_id=job.id,
                job_timeout=int(seconds + self._grace) + RQ_TIMEOUT_MARGIN,
                result_ttl=0,
                failure_ttl=3600,
                pipeline=pipe,
            )
            pipe.llen(self._queue.key)
            waiting = pipe.execute()[-1]
        if waiting > self._max_queued and self._queue.remove(job.id):
            QueueJob(job.id, connection=self._redis).delete()
            raise QueueFull(
                f"{waiting - 1} jobs are already waiting (the limit is {self._max_queued}); "
                "try again later"
            )

    def cancel(self, job_id: str) -> bool:
        # Set first: a worker that takes the job from now on sees it when the job starts.
        self._redis.set(self._keys.cancel(job_id), 1, ex=CANCEL_TTL)
        if self._queue.remove(job_id):
            with contextlib.suppress(Exception):
                QueueJob(job_id, connection=self._redis).delete()
            self._store.finish(job_id, CANCELED)
            return True
        return bool(self._redis.sismember(self._keys.running, job_id))

    def counts(self) -> dict[str, int]:
        with self._redis.pipeline() as pipe:
            pipe.zcount(self._keys.workers, time.time(), "+inf")
            pipe.scard(self._keys.running)
            pipe.llen(self._queue.key)
            workers, running, queued = pipe.execute()
        return {"workers": workers, "running": running, "queued": queued}

    def shutdown(self) -> None:
        """Stop reaping (the workers run on; their jobs are theirs)."""
        self._stopping.set()
        self._reaper.join(timeout=5)

    def reap(self) -> list[str]:
        """Fail the running jobs whose heartbeat expired (their worker died); their ids."""
        running = sorted(self._redis.smembers(self._keys.running))
        if not running:
            return []
        with self._redis.pipeline() as pipe:
            for job_id in running:
                pipe.exists(self._keys.alive(job_id.decode()))
            alive = pipe.execute()
        dead = [
            job_id.decode() for job_id, beating in zip(running, alive, strict=True) if not beating
        ]
        reaped = []
        for job_id in dead:
            if not self._redis.srem(self._keys.running, job_id):
                continue  # another web process reaps it
            try:
                self._store.finish(
                    job_id,
                    FAILED,
                    error=(
                        "worker_died",
                        f"the worker running the job stopped (no heartbeat for {HEARTBEAT_TTL} s)",
                    ),
                )
            except Exception:  # the database is away: reap it again next time
                self._redis.sadd(self._keys.running, job_id)
                raise
            self._redis.delete(self._keys.cancel(job_id))
            log.warning("job %s lost its worker: marked failed", job_id)
            reaped.append(job_id)
        return reaped

    def _reap_loop(self) -> None:
        while not self._stopping.wait(REAP_INTERVAL):
            try:
                self.reap()
            except Exception as exc:  # Redis or the database away: look again next time
                log.warning("could not look for jobs of dead workers: %s", exc)
