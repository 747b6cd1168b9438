"""Fill benchmark: the van Beek crossword CSP suite, or the grid library with a word list.

    .venv/bin/python scripts/bench_fill.py vanbeek --dict uk --timeout 60 --jobs 2
    .venv/bin/python scripts/bench_fill.py library --min-score 30 --timeout 60 --jobs 2

Prints one row per instance (result, time, nodes, nodes per second, backtracks and, for
van Beek, the published Gecode time with restarts) and a summary per dictionary. Times are
the strategy's search time plus building the problem; loading the dictionary is not
counted.
Every fill is checked (entries are words of the list, crossings agree, no repeats).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.grids.model import Grid  # noqa: E402
from crossforge.plugins.contract import Control  # noqa: E402
from crossforge.plugins.puzzles.crossword import American  # noqa: E402
from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem  # noqa: E402
from crossforge.plugins.strategies.backtrack import Backtrack  # noqa: E402
from crossforge.wordbase.config import DEFAULT_LIST  # noqa: E402
from crossforge.wordbase.index import WordIndex  # noqa: E402
from crossforge.wordbase.source import IndexWords  # noqa: E402

VANBEEK = Path(__file__).resolve().parents[2] / "shared" / "bench" / "vanbeek"
LIBRARY = Path(__file__).resolve().parent.parent / "grids" / "library"
RESULT = {"solved": "filled", "unsatisfiable": "proved unsat", "gave_up": "gave up"}

_indexes: dict[str, WordIndex] = {}
"""Per worker process: the indexes already built, by dictionary name or list."""


def plain_index(path: Path) -> WordIndex:
    """The index of a plain dictionary (one lower-case a–z word a line, unscored)."""
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.strip()
        if word.isascii() and word.isalpha():
            words.append((word.upper(), 50))
    return WordIndex.build(words)


def store_index(database: str | None, name: str) -> WordIndex:
    """The index of list ``name`` in a store (a temporary one with the default list built
    from wordfreq when ``database`` is None)."""
    from crossforge.wordbase.defaults import build_default
    from crossforge.wordbase.store import WordStore

    url = database or f"sqlite:///{tempfile.mkdtemp(prefix='bench-fill-')}/crossforge.db"
    with WordStore(url) as store:
        if not store.has_list(name):
            build_default(store, "en")
        return WordIndex.for_list(store, name)


def check_fill(rows: list[str], grid: Grid, index: WordIndex, distinct: bool) -> str:
    """An empty string when the filled rows are a valid fill, else what is wrong."""
    filled = Grid.from_rows(rows)
    words = ["".join(filled.letter(r, c) or "?" for r, c in slot.cells) for slot in grid.slots()]
    bad = [w for w in words if w not in index]
    if bad:
        return f"not words: {', '.join(bad[:3])}"
    if distinct and len(set(words)) != len(words):
        return "repeated entries"
    return ""


def run_instance(task: tuple[str, str, str, dict[str, Any]]) -> dict[str, Any]:
    """Fill one grid file with one dictionary; returns the row of the table."""
    suite, source, grid_path, options = task
    if source not in _indexes:
        if suite == "vanbeek":
            _indexes[source] = plain_index(VANBEEK / "dict" / f"{source}.txt")
        else:
            _indexes[source] = store_index(options["database"], source)
    index = _indexes[source]
    grid = load_grid(Path(grid_path))
    started = time.monotonic()
    if suite == "vanbeek":
        slots = grid.slots()
        problem: CrosswordProblem = CrosswordProblem(
            list(grid.rows),
            slots,
            {n: index.bucket(n) for n in {slot.length for slot in slots}},
            index.alphabet,
        )
    else:
        problem = American().problem(
            {"grid": list(grid.rows), "list": source, "min_score": options["min_score"]},
            IndexWords({source: index}),
        )
    control = Control.with_timeout(options["timeout"], seed=options["seed"])
    outcome = Backtrack().solve(problem, control)
    elapsed = time.monotonic() - started
    result = RESULT[outcome.status]
    if outcome.status == "solved":
        problem_found = check_fill(problem.decode(outcome.assignment), grid, index, True)
        if problem_found:
            result = "WRONG: " + problem_found
    return {
        "source": source,
        "instance": Path(grid_path).stem,
        "result": result,
        "time": elapsed,
        "nodes": outcome.stats.get("nodes", 0),
        "backtracks": outcome.stats.get("backtracks", 0),
        "restarts": outcome.stats.get("restarts", 0),
    }


def load_grid(path: Path) -> Grid:
    """The grid of a puzzle file in any format ``grids.formats`` reads, letters removed."""
    from crossforge.grids.formats import load

    return load(path).grid.blanked()


def gecode_times(readme: Path) -> dict[tuple[str, str], float | None]:
    """Published Gecode times with restarts, by (dictionary, grid), from the README."""
    times: dict[tuple[str, str], float | None] = {}
    row = re.compile(r"^\| (\d\d\.\d\d) \| ([^|]+)\| ([^|]+)\| ([^|]+)\| ([^|]+)\|")
    for line in readme.read_text(encoding="utf-8").splitlines():
        found = row.match(line)
        if found:
            cells = [c.strip() for c in found.groups()[1:]]
            for source, cell in (("uk", cells[1]), ("words", cells[3])):
                times[(source, found.group(1))] = None if cell == "--" else float(cell)
    return times


def tasks_for(
    args: argparse.Namespace, options: dict[str, Any]
) -> list[tuple[str, str, str, dict[str, Any]]]:
    if args.suite == "vanbeek":
        grids = sorted((VANBEEK / "grids").glob("*.txt"))
        if args.grids:
            wanted = set(args.grids.split(","))
            grids = [g for g in grids if g.stem in wanted]
        sources = ["uk", "words"] if args.dict == "all" else [args.dict]
        return [("vanbeek", s, str(g), options) for s in sources for g in grids]
    from crossforge.grids.formats import format_for, load

    chosen = []
    for path in sorted(Path(args.grids_dir).glob(args.pattern)):
        try:
            format_for(path)
        except ValueError:
            continue
        grid = load(path).grid
        if grid.height == grid.width == 15 and not _american_violations(grid):
            chosen.append(("library", args.list, str(path), options))
    return chosen


def _american_violations(grid: Grid) -> list[Any]:
    from crossforge.grids.rules import check

    return check(grid, "american")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", choices=["vanbeek", "library"])
    parser.add_argument("--dict", choices=["uk", "words", "all"], default="all")
    parser.add_argument("--grids", help="comma-separated grid names (van Beek), e.g. 15.04")
    parser.add_argument("--list", default=DEFAULT_LIST, help="word list (library suite)")
    parser.add_argument("--grids-dir", default=str(LIBRARY), help="grid files (library suite)")
    parser.add_argument(
        "--pattern", default="american-15-*", help="file names to take from --grids-dir"
    )
    parser.add_argument("--database", help="word store URL (library; default: a temp store)")
    parser.add_argument("--min-score", type=float, default=30)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    options = {
        "timeout": args.timeout,
        "seed": args.seed,
        "min_score": args.min_score,
        "database": args.database,
    }
    tasks = tasks_for(args, options)
    if not tasks:
        print("no instances", file=sys.stderr)
        return 1
    reference = gecode_times(VANBEEK / "README.md") if args.suite == "vanbeek" else {}
    print(
        f"{'instance':<16} {'result':<14} {'time s':>8} {'nodes':>7} {'nodes/s':>8} "
        f"{'backtr.':>8} {'restarts':>8} {'Gecode s':>9}"
    )
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for row in pool.map(run_instance, tasks):
            ref = reference.get((row["source"], row["instance"]), "")
            ref_text = "--" if ref is None else str(ref)
            print(
                f"{row['source'] + '/' + row['instance']:<16} {row['result']:<14} "
                f"{row['time']:>8.2f} {row['nodes']:>7} {row['nodes'] / row['time']:>8.0f} "
                f"{row['backtracks']:>8} "
                f"{row['restarts']:>8} {ref_text:>9}",
                flush=True,
            )
            rows.append(row)
    for source in dict.fromkeys(row["source"] for row in rows):
        mine = [row for row in rows if row["source"] == source]
        filled = [row for row in mine if row["result"] == "filled"]
        times = [row["time"] if row["result"] == "filled" else float("inf") for row in mine]
        print(
            f"{source}: {len(filled)} of {len(mine)} filled, "
            f"median {statistics.median(times):.2f} s (unfilled count as over the limit), "
            f"{sum(row['nodes'] for row in mine) / sum(row['time'] for row in mine):.0f} nodes/s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
