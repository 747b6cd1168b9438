"""Normalization per alphabet: folding, dropping, and reporting what does not belong."""

from __future__ import annotations

import pytest

from crossforge.wordbase.alphabets import NormalizationError, get_alphabet
from crossforge.wordbase.patterns import PatternError, parse_pattern


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Café au lait", "CAFEAULAIT"),
        ("ice-cream", "ICECREAM"),
        ("naïve", "NAIVE"),
        ("O'Neill", "ONEILL"),
        ("Straße", "STRASSE"),
        ("Æsir", "AESIR"),
        ("smørrebrød", "SMORREBROD"),
        ("Łódź", "LODZ"),
        ("ﬁne", "FINE"),
        ("  spaced\tout  ", "SPACEDOUT"),
    ],
)
def test_english_folds_accents_and_drops_spaces_and_punctuation(text: str, key: str) -> None:
    assert get_alphabet("en").normalize(text) == key


@pytest.mark.parametrize(
    ("text", "bad"),
    [("R2D2", ["2"]), ("C++", ["+"]), ("αβ cat", ["Α", "Β"]), ("кот", ["К", "О", "Т"])],
)
def test_english_reports_characters_outside_the_alphabet(text: str, bad: list[str]) -> None:
    with pytest.raises(NormalizationError) as caught:
        get_alphabet("en").normalize(text)
    assert caught.value.bad == bad
    for ch in bad:
        assert repr(ch) in str(caught.value)
    assert "English" in str(caught.value)


def test_russian_has_33_letters_and_keeps_or_folds_yo() -> None:
    keep = get_alphabet("ru", fold_yo=False)
    fold = get_alphabet("ru", fold_yo=True)
    assert len(keep.letters) == 33 and "Ё" in keep.letters
    assert "Ё" not in fold.letters
    assert keep.normalize("ёлка") == "ЁЛКА"
    assert fold.normalize("ёлка") == "ЕЛКА"
    assert get_alphabet("ru").settings == {"fold_yo": True}


def test_russian_keeps_short_i_and_drops_stress_marks() -> None:
    ru = get_alphabet("ru", fold_yo=False)
    assert ru.normalize("йогурт") == "ЙОГУРТ"
    assert ru.normalize("е\u0308ж") == "ЁЖ"  # e + combining diaeresis composes to Ё
    assert ru.normalize("молоко\u0301") == "МОЛОКО"  # stress mark dropped
    assert ru.normalize("Санкт-Петербург") == "САНКТПЕТЕРБУРГ"
    with pytest.raises(NormalizationError, match="'I'"):
        ru.normalize("кiт")  # Latin i is not a Russian letter


def test_kana_folds_hiragana_to_katakana_and_small_kana_by_setting() -> None:
    folding = get_alphabet("ja")
    keeping = get_alphabet("ja", fold_small=False)
    assert folding.normalize("きって") == "キツテ"
    assert keeping.normalize("きって") == "キッテ"
    assert folding.normalize("コーヒー") == "コーヒー"
    assert folding.normalize("ｶﾞｯｺｳ") == "ガツコウ"  # half-width with voiced mark
    assert "ッ" in keeping.letters and "ッ" not in folding.letters
    with pytest.raises(NormalizationError, match="'漢'"):
        folding.normalize("漢字")


def test_unknown_alphabets_and_settings_are_named() -> None:
    with pytest.raises(ValueError, match="unknown alphabet 'xx'"):
        get_alphabet("xx")
    with pytest.raises(ValueError, match="fold_small"):
        get_alphabet("en", fold_small=True)
    with pytest.raises(ValueError, match="true or false"):
        get_alphabet("ru", fold_yo="yes")


def test_patterns_fold_letters_and_accept_three_wildcards() -> None:
    en = get_alphabet("en")
    assert parse_pattern("c?t._é", en) == ["C", None, "T", None, None, "E"]
    with pytest.raises(PatternError, match="position 2"):
        parse_pattern("C3T", en)
    with pytest.raises(PatternError, match="position 1"):
        parse_pattern("ßA", en)  # folds to two letters
    with pytest.raises(PatternError, match="empty"):
        parse_pattern("", en)
