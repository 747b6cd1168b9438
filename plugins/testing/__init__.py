"""Conformance kit for plugin authors: check a fill strategy or puzzle type from pytest.

    from crossforge.plugins.testing import check_puzzle_type, check_strategy

    def test_my_strategy_conforms():
        check_strategy(MyStrategy())                  # complete: solves and proves
        check_strategy(MyAnnealer(), complete=False)  # stochastic: never lies

    def test_my_puzzle_type_conforms():
        check_puzzle_type(MyType(), requests=[{...}], bad_requests=[{...}])

A check raises ``ConformanceError`` (an ``AssertionError``) listing every failure.
``strategy_checks`` and ``puzzle_type_checks`` return the same checks one by one, for
``pytest.mark.parametrize(..., ids=str)``. The kit's own problems (graph colouring,
n queens, a mini crossword; satisfiable and unsatisfiable) are real ``Problem``
subclasses, and ``ReferenceSearch`` is a plain complete backtracking strategy that
serves as a known-good test double.
"""

from __future__ import annotations

from crossforge.plugins.testing.cases import (
    BLOCKED,
    CASES,
    MINI_WORDS,
    NO_FILL,
    SCORED_CASES,
    Case,
    GraphColouring,
    MiniCrossword,
    PairwiseProblem,
    Queens,
    ScoredMiniCrossword,
    hard_problem,
)
from crossforge.plugins.testing.checks import Check, ConformanceError
from crossforge.plugins.testing.doubles import MiniCrosswordType, ReferenceSearch
from crossforge.plugins.testing.puzzle_checks import (
    check_problem,
    check_puzzle_type,
    puzzle_type_checks,
)
from crossforge.plugins.testing.strategy_checks import (
    GRACE,
    check_result,
    check_strategy,
    strategy_checks,
)

__all__ = [
    "BLOCKED",
    "CASES",
    "GRACE",
    "MINI_WORDS",
    "NO_FILL",
    "Case",
    "Check",
    "ConformanceError",
    "GraphColouring",
    "MiniCrossword",
    "MiniCrosswordType",
    "PairwiseProblem",
    "Queens",
    "ReferenceSearch",
    "SCORED_CASES",
    "ScoredMiniCrossword",
    "check_problem",
    "check_puzzle_type",
    "check_result",
    "check_strategy",
    "hard_problem",
    "puzzle_type_checks",
    "strategy_checks",
]
