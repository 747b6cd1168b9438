"""The JSON answer every logic-puzzle solve returns, whichever solver produced it.

``{"status", "solution", "unique", "difficulty": {score, level, level_name, level_label,
steps}, "stats"}`` — the shape of issue 5's ``crossforge puzzle solve --json``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crossforge.plugins.contract import SearchResult
from crossforge.plugins.puzzles.logic import LogicalSolve


def solve_answer(solve: LogicalSolve, level_names: Mapping[int, str]) -> dict[str, Any]:
    """The answer of a logical solve; ``level_names`` labels the level (3 → "hard")."""
    difficulty = solve.grade.as_dict()
    difficulty["level_label"] = level_names.get(solve.grade.level, "none")
    return {
        "status": solve.status,
        "solution": solve.solution,
        "unique": solve.unique,
        "difficulty": difficulty,
        "stats": dict(solve.stats),
    }


def strategy_answer(
    outcome: SearchResult,
    solution: Any,
    rated: LogicalSolve,
    level_names: Mapping[int, str],
) -> dict[str, Any]:
    """The answer of a fill strategy's search, with the puzzle's uniqueness and grade
    taken from the type's own logical solve ``rated``."""
    answer = solve_answer(rated, level_names)
    answer["status"] = outcome.status
    answer["solution"] = solution if outcome.status == "solved" else None
    stats = dict(outcome.stats)
    if outcome.reason:
        stats["reason"] = outcome.reason
    if outcome.status != "solved":
        stats["best"] = solution
    answer["stats"] = stats
    return answer
