"""A genetic algorithm over complete assignments, with region-keeping crossover.

Individuals are complete assignments over the propagated domains. Parents are chosen by
tournament or roulette; uniform or two-point crossover copies whole regions
(``Problem.regions``: entries, units, rectangles) from one parent, preferring a region
that is free of conflicts in its parent; mutation is aimed at violated constraints
(min-conflicts steps on variables in conflict, and the problem's compound moves). The
best individuals survive unchanged; immigrants replace the worst on stagnation, and a
population that stays stuck is restarted.
"""

from __future__ import annotations

import random
from typing import Any

from crossforge.plugins.contract import Control, FillStrategy, InputError, Problem, SearchResult
from crossforge.plugins.job_requests import resolve_parameters
from crossforge.plugins.strategies.local_search import (
    SHARED_PARAMETERS,
    SOLVED_EPSILON,
    Progress,
    Start,
    TrackedAssignment,
    finish,
    greedy_start,
    propose,
)

COUNTERS = ("generations", "evaluations", "immigrants", "restarts")
"""The run's counters in its statistics."""


class Genetic(FillStrategy):
    """A genetic algorithm on the problem's graded violation count."""

    description = (
        "Genetic algorithm: tournament or roulette selection, region-keeping uniform or "
        "two-point crossover, min-conflicts mutation, elitism, immigrants and restarts; "
        "stochastic, never proves unsatisfiable."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "population": {
                "type": "integer",
                "minimum": 2,
                "default": 24,
                "description": "Individuals per generation.",
            },
            "selection": {
                "type": "string",
                "enum": ["tournament", "roulette"],
                "default": "tournament",
                "description": "Tournament of tournament_size, or roulette weighted by "
                "1 / (1 + cost - best cost).",
            },
            "tournament_size": {
                "type": "integer",
                "minimum": 1,
                "default": 3,
                "description": "Individuals drawn per tournament.",
            },
            "crossover": {
                "type": "string",
                "enum": ["uniform", "two_point"],
                "default": "uniform",
                "description": "Regions taken from either parent one by one, or a run "
                "of regions between two cut points from the second parent.",
            },
            "crossover_rate": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "default": 0.8,
                "description": "Share of children made by crossover (the rest are copies).",
            },
            "mutation_steps": {
                "type": "integer",
                "minimum": 0,
                "default": 40,
                "description": "Min-conflicts steps aimed at violations, per child.",
            },
            "mutation_noise": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "default": 0.1,
                "description": "Chance that a mutation step making things worse is kept.",
            },
            "elite": {
                "type": "integer",
                "minimum": 0,
                "default": 2,
                "description": "Best individuals copied unchanged into the next generation.",
            },
            "stagnation": {
                "type": "integer",
                "minimum": 1,
                "default": 20,
                "description": "Generations without a new best before immigrants arrive.",
            },
            "immigrants": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "default": 0.5,
                "description": "Share of the population (the worst) replaced by fresh "
                "individuals on stagnation.",
            },
            "restart_after": {
                "type": "integer",
                "minimum": 1,
                "default": 4,
                "description": "Fruitless immigrant waves before the population restarts.",
            },
            "max_generations": {
                "type": "integer",
                "minimum": 1,
                "default": 1_000_000,
                "description": "Generations before giving up (the deadline usually stops first).",
            },
            **SHARED_PARAMETERS,
        },
    }

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        """Evolve until cost 0, the deadline, cancellation or ``max_generations``."""
        options = resolve_parameters("genetic", self.parameters, params)
        if options["elite"] >= options["population"]:
            raise InputError("parameter elite of genetic must be smaller than population")
        start = Start.of("genetic", options, problem, control, COUNTERS)
        if start.space.empty:
            return finish(start.space, None, "empty domain", start.progress, start.stats)
        run = _Evolution(start, control)
        reason = run.evolve(start.progress)
        start.progress.report(
            generation=start.stats["generations"], best_cost=run.best_cost, done=True
        )
        return finish(start.space, run.best, reason, start.progress, start.stats)


class _Evolution:
    """One run of the genetic algorithm: population, operators and bookkeeping."""

    def __init__(self, start: Start, control: Control) -> None:
        self.space = space = start.space
        self.rng = start.rng
        self.options = start.options
        self.settings = start.settings
        self.control = control
        self.stats = start.stats
        self.regions = [r for r in space.problem.regions() if any(space.is_free[v] for v in r)]
        self.best: list[int] | None = None
        self.best_cost = float("inf")
        self.stop_reason: str | None = None

    def evolve(self, progress: Progress) -> str:
        """Run generations until solved or stopped; the reason ("" when solved)."""
        options = self.options
        if not self.space.free:
            self._fresh(1)
            return "" if self.best_cost <= SOLVED_EPSILON else "nothing to change"
        population = self._fresh(options["population"])
        since_best = waves = 0
        for generation in range(1, options["max_generations"] + 1):
            if self.best_cost <= SOLVED_EPSILON:
                return ""
            if self.stop_reason:
                return self.stop_reason
            population.sort(key=lambda individual: individual.cost)
            progress.maybe(
                generation=generation,
                best_cost=self.best_cost,
                population_best=population[0].cost,
                restarts=self.stats["restarts"],
            )
            before = self.best_cost
            population = self._next_generation(population)
            self.stats["generations"] = generation
            if self.best_cost < before:
                since_best = waves = 0
                continue
            since_best += 1
            if since_best < options["stagnation"]:
                continue
            since_best = 0
            waves += 1
            if waves > options["restart_after"]:
                waves = 0
                self.stats["restarts"] += 1
                population = self._fresh(options["population"])
            else:
                population.sort(key=lambda individual: individual.cost)
                count = max(1, int(options["immigrants"] * len(population)))
                keep = max(options["elite"], len(population) - count)
                self.stats["immigrants"] += len(population) - keep
                population = population[:keep] + self._fresh(len(population) - keep)
        return "" if self.best_cost <= SOLVED_EPSILON else "max_generations"

    def _fresh(self, count: int) -> list[TrackedAssignment]:
        """New individuals from greedy random starts, each mutated once."""
        fresh: list[TrackedAssignment] = []
        for _ in range(count):
            self.stop_reason = self.control.should_stop()
            if self.stop_reason:
                break
            individual = TrackedAssignment(
                self.space, greedy_start(self.space, self.rng, self.settings)
            )
            self._mutate(individual)
            fresh.append(individual)
        return fresh

    def _next_generation(self, population: list[TrackedAssignment]) -> list[TrackedAssignment]:
        """Elites (population sorted best first) plus children of selected parents."""
        options = self.options
        children = population[: options["elite"]]
        while len(children) < len(population) and not self.stop_reason:
            if self.best_cost <= SOLVED_EPSILON:
                break
            first = self._select(population)
            second = self._select(population)
            if options["crossover_rate"] and self.rng.random() < options["crossover_rate"]:
                child = TrackedAssignment(
                    self.space,
                    crossover(first, second, self.regions, self.options["crossover"], self.rng),
                )
            else:
                child = first.copy()
            self._mutate(child)
            children.append(child)
        return children

    def _select(self, population: list[TrackedAssignment]) -> TrackedAssignment:
        """A parent by tournament or roulette (lower cost wins)."""
        rng = self.rng
        if self.options["selection"] == "tournament":
            size = min(self.options["tournament_size"], len(population))
            return min(rng.sample(population, size), key=lambda individual: individual.cost)
        low = min(individual.cost for individual in population)
        weights = [1.0 / (1.0 + individual.cost - low) for individual in population]
        return rng.choices(population, weights)[0]

    def _mutate(self, individual: TrackedAssignment) -> None:
        """Min-conflicts and compound steps aimed at violations; improvements are kept."""
        rng = self.rng
        noise = self.options["mutation_noise"]
        for _ in range(self.options["mutation_steps"]):
            if individual.cost <= SOLVED_EPSILON:
                break
            self.stop_reason = self.control.should_stop()
            if self.stop_reason:
                break
            proposal = propose(individual, rng, self.settings)
            if proposal is None:
                break
            move, delta = proposal
            if delta <= 0 or rng.random() < noise:
                individual.apply(move, delta)
        individual.resync()
        self.stats["evaluations"] += 1
        if individual.cost < self.best_cost:
            self.best, self.best_cost = list(individual.values), individual.cost


def crossover(
    first: TrackedAssignment,
    second: TrackedAssignment,
    regions: list[list[int]],
    kind: str,
    rng: random.Random,
) -> list[int]:
    """A child copying each region whole from one parent ("uniform" or "two_point").

    A region free of conflicts in one parent and not in the other comes from the clean
    one; clean regions are written last, so overlapping regions cannot spoil them.
    """
    if kind == "two_point" and regions:
        a, b = sorted(rng.sample(range(len(regions) + 1), 2))
        sources = [second if a <= i < b else first for i in range(len(regions))]
    else:
        sources = [first if rng.random() < 0.5 else second for _ in regions]
    plan = []
    for index, (region, source) in enumerate(zip(regions, sources, strict=True)):
        other = second if source is first else first
        bad = source.region_conflicts(index, region)
        if bad and other.region_conflicts(index, region) == 0:
            source, bad = other, 0
        plan.append((bad, region, source))
    child = list(first.values)
    for _bad, region, source in sorted(plan, key=lambda item: -item[0]):
        for var in region:
            child[var] = source.values[var]
    return child
