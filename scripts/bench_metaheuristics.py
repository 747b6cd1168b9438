"""Metaheuristics benchmark: success rate and time of ``genetic`` and ``annealing``.

    .venv/bin/python scripts/bench_metaheuristics.py --seeds 10 --timeout 20
    .venv/bin/python scripts/bench_metaheuristics.py --cases tents sudoku --seeds 3

Each case is run once per seed and strategy, one run at a time, each with its own
deadline. A run counts as solved only when the strategy says so and the type's own
validation (or, for crosswords, the word list) agrees. Times are search times, median
and worst over all runs of a row (a run that gave up counts with its time at the
deadline); "cost" is the median best cost left by the runs that gave up. Cases marked
"raw" search the initial domains (``propagate=False``), as the articles did; the others
start from the propagated domains, the strategies' default.

Puzzles: the three Tents of article 003, article 002's Sudoku and the hard Sudokus of
the type's samples, 5x5 and 7x7 crosswords on the van Beek word list (``--words``),
small regex crosswords and article 000's hexagon, and a generated 10x10 Shikaku.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fill import VANBEEK, plain_index  # noqa: E402

from crossforge.grids.model import Grid  # noqa: E402
from crossforge.plugins.contract import Control, Problem  # noqa: E402
from crossforge.plugins.puzzles.crossword import American  # noqa: E402
from crossforge.plugins.registry import registry  # noqa: E402
from crossforge.wordbase.config import DEFAULT_LIST  # noqa: E402
from crossforge.wordbase.source import IndexWords  # noqa: E402

PUZZLES = Path(__file__).resolve().parent.parent / "plugins" / "puzzles"
STRATEGIES = ("genetic", "annealing")
TENTS = ("5x5", "10x10", "18x18")

CROSSWORDS = {
    "5x5": ["#....", ".....", ".....", ".....", "....#"],
    "7x7": ["...#...", "...#...", ".......", "##...##", ".......", "...#...", "...#..."],
}

SMALL_REGEX = {
    "2x2": {"shape": "rect", "rows": ["HE|LL|O+", "[PLEASE]+"], "cols": ["[^SPEAK]+", "EP|IP|EF"]},
    "3x3": {
        "shape": "rect",
        "rows": ["AB?C", "(BC|CB)A", "C[AB]+"],
        "cols": ["A.C", "[BC]+A", "C(A|B)+"],
    },
    "4x4": {
        "shape": "rect",
        "rows": ["TE(S|X)T", "[^A]V.R", "N[OE]N[OE]", "E.EN|ODD"],
        "cols": ["TONE|TUNE", "E(V|O)+", "SE[NM]E", "[TR]+EN"],
    },
}


@dataclass
class Case:
    """One puzzle to search: how to build its problem and check a solution."""

    name: str
    build: Callable[[], Problem]
    check: Callable[[Problem, Any], list[str]]
    params: dict[str, Any] = field(default_factory=dict)


def _logic_case(kind: str, name: str, source: Any, raw: bool = False) -> Case:
    """A case of a logic-puzzle type, checked by the type's ``validate``."""
    puzzle_type: Any = registry().puzzle_type(kind)
    puzzle = puzzle_type.load(source) if isinstance(source, str | dict) else source

    def check(problem: Problem, assignment: Any) -> list[str]:
        return list(puzzle_type.validate(puzzle, problem.decode(assignment)))

    return Case(
        f"{name} raw" if raw else name,
        lambda: puzzle_type.problem({"puzzle": puzzle}, IndexWords({})),
        check,
        {"propagate": False} if raw else {},
    )


def _sudokus() -> list[tuple[str, str]]:
    """Article 002's Sudoku and the hard ones of the type's samples, named."""
    found = []
    for sample, label in (("article002.txt", "article 002"), ("hardest.txt", "hard")):
        text = (PUZZLES / "sudoku" / "samples" / sample).read_text(encoding="utf-8")
        lines = [line.strip() for line in text.splitlines() if line.strip()[:1] not in "#"]
        for i, line in enumerate(lines, start=1):
            found.append((f"sudoku {label}" + (f" {i}" if label == "hard" else ""), line))
    return found


def _crossword_case(name: str, rows: list[str], words: Path) -> Case:
    """A crossword on a plain word list; a fill must use listed words, all distinct."""
    index = plain_index(words)
    crossword = American()
    source = IndexWords({DEFAULT_LIST: index})

    def check(problem: Problem, assignment: Any) -> list[str]:
        filled = Grid.from_rows(problem.decode(assignment))
        slots = Grid.from_rows(rows).slots()
        entries = ["".join(filled.letter(r, c) or "?" for r, c in s.cells) for s in slots]
        wrong = [f"{entry} is not a word" for entry in entries if entry not in index]
        if len(set(entries)) != len(entries):
            wrong.append("an entry repeats")
        return wrong

    return Case(f"crossword {name}", lambda: crossword.problem({"grid": rows}, source), check)


def _tents_cases() -> list[Case]:
    samples = PUZZLES / "tents" / "samples"
    text = {size: (samples / f"article003_{size}.txt").read_text() for size in TENTS}
    found = [_logic_case("tents", f"tents {size}", text[size]) for size in TENTS]
    return [*found, _logic_case("tents", "tents 18x18", text["18x18"], raw=True)]


def _sudoku_cases() -> list[Case]:
    sudokus = _sudokus()
    found = [_logic_case("sudoku", name, text) for name, text in sudokus]
    return [*found, _logic_case("sudoku", sudokus[0][0], sudokus[0][1], raw=True)]


def _regex_cases() -> list[Case]:
    found = [_logic_case("regex", f"regex {n}", c, raw=True) for n, c in SMALL_REGEX.items()]
    hexagon = json.loads((PUZZLES / "regexcross" / "samples" / "mit2013.json").read_text())
    return [*found, _logic_case("regex", "regex article 000 hexagon", hexagon)]


def _shikaku_cases() -> list[Case]:
    shikaku: Any = registry().puzzle_type("shikaku")
    generated = shikaku.generate(random.Random(1), Control.with_timeout(60), size=10)
    return [
        _logic_case("shikaku", "shikaku 10x10", generated),
        _logic_case("shikaku", "shikaku 10x10", generated, raw=True),
    ]


def cases(words: Path, wanted: list[str]) -> list[Case]:
    """The benchmark cases whose names start with one of ``wanted`` (all when empty)."""
    groups: list[tuple[str, Callable[[], list[Case]]]] = [
        ("tents", _tents_cases),
        ("sudoku", _sudoku_cases),
        ("crossword", lambda: [_crossword_case(n, r, words) for n, r in CROSSWORDS.items()]),
        ("regex", _regex_cases),
        ("shikaku", _shikaku_cases),
    ]
    found: list[Case] = []
    for group, build in groups:
        if wanted and not any(group.startswith(w) or w.startswith(group) for w in wanted):
            continue
        if group == "crossword" and not words.exists():
            print(f"(no crosswords: {words} is missing)", file=sys.stderr)
            continue
        found += [c for c in build() if not wanted or c.name.startswith(tuple(wanted))]
    return found


def run(case: Case, strategy: str, seed: int, timeout: float) -> dict[str, Any]:
    """One search; its outcome, checked."""
    problem = case.build()
    started = time.monotonic()
    outcome = (
        registry()
        .strategy(strategy)
        .solve(problem, Control.with_timeout(timeout, seed=seed), **case.params)
    )
    elapsed = time.monotonic() - started
    solved = outcome.status == "solved"
    wrong = case.check(problem, outcome.assignment) if solved else []
    return {
        "solved": solved and not wrong,
        "wrong": wrong,
        "time": elapsed,
        "cost": outcome.stats.get("best_cost"),
        "unsatisfiable": outcome.status == "unsatisfiable",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="runs per case and strategy")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per run")
    parser.add_argument("--strategies", nargs="+", default=list(STRATEGIES), choices=STRATEGIES)
    parser.add_argument("--cases", nargs="*", default=[], help="only cases whose name starts so")
    parser.add_argument("--words", type=Path, default=VANBEEK / "dict" / "words.txt")
    args = parser.parse_args(argv)
    selected = cases(args.words, args.cases)
    columns = [("case", 30), ("strategy", 9), ("solved", 6), ("median s", 8), ("worst s", 7)]
    columns.append(("cost", 4))
    print("| " + " | ".join(f"{name:<{width}}" for name, width in columns) + " |")
    print("|" + "|".join("-" * (width + 2) for _, width in columns) + "|")
    failures = 0
    for case in selected:
        for strategy in args.strategies:
            runs = [run(case, strategy, seed, args.timeout) for seed in range(args.seeds)]
            solved = sum(r["solved"] for r in runs)
            times = [r["time"] for r in runs]
            left = [r["cost"] for r in runs if not r["solved"] and r["cost"] is not None]
            cost = f"{statistics.median(left):g}" if left else "-"
            print(
                f"| {case.name:<30} | {strategy:<9} | {solved:>2}/{len(runs):<3} "
                f"| {statistics.median(times):8.3f} | {max(times):7.3f} | {cost:>4} |",
                flush=True,
            )
            for r in runs:
                if r["wrong"] or r["unsatisfiable"]:
                    failures += 1
                    print(f"  WRONG: {r['wrong'] or 'claimed unsatisfiable'}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
