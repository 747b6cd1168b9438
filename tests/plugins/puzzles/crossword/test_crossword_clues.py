"""Clues in crossword fill results: up to three suggestions per entry from the word store,
best first; the request's own clues first; the entries with no clue listed; downloads
taking each entry's first clue."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.crossword import American
from crossforge.plugins.puzzles.crossword.problem import CrosswordError
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.models import Clue
from crossforge.wordbase.source import CLUE_SUGGESTIONS, IndexWords, StoreWords
from crossforge.wordbase.store import WordStore

OPEN = ["...", "...", "..."]
WORDS = ["".join(p) for p in itertools.product("ABCE", repeat=3)]


@pytest.fixture
def source(tmp_path: Path) -> StoreWords:
    """A store whose list 'abc' holds every 3-letter word over A, B, C, E; ABC has five
    clues, two of them dictionary definitions."""
    store = WordStore(f"sqlite:///{tmp_path / 'words.db'}")
    import_lines(store, "abc", [f"{word};50" for word in WORDS], "stwl")
    store.put_entry(
        "abc",
        "ABC",
        90,
        clues=[
            Clue("The first three letters, in order", "wordnet"),
            Clue("Basics"),
            Clue("Kindergarten lesson, with 'the'", "nyt 1999"),
            Clue("Rudiments"),
            Clue("Basics", "wordnet"),
        ],
    )
    return StoreWords(store)


def _fill(source: object, **options: object) -> dict:
    kind = American()
    request = {"grid": OPEN, "list": "abc", "locked": {"1A": "ABC"}, **options}
    problem = kind.problem(request, source)  # type: ignore[arg-type]
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=1))
    return kind.result(problem, outcome)


def test_entries_get_the_best_three_clues_and_unclued_ones_are_listed(
    source: StoreWords,
) -> None:
    answer = _fill(source)
    first = answer["entries"][0]
    assert first["word"] == "ABC"
    assert [c["text"] for c in first["clues"]] == [
        "Basics",
        "Rudiments",
        "Kindergarten lesson, with 'the'",
    ]
    assert len(first["clues"]) == CLUE_SUGGESTIONS
    assert answer["unclued"] == ["4A", "5A", "1D", "2D", "3D"]


def test_the_requests_own_clue_comes_first(source: StoreWords) -> None:
    answer = _fill(source, clues={"1a": "Alphabet opener", "2D": "  "})
    first = answer["entries"][0]
    assert first["clues"][0] == {"text": "Alphabet opener", "source": "request"}
    assert [c["text"] for c in first["clues"][1:]] == [
        "Basics",
        "Rudiments",
        "Kindergarten lesson, with 'the'",
    ]
    assert "2D" in answer["unclued"]
    again = _fill(source, clues={"1A": "Basics", "4A": "Mine"})
    assert again["entries"][0]["clues"] == [  # the suggestion of the same text is dropped
        {"text": "Basics", "source": "request"},
        {"text": "Rudiments"},
        {"text": "Kindergarten lesson, with 'the'", "source": "nyt 1999"},
    ]
    assert "4A" not in again["unclued"]


def test_a_clue_for_a_slot_the_grid_lacks_is_refused(source: StoreWords) -> None:
    with pytest.raises(CrosswordError, match="clue for '9D': not a slot of the grid"):
        _fill(source, clues={"9D": "Nowhere"})


def test_the_puzzle_files_take_each_entrys_first_clue(source: StoreWords) -> None:
    from crossforge.grids.formats import dumps, loads
    from crossforge.plugins.puzzles.crossword.files import fill_puzzle

    answer = _fill(source, clues={"1A": "Alphabet opener"})
    for fmt in ("puz", "ipuz", "xd"):
        puzzle = loads(dumps(fill_puzzle(answer), fmt), fmt)
        assert puzzle.clues["1A"] == "Alphabet opener", fmt


def test_a_clue_level_puts_that_levels_clue_first_after_the_lists_own(tmp_path: Path) -> None:
    from crossforge.grids.formats import dumps, loads
    from crossforge.plugins.puzzles.crossword.files import fill_puzzle

    store = WordStore(f"sqlite:///{tmp_path / 'words.db'}")
    import_lines(store, "abc", [f"{word};50" for word in WORDS], "stwl")
    written = [
        Clue("Elementary principles", "wordnet", kind="definition", level="medium"),
        Clue("Alphabet ___", "google-books", kind="blank", level="easy"),
        Clue("Network, for short", "wordnet", kind="abbreviation", level="hard"),
    ]
    store.put_entry("abc", "ABC", 90, clues=written)
    source = StoreWords(store)
    levels = {
        level: [c["text"] for c in _fill(source, clue_level=level)["entries"][0]["clues"]]
        for level in ("easy", "medium", "hard")
    }
    assert levels == {
        "easy": ["Alphabet ___", "Elementary principles", "Network, for short"],
        "medium": ["Elementary principles", "Alphabet ___", "Network, for short"],
        "hard": ["Network, for short", "Elementary principles", "Alphabet ___"],
    }
    easy = _fill(source, clue_level="easy")
    assert loads(dumps(fill_puzzle(easy), "xd"), "xd").clues["1A"] == "Alphabet ___"
    store.put_entry("abc", "ABC", 90, clues=[*written, Clue("Basics")])  # a user's own
    hard = _fill(source, clue_level="hard")
    assert hard["entries"][0]["clues"][0] == {"text": "Basics"}
    assert loads(dumps(fill_puzzle(hard), "xd"), "xd").clues["1A"] == "Basics"
    store.close()


def test_index_words_hand_out_at_most_three_clues() -> None:
    from crossforge.wordbase.index import WordIndex

    index = WordIndex.build((word, 50) for word in WORDS)
    given = {"ABC": [{"text": str(n)} for n in range(5)]}
    words = IndexWords({"abc": index}, {"abc": given})
    assert words.clues("abc", ["ABC", "CAB"]) == {"ABC": given["ABC"][:3]}
