"""Alphabets of word lists: which letters a key may hold and how raw text folds into them.

A key is written only in its list's alphabet. Normalizing drops spaces and punctuation,
folds what the alphabet folds (accents in English, Ё in Russian when asked, hiragana and
small kana in Japanese) and reports every other character instead of dropping it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crossforge.errors import InputError

__all__ = ["ALPHABETS", "Alphabet", "NormalizationError", "get_alphabet"]


class NormalizationError(InputError):
    """Text holds characters that are neither letters of the alphabet nor droppable."""

    def __init__(self, text: str, bad: list[str], alphabet: str) -> None:
        self.text = text
        self.bad = bad
        self.alphabet = alphabet
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in bad)
        super().__init__(f"{text!r} has characters outside the {alphabet} alphabet: {shown}")


def _droppable(ch: str) -> bool:
    """Spaces, punctuation and stray combining marks carry no letter."""
    category = unicodedata.category(ch)
    return ch.isspace() or category[0] in "PZ" or category == "Mn"


@dataclass(frozen=True)
class Alphabet:
    """The letters of a list's keys and the folding that maps raw text onto them.

    ``fold`` maps one character (already NFC/NFKC-normalized and upper-cased) to the
    letters it stands for, or returns it unchanged when it has no folding.
    """

    name: str
    letters: str
    settings: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""
    prepare: Callable[[str], str] = field(default=lambda text: text, repr=False, compare=False)
    fold: Callable[[str], str] = field(default=lambda ch: ch, repr=False, compare=False)
    ascii_capitals: bool = field(default=False, repr=False, compare=False)
    """True when ``prepare`` and ``fold`` make any ASCII letter its capital (English):
    then such text's key is its capitals, without the per-character pass."""

    def normalize(self, text: str) -> str:
        """The key of ``text``: its letters folded into this alphabet, in order.

        Raises NormalizationError naming every character that is not a letter of the
        alphabet and not a space, punctuation mark or combining accent.
        """
        if self.ascii_capitals and text.isascii() and text.isalpha():
            return text.upper()  # the default list's build normalizes 480,000 words
        letters = self.letters
        out: list[str] = []
        bad: list[str] = []
        for raw in self.prepare(text):
            for ch in self.fold(raw):
                if ch in letters:
                    out.append(ch)
                elif not _droppable(ch) and ch not in bad:
                    bad.append(ch)
        if bad:
            raise NormalizationError(text, bad, self.title or self.name)
        return "".join(out)


# --- English ---------------------------------------------------------------------------

_ENGLISH_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Letters that carry no decomposition but still read as Latin letters.
_LATIN_SPECIALS = {
    "ß": "SS",
    "ẞ": "SS",
    "Æ": "AE",
    "Œ": "OE",
    "Ø": "O",
    "Ł": "L",
    "Đ": "D",
    "Ð": "D",
    "Þ": "TH",
    "İ": "I",
    "ı": "I",
}


def _english_prepare(text: str) -> str:
    # NFKD splits accented letters into base letter + combining mark (dropped later);
    # ß is kept out of upper() because upper() already maps it to SS.
    return unicodedata.normalize("NFKD", text).upper()


def _english_fold(ch: str) -> str:
    return _LATIN_SPECIALS.get(ch, ch)


def _english(**settings: Any) -> Alphabet:
    _check_settings("en", settings, {})
    return Alphabet(
        "en",
        _ENGLISH_LETTERS,
        {},
        "English",
        prepare=_english_prepare,
        fold=_english_fold,
        ascii_capitals=True,
    )


# --- Russian ---------------------------------------------------------------------------

_RUSSIAN_LETTERS = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"


def _russian_prepare(text: str) -> str:
    # NFC keeps Й and Ё whole; stress marks stay combining and are dropped.
    return unicodedata.normalize("NFC", text).upper()


def _fold_yo(ch: str) -> str:
    return "Е" if ch == "Ё" else ch


def _russian(**settings: Any) -> Alphabet:
    """Russian: 33 letters, or 32 when ``fold_yo`` (the default) writes Ё as Е."""
    values = _check_settings("ru", settings, {"fold_yo": True})
    if values["fold_yo"]:
        letters = _RUSSIAN_LETTERS.replace("Ё", "")
        return Alphabet("ru", letters, values, "Russian", prepare=_russian_prepare, fold=_fold_yo)
    return Alphabet("ru", _RUSSIAN_LETTERS, values, "Russian", prepare=_russian_prepare)


# --- Japanese kana ---------------------------------------------------------------------

_SMALL_KANA = "ァィゥェォッャュョヮヵヶ"
_FULL_KANA = "アイウエオツヤユヨワカケ"
_KATAKANA = (
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロ"
    "ワヰヱヲン"
    "ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポヴー"
)
_HIRAGANA_TO_KATAKANA = 0x30A1 - 0x3041
_SMALL_TO_FULL = dict(zip(_SMALL_KANA, _FULL_KANA, strict=True))


def _kana_prepare(text: str) -> str:
    # NFKC turns half-width katakana into full-width and joins voiced sound marks.
    return unicodedata.normalize("NFKC", text)


def _to_katakana(ch: str) -> str:
    code = ord(ch)
    if 0x3041 <= code <= 0x3096:
        return chr(code + _HIRAGANA_TO_KATAKANA)
    return ch


def _fold_kana_small(ch: str) -> str:
    ch = _to_katakana(ch)
    return _SMALL_TO_FULL.get(ch, ch)


def _japanese(**settings: Any) -> Alphabet:
    """Kana written as katakana; ``fold_small`` (the default) writes small kana full size."""
    values = _check_settings("ja", settings, {"fold_small": True})
    if values["fold_small"]:
        fold = _fold_kana_small
        letters = _KATAKANA
    else:
        fold = _to_katakana
        letters = _KATAKANA + _SMALL_KANA
    return Alphabet("ja", letters, values, "Japanese kana", prepare=_kana_prepare, fold=fold)


def _check_settings(
    name: str, given: Mapping[str, Any], defaults: Mapping[str, bool]
) -> dict[str, Any]:
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        allowed = ", ".join(sorted(defaults)) or "none"
        raise InputError(
            f"unknown setting(s) for alphabet {name!r}: {', '.join(unknown)} (allowed: {allowed})"
        )
    values = {**defaults, **given}
    for key, value in values.items():
        if not isinstance(value, bool):
            raise InputError(f"alphabet setting {key!r} must be true or false, not {value!r}")
    return values


ALPHABETS: dict[str, Callable[..., Alphabet]] = {
    "en": _english,
    "ru": _russian,
    "ja": _japanese,
}
"""Alphabet factories by name; each takes that alphabet's settings as keywords."""


def get_alphabet(name: str, **settings: Any) -> Alphabet:
    """The alphabet called ``name`` ("en", "ru", "ja") with the given settings.

    Settings: ``fold_yo`` for "ru" (default True), ``fold_small`` for "ja" (default True).
    """
    try:
        factory = ALPHABETS[name]
    except KeyError:
        known = ", ".join(sorted(ALPHABETS))
        raise InputError(f"unknown alphabet {name!r} (known: {known})") from None
    return factory(**settings)
