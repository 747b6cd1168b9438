"""Tents and Trees: formats, validation, the graded solver, generation and rendering."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest

import crossforge.plugins.puzzles.tents as tents_package
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.answers import solve_answer
from crossforge.plugins.puzzles.grid_options import GenerationTimeout
from crossforge.plugins.puzzles.tents import TentsType
from crossforge.plugins.puzzles.tents.generate import Target, generate, random_layout
from crossforge.plugins.puzzles.tents.geometry import GRASS, TENT, Geometry
from crossforge.plugins.puzzles.tents.model import (
    TentsFormatError,
    TentsPuzzle,
    orthogonal,
    parse_text,
    to_text,
    validate,
)
from crossforge.plugins.puzzles.tents.techniques import LEVEL_NAMES, Board
from crossforge.plugins.registry import registry

DATA = Path(tents_package.__file__).parent / "samples"
TYPE = TentsType()


def article(size: str) -> tuple[TentsPuzzle, list[str]]:
    """An article 003 puzzle and its published answer."""
    puzzle = parse_text((DATA / f"article003_{size}.txt").read_text())
    answer = (DATA / f"article003_{size}_solution.txt").read_text().split()
    return puzzle, answer


def test_text_and_json_round_trip() -> None:
    puzzle, _ = article("10x10")
    assert parse_text(to_text(puzzle)) == puzzle
    data = json.loads(json.dumps(TYPE.to_json(puzzle)))
    assert TYPE.parse_json(data) == puzzle
    assert TYPE.load(data) == TYPE.load(TYPE.to_text(puzzle)) == puzzle
    assert puzzle.trees[:2] == ((0, 1), (0, 8))
    assert puzzle.row_counts[:3] == (3, 0, 2) and puzzle.col_counts[:3] == (4, 1, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1"),
        ("2\n", "line 1: expected 'H W'"),
        ("2 2\n.T 1\n.. 0\n1 0\n", None),
        ("2 2\n.X 1\n.. 0\n1 0\n", "line 2, column 2"),
        ("2 2\n.T 1\n... 0\n1 0\n", "line 3: 3 cells"),
        ("2 2\n.T one\n.. 0\n1 0\n", "line 2: 'one'"),
        ("2 2\n.T 1\n.. 0\n1\n", "line 4: 1 column counts"),
        ("2 2\n.T 1\n.. 0\n0 0\n", "row counts sum to 1"),
        ("2 2\n.T 1\n1 0\n", "expected 4 lines"),
    ],
)
def test_parse_errors_name_the_place(text: str, message: str | None) -> None:
    if message is None:
        assert parse_text(text).trees == ((0, 1),)
        return
    with pytest.raises(TentsFormatError, match=message):
        parse_text(text)


def test_parse_json_errors() -> None:
    with pytest.raises(TentsFormatError, match="'row_counts' is missing"):
        TYPE.parse_json({"rows": [".T"], "col_counts": [1, 0]})
    with pytest.raises(TentsFormatError, match="whole numbers"):
        TYPE.parse_json({"rows": [".T"], "row_counts": ["1"], "col_counts": [1, 0]})
    with pytest.raises(TentsFormatError, match=r"'rows'\[1\]"):
        TYPE.parse_json({"rows": [".T", "."], "row_counts": [1, 0], "col_counts": [1, 0]})


@pytest.mark.parametrize(("size", "level"), [("5x5", 1), ("10x10", 2), ("18x18", 3)])
def test_article_puzzles_solve_logically_to_the_published_answer(size: str, level: int) -> None:
    puzzle, answer = article(size)
    result = TYPE.solve_logically(puzzle, Control())
    assert result.status == "solved" and result.unique is True
    assert result.solution == answer
    assert TYPE.validate(puzzle, answer) == []
    assert result.grade.level == level
    answer_json = solve_answer(result, TYPE.level_names)
    assert answer_json["difficulty"]["level_label"] == LEVEL_NAMES[level]
    assert all(step.technique != "guess" for step in result.grade.steps)
    assert result.grade.score == pytest.approx(sum(s.difficulty for s in result.grade.steps))
    assert TYPE.count_solutions(puzzle) == 1


def test_steps_follow_article_001_formula() -> None:
    puzzle, _ = article("5x5")
    steps = TYPE.solve_logically(puzzle, Control()).grade.steps
    first = steps[0]
    # Seven cells next to no tree are open to the same base-1 move at the start.
    assert first.technique == "no-tree" and first.board == pytest.approx(1 / 9)
    assert first.difficulty == pytest.approx(1 + 1 / 9)
    assert steps[-1].detail.startswith("around the tent")


def test_validate_names_each_broken_rule() -> None:
    puzzle = parse_text("3 3\nT.. 1\n... 0\n..T 1\n0 2 0\n")
    assert TYPE.validate(puzzle, ["TA.", "...", ".AT"]) == []
    assert TYPE.validate(puzzle, ["T..", "A..", ".AT"]) == [
        "tents at (1, 0) and (2, 1) touch",
        "row 0 holds 0 tents, its count is 1",
        "row 1 holds 1 tents, its count is 0",
        "column 0 holds 1 tents, its count is 0",
        "column 1 holds 1 tents, its count is 2",
    ]
    assert "tent at (0, 0) stands on a tree" in TYPE.validate(puzzle, ["A..", "...", ".AT"])


def test_validate_enforces_one_tree_per_tent() -> None:
    # Two trees share the single tent between them: the relaxed rules of article 003
    # would accept it, the full rules do not.
    puzzle = parse_text("1 3\nT.T 1\n0 1 0\n")
    assert TYPE.validate(puzzle, ["TAT"]) == ["tree at (0, 2) has no tent of its own"]
    lone = parse_text("1 3\nT.. 1\n0 0 1\n")
    assert TYPE.validate(lone, ["T.A"]) == [
        "tree at (0, 0) has no tent of its own",
        "tent at (0, 2) belongs to no tree",
    ]
    with pytest.raises(TentsFormatError, match="solution has 2 rows"):
        TYPE.validate(lone, ["T.A", "..."])


def test_solver_needs_the_matching_rule() -> None:
    # Relaxed rules allow one tent for both trees; with the matching the puzzle has none.
    puzzle = parse_text("1 3\nT.T 1\n0 1 0\n")
    result = TYPE.solve_logically(puzzle, Control())
    assert result.status == "unsatisfiable" and result.solution is None
    assert TYPE.count_solutions(puzzle) == 0


def test_ambiguous_puzzle_is_guessed_and_flagged() -> None:
    puzzle = parse_text("4 5\n..... 0\n.T... 2\nT.T.T 0\n..... 2\n2 0 1 0 1\n")
    assert TYPE.count_solutions(puzzle) == 2
    assert TYPE.count_solutions(puzzle, limit=1) == 1
    result = TYPE.solve_logically(puzzle, Control())
    assert result.status == "solved" and result.unique is False
    assert TYPE.validate(puzzle, result.solution) == []
    assert result.grade.level == 5 and any(s.technique == "guess" for s in result.grade.steps)


def test_line_squeeze_finds_forced_tents_and_touched_neighbours() -> None:
    # Row 1 needs three tents in five open cells: columns 0, 2 and 4; rows 0 and 2
    # touch a tent in that only placement, so their open cells are grass.
    puzzle = parse_text("3 5\nT.T.T 0\n..... 3\n..... 0\n1 0 1 0 1\n")
    board = Board(Geometry(puzzle))
    row = next(m for m in board.line_squeeze() if m.detail.startswith("row 1"))
    assert {c for c, v in row.cells if v == TENT} == {5, 7, 9}
    assert {c for c, v in row.cells if v == GRASS} == {1, 3, 6, 8, 10, 11, 12, 13, 14}


def brute_force_count(puzzle: TentsPuzzle) -> int:
    """Solutions by trying every set of cells next to a tree (tiny puzzles only)."""
    spots = sorted(
        {n for tree in puzzle.trees for n in orthogonal(*tree, puzzle.height, puzzle.width)}
        - set(puzzle.trees)
    )
    return sum(
        1
        for k in range(len(puzzle.trees), len(puzzle.trees) + 1)
        for tents in combinations(spots, k)
        if not validate(puzzle, tents)
    )


def test_solution_counts_agree_with_brute_force() -> None:
    rng = random.Random(11)
    counts = []
    for _ in range(40):
        puzzle = random_layout(4, 5, rng)
        expected = brute_force_count(puzzle)
        assert TYPE.count_solutions(puzzle, limit=50) == expected
        result = TYPE.solve_logically(puzzle, Control())
        assert result.unique is (expected == 1)
        assert TYPE.validate(puzzle, result.solution) == []
        counts.append(expected)
    assert 1 in counts and max(counts) > 1


def test_search_stops_at_the_deadline() -> None:
    puzzle = parse_text("4 5\n..... 0\n.T... 2\nT.T.T 0\n..... 2\n2 0 1 0 1\n")
    stopped = TYPE.solve_logically(puzzle, Control(deadline=0.0))
    assert stopped.status == "gave_up" and stopped.unique is None
    assert stopped.stats["reason"] == "timeout"
    assert TYPE.count_solutions(puzzle, control=Control(cancelled=lambda: True)) == 0


def test_generate_meets_level_and_band() -> None:
    rng = random.Random(7)
    puzzle, result, tries = generate(6, 6, rng, Control.with_timeout(10), Target(level=1))
    assert result.unique is True and result.grade.level == 1 and tries >= 1
    assert TYPE.count_solutions(puzzle) == 1
    band = Target(low=40, high=80)
    _, banded, _ = generate(7, 7, rng, Control.with_timeout(10), band)
    assert 40 <= banded.grade.score < 80
    with pytest.raises(GenerationTimeout):
        generate(6, 6, rng, Control(deadline=0.0), Target())


def test_type_generate_options() -> None:
    puzzle = TYPE.generate(random.Random(3), Control.with_timeout(10), size="6x7", level="basic")
    assert (puzzle.height, puzzle.width) == (6, 7)
    assert TYPE.solve_logically(puzzle, Control()).grade.level == 1
    with pytest.raises(ValueError, match="level 'hard'"):
        TYPE.generate(random.Random(3), Control(), size=6, level="hard")
    with pytest.raises(ValueError, match="size 'big'"):
        TYPE.generate(random.Random(3), Control(), size="big")


def test_rendering() -> None:
    puzzle, answer = article("5x5")
    text = TYPE.render_text(puzzle, answer)
    assert text.splitlines()[0] == ". . . A . | 1"
    assert text.splitlines()[-1] == "2 0 1 1 1"
    svg = TYPE.render_svg(puzzle, answer)
    assert svg.startswith("<svg") and svg.count("<polygon") == 5 and svg.count("<circle") == 5
    assert TYPE.render_svg(puzzle).count("<polygon") == 0


def test_registered_under_its_entry_point() -> None:
    assert isinstance(registry().puzzle_type("tents"), TentsType)
    assert [t.level for t in TYPE.techniques] == sorted(t.level for t in TYPE.techniques)
    assert TYPE.techniques[-1].name == "guess"
