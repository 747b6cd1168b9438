"""Sudoku boards: geometry of n²×n² grids, the puzzle value, and the text/JSON formats.

Text: one puzzle per line, N² characters (digits 1–9, then letters A–Z for sizes past 9),
``.`` or ``0`` for an empty cell; a grid drawn over N lines (spaces, ``|``, ``-`` and ``+``
ignored) is read too. JSON: ``{"box": 3, "puzzle": "53..7...."}`` or
``{"grid": [[5, 3, 0, …], …]}``. A solution is the N²-character string of digits.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from crossforge.errors import InputError

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EMPTY = ".0"
DRAWING = " \t|+-"


class SudokuFormatError(InputError):
    """A Sudoku text or JSON that cannot be read; the message names the line or field."""


@dataclass(frozen=True)
class Geometry:
    """The cells, units and peers of an N×N Sudoku with n×n boxes (N = n²)."""

    box: int
    size: int
    units: tuple[tuple[int, ...], ...]
    """Rows, then columns, then boxes, each as cell indices."""
    unit_names: tuple[str, ...]
    units_of: tuple[tuple[int, int, int], ...]
    """For every cell, the indices of its row, column and box units."""
    peers: tuple[tuple[int, ...], ...]
    peer_sets: tuple[frozenset[int], ...]

    @property
    def cells(self) -> int:
        """Number of cells (N²)."""
        return self.size * self.size

    @property
    def full(self) -> int:
        """The bit mask of every digit."""
        return (1 << self.size) - 1

    @staticmethod
    @cache
    def of(box: int) -> Geometry:
        """The (cached) geometry of boxes of side ``box``."""
        if not 1 < box <= 5:
            raise SudokuFormatError(f"box side must be 2…5, not {box}")
        n = box * box
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = [
            tuple((br * box + r) * n + bc * box + c for r in range(box) for c in range(box))
            for br in range(box)
            for bc in range(box)
        ]
        units = tuple(rows + cols + boxes)
        names = tuple(
            [f"row {i + 1}" for i in range(n)]
            + [f"column {i + 1}" for i in range(n)]
            + [f"box {i + 1}" for i in range(n)]
        )
        units_of = tuple(
            (i // n, n + i % n, 2 * n + (i // n // box) * box + (i % n) // box)
            for i in range(n * n)
        )
        peers = tuple(
            tuple(sorted({p for u in units_of[i] for p in units[u]} - {i})) for i in range(n * n)
        )
        return Geometry(box, n, units, names, units_of, peers, tuple(frozenset(p) for p in peers))

    def cell_name(self, cell: int) -> str:
        """``r3c7`` (one-based) for a cell index."""
        return f"r{cell // self.size + 1}c{cell % self.size + 1}"


@dataclass(frozen=True)
class Sudoku:
    """A puzzle: box side and the givens, one entry per cell (0 = empty)."""

    box: int
    givens: tuple[int, ...]

    @property
    def geometry(self) -> Geometry:
        """The board's geometry."""
        return Geometry.of(self.box)

    @property
    def size(self) -> int:
        """Digits per unit (N)."""
        return self.box * self.box

    def __str__(self) -> str:
        return "".join(SYMBOLS[d - 1] if d else "." for d in self.givens)


def box_for_cells(count: int, where: str) -> int:
    """The box side of a board with ``count`` cells (81 → 3), or an error naming ``where``."""
    for box in range(2, 6):
        if box**4 == count:
            return box
    raise SudokuFormatError(
        f"{where}: {count} cells is not a Sudoku size (16, 81, 256 or 625 expected)"
    )


def box_for_size(size: str) -> int:
    """The box side of a size written ``9`` or ``9x9``."""
    sides = size.lower().split("x")
    if not all(side.strip().isdecimal() for side in sides) or len(set(sides)) != 1:
        raise SudokuFormatError(f"size {size!r}: N or NxN expected (4, 9, 16 or 25)")
    if len(sides[0].strip()) > 2:  # no Sudoku size has more digits (nor int() reads thousands)
        raise SudokuFormatError(f"size {size[:40]!r}: expected 4, 9, 16 or 25")
    return box_for_cells(int(sides[0]) ** 2, f"size {size}")


def parse_line(line: str, where: str = "line 1") -> Sudoku:
    """One puzzle from its N²-character string."""
    box = box_for_cells(len(line), where)
    n = box * box
    givens = []
    for i, ch in enumerate(line):
        if ch in EMPTY:
            givens.append(0)
            continue
        value = SYMBOLS.find(ch.upper()) + 1
        if not 0 < value <= n:
            raise SudokuFormatError(f"{where}, column {i + 1}: {ch!r} is not a digit 1…{n}")
        givens.append(value)
    return Sudoku(box, tuple(givens))


def _content_lines(text: str) -> list[tuple[int, str]]:
    return [
        (no, line.strip())
        for no, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def parse_collection(text: str) -> list[Sudoku]:
    """Every puzzle of a collection, one puzzle per line (``#`` lines are comments)."""
    return [parse_line(line, f"line {no}") for no, line in _content_lines(text)]


def parse_text(text: str) -> Sudoku:
    """One puzzle: a single line, or a grid drawn over several lines."""
    lines = _content_lines(text)
    if not lines:
        raise SudokuFormatError("no puzzle in the text")
    if len(lines) == 1:
        return parse_line(lines[0][1], f"line {lines[0][0]}")
    cells = ["".join(ch for ch in line if ch not in DRAWING) for _, line in lines]
    joined = "".join(cells)
    drawn = len(joined) == sum(1 for row in cells if row) ** 2
    if not drawn and all(len(line) in (16, 81, 256, 625) for _, line in lines):
        raise SudokuFormatError(
            f"{len(lines)} puzzles in the text (one per line); one puzzle expected"
        )
    return parse_line(joined, f"lines {lines[0][0]}–{lines[-1][0]}")


def parse_json(data: Mapping[str, Any]) -> Sudoku:
    """A puzzle from ``{"puzzle": "…"}`` or ``{"grid": [[…], …]}`` (``box`` optional)."""
    if "puzzle" in data:
        if not isinstance(data["puzzle"], str):
            raise SudokuFormatError("field 'puzzle' must be a string")
        sudoku = parse_line(data["puzzle"], "field 'puzzle'")
    elif "grid" in data:
        sudoku = _parse_grid(data["grid"])
    else:
        raise SudokuFormatError("a Sudoku JSON needs a 'puzzle' string or a 'grid' list")
    if "box" in data and data["box"] != sudoku.box:
        raise SudokuFormatError(f"field 'box' is {data['box']} but the puzzle has box {sudoku.box}")
    return sudoku


def _parse_grid(grid: Any) -> Sudoku:
    if not isinstance(grid, list) or not all(isinstance(row, list) for row in grid):
        raise SudokuFormatError("field 'grid' must be a list of rows")
    n = len(grid)
    box = math.isqrt(n)
    if box * box != n or not 1 < box <= 5:
        raise SudokuFormatError(f"field 'grid' has {n} rows; 4, 9, 16 or 25 expected")
    givens: list[int] = []
    for r, row in enumerate(grid):
        if len(row) != n:
            raise SudokuFormatError(f"field 'grid', row {r + 1}: {len(row)} cells, {n} expected")
        for c, value in enumerate(row):
            if value is None:
                value = 0
            if not isinstance(value, int) or not 0 <= value <= n:
                raise SudokuFormatError(f"field 'grid', row {r + 1}, column {c + 1}: {value!r}")
            givens.append(value)
    return Sudoku(box, tuple(givens))


def to_json(sudoku: Sudoku) -> dict[str, Any]:
    """The JSON form: ``{"box": n, "puzzle": "…"}``."""
    return {"box": sudoku.box, "puzzle": str(sudoku)}


def to_text(sudoku: Sudoku) -> str:
    """The text form: one line of N² characters (``parse_text`` reads it back)."""
    return f"{sudoku}\n"


def parse_solution(sudoku: Sudoku, solution: str | Sequence[int]) -> tuple[int, ...]:
    """A solution string (or digit list) as digits, checked for length and symbols."""
    if isinstance(solution, str):
        digits = parse_line(solution.strip(), "solution").givens
    else:
        digits = tuple(int(d) for d in solution)
    if len(digits) != sudoku.geometry.cells:
        raise SudokuFormatError(
            f"solution has {len(digits)} cells, the puzzle {sudoku.geometry.cells}"
        )
    return digits


def solution_string(digits: Sequence[int]) -> str:
    """The solution string of a digit sequence (``.`` for an unknown cell)."""
    return "".join(SYMBOLS[d - 1] if d else "." for d in digits)


def validate(sudoku: Sudoku, digits: Sequence[int]) -> list[str]:
    """Violations of a solution's digits: cells left open, givens changed, digits
    repeated in a unit."""
    geo = sudoku.geometry
    problems = [f"{geo.cell_name(c)} is empty" for c, d in enumerate(digits) if not d]
    problems += [
        f"{geo.cell_name(c)} holds {SYMBOLS[digits[c] - 1]}, the given is {SYMBOLS[g - 1]}"
        for c, g in enumerate(sudoku.givens)
        if g and digits[c] and digits[c] != g
    ]
    for name, unit in zip(geo.unit_names, geo.units, strict=True):
        seen: dict[int, int] = {}
        for cell in unit:
            d = digits[cell]
            if d and d in seen:
                problems.append(
                    f"{SYMBOLS[d - 1]} twice in {name}: {geo.cell_name(seen[d])} and "
                    f"{geo.cell_name(cell)}"
                )
            seen.setdefault(d, cell)
    return problems
