"""Collocation blanks: a two-word WordNet phrase among the Google Books pairs, the
answer blanked, no function word and no word of the answer's root in what is left."""

from __future__ import annotations

import pytest

from crossforge.wordbase.building.clues.collocations import CollocationClues
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.english.phrase_evidence import BookCounts
from crossforge.wordbase.clue_store import BOOKS_SOURCE


@pytest.fixture(scope="module")
def collocations(writer: ClueWriter) -> CollocationClues:
    """The collocations of the real WordNet and the shipped Google Books counts."""
    return CollocationClues(writer.wordnet, writer.avoided)


def test_an_answer_is_blanked_in_its_best_phrase(collocations: CollocationClues) -> None:
    assert [c.text for c in collocations.clues("oil", 3)][:2] == ["Olive ___", "Crude ___"]
    assert [c.text for c in collocations.clues("hong", 3)] == ["___ Kong"]  # WordNet's case
    assert [c.text for c in collocations.clues("ore", 1)] == ["Iron ___"]
    for clue in collocations.clues("tea", 3):
        assert (clue.kind, clue.level, clue.source) == ("blank", "easy", BOOKS_SOURCE)


def test_no_blank_beside_a_function_word_or_outside_a_phrase(
    collocations: CollocationClues,
) -> None:
    assert collocations.clues("comet", 3) == []  # only "a comet", "the comet"
    assert collocations.clues("eel", 3) == []  # in no pair at all
    assert "Publishers ___" not in [c.text for c in collocations.clues("run", 3)]  # no phrase


def test_no_blank_whose_other_word_shares_the_answers_root(writer: ClueWriter) -> None:
    # WordNet's "whalebone whale", counted and associated, is no blank for WHALE; given
    # counts make "killer whale" one.
    counts = BookCounts(
        {"whalebone": 10**6, "whale": 10**7, "killer": 10**7, "the": 10**11},
        {"whalebone whale": 10**6, "killer whale": 10**6},
    )
    clues = CollocationClues(writer.wordnet, writer.avoided, counts)
    assert [c.text for c in clues.clues("whale", 3)] == ["Killer ___"]
    assert [c.text for c in clues.clues("whalebone", 3)] == []
