"""Shikaku as a Problem: propagation, graded cost, deltas, compound moves, strategies."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from problem_search import solutions
from problem_walk import walk_deltas

import crossforge.plugins.puzzles.shikaku as shikaku_package
from crossforge.plugins.contract import Control, SearchResult
from crossforge.plugins.puzzles.shikaku import ShikakuType
from crossforge.plugins.puzzles.shikaku.generate import puzzle_of, random_division
from crossforge.plugins.puzzles.shikaku.model import parse_text
from crossforge.plugins.puzzles.shikaku.problem import ShikakuProblem
from crossforge.plugins.registry import registry
from crossforge.plugins.testing import check_puzzle_type
from crossforge.wordbase.source import IndexWords

NO_WORDS = IndexWords({})

DATA = Path(shikaku_package.__file__).parent / "samples"
TYPE = ShikakuType()
ARTICLE = (DATA / "article001_8x8.txt").read_text()
TWO_WAYS = "2 2\n2 -\n- 2\n"


def article() -> ShikakuProblem:
    return TYPE.problem({"puzzle": ARTICLE}, NO_WORDS)


def test_domains_are_the_clue_rectangles() -> None:
    problem = ShikakuProblem(parse_text("1 6\n- 3 - - 3 -\n"))
    assert [problem.value_label(0, v) for v in range(2)] == ["[0, 0, 1, 3]", "[0, 1, 1, 3]"]
    assert problem.neighbours(0) == [1] and problem.size == 2


def test_propagation_solves_the_article_puzzle() -> None:
    problem = article()
    domains = problem.initial_domains()
    assert problem.propagate(domains, range(problem.size)) is None
    (values,) = solutions(problem)
    assert problem.decode(values)[0] == [0, 1, 1, 6]
    assert TYPE.validate(problem.puzzle, problem.decode(values)) == []


def test_propagate_reports_wipe_outs_without_mutating_masks() -> None:
    problem = ShikakuProblem(parse_text("1 6\n- 3 - - 3 -\n"))
    domains = problem.initial_domains()
    saved = [d.copy() for d in domains]
    originals = list(domains)
    # Left 3 on [0, 1, 1, 3] leaves (0, 0) to nobody.
    domains[0] = np.array([False, True])
    assert problem.propagate(domains, [0]) is not None
    assert all(np.array_equal(a, b) for a, b in zip(originals, saved, strict=True))
    fine = problem.initial_domains()
    assert problem.propagate(fine, []) is None
    assert [list(np.flatnonzero(d)) for d in fine] == [[0], [1]]


def test_cost_counts_overlaps_and_gaps() -> None:
    problem = ShikakuProblem(parse_text("1 6\n- 3 - - 3 -\n"))
    assert problem.cost([0, 1]) == 0
    # [0,1,1,3] and [0,2,1,3] overlap on two cells and leave two cells bare.
    assert problem.cost([1, 0]) == 4
    assert problem.conflicts([1, 0], 0, 1) == 2 and problem.conflicts([0, 1], 0, 0) == 0


def test_delta_matches_cost_differences() -> None:
    problem = article()
    walk_deltas(problem, article(), [len(opts) for opts in problem.options], seed=3)


def test_compound_moves_recut_neighbours_together() -> None:
    problem = article()
    rng = random.Random(5)
    values = [rng.randrange(len(opts)) for opts in problem.options]
    moves = problem.compound_moves(values, rng)
    assert moves and any(len(move) > 1 for move in moves)
    for move in moves:
        assert all(0 <= v < len(problem.options[k]) for k, v in move.items())


def test_regions_partition_the_clues() -> None:
    problem = article()
    regions = problem.regions()
    assert sorted(k for group in regions for k in group) == list(range(problem.size))
    assert len(regions) == 4


@pytest.mark.parametrize("name", ["backtrack", "annealing", "genetic"])
def test_every_strategy_solves_the_article_puzzle(name: str) -> None:
    problem = article()
    outcome = registry().strategy(name).solve(problem, Control.with_timeout(20, seed=1))
    answer = TYPE.result(problem, outcome)
    assert answer["status"] == "solved" and answer["unique"] is True
    assert TYPE.validate(problem.puzzle, answer["solution"]) == []


def test_result_of_a_failed_search() -> None:
    problem = article()
    answer = TYPE.result(problem, SearchResult([0] * problem.size, "gave_up", "timeout"))
    assert answer["solution"] is None and answer["stats"]["reason"] == "timeout"
    assert len(answer["stats"]["best"]) == problem.size
    with pytest.raises(ValueError, match="needs a 'puzzle'"):
        TYPE.problem({}, NO_WORDS)


@pytest.mark.parametrize("name", ["annealing", "genetic"])
def test_stochastic_strategies_solve_from_raw_domains(name: str) -> None:
    # No propagation: only the graded cost and the moves guide the search.
    problem = article()
    control = Control.with_timeout(20, seed=2)
    outcome = registry().strategy(name).solve(problem, control, propagate=False)
    assert outcome.status == "solved"
    assert TYPE.validate(problem.puzzle, problem.decode(outcome.assignment)) == []


def test_passes_the_conformance_kit() -> None:
    bad = [{}, {"puzzle": "2 2\n- x\n- 4\n"}, {"puzzle": {"rows": [[1, 2], [3]]}}]
    check_puzzle_type(TYPE, [{"puzzle": ARTICLE}, {"puzzle": TWO_WAYS}], bad_requests=bad)


def test_two_independent_searches_count_alike() -> None:
    # The solver's search and a plain search over the Problem must agree.
    rng = random.Random(12)
    counts = []
    for _ in range(40):
        rects = random_division(5, 6, rng)
        pegs = [(r + rng.randrange(h), c + rng.randrange(w)) for r, c, h, w in rects]
        puzzle = puzzle_of(5, 6, pegs, rects)
        problem = ShikakuProblem(puzzle)
        found = solutions(problem)
        assert TYPE.count_solutions(puzzle, limit=100) == len(found)
        counts.append(len(found))
    assert 1 in counts and max(counts) > 2
