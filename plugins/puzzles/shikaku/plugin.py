"""The ``shikaku`` puzzle type: Shikaku with graded logic, search and two generators."""

from __future__ import annotations

import random
from typing import Any

from crossforge.plugins.contract import Control, InputError
from crossforge.plugins.puzzles.grid_options import request_schema
from crossforge.plugins.puzzles.grid_type import GridPuzzleType
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.shikaku import model, render, solver
from crossforge.plugins.puzzles.shikaku.generate import GeneticSettings, constructive, genetic
from crossforge.plugins.puzzles.shikaku.model import ShikakuPuzzle
from crossforge.plugins.puzzles.shikaku.problem import ShikakuProblem
from crossforge.plugins.puzzles.shikaku.solver import LEVEL_NAMES

METHODS = ("constructive", "genetic")


class ShikakuType(GridPuzzleType):
    """Shikaku (the Shikaku article): divide the grid into rectangles, one clue each; a solution
    is given as ``[[row, col, height, width], …]``, one rectangle per clue."""

    description = "Shikaku: graded logical solver, uniqueness by search, two generators"
    parameters = request_schema(
        LEVEL_NAMES,
        method={"enum": list(METHODS), "default": "constructive"},
        population={"type": "integer", "minimum": 4, "default": 12},
        at_most_one={
            "type": "array",
            "items": {"type": "integer"},
            "default": [5, 7, 9],
            "description": "genetic: at most one rectangle of each of these areas",
        },
        log_band={"type": "boolean", "default": False},
    )
    title = "Shikaku"
    puzzle_class = ShikakuPuzzle
    formats = model
    renderer = render
    techniques = solver.TECHNIQUES
    level_names = LEVEL_NAMES

    def solve_logically(self, puzzle: ShikakuPuzzle, control: Control) -> LogicalSolve:
        return solver.solve(puzzle, control)

    def count_solutions(
        self, puzzle: ShikakuPuzzle, limit: int = 2, control: Control | None = None
    ) -> int:
        return solver.count_solutions(puzzle, limit, control)

    def generate(self, rng: random.Random, control: Control, **options: Any) -> ShikakuPuzzle:
        """Options: ``size`` (N or HxW, default 10), ``level``, ``difficulty`` [low, high),
        ``method`` (constructive or genetic) and, for genetic, ``population``,
        ``at_most_one`` and ``log_band``."""
        goal = self.generation_options(options)
        method = options.get("method", "constructive")
        if method == "constructive":
            return constructive(goal.height, goal.width, rng, control, goal.target).puzzle
        if method != "genetic":
            raise InputError(f"method {method!r}: expected one of {', '.join(METHODS)}")
        settings = GeneticSettings(
            population=int(options.get("population", 12)),
            at_most_one=tuple(int(a) for a in options.get("at_most_one", (5, 7, 9))),
            log_band=bool(options.get("log_band", False)),
        )
        return genetic(goal.height, goal.width, rng, control, goal.target, settings).puzzle

    def make_problem(self, puzzle: ShikakuPuzzle) -> ShikakuProblem:
        return ShikakuProblem(puzzle)
