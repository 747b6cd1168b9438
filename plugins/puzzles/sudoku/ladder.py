"""The graded solver's ladder: every elimination technique with its finder, easiest first.

Finders that look at one digit at a time (locked candidates, fish, colouring, X-chains)
or one unit at a time (subsets) are wrapped so that a scan skips the digits (units)
where the finder found nothing last time and no candidate changed since (the board's
log says which): a hard move that removes one candidate is followed by a scan that
reruns them on that digit (those units) only, with the same moves as a full scan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


Part = Callable[[Board, Sequence[int]], list[Move]]
"""A finder restricted to some digits (or units)."""


def _skipping(
    key: str, finder: Part, parts: Callable[[Board], int], changed: Callable[[Board, int], int]
) -> Finder:
    """``finder`` on the parts (digits or units, ``parts`` of them) that changed since it
    last found nothing in them."""

    def run(board: Board) -> list[Move]:
        count = parts(board)
        mark, quiet = board.quiet.get(key, (0, 0))
        quiet &= ~changed(board, mark)
        todo = [p for p in range(count) if not quiet >> p & 1]
        moves = finder(board, todo) if todo else []
        board.quiet[key] = (len(board.log), quiet if moves else (1 << count) - 1)
        return moves

    return run


def _by_digit(key: str, finder: Part) -> Finder:
    return _skipping(key, finder, lambda b: b.geo.size, Board.changed_digits)


def _by_unit(key: str, finder: Part) -> Finder:
    return _skipping(key, finder, lambda b: len(b.geo.units), Board.changed_units)


LADDER: tuple[tuple[Technique, Finder], ...] = (
    (POINTING, _by_digit("pointing", pointing)),
    (BOX_LINE, _by_digit("box-line", box_line)),
    (NAKED_PAIR, _by_unit("naked 2", lambda b, u: naked_subsets(b, 2, NAKED_PAIR, u))),
    (HIDDEN_PAIR, _by_unit("hidden 2", lambda b, u: hidden_subsets(b, 2, HIDDEN_PAIR, u))),
    (NAKED_TRIPLE, _by_unit("naked 3", lambda b, u: naked_subsets(b, 3, NAKED_TRIPLE, u))),
    (HIDDEN_TRIPLE, _by_unit("hidden 3", lambda b, u: hidden_subsets(b, 3, HIDDEN_TRIPLE, u))),
    (X_WING, _by_digit("fish 2", lambda b, d: fish.fish(b, 2, X_WING, d))),
    (SWORDFISH, _by_digit("fish 3", lambda b, d: fish.fish(b, 3, SWORDFISH, d))),
    (XY_WING, wings.xy_wings),
    (XYZ_WING, wings.xyz_wings),
    (FINNED_X_WING, _by_digit("finned 2", lambda b, d: fish.finned_fish(b, 2, FINNED_X_WING, d))),
    (SIMPLE_COLOURING, _by_digit("colouring", chains.simple_colouring)),
    (UNIQUE_RECTANGLE_1, uniqueness.unique_rectangles_1),
    (UNIQUE_RECTANGLE_2, uniqueness.unique_rectangles_2),
    (UNIQUE_RECTANGLE_4, uniqueness.unique_rectangles_4),
    (NAKED_QUAD, _by_unit("naked 4", lambda b, u: naked_subsets(b, 4, NAKED_QUAD, u))),
    (JELLYFISH, _by_digit("fish 4", lambda b, d: fish.fish(b, 4, JELLYFISH, d))),
    (
        FINNED_SWORDFISH,
        _by_digit("finned 3", lambda b, d: fish.finned_fish(b, 3, FINNED_SWORDFISH, d)),
    ),
    (HIDDEN_QUAD, _by_unit("hidden 4", lambda b, u: hidden_subsets(b, 4, HIDDEN_QUAD, u))),
    (BUG_PLUS_ONE, uniqueness.bug_plus_one),
    (X_CHAIN, _by_digit("X-chain", chains.x_chains)),
    (XY_CHAIN, chains.xy_chains),
    (AIC, chains.aics),
)
"""Elimination techniques, easiest first, as the graded solver tries them (singles come
before all of them, guessing after)."""
