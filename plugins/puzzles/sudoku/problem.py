"""Sudoku as a contract ``Problem``: one variable per cell, value index = digit - 1.

Givens have one-value domains. ``propagate`` runs naked and hidden singles; ``cost``
counts, over every row, column and box, the digits held more than once (each repeat
counts one) plus a heavy charge for a given overwritten: a graded count whose gradient
the metaheuristics follow. Compound moves swap two non-given cells of a unit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from crossforge.plugins.contract import Domains, Problem
from crossforge.plugins.puzzles.sudoku.board import SYMBOLS, Sudoku, solution_string
from crossforge.plugins.puzzles.sudoku.search import propagate

GIVEN_PENALTY = 10.0
"""Cost of a given cell holding another digit than its given."""

SWAPS_PER_CALL = 12
"""Compound moves offered per ``compound_moves`` call."""


class SudokuProblem(Problem):
    """A Sudoku puzzle for the fill strategies."""

    def __init__(self, puzzle: Sudoku) -> None:
        self.puzzle = puzzle
        self.geo = puzzle.geometry
        self.free = [c for c, d in enumerate(puzzle.givens) if not d]
        self._weights = 1 << np.arange(self.geo.size, dtype=np.int64)
        self._free_units = [[c for c in unit if not puzzle.givens[c]] for unit in self.geo.units]

    @property
    def size(self) -> int:
        return self.geo.cells

    def initial_domains(self) -> Domains:
        n = self.geo.size
        domains = []
        for digit in self.puzzle.givens:
            mask = np.ones(n, dtype=bool) if not digit else np.arange(n) == digit - 1
            domains.append(mask)
        return domains

    def neighbours(self, var: int) -> Sequence[int]:
        return self.geo.peers[var]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        cands = [int(mask @ self._weights) for mask in domains]
        for cell, v in enumerate(cands):
            if not v:
                return cell
        before = list(cands)
        queue = [c for c in changed if not cands[c] & (cands[c] - 1)]
        if not queue:
            queue = [c for c, v in enumerate(cands) if not v & (v - 1)]
        wiped = propagate(self.geo, cands, queue)
        if wiped >= 0:
            return wiped
        n = self.geo.size
        for cell, v in enumerate(cands):
            if v != before[cell]:
                domains[cell] = (v >> np.arange(n)) & 1 == 1
        return None

    def _unit_cost(self, assignment: Sequence[int], unit: Sequence[int]) -> int:
        return len(unit) - len({assignment[c] for c in unit})

    def cost(self, assignment: Sequence[int]) -> float:
        total = float(sum(self._unit_cost(assignment, u) for u in self.geo.units))
        for cell, digit in enumerate(self.puzzle.givens):
            if digit and assignment[cell] != digit - 1:
                total += GIVEN_PENALTY
        return total

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        clash = sum(1 for p in self.geo.peers[var] if assignment[p] == value)
        given = self.puzzle.givens[var]
        return clash + (GIVEN_PENALTY if given and value != given - 1 else 0.0)

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        units = {u for var in changes for u in self.geo.units_of[var]}
        trial = dict(changes)
        before = after = 0.0
        for u in units:
            unit = self.geo.units[u]
            before += len(unit) - len({assignment[c] for c in unit})
            after += len(unit) - len({trial.get(c, assignment[c]) for c in unit})
        for var, value in changes.items():
            given = self.puzzle.givens[var]
            if given:
                before += GIVEN_PENALTY if assignment[var] != given - 1 else 0.0
                after += GIVEN_PENALTY if value != given - 1 else 0.0
        return after - before

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        """Swaps of two non-given cells of a unit, one of them in conflict where possible."""
        moves: list[dict[int, int]] = []
        pool = self._clashing(assignment) or self.free
        for _ in range(SWAPS_PER_CALL if pool else 0):
            a = rng.choice(pool)
            partners = [
                c
                for c in self._free_units[rng.choice(self.geo.units_of[a])]
                if c != a and assignment[c] != assignment[a]
            ]
            if partners:
                b = rng.choice(partners)
                moves.append({a: assignment[b], b: assignment[a]})
        return moves

    def _clashing(self, assignment: Sequence[int]) -> list[int]:
        """The free cells holding a digit that a peer holds too."""
        free_clash: set[int] = set()
        for unit in self.geo.units:
            first: dict[int, int] = {}
            for cell in unit:
                digit = assignment[cell]
                if digit in first:
                    free_clash.update((cell, first[digit]))
                else:
                    first[digit] = cell
        return sorted(c for c in free_clash if not self.puzzle.givens[c])

    def regions(self) -> list[list[int]]:
        """The boxes (a partition of the cells)."""
        n = self.geo.size
        return [list(unit) for unit in self.geo.units[2 * n :]]

    def decode(self, assignment: Sequence[int | None]) -> str:
        return solution_string([0 if v is None else v + 1 for v in assignment])

    def value_label(self, var: int, value: int) -> str:
        return SYMBOLS[value]
