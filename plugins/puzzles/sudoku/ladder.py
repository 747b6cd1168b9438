"""The graded solver's ladder: every elimination technique with its finder, easiest first."""

from __future__ import annotations

from collections.abc import Callable

from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.sudoku import chains, fish, uniqueness, wings
from crossforge.plugins.puzzles.sudoku.techniques import (
    AIC,
    BOX_LINE,
    BUG_PLUS_ONE,
    FINNED_SWORDFISH,
    FINNED_X_WING,
    HIDDEN_PAIR,
    HIDDEN_QUAD,
    HIDDEN_TRIPLE,
    JELLYFISH,
    NAKED_PAIR,
    NAKED_QUAD,
    NAKED_TRIPLE,
    POINTING,
    SIMPLE_COLOURING,
    SWORDFISH,
    UNIQUE_RECTANGLE_1,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_4,
    X_CHAIN,
    X_WING,
    XY_CHAIN,
    XY_WING,
    XYZ_WING,
    Board,
    Move,
    box_line,
    hidden_subsets,
    naked_subsets,
    pointing,
)

Finder = Callable[[Board], list[Move]]

LADDER: tuple[tuple[Technique, Finder], ...] = (
    (POINTING, pointing),
    (BOX_LINE, box_line),
    (NAKED_PAIR, lambda b: naked_subsets(b, 2, NAKED_PAIR)),
    (HIDDEN_PAIR, lambda b: hidden_subsets(b, 2, HIDDEN_PAIR)),
    (NAKED_TRIPLE, lambda b: naked_subsets(b, 3, NAKED_TRIPLE)),
    (HIDDEN_TRIPLE, lambda b: hidden_subsets(b, 3, HIDDEN_TRIPLE)),
    (X_WING, lambda b: fish.fish(b, 2, X_WING)),
    (SWORDFISH, lambda b: fish.fish(b, 3, SWORDFISH)),
    (XY_WING, wings.xy_wings),
    (XYZ_WING, wings.xyz_wings),
    (FINNED_X_WING, lambda b: fish.finned_fish(b, 2, FINNED_X_WING)),
    (SIMPLE_COLOURING, chains.simple_colouring),
    (UNIQUE_RECTANGLE_1, uniqueness.unique_rectangles_1),
    (UNIQUE_RECTANGLE_2, uniqueness.unique_rectangles_2),
    (UNIQUE_RECTANGLE_4, uniqueness.unique_rectangles_4),
    (NAKED_QUAD, lambda b: naked_subsets(b, 4, NAKED_QUAD)),
    (JELLYFISH, lambda b: fish.fish(b, 4, JELLYFISH)),
    (FINNED_SWORDFISH, lambda b: fish.finned_fish(b, 3, FINNED_SWORDFISH)),
    (HIDDEN_QUAD, lambda b: hidden_subsets(b, 4, HIDDEN_QUAD)),
    (BUG_PLUS_ONE, uniqueness.bug_plus_one),
    (X_CHAIN, chains.x_chains),
    (XY_CHAIN, chains.xy_chains),
    (AIC, chains.aics),
)
"""Elimination techniques, easiest first, as the graded solver tries them (singles come
before all of them, guessing after)."""
