"""Hexagonal grids for regex crosswords, and their three families of lines.

A hexagon of side ``n`` has rows ``r = 0 … 2n−2`` (top to bottom); row ``r`` holds
``n + min(r, 2n−2−r)`` cells indexed ``k = 0 …`` left to right. Every cell lies on one
line of each family:

- ``rows``: line ``i`` is row ``i``, read left to right;
- ``nw``: line ``i`` holds the cells with ``k − min(r, n−1) = i − (n−1)``, read from the
  lowest cell upward (south-east to north-west); line 0 is the lower-left edge, line
  2n−2 the upper-right edge;
- ``sw``: line ``i`` holds the cells with ``k − min(r, n−1) + r − (n−1) = (n−1) − i``,
  read from the highest cell downward (north-east to south-west); line 0 is the
  lower-right edge, line 2n−2 the upper-left edge.

Rows, then nw, then sw lines go counterclockwise round the hexagon: the order in which
the 2013 MIT Mystery Hunt hexagonal regex crossword lists its clues (side 7: 13 lines
per family, 127 cells).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from crossforge.errors import InputError

HexCell = tuple[int, int]
Family = Literal["rows", "nw", "sw"]
FAMILIES: tuple[Family, Family, Family] = ("rows", "nw", "sw")


@dataclass(frozen=True)
class HexGrid:
    """A hexagon of ``side`` cells a side; cells are ``(row, k)``."""

    side: int

    def __post_init__(self) -> None:
        if self.side < 1:
            raise InputError(f"a hexagon needs a side of at least 1, got {self.side}")

    @property
    def rows(self) -> int:
        """Number of rows, 2n − 1."""
        return 2 * self.side - 1

    def row_length(self, r: int) -> int:
        """Number of cells in row ``r``."""
        if not 0 <= r < self.rows:
            raise IndexError(f"row {r} outside a hexagon of {self.rows} rows")
        return self.side + min(r, self.rows - 1 - r)

    def cells(self) -> Iterator[HexCell]:
        """Every cell, row by row, left to right."""
        for r in range(self.rows):
            for k in range(self.row_length(r)):
                yield (r, k)

    @property
    def size(self) -> int:
        """Number of cells, 3n(n − 1) + 1."""
        return 3 * self.side * (self.side - 1) + 1

    def contains(self, r: int, k: int) -> bool:
        """True when ``(r, k)`` is a cell of the hexagon."""
        return 0 <= r < self.rows and 0 <= k < self.row_length(r)

    def line_index(self, family: Family, cell: HexCell) -> int:
        """The index of the line of ``family`` through ``cell``."""
        r, k = cell
        n1 = self.side - 1
        if family == "rows":
            return r
        if family == "nw":
            return k - min(r, n1) + n1
        if family == "sw":
            return n1 - (k - min(r, n1) + r - n1)
        raise ValueError(f"unknown line family {family!r}; choose one of {', '.join(FAMILIES)}")

    def lines(self, family: Family) -> list[list[HexCell]]:
        """The ``2n − 1`` lines of a family, each in its reading direction."""
        out: list[list[HexCell]] = [[] for _ in range(self.rows)]
        for cell in self.cells():
            out[self.line_index(family, cell)].append(cell)
        if family == "nw":
            for line in out:
                line.reverse()
        return out

    def all_lines(self) -> list[tuple[Family, int, list[HexCell]]]:
        """Every line of every family as ``(family, index, cells)``: rows, nw, then sw."""
        return [
            (family, i, line) for family in FAMILIES for i, line in enumerate(self.lines(family))
        ]


def format_hex(hexagon: HexGrid, letters: Mapping[HexCell, str] | None = None) -> str:
    """The hexagon as text: one line per row, cells ``.`` or a letter, centred by spaces."""
    letters = letters or {}
    lines = []
    for r in range(hexagon.rows):
        cells = [letters.get((r, k), ".") for k in range(hexagon.row_length(r))]
        lines.append(" " * (hexagon.rows - len(cells)) + " ".join(cells))
    return "\n".join(lines) + "\n"


def parse_hex(text: str) -> tuple[HexGrid, dict[HexCell, str]]:
    """A hexagon and its letters from ``format_hex`` text; errors name the line."""
    rows = [(n, line.split()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(rows) % 2 == 0:
        raise InputError(f"a hexagon has an odd number of rows, found {len(rows)}")
    hexagon = HexGrid((len(rows) + 1) // 2)
    letters: dict[HexCell, str] = {}
    for r, (number, cells) in enumerate(rows):
        if len(cells) != hexagon.row_length(r):
            raise InputError(
                f"line {number}: row {r} has {len(cells)} cells, expected {hexagon.row_length(r)}"
            )
        for k, cell in enumerate(cells):
            if cell != "." and not (len(cell) == 1 and cell.isalpha()):
                raise InputError(f"line {number}: {cell!r} is neither '.' nor a letter")
            if cell != ".":
                letters[(r, k)] = cell
    return hexagon, letters
