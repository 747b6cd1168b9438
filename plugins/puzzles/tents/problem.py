"""Tents as a finite-domain problem for every fill strategy.

Variables are the trees; a tree's values are the open orthogonal neighbours where its
own tent may stand (at most four). Constraints: distinct cells (one tree per tent), no
two tents touching (eight neighbours), row and column counts. The graded cost adds the
count mismatches of every line, the touching tent pairs and the cells shared by trees.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from crossforge.plugins.contract import Domains, Problem
from crossforge.plugins.puzzles.tents.geometry import Geometry
from crossforge.plugins.puzzles.tents.model import TentsPuzzle

REGION_SIZE = 6
"""Most trees crossover inherits as one region."""


class TentsProblem(Problem):
    """Trees choose their tent's cell; cost and deltas are kept incrementally."""

    def __init__(self, puzzle: TentsPuzzle) -> None:
        self.puzzle = puzzle
        geo = self.geo = Geometry(puzzle)
        self.cells = geo.candidates
        w = geo.width

        # (tree, value) pairs whose cell equals or touches a given cell.
        self.clash: list[list[tuple[int, int]]] = [[] for _ in range(geo.size)]
        for t, cells in enumerate(self.cells):
            for k, c in enumerate(cells):
                for near in [c, *geo.around[c]]:
                    self.clash[near].append((t, k))
        self.line_of: list[tuple[int, int]] = [
            (c // w, geo.height + c % w) for c in range(geo.size)
        ]
        self.line_need = list(puzzle.row_counts) + list(puzzle.col_counts)
        self._neighbours = self._build_neighbours()
        self._assign: list[int] = []
        self._occ = [0] * geo.size
        self._line_count = [0] * len(self.line_need)

    @property
    def size(self) -> int:
        return len(self.cells)

    def _build_neighbours(self) -> list[list[int]]:
        by_line: dict[int, set[int]] = {}
        for t, cells in enumerate(self.cells):
            for c in cells:
                for line in self.line_of[c]:
                    by_line.setdefault(line, set()).add(t)
        result = []
        for t, cells in enumerate(self.cells):
            near = {u for c in cells for u, _ in self.clash[c]}
            for c in cells:
                for line in self.line_of[c]:
                    near |= by_line[line]
            near.discard(t)
            result.append(sorted(near))
        return result

    def neighbours(self, var: int) -> Sequence[int]:
        return self._neighbours[var]

    def initial_domains(self) -> Domains:
        need = self.line_need
        return [
            np.array([all(need[x] > 0 for x in self.line_of[c]) for c in cells], dtype=bool)
            for cells in self.cells
        ]

    # --- propagation -----------------------------------------------------------

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        n = self.size
        while True:
            progress = False
            for t in range(n):
                if not domains[t].any():
                    return t
            # A placed tent takes its cell and its eight neighbours from every other tree.
            for t in range(n):
                values = np.flatnonzero(domains[t])
                if len(values) != 1:
                    continue
                for u, k in self.clash[self.cells[t][values[0]]]:
                    if u != t and domains[u][k]:
                        mask = domains[u].copy()
                        mask[k] = False
                        domains[u] = mask
                        if not mask.any():
                            return u
                        progress = True
            wiped, narrowed = self._propagate_lines(domains)
            if wiped is not None:
                return wiped
            if not (progress or narrowed):
                return None

    def _propagate_lines(self, domains: Domains) -> tuple[int | None, bool]:
        """Row and column counts: too few or too many options prune or wipe out.

        Returns the wiped-out tree (or None) and whether any domain narrowed."""
        narrowed = False
        options: list[dict[int, list[int]]] = [{} for _ in self.line_need]
        fixed: list[set[int]] = [set() for _ in self.line_need]
        for t, mask in enumerate(domains):
            values = np.flatnonzero(mask)
            for k in values:
                cell = self.cells[t][k]
                for line in self.line_of[cell]:
                    options[line].setdefault(t, []).append(int(k))
                    if len(values) == 1:
                        fixed[line].add(cell)
        for line, need in enumerate(self.line_need):
            trees = options[line]
            cells = {self.cells[t][k] for t, ks in trees.items() for k in ks}
            if len(fixed[line]) > need or min(len(trees), len(cells)) < need:
                return next(iter(trees), 0), narrowed
            if len(fixed[line]) == need:
                # The line is full: no other tree may put a tent in it.
                for t, ks in trees.items():
                    drop = [k for k in ks if self.cells[t][k] not in fixed[line]]
                    if drop:
                        mask = domains[t].copy()
                        mask[drop] = False
                        domains[t] = mask
                        narrowed = True
                        if not mask.any():
                            return t, narrowed
            elif len(trees) == need:
                # Every tree that can reach the line must put its tent there.
                for t, ks in trees.items():
                    if len(ks) < domains[t].sum():
                        mask = np.zeros_like(domains[t])
                        mask[ks] = True
                        domains[t] = mask
                        narrowed = True
        return None, narrowed

    # --- graded cost -------------------------------------------------------------

    def cost(self, assignment: Sequence[int]) -> float:
        self._sync(assignment)
        return float(self._total())

    def _total(self) -> int:
        occ, geo = self._occ, self.geo
        shared = sum(k - 1 for k in occ if k > 1)
        touching = sum(1 for c, k in enumerate(occ) if k for n in geo.around[c] if n > c and occ[n])
        lines = sum(abs(a - b) for a, b in zip(self._line_count, self.line_need, strict=True))
        return shared + touching + lines

    def _sync(self, assignment: Sequence[int]) -> None:
        """Bring the kept occupancy in line with ``assignment``."""
        if len(self._assign) != len(assignment):
            self._assign = [-1] * len(assignment)
            self._occ = [0] * self.geo.size
            self._line_count = [0] * len(self.line_need)
        for t, (old, new) in enumerate(zip(self._assign, assignment, strict=True)):
            if old != new:
                if old >= 0:
                    self._remove(self.cells[t][old])
                self._add(self.cells[t][new])
                self._assign[t] = new

    def _add(self, cell: int) -> int:
        """Put one more tent claim on ``cell``; returns the cost change."""
        occ = self._occ
        occ[cell] += 1
        if occ[cell] > 1:
            return 1
        change = sum(1 for n in self.geo.around[cell] if occ[n])
        for line in self.line_of[cell]:
            count = self._line_count[line]
            change += 1 if count >= self.line_need[line] else -1
            self._line_count[line] = count + 1
        return change

    def _remove(self, cell: int) -> int:
        """Take one tent claim off ``cell``; returns the cost change."""
        occ = self._occ
        occ[cell] -= 1
        if occ[cell] > 0:
            return -1
        change = -sum(1 for n in self.geo.around[cell] if occ[n])
        for line in self.line_of[cell]:
            count = self._line_count[line]
            change += -1 if count > self.line_need[line] else 1
            self._line_count[line] = count - 1
        return change

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        self._sync(assignment)
        total = 0
        moved = [(t, v) for t, v in changes.items() if v != self._assign[t]]
        for t, _ in moved:
            total += self._remove(self.cells[t][self._assign[t]])
        for t, v in moved:
            total += self._add(self.cells[t][v])
        for t, v in moved:
            self._remove(self.cells[t][v])
        for t, _ in moved:
            self._add(self.cells[t][self._assign[t]])
        return float(total)

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        """Claims on the cell, touching tents and lines it would overfill."""
        self._sync(assignment)
        own = self.cells[var][self._assign[var]]
        self._remove(own)
        cell = self.cells[var][value]
        occ = self._occ
        score = occ[cell] + sum(1 for n in self.geo.around[cell] if occ[n])
        score += sum(1 for x in self.line_of[cell] if self._line_count[x] >= self.line_need[x])
        self._add(own)
        return float(score)

    # --- moves for the metaheuristics -----------------------------------------------

    def _cell(self, t: int) -> int:
        return self.cells[t][self._assign[t]]

    def _troubled(self) -> list[int]:
        occ, geo = self._occ, self.geo
        bad = []
        for t, v in enumerate(self._assign):
            cell = self.cells[t][v]
            if (
                occ[cell] > 1
                or any(occ[n] for n in geo.around[cell])
                or any(self._line_count[x] != self.line_need[x] for x in self.line_of[cell])
            ):
                bad.append(t)
        return bad

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        """Move a tent and re-pair: the tree goes to another site, and a tree whose
        tent now shares or touches the new cell moves to one of its own free sites."""
        self._sync(assignment)
        troubled = self._troubled()
        rng.shuffle(troubled)
        moves: list[dict[int, int]] = []
        occ = self._occ
        for t in troubled[:4]:
            for v, cell in enumerate(self.cells[t]):
                if v == self._assign[t]:
                    continue
                near = {cell, *self.geo.around[cell]}
                hit = {u for u, _ in self.clash[cell] if u != t and self._cell(u) in near}
                if not hit:
                    moves.append({t: v})
                    continue
                for u in hit:
                    for k, other in enumerate(self.cells[u]):
                        if k != self._assign[u] and other not in near and not occ[other]:
                            moves.append({t: v, u: k})
        rng.shuffle(moves)
        return moves[:24]

    def regions(self) -> list[list[int]]:
        """Trees competing for the same or touching cells, in groups of a few."""
        seen: set[int] = set()
        groups: list[list[int]] = []
        for start in range(self.size):
            if start in seen:
                continue
            group, queue = [], [start]
            seen.add(start)
            while queue:
                t = queue.pop(0)
                group.append(t)
                for c in self.cells[t]:
                    for u, _ in self.clash[c]:
                        if u not in seen and len(group) + len(queue) < REGION_SIZE:
                            seen.add(u)
                            queue.append(u)
            groups.append(group)
        return groups

    def decode(self, assignment: Sequence[int | None]) -> list[str]:
        """Row strings with ``A`` on each chosen cell."""
        w = self.geo.width
        tents = [divmod(self.cells[t][v], w) for t, v in enumerate(assignment) if v is not None]
        return self.puzzle.rows(tents)

    def value_label(self, var: int, value: int) -> str:
        return self.geo.name(self.cells[var][value])
