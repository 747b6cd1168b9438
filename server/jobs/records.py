"""Job records in the database: what was asked, where it stands, what came out.

Records live in the word store's database (table ``crossforge_jobs``), so they survive a
restart; ``recover`` marks the jobs a dead server left running as failed. Every write is
published through the store's ``Notifier`` (``notify``), which wakes the requests waiting
for that job (event streams and ``wait``) without their polling the database; progress
reports are published at once and written at most every ``PROGRESS_SAVE_INTERVAL``.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    select,
    update,
)
from sqlalchemy.engine import Engine

from crossforge.errors import NotFound
from crossforge.plugins.contract import ACTIONS
from crossforge.wordbase.database import release
from crossforge.wordbase.migrations import prepared_engine

if TYPE_CHECKING:
    from crossforge.server.jobs.notify import Notifier, Subscription

QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELED = (
    "queued",
    "running",
    "succeeded",
    "failed",
    "canceled",
)
FINISHED = frozenset({SUCCEEDED, FAILED, CANCELED})
PROGRESS_SAVE_INTERVAL = 1.0
"""Seconds between two progress reports of one job written to the database (each report
is published to waiting requests at once; the latest is written when the job ends)."""

metadata = MetaData()

jobs_table = Table(
    "crossforge_jobs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("puzzle_type", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("request", JSON, nullable=False),
    Column("progress", JSON, nullable=True),
    Column("result", JSON, nullable=True),
    Column("error_code", String(64), nullable=True),
    Column("error_message", Text, nullable=True),
    Column("revision", Integer, nullable=False, default=0),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("owner_key_id", Integer, nullable=True),
)


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # SQLite hands back naive values
        value = value.replace(tzinfo=UTC)
    return value.isoformat().replace("+00:00", "Z")


@dataclass
class Job:
    """One job record as the API shows it."""

    id: str
    action: str
    """What the job asks of its puzzle type (``fill``, ``solve`` …; the column ``kind``)."""
    puzzle_type: str
    status: str
    request: dict[str, Any]
    progress: dict[str, Any] | None
    result: dict[str, Any] | None
    error: dict[str, str] | None
    revision: int
    created_at: str | None
    started_at: str | None
    finished_at: str | None
    owner: int | None = None
    """The id of the API key that submitted it; None without one."""

    @property
    def finished(self) -> bool:
        """True once the job succeeded, failed or was canceled."""
        return self.status in FINISHED


class JobStore:
    """Creates, updates and reads job records; one per application (or worker).

    ``notifier`` carries the changes to waiting requests: this process only (default), or
    every web process (``RedisNotifier``)."""

    def __init__(self, database_url: str, notifier: Notifier | None = None) -> None:
        from crossforge.server.jobs.notify import Notifier

        self.engine: Engine = prepared_engine(database_url)
        self.notifier = notifier or Notifier()
        self._open = True
        self._progress: dict[str, _Progress] = {}
        self._progress_lock = threading.Lock()

    def close(self) -> None:
        """Stop the notifier and the shared engine (the word store may still use it); the
        last user's close releases its connections."""
        if self._open:
            self._open = False
            self.notifier.close()
            release(self.engine)

    # writing

    def create(
        self, action: str, puzzle_type: str, request: dict[str, Any], owner: int | None = None
    ) -> Job:
        """A new queued job, submitted with the API key ``owner`` (None: without one)."""
        if action not in ACTIONS:
            raise ValueError(f"unknown job action {action!r}")
        values: dict[str, Any] = {
            "id": uuid.uuid4().hex,
            "kind": action,
            "puzzle_type": puzzle_type,
            "status": QUEUED,
            "request": request,
            "revision": 0,
            "created_at": _now(),
            "owner_key_id": owner,
        }
        with self.engine.begin() as conn:
            conn.execute(jobs_table.insert().values(**values))
        empty = {"progress": None, "result": None, "error_code": None}
        return _job({**values, **empty, "started_at": None, "finished_at": None})

    def start(self, job_id: str) -> bool:
        """Mark a queued job running; False when it is no longer queued."""
        started = self._update(job_id, (QUEUED,), status=RUNNING, started_at=_now())
        if started:
            with self._progress_lock:
                self._progress[job_id] = _Progress(time.monotonic())
        return started

    def report(self, job_id: str, progress: dict[str, Any]) -> bool:
        """Publish the latest progress of a running job; write it when the last write of
        its progress is ``PROGRESS_SAVE_INTERVAL`` old. True when it was written."""
        from crossforge.server.jobs.notify import Change

        now = time.monotonic()
        with self._progress_lock:
            entry = self._progress.setdefault(job_id, _Progress(now))
            due = now - entry.saved_at >= PROGRESS_SAVE_INTERVAL
            entry.saved_at, entry.unsaved = (now, None) if due else (entry.saved_at, progress)
        if due:
            return self._update(job_id, (RUNNING,), progress=progress)
        self.notifier.publish(Change(job_id, RUNNING, None, progress=progress))
        return False

    def finish(
        self,
        job_id: str,
        status: str,
        result: dict[str, Any] | None = None,
        error: tuple[str, str] | None = None,
    ) -> bool:
        """Record the outcome of an unfinished job; False when it had already finished."""
        if status not in FINISHED:
            raise ValueError(f"{status!r} is not a final status")
        values: dict[str, Any] = {"status": status, "finished_at": _now(), "result": result}
        if error is not None:
            values["error_code"], values["error_message"] = error
        with self._progress_lock:
            entry = self._progress.get(job_id)
        if entry is not None and entry.unsaved is not None:
            values["progress"] = entry.unsaved
        finished = self._update(job_id, (QUEUED, RUNNING), **values)
        with self._progress_lock:
            self._progress.pop(job_id, None)
        return finished

    def discard(self, job_id: str) -> None:
        """Forget a job that was never queued (its submission was refused)."""
        with self.engine.begin() as conn:
            conn.execute(jobs_table.delete().where(jobs_table.c.id == job_id))

    def purge(self, older_than: timedelta) -> int:
        """Delete finished jobs that finished more than ``older_than`` ago; returns how many."""
        cutoff = _now() - older_than
        with self.engine.begin() as conn:
            return conn.execute(
                jobs_table.delete().where(
                    jobs_table.c.status.in_(sorted(FINISHED)), jobs_table.c.finished_at < cutoff
                )
            ).rowcount

    def recover(self) -> tuple[list[Job], list[Job]]:
        """After a restart: fail the jobs left running; return (failed, still queued)."""
        running = self.list(statuses=(RUNNING,))
        for job in running:
            self.finish(
                job.id,
                FAILED,
                error=("server_restarted", "the server stopped while the job was running"),
            )
        failed = [self.get(job.id) for job in running]
        return failed, self.list(statuses=(QUEUED,))

    def _update(self, job_id: str, allowed: Sequence[str], **values: Any) -> bool:
        """Change a job whose status is one of ``allowed`` and publish the change (with the
        whole record once it ended); False when its status was another."""
        from crossforge.server.jobs.notify import Change

        with self.engine.begin() as conn:
            row = conn.execute(
                update(jobs_table)
                .where(jobs_table.c.id == job_id, jobs_table.c.status.in_(allowed))
                .values(revision=jobs_table.c.revision + 1, **values)
                .returning(*jobs_table.c)
            ).first()
        if row is None:
            return False
        job = _job(row._mapping)
        ended = dataclasses.asdict(job) if job.finished else None
        self.notifier.publish(
            Change(job_id, job.status, job.revision, values.get("progress"), ended)
        )
        return True

    # reading

    def get(self, job_id: str) -> Job:
        """The job called ``job_id`` (``LookupError`` when there is none)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(jobs_table).where(jobs_table.c.id == job_id)).first()
        if row is None:
            raise JobNotFound(f"no job {job_id!r}")
        return _job(row._mapping)

    def list(self, statuses: Sequence[str] | None = None, limit: int = 1000) -> list[Job]:
        """Jobs, oldest first, optionally only those with one of ``statuses``."""
        query = select(jobs_table).order_by(jobs_table.c.created_at).limit(limit)
        if statuses is not None:
            query = query.where(jobs_table.c.status.in_(statuses))
        with self.engine.connect() as conn:
            return [_job(row._mapping) for row in conn.execute(query)]

    def follow(self, job: Job, changes: Subscription, timeout: float) -> Job:
        """``job`` after the next change ``changes`` brings within ``timeout`` seconds (at
        most the notifier's ``recheck_seconds``); when none came, as read again where
        changes may be lost, else as it was."""
        recheck = self.notifier.recheck_seconds
        change = changes.next(timeout if recheck is None else min(timeout, recheck))
        if change is None:
            return job if recheck is None else self.get(job.id)
        if change.job is not None:
            return Job(**change.job)
        progress = job.progress if change.progress is None else change.progress
        revision = max(job.revision, change.revision or 0)
        return dataclasses.replace(job, status=change.status, revision=revision, progress=progress)

    def wait_for_change(self, job_id: str, revision: int, timeout: float) -> Job:
        """The job once its revision passed ``revision`` or it reported progress, or as it
        stands after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self.notifier.subscribe(job_id) as changes:
            job = self.get(job_id)
            while job.revision <= revision:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                before, job = job, self.follow(job, changes, remaining)
                if job.progress != before.progress:
                    break
            return job


@dataclass
class _Progress:
    """When a running job's progress was last written, and the report since then."""

    saved_at: float
    unsaved: dict[str, Any] | None = None


class JobNotFound(NotFound):
    """No job has that id."""


def _job(row: Any) -> Job:
    error = None
    if row["error_code"] is not None:
        error = {"code": row["error_code"], "message": row["error_message"] or ""}
    return Job(
        id=row["id"],
        action=row["kind"],
        puzzle_type=row["puzzle_type"],
        status=row["status"],
        request=row["request"],
        progress=row["progress"],
        result=row["result"],
        error=error,
        revision=row["revision"],
        created_at=_iso(row["created_at"]),
        started_at=_iso(row["started_at"]),
        finished_at=_iso(row["finished_at"]),
        owner=row["owner_key_id"],
    )
