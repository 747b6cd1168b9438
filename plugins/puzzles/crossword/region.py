"""Region fill: a fill that writes only the cells of a region of the grid.

A region is given by cells (``{"cells": [[row, col], ...]}``, rows and columns from 0),
by slots (``{"slots": ["17A", "5D"]}``, all their cells) or both (their union). Then:

- the entries of the fill are the slots with a cell in the region; other slots are left
  alone (neither filled nor checked);
- region cells are filled afresh: a letter they hold is dropped (lock an entry to keep
  one);
- a cell outside the region keeps its letter, which every entry through it must match,
  or stays empty: the entries through it still agree on a letter there, so each admits
  a word consistent with what is placed, but that letter is not written;
- with ``no_duplicates``, a word already complete in a slot outside the region is not
  used again inside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crossforge.grids.model import OPEN, Cell, Grid, Slot
from crossforge.plugins.puzzles.crossword.problem import CrosswordError

CELL_LIST: dict[str, Any] = {
    "type": "array",
    "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
}
"""A list of ``[row, col]`` pairs (from 0)."""

REGION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "cells": {**CELL_LIST, "minItems": 1, "description": "cells as [row, col], from 0"},
        "slots": {
            "type": "array",
            "items": {"type": "string"},
            "minItems": 1,
            "description": "slot ids ('17A', '5D'): all their cells",
        },
    },
    "additionalProperties": False,
    "minProperties": 1,
    "description": "fill only these cells; every other cell keeps its letter or stays empty",
}


@dataclass(frozen=True)
class Region:
    """The cells a fill may write, and the slots it fills (those touching the cells)."""

    cells: frozenset[Cell]
    slots: tuple[Slot, ...]

    def template(self, grid: Grid) -> list[str]:
        """The grid's rows with the region's cells emptied."""
        rows = [list(row) for row in grid.rows]
        for r, c in self.cells:
            rows[r][c] = OPEN
        return ["".join(row) for row in rows]

    def words_outside(self, grid: Grid) -> list[str]:
        """Words complete in the slots the fill leaves alone."""
        inside = set(self.slots)
        patterns = (grid.pattern(slot) for slot in grid.slots() if slot not in inside)
        return [word for word in patterns if OPEN not in word]

    def written(self, template: Sequence[str], fills: Sequence[tuple[Slot, str]]) -> list[str]:
        """``template`` with the letters of the filled slots written in the region only."""
        rows = [list(row) for row in template]
        for slot, word in fills:
            for (r, c), letter in zip(slot.cells, word, strict=True):
                if (r, c) in self.cells:
                    rows[r][c] = letter
        return ["".join(row) for row in rows]


def region_of(grid: Grid, spec: Mapping[str, Any]) -> Region:
    """The region ``spec`` names on ``grid``; ``CrosswordError`` naming a cell outside the
    grid, a block, a cell in no slot or an unknown slot."""
    slots = grid.slots()
    by_id = {slot.id: slot for slot in slots}
    cells: set[Cell] = set()
    for item in spec.get("cells") or ():
        r, c = item
        if not grid.contains(r, c):
            raise CrosswordError(
                f"region cell [{r}, {c}] lies outside the {grid.height}x{grid.width} grid"
            )
        if grid.is_block(r, c):
            raise CrosswordError(f"region cell [{r}, {c}] is a block")
        cells.add((r, c))
    for name in spec.get("slots") or ():
        slot = by_id.get(str(name).strip().upper())
        if slot is None:
            raise CrosswordError(f"region slot {name!r} is not a slot of the grid")
        cells.update(slot.cells)
    touching = tuple(slot for slot in slots if cells.intersection(slot.cells))
    lone = sorted(cells - {cell for slot in touching for cell in slot.cells})
    if lone:
        r, c = lone[0]
        raise CrosswordError(f"region cell [{r}, {c}] belongs to no entry")
    return Region(frozenset(cells), touching)
