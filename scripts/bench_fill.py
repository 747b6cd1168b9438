"""Fill benchmark: the van Beek crossword CSP suite, or the grid library with a word list.

    .venv/bin/python scripts/bench_fill.py vanbeek --dict uk --timeout 60 --jobs 2
    .venv/bin/python scripts/bench_fill.py library --min-score 30 --timeout 60 --jobs 2
    .venv/bin/python scripts/bench_fill.py warm --min-score 50 --repeat 5
    .venv/bin/python scripts/bench_fill.py quality --min-score 30 --seed 1 [--long]

Prints one row per instance (result, time, nodes, nodes per second, backtracks and, for
van Beek, the published Gecode time with restarts) and a summary per dictionary. Times are
the strategy's search time plus building the problem; loading the dictionary is not
counted.
Every fill is checked (entries are words of the list, crossings agree, no repeats).

``warm`` times whole requests as the server and the CLI run them (``parse_request``,
``check_request``, ``run_request`` on a ``StoreWords`` source), each grid in a fresh
process: the cold fill (the process's first: the index is loaded, the shared tables are
built, the frequency data is read) and the median of ``--repeat`` warm fills after it;
every warm fill must give the cold one's answer. It then runs ``crossforge fill`` on the
same grid in a fresh process and reports its start-up (process launch to the request)
and its whole run.

``quality`` fills each library grid once with ``quality="best"`` for 5 s (30 s with
``--long``) and prints the time to the first fill and the objective reached at 1 s, 5 s
(and 30 s): the lowest score band as its lower edge, the entries in it, the lowest and
the mean score (``40x3 min 41 mean 58.2``), then whether the last one is proved optimal.
``--blacksquare PYTHON`` (a Python with the ``blacksquare`` package, never a project
dependency: ``python -m venv /tmp/bsq && /tmp/bsq/bin/pip install blacksquare``) also
fills each grid with blacksquare on the same list (words at or above the minimum score,
with their scores) within the same time, and prints its time and the objective of its
fill under our scores.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

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


def store_with_list(database: str | None, name: str) -> str:
    """The URL of a store holding list ``name`` (a temporary one with the default list
    built from wordfreq when ``database`` is None)."""
    from crossforge.wordbase.building.defaults import build_default
    from crossforge.wordbase.store import WordStore

    url = database or f"sqlite:///{tempfile.mkdtemp(prefix='bench-fill-')}/crossforge.db"
    with WordStore(url) as store:
        if not store.has_list(name):
            build_default(store, "en")
    return url


def store_index(database: str | None, name: str) -> WordIndex:
    """The index of list ``name`` in a store (see ``store_with_list``)."""
    from crossforge.wordbase.store import WordStore

    with WordStore(store_with_list(database, name)) as store:
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


QUALITY_MARKS = (1.0, 5.0)
LONG_MARK = 30.0


def quality_row(task: tuple[str, str, str, dict[str, Any]]) -> dict[str, Any]:
    """Fill one library grid with ``quality="best"`` until the last mark; the objective
    reached at each mark, from the progress reports."""
    _, source, grid_path, options = task
    if source not in _indexes:
        _indexes[source] = store_index(options["database"], source)
    index = _indexes[source]
    grid = load_grid(Path(grid_path))
    problem = American().problem(
        {"grid": list(grid.rows), "list": source, "min_score": options["min_score"]},
        IndexWords({source: index}),
    )
    marks = options["marks"]
    reports: list[dict[str, Any]] = []
    seconds = max(options["timeout"], marks[-1])
    control = Control.with_timeout(seconds, seed=options["seed"], progress=reports.append)
    outcome = Backtrack().solve(problem, control, quality="best", best_seconds=marks[-1])
    theirs = None
    if options["blacksquare"]:
        theirs = blacksquare_fill(options["blacksquare"], grid, index, options, marks[-1])
    improving = [r for r in reports if "objective" in r]
    reached = {}
    for mark in marks:
        before = [r for r in improving if r["time"] <= mark]
        reached[mark] = before[-1]["objective"] if before else None
    result = RESULT[outcome.status]
    if outcome.status == "solved":
        wrong = check_fill(problem.decode(outcome.assignment), grid, index, True)
        result = "WRONG: " + wrong if wrong else result
    return {
        "instance": Path(grid_path).stem,
        "result": result,
        "first": improving[0]["time"] if improving else None,
        "reached": reached,
        "optimal": outcome.optimal,
        "improvements": outcome.stats.get("improvements", 0),
        "blacksquare": theirs,
    }


BLACKSQUARE_FILL = """
import json, sys, time
import blacksquare as bs
rows, words, seconds = json.loads(sys.stdin.read())
grid = [[" " if c == "." else c for c in row] for row in rows]
word_list = bs.WordList(words)
started = time.monotonic()
filled = bs.Crossword(grid=grid).fill(word_list=word_list, timeout=seconds, show_progress=False)
took = time.monotonic() - started
found = None if filled is None else [
    [w.direction.name.lower(), w.number, w.value] for w in filled.iterwords()
]
print(json.dumps({"time": took, "words": found}))
"""
"""Run by ``--blacksquare``'s Python: fill the grid, print the time and the words."""


def blacksquare_fill(
    python: str, grid: Grid, index: WordIndex, options: dict[str, Any], seconds: float
) -> dict[str, Any]:
    """Blacksquare's fill of ``grid`` from the words of ``index`` at or above the minimum
    score: its time and the objective of its fill under our scores (None: no fill)."""
    from crossforge.plugins.puzzles.crossword.problem import score_objective

    words = {
        word: float(score)
        for n in index.lengths
        for word, score in zip(index.bucket(n).words, index.bucket(n).scores, strict=True)
        if score >= options["min_score"]
    }
    given = json.dumps([list(grid.rows), words, seconds])
    done = subprocess.run(
        [python, "-c", BLACKSQUARE_FILL], input=given, capture_output=True, text=True, check=True
    )
    answer = json.loads(done.stdout)
    objective = None
    if answer["words"]:
        scores = np.array([index.score(word) or 0 for _, _, word in answer["words"]], dtype=float)
        objective = score_objective(scores, 10).summary
    return {"time": answer["time"], "objective": objective}


def objective_text(objective: dict[str, Any] | None) -> str:
    """``40x3 min 41 mean 58.2``: the lowest band's lower edge x its entries, the lowest
    and the mean score."""
    if objective is None:
        return "-"
    low = objective["lowest_band"][0]
    return (
        f"{low:g}x{objective['in_lowest_band']} min {objective['min_score']:g} "
        f"mean {objective['mean_score']:.1f}"
    )


def quality(args: argparse.Namespace) -> int:
    """The ``quality`` suite: the objective over time with ``quality="best"``."""
    marks = (*QUALITY_MARKS, LONG_MARK) if args.long else QUALITY_MARKS
    options = {
        "timeout": args.timeout,
        "seed": args.seed,
        "min_score": args.min_score,
        "database": args.database,
        "marks": marks,
        "blacksquare": args.blacksquare,
    }
    args.suite = "library"
    tasks = tasks_for(args, options)
    heads = "".join(f" {'at ' + format(m, 'g') + ' s':<26}" for m in marks)
    extra = f" {'blacksquare s':>13} {'blacksquare fill':<26}" if args.blacksquare else ""
    print(f"{'instance':<28} {'first s':>7}{heads} {'optimal':>7} {'impr.':>5}{extra}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for row in pool.map(quality_row, tasks):
            cells = "".join(f" {objective_text(row['reached'][m]):<26}" for m in marks)
            first = "-" if row["first"] is None else f"{row['first']:.2f}"
            note = "" if row["result"] == "filled" else f"  {row['result']}"
            theirs = row["blacksquare"]
            if theirs is not None:
                note = f" {theirs['time']:>13.2f} {objective_text(theirs['objective']):<26}{note}"
            print(
                f"{row['instance']:<28} {first:>7}{cells} {str(row['optimal']):>7} "
                f"{row['improvements']:>5}{note}",
                flush=True,
            )
    return 0


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


def fill_request(grid_path: str, options: dict[str, Any]) -> dict[str, Any]:
    """The raw fill request of a library grid, as the CLI or the HTTP API would send it."""
    grid = load_grid(Path(grid_path))
    extra = {"seed": options["seed"]} if options["seed"] is not None else {}
    return {
        "type": "american",
        "strategy": "backtrack",
        "grid": list(grid.rows),
        "list": options["list"],
        "options": {"min_score": options["min_score"], "timeout": options["timeout"], **extra},
    }


def warm_grid(task: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """In a fresh process: one cold and ``repeat`` warm request-to-result times of a grid."""
    from crossforge.plugins.job_requests import check_request, parse_request
    from crossforge.plugins.pipeline import run_request
    from crossforge.plugins.registry import registry
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    grid_path, options = task
    raw = fill_request(grid_path, options)
    plugins = registry()
    seconds = []
    answers = []
    with WordStore(options["database"]) as store:
        words = StoreWords(store)
        for _ in range(1 + options["repeat"]):
            started = time.perf_counter()
            request = parse_request(raw, plugins, "fill")
            problem = check_request(request, plugins, words)
            answer = run_request(request, plugins, words, request.control(), problem)
            seconds.append(time.perf_counter() - started)
            answers.append(answer)
        index = words.index(options["list"])
    first = answers[0]
    result = RESULT.get(first["status"], first["status"])
    if first["status"] == "filled":
        wrong = check_fill(first["grid"], load_grid(Path(grid_path)), index, True)
        result = "WRONG: " + wrong if wrong else result
    if any((a["status"], a["grid"]) != (first["status"], first["grid"]) for a in answers[1:]):
        result = "VARIES"  # a warm fill must repeat the cold one
    return {
        "instance": Path(grid_path).stem,
        "result": result,
        "cold": seconds[0],
        "warm": statistics.median(seconds[1:]) if seconds[1:] else float("nan"),
        "nodes": first["stats"].get("nodes", 0),
    }


CLI_PROBE = """
import sys, time
import crossforge.plugins.job_requests as job_requests
parse = job_requests.parse_request
def noted(*args, **kwargs):
    print("fill-starts", repr(time.time()), file=sys.stderr, flush=True)
    return parse(*args, **kwargs)
job_requests.parse_request = noted
from crossforge.server.cli import main
sys.argv = ["crossforge", *sys.argv[1:]]
main()
"""
"""``crossforge`` with a note of when the fill's request is parsed: what comes before
(interpreter, imports, command line, reading the grid) is the CLI's own start-up."""


def cli_times(grid_path: str, options: dict[str, Any]) -> tuple[float, float]:
    """Start-up (launch to request) and whole run of ``crossforge fill`` on a grid, in
    seconds, in a fresh process on the benchmark's store."""
    argv = [grid_path, "--list", options["list"], "--min-score", str(options["min_score"])]
    argv += ["--timeout", str(options["timeout"]), "--json"]
    if options["seed"] is not None:
        argv += ["--seed", str(options["seed"])]
    env = dict(os.environ, CROSSFORGE_DATABASE_URL=options["database"])
    launched = time.time()
    done = subprocess.run(
        [sys.executable, "-c", CLI_PROBE, "fill", *argv], env=env, capture_output=True, text=True
    )
    whole = time.time() - launched
    found = re.search(r"^fill-starts (\S+)$", done.stderr, re.MULTILINE)
    if found is None or done.returncode not in (0, 3):
        raise RuntimeError(f"crossforge fill failed ({done.returncode}): {done.stderr[-2000:]}")
    return float(found.group(1)) - launched, whole


def warm(args: argparse.Namespace) -> int:
    """The ``warm`` suite: per grid, cold and warm request-to-result times and the CLI's."""
    options = {
        "database": store_with_list(args.database, args.list),
        "list": args.list,
        "min_score": args.min_score,
        "timeout": args.timeout,
        "seed": args.seed,
        "repeat": args.repeat,
    }
    grids = [task[2] for task in tasks_for(args, {})]
    if not grids:
        print("no instances", file=sys.stderr)
        return 1
    print(
        f"{'instance':<28} {'result':<14} {'cold ms':>9} {'warm ms':>9} {'nodes':>8} "
        f"{'CLI start s':>11} {'CLI run s':>9}",
        flush=True,
    )
    rows = []
    spawn = multiprocessing.get_context("spawn")  # fresh processes: the cold fill is cold
    for grid in grids:
        with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
            row = pool.submit(warm_grid, (grid, options)).result()
        start, whole = cli_times(grid, options) if args.cli else (float("nan"), float("nan"))
        row.update(cli_start=start, cli_run=whole)
        rows.append(row)
        print(
            f"{row['instance']:<28} {row['result']:<14} {row['cold'] * 1000:>9.1f} "
            f"{row['warm'] * 1000:>9.1f} {row['nodes']:>8} {start:>11.2f} {whole:>9.2f}",
            flush=True,
        )
    print(
        f"{'median':<28} {'':<14} {statistics.median(r['cold'] for r in rows) * 1000:>9.1f} "
        f"{statistics.median(r['warm'] for r in rows) * 1000:>9.1f} {'':>8} "
        f"{statistics.median(r['cli_start'] for r in rows):>11.2f} "
        f"{statistics.median(r['cli_run'] for r in rows):>9.2f}"
    )
    if args.json:
        print(json.dumps(rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", choices=["vanbeek", "library", "warm", "quality"])
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
    parser.add_argument("--repeat", type=int, default=5, help="warm fills per grid (warm)")
    parser.add_argument(
        "--no-cli", dest="cli", action="store_false", help="skip crossforge fill (warm)"
    )
    parser.add_argument("--json", action="store_true", help="also print the rows as JSON")
    parser.add_argument("--long", action="store_true", help="also the objective at 30 s (quality)")
    parser.add_argument(
        "--blacksquare", metavar="PYTHON", help="a Python with blacksquare, to compare (quality)"
    )
    args = parser.parse_args(argv)
    if args.suite == "warm":
        return warm(args)
    if args.suite == "quality":
        return quality(args)
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
