"""Editor tags: what the sources and the reviewed list tag, and tags given at import."""

from __future__ import annotations

import pytest

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building.english.editor_tags import (
    REVIEWED,
    EditorTags,
    editor_tags,
    read_reviewed,
    with_editor_tags,
)
from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.models import Entry
from crossforge.wordbase.store import WordStore
from crossforge.wordbase.word_classes import OFFENSIVE, SENSITIVE


def test_slurs_and_vulgarities_are_offensive() -> None:
    tags = editor_tags()
    for key in ("NEGRO", "SLUT", "FAG", "RAPIST", "NIGGER", "KIKE", "CUNT"):
        assert OFFENSIVE in tags.of(key), key


def test_a_gloss_that_calls_every_sense_offensive_tags_it() -> None:
    # No usage domain marks COLORED PERSON; its one gloss says the term is offensive.
    tags = editor_tags()
    assert OFFENSIVE in tags.of("COLOREDPERSON") and OFFENSIVE in tags.of("POPERY")
    # MAMMY's other sense is "mom": the reviewed list tags it, and its plural inherits.
    assert OFFENSIVE in tags.of("MAMMIES")
    # A word with an innocent sense beside one so glossed stays untagged (rice PADDY).
    assert tags.of("PADDY") == frozenset() and tags.of("SHRIMP") == frozenset()


def test_breakfast_test_failures_are_sensitive() -> None:
    tags = editor_tags()
    for key in ("RAPE", "GENOCIDE", "DIARRHEA", "DIARRHEAL", "TYPHUS", "BEHEAD", "VOMIT"):
        assert SENSITIVE in tags.of(key), key
    for key in ("MAKELOVE", "HAVESEX", "DOIT", "COITUS", "SEXUALINTERCOURSE"):
        assert SENSITIVE in tags.of(key), key
    for key in ("LOVE", "BED", "KNOW", "HOMOSEXUALITY", "PROCREATION"):  # other senses, or no act
        assert tags.of(key) == frozenset(), key
    # Those who commit sexual assault; not VIOLATOR, whose first sense is a lawbreaker.
    for key in ("RAPERS", "MOLESTER", "MOLESTED", "PEDOPHILES", "CHILDMOLESTER"):
        assert SENSITIVE in tags.of(key), key
    assert tags.of("VIOLATORS") == frozenset()
    assert SENSITIVE in tags.of("CALLGIRL") and tags.of("TART") == frozenset()


def test_vulgarities_drug_slang_hate_groups_and_bodily_functions_are_tagged() -> None:
    # The five found in default fills (issue 31), and their forms.
    tags = editor_tags()
    assert OFFENSIVE in tags.of("CRAP")
    for key in ("SCAG", "KLAN", "POOP", "HAREMS", "KLANSMEN", "POOPING"):
        assert SENSITIVE in tags.of(key), key
    # CRAPS is a dice game, POOPED tired, a POOP DECK part of a ship.
    assert tags.of("CRAPS") == frozenset() and tags.of("POOPED") == frozenset()
    assert tags.of_entry("POOPDECK", "POOP DECK") == frozenset()


def test_what_a_blind_editors_read_of_default_fills_found_is_tagged() -> None:
    tags = editor_tags()
    for key in ("GYP", "GIP", "SKANK", "NAD"):
        assert OFFENSIVE in tags.of(key), key
    for key in ("EBOLA", "PEE", "TSS", "IED", "WMD", "TESTIS", "ISIS", "SLAVES", "GYPSIES"):
        assert SENSITIVE in tags.of(key), key
    # A second read: ill health and its symptoms as a whole, and reviewed words.
    for key in ("HERNIA", "TUMOR", "MIGRAINE", "DYSURIA", "STD", "PMS", "METH", "NOOSES"):
        assert SENSITIVE in tags.of(key), key
    for key in ("HOMO", "SISSY", "WINO"):
        assert OFFENSIVE in tags.of(key), key
    # Mild complaints crosswords print stay untagged.
    for key in ("TIC", "EDEMA", "WEN", "STY", "COLD", "ACHE"):
        assert tags.of(key) == frozenset(), key


def test_a_word_with_an_innocent_sense_or_a_reviewed_pass_is_not_tagged() -> None:
    tags = editor_tags()
    # SPADE and CHINK's other senses are innocent; the reviewed list still tags CHINK.
    assert tags.of("SPADE") == frozenset() and OFFENSIVE in tags.of("CHINK")
    for key in ("ESCORT", "FLU", "ACNE", "ALAMO", "AIDS", "BLIGHT", "SCAT", "CAT", "MURDER"):
        assert tags.of(key) == frozenset(), key


def test_inflections_take_their_lemmas_tags() -> None:
    tags = editor_tags()
    assert {OFFENSIVE, SENSITIVE} <= tags.of("RAPED")
    assert OFFENSIVE in tags.of("NEGROES")
    assert tags.of("SPADES") == frozenset()


def test_phrases_take_their_words_tags_unless_the_reviewed_list_clears_them() -> None:
    tags = editor_tags()
    # WordNet names TAKE A SHIT sensitive; its word makes it offensive too.
    assert tags.of_entry("TAKEASHIT", "take a shit") == {OFFENSIVE, SENSITIVE}
    # ANAL SEX filled a themeless-66 grid untagged: no source names the phrase.
    assert OFFENSIVE in tags.of_entry("ANALSEX", "anal sex")
    assert OFFENSIVE in tags.of_entry("KICKASS", "kick-ass")
    assert OFFENSIVE in tags.of_entry("SERIALRAPISTS", "serial rapists")  # an inflection
    assert tags.of_entry("ICECREAM", "ice cream") == frozenset()
    assert tags.of_entry("SPADEWORK", "spade work") == frozenset()
    own = EditorTags(
        {"ASS": frozenset({OFFENSIVE}), "WILDASS": frozenset()},
        None,
        {"WILDASS": frozenset({OFFENSIVE})},
    )
    assert own.of_entry("WILDASS", "wild ass") == frozenset()  # cleared by review: kept
    assert own.of_entry("KICKASS", "kick ass") == {OFFENSIVE}
    assert own.of_entry("ASS", "ass") == {OFFENSIVE}


def test_the_phrase_word_cache_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("crossforge.wordbase.building.english.editor_tags.WORD_CACHE", 2)
    own = EditorTags({"ASS": frozenset({OFFENSIVE})}, None)
    phrases = [("KICKASS", "kick ass"), ("WILDCAT", "wild cat"), ("BADASS", "bad ass")]
    found = [own.of_entry(key, display) for key, display in phrases * 2]
    assert found == [{OFFENSIVE}, frozenset(), {OFFENSIVE}] * 2
    assert len(own._words) <= 2


def test_imported_phrases_are_tagged_by_their_words(store: WordStore) -> None:
    import_lines(store, "mine", ["anal sex;70", "ice cream;60"], "stwl", tagger=with_editor_tags)
    assert store.get_entry("mine", "ANALSEX").tags == (OFFENSIVE,)
    assert store.get_entry("mine", "ICECREAM").tags == ()


def test_the_reviewed_list_reads_additions_and_removals() -> None:
    alphabet = get_alphabet("en")
    lines = ["# comment", "", "date rape sensitive  # a phrase", "escort -offensive", "x-ray theme"]
    assert read_reviewed(lines, alphabet) == {
        "DATERAPE": {"sensitive": True},
        "ESCORT": {"offensive": False},
        "XRAY": {"theme": True},
    }
    with pytest.raises(ValueError, match="line 1"):
        read_reviewed(["lonely"], alphabet)
    with REVIEWED.open(encoding="utf-8") as handle:  # the list in the repository reads
        assert len(read_reviewed(handle, alphabet)) > 20


def test_tags_are_added_to_entries_of_english_lists_only() -> None:
    entries = [Entry("NEGRO", "Negro", 55, tags=("name",)), Entry("CAT", "cat", 60)]
    tagged = list(with_editor_tags(entries, "en"))
    assert tagged[0].tags == ("name", OFFENSIVE) and tagged[1].tags == ()
    assert list(with_editor_tags(entries, "ru")) == entries


def test_imports_tag_and_the_index_knows_the_tags(store: WordStore) -> None:
    lines = ["negro;55", "rape;65", "cat;60", "spade;50"]
    import_lines(store, "mine", lines, "stwl", tagger=with_editor_tags)
    assert store.get_entry("mine", "NEGRO").tags == (OFFENSIVE,)
    assert set(store.get_entry("mine", "RAPE").tags) == {OFFENSIVE, SENSITIVE}
    assert store.get_entry("mine", "SPADE").tags == ()
    assert store.key_tags("mine") == {"NEGRO": [OFFENSIVE], "RAPE": [OFFENSIVE, SENSITIVE]}
    index = WordIndex.for_list(store, "mine")
    assert index.tagged([SENSITIVE]) == {"RAPE"}
    assert index.tagged([OFFENSIVE, "theme"]) == {"NEGRO", "RAPE"}
    assert index.tags == [OFFENSIVE, SENSITIVE]
