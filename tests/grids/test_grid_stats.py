from __future__ import annotations

import math

import pytest

from crossforge.grids.model import Grid
from crossforge.grids.stats import (
    fillability,
    generation_complexity,
    grid_stats,
    pattern_shares,
)
from crossforge.wordbase.index import WordIndex


def test_counts_of_a_small_grid() -> None:
    grid = Grid.from_rows(["...#", ".#..", "....", "#..."])
    stats = grid_stats(grid)
    assert (stats.height, stats.width) == (4, 4)
    assert [s.id for s in grid.slots()] == ["1A", "3A", "5A", "7A", "1D", "2D", "4D", "6D"]
    assert (stats.entries, stats.across, stats.down) == (8, 4, 4)
    assert stats.lengths == {2: 2, 3: 4, 4: 2}
    assert stats.mean_length == 3.0
    assert (stats.blocks, stats.open_cells) == (3, 13)
    assert stats.block_percent == 18.8
    # (0,2) and (1,0) lie in one entry only
    assert stats.unchecked_cells == 2
    assert stats.checked_percent == round(100 * 11 / 13, 1)
    assert (stats.unchecked_runs, stats.longest_unchecked_run) == (2, 1)
    assert stats.crossings == 11
    assert stats.complexity == 24 + 11
    assert stats.regions == 1
    assert stats.fillability is None
    assert stats.to_dict()["lengths"] == {2: 2, 3: 4, 4: 2}


def test_unchecked_runs_and_regions() -> None:
    grid = Grid.from_rows(["....#....", "#########", "...#....."])
    stats = grid_stats(grid)
    assert stats.unchecked_runs == 4
    assert stats.longest_unchecked_run == 5
    assert stats.checked_percent == 0.0
    assert stats.regions == 4
    assert stats.complexity == 16


def test_complexity_is_three_per_cell_when_fully_checked() -> None:
    grid = Grid.from_rows(["#...", "....", "....", "...#"])
    assert generation_complexity(grid) == 3 * len(grid.open_cells())


def test_fillability_by_hand() -> None:
    index = WordIndex.build([("AB", 60), ("AC", 50), ("BA", 40)])
    estimate = fillability(Grid.blank(2, 2), index)
    # each entry has 3 candidates; first letters A A B, second letters B C A
    agreement = (5 / 9) * (3 / 9) ** 3
    assert estimate.candidates == {"1A": 3, "3A": 3, "1D": 3, "2D": 3}
    assert estimate.log2_candidates == pytest.approx(4 * math.log2(3))
    assert estimate.log2_agreement == pytest.approx(math.log2(agreement))
    assert estimate.log2_fills == pytest.approx(math.log2(81 * agreement))
    # a minimum score narrows the candidates to AB and AC
    narrowed = fillability(Grid.blank(2, 2), index, min_score=50)
    assert narrowed.candidates["1A"] == 2
    assert narrowed.log2_fills < estimate.log2_fills


def test_fillability_with_given_letters_and_dead_ends() -> None:
    index = WordIndex.build([("CAT", 50), ("COT", 50), ("ACE", 50), ("TOE", 50)])
    grid = Grid.from_rows(["C..", "#.#", "#.#"])
    estimate = fillability(grid, index)
    assert estimate.candidates == {"1A": 2, "2D": 4}
    # 1A's middle letter is A or O (half each), 2D starts with A a quarter of the time
    assert estimate.log2_agreement == pytest.approx(math.log2(0.5 * 0.25))
    assert estimate.log2_fills == pytest.approx(0.0)
    dead = fillability(Grid.from_rows(["Q..", "#.#", "#.#"]), index)
    assert dead.log2_fills == -math.inf
    assert dead.tightest[0] == "1A"
    stats = grid_stats(grid, index, min_score=10)
    assert stats.fillability is not None and stats.fillability.min_score == 10


def test_tightest_slots_leave_out_complete_entries() -> None:
    index = WordIndex.build([("CAT", 50), ("COT", 50), ("ACE", 50), ("TOE", 50), ("ATE", 50)])
    grid = Grid.from_rows(["CAT", "#.#", "#.#"])
    estimate = fillability(grid, index)
    assert estimate.candidates["1A"] == 1  # fewest, but the constructor wrote it
    assert estimate.tightest == ["2D"]


def test_letters_and_two_letter_entries() -> None:
    stats = grid_stats(Grid.from_rows(["AB#", "BAD", "#.A"]))
    assert stats.letters == {"A": 3, "B": 2, "D": 1}
    assert list(stats.letters) == ["A", "B", "D"]
    assert stats.two_letter_entries == ["1A", "5A", "1D", "4D"]


def test_blank_pattern_shares_are_computed_once_per_index_and_floor() -> None:
    """Every estimate of an empty grid asks the same blank patterns (a failed fill's,
    thousands of times over a design): their shares are kept per index and floor,
    read-only; a pattern with letters is counted afresh, and a new index fresh too."""
    words = {"CAT": 80, "COT": 60, "DOG": 40, "ACT": 30}
    index = WordIndex.build(words.items())
    count, shares = pattern_shares(index, "...", 50)
    assert count == 2 and shares[0, index.alphabet.index("C")] == 1.0
    assert pattern_shares(index, "...", 50)[1] is shares and not shares.flags.writeable
    assert pattern_shares(index, "...", 0)[0] == 4
    assert pattern_shares(index, "C..", 0)[1] is not pattern_shares(index, "C..", 0)[1]
    changed = WordIndex.build({**words, "EMU": 90}.items())
    assert pattern_shares(changed, "...", 50)[0] == 3
