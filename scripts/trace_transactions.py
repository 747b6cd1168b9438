"""Count the database transactions a fill costs from PostgreSQL's own statement log, for
the embedded runner and the distributed one, and print a table.

    .venv/bin/python scripts/trace_transactions.py [--log PATH] [--postgres URL]
        [--redis URL] [--fills 12]

Builds ``scripts/bench_server.py``'s list in a database of its own on the server at
``--postgres`` (a superuser: the database gets ``log_statement = 'all'``; dropped after),
serves it with each runner as that benchmark does (the distributed one with 2 real
``crossforge worker`` processes), runs 16 warm-up fills of ``american-15-themed`` from 8
clients, then ``--fills`` fills from 1 client and as many from 8, and reads what the
server logged meanwhile for that database (``--log``, the server's log file; its
``log_line_prefix`` must hold the process id as ``[%p]`` and ``user@%d``). Per fill:
``BEGIN`` statements (every transaction: psycopg begins each one explicitly), backends
not seen before (PostgreSQL counts a new connection as a transaction too), and what the
transactions began with.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench_server import THEMED, _database, _dsn, _serving, word_lines

WARM_UP = 16
CLIENTS = 8
LINE = re.compile(
    r"\[(?P<pid>\d+)\] \S+@(?P<database>\S+) (?:LOG:  (?:statement|execute [^:]*): (?P<sql>.*))?"
)
"""A line of the server's log: the backend's process id, the database, and the statement
(a simple one, or an execution of a prepared one) if the line logs one."""


def main() -> None:
    """Trace both runners and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--log", type=Path, default=Path("/var/log/postgresql/postgresql-15-main.log")
    )
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--fills", type=int, default=12)
    parser.add_argument("--words", type=int, default=20000)
    args = parser.parse_args()
    import psycopg

    from crossforge.grids.library import load_grid

    themed = load_grid(THEMED).to_text().splitlines()
    _, lines = word_lines(args.words)
    print(f"{args.fills} fills of {THEMED} (quality first) per row, after {WARM_UP} warm-up fills")
    print(
        f"{'runner':<12} {'workers':<8} {'clients':<8} {'BEGINs per fill':<16} "
        f"{'new backends per fill':<22} began with (per fill)"
    )
    with _database("postgresql", args.postgres, lines) as (url, database):
        name = str(database)  # always named on PostgreSQL
        with psycopg.connect(_dsn(args.postgres), autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE \"{name}\" SET log_statement = 'all'")
        for runner, workers in (("embedded", 1), ("distributed", 2)):
            with _serving(url, runner, workers, args.redis) as app:
                seen: set[str] = set()
                fill = _filler(app, themed)
                with ThreadPoolExecutor(CLIENTS) as pool:
                    list(pool.map(fill, range(WARM_UP)))
                for clients in (1, CLIENTS):
                    time.sleep(1)  # the warm-up's last statements are logged
                    seen |= _backends(_logged(args.log, name, 0))
                    start = args.log.stat().st_size
                    with ThreadPoolExecutor(clients) as pool:
                        list(pool.map(fill, range(1000, 1000 + args.fills)))
                    time.sleep(1)
                    logged = _logged(args.log, name, start)
                    new = _backends(logged) - seen
                    seen |= new
                    began = _began(logged)
                    kinds = ", ".join(f"{k} {n / args.fills:.2f}" for k, n in began.most_common())
                    print(
                        f"{runner:<12} {workers:<8} {clients:<8} "
                        f"{sum(began.values()) / args.fills:<16.2f} {len(new) / args.fills:<22.2f} "
                        f"{kinds}"
                    )


def _filler(app: Any, themed: list[str]) -> Any:
    """A function running one fill of ``themed`` (with a seed) on ``app``, waited for."""

    def fill(seed: int) -> None:
        body = {"grid": themed, "options": {"seed": seed, "quality": "first"}, "wait": 600}
        job = app.test_client().post("/v1/fills", json=body).get_json()
        assert job["status"] == "succeeded", job

    return fill


def _logged(log: Path, database: str, start: int) -> list[tuple[str, str | None]]:
    """(process id, statement or None) of each line logged for ``database`` past ``start``."""
    with log.open("rb") as file:
        file.seek(start)
        text = file.read().decode(errors="replace")
    found = []
    for line in text.splitlines():
        match = LINE.search(line)
        if match and match["database"] == database:
            found.append((match["pid"], match["sql"]))
    return found


def _backends(logged: list[tuple[str, str | None]]) -> set[str]:
    return {pid for pid, _ in logged}


def _began(logged: list[tuple[str, str | None]]) -> Counter[str]:
    """Transactions by the first statement after their ``BEGIN`` (``_kind``)."""
    began: Counter[str] = Counter()
    opened: set[str] = set()
    for pid, sql in logged:
        if sql is None:
            continue
        if sql.strip() == "BEGIN":
            opened.add(pid)
        elif pid in opened:
            opened.discard(pid)
            began[_kind(sql)] += 1
    return began


def _kind(sql: str) -> str:
    """A statement in short (its log line's first line): a job record's update by what it
    sets, a query by the table of its first column."""
    words = sql.split()
    if words[0] == "UPDATE":
        sets = sql.split(" WHERE ")[0].split(" RETURNING ")[0]
        for column, what in (("finished_at", "end"), ("started_at", "running")):
            if column in sets:
                return f"{words[1]} {what}"
        return f"{words[1]} progress" if "progress" in sets else " ".join(words[:2])
    if words[0] == "SELECT" and len(words) > 1:
        return "SELECT " + words[1].split(".")[0]
    return " ".join(words[:3])


if __name__ == "__main__":
    main()
