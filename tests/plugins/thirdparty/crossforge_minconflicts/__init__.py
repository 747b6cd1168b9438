"""Min-conflicts local search as a Crossforge fill strategy (a third-party plugin)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from crossforge.plugins.contract import Control, FillStrategy, Problem, SearchResult

__version__ = "0.2.0"


class MinConflicts(FillStrategy):
    """Min-conflicts local search with a random walk and restarts."""

    description = (
        "Min-conflicts local search with a random walk and restarts: quick on loose "
        "problems, never proves that no solution exists."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "walk": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.1},
            "steps": {"type": "integer", "minimum": 1, "default": 1000},
            "sample": {"type": "integer", "minimum": 1, "default": 200},
        },
    }

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        properties = self.parameters["properties"]
        unknown = sorted(set(params) - set(properties))
        if unknown:
            raise ValueError(f"unknown parameter(s) for minconflicts: {', '.join(unknown)}")
        options = {name: spec["default"] for name, spec in properties.items()} | params
        walk, steps, sample = options["walk"], options["steps"], options["sample"]
        rng = random.Random(control.seed)
        started = time.monotonic()
        stats: dict[str, Any] = {"steps": 0, "restarts": 0}
        domains = problem.initial_domains()
        if problem.propagate(domains, range(problem.size)) is not None:
            stats["time_s"] = round(time.monotonic() - started, 4)
            return SearchResult([None] * problem.size, "unsatisfiable", stats=stats)
        values = [np.flatnonzero(mask) for mask in domains]
        best: list[int] = []
        best_cost = float("inf")
        while True:
            current = [int(rng.choice(list(v))) for v in values]
            cost = problem.cost(current)
            for _ in range(steps):
                if cost < best_cost:
                    best, best_cost = list(current), cost
                if cost == 0:
                    stats["time_s"] = round(time.monotonic() - started, 4)
                    return SearchResult(list[int | None](current), "solved", stats=stats)
                reason = control.should_stop()
                if reason:
                    stats["time_s"] = round(time.monotonic() - started, 4)
                    partial = _consistent_part(problem, best)
                    return SearchResult(partial, "gave_up", reason, {**stats, "cost": best_cost})
                stats["steps"] += 1
                if stats["steps"] % 100 == 0:
                    control.progress({**stats, "cost": cost, "best_cost": best_cost})
                var = rng.randrange(problem.size)
                choices = list(values[var])
                if len(choices) > sample:
                    choices = rng.sample(choices, sample)
                if rng.random() < walk:
                    value = int(rng.choice(choices))
                else:
                    scored = [
                        (problem.conflicts(current, var, int(x)), rng.random(), int(x))
                        for x in choices
                    ]
                    value = min(scored)[2]
                cost += problem.delta(current, {var: value})
                current[var] = value
            stats["restarts"] += 1


def _consistent_part(problem: Problem, assignment: Sequence[int]) -> list[int | None]:
    """The assignment without the variables that take part in a violation."""
    return [
        value if problem.conflicts(assignment, var, value) == 0 else None
        for var, value in enumerate(assignment)
    ]
