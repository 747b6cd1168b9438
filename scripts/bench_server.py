"""Measure the server's own overhead around the fill engine and print a table.

    .venv/bin/python scripts/bench_server.py [--words 20000] [--jobs 30] [--searches 300]

Builds a scored list from the ``wordfreq`` top-N English words in a temporary database,
creates the app with its real process pool (one worker) and talks to it through Flask's
test client (no network). Rows: the first fill (worker start plus the word index build
and load), then ``--jobs`` fills of a 5x5 grid with ``wait`` (HTTP round trip, the
pipeline's own ``time_s``, and the difference: records, queueing, worker hand-off and
JSON), a cancel (request to ``canceled`` record) of a job that cannot finish, and
``--searches`` word searches by pattern (``GET /v1/lists/{name}/words``).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

GRID = ["#....", ".....", ".....", ".....", "....#"]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(seconds: list[float]) -> str:
    """p50 / p99 in milliseconds."""
    return f"{percentile(seconds, 0.5) * 1000:.1f} / {percentile(seconds, 0.99) * 1000:.1f} ms"


def main() -> None:
    """Run the measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=30)
    parser.add_argument("--searches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    from wordfreq import top_n_list, zipf_frequency

    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.wordbase.store import WordStore

    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    url = f"sqlite:///{folder / 'bench.db'}"
    words = [w for w in top_n_list("en", args.words) if w.isascii() and w.isalpha()]
    lines = [f"{w};{min(100, int(zipf_frequency(w, 'en') * 12))}" for w in words if len(w) > 2]
    with WordStore(url) as store:
        store.import_lines("bench", lines, "stwl")
    app = create_app(ServerConfig(database_url=url, workers=1, wait_limit=120))
    client = app.test_client()
    rows: list[tuple[str, str]] = []
    try:
        body = {"grid": GRID, "list": "bench", "options": {"seed": 1}, "wait": 120}
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
            body["options"] = {"seed": seed}
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


if __name__ == "__main__":
    main()
