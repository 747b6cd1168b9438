"""Fast Sudoku search: bit-mask candidates, singles propagation and smallest-domain branching.

Candidates are one int per cell, bit ``d - 1`` set when digit ``d`` is still possible.
This is the engine behind uniqueness proofs, the guesses of the logical solver and the
generator; it counts solutions up to a limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from plugins.contract import Control
from plugins.puzzles.logic import Count
from plugins.puzzles.sudoku.board import Geometry

CHECK_EVERY = 256
"""Nodes between two looks at the control's deadline and cancel check."""


class Stopped(Exception):
    """The search was stopped by its control (deadline or cancel)."""


def propagate(geo: Geometry, cands: list[int], queue: list[int]) -> int:
    """Naked and hidden singles to a fixpoint, in place.

    ``queue`` holds cells just narrowed to one digit. Returns -1 when consistent, else a
    cell where the contradiction showed (an emptied cell, or a cell of a unit that lost
    a digit). Hidden singles are looked for only in units whose candidates changed.
    """
    peers, units, units_of, full = geo.peers, geo.units, geo.units_of, geo.full
    dirty = [False] * len(units)
    for cell in queue:
        a, b, c = units_of[cell]
        dirty[a] = dirty[b] = dirty[c] = True
    while True:
        while queue:
            cell = queue.pop()
            bit = cands[cell]
            for p in peers[cell]:
                v = cands[p]
                if v & bit:
                    v ^= bit
                    if not v:
                        return p
                    cands[p] = v
                    a, b, c = units_of[p]
                    dirty[a] = dirty[b] = dirty[c] = True
                    if not v & (v - 1):
                        queue.append(p)
        for u, unit in enumerate(units):
            if not dirty[u]:
                continue
            dirty[u] = False
            once = more = 0
            for cell in unit:
                v = cands[cell]
                more |= once & v
                once |= v
            if once != full:
                return unit[0]
            only = once & ~more
            if not only:
                continue
            for cell in unit:
                v = cands[cell]
                hit = v & only
                if hit and v & (v - 1):
                    if hit & (hit - 1):
                        return cell
                    cands[cell] = hit
                    queue.append(cell)
                    a, b, c = units_of[cell]
                    dirty[a] = dirty[b] = dirty[c] = True
        if not queue:
            return -1


def initial_candidates(geo: Geometry, givens: Sequence[int]) -> list[int] | None:
    """Candidates after the givens and their singles, or None on a contradiction."""
    cands = [geo.full] * geo.cells
    queue = []
    for cell, digit in enumerate(givens):
        if digit:
            cands[cell] = 1 << (digit - 1)
            queue.append(cell)
    for cell in queue:
        bit = cands[cell]
        if any(cands[p] == bit for p in geo.peers[cell] if givens[p]):
            return None
    return cands if propagate(geo, cands, queue) < 0 else None


def digits_of(cands: Sequence[int]) -> list[int]:
    """The digit of every decided cell (0 where still open)."""
    return [v.bit_length() if v and not v & (v - 1) else 0 for v in cands]


def count_solutions(
    geo: Geometry,
    givens: Sequence[int],
    limit: int = 2,
    control: Control | None = None,
    start: list[int] | None = None,
) -> Count:
    """Search for up to ``limit`` solutions (as digit lists) of ``givens``."""
    result = Count()
    cands = start if start is not None else initial_candidates(geo, givens)
    if cands is None:
        return result
    try:
        _search(geo, cands, limit, result, control)
    except Stopped:
        result.complete = False
    return result


def _branch_cell(geo: Geometry, cands: list[int]) -> int:
    """The open cell with the fewest candidates; among two-candidate cells, the one with
    the most open peers (its guess settles the most). -1 when every cell is decided."""
    best, best_count, best_open = -1, 1 << 30, -1
    peers = geo.peers
    for cell, v in enumerate(cands):
        if not v & (v - 1):
            continue
        n = v.bit_count()
        if n < best_count:
            best, best_count, best_open = cell, n, -1
        if n == 2 == best_count:
            open_peers = 0
            for p in peers[cell]:
                w = cands[p]
                if w & (w - 1):
                    open_peers += 1
            if open_peers > best_open:
                best, best_open = cell, open_peers
    return best


def _search(
    geo: Geometry, cands: list[int], limit: int, result: Count, control: Control | None
) -> None:
    result.nodes += 1
    if control is not None and result.nodes % CHECK_EVERY == 0 and control.should_stop():
        raise Stopped
    best = _branch_cell(geo, cands)
    if best < 0:
        result.solutions.append(digits_of(cands))
        return
    v = cands[best]
    while v:
        bit = v & -v
        v ^= bit
        trial = cands.copy()
        trial[best] = bit
        if propagate(geo, trial, [best]) < 0:
            _search(geo, trial, limit, result, control)
            if len(result.solutions) >= limit:
                return
