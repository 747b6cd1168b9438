"""Sudoku: formats, search, graded techniques, generation, validation and the Problem."""

from __future__ import annotations

import random

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.sudoku import SudokuType
from crossforge.plugins.puzzles.sudoku.board import Geometry, SudokuFormatError, parse_collection
from crossforge.plugins.puzzles.sudoku.fish import fish
from crossforge.plugins.puzzles.sudoku.search import count_solutions
from crossforge.plugins.puzzles.sudoku.techniques import X_WING, Board, pointing
from crossforge.wordbase.source import IndexWords

NO_WORDS = IndexWords({})

# Article 002's puzzle (seed 002, the `preset` grid), and its known solution.
ARTICLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# A published "hardest" puzzle (A. Inkala, 2012): needs guessing on our scale.
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

SUDOKU = SudokuType()


def test_text_json_and_grid_forms_agree() -> None:
    puzzle = SUDOKU.parse_text(ARTICLE + "\n")
    assert SUDOKU.parse_json(SUDOKU.to_json(puzzle)) == puzzle
    assert SUDOKU.parse_text(SUDOKU.to_text(puzzle)) == puzzle
    drawn = "\n".join(" ".join(ARTICLE[r * 9 : r * 9 + 9]) for r in range(9))
    assert SUDOKU.parse_text(drawn) == puzzle
    assert SUDOKU.parse_text(SUDOKU.render_text(puzzle)) == puzzle
    grid = [[int(ch) if ch != "." else 0 for ch in ARTICLE[r * 9 : r * 9 + 9]] for r in range(9)]
    assert SUDOKU.parse_json({"grid": grid}) == puzzle
    assert SUDOKU.parse_text(ARTICLE.replace(".", "0")) == puzzle


@pytest.mark.parametrize(
    ("text", "message"),
    [("123", "3 cells"), (ARTICLE[:-1] + "X", "column 81"), ("", "no puzzle")],
)
def test_bad_text_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(SudokuFormatError, match=message):
        SUDOKU.parse_text(text)


def test_collection_reads_one_puzzle_per_line_and_names_bad_lines() -> None:
    assert len(parse_collection(f"# two\n{ARTICLE}\n{HARD}\n")) == 2
    with pytest.raises(SudokuFormatError, match="line 2"):
        parse_collection(f"{ARTICLE}\n12\n")
    with pytest.raises(SudokuFormatError, match="2 puzzles in the text"):
        SUDOKU.parse_text(f"{ARTICLE}\n{HARD}\n")


def test_article_puzzle_is_solved_uniquely_by_singles() -> None:
    solve = SUDOKU.solve_logically(SUDOKU.parse_text(ARTICLE), Control())
    assert solve.status == "solved" and solve.unique is True
    assert solve.solution == SOLUTION
    assert solve.grade.level == 1 and solve.stats["guesses"] == 0
    assert solve.grade.score == pytest.approx(sum(s.difficulty for s in solve.grade.steps))
    assert all(s.board > 0 for s in solve.grade.steps)


def test_hard_puzzle_needs_guessing_and_scores_higher() -> None:
    easy = SUDOKU.solve_logically(SUDOKU.parse_text(ARTICLE), Control())
    hard = SUDOKU.solve_logically(SUDOKU.parse_text(HARD), Control())
    assert hard.status == "solved" and hard.unique is True
    assert hard.stats["level"] == "guessing" and hard.grade.score > 5 * easy.grade.score
    assert not SUDOKU.validate(SUDOKU.parse_text(HARD), hard.solution)


def test_counting_finds_none_one_or_several() -> None:
    puzzle = SUDOKU.parse_text(ARTICLE)
    assert SUDOKU.count_solutions(puzzle) == 1
    assert SUDOKU.count_solutions(SUDOKU.parse_text("55" + ARTICLE[2:])) == 0
    assert SUDOKU.count_solutions(SUDOKU.parse_text("." * 81), limit=2) == 2
    assert SUDOKU.solve_logically(SUDOKU.parse_text("." * 81), Control()).unique is False


def test_search_stops_at_the_deadline() -> None:
    geo = Geometry.of(3)
    result = count_solutions(geo, [0] * 81, limit=10**9, control=Control(deadline=0.0))
    assert not result.complete


def test_validate_lists_each_violation() -> None:
    puzzle = SUDOKU.parse_text(ARTICLE)
    assert SUDOKU.validate(puzzle, SOLUTION) == []
    broken = "6" + SOLUTION[1:]
    problems = SUDOKU.validate(puzzle, broken)
    assert any("r1c1 holds 6, the given is 5" in p for p in problems)
    assert any("6 twice in row 1" in p for p in problems)


def test_pointing_and_x_wing_find_their_patterns() -> None:
    geo = Geometry.of(3)
    board = Board(geo, [0] * 81)
    bit = 1 << 4  # digit 5
    for cell in range(9, 27):  # box 1: digit 5 only on row 1
        if cell % 9 < 3:
            board.cands[cell] &= ~bit
    moves = pointing(board)
    assert any("5 in box 1 lies on row 1" in m.detail for m in moves)
    board = Board(geo, [0] * 81)
    for row in (1, 5):
        for col in range(9):
            if col not in (2, 7):
                board.cands[row * 9 + col] &= ~bit
    wings = fish(board, 2, X_WING)
    assert any("rows 2, 6 only in columns 3, 8" in m.detail for m in wings)


def test_generation_is_seeded_and_handles_4x4() -> None:
    first = SUDOKU.generate(random.Random(7), Control.with_timeout(10), size="4")
    again = SUDOKU.generate(random.Random(7), Control.with_timeout(10), size="4")
    assert first == again and first.size == 4
    assert SUDOKU.count_solutions(first) == 1
    assert SUDOKU.generate(random.Random(7), Control.with_timeout(10), size="4x4").size == 4
    with pytest.raises(ValueError, match="N or NxN"):
        SUDOKU.generate(random.Random(1), Control(), size="9x8")
    with pytest.raises(ValueError, match="level .impossible.: expected 1-7 or one of easy"):
        SUDOKU.generate(random.Random(1), Control(), level="impossible")


def test_problem_cost_delta_and_compound_moves() -> None:
    problem = SUDOKU.problem({"puzzle": ARTICLE}, NO_WORDS)
    solved = [int(ch) - 1 for ch in SOLUTION]
    assert problem.cost(solved) == 0
    free = [c for c, ch in enumerate(ARTICLE) if ch == "."]
    a, b = free[0], free[1]  # r1c3 and r1c4, same row
    swapped = list(solved)
    swapped[a], swapped[b] = solved[b], solved[a]
    assert problem.cost(swapped) > 0
    change = {a: solved[b], b: solved[a]}
    assert problem.delta(solved, change) == problem.cost(swapped) - problem.cost(solved)
    moves = problem.compound_moves(swapped, random.Random(1))
    assert moves and all(len(m) == 2 for m in moves)
    for move in moves:
        cells = list(move)
        assert all(ARTICLE[c] == "." for c in cells)
        assert set(problem.geo.units_of[cells[0]]) & set(problem.geo.units_of[cells[1]])
        assert problem.delta(swapped, move) == pytest.approx(
            problem.cost([move.get(i, v) for i, v in enumerate(swapped)]) - problem.cost(swapped)
        )
    assert sorted(c for region in problem.regions() for c in region) == list(range(81))


def test_problem_propagation_solves_the_article_puzzle() -> None:
    problem = SUDOKU.problem({"puzzle": ARTICLE}, NO_WORDS)
    domains = problem.initial_domains()
    assert problem.propagate(domains, range(81)) is None
    assert problem.decode([int(d.argmax()) for d in domains]) == SOLUTION
    bad = SUDOKU.problem({"puzzle": "55" + ARTICLE[2:]}, NO_WORDS)
    assert bad.propagate(bad.initial_domains(), range(81)) is not None


def test_renderings_show_the_digits() -> None:
    puzzle = SUDOKU.parse_text(ARTICLE)
    text = SUDOKU.render_text(puzzle, SOLUTION)
    assert text.splitlines()[0] == " 5 3 4 | 6 7 8 | 9 1 2"
    svg = SUDOKU.render_svg(puzzle, SOLUTION)
    assert svg.startswith("<svg") and svg.count("<text") == 81
