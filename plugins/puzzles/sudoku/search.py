"""Fast Sudoku search: bit-mask candidates, singles and locked candidates propagated at
every node, smallest-domain branching.

Candidates are one int per cell, bit ``d - 1`` set when digit ``d`` is still possible.
This is the engine behind uniqueness proofs, the guesses of the logical solver and the
generator; it counts solutions up to a limit. Sets of units and cells are ints used as
bit sets (``search_tables``), so marking a unit for a rescan or counting a cell's open
peers is one operation.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import Count
from crossforge.plugins.puzzles.sudoku.board import Geometry
from crossforge.plugins.puzzles.sudoku.search_tables import SearchTables, search_tables

CHECK_EVERY = 32
"""Nodes between two looks at the control's deadline and cancel check."""


class Stopped(Exception):
    """The search was stopped by its control (deadline or cancel)."""


def propagate(geo: Geometry, cands: list[int], queue: list[int]) -> int:
    """Naked and hidden singles to a fixpoint, in place.

    ``queue`` holds cells just narrowed to one digit. Returns -1 when consistent, else a
    cell where the contradiction showed (an emptied cell, or a cell of a unit that lost
    a digit). Hidden singles are looked for only in units whose candidates changed.
    """
    unit_bits = search_tables(geo.box).unit_bits
    dirty = 0
    for cell in queue:
        dirty |= unit_bits[cell]
    return _singles(geo, unit_bits, cands, queue, dirty)


def _singles(
    geo: Geometry, unit_bits: Sequence[int], cands: list[int], queue: list[int], dirty: int
) -> int:
    """``propagate`` with ``dirty`` (a bit set of units) to scan for hidden singles."""
    peers, units, full = geo.peers, geo.units, geo.full
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
                    dirty |= unit_bits[p]
                    if not v & (v - 1):
                        queue.append(p)
        while dirty and not queue:
            low = dirty & -dirty
            dirty ^= low
            unit = units[low.bit_length() - 1]
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
                    dirty |= unit_bits[cell]
        if not queue:
            return -1


def _settle(
    geo: Geometry, tables: SearchTables, cands: list[int], queue: list[int], dirty: int
) -> int:
    """Singles, then locked candidates (pointing and claiming), to a fixpoint, in place.

    A digit whose places in a box all lie on one line leaves the rest of that line, and
    one whose places on a line all lie in one box leaves the rest of that box. Returns
    -1 when consistent, else the cell where the contradiction showed.
    """
    unit_bits, segments, box = tables.unit_bits, tables.segments, geo.box
    groups, group_of = tables.groups, tables.group_of
    line_rest, box_rest = tables.line_rest, tables.box_rest
    while True:
        bad = _singles(geo, unit_bits, cands, queue, dirty)
        if bad >= 0:
            return bad
        dirty = 0
        held = _segment_unions(segments, cands, box)
        line_alone = []
        for start in range(0, len(held), box):
            once = more = 0
            for x in held[start : start + box]:
                more |= once & x
                once |= x
            line_alone.append(once & ~more)
        box_alone = []
        for group in groups:
            once = more = 0
            for s in group:
                x = held[s]
                more |= once & x
                once |= x
            box_alone.append(once & ~more)
        for s, own in enumerate(held):
            in_line = line_alone[s // box]
            in_box = box_alone[group_of[s]]
            if not own & (in_line ^ in_box):
                continue
            for gone, rest in ((own & in_box & ~in_line, line_rest[s]),
                               (own & in_line & ~in_box, box_rest[s])):  # fmt: skip
                if not gone:
                    continue
                for cell in rest:
                    v = cands[cell]
                    if v & gone:
                        v &= ~gone
                        if not v:
                            return cell
                        cands[cell] = v
                        dirty |= unit_bits[cell]
                        if not v & (v - 1):
                            queue.append(cell)
        if not dirty:
            return -1


def _segment_unions(segments: Sequence[tuple[int, ...]], cands: list[int], box: int) -> list[int]:
    """The digits each segment holds (a comprehension unrolled for 9x9, the common case)."""
    if box == 3:
        return [cands[a] | cands[b] | cands[c] for a, b, c in segments]
    held = []
    for cells in segments:
        x = 0
        for cell in cells:
            x |= cands[cell]
        held.append(x)
    return held


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
    """Search for up to ``limit`` solutions (as digit lists) of ``givens``.

    ``start``, when given, is the candidates to search from, at the singles fixpoint
    (as ``initial_candidates`` and ``propagate`` leave them); it is not modified. A
    search stopped by ``control`` is not ``complete``.
    """
    result = Count()
    cands = list(start) if start is not None else initial_candidates(geo, givens)
    if cands is None:
        return result
    tables = search_tables(geo.box)
    if _settle(geo, tables, cands, [], 0) >= 0:
        return result
    try:
        _search(geo, tables, cands, limit, result, control)
    except Stopped:
        result.complete = False
    return result


def _branch_cell(tables: SearchTables, cands: list[int]) -> int:
    """The open cell with the fewest candidates; among two-candidate cells, the one with
    the most open peers (its guess settles the most). -1 when every cell is decided."""
    best, best_count = -1, 1 << 30
    open_cells = 0
    pairs = []
    for cell, v in enumerate(cands):
        if v & (v - 1):
            open_cells |= 1 << cell
            n = v.bit_count()
            if n == 2:
                pairs.append(cell)
            elif n < best_count:
                best, best_count = cell, n
    if pairs:
        masks = tables.peer_masks
        return max(pairs, key=lambda cell: (open_cells & masks[cell]).bit_count())
    return best


def _search(
    geo: Geometry,
    tables: SearchTables,
    cands: list[int],
    limit: int,
    result: Count,
    control: Control | None,
) -> None:
    result.nodes += 1
    if control is not None and result.nodes % CHECK_EVERY == 0 and control.should_stop():
        raise Stopped
    best = _branch_cell(tables, cands)
    if best < 0:
        result.solutions.append(digits_of(cands))
        return
    v = cands[best]
    dirty = tables.unit_bits[best]
    while v:
        bit = v & -v
        v ^= bit
        trial = cands.copy()
        trial[best] = bit
        if _settle(geo, tables, trial, [best], dirty) < 0:
            _search(geo, tables, trial, limit, result, control)
            if len(result.solutions) >= limit:
                return
