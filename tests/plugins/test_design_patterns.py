"""Themeless placements and patterns (``crossforge.plugins.design``): a pinwheel keeps
long across and down stacks open in symmetric corners, and a pattern drawn around it
and tuned keeps the grid rules (checked by ``crossforge.grids.rules``) and its stacks."""

from __future__ import annotations

import random

from crossforge.grids.model import BLOCK, Grid
from crossforge.grids.rules import check, mirror_cell
from crossforge.plugins.design.patterns import PatternSearch
from crossforge.plugins.design.placement import Placement, stack_placement
from crossforge.plugins.design.settings import design_settings

WORDS = 64


def directions(placement: Placement) -> set[str]:
    return {"across" if run[0][0] == run[-1][0] else "down" for run in placement.kept}


def legal(grid: Grid) -> bool:
    return check(grid, "american", symmetry="rotational") == []


def test_a_tuned_pattern_around_a_pinwheel_keeps_the_rules_and_its_stacks() -> None:
    settings = design_settings({"size": [15, 15], "max_words": WORDS}, str.upper)
    rng = random.Random(5)
    drawn = [stack_placement(settings, rng) for _ in range(30)]
    pinwheels = [p for p in drawn if directions(p) == {"across", "down"}]
    assert pinwheels
    placement = pinwheels[0]
    cells = placement.open_cells()
    assert {mirror_cell(15, 15, cell) for cell in cells} == cells
    assert all(8 <= len(run) <= 10 for run in placement.kept)  # the largest buckets
    search = PatternSearch(placement, True, rng)
    grid = next(g for g in (search.pattern(9) for _ in range(50)) if g is not None and legal(g))

    def score(moved: Grid) -> float | None:
        return -len(moved.slots(3)) if legal(moved) else None

    tuned = search.tune(grid, score, lambda moved: len(moved.slots(3)) <= WORDS, steps=300)
    assert legal(tuned)
    assert len(tuned.slots(3)) <= max(WORDS, len(grid.slots(3)))
    assert not any(tuned.rows[r][c] == BLOCK for r, c in cells)
