"""Tents game IDs of Simon Tatham's Portable Puzzle Collection: the format, and his
generator's Tricky puzzles solved without a guess."""

from __future__ import annotations

from pathlib import Path

import pytest

import crossforge.plugins.puzzles.tents as tents_package
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.tents import TentsType
from crossforge.plugins.puzzles.tents.model import (
    TentsFormatError,
    parse_game_ids,
    parse_tatham,
    parse_text,
    to_tatham,
    to_text,
)
from crossforge.plugins.puzzles.tents.solver import solve

DATA = Path(tents_package.__file__).parent / "samples"
TYPE = TentsType()
EXAMPLE = "10x10dt:al_a_dc_addffgfbacgdh,2,3,1,2,2,2,2,2,1,3,2,3,1,3,1,4,1,3,1,1"
"""A Tricky 10x10 the solver once needed a guess for (no shared-neighbour rule)."""


def test_game_id_reads_the_tree_runs_and_counts() -> None:
    puzzle = parse_text(EXAMPLE)
    assert (puzzle.height, puzzle.width) == (10, 10)
    # 'a' is one open cell then a tree, 'l' twelve, '_' a tree at once.
    assert puzzle.trees[:3] == ((0, 1), (1, 4), (1, 5))
    assert len(puzzle.trees) == 20 and puzzle.trees[-1] == (9, 1)
    assert puzzle.col_counts == (2, 3, 1, 2, 2, 2, 2, 2, 1, 3)
    assert puzzle.row_counts == (2, 3, 1, 3, 1, 4, 1, 3, 1, 1)
    assert to_tatham(puzzle) == "10x10:" + EXAMPLE.split(":")[1]
    assert parse_text(to_text(puzzle)) == puzzle
    assert TYPE.load(EXAMPLE) == puzzle


def test_game_id_size_is_width_by_height() -> None:
    puzzle = parse_tatham("7x5:_bg_h_ch,1,1,1,0,2,1,1,2,1,2,1,1")
    assert (puzzle.height, puzzle.width) == (5, 7)
    assert puzzle.trees == ((0, 0), (0, 3), (1, 4), (1, 5), (3, 0), (3, 1), (3, 5))
    assert puzzle.col_counts == (1, 1, 1, 0, 2, 1, 1) and puzzle.row_counts == (2, 1, 2, 1, 1)
    assert parse_tatham(to_tatham(puzzle)) == puzzle
    # 'z' is 25 open cells with no tree; a lone size means a square.
    wide = parse_tatham("30x1:azc," + ",".join(["1"] + ["0"] * 29 + ["1"]))
    assert wide.trees == ((0, 1),) and to_tatham(wide).startswith("30x1:azc,1,0,")
    assert parse_tatham("2:a_a,1,0,0,1").trees == ((0, 1), (1, 0))


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("10x10dt al_a", "expected WxH:description"),
        ("3x3:ab,0,0,0,0,0,0", "covers 4 cells of 9"),
        ("3x3:gb,0,1,0,0,1,0", "character 2: 'b' runs past"),
        ("3x3:d_c,1,0,0,0,1", "5 counts, expected 3 columns \\+ 3 rows"),
        ("3x3:d_c,1,0,0,0,1,x", "count 6: 'x'"),
        ("3x3:a!_f,1,0,0,1,0,0", "character 2: given tents"),
        ("3x3:a?_f,1,0,0,1,0,0", "unexpected character '\\?'"),
    ],
)
def test_game_id_errors_name_the_place(game_id: str, message: str) -> None:
    with pytest.raises(TentsFormatError, match=message):
        parse_tatham(game_id)


def test_the_example_needs_no_guess() -> None:
    result = TYPE.solve_logically(parse_text(EXAMPLE), Control())
    assert result.status == "solved" and result.unique is True
    assert all(step.technique != "guess" for step in result.grade.steps)
    assert result.grade.level == 3
    assert any(step.technique == "shared-neighbour" for step in result.grade.steps)
    assert TYPE.validate(parse_text(EXAMPLE), result.solution) == []


@pytest.mark.parametrize("size", ["10x10", "15x15", "25x25"])
def test_tatham_tricky_puzzles_never_need_a_guess(size: str) -> None:
    puzzles = parse_game_ids((DATA / f"tatham_tricky_{size}.txt").read_text())
    assert len(puzzles) >= 40
    for puzzle in puzzles:
        result = solve(puzzle)
        assert result.status == "solved" and result.unique is True, to_tatham(puzzle)
        assert 1 <= result.grade.level <= 3, to_tatham(puzzle)
