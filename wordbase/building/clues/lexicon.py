"""WordNet as the clue writer reads it: how common a word is, its parts of speech,
a sense's broader terms, domains and editor tags.

``Lexicon`` answers these questions for one WordNet and one build's word frequencies,
each answer computed once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache, partial

from wordfreq import zipf_frequency

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building.english.editor_tags import EditorTags
from crossforge.wordbase.building.english.wordnet import SynsetId, WordNet
from crossforge.wordbase.building.scoring import PHRASE_DISCOUNT
from crossforge.wordbase.word_classes import AVOIDED, OFFENSIVE

__all__ = [
    "HYPERNYM_DEPTH",
    "MIN_FORM_ZIPF",
    "MIN_HYPERNYM_DEPTH",
    "MIN_PERSON_DEPTH",
    "MIN_SYNONYM_ZIPF",
    "WRITTEN",
    "Lexicon",
    "is_noun",
]

MIN_SYNONYM_ZIPF = 3.0
"""The least Zipf frequency of a synonym clue: a word most solvers know (``notion`` 4.2)."""
MIN_FORM_ZIPF = 2.0
"""The least Zipf frequency of an inflected synonym: wordfreq must attest the form."""
PEOPLE_FILE = 18
"""WordNet's lexicographer file of people (``noun.person``)."""
HYPERNYM_DEPTH = 3
"""Levels of hypernyms searched for a word to replace a gloss's head that repeats the answer."""
MIN_HYPERNYM_DEPTH = 5
"""How far below the top of WordNet's hierarchy such a hypernym lies at least: specific
enough to define by (*container*, 6; not *act*, 4, nor *collection*, 3)."""
MIN_PERSON_DEPTH = 4
"""The same for a kind of person: people's hierarchy is shallow (*person* 3, *scientist*
4), and a person's class defines well (``Scientist`` for GEOLOGIST)."""
WRITTEN = re.compile(r"[a-z][a-z' -]*")
"""How a synonym clue is written: letters, spaces, hyphens, apostrophes (not read/write)."""


def is_noun(wordnet: WordNet, word: str) -> bool:
    """True when WordNet knows ``word`` as a noun: a noun lemma or a plural of one
    (``cats``, ``geese``)."""
    word = word.lower()
    return (
        "n" in wordnet.parts_of_speech(word)
        or any(parse.pos == "n" for parse in wordnet.inflections(word))
        or any(pos == "n" for _, pos, _ in wordnet.listed(word))
    )


class Lexicon:
    """What the clue writer asks of one WordNet: frequencies by ``zipfs`` (wordfreq's
    Zipf by key, as the default list's build holds it), editor ``tags``, parts of
    speech, broader terms and domains."""

    def __init__(
        self, wordnet: WordNet, zipfs: Mapping[str, float], tags: EditorTags | None = None
    ) -> None:
        self.wordnet = wordnet
        self._zipfs = zipfs
        self._tags = tags
        self._alphabet = get_alphabet("en")
        self.is_noun = cache(partial(is_noun, wordnet))
        self.zipf = cache(self._zipf)
        self.tags = cache(self._tags_of)
        self.pos = cache(wordnet.parts_of_speech)
        self._depth = cache(self._synset_depth)
        self.hypernyms = cache(self._synset_hypernyms)
        self.domains = cache(self._synset_domains)
        self.uses = cache(self._lemma_uses)

    def offensive(self, word: str) -> bool:
        """True when the editor tags call ``word`` offensive."""
        return OFFENSIVE in self.tags(word)

    def avoided(self, word: str) -> bool:
        """True when the editor tags call ``word`` offensive or sensitive (``AVOIDED``):
        no example sentence holding it makes a clue."""
        return not self.tags(word).isdisjoint(AVOIDED)

    def _tags_of(self, word: str) -> frozenset[str]:
        """The editor tags of ``word`` (none for a word no key spells)."""
        if self._tags is None:
            return frozenset()
        try:
            return self._tags.of(self._alphabet.normalize(word))
        except ValueError:
            return frozenset()

    def _zipf(self, text: str) -> float:
        """The Zipf frequency of a word (its key's, from the build) or phrase (wordfreq's,
        less ``PHRASE_DISCOUNT`` a word after the first, as the scoring model has it;
        below ``MIN_SYNONYM_ZIPF``, its rarest word's as a bound)."""
        if " " in text or "-" in text:
            words = text.replace("-", " ").split()
            discount = PHRASE_DISCOUNT * (len(words) - 1)
            rarest = min(self.zipf(word) for word in words) - discount
            if rarest < MIN_SYNONYM_ZIPF:  # wordfreq rates a phrase below its rarest word
                return rarest
            return zipf_frequency(text, "en", wordlist="large") - discount
        try:
            plain = text.isascii() and text.isalpha()
            return self._zipfs.get(text.upper() if plain else self._alphabet.normalize(text), 0.0)
        except ValueError:
            return 0.0

    def hypernym_lemmas(self, sid: SynsetId, least: float = MIN_SYNONYM_ZIPF) -> Iterator[str]:
        """The first lemmas of ``sid``'s hypernyms (their usual names: *plate*, not its
        synonym *scale*) where lower case and at least ``least`` frequent (Zipf),
        nearest first, up to ``HYPERNYM_DEPTH`` levels up; a person's may lie a level
        higher (``MIN_PERSON_DEPTH``: *scientist* for GEOLOGIST)."""
        people = self.wordnet.synsets[sid].lexfile == PEOPLE_FILE
        deepest = MIN_PERSON_DEPTH if people else MIN_HYPERNYM_DEPTH
        level = [sid]
        for _ in range(HYPERNYM_DEPTH):
            level = [t for s in level for t in self.hypernyms(s)]
            for broader in level:
                word = self.wordnet.synsets[broader].words[0]
                usual = word.islower() and WRITTEN.fullmatch(word) is not None
                usual = usual and self._depth(broader) >= deepest
                if usual and self.zipf(word) >= least:
                    yield word

    def _synset_hypernyms(self, sid: SynsetId) -> list[SynsetId]:
        """The hypernyms of ``sid`` (of a class: ``@``)."""
        return [t for sym, t, _, _ in self.wordnet.synsets[sid].pointers() if sym == "@"]

    def _synset_depth(self, sid: SynsetId) -> int:
        """How many hypernym links separate ``sid`` from the top of its hierarchy (the
        fewest): *entity* 0, *act* 4, *container* 6."""
        broader = [t for sym, t, _, _ in self.wordnet.synsets[sid].pointers() if sym in ("@", "@i")]
        return 1 + min(map(self._depth, broader)) if broader else 0

    def _synset_domains(self, sid: SynsetId) -> frozenset[str]:
        """The first lemmas of the usage and region domains of sense ``sid``
        (``archaism``, ``United Kingdom``)."""
        pointers = self.wordnet.synsets[sid].pointers()
        return frozenset(
            self.wordnet.synsets[t].words[0] for sym, t, *_ in pointers if sym in (";u", ";r")
        )

    def combining(self, sid: SynsetId) -> bool:
        """True when WordNet marks sense ``sid`` as a combining form."""
        return "combining form" in self.domains(sid)

    def _lemma_uses(self, lemma: str) -> int:
        """How often the tagged corpora use ``lemma``, in any sense."""
        return sum(self.wordnet.tagged(lemma, sid) for sid in self.wordnet.senses.get(lemma, ()))

    def person(self, lemma: str) -> bool:
        """True when every sense of ``lemma`` is a kind of person, none a particular one
        (*Ted*, a Teddy boy; not *Thor*, the god): the people its word names come
        first."""
        synsets = [self.wordnet.synsets[s] for s in self.wordnet.senses.get(lemma, ())]
        kinds = all(s.lexfile == PEOPLE_FILE for s in synsets)
        return (
            bool(synsets)
            and kinds
            and not any(sym == "@i" for s in synsets for sym, *_ in s.pointers())
        )
