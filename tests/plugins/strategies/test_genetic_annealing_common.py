"""What both stochastic strategies promise: solve, repeat per seed, stop, never prove."""

from __future__ import annotations

import time
from typing import Any

import pytest
from metaheuristic_problems import (
    CountingColouring,
    LatinSquare,
    Queens,
    random_graph,
    triangle_in_two_colours,
)

from crossforge.plugins.contract import Control, FillStrategy
from crossforge.plugins.job_requests import RequestError, resolve_parameters
from crossforge.plugins.registry import registry
from crossforge.plugins.strategies.annealing import Annealing
from crossforge.plugins.strategies.genetic import Genetic

STRATEGIES = [Annealing(), Genetic()]
IDS = ["annealing", "genetic"]


def _problems() -> list[Any]:
    return [
        Queens(12),
        random_graph(40, 90, 3, seed=4),
        LatinSquare(5, {(0, 0): 0, (1, 1): 1, (2, 3): 4}),
    ]


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
def test_solves_small_problems_with_cost_zero(strategy: FillStrategy) -> None:
    for problem in _problems():
        result = strategy.solve(problem, Control.with_timeout(10, seed=3))
        assert result.status == "solved", (problem, result.stats)
        assert problem.cost(result.assignment) == 0
        assert result.stats["best_cost"] == 0
        assert result.reason == ""


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
@pytest.mark.parametrize("draw", ["level", "value"])
def test_vectorised_conflicts_weigh_whole_domains(strategy: FillStrategy, draw: str) -> None:
    problem = random_graph(40, 90, 3, seed=4, kind=CountingColouring)
    assert isinstance(problem, CountingColouring)
    result = strategy.solve(problem, Control.with_timeout(10, seed=3), value_draw=draw)
    assert result.status == "solved"
    assert problem.vector_calls > 0


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
def test_values_fixed_by_givens_and_propagation_stay_fixed(strategy: FillStrategy) -> None:
    givens = {(0, 0): 0, (0, 1): 1, (0, 2): 2, (0, 3): 3, (1, 0): 1}
    problem = LatinSquare(5, givens)
    result = strategy.solve(problem, Control.with_timeout(10, seed=8))
    assert result.status == "solved"
    for (row, col), symbol in givens.items():
        assert result.assignment[row * 5 + col] == symbol
    assert result.assignment[4] == 4  # the row's last symbol, forced by propagation


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
def test_same_seed_same_run(strategy: FillStrategy) -> None:
    runs = [strategy.solve(Queens(16), Control.with_timeout(10, seed=11)) for _ in range(2)]
    first, second = ({k: v for k, v in r.stats.items() if k != "time"} for r in runs)
    assert runs[0].assignment == runs[1].assignment
    assert first == second
    other = strategy.solve(Queens(16), Control.with_timeout(10, seed=12))
    assert (other.assignment, other.stats["seed"]) != (runs[0].assignment, 11)


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
def test_gives_up_at_the_deadline_and_never_claims_unsatisfiable(strategy: FillStrategy) -> None:
    reports: list[dict[str, Any]] = []
    started = time.monotonic()
    result = strategy.solve(
        triangle_in_two_colours(), Control.with_timeout(0.3, seed=1, progress=reports.append)
    )
    assert time.monotonic() - started < 1.0
    assert result.status == "gave_up"
    assert result.reason == "timeout"
    assert result.stats["best_cost"] == 1
    assert None not in result.assignment
    assert reports and reports[-1]["done"] is True
    assert reports[-1]["strategy"] == result.stats["strategy"]


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
def test_cancel_stops_promptly(strategy: FillStrategy) -> None:
    calls = 0

    def cancelled() -> bool:
        nonlocal calls
        calls += 1
        return calls > 3

    started = time.monotonic()
    result = strategy.solve(triangle_in_two_colours(), Control(cancelled=cancelled, seed=2))
    assert time.monotonic() - started < 1.0
    assert (result.status, result.reason) == ("gave_up", "canceled")


@pytest.mark.parametrize(
    ("strategy", "stall"),
    [(Annealing(), {"reheat_after": 50}), (Genetic(), {"stagnation": 2, "restart_after": 1})],
    ids=IDS,
)
def test_stats_report_restarts_and_time(strategy: FillStrategy, stall: dict[str, int]) -> None:
    result = strategy.solve(triangle_in_two_colours(), Control.with_timeout(0.3, seed=5), **stall)
    assert result.stats["restarts"] >= 1
    assert 0.2 < result.stats["time"] < 1.0
    assert result.stats["seed"] == 5


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"temperature_of_doom": 3}, "temperature_of_doom"),
        ({"value_weight": -1}, "value_weight"),
        ({"candidate_sample": 2.5}, "candidate_sample"),
        ({"compound_rate": 1.5}, "compound_rate"),
    ],
)
def test_bad_parameters_are_named(
    strategy: FillStrategy, params: dict[str, Any], named: str
) -> None:
    with pytest.raises(RequestError, match=named):
        strategy.solve(Queens(4), Control(seed=1), **params)


@pytest.mark.parametrize("name", IDS)
def test_registered_with_a_schema_of_defaults(name: str) -> None:
    strategy = registry().strategy(name)
    properties = strategy.parameters["properties"]
    assert properties and all("default" in spec for spec in properties.values())
    assert all("description" in spec for spec in properties.values())


def test_parameters_resolve_to_schema_defaults_and_types() -> None:
    schema = Annealing.parameters
    defaults = resolve_parameters("annealing", schema, {})
    assert defaults["schedule"] == "adaptive" and defaults["initial_temperature"] is None
    chosen = resolve_parameters("annealing", schema, {"initial_temperature": 2, "propagate": False})
    assert (chosen["initial_temperature"], chosen["propagate"]) == (2, False)
    for bad in ({"max_iterations": True}, {"propagate": 1}, {"schedule": "linear"}):
        with pytest.raises(RequestError, match=next(iter(bad))):
            resolve_parameters("annealing", schema, bad)


@pytest.mark.parametrize("strategy", STRATEGIES, ids=IDS)
def test_nothing_free_to_change_gives_up_at_once(strategy: FillStrategy) -> None:
    clashing = LatinSquare(2, {(0, 0): 0, (0, 1): 0, (1, 0): 1, (1, 1): 1})
    result = strategy.solve(clashing, Control.with_timeout(10, seed=1))
    assert (result.status, result.reason) == ("gave_up", "nothing to change")
    assert result.assignment == [0, 0, 1, 1]
    assert result.stats["time"] < 1
