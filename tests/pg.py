"""Find the PostgreSQL server the store's tests run against, if one answers."""

from __future__ import annotations

import os

DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


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
