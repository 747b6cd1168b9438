"""Plumbing the grid logic-puzzle types (Tents, Shikaku) share: their formats and render
modules, the request's puzzle and strategy answers rated by the type's own logical solver."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, Protocol

from crossforge.plugins.contract import Control, Problem, SearchResult, WordSource
from crossforge.plugins.puzzles import answers
from crossforge.plugins.puzzles.grid_options import GridGoal
from crossforge.plugins.puzzles.logic import LogicPuzzleType


class Formats(Protocol):
    """A module reading and writing a puzzle's text and JSON forms."""

    def parse_text(self, text: str) -> Any: ...

    def parse_json(self, data: Mapping[str, Any]) -> Any: ...

    def to_text(self, puzzle: Any) -> str: ...

    def to_json(self, puzzle: Any) -> dict[str, Any]: ...

    def parse_solution(self, puzzle: Any, solution: Any, /) -> Any: ...

    def validate(self, puzzle: Any, parsed: Any, /) -> list[str]: ...


class Renderer(Protocol):
    """A module drawing a puzzle, with its parsed solution or without (empty)."""

    def render_text(self, puzzle: Any, parsed: Any, /) -> str: ...

    def render_svg(self, puzzle: Any, parsed: Any, /) -> str: ...


class GridPuzzleType(LogicPuzzleType):
    """A logic-puzzle type whose requests are ``{"puzzle": text | JSON | puzzle}``."""

    title: str = ""
    """The type's name in messages ("Tents")."""
    puzzle_class: type = object
    level_names: Mapping[int, str] = {}
    formats: Formats
    """The module with the type's ``parse_text``, ``parse_json``, ``to_text``, ``to_json``,
    ``parse_solution`` and ``validate``."""
    renderer: Renderer
    """The module with the type's ``render_text`` and ``render_svg``."""

    def parse_text(self, text: str) -> Any:
        return self.formats.parse_text(text)

    def parse_json(self, data: Mapping[str, Any]) -> Any:
        return self.formats.parse_json(data)

    def to_text(self, puzzle: Any) -> str:
        return self.formats.to_text(puzzle)

    def to_json(self, puzzle: Any) -> dict[str, Any]:
        return self.formats.to_json(puzzle)

    def validate(self, puzzle: Any, solution: Any) -> list[str]:
        """Violations of a solution in the type's request form (see its class docstring)."""
        return self.formats.validate(puzzle, self.formats.parse_solution(puzzle, solution))

    def render_text(self, puzzle: Any, solution: Any | None = None) -> str:
        return self.renderer.render_text(puzzle, self._parsed(puzzle, solution))

    def render_svg(self, puzzle: Any, solution: Any | None = None) -> str:
        return self.renderer.render_svg(puzzle, self._parsed(puzzle, solution))

    def _parsed(self, puzzle: Any, solution: Any | None) -> Any:
        return [] if solution is None else self.formats.parse_solution(puzzle, solution)

    @abstractmethod
    def make_problem(self, puzzle: Any) -> Problem:
        """The strategies' problem of a puzzle (it keeps the puzzle as ``.puzzle``)."""

    def generation_options(self, options: Mapping[str, Any]) -> GridGoal:
        """The size (N or HxW) and the target level and band."""
        return GridGoal.from_options(options, self.level_names)

    def problem(self, request: Mapping[str, Any], words: WordSource) -> Problem:
        return self.make_problem(self.request_puzzle(request, self.title, self.puzzle_class))

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        """The strategy's answer with uniqueness and difficulty from the logical solve."""
        puzzle = getattr(problem, "puzzle", None)
        if not isinstance(puzzle, self.puzzle_class):
            raise TypeError(f"not a {self.title} problem")
        rated = self.solve_logically(puzzle, Control())
        solution = problem.decode(outcome.assignment)
        return answers.strategy_answer(outcome, solution, rated, self.level_names)
