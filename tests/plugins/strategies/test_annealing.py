"""Annealing's own options: schedules, temperature, compound moves, reheats."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from metaheuristic_problems import LatinSquare, Queens, triangle_in_two_colours

from crossforge.plugins.contract import Control
from crossforge.plugins.strategies.annealing import Annealing


@pytest.mark.parametrize("schedule", ["geometric", "adaptive"])
def test_both_schedules_solve(schedule: str) -> None:
    result = Annealing().solve(Queens(20), Control.with_timeout(10, seed=2), schedule=schedule)
    assert result.status == "solved"
    assert result.stats["iterations"] > 0


def test_a_given_initial_temperature_is_used() -> None:
    result = Annealing().solve(Queens(8), Control(seed=1), initial_temperature=0.7)
    assert result.stats["initial_temperature"] == 0.7


def test_stalls_reheat_then_restart() -> None:
    result = Annealing().solve(
        triangle_in_two_colours(),
        Control(seed=3),
        reheat_after=10,
        restart_after=2,
        max_iterations=1000,
    )
    assert (result.status, result.reason) == ("gave_up", "max_iterations")
    assert result.stats["iterations"] == 1000
    assert result.stats["reheats"] >= 2 * result.stats["restarts"] > 0


class _SpyLatin(LatinSquare):
    """A Latin square counting the compound moves it hands out."""

    def __init__(self) -> None:
        super().__init__(5, {(0, 0): 0, (2, 2): 3})
        self.asked = 0

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        self.asked += 1
        return super().compound_moves(assignment, rng)


@pytest.mark.parametrize("rate", [0.0, 1.0])
def test_compound_moves_follow_their_rate(rate: float) -> None:
    problem = _SpyLatin()
    result = Annealing().solve(problem, Control.with_timeout(10, seed=4), compound_rate=rate)
    assert result.status == "solved"
    assert (problem.asked > 0) == (rate > 0)
