"""The grid library's figures: shape, rules, complexity, fillability and (optionally) a fill.

    .venv/bin/python scripts/library_table.py --list default-en --min-score 30
    .venv/bin/python scripts/library_table.py --list default-en --min-score 30 --fill 60

Prints one row per square library grid: size, words, block %, the rule check, our
generation complexity, the fillability estimate (log2 of the expected number of fills)
and, with ``--fill SECONDS``, the result and time of the backtracking fill strategy with
default options. The word list comes from the store at ``CROSSFORGE_DATABASE_URL``
(build it with ``crossforge words build-default``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.grids import library  # noqa: E402
from crossforge.grids.model import Grid  # noqa: E402
from crossforge.grids.rules import check  # noqa: E402
from crossforge.grids.stats import grid_stats  # noqa: E402
from crossforge.wordbase.config import DEFAULT_LIST  # noqa: E402
from crossforge.wordbase.index import WordIndex  # noqa: E402


def fill(grid: Grid, index: WordIndex, min_score: float, seconds: float) -> tuple[str, float]:
    """The backtracking strategy's status on ``grid`` and its time in seconds."""
    from crossforge.plugins.contract import Control
    from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem
    from crossforge.plugins.strategies.backtrack import Backtrack

    slots = grid.slots()
    tables = {length: index.bucket(length) for length in {slot.length for slot in slots}}
    start = time.monotonic()
    problem = CrosswordProblem(list(grid.rows), slots, tables, index.alphabet, min_score=min_score)
    outcome = Backtrack().solve(problem, Control.with_timeout(seconds, seed=1))
    return outcome.status, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", default=DEFAULT_LIST, help="word list in the store")
    parser.add_argument("--min-score", type=int, default=30)
    parser.add_argument("--fill", type=float, metavar="SECONDS", help="also try to fill")
    args = parser.parse_args(argv)
    from crossforge.wordbase.store import WordStore

    with WordStore() as store:
        index = WordIndex.for_list(store, args.list)
    print(
        f"{'grid':<28} {'size':>5} {'words':>5} {'block%':>6} {'rules':>8} {'check':>6} {'cx':>5} "
        f"{'log2 fills':>10}" + (f" {'fill':>8} {'time s':>7}" if args.fill else "")
    )
    for item in library.CATALOGUE.values():
        if item.shape != "square" or item.rules is None:
            continue
        grid = library.load_grid(item.name)
        stats = grid_stats(grid, index, min_score=args.min_score)
        assert stats.fillability is not None
        verdict = "ok" if not check(grid, item.rules) else "BROKEN"
        line = (
            f"{item.name:<28} {grid.height:>2}x{grid.width:<2} {stats.entries:>5} "
            f"{stats.block_percent:>6} {item.rules:>8} {verdict:>6} "
            f"{stats.complexity:>5} {stats.fillability.log2_fills:>10.1f}"
        )
        if args.fill:
            status, seconds = fill(grid, index, args.min_score, args.fill)
            line += f" {status:>8} {seconds:>7.1f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
