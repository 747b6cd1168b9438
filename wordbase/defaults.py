"""The default word lists, built from the frequency data the ``wordfreq`` package ships.

Score mapping: wordfreq gives each word a Zipf frequency (log10 of occurrences per
billion words: 7 for "the", 3 for "ostrich", 1 for the rarest words of the large lists).
Long words are rarer for being long, so the same Zipf means a better-known word at 10
letters than at 5: a word's familiarity is its Zipf plus a length adjustment,
``min(0.15 × (n − 5), 0.9)`` for a key of ``n ≥ 5`` letters (0 at 5, 0.45 at 8, 0.9 from
11 letters on) and ``−0.25 × (5 − n)`` below (−0.25 at 4, −0.5 at 3, −0.75 at 2). The
score is ``round(20 × (familiarity − 1))`` clipped to 1–100: a 5-letter word at Zipf 3.5
scores 50, a 10-letter one 65, a 3-letter one 40. The adjustment was fitted so that the
words around score 30 are about equally often dictionary words at every length (README,
"Default lists").
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.models import Entry, ImportSummary
from crossforge.wordbase.store import Progress, WordStore

__all__ = [
    "LANGUAGES",
    "MAX_LENGTH",
    "MIN_LENGTH",
    "build_default",
    "default_name",
    "length_adjustment",
    "wordfreq_entries",
    "zipf_to_score",
]

LANGUAGES = ("en", "ru")
"""Languages with a default list (the alphabet of the same name)."""
MIN_LENGTH = 2
MAX_LENGTH = 21


def default_name(lang: str) -> str:
    """The name of a language's default list: ``default-en``, ``default-ru``."""
    return f"default-{lang}"


def length_adjustment(length: int) -> float:
    """The Zipf bonus (malus when negative) of a key of ``length`` letters."""
    if length >= 5:
        return min(0.15 * (length - 5), 0.9)
    return -0.25 * (5 - length)


def zipf_to_score(zipf: float, length: int) -> int:
    """The 1–100 score of a key of ``length`` letters at Zipf frequency ``zipf`` (see the
    module docstring)."""
    return max(1, min(100, round(20 * (zipf + length_adjustment(length) - 1))))


def wordfreq_entries(lang: str) -> Iterator[Entry]:
    """Every alphabetic wordfreq word of ``lang`` whose key has 2–21 letters, scored.

    Words with characters outside the language's alphabet (Greek letters in English
    text, digits) are left out. Keys may repeat ("café", "cafe"): combine them.
    """
    from wordfreq import get_frequency_dict

    alphabet = get_alphabet(lang)
    source = f"wordfreq:{lang}"
    for word, frequency in get_frequency_dict(lang, "large").items():
        if not word.isalpha():
            continue
        try:
            key = alphabet.normalize(word)
        except ValueError:
            continue
        if MIN_LENGTH <= len(key) <= MAX_LENGTH:
            score = zipf_to_score(math.log10(frequency) + 9, len(key))
            yield Entry(key, word.upper(), score, source=source)


def build_default(
    store: WordStore, lang: str = "en", size: int | None = None, progress: Progress | None = None
) -> ImportSummary:
    """(Re)build ``default-<lang>`` from wordfreq, keeping the ``size`` best words if given.

    The list is replaced in one transaction, so a failed build leaves the old list whole.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"no default list for language {lang!r} (known: {', '.join(LANGUAGES)})")
    if size is not None and size < 1:
        raise ValueError(f"size must be at least 1, not {size}")
    best: dict[str, Entry] = {}
    for entry in wordfreq_entries(lang):
        old = best.get(entry.key)
        if old is None or entry.score > old.score:
            best[entry.key] = entry
    chosen = sorted(best.values(), key=lambda e: (-e.score, e.key))
    if size is not None:
        chosen = chosen[:size]
    description = (
        f"wordfreq 'large' {lang} words, score = 20 × (Zipf + length adjustment − 1), 1–100"
    )
    return store.replace_entries(
        default_name(lang), chosen, alphabet=lang, description=description, progress=progress
    )
