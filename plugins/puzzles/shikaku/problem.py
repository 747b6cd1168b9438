"""Shikaku as a finite-domain problem for every fill strategy.

Variables are the clues; a clue's values are the rectangles of its area that hold it and
no other clue. The graded cost counts cells covered twice or more (each extra layer) and
cells left uncovered; deltas are kept incrementally on per-cell cover counts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from crossforge.plugins.bits import set_bits
from crossforge.plugins.contract import Domains, Problem
from crossforge.plugins.puzzles.shikaku.geometry import Layout, union_of
from crossforge.plugins.puzzles.shikaku.model import ShikakuPuzzle

TILE = 4
"""Crossover regions: clues whose cells fall in the same TILE x TILE block of the grid."""


class ShikakuProblem(Problem):
    """Clues choose rectangles; overlaps and gaps are the graded violations."""

    def __init__(self, puzzle: ShikakuPuzzle) -> None:
        self.puzzle = puzzle
        self.layout = Layout(puzzle)
        self.options = self.layout.options
        self.masks = [[opt.mask for opt in opts] for opts in self.options]
        unions = self.unions = [union_of(masks) for masks in self.masks]
        self._neighbours = [
            [j for j in range(len(unions)) if j != k and unions[j] & unions[k]]
            for k in range(len(unions))
        ]
        self._assign: list[int] = []
        self._cover = [0] * self.layout.size

    @property
    def size(self) -> int:
        return len(self.options)

    def initial_domains(self) -> Domains:
        return [np.ones(len(opts), dtype=bool) for opts in self.options]

    def neighbours(self, var: int) -> Sequence[int]:
        return self._neighbours[var]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        """Cells every rectangle of a clue covers are closed to the others; a cell only
        one clue can still reach must be in its rectangle; a cell nobody reaches fails."""
        n = self.size
        full = self.layout.full
        while True:
            live = [np.flatnonzero(d) for d in domains]
            for k in range(n):
                if not len(live[k]):
                    return k
            cores, unions = [], []
            for k in range(n):
                core, union = full, 0
                for i in live[k]:
                    core &= self.masks[k][i]
                    union |= self.masks[k][i]
                cores.append(core)
                unions.append(union)
            taken = once = twice = 0
            for k in range(n):
                if taken & cores[k]:
                    return k
                taken |= cores[k]
                twice |= once & unions[k]
                once |= unions[k]
            if full & ~once:
                gap = set_bits(full & ~once)[0]
                return next((k for k in range(n) if self.unions[k] >> gap & 1), 0)
            lonely = once & ~twice
            progress = False
            for k in range(n):
                blocked = taken & ~cores[k]
                need = lonely & unions[k]
                masks = self.masks[k]
                drop = [i for i in live[k] if masks[i] & blocked or masks[i] & need != need]
                if drop:
                    mask = domains[k].copy()
                    mask[drop] = False
                    domains[k] = mask
                    if not mask.any():
                        return k
                    progress = True
            if not progress:
                return None

    # --- graded cost -------------------------------------------------------------

    def cost(self, assignment: Sequence[int]) -> float:
        self._sync(assignment)
        return float(sum(abs(c - 1) for c in self._cover))

    def _sync(self, assignment: Sequence[int]) -> None:
        """Bring the kept cover counts in line with ``assignment``."""
        if len(self._assign) != len(assignment):
            self._assign = [-1] * len(assignment)
            self._cover = [0] * self.layout.size
        for k, (old, new) in enumerate(zip(self._assign, assignment, strict=True)):
            if old != new:
                if old >= 0:
                    self._shift(self.options[k][old].cells, -1)
                self._shift(self.options[k][new].cells, 1)
                self._assign[k] = new

    def _shift(self, cells: Sequence[int], step: int) -> int:
        """Add ``step`` (±1) to the cover of ``cells``; returns the cost change."""
        cover = self._cover
        change = 0
        for c in cells:
            before = cover[c]
            cover[c] = before + step
            change += abs(before + step - 1) - abs(before - 1)
        return change

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        self._sync(assignment)
        moved = [(k, v) for k, v in changes.items() if v != self._assign[k]]
        total = 0
        for k, v in moved:
            total += self._shift(self.options[k][self._assign[k]].cells, -1)
            total += self._shift(self.options[k][v].cells, 1)
        for k, v in reversed(moved):
            self._shift(self.options[k][v].cells, -1)
            self._shift(self.options[k][self._assign[k]].cells, 1)
        return float(total)

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        """Cover by other clues over the cells of the rectangle ``value``."""
        self._sync(assignment)
        own = self.options[var][self._assign[var]].mask
        cover = self._cover
        return float(
            sum(cover[c] - (1 if own >> c & 1 else 0) for c in self.options[var][value].cells)
        )

    # --- moves for the metaheuristics -----------------------------------------------

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        """Re-cut two or three clues together: a clue takes another rectangle and each
        clue it now overlaps takes a rectangle clear of it."""
        self._sync(assignment)
        cover = self._cover
        troubled = [
            k
            for k in range(self.size)
            if any(cover[c] != 1 for c in self.options[k][self._assign[k]].cells)
        ]
        gaps = [c for c, n in enumerate(cover) if n == 0]
        for c in rng.sample(gaps, min(3, len(gaps))):
            troubled += [k for k in range(self.size) if self.unions[k] >> c & 1]
        moves: list[dict[int, int]] = []
        for k in rng.sample(troubled, min(6, len(troubled))):
            for v in rng.sample(range(len(self.masks[k])), min(4, len(self.masks[k]))):
                if v == self._assign[k]:
                    continue
                mask = self.masks[k][v]
                move = {k: v}
                for j in self._neighbours[k]:
                    if self.masks[j][self._assign[j]] & mask:
                        clear = [i for i, m in enumerate(self.masks[j]) if not m & mask]
                        if clear:
                            move[j] = rng.choice(clear)
                moves.append(move)
        return moves

    def regions(self) -> list[list[int]]:
        """Clues grouped by the TILE x TILE block of the grid they stand in."""
        blocks: dict[tuple[int, int], list[int]] = {}
        for k, clue in enumerate(self.puzzle.clues):
            blocks.setdefault((clue.row // TILE, clue.col // TILE), []).append(k)
        return list(blocks.values())

    def decode(self, assignment: Sequence[int | None]) -> list[list[int] | None]:
        """One ``[row, col, height, width]`` per clue (None where unassigned)."""
        return [
            None if v is None else list(self.options[k][v].rect) for k, v in enumerate(assignment)
        ]

    def value_label(self, var: int, value: int) -> str:
        return str(list(self.options[var][value].rect))
