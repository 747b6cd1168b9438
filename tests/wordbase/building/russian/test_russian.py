"""The Russian default list: common nouns in the nominative singular, classes tagged."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building.english.editor_tags import read_reviewed
from crossforge.wordbase.building.russian.default_list import (
    ARCHAIC_MALUS,
    REVIEWED_RU,
    SOURCE,
    UNATTESTED_ZIPF,
    Lexeme,
    headword_lexemes,
    key_entry,
    noun_lexemes,
    russian_entries,
)
from crossforge.wordbase.building.russian.definitions import Sense
from crossforge.wordbase.word_classes import CLASSES, DEFAULT_EXCLUDED

# What default-ru filled with before (issue 35), beside the lemmas a list wants.
WORDS = {
    "сроках": 4e-6,
    "срок": 2e-5,
    "видами": 3e-6,
    "мамой": 5e-6,
    "мама": 4e-5,
    "итоге": 2e-5,
    "это": 1e-2,
    "между": 1e-3,
    "тоже": 1e-3,
    "которого": 1e-3,
    "сахарова": 1e-6,
    "титова": 1e-6,
    "назарета": 1e-7,
    "мудака": 1e-6,
    "ножницы": 3e-6,
    "ёж": 2e-6,
    "роза": 1e-5,
    "ссср": 3e-5,
    "иван": 6e-5,
    "фотка": 1e-6,
}


@pytest.fixture(scope="module")
def entries() -> dict[str, object]:
    made = russian_entries(range(2, 22), WORDS.items(), headwords=())
    return {entry.key: entry for entry in made}


def test_only_noun_lemmas_make_entries(entries: dict) -> None:
    common = {key for key, entry in entries.items() if not entry.tags}
    assert common == {"СРОК", "ВИД", "МАМА", "ИТОГ", "НОЖНИЦЫ", "ЕЖ", "РОЗА"}
    assert not {"СРОКАХ", "ВИДАМИ", "МАМОЙ", "ЭТО", "МЕЖДУ", "ТОЖЕ", "КОТОРОГО"} & set(entries)


def test_a_lemma_scores_by_the_frequency_of_all_its_forms(entries: dict) -> None:
    alone = list(russian_entries(range(2, 22), [("срок", 2e-5)], headwords=()))[0]
    assert entries["СРОК"].score > alone.score
    assert entries["ВИД"].display == "ВИД"  # from ВИДАМИ alone


def test_plural_only_nouns_keep_the_plural_and_yo_folds_in_the_key(entries: dict) -> None:
    assert entries["НОЖНИЦЫ"].display == "НОЖНИЦЫ"
    assert entries["ЕЖ"].display == "ЁЖ" and entries["ЕЖ"].source == SOURCE


def test_classes_come_from_the_dictionarys_marks(entries: dict) -> None:
    tags = {key: entries[key].tags for key in ("САХАРОВ", "ТИТОВ", "ИВАН", "НАЗАРЕТ", "ФОТКА")}
    assert tags == {
        "САХАРОВ": ("name",),
        "ТИТОВ": ("name",),
        "ИВАН": ("name",),
        "НАЗАРЕТ": ("place",),
        "ФОТКА": ("informal",),
    }
    assert set(entries["СССР"].tags) == {"abbreviation", "place"}


def test_a_common_noun_wins_over_a_name_of_the_same_key(entries: dict) -> None:
    assert entries["РОЗА"].tags == ()


def test_the_reviewed_list_tags_vulgarities_offensive(entries: dict) -> None:
    assert entries["МУДАК"].tags == ("informal", "offensive")


def test_every_class_and_offensive_tag_is_left_out_of_fills_by_default() -> None:
    assert set(CLASSES) | {"offensive", "sensitive"} <= set(DEFAULT_EXCLUDED)


def test_the_reviewed_list_is_lemmas_with_known_tags() -> None:
    reviewed = read_reviewed(REVIEWED_RU.read_text("utf-8").splitlines(), get_alphabet("ru"))
    assert "MIT licence" in REVIEWED_RU.read_text("utf-8").splitlines()[0]
    tags = {tag for found in reviewed.values() for tag in found}
    assert tags <= set(DEFAULT_EXCLUDED)
    assert {"МУДАК", "ЖОПА", "ХУЙ"} <= set(reviewed)


def test_archaic_lexemes_lose_points_and_typos_make_no_entry() -> None:
    senses = [Sense("[[юноша]]")]
    plain = key_entry("ОТРОК", [Lexeme("отрок", frozenset(), False, 1e-4)], {}, senses)
    old = key_entry("ОТРОК", [Lexeme("отрок", frozenset(), True, 1e-4)], {}, senses)
    assert plain.score - old.score == ARCHAIC_MALUS

    def parse(word: str) -> list[SimpleNamespace]:
        tag = SimpleNamespace(POS="NOUN", grammemes=frozenset({"NOUN", "Erro"}))
        return [SimpleNamespace(tag=tag, normal_form=word, score=1.0)]

    assert noun_lexemes([("сабака", 1e-6)], parse) == []


def test_reviewed_tags_are_added_and_taken_away() -> None:
    lexeme = Lexeme("мент", frozenset({"informal"}), False, 1e-5)
    entry = key_entry("МЕНТ", [lexeme], {"informal": False, "sensitive": True})
    assert entry.tags == ("sensitive",)


# Headwords a dictionary defines that wordfreq never saw: a noun lemma in the nominative
# joins, another word's form or a non-noun does not (definitions written for the test).
HEADWORDS = {
    "кордегардия": "[[караульное]] [[помещение]] при воротах крепости",
    "розвальни": "широкие низкие [[сани]] без сиденья",
    "печи": "[[форма]] слова",
    "белый": "имеющий цвет снега",
    "ежи": "[[форма]] слова",
}


def test_defined_noun_lemmas_wordfreq_lacks_join_the_list() -> None:
    alphabet = get_alphabet("ru")
    senses = {alphabet.normalize(word): [Sense(raw)] for word, raw in HEADWORDS.items()}
    made = {entry.key: entry for entry in russian_entries(range(2, 22), [("срок", 2e-5)], senses)}
    assert set(made) == {"СРОК", "КОРДЕГАРДИЯ", "РОЗВАЛЬНИ"}
    assert made["РОЗВАЛЬНИ"].display == "РОЗВАЛЬНИ" and made["РОЗВАЛЬНИ"].tags == ()
    assert made["КОРДЕГАРДИЯ"].clues[0].text == "Караульное помещение при воротах крепости"
    assert made["СРОК"].score > made["РОЗВАЛЬНИ"].score


def test_an_unattested_headword_scores_as_wordfreqs_rarest_defined_word() -> None:
    senses = [Sense("широкие низкие [[сани]] без сиденья")]
    unseen = key_entry("РОЗВАЛЬНИ", [Lexeme("розвальни", frozenset(), False)], {}, senses)
    rarest = 10 ** (UNATTESTED_ZIPF - 9)
    seen = key_entry("РОЗВАЛЬНИ", [Lexeme("розвальни", frozenset(), False, rarest)], {}, senses)
    bare = key_entry("РОЗВАЛЬНИ", [Lexeme("розвальни", frozenset(), False)], {})
    assert unseen.score == seen.score > bare.score == 1


def test_headwords_keep_the_dictionarys_marks() -> None:
    import pymorphy3
    from pymorphy3.units import DictionaryAnalyzer

    parse = pymorphy3.MorphAnalyzer(units=[DictionaryAnalyzer()]).parse
    made = headword_lexemes(["еж", "ежи", "фотка", "тверь", "отрок"], parse)
    found = {lexeme.lemma: (lexeme.tags, lexeme.archaic) for lexeme in made}
    assert found == {
        "ёж": (frozenset(), False),
        "фотка": (frozenset({"informal"}), False),
        "отрок": (frozenset(), False),
    }
