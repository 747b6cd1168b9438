"""The ``regex`` puzzle type: rectangular and hexagonal regex crosswords (after the
regex-crossword article)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from crossforge.plugins.contract import Control, InputError
from crossforge.plugins.puzzles.grid_options import GridGoal
from crossforge.plugins.puzzles.grid_type import GridPuzzleType
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.regexcross import puzzle as puzzle_formats
from crossforge.plugins.puzzles.regexcross import render
from crossforge.plugins.puzzles.regexcross.problem import RegexProblem
from crossforge.plugins.puzzles.regexcross.puzzle import RegexCrossword
from crossforge.plugins.puzzles.regexcross.solver import (
    LEVEL_NAMES,
    TECHNIQUES,
    Engine,
    count_solutions,
    solve_graded,
)

NOT_GENERATED = "regex crosswords are not generated; solve or rate one instead"


class RegexCrosswordType(GridPuzzleType):
    """Regex crosswords: letter-set propagation through every clue, search, grading."""

    description = "Regex crossword (rectangular or hexagonal): propagation, search, grading"
    parameters = {
        "type": "object",
        "properties": {"puzzle": {"description": "the puzzle: text or JSON"}},
    }
    title = "regex crossword"
    puzzle_class = RegexCrossword
    formats = puzzle_formats
    renderer = render
    techniques = TECHNIQUES
    level_names = LEVEL_NAMES

    def solve_logically(self, puzzle: RegexCrossword, control: Control) -> LogicalSolve:
        return solve_graded(puzzle, control)

    def count_solutions(
        self, puzzle: RegexCrossword, limit: int = 2, control: Control | None = None
    ) -> int:
        return count_solutions(Engine(puzzle), limit, control).count

    def generate(self, rng: random.Random, control: Control, **options: Any) -> RegexCrossword:
        """Regex crosswords are not generated (issue 5)."""
        raise InputError(NOT_GENERATED)

    def generation_options(self, options: Mapping[str, Any]) -> GridGoal:
        """Regex crosswords are not generated: every request to is refused."""
        raise InputError(NOT_GENERATED)

    def make_problem(self, puzzle: RegexCrossword) -> RegexProblem:
        return RegexProblem(puzzle)
