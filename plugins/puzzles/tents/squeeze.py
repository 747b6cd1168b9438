"""A Tents line's tent placements, for the line-squeeze technique: what every way to place
a line's missing tents (never two side by side) agrees on, counted by dynamic programming
and cached by the line's contents."""

from __future__ import annotations

from crossforge.plugins.puzzles.technique_solver import Contradiction
from crossforge.plugins.puzzles.tents.geometry import TENT, UNKNOWN

Squeezed = tuple[int, int, int]
"""A line's placements as bitmasks over its positions: tents in every one, open cells in
none, positions whose neighbouring-line cells every one touches."""

SQUEEZED: dict[tuple[bytes, int], Squeezed | None] = {}
"""Line placements by the line's contents and count, for every puzzle (None when nothing
follows); emptied when it reaches ``SQUEEZED_LIMIT`` entries."""

SQUEEZED_LIMIT = 20_000
"""About 5 MB of entries; one 25x25 generation fills some 3,000."""


def clear_caches() -> None:
    """Forget the cached line placements (benchmarks measure cold solves)."""
    SQUEEZED.clear()


def squeeze(line: bytes, need: int) -> Squeezed | None:
    """The placements of ``need`` more tents on a line's open cells (never two tents side
    by side), counted by dynamic programming over the positions rather than listed:
    bitmasks of open cells that are tents in every placement, open cells that are tents
    in none, and positions whose neighbouring-line cells every placement touches. None
    when nothing follows; ``Contradiction`` when there is no placement."""
    size = len(line)
    # fwd0[i] / fwd1[i]: bit k when k new tents fit on positions before i, with the
    # position before i free / a tent.
    fwd0, fwd1 = [0] * (size + 1), [0] * (size + 1)
    f0, f1 = 1, 0
    for i, v in enumerate(line):
        fwd0[i], fwd1[i] = f0, f1
        if v == UNKNOWN:
            f0, f1 = f0 | f1, f0 << 1
        elif v == TENT:
            f0, f1 = 0, f0
        else:
            f0, f1 = f0 | f1, 0
    # bwd0[i] / bwd1[i]: bit m when, m new tents being placed before i, positions i on
    # can take the rest, the position before i being free / a tent.
    bwd0, bwd1 = [0] * (size + 1), [0] * (size + 1)
    g0 = g1 = 1 << need
    bwd0[size] = bwd1[size] = g0
    for i in range(size - 1, -1, -1):
        v = line[i]
        if v == UNKNOWN:
            g0, g1 = g0 | (g1 >> 1), g0
        elif v == TENT:
            g0, g1 = g1, 0
        else:
            g1 = g0
        bwd0[i], bwd1[i] = g0, g1
    if not bwd0[0] & 1:
        raise Contradiction("a line's tents cannot be placed apart")
    always = never = 0
    tents = 0
    for i, v in enumerate(line):
        if v == TENT:
            tents |= 1 << i
        elif v == UNKNOWN:
            if not (fwd0[i] << 1) & bwd1[i + 1]:
                never |= 1 << i
            elif not (fwd0[i] | fwd1[i]) & bwd0[i + 1]:
                always |= 1 << i
    # Positions within one of a placed tent are touched anyway; for the others, some
    # placement leaves positions i-1..i+1 free unless every one touches position i.
    touched = (tents | tents << 1 | tents >> 1) & ((1 << size) - 1)
    for i in range(size):
        if touched >> i & 1:
            continue
        lo = i - 1 if i else 0
        hi = i + 2 if i + 1 < size else size
        if not (fwd0[lo] | fwd1[lo]) & bwd0[hi]:
            touched |= 1 << i
    if not (always or never or touched):
        return None
    return always, never, touched
