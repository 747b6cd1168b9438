"""Tents as a Problem: propagation, graded cost, deltas and compound moves."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from problem_search import solutions
from problem_walk import walk_deltas

import crossforge.plugins.puzzles.tents as tents_package
from crossforge.plugins.contract import Control, SearchResult
from crossforge.plugins.puzzles.tents import TentsType
from crossforge.plugins.puzzles.tents.generate import random_layout
from crossforge.plugins.puzzles.tents.model import (
    parse_solution,
    parse_text,
    tree_matching,
    validate,
)
from crossforge.plugins.puzzles.tents.problem import TentsProblem
from crossforge.plugins.registry import registry
from crossforge.plugins.testing import check_puzzle_type
from crossforge.wordbase.source import IndexWords

NO_WORDS = IndexWords({})

DATA = Path(tents_package.__file__).parent / "samples"
TYPE = TentsType()


def load(size: str) -> TentsProblem:
    return TYPE.problem({"puzzle": (DATA / f"article003_{size}.txt").read_text()}, NO_WORDS)


@pytest.mark.parametrize("size", ["5x5", "10x10", "18x18"])
def test_propagation_reaches_the_article_answer(size: str) -> None:
    problem = load(size)
    answer = (DATA / f"article003_{size}_solution.txt").read_text().split()
    # Trees may pair up in more than one way; the tents always come out the same.
    assert {tuple(problem.decode(values)) for values in solutions(problem)} == {tuple(answer)}


def test_propagate_detects_a_wipe_out_and_never_mutates_masks() -> None:
    problem = load("5x5")
    domains = problem.initial_domains()
    before = [d.copy() for d in domains]
    originals = list(domains)
    # Put the first two trees' tents on cells that touch: impossible.
    clash = next(
        (a, b)
        for a, ca in enumerate(problem.cells[0])
        for b, cb in enumerate(problem.cells[1])
        if cb in problem.geo.around[ca]
    )
    for var, value in enumerate(clash):
        mask = np.zeros_like(domains[var])
        mask[value] = True
        domains[var] = mask
    assert problem.propagate(domains, [0, 1]) is not None
    for original, saved in zip(originals, before, strict=True):
        assert np.array_equal(original, saved)


def test_initial_domains_drop_cells_in_zero_lines() -> None:
    problem = load("5x5")
    for var, mask in enumerate(problem.initial_domains()):
        for value, cell in enumerate(problem.cells[var]):
            r, c = divmod(cell, 5)
            zero = problem.puzzle.row_counts[r] == 0 or problem.puzzle.col_counts[c] == 0
            assert bool(mask[value]) is not zero


def test_cost_grades_every_rule_and_is_zero_only_when_valid() -> None:
    puzzle = parse_text("1 3\nT.T 1\n0 1 0\n")
    problem = TentsProblem(puzzle)
    # Both trees on the middle cell: one shared cell, column and row counts fine.
    assert problem.cost([0, 0]) == 1
    rng = random.Random(2)
    big = load("10x10")
    for _ in range(50):
        values = [rng.randrange(len(cells)) for cells in big.cells]
        rows = big.decode(values)
        valid = validate(big.puzzle, parse_solution(big.puzzle, rows)) == []
        assert (big.cost(values) == 0) == valid
        assert big.cost(values) >= 0


def test_delta_and_conflicts_agree_with_cost() -> None:
    problem = load("18x18")
    fresh = load("18x18")
    values = walk_deltas(problem, fresh, [len(cells) for cells in problem.cells], seed=4)
    assert problem.cost(values) == fresh.cost(values)


def test_conflicts_flag_only_troubled_trees() -> None:
    problem = load("10x10")
    answer = (DATA / "article003_10x10_solution.txt").read_text().split()
    pairs = tree_matching(problem.puzzle, parse_solution(problem.puzzle, answer))
    values = [
        problem.cells[t].index(r * 10 + c)
        for t, (r, c) in enumerate(pairs[tree] for tree in problem.puzzle.trees)
    ]
    assert problem.cost(values) == 0
    assert all(problem.conflicts(values, t, values[t]) == 0 for t in range(problem.size))
    other = next(t for t in range(problem.size) if len(problem.cells[t]) > 1)
    moved = next(k for k in range(len(problem.cells[other])) if k != values[other])
    assert problem.conflicts(values, other, moved) > 0


def test_compound_moves_move_a_tent_and_re_pair() -> None:
    problem = load("18x18")
    rng = random.Random(8)
    values = [rng.randrange(len(cells)) for cells in problem.cells]
    moves = problem.compound_moves(values, rng)
    assert moves and any(len(move) == 2 for move in moves)
    for move in moves:
        for t, v in move.items():
            assert 0 <= v < len(problem.cells[t]) and v != values[t]


def test_regions_partition_the_trees_in_small_groups() -> None:
    problem = load("18x18")
    regions = problem.regions()
    assert sorted(t for group in regions for t in group) == list(range(problem.size))
    assert max(len(group) for group in regions) <= 6


def test_result_reports_solution_and_difficulty() -> None:
    problem = load("5x5")
    values = solutions(problem, limit=1)[0]
    answer = TYPE.result(problem, SearchResult(list(values), "solved", stats={"nodes": 3}))
    assert answer["status"] == "solved" and answer["unique"] is True
    assert answer["solution"] == (DATA / "article003_5x5_solution.txt").read_text().split()
    assert answer["difficulty"]["level_label"] == "basic" and answer["stats"] == {"nodes": 3}
    given_up = TYPE.result(problem, SearchResult([0] * problem.size, "gave_up", "timeout"))
    assert given_up["solution"] is None and given_up["stats"]["best"] is not None
    assert given_up["stats"]["reason"] == "timeout"
    with pytest.raises(ValueError, match="needs a 'puzzle'"):
        TYPE.problem({}, NO_WORDS)
    assert problem.value_label(0, 0) == "(0, 1)"


@pytest.mark.parametrize("name", ["backtrack", "annealing", "genetic"])
def test_every_strategy_solves_the_article_18x18(name: str) -> None:
    problem = load("18x18")
    outcome = registry().strategy(name).solve(problem, Control.with_timeout(20, seed=1))
    answer = TYPE.result(problem, outcome)
    assert answer["status"] == "solved"
    assert answer["solution"] == (DATA / "article003_18x18_solution.txt").read_text().split()


@pytest.mark.parametrize("name", ["annealing", "genetic"])
def test_stochastic_strategies_solve_from_raw_domains(name: str) -> None:
    # No propagation: only the graded cost and the compound moves guide the search.
    problem = load("10x10")
    control = Control.with_timeout(20, seed=3)
    outcome = registry().strategy(name).solve(problem, control, propagate=False)
    assert outcome.status == "solved"


def test_passes_the_conformance_kit() -> None:
    requests = [
        {"puzzle": (DATA / f"article003_{size}.txt").read_text()} for size in ("10x10", "18x18")
    ]
    bad = [{}, {"puzzle": "2 2\n.X 1\n.. 0\n1 0\n"}, {"puzzle": {"rows": [".T"]}}]
    check_puzzle_type(TYPE, requests, bad_requests=bad)


def test_two_independent_searches_count_alike() -> None:
    # The solver's cell search and a tree search over the Problem must agree.
    rng = random.Random(11)
    counts = []
    for _ in range(60):
        puzzle = random_layout(7, 7, rng)
        problem = TentsProblem(puzzle)
        found = {
            frozenset(problem.cells[t][v] for t, v in enumerate(values))
            for values in solutions(problem)
        }
        assert TYPE.count_solutions(puzzle, limit=50) == len(found)
        counts.append(len(found))
    assert 1 in counts and max(counts) > 2
