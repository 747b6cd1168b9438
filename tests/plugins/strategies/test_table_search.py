"""The compiled search behind ``backtrack`` for problems in table form (crosswords)."""

from __future__ import annotations

import ctypes
import random
import re
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from crossword_cases import PLAIN, crossword, random_crossword

from crossforge.grids.model import Grid
from crossforge.plugins.contract import Control, TableForm
from crossforge.plugins.job_requests import resolve_parameters
from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem
from crossforge.plugins.strategies import table_search
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.plugins.strategies.plan import Plan
from crossforge.plugins.testing import GraphColouring, check_problem
from crossforge.wordbase.index import WordIndex

SPEC: list[Any] = list(table_search._Spec._fields_)
"""The mirror's fields; 8 and 9 are n_cross and cross."""


def hard_crossword() -> CrosswordProblem:
    """An open 6x6 grid over 1,500 random words of ten letters: no answer in seconds."""
    rng = random.Random(5)
    words = {"".join(rng.choice("ABCDEFGHIJ") for _ in range(6)): 50 for _ in range(1500)}
    return crossword(["......"] * 6, words)


def test_the_extension_is_built() -> None:
    assert table_search.available(), table_search.unavailable_reason()
    assert table_search.unavailable_reason() is None


def mirror(name: str, fields: list[tuple[str, Any]]) -> type[ctypes.Structure]:
    """A ctypes Structure called ``name`` with ``fields``."""
    return type(name, (ctypes.Structure,), {"_fields_": fields})


LONGER = mirror("Longer", [*SPEC, ("extra", ctypes.c_int64)])
SWAPPED = mirror("Swapped", [*SPEC[:8], SPEC[9], SPEC[8], *SPEC[10:]])


@pytest.mark.parametrize(
    ("wrong", "what", "compiled", "mirrored"),
    [
        (LONGER, "sizeof(Spec)", ctypes.sizeof(table_search._Spec), ctypes.sizeof(LONGER)),
        (
            SWAPPED,
            "offsetof(Spec, n_cross)",
            table_search._Spec.n_cross.offset,
            SWAPPED.n_cross.offset,
        ),
    ],
)
def test_a_mirror_unlike_the_compiled_spec_is_refused(
    wrong: type[ctypes.Structure], what: str, compiled: int, mirrored: int
) -> None:
    expected = (
        f"{what} is {compiled} bytes in table_search.c but {mirrored} in its ctypes "
        f"mirror {wrong.__name__} (table_search.py)"
    )
    with pytest.warns(RuntimeWarning, match=re.escape(f"compiled search not used: {expected}")):
        search, reason = table_search._load(wrong)
    assert search is None and reason == expected


def test_crosswords_have_a_table_form_other_problems_not() -> None:
    problem = crossword(["...", "...", "..."], {"CAT": 50, "ARE": 40, "TEA": 60, "OAR": 10})
    form = problem.table_form()
    assert form is not None
    assert len(form.codes) == problem.size == 6
    assert form.crossings.shape == (18, 4)  # 9 cells, each crossing listed both ways
    for v, p, w, q in form.crossings:
        assert problem.slots[v].cells[p] == problem.slots[w].cells[q]
    assert form.groups[0] == form.groups[5] >= 0  # same length, no duplicates
    assert GraphColouring.clique(3, 3).table_form() is None


@pytest.mark.parametrize("seed", range(60))
def test_the_engines_agree(seed: int) -> None:
    """Compiled and Python searches give the same answer; compiled fills are valid."""
    python = Backtrack().solve(random_crossword(seed), Control.with_timeout(10), engine="python")
    compiled = Backtrack().solve(random_crossword(seed), Control.with_timeout(10, seed=seed))
    assert python.status in ("solved", "unsatisfiable")
    assert compiled.status == python.status
    if compiled.complete:
        assert random_crossword(seed).cost(compiled.assignment) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [PLAIN, {"restart_scale": 1}, {"nogoods": False}])
def test_every_option_keeps_proofs(options: dict) -> None:
    for seed in range(20):
        expected = Backtrack().solve(random_crossword(seed), Control(), engine="python", **PLAIN)
        result = Backtrack().solve(random_crossword(seed), Control(seed=seed), **options)
        assert result.status == expected.status


def test_no_duplicates_is_kept_or_lifted() -> None:
    words = {"AB": 50, "BA": 40}
    square = ["..", ".."]
    assert Backtrack().solve(crossword(square, words), Control()).status == "unsatisfiable"
    twice = crossword(square, {"AA": 50})
    assert Backtrack().solve(twice, Control()).status == "unsatisfiable"
    twice.no_duplicates = False
    form = twice.table_form()
    assert form is not None and set(form.groups) == {-1}
    assert Backtrack().solve(twice, Control()).status == "solved"


def test_higher_scores_first() -> None:
    words = {"ABC": 10, "XYZ": 90, "AXB": 50, "BYC": 50, "CZA": 50}
    problem = crossword(["###", "...", "###"], words)
    result = Backtrack().solve(problem, Control())
    assert problem.words(result.assignment) == ["XYZ"]


def test_limits_cancel_and_progress() -> None:
    limited = Backtrack().solve(hard_crossword(), Control(), max_nodes=500)
    assert (limited.status, limited.reason, limited.stats["nodes"]) == (
        "gave_up",
        "node limit",
        500,
    )
    polls = iter(range(10**9))
    cancelled = Backtrack().solve(
        hard_crossword(),
        Control(cancelled=lambda: next(polls) > 20),
    )
    assert (cancelled.status, cancelled.reason) == ("gave_up", "canceled")
    reports: list[dict] = []
    timed = Backtrack().solve(
        hard_crossword(),
        Control.with_timeout(0.3, progress=reports.append),
        progress_interval=0,
    )
    assert (timed.status, timed.reason) == ("gave_up", "timeout")
    assert timed.stats["time"] < 1.0
    assert len(reports) > 5
    assert max(r["best_filled"] for r in reports[:-1]) >= 3
    assert any("#" not in "".join(r["best"]) and "." in "".join(r["best"]) for r in reports)
    best = [v for v in timed.assignment if v is not None]
    assert len(best) >= 3  # the best partial fill comes back


def test_same_seed_same_fill_and_seeds_vary() -> None:
    rng = random.Random(2)
    words = {"".join(rng.choice("ABCDEF") for _ in range(4)): 50 for _ in range(600)}
    fills = [
        crossword(["....", "....", "....", "...."], words).words(
            Backtrack().solve(crossword(["...."] * 4, words), Control(seed=seed)).assignment
        )
        for seed in (1, 1, 2, 3, 4)
    ]
    assert fills[0] == fills[1]
    assert len({tuple(f) for f in fills}) > 2


def test_given_letters_stay() -> None:
    rng = random.Random(3)
    cells = ["".join(rng.choice("ABCDE") for _ in range(4)) for _ in range(4)]
    columns = ["".join(row[c] for row in cells) for c in range(4)]
    noise = {"".join(rng.choice("ABCDE") for _ in range(4)) for _ in range(300)}
    words = dict.fromkeys(sorted(noise | set(cells) | set(columns)), 50)
    template = [cells[0][0] + "...", "....", "....", "..." + cells[3][3]]
    problem = crossword(template, words)
    problem.no_duplicates = False  # the planted square may repeat a word
    result = Backtrack().solve(problem, Control(seed=1))
    assert result.complete
    assert problem.cost(result.assignment) == 0  # type: ignore[arg-type]
    rows = problem.decode(result.assignment)
    assert rows[0][0] == cells[0][0] and rows[3][3] == cells[3][3]


def test_rare_letter_cut_never_claims_a_proof() -> None:
    problem = crossword(["..", ".."], {"AB": 50, "BA": 40})
    assert Backtrack().solve(problem, Control()).status == "unsatisfiable"
    cut = Backtrack().solve(
        crossword(["..", ".."], {"AB": 50, "BA": 40}), Control(), rare_letter_cut=0.1
    )
    assert cut.status == "gave_up"
    assert "rare-letter cut" in cut.reason


def test_a_wide_alphabet_falls_back_to_python() -> None:
    problem = crossword(["..", ".."], {"AB": 50, "BA": 40})
    problem._size = 80  # as with an alphabet of 80 letters
    assert problem.table_form() is None
    assert Backtrack().solve(problem, Control()).status == "unsatisfiable"


def test_an_exception_in_a_callback_stops_the_search_and_surfaces() -> None:
    def progress(report: dict) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Backtrack().solve(hard_crossword(), Control(progress=progress), progress_interval=0)


def test_progress_tells_current_and_best_fill_apart() -> None:
    reports: list[dict] = []
    Backtrack().solve(
        hard_crossword(), Control(progress=reports.append), max_nodes=3000, progress_interval=0
    )
    during = reports[:-1]
    assert all(0 <= r["filled"] <= r["best_filled"] <= r["variables"] for r in during)
    assert any(r["filled"] < r["best_filled"] for r in during)


def test_the_kit_checks_a_table_form_against_the_problem() -> None:
    rng = random.Random(4)
    words = {"".join(rng.choice("ABCD") for _ in range(3)): 50 for _ in range(40)}
    problem = crossword(["...", "...", "..."], words)
    result = Backtrack().solve(problem, Control(seed=1))
    assert result.complete
    solution = [int(v) for v in result.assignment if v is not None]
    assert check_problem(problem, solution) == []

    class OneWay(CrosswordProblem):
        def table_form(self) -> TableForm | None:
            form = super().table_form()
            assert form is not None
            return replace(form, crossings=form.crossings[::2])

    class NoGroups(CrosswordProblem):
        def table_form(self) -> TableForm | None:
            form = super().table_form()
            assert form is not None
            return replace(form, groups=[-1] * self.size)

    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    args = (problem.template, problem.slots, {3: WordIndex.build(words.items()).bucket(3)})
    one_way = OneWay(*args, alphabet)
    assert any("both ways" in f for f in check_problem(one_way, solution))
    # A symmetric word square: every crossing agrees, each word is used twice.
    square = {"ABC": 50, "BDE": 50, "CEF": 50}
    index = WordIndex.build(square.items())
    no_groups = NoGroups(problem.template, problem.slots, {3: index.bucket(3)}, alphabet)
    words_in_order = list(index.bucket(3).words)
    repeated = [words_in_order.index(["ABC", "BDE", "CEF"][i % 3]) for i in range(6)]
    assert no_groups.cost(repeated) > 0  # the repeated words
    assert any("disagree" in f for f in check_problem(no_groups, repeated))


def test_tables_given_as_other_arrays_still_share_their_space() -> None:
    """Codes in another dtype or layout are converted once per table, so slots of one
    length stay in one group (no duplicates still holds)."""

    class Wide(CrosswordProblem):
        def table_form(self) -> TableForm | None:
            form = super().table_form()
            assert form is not None
            wide = {id(c): np.asfortranarray(c.astype(np.int64)) for c in form.codes}
            return replace(form, codes=[wide[id(c)] for c in form.codes])

    square = WordIndex.build({"AB": 50, "BA": 40}.items())
    problem = Wide(
        ["..", ".."], crossword(["..", ".."], {"AB": 1}).slots, {2: square.bucket(2)}, "AB"
    )
    assert Backtrack().solve(problem, Control()).status == "unsatisfiable"


def _search(form: TableForm, domains: list[np.ndarray], ranks: list[int], seed: int | None):
    options = resolve_parameters("backtrack", Backtrack.parameters, {"max_nodes": 1500})
    return table_search.table_search(form, domains, options, ranks, seed, lambda *_: None)


def _spread(form: TableForm, domains: list[np.ndarray], gap: int, rng: random.Random):
    """The same problem with ``gap - 1`` junk rows before each row of every table."""
    spread: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for codes, preference in zip(form.codes, form.preference, strict=True):
        if id(codes) not in spread:
            rows, length = codes.shape
            junk = [[rng.randrange(form.alphabet_size) for _ in range(length)]]
            wide = np.array(junk * (rows * gap), dtype=np.uint8)
            wide[gap - 1 :: gap] = codes
            pref = np.zeros(rows * gap, dtype=np.float32)
            pref[gap - 1 :: gap] = preference
            spread[id(codes)] = (wide, pref)
    masks: dict[int, np.ndarray] = {}
    for mask in domains:
        if id(mask) not in masks:
            masks[id(mask)] = np.zeros(mask.size * gap, dtype=bool)
            masks[id(mask)][gap - 1 :: gap] = mask
    spread_form = replace(
        form,
        codes=[spread[id(c)][0] for c in form.codes],
        preference=[spread[id(c)][1] for c in form.codes],
        bits=None,
    )
    return spread_form, [masks[id(m)] for m in domains]


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_the_search_is_the_same_whatever_space_holds_the_rows(seed: int | None) -> None:
    """Rows read in place with the index's bitsets, in place with bitsets built per
    call, with junk rows between them (so read in place with holes, or gathered), from
    domains propagated in Python or not: the same search, node for node."""
    rng = random.Random(6)
    words = {"".join(rng.choice("ABCDEFGHIJ") for _ in range(6)) for _ in range(1500)}
    # Z and Y stand only at positions 0 and 1 of these: no crossing takes them, so the
    # root propagation drops them from every slot, and the rows the domains hold shrink.
    words |= {"ZY" + "".join(rng.choice("ABCDEFGHIJ") for _ in range(4)) for _ in range(200)}
    problem = crossword(["......"] * 6, {w: rng.randrange(101) for w in sorted(words)})
    form = problem.table_form()
    assert form is not None and form.bits is not None and form.bits[0] is not None
    domains = problem.initial_domains()
    ranks = Plan(problem, [int(m.sum()) for m in domains]).rank
    expected = _search(form, domains, ranks, seed)
    assert expected.stopped == "node limit" and expected.counters["restarts"] > 2
    propagated = list(domains)
    assert problem.propagate(propagated, range(problem.size)) is None
    assert propagated[0].sum() < domains[0].sum() - 150
    unshared = replace(form, bits=None)
    variants = [(form, propagated, 1), (unshared, domains, 1)]
    rng = random.Random(0)
    for gap in (2, 4):  # 1,700 rows in 3,400: read in place; in 6,800: gathered
        variants.append((*_spread(form, domains, gap, rng), gap))
    for variant, start, gap in variants:
        outcome = _search(variant, start, ranks, seed)
        assert outcome.counters == expected.counters
        assert [None if v is None else v // gap for v in outcome.assignment] == (
            expected.assignment
        )


def test_a_domain_past_the_score_cut_still_searches_alike() -> None:
    """An allowed word far below the minimum score widens its table's rows well past
    the words above it: the compiled search gathers them instead of reading the table in
    place, and answers as the Python search does."""
    rng = random.Random(8)
    letters = "ABCDEFGH"
    words = {
        "".join(rng.choice(letters) for _ in range(5)): rng.randrange(101) for _ in range(3000)
    }
    worst = min(words, key=lambda w: (words[w], w))
    index = WordIndex.build(words.items())
    template = [".....", ".#.#.", ".....", ".#.#.", "....."]
    grid = Grid.from_rows(template)
    statuses = []
    for engine in ("compiled", "python"):
        problem = CrosswordProblem(
            template,
            grid.slots(),
            {5: index.bucket(5)},
            index.alphabet,
            min_score=85,
            allowed=[worst],
        )
        above = int((index.bucket(5).scores >= 85).sum())
        assert list(index.bucket(5).words).index(worst) > 2 * above + 256  # gathered
        result = Backtrack().solve(problem, Control(), engine=engine, **PLAIN)
        statuses.append(result.status)
        if result.complete:
            assert problem.cost(result.assignment) == 0  # type: ignore[arg-type]
    assert statuses == ["solved", "solved"]


def test_the_kit_checks_bits_against_codes() -> None:
    rng = random.Random(4)
    words = {"".join(rng.choice("ABCD") for _ in range(3)): 50 for _ in range(40)}
    index = WordIndex.build(words.items())

    class Misread(CrosswordProblem):
        def table_form(self) -> TableForm | None:
            form = super().table_form()
            assert form is not None and form.bits is not None
            wrong = [None if b is None else np.roll(b, 1, axis=1) for b in form.bits]
            return replace(form, bits=wrong)

    grid = Grid.from_rows(["...", "...", "..."])
    args = (grid.rows, grid.slots(), {3: index.bucket(3)}, index.alphabet)
    solution = Backtrack().solve(CrosswordProblem(*args), Control(seed=1)).assignment
    assert all(v is not None for v in solution)
    assert check_problem(CrosswordProblem(*args), solution) == []  # type: ignore[arg-type]
    assert any("bits[0] disagree" in f for f in check_problem(Misread(*args), solution))  # type: ignore[arg-type]
