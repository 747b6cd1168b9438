"""Clues for a word by the names WordNet gives people and places: ``Writer Ferber``
for EDNA, ``Writer Conan ___`` for DOYLE, ``___ New Guinea``.
"""

from __future__ import annotations

import re

from crossforge.wordbase.building.clues.cutting import MAX_CLUE_LENGTH
from crossforge.wordbase.building.clues.kinds import BLANK, clue_case, wordnet_clue
from crossforge.wordbase.building.clues.lexicon import WRITTEN, Lexicon
from crossforge.wordbase.building.clues.roots import repeats_answer
from crossforge.wordbase.building.english.wordnet import SynsetId
from crossforge.wordbase.models import Clue

__all__ = ["PERSON", "NameClues"]

PERSON = "person.n.01"
"""Instances below this WordNet synset are people, clued by their role."""
_NAME_PART = re.compile(r"[A-Z][a-z'.]*(?:-[A-Z][a-z'.]*)*|[a-z]{1,3}")
"""A word of a name: capitalized (``Joliot-Curie`` too), or a short particle (*de*, *von*)."""
_GLOSS_WORD = re.compile(r"[\w-]+")
"""A word of a gloss, where ``NameClues._role`` looks for a class's lemma."""


class NameClues:
    """Clues from the names of one ``Lexicon``'s instances, indexed on first use."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self._name_parts: dict[str, list[tuple[str, str]]] | None = None

    def clues(self, word: str, limit: int) -> list[Clue]:
        """Up to ``limit`` clues for ``word`` (lower case) as part of the names WordNet
        gives people and places, the shortest then most frequent names first: a given
        name by the person's role and the rest of the name (``Writer Ferber`` for EDNA),
        any other part by the name with a blank (``Writer Conan ___``, ``___ New
        Guinea``); each of kind ``name``, medium."""
        found = []
        for written, role in self._table().get(word, ()):
            parts = written.split(" ")
            at = [p.lower() for p in parts].index(word)
            if role and 0 < at < len(parts) - 1:
                continue  # a middle name: John Roy Major
            if at == 0 and role:
                clue = f"{role} {' '.join(parts[1:])}"
            else:
                blank = " ".join([*parts[:at], BLANK, *parts[at + 1 :]])
                clue = f"{role} {blank}" if role else blank
            clue = clue_case(clue)
            if len(clue) <= MAX_CLUE_LENGTH and not repeats_answer({word}, clue.replace(BLANK, "")):
                found.append((len(parts), -self.lexicon.zipf(written), clue))
        return [wordnet_clue(clue, "name", "medium") for *_, clue in sorted(found)][:limit]

    def _table(self) -> dict[str, list[tuple[str, str]]]:
        """Word → (name, role) of WordNet's instances named by more than one word, each
        word capitalized (``Edna Ferber``; ``Papua New Guinea``), the first such name of
        an instance that holds the word, and for a person the ``_role``, else ``""``."""
        if self._name_parts is None:
            wordnet = self.lexicon.wordnet
            try:
                people = wordnet.hyponyms([wordnet.find(PERSON)])
            except KeyError:  # a WordNet without people (a test's sample)
                people = set()
            self._name_parts = {}
            for synset in wordnet.synsets.values():
                kinds = [t for sym, t, _, _ in synset.pointers() if sym == "@i"]
                if not kinds:
                    continue
                role = self._role([t for t in kinds if t in people], synset.definition)
                named: dict[str, str] = {}  # each word's first name in the synset
                for written in synset.words:
                    parts = written.split(" ")
                    if len(parts) > 1 and all(_NAME_PART.fullmatch(p) for p in parts):
                        for part in parts:
                            if part.isalpha():
                                named.setdefault(part.lower(), written)
                for part, written in named.items():
                    self._name_parts.setdefault(part, []).append((written, role))
        return self._name_parts

    def _role(self, kinds: list[SynsetId], gloss: str) -> str:
        """A person's role among the classes ``kinds`` they are an instance of: the
        class the ``gloss`` names first (Ibsen, *Norwegian dramatist and poet*: not
        *poet*), else the first, by its lemma the tagged corpora use most in it
        (``playwright`` before *dramatist*); ``""`` for none or a lemma written
        otherwise than in lower-case words."""
        wordnet = self.lexicon.wordnet
        text = " " + " ".join(_GLOSS_WORD.findall(gloss.lower())) + " "

        def named_at(kind: SynsetId) -> int:
            found = [text.find(f" {w.lower()} ") for w in wordnet.synsets[kind].words]
            return min((at for at in found if at >= 0), default=len(text))

        if not kinds:
            return ""
        kind = min(kinds, key=named_at)
        lemmas = [w for w in wordnet.synsets[kind].words if w.islower() and WRITTEN.fullmatch(w)]
        return max(lemmas, key=lambda w: wordnet.tagged(w, kind), default="")
