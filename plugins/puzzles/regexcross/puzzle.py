"""Regex crosswords: the puzzle value, its geometry (rectangles and hexagons) and formats.

JSON: ``{"shape": "rect", "rows": [...], "cols": [...]}`` or ``{"shape": "hex",
"side": n, "rows": [...], "nw": [...], "sw": [...]}``; each entry is a regex or a list of
regexes that must all match the whole line. Text: a first line ``rect`` or ``hex N``,
then sections headed by a line that is exactly ``[rows]``, ``[cols]`` (or ``[nw]``,
``[sw]``), with one grid line per text line, several clues of one grid line separated
by tabs; lines starting with ``#`` are comments and blank lines are skipped. A clue that
could be read as something else (a header such as ``[rows]``, a leading ``#`` or ``"``,
surrounding or other than plain spaces, the empty clue) is written as a JSON string,
``"[rows]"``; any other clue, such as ``[BDF]``, is written as it is. A solution is the
list of row strings, top to bottom.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crossforge.errors import InputError
from crossforge.grids.hexgrid import FAMILIES, HexGrid
from crossforge.plugins.puzzles.regexcross.syntax import (
    ClueError,
    ClueMatcher,
    named_characters,
    parse_clue,
)

RECT_FAMILIES = ("rows", "cols")
HEADERS = frozenset(f"[{family}]" for family in (*RECT_FAMILIES, *FAMILIES))
"""Section header lines; a clue with the same text is written quoted."""


class RegexFormatError(InputError):
    """A regex crossword that cannot be read; the message names the line or field."""


@dataclass(frozen=True)
class Line:
    """One line of the grid: its family and index, its cells in reading order, its clues."""

    family: str
    index: int
    cells: tuple[int, ...]
    clues: tuple[str, ...]

    @property
    def name(self) -> str:
        """``rows 3`` (one-based)."""
        return f"{self.family} {self.index + 1}"


@dataclass(frozen=True)
class RegexCrossword:
    """A rectangular (``side`` 0) or hexagonal regex crossword."""

    shape: str
    clues: Mapping[str, tuple[tuple[str, ...], ...]]
    """Clues by family, one tuple of regexes per line."""
    side: int = 0

    @property
    def row_lengths(self) -> list[int]:
        """Cells in each row, top to bottom."""
        if self.shape == "hex":
            grid = HexGrid(self.side)
            return [grid.row_length(r) for r in range(grid.rows)]
        return [len(self.clues["cols"])] * len(self.clues["rows"])

    @property
    def cell_count(self) -> int:
        """Number of cells."""
        return sum(self.row_lengths)

    def cell_name(self, cell: int) -> str:
        """``r2c5`` (one-based row and position in the row)."""
        for r, length in enumerate(self.row_lengths):
            if cell < length:
                return f"r{r + 1}c{cell + 1}"
            cell -= length
        raise IndexError(cell)

    def lines(self) -> list[Line]:
        """Every line with its cells (indices in row-major order) and clues."""
        lengths = self.row_lengths
        starts = [sum(lengths[:r]) for r in range(len(lengths))]
        out = []
        if self.shape == "hex":
            grid = HexGrid(self.side)
            for family in FAMILIES:
                for i, cells in enumerate(grid.lines(family)):
                    ids = tuple(starts[r] + k for r, k in cells)
                    out.append(Line(family, i, ids, self.clues[family][i]))
            return out
        width = len(self.clues["cols"])
        for r, clues in enumerate(self.clues["rows"]):
            out.append(Line("rows", r, tuple(starts[r] + c for c in range(width)), clues))
        for c, clues in enumerate(self.clues["cols"]):
            out.append(Line("cols", c, tuple(starts[r] + c for r in range(len(lengths))), clues))
        return out

    def alphabet(self) -> str:
        """The letters the clues name (with their case variants in a case-insensitive
        part), plus A–Z when a clue allows a character it does not name."""
        chars: set[str] = set()
        anything = False
        for family in self.clues.values():
            for clues in family:
                for clue in clues:
                    more, anyone = named_characters(parse_clue(clue))
                    chars |= more
                    anything = anything or anyone
        if anything:
            chars |= set(string.ascii_uppercase)
        return "".join(sorted(chars))

    def rows_of(self, letters: Sequence[str]) -> list[str]:
        """Row strings of a cell-by-cell letter list."""
        out, at = [], 0
        for length in self.row_lengths:
            out.append("".join(letters[at : at + length]))
            at += length
        return out


def _clue_list(entry: Any, where: str) -> tuple[str, ...]:
    clues = [entry] if isinstance(entry, str) else entry
    if not isinstance(clues, list) or not clues or not all(isinstance(c, str) for c in clues):
        raise RegexFormatError(f"{where}: a regex or a non-empty list of regexes expected")
    for clue in clues:
        try:
            parse_clue(clue)
        except ClueError as exc:
            raise RegexFormatError(f"{where}: {exc}") from exc
    return tuple(clues)


def _families(shape: str) -> tuple[str, ...]:
    return FAMILIES if shape == "hex" else RECT_FAMILIES


def build(shape: str, clues: Mapping[str, Any], side: int = 0, where: str = "") -> RegexCrossword:
    """A checked puzzle from per-family clue entries (``where`` prefixes error messages)."""
    if shape not in ("rect", "hex"):
        raise RegexFormatError(f"{where}shape must be 'rect' or 'hex', not {shape!r}")
    table = {}
    for family in _families(shape):
        entries = clues.get(family)
        if not isinstance(entries, list) or not entries:
            raise RegexFormatError(f"{where}'{family}' must be a non-empty list of lines")
        table[family] = tuple(
            _clue_list(e, f"{where}{family} line {i + 1}") for i, e in enumerate(entries)
        )
    if shape == "hex":
        if not isinstance(side, int) or side < 1:
            raise RegexFormatError(f"{where}'side' must be a positive integer")
        for family in FAMILIES:
            if len(table[family]) != 2 * side - 1:
                raise RegexFormatError(
                    f"{where}'{family}' has {len(table[family])} lines; a hexagon of side "
                    f"{side} has {2 * side - 1}"
                )
    return RegexCrossword(shape, table, side if shape == "hex" else 0)


def parse_json(data: Mapping[str, Any]) -> RegexCrossword:
    """A puzzle from its JSON form."""
    shape = data.get("shape", "rect")
    return build(shape, data, data.get("side", 0))  # build checks a hexagon's side


def to_json(puzzle: RegexCrossword) -> dict[str, Any]:
    """The JSON form (a line with one clue is written as a plain string)."""
    out: dict[str, Any] = {"shape": puzzle.shape}
    if puzzle.shape == "hex":
        out["side"] = puzzle.side
    for family, lines in puzzle.clues.items():
        out[family] = [c[0] if len(c) == 1 else list(c) for c in lines]
    return out


def parse_text(text: str) -> RegexCrossword:
    """A puzzle from the text format (header line, then ``[family]`` sections)."""
    lines = [
        (no, line)
        for no, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.startswith("#")
    ]
    if not lines:
        raise RegexFormatError("no puzzle in the text")
    no, header = lines[0]
    words = header.split()
    if words[0] == "rect" and len(words) == 1:
        shape, side = "rect", 0
    elif words[0] == "hex" and len(words) == 2 and words[1].isdecimal() and len(words[1]) < 9:
        shape, side = "hex", int(words[1])  # a longer side is no puzzle (nor read by int())
    else:
        raise RegexFormatError(f"line {no}: 'rect' or 'hex SIDE' expected, got {header!r}")
    sections: dict[str, list[Any]] = {}
    current: list[Any] | None = None
    for no, line in lines[1:]:
        stripped = line.strip()
        if stripped in HEADERS:
            family = stripped[1:-1]
            if family not in _families(shape):
                raise RegexFormatError(f"line {no}: a {shape} puzzle has no section {stripped}")
            current = sections.setdefault(family, [])
            continue
        if current is None:
            raise RegexFormatError(f"line {no}: a clue before any section header")
        current.append([_read_clue(field, no) for field in line.split("\t") if field])
    return build(shape, sections, side, "")


def _read_clue(field: str, no: int) -> str:
    """A clue as written: a JSON string when it starts with a quote, else as it is."""
    if not field.startswith('"'):
        return field
    try:
        clue = json.loads(field)  # a JSON value that starts with a quote is a string
    except ValueError as exc:
        raise RegexFormatError(f"line {no}: bad quoted clue {field!r}: {exc}") from exc
    return str(clue)


def _write_clue(clue: str) -> str:
    """A clue as written: quoted (JSON, ASCII) when it could be read as something else."""
    plain = (
        clue
        and clue not in HEADERS
        and clue[0] not in '"#'
        and all(ch == " " or not ch.isspace() for ch in clue)
        and clue == clue.strip()
        and clue.isprintable()
    )
    return clue if plain else json.dumps(clue)


def to_text(puzzle: RegexCrossword) -> str:
    """The text form (``parse_text`` reads it back to an equal puzzle)."""
    out = [f"hex {puzzle.side}" if puzzle.shape == "hex" else "rect"]
    for family, lines in puzzle.clues.items():
        out.append(f"[{family}]")
        out.extend("\t".join(_write_clue(c) for c in clues) for clues in lines)
    return "\n".join(out) + "\n"


def parse_solution(puzzle: RegexCrossword, solution: Any) -> list[str]:
    """A solution's letters cell by cell, checked against the row lengths."""
    rows = solution.split() if isinstance(solution, str) else list(solution)
    lengths = puzzle.row_lengths
    if len(rows) != len(lengths):
        raise RegexFormatError(f"solution has {len(rows)} rows, the puzzle {len(lengths)}")
    letters: list[str] = []
    for r, (row, length) in enumerate(zip(rows, lengths, strict=True)):
        if not isinstance(row, str) or len(row) != length:
            raise RegexFormatError(f"solution row {r + 1}: {length} letters expected")
        letters.extend(row)
    return letters


def validate(puzzle: RegexCrossword, letters: Sequence[str]) -> list[str]:
    """Every clue that does not match its line, naming line, clue and text."""
    problems = []
    for line in puzzle.lines():
        text = "".join(letters[c] for c in line.cells)
        problems += [
            f"{line.name}: {text!r} does not match {clue!r}"
            for clue in line.clues
            if not ClueMatcher(clue).fullmatch(text)
        ]
    return problems
