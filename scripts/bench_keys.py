"""Measure what API keys cost per request, on SQLite and PostgreSQL, and print a table.

    .venv/bin/python scripts/bench_keys.py [--requests 2000] [--keys 10000]
        [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/test]

Every request looks its key up in the database (by the SHA-256 of the secret, through a
unique index), so that a revoked key is refused at once by every process. Per database
(temporary SQLite files; fresh PostgreSQL schemas, dropped after): ``--keys`` other keys
in the table, then ``--requests`` lookups of one key (``KeyStore.authenticate``), and as
many ``GET /v1/lists/{name}/words/{word}`` through Flask's test client, taken in turn
from an open app (no key; it asks whether one exists at most every 30 s) and from an app
with the keys, on two databases of the kind; the last column is the difference of the
medians, what a key adds to a request.
"""

from __future__ import annotations

import argparse
import os
import secrets
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


def spread(seconds: list[float]) -> tuple[float, float]:
    """p50 and p99 in microseconds."""
    ordered = sorted(seconds)
    p50, p99 = (ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.99))
    return p50 * 1e6, p99 * 1e6


def timed(count: int, call: Callable[[], Any], warm: int = 0) -> list[float]:
    """The seconds each of ``count`` calls took (after ``warm`` not counted)."""
    for _ in range(warm):
        call()
    found = []
    for _ in range(count):
        start = time.perf_counter()
        call()
        found.append(time.perf_counter() - start)
    return found


@contextmanager
def database(kind: str, postgres: str) -> Iterator[str]:
    """The URL of an empty database of ``kind``, removed after."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'keys.db'}"
        return
    schema = f"bench_keys_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = make_url(postgres).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def app_on(url: str) -> Any:
    """An app on ``url`` holding the list 'bench' (one word, one clue)."""
    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.wordbase.store import WordStore

    with WordStore(url) as store:
        store.create_list("bench")
        store.put_entry("bench", "ERA", 50, clues=["Age"])
    return create_app(ServerConfig(database_url=url, workers=1))


def add_keys(app: Any, others: int) -> str:
    """``others`` keys in the app's database, then one more: its secret."""
    from crossforge.server.keys import keys_table, secret_hash

    keys = app.extensions["crossforge"].keys
    now = datetime.now(UTC)
    rows = [
        {
            "name": f"other-{n}",
            "scope": "read",
            "secret_hash": secret_hash(secrets.token_urlsafe(32)),
            "created_at": now,
        }
        for n in range(others)
    ]
    if rows:
        with keys.engine.begin() as conn:
            conn.execute(keys_table.insert(), rows)
    secret: str = keys.create("bench", "read")[1]
    return secret


def measure(open_url: str, keyed_url: str, requests: int, others: int) -> tuple[float, ...]:
    """Lookup p50/p99, open request p50/p99, keyed request p50/p99 (µs): the requests
    taken in turn from an open app and one with keys, so that both meet the same load."""
    open_app, keyed_app = app_on(open_url), app_on(keyed_url)
    try:
        secret = add_keys(keyed_app, others)
        header = {"Authorization": f"Bearer {secret}"}
        path = "/v1/lists/bench/words/era"
        plain, keyed = open_app.test_client(), keyed_app.test_client()
        assert keyed.get(path).status_code == 401  # keys exist: no key, no answer
        keys = keyed_app.extensions["crossforge"].keys
        lookup = timed(requests, lambda: keys.authenticate(secret), warm=10)
        open_times: list[float] = []
        keyed_times: list[float] = []
        timed(10, lambda: plain.get(path))
        timed(10, lambda: keyed.get(path, headers=header))
        for _ in range(requests):
            open_times += timed(1, lambda: plain.get(path))
            keyed_times += timed(1, lambda: keyed.get(path, headers=header))
        assert keyed.get(path, headers=header).status_code == 200
    finally:
        for app in (open_app, keyed_app):
            app.extensions["crossforge"].close()
    return (*spread(lookup), *spread(open_times), *spread(keyed_times))


def main() -> None:
    """Measure on both databases and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    os.environ["CROSSFORGE_INSTANCE"] = tempfile.mkdtemp(prefix="bench-keys-")  # indexes
    print(
        "| database | key lookup p50 / p99 | request, open p50 / p99 | "
        "request with a key p50 / p99 | added per request (p50) |"
    )
    print("|---|---|---|---|---|")
    for kind, label in (("sqlite", "SQLite"), ("postgresql", "PostgreSQL")):
        with database(kind, args.postgres) as plain, database(kind, args.postgres) as keyed:
            lp50, lp99, op50, op99, kp50, kp99 = measure(plain, keyed, args.requests, args.keys)
        print(
            f"| {label} | {lp50:.0f} / {lp99:.0f} µs | {op50:.0f} / {op99:.0f} µs | "
            f"{kp50:.0f} / {kp99:.0f} µs | {kp50 - op50:.0f} µs |"
        )


if __name__ == "__main__":
    main()
