"""Uniqueness techniques: moves that hold only because the puzzle has one solution.

A deadly pattern is one whose digits could be swapped to give a second solution: four
open cells in two rows, two columns and two boxes that all end up {a,b} (a unique
rectangle), or a board whose open cells all hold two candidates, each candidate twice
per unit (a bivalue universal grave). The graded solver uses these only once search has
proved the puzzle unique.
"""

from __future__ import annotations

from collections.abc import Iterator

from crossforge.plugins.puzzles.sudoku.board import SYMBOLS
from crossforge.plugins.puzzles.sudoku.techniques import (
    BUG_PLUS_ONE,
    UNIQUE_RECTANGLE_1,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_4,
    Board,
    Move,
    cells_text,
    digits_text,
    eliminations,
    removal,
)


def rectangles(board: Board) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every rectangle of open cells in two rows, columns and boxes, all holding a and b
    and at least one nothing else, as (its cells, the mask of a and b)."""
    geo, cands, placed = board.geo, board.cands, board.placed
    n = geo.size
    box_of = [units[2] for units in geo.units_of]
    seen: set[tuple[tuple[int, ...], int]] = set()
    for floor in range(geo.cells):
        ab = cands[floor]
        if placed[floor] or ab.bit_count() != 2:
            continue
        row, col = divmod(floor, n)
        mates = [
            [x for x in geo.units[u] if x != floor and not placed[x] and cands[x] & ab == ab]
            for u in (row, n + col)
        ]
        for x in mates[0]:
            for y in mates[1]:
                z = (y // n) * n + x % n
                if placed[z] or cands[z] & ab != ab:
                    continue
                cells = tuple(sorted((floor, x, y, z)))
                if len({box_of[c] for c in cells}) != 2 or (cells, ab) in seen:
                    continue
                seen.add((cells, ab))
                yield cells, ab


def _name(board: Board, cells: tuple[int, ...], ab: int) -> str:
    return f"{digits_text(ab)} rectangle {cells_text(board.geo, cells)}"


def unique_rectangles_1(board: Board) -> list[Move]:
    """Three corners hold exactly {a,b}: the fourth cannot, so it loses a and b."""
    moves = []
    for cells, ab in rectangles(board):
        roofs = [c for c in cells if board.cands[c] != ab]
        if len(roofs) == 1:
            gone = ((roofs[0], ab),)
            reason = f"{_name(board, cells, ab)} would be deadly"
            moves.append(removal(board.geo, UNIQUE_RECTANGLE_1, reason, gone))
    return moves


def unique_rectangles_2(board: Board) -> list[Move]:
    """The corners beyond {a,b} all hold one extra digit c: one of them is c, so c leaves
    every cell that sees them all (types 2 and 5)."""
    geo, moves = board.geo, []
    for cells, ab in rectangles(board):
        roofs = [c for c in cells if board.cands[c] != ab]
        extra = {board.cands[c] & ~ab for c in roofs}
        if len(roofs) < 2 or len(extra) != 1:
            continue
        c_bit = extra.pop()
        if c_bit.bit_count() != 1:
            continue
        seen = set.intersection(*(set(geo.peer_sets[r]) for r in roofs)) - set(cells)
        gone = eliminations(board, sorted(seen), c_bit)
        if gone:
            reason = (
                f"{_name(board, cells, ab)}: {SYMBOLS[c_bit.bit_length() - 1]} is in one of "
                f"{cells_text(geo, roofs)}"
            )
            moves.append(removal(geo, UNIQUE_RECTANGLE_2, reason, gone))
    return moves


def unique_rectangles_4(board: Board) -> list[Move]:
    """Two corners beyond {a,b} share a unit where a has no other place: one of them is
    a, so neither can be b."""
    geo, moves = board.geo, []
    for cells, ab in rectangles(board):
        roofs = [c for c in cells if board.cands[c] != ab]
        if len(roofs) != 2:
            continue
        shared = set(geo.units_of[roofs[0]]) & set(geo.units_of[roofs[1]])
        for u in sorted(shared):
            for a in (ab & -ab, ab & (ab - 1)):
                if sorted(board.places(u, a.bit_length() - 1)) != roofs:
                    continue
                b = ab & ~a
                gone = tuple((r, b) for r in roofs)
                reason = (
                    f"{_name(board, cells, ab)}: {SYMBOLS[a.bit_length() - 1]} in "
                    f"{geo.unit_names[u]} only at {cells_text(geo, roofs)}, so not "
                    f"{SYMBOLS[b.bit_length() - 1]}"
                )
                moves.append(removal(geo, UNIQUE_RECTANGLE_4, reason, gone))
    return moves


def bug_plus_one(board: Board) -> list[Move]:
    """Every open cell holds two candidates but one, which holds three: of those, the
    digit with three places in each of that cell's units is its digit."""
    geo, cands = board.geo, board.cands
    odd: list[int] = []
    for c in range(geo.cells):
        if board.placed[c]:
            continue
        count = cands[c].bit_count()
        if count > 3 or (count == 3 and odd):
            return []
        if count == 3:
            odd.append(c)
    if not odd:
        return []
    cell = odd[0]
    v = cands[cell]
    for d in range(geo.size):
        if v >> d & 1 and all(len(board.places(u, d)) == 3 for u in geo.units_of[cell]):
            reason = (
                f"{geo.cell_name(cell)} = {SYMBOLS[d]}: any other digit leaves every open "
                f"cell two candidates, each twice per unit (deadly)"
            )
            return [removal(geo, BUG_PLUS_ONE, reason, ((cell, v & ~(1 << d)),))]
    return []
