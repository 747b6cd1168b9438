"""The shared engine factory: one engine per URL, one set of SQLite pragmas, fork safety."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import Engine, inspect, text
from sqlalchemy.pool import QueuePool

from crossforge.server.jobs.records import JobStore
from crossforge.wordbase.database import engine_for, release
from crossforge.wordbase.store import WordStore

PRAGMAS = ("journal_mode", "synchronous", "busy_timeout")


def pragmas(engine: Engine) -> tuple[object, ...]:
    """What a connection of ``engine`` says of each of ``PRAGMAS``."""
    with engine.connect() as conn:
        return tuple(conn.execute(text(f"PRAGMA {name}")).scalar() for name in PRAGMAS)


def idle(engine: Engine) -> int:
    """Connections waiting in ``engine``'s pool."""
    assert isinstance(engine.pool, QueuePool)
    return engine.pool.checkedin()


def test_one_engine_per_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    url = f"sqlite:///{tmp_path / 'a.db'}"
    with ThreadPoolExecutor(8) as pool:
        engines = list(pool.map(lambda _: engine_for(url), range(32)))
    assert all(engine is engines[0] for engine in engines)
    engines.append(engine_for("sqlite:///a.db"))  # the same file, relative to here
    other = engine_for(f"sqlite:///{tmp_path / 'b.db'}")
    with WordStore(url) as store:
        jobs = JobStore(url)
        assert store.engine is jobs.engine
        jobs.close()
    assert all(engine is store.engine for engine in engines) and other is not store.engine
    for engine in [*engines, other]:
        release(engine)


def test_store_and_job_records_connect_alike(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'deep' / 'folder' / 'crossforge.db'}"
    jobs = JobStore(url)  # creates the folder
    with WordStore(url) as store:
        assert pragmas(store.engine) == pragmas(jobs.engine) == ("wal", 1, 30_000)
        assert {"word_lists", "crossforge_jobs"} <= set(inspect(store.engine).get_table_names())
    jobs.close()


def test_closing_one_user_keeps_the_other_working(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'crossforge.db'}"
    store, jobs = WordStore(url), JobStore(url)
    store.create_list("mine")
    store.close()
    store.close()  # a second close releases nothing more
    job = jobs.create("fill", "american", {})
    assert idle(jobs.engine) > 0
    with WordStore(url) as again:
        assert again.get_list("mine").name == "mine"
    assert jobs.get(job.id).status == "queued"
    jobs.close()  # the last user: pooled connections are closed
    assert idle(jobs.engine) == 0


def test_in_memory_database_is_shared_while_in_use() -> None:
    jobs = JobStore("sqlite://")
    with WordStore("sqlite://") as store:
        store.create_list("mine")
        job = jobs.create("fill", "american", {})
    assert jobs.get(job.id).action == "fill"  # the store's close kept the database
    with WordStore("sqlite://") as store:
        assert store.get_list("mine").name == "mine"
    jobs.close()
    with WordStore("sqlite://") as store:
        assert store.lists() == []  # nobody held it: a fresh database


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_opens_its_own_connections(tmp_path: Path) -> None:
    with WordStore(f"sqlite:///{tmp_path / 'crossforge.db'}") as store:
        store.create_list("mine")
        assert idle(store.engine) == 1
        pid = os.fork()
        if pid == 0:  # the child: no inherited connection in the pool, a new one works
            try:
                fresh = idle(store.engine) == 0
                os._exit(0 if fresh and store.get_list("mine").name == "mine" else 1)
            finally:
                os._exit(2)
        assert os.waitpid(pid, 0)[1] == 0
        assert idle(store.engine) == 1
        assert store.get_list("mine").name == "mine"  # the parent's connection still works


def test_postgresql_is_shared_too(postgres_schema_url: str) -> None:
    jobs = JobStore(postgres_schema_url)
    with WordStore(postgres_schema_url) as store:
        assert store.engine is jobs.engine
        store.create_list("mine")
        assert jobs.create("fill", "american", {}).status == "queued"
        assert {"word_lists", "crossforge_jobs"} <= set(inspect(store.engine).get_table_names())
    jobs.close()
