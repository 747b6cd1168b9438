"""Whether a WordNet phrase is a phrase of the language or a description WordNet names.

wordfreq rates a string of words about as frequent as its rarest word, so every phrase
of common words (``BUSINESS COLLEGE``, ``EMOTIONAL PERSON``) scored as high as an idiom
(``CALL THE SHOTS``). Two kinds of evidence tell them apart:

- **Attested**: the phrase is a collocation of running text. Either every pair of
  neighbouring words is among the English bigrams of Google Books that ``symspellpy``
  ships (``frequency_bigramdictionary_en_243_342.txt``: the 242,342 most frequent pairs,
  each met at least 6.4 million times) and every pair of two content words is met at
  least ``MIN_ASSOCIATION`` bits more often than their own frequencies make likely
  (pointwise mutual information over the package's unigram counts from the same books,
  ``frequency_dictionary_en_82_765.txt``), or one of its senses is tagged in WordNet's
  sense-tagged corpora (``index.sense``). ``OLIVE OIL`` (16 bits), ``RED TAPE`` (12),
  ``CALL THE SHOTS`` are; ``IMPORTANT PERSON`` (7 bits: two common words met together
  about as often as common words are), ``BUSINESS COLLEGE`` and ``ASSOCIATION AREA``
  (not among the bigrams) are not. (MIT package; data derived from the Google Books
  Ngram corpus, CC BY 3.0, intersected with SCOWL.)
- **Descriptive**: WordNet's own definition spells the phrase out: every content word of
  it (or a word sharing its stem, as ``clue_writing.gives_away`` reads stems) stands in
  the gloss of its most used sense, among its synonyms or in the lemmas of the synsets up
  to ``HYPERNYM_DEPTH`` above it (``EMOTIONAL PERSON``: "a person subject to strong
  emotions"). An idiom's gloss needs other words (``BETTER HALF``: "your wife or
  husband").

The data files are read from the installed package; its code is never imported.
"""

from __future__ import annotations

import math
import re
from functools import cache

from crossforge.wordbase.building.clues.roots import gives_away
from crossforge.wordbase.building.english.wordnet import SynsetId, WordNet
from crossforge.wordbase.building.package_data import package_folder
from crossforge.wordbase.building.partials import ARTICLES, PARTICLES

__all__ = [
    "BOOK_BIGRAMS",
    "BOOK_WORDS",
    "HYPERNYM_DEPTH",
    "MIN_ASSOCIATION",
    "BookCounts",
    "PhraseEvidence",
    "book_counts",
    "phrase_words",
]

BOOK_BIGRAMS = ("symspellpy", "frequency_bigramdictionary_en_243_342.txt")
"""Where the Google Books bigram list lies: distribution and file."""
BOOK_WORDS = ("symspellpy", "frequency_dictionary_en_82_765.txt")
"""Where the word counts of the same books lie: distribution and file."""
MIN_ASSOCIATION = 8.0
"""Bits of pointwise mutual information two content words of an attested phrase need:
met together at least 2⁸ times as often as chance would have it."""
HYPERNYM_DEPTH = 2
"""Levels of hypernyms whose lemmas may spell a phrase out (``descriptive``)."""
_FUNCTION = ARTICLES | PARTICLES | frozenset(("and", "or", "as", "is", "be"))
"""Words a description needs not spell (``MAN OF WAR``: *man* and *war* must)."""
_WORD_BREAK = re.compile(r"[\s\-]+")


def phrase_words(lemma: str) -> list[str]:
    """The words of ``lemma`` (lower case), split at spaces and hyphens."""
    return [word for word in _WORD_BREAK.split(lemma.lower()) if word]


class BookCounts:
    """Word and word-pair counts of Google Books (``book_counts``): ``words`` by word,
    ``pairs`` by the two words joined with a space."""

    def __init__(self, words: dict[str, int], pairs: dict[str, int]) -> None:
        self.words = words
        self.pairs = pairs
        self.total = sum(words.values())

    def association(self, first: str, second: str) -> float | None:
        """The pointwise mutual information of the pair in bits; None when the pair or a
        word of it is not counted."""
        together = self.pairs.get(f"{first} {second}")
        one, other = self.words.get(first), self.words.get(second)
        if not (together and one and other):
            return None
        return math.log2(together * self.total / (one * other))


@cache
def book_counts() -> BookCounts:
    """The counts of ``BOOK_WORDS`` and ``BOOK_BIGRAMS`` (``"olive oil"``), empty when
    the distribution is missing."""
    return BookCounts(_read_counts(BOOK_WORDS), _read_counts(BOOK_BIGRAMS))


def _read_counts(where: tuple[str, str]) -> dict[str, int]:
    """``text → count`` of a counts file of a distribution (the count is the last field)."""
    package, name = where
    folder = package_folder(package)
    if folder is None:
        return {}
    found: dict[str, int] = {}
    with (folder / name).open(encoding="utf-8") as handle:
        for line in handle:
            text, _, count = line.rstrip("\n").rpartition(" ")
            found[text] = int(count)
    return found


class PhraseEvidence:
    """``attested`` and ``descriptive`` for the multi-word lemmas of one WordNet."""

    def __init__(self, wordnet: WordNet, counts: BookCounts | None = None) -> None:
        self._wordnet = wordnet
        self._counts = book_counts() if counts is None else counts

    def attested(self, lemma: str) -> bool:
        """True when every pair of neighbouring words of ``lemma`` is a book bigram and
        every pair of content words is associated by ``MIN_ASSOCIATION`` bits, or the
        tagged corpora use one of its senses."""
        words = phrase_words(lemma)
        pairs = list(zip(words, words[1:], strict=False))
        counts = self._counts
        if all(f"{first} {second}" in counts.pairs for first, second in pairs) and all(
            (counts.association(first, second) or 0.0) >= MIN_ASSOCIATION
            for first, second in pairs
            if first not in _FUNCTION and second not in _FUNCTION
        ):
            return True
        wordnet = self._wordnet
        return any(wordnet.tagged(lemma, sid) for sid in wordnet.senses.get(lemma, ()))

    def descriptive(self, lemma: str) -> bool:
        """True when the most used sense of ``lemma`` spells out every content word of it:
        in its gloss, its synonyms, or the lemmas of its hypernyms (``HYPERNYM_DEPTH``
        levels)."""
        wordnet = self._wordnet
        senses = wordnet.senses.get(lemma)
        if not senses:
            return False
        synset = wordnet.synsets[senses[0]]
        around = [word for word in synset.words if word.lower() != lemma]
        text = " ".join([synset.definition, *around, *self._hypernym_words(senses[0])])
        content = [word for word in phrase_words(lemma) if word not in _FUNCTION]
        return bool(content) and all(gives_away([word], text) for word in content)

    def _hypernym_words(self, sid: SynsetId) -> list[str]:
        """The lemmas of the synsets up to ``HYPERNYM_DEPTH`` above ``sid`` (classes and,
        for an instance, its class)."""
        synsets = self._wordnet.synsets
        found: list[str] = []
        level = [sid]
        for _ in range(HYPERNYM_DEPTH):
            level = [
                t for s in level for sym, t, _, _ in synsets[s].pointers() if sym in ("@", "@i")
            ]
            found += [word for s in level for word in synsets[s].words]
        return found
