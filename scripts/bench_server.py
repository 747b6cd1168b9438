"""Measure the server's own overhead around the fill engine, and its runners, and print
tables.

    .venv/bin/python scripts/bench_server.py [--words 20000] [--jobs 30] [--searches 300]
        [--section basic|runners|all] [--fills 40] [--clients 8] [--postgres URL]
        [--databases sqlite,postgresql]

``basic``: builds a scored list from the ``wordfreq`` top-N English words in a temporary
database, creates the app with its real process pool (one worker) and talks to it through
Flask's test client (no network). Rows: the first fill (worker start plus the word index
build and load), then ``--jobs`` fills of a 5x5 grid with ``wait`` (HTTP round trip, the
pipeline's own ``time_s``, and the difference: records, queueing, worker hand-off and
JSON), a cancel (request to ``canceled`` record) of a job that cannot finish, and
``--searches`` word searches by pattern (``GET /v1/lists/{name}/words``).

``runners``: the embedded runner and the distributed one (real ``crossforge worker``
processes on the Redis at ``--redis``) with 1 and 2 workers, on SQLite and on PostgreSQL
(a database of its own on the server at ``--postgres``, dropped after; skipped when it
does not answer). Per row: ``--fills`` 15x15 fills (``american-15-themed``, quality
``first``) from ``--clients`` concurrent clients (fills per second, latency p50 / p99),
``--jobs`` 5x5 fills one at a time (round trip and overhead p50: round trip minus the
pipeline's ``time_s``), and on PostgreSQL the database transactions per fill in both runs
(``pg_stat_database``, read after the 10 s its backends may wait before reporting). Last,
per database, the distributed runner's overhead per job over the embedded one: ``--jobs``
5x5 fills sent in turn to an embedded and a distributed app (1 worker each) on the same
database, so that both see the same load.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

GRID = ["#....", ".....", ".....", ".....", "....#"]
THEMED = "american-15-themed"
"""The 15x15 library grid the throughput runs fill."""
STATS_DELAY = 11.0
"""Seconds PostgreSQL backends may keep their counts before reporting them (10 s idle)."""


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(seconds: list[float]) -> str:
    """p50 / p99 in milliseconds."""
    return f"{percentile(seconds, 0.5) * 1000:.1f} / {percentile(seconds, 0.99) * 1000:.1f} ms"


def word_lines(count: int) -> tuple[list[str], list[str]]:
    """The ``wordfreq`` top ``count`` English words, and their lines (``word;score``)."""
    from wordfreq import top_n_list, zipf_frequency

    words = [w for w in top_n_list("en", count) if w.isascii() and w.isalpha()]
    lines = [f"{w};{min(100, int(zipf_frequency(w, 'en') * 12))}" for w in words if len(w) > 2]
    return words, lines


def main() -> None:
    """Run the measurements and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=30)
    parser.add_argument("--searches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--section", choices=["basic", "runners", "all"], default="all")
    parser.add_argument("--fills", type=int, default=40)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--databases", default="sqlite,postgresql", help="runners section")
    args = parser.parse_args()
    words, lines = word_lines(args.words)
    if args.section in ("basic", "all"):
        basic(args, words, lines)
    if args.section in ("runners", "all"):
        runners(args, lines)


def basic(args: argparse.Namespace, words: list[str], lines: list[str]) -> None:
    """The embedded server's overhead, cancel and word search table."""
    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.wordbase.building.english.editor_tags import with_editor_tags
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.store import WordStore

    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    url = f"sqlite:///{folder / 'bench.db'}"
    with WordStore(url) as store:
        import_lines(store, "bench", lines, "stwl", tagger=with_editor_tags)
    app = create_app(ServerConfig(database_url=url, workers=1, wait_limit=120))
    client = app.test_client()
    rows: list[tuple[str, str]] = []
    try:
        body = {
            "grid": GRID,
            "list": "bench",
            "options": {"seed": 1, "quality": "first"},
            "wait": 120,
        }
        started = time.perf_counter()
        first = client.post("/v1/fills", json=body).get_json()
        rows.append(
            (
                "first fill (worker start, index build+load)",
                f"{time.perf_counter() - started:.2f} s",
            )
        )
        assert first["status"] == "succeeded", first

        trips, engine = [], []
        for seed in range(args.jobs):
            body["options"] = {"seed": seed, "quality": "first"}
            started = time.perf_counter()
            job = client.post("/v1/fills", json=body).get_json()
            trips.append(time.perf_counter() - started)
            engine.append(job["result"]["time_s"])
        overhead = [t - e for t, e in zip(trips, engine, strict=True)]
        for name, values in (
            ("round trip", trips),
            ("pipeline time_s", engine),
            ("server overhead", overhead),
        ):
            rows.append(
                (
                    f"5x5 fill {name} p50 / p99 ({args.jobs} jobs)",
                    spread(values),
                )
            )

        impossible = {"grid": ["." * 15] * 15, "list": "bench", "options": {"timeout": 60}}
        job = client.post("/v1/fills", json=impossible).get_json()
        while client.get(f"/v1/jobs/{job['id']}").get_json()["status"] == "queued":
            time.sleep(0.01)
        started = time.perf_counter()
        client.post(f"/v1/jobs/{job['id']}/cancel")
        while client.get(f"/v1/jobs/{job['id']}").get_json()["status"] == "running":
            time.sleep(0.005)
        rows.append(
            (
                "cancel of a running fill → canceled",
                f"{(time.perf_counter() - started) * 1000:.0f} ms",
            )
        )

        rng = random.Random(args.seed)
        samples = [w for w in words if 3 <= len(w) <= 10]
        searches = []
        for _ in range(args.searches):
            word = rng.choice(samples).upper()
            pattern = "".join(ch if rng.random() < 0.3 else "?" for ch in word)
            started = time.perf_counter()
            answer = client.get(f"/v1/lists/bench/words?pattern={pattern}&limit=50")
            searches.append(time.perf_counter() - started)
            assert answer.status_code == 200
        rows.append(
            (
                f"word search p50 / p99 ({args.searches} patterns, limit 50)",
                spread(searches),
            )
        )
    finally:
        app.extensions["crossforge"].close()
    width = max(len(name) for name, _ in rows)
    print(f"list: {len(lines)} words (wordfreq top {args.words}), 1 worker")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def runners(args: argparse.Namespace, lines: list[str]) -> None:
    """Fills per second, latency, overhead and database transactions per runner."""
    from crossforge.grids.library import load_grid

    themed = load_grid(THEMED).to_text().splitlines()
    wanted = args.databases.split(",")
    kinds = [k for k in ("sqlite", "postgresql") if k in wanted]
    if "postgresql" in kinds and not _answers(args.postgres):
        kinds.remove("postgresql")
    rows: list[list[str]] = []
    extras: dict[str, tuple[float, float]] = {}
    for kind in kinds:
        with _database(kind, args.postgres, lines) as (url, name):
            for runner, workers in (
                ("embedded", 1),
                ("embedded", 2),
                ("distributed", 1),
                ("distributed", 2),
            ):
                with _serving(url, runner, workers, args.redis) as app:
                    cells = _measure(app, args, themed, args.postgres if name else None, name)
                rows.append([kind, runner, str(workers), *cells])
            extras[kind] = _in_turn(url, args)
    header = [
        "database",
        "runner",
        "workers",
        f"15x15 fills/s ({args.clients} clients)",
        "15x15 latency p50 / p99",
        "5x5 round trip p50",
        "5x5 overhead p50",
        "transactions per fill (1 client / many)",
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    print(
        f"list: {len(lines)} words; {args.fills} fills of {THEMED} (quality first); "
        f"{args.jobs} 5x5 fills one at a time"
    )
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    for kind, (embedded, distributed) in extras.items():
        print(
            f"{kind}: distributed runner overhead per job, p50 over embedded: "
            f"{(distributed - embedded) * 1000:.1f} ms ({args.jobs} 5x5 fills to each in turn, "
            f"1 worker: {embedded * 1000:.1f} and {distributed * 1000:.1f} ms)"
        )


def _answers(url: str) -> bool:
    try:
        import psycopg

        with psycopg.connect(_dsn(url), connect_timeout=2):
            return True
    except Exception:
        return False


def _dsn(url: str, database: str | None = None) -> str:
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if database is not None:
        parsed = parsed.set(database=database)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


@contextlib.contextmanager
def _database(kind: str, postgres: str, lines: list[str]) -> Iterator[tuple[str, str | None]]:
    """A fresh database holding list ``bench``: its URL, and its name on PostgreSQL."""
    import psycopg
    from sqlalchemy.engine import make_url

    from crossforge.wordbase.building.english.editor_tags import with_editor_tags
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.store import WordStore

    name = None
    if kind == "sqlite":
        url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='bench-runners-')) / 'bench.db'}"
    else:
        name = f"crossforge_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(_dsn(postgres), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        url = make_url(postgres).set(database=name).render_as_string(hide_password=False)
    try:
        with WordStore(url) as store:
            import_lines(store, "bench", lines, "stwl", tagger=with_editor_tags)
        yield url, name
    finally:
        if name is not None:
            with psycopg.connect(_dsn(postgres), autocommit=True) as conn:
                conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@contextlib.contextmanager
def _serving(url: str, runner: str, workers: int, redis_url: str) -> Iterator[Any]:
    """An app on ``url`` with the embedded runner, or the distributed one with ``workers``
    ``crossforge worker`` processes (stopped after)."""
    from redis import Redis

    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig

    settings: dict[str, Any] = {
        "database_url": url,
        "workers": workers,
        "wait_limit": 600,
        "max_queued": 256,
        "default_list": "bench",
        "submit_rate": "100000/minute",
    }
    started: list[subprocess.Popen[bytes]] = []
    if runner == "distributed":
        settings |= {"queue_url": redis_url, "queue_name": f"bench-{uuid.uuid4().hex[:8]}"}
        env = {**os.environ, **{f"CROSSFORGE_{k.upper()}": str(v) for k, v in settings.items()}}
        command = [str(Path(sys.executable).parent / "crossforge"), "worker"]
        started = [
            subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(workers)
        ]
    app = create_app(ServerConfig(**settings))
    try:
        while app.extensions["crossforge"].runner.counts()["workers"] < workers:
            time.sleep(0.05)
        yield app
    finally:
        app.extensions["crossforge"].close()
        for process in started:
            process.terminate()
        for process in started:
            process.wait()
        if runner == "distributed":
            with Redis.from_url(redis_url) as redis:
                keys = [
                    *redis.scan_iter(match=f"{settings['queue_name']}*"),
                    *redis.scan_iter(match=f"rq:*{settings['queue_name']}*"),
                ]
                if keys:
                    redis.delete(*keys)


def _transactions(postgres: str, name: str) -> int:
    import psycopg

    time.sleep(STATS_DELAY)
    with psycopg.connect(_dsn(postgres), autocommit=True) as conn:
        query = "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s"
        row = conn.execute(query, (name,)).fetchone()
    return int(row[0]) if row else 0


def _fill(app: Any, grid: list[str], seed: int) -> tuple[float, dict[str, Any]]:
    """One fill of ``grid`` waited for: its round trip in seconds, and the finished job."""
    body = {"grid": grid, "options": {"seed": seed, "quality": "first"}, "wait": 600}
    started = time.perf_counter()
    job = app.test_client().post("/v1/fills", json=body).get_json()
    assert job["status"] == "succeeded", job
    return time.perf_counter() - started, job


def _in_turn(url: str, args: argparse.Namespace) -> tuple[float, float]:
    """The 5x5 overhead p50 (seconds) of the embedded runner and the distributed one, each
    with 1 worker on the same database, their fills sent in turn so that both see the same
    load (this machine's load drifts between the rows of the table)."""
    with (
        _serving(url, "embedded", 1, args.redis) as embedded,
        _serving(url, "distributed", 1, args.redis) as distributed,
    ):
        apps = (embedded, distributed)
        overheads: tuple[list[float], list[float]] = ([], [])
        for seed in range(args.jobs + 4):  # the first 4 load the index in each
            for app, found in zip(apps, overheads, strict=True):
                trip, job = _fill(app, GRID, seed)
                if seed >= 4:
                    found.append(trip - job["result"]["time_s"])
    return percentile(overheads[0], 0.5), percentile(overheads[1], 0.5)


def _measure(
    app: Any, args: argparse.Namespace, themed: list[str], postgres: str | None, name: str | None
) -> list[str]:
    """The cells of one row."""
    with ThreadPoolExecutor(args.clients) as pool:  # every worker loads the index
        list(pool.map(lambda seed: _fill(app, GRID, seed), range(2 * args.clients)))
    counted = [_transactions(postgres, name)] if postgres and name else []
    small = [_fill(app, GRID, seed) for seed in range(args.jobs)]
    if postgres and name:
        counted.append(_transactions(postgres, name))
    started = time.perf_counter()
    with ThreadPoolExecutor(args.clients) as pool:
        large = list(pool.map(lambda seed: _fill(app, themed, seed), range(args.fills)))
    elapsed = time.perf_counter() - started
    if postgres and name:
        counted.append(_transactions(postgres, name))
    trips = [trip for trip, _ in small]
    overhead = [trip - job["result"]["time_s"] for trip, job in small]
    latency = [trip for trip, _ in large]
    per_fill = "-"
    if len(counted) == 3:
        one = (counted[1] - counted[0]) / args.jobs
        many = (counted[2] - counted[1]) / args.fills
        per_fill = f"{one:.1f} / {many:.1f}"
    return [
        f"{args.fills / elapsed:.2f}",
        spread(latency),
        f"{percentile(trips, 0.5) * 1000:.1f} ms",
        f"{percentile(overhead, 0.5) * 1000:.1f} ms",
        per_fill,
    ]


if __name__ == "__main__":
    main()
