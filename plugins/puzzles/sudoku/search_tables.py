"""Index tables of the Sudoku search, built once per box size.

Sets of cells or units are Python ints used as bit sets, so the search marks and tests
them with one operation instead of a loop. Segments are the intersections of a line (row
or column) with a box, the unit of locked-candidates reasoning.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from crossforge.plugins.puzzles.sudoku.board import Geometry


@dataclass(frozen=True)
class SearchTables:
    """Per-cell bit sets and the box-line segments of one geometry."""

    unit_bits: tuple[int, ...]
    """For every cell, bit ``u`` set for each of its three units."""
    peer_masks: tuple[int, ...]
    """For every cell, bit ``p`` set for each of its peers."""
    segments: tuple[tuple[int, ...], ...]
    """The cells of every segment, line after line (rows, then columns), ``box`` per line
    in order along it: segment ``s`` lies on line ``s // box``."""
    groups: tuple[tuple[int, ...], ...]
    """The segments of one box in one direction (its row segments, or its column ones)."""
    group_of: tuple[int, ...]
    """For every segment, the index of its group."""
    line_rest: tuple[tuple[int, ...], ...]
    """For every segment, the other cells of its line."""
    box_rest: tuple[tuple[int, ...], ...]
    """For every segment, the other cells of its box."""


@cache
def search_tables(box: int) -> SearchTables:
    """The (cached) tables of boxes of side ``box``."""
    geo = Geometry.of(box)
    n = geo.size
    unit_bits = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in geo.units_of)
    peer_masks = tuple(sum(1 << p for p in peers) for peers in geo.peers)
    segments: list[tuple[int, ...]] = []
    boxes_of: list[int] = []
    for line in range(2 * n):
        cells = geo.units[line]
        for start in range(0, n, box):
            segment = cells[start : start + box]
            segments.append(segment)
            boxes_of.append(geo.units_of[segment[0]][2] + (0 if line < n else n))
    group_keys = sorted(set(boxes_of))
    groups = tuple(
        tuple(s for s, key in enumerate(boxes_of) if key == group) for group in group_keys
    )
    group_of = tuple(group_keys.index(key) for key in boxes_of)
    line_rest = tuple(
        tuple(c for c in geo.units[s // box] if c not in segment)
        for s, segment in enumerate(segments)
    )
    box_rest = tuple(
        tuple(c for c in geo.units[geo.units_of[segment[0]][2]] if c not in segment)
        for segment in segments
    )
    return SearchTables(
        unit_bits, peer_masks, tuple(segments), groups, group_of, line_rest, box_rest
    )
