"""Nogoods: sets of decisions (variable = value) the search proved cannot hold together.

Recorded from conflict sets when the search backjumps, they stay valid for the whole
problem, so they survive restarts. The Canadian-crossword article's "accelerator"
(forbid the letter that made a fragment fail when its starting word is set again) is
the one-crossing case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from crossforge.plugins.contract import Domains

Literal = tuple[int, int]


class NogoodStore:
    """Nogoods indexed by literal, pruned by unit propagation as literals become true.

    At most ``capacity`` are kept: past it, the older half is forgotten (forgetting a
    nogood never makes the search wrong, only less informed).
    """

    def __init__(self, max_size: int, capacity: int = 20_000) -> None:
        self.max_size = max_size
        self.capacity = capacity
        self._nogoods: list[tuple[Literal, ...]] = []
        self._seen: set[frozenset[Literal]] = set()
        self._by_literal: dict[Literal, list[int]] = {}

    def __len__(self) -> int:
        return len(self._nogoods)

    def add(self, literals: Iterable[Literal]) -> bool:
        """Record a nogood; False when it is too long or already known."""
        nogood = tuple(sorted(set(literals)))
        key = frozenset(nogood)
        if not nogood or len(nogood) > self.max_size or key in self._seen:
            return False
        if len(self._nogoods) >= self.capacity:
            self._forget_older_half()
        self._seen.add(key)
        number = len(self._nogoods)
        self._nogoods.append(nogood)
        for literal in nogood:
            self._by_literal.setdefault(literal, []).append(number)
        return True

    def _forget_older_half(self) -> None:
        kept = self._nogoods[len(self._nogoods) // 2 :]
        self._nogoods, self._seen, self._by_literal = [], set(), {}
        for nogood in kept:
            self._seen.add(frozenset(nogood))
            for literal in nogood:
                self._by_literal.setdefault(literal, []).append(len(self._nogoods))
            self._nogoods.append(nogood)

    def prune(
        self,
        domains: Domains,
        reasons: list[int],
        fixed: Sequence[Literal],
        value_of: Callable[[int, np.ndarray], int | None],
    ) -> tuple[list[int], int | None]:
        """Apply the nogoods that mention a newly true literal of ``fixed``.

        A nogood with every literal true is a conflict; with all but one true, the last
        value is removed from its variable. Returns the variables pruned and the conflict
        (the reasons of the nogood's variables ORed), or None.
        """
        changed: list[int] = []
        for literal in fixed:
            for number in self._by_literal.get(literal, ()):
                open_literal: Literal | None = None
                blame = 0
                for var, value in self._nogoods[number]:
                    domain = domains[var]
                    if not domain[value]:
                        break
                    if value_of(var, domain) == value:
                        blame |= reasons[var]
                    elif open_literal is None:
                        open_literal = (var, value)
                    else:
                        break
                else:
                    if open_literal is None:
                        return changed, blame
                    var, value = open_literal
                    narrowed = domains[var].copy()
                    narrowed[value] = False
                    domains[var] = narrowed
                    reasons[var] |= blame
                    if not narrowed.any():
                        return changed, reasons[var]
                    changed.append(var)
        return changed, None
