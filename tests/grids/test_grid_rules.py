from __future__ import annotations

import pytest

from crossforge.grids.model import Grid
from crossforge.grids.rules import (
    check,
    check_all_checked,
    check_chequered,
    check_connected,
    check_entry_length,
    check_fully_checked,
    check_symmetry,
    open_regions,
)

GOOD_AMERICAN = Grid.from_rows(["#...", "....", "....", "...#"])


def test_a_valid_american_grid_passes() -> None:
    assert check(GOOD_AMERICAN, "american") == []
    assert check(GOOD_AMERICAN, "canadian") == []


def test_symmetry_violation_names_both_cells() -> None:
    grid = Grid.from_rows(["#...", "....", "....", "...."])
    [violation] = check_symmetry(grid)
    assert violation.rule == "symmetry"
    assert violation.cells == ((0, 0), (3, 3))


def test_short_entries_and_unchecked_cells() -> None:
    grid = Grid.from_rows([".#...", ".#...", "#....", ".....", "....."])
    short = check_entry_length(grid, 3)
    assert [v.cells for v in short] == [((0, 0), (1, 0)), ((3, 0), (4, 0))]
    assert "fewer than 3" in short[0].message
    # (0,0) and (1,0) sit in across runs of one cell
    assert [v.cells for v in check_all_checked(grid)] == [((0, 0),), ((1, 0),)]
    rules = {v.rule for v in check(grid, "american")}
    assert rules == {"symmetry", "entry_length", "checked", "connected"}


def test_disconnected_open_cells() -> None:
    grid = Grid.from_rows(["...#...", "...#...", "...#..."])
    regions = open_regions(grid)
    assert [len(r) for r in regions] == [9, 9]
    [violation] = check_connected(grid)
    assert violation.rule == "connected"
    assert len(violation.cells) == 9
    assert check(grid, "american") == [violation]


def test_fully_checked_with_minimum_length() -> None:
    grid = Grid.from_rows(["....", ".#.#", "...."])
    loose = check_fully_checked(grid, 3)
    assert [v.cells for v in loose] == [
        ((0, 1), (0, 3)),
        ((2, 1), (2, 3)),
        ((1, 0),),
        ((1, 2),),
    ]
    assert loose[0].message == "1A: 2 letter(s) not crossed by another entry"
    assert check_fully_checked(Grid.from_rows(["...", "...", "..."]), 3) == []
    two = Grid.from_rows(["..", ".."])
    assert check(two, "canadian", min_length=2) == []
    assert {v.rule for v in check(two, "canadian")} == {"entry_length"}


def test_british_chequer_rules() -> None:
    # a typical British corner: checked and unchecked cells alternate
    good = Grid.from_rows([".....", ".#.#.", ".....", ".#.#.", "....."])
    assert check(good, "british") == []
    bad = Grid.from_rows([".....", "##.##", ".....", "##.##", "....."])
    violations = check_chequered(bad)
    assert {v.rule for v in violations} == {"consecutive_unchecked", "unchecked_ratio"}
    first = next(v for v in violations if v.rule == "consecutive_unchecked")
    assert first.cells == ((0, 0), (0, 1), (0, 3), (0, 4))
    ratio = next(v for v in violations if v.rule == "unchecked_ratio")
    assert "4 unchecked and 1 checked" in ratio.message


def test_unknown_rule_set() -> None:
    with pytest.raises(ValueError, match="unknown rule set 'dutch'"):
        check(GOOD_AMERICAN, "dutch")
