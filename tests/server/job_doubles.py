"""Job bodies for the server tests (importable by spawned workers) and job helpers."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask

from crossforge.plugins.contract import (
    Control,
    FillStrategy,
    InputError,
    OutOfTime,
    Problem,
    SearchResult,
    WordSource,
)
from crossforge.plugins.job_requests import Action, JobRequest
from crossforge.plugins.registry import Registry
from crossforge.server.context import Services
from crossforge.server.jobs.records import Job
from crossforge.server.jobs.runner import JobRunner
from crossforge.server.jobs.worker import Task

SQUARE = {"WAS": 60, "ERA": 50, "BED": 70, "WEB": 55, "ARE": 65, "SAD": 45, "CAT": 30, "DOG": 20}
"""A tiny list whose only 3x3 fill with six distinct words is WAS/ERA/BED."""

LOADS: list[int] = []
"""Per worker process: how many times the 'expensive' resource was loaded."""


def execute(task: Task, control: Control, words: WordSource) -> dict[str, Any]:
    """Behave as the request's ``do`` says: echo, steps, stubborn, crash, killed, hog,
    give_up, fail, bug, socket, late, index or loads."""
    request = task.request.type_request
    action = request.get("do", "echo")
    if action == "echo":
        return {"action": task.action, "type": task.puzzle_type, "request": task.request.to_json()}
    if action == "steps":
        step = 0
        while (reason := control.should_stop()) is None and step < request.get("steps", 10**9):
            step += 1
            control.progress({"step": step})
            time.sleep(0.01)
        return {"steps": step, "stopped": reason}
    if action == "stubborn":
        time.sleep(request["seconds"])
        return {"slept": request["seconds"]}
    if action == "crash":
        os._exit(3)
    if action == "killed":  # as the system's out-of-memory killer would
        os.kill(os.getpid(), signal.SIGKILL)
    if action == "hog":  # allocate until the memory runs out (or ``bytes`` are held)
        held = []
        while sum(map(len, held)) < request.get("bytes", 1 << 40):
            held.append(bytearray(64 << 20))
        return {"held": sum(map(len, held))}
    if action == "give_up":  # a search that, stopped early, fails for want of an answer
        while control.should_stop() is None:
            time.sleep(0.01)
        raise ValueError("no puzzle found")
    if action == "fail":
        raise InputError("the request asked to fail")
    if action == "bug":  # a bug of ours, which a ValueError is as well as any other
        raise ValueError("a strategy tripped over its own feet")
    if action == "socket":  # a service of ours that did not answer in time: our bug too
        raise TimeoutError("timed out")
    if action == "late":  # a generator that found nothing by its deadline
        raise OutOfTime("no 9x9 puzzle met the request (timeout, 40 tried)")
    if action == "index":  # which word index object this process was handed
        index = words.index(request["puzzle"]["list"])
        return {"pid": os.getpid(), "index": id(index), "words": len(index)}
    if action == "loads":
        if not LOADS:
            LOADS.append(os.getpid())
        return {"pid": os.getpid(), "loads": len(LOADS)}
    raise AssertionError(action)


class BuggyStrategy(FillStrategy):
    """A fill strategy with a bug of its own: it trips over a ``ValueError``."""

    description = "fails with a ValueError, as a bug would"

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        raise ValueError("the strategy tripped over its own feet")


def with_buggy_strategy() -> Registry:
    """The installed plugins and ``BuggyStrategy`` as ``buggy``."""
    plugins = Registry()
    plugins.register(BuggyStrategy(), "buggy")
    return plugins


def buggy_strategy_execute(task: Task, control: Control, words: WordSource) -> dict[str, Any]:
    """The real job (request seam and pipeline) on a registry that holds ``buggy``."""
    from crossforge.plugins.pipeline import run_request

    return run_request(task.request, with_buggy_strategy(), words, control)


INDEX_LOADS: list[int] = []
"""Per worker process: how many word indexes ``counting_execute`` saw loaded."""


def counting_execute(task: Task, control: Control, words: WordSource) -> dict[str, Any]:
    """The real ``execute``, adding how often this worker has loaded a word index."""
    from crossforge.server.jobs import tasks
    from crossforge.wordbase.index import WordIndex

    if not INDEX_LOADS:
        INDEX_LOADS.append(0)
        original = WordIndex.load.__func__  # type: ignore[attr-defined]

        def counted(cls: type[WordIndex], path: Any) -> WordIndex:
            INDEX_LOADS[0] += 1
            loaded: WordIndex = original(cls, path)
            return loaded

        WordIndex.load = classmethod(counted)  # type: ignore[method-assign, assignment]
    return {**tasks.execute(task, control, words), "index_loads": INDEX_LOADS[0]}


class RefusingRunner(JobRunner):
    """A runner whose ``submit`` raises ``error`` (and that holds no jobs)."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def submit(self, job: Job, lists: Mapping[str, str] | None = None) -> None:
        raise self.error

    def cancel(self, job_id: str) -> bool:
        return False

    def counts(self) -> dict[str, int]:
        return {"workers": 0, "running": 0, "queued": 3}

    def shutdown(self) -> None:
        pass


def services_of(app: Flask) -> Services:
    """The app's services."""
    found: Services = app.extensions["crossforge"]
    return found


def as_request(fields: Mapping[str, Any], action: Action = "fill") -> JobRequest:
    """The request of a double's job: ``fields`` (what ``execute`` reads) as the type's,
    with their ``timeout`` and ``seed``."""
    return JobRequest(
        action, "test", fields, timeout=fields.get("timeout"), seed=fields.get("seed")
    )


def submit(app: Flask, request: dict[str, Any], action: Action = "fill") -> Job:
    """Record and queue a job the way the resources do."""
    app_services = services_of(app)
    job = app_services.jobs.create(action, "test", as_request(request, action).to_json())
    app_services.runner.submit(job)
    return job


def wait_for(
    app: Flask,
    job_id: str,
    statuses: set[str],
    timeout: float = 30.0,
    until: Callable[[Job], bool] = lambda job: True,
) -> Job:
    """The job once its status is one of ``statuses`` and ``until`` holds (fails the test
    on timeout)."""
    store = services_of(app).jobs
    deadline = time.monotonic() + timeout
    job = store.get(job_id)
    while job.status not in statuses or not until(job):
        assert time.monotonic() < deadline, f"job stayed {job.status}"
        job = store.wait_for_change(job_id, job.revision, 0.5)
    return job


TRANSACTIONS: list[int] = []
"""Per process, once ``count_transactions`` ran: database transactions begun and
connections opened since to a database server (on PostgreSQL each new connection costs a
transaction too; opening a SQLite file does not)."""


def count_transactions() -> None:
    """Count every engine's transactions and new server connections in this process from
    now on (SQLAlchemy events on the classes, so engines created later count too)."""
    import sqlite3

    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    from sqlalchemy.pool import Pool

    if TRANSACTIONS:
        return
    TRANSACTIONS.append(0)

    def counted(*_: Any) -> None:
        TRANSACTIONS[0] += 1

    def connected(connection: Any, _record: Any) -> None:
        if not isinstance(connection, sqlite3.Connection):
            counted()

    event.listen(Engine, "begin", counted)
    event.listen(Pool, "connect", connected)


def transaction_counting_execute(task: Task, control: Control, words: WordSource) -> dict[str, Any]:
    """The real ``execute``, adding the transactions the worker began while it ran."""
    from crossforge.server.jobs import tasks

    count_transactions()
    before = TRANSACTIONS[0]
    result = tasks.execute(task, control, words)
    return {**result, "transactions": TRANSACTIONS[0] - before}
