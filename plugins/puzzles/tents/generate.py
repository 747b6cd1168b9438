"""Tents generation: a random tent-tree layout, repaired until logic alone solves it.

Tents are scattered apart and each gets a tree on a free neighbour. Random layouts of
any size past about 15x15 almost always hold an ambiguous corner somewhere, so instead of
drawing layout after layout the generator repairs one: where the logical solve stops, a
tree next to the open cells moves to another free neighbour of its tent (the tents, and
so the counts, stay), or now and then a tent moves elsewhere with its tree. A change is
kept when the solve leaves no more cells open than before. A layout logic solves is
unique (every technique is a sound deduction), so no search is needed; only a request
for the ``guess`` level draws layouts whose uniqueness a (bounded) search proves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import count

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import Target, stop_if_asked
from crossforge.plugins.puzzles.logic import Grade, LogicalSolve
from crossforge.plugins.puzzles.technique_solver import propagate, run_logic
from crossforge.plugins.puzzles.tents.geometry import UNKNOWN, Geometry
from crossforge.plugins.puzzles.tents.model import TentsPuzzle, orthogonal, surrounding
from crossforge.plugins.puzzles.tents.solver import LEVELS, RULES, solve
from crossforge.plugins.puzzles.tents.techniques import GUESS_LEVEL, Board

TREE_DENSITY = 0.19
"""Trees per cell, as in the Tents-and-Trees article's puzzles (61 trees on 18x18)."""

STALE_LIMIT = 40
"""Repairs in a row that open no cell before the layout is dropped."""

RELOCATE_SHARE = 0.2
"""Share of repairs that move a tent (and its tree) rather than a tree."""

WALK_LIMIT = 300
"""Changes tried, keeping the layout logic-solvable, for a puzzle that misses the target
before the layout is dropped."""

GUESS_SEARCH_CHECKS = 20
"""Control checks (one every 32 search nodes) a ``guess``-level candidate may take."""

Cell = tuple[int, int]


class Layout:
    """Tents placed apart, each with its own tree on an orthogonal neighbour."""

    def __init__(self, height: int, width: int, tree_of: dict[Cell, Cell]) -> None:
        self.height, self.width = height, width
        self.tree_of = tree_of
        """Tent → its tree."""

    @classmethod
    def scatter(cls, height: int, width: int, rng: random.Random) -> Layout:
        """Tents at random cells (never touching), each with a tree on a free neighbour."""
        layout = cls(height, width, {})
        target = max(1, round(height * width * TREE_DENSITY))
        cells = [(r, c) for r in range(height) for c in range(width)]
        rng.shuffle(cells)
        for cell in cells:
            if len(layout.tree_of) >= target:
                break
            layout.place(cell, rng)
        return layout

    def place(self, cell: Cell, rng: random.Random) -> bool:
        """Put a tent on ``cell`` with a tree on a random free neighbour, when the rules
        and the cells around allow it."""
        tents, h, w = self.tree_of, self.height, self.width
        if cell in tents or any(n in tents for n in surrounding(*cell, h, w)):
            return False
        trees = set(tents.values())
        if cell in trees:
            return False
        spots = [n for n in orthogonal(*cell, h, w) if n not in tents and n not in trees]
        if not spots:
            return False
        tents[cell] = rng.choice(spots)
        return True

    def puzzle(self) -> TentsPuzzle:
        """The puzzle: the trees and the counts of the tents."""
        rows = [0] * self.height
        cols = [0] * self.width
        for r, c in self.tree_of:
            rows[r] += 1
            cols[c] += 1
        trees = tuple(sorted(self.tree_of.values()))
        return TentsPuzzle(self.height, self.width, trees, tuple(rows), tuple(cols))

    def near(self, cell: Cell, rng: random.Random) -> Cell | None:
        """A random tent within two rows and columns of ``cell`` (None when none is)."""
        close = [t for t in self.tree_of if abs(t[0] - cell[0]) <= 2 and abs(t[1] - cell[1]) <= 2]
        return rng.choice(close) if close else None

    def move(self, tent: Cell, rng: random.Random) -> bool:
        """Move the tree of ``tent`` to another free neighbour of it, or (now and then, or
        when it has none) move the tent with its tree to a random free cell; False when
        nothing could move."""
        h, w = self.height, self.width
        tents, trees = self.tree_of, set(self.tree_of.values())
        spots = [n for n in orthogonal(*tent, h, w) if n not in tents and n not in trees]
        if spots and rng.random() >= RELOCATE_SHARE:
            tents[tent] = rng.choice(spots)
            return True
        tree = tents.pop(tent)
        cells = [(r, c) for r in range(h) for c in range(w) if (r, c) != tent]
        rng.shuffle(cells)
        if any(self.place(cell, rng) for cell in cells):
            return True
        tents[tent] = tree
        return False


def random_layout(height: int, width: int, rng: random.Random) -> TentsPuzzle:
    """Tents placed apart at random, each given a tree on a free orthogonal neighbour."""
    return Layout.scatter(height, width, rng).puzzle()


@dataclass(frozen=True)
class Probe:
    """What logic makes of a puzzle, against a wanted level L: the cells the levels
    below L leave open, whether L's own techniques find a move there, and the cells the
    levels up to L leave open."""

    below: int
    level_moves: bool
    open: list[int]

    def fits(self, level: int | None) -> bool:
        """True when the levels up to L solve it and (L given) those below do not."""
        return not self.open and (level is None or level <= 1 or self.below > 0)


def probe(puzzle: TentsPuzzle, level: int | None) -> Probe:
    """Propagate the levels below ``level``, count the open cells and try the level's
    own techniques there, then go on with the levels up to it (every logic level when
    None) on a puzzle that has a solution."""
    board = Board(Geometry(puzzle))
    below, level_moves = 0, True
    if level is not None and level > 1:
        propagate(board, RULES, level - 1)
        below = board.state.count(UNKNOWN)
        moves = [m for finder in LEVELS[level - 1] for m in finder(board)]
        level_moves = bool(moves)
        for move in moves:
            board.apply(move)
    if level_moves:
        propagate(board, RULES, level)
    return Probe(below, level_moves, [i for i, s in enumerate(board.state) if s == UNKNOWN])


def repaired(
    layout: Layout, level: int | None, rng: random.Random, control: Control, tries: count[int]
) -> TentsPuzzle | None:
    """Repair ``layout`` in place until the levels up to ``level`` solve its puzzle and
    those below do not; None when the repairs go stale, or at once when the levels below
    solve it already or the level's own techniques find nothing where they stop (the
    repairs rarely create what those techniques need)."""
    puzzle = layout.puzzle()
    found = probe(puzzle, level)
    if not found.level_moves or (not found.fits(level) and not found.open):
        return None
    stale = 0
    while found.open:
        if stale >= STALE_LIMIT:
            return None
        stop_if_asked(control, layout.height, layout.width, next(tries))
        before = dict(layout.tree_of)
        tent = layout.near(divmod(rng.choice(found.open), layout.width), rng)
        if tent is None or not layout.move(tent, rng):
            stale += 1
            continue
        candidate = layout.puzzle()
        now = probe(candidate, level)
        if len(now.open) <= len(found.open) and (now.open or now.fits(level)):
            stale = 0 if len(now.open) < len(found.open) else stale + 1
            puzzle, found = candidate, now
        else:
            layout.tree_of = before
            stale += 1
    return puzzle


def graded(puzzle: TentsPuzzle) -> LogicalSolve:
    """The graded logical solve of a puzzle logic solves (no search)."""
    board = Board(Geometry(puzzle))
    grade = Grade()
    run_logic(board, RULES, grade)
    stats = {"steps": len(grade.steps), "search_nodes": 0}
    return LogicalSolve(board.tents(), "solved", True, grade, stats)


def generate(
    height: int, width: int, rng: random.Random, control: Control, target: Target
) -> tuple[TentsPuzzle, LogicalSolve, int]:
    """A unique puzzle meeting ``target``, its graded solve and the puzzles tried."""
    tries = count(1)
    level = target.level
    while True:
        stop_if_asked(control, height, width, next(tries) - 1)
        layout = Layout.scatter(height, width, rng)
        if level == GUESS_LEVEL:
            puzzle = layout.puzzle()
            checks = count()

            def enough(checks: count[int] = checks) -> bool:
                return next(checks) >= GUESS_SEARCH_CHECKS or control.should_stop() is not None

            result = solve(puzzle, Control(cancelled=enough))
            if result.status == "solved" and result.unique is True and target.met(result.grade):
                return puzzle, result, next(tries) - 1
            continue
        found = repaired(layout, level, rng, control, tries)
        if found is None:
            continue
        puzzle, solved = found, graded(found)
        # A score band the puzzle misses: wander among layouts that still fit the level.
        for _ in range(WALK_LIMIT):
            if target.met(solved.grade):
                return puzzle, solved, next(tries) - 1
            stop_if_asked(control, height, width, next(tries))
            before = dict(layout.tree_of)
            if not layout.move(rng.choice(list(layout.tree_of)), rng):
                continue
            candidate = layout.puzzle()
            if probe(candidate, level).fits(level):
                puzzle, solved = candidate, graded(candidate)
            else:
                layout.tree_of = before
