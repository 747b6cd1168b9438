"""Measure the word index on a list (default: default-en) and print a table.

    .venv/bin/python scripts/bench_index.py [--list NAME] [--patterns 1000] [--seed 2026]

Build and save run here; load, memory and query latency run in a fresh child process so
that its memory growth is the index's alone. Patterns are a fixed, seeded set: length
3–15, 0–3 known letters copied from a random word of that length (so most match). Every
pattern runs once to warm up, then ``--repeat`` timed passes; p50/p99 are over all timed
calls. Memory is the child's resident-set growth from loading the index and running every
query (memory-mapped pages it touched included).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGETS = {
    "load_s": 0.5,
    "memory_mb": 150.0,
    "count_p50_us": 20.0,
    "letters_at_p50_us": 20.0,
    "matches_p50_us": 50.0,
}


def patterns(words_by_length: dict[int, list[str]], count: int, seed: int) -> list[str]:
    """``count`` patterns of length 3–15 with 0–3 letters taken from real words."""
    rng = random.Random(seed)
    lengths = [n for n in range(3, 16) if words_by_length.get(n)]
    out = []
    for _ in range(count):
        length = rng.choice(lengths)
        word = rng.choice(words_by_length[length])
        slots = ["?"] * length
        for position in rng.sample(range(length), rng.randint(0, 3)):
            slots[position] = word[position]
        out.append("".join(slots))
    return out


def rss_mb() -> float:
    """This process's resident set size in MB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise OSError("no VmRSS in /proc/self/status")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(folder: str, count: int, seed: int, repeat: int) -> dict[str, Any]:
    """Load the saved index, run the pattern set; the child process's job."""
    import numpy  # noqa: F401  (imported before the baseline: not the index's memory)

    from crossforge.wordbase.index import WordIndex

    before = rss_mb()
    started = time.perf_counter()
    index = WordIndex.load(folder)
    load_s = time.perf_counter() - started
    words = {n: index.bucket(n).words for n in index.lengths}
    pattern_set = patterns(words, count, seed)
    queries = {
        "count": lambda p: index.count(p),
        "matches": lambda p: index.matches(p, limit=100),
        "letters_at": lambda p: index.letters_at(p),
    }
    result: dict[str, Any] = {"load_s": load_s, "patterns": len(pattern_set)}
    clock = time.perf_counter_ns
    for name, query in queries.items():
        for pattern in pattern_set:
            query(pattern)
        timings = []
        for _ in range(repeat):
            for pattern in pattern_set:
                start = clock()
                query(pattern)
                timings.append((clock() - start) / 1000)
        result[f"{name}_p50_us"] = percentile(timings, 0.50)
        result[f"{name}_p99_us"] = percentile(timings, 0.99)
    result["memory_mb"] = rss_mb() - before
    return result


def main(argv: list[str] | None = None) -> int:
    from crossforge.wordbase.config import DEFAULT_LIST

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", default=DEFAULT_LIST, dest="list_name")
    parser.add_argument("--patterns", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--measure", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, args.patterns, args.seed, args.repeat)))
        return 0

    from crossforge.wordbase.building.defaults import build_default
    from crossforge.wordbase.index import WordIndex
    from crossforge.wordbase.store import WordStore

    store = WordStore()
    if not store.has_list(args.list_name):
        if args.list_name != DEFAULT_LIST:
            print(f"no word list named {args.list_name!r}", file=sys.stderr)
            return 1
        print(f"building {DEFAULT_LIST} first …", file=sys.stderr)
        build_default(store, "en")
    started = time.perf_counter()
    keys = store.scored_keys(args.list_name)
    tags = store.key_tags(args.list_name)
    read_s = time.perf_counter() - started
    alphabet = store.get_list(args.list_name).make_alphabet()
    started = time.perf_counter()
    index = WordIndex.build(keys, alphabet, tags)
    build_s = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        index.save(scratch)
        save_s = time.perf_counter() - started
        size_mb = sum(p.stat().st_size for p in Path(scratch).iterdir()) / 2**20
        child = subprocess.run(
            [sys.executable, __file__, "--measure", scratch]
            + ["--patterns", str(args.patterns), "--seed", str(args.seed)]
            + ["--repeat", str(args.repeat)],
            check=True,
            capture_output=True,
            text=True,
        )
    result = json.loads(child.stdout)
    rows = [
        ("keys", f"{len(index):,}", ""),
        ("tagged keys", f"{len(tags):,}", ", ".join(index.tags)),
        ("read keys from database", f"{read_s:.2f} s", ""),
        ("build", f"{build_s:.2f} s", ""),
        ("save", f"{save_s:.2f} s", f"{size_mb:.1f} MB on disk"),
        ("load", f"{result['load_s']:.3f} s", f"target ≤ {TARGETS['load_s']} s"),
        ("memory", f"{result['memory_mb']:.1f} MB", f"target ≤ {TARGETS['memory_mb']:.0f} MB"),
    ]
    for name, label in (
        ("count", "count"),
        ("matches", "matches(limit 100)"),
        ("letters_at", "letters_at"),
    ):
        target = TARGETS[f"{name}_p50_us"]
        rows.append(
            (
                f"{label} p50 / p99",
                f"{result[f'{name}_p50_us']:.1f} / {result[f'{name}_p99_us']:.1f} µs",
                f"target p50 ≤ {target:.0f} µs",
            )
        )
    print(
        f"word index on {args.list_name}: {result['patterns']} patterns "
        f"(seed {args.seed}, {args.repeat} timed passes)"
    )
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    for label, value, note in rows:
        print(f"| {label:<{width}} | {value:>{value_width}} | {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
