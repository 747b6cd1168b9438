"""Clues for a word by the names WordNet gives people and places: ``Writer Ferber``
for EDNA, ``Writer Conan ___`` for DOYLE, ``___ New Guinea``.
"""

from __future__ import annotations

import re

from crossforge.wordbase.building.clues.cutting import MAX_CLUE_LENGTH
from crossforge.wordbase.building.clues.kinds import BLANK, clue_case, wordnet_clue
from crossforge.wordbase.building.clues.lexicon import WRITTEN, Lexicon
from crossforge.wordbase.building.clues.roots import repeats_answer
from crossforge.wordbase.models import Clue

__all__ = ["PERSON", "NameClues"]

PERSON = "person.n.01"
"""Instances below this WordNet synset are people, clued by their role."""
_NAME_PART = re.compile(r"[A-Z][a-z'.]*(?:-[A-Z][a-z'.]*)*|[a-z]{1,3}")
"""A word of a name: capitalized (``Joliot-Curie`` too), or a short particle (*de*, *von*)."""


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
        an instance that holds the word: the role is the first lemma of a person's
        instance hypernym (``writer``), ``""`` for anything else."""
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
                kind = next((t for t in kinds if t in people), None)
                role = "" if kind is None else wordnet.synsets[kind].words[0]
                role = role if role.islower() and WRITTEN.fullmatch(role) else ""
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
