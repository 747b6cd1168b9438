"""Shikaku (四角に切れ) puzzles: the grid of clues, text and JSON forms, solution checks.

Rules: divide the grid into rectangles so that each rectangle holds exactly one clue
and its area equals that clue. A solution lists one rectangle per clue, in reading
order of the clues, as ``[row, col, height, width]`` (top-left corner, zero-based).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crossforge.errors import InputError

Rect = tuple[int, int, int, int]
"""(row, col, height, width) of a rectangle's top-left corner and size."""


class ShikakuFormatError(InputError):
    """A Shikaku puzzle or solution that cannot be read; the message names the place."""


@dataclass(frozen=True)
class Clue:
    """A numbered cell: the area of the rectangle that must hold it."""

    row: int
    col: int
    area: int

    def __str__(self) -> str:
        return f"clue {self.area} at ({self.row}, {self.col})"


@dataclass(frozen=True)
class ShikakuPuzzle:
    """A Shikaku grid: its size and the clues in reading order."""

    height: int
    width: int
    clues: tuple[Clue, ...]

    def __post_init__(self) -> None:
        if self.height < 1 or self.width < 1:
            raise ShikakuFormatError(f"grid size {self.height}x{self.width}: must be at least 1x1")
        seen: set[tuple[int, int]] = set()
        for clue in self.clues:
            if not (0 <= clue.row < self.height and 0 <= clue.col < self.width):
                raise ShikakuFormatError(f"{clue} lies outside the grid")
            if clue.area < 1:
                raise ShikakuFormatError(f"{clue}: the area must be positive")
            if (clue.row, clue.col) in seen:
                raise ShikakuFormatError(f"two clues at ({clue.row}, {clue.col})")
            seen.add((clue.row, clue.col))
        if list(self.clues) != sorted(self.clues, key=lambda c: (c.row, c.col)):
            raise ShikakuFormatError("clues must be listed in reading order")

    def grid(self) -> list[list[int | None]]:
        """Rows of clue numbers, None where a cell is empty."""
        rows: list[list[int | None]] = [[None] * self.width for _ in range(self.height)]
        for clue in self.clues:
            rows[clue.row][clue.col] = clue.area
        return rows


def _int(token: str, where: str) -> int:
    try:
        value = int(token)
    except ValueError:
        raise ShikakuFormatError(f"{where}: {token!r} is neither '-' nor a number") from None
    if value < 1:
        raise ShikakuFormatError(f"{where}: {token!r} is not a positive number")
    return value


def parse_text(text: str) -> ShikakuPuzzle:
    """Read ``H W`` and H lines of W tokens, each ``-`` or a positive number."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise ShikakuFormatError("line 1: empty puzzle")
    head = lines[0].split()
    if len(head) != 2 or not all(t.isdecimal() for t in head):
        raise ShikakuFormatError(f"line 1: expected 'H W', got {lines[0]!r}")
    try:
        height, width = int(head[0]), int(head[1])
    except ValueError:  # more digits than int() reads
        raise ShikakuFormatError(f"line 1: the size {lines[0][:40]!r}… is far too large") from None
    if len(lines) != height + 1:
        raise ShikakuFormatError(f"expected {height} grid lines after line 1, got {len(lines) - 1}")
    clues = []
    for r in range(height):
        tokens = lines[r + 1].split()
        if len(tokens) != width:
            raise ShikakuFormatError(f"line {r + 2}: {len(tokens)} tokens, expected {width}")
        for c, token in enumerate(tokens):
            if token != "-":
                clues.append(Clue(r, c, _int(token, f"line {r + 2}, column {c + 1}")))
    return ShikakuPuzzle(height, width, tuple(clues))


def parse_json(data: Mapping[str, Any]) -> ShikakuPuzzle:
    """Read ``{"rows": [[null | n, ...], ...]}`` (``"-"`` also marks an empty cell)."""
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise ShikakuFormatError("field 'rows': expected a non-empty list of rows")
    width = len(rows[0])
    clues = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ShikakuFormatError(f"field 'rows'[{r}]: {len(row)} cells, expected {width}")
        for c, value in enumerate(row):
            if value is None or value == "-":
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ShikakuFormatError(
                    f"field 'rows'[{r}][{c}]: {value!r} is not a positive number"
                )
            clues.append(Clue(r, c, value))
    return ShikakuPuzzle(len(rows), width, tuple(clues))


def to_text(puzzle: ShikakuPuzzle) -> str:
    """The text form (``parse_text`` reads it back)."""
    lines = [f"{puzzle.height} {puzzle.width}"]
    lines += [" ".join("-" if n is None else str(n) for n in row) for row in puzzle.grid()]
    return "\n".join(lines) + "\n"


def to_json(puzzle: ShikakuPuzzle) -> dict[str, Any]:
    """The JSON form (``parse_json`` reads it back)."""
    return {"height": puzzle.height, "width": puzzle.width, "rows": puzzle.grid()}


def parse_solution(puzzle: ShikakuPuzzle, solution: Any) -> list[Rect]:
    """One ``[row, col, height, width]`` per clue, from a list or a JSON ``solution``."""
    if isinstance(solution, Mapping):
        solution = solution.get("solution")
    if not isinstance(solution, Sequence) or isinstance(solution, str):
        raise ShikakuFormatError("solution: expected a list of [row, col, height, width]")
    if len(solution) != len(puzzle.clues):
        raise ShikakuFormatError(
            f"solution has {len(solution)} rectangles for {len(puzzle.clues)} clues"
        )
    rects = []
    for i, rect in enumerate(solution):
        if (
            not isinstance(rect, Sequence)
            or len(rect) != 4
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in rect)
        ):
            raise ShikakuFormatError(f"solution[{i}]: expected [row, col, height, width]")
        rects.append((rect[0], rect[1], rect[2], rect[3]))
    return rects


def contains(rect: Rect, row: int, col: int) -> bool:
    """True when the cell lies inside the rectangle."""
    r, c, h, w = rect
    return r <= row < r + h and c <= col < c + w


def validate(puzzle: ShikakuPuzzle, rects: Sequence[Rect]) -> list[str]:
    """Every broken rule of a proposed division, each naming its place."""
    problems: list[str] = []
    owner: dict[tuple[int, int], int] = {}
    for i, (clue, rect) in enumerate(zip(puzzle.clues, rects, strict=True)):
        r, c, h, w = rect
        if h < 1 or w < 1 or r < 0 or c < 0 or r + h > puzzle.height or c + w > puzzle.width:
            problems.append(f"rectangle {list(rect)} of {clue} does not fit the grid")
            continue
        if not contains(rect, clue.row, clue.col):
            problems.append(f"rectangle {list(rect)} does not hold its {clue}")
        if h * w != clue.area:
            problems.append(f"rectangle {list(rect)} of {clue} has area {h * w}")
        for other in puzzle.clues:
            if other != clue and contains(rect, other.row, other.col):
                problems.append(f"rectangle {list(rect)} of {clue} also holds {other}")
        for cell in ((y, x) for y in range(r, r + h) for x in range(c, c + w)):
            if cell in owner:
                problems.append(
                    f"cell {cell} lies in the rectangles of {puzzle.clues[owner[cell]]} and {clue}"
                )
            else:
                owner[cell] = i
    uncovered = [
        (y, x) for y in range(puzzle.height) for x in range(puzzle.width) if (y, x) not in owner
    ]
    if uncovered:
        shown = ", ".join(str(cell) for cell in uncovered[:8])
        more = f" and {len(uncovered) - 8} more" if len(uncovered) > 8 else ""
        problems.append(f"cells in no rectangle: {shown}{more}")
    return problems
