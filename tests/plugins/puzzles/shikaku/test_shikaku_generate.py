"""Shikaku generators: the constructive one and article 001's genetic algorithm."""

from __future__ import annotations

import random

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.shikaku import ShikakuType
from crossforge.plugins.puzzles.shikaku import solver as sk
from crossforge.plugins.puzzles.shikaku.generate import (
    GenerationTimeout,
    GeneticSettings,
    Target,
    auto_divide,
    constructive,
    genetic,
    random_division,
)
from crossforge.plugins.puzzles.shikaku.model import validate

TYPE = ShikakuType()


def covers_grid(height: int, width: int, rects: list[tuple[int, int, int, int]]) -> bool:
    cells = [(y, x) for r, c, h, w in rects for y in range(r, r + h) for x in range(c, c + w)]
    return sorted(cells) == [(y, x) for y in range(height) for x in range(width)]


def test_random_division_cuts_the_grid_exactly() -> None:
    rng = random.Random(1)
    for _ in range(5):
        rects = random_division(7, 9, rng)
        assert covers_grid(7, 9, rects)


def test_constructive_puzzles_are_unique_and_graded() -> None:
    rng = random.Random(2)
    made = constructive(8, 8, rng, Control.with_timeout(10), Target())
    assert validate(made.puzzle, made.rects) == []
    assert TYPE.count_solutions(made.puzzle) == 1
    result = sk.solve(made.puzzle)
    assert result.unique is True and result.grade.score == pytest.approx(made.grade.score)
    assert all(step.technique != "guess" for step in result.grade.steps)


def test_constructive_meets_level_and_band() -> None:
    rng = random.Random(3)
    level = constructive(6, 6, rng, Control.with_timeout(10), Target(level=2))
    assert level.grade.level == 2
    banded = constructive(6, 6, rng, Control.with_timeout(10), Target(low=30, high=45))
    assert 30 <= banded.grade.score < 45
    with pytest.raises(GenerationTimeout):
        constructive(6, 6, rng, Control(deadline=0.0), Target())


def test_auto_divide_keeps_fixed_rectangles_and_fails_on_dead_ends() -> None:
    pegs = [(0, 0), (0, 2), (2, 1)]
    # Random growth may corner itself (article 001: "restart, division is fast").
    tries = [auto_divide(3, 3, pegs, {0: (0, 0, 2, 1)}, random.Random(s), 9) for s in range(10)]
    done = [rects for rects in tries if rects is not None]
    assert done and all(rects[0] == (0, 0, 2, 1) and covers_grid(3, 3, rects) for rects in done)
    rng = random.Random(4)
    # Everything fixed but one cell, which nobody may grow into.
    stuck = auto_divide(1, 3, [(0, 0), (0, 2)], {0: (0, 0, 1, 1), 1: (0, 2, 1, 1)}, rng, 9)
    assert stuck is None


def test_genetic_generator_reaches_a_unique_puzzle_in_band() -> None:
    rng = random.Random(5)
    settings = GeneticSettings(population=8)
    made = genetic(6, 6, rng, Control.with_timeout(20), Target(low=40, high=60), settings)
    assert validate(made.puzzle, made.rects) == []
    assert TYPE.count_solutions(made.puzzle) == 1
    assert 40 <= made.grade.score < 60
    areas = [h * w for _, _, h, w in made.rects]
    assert all(areas.count(a) <= 1 for a in (5, 7, 9))
    assert made.log[-1]["best"] == 0 and made.log[0]["generation"] == 0
    assert all("undetermined" in line and "score" in line for line in made.log)


def test_genetic_log_band_and_timeout() -> None:
    rng = random.Random(6)
    settings = GeneticSettings(population=6, log_band=True)
    made = genetic(5, 5, rng, Control.with_timeout(20), Target(low=20, high=40), settings)
    assert 20 <= made.grade.score < 40
    with pytest.raises(GenerationTimeout, match="genetic generator stopped"):
        genetic(8, 8, rng, Control(deadline=0.0), Target(low=1e6, high=2e6), settings)


def test_genetic_draws_new_pegs_when_it_stagnates() -> None:
    # A band no 5x5 puzzle reaches: the best never improves after the first generations.
    settings = GeneticSettings(population=4, stagnation=2)
    unreachable = Target(low=1e6, high=2e6)
    with pytest.raises(GenerationTimeout, match=r"after [1-9]\d* restarts"):
        genetic(5, 5, random.Random(9), Control.with_timeout(1.0), unreachable, settings)


def test_type_generate_both_methods() -> None:
    puzzle = TYPE.generate(random.Random(7), Control.with_timeout(10), size="5x7")
    assert (puzzle.height, puzzle.width) == (5, 7) and TYPE.count_solutions(puzzle) == 1
    ga = TYPE.generate(
        random.Random(8), Control.with_timeout(20), size=5, method="genetic", population=6
    )
    assert TYPE.count_solutions(ga) == 1
