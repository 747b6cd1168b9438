"""The search plan: which variable to fill next (the Canadian-crossword article,
decisions 1, 2 and 4).

The static plan ranks variables by how constrained they are (most neighbours first: the
longest entries of a checked grid) and, among equals, by placing difficulty (fewest
candidates first). During search the choice is dom/wdeg: the share of its starting
candidates a variable has left (so that a short slot, with few words to start with, is
not taken for a tight one) divided by unfilled neighbours plus its failure count, the
plan breaking ties. Once a
fragment (a group of unfilled variables that no other unfilled variable touches) is
entered, it is filled to the end before any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossforge.plugins.contract import Problem


class Plan:
    """Variable ordering for one problem: static ranks, failure weights and fragments."""

    def __init__(self, problem: Problem, sizes: Sequence[int], fragments: bool = True) -> None:
        n = problem.size
        self.neighbours = [list(problem.neighbours(v)) for v in range(n)]
        order = sorted(range(n), key=lambda v: (-len(self.neighbours[v]), sizes[v], v))
        self.rank = [0] * n
        for position, var in enumerate(order):
            self.rank[var] = position
        self.start = [max(1, size) for size in sizes]
        self.failures = [0] * n
        self.use_fragments = fragments
        self.fragment: set[int] = set()

    def failed(self, var: int) -> None:
        """Count a wipe-out of ``var`` (the weight in dom/wdeg)."""
        self.failures[var] += 1

    def forget_fragment(self) -> None:
        """Drop the current fragment (after a backjump or restart)."""
        self.fragment = set()

    def choose(self, sizes: Sequence[int]) -> int | None:
        """The next variable to decide (None when every domain is a single value)."""
        open_vars = {v for v, size in enumerate(sizes) if size > 1}
        if not open_vars:
            return None
        candidates = (self.fragment & open_vars) or open_vars
        best = -1
        best_key = (float("inf"), 0)
        for var in candidates:
            degree = 0
            for t in self.neighbours[var]:
                if sizes[t] > 1:
                    degree += 1
            share = sizes[var] / self.start[var]
            key = (share / (1 + degree + self.failures[var]), self.rank[var])
            if key < best_key:
                best, best_key = var, key
        if self.use_fragments:
            self.fragment = self._component(best, open_vars)
        return best

    def _component(self, start: int, open_vars: set[int]) -> set[int]:
        seen = {start}
        stack = [start]
        while stack:
            var = stack.pop()
            for t in self.neighbours[var]:
                if t in open_vars and t not in seen:
                    seen.add(t)
                    stack.append(t)
        return seen
