"""A plain depth-first search over a Problem's own propagation, for tests to check
propagation and solution counts against (no strategy, no heuristics beyond the
smallest domain)."""

from __future__ import annotations

import numpy as np

from crossforge.plugins.contract import Domains, Problem


def solutions(problem: Problem, limit: int | None = None) -> list[list[int]]:
    """Complete assignments of cost 0, in search order, at most ``limit`` of them."""
    found: list[list[int]] = []

    def visit(domains: Domains) -> None:
        if limit is not None and len(found) >= limit:
            return
        if problem.propagate(domains, range(problem.size)) is not None:
            return
        open_vars = [v for v in range(problem.size) if domains[v].sum() > 1]
        if not open_vars:
            values = [int(np.flatnonzero(d)[0]) for d in domains]
            if problem.cost(values) == 0:
                found.append(values)
            return
        var = min(open_vars, key=lambda v: domains[v].sum())
        for value in np.flatnonzero(domains[var]):
            trial = list(domains)
            mask = np.zeros_like(trial[var])
            mask[value] = True
            trial[var] = mask
            visit(trial)

    visit(problem.initial_domains())
    return found
