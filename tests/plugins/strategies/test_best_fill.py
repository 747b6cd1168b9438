"""Best fills, alternatives and stricter duplicates: the crossword objective, the
anytime improvement of ``backtrack``, and the clash rules (shared substrings, stems)."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import numpy as np
import pytest
from crossword_cases import crossword

from crossforge.grids.model import Grid
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.crossword.clashes import ClashIndex, ClashRule, stem
from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem
from crossforge.plugins.puzzles.crossword.tables import shared_table
from crossforge.plugins.strategies import backtrack
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.wordbase.index import WordIndex

OPEN_5 = ["#....", ".....", ".....", ".....", "....#"]
BLOCKS_5 = ["..#..", ".....", ".....", ".....", "..#.."]


def scored_words(seed: int, letters: str = "ABC") -> dict[str, int]:
    """Every word of 2 to 5 letters over ``letters`` (any grid of them fills), scored
    at random 0–100: many fills of very different quality."""
    rng = random.Random(seed)
    return {
        "".join(w): rng.randrange(101)
        for n in range(2, 6)
        for w in itertools.product(letters, repeat=n)
    }


def problem_of(template: list[str], seed: int, **options: Any) -> CrosswordProblem:
    index = WordIndex.build(scored_words(seed).items())
    slots = Grid.from_rows(template).slots()
    tables = {n: index.bucket(n) for n in {slot.length for slot in slots}}
    return CrosswordProblem(template, slots, tables, index.alphabet, **options)


def key_of(problem: CrosswordProblem, assignment: list[int | None]) -> tuple[float, ...]:
    found = problem.objective([int(v) for v in assignment if v is not None])
    assert found is not None
    return found.key


def test_the_objective_orders_band_then_count_then_minimum_then_mean() -> None:
    problem = problem_of(OPEN_5, 1, score_band=10)
    scores = {s: [float(x) for x in problem._slot_table[s].scores] for s in range(problem.size)}
    assignment = [int(np.argmax(scores[s])) for s in range(problem.size)]
    objective = problem.objective(assignment)
    assert objective is not None
    values = [scores[s][v] for s, v in enumerate(assignment)]
    lowest = min(v // 10 for v in values)
    assert objective.key == (
        lowest,
        -sum(1 for v in values if v // 10 == lowest),
        min(values),
        sum(values) / len(values),
    )
    assert objective.summary["lowest_band"] == [lowest * 10, lowest * 10 + 10]
    bound = problem.objective_bound(problem.initial_domains())
    assert bound == objective.key  # every slot holds its best word: the bound itself


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("template", [OPEN_5, BLOCKS_5])
@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_best_is_never_worse_than_first(template: list[str], seed: int, engine: str) -> None:
    problem = problem_of(template, seed)
    first = Backtrack().solve(problem, Control.with_timeout(10, seed=seed), engine=engine)
    reports: list[dict[str, Any]] = []
    control = Control.with_timeout(10, seed=seed, progress=reports.append)
    best = Backtrack().solve(problem, control, engine=engine, quality="best", best_seconds=0.3)
    assert first.status == best.status == "solved"
    assert problem.cost([int(v) for v in best.assignment if v is not None]) == 0
    assert key_of(problem, best.assignment) >= key_of(problem, first.assignment)
    assert best.objective is not None and best.objective.key == key_of(problem, best.assignment)
    assert isinstance(best.optimal, bool)
    keys = [tuple(r["objective_key"]) for r in reports if "objective_key" in r]
    assert keys[0] == key_of(problem, first.assignment)
    assert keys == sorted(keys)  # the objective never worsens across reports
    assert keys[-1] == best.objective.key
    assert all(len(r["best"]) == len(template) for r in reports if "objective" in r)


def test_best_improves_on_a_grid_with_room_for_it() -> None:
    """Over seeds, the improvement finds strictly better fills (not just equal ones)."""
    gains = 0
    for seed in range(4):
        problem = problem_of(OPEN_5, seed)
        first = Backtrack().solve(problem, Control.with_timeout(10, seed=seed))
        best = Backtrack().solve(
            problem, Control.with_timeout(10, seed=seed), quality="best", best_seconds=0.5
        )
        gains += key_of(problem, best.assignment) > key_of(problem, first.assignment)
    assert gains >= 2


def test_the_budget_counts_from_the_first_fill(monkeypatch: pytest.MonkeyPatch) -> None:
    """A first fill that took longer than ``best_seconds`` (an open grid) is improved."""
    run = backtrack._Search.run
    runs: list[int] = []

    def slow_first(search: Any, *args: Any) -> Any:
        if not runs:
            time.sleep(0.4)
        runs.append(1)
        return run(search, *args)

    monkeypatch.setattr(backtrack._Search, "run", slow_first)
    problem = problem_of(OPEN_5, 1)
    result = Backtrack().solve(
        problem, Control.with_timeout(10, seed=1), quality="best", best_seconds=0.2
    )
    assert result.stats["rounds"] > 0 and len(runs) > 1


def test_a_proved_optimum_stops_the_search_early() -> None:
    """Scores only 0 or 100, the 100s alone fill the grid: the bound is reached."""
    words = {w: (100 if w[0] == "A" else 0) for w in scored_words(0)}
    problem = crossword(["...", "...", "..."], words)
    problem.no_duplicates = False
    control = Control.with_timeout(20, seed=1)
    result = Backtrack().solve(problem, control, quality="best", best_seconds=10)
    assert result.optimal is True and result.stats["improving_ended"] == "optimal"
    assert result.objective is not None and result.objective.summary["min_score"] == 100


def test_the_answer_says_why_improving_ended() -> None:
    """A spent budget or a cancel is told apart from a search with nothing left to try."""
    problem = problem_of(OPEN_5, 2)
    control = Control.with_timeout(10, seed=2)
    spent = Backtrack().solve(problem, control, quality="best", best_seconds=0)
    assert spent.stats["improving_ended"] == "best_seconds" and spent.optimal is False
    reports: list[dict[str, Any]] = []  # canceled once the first fill is reported
    control = Control(
        cancelled=lambda: any("improvements" in r for r in reports), progress=reports.append
    )
    canceled = Backtrack().solve(problem, control, quality="best")
    assert canceled.status == "solved" and canceled.stats["improving_ended"] == "canceled"
    tiny = problem_of(["..", ".."], 2)
    ended = Backtrack().solve(tiny, Control.with_timeout(30, seed=2), quality="best")
    assert ended.stats["improving_ended"] in ("optimal", "exhausted")


def test_without_an_objective_best_degrades_to_first() -> None:
    from crossforge.plugins.testing import Queens

    result = Backtrack().solve(Queens(6), Control.with_timeout(5), quality="best")
    assert result.status == "solved" and result.objective is None
    assert "no objective" in result.stats["quality"]


@pytest.mark.parametrize("quality", ["first", "best"])
def test_alternatives_are_distinct_by_min_difference_and_best_first(quality: str) -> None:
    problem = problem_of(OPEN_5, 3)
    reports: list[dict[str, Any]] = []
    result = Backtrack().solve(
        problem,
        Control.with_timeout(10, seed=3, progress=reports.append),
        quality=quality,
        best_seconds=0.4,
        alternatives=4,
        min_difference=3,
    )
    fills = [result.assignment, *result.alternatives]
    assert len(fills) == 4
    for fill in fills:
        assert problem.cost([int(v) for v in fill if v is not None]) == 0
    for a, b in itertools.combinations(fills, 2):
        assert sum(x != y for x, y in zip(a, b, strict=True)) >= 3
    keys = [key_of(problem, fill) for fill in fills]
    assert keys == sorted(keys, reverse=True)
    shown = [tuple(r["objective_key"]) for r in reports if "objective_key" in r]
    assert shown == sorted(shown) and shown[-1] <= keys[0]  # alternatives never show worse


def test_alternatives_forbid_entries_spread_over_the_grid() -> None:
    from crossforge.plugins.strategies import improve

    problem = problem_of(OPEN_5, 3)
    first = Backtrack().solve(problem, Control.with_timeout(10, seed=3)).assignment
    root = problem.initial_domains()
    for rng in (None, random.Random(5)):
        domains = improve.differing_domains(problem, root, [first], 3, rng)
        changed = [v for v in range(problem.size) if domains[v].sum() < root[v].sum()]
        assert len(changed) == 3
        for a, b in itertools.combinations(changed, 2):
            assert b not in problem.neighbours(a)  # no two forbidden entries cross
    # more than can be spread: the rest follow in order, still as many as asked
    assert len(improve.spread(problem, list(range(problem.size)), problem.size)) == problem.size


def test_the_stemmer_joins_inflections() -> None:
    assert {stem(w) for w in ("PLAY", "PLAYS", "PLAYED", "PLAYING", "PLAYER")} == {"PLAY"}
    assert stem("RUNNING") == stem("RUN") == "RUN"
    assert stem("BAKED") == stem("BAKE") == stem("BAKING")
    assert stem("CITIES") == stem("CITY")
    assert stem("GLASS") == "GLASS" and stem("ASS") == "ASS"
    assert stem("PLAY") != stem("PLANE")


def test_clash_keys() -> None:
    """Equal runs of letters have equal keys in tables of any length; stems too."""
    words = {"NATION": 50, "STATION": 50, "CAT": 50, "PLAYS": 50, "PLAYED": 50}
    index = WordIndex.build(words.items())
    tables = {n: shared_table(index.bucket(n), n, len(index.alphabet)) for n in (3, 5, 6, 7)}
    rule = ClashRule(substring=5, stems=True)
    clashes = {n: ClashIndex(t.codes, t.words, t.alphabet_size, rule) for n, t in tables.items()}

    def keys(word: str) -> set[int]:
        table = tables[len(word)]
        position = table.position(word)
        assert position is not None
        return set(clashes[len(word)].keys_of(position).tolist())

    assert len(keys("NATION")) == 3 and len(keys("CAT")) == 1  # 2 runs + stem; stem only
    assert len(keys("NATION") & keys("STATION")) == 1  # ATION
    assert not keys("CAT") & keys("NATION")
    assert len(keys("PLAYS") & keys("PLAYED")) == 1  # the stem PLAY
    station = tables[7].position("STATION")
    assert clashes[6].clashing(np.array(sorted(keys("STATION")))).tolist() == [
        tables[6].position("NATION")
    ]
    assert station is not None


def two_row_problem(seed: int, width: int, rule: ClashRule) -> CrosswordProblem:
    """Two open rows of ``width``: two across entries, ``width`` downs of 2 letters."""
    rng = random.Random(seed)
    letters = "ABSE"
    words = {
        "".join(rng.choice(letters) for _ in range(n)): rng.randrange(101)
        for n in (2, width)
        for _ in range(14)
    }
    template = ["." * width] * 2
    index = WordIndex.build(words.items())
    slots = Grid.from_rows(template).slots()
    tables = {n: index.bucket(n) for n in {slot.length for slot in slots}}
    return CrosswordProblem(template, slots, tables, index.alphabet, clashes=rule)


def reference_fills(problem: CrosswordProblem, clash: Any) -> list[list[str]]:
    """Every fill of a two-row problem, by brute force over the across pairs: the downs
    follow from them; entries all different, no two clashing."""
    across = [w for w in problem._tables[len(problem.template[0])].words]
    downs = set(problem._tables[2].words) if 2 in problem._tables else set()
    fills = []
    for top, bottom in itertools.product(across, repeat=2):
        entries = [top, bottom, *(a + b for a, b in zip(top, bottom, strict=True))]
        if not all(d in downs for d in entries[2:]) or len(set(entries)) < len(entries):
            continue
        if not any(clash(a, b) for a, b in itertools.combinations(entries, 2)):
            fills.append(entries)
    return fills


def share_bigram(a: str, b: str) -> bool:
    return bool(
        {a[i : i + 2] for i in range(len(a) - 1)} & {b[i : i + 2] for i in range(len(b) - 1)}
    )


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_shared_substrings_are_never_filled_and_no_fill_is_lost(seed: int, engine: str) -> None:
    """Against brute force: a fill exists exactly when the search finds one, and the
    one found has no two entries sharing 2 letters in a row."""
    problem = two_row_problem(seed, 3, ClashRule(substring=2))
    result = Backtrack().solve(problem, Control.with_timeout(10, seed=seed), engine=engine)
    expected = reference_fills(problem, share_bigram)
    assert result.status == ("solved" if expected else "unsatisfiable")
    if expected:
        words = problem.words(result.assignment)
        assert problem.clashing_pairs(result.assignment) == []
        assert not any(share_bigram(a, b) for a, b in itertools.combinations(words, 2))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(20))
def test_shared_stems_are_never_filled_and_no_fill_is_lost(seed: int) -> None:
    """Across words are a stem and an ending (BABS, BABE: stem BAB), downs any pair of
    letters: the stem rule decides which across pairs may stand together."""
    rng = random.Random(seed)
    stems = {"".join(rng.sample("ABCD", 3)) for _ in range(4)}
    words = {s + end: rng.randrange(101) for s in stems for end in "SE" if rng.random() < 0.8}
    words.update({a + b: rng.randrange(101) for a in "ABCDSE" for b in "ABCDSE"})
    template = ["....", "...."]
    index = WordIndex.build(words.items())
    slots = Grid.from_rows(template).slots()
    tables = {n: index.bucket(n) for n in {slot.length for slot in slots}}
    rule = ClashRule(stems=True)
    problem = CrosswordProblem(template, slots, tables, index.alphabet, clashes=rule)
    result = Backtrack().solve(problem, Control.with_timeout(10, seed=seed))
    expected = reference_fills(problem, lambda a, b: stem(a) == stem(b))
    assert result.status == ("solved" if expected else "unsatisfiable")
    if expected:
        words_found = [w for w in problem.words(result.assignment) if w]
        assert len({stem(w) for w in words_found}) == len(words_found)


def small_problem(seed: int, rule: ClashRule) -> CrosswordProblem:
    return two_row_problem(seed, 3, rule)


def test_the_metaheuristics_count_clashes_in_the_cost() -> None:
    problem = small_problem(3, ClashRule(substring=2))
    rng = random.Random(0)
    for _ in range(30):
        assignment = [int(rng.choice(np.flatnonzero(d))) for d in problem.initial_domains()]
        base = problem._violations(assignment, [])  # nothing in focus: nothing counted
        assert base == 0
        pairs = problem.clashing_pairs(assignment)
        plain = CrosswordProblem(
            problem.template, problem.slots, problem._tables, problem.alphabet
        ).cost(assignment)
        assert problem.cost(assignment) == plain + len(pairs)
        var = rng.randrange(problem.size)
        values = np.flatnonzero(problem.initial_domains()[var])
        counted = problem.value_conflicts(assignment, var, values)
        for value, conflicts in zip(values, counted, strict=True):
            trial = list(assignment)
            trial[var] = int(value)
            mine = sum(1 for s, t in problem.clashing_pairs(trial) if var in (s, t))
            other = CrosswordProblem(
                problem.template, problem.slots, problem._tables, problem.alphabet
            ).value_conflicts(trial, var, np.array([value]))[0]
            assert conflicts == other + mine
