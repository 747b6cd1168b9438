"""What logic-puzzle types share: technique tables, the Shikaku article's difficulty, the type API.

Difficulty (the Shikaku article): puzzle difficulty = Σ move difficulty; move difficulty = base
difficulty of the technique used + board difficulty; 1 / board difficulty = Σ over the
moves available on that board of 1 / base difficulty (many easy moves make a board
easy, like resistors in parallel). The level is the hardest technique the solve needed.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crossforge.plugins.contract import Action, Control, InputError, Problem, PuzzleType, WordSource


@dataclass(frozen=True)
class Technique:
    """A named solving technique with its base difficulty and level (1 = easiest)."""

    name: str
    base: float
    level: int
    description: str


def board_difficulty(available: Iterable[float]) -> float:
    """1 / Σ (1 / base) over the bases of the moves available on a board."""
    inverse = sum(1.0 / b for b in available)
    return 1.0 / inverse if inverse > 0 else 0.0


@dataclass
class Step:
    """One move of a logical solve, graded by the Shikaku article's formula."""

    technique: str
    base: float
    board: float
    detail: str

    @property
    def difficulty(self) -> float:
        """Move difficulty: the technique's base plus the board difficulty."""
        return self.base + self.board

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form of the step."""
        return {
            "technique": self.technique,
            "base": self.base,
            "board": round(self.board, 4),
            "difficulty": round(self.difficulty, 4),
            "detail": self.detail,
        }


@dataclass
class Grade:
    """The difficulty of a solve: score (Σ move difficulty), level and the steps."""

    steps: list[Step] = field(default_factory=list)
    level: int = 0
    level_name: str = "none"

    @property
    def score(self) -> float:
        """Σ move difficulty over the steps."""
        return sum(step.difficulty for step in self.steps)

    def record(self, technique: Technique, available: Sequence[float], detail: str) -> Step:
        """Add a move made with ``technique`` on a board offering moves of ``available`` bases."""
        step = Step(technique.name, technique.base, board_difficulty(available), detail)
        self.steps.append(step)
        if technique.level > self.level:
            self.level, self.level_name = technique.level, technique.name
        return step

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: score, level, level name and the steps."""
        return {
            "score": round(self.score, 4),
            "level": self.level,
            "level_name": self.level_name,
            "steps": [s.as_dict() for s in self.steps],
        }


@dataclass
class LogicalSolve:
    """The outcome of a type's logical solver (with search where logic stops)."""

    solution: Any | None
    status: str
    """"solved", "unsatisfiable" or "gave_up"."""
    unique: bool | None
    grade: Grade
    stats: dict[str, Any] = field(default_factory=dict)


@dataclass
class Count:
    """The outcome of a search counting solutions (each a list of ints) up to a limit."""

    solutions: list[list[int]] = field(default_factory=list)
    nodes: int = 0
    complete: bool = True
    """False when the control stopped the search before it finished."""

    @property
    def count(self) -> int:
        """Solutions found (no more than the limit asked)."""
        return len(self.solutions)

    @property
    def unique(self) -> bool | None:
        """Whether exactly one solution exists; None when the search stopped too early to tell."""
        if self.count > 1:
            return False
        return self.count == 1 if self.complete else None

    def unsolved(self, grade: Grade, stats: dict[str, Any]) -> LogicalSolve:
        """The logical solve's outcome when the search found no solution."""
        status = "unsatisfiable" if self.complete else "gave_up"
        return LogicalSolve(None, status, self.unique, grade, stats)


class LogicPuzzleType(PuzzleType):
    """A puzzle type with parsing, validation, a graded logical solver and generation.

    ``techniques`` is the documented technique table, easiest first; the last level of
    every type is guessing (search).
    """

    actions: frozenset[Action] = frozenset({"solve", "rate", "generate"})
    techniques: Sequence[Technique] = ()

    @abstractmethod
    def parse_text(self, text: str) -> Any:
        """Read the type's text format (raises ``InputError`` naming the bad line)."""

    @abstractmethod
    def parse_json(self, data: Mapping[str, Any]) -> Any:
        """Read the type's JSON format (raises ``InputError`` naming the bad field)."""

    @abstractmethod
    def to_json(self, puzzle: Any) -> dict[str, Any]:
        """The JSON form of a puzzle (``parse_json`` reads it back)."""

    @abstractmethod
    def to_text(self, puzzle: Any) -> str:
        """The text form of a puzzle (``parse_text`` reads it back)."""

    @abstractmethod
    def validate(self, puzzle: Any, solution: Any) -> list[str]:
        """Violations of a proposed solution, each naming the place; empty when valid."""

    @abstractmethod
    def solve_logically(self, puzzle: Any, control: Control) -> LogicalSolve:
        """Solve by named techniques, recording graded steps; search where logic stops."""

    @abstractmethod
    def count_solutions(self, puzzle: Any, limit: int = 2, control: Control | None = None) -> int:
        """Number of solutions, counting no further than ``limit``."""

    @abstractmethod
    def generate(self, rng: random.Random, control: Control, **options: Any) -> Any:
        """A new puzzle with a unique solution (options: size, level, difficulty band)."""

    def generation_options(self, options: Mapping[str, Any]) -> Any:
        """Generation options (valid against ``parameters``) checked for what a schema
        cannot say, such as sizes and bands (``InputError`` naming the option); what
        ``generate`` reads them as. The default takes them as they are."""
        return dict(options)

    def check(self, request: Mapping[str, Any], words: WordSource) -> Problem | None:
        """Parse the request's puzzle (``InputError`` naming what is wrong). Solving and
        rating by logic need no ``Problem``, so none is built here."""
        if "puzzle" not in request:
            raise InputError("the request needs a 'puzzle' (text or JSON)")
        self.load(request["puzzle"])
        return None

    @abstractmethod
    def render_text(self, puzzle: Any, solution: Any | None = None) -> str:
        """A plain-text picture of the puzzle, solved when ``solution`` is given."""

    @abstractmethod
    def render_svg(self, puzzle: Any, solution: Any | None = None) -> str:
        """An SVG picture of the puzzle, solved when ``solution`` is given."""

    def levels(self) -> dict[int, str]:
        """Level labels by number: the type's ``level_names``, else its techniques' names."""
        names = getattr(self, "level_names", None)
        if names:
            return dict(names)
        return {t.level: t.name for t in self.techniques}

    def load(self, source: str | Mapping[str, Any]) -> Any:
        """A puzzle from text or JSON, whichever ``source`` is."""
        return self.parse_text(source) if isinstance(source, str) else self.parse_json(source)

    def request_puzzle(self, request: Mapping[str, Any], title: str, puzzle_class: type) -> Any:
        """The puzzle of a ``{"puzzle": text | JSON | puzzle}`` request; ``title`` names the
        type in the error when the puzzle is missing."""
        if "puzzle" not in request:
            raise InputError(f"a {title} request needs a 'puzzle'")
        source = request["puzzle"]
        return source if isinstance(source, puzzle_class) else self.load(source)
