"""Every rectangle each Shikaku clue may take, as bitmasks over the grid's cells."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from operator import and_, or_

from crossforge.plugins.bits import set_bits
from crossforge.plugins.puzzles.shikaku.model import Rect, ShikakuPuzzle


@dataclass(frozen=True)
class Option:
    """One rectangle a clue may take: its place, cell bitmask and cell indices."""

    rect: Rect
    mask: int
    cells: tuple[int, ...]


def rect_mask(rect: Rect, width: int) -> int:
    """The bitmask (bit ``row * width + col``) of a rectangle's cells."""
    r, c, h, w = rect
    line = ((1 << w) - 1) << c
    mask = 0
    for y in range(r, r + h):
        mask |= line << (y * width)
    return mask


def union_of(masks: Iterable[int]) -> int:
    """The cells some mask covers."""
    return reduce(or_, masks, 0)


def core_of(masks: Iterable[int], full: int) -> int:
    """The cells every mask covers (``full`` when there are none)."""
    return reduce(and_, masks, full)


class Layout:
    """The clues of one puzzle with all their rectangles (area = clue, holding no other clue)."""

    def __init__(self, puzzle: ShikakuPuzzle) -> None:
        self.puzzle = puzzle
        self.height, self.width = puzzle.height, puzzle.width
        self.size = self.height * self.width
        self.full = (1 << self.size) - 1
        self.clue_cells = [c.row * self.width + c.col for c in puzzle.clues]
        clue_mask = 0
        for cell in self.clue_cells:
            clue_mask |= 1 << cell
        self.options: list[list[Option]] = []
        for clue, cell in zip(puzzle.clues, self.clue_cells, strict=True):
            others = clue_mask & ~(1 << cell)
            found = []
            for h in range(1, clue.area + 1):
                if clue.area % h:
                    continue
                w = clue.area // h
                if h > self.height or w > self.width:
                    continue
                for r in range(max(0, clue.row - h + 1), min(clue.row, self.height - h) + 1):
                    for c in range(max(0, clue.col - w + 1), min(clue.col, self.width - w) + 1):
                        mask = rect_mask((r, c, h, w), self.width)
                        if not mask & others:
                            found.append(Option((r, c, h, w), mask, tuple(set_bits(mask))))
            self.options.append(found)

    def regions(self, mask: int) -> list[int]:
        """The orthogonally connected parts of ``mask``, each as a bitmask."""
        width = self.width
        left_edge = sum(1 << (r * width) for r in range(self.height))
        right_edge = left_edge << (width - 1)
        parts = []
        while mask:
            region = mask & -mask
            while True:
                grown = region | (region << width) | (region >> width)
                grown |= ((region & ~right_edge) << 1) | ((region & ~left_edge) >> 1)
                grown &= mask
                if grown == region:
                    break
                region = grown
            parts.append(region)
            mask &= ~region
        return parts

    def name(self, k: int) -> str:
        """How a clue is named in step details."""
        clue = self.puzzle.clues[k]
        return f"{clue.area} at ({clue.row}, {clue.col})"

    def cell_names(self, mask: int, limit: int = 6) -> str:
        """A short list of the cells of ``mask`` as (row, col)."""
        cells = set_bits(mask)
        shown = ", ".join(f"({i // self.width}, {i % self.width})" for i in cells[:limit])
        return shown + (f" and {len(cells) - limit} more" if len(cells) > limit else "")
