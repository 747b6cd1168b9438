"""Phrase evidence: which WordNet phrases running text attests and which their gloss
spells out, and what the default list's score makes of it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from crossforge.wordbase.building import scoring
from crossforge.wordbase.building.defaults import _Candidate, _EnglishBuild
from crossforge.wordbase.building.english.phrase_evidence import (
    PhraseEvidence,
    book_counts,
    phrase_words,
)
from crossforge.wordbase.building.english.wordnet import load_wordnet
from crossforge.wordbase.building.scoring import Signals, crossword_score


@pytest.fixture(scope="module")
def evidence() -> PhraseEvidence:
    return PhraseEvidence(load_wordnet())


def test_the_book_counts_are_the_packaged_google_books_words_and_pairs() -> None:
    counts = book_counts()
    assert len(counts.pairs) > 240_000 and len(counts.words) > 80_000
    assert {"olive oil", "home run", "ice cream", "red tape"} <= counts.pairs.keys()
    assert "business college" not in counts.pairs and "association area" not in counts.pairs
    # Collocations are met far more often together than their words' frequencies say.
    olive, important = counts.association("olive", "oil"), counts.association("important", "person")
    assert olive is not None and olive > 15 and important is not None and important < 8
    assert counts.association("business", "college") is None


def test_phrase_words_split_at_spaces_and_hyphens() -> None:
    assert phrase_words("One-Way street") == ["one", "way", "street"]


def test_set_phrases_are_attested_and_compositional_ones_are_not(
    evidence: PhraseEvidence,
) -> None:
    # Every neighbouring pair a book bigram (CALL THE SHOTS: "call the", "the shots"), or
    # a sense the tagged corpora use.
    for lemma in ("olive oil", "home run", "art deco", "call the shots", "police car"):
        assert evidence.attested(lemma), lemma
    for lemma in ("business college", "association area", "emotional person"):
        assert not evidence.attested(lemma), lemma
    # Common words met together no more than common words are: no collocation.
    for lemma in ("important person", "national service", "great care"):
        assert not evidence.attested(lemma), lemma


def test_a_gloss_that_spells_the_phrase_out_makes_it_descriptive(
    evidence: PhraseEvidence,
) -> None:
    # "a person subject to strong emotions"; "a college for training people to work in business"
    for lemma in ("emotional person", "business college", "calendar method"):
        assert evidence.descriptive(lemma), lemma
    # "your wife or husband"; a takeover *resisted by* its target; a baseball hit
    for lemma in ("better half", "hostile takeover", "call the shots", "bermuda triangle"):
        assert not evidence.descriptive(lemma), lemma
    assert not evidence.descriptive("no such phrase")


PHRASE = Signals(zipf=4.5, length=15, words=2, known=True)
"""A dictionary phrase of common words: wordfreq rates it as often as its rarer word."""


def test_a_description_no_text_attests_falls_under_the_floor() -> None:
    idiom = crossword_score(PHRASE)
    described = crossword_score(replace(PHRASE, attested=False, descriptive=True))
    assert described == scoring.DESCRIPTIVE_CAP < scoring.SHORT_HEADWORD_FLOOR < idiom


def test_evidence_ranks_idioms_over_compounds_and_unattested_phrases() -> None:
    common = replace(PHRASE, zipf=3.5)
    idiom = crossword_score(common)
    compound = crossword_score(replace(common, descriptive=True))
    unattested = crossword_score(replace(common, attested=False))
    assert idiom - compound == scoring.DESCRIPTIVE_PENALTY
    assert idiom - unattested == scoring.UNATTESTED_PENALTY
    # Nothing but the dictionary vouches for an unattested phrase: at most the cap.
    frequent = crossword_score(replace(PHRASE, attested=False))
    assert frequent == scoring.UNATTESTED_CAP < crossword_score(PHRASE)
    # Single words are not phrases: the evidence fields change nothing.
    word = Signals(zipf=3.5, length=5, known=True)
    assert crossword_score(replace(word, attested=False, descriptive=True)) == crossword_score(word)


def test_the_build_scores_the_issues_phrases_by_their_evidence(build: _EnglishBuild) -> None:
    def score(lemma: str) -> int:
        made = build.scored(lemma.upper().replace(" ", ""), _Candidate(lemmas=[lemma]))
        assert made is not None
        return made.score

    floor = scoring.SHORT_HEADWORD_FLOOR
    for lemma in ("association area", "business college", "emotional person"):
        assert score(lemma) < floor, lemma
    for lemma in ("olive oil", "home run", "call the shots", "hostile takeover"):
        assert score(lemma) >= floor, lemma
    assert score("call the shots") > score("business college")
