"""Find what the tests run against when it is there: PostgreSQL, Redis and a Chromium."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_TEST_URL = "redis://127.0.0.1:6379/15"
"""The Redis database the tests use (and may empty)."""


def postgres_url() -> str | None:
    """``CROSSFORGE_TEST_POSTGRES_URL`` (or the local default) when its server answers."""
    url = os.environ.get("CROSSFORGE_TEST_POSTGRES_URL", DEFAULT_URL)
    try:
        import psycopg

        dsn = url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(dsn, connect_timeout=2):
            return url
    except Exception:
        return None


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """``url`` with its search path set to a fresh schema of its own, dropped at the end,
    so parallel runs never meet."""
    import psycopg
    from sqlalchemy.engine import make_url

    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield scoped.render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def redis_url() -> str | None:
    """``REDIS_TEST_URL`` when a Redis server answers there."""
    try:
        import redis

        if redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2).ping():
            return REDIS_TEST_URL
    except Exception:
        pass
    return None


CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def chromium_path() -> str | None:
    """The system Chromium (``CROSSFORGE_TEST_CHROMIUM`` overrides), or None."""
    given = os.environ.get("CROSSFORGE_TEST_CHROMIUM")
    if given:
        return given if Path(given).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def browser_skip_reason() -> str | None:
    """Why the browser tests cannot run (no Playwright, no Chromium), or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "browser tests: Playwright is not installed (pip install -e '.[dev]')"
    if chromium_path() is None:
        return (
            "browser tests: no Chromium found (apt-get install chromium, or set "
            "CROSSFORGE_TEST_CHROMIUM to its executable)"
        )
    return None
