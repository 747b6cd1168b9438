"""The american and canadian puzzle types: requests, rules, answers with metrics."""

from __future__ import annotations

import itertools
import json

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.crossword import American, Canadian
from crossforge.plugins.registry import registry
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.plugins.testing import check_puzzle_type
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.source import IndexWords

# Every 3-letter word over A, B, C, E: any 3x3 or 5x5 shape below has distinct fills.
WORDS = {"".join(p): 10 + 5 * i % 90 for i, p in enumerate(itertools.product("ABCE", repeat=3))}
INDEX = WordIndex.build(WORDS.items())
CLUES = {"ABC": [{"text": "Start of the alphabet"}]}

SYMMETRIC = ["...#.", "...#.", ".....", ".#...", ".#..."]  # not checked everywhere
OPEN = ["...", "...", "..."]


WORDS_SOURCE = IndexWords({"default-en": INDEX}, {"default-en": CLUES})


def crossword_type(kind: type[American] = American) -> American:
    return kind()


def test_types_are_registered() -> None:
    assert isinstance(registry().puzzle_type("american"), American)
    assert isinstance(registry().puzzle_type("canadian"), Canadian)


def test_american_conforms_to_the_kit() -> None:
    check_puzzle_type(
        crossword_type(),
        requests=[{"grid": OPEN}, {"grid": OPEN, "locked": {"1A": "ABC"}, "min_score": 20}],
        bad_requests=[
            {"grid": ["..#", "...", "..."]},  # not symmetric
            {"grid": OPEN, "locked": {"9D": "ABC"}},
            {"grid": OPEN, "colour": "red"},
            {"grid": 42},
        ],
        strategy=Backtrack(),
        words=WORDS_SOURCE,
    )


def test_answer_holds_grid_entries_clues_metrics_and_stats() -> None:
    kind = crossword_type()
    problem = kind.problem({"grid": OPEN, "locked": {"1A": "ABC"}}, WORDS_SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=1))
    answer = kind.result(problem, outcome)
    json.dumps(answer)
    assert outcome.status == "solved" and "status" not in answer  # the pipeline's to write
    assert answer["grid"][0] == "ABC"
    first = answer["entries"][0]
    assert (first["number"], first["direction"], first["word"]) == (1, "across", "ABC")
    assert first["score"] == WORDS["ABC"]
    assert first["clues"] == CLUES["ABC"]
    assert {"quality", "duplicates", "effort", "difficulty"} <= set(answer["metrics"])
    assert answer["stats"]["nodes"] >= 1


def test_unfilled_answer_keeps_the_shape() -> None:
    kind = crossword_type()
    problem = kind.problem({"grid": OPEN, "banned": list(WORDS)}, WORDS_SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10))
    answer = kind.result(problem, outcome)
    assert outcome.status == "unsatisfiable"
    assert answer["grid"] == OPEN
    assert all(entry["word"] is None for entry in answer["entries"])


def test_canadian_rules_differ_from_american() -> None:
    canadian = ["....", "....", "....", "...."]
    assert crossword_type(Canadian).problem({"grid": canadian}, WORDS_SOURCE).size == 8
    with pytest.raises(ValueError, match="canadian rules"):
        crossword_type(Canadian).problem({"grid": SYMMETRIC}, WORDS_SOURCE)
    with pytest.raises(ValueError, match="american rules"):
        crossword_type(American).problem({"grid": SYMMETRIC}, WORDS_SOURCE)


def test_given_letters_and_min_score_reach_the_problem() -> None:
    kind = crossword_type()
    problem = kind.problem({"grid": ["a..", "...", "..."], "min_score": 50}, WORDS_SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=2))
    answer = kind.result(problem, outcome)
    assert outcome.status == "solved"
    assert answer["grid"][0][0] == "A"
    assert all(entry["score"] >= 50 for entry in answer["entries"])


# A 3x3 word square (rows and columns ABC, BCA, CAB): the only fill of OPEN from these.
SQUARE = WordIndex.build(
    [("ABC", 60), ("BCA", 60), ("CAB", 60)], tags={"BCA": ["offensive"], "CAB": ["theme"]}
)
SQUARE_SOURCE = IndexWords({"default-en": SQUARE})


@pytest.mark.parametrize(
    ("options", "status"),
    [
        ({}, "unsatisfiable"),  # BCA is offensive: excluded by default
        ({"allow_tags": ["offensive"]}, "solved"),
        ({"exclude_tags": []}, "solved"),
        ({"exclude_tags": ["theme"]}, "unsatisfiable"),  # a curator's tag works alike
        ({"allowed": ["bca"]}, "solved"),  # a word allowed by name passes its tags
    ],
)
def test_tagged_words_are_left_out_unless_allowed(options: dict, status: str) -> None:
    kind = crossword_type()
    request = {"grid": OPEN, "no_duplicates": False, **options}
    problem = kind.problem(request, SQUARE_SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=1))
    assert outcome.status == status


@pytest.mark.parametrize(
    ("tag", "options", "status"),
    [
        ("name", {}, "unsatisfiable"),  # a word class is left out by default
        ("place", {"allow_tags": ["place"]}, "solved"),
        ("informal", {"exclude_tags": ["offensive"]}, "solved"),
    ],
)
def test_word_classes_are_left_out_unless_allowed(tag: str, options: dict, status: str) -> None:
    index = WordIndex.build([("ABC", 60), ("BCA", 60), ("CAB", 60)], tags={"BCA": [tag]})
    kind = crossword_type()
    request = {"grid": OPEN, "no_duplicates": False, **options}
    problem = kind.problem(request, IndexWords({"default-en": index}))
    assert Backtrack().solve(problem, Control.with_timeout(10, seed=1)).status == status


def test_entries_carry_their_tags_from_the_index() -> None:
    kind = crossword_type()
    tags = ["offensive", "theme"]  # the curator's tag excluded, then let through
    request = {"grid": OPEN, "no_duplicates": False, "exclude_tags": tags, "allow_tags": tags}
    problem = kind.problem(request, SQUARE_SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=1))
    answer = kind.result(problem, outcome)
    assert outcome.status == "solved"
    found = {entry["word"]: entry["tags"] for entry in answer["entries"]}
    assert found == {"ABC": [], "BCA": ["offensive"], "CAB": ["theme"]}


def test_unfilled_entries_have_no_tags() -> None:
    kind = crossword_type()
    problem = kind.problem({"grid": OPEN, "no_duplicates": False}, SQUARE_SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=1))
    answer = kind.result(problem, outcome)
    assert outcome.status == "unsatisfiable"
    assert all(entry["tags"] == [] for entry in answer["entries"])
