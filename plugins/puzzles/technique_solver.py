"""Solving by named techniques, shared by the grid logic puzzles (Tents, Shikaku).

A type supplies a board (``copy``, ``apply(move) -> changed``, ``solved``, ``check``)
and its ``Rules``: technique finders by level, the guess technique and the exhaustive
branches to try where logic stops. Moves carry ``technique`` and ``detail``. The graded
solve applies, round by round, the moves of the cheapest level that has any, grading
each against the moves of that round still waiting (the Shikaku article's board difficulty);
where logic stops, a depth-first search counts solutions up to two and the branch that
leads to the first one is recorded as a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import Grade, LogicalSolve, Technique


class Contradiction(Exception):
    """The board broke a rule: no solution lies below it."""


class Move(Protocol):
    """What every deduction carries."""

    technique: Technique
    detail: str


B = TypeVar("B", bound="Board")


class Board(Protocol):
    """A partly solved puzzle."""

    def copy(self: B) -> B:
        """An independent copy for search."""

    def apply(self, move: Any) -> bool:
        """Carry out a move (raising ``Contradiction``); True when it changed anything."""

    def solved(self) -> bool:
        """True when nothing is left open."""

    def check(self) -> None:
        """Raise ``Contradiction`` when a rule can no longer be met."""


@dataclass(frozen=True)
class Rules(Generic[B]):
    """How a type's boards are solved: finders by level (cheapest first), the guess
    technique and the branches to try at a stuck board (together they cover every
    solution, and no two share one)."""

    levels: Sequence[Sequence[Callable[[B], list[Any]]]]
    guess: Technique
    branches: Callable[[B], list[Any]]


@dataclass
class SearchStats:
    """Counters of a search and why it stopped early, if it did."""

    nodes: int = 0
    stopped: str | None = None


@dataclass
class Outcome(Generic[B]):
    """A graded solve: the final board (None unless solved) and what is known of it."""

    board: B | None
    status: str
    unique: bool | None
    grade: Grade
    stats: dict[str, Any] = field(default_factory=dict)


def scan(board: B, rules: Rules[B], max_level: int | None = None) -> list[Any]:
    """The moves of the cheapest level (up to ``max_level``) that has any."""
    for finders in rules.levels[:max_level]:
        moves = [m for finder in finders for m in finder(board)]
        if moves:
            return moves
    return []


def propagate(board: B, rules: Rules[B], max_level: int | None = None) -> None:
    """Apply every technique up to ``max_level`` until nothing changes (no grading)."""
    board.check()
    while True:
        changed = False
        for move in scan(board, rules, max_level):
            changed |= board.apply(move)
        if not changed:
            return
        board.check()


def search(
    board: B, rules: Rules[B], limit: int, control: Control | None, stats: SearchStats
) -> list[tuple[B, int]]:
    """Up to ``limit`` solved boards below ``board``, each with the number of the first
    branch taken to reach it (depth-first, full propagation at every node)."""
    found: list[tuple[B, int]] = []

    def visit(node: B, first: int) -> None:
        stats.nodes += 1
        if control is not None and stats.nodes % 32 == 1:
            stats.stopped = control.should_stop()
        if stats.stopped or len(found) >= limit:
            return
        try:
            propagate(node, rules)
        except Contradiction:
            return
        if node.solved():
            found.append((node, first))
            return
        for i, move in enumerate(rules.branches(node)):
            child = node.copy()
            try:
                child.apply(move)
            except Contradiction:
                continue
            visit(child, i if first < 0 else first)
            if len(found) >= limit or stats.stopped:
                return

    visit(board, -1)
    return found


def run_logic(board: B, rules: Rules[B], grade: Grade, max_level: int | None = None) -> None:
    """Graded rounds of techniques until the board is solved or logic stops."""
    while not board.solved():
        moves = scan(board, rules, max_level)
        bases = [m.technique.base for m in moves]
        progressed = False
        for i, move in enumerate(moves):
            if board.apply(move):
                grade.record(move.technique, bases[i:], move.detail)
                progressed = True
        if not progressed:
            return


def solve_graded(board: B, rules: Rules[B], control: Control | None = None) -> Outcome[B]:
    """Solve by techniques, guessing (the branch search proves right) only when stuck."""
    grade = Grade()
    stats = SearchStats()
    unique: bool | None = True
    while True:
        try:
            run_logic(board, rules, grade)
            board.check()
        except Contradiction as exc:
            if stats.nodes:
                raise AssertionError("a guess proved by search cannot contradict") from exc
            return Outcome(None, "unsatisfiable", False, grade, {"reason": str(exc)})
        if board.solved():
            break
        solutions = search(board.copy(), rules, 2, control, stats)
        if not solutions:
            if stats.stopped:
                reason = {"reason": stats.stopped, "search_nodes": stats.nodes}
                return Outcome(None, "gave_up", None, grade, reason)
            return Outcome(None, "unsatisfiable", False, grade, {"search_nodes": stats.nodes})
        if len(solutions) > 1:
            unique = False
        elif stats.stopped:
            unique = None
            board = solutions[0][0]
            grade.record(rules.guess, [rules.guess.base], "search found this solution and stopped")
            break
        move = rules.branches(board)[solutions[0][1]]
        board.apply(move)
        grade.record(rules.guess, [rules.guess.base], move.detail)
    summary = {"steps": len(grade.steps), "search_nodes": stats.nodes}
    return Outcome(board, "solved", unique, grade, summary)


def count_solutions(board: B, rules: Rules[B], limit: int, control: Control | None = None) -> int:
    """Solutions below ``board``, counted no further than ``limit``."""
    return len(search(board, rules, limit, control, SearchStats()))


def solve_built(
    build: Callable[[], B],
    rules: Rules[B],
    answer: Callable[[B], Any],
    control: Control | None = None,
) -> LogicalSolve:
    """``solve_graded`` on the board ``build`` makes, the solution read off by ``answer``;
    a puzzle whose board cannot even be built (``Contradiction``) is unsatisfiable."""
    try:
        board = build()
    except Contradiction as exc:
        return LogicalSolve(None, "unsatisfiable", False, Grade(), {"reason": str(exc)})
    out = solve_graded(board, rules, control)
    solution = None if out.board is None else answer(out.board)
    return LogicalSolve(solution, out.status, out.unique, out.grade, out.stats)


def count_built(
    build: Callable[[], B], rules: Rules[B], limit: int, control: Control | None = None
) -> int:
    """``count_solutions`` on the board ``build`` makes; 0 when it cannot be built."""
    try:
        board = build()
    except Contradiction:
        return 0
    return count_solutions(board, rules, limit, control)
