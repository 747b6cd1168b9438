"""Grid statistics and construction-difficulty estimates.

Two estimates, both ours:

**Generation complexity** (after the Canadian-crossword article, which gives figures
but not its formula):
the letters a filler must choose plus the agreements it must meet::

    complexity = Σ over entries of length + number of crossings

In a fully checked grid this is 3 × open cells. A standard 78-word 15x15 (187 open
cells) scores 561, near the article's 570 for its 78-word grid; its smaller grids (248
for 28 words, 372 for 34) correspond to fully checked grids of about 83 and 124 cells.
Like the article's figure, it ignores how the grid splits into fragments, which can make
a high-complexity grid easy (the article's 544-point fragmented grid took 1 s).

**Fillability** from a word index (log₂ of the expected number of fills, treating
entries as independent draws from their candidates)::

    log2_fills = Σ over entries of log₂ |candidates(pattern)|
               + Σ over crossings of log₂ Σ_x p_a(x) · p_b(x)

where ``p_a(x)`` is the share of entry a's candidates with letter x at the crossing.
Positive means many fills are expected; well below zero means probably none; ``-inf``
means some entry has no candidate at all.
"""

from __future__ import annotations

import math
import weakref
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from crossforge.grids.model import BLOCK, OPEN, Cell, Grid, Slot
from crossforge.grids.rules import open_regions

if TYPE_CHECKING:
    from crossforge.wordbase.index import WordIndex


@dataclass(frozen=True)
class Fillability:
    """The word-index estimate of how fillable a grid is."""

    log2_fills: float
    log2_candidates: float
    log2_agreement: float
    min_score: int
    candidates: dict[str, int] = field(default_factory=dict)
    """Candidate count per slot id."""
    tightest: list[str] = field(default_factory=list)
    """Up to five slot ids with the fewest candidates, among those with an empty cell (a
    complete entry has one candidate, or none: not news to its constructor)."""


@dataclass(frozen=True)
class GridStats:
    """The figures ``grid_stats`` reports (see the module docstring for the formulas)."""

    height: int
    width: int
    entries: int
    across: int
    down: int
    mean_length: float
    lengths: dict[int, int]
    blocks: int
    block_percent: float
    open_cells: int
    checked_percent: float
    unchecked_cells: int
    unchecked_runs: int
    longest_unchecked_run: int
    crossings: int
    regions: int
    complexity: int
    two_letter_entries: list[str] = field(default_factory=list)
    """Ids of the entries of two letters (most rule sets want three or more)."""
    letters: dict[str, int] = field(default_factory=dict)
    """How many filled cells hold each letter, most frequent first."""
    fillability: Fillability | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


def _unchecked_runs(slots: list[Slot], checked: frozenset[Cell]) -> list[int]:
    """Lengths of the runs of consecutive unchecked cells inside entries."""
    runs = []
    for slot in slots:
        run = 0
        for cell in (*slot.cells, None):
            if cell is not None and cell not in checked:
                run += 1
            elif run:
                runs.append(run)
                run = 0
    return runs


def _letter_counts(grid: Grid) -> dict[str, int]:
    """Filled cells per letter, most frequent first (ties alphabetically)."""
    counts = Counter(ch for row in grid.rows for ch in row if ch not in (BLOCK, OPEN))
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def generation_complexity(grid: Grid, min_length: int = 2) -> int:
    """Generation complexity: Σ entry lengths + crossings (see the module doc)."""
    return sum(slot.length for slot in grid.slots(min_length)) + len(grid.crossings(min_length))


Shares = tuple[int, "np.ndarray"]
"""A pattern's candidate count and its letter shares per position."""


_BLANK_SHARES: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], Shares]] = (
    weakref.WeakKeyDictionary()
)
"""Per word index (held weakly): the shares of its blank patterns by (length, floor),
which every estimate of an empty grid asks again (a failed fill's ``fill_estimate``)."""


def pattern_shares(index: WordIndex, pattern: str, min_score: int = 0) -> Shares:
    """How many words of ``index`` scoring ``min_score`` or more match ``pattern``, and
    the share of them holding each letter at each position (``length × alphabet``); a
    blank pattern's are computed once per index and floor."""
    if pattern.strip(OPEN):
        return _shares(index, pattern, min_score)
    blanks = _BLANK_SHARES.setdefault(index, {})
    key = (len(pattern), min_score)
    if key not in blanks:
        count, shares = _shares(index, pattern, min_score)
        shares.setflags(write=False)  # handed to every caller: never to be changed
        blanks[key] = count, shares
    return blanks[key]


def _shares(index: WordIndex, pattern: str, min_score: int) -> Shares:
    found = index.candidates(pattern, min_score)
    size = len(index.alphabet)
    codes = index.bucket(len(pattern)).codes[found]
    per_position = np.zeros((len(pattern), size))
    for position in range(len(pattern)):
        per_position[position] = np.bincount(codes[:, position], minlength=size)[:size]
    return len(found), per_position / max(len(found), 1)


def fillability(
    grid: Grid,
    index: WordIndex,
    min_score: int = 0,
    min_length: int = 2,
    memo: dict[tuple[str, int], Shares] | None = None,
) -> Fillability:
    """log₂ of the expected number of fills of ``grid`` from ``index`` (see module doc);
    ``memo`` keeps each pattern's shares for the next grid (a caller estimating many
    grids of one index passes the same dict)."""
    slots = grid.slots(min_length)
    memo = {} if memo is None else memo
    counts: dict[str, int] = {}
    shares: list[np.ndarray] = []
    for slot in slots:
        pattern = grid.pattern(slot)
        key = (pattern, min_score)
        if key not in memo:
            memo[key] = pattern_shares(index, pattern, min_score)
        counts[slot.id], share = memo[key]
        shares.append(share)
    unfinished = [slot.id for slot in slots if OPEN in grid.pattern(slot)]
    tightest = sorted(unfinished, key=lambda slot_id: counts[slot_id])[:5]
    if min(counts.values(), default=1) == 0:
        return Fillability(-math.inf, -math.inf, 0.0, min_score, counts, tightest)
    log_candidates = sum(math.log2(n) for n in counts.values())
    log_agreement = 0.0
    for crossing in grid.crossings(min_length):
        agree = float(shares[crossing.a][crossing.i] @ shares[crossing.b][crossing.j])
        log_agreement += math.log2(agree) if agree > 0 else -math.inf
    return Fillability(
        log_candidates + log_agreement,
        log_candidates,
        log_agreement,
        min_score,
        counts,
        tightest,
    )


def grid_stats(
    grid: Grid, index: WordIndex | None = None, min_score: int = 0, min_length: int = 2
) -> GridStats:
    """Every statistic of a grid; fillability too when a word index is given."""
    slots = grid.slots(min_length)
    open_cells = grid.open_cells()
    checked = grid.checked_cells(min_length)
    runs = _unchecked_runs(slots, checked)
    cells = grid.height * grid.width
    lengths = Counter(slot.length for slot in slots)
    return GridStats(
        height=grid.height,
        width=grid.width,
        entries=len(slots),
        across=sum(slot.direction == "across" for slot in slots),
        down=sum(slot.direction == "down" for slot in slots),
        mean_length=round(sum(s.length for s in slots) / len(slots), 2) if slots else 0.0,
        lengths=dict(sorted(lengths.items())),
        blocks=cells - len(open_cells),
        block_percent=round(100 * (cells - len(open_cells)) / cells, 1),
        open_cells=len(open_cells),
        checked_percent=round(100 * len(checked) / len(open_cells), 1) if open_cells else 0.0,
        unchecked_cells=len(open_cells) - len(checked),
        unchecked_runs=len(runs),
        longest_unchecked_run=max(runs, default=0),
        crossings=len(grid.crossings(min_length)),
        regions=len(open_regions(grid)),
        complexity=generation_complexity(grid, min_length),
        two_letter_entries=[slot.id for slot in slots if slot.length == 2],
        letters=_letter_counts(grid),
        fillability=None if index is None else fillability(grid, index, min_score, min_length),
    )


def cheater_blocks(grid: Grid) -> list[Cell]:
    """Blocks that add no entry: opened, each would lengthen an entry rather than split
    one, across and down alike (a block touching no open cell is left out)."""
    found = []
    for r, c in grid.blocks():
        splits = False
        touches = False
        for before, after in (((r, c - 1), (r, c + 1)), ((r - 1, c), (r + 1, c))):
            sides = [grid.contains(*cell) and grid.is_open(*cell) for cell in (before, after)]
            splits = splits or all(sides)
            touches = touches or any(sides)
        if touches and not splits:
            found.append((r, c))
    return found
