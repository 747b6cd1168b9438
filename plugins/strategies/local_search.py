"""What the stochastic strategies share: the search space, a tracked assignment, moves.

``genetic`` and ``annealing`` both search complete assignments drawn from the
propagated domains (values fixed by propagation never change), minimise the problem's
graded ``cost``, and propose rule-aware moves: a variable in conflict takes a value
drawn with probability falling with the conflicts it would cause (the Sudoku-annealing article's
softmax), or the problem supplies a compound move that changes several variables at once.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from crossforge.plugins.contract import Control, Domains, Problem, SearchResult

SOLVED_EPSILON = 1e-9
"""A cost at or below this counts as 0 (costs may be sums of floats)."""


@dataclass
class SearchSpace:
    """A problem with its propagated domains: which variables may change, and to what."""

    problem: Problem
    domains: Domains
    choices: list[list[int]]
    free: list[int]
    is_free: list[bool]
    neighbours: list[list[int]]
    vectorised: bool
    """The problem counts conflicts of whole domains at once (``value_conflicts``)."""
    arrays: list[np.ndarray]
    """The choices as index arrays, for ``value_conflicts``."""

    @classmethod
    def of(cls, problem: Problem, propagate: bool = True) -> SearchSpace:
        """The problem's initial domains, propagated once unless told otherwise.

        A wipe-out is not reported (the stochastic strategies never claim
        unsatisfiability): they search the unpropagated domains and give up in time.
        """
        domains = list(problem.initial_domains())
        propagated = list(domains)
        if propagate and problem.propagate(propagated, range(problem.size)) is None:
            domains = propagated
        choices = [[int(x) for x in problem.value_order(v, domains)] for v in range(problem.size)]
        free = [v for v, values in enumerate(choices) if len(values) > 1]
        is_free = [len(values) > 1 for values in choices]
        neighbours = [[int(u) for u in problem.neighbours(v)] for v in range(problem.size)]
        vectorised = type(problem).value_conflicts is not Problem.value_conflicts
        arrays = [np.array(values, dtype=np.int64) for values in choices]
        return cls(problem, domains, choices, free, is_free, neighbours, vectorised, arrays)

    @property
    def empty(self) -> list[int]:
        """Variables without any value left (no complete assignment exists to search)."""
        return [v for v, values in enumerate(self.choices) if not values]

    def allows(self, changes: Mapping[int, int]) -> bool:
        """True when every change keeps a free variable inside its domain."""
        return all(
            self.is_free[v] and 0 <= x < len(self.domains[v]) and bool(self.domains[v][x])
            for v, x in changes.items()
        )

    def random_values(self, rng: random.Random) -> list[int]:
        """A complete assignment with a uniformly drawn value for each free variable."""
        return [values[0] if len(values) == 1 else rng.choice(values) for values in self.choices]


class _IndexedSet:
    """A set of ints with O(1) add, remove and uniform random pick, in a stable order."""

    def __init__(self, items: list[int]) -> None:
        self.items = list(items)
        self.position = {item: i for i, item in enumerate(self.items)}

    def __len__(self) -> int:
        return len(self.items)

    def add(self, item: int) -> None:
        if item not in self.position:
            self.position[item] = len(self.items)
            self.items.append(item)

    def discard(self, item: int) -> None:
        i = self.position.pop(item, None)
        if i is None:
            return
        last = self.items.pop()
        if last != item:
            self.items[i] = last
            self.position[last] = i


class TrackedAssignment:
    """A complete assignment with its cost and the free variables that may be in conflict.

    The suspect set is lazy: a change marks the changed variables and their neighbours,
    and a pick verifies its variable with ``Problem.conflicts``, dropping it when clean.
    """

    def __init__(self, space: SearchSpace, values: list[int]) -> None:
        self.space = space
        self.values = values
        self.cost = float(space.problem.cost(values))
        self._suspects = _IndexedSet(space.free)
        self._region_memo: dict[int, float] = {}

    def copy(self) -> TrackedAssignment:
        """An independent copy (values and suspects; the cost is not recomputed)."""
        twin = TrackedAssignment.__new__(TrackedAssignment)
        twin.space = self.space
        twin.values = list(self.values)
        twin.cost = self.cost
        twin._suspects = _IndexedSet(self._suspects.items)
        twin._region_memo = dict(self._region_memo)
        return twin

    def apply(self, changes: Mapping[int, int], delta: float) -> None:
        """Apply ``changes`` whose cost change is ``delta``; mark what they touch."""
        values = self.values
        suspects = self._suspects
        is_free = self.space.is_free
        self._region_memo.clear()
        for var, value in changes.items():
            values[var] = value
            suspects.add(var)
            for other in self.space.neighbours[var]:
                if is_free[other]:
                    suspects.add(other)
        self.cost += delta

    def resync(self) -> None:
        """Recompute the cost from scratch (incremental deltas may drift)."""
        self.cost = float(self.space.problem.cost(self.values))

    def conflicted_var(self, rng: random.Random) -> int | None:
        """A free variable in conflict drawn uniformly, or None when none is."""
        problem = self.space.problem
        values = self.values
        suspects = self._suspects
        while len(suspects):
            var = suspects.items[rng.randrange(len(suspects))]
            if problem.conflicts(values, var, values[var]) > 0:
                return var
            suspects.discard(var)
        return None

    def region_conflicts(self, key: int, variables: list[int]) -> float:
        """Total violations ``variables`` take part in, remembered under ``key`` until
        the next change."""
        known = self._region_memo.get(key)
        if known is None:
            problem = self.space.problem
            values = self.values
            known = sum(problem.conflicts(values, v, values[v]) for v in variables)
            self._region_memo[key] = known
        return known


@dataclass
class MoveSettings:
    """How proposals are drawn: softmax weight, value sample, compound and walk rates."""

    value_weight: float
    value_draw: str
    candidate_sample: int
    compound_rate: float
    compound_sample: int
    walk_rate: float

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> MoveSettings:
        """The move settings among a strategy's resolved parameters."""
        return cls(
            value_weight=params["value_weight"],
            value_draw=params["value_draw"],
            candidate_sample=params["candidate_sample"],
            compound_rate=params["compound_rate"],
            compound_sample=params["compound_sample"],
            walk_rate=params["walk_rate"],
        )


SHARED_PARAMETERS: dict[str, dict[str, Any]] = {
    "propagate": {
        "type": "boolean",
        "default": True,
        "description": "Start from the propagated domains (values fixed by propagation "
        "never change); false searches the initial domains, as the articles did.",
    },
    "value_weight": {
        "type": "number",
        "minimum": 0,
        "default": 2.0,
        "description": "Softmax weight w: a value (or level) is drawn with weight "
        "exp(-w x its conflicts).",
    },
    "value_draw": {
        "type": "string",
        "enum": ["level", "value"],
        "default": "level",
        "description": "Softmax over conflict levels, then a value of the level drawn "
        "uniformly; or over values, as the Sudoku-annealing article.",
    },
    "candidate_sample": {
        "type": "integer",
        "minimum": 1,
        "default": 48,
        "description": "At most this many values of a large domain are weighed per draw.",
    },
    "compound_rate": {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "default": 0.3,
        "description": "Share of proposals taken from the problem's compound moves.",
    },
    "compound_sample": {
        "type": "integer",
        "minimum": 1,
        "default": 4,
        "description": "Compound moves weighed per proposal (the best one is proposed).",
    },
    "walk_rate": {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "default": 0.02,
        "description": "Share of proposals that change any free variable, in conflict or not.",
    },
}
"""Schema properties both strategies take: propagation and the move settings."""


def draw_value(
    space: SearchSpace,
    values: list[int],
    var: int,
    rng: random.Random,
    settings: MoveSettings,
    keep_current: bool = False,
) -> int:
    """A value for ``var``, likelier the fewer conflicts it would cause.

    Per value (the Sudoku-annealing article): weight exp(-w x conflicts). Per level (the default): a
    conflict count present among the candidates is drawn with weight exp(-w x count),
    then a value with that count uniformly, so a huge domain's many poor values cannot
    outweigh its few good ones. A problem with a vectorised ``value_conflicts`` has its
    whole domain weighed, others a sample of ``candidate_sample`` values.
    """
    current = values[var]
    if space.vectorised:
        candidates = space.arrays[var]
        counts = np.asarray(space.problem.value_conflicts(values, var, candidates), dtype=float)
        if not keep_current:
            counts = np.where(candidates == current, np.inf, counts)
        return int(candidates[_weighted_index(counts.tolist(), rng, settings)])
    domain = space.choices[var]
    if len(domain) > settings.candidate_sample:
        sample = rng.sample(domain, settings.candidate_sample)
    else:
        sample = list(domain)
    if not keep_current:
        sample = [value for value in sample if value != current] or sample
    problem = space.problem
    scores = [problem.conflicts(values, var, value) for value in sample]
    return sample[_weighted_index(scores, rng, settings)]


def _weighted_index(scores: list[float], rng: random.Random, settings: MoveSettings) -> int:
    """The index of a score drawn by the softmax of ``-value_weight x score``."""
    low = min(scores)
    weight = settings.value_weight
    if settings.value_draw == "value":
        weights = [math.exp(-weight * (score - low)) for score in scores]
        return rng.choices(range(len(scores)), weights)[0]
    levels = sorted({score for score in scores if score != math.inf})
    level = rng.choices(levels, [math.exp(-weight * (x - low)) for x in levels])[0]
    holders = [i for i, score in enumerate(scores) if score == level]
    return holders[rng.randrange(len(holders))]


def propose(
    state: TrackedAssignment, rng: random.Random, settings: MoveSettings
) -> tuple[dict[int, int], float] | None:
    """A rule-aware move and its cost change, or None when nothing can move."""
    space = state.space
    if not space.free:
        return None
    values = state.values
    problem = space.problem
    if settings.compound_rate and rng.random() < settings.compound_rate:
        moves = [
            move
            for move in problem.compound_moves(values, rng)
            if move and space.allows(move) and any(values[v] != x for v, x in move.items())
        ]
        if moves:
            if len(moves) > settings.compound_sample:
                moves = rng.sample(moves, settings.compound_sample)
            scored = [(problem.delta(values, move), i) for i, move in enumerate(moves)]
            delta, best = min(scored)
            return moves[best], delta
    var = None
    if rng.random() >= settings.walk_rate:
        var = state.conflicted_var(rng)
    if var is None:
        var = space.free[rng.randrange(len(space.free))]
    value = draw_value(space, values, var, rng, settings)
    move = {var: value}
    return move, problem.delta(values, move)


def greedy_start(space: SearchSpace, rng: random.Random, settings: MoveSettings) -> list[int]:
    """A random assignment improved by one min-conflicts sweep over the free variables."""
    values = space.random_values(rng)
    order = list(space.free)
    rng.shuffle(order)
    for var in order:
        values[var] = draw_value(space, values, var, rng, settings, keep_current=True)
    return values


class Progress:
    """Sends progress reports through the control at most every ``interval`` seconds."""

    def __init__(self, control: Control, strategy: str, interval: float = 0.5) -> None:
        self.control = control
        self.strategy = strategy
        self.interval = interval
        self.started = time.monotonic()
        self._next = self.started + interval

    def elapsed(self) -> float:
        """Seconds since the search started."""
        return time.monotonic() - self.started

    def maybe(self, **fields: Any) -> None:
        """Report ``fields`` if the last report is ``interval`` seconds old."""
        now = time.monotonic()
        if now >= self._next:
            self._next = now + self.interval
            self.report(**fields)

    def report(self, **fields: Any) -> None:
        """Report ``fields`` now."""
        self.control.progress(
            {"strategy": self.strategy, "elapsed": round(self.elapsed(), 3), **fields}
        )


@dataclass
class Start:
    """What a run of a stochastic strategy begins with."""

    options: dict[str, Any]
    settings: MoveSettings
    rng: random.Random
    progress: Progress
    space: SearchSpace
    stats: dict[str, Any]

    @classmethod
    def of(
        cls,
        strategy: str,
        options: dict[str, Any],
        problem: Problem,
        control: Control,
        counters: Sequence[str],
    ) -> Start:
        """Seed the run (drawing a seed when the control gives none) and build its space;
        ``stats`` starts with the strategy, the seed and ``counters`` at 0."""
        seed = control.seed if control.seed is not None else random.SystemRandom().randrange(2**32)
        stats: dict[str, Any] = {"strategy": strategy, "seed": seed}
        stats.update(dict.fromkeys(counters, 0))
        return cls(
            options,
            MoveSettings.from_params(options),
            random.Random(seed),
            Progress(control, strategy),
            SearchSpace.of(problem, options["propagate"]),
            stats,
        )


def finish(
    space: SearchSpace,
    best: list[int] | None,
    reason: str,
    progress: Progress,
    stats: dict[str, Any],
) -> SearchResult:
    """The result for the best assignment found: "solved" at cost 0, else "gave_up"."""
    if best is None:
        stats.update(best_cost=None, time=round(progress.elapsed(), 4))
        return SearchResult([None] * space.problem.size, "gave_up", reason, stats)
    cost = float(space.problem.cost(best))
    solved = cost <= SOLVED_EPSILON
    stats.update(best_cost=0.0 if solved else cost, time=round(progress.elapsed(), 4))
    assignment: list[int | None] = list(best)
    if solved:
        return SearchResult(assignment, "solved", "", stats)
    return SearchResult(assignment, "gave_up", reason, stats)
