"""Fixtures for the server tests: a config on a temporary database, apps, job helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import job_doubles
import pytest
import services
from flask import Flask

from crossforge.server.app import create_app
from crossforge.server.config import ServerConfig


@pytest.fixture
def config(tmp_path: Path) -> ServerConfig:
    """Settings on a fresh SQLite database, one worker, short limits (fills improve their
    first fill for 0.05 s, the root conftest's ``CROSSFORGE_BEST_SECONDS``: tests of fill
    quality ask for more)."""
    return ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'crossforge.db'}",
        workers=1,
        max_queued=2,
        job_time_limit=20.0,
        wait_limit=10.0,
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database_url(request: pytest.FixtureRequest, config: ServerConfig) -> str:
    """The test's SQLite URL, then a fresh PostgreSQL schema (skipped when none answers)."""
    if request.param == "sqlite":
        return config.database_url
    url: str = request.getfixturevalue("postgres_schema_url")
    return url


@pytest.fixture
def queue_url() -> Iterator[tuple[str, str]]:
    """The test Redis and a queue name of this test's own (its keys deleted at the end);
    skips the test when Redis does not answer."""
    import uuid

    from queue_support import forget_queue
    from redis import Redis
    from services import redis_url

    url = redis_url()
    if url is None:
        pytest.skip(f"Redis does not answer at {services.REDIS_TEST_URL}")
    name = f"cf-test-{uuid.uuid4().hex[:10]}"
    yield url, name
    with Redis.from_url(url) as redis:
        forget_queue(redis, name)


@pytest.fixture
def make_app(config: ServerConfig) -> Iterator[Callable[..., Flask]]:
    """Build apps (closed at the end); keyword arguments override ``config`` fields."""
    apps: list[Flask] = []

    def build(
        execute: Any = job_doubles.execute, plugins: Any = None, runner: Any = None, **changes: Any
    ) -> Flask:
        settings = ServerConfig(**{**config.__dict__, **changes})
        app = create_app(settings, execute=execute, plugins=plugins, runner=runner)
        app.testing = True
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["crossforge"].close()


@pytest.fixture
def tiny_list(config: ServerConfig) -> str:
    """The list 'tiny' (``SQUARE``, a clue on WAS) in the test database; returns its name."""
    from crossforge.wordbase.store import WordStore

    with WordStore(config.database_url) as store:
        store.create_list("tiny")
        for word, score in job_doubles.SQUARE.items():
            store.put_entry("tiny", word, score, clues=["Existed"] if word == "WAS" else [])
    return "tiny"
