"""The Sudoku grade against Sudoku Explainer's ratings, on the SE-rated sample.

``samples/se_rated.txt`` holds 320 puzzles rated 5.0 to 9.1 by Sudoku Explainer; every
other one is graded here (the figures of docs/puzzles/sudoku.md are over all of them).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files

import pytest

from crossforge.plugins.puzzles.sudoku import techniques
from crossforge.plugins.puzzles.sudoku.board import parse_line
from crossforge.plugins.puzzles.sudoku.search import count_solutions
from crossforge.plugins.puzzles.sudoku.solver import solve_graded
from crossforge.plugins.puzzles.sudoku.techniques import Board, Move


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2
        start = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two sequences."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var


def se_rated() -> list[tuple[str, float]]:
    """The sample's (puzzle, rating) pairs."""
    text = (files("crossforge.plugins.puzzles.sudoku") / "samples" / "se_rated.txt").read_text()
    rows = [line.split() for line in text.splitlines() if line and not line.startswith("#")]
    return [(puzzle, float(rating)) for puzzle, rating in rows]


def test_spearman_ranks_ties_together() -> None:
    assert spearman([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert _ranks([5, 1, 5]) == [1.5, 0.0, 1.5]


def test_grades_follow_sudoku_explainer_and_keep_every_solution_digit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solution: list[int] = []
    apply = techniques.Board.apply

    def checked_apply(board: Board, move: Move) -> bool:
        for cell, bits in move.eliminate:
            assert not bits >> (solution[cell] - 1) & 1, move.detail
        return apply(board, move)

    monkeypatch.setattr(techniques.Board, "apply", checked_apply)
    ratings, scores, levels = [], [], []
    for text, rating in se_rated()[::2]:
        puzzle = parse_line(text)
        solution[:] = count_solutions(puzzle.geometry, puzzle.givens).solutions[0]
        solve = solve_graded(puzzle)
        assert solve.unique is True
        ratings.append(rating)
        scores.append(solve.grade.score)
        levels.append(solve.grade.level)
    hard = [i for i, rating in enumerate(ratings) if rating >= 6]
    assert len(hard) > 100
    assert spearman(ratings, scores) > 0.6
    assert spearman([ratings[i] for i in hard], [scores[i] for i in hard]) > 0.5
    assert spearman(ratings, levels) > 0.5
