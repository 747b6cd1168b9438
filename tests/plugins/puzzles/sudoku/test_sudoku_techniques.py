"""Sudoku techniques: each on a puzzle that needs it and no easier technique.

"Needs it" is checked by ablation: solving by singles and the ladder cut just before the
technique stalls, and with the technique added it finishes (every move agreeing with
the search's solution); the graded solver then grades the puzzle at the technique's
level and uses it. Checks on real puzzles make sure no technique ever removes a
solution's digit.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files

import pytest

from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.sudoku import solver, techniques
from crossforge.plugins.puzzles.sudoku.board import Sudoku, parse_collection, parse_line
from crossforge.plugins.puzzles.sudoku.fish import fish
from crossforge.plugins.puzzles.sudoku.ladder import LADDER, Finder
from crossforge.plugins.puzzles.sudoku.search import count_solutions
from crossforge.plugins.puzzles.sudoku.solver import solve_graded
from crossforge.plugins.puzzles.sudoku.techniques import (
    LEVEL_NAMES,
    SWORDFISH,
    TECHNIQUES,
    Board,
    Move,
    singles,
)

# Rated 3.8 (a swordfish) by Sudoku Explainer; graded "guessing" before the fish ladder.
SWORDFISH_PUZZLE = (
    ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4."
)

# For each technique of the ladder, a puzzle whose hardest need it is: found among random
# minimal puzzles (and the generator's "expert" ones), then given back solution digits
# where the ladder up to the technique stalled, as long as the ladder before it still
# stalled.
NEEDS = {
    "pointing": ".6.....3.....4.68..41.6...5..5..9......53..4...6........9..8.52..83.....52.7....3",
    "box-line reduction": (
        ".7......38.........5....24......4.6......3..86.21...5.....8.13..48..5...12......6"
    ),
    "naked pair": (
        ".5.97..24.7.2...81.........1...39.....5.........86.........6.1.7.2.5...98..3..54."
    ),
    "hidden pair": (
        "..4.5.....8.9...14..6..4.7..3...7..5.........7..8...3..6.4..9..24...6.5.....8.7.."
    ),
    "naked triple": (
        "6.....2..5.8....7..3...7..4.....85.249...1.6..6..5.......9.53.....7..6.9.......1."
    ),
    "hidden triple": (
        "18..2..6...4..8...7..4...3.....7.85....3.5....15.6.....4...7..6...5..9...5..8..71"
    ),
    "X-wing": ".15.8....8...54..923.....8....7...........764.4.6.23...2.9.3...7......3..8.4...2.",
    "swordfish": SWORDFISH_PUZZLE,
    "XY-wing": ".....376.24...6....6..7.2..5....2.3...3...4...2.8....1..9.4..5....3...46.145.....",
    "XYZ-wing": "8.....41..7.....36.5.3....8.3.28.6....29.63....7.53.9.1....5.6.74.....5..25.....4",
    "finned X-wing": (
        "..1...9..83...9..4..56..7..5..8.2.97.4.5...8...9.64.............9.1.6........812."
    ),
    "simple colouring": (
        "..7..2.8.26.3...1...........7..2.....197..6..5...6.7.....8..9...81....3..3..96..2"
    ),
    "unique rectangle type 1": (
        "8...5.3.....3.2..9.4...9..2...5..41.7...9...8.86..3...9..6...2.3..8.7.....8.3...1"
    ),
    "unique rectangle type 2": (
        "....5......6...7...9.7..8..57..93.8..8....4....1..5....17..45.3.4.162..........4."
    ),
    "unique rectangle type 4": (
        ".........8..5..967...4..2..7....5..8..67....9581....2..3...9....17.8.......6.1..."
    ),
    "naked quad": (
        "......8...237...1.91...83..2....7..1...........819..42.....3764.562...3.........."
    ),
    "jellyfish": (
        "7.8.3.6.4.2.7.4.1...3.....5.3.5.9.6.8.......9.7.4.3.8.2.........6.9.8.4.9...4.2.8"
    ),
    "finned swordfish": (
        "26..71.....536.....145.2...67.....39..9...6..45.....87...2.986.....487.....75..94"
    ),
    "BUG+1": ".....7..1..8..475...19......758.1...9.......3...6.947......85...421..6..3..5.....",
    "X-chain": "..84.....17......5...7...962..8...17....9....78...2..991...8...6......48.....56..",
    "XY-chain": "..39.....9...36.4...47.13..58........791.486........79..14.89...6.39...4.....56..",
    "AIC": ".....35.6..2......63..9..8...93.4..58......6..2...6..9....6.1.7.9.7..4..2..94...3",
}


# Rated 7.3 by Sudoku Explainer (from samples/se_rated.txt).
HIDDEN_QUAD_PUZZLE = (
    "000006000050870090007250800500000180063000940021000007005021700010093050000500000"
)


def _solution(puzzle: Sudoku) -> list[int]:
    counted = count_solutions(puzzle.geometry, puzzle.givens, 2)
    assert counted.unique, "test puzzles have one solution"
    return counted.solutions[0]


def _checked(board: Board, move: Move, solution: Sequence[int]) -> None:
    """Make ``move``, first checking it keeps every solution digit."""
    if move.place is not None:
        cell, digit = move.place
        assert solution[cell] == digit, move.detail
    for cell, bits in move.eliminate:
        assert not bits >> (solution[cell] - 1) & 1, move.detail
    board.apply(move)


def _stalled(puzzle: Sudoku, ladder: Sequence[tuple[Technique, Finder]]) -> Board | None:
    """The board where singles and ``ladder`` (the first technique with moves makes one)
    stall, or None when they finish the puzzle; every move is checked against the
    solution."""
    solution = _solution(puzzle)
    board = Board(puzzle.geometry, puzzle.givens)
    while not board.solved:
        found = singles(board)
        if found:
            for move in found:
                assert move.place is not None
                cell, digit = move.place
                if not board.placed[cell] and board.cands[cell] >> (digit - 1) & 1:
                    _checked(board, move, solution)
            continue
        for _, finder in ladder:
            moves = finder(board)
            if moves:
                _checked(board, moves[0], solution)
                break
        else:
            return board
    return None


def _solves(puzzle: Sudoku, ladder: Sequence[tuple[Technique, Finder]]) -> bool:
    return _stalled(puzzle, ladder) is None


def test_every_ladder_technique_has_a_puzzle_and_the_table_is_in_order() -> None:
    assert set(NEEDS) == {t.name for t, _ in LADDER} - {"hidden quad"}
    bases = [t.base for t in TECHNIQUES]
    levels = [t.level for t in TECHNIQUES]
    assert bases == sorted(bases) and levels == sorted(levels)
    assert set(levels) == set(LEVEL_NAMES) and LEVEL_NAMES[max(levels)] == "guessing"


@pytest.mark.parametrize("name", list(NEEDS))
def test_the_puzzle_needs_the_technique_and_no_easier_one(name: str) -> None:
    puzzle = parse_line(NEEDS[name])
    at = [t.name for t, _ in LADDER].index(name)
    assert not _solves(puzzle, LADDER[:at]), f"solved without {name}"
    assert _solves(puzzle, LADDER[: at + 1]), f"{name} is not enough"
    technique = LADDER[at][0]
    solve = solve_graded(puzzle)
    assert solve.grade.level == technique.level and solve.stats["guesses"] == 0
    assert name in {step.technique for step in solve.grade.steps}


def test_a_hidden_quad_is_the_first_move_past_the_easier_ladder() -> None:
    """No puzzle needing a hidden quad and nothing harder turned up (hidden quads are
    rare, and giving back digits spoiled it): this one needs it where the easier ladder
    stalls, and chains after it."""
    puzzle = parse_line(HIDDEN_QUAD_PUZZLE)
    at = [t.name for t, _ in LADDER].index("hidden quad")
    board = _stalled(puzzle, LADDER[:at])
    assert board is not None
    moves = LADDER[at][1](board)
    assert moves
    _checked(board, moves[0], _solution(puzzle))
    assert "hidden quad" in {step.technique for step in solve_graded(puzzle).grade.steps}


def test_the_swordfish_example_is_graded_hard() -> None:
    puzzle = parse_line(SWORDFISH_PUZZLE)
    solve = solve_graded(puzzle)
    assert solve.stats["level"] == "hard" and solve.grade.level_name == "swordfish"
    board = Board(puzzle.geometry, puzzle.givens)
    assert any(
        "rows 1, 5, 9 only in columns 3, 5, 7" in m.detail for m in fish(board, 3, SWORDFISH)
    )


def test_chain_details_read_as_chains() -> None:
    solve = solve_graded(parse_line(NEEDS["AIC"]))
    step = next(s for s in solve.grade.steps if s.technique == "AIC")
    assert " = " in step.detail and " – " in step.detail and "is true" in step.detail
    assert step.base >= 150


def test_skipping_quiet_digits_and_units_changes_no_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scan skips the digits and units where a finder found nothing and nothing changed
    since; forgetting that before every finder (full scans) gives the same solve."""
    text = (files("crossforge.plugins.puzzles.sudoku") / "samples" / "top95.txt").read_text()
    puzzles = [parse_line(p) for p in NEEDS.values()] + parse_collection(text)[:20]
    skipping = [[s.as_dict() for s in solve_graded(p).grade.steps] for p in puzzles]

    def forgetful(finder: Finder) -> Finder:
        def run(board: Board) -> list[Move]:
            board.quiet.clear()
            return finder(board)

        return run

    monkeypatch.setattr(solver, "LADDER", tuple((t, forgetful(f)) for t, f in LADDER))
    full = [[s.as_dict() for s in solve_graded(p).grade.steps] for p in puzzles]
    assert skipping == full


def _removes_no_solution_digit(puzzles: Sequence[Sudoku], monkeypatch: pytest.MonkeyPatch) -> None:
    solution: list[int] = []
    apply = techniques.Board.apply

    def checked_apply(board: Board, move: Move) -> bool:
        if move.place is None:
            for cell, bits in move.eliminate:
                assert not bits >> (solution[cell] - 1) & 1, move.detail
        return apply(board, move)

    monkeypatch.setattr(techniques.Board, "apply", checked_apply)
    for puzzle in puzzles:
        solution[:] = _solution(puzzle)
        solve = solve_graded(puzzle)
        assert solve.solution == "".join(str(d) for d in solution)


def test_no_move_removes_a_solution_digit_on_top95(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (files("crossforge.plugins.puzzles.sudoku") / "samples" / "top95.txt").read_text()
    top95 = parse_collection(text)
    _removes_no_solution_digit(top95, monkeypatch)
