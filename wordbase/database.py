"""One SQLAlchemy engine per database URL per process, shared by the word store and the job
records, with the same SQLite settings on every connection.

``engine_for`` counts a user; ``release`` ends that use, and the last one closes the pooled
connections (the engine stays cached and usable). A forked child drops the pooled
connections it inherited without closing them, so the parent's stay intact.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.pool import StaticPool

__all__ = ["engine_for", "release", "sqlite_file"]

POOL_SIZE = 16
"""Connections a server database's engine keeps between uses (opened as needed, so a
worker keeps one or two): a burst of requests up to this many at once reuses them instead
of opening and closing extra ones, each of which costs a backend start (on PostgreSQL a
transaction of its own) and a round trip."""
BUSY_TIMEOUT_MS = 30_000
"""How long a SQLite connection waits for another's write lock (a long import's)."""

_engines: dict[str, Engine] = {}
_users: dict[Engine, int] = {}
_lock = threading.Lock()


def sqlite_file(url: str | URL) -> Path | None:
    """The absolute path of a SQLite URL's file; None for other databases and in-memory."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(str(parsed.database)).resolve()


def engine_for(url: str) -> Engine:
    """The process's engine for ``url``, created on first use; counts one user until
    ``release``. A SQLite file's folder is created; in-memory SQLite is one database
    shared by every thread."""
    parsed = make_url(url)
    path = sqlite_file(parsed)
    if path is not None:
        parsed = parsed.set(database=str(path))
    key = parsed.render_as_string(hide_password=False)
    with _lock:
        engine = _engines.get(key)
        if engine is None:
            engine = _engines[key] = _create(parsed, path)
        _users[engine] = _users.get(engine, 0) + 1
        return engine


def release(engine: Engine) -> None:
    """One user of ``engine`` is done; the last closes its pooled connections."""
    with _lock:
        left = _users.pop(engine, 1) - 1
        if left > 0:
            _users[engine] = left
        else:
            engine.dispose()


def _create(url: URL, path: Path | None) -> Engine:
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_size=POOL_SIZE)
    if path is None:
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Every SQLite connection: wait out write locks; write-ahead log, so readers go on
    while a writer works, synced at checkpoints (an update costs ~1 ms, not ~20; a power
    cut may lose the last ones). Foreign keys stay unenforced: the word store deletes
    clues and entries itself, and enforcing them costs ~10% of an import's time."""
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _after_fork_in_child() -> None:
    for engine in _engines.values():
        engine.dispose(close=False)
    _lock.release()


os.register_at_fork(
    before=_lock.acquire, after_in_parent=_lock.release, after_in_child=_after_fork_in_child
)
