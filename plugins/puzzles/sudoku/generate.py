"""Sudoku generation: a random full grid, givens removed while the solution stays unique,
then graded; candidates are drawn until one has the requested level or score band."""

from __future__ import annotations

import random

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import GenerationTimeout
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.sudoku.board import Geometry, Sudoku
from crossforge.plugins.puzzles.sudoku.search import count_solutions, initial_candidates, propagate
from crossforge.plugins.puzzles.sudoku.solver import solve_graded, stuck_cell
from crossforge.plugins.puzzles.sudoku.techniques import LEVEL_NAMES

SOFTEN_STEPS = 12
"""Givens put back, one at a time, into a candidate graded above the wanted level: each
where the techniques of the wanted level get stuck."""


def level_number(level: int | str) -> int:
    """The level number of a name (``"hard"``) or number; ValueError if unknown."""
    if isinstance(level, int) or str(level).isdigit():
        number = int(level)
        if number in LEVEL_NAMES:
            return number
    else:
        for number, name in LEVEL_NAMES.items():
            if name == str(level).lower():
                return number
    known = ", ".join(LEVEL_NAMES.values())
    raise ValueError(f"unknown Sudoku level {level!r} (known: {known})")


def random_solution(geo: Geometry, rng: random.Random) -> list[int]:
    """A uniformly shuffled full grid: random diagonal boxes completed by search, then
    digits relabelled at random. Diagonal boxes drawn again when they cannot be completed
    (it happens on 4x4)."""
    solutions: list[list[int]] = []
    while not solutions:
        givens = [0] * geo.cells
        for b in range(geo.box):
            box = geo.units[2 * geo.size + b * geo.box + b]
            digits = rng.sample(range(1, geo.size + 1), geo.size)
            for cell, digit in zip(box, digits, strict=True):
                givens[cell] = digit
        solutions = count_solutions(geo, givens, 1).solutions
    grid = solutions[0]
    relabel = rng.sample(range(1, geo.size + 1), geo.size)
    return [relabel[d - 1] for d in grid]


def carve(geo: Geometry, solution: list[int], rng: random.Random, symmetric: bool) -> list[int]:
    """Remove givens in random order (in 180°-symmetric pairs when asked) while the
    puzzle keeps a unique solution."""
    givens = list(solution)
    order = list(range(geo.cells))
    rng.shuffle(order)
    done = set()
    for cell in order:
        if cell in done:
            continue
        group = {cell, geo.cells - 1 - cell} if symmetric else {cell}
        done |= group
        trial = list(givens)
        for c in group:
            trial[c] = 0
        if _unique(geo, trial):
            givens = trial
    return givens


def _unique(geo: Geometry, givens: list[int]) -> bool:
    start = initial_candidates(geo, givens)
    if start is None:
        return False
    if all(not v & (v - 1) for v in start):
        return True
    propagate(geo, start, [])
    return count_solutions(geo, givens, 2, start=start).count == 1


def generate(
    rng: random.Random,
    control: Control,
    box: int = 3,
    level: int | str | None = None,
    difficulty: tuple[float, float] | None = None,
    symmetric: bool = True,
) -> tuple[Sudoku, LogicalSolve, int]:
    """A unique puzzle at ``level`` and/or with a score in ``difficulty`` = [low, high).

    Returns the puzzle, its graded solve and the number of candidates drawn.
    """
    geo = Geometry.of(box)
    wanted = None if level is None else level_number(level)
    attempts = 0
    while True:
        attempts += 1
        solution = random_solution(geo, rng)
        givens = carve(geo, solution, rng, symmetric)
        puzzle = Sudoku(box, tuple(givens))
        solve = solve_graded(puzzle)
        if wanted is not None and solve.grade.level > wanted:
            for _ in range(SOFTEN_STEPS):
                cell = stuck_cell(puzzle, wanted)
                if cell is None:
                    break
                givens[cell] = solution[cell]
                puzzle = Sudoku(box, tuple(givens))
            solve = solve_graded(puzzle)
        level_ok = wanted is None or solve.grade.level == wanted
        band_ok = difficulty is None or difficulty[0] <= solve.grade.score < difficulty[1]
        if level_ok and band_ok:
            return puzzle, solve, attempts
        reason = control.should_stop()
        if reason:
            raise GenerationTimeout(
                f"no Sudoku at level {level} / difficulty {difficulty} after "
                f"{attempts} candidates ({reason})"
            )
