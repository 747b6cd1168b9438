"""British spellings: the editor tag ``british``, and the rules behind it."""

from __future__ import annotations

from crossforge.wordbase.building.english.editor_tags import editor_tags
from crossforge.wordbase.building.english.spellings import american_spellings, british_lemmas
from crossforge.wordbase.building.english.wordnet import load_wordnet
from crossforge.wordbase.word_classes import BRITISH, EXCLUDED


def test_the_rules_respell_british_endings_and_digraphs() -> None:
    assert american_spellings("colour") == {"color"}
    assert "organization" in american_spellings("organisation")
    assert american_spellings("centre") == {"center"}
    assert american_spellings("foetus") == {"fetus"}
    assert american_spellings("aerial") == set()  # a word's first letters keep their ae


def test_a_british_lemma_has_a_more_frequent_american_respelling_in_every_sense() -> None:
    frequency = {"colour": 4.5, "color": 5.0, "advertise": 3.9, "advertize": 1.5}
    found = british_lemmas(load_wordnet(), lambda word: frequency.get(word, 0.0))
    assert "colour" in found  # every sense lists *color*, which is more frequent
    assert "advertise" not in found  # the American spelling itself


def test_british_spellings_are_tagged_and_left_out_of_fills_by_default() -> None:
    tags = editor_tags()
    for key in ("COLOUR", "IONISING", "ANAEMIA", "ORGANISED", "LABOUR"):
        assert BRITISH in tags.of(key), key
    assert BRITISH in tags.of_entry("SELFDEFENCE", "SELF-DEFENCE")
    for key in ("ADVERTISE", "ARCHAEOLOGY", "AERIAL", "COLOR"):
        assert BRITISH not in tags.of(key), key
    assert BRITISH in EXCLUDED
