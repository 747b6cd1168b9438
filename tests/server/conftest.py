"""Fixtures for the server tests: a config on a temporary database, apps, job helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import job_doubles
import pytest
from flask import Flask

from server.app import create_app
from server.config import ServerConfig


@pytest.fixture
def config(tmp_path: Path) -> ServerConfig:
    """Settings on a fresh SQLite database, one worker, short limits."""
    return ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'crossforge.db'}",
        workers=1,
        max_queued=2,
        job_time_limit=20.0,
        wait_limit=10.0,
    )


@pytest.fixture
def make_app(config: ServerConfig) -> Iterator[Callable[..., Flask]]:
    """Build apps (closed at the end); keyword arguments override ``config`` fields."""
    apps: list[Flask] = []

    def build(execute: Any = job_doubles.execute, plugins: Any = None, **changes: Any) -> Flask:
        settings = ServerConfig(**{**config.__dict__, **changes})
        app = create_app(settings, execute=execute, plugins=plugins)
        app.testing = True
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["crossforge"].close()
