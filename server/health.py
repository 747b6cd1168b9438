"""What ``GET /v1/health`` checks: each check says "ok" or what is wrong, never raises."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from sqlalchemy import Engine, inspect, text

from crossforge.errors import InputError

MIN_FREE_BYTES = 100 * 1024 * 1024
"""Less free disk than this where the database and indexes live is a failure."""
LOCK_WAIT_MS = 1000
"""How long the SQLite check waits for the write lock before calling it held."""


def database(engine: Engine, tables: Iterable[str]) -> str:
    """A round trip, the ``tables`` present, and (SQLite) the write lock obtainable."""
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
            missing = sorted(set(tables) - set(inspect(conn).get_table_names()))
            if missing:
                return f"error: table(s) missing: {', '.join(missing)}"
            if engine.dialect.name == "sqlite":
                conn.exec_driver_sql(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
                try:
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
                    conn.exec_driver_sql("ROLLBACK")
                finally:
                    conn.exec_driver_sql("PRAGMA busy_timeout = 30000")
    except Exception as exc:  # the report must come back whatever the database says
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        return f"error: {type(exc).__name__}: {reason}"
    return "ok"


def disk(folder: Path) -> str:
    """Free space and write access in ``folder`` (the database's and the indexes')."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".health-"):
            pass
        free = shutil.disk_usage(folder).free
    except OSError as exc:
        return f"error: {folder} is not writable ({exc.strerror or exc})"
    if free < MIN_FREE_BYTES:
        return f"error: {free // (1024 * 1024)} MiB free in {folder}"
    return "ok"


def writable_folder(folder: Path) -> None:
    """Refuse to start (``InputError`` naming it) when ``folder`` cannot be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create {folder}: {exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{folder} is not writable: indexes and databases live there")
