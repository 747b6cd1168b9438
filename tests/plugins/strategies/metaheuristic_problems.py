"""Small Problems for testing the stochastic strategies: n queens without propagation and
with swap moves, and the kit's graph colouring (Latin squares among them) with local
conflict counts."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from crossforge.plugins.contract import Domains, Problem
from crossforge.plugins.testing.cases import GraphColouring


class Queens(Problem):
    """n queens, one per row: variable = row, value = column; cost = attacking pairs."""

    def __init__(self, n: int) -> None:
        self.n = n

    @property
    def size(self) -> int:
        return self.n

    def initial_domains(self) -> Domains:
        return [np.ones(self.n, dtype=bool) for _ in range(self.n)]

    def neighbours(self, var: int) -> Sequence[int]:
        return [r for r in range(self.n) if r != var]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return None

    def _attacks(self, assignment: Sequence[int], row: int, col: int) -> int:
        return sum(
            1
            for r, c in enumerate(assignment)
            if r != row and (c == col or abs(c - col) == abs(r - row))
        )

    def cost(self, assignment: Sequence[int]) -> float:
        return sum(self._attacks(assignment, r, c) for r, c in enumerate(assignment)) / 2

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        return self._attacks(assignment, var, value)

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        if len(changes) == 1:
            ((var, value),) = changes.items()
            return self._attacks(assignment, var, value) - self._attacks(
                assignment, var, assignment[var]
            )
        return super().delta(assignment, changes)

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        a, b = rng.sample(range(self.n), 2)
        return [{a: assignment[b], b: assignment[a]}]

    def decode(self, assignment: Sequence[int | None]) -> list[int | None]:
        return list(assignment)


class Colouring(GraphColouring):
    """The kit's graph colouring, with node 0 given colour 0 (symmetry broken) unless
    ``givens`` say otherwise, and a value's conflicts counted among the neighbours."""

    def __init__(
        self,
        nodes: int,
        edges: list[tuple[int, int]],
        colours: int,
        givens: Mapping[int, int] | None = None,
    ) -> None:
        super().__init__(nodes, edges, colours, {0: 0} if givens is None else givens)

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        return sum(1 for other in self.neighbours(var) if assignment[other] == value)


class LatinSquare(Colouring):
    """An n x n Latin square with givens: the colouring of the rook's graph, cell = row * n
    + col, value = symbol.

    Cost = symbols missing from rows and columns; compound moves swap two free cells of
    a row; regions are rows.
    """

    def __init__(self, n: int, givens: Mapping[tuple[int, int], int]) -> None:
        cells = n * n
        rook = [
            (a, b) for a in range(cells) for b in range(a) if a // n == b // n or a % n == b % n
        ]
        super().__init__(cells, rook, n, {r * n + c: symbol for (r, c), symbol in givens.items()})
        self.n = n

    def cost(self, assignment: Sequence[int]) -> float:
        n = self.n
        missing = 0
        for i in range(n):
            missing += n - len({assignment[i * n + c] for c in range(n)})
            missing += n - len({assignment[r * n + i] for r in range(n)})
        return missing

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        row = rng.randrange(self.n)
        a, b = rng.sample(range(self.n), 2)
        va, vb = row * self.n + a, row * self.n + b
        return [{va: assignment[vb], vb: assignment[va]}]

    def regions(self) -> list[list[int]]:
        return [[r * self.n + c for c in range(self.n)] for r in range(self.n)]


def triangle_in_two_colours() -> Colouring:
    """An unsatisfiable problem: a triangle cannot be 2-coloured."""
    return Colouring(3, [(0, 1), (1, 2), (0, 2)], 2)


def random_graph(
    nodes: int, edges: int, colours: int, seed: int, kind: type[Colouring] = Colouring
) -> Colouring:
    """A colourable random graph: edges only join nodes of different hidden colours."""
    rng = random.Random(seed)
    hidden = [rng.randrange(colours) for _ in range(nodes)]
    hidden[0] = 0
    chosen: set[tuple[int, int]] = set()
    while len(chosen) < edges:
        a, b = sorted(rng.sample(range(nodes), 2))
        if hidden[a] != hidden[b]:
            chosen.add((a, b))
    return kind(nodes, sorted(chosen), colours)


class CountingColouring(Colouring):
    """Colouring with a vectorised ``value_conflicts`` that counts its calls."""

    def __init__(self, nodes: int, edges: list[tuple[int, int]], colours: int) -> None:
        super().__init__(nodes, edges, colours)
        self.vector_calls = 0

    def value_conflicts(
        self, assignment: Sequence[int], var: int, values: np.ndarray
    ) -> np.ndarray:
        self.vector_calls += 1
        held = np.bincount(
            [assignment[other] for other in self.neighbours(var)], minlength=self.colours
        )
        return held[values].astype(float)
