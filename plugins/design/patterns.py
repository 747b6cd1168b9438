"""Block patterns around a placement: symmetric blocks that break the long runs.

Starting from the placement's end blocks, each step takes the longest run of open
cells longer than the pattern's ``longest`` that still has a cell it may block, and
blocks a cell of it (with its mirror image) chosen so that no run of one or two cells
is left in either direction; blocks beside an existing block or the edge are drawn
more often, which grows the short "fingers" printed grids have. The search leaves
the rules to ``crossforge.grids.rules``: a pattern that breaks them (cut in two, too
many blocks) is thrown away by the designer.

``shape_penalty`` scores what an editor dislikes and the rules allow: cheater
blocks, 2x2 squares of blocks, blocks closing a corner, walls of four blocks or more.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable

from crossforge.grids.model import BLOCK, OPEN, Cell, Grid
from crossforge.grids.stats import cheater_blocks
from crossforge.plugins.design.placement import Placement

MIN_RUN = 3
MAX_MOVE = 8
"""Most cells one move may block (a cell, the stubs it cuts off, their images)."""
STRETCH = 3
"""How far past ``longest`` a run no block can break may stay."""
SAMPLE = 6
"""Cells of a run weighed for each block placed (a sample keeps a draw fast)."""
CHEATER_BITS = 8.0
SQUARE_BITS = 8.0
CORNER_BITS = 3.0
CORNER_CELL_BITS = 20.0
WALL_BITS = 40.0
"""What a cheater block, a 2x2 square of blocks, a block in a corner's 3x3 square (and
more in the corner cell itself, which printed grids leave open) and a wall (a line of
``WALL`` blocks) cost a pattern, in bits of fill estimate."""
WALL = 4
PLENTY = 32
"""Words a slot through theme letters needs for a block leaving it to be drawn as
often as any other."""
TUNE_HEAT = 6.0
"""The starting temperature of ``PatternSearch.tune``, in bits."""


class PatternSearch:
    """Block patterns for one placement; each ``pattern`` call draws one."""

    def __init__(
        self,
        placement: Placement,
        symmetric: bool,
        rng: random.Random,
        count: Callable[[str], int] | None = None,
    ) -> None:
        self.placement = placement
        self.count = count
        self.height, self.width = placement.height, placement.width
        self.symmetric = symmetric
        self.rng = rng
        self.keep_open = placement.open_cells()
        self.start = placement.end_blocks()

    def pattern(self, longest: int) -> Grid | None:
        """A pattern whose runs (other than kept slots) have at most ``longest`` cells
        where a block can go, or None when this draw got stuck."""
        blocks = [[False] * self.width for _ in range(self.height)]
        for r, c in self.start:
            blocks[r][c] = True
        if not self._close_short_runs(blocks):
            return None
        settled: set[tuple[Cell, ...]] = set()
        for _ in range(self.height * self.width):
            run = self._longest_breakable(blocks, longest, settled)
            if run is None:
                break
            tried = self.rng.sample(run, min(len(run), SAMPLE))
            moves = [m for m in (self._blocking(blocks, cell) for cell in tried) if m]
            if not moves:
                settled.add(tuple(run))
                continue
            weights = [self._weight(blocks, move, run, longest, len(run)) for move in moves]
            if not any(weights) and len(run) > longest + STRETCH:
                # Left whole, the run ends the draw: a part that later blocks break
                # again may lack words for now.
                weights = [self._weight(blocks, move, run, longest, longest) for move in moves]
            if not any(weights):
                settled.add(tuple(run))
                continue
            for r, c in self.rng.choices(moves, weights)[0]:
                blocks[r][c] = True
        if any(len(run) > longest + STRETCH for run in settled):
            return None
        self._prune(blocks, longest)
        return self._grid(blocks)

    def repair(self, grid: Grid, cells: list[Cell]) -> Grid | None:
        """``grid`` with one of ``cells`` blocked (with its image and the stubs it would
        leave): a slot no word fits, or too few, is broken in two; None when no cell of
        them may be blocked without leaving a slot through theme letters no word."""
        blocks = [[ch == BLOCK for ch in row] for row in grid.rows]
        tried = self.rng.sample(cells, len(cells))
        moves = [m for m in (self._blocking(blocks, cell) for cell in tried) if m]
        moves = [move for move in moves if self._leaves_words(blocks, move)]
        if not moves:
            return None
        for r, c in min(moves, key=len):
            blocks[r][c] = True
        return self._grid(blocks)

    def tune(
        self,
        grid: Grid,
        score: Callable[[Grid], float | None],
        fits: Callable[[Grid], bool],
        steps: int,
    ) -> Grid:
        """The grid of best ``score`` that ``fits``, found by simulated annealing from
        ``grid`` (which fits) over ``steps`` moves; ``score`` None is a grid not to step
        on. A move blocks a cell (with its image and the stubs it would leave) or opens
        a block (with its image), never a kept cell or a placement's block; a worse
        move passes less often as the search cools."""
        blocks = [[ch == BLOCK for ch in row] for row in grid.rows]
        start = score(grid)
        if start is None:
            return grid
        here = best = start
        found = grid
        for step in range(steps):
            heat = TUNE_HEAT * (1 - step / steps) + 0.05
            cell = (self.rng.randrange(self.height), self.rng.randrange(self.width))
            if blocks[cell[0]][cell[1]]:
                move = None if cell in self.start else self._with_image(cell)
            else:
                move = self._blocking(blocks, cell)
            if not move:
                continue
            for r, c in move:
                blocks[r][c] = not blocks[r][c]
            moved = self._grid(blocks)
            value = score(moved)
            if value is not None and (
                value >= here or self.rng.random() < math.exp((value - here) / heat)
            ):
                here = value
                if value > best and fits(moved):
                    best, found = value, moved
            else:
                for r, c in move:
                    blocks[r][c] = not blocks[r][c]
        return found

    def _grid(self, blocks: list[list[bool]]) -> Grid:
        """The grid of ``blocks``, the placement's letters in their cells."""
        rows = [
            "".join(
                BLOCK if blocks[r][c] else self.placement.letters.get((r, c), OPEN)
                for c in range(self.width)
            )
            for r in range(self.height)
        ]
        return Grid.from_rows(rows)

    def _prune(self, blocks: list[list[bool]], longest: int) -> None:
        """Open again, in random order, every block (with its image) whose runs would
        stay between ``MIN_RUN`` and ``longest`` cells and keep words through theme
        letters: cheaters and walls go first where they can, and no entry is lost."""
        cells = [
            (r, c)
            for r in range(self.height)
            for c in range(self.width)
            if blocks[r][c] and (r, c) not in self.start
        ]
        self.rng.shuffle(cells)
        for cell in cells:
            move = self._with_image(cell)
            if not blocks[cell[0]][cell[1]] or move & self.start:
                continue
            for r, c in move:
                blocks[r][c] = False
            runs = [run for m in move for run in self._through(blocks, m)]
            if not all(MIN_RUN <= len(run) <= longest and self._has_words(run) for run in runs):
                for r, c in move:
                    blocks[r][c] = True

    def _through(self, blocks: list[list[bool]], cell: Cell) -> tuple[list[Cell], list[Cell]]:
        """The across and down runs through the open ``cell``."""
        runs = []
        for dr, dc in ((0, 1), (1, 0)):
            run = [cell]
            for sign in (1, -1):
                r, c = cell[0] + sign * dr, cell[1] + sign * dc
                while 0 <= r < self.height and 0 <= c < self.width and not blocks[r][c]:
                    run.append((r, c))
                    r, c = r + sign * dr, c + sign * dc
            runs.append(sorted(run))
        return runs[0], runs[1]

    def _leaves_words(self, blocks: list[list[bool]], move: set[Cell]) -> bool:
        """True when, once ``move`` is blocked, every slot beside it keeps a word."""
        for r, c in move:
            blocks[r][c] = True
        beside = {
            (r + dr, c + dc)
            for r, c in move
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
            if 0 <= r + dr < self.height and 0 <= c + dc < self.width
        }
        runs = [
            run
            for cell in beside
            if not blocks[cell[0]][cell[1]]
            for run in self._through(blocks, cell)
        ]
        kept = all(len(run) < MIN_RUN or self._has_words(run) for run in runs)
        for r, c in move:
            blocks[r][c] = False
        return kept

    def _has_words(self, run: list[Cell]) -> bool:
        """True when a slot of ``run`` would keep a word: no theme letter in it, or no
        word count to ask, or a word of the list fits its letters."""
        letters = self.placement.letters
        if self.count is None or not any(cell in letters for cell in run):
            return True
        return self.count(self.placement.pattern(run)) > 0

    def _with_image(self, cell: Cell) -> set[Cell]:
        return {cell, self.placement.image(cell)} if self.symmetric else {cell}

    def _close_short_runs(self, blocks: list[list[bool]]) -> bool:
        """Block the cells of runs shorter than ``MIN_RUN`` the end blocks left (False
        when one must stay open)."""
        changed = True
        while changed:
            changed = False
            for run in self._runs(blocks):
                if len(run) < MIN_RUN:
                    if any(cell in self.keep_open for cell in run):
                        return False
                    for cell in run:
                        for r, c in self._with_image(cell):
                            blocks[r][c] = True
                    changed = True
        return True

    def _runs(self, blocks: list[list[bool]]) -> list[list[Cell]]:
        """Every maximal run of open cells, across then down."""
        runs: list[list[Cell]] = []
        for lines in (
            [[(r, c) for c in range(self.width)] for r in range(self.height)],
            [[(r, c) for r in range(self.height)] for c in range(self.width)],
        ):
            for line in lines:
                run: list[Cell] = []
                for r, c in line:
                    if blocks[r][c]:
                        if run:
                            runs.append(run)
                        run = []
                    else:
                        run.append((r, c))
                if run:
                    runs.append(run)
        return runs

    def _longest_breakable(
        self, blocks: list[list[bool]], longest: int, settled: set[tuple[Cell, ...]]
    ) -> list[Cell] | None:
        """The longest run past ``longest`` with a cell that may be blocked and not yet
        found unbreakable (ties drawn)."""
        runs = [
            run
            for run in self._runs(blocks)
            if len(run) > longest
            and tuple(run) not in settled
            and not all(cell in self.keep_open for cell in run)
        ]
        if not runs:
            return None
        most = max(len(run) for run in runs)
        return self.rng.choice([run for run in runs if len(run) == most])

    def _blocking(self, blocks: list[list[bool]], cell: Cell) -> set[Cell] | None:
        """The cells to block to block ``cell``: it, its image, and the one or two cells
        it would cut off against a block or the edge (with theirs); None when that
        blocks a cell that must stay open or leaves a run of one or two cells."""
        placed: set[Cell] = set()
        todo = [cell]
        while todo:
            for added in self._with_image(todo.pop()):
                if added in placed:
                    continue
                if added in self.keep_open or len(placed) >= MAX_MOVE:
                    return None
                placed.add(added)
                for stub in self._stubs(blocks, placed, added):
                    todo.extend(stub)
        if any(self._stubs(blocks, placed, cell) for cell in placed):
            return None
        return placed

    def _stubs(self, blocks: list[list[bool]], placed: set[Cell], cell: Cell) -> list[list[Cell]]:
        """The runs of one or two open cells beside ``cell`` once ``placed`` are blocks."""
        r, c = cell
        stubs = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            run: list[Cell] = []
            nr, nc = r + dr, c + dc
            while (
                len(run) < MIN_RUN
                and 0 <= nr < self.height
                and 0 <= nc < self.width
                and not blocks[nr][nc]
                and (nr, nc) not in placed
            ):
                run.append((nr, nc))
                nr, nc = nr + dr, nc + dc
            if 0 < len(run) < MIN_RUN:
                stubs.append(run)
        return stubs

    def _weight(
        self,
        blocks: list[list[bool]],
        move: set[Cell],
        run: list[Cell],
        longest: int,
        counted: int,
    ) -> float:
        """Draw weight of a move: more the more entries it makes per block placed (a
        block splitting runs both across and down makes two), more for a split leaving
        both parts within ``longest``; little for a line of four blocks or a 2x2 square
        of them; less the fewer words the lettered parts of ``run`` up to ``counted``
        cells keep."""
        gain = sum(self._splits(blocks, move, cell) for cell in move)
        weight = ((gain + 0.5) / len(move)) ** 2
        cut = [i for i, cell in enumerate(run) if cell in move]
        parts = [cut[0], len(run) - 1 - cut[-1]] if cut else []
        if parts and max(parts) <= longest:
            weight *= 3.0
        for cell in move:
            if self._line(blocks, move, cell) >= 4 or self._square(blocks, move, cell):
                weight *= 0.02
        return weight * self._lettered_words(run, move, counted)

    def _lettered_words(self, run: list[Cell], move: set[Cell], counted: int) -> float:
        """How well the parts of ``run`` up to ``counted`` cells that hold theme letters
        keep words once ``move`` is made: 1 when each has plenty (``PLENTY``), falling
        to 0 for a part no word fits (1 without a word count)."""
        if self.count is None:
            return 1.0
        letters = self.placement.letters
        found = PLENTY
        part: list[Cell] = []
        for cell in [*run, None]:
            if cell is not None and cell not in move:
                part.append(cell)
                continue
            if MIN_RUN <= len(part) <= counted and any(c in letters for c in part):
                found = min(found, self.count(self.placement.pattern(part)))
            part = []
        return (found / PLENTY) ** 2

    def _splits(self, blocks: list[list[bool]], move: set[Cell], cell: Cell) -> int:
        """In how many directions blocking ``cell`` splits a run in two (0, 1 or 2)."""
        r, c = cell

        def open_at(rr: int, cc: int) -> bool:
            inside = 0 <= rr < self.height and 0 <= cc < self.width
            return inside and not blocks[rr][cc] and (rr, cc) not in move

        return sum(
            open_at(r - dr, c - dc) and open_at(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0))
        )

    def _line(self, blocks: list[list[bool]], move: set[Cell], cell: Cell) -> int:
        """The longest straight line of blocks through ``cell`` once ``move`` is made."""

        def block(r: int, c: int) -> bool:
            inside = 0 <= r < self.height and 0 <= c < self.width
            return inside and (blocks[r][c] or (r, c) in move)

        longest = 0
        for dr, dc in ((0, 1), (1, 0)):
            length = 1
            for sign in (1, -1):
                r, c = cell[0] + sign * dr, cell[1] + sign * dc
                while block(r, c):
                    length += 1
                    r, c = r + sign * dr, c + sign * dc
            longest = max(longest, length)
        return longest

    def _square(self, blocks: list[list[bool]], move: set[Cell], cell: Cell) -> bool:
        """True when ``cell`` completes a 2x2 square of blocks once ``move`` is made."""
        r, c = cell

        def block(rr: int, cc: int) -> bool:
            inside = 0 <= rr < self.height and 0 <= cc < self.width
            return inside and (blocks[rr][cc] or (rr, cc) in move)

        return any(
            all(block(r + dr, c + dc) for dr, dc in ((0, 0), (a, 0), (0, b), (a, b)))
            for a in (-1, 1)
            for b in (-1, 1)
        )


def shape_penalty(grid: Grid) -> tuple[float, dict[str, int]]:
    """Bits taken off a pattern's score for what editors avoid, and the counts."""
    blocks = set(grid.blocks())
    squares = sum(
        {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= blocks
        for r in range(grid.height - 1)
        for c in range(grid.width - 1)
    )
    corners = [
        (r, c)
        for r, c in blocks
        if min(r, grid.height - 1 - r) < 3 and min(c, grid.width - 1 - c) < 3
    ]
    lines = (*grid.rows, *("".join(col) for col in zip(*grid.rows, strict=True)))
    walls = sum(len(re.findall(f"{re.escape(BLOCK)}{{{WALL},}}", line)) for line in lines)
    cheaters = len(cheater_blocks(grid))
    counts = {
        "cheaters": cheaters,
        "block_squares": squares,
        "corner_blocks": len(corners),
        "block_walls": walls,
    }
    bits = (
        CHEATER_BITS * cheaters
        + SQUARE_BITS * squares
        + CORNER_BITS * len(corners)
        + CORNER_CELL_BITS
        * sum(r in (0, grid.height - 1) and c in (0, grid.width - 1) for r, c in corners)
        + WALL_BITS * walls
    )
    return bits, counts
