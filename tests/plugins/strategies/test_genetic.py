"""The genetic algorithm's own options: selection, crossover, elitism, immigrants."""

from __future__ import annotations

import random

import pytest
from metaheuristic_problems import Colouring, LatinSquare, triangle_in_two_colours

from crossforge.plugins.contract import Control
from crossforge.plugins.strategies.genetic import Genetic, crossover
from crossforge.plugins.strategies.local_search import SearchSpace, TrackedAssignment


@pytest.mark.parametrize("selection", ["tournament", "roulette"])
@pytest.mark.parametrize("kind", ["uniform", "two_point"])
def test_every_operator_pair_solves(selection: str, kind: str) -> None:
    problem = LatinSquare(5, {(0, 0): 0, (1, 2): 3})
    result = Genetic().solve(
        problem,
        Control.with_timeout(10, seed=6),
        selection=selection,
        crossover=kind,
        mutation_steps=5,
    )
    assert result.status == "solved"
    assert result.stats["generations"] >= 1


def test_elite_must_leave_room_for_children() -> None:
    with pytest.raises(ValueError, match="elite"):
        Genetic().solve(LatinSquare(3, {}), Control(seed=1), population=4, elite=4)


def test_stagnation_brings_immigrants_then_restarts() -> None:
    result = Genetic().solve(
        triangle_in_two_colours(),
        Control(seed=2),
        population=6,
        stagnation=2,
        restart_after=1,
        max_generations=30,
    )
    assert (result.status, result.reason) == ("gave_up", "max_generations")
    assert result.stats["immigrants"] > 0
    assert result.stats["restarts"] > 0


class _TwoTriangles(Colouring):
    """Two separate triangles in three colours; each triangle is a region."""

    def __init__(self) -> None:
        super().__init__(6, [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)], 3)

    def regions(self) -> list[list[int]]:
        return [[0, 1, 2], [3, 4, 5]]


@pytest.mark.parametrize("kind", ["uniform", "two_point"])
def test_crossover_copies_whole_regions_preferring_clean_ones(kind: str) -> None:
    problem = _TwoTriangles()
    space = SearchSpace.of(problem)
    one = TrackedAssignment(space, [0, 1, 2, 0, 0, 1])  # first triangle clean
    two = TrackedAssignment(space, [0, 0, 0, 2, 1, 0])  # second triangle clean
    rng = random.Random(0)
    children = {tuple(crossover(one, two, problem.regions(), kind, rng)) for _ in range(20)}
    assert children == {(0, 1, 2, 2, 1, 0)}
    messy = TrackedAssignment(space, [0, 0, 1, 1, 1, 2])  # both triangles broken
    children = {tuple(crossover(one, messy, problem.regions(), kind, rng)) for _ in range(40)}
    assert children <= {(0, 1, 2, 0, 0, 1), (0, 1, 2, 1, 1, 2)}
    assert len(children) == 2


@pytest.mark.parametrize("kind", ["uniform", "two_point"])
def test_crossover_without_regions_copies_the_first_parent(kind: str) -> None:
    space = SearchSpace.of(_TwoTriangles())
    one = TrackedAssignment(space, [0, 1, 2, 0, 0, 1])
    two = TrackedAssignment(space, [0, 0, 0, 2, 1, 0])
    assert crossover(one, two, [], kind, random.Random(1)) == one.values
