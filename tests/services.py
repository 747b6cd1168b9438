"""Find the services the tests run against when they answer: PostgreSQL and Redis."""

from __future__ import annotations

import os

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


def redis_url() -> str | None:
    """``REDIS_TEST_URL`` when a Redis server answers there."""
    try:
        import redis

        if redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2).ping():
            return REDIS_TEST_URL
    except Exception:
        pass
    return None
