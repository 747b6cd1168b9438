"""The backtrack strategy: conformance, proofs against brute force, limits, seeds, options."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from crossword_cases import PLAIN, crossword, random_crossword

from crossforge.plugins.contract import Control
from crossforge.plugins.strategies.backtrack import Backtrack, luby, restart_limits
from crossforge.plugins.strategies.nogoods import NogoodStore
from crossforge.plugins.strategies.plan import Plan
from crossforge.plugins.testing import GraphColouring, PairwiseProblem, check_strategy, hard_problem


class RandomBinary(PairwiseProblem):
    """A random binary CSP: each edge forbids a random set of value pairs."""

    def __init__(self, n: int, d: int, density: float, tightness: float, seed: int) -> None:
        rng = random.Random(seed)
        edges = [(a, b) for a, b in itertools.combinations(range(n), 2) if rng.random() < density]
        super().__init__([d] * n, edges)
        self.tables = {
            (a, b): np.array([[rng.random() < tightness for _ in range(d)] for _ in range(d)])
            for a, b in self.edges
        }

    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        if (var, other) in self.tables:
            return self.tables[(var, other)][value]
        return self.tables[(other, var)][:, value]


def brute_force_solvable(problem: PairwiseProblem) -> bool:
    return any(
        problem.cost(list(values)) == 0
        for values in itertools.product(*(range(d) for d in problem.domain_sizes))
    )


def test_conforms_to_the_kit() -> None:
    check_strategy(Backtrack(), timeout=5.0)


@pytest.mark.parametrize("seed", range(40))
def test_random_binary_csps_agree_with_brute_force(seed: int) -> None:
    problem = RandomBinary(6, 3, density=0.6, tightness=0.35, seed=seed)
    result = Backtrack().solve(problem, Control.with_timeout(5, seed=seed))
    expected = brute_force_solvable(problem)
    assert result.status == ("solved" if expected else "unsatisfiable")
    if expected:
        assert problem.cost([int(v) for v in result.assignment]) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(60))
def test_backjumping_and_nogoods_lose_no_solution(seed: int) -> None:
    """The full search answers exactly as plain chronological backtracking does."""
    plain = Backtrack().solve(random_crossword(seed), Control.with_timeout(10), **PLAIN)
    full = Backtrack().solve(
        random_crossword(seed), Control.with_timeout(10, seed=seed), restart_scale=2
    )
    assert plain.status in ("solved", "unsatisfiable")
    assert full.status == plain.status
    if full.complete:
        assert random_crossword(seed).cost(full.assignment) == 0  # type: ignore[arg-type]


def test_backjumping_skips_an_independent_region() -> None:
    """Region B (3x3) has no fill; region A (4x4, beside it, filled first: its entries
    cross more) has thousands. The proof for B must not be repeated for every fill of
    A, as chronological backtracking does."""
    rng = random.Random(146)
    region_b = {"".join(rng.choice("CDEF") for _ in range(3)) for _ in range(rng.randrange(10, 30))}
    region_a = {"".join(p) for p in itertools.product("AB", repeat=4)}
    words = dict.fromkeys(sorted(region_a | region_b), 50)
    alone = Backtrack().solve(crossword(["..."] * 3, words), Control(), **PLAIN)
    assert alone.status == "unsatisfiable"
    both = ["....#...", "....#...", "....#...", "....####"]
    plain = Backtrack().solve(crossword(both, words), Control(), **PLAIN)
    full = Backtrack().solve(crossword(both, words), Control())
    assert plain.status == full.status == "unsatisfiable"
    # A's 8 entries are decided (and at most refuted) once, not once per proof of B.
    assert full.stats["nodes"] <= alone.stats["nodes"] + 2 * 8
    assert plain.stats["nodes"] > 4 * full.stats["nodes"]


def test_proofs_survive_restarts_and_nogoods() -> None:
    """Tiny restart limits force many restarts; unsatisfiable answers stay proofs."""
    statuses = set()
    for seed in range(30):
        problem = random_crossword(seed)
        result = Backtrack().solve(problem, Control.with_timeout(10, seed=1), restart_scale=1)
        statuses.add(result.status)
        expected = Backtrack().solve(random_crossword(seed), Control.with_timeout(10), **PLAIN)
        assert result.status == expected.status
    assert statuses == {"solved", "unsatisfiable"}


def test_node_limit_gives_up_with_the_reason() -> None:
    result = Backtrack().solve(hard_problem(), Control.with_timeout(10), max_nodes=50)
    assert result.status == "gave_up"
    assert result.reason == "node limit"
    assert result.stats["nodes"] == 50


def test_cancel_and_deadline() -> None:
    calls = iter(range(10**9))
    cancelled = Backtrack().solve(
        hard_problem(), Control(cancelled=lambda: next(calls) > 20), max_nodes=None
    )
    assert (cancelled.status, cancelled.reason) == ("gave_up", "canceled")
    timed = Backtrack().solve(hard_problem(), Control.with_timeout(0.2))
    assert (timed.status, timed.reason) == ("gave_up", "timeout")


def test_progress_reports_effort_and_best_partial() -> None:
    reports: list[dict] = []
    Backtrack().solve(
        hard_problem(), Control(progress=reports.append), max_nodes=300, progress_interval=0
    )
    assert len(reports) > 10
    last = reports[-1]
    for key in ("filled", "nodes", "backtracks", "restarts", "best"):
        assert key in last
    assert max(r["best_filled"] for r in reports[:-1]) >= 1


def test_same_seed_same_fill() -> None:
    runs = [
        Backtrack().solve(random_crossword(seed), Control.with_timeout(10, seed=seed))
        for seed in (3, 3, 11, 11)
    ]
    assert runs[0].assignment == runs[1].assignment
    assert runs[2].assignment == runs[3].assignment


def test_rare_letter_cut_never_claims_a_proof() -> None:
    problem = GraphColouring.clique(4, 3)
    assert Backtrack().solve(problem, Control()).status == "unsatisfiable"
    cut = Backtrack().solve(GraphColouring.clique(4, 3), Control(), rare_letter_cut=0.1)
    assert cut.status == "gave_up"
    assert "rare-letter cut" in cut.reason


def test_restart_limits_grow() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    geometric = restart_limits("geometric", 10)
    assert [next(geometric) for _ in range(3)] == [10, 15, 22.5]
    assert next(restart_limits("none", 10)) == float("inf")


def test_unknown_parameter_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown parameter"):
        Backtrack().solve(hard_problem(), Control(), max_depth=3)


def test_nogood_store_forgets_the_older_half_past_its_capacity() -> None:
    store = NogoodStore(max_size=3, capacity=4)
    assert not store.add([(0, 1), (1, 1), (2, 1), (3, 1)])  # too long
    for value in range(6):
        assert store.add([(0, value), (1, value)])
    assert not store.add([(1, 5), (0, 5)])  # already known
    assert len(store) == 4
    domains = [np.ones(6, dtype=bool), np.ones(6, dtype=bool)]
    domains[0] = np.zeros(6, dtype=bool)
    domains[0][0] = True  # 0 = 0: its nogood was forgotten, nothing to prune
    changed, conflict = store.prune(domains, [0, 0], [(0, 0)], _single)
    assert (changed, conflict) == ([], None)
    domains[0] = np.zeros(6, dtype=bool)
    domains[0][5] = True  # 0 = 5 forbids 1 = 5
    reasons = [4, 0]
    changed, conflict = store.prune(domains, reasons, [(0, 5)], _single)
    assert (changed, conflict) == ([1], None)
    assert not domains[1][5] and domains[1].sum() == 5
    assert reasons[1] == 4  # the removal is explained by what fixed variable 0


def _single(var: int, domain: np.ndarray) -> int | None:
    values = np.flatnonzero(domain)
    return int(values[0]) if values.size == 1 else None


def test_the_plan_weighs_a_slot_by_the_share_of_its_candidates_left() -> None:
    """dom/wdeg counts candidates as a share of a slot's starting ones: a 3-letter slot
    with all of its few words is not tighter than a 5-letter slot with all of its many,
    so the more crossed one goes first; a slot that lost most of its words goes first."""
    rng = random.Random(3)
    short = {"".join(rng.choice("ABC") for _ in range(3)) for _ in range(20)}
    long = {"".join(rng.choice("ABCDE") for _ in range(5)) for _ in range(2000)}
    template = ["...#.....", "...#.....", "...#.....", "####.....", "####....."]
    problem = crossword(template, dict.fromkeys(sorted(short | long), 50))
    sizes = [int(mask.sum()) for mask in problem.initial_domains()]
    lengths = [slot.length for slot in problem.slots]
    assert lengths.count(3) == 6 and lengths.count(5) == 10
    assert lengths[Plan(problem, sizes).choose(sizes)] == 5
    three = lengths.index(3)
    narrowed = [size // 4 if var == three else size for var, size in enumerate(sizes)]
    assert Plan(problem, sizes).choose(narrowed) == three
