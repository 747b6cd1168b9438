"""The ``tents`` puzzle type: Tents and Trees with graded logic, search and generation."""

from __future__ import annotations

import random
from typing import Any

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import request_schema
from crossforge.plugins.puzzles.grid_type import GridPuzzleType
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.tents import model, render, solver
from crossforge.plugins.puzzles.tents.generate import generate
from crossforge.plugins.puzzles.tents.model import TentsPuzzle
from crossforge.plugins.puzzles.tents.problem import TentsProblem
from crossforge.plugins.puzzles.tents.techniques import LEVEL_NAMES, TECHNIQUES


class TentsType(GridPuzzleType):
    """Tents and Trees (after the Tents-and-Trees article), with the full one-tree-one-tent
    rule; a solution is given as row strings (``A`` for tents)."""

    description = "Tents and Trees: graded logical solver, uniqueness by search, generator"
    parameters = request_schema(LEVEL_NAMES)
    title = "Tents"
    puzzle_class = TentsPuzzle
    formats = model
    renderer = render
    techniques = TECHNIQUES
    level_names = LEVEL_NAMES

    def solve_logically(self, puzzle: TentsPuzzle, control: Control) -> LogicalSolve:
        """The graded solve; its ``solution`` is the list of row strings."""
        result = solver.solve(puzzle, control)
        if result.solution is not None:
            result.solution = model.solution_rows(puzzle, result.solution)
        return result

    def count_solutions(
        self, puzzle: TentsPuzzle, limit: int = 2, control: Control | None = None
    ) -> int:
        return solver.count_solutions(puzzle, limit, control)

    def generate(self, rng: random.Random, control: Control, **options: Any) -> TentsPuzzle:
        """Options: ``size`` (N or HxW, default 10), ``level`` (number or name),
        ``difficulty`` [low, high) on the score."""
        goal = self.generation_options(options)
        puzzle, _, _ = generate(goal.height, goal.width, rng, control, goal.target)
        return puzzle

    def make_problem(self, puzzle: TentsPuzzle) -> TentsProblem:
        return TentsProblem(puzzle)
