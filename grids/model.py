"""Square crossword grids: blocks, open cells, pre-filled letters, marks, slots, crossings.

A grid is a tuple of equal-length rows. In a row, ``#`` is a block, ``.`` an open cell and
any other single alphabetic character (any alphabet) a pre-filled letter. Circled and
shaded cells are sets of ``(row, col)``. Grids are immutable; ``with_letters`` returns a
filled copy.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from crossforge.errors import InputError, NotFound

BLOCK = "#"
OPEN = "."

Cell = tuple[int, int]
Direction = Literal["across", "down"]
DIRECTIONS: tuple[Direction, Direction] = ("across", "down")


class GridError(InputError):
    """A grid description that cannot be read (ragged rows, unknown characters, ...)."""


class GridTooLarge(GridError):
    """A grid (or a file's declared size) with more rows or columns than a reader takes."""

    def __init__(self, height: int, width: int, limit: int, at_least: bool = False) -> None:
        size = f"{'at least ' if at_least else ''}{height}x{width}"
        super().__init__(f"the grid is {size}; the largest allowed is {limit}x{limit}")
        self.height, self.width, self.limit = height, width, limit


def check_size(height: int, width: int, limit: int, at_least: bool = False) -> None:
    """``GridTooLarge`` when either side passes ``limit`` (``at_least``: the sides
    are what was read so far, not the whole grid's)."""
    if height > limit or width > limit:
        raise GridTooLarge(height, width, limit, at_least)


@dataclass(frozen=True)
class Slot:
    """An entry's place: a maximal run of open cells, numbered as printed crosswords are."""

    number: int
    direction: Direction
    cells: tuple[Cell, ...]

    @property
    def length(self) -> int:
        """Number of cells (letters) in the entry."""
        return len(self.cells)

    @property
    def id(self) -> str:
        """Short name such as ``"1A"`` or ``"5D"``."""
        return f"{self.number}{'A' if self.direction == 'across' else 'D'}"

    @property
    def start(self) -> Cell:
        """The first cell, where the clue number is printed."""
        return self.cells[0]


@dataclass(frozen=True)
class Crossing:
    """Two slots sharing a cell: position ``i`` of slot ``a`` is position ``j`` of ``b``.

    ``a`` and ``b`` are indices into ``grid.slots(min_length)``; ``a`` is the across slot.
    """

    a: int
    b: int
    i: int
    j: int
    cell: Cell


def _check_char(ch: str, line: int, col: int) -> None:
    if ch not in (BLOCK, OPEN) and not ch.isalpha():
        raise GridError(
            f"line {line}, column {col}: unknown character {ch!r} "
            f"(use {BLOCK!r} for a block, {OPEN!r} for an open cell, or a letter)"
        )


def _parse_marks(text: str, line: int) -> frozenset[Cell]:
    cells: set[Cell] = set()
    for item in text.split():
        row, sep, col = item.partition(",")
        if not sep or not row.strip().isdecimal() or not col.strip().isdecimal():
            raise GridError(f"line {line}: bad cell {item!r} (expected row,col)")
        try:
            cells.add((int(row), int(col)))
        except ValueError:  # more digits than int() reads
            raise GridError(f"line {line}: cell {item[:40]!r}… lies far outside the grid") from None
    return frozenset(cells)


@dataclass(frozen=True)
class Grid:
    """An immutable rectangular crossword grid."""

    rows: tuple[str, ...]
    circled: frozenset[Cell] = field(default=frozenset())
    shaded: frozenset[Cell] = field(default=frozenset())

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise GridError("a grid needs at least one row and one column")
        width = len(self.rows[0])
        for r, row in enumerate(self.rows):
            if len(row) != width:
                raise GridError(
                    f"line {r + 1}: row has {len(row)} cells, expected {width} (ragged grid)"
                )
            for c, ch in enumerate(row):
                _check_char(ch, r + 1, c + 1)
        for name in ("circled", "shaded"):
            marks = getattr(self, name)
            object.__setattr__(self, name, frozenset(marks))
            outside = sorted(cell for cell in marks if not self.contains(*cell))
            if outside:
                raise GridError(f"{name} cell {outside[0]} lies outside the grid")

    # construction -------------------------------------------------------------------

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        circled: Sequence[Cell] | frozenset[Cell] = (),
        shaded: Sequence[Cell] | frozenset[Cell] = (),
    ) -> Grid:
        """A grid from row strings, e.g. ``["#..", "...", "..#"]``."""
        return cls(tuple(rows), frozenset(circled), frozenset(shaded))

    @classmethod
    def blank(cls, height: int, width: int) -> Grid:
        """An all-open grid of the given size."""
        if height < 1 or width < 1:
            raise GridError(f"grid size must be positive, got {height}x{width}")
        return cls(tuple(OPEN * width for _ in range(height)))

    @classmethod
    def from_text(cls, text: str, max_side: int | None = None) -> Grid:
        """Read the plain-text form written by ``to_text``.

        One line per row; blank lines around the grid are ignored. After the grid,
        optional ``circled: r,c r,c ...`` and ``shaded: ...`` lines list marked cells.
        Errors name the offending line; a row past ``max_side`` (in length or count) is
        ``GridTooLarge`` before it is checked.
        """
        lines = text.splitlines()
        rows: list[str] = []
        circled: frozenset[Cell] = frozenset()
        shaded: frozenset[Cell] = frozenset()
        gap_line = None
        for number, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line:
                if rows and gap_line is None:
                    gap_line = number
                continue
            key, sep, rest = line.partition(":")
            if sep and key.strip().lower() in ("circled", "shaded"):
                marks = _parse_marks(rest, number)
                if key.strip().lower() == "circled":
                    circled = marks
                else:
                    shaded = marks
                continue
            if gap_line is not None:
                raise GridError(f"line {number}: grid rows after a blank line")
            if max_side is not None:
                check_size(len(rows) + 1, len(line), max_side, at_least=True)
            if rows and len(line) != len(rows[0]):
                raise GridError(
                    f"line {number}: row has {len(line)} cells, "
                    f"expected {len(rows[0])} (ragged grid)"
                )
            for c, ch in enumerate(line):
                _check_char(ch, number, c + 1)
            rows.append(line)
        if not rows:
            raise GridError("no grid rows found")
        return cls(tuple(rows), circled, shaded)

    def to_text(self) -> str:
        """Plain text: one line per row, then marks lines if any; ends with a newline."""
        out = list(self.rows)
        for name, marks in (("circled", self.circled), ("shaded", self.shaded)):
            if marks:
                out.append(f"{name}: " + " ".join(f"{r},{c}" for r, c in sorted(marks)))
        return "\n".join(out) + "\n"

    def with_letters(self, assignment: Mapping[Slot, str] | Mapping[Cell, str]) -> Grid:
        """A copy with letters written in: keys are slots (value: word) or cells (letter).

        Raises ``GridError`` on a block, a word of the wrong length or two different
        letters for one cell (a pre-filled letter counts).
        """
        letters: dict[Cell, str] = {}

        def put(cell: Cell, letter: str) -> None:
            r, c = cell
            if not self.contains(r, c) or self.is_block(r, c):
                raise GridError(f"cell {cell} is not an open cell of the grid")
            if len(letter) != 1 or not letter.isalpha():
                raise GridError(f"cell {cell}: {letter!r} is not a single letter")
            before = letters.get(cell) or self.letter(r, c) or letter
            if before != letter:
                raise GridError(f"cell {cell}: conflicting letters {before!r}, {letter!r}")
            letters[cell] = letter

        for key, value in assignment.items():
            if isinstance(key, Slot):
                if len(value) != key.length:
                    raise GridError(f"{key.id}: {value!r} does not have {key.length} letters")
                for cell, letter in zip(key.cells, value, strict=True):
                    put(cell, letter)
            else:
                put(key, value)
        rows = [list(row) for row in self.rows]
        for (r, c), letter in letters.items():
            rows[r][c] = letter
        return Grid(tuple("".join(row) for row in rows), self.circled, self.shaded)

    def blanked(self) -> Grid:
        """A copy with every letter removed (blocks and marks kept)."""
        rows = tuple("".join(BLOCK if ch == BLOCK else OPEN for ch in row) for row in self.rows)
        return Grid(rows, self.circled, self.shaded)

    # cells ---------------------------------------------------------------------------

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    def contains(self, r: int, c: int) -> bool:
        """True when (r, c) lies inside the grid."""
        return 0 <= r < self.height and 0 <= c < self.width

    def is_block(self, r: int, c: int) -> bool:
        """True for a block."""
        return self.rows[r][c] == BLOCK

    def is_open(self, r: int, c: int) -> bool:
        """True for a cell that takes a letter (empty or pre-filled)."""
        return self.rows[r][c] != BLOCK

    def letter(self, r: int, c: int) -> str | None:
        """The pre-filled letter of a cell, or None for an empty cell or a block."""
        ch = self.rows[r][c]
        return None if ch in (BLOCK, OPEN) else ch

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for r in range(self.height):
            for c in range(self.width):
                yield (r, c)

    def open_cells(self) -> list[Cell]:
        """Cells that take a letter, row by row."""
        return [(r, c) for r, c in self.cells() if self.is_open(r, c)]

    def blocks(self) -> list[Cell]:
        """Block cells, row by row."""
        return [(r, c) for r, c in self.cells() if self.is_block(r, c)]

    @property
    def is_filled(self) -> bool:
        """True when every open cell holds a letter."""
        return all(ch != OPEN for row in self.rows for ch in row)

    # slots ---------------------------------------------------------------------------

    def runs(self, direction: Direction) -> list[tuple[Cell, ...]]:
        """Every maximal run of open cells in one direction (length 1 included)."""
        out: list[tuple[Cell, ...]] = []
        outer, inner = (
            (self.height, self.width) if direction == "across" else (self.width, self.height)
        )
        for a in range(outer):
            run: list[Cell] = []
            for b in range(inner + 1):
                cell = (a, b) if direction == "across" else (b, a)
                if b < inner and self.is_open(*cell):
                    run.append(cell)
                elif run:
                    out.append(tuple(run))
                    run = []
        return out

    def slots(self, min_length: int = 2) -> list[Slot]:
        """Every maximal run of at least ``min_length`` open cells, numbered.

        Numbers go row by row to each cell that starts a slot, as in printed
        crosswords. The list holds the across slots in number order, then the down ones.
        """
        cache: dict[int, list[Slot]] = self.__dict__.setdefault("_slot_cache", {})
        if min_length not in cache:
            runs = {
                direction: [run for run in self.runs(direction) if len(run) >= min_length]
                for direction in DIRECTIONS
            }
            starts = sorted({run[0] for group in runs.values() for run in group})
            number = {cell: n for n, cell in enumerate(starts, start=1)}
            slots = [
                Slot(number[run[0]], direction, run)
                for direction in DIRECTIONS
                for run in sorted(runs[direction], key=lambda run: number[run[0]])
            ]
            cache[min_length] = slots
        return list(cache[min_length])

    def numbering(self, min_length: int = 2) -> dict[Cell, int]:
        """The printed number of every cell that starts a slot."""
        return {slot.start: slot.number for slot in self.slots(min_length)}

    def slot(self, slot_id: str, min_length: int = 2) -> Slot:
        """The slot named like ``"1A"`` or ``"5D"``; NotFound when there is none."""
        for slot in self.slots(min_length):
            if slot.id == slot_id.upper():
                return slot
        raise NotFound(f"no slot {slot_id!r} in this grid")

    def crossings(self, min_length: int = 2) -> list[Crossing]:
        """Every cell shared by an across and a down slot, row by row."""
        slots = self.slots(min_length)
        where: dict[Cell, tuple[int, int]] = {}
        out: list[Crossing] = []
        for index, slot in enumerate(slots):
            for pos, cell in enumerate(slot.cells):
                if slot.direction == "across":
                    where[cell] = (index, pos)
                elif cell in where:
                    a, i = where[cell]
                    out.append(Crossing(a, index, i, pos, cell))
        out.sort(key=lambda crossing: crossing.cell)
        return out

    def checked_cells(self, min_length: int = 2) -> frozenset[Cell]:
        """Open cells in two slots (crossed)."""
        return frozenset(crossing.cell for crossing in self.crossings(min_length))

    def unchecked_cells(self, min_length: int = 2) -> frozenset[Cell]:
        """Open cells in fewer than two slots (uncrossed, including cells in no slot)."""
        return frozenset(self.open_cells()) - self.checked_cells(min_length)

    def pattern(self, slot: Slot) -> str:
        """The slot's letters, with ``.`` for each empty cell."""
        return "".join(self.rows[r][c] for r, c in slot.cells)

    def __str__(self) -> str:
        return "\n".join(self.rows)
