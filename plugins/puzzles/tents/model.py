"""Tents and Trees puzzles: the grid, its text and JSON forms, and solution checking.

Rules (in full): every tree owns exactly one tent in one of its four orthogonal
neighbours and every tent belongs to exactly one tree (a matching); no two tents touch,
not even diagonally; each row and column holds as many tents as its count says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crossforge.errors import InputError

OPEN, TREE, TENT = ".", "T", "A"


class TentsFormatError(InputError):
    """A Tents puzzle or solution that cannot be read; the message names the place."""


@dataclass(frozen=True)
class TentsPuzzle:
    """A Tents and Trees puzzle: tree cells and the row and column tent counts."""

    height: int
    width: int
    trees: tuple[tuple[int, int], ...]
    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.height < 1 or self.width < 1:
            raise TentsFormatError(f"grid size {self.height}x{self.width}: must be at least 1x1")
        if len(self.row_counts) != self.height:
            raise TentsFormatError(f"{len(self.row_counts)} row counts for {self.height} rows")
        if len(self.col_counts) != self.width:
            raise TentsFormatError(f"{len(self.col_counts)} column counts for {self.width} columns")
        for r, c in self.trees:
            if not (0 <= r < self.height and 0 <= c < self.width):
                raise TentsFormatError(f"tree at ({r}, {c}) lies outside the grid")
        if any(n < 0 for n in self.row_counts + self.col_counts):
            raise TentsFormatError("tent counts must not be negative")
        if sum(self.row_counts) != sum(self.col_counts):
            raise TentsFormatError(
                f"row counts sum to {sum(self.row_counts)}, column counts to {sum(self.col_counts)}"
            )

    @property
    def tree_set(self) -> frozenset[tuple[int, int]]:
        """The tree cells as a set."""
        return frozenset(self.trees)

    def rows(self, tents: Sequence[tuple[int, int]] = ()) -> list[str]:
        """The grid as row strings (``.`` open, ``T`` tree, ``A`` tent)."""
        grid = [[OPEN] * self.width for _ in range(self.height)]
        for r, c in self.trees:
            grid[r][c] = TREE
        for r, c in tents:
            grid[r][c] = TENT
        return ["".join(row) for row in grid]


def _int(token: str, where: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise TentsFormatError(f"{where}: {token!r} is not a whole number") from None


def _read_row(line: str, width: int, where: str, allowed: str) -> str:
    if len(line) != width:
        raise TentsFormatError(f"{where}: {len(line)} cells, expected {width}")
    for col, ch in enumerate(line):
        if ch not in allowed:
            raise TentsFormatError(f"{where}, column {col + 1}: unexpected character {ch!r}")
    return line


TATHAM_ID = re.compile(r"(\d+)(?:x(\d+))?(?:d([a-z]))?:(\S*)")
"""A game ID of Simon Tatham's Tents: ``WxH`` (width first), an optional difficulty
``d`` + letter, a colon and the description."""


def parse_tatham(game_id: str) -> TentsPuzzle:
    """Read a game ID of Simon Tatham's Tents (``10x10dt:al_a_dc…,2,3,…``).

    The size is width by height. The description runs over the cells in reading order:
    ``_`` is a tree, a letter ``a``–``y`` is that many open cells (a = 1, y = 25) and
    then a tree, ``z`` is 25 open cells; the last tree falls just past the grid. Then
    come, comma-separated, the W column counts and the H row counts. The setter's tent
    and grass marks (``!``, ``-``) are refused: this puzzle has no given tents."""
    match = TATHAM_ID.fullmatch(game_id.strip())
    if not match:
        raise TentsFormatError(f"game ID {game_id.strip()[:40]!r}: expected WxH:description")
    width = _int(match[1], "game ID size")
    height = width if match[2] is None else _int(match[2], "game ID size")
    desc, *numbers = match[4].split(",")
    area = width * height
    trees: list[tuple[int, int]] = []
    pos = 0
    for i, ch in enumerate(desc):
        where = f"game ID description, character {i + 1}"
        if ch == "z":
            pos += 25
        elif "a" <= ch <= "y" or ch == "_":
            pos += 0 if ch == "_" else ord(ch) - ord("a") + 1
            if pos < area:
                trees.append(divmod(pos, width))
            elif pos > area or i != len(desc) - 1:
                raise TentsFormatError(f"{where}: {ch!r} runs past the {width}x{height} grid")
            pos += 1
        elif ch in "!-":
            raise TentsFormatError(f"{where}: given tents and grass ({ch!r}) are not supported")
        else:
            raise TentsFormatError(f"{where}: unexpected character {ch!r}")
        if pos > area + 1:
            raise TentsFormatError(f"{where}: {ch!r} runs past the {width}x{height} grid")
    if pos != area + 1:
        raise TentsFormatError(
            f"game ID description covers {pos - 1 if pos else 0} cells of {area}"
            " (it must end with the tree just past the grid)"
        )
    if len(numbers) != width + height:
        raise TentsFormatError(
            f"game ID: {len(numbers)} counts, expected {width} columns + {height} rows"
        )
    counts = [_int(n, f"game ID count {k + 1}") for k, n in enumerate(numbers)]
    return TentsPuzzle(height, width, tuple(trees), tuple(counts[width:]), tuple(counts[:width]))


def to_tatham(puzzle: TentsPuzzle) -> str:
    """The puzzle as a game ID of Simon Tatham's Tents (``parse_tatham`` reads it back)."""
    w, h = puzzle.width, puzzle.height
    trees = {r * w + c for r, c in puzzle.trees}
    out: list[str] = []
    run = 0
    for cell in range(w * h + 1):
        if cell == w * h or cell in trees:
            out.append("_" if run == 0 else chr(ord("a") + run - 1))
            run = 0
        else:
            run += 1
            if run > 25:
                out.append("z")
                run -= 25
    counts = ",".join(str(n) for n in puzzle.col_counts + puzzle.row_counts)
    return f"{w}x{h}:{''.join(out)},{counts}"


def parse_game_ids(text: str) -> list[TentsPuzzle]:
    """A collection of Tatham game IDs, one a line (blank lines and ``#`` comments skipped)."""
    return [
        parse_tatham(line)
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def parse_text(text: str) -> TentsPuzzle:
    """Read ``H W``, then H lines of ``.``/``T`` each followed by the row count, then the
    W column counts (``A`` tents are accepted and ignored, so a solved grid reads too);
    or a game ID of Simon Tatham's Tents (see ``parse_tatham``)."""
    if TATHAM_ID.fullmatch(text.strip()):
        return parse_tatham(text)
    lines = [line.strip() for line in text.strip().splitlines()]
    if not lines:
        raise TentsFormatError("line 1: empty puzzle")
    head = lines[0].split()
    if len(head) != 2:
        raise TentsFormatError(f"line 1: expected 'H W', got {lines[0]!r}")
    height, width = (_int(t, "line 1") for t in head)
    if len(lines) != height + 2:
        raise TentsFormatError(f"expected {height + 2} lines for {height} rows, got {len(lines)}")
    trees: list[tuple[int, int]] = []
    row_counts: list[int] = []
    for r in range(height):
        where = f"line {r + 2}"
        parts = lines[r + 1].split()
        if len(parts) != 2:
            raise TentsFormatError(f"{where}: expected the row and its tent count")
        row = _read_row(parts[0], width, where, OPEN + TREE + TENT)
        trees.extend((r, c) for c, ch in enumerate(row) if ch == TREE)
        row_counts.append(_int(parts[1], where))
    cols = lines[height + 1].split()
    if len(cols) != width:
        raise TentsFormatError(f"line {height + 2}: {len(cols)} column counts, expected {width}")
    col_counts = [_int(t, f"line {height + 2}") for t in cols]
    return TentsPuzzle(height, width, tuple(trees), tuple(row_counts), tuple(col_counts))


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise TentsFormatError(f"field {name!r} is missing")
    return data[name]


def _int_list(data: Mapping[str, Any], name: str) -> tuple[int, ...]:
    value = _field(data, name)
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in value
    ):
        raise TentsFormatError(f"field {name!r}: expected a list of whole numbers")
    return tuple(value)


def parse_json(data: Mapping[str, Any]) -> TentsPuzzle:
    """Read ``{"rows": [...], "row_counts": [...], "col_counts": [...]}``."""
    rows = _field(data, "rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(s, str) for s in rows):
        raise TentsFormatError("field 'rows': expected a non-empty list of row strings")
    width = len(rows[0])
    trees = [
        (r, c)
        for r, row in enumerate(rows)
        for c, ch in enumerate(_read_row(row, width, f"field 'rows'[{r}]", OPEN + TREE + TENT))
        if ch == TREE
    ]
    return TentsPuzzle(
        len(rows),
        width,
        tuple(trees),
        _int_list(data, "row_counts"),
        _int_list(data, "col_counts"),
    )


def to_text(puzzle: TentsPuzzle, tents: Sequence[tuple[int, int]] = ()) -> str:
    """The text form; with ``tents`` the rows show the solution as ``A``."""
    lines = [f"{puzzle.height} {puzzle.width}"]
    lines += [f"{row} {n}" for row, n in zip(puzzle.rows(tents), puzzle.row_counts, strict=True)]
    lines.append(" ".join(str(n) for n in puzzle.col_counts))
    return "\n".join(lines) + "\n"


def to_json(puzzle: TentsPuzzle) -> dict[str, Any]:
    """The JSON form (``parse_json`` reads it back)."""
    return {
        "height": puzzle.height,
        "width": puzzle.width,
        "rows": puzzle.rows(),
        "row_counts": list(puzzle.row_counts),
        "col_counts": list(puzzle.col_counts),
    }


def parse_solution(puzzle: TentsPuzzle, rows: Sequence[str]) -> list[tuple[int, int]]:
    """The tent cells of a solution given as row strings (``A`` marks a tent)."""
    if len(rows) != puzzle.height:
        raise TentsFormatError(f"solution has {len(rows)} rows, expected {puzzle.height}")
    tents: list[tuple[int, int]] = []
    for r, row in enumerate(rows):
        _read_row(row, puzzle.width, f"solution row {r + 1}", OPEN + TREE + TENT + "-x")
        tents.extend((r, c) for c, ch in enumerate(row) if ch == TENT)
    return tents


def solution_rows(puzzle: TentsPuzzle, tents: Sequence[tuple[int, int]]) -> list[str]:
    """The solution as row strings with ``A`` for each tent."""
    return puzzle.rows(tents)


def orthogonal(r: int, c: int, height: int, width: int) -> list[tuple[int, int]]:
    """The up-to-four orthogonal neighbours of a cell inside the grid."""
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
        if 0 <= r + dr < height and 0 <= c + dc < width
    ]


def surrounding(r: int, c: int, height: int, width: int) -> list[tuple[int, int]]:
    """The up-to-eight neighbours of a cell (diagonals included) inside the grid."""
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width
    ]


def tree_matching(
    puzzle: TentsPuzzle, tents: Sequence[tuple[int, int]]
) -> dict[tuple[int, int], tuple[int, int]]:
    """A maximum matching tree → adjacent tent (augmenting paths)."""
    tent_set = set(tents)
    owner: dict[tuple[int, int], tuple[int, int]] = {}

    def augment(tree: tuple[int, int], seen: set[tuple[int, int]]) -> bool:
        for cell in orthogonal(*tree, puzzle.height, puzzle.width):
            if cell in tent_set and cell not in seen:
                seen.add(cell)
                if cell not in owner or augment(owner[cell], seen):
                    owner[cell] = tree
                    return True
        return False

    for tree in puzzle.trees:
        augment(tree, set())
    return {tree: cell for cell, tree in owner.items()}


def validate(puzzle: TentsPuzzle, tents: Sequence[tuple[int, int]]) -> list[str]:
    """Every broken rule of a proposed set of tents, each naming its place."""
    problems: list[str] = []
    trees = puzzle.tree_set
    tent_set = set(tents)
    for r, c in sorted(tent_set):
        if (r, c) in trees:
            problems.append(f"tent at ({r}, {c}) stands on a tree")
    for r, c in sorted(tent_set):
        for nr, nc in surrounding(r, c, puzzle.height, puzzle.width):
            if (nr, nc) in tent_set and (nr, nc) > (r, c):
                problems.append(f"tents at ({r}, {c}) and ({nr}, {nc}) touch")
    for r in range(puzzle.height):
        n = sum(1 for t in tent_set if t[0] == r)
        if n != puzzle.row_counts[r]:
            problems.append(f"row {r} holds {n} tents, its count is {puzzle.row_counts[r]}")
    for c in range(puzzle.width):
        n = sum(1 for t in tent_set if t[1] == c)
        if n != puzzle.col_counts[c]:
            problems.append(f"column {c} holds {n} tents, its count is {puzzle.col_counts[c]}")
    matching = tree_matching(puzzle, sorted(tent_set - trees))
    for tree in puzzle.trees:
        if tree not in matching:
            problems.append(f"tree at {tree} has no tent of its own")
    matched = set(matching.values())
    for tent in sorted(tent_set - trees - matched):
        problems.append(f"tent at {tent} belongs to no tree")
    return problems
