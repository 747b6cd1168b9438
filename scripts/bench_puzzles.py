"""Benchmark the logic-puzzle types: solve and generation times, one table row per case.

    .venv/bin/python scripts/bench_puzzles.py [--quick] [--types sudoku,regex] [--seed N]

Each type contributes a function ``cases(args) -> list[Case]`` in ``CASES``; a case runs
its work ``runs`` times and reports per-item times (median, p99), items per second of wall
time and of this process's CPU time (the machine is shared: CPU time shows the work
itself), and the target it is measured against. Add a type by writing its case function
and listing it in ``CASES``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files

from crossforge.plugins.contract import Control


@dataclass
class Case:
    """One row of the table: ``work`` does one item and returns whether it succeeded."""

    puzzle_type: str
    name: str
    action: str
    size: str
    work: Callable[[int], bool]
    runs: int
    target: str = ""


@dataclass
class Row:
    """A measured case."""

    case: Case
    times: list[float]
    cpu: float
    """CPU seconds of this process over all the runs."""
    failures: int

    def cells(self) -> list[str]:
        times = sorted(self.times)
        median = statistics.median(times)
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        rate = len(times) / sum(times) if sum(times) else float("inf")
        cpu_rate = len(times) / self.cpu if self.cpu else float("inf")
        c = self.case
        ok = f"{len(times) - self.failures}/{len(times)}"
        return [
            c.puzzle_type,
            c.name,
            c.action,
            c.size,
            ok,
            f"{median * 1000:.2f}",
            f"{p99 * 1000:.2f}",
            f"{rate:.1f}",
            f"{cpu_rate:.1f}",
            c.target,
        ]


HEADER = [
    "type", "case", "action", "size", "ok", "median ms", "p99 ms", "per s", "per cpu s", "target"
]  # fmt: skip


def measure(case: Case) -> Row:
    """Run a case and time each item."""
    times, failures = [], 0
    cpu_start = time.process_time()
    for i in range(case.runs):
        start = time.perf_counter()
        ok = case.work(i)
        times.append(time.perf_counter() - start)
        failures += not ok
    return Row(case, times, time.process_time() - cpu_start, failures)


def sudoku_cases(args: argparse.Namespace) -> list[Case]:
    """Article 002's puzzle, the top95 collection, the hardest published ones, the
    Sudoku Explainer-rated sample, generated collections, generation by level and size."""
    from crossforge.plugins.puzzles.sudoku import SudokuType
    from crossforge.plugins.puzzles.sudoku.board import parse_collection
    from crossforge.plugins.puzzles.sudoku.search import count_solutions
    from crossforge.plugins.puzzles.sudoku.techniques import LEVEL_NAMES

    sudoku = SudokuType()
    samples = files("crossforge.plugins.puzzles.sudoku") / "samples"
    article = parse_collection(samples.joinpath("article002.txt").read_text())
    hardest = parse_collection(samples.joinpath("hardest.txt").read_text())
    top95 = parse_collection(samples.joinpath("top95.txt").read_text())
    se_lines = samples.joinpath("se_rated.txt").read_text().splitlines()
    se_rated = parse_collection("\n".join(line.split()[0] for line in se_lines if line))
    count = 25 if args.quick else 100
    rng = random.Random(args.seed)
    generated = {
        level: [sudoku.generate(rng, Control.with_timeout(60), level=level) for _ in range(count)]
        for level in ("expert", "guessing")
    }
    collection = [p for puzzles in generated.values() for p in puzzles]

    def graded(puzzles: list) -> Callable[[int], bool]:
        return lambda i: sudoku.solve_logically(puzzles[i % len(puzzles)], Control()).unique is True

    def searched(puzzles: list) -> Callable[[int], bool]:
        def work(i: int) -> bool:
            puzzle = puzzles[i % len(puzzles)]
            return count_solutions(puzzle.geometry, puzzle.givens).count == 1

        return work

    def generate(level: str | None, size: str = "9") -> Callable[[int], bool]:
        gen_rng = random.Random(args.seed + 1)
        return lambda i: bool(
            sudoku.generate(gen_rng, Control.with_timeout(120), level=level, size=size)
        )

    repeats = 3 if args.quick else 20
    cases = [
        Case("sudoku", "article 002", "graded solve", "9x9", graded(article), repeats),
        Case("sudoku", "top95 (95)", "search solve", "9x9", searched(top95),
             len(top95) * (1 if args.quick else 5), ">= 200/s"),
        Case("sudoku", "top95 (95)", "graded solve", "9x9", graded(top95), len(top95)),
        Case("sudoku", "hardest published (4)", "search solve", "9x9", searched(hardest),
             4 * repeats, ">= 200/s"),
        Case("sudoku", "hardest published (4)", "graded solve", "9x9", graded(hardest),
             4 * repeats),
        Case("sudoku", f"SE-rated 5.0-9.1 ({len(se_rated)})", "graded solve", "9x9",
             graded(se_rated), len(se_rated)),
        Case("sudoku", f"generated expert+guessing ({len(collection)})", "search solve",
             "9x9", searched(collection), len(collection), ">= 200/s"),
        Case("sudoku", f"generated expert+guessing ({len(collection)})", "graded solve",
             "9x9", graded(collection), len(collection), ">= 200/s"),
    ]  # fmt: skip
    for level in LEVEL_NAMES.values():
        cases.append(Case("sudoku", f"level {level}", "generate", "9x9", generate(level), repeats))
    runs_16 = 1 if args.quick else 3
    cases.append(Case("sudoku", "any level", "generate", "16x16", generate(None, "16"), runs_16))
    cases.append(Case("sudoku", "any level", "generate", "25x25", generate(None, "25"), runs_16))
    return cases


def regex_cases(args: argparse.Namespace) -> list[Case]:
    """The MIT 2013 hexagon (39 clues): solved and proved unique, and graded."""
    from crossforge.plugins.puzzles.regexcross import RegexCrosswordType
    from crossforge.plugins.puzzles.regexcross.solver import Engine, count_solutions

    regex_type = RegexCrosswordType()
    data = json.loads(
        (files("crossforge.plugins.puzzles.regexcross") / "samples" / "mit2013.json").read_text()
    )
    puzzle = regex_type.parse_json(data)
    repeats = 3 if args.quick else 10

    def unique(i: int) -> bool:
        return count_solutions(Engine(puzzle)).count == 1

    def graded(i: int) -> bool:
        return regex_type.solve_logically(puzzle, Control()).unique is True

    return [
        Case("regex", "MIT 2013 hexagon", "solve + unique", "side 7", unique, repeats, "< 1 s"),
        Case("regex", "MIT 2013 hexagon", "graded solve", "side 7", graded, repeats),
    ]


def tents_cases(args: argparse.Namespace) -> list[Case]:
    """Article 003's three puzzles (graded solve, search count), the Tricky puzzles of
    Simon Tatham's generator (graded solve, line-placement cache emptied before each, so
    every solve is cold; ok = unique without a guess) and generation by size and level."""
    from crossforge.plugins.puzzles.tents import TentsType, solver, squeeze
    from crossforge.plugins.puzzles.tents.model import TentsPuzzle, parse_game_ids

    tents = TentsType()
    samples = files("crossforge.plugins.puzzles.tents") / "samples"
    repeats = 10 if args.quick else 50
    cases = []
    for size in ("5x5", "10x10", "18x18"):
        puzzle = tents.parse_text(samples.joinpath(f"article003_{size}.txt").read_text())
        target = "<= 20 ms" if size == "18x18" else ""

        def graded(i: int, puzzle: TentsPuzzle = puzzle) -> bool:
            return tents.solve_logically(puzzle, Control()).unique is True

        def counted(i: int, puzzle: TentsPuzzle = puzzle) -> bool:
            return tents.count_solutions(puzzle) == 1

        cases.append(
            Case("tents", f"article 003 {size}", "graded solve", size, graded, repeats, target)
        )
        cases.append(Case("tents", f"article 003 {size}", "search count", size, counted, repeats))
    for size in ("10x10", "15x15", "25x25"):
        tricky = parse_game_ids(samples.joinpath(f"tatham_tricky_{size}.txt").read_text())

        def cold(i: int, tricky: list[TentsPuzzle] = tricky) -> bool:
            squeeze.clear_caches()
            result = solver.solve(tricky[i % len(tricky)])
            guessed = any(step.technique == "guess" for step in result.grade.steps)
            return result.unique is True and not guessed

        runs = min(len(tricky), 10) if args.quick else len(tricky)
        target = "p99 <= 100 ms" if size == "25x25" else ""
        name = f"Tatham Tricky ({len(tricky)})"
        cases.append(Case("tents", name, "graded solve", size, cold, runs, target))
    generation = (
        ("10x10", None, 10, ""),
        ("18x18", None, 5, ""),
        ("25x25", None, 5, "median <= 10 s"),
        ("10x10", "matching", 5, ""),
        ("18x18", "matching", 5, ""),
        ("10x10", "guess", 5, ""),
    )
    for size, level, runs, target in generation:
        rng = random.Random(args.seed)

        def generate(
            i: int, size: str = size, level: str | None = level, rng: random.Random = rng
        ) -> bool:
            options = {"size": size} if level is None else {"size": size, "level": level}
            return bool(tents.generate(rng, Control.with_timeout(120), **options))

        name = "any level" if level is None else f"level {level}"
        runs = 2 if args.quick else runs
        cases.append(Case("tents", name, "generate", size, generate, runs, target))
    return cases


def shikaku_cases(args: argparse.Namespace) -> list[Case]:
    """Article 001's puzzle, generated 15x15 puzzles, both generators."""
    from crossforge.plugins.puzzles.shikaku import ShikakuType

    shikaku = ShikakuType()
    article = shikaku.parse_text(
        (files("crossforge.plugins.puzzles.shikaku") / "samples" / "article001_8x8.txt").read_text()
    )
    repeats = 10 if args.quick else 50
    rng = random.Random(args.seed)
    made = [shikaku.generate(rng, Control.with_timeout(60), size=15) for _ in range(repeats)]

    def graded(puzzles: list) -> Callable[[int], bool]:
        return lambda i: (
            shikaku.solve_logically(puzzles[i % len(puzzles)], Control()).unique is True
        )

    def generate(size: int, **options: object) -> Callable[[int], bool]:
        gen_rng = random.Random(args.seed + 1)
        return lambda i: bool(
            shikaku.generate(gen_rng, Control.with_timeout(120), size=size, **options)
        )

    ga_runs = 2 if args.quick else 5
    return [
        Case("shikaku", "article 001", "graded solve", "8x8", graded([article]), repeats),
        Case("shikaku", f"generated ({len(made)})", "graded solve", "15x15", graded(made), repeats),
        Case("shikaku", "constructive", "generate", "10x10", generate(10), repeats),
        Case("shikaku", "constructive", "generate", "15x15", generate(15), repeats, "<= 500 ms"),
        Case("shikaku", "genetic, band [100, 150)", "generate", "10x10",
             generate(10, method="genetic", difficulty=[100, 150]), ga_runs),
    ]  # fmt: skip


CASES: dict[str, Callable[[argparse.Namespace], list[Case]]] = {
    "sudoku": sudoku_cases,
    "regex": regex_cases,
    "tents": tents_cases,
    "shikaku": shikaku_cases,
}
"""Case builders by puzzle type, in table order."""


def main() -> None:
    """Parse the options, run the chosen types' cases and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer items per case")
    parser.add_argument("--types", default=",".join(CASES), help="comma-separated types")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows: list[Row] = []
    for name in args.types.split(","):
        if name not in CASES:
            parser.error(f"unknown type {name!r} (known: {', '.join(CASES)})")
        rows.extend(measure(case) for case in CASES[name](args))
    table = [HEADER] + [row.cells() for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADER))]
    for n, line in enumerate(table):
        print(" | ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip())
        if n == 0:
            print("-+-".join("-" * w for w in widths))


if __name__ == "__main__":
    main()
