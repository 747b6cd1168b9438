"""Simulated annealing over complete assignments, with rule-aware and compound moves.

Each step proposes a move (a variable in conflict takes a min-conflicts value drawn by
softmax, or the problem's compound move changes several variables together) and accepts
it by the Metropolis rule on the graded cost change. The temperature falls geometrically
or adapts to a target acceptance rate; a stalled search is reheated, and after several
fruitless reheats restarted from a fresh assignment.
"""

from __future__ import annotations

import math
from typing import Any

from crossforge.plugins.contract import Control, FillStrategy, Problem, SearchResult
from crossforge.plugins.job_requests import resolve_parameters
from crossforge.plugins.strategies.local_search import (
    SHARED_PARAMETERS,
    SOLVED_EPSILON,
    MoveSettings,
    Start,
    TrackedAssignment,
    finish,
    greedy_start,
    propose,
)

CALIBRATION_MOVES = 64
"""Proposals sampled to set the initial temperature when none is given."""

ADAPT_WINDOW = 200
"""Proposals between two adjustments of the adaptive schedule."""

COUNTERS = ("iterations", "accepted", "reheats", "restarts")
"""The run's counters in its statistics."""


class Annealing(FillStrategy):
    """Simulated annealing on the problem's graded violation count."""

    description = (
        "Simulated annealing: min-conflicts (softmax) and compound moves, geometric or "
        "adaptive temperature, reheats and restarts; stochastic, never proves unsatisfiable."
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "schedule": {
                "type": "string",
                "enum": ["geometric", "adaptive"],
                "default": "adaptive",
                "description": "Geometric cooling, or a temperature steered to target_acceptance.",
            },
            "initial_temperature": {
                "type": ["number", "null"],
                "minimum": 0,
                "default": None,
                "description": "Starting temperature; null calibrates it so that about "
                "a third of worsening moves are accepted.",
            },
            "cooling": {
                "type": "number",
                "minimum": 0.5,
                "maximum": 1,
                "default": 0.9995,
                "description": "Geometric schedule: temperature factor per proposal.",
            },
            "target_acceptance": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "default": 0.05,
                "description": "Adaptive schedule: share of worsening proposals to accept.",
            },
            "min_temperature": {
                "type": "number",
                "minimum": 0,
                "default": 0.01,
                "description": "Floor of the temperature, as a share of the initial one.",
            },
            "reheat_after": {
                "type": ["integer", "null"],
                "minimum": 1,
                "default": None,
                "description": "Proposals without a new best before a reheat; null: "
                "max(2000, 40 x free variables).",
            },
            "reheat_factor": {
                "type": "number",
                "minimum": 0,
                "maximum": 10,
                "default": 0.5,
                "description": "A reheat sets the temperature to this share of the initial.",
            },
            "restart_after": {
                "type": "integer",
                "minimum": 1,
                "default": 4,
                "description": "Fruitless reheats before a restart from a fresh assignment.",
            },
            "max_iterations": {
                "type": "integer",
                "minimum": 1,
                "default": 20_000_000,
                "description": "Proposals before giving up (the deadline usually stops first).",
            },
            **SHARED_PARAMETERS,
        },
    }

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        """Anneal until cost 0, the deadline, cancellation or ``max_iterations``."""
        options = resolve_parameters("annealing", self.parameters, params)
        start = Start.of("annealing", options, problem, control, COUNTERS)
        settings, rng, progress, space, stats = (
            start.settings,
            start.rng,
            start.progress,
            start.space,
            start.stats,
        )
        if space.empty:
            return finish(space, None, "empty domain", progress, stats)
        state = TrackedAssignment(space, greedy_start(space, rng, settings))
        best, best_cost = list(state.values), state.cost
        t0 = options["initial_temperature"]
        if t0 is None:
            t0 = _calibrate(state, rng, settings)
        floor = t0 * options["min_temperature"]
        reheat_after = options["reheat_after"] or max(2000, 40 * len(space.free))
        adaptive = options["schedule"] == "adaptive"
        temperature = t0
        since_best = fruitless_reheats = 0
        window_uphill = window_accepted = 0
        reason = "max_iterations"
        for iteration in range(1, options["max_iterations"] + 1):
            if best_cost <= SOLVED_EPSILON:
                reason = ""
                break
            stop = control.should_stop()
            if stop:
                reason = stop
                break
            progress.maybe(
                iteration=iteration,
                cost=state.cost,
                best_cost=best_cost,
                temperature=temperature,
                restarts=stats["restarts"],
            )
            proposal = propose(state, rng, settings)
            if proposal is None:
                reason = "nothing to change"
                break
            move, delta = proposal
            stats["iterations"] += 1
            accept = delta <= 0
            if not accept:
                window_uphill += 1
                accept = temperature > 0 and rng.random() < math.exp(-delta / temperature)
                window_accepted += accept
            if accept:
                state.apply(move, delta)
                stats["accepted"] += 1
                if state.cost < best_cost - SOLVED_EPSILON:
                    state.resync()
                    if state.cost < best_cost - SOLVED_EPSILON:
                        best, best_cost = list(state.values), state.cost
                        since_best = fruitless_reheats = 0
            since_best += 1
            if adaptive:
                if iteration % ADAPT_WINDOW == 0 and window_uphill:
                    rate = window_accepted / window_uphill
                    temperature *= 0.8 if rate > options["target_acceptance"] else 1.25
                    temperature = min(max(temperature, floor), t0)
                    window_uphill = window_accepted = 0
            else:
                temperature = max(temperature * options["cooling"], floor)
            if since_best >= reheat_after:
                since_best = 0
                fruitless_reheats += 1
                if fruitless_reheats > options["restart_after"]:
                    fruitless_reheats = 0
                    stats["restarts"] += 1
                    state = TrackedAssignment(space, greedy_start(space, rng, settings))
                    temperature = t0
                else:
                    stats["reheats"] += 1
                    state.resync()
                    temperature = max(t0 * options["reheat_factor"], floor)
        stats["initial_temperature"] = t0
        progress.report(
            iteration=stats["iterations"], cost=state.cost, best_cost=best_cost, done=True
        )
        return finish(space, best, reason, progress, stats)


def _calibrate(state: TrackedAssignment, rng: Any, settings: MoveSettings) -> float:
    """A temperature at which about a third of the typical worsening moves pass."""
    rises = []
    for _ in range(CALIBRATION_MOVES):
        proposal = propose(state, rng, settings)
        if proposal is not None and proposal[1] > 0:
            rises.append(proposal[1])
    if not rises:
        return 1.0
    return (sum(rises) / len(rises)) / math.log(3)
