"""Fish: a digit's places in ``k`` base lines (rows or columns) all lie on ``k`` cover
lines crossing them, so the digit leaves the rest of the cover lines (X-wing k = 2,
swordfish 3, jellyfish 4). A finned fish has extra places, its fins, all in one box:
either a fin holds the digit or the fish does, so cover-line cells in that box lose it.

A line's places are a bit mask of positions along it (bit ``j``: the cell on cover line
``j``), so the cover lines of a group of base lines are the union of their masks.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.sudoku.board import SYMBOLS
from crossforge.plugins.puzzles.sudoku.techniques import (
    Board,
    Move,
    bounded_groups,
    cells_text,
    eliminations,
    removal,
)

AXES = (("row", "column"), ("column", "row"))
"""Base and cover line names: rows on columns (axis 0), columns on rows (axis 1)."""


def _cell(n: int, axis: int, line: int, position: int) -> int:
    """The cell at ``position`` along base line ``line`` of ``axis``."""
    return line * n + position if axis == 0 else position * n + line


def _lines_text(name: str, lines: Sequence[int]) -> str:
    return f"{name}s " + ", ".join(str(i + 1) for i in lines)


def _positions(mask: int) -> list[int]:
    return [j for j in range(mask.bit_length()) if mask >> j & 1]


def fish(
    board: Board, k: int, technique: Technique, digits: Sequence[int] | None = None
) -> list[Move]:
    """Basic fish of size ``k``: eliminations from the cover lines outside the base."""
    geo, moves = board.geo, []
    n = geo.size
    for d in range(n) if digits is None else digits:
        bit = 1 << d
        for axis, (base_name, cover_name) in enumerate(AXES):
            masks = board.line_masks(axis, d)
            lines = [(i, m) for i, m in enumerate(masks) if m.bit_count() >= 2]
            for chosen, union in bounded_groups(lines, k):
                if union.bit_count() != k:
                    continue
                seen = 0
                for i, mask in enumerate(masks):
                    if i not in chosen:
                        seen |= mask
                if not seen & union:
                    continue
                covers = _positions(union)
                rest = [_cell(n, axis, i, j) for i in range(n) if i not in chosen for j in covers]
                gone = eliminations(board, rest, bit)
                if gone:
                    reason = (
                        f"{SYMBOLS[d]} on {_lines_text(base_name, chosen)} only in "
                        f"{_lines_text(cover_name, covers)}"
                    )
                    moves.append(removal(geo, technique, reason, gone))
    return moves


def finned_fish(
    board: Board, k: int, technique: Technique, digits: Sequence[int] | None = None
) -> list[Move]:
    """Finned (and sashimi) fish of size ``k``: the base lines' places outside one box
    lie on ``k`` cover lines; the places in that box off those lines are the fins."""
    geo, moves = board.geo, []
    n, box = geo.size, geo.box
    blocks = [((1 << box) - 1) << (s * box) for s in range(box)]
    for d in range(n) if digits is None else digits:
        bit = 1 << d
        for axis, (base_name, cover_name) in enumerate(AXES):
            masks = board.line_masks(axis, d)
            small = [(i, m) for i, m in enumerate(masks) if 2 <= m.bit_count() <= k]
            for band in range(box):
                in_band = range(band * box, band * box + box)
                for block in blocks:
                    finned = [
                        (i, masks[i] & ~block)
                        for i in in_band
                        if masks[i] & block and 0 < (masks[i] & ~block).bit_count() <= k
                    ]
                    if not finned:
                        continue
                    lines = sorted(
                        finned + [(i, m) for i, m in small if i not in in_band or not m & block]
                    )
                    for chosen, body in bounded_groups(lines, k):
                        hit = body & block
                        if body.bit_count() != k or not hit:
                            continue
                        seen = 0
                        for i in in_band:
                            if i not in chosen:
                                seen |= masks[i]
                        if not seen & hit:
                            continue
                        fins = [
                            _cell(n, axis, i, j)
                            for i in chosen
                            if i in in_band
                            for j in _positions(masks[i] & block & ~body)
                        ]
                        if not fins:
                            continue
                        targets = [
                            _cell(n, axis, i, j)
                            for i in in_band
                            if i not in chosen
                            for j in _positions(hit)
                        ]
                        gone = eliminations(board, targets, bit)
                        if gone:
                            reason = (
                                f"{SYMBOLS[d]} on {_lines_text(base_name, chosen)} only in "
                                f"{_lines_text(cover_name, _positions(body))} but for fins "
                                f"{cells_text(geo, fins)}"
                            )
                            moves.append(removal(geo, technique, reason, gone))
    return moves
