"""A random walk over complete assignments, checking a Problem's incremental ``delta``
against the cost differences a fresh copy of the same problem computes."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from crossforge.plugins.contract import Problem


def walk_deltas(
    problem: Problem, fresh: Problem, sizes: Sequence[int], seed: int, steps: int = 200
) -> list[int]:
    """Propose ``steps`` changes of one to three variables (values below ``sizes``) and
    assert each ``problem.delta`` equals the difference of ``fresh.cost``; about half the
    changes are taken. Returns the assignment the walk ends on."""
    rng = random.Random(seed)
    values = [rng.randrange(n) for n in sizes]
    for _ in range(steps):
        changes = {
            var: rng.randrange(sizes[var])
            for var in rng.sample(range(problem.size), rng.randint(1, 3))
        }
        after = list(values)
        for var, value in changes.items():
            after[var] = value
        expected = fresh.cost(after) - fresh.cost(values)
        assert problem.delta(values, changes) == pytest.approx(expected)
        if rng.random() < 0.5:
            values = after
    return values
