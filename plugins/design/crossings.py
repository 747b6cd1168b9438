"""How a placement's theme letters can be crossed: each line across theme entries cut
into slots and blocks so that every slot through theme letters keeps words.

A line (a column across theme entries that go across, a row across down ones) holds
theme letters, cells that must stay open (theme cells, their images) and cells that
must be blocks (the theme entries' end blocks). ``crossing_plans`` finds, for every
such line, the cut whose tightest slot has the most words of the list at the floor
(a slot and its image under the symmetry both count): two theme entries two lines
apart must share a slot whose letters agree (``P?J``), and a cut with no word at all
dooms every pattern drawn around the placement. The designer ranks placements by
their tightest line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from crossforge.grids.model import Cell
from crossforge.plugins.design.patterns import MIN_RUN
from crossforge.plugins.design.placement import Placement, is_across

ENOUGH = 1000
"""A slot with this many words or more is as good as any: among cuts whose tightest
slot has enough, the one with the fewest blocks wins."""

Count = Callable[[str], int]
"""Words of the list at the floor matching a pattern (``.`` open)."""


@dataclass(frozen=True)
class LinePlan:
    """The best cut of one line: the words its tightest slot keeps, and its blocks."""

    cells: tuple[Cell, ...]
    words: int
    blocks: frozenset[Cell]


def crossing_plans(placement: Placement, count: Count) -> list[LinePlan]:
    """The best cut of every line crossing theme letters, tightest first."""
    ends, kept = placement.end_blocks(), placement.open_cells()
    plans = [_plan(placement, line, ends, kept, count) for line in _crossed_lines(placement)]
    return sorted(plans, key=lambda plan: plan.words)


def tightest(plans: list[LinePlan]) -> int:
    """The words the tightest line's best cut keeps (a large number when none)."""
    return min((plan.words for plan in plans), default=1 << 30)


@dataclass(frozen=True)
class Crossing:
    """A slot through theme letters: its cells, its pattern and the words it keeps."""

    cells: tuple[Cell, ...]
    pattern: str
    words: int


def tightest_crossing(placement: Placement, count: Count) -> Crossing | None:
    """The slot through theme letters with the fewest words in the best cut of the
    placement's tightest line (or in its image); None when no line crosses theme
    letters."""
    plans = crossing_plans(placement, count)
    if not plans:
        return None
    plan, found = plans[0], []
    run: list[Cell] = []
    for cell in (*plan.cells, None):
        if cell is not None and cell not in plan.blocks:
            run.append(cell)
            continue
        if any(part in placement.letters for part in run):
            for part in (tuple(run), placement.image_run(run)):
                pattern = placement.pattern(part)
                found.append(Crossing(part, pattern, count(pattern)))
        run = []
    return min(found, key=lambda crossing: crossing.words, default=None)


def _crossed_lines(placement: Placement) -> list[tuple[Cell, ...]]:
    """Lines holding theme letters of entries that cross them, and no theme entry of
    their own direction."""
    height, width = placement.height, placement.width
    across = {cell for t in placement.themes if is_across(t.cells) for cell in t.cells}
    down = {cell for t in placement.themes if not is_across(t.cells) for cell in t.cells}
    lines = []
    for c in range(width):
        column = tuple((r, c) for r in range(height))
        if any(cell in across for cell in column) and not any(cell in down for cell in column):
            lines.append(column)
    for r in range(height):
        row = tuple((r, c) for c in range(width))
        if any(cell in down for cell in row) and not any(cell in across for cell in row):
            lines.append(row)
    return lines


def _plan(
    placement: Placement,
    line: tuple[Cell, ...],
    must_block: set[Cell],
    must_open: set[Cell],
    count: Count,
) -> LinePlan:
    """The cut of ``line`` whose tightest slot (with its image) keeps the most words,
    blocking no cell of ``must_open`` and opening no slot over one of ``must_block``; a
    line that is its own image reversed (the middle column under rotational symmetry)
    is cut symmetrically."""
    size = len(line)

    def words(start: int, end: int) -> int:
        run = line[start:end]
        if any(cell in must_block for cell in run):
            return 0
        image = placement.image_run(run)
        return min(count(placement.pattern(run)), count(placement.pattern(image)), ENOUGH)

    @cache
    def best(start: int, stop: int) -> tuple[int, int, tuple[int, ...]]:
        """The best (words up to ``ENOUGH``, fewer blocks, blocked positions) of the
        line from ``start`` up to ``stop`` (the line's end, or a block)."""
        if start >= stop:
            return ENOUGH, 0, ()
        found: tuple[int, int, tuple[int, ...]] = (-1, 0, ())
        if line[start] not in must_open:
            rest, fewer, blocks = best(start + 1, stop)
            found = (rest, fewer - 1, (start, *blocks))
        for end in range(start + MIN_RUN, stop + 1):
            if end < stop and line[end] in must_open:
                continue
            rest, fewer, blocks = best(end + 1, stop)
            value = min(words(start, end), rest)
            option = (value, fewer - 1, (end, *blocks)) if end < stop else (value, fewer, blocks)
            if option[:2] > found[:2]:
                found = option
        return found

    if any(placement.image(cell) != line[-1 - i] for i, cell in enumerate(line)):
        value, _, blocked = best(0, size)
    else:
        value, blocked = _symmetric_cut(size, best, words, lambda i: line[i] in must_open)
    return LinePlan(line, max(value, 0), frozenset(line[i] for i in blocked))


def _symmetric_cut(
    size: int,
    best: Callable[[int, int], tuple[int, int, tuple[int, ...]]],
    words: Callable[[int, int], int],
    kept_open: Callable[[int], bool],
) -> tuple[int, tuple[int, ...]]:
    """The best cut of a line that is its own image: blocks at ``x`` and its mirror
    ``size - 1 - x`` around one middle run (or none), the part before ``x`` cut by
    ``best`` and mirrored; (words, blocked positions), words -1 when no cut exists."""
    found: tuple[int, int, tuple[int, ...]] = (-1, 0, ())
    for x in range(-1, (size - 1) // 2 + 1):
        middle = max(size - 2 - 2 * x, 0)
        if 0 < middle < MIN_RUN or (x >= 0 and kept_open(x)):
            continue
        value = words(x + 1, size - 1 - x) if middle else ENOUGH
        if x >= 0:
            rest, fewer, blocks = best(0, x)
            value = min(value, rest)
            blocks = (*blocks, x)
            blocks += tuple(size - 1 - i for i in blocks)
        else:
            blocks = ()
        option = (value, -len(set(blocks)), tuple(sorted(set(blocks))))
        if option[:2] > found[:2]:
            found = option
    return found[0], found[2]
