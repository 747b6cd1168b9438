"""Tents generation: layouts repaired until logic solves them, at every level."""

from __future__ import annotations

import random
from itertools import count
from pathlib import Path

import pytest

import crossforge.plugins.puzzles.tents as tents_package
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import Target
from crossforge.plugins.puzzles.tents import TentsType
from crossforge.plugins.puzzles.tents.generate import Layout, generate, probe, repaired
from crossforge.plugins.puzzles.tents.model import validate
from crossforge.plugins.puzzles.tents.solver import solve
from crossforge.plugins.puzzles.tents.techniques import GUESS_LEVEL

TYPE = TentsType()
SAMPLES = Path(tents_package.__file__).parent / "samples"


def test_layout_moves_keep_its_tents_a_solution() -> None:
    rng = random.Random(2)
    layout = Layout.scatter(12, 12, rng)
    before = layout.puzzle()
    for _ in range(200):
        assert layout.move(rng.choice(list(layout.tree_of)), rng)
        assert validate(layout.puzzle(), list(layout.tree_of)) == []
    assert layout.puzzle() != before
    assert len(layout.tree_of) == len(before.trees)


def test_repair_makes_a_stalled_layout_solvable() -> None:
    rng = random.Random(1)
    layout = Layout.scatter(20, 20, rng)
    assert probe(layout.puzzle(), None).open  # logic stops on the random layout
    puzzle = repaired(layout, None, rng, Control.with_timeout(30), count())
    assert puzzle is not None and probe(puzzle, None).fits(None)
    assert validate(puzzle, list(layout.tree_of)) == []


def test_probe_counts_the_cells_the_levels_below_leave_open() -> None:
    # The article's 18x18 needs the squeeze level (3).
    puzzle = TYPE.parse_text((SAMPLES / "article003_18x18.txt").read_text())
    at_squeeze = probe(puzzle, 3)
    assert at_squeeze.below > 0 and at_squeeze.level_moves and at_squeeze.fits(3)
    assert not probe(puzzle, 2).fits(2) and probe(puzzle, 2).open


@pytest.mark.parametrize(("size", "level", "seed"), [(25, None, 1), (14, 4, 3), (10, 2, 5)])
def test_generated_puzzles_need_no_guess(size: int, level: int | None, seed: int) -> None:
    puzzle, result, tries = generate(
        size, size, random.Random(seed), Control.with_timeout(60), Target(level=level)
    )
    assert tries >= 1 and result.unique is True
    assert level is None or result.grade.level == level
    assert result.grade.level < GUESS_LEVEL
    again = solve(puzzle)
    assert again.unique is True and again.grade.level == result.grade.level
    assert again.grade.score == pytest.approx(result.grade.score)


def test_the_matching_level_is_reachable_by_name() -> None:
    puzzle = TYPE.generate(random.Random(4), Control.with_timeout(60), size=12, level="matching")
    result = TYPE.solve_logically(puzzle, Control())
    assert result.grade.level == 4 and result.unique is True


def test_the_guess_level_is_proved_unique_by_search() -> None:
    puzzle, result, _ = generate(8, 8, random.Random(0), Control.with_timeout(30), Target(level=5))
    assert result.grade.level == 5 and result.unique is True
    assert TYPE.count_solutions(puzzle) == 1
