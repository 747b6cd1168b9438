"""Sudoku generation: every level, deadlines kept inside a candidate, 25x25 in time."""

from __future__ import annotations

import itertools
import random

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import GenerationTimeout
from crossforge.plugins.puzzles.sudoku import SudokuType
from crossforge.plugins.puzzles.sudoku.board import Geometry, Sudoku
from crossforge.plugins.puzzles.sudoku.generate import carve, generate, random_solution
from crossforge.plugins.puzzles.sudoku.solver import solve_graded
from crossforge.plugins.puzzles.sudoku.techniques import LEVEL_NAMES

SUDOKU = SudokuType()


@pytest.mark.parametrize("level", [n for n in LEVEL_NAMES.values() if n != "guessing"])
def test_every_logical_level_is_generated(level: str) -> None:
    puzzle, solve, _ = generate(random.Random(3), Control.with_timeout(30), level=level)
    assert solve.stats["level"] == level and solve.unique is True
    assert solve_graded(puzzle).stats["level"] == level


def test_generation_stops_inside_its_first_candidate() -> None:
    looks = itertools.count()
    control = Control(cancelled=lambda: next(looks) >= 3)
    with pytest.raises(GenerationTimeout, match="after 1 candidates \\(canceled\\)"):
        generate(random.Random(1), control, box=4)


def test_25x25_generation_returns_or_times_out() -> None:
    for level in (None, "hard"):
        try:
            puzzle = SUDOKU.generate(
                random.Random(1), Control.with_timeout(2), size="25", level=level
            )
        except GenerationTimeout:
            assert level == "hard", "25x25 puzzles are carved by singles: all easy"
        else:
            assert puzzle.size == 25 and SUDOKU.count_solutions(puzzle) == 1


def test_25x25_carving_keeps_each_removal_a_single() -> None:
    geo = Geometry.of(5)
    rng = random.Random(2)
    solution = random_solution(geo, rng)
    givens = carve(geo, solution, rng, symmetric=True)
    assert 0 in givens and all(g in (0, s) for g, s in zip(givens, solution, strict=True))
    assert all(bool(givens[c]) == bool(givens[geo.cells - 1 - c]) for c in range(geo.cells))
    solve = solve_graded(Sudoku(5, tuple(givens)))
    assert solve.stats["level"] == "easy" and solve.solution is not None
