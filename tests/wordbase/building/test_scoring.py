"""The crossword-worthiness score: each signal moves the score the documented way."""

from __future__ import annotations

from dataclasses import replace

import pytest

from crossforge.wordbase.building import scoring
from crossforge.wordbase.building.scoring import (
    Misspellings,
    Signals,
    crossword_score,
    has_letter_run,
    looks_abbreviated,
    one_edit_apart,
    roman_numeral,
)

WORD = Signals(zipf=3.5, length=5, known=True)
"""A known 5-letter word at Zipf 3.5: frequency 50, plus the dictionary's bonus."""


def test_frequency_and_length_set_the_base() -> None:
    assert crossword_score(WORD) == 50 + scoring.KNOWN_BONUS
    assert crossword_score(replace(WORD, zipf=4.5)) == 70 + scoring.KNOWN_BONUS
    assert crossword_score(replace(WORD, length=10)) == 65 + scoring.KNOWN_BONUS
    scores = [crossword_score(replace(WORD, zipf=z / 10)) for z in range(0, 80)]
    assert scores == sorted(scores) and scores[0] == 1 and scores[-1] == 100


def test_a_rare_dictionary_word_keeps_more_of_its_frequency_score() -> None:
    # Zipf 2 at 5 letters is frequency 20: a headword (JOUST, SPURN) falls half as fast.
    rare = replace(WORD, zipf=2.0)
    assert crossword_score(rare) == 35 + scoring.KNOWN_BONUS
    assert crossword_score(replace(rare, known=False)) == 20 - scoring.UNKNOWN_PENALTY
    # From the pivot up frequency alone counts, and scores still rise with Zipf.
    assert crossword_score(replace(WORD, zipf=4.0)) == 60 + scoring.KNOWN_BONUS
    scores = [crossword_score(replace(rare, zipf=z / 10)) for z in range(1, 60)]
    assert scores == sorted(scores)


@pytest.mark.parametrize(
    "change",
    [
        {"zipf": 0.0},  # a lemma wordfreq never saw (BLEAR, RAETAM)
        {"name": True},  # a name keeps the plain slope, less its penalty
        {"abbreviation": True},  # a vowelless lemma (CGS, LBF)
        {"doubtful": True},  # a typo WordNet's rules parse (LASTEST), a respelling (SCAREY)
        {"words": 2, "zipf": 2.0 + scoring.PHRASE_DISCOUNT},  # phrases: the phrase bonus
    ],
)
def test_only_attested_headwords_get_the_dictionary_slope(
    change: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    signals = replace(WORD, **{"zipf": 2.0, **change})  # type: ignore[arg-type]
    score = crossword_score(signals)
    monkeypatch.setattr(scoring, "DICTIONARY_SLOPE", 1.0)  # the plain frequency slope
    assert crossword_score(signals) == score
    # (the plain slope is in force: a headword falls back to its frequency score)
    assert crossword_score(replace(WORD, zipf=2.0)) == 20 + scoring.KNOWN_BONUS


SHORT = Signals(zipf=1.2, length=4, known=True, lemma=True)
"""A 4-letter lemma running text hardly uses (ANOA, ETUI)."""


def test_a_short_lemma_is_fair_fill_whatever_its_frequency() -> None:
    assert crossword_score(SHORT) == scoring.SHORT_HEADWORD_FLOOR
    assert crossword_score(replace(SHORT, zipf=0.0)) == scoring.SHORT_HEADWORD_FLOOR  # ZARF
    assert crossword_score(replace(SHORT, zipf=3.5)) > scoring.SHORT_HEADWORD_FLOOR  # its own


@pytest.mark.parametrize(
    "change",
    [
        {"lemma": False},  # an inflection (ETUIS) or a key WordNet only parses
        {"known": False},  # unknown to the dictionary
        {"length": 6},  # longer fill is not short of words
        {"length": 5, "zipf": 0.0},  # 5 letters only if running text has it
        {"name": True},  # names: the short-name slope below, not the floor
        {"abbreviation": True},  # vowelless or written in capitals (WSW, ENE)
        {"numeral": True},  # LXIV
        {"doubtful": True},  # a respelling (CAGY beside CAGEY)
        {"words": 2},  # a phrase
    ],
)
def test_only_short_plain_lemmas_get_the_floor(change: dict[str, object]) -> None:
    assert crossword_score(replace(SHORT, **change)) < scoring.SHORT_HEADWORD_FLOOR  # type: ignore[arg-type]


def test_an_attested_five_letter_lemma_gets_the_floor() -> None:
    # SKIRL, TOPER, LATKE (Zipf 1.1-1.4) are fill; KAURY, never seen in text, is not.
    toper = replace(SHORT, length=5, zipf=1.14)
    assert crossword_score(toper) == scoring.SHORT_HEADWORD_FLOOR
    assert crossword_score(replace(toper, zipf=0.0)) < scoring.SHORT_HEADWORD_FLOOR
    assert crossword_score(replace(toper, name=True)) < scoring.SHORT_HEADWORD_FLOOR


def test_an_abbreviation_people_know_gets_the_dictionary_slope() -> None:
    # ENE (Zipf 2.71) and VCR (2.95), defined beside a common noun: fair short fill.
    ene = Signals(zipf=2.71, length=3, known=True, abbreviation=True, lemma=True)
    plain = crossword_score(replace(ene, lemma=False))  # a vowelless form: plain slope
    assert plain < scoring.SHORT_HEADWORD_FLOOR <= crossword_score(ene) == 42
    # Rarer in text (CGS, LBF), a name (AARP, NATO: no common noun beside) or longer.
    assert crossword_score(replace(ene, zipf=2.4)) < scoring.SHORT_HEADWORD_FLOOR
    assert crossword_score(replace(ene, name=True)) < scoring.SHORT_HEADWORD_FLOOR
    long = replace(ene, length=5, zipf=2.0)
    assert crossword_score(long) == crossword_score(replace(long, lemma=False))


def test_a_famous_name_gets_the_dictionary_slope() -> None:
    # IBSEN (Zipf 2.62): a person WordNet lists as an instance, by the synset's first name.
    ibsen = Signals(zipf=2.62, length=5, known=True, name=True, lemma=True, famous=True)
    assert crossword_score(ibsen) == 41  # 32 by frequency; 50 - 17.6 / 2 + 5 - 5
    assert crossword_score(replace(ibsen, famous=False)) == 32  # any other name: plain
    assert crossword_score(replace(ibsen, zipf=1.9)) < scoring.SHORT_HEADWORD_FLOOR
    copland = replace(ibsen, length=7, zipf=2.33)
    assert crossword_score(copland) >= scoring.SHORT_HEADWORD_FLOOR


def test_a_short_name_in_title_case_gets_the_dictionary_slope() -> None:
    esau = Signals(zipf=2.57, length=4, known=True, name=True, lemma=True)
    assert crossword_score(esau) == 38  # 26 by frequency; 50 - 24 / 2 + 5 - 5
    assert crossword_score(replace(esau, acronym=True)) == 26  # AARP, IgG: plain slope
    assert crossword_score(replace(esau, lemma=False)) == 26  # a name's plural (CASTROS)
    assert crossword_score(replace(esau, length=5, zipf=2.32)) == 26  # longer names
    assert crossword_score(replace(esau, zipf=0.0)) == 1  # unattested names get nothing


def test_a_frequent_unknown_abbreviation_loses_less() -> None:
    def abbreviation(zipf: float) -> int:
        return crossword_score(Signals(zipf, 3, abbreviation=True))

    assert abbreviation(4.54) >= 35  # NFL
    assert abbreviation(2.87) < 35 and abbreviation(1.1) == 1  # STDS, CGTN
    assert abbreviation(5.0) == crossword_score(Signals(5.0, 3))  # from Zipf 5, no penalty
    scores = [abbreviation(z / 10) for z in range(10, 70)]
    assert scores == sorted(scores)


def test_roman_numerals_follow_the_subtractive_rule() -> None:
    assert [roman_numeral(k) for k in ("LXIV", "XCII", "MMXXIV", "MIX", "III")] == [True] * 5
    assert [roman_numeral(k) for k in ("LID", "CIVIL", "MILD", "IIII", "VX", "")] == [False] * 6


def test_a_word_no_dictionary_knows_loses_points_unless_it_is_very_frequent() -> None:
    unknown = replace(WORD, known=False)
    assert crossword_score(unknown) == 50 - scoring.UNKNOWN_PENALTY
    # Function words are frequent and in no dictionary: from Zipf 5 no penalty at all.
    assert crossword_score(replace(unknown, zipf=5.0)) == 80
    middle = crossword_score(replace(unknown, zipf=4.5))
    assert 70 - scoring.UNKNOWN_PENALTY < middle < 70


def test_phrases_pay_for_their_extra_words_and_earn_the_phrase_bonus() -> None:
    phrase = replace(WORD, words=2, zipf=3.5 + scoring.PHRASE_DISCOUNT)
    assert crossword_score(phrase) == crossword_score(WORD) + scoring.PHRASE_BONUS
    assert crossword_score(replace(phrase, words=3)) < crossword_score(phrase)


def test_names_lose_a_little() -> None:
    assert crossword_score(replace(WORD, name=True)) == crossword_score(WORD) - 5


@pytest.mark.parametrize(
    ("signal", "penalty"),
    [
        ("abbreviation", scoring.ABBREVIATION_PENALTY),
        ("letter_run", scoring.RUN_PENALTY),
        ("misspelling", scoring.MISSPELLING_PENALTY),
    ],
)
def test_junk_signals_cost_unknown_keys_only(signal: str, penalty: int) -> None:
    unknown = replace(WORD, known=False, zipf=4.0)
    plain = crossword_score(unknown)
    assert crossword_score(replace(unknown, **{signal: True})) == max(1, plain - penalty)
    # A word the dictionary knows keeps its score (NTH, III, a real word near another).
    assert crossword_score(replace(WORD, **{signal: True})) == crossword_score(WORD)


def test_shapes_of_abbreviations_and_letter_runs() -> None:
    assert [looks_abbreviated(k) for k in ("STDS", "CGTN", "BMPCC", "GYM", "AREA")] == [
        True,
        True,
        True,
        False,
        False,
    ]
    assert [has_letter_run(k) for k in ("WAYYY", "SSSSS", "BOOK", "SHELLLESS")] == [
        True,
        True,
        False,
        True,
    ]


def test_misspellings_are_one_edit_from_a_far_more_frequent_word() -> None:
    reference = {"CHICAGO": 4.8, "AUTHOR": 4.6, "SANCTUARY": 3.9, "FORM": 5.2, "RARE": 2.0}
    finder = Misspellings(reference)
    assert finder.is_misspelling("CHICAG", 1.2)  # a letter dropped
    assert finder.is_misspelling("AUTHUR", 1.1)  # a letter changed
    assert finder.is_misspelling("SANTUARY", 1.1)  # a letter dropped inside
    assert finder.is_misspelling("AUTHORR", 1.0)  # a letter added
    assert finder.is_misspelling("AUHTOR", 1.0)  # two letters swapped
    assert not finder.is_misspelling("AUTHUR", 3.5)  # not far rarer: a name, say
    assert not finder.is_misspelling("RAREE", 0.1)  # RARE is below the reference floor
    assert not finder.is_misspelling("FROM", 1.0)  # too short to judge
    assert not finder.is_misspelling("CHICAGO", 4.8)  # the word itself


def test_one_edit_apart_matches_the_misspelling_edits() -> None:
    assert one_edit_apart("scarey", "scary")  # a letter added
    assert one_edit_apart("color", "colour") and one_edit_apart("gray", "grey")
    assert one_edit_apart("form", "from")  # two letters swapped
    assert not one_edit_apart("scary", "scary")
    assert not one_edit_apart("scary", "frightening")
    # A letter moved is two edits: LODE is no misspelt LOAD, nor ABUT of BUTT.
    assert not one_edit_apart("lode", "load") and not one_edit_apart("abut", "butt")
    assert not one_edit_apart("form", "fmro")
