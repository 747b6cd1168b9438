"""The ``tents`` puzzle type: Tents and Trees with graded logic, search and generation."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from plugins.contract import Control, Problem, SearchResult
from plugins.puzzles.logic import LogicalSolve, LogicPuzzleType
from plugins.puzzles.tents import model, render, solver
from plugins.puzzles.tents.generate import Target, generate
from plugins.puzzles.tents.model import TentsPuzzle
from plugins.puzzles.tents.problem import TentsProblem
from plugins.puzzles.tents.solver import LEVEL_NAMES


def level_number(level: int | str) -> int:
    """A level given by number or name (raises ``ValueError`` for anything else)."""
    names = {n: name for n, name in LEVEL_NAMES.items() if n}
    for number, name in names.items():
        if str(level) in (str(number), name):
            return number
    raise ValueError(f"level {level!r}: expected 1-5 or one of {', '.join(names.values())}")


def grid_size(size: Any) -> tuple[int, int]:
    """``10``, ``"10"``, ``"10x12"`` or ``[10, 12]`` as (height, width)."""
    if isinstance(size, Sequence) and not isinstance(size, str):
        parts = [str(x) for x in size]
    else:
        parts = str(size).lower().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"size {size!r}: expected N or HxW") from None
    if len(dims) == 1:
        dims *= 2
    if len(dims) != 2 or min(dims) < 2 or max(dims) > 60:
        raise ValueError(f"size {size!r}: expected N or HxW between 2 and 60")
    return dims[0], dims[1]


class TentsType(LogicPuzzleType):
    """Tents and Trees (article 003), with the full one-tree-one-tent rule."""

    description = "Tents and Trees: graded logical solver, uniqueness by search, generator"
    parameters = {
        "type": "object",
        "properties": {
            "puzzle": {"description": "the puzzle: text or JSON"},
            "size": {"description": "N or HxW", "default": "10"},
            "level": {"enum": [name for n, name in LEVEL_NAMES.items() if n]},
            "difficulty": {"type": "array", "items": {"type": "number"}},
        },
    }
    techniques = solver.TECHNIQUES
    level_names = LEVEL_NAMES

    def parse_text(self, text: str) -> TentsPuzzle:
        return model.parse_text(text)

    def parse_json(self, data: Mapping[str, Any]) -> TentsPuzzle:
        return model.parse_json(data)

    def to_json(self, puzzle: TentsPuzzle) -> dict[str, Any]:
        return model.to_json(puzzle)

    def to_text(self, puzzle: TentsPuzzle) -> str:
        return model.to_text(puzzle)

    def validate(self, puzzle: TentsPuzzle, solution: Any) -> list[str]:
        """Violations of a solution given as row strings (``A`` for tents)."""
        return model.validate(puzzle, model.parse_solution(puzzle, solution))

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
        height, width = grid_size(options.get("size") or 10)
        level = options.get("level")
        band = options.get("difficulty")
        target = Target(
            level=None if level is None else level_number(level),
            low=None if band is None else float(band[0]),
            high=None if band is None else float(band[1]),
        )
        puzzle, _, _ = generate(height, width, rng, control, target)
        return puzzle

    def render_text(self, puzzle: TentsPuzzle, solution: Any | None = None) -> str:
        tents = [] if solution is None else model.parse_solution(puzzle, solution)
        return render.render_text(puzzle, tents)

    def render_svg(self, puzzle: TentsPuzzle, solution: Any | None = None) -> str:
        tents = [] if solution is None else model.parse_solution(puzzle, solution)
        return render.render_svg(puzzle, tents)

    def problem(self, request: Mapping[str, Any]) -> TentsProblem:
        """``{"puzzle": text | JSON | TentsPuzzle}``."""
        if "puzzle" not in request:
            raise ValueError("a Tents request needs a 'puzzle'")
        source = request["puzzle"]
        puzzle = source if isinstance(source, TentsPuzzle) else self.load(source)
        return TentsProblem(puzzle)

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        if not isinstance(problem, TentsProblem):
            raise TypeError("not a Tents problem")
        rows = problem.decode(outcome.assignment)
        rated = self.solve_logically(problem.puzzle, Control())
        solved = outcome.status == "solved"
        return {
            "status": outcome.status,
            "reason": outcome.reason,
            "solution": rows if solved else None,
            "best": None if solved else rows,
            "unique": rated.unique,
            "difficulty": rated.grade.as_dict(),
            "stats": outcome.stats,
        }
