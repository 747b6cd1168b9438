"""Whether a WordNet phrase is a phrase of the language or a description WordNet names.

wordfreq rates a string of words about as frequent as its rarest word, so every phrase
of common words (``BUSINESS COLLEGE``, ``EMOTIONAL PERSON``) scored as high as an idiom
(``CALL THE SHOTS``). Two kinds of evidence tell them apart:

- **Attested**: the phrase is met in running text. Either every pair of neighbouring
  words is among the English bigrams of Google Books that ``symspellpy`` ships
  (``frequency_bigramdictionary_en_243_342.txt``: the 242,342 most frequent pairs, each
  met at least 6.4 million times; MIT package, data derived from the Google Books
  Ngram corpus, CC BY 3.0, intersected with SCOWL), or one of its senses is tagged in
  WordNet's sense-tagged corpora (``index.sense``). ``OLIVE OIL``, ``HOME RUN``,
  ``CALL THE SHOTS`` are; ``BUSINESS COLLEGE`` and ``ASSOCIATION AREA`` are not.
- **Descriptive**: WordNet's own definition spells the phrase out: every content word of
  it (or a word sharing its stem, as ``clue_writing.gives_away`` reads stems) stands in
  the gloss of its most used sense, among its synonyms or in the lemmas of the synsets up
  to ``HYPERNYM_DEPTH`` above it (``EMOTIONAL PERSON``: "a person subject to strong
  emotions"). An idiom's gloss needs other words (``BETTER HALF``: "your wife or
  husband").

The data file is read from the installed package; its code is never imported.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

from crossforge.wordbase.clue_writing import gives_away
from crossforge.wordbase.partials import ARTICLES, PARTICLES
from crossforge.wordbase.wordnet import SynsetId, WordNet

__all__ = ["BOOK_BIGRAMS", "HYPERNYM_DEPTH", "PhraseEvidence", "book_bigrams", "phrase_words"]

BOOK_BIGRAMS = ("symspellpy", "frequency_bigramdictionary_en_243_342.txt")
"""Where the Google Books bigram list lies: distribution and file."""
HYPERNYM_DEPTH = 2
"""Levels of hypernyms whose lemmas may spell a phrase out (``descriptive``)."""
_FUNCTION = ARTICLES | PARTICLES | frozenset(("and", "or", "as", "is", "be"))
"""Words a description needs not spell (``MAN OF WAR``: *man* and *war* must)."""
_WORD_BREAK = re.compile(r"[\s\-]+")


def phrase_words(lemma: str) -> list[str]:
    """The words of ``lemma`` (lower case), split at spaces and hyphens."""
    return [word for word in _WORD_BREAK.split(lemma.lower()) if word]


@cache
def book_bigrams() -> frozenset[str]:
    """The bigrams of ``BOOK_BIGRAMS`` (``"olive oil"``), empty when the distribution is
    missing."""
    package, name = BOOK_BIGRAMS
    spec = importlib.util.find_spec(package)
    places = list(spec.submodule_search_locations or []) if spec else []
    if not places:
        return frozenset()
    found: set[str] = set()
    with (Path(places[0]) / name).open(encoding="utf-8") as handle:
        for line in handle:
            first, second, _ = line.split()
            found.add(f"{first} {second}")
    return frozenset(found)


class PhraseEvidence:
    """``attested`` and ``descriptive`` for the multi-word lemmas of one WordNet."""

    def __init__(self, wordnet: WordNet, bigrams: frozenset[str] | None = None) -> None:
        self._wordnet = wordnet
        self._bigrams = book_bigrams() if bigrams is None else bigrams

    def attested(self, lemma: str) -> bool:
        """True when every pair of neighbouring words of ``lemma`` is a book bigram, or
        the tagged corpora use one of its senses."""
        words = phrase_words(lemma)
        pairs = (f"{first} {second}" for first, second in zip(words, words[1:], strict=False))
        if all(pair in self._bigrams for pair in pairs):
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
