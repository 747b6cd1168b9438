"""Measure regex word searches on the default list and print a table.

    .venv/bin/python scripts/bench_search.py [--repeat 50] [--concurrent 16]

Builds ``default-en`` in a temporary SQLite store (``build_default(store, "en")``), then:
the first regex search (it builds and saves the list's word index), p50/p99 of
``search(regex=…, limit=5)`` for a few regexes, ``--concurrent`` searches at once
through the HTTP API (in-process test clients, one thread each, every one with a
different regex), and how fast a regex past the bounds is refused. Memory is this
process's resident-set growth over the concurrent searches.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench_index import percentile, rss_mb

TARGETS = {"cat_p50_ms": 50.0}

REGEXES = ["CAT", "C.T", "(?:RE|UN)\\w*ING", "[AEIOU]{3}.*", ".*Q.*", "(.)\\1.{3}"]
"""Timed one by one: a literal, a fixed shape, a prefix, a class, no narrowing, a
back reference."""

CONCURRENT = [
    "CAT",
    "C.T",
    "DOG",
    "(?:RE|UN)\\w*ING",
    "S.*S",
    ".{4}ZZ",
    "[AEIOU]{3}.*",
    "X.*",
    "QU.{3}",
    "(?:AB|CD)+",
    "..Q..",
    ".*ATION",
    "PRE.{2,4}",
    "[^AEIOU]{5}",
    "J.*J",
    "(.)\\1.{3}",
]
"""One regex per concurrent search (repeated when ``--concurrent`` is larger)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--concurrent", type=int, default=16)
    args = parser.parse_args(argv)

    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.wordbase.building.defaults import build_default
    from crossforge.wordbase.store import WordStore
    from crossforge.wordbase.user_regex import RegexBoundError

    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite:///{Path(scratch) / 'words.db'}"
        store = WordStore(url)
        started = time.perf_counter()
        build_default(store, "en")
        rows.append(("build default-en", f"{time.perf_counter() - started:.1f} s", ""))
        name = "default-en"
        rows.append(("entries", f"{store.count(name):,}", ""))
        started = time.perf_counter()
        store.search(name, regex="CAT", limit=5)
        rows.append(
            ("first regex search", f"{time.perf_counter() - started:.2f} s", "builds the index")
        )
        for expression in REGEXES:
            timings = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                page = store.search(name, regex=expression, limit=5)
                timings.append((time.perf_counter() - started) * 1000)
            note = f"{len(page.entries)} found"
            if expression == "CAT":
                note += f"; target p50 ≤ {TARGETS['cat_p50_ms']:.0f} ms"
            rows.append(
                (
                    f"regex={expression}&limit=5 p50 / p99",
                    f"{percentile(timings, 0.5):.1f} / {percentile(timings, 0.99):.1f} ms",
                    note,
                )
            )
        hostile = "(?:a{1000}){5000}"
        started = time.perf_counter()
        try:
            store.search(name, regex=hostile)
            outcome = "accepted (it should not be)"
        except RegexBoundError as exc:
            outcome = f"refused ({exc.bound})"
        refused = (time.perf_counter() - started) * 1e6
        rows.append((f"regex={hostile}", f"{refused:.0f} µs", outcome))
        store.close()

        app = create_app(ServerConfig(database_url=url, workers=1))
        before = rss_mb()

        def one(expression: str) -> tuple[int, float]:
            client = app.test_client()
            started = time.perf_counter()
            answer = client.get(f"/v1/lists/{name}/words", query_string={"regex": expression})
            return answer.status_code, time.perf_counter() - started

        expressions = [CONCURRENT[i % len(CONCURRENT)] for i in range(args.concurrent)]
        started = time.perf_counter()
        with ThreadPoolExecutor(args.concurrent) as pool:
            answers = list(pool.map(one, expressions))
        wall = time.perf_counter() - started
        ok = sum(1 for status, _ in answers if status == 200)
        slowest = max(seconds for _, seconds in answers)
        rows.append(
            (
                f"{args.concurrent} concurrent regex searches (HTTP)",
                f"{ok}/{len(answers)} ok",
                f"{wall:.2f} s in all, slowest {slowest:.2f} s, "
                f"+{rss_mb() - before:.0f} MB resident; target all ok",
            )
        )
        app.extensions["crossforge"].close()

    print(f"regex search on default-en ({args.repeat} timed calls each)")
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    for label, value, note in rows:
        print(f"| {label:<{width}} | {value:>{value_width}} | {note}")
    return 0 if ok == len(answers) else 1


if __name__ == "__main__":
    sys.exit(main())
