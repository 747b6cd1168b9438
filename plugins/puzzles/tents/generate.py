"""Tents generation: random tent-tree layouts kept when the solve is unique and on target."""

from __future__ import annotations

import random

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import Target, stop_if_asked
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.tents import solver
from crossforge.plugins.puzzles.tents.model import TentsPuzzle, orthogonal, surrounding

TREE_DENSITY = 0.19
"""Trees per cell, as in the Tents-and-Trees article's puzzles (61 trees on 18x18)."""


def random_layout(height: int, width: int, rng: random.Random) -> TentsPuzzle:
    """Tents placed apart at random, each given a tree on a free orthogonal neighbour."""
    target = max(1, round(height * width * TREE_DENSITY))
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    tents: set[tuple[int, int]] = set()
    trees: set[tuple[int, int]] = set()
    for cell in cells:
        if len(tents) >= target:
            break
        if cell in trees or any(n in tents for n in surrounding(*cell, height, width)):
            continue
        spots = [n for n in orthogonal(*cell, height, width) if n not in tents and n not in trees]
        if spots:
            tents.add(cell)
            trees.add(rng.choice(spots))
    rows = tuple(sum(1 for r, _ in tents if r == row) for row in range(height))
    cols = tuple(sum(1 for _, c in tents if c == col) for col in range(width))
    return TentsPuzzle(height, width, tuple(sorted(trees)), rows, cols)


def generate(
    height: int, width: int, rng: random.Random, control: Control, target: Target
) -> tuple[TentsPuzzle, LogicalSolve, int]:
    """A unique puzzle meeting ``target``, its graded solve and the layouts tried."""
    tries = 0
    while True:
        stop_if_asked(control, height, width, tries)
        tries += 1
        puzzle = random_layout(height, width, rng)
        result = solver.solve(puzzle, control)
        if result.status == "solved" and result.unique is True and target.met(result.grade):
            return puzzle, result, tries
