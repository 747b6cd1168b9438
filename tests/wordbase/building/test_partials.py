"""Partials: fragments of longer phrases are tagged ``partial``, scored low and left out
of fills unless a request allows them."""

from __future__ import annotations

import pytest

from crossforge.wordbase.building.defaults import _Candidate, _EnglishBuild
from crossforge.wordbase.building.english.editor_tags import editor_tags
from crossforge.wordbase.building.partials import is_partial
from crossforge.wordbase.building.scoring import PARTIAL_SCORE
from crossforge.wordbase.word_classes import EXCLUDED, PARTIAL


@pytest.mark.parametrize(
    "phrase",
    ["in this", "to it", "under that", "be on", "many a", "quite an", "at the", "a lot of"]
    + ["more than", "good and", "a couple of"],
)
def test_fragments_are_partials(phrase: str) -> None:
    assert is_partial(phrase.split())


@pytest.mark.parametrize(
    "phrase",
    ["in on", "up to", "a lot", "type a", "vitamin a", "as it were", "one by one"]
    + ["get rid of", "kind of", "ice cream", "call the shots", "and so on", "on"],
)
def test_phrases_that_stand_alone_are_not(phrase: str) -> None:
    assert not is_partial(phrase.split())


def test_the_editor_tags_mark_partials_and_the_reviewed_list_corrects_the_rule() -> None:
    tags = editor_tags()
    assert PARTIAL in tags.of_entry("INTHIS", "IN THIS")
    assert PARTIAL in tags.of_entry("ALOTOF", "A LOT OF")
    assert PARTIAL in tags.of_entry("ANDSO", "AND SO")  # reviewed: the rule misses it
    assert PARTIAL not in tags.of_entry("ONIT", "ON IT")  # reviewed: "I'm on it"
    assert PARTIAL not in tags.of_entry("INTHIS", "INTHIS")  # one word: no phrase to cut


def test_fills_exclude_partials_by_default() -> None:
    assert PARTIAL in EXCLUDED


def test_the_default_list_scores_partials_low(build: _EnglishBuild) -> None:
    for lemma in ("in this", "to it", "be on"):
        made = build.entry(lemma.upper().replace(" ", ""), _Candidate(lemmas=[lemma]))
        assert made is not None and PARTIAL in made.tags, lemma
        assert made.score <= PARTIAL_SCORE, lemma
    made = build.entry("INON", _Candidate(lemmas=["in on"]))
    assert made is not None and PARTIAL not in made.tags and made.score > PARTIAL_SCORE


def test_suffixes_and_fragments_the_reviewed_list_names_are_partials() -> None:
    tags = editor_tags()
    for key, display in (("IER", "IER"), ("IEST", "IEST"), ("ONA", "ONA"), ("OUTIN", "OUT IN")):
        assert PARTIAL in tags.of_entry(key, display), key
