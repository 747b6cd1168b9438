"""Block patterns built column by column around across theme entries.

Every column is cut into down slots (runs of three cells or more) and blocks; a cut
is kept only when every slot through theme letters has words of the list at the floor
(with its image under the symmetry, whose cut it fixes). Columns are chosen from the
left edge to the middle, each drawn among the cuts that leave the rows so far no run
of one or two cells and no run past ``longest``, weighted by the words of its tightest
slot and by few blocks; a dead end backs up a column. Theme entries two rows apart
thus share down slots whose letters agree (``P?J``) by construction, where the random
breaking of ``PatternSearch`` mostly leaves one no word fits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from crossforge.grids.model import OPEN, Cell, Grid
from crossforge.plugins.design.patterns import MIN_RUN, PLENTY, PatternSearch
from crossforge.plugins.design.placement import Placement, is_across

NODES = 400
"""Column choices one pattern may try before it gives up."""
BLOCK_WEIGHT = 0.4
BESIDE_WEIGHT = 0.5
"""Each block in a cut multiplies its draw weight by ``BLOCK_WEIGHT``, and by
``BESIDE_WEIGHT`` more when the previous column has a block in its row (bars of
blocks across make cheaters and walls)."""


@dataclass(frozen=True)
class _Cut:
    """A column's blocks (row numbers), the words of its tightest lettered slot (with
    its image), and its longest slot without theme letters."""

    blocks: frozenset[int]
    words: int
    longest_plain: int


def crowded(placement: Placement) -> bool:
    """True when every theme entry of ``placement`` goes across and two of them, two
    rows apart, share a column: the placements this search is for."""
    themes = placement.themes
    if not themes or not all(is_across(theme.cells) for theme in themes):
        return False
    spans = [(t.cells[0][0], {c for _, c in t.cells}) for t in themes]
    return any(
        abs(row - other) == 2 and columns & others
        for i, (row, columns) in enumerate(spans)
        for other, others in spans[i + 1 :]
    )


class ColumnSearch(PatternSearch):
    """``PatternSearch`` whose patterns are built column by column (see module doc);
    for placements whose theme entries all go across (``crowded`` ones)."""

    def __init__(
        self,
        placement: Placement,
        symmetric: bool,
        rng: random.Random,
        count: Callable[[str], int],
        max_blocks: int,
    ) -> None:
        super().__init__(placement, symmetric, rng, count=count)
        self.max_blocks = max_blocks
        self.columns = list(range((self.width + 1) // 2))
        self.cuts = [self._cuts(c) for c in self.columns]

    def pattern(self, longest: int) -> Grid | None:
        """A pattern whose runs without theme letters have at most ``longest`` cells,
        or None when the column search ran out of tries."""
        blocks: set[Cell] = set()
        budget = [NODES]
        if not self._extend(0, blocks, longest, budget):
            return None
        matrix = [[(r, c) in blocks for c in range(self.width)] for r in range(self.height)]
        self._prune(matrix, longest)
        return self._grid(matrix)

    def _extend(self, depth: int, blocks: set[Cell], longest: int, budget: list[int]) -> bool:
        """Choose the cut of column ``depth`` and on; False at a dead end."""
        if depth == len(self.columns):
            return self._rows_fit(blocks, longest, whole=True)
        column = self.columns[depth]
        options = [cut for cut in self.cuts[depth] if cut.longest_plain <= longest]
        for cut in self._drawn(options, {r for r, c in blocks if c == column - 1}):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            placed = {(r, column) for r in cut.blocks}
            placed |= {self.placement.image(cell) for cell in placed}
            if placed & self.keep_open:
                continue
            if len(blocks | placed) > self.max_blocks:
                continue
            blocks |= placed
            if self._rows_fit(blocks, longest, whole=False, upto=column) and self._extend(
                depth + 1, blocks, longest, budget
            ):
                return True
            blocks -= placed
        return False

    def _drawn(self, options: list[_Cut], beside: set[int]) -> Iterator[_Cut]:
        """``options`` in a random order, the better (more words, fewer blocks, fewer
        blocks beside the previous column's, in rows ``beside``) first more often."""
        weights = [
            min(cut.words, PLENTY)
            / PLENTY
            * BLOCK_WEIGHT ** len(cut.blocks)
            * BESIDE_WEIGHT ** len(cut.blocks & beside)
            for cut in options
        ]
        keys = [self.rng.random() ** (1 / w) if w > 0 else 0.0 for w in weights]
        for _, cut in sorted(zip(keys, options, strict=True), key=lambda pair: -pair[0]):
            yield cut

    def _rows_fit(self, blocks: set[Cell], longest: int, whole: bool, upto: int = 0) -> bool:
        """True when no row (its first ``upto`` + 1 columns, or whole) has a closed run
        of one or two cells, nor a run without theme letters past ``longest``."""
        last = self.width - 1 if whole else upto
        for r in range(self.height):
            run, lettered = 0, False
            for c in range(last + 1):
                if (r, c) in blocks:
                    if 0 < run < MIN_RUN:
                        return False
                    run, lettered = 0, False
                    continue
                run += 1
                lettered = lettered or (r, c) in self.keep_open
                if run > longest and not lettered:
                    return False
            if whole and 0 < run < MIN_RUN:
                return False
        return True

    def _cuts(self, column: int) -> list[_Cut]:
        """Every cut of ``column`` whose slots all have words (with their images), that
        blocks no cell that must stay open and every cell that must be a block; the
        middle column's cuts are their own image."""
        cells = [(r, column) for r in range(self.height)]
        letters = self.placement.letters
        must_block = {r for r, c in self.start if c == column}
        counted: dict[tuple[int, int], int] = {}

        def words(start: int, end: int) -> int:
            if (start, end) not in counted:
                run = cells[start:end]
                image = self.placement.image_run(run)
                patterns = {self.placement.pattern(part) for part in (run, image)}
                lettered = [p for p in patterns if p.strip(OPEN)]
                assert self.count is not None
                counted[(start, end)] = min((self.count(p) for p in lettered), default=PLENTY)
            return counted[(start, end)]

        found: list[_Cut] = []

        def walk(start: int, blocked: tuple[int, ...], tightest: int, plain: int) -> None:
            if start >= self.height:
                found.append(_Cut(frozenset(blocked), tightest, plain))
                return
            if cells[start] not in self.keep_open:
                walk(start + 1, (*blocked, start), tightest, plain)
            if start in must_block:
                return
            for end in range(start + MIN_RUN, self.height + 1):
                if any(r in must_block for r in range(start, end)):
                    break
                if end < self.height and cells[end] in self.keep_open:
                    continue
                has = words(start, end)
                if has == 0:
                    continue
                lettered = any(cell in letters for cell in cells[start:end])
                walk(
                    end + 1,
                    (*blocked, end) if end < self.height else blocked,
                    min(tightest, has),
                    plain if lettered else max(plain, end - start),
                )

        walk(0, (), PLENTY, 0)
        if 2 * column + 1 == self.width:
            found = [cut for cut in found if self._self_image(column, cut)]
        return found

    def _self_image(self, column: int, cut: _Cut) -> bool:
        """True when the middle column's cut is its own image."""
        placed = {(r, column) for r in cut.blocks}
        return {self.placement.image(cell) for cell in placed} == placed
