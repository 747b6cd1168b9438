"""Fill-in-the-blank clues from collocations: ``Olive ___`` for OIL, ``___ Kong`` for
HONG, ``___ amok`` for RUN.

A constructor's easiest clues name a phrase the answer completes. The Google Books
bigram counts that ``symspellpy`` ships (``phrase_evidence.book_counts``; data derived
from the Google Books Ngram corpus, CC BY 3.0) say which pairs of words running text
uses; WordNet says which of them are phrases of the language rather than chance
neighbours (*olive oil* is a lemma, *publishers run* and *decorating idea* are not).
``CollocationClues`` offers, for a one-word answer, the pairs that are both: the answer
beside a content word that shares no root with it, ranked by how much more often the
two meet than chance would have it (pointwise mutual information) plus how often they
meet (both in bits): *golden age* before *gestational age*.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from crossforge.wordbase.building.clues.cutting import MAX_CLUE_LENGTH
from crossforge.wordbase.building.clues.kinds import BLANK, clue_case
from crossforge.wordbase.building.clues.roots import repeats_answer
from crossforge.wordbase.building.english.phrase_evidence import BookCounts, book_counts
from crossforge.wordbase.building.english.wordnet import WordNet
from crossforge.wordbase.building.partials import ARTICLES, OBJECTS, PARTICLES
from crossforge.wordbase.clue_store import BOOKS_SOURCE
from crossforge.wordbase.models import Clue

__all__ = ["MIN_COLLOCATION", "CollocationClues"]

MIN_COLLOCATION = 8.0
"""Bits of pointwise mutual information a pair needs to make a blank (as
``phrase_evidence.MIN_ASSOCIATION``): met together 2⁸ times as often as chance."""
_FUNCTION = ARTICLES | OBJECTS | PARTICLES | frozenset(("and", "or", "as", "is", "be", "of"))
"""Words a blank's other half may not be (``a ___``, ``___ of``: no phrase)."""


class CollocationClues:
    """The two-word WordNet lemmas among the book bigrams (``counts``), indexed by
    word; ``avoided`` tells a word no clue may hold."""

    def __init__(
        self,
        wordnet: WordNet,
        avoided: Callable[[str], bool],
        counts: BookCounts | None = None,
    ) -> None:
        self._counts = book_counts() if counts is None else counts
        self._avoided = avoided
        self._written = _written_forms(wordnet)
        self._pairs: dict[str, list[tuple[float, int, str]]] = {}
        for pair, count in self._counts.pairs.items():
            first, _, second = pair.partition(" ")
            if pair not in self._written or {first, second} & _FUNCTION:
                continue
            association = self._counts.association(first, second)
            if association is None or association < MIN_COLLOCATION:
                continue
            rank = association + math.log2(count)  # as associated, the more used first
            for word in {first, second}:
                self._pairs.setdefault(word, []).append((rank, count, pair))
        for found in self._pairs.values():
            found.sort(reverse=True)

    def clues(self, word: str, limit: int) -> list[Clue]:
        """Up to ``limit`` blank clues (kind ``blank``, easy) for the one-word answer
        ``word`` (lower case): the phrases it makes with another word, the most
        associated first, written as WordNet writes them (``___ Kong``); none whose
        other word shares the answer's root (*runs run*) or is avoided."""
        found: list[Clue] = []
        for _, _, pair in self._pairs.get(word, ()):
            first, _, second = pair.partition(" ")
            other = second if first == word else first
            if first == second or self._avoided(other) or repeats_answer({word}, other):
                continue
            written_first, written_second = self._written[pair].split(" ")
            text = f"{BLANK} {written_second}" if first == word else f"{written_first} {BLANK}"
            if len(text) <= MAX_CLUE_LENGTH:
                found.append(Clue(clue_case(text), BOOKS_SOURCE, kind="blank", level="easy"))
            if len(found) == limit:
                break
        return found


def _written_forms(wordnet: WordNet) -> dict[str, str]:
    """Two-word lemma (lower case) → how WordNet writes it (``hong kong``: ``Hong Kong``),
    the lower-case form where it writes it both ways."""
    written: dict[str, str] = {}
    for synset in wordnet.synsets.values():
        for word in synset.words:
            lower = word.lower()
            two_words = lower.count(" ") == 1 and lower.replace(" ", "").isalpha()
            if two_words and (lower not in written or word == lower):
                written[lower] = word
    return written
