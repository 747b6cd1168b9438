"""Clue kinds, levels and signals: how a written clue says what it is.

Each clue records its kind (synonym, definition, blank, name, abbreviation, prefix)
and level (easy, medium, hard), and carries the signal a solver needs in the house
style: ``, for short`` for an abbreviation, ``Prefix meaning ...``, ``, in Britain``,
``, archaically``, ``, poetically``, ``, locally``.
"""

from __future__ import annotations

import re

from crossforge.wordbase.building.clues.lexicon import Lexicon
from crossforge.wordbase.building.english.wordnet import SynsetId
from crossforge.wordbase.clue_store import WORDNET_SOURCE
from crossforge.wordbase.models import Clue

__all__ = [
    "ABBREVIATION",
    "ARCHAIC",
    "BLANK",
    "BRITISH",
    "LOCAL",
    "POETIC",
    "PREFIX",
    "SenseSignals",
    "clue_case",
    "sense_level",
    "wordnet_clue",
]

BLANK = "___"
"""What stands for the answer in a fill-in clue (``Writer Conan ___``, ``Let ___ be``)."""
ABBREVIATION = ", for short"
"""How a clue signals an abbreviation (the house style: ``Computer memory, for short``)."""
BRITISH = ", in Britain"
"""How a clue signals a British sense (``Long stay in bed in the morning, in Britain``)."""
ARCHAIC = ", archaically"
POETIC = ", poetically"
LOCAL = ", locally"
"""How a clue signals a place's local name (``Capital of Lombardy in northern Italy,
locally`` for MILANO; not ``Milan, locally``, which repeats its root)."""
PLACES_FILE = 15
"""WordNet's lexicographer file of places (``noun.location``)."""
PREFIX = "Prefix meaning "
"""How a combining form is clued (``Prefix meaning recent or new`` for NEO)."""
"""Instances below this WordNet synset are people, clued by their role."""
_FIELD = re.compile(r", in [a-z]+(?: [a-z]+)?$")
"""A field label's suffix (``_first_clause``), which an abbreviation's signal replaces."""
_ELIDED = re.compile(r"[a-z]+'[a-z]+")
"""A word written with an elision (*e'er*, *o'er*): poetic where it stands for its
synonym with a *v* (*ever*)."""


def clue_case(text: str) -> str:
    """``text`` with its first letter upper case, as a clue is printed."""
    return text[:1].upper() + text[1:]


def wordnet_clue(text: str, kind: str, level: str) -> Clue:
    """A clue written from WordNet (``WORDNET_SOURCE``) of ``kind`` and ``level``."""
    return Clue(text, WORDNET_SOURCE, kind=kind, level=level)


def sense_level(kind: str, rank: int) -> str:
    """The level of a clue of ``kind`` (``synonym`` or ``definition``) from the sense
    of rank ``rank`` among its lemma's, most used first: a later sense is hard, the
    first's synonym easy and its definition medium."""
    if rank:
        return "hard"
    return "easy" if kind == "synonym" else "medium"


class SenseSignals:
    """Gives clues of one ``Lexicon``'s senses their signal, kind and level."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.wordnet = lexicon.wordnet

    def signal(self, sid: SynsetId, lemma: str, clue: str, kind: str, level: str) -> Clue:
        """``clue`` of ``lemma``'s sense ``sid``, of ``kind`` and ``level``, with what a
        solver needs to know of the answer: an abbreviation where the sense writes
        ``lemma`` in capitals (RAM, ``ABBREVIATION``; kind ``abbreviation``); a prefix
        where WordNet knows ``lemma`` only as a combining form (NEO, ``PREFIX``; kind
        ``prefix``); British, archaic or, for an elided form (*e'er*), poetic use
        (WordNet's region and usage domains; ``BRITISH``, ``ARCHAIC``, ``POETIC``); a
        place's local name (``_local_name``, ``LOCAL``). One signal at most; none a clue
        has already. A sense that is an instance (a person, a place) makes the clue a
        ``name``."""
        synset = self.wordnet.synsets[sid]
        domains = self.lexicon.domains(sid)
        if any(sym == "@i" for sym, *_ in synset.pointers()):
            kind = "name"
        if any(w.lower() == lemma and w.isupper() and len(w) > 1 for w in synset.words):
            # not "..., in computer science, for short"
            return wordnet_clue(_FIELD.sub("", clue) + ABBREVIATION, "abbreviation", level)
        if all(self.lexicon.combining(s) for s in self.wordnet.senses.get(lemma, ())):
            return wordnet_clue(PREFIX + clue[:1].lower() + clue[1:], "prefix", level)
        if clue.endswith(BRITISH):
            return wordnet_clue(clue, kind, level)
        if domains & {"United Kingdom", "England"}:
            return wordnet_clue(clue + BRITISH, kind, level)
        if "archaism" in domains:
            return wordnet_clue(clue + ARCHAIC, kind, level)
        elided = _ELIDED.fullmatch(lemma)
        if elided and lemma.replace("'", "v") in {w.lower() for w in synset.words}:
            return wordnet_clue(clue + POETIC, kind, level)
        return wordnet_clue(clue + LOCAL if self._local_name(sid, lemma) else clue, kind, level)

    def _local_name(self, sid: SynsetId, lemma: str) -> bool:
        """True when ``lemma`` is a place's local name that its synset's first, English
        name resembles (MILANO beside *Milan*, NAPOLI beside *Naples*: one word each,
        the same first three letters, no shorter: not UZBEK beside *Uzbekistan*; a
        place: WordNet's ``noun.location`` file)."""
        synset = self.wordnet.synsets[sid]
        first = synset.words[0]
        if synset.lexfile != PLACES_FILE or first.lower() == lemma or not first.isalpha():
            return False
        local = next((w for w in synset.words[1:] if w.lower() == lemma), "")
        resembles = local[:3] == first[:3] and len(local) >= len(first)  # not Uzbek
        return local.isalpha() and resembles and first[:1].isupper()
