"""Themeless placements and patterns (``crossforge.plugins.design``): a pinwheel keeps
long across and down stacks open in symmetric corners, and a pattern drawn around it
and tuned keeps the grid rules (checked by ``crossforge.grids.rules``) and its stacks."""

from __future__ import annotations

import random
import re
from itertools import product

from crossforge.grids.model import BLOCK, OPEN, Grid
from crossforge.grids.rules import check, mirror_cell
from crossforge.plugins.design.patterns import PatternSearch
from crossforge.plugins.design.placement import Placement, ThemeSlot, slot_cells, stack_placement
from crossforge.plugins.design.settings import ThemeEntry, design_settings

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


SHORT_WORDS = {"".join(p) for n in range(3, 10) for p in product("AB", repeat=n)}
"""Every string of A and B of 3 to 9 letters: a slot of 10 or more has no word."""


def short_count(pattern: str) -> int:
    """Words of ``SHORT_WORDS`` matching ``pattern`` (``.`` open)."""
    rule = re.compile(pattern.replace(OPEN, "[AB]"))
    return sum(1 for word in SHORT_WORDS if len(word) == len(pattern) and rule.fullmatch(word))


def test_runs_through_many_theme_lines_are_broken_block_by_block() -> None:
    # A Sunday's six across entries, three rows apart: every column is a 21-cell run
    # through six theme letters, and any one block leaves a part of 10 cells or more
    # that no word fits. That part is broken again later, so it must not stop the
    # block (the search used to settle every such run and give up).
    themes, letters = [], {}
    for row, col in ((2, 0), (5, 6), (8, 0), (12, 6), (15, 0), (18, 6)):
        cells = slot_cells(row, col, "across", 15)
        themes.append(ThemeSlot(ThemeEntry("AB" * 7 + "A"), cells))
        letters.update(zip(cells, "AB" * 7 + "A", strict=True))
    sunday = Placement(21, 21, "rotational", tuple(themes), (), letters)
    search = PatternSearch(sunday, True, random.Random(2), short_count)
    drawn = [grid for grid in (search.pattern(7) for _ in range(20)) if grid is not None]
    legal = [grid for grid in drawn if check(grid, "american", symmetry="rotational") == []]
    assert len(legal) >= 5
    for grid in legal:
        slots = {slot.cells for slot in grid.slots(3)}
        assert all(theme.cells in slots for theme in themes)
