"""Word tables built once per process and shared by every crossword problem on them."""

from __future__ import annotations

import gc
import random
from concurrent.futures import ThreadPoolExecutor
from itertools import product
from pathlib import Path

import numpy as np

from crossforge.grids.model import Grid
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.crossword import American
from crossforge.plugins.puzzles.crossword import tables as shared
from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.source import StoreWords
from crossforge.wordbase.store import WordStore

SQUARE = ["....", "....", "....", "...."]


def random_words(seed: int, count: int = 400, length: int = 4) -> dict[str, int]:
    rng = random.Random(seed)
    letters = "ABCDEF"
    return {
        "".join(rng.choice(letters) for _ in range(length)): rng.randrange(101)
        for _ in range(count)
    }


def problem_on(index: WordIndex, template: list[str] = SQUARE, **options) -> CrosswordProblem:
    grid = Grid.from_rows(template)
    buckets = {n: index.bucket(n) for n in {slot.length for slot in grid.slots()}}
    return CrosswordProblem(grid.rows, grid.slots(), buckets, index.alphabet, **options)


def test_problems_on_one_bucket_share_its_table_and_the_index_bitsets() -> None:
    index = WordIndex.build(random_words(1).items())
    first, second = problem_on(index, min_score=20), problem_on(index, min_score=60)
    assert first._tables[4] is second._tables[4]
    assert first._tables[4].shared
    form = second.table_form()
    assert form is not None and form.bits is not None
    assert all(bits is index.bucket(4).bits for bits in form.bits)
    # another score cut is another mask over the same rows, not another table
    assert first.initial_domains()[0].sum() > second.initial_domains()[0].sum()


def test_a_word_added_for_one_request_stays_out_of_the_shared_table() -> None:
    index = WordIndex.build(random_words(2).items())
    themed = problem_on(index, locked={0: "ZZZZ"})
    table = shared.shared_table(index.bucket(4), 4, len(index.alphabet))
    assert themed._tables[4] is not table and themed._tables[4].position("ZZZZ") is not None
    assert table.position("ZZZZ") is None and len(table) == len(index.bucket(4))
    assert themed.table_form().bits[0] is None  # type: ignore[union-attr]
    plain = problem_on(index)
    assert plain._tables[4] is table
    result = Backtrack().solve(themed, Control(seed=1))
    assert result.status != "solved" or themed.words(result.assignment)[0] == "ZZZZ"


def test_problems_locking_the_same_absent_words_share_one_extended_table() -> None:
    """A design's fills lock the same theme answers again and again: the table with
    them added is built once and shared, never the base's, and is bounded."""
    index = WordIndex.build(random_words(7).items())
    base = shared.shared_table(index.bucket(4), 4, len(index.alphabet))
    first = problem_on(index, locked={0: "ZZZZ", 4: "YYYY"})
    again = problem_on(index, locked={4: "YYYY", 0: "ZZZZ"}, min_score=50)
    other = problem_on(index, locked={0: "ZZZZ"})
    assert first._tables[4] is again._tables[4] and first._tables[4].shared
    assert other._tables[4] is not first._tables[4]
    assert {first._tables[4].position(w) for w in ("ZZZZ", "YYYY")} == {len(base), len(base) + 1}
    assert base.position("ZZZZ") is None and len(base) == len(index.bucket(4))
    for letters in list(product("WXYZ", repeat=4))[: 2 * shared._KEEP_EXTENDED]:
        problem_on(index, locked={0: "".join(letters)})
    assert len(shared._extended) <= shared._KEEP_EXTENDED
    filled = Backtrack().solve(again, Control(seed=1))
    assert filled.status != "solved" or again.words(filled.assignment)[0] == "ZZZZ"


def test_another_list_or_alphabet_never_meets_a_stale_table() -> None:
    words = random_words(3)
    old = WordIndex.build(words.items())
    changed = dict(words, **{w: 100 - s for w, s in words.items()})
    new = WordIndex.build(changed.items())
    size = len(old.alphabet)
    old_table = shared.shared_table(old.bucket(4), 4, size)
    new_table = shared.shared_table(new.bucket(4), 4, size)
    assert new_table is not old_table
    assert np.array_equal(new_table.scores, new.bucket(4).scores)
    assert shared.shared_table(old.bucket(4), 4, 6) is not old_table


def test_a_new_list_version_gets_new_tables(tmp_path: Path) -> None:
    with WordStore(f"sqlite:///{tmp_path / 'words.db'}") as store:
        store.create_list("mini")
        for word, score in random_words(4, 60, length=3).items():
            store.put_entry("mini", word, score)
        words = StoreWords(store)
        request = {"grid": ["...", "...", "..."], "list": "mini"}
        before = American().problem(request, words)
        again = American().problem(request, words)
        store.put_entry("mini", "ABC", 1)
        after = American().problem(request, words)
    assert again._tables[3] is before._tables[3]
    assert after._tables[3] is not before._tables[3]
    assert after._tables[3].scores[after._tables[3].position("ABC")] == 1  # type: ignore[index]


def test_tables_go_with_their_index_and_are_bounded() -> None:
    index = WordIndex.build(random_words(5).items())
    table = shared.shared_table(index.bucket(4), 4, len(index.alphabet))
    key = (id(index.bucket(4)), 4, len(index.alphabet))
    assert shared._shared[key][1] is table
    del index, table
    gc.collect()
    shared.shared_table(None, 4, 26)  # no entry of its own
    assert key not in shared._shared
    kept = [WordIndex.build(random_words(seed, 20).items()) for seed in range(80)]
    for index in kept:
        shared.shared_table(index.bucket(4), 4, len(index.alphabet))
    assert len(shared._shared) <= shared._KEEP_SHARED


def test_problems_built_and_filled_from_several_threads_agree() -> None:
    index = WordIndex.build(random_words(6, 1500).items())

    def fill(seed: int) -> list[str | None]:
        problem = problem_on(index, min_score=10 * (seed % 3))
        return problem.words(Backtrack().solve(problem, Control(seed=seed)).assignment)

    seeds = list(range(24))
    alone = [fill(seed) for seed in seeds]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(fill, seeds))
    assert together == alone
