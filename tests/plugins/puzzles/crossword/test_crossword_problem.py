"""The crossword Problem: contract, propagation, locked and banned words, duplicates."""

from __future__ import annotations

import random

import numpy as np
import pytest

from crossforge.grids.model import Grid
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.crossword.problem import CrosswordError, CrosswordProblem
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.plugins.testing import check_problem
from crossforge.wordbase.index import WordIndex

WORDS = {
    "CAT": 90, "ACE": 80, "TEA": 70, "ATE": 60, "EAT": 50, "TAN": 40, "NET": 30, "TEN": 20,
    "ANT": 80, "APE": 60, "PEA": 50, "PAT": 40, "TAP": 30, "SAT": 20, "SEA": 10, "ETA": 35,
}  # fmt: skip
SQUARE = ["...", "...", "..."]


def build(template: list[str], words: dict[str, int] = WORDS, **options) -> CrosswordProblem:
    index = WordIndex.build(words.items())
    slots = Grid.from_rows(template).slots()
    tables = {n: index.bucket(n) for n in {slot.length for slot in slots}}
    return CrosswordProblem(template, slots, tables, index.alphabet, **options)


def solve(problem: CrosswordProblem, **params):
    return Backtrack().solve(problem, Control.with_timeout(10, seed=1), **params)


def filled_words(problem: CrosswordProblem, assignment) -> list[str]:
    return [w for w in problem.words(assignment) if w is not None]


def test_meets_the_problem_contract_with_a_known_solution() -> None:
    problem = build(SQUARE)
    result = solve(problem)
    assert result.complete
    assert check_problem(problem, [int(v) for v in result.assignment]) == []  # type: ignore[arg-type]


def test_fill_reads_across_and_down() -> None:
    problem = build(SQUARE)
    rows = problem.decode(solve(problem).assignment)
    columns = ["".join(row[c] for row in rows) for c in range(3)]
    assert all(word in WORDS for word in rows + columns)


def test_propagation_filters_crossings_to_a_fixpoint() -> None:
    problem = build(["...", "#.#", "#.#"])  # 1-across crossed by one down
    domains = problem.initial_domains()
    across = next(i for i, s in enumerate(problem.slots) if s.direction == "across")
    down = next(i for i, s in enumerate(problem.slots) if s.direction == "down")
    fixed = list(domains)
    fixed[across] = np.zeros_like(domains[across])
    fixed[across][problem._slot_table[across].position("SEA")] = True  # noqa: SLF001
    assert problem.propagate(fixed, [across]) is None
    downs = {problem.value_label(down, v) for v in np.flatnonzero(fixed[down])}
    assert downs and all(word[0] == "E" for word in downs)
    assert all(fixed[v] is domains[v] for v in range(problem.size) if v not in (across, down))


@pytest.mark.parametrize("seed", range(8))
def test_facts_kept_through_narrowing_match_fresh_ones(seed: int) -> None:
    """Candidate positions, letter counts and letter sets carried from mask to narrowed
    mask (through several decisions and propagations) equal those computed afresh."""
    rng = random.Random(seed)
    words = {"".join(rng.choice("AAAAABCDE") for _ in range(4)): 50 for _ in range(400)}
    problem = build(["....", "....", "....", "...."], words, no_duplicates=seed % 2 == 0)
    domains = problem.initial_domains()
    problem.propagate(domains, range(problem.size))
    for _ in range(3):
        var = rng.choice([v for v in range(problem.size) if domains[v].sum() > 1] or [0])
        options = np.flatnonzero(domains[var])
        if options.size == 0:
            break
        single = np.zeros_like(domains[var])
        single[options[rng.randrange(options.size)]] = True
        domains[var] = single
        wiped = problem.propagate(domains, [var])
        afresh = build(["....", "....", "....", "...."], words)
        for s, mask in enumerate(domains):
            copy = mask.copy()
            kept, fresh = problem._fact(s, mask), afresh._fact(s, copy)  # noqa: SLF001
            assert np.array_equal(kept.idx, fresh.idx)
            assert np.array_equal(kept.counts, fresh.counts)
            assert kept.sets == fresh.sets and kept.size == fresh.size
        if wiped is not None:
            break


def test_wipe_out_reports_the_emptied_slot() -> None:
    problem = build(["...", "#.#", "#.#"], {"CAT": 50, "DOG": 50, "XYZ": 50})
    domains = problem.initial_domains()
    wiped = problem.propagate(domains, range(problem.size))
    assert wiped is not None


def test_explained_propagation_blames_the_decision() -> None:
    problem = build(["...", "#.#", "#.#"], {"CAT": 50, "DOG": 50, "AXE": 50, "OAK": 50})
    domains = problem.initial_domains()
    across = next(i for i, s in enumerate(problem.slots) if s.direction == "across")
    down = 1 - across
    reasons = [0, 0]
    assert problem.propagate_explained(domains, [0, 1], reasons) is None
    assert reasons == [0, 0]
    domains[across] = np.zeros_like(domains[across])
    domains[across][problem._slot_table[across].position("CAT")] = True  # noqa: SLF001
    reasons[across] = 1 << 1
    assert problem.propagate_explained(domains, [across], reasons) is None
    assert reasons[down] == 1 << 1
    assert problem.value_label(down, int(np.flatnonzero(domains[down])[0])) == "AXE"


def test_no_duplicates_by_default() -> None:
    assert solve(build(["..", ".."], {"AA": 50})).status == "unsatisfiable"
    assert solve(build(["..", ".."], {"AA": 50}, no_duplicates=False)).complete
    # Over two letters every 2x2 word square repeats an entry; over three some do not.
    two = {a + b: 50 for a in "AB" for b in "AB"}
    assert solve(build(["..", ".."], two)).status == "unsatisfiable"
    three = build(["..", ".."], {a + b: 50 for a in "ABC" for b in "ABC"})
    result = solve(three)
    assert result.complete
    entries = filled_words(three, result.assignment)
    assert len(set(entries)) == len(entries) == 4


def test_locked_entry_is_kept_even_when_the_list_lacks_it() -> None:
    assert solve(build(SQUARE, locked={0: "CAT"})).status == "unsatisfiable"
    problem = build(SQUARE, locked={0: "TAP"})
    result = solve(problem)
    assert result.complete
    assert problem.decode(result.assignment) == ["TAP", "ETA", "NET"]
    theme = build(["...", "#.#", "#.#"], {"ZAP": 50, "AXE": 50, "OAK": 50}, locked={0: "OAT"})
    result = solve(theme)
    assert result.complete
    assert filled_words(theme, result.assignment)[0] == "OAT"


def test_bad_locked_entries_are_named() -> None:
    with pytest.raises(CrosswordError, match="does not fit"):
        build(SQUARE, locked={0: "CATS"})
    with pytest.raises(CrosswordError, match="not a slot"):
        build(SQUARE, locked={9: "CAT"})
    with pytest.raises(CrosswordError, match="not in the alphabet"):
        build(SQUARE, locked={0: "C4T"})


def test_banned_words_never_appear_and_allowed_words_pass_min_score() -> None:
    banned = ["CAT", "EAT"]
    problem = build(SQUARE, banned=banned)
    result = solve(problem)
    assert result.complete
    assert not set(filled_words(problem, result.assignment)) & set(banned)
    strict = build(["...", "#.#", "#.#"], {"SEA": 10, "EAT": 10}, min_score=50)
    assert solve(strict).status == "unsatisfiable"
    allowed = build(
        ["...", "#.#", "#.#"], {"SEA": 10, "EAT": 10}, min_score=50, allowed=["SEA", "EAT"]
    )
    assert solve(allowed).complete


def test_given_letters_narrow_the_domains() -> None:
    assert solve(build(["P..", "...", "..."])).status == "unsatisfiable"
    problem = build(["...", ".T.", "..."])
    result = solve(problem)
    assert result.complete
    assert problem.decode(result.assignment)[1][1] == "T"


def test_higher_scores_come_first() -> None:
    problem = build(["...", "#.#", "#.#"], score_band=1)
    domains = problem.initial_domains()
    order = problem.value_order(0, domains)
    scores = [problem.score(0, int(v)) for v in order]
    assert scores == sorted(scores, reverse=True)
    seeded = problem.value_order(0, domains, random.Random(1))
    assert sorted(seeded.tolist()) == sorted(order.tolist())
    banded = build(["...", "#.#", "#.#"], score_band=50)
    order = banded.value_order(0, banded.initial_domains())
    bands = [banded.score(0, int(v)) // 50 for v in order]
    assert bands == sorted(bands, reverse=True)


def test_cost_grades_crossings_duplicates_and_bad_words() -> None:
    problem = build(["..", ".."], {"AB": 50, "BA": 50, "AA": 50, "BB": 50})
    table = problem._slot_table[0]  # noqa: SLF001
    ab, ba, aa = (table.position(w) for w in ("AB", "BA", "AA"))
    assert ab is not None and ba is not None and aa is not None
    # slots: 1-across, 3-across, 1-down, 2-down
    good = [ab, ba, ab, ba]
    assert problem.cost(good) == 2  # AB twice and BA twice
    bad = [aa, ba, ab, ba]  # 1-across AA disagrees with 2-down at (0, 1)
    assert problem.cost(bad) > problem.cost(good) - 1
    assert problem.delta(good, {0: aa}) == problem.cost(bad) - problem.cost(good)
    assert problem.conflicts(good, 0, ab) >= 1


def test_compound_moves_stay_in_the_domains() -> None:
    problem = build(SQUARE)
    solution = [int(v) for v in solve(problem).assignment]  # type: ignore[arg-type]
    domains = problem.initial_domains()
    moves = problem.compound_moves(solution, random.Random(3))
    assert moves
    for move in moves:
        assert len(move) >= 2
        assert all(domains[var][value] for var, value in move.items())


def test_rare_letter_cut_drops_words_with_rare_crossing_letters() -> None:
    words = {"CAT": 50, "COT": 50, "AXES": 50, "ACES": 50, "ANTS": 50, "ARTS": 50, "OAKS": 50}
    problem = build(["...", "#.#", "#.#", "#.#"], words)
    domains = problem.initial_domains()
    cut = problem.cut_rare(domains, 0.25)  # O starts 1 of the 5 downs: rare
    across = next(i for i, s in enumerate(problem.slots) if s.direction == "across")
    kept = {problem.value_label(across, int(v)) for v in np.flatnonzero(cut[across])}
    assert kept == {"CAT"}
    assert all(not (cut[v] & ~domains[v]).any() for v in range(problem.size))
    result = Backtrack().solve(problem, Control(), rare_letter_cut=0.25)
    assert result.complete
    assert problem.decode(result.assignment)[0] == "CAT"
