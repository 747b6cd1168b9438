"""Which job runner a configuration asks for: the embedded process pool, or the
distributed queue when ``queue_url`` is set. Both are handed the same job store."""

from __future__ import annotations

from crossforge.server.config import ServerConfig
from crossforge.server.jobs.records import JobStore
from crossforge.server.jobs.runner import JobRunner, ProcessRunner
from crossforge.server.jobs.worker import Execute


def open_jobs(config: ServerConfig, execute: Execute) -> tuple[JobStore, JobRunner]:
    """The job store and the runner for ``config``; workers run ``execute``."""
    if not config.queue_url:
        jobs = JobStore(config.database_url)
        return jobs, ProcessRunner(
            jobs,
            execute,
            config.workers,
            config.max_queued,
            config.job_time_limit,
            config.database_url,
            grace=config.kill_grace,
            memory_limit=config.job_memory_limit,
        )
    from redis import Redis

    from crossforge.server.jobs.distributed import QueueKeys, QueueRunner
    from crossforge.server.jobs.notify import RedisNotifier

    redis = Redis.from_url(config.queue_url)
    keys = QueueKeys(config.queue_name)
    jobs = JobStore(config.database_url, RedisNotifier(redis, keys.changes))
    return jobs, QueueRunner(
        jobs,
        redis,
        keys,
        execute,
        config.max_queued,
        config.job_time_limit,
        config.kill_grace,
    )
