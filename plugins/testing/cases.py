"""The kit's own problems: graph colouring, n queens and mini crosswords (one with
scored words and an objective), as real ``Problem`` subclasses, and the cases every
strategy is run on."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from crossforge.plugins.contract import Domains, Objective, Problem


class PairwiseProblem(Problem):
    """Variables under pairwise exclusions: a variable fixed to a value forbids values of
    its neighbours. Propagation is forward checking from every singleton domain."""

    def __init__(
        self,
        domain_sizes: Sequence[int],
        edges: Iterable[tuple[int, int]],
        givens: Mapping[int, int] | None = None,
    ) -> None:
        self.domain_sizes = list(domain_sizes)
        self._neighbours: list[list[int]] = [[] for _ in self.domain_sizes]
        self.edges = sorted({(min(a, b), max(a, b)) for a, b in edges if a != b})
        for a, b in self.edges:
            self._neighbours[a].append(b)
            self._neighbours[b].append(a)
        self.givens = dict(givens or {})

    @abstractmethod
    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        """Mask of ``other``'s values that clash with ``var`` holding ``value``."""

    @property
    def size(self) -> int:
        return len(self.domain_sizes)

    def initial_domains(self) -> Domains:
        domains = [np.ones(n, dtype=bool) for n in self.domain_sizes]
        for var, value in self.givens.items():
            domains[var] = np.zeros(self.domain_sizes[var], dtype=bool)
            domains[var][value] = True
        return domains

    def neighbours(self, var: int) -> Sequence[int]:
        return self._neighbours[var]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return _fixpoint(domains, changed, self._supported)

    def _supported(self, var: int, domains: Domains) -> list[tuple[int, np.ndarray]]:
        values = np.flatnonzero(domains[var])
        if len(values) != 1:
            return []
        return [(o, ~self.forbidden(var, int(values[0]), o)) for o in self._neighbours[var]]

    def cost(self, assignment: Sequence[int]) -> float:
        return float(
            sum(bool(self.forbidden(a, assignment[a], b)[assignment[b]]) for a, b in self.edges)
        )

    def decode(self, assignment: Sequence[int | None]) -> list[int | None]:
        return [None if v is None else int(v) for v in assignment]


class GraphColouring(PairwiseProblem):
    """Colour a graph's nodes with ``colours`` colours, adjacent nodes differing."""

    def __init__(
        self,
        nodes: int,
        edges: Iterable[tuple[int, int]],
        colours: int,
        givens: Mapping[int, int] | None = None,
    ) -> None:
        super().__init__([colours] * nodes, edges, givens)
        self.colours = colours

    @classmethod
    def clique(cls, nodes: int, colours: int) -> GraphColouring:
        """The complete graph: satisfiable exactly when ``colours >= nodes``."""
        return cls(nodes, [(a, b) for a in range(nodes) for b in range(a)], colours)

    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        mask = np.zeros(self.colours, dtype=bool)
        mask[value] = True
        return mask


class Queens(PairwiseProblem):
    """``n`` queens on an ``n`` x ``n`` board: variable = row, value = column."""

    def __init__(self, n: int, givens: Mapping[int, int] | None = None) -> None:
        super().__init__([n] * n, [(a, b) for a in range(n) for b in range(a)], givens)
        self.n = n

    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        mask = np.zeros(self.n, dtype=bool)
        shift = abs(var - other)
        for column in (value - shift, value, value + shift):
            if 0 <= column < self.n:
                mask[column] = True
        return mask


class MiniCrossword(Problem):
    """A tiny crossword: slots are the across and down runs of two or more cells of
    ``rows`` (``#`` a block, ``.`` an empty cell, a letter a given); values are the
    words of the slot's length; crossing letters must agree (cost: disagreeing cells).
    Propagation is arc consistency on the letter sets of crossing cells."""

    def __init__(self, rows: Sequence[str], words: Iterable[str]) -> None:
        self.rows = [row.upper() for row in rows]
        self.words: dict[int, list[str]] = {}
        for word in sorted({w.upper() for w in words}):
            self.words.setdefault(len(word), []).append(word)
        self.codes = {
            n: np.array([[ord(c) - 65 for c in w] for w in ws], dtype=np.int16).reshape(-1, n)
            for n, ws in self.words.items()
        }
        self.slots: list[list[tuple[int, int]]] = _runs(self.rows)
        owner: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for s, cells in enumerate(self.slots):
            for p, cell in enumerate(cells):
                owner.setdefault(cell, []).append((s, p))
        self.crossings: list[list[tuple[int, int, int]]] = [[] for _ in self.slots]
        for pairs in owner.values():
            if len(pairs) == 2:
                (s, p), (t, q) = pairs
                self.crossings[s].append((p, t, q))
                self.crossings[t].append((q, s, p))

    def _codes(self, slot: int) -> np.ndarray:
        n = len(self.slots[slot])
        return self.codes.get(n, np.zeros((0, n), dtype=np.int16))

    @property
    def size(self) -> int:
        return len(self.slots)

    def initial_domains(self) -> Domains:
        domains = []
        for s, cells in enumerate(self.slots):
            mask = np.ones(len(self._codes(s)), dtype=bool)
            for p, (r, c) in enumerate(cells):
                if self.rows[r][c].isalpha():
                    mask &= self._codes(s)[:, p] == ord(self.rows[r][c]) - 65
            domains.append(mask)
        return domains

    def neighbours(self, var: int) -> Sequence[int]:
        return [t for _, t, _ in self.crossings[var]]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return _fixpoint(domains, changed, self._supported)

    def _supported(self, s: int, domains: Domains) -> list[tuple[int, np.ndarray]]:
        supported = []
        for p, t, q in self.crossings[s]:
            letters = np.zeros(26, dtype=bool)
            letters[self._codes(s)[domains[s], p]] = True
            supported.append((t, letters[self._codes(t)[:, q]]))
        return supported

    def cost(self, assignment: Sequence[int]) -> float:
        clashes = 0
        for s, crossing in enumerate(self.crossings):
            for p, t, q in crossing:
                if s < t:
                    clashes += self._codes(s)[assignment[s], p] != self._codes(t)[assignment[t], q]
        return float(clashes)

    def decode(self, assignment: Sequence[int | None]) -> list[str]:
        grid = [list(row) for row in self.rows]
        for s, value in enumerate(assignment):
            if value is not None:
                for (r, c), letter in zip(self.slots[s], self.value_label(s, value), strict=True):
                    grid[r][c] = letter
        return ["".join(row) for row in grid]

    def value_label(self, var: int, value: int) -> str:
        return self.words[len(self.slots[var])][value]


class ScoredMiniCrossword(MiniCrossword):
    """A ``MiniCrossword`` whose words have scores (a fixed function of their letters,
    30–90) and an objective: the lowest score, then the mean, higher is better. It
    implements every objective hook, as a reference for problem authors."""

    def score(self, var: int, value: int) -> float:
        word = self.value_label(var, value)
        return float(30 + sum((i + 3) * ord(c) for i, c in enumerate(word)) % 61)

    def _scores(self, var: int) -> np.ndarray:
        n = len(self._codes(var))
        return np.array([self.score(var, v) for v in range(n)], dtype=float)

    def objective(self, assignment: Sequence[int]) -> Objective | None:
        scores = [self.score(v, value) for v, value in enumerate(assignment)]
        if not scores:
            return None
        low, mean = min(scores), sum(scores) / len(scores)
        return Objective((low, mean), {"min_score": low, "mean_score": round(mean, 3)})

    def objective_bound(self, domains: Domains) -> tuple[float, ...] | None:
        best = [
            float(self._scores(v)[domains[v]].max()) if domains[v].any() else None
            for v in range(self.size)
        ]
        if not best or None in best:
            return None
        known = [b for b in best if b is not None]
        return (min(known), sum(known) / len(known))

    def weakest(self, assignment: Sequence[int]) -> list[list[int]]:
        scores = [self.score(v, value) for v, value in enumerate(assignment)]
        return [[v] for v in sorted(range(self.size), key=scores.__getitem__)]

    def improving_domains(
        self, domains: Domains, assignment: Sequence[int], free: Sequence[int], focus: Sequence[int]
    ) -> Domains | None:
        low = min(self.score(v, value) for v, value in enumerate(assignment))
        narrowed = []
        for v, value in enumerate(assignment):
            if v not in free:
                only = np.zeros_like(domains[v])
                only[value] = domains[v][value]
                narrowed.append(only)
                continue
            scores = self._scores(v)
            mask = domains[v] & (scores >= low)
            if v in focus:
                mask &= scores > self.score(v, value)
            narrowed.append(mask)
        return narrowed


def _fixpoint(
    domains: Domains,
    changed: Sequence[int],
    supported: Callable[[int, Domains], list[tuple[int, np.ndarray]]],
) -> int | None:
    """Narrow domains until nothing changes: ``supported(var, domains)`` lists, for the
    variables ``var`` constrains, the masks of their values ``var``'s domain still allows.
    Masks are replaced, never changed in place. Returns a wiped-out variable or None."""
    queue = list(changed)
    while queue:
        var = queue.pop()
        if not domains[var].any():
            return var
        for other, allowed in supported(var, domains):
            narrowed = domains[other] & allowed
            if narrowed.sum() < domains[other].sum():
                domains[other] = narrowed
                if not narrowed.any():
                    return other
                queue.append(other)
    return None


def _runs(rows: Sequence[str]) -> list[list[tuple[int, int]]]:
    """Across then down runs of at least two open cells."""
    runs: list[list[tuple[int, int]]] = []
    height, width = len(rows), max((len(r) for r in rows), default=0)
    lines = [[(r, c) for c in range(width)] for r in range(height)]
    lines += [[(r, c) for r in range(height)] for c in range(width)]
    for line in lines:
        run: list[tuple[int, int]] = []
        for r, c in [*line, (-1, -1)]:
            if r >= 0 and c < len(rows[r]) and rows[r][c] != "#":
                run.append((r, c))
                continue
            if len(run) >= 2:
                runs.append(run)
            run = []
    return runs


_MINI_TEXT = """
ACE ACT AGE AGO AIR ALE APE ARC ARE ART ATE BAT BED BEE CAB CAR CAT COT CUE DEN DOE EAR
EAT EEL EGO ERA ETA GEL HAT ICE ODE OAR OAT ORE RAT SEA SET TAR TEA TEN TOE
ABLE ACES ACRE AREA ARTS BEAR BEAT CARE CART CASE DARE DATE EACH EARN EAST EATS ERAS IDEA
IRON LATE NEAR NEAT NOTE ONCE ORAL OATS RACE RATE REAR REST ROSE SEAT SORE STAR TEAR TONE
"""
MINI_WORDS = tuple(_MINI_TEXT.split())
"""The mini crosswords' word list."""


@dataclass(frozen=True)
class Case:
    """A kit problem: its name, how to build it, whether it has a solution, and whether
    an incomplete (stochastic) strategy is expected to solve it."""

    name: str
    build: Callable[[], Problem]
    satisfiable: bool
    easy: bool = False


def _petersen() -> GraphColouring:
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return GraphColouring(10, outer + spokes + inner, 3)


BLOCKED = ("#...", "....", "....", "...#")
NO_FILL = ("O...", "....", "....", "....")
"""A grid the mini word list cannot fill, though propagation alone does not show it."""

CASES: tuple[Case, ...] = (
    Case("empty", lambda: GraphColouring(0, [], 3), True, easy=True),
    Case(
        "colouring-cycle",
        lambda: GraphColouring(5, [(i, (i + 1) % 5) for i in range(5)], 3),
        True,
        easy=True,
    ),
    Case("colouring-petersen", _petersen, True, easy=True),
    Case("queens-6", lambda: Queens(6), True, easy=True),
    Case("queens-8-given", lambda: Queens(8, givens={0: 0, 1: 4}), True),
    Case("mini-crossword", partial(MiniCrossword, ["...", "...", "..."], MINI_WORDS), True),
    Case("mini-crossword-blocks", partial(MiniCrossword, BLOCKED, MINI_WORDS), True),
    Case("colouring-k4-3", lambda: GraphColouring.clique(4, 3), False),
    Case("colouring-petersen-2", lambda: GraphColouring(10, _petersen().edges, 2), False),
    Case("queens-3", lambda: Queens(3), False),
    Case("mini-crossword-given", partial(MiniCrossword, NO_FILL, MINI_WORDS), False),
)
"""The problems every strategy is run on."""

SCORED_CASES: tuple[Case, ...] = (
    Case("scored-3x3", partial(ScoredMiniCrossword, ["...", "...", "..."], MINI_WORDS), True),
    Case("scored-blocks", partial(ScoredMiniCrossword, BLOCKED, MINI_WORDS), True),
)
"""Problems with an objective, for strategies that look for the best solution."""


def hard_problem() -> Problem:
    """An unsatisfiable pigeonhole problem no pairwise search finishes in seconds."""
    return GraphColouring.clique(13, 12)
