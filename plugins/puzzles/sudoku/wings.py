"""Wings: a pivot cell and two pincers that see it, so that whatever the pivot holds, one
pincer holds z; z leaves every cell that sees both pincers (XY-wing) or all three cells
(XYZ-wing, whose pivot may hold z too)."""

from __future__ import annotations

from crossforge.plugins.puzzles.sudoku.board import SYMBOLS
from crossforge.plugins.puzzles.sudoku.techniques import (
    XY_WING,
    XYZ_WING,
    Board,
    Move,
    digits_text,
    eliminations,
    removal,
)


def xy_wings(board: Board) -> list[Move]:
    """Pivot {x,y}, pincers {x,z} and {y,z} seeing it: z leaves what sees both pincers."""
    return _wings(board, 2)


def xyz_wings(board: Board) -> list[Move]:
    """Pivot {x,y,z}, pincers {x,z} and {y,z} seeing it: z leaves what sees all three."""
    return _wings(board, 3)


def _wings(board: Board, pivot_size: int) -> list[Move]:
    geo, cands, moves = board.geo, board.cands, []
    peer_sets = geo.peer_sets
    open_cells = [c for c in range(geo.cells) if not board.placed[c]]
    bivalue = {c for c in open_cells if cands[c].bit_count() == 2}
    for pivot in open_cells:
        v = cands[pivot]
        if v.bit_count() != pivot_size:
            continue
        if pivot_size == 2:
            pincers = [
                p for p in geo.peers[pivot] if p in bivalue and (cands[p] & v).bit_count() == 1
            ]
        else:
            pincers = [p for p in geo.peers[pivot] if p in bivalue and cands[p] & v == cands[p]]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1 :]:
                z = cands[a] & cands[b]
                if z.bit_count() != 1 or cands[a] | cands[b] != v | z:
                    continue
                if pivot_size == 2 and z & v:
                    continue
                seen = peer_sets[a] & peer_sets[b]
                if pivot_size == 3:
                    seen &= peer_sets[pivot]
                gone = eliminations(board, sorted(seen - {pivot, a, b}), z)
                if gone:
                    name = XY_WING if pivot_size == 2 else XYZ_WING
                    reason = (
                        f"{SYMBOLS[z.bit_length() - 1]}: pivot {geo.cell_name(pivot)}"
                        f"{digits_text(v)}, pincers {geo.cell_name(a)}{digits_text(cands[a])} "
                        f"and {geo.cell_name(b)}{digits_text(cands[b])}"
                    )
                    moves.append(removal(geo, name, reason, gone))
    return moves
