"""Sudoku generation: a random full grid, givens removed while the solution stays unique,
then graded; candidates are drawn until one has the requested level or score band.

Every stage looks at the control (the full grid's search, each given removed, the
graded solve, each given put back), so a generation stops at its deadline even inside
one candidate: it raises ``GenerationTimeout``. On 25x25 boards, where proving
uniqueness by search after each removal takes minutes, givens are removed only while
each is a single (naked or hidden) among the givens left: the puzzle then solves by
singles, in the reverse order of removal, so it is unique without a search.
"""

from __future__ import annotations

import random

from crossforge.plugins.contract import Control, InputError
from crossforge.plugins.puzzles.grid_options import GenerationTimeout
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.sudoku.board import Geometry, Sudoku
from crossforge.plugins.puzzles.sudoku.search import count_solutions, initial_candidates, propagate
from crossforge.plugins.puzzles.sudoku.solver import solve_graded, stuck_cells
from crossforge.plugins.puzzles.sudoku.techniques import LEVEL_NAMES

SINGLES_CARVING_BOX = 5
"""Boxes of this side and more are carved by singles (see the module docstring)."""

CHECK_EVERY = 16
"""Givens tried between two looks at the control while carving."""

SOFTEN_STEPS = 12
"""Givens put back, one at a time, into a candidate graded above the wanted level: each
where the techniques of the wanted level get stuck."""

SOFTEN_TRIES = 4
"""Cells tried for each given put back (fewest candidates first): the first after which
the level below the wanted one still gets stuck is taken; when none is, the candidate is
dropped rather than overshot to an easier level."""


def level_number(level: int | str) -> int:
    """The level number of a name (``"hard"``) or number; InputError if unknown."""
    if isinstance(level, int) or str(level).isdecimal():
        try:
            number: int | None = int(level)
        except ValueError:  # more digits than int() reads: no level either
            number = None
        if number in LEVEL_NAMES:
            return number
    else:
        for number, name in LEVEL_NAMES.items():
            if name == str(level).lower():
                return number
    known = ", ".join(LEVEL_NAMES.values())
    raise InputError(f"unknown Sudoku level {level!r} (known: {known})")


def random_solution(geo: Geometry, rng: random.Random, control: Control | None = None) -> list[int]:
    """A uniformly shuffled full grid: random diagonal boxes completed by search, then
    digits relabelled at random. Diagonal boxes drawn again when they cannot be completed
    (it happens on 4x4)."""
    solutions: list[list[int]] = []
    while not solutions:
        _check(control)
        givens = [0] * geo.cells
        for b in range(geo.box):
            box = geo.units[2 * geo.size + b * geo.box + b]
            digits = rng.sample(range(1, geo.size + 1), geo.size)
            for cell, digit in zip(box, digits, strict=True):
                givens[cell] = digit
        solutions = count_solutions(geo, givens, 1, control).solutions
    grid = solutions[0]
    relabel = rng.sample(range(1, geo.size + 1), geo.size)
    return [relabel[d - 1] for d in grid]


class _Stopped(Exception):
    """The control said stop in the middle of a candidate."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _check(control: Control | None) -> None:
    reason = control.should_stop() if control is not None else None
    if reason:
        raise _Stopped(reason)


def carve(
    geo: Geometry,
    solution: list[int],
    rng: random.Random,
    symmetric: bool,
    control: Control | None = None,
) -> list[int]:
    """Remove givens in random order (in 180°-symmetric pairs when asked) while the
    puzzle keeps a unique solution (on 25x25, while each removed given is a single)."""
    if geo.box >= SINGLES_CARVING_BOX:
        return _carve_by_singles(geo, solution, rng, symmetric, control)
    givens = list(solution)
    order = list(range(geo.cells))
    rng.shuffle(order)
    done = set()
    for tried, cell in enumerate(order):
        if tried % CHECK_EVERY == 0:
            _check(control)
        if cell in done:
            continue
        group = {cell, geo.cells - 1 - cell} if symmetric else {cell}
        done |= group
        trial = list(givens)
        for c in group:
            trial[c] = 0
        if _unique(geo, trial, control):
            givens = trial
    return givens


def _carve_by_singles(
    geo: Geometry,
    solution: list[int],
    rng: random.Random,
    symmetric: bool,
    control: Control | None,
) -> list[int]:
    """Remove givens in random order while each is a naked or hidden single among the
    givens left. ``holding[c][d]``: how many peers of ``c`` hold given ``d``."""
    givens = list(solution)
    holding = [[0] * (geo.size + 1) for _ in range(geo.cells)]
    for cell, peers in enumerate(geo.peers):
        for p in peers:
            holding[cell][givens[p]] += 1

    def removable(cell: int) -> bool:
        digit, seen = givens[cell], holding[cell]
        if all(seen[d] for d in range(1, geo.size + 1) if d != digit):
            return True
        return any(
            all(givens[e] or holding[e][digit] > 1 for e in geo.units[u] if e != cell)
            for u in geo.units_of[cell]
        )

    def set_given(cell: int, digit: int) -> None:
        change, counted = (1, digit) if digit else (-1, givens[cell])
        for p in geo.peers[cell]:
            holding[p][counted] += change
        givens[cell] = digit

    order = list(range(geo.cells))
    rng.shuffle(order)
    for tried, cell in enumerate(order):
        if tried % CHECK_EVERY == 0:
            _check(control)
        group = [cell, geo.cells - 1 - cell] if symmetric else [cell]
        if not givens[cell] or (symmetric and cell > geo.cells - 1 - cell):
            continue
        removed = []
        for c in dict.fromkeys(group):
            if not removable(c):
                break
            removed.append((c, givens[c]))
            set_given(c, 0)
        else:
            continue
        for c, digit in removed:
            set_given(c, digit)
    return givens


def _unique(geo: Geometry, givens: list[int], control: Control | None = None) -> bool:
    start = initial_candidates(geo, givens)
    if start is None:
        return False
    if all(not v & (v - 1) for v in start):
        return True
    propagate(geo, start, [])
    counted = count_solutions(geo, givens, 2, control, start=start)
    if not counted.complete:
        raise _Stopped((control.should_stop() if control else None) or "stopped")
    return counted.count == 1


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
        try:
            candidate = _candidate(geo, rng, control, wanted, symmetric)
        except _Stopped as stop:
            reason = stop.reason
        else:
            if candidate is not None:
                puzzle, solve = candidate
                level_ok = wanted is None or solve.grade.level == wanted
                band_ok = difficulty is None or difficulty[0] <= solve.grade.score < difficulty[1]
                if level_ok and band_ok:
                    return puzzle, solve, attempts
            reason = control.should_stop() or ""
        if reason:
            raise GenerationTimeout(
                f"no Sudoku at level {level if wanted is None else LEVEL_NAMES[wanted]} / "
                f"difficulty {difficulty} after "
                f"{attempts} candidates ({reason})"
            )


def _candidate(
    geo: Geometry, rng: random.Random, control: Control, wanted: int | None, symmetric: bool
) -> tuple[Sudoku, LogicalSolve] | None:
    """One carved puzzle and its graded solve, softened towards ``wanted`` when above it;
    None when softening would overshoot (raises ``_Stopped`` when the control says stop)."""
    solution = random_solution(geo, rng, control)
    givens = carve(geo, solution, rng, symmetric, control)
    puzzle = Sudoku(geo.box, tuple(givens))
    solve = _graded(puzzle, control)
    if wanted is not None and solve.grade.level > wanted:
        for _ in range(SOFTEN_STEPS):
            cells = stuck_cells(puzzle, wanted, control)
            _check(control)
            if not cells:
                break
            for cell in cells[:SOFTEN_TRIES]:
                trial = [*givens[:cell], solution[cell], *givens[cell + 1 :]]
                softer = Sudoku(geo.box, tuple(trial))
                if wanted == 1 or stuck_cells(softer, wanted - 1, control):
                    givens, puzzle = trial, softer
                    break
            else:
                return None
        solve = _graded(puzzle, control)
    return puzzle, solve


def _graded(puzzle: Sudoku, control: Control) -> LogicalSolve:
    solve = solve_graded(puzzle, control)
    if "reason" in solve.stats or solve.unique is None:
        raise _Stopped(control.should_stop() or "stopped")
    return solve
