"""The ``regex`` puzzle type: rectangular and hexagonal regex crosswords (after the
regex-crossword article)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from crossforge.plugins.contract import Control, InputError, Problem, SearchResult, WordSource
from crossforge.plugins.puzzles import answers
from crossforge.plugins.puzzles.logic import LogicalSolve, LogicPuzzleType
from crossforge.plugins.puzzles.regexcross import puzzle as formats
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


class RegexCrosswordType(LogicPuzzleType):
    """Regex crosswords: letter-set propagation through every clue, search, grading."""

    description = "Regex crossword (rectangular or hexagonal): propagation, search, grading"
    parameters = {
        "type": "object",
        "properties": {"puzzle": {"description": "the puzzle: text or JSON"}},
    }
    techniques = TECHNIQUES
    level_names = LEVEL_NAMES

    def parse_text(self, text: str) -> RegexCrossword:
        return formats.parse_text(text)

    def parse_json(self, data: Mapping[str, Any]) -> RegexCrossword:
        return formats.parse_json(data)

    def to_json(self, puzzle: RegexCrossword) -> dict[str, Any]:
        return formats.to_json(puzzle)

    def to_text(self, puzzle: RegexCrossword) -> str:
        return formats.to_text(puzzle)

    def validate(self, puzzle: RegexCrossword, solution: Any) -> list[str]:
        """Every clue that does not match its line, naming line, clue and text."""
        letters = formats.parse_solution(puzzle, solution)
        engine = Engine(puzzle)
        problems = []
        for li, line in enumerate(engine.lines):
            text = "".join(letters[c] for c in line.cells)
            for clue, matcher in zip(line.clues, engine.matchers[li], strict=True):
                if not matcher.fullmatch(text):
                    problems.append(f"{line.name}: {text!r} does not match {clue!r}")
        return problems

    def solve_logically(self, puzzle: RegexCrossword, control: Control) -> LogicalSolve:
        return solve_graded(puzzle, control)

    def count_solutions(
        self, puzzle: RegexCrossword, limit: int = 2, control: Control | None = None
    ) -> int:
        return count_solutions(Engine(puzzle), limit, control).count

    def generate(self, rng: random.Random, control: Control, **options: Any) -> RegexCrossword:
        """Regex crosswords are not generated (issue 5)."""
        raise InputError(NOT_GENERATED)

    def render_text(self, puzzle: RegexCrossword, solution: Any | None = None) -> str:
        return render.render_text(puzzle, solution)

    def render_svg(self, puzzle: RegexCrossword, solution: Any | None = None) -> str:
        return render.render_svg(puzzle, solution)

    def generation_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Regex crosswords are not generated: every request to is refused."""
        raise InputError(NOT_GENERATED)

    def problem(self, request: Mapping[str, Any], words: WordSource) -> RegexProblem:
        """``{"puzzle": text | JSON | RegexCrossword}``."""
        return RegexProblem(self.request_puzzle(request, "regex crossword", RegexCrossword))

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        if not isinstance(problem, RegexProblem):
            raise TypeError("not a regex crossword problem")
        rated = solve_graded(problem.puzzle)
        return answers.strategy_answer(
            outcome, problem.decode(outcome.assignment), rated, LEVEL_NAMES
        )
