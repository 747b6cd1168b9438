"""Tents cells and grid geometry: the cell states, what depends on the grid's size alone
(``Shape``, shared by every puzzle of that size) and the fixed facts of one puzzle
(``Geometry``, shared by every board of one solve)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from crossforge.plugins.puzzles.tents.model import TentsPuzzle, orthogonal

UNKNOWN, TENT, GRASS, TREE = 0, 1, 2, 3


@dataclass(frozen=True)
class Shape:
    """What depends on the grid's size alone (shared by every puzzle of that size)."""

    height: int
    width: int
    around: list[list[int]]
    """The up-to-eight neighbours of each cell."""
    around_set: list[frozenset[int]]
    line_names: list[str]
    line_cells: list[list[int]]
    """Rows first, then columns."""
    slices: list[slice]
    """Each line's cells as a slice of a board's state."""
    lines_of: list[tuple[int, int]]
    """The row and the column (as line numbers) of each cell."""
    side_lines: list[list[int]]
    """The parallel lines on either side of each line, by line number."""


@lru_cache(maxsize=32)
def shape(height: int, width: int) -> Shape:
    """The ``Shape`` of a height x width grid."""
    h, w = height, width
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    around = [
        [(r + dr) * w + c + dc for dr, dc in steps if 0 <= r + dr < h and 0 <= c + dc < w]
        for r in range(h)
        for c in range(w)
    ]
    return Shape(
        h,
        w,
        around,
        [frozenset(cells) for cells in around],
        [f"row {r}" for r in range(h)] + [f"column {c}" for c in range(w)],
        [list(range(r * w, r * w + w)) for r in range(h)]
        + [list(range(c, h * w, w)) for c in range(w)],
        [slice(r * w, r * w + w) for r in range(h)] + [slice(c, h * w, w) for c in range(w)],
        [(i // w, h + i % w) for i in range(h * w)],
        [[x for x in (r - 1, r + 1) if 0 <= x < h] for r in range(h)]
        + [[h + x for x in (c - 1, c + 1) if 0 <= x < w] for c in range(w)],
    )


class Geometry:
    """The fixed facts of a puzzle, shared by every board of one solve."""

    def __init__(self, puzzle: TentsPuzzle) -> None:
        self.puzzle = puzzle
        h, w = self.height, self.width = puzzle.height, puzzle.width
        self.size = h * w
        self.tree_cells = [r * w + c for r, c in puzzle.trees]
        tree_at = set(self.tree_cells)
        self.candidates = [
            [r * w + c for r, c in orthogonal(*puzzle.trees[t], h, w) if r * w + c not in tree_at]
            for t in range(len(self.tree_cells))
        ]
        self.trees_of: list[list[int]] = [[] for _ in range(self.size)]
        for t, cells in enumerate(self.candidates):
            for cell in cells:
                self.trees_of[cell].append(t)
        grid = self.shape = shape(h, w)
        self.around, self.around_set = grid.around, grid.around_set
        counts = puzzle.row_counts + puzzle.col_counts
        self.lines: list[tuple[str, list[int], int]] = list(
            zip(grid.line_names, grid.line_cells, counts, strict=True)
        )
        self.slices, self.lines_of, self.side_lines = grid.slices, grid.lines_of, grid.side_lines

    def name(self, cell: int) -> str:
        """``(row, col)`` of a cell index."""
        return f"({cell // self.width}, {cell % self.width})"

    def tree_name(self, t: int) -> str:
        """``(row, col)`` of tree ``t``."""
        return self.name(self.tree_cells[t])
