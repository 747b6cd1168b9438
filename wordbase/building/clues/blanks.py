"""Fill-in-the-blank clues from WordNet's example sentences: ``Always arrives ___`` for
ON TIME, ``Let ___ be`` for IT.

A constructor's clue database holds many such clues; WordNet's glosses come with about
48,000 examples, and an answer whose glosses all give it away (``An implement used to
erase something``) or run long often appears in one. ``BlankClues`` finds the examples
that hold an answer once, as whole words, and blanks it out, where what is left still
says something (two words or more beyond ``a``, ``the``, ``of``, ...), gives nothing
away, fails no breakfast test and fits ``MAX_CLUE_LENGTH`` and ``MAX_CLUE_WORDS``.
Examples of the answer's own senses come first, then the shortest of the rest (only
for an answer nothing else clues: another word's example shows that word, ``The star
captured a ___`` for COMET), and no clue that another holds (``Always arrives ___``
beside ``She always arrives ___``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from crossforge.wordbase.building.clues.cutting import (
    MAX_CLUE_LENGTH,
    MAX_CLUE_WORDS,
    clue_words,
)
from crossforge.wordbase.building.clues.kinds import BLANK, clue_case
from crossforge.wordbase.building.clues.roots import repeats_answer
from crossforge.wordbase.building.english.wordnet import SynsetId, WordNet
from crossforge.wordbase.clue_store import WORDNET_SOURCE
from crossforge.wordbase.models import Clue

__all__ = ["MIN_CONTEXT_WORDS", "BlankClues"]

MIN_CONTEXT_WORDS = 2
"""Words an example keeps beside the blank, not counting ``_EMPTY`` ones (not ``A ___``)."""

_TOKEN = re.compile(r"[a-z0-9']+")
_JOINING = frozenset("'-_")
"""What continues a word besides letters and digits (``_whole_words``)."""
_EMPTY = frozenset(("a", "an", "the", "and", "or", "in", "on", "to", "at", "of", "by", "as"))
_EMPTY |= {"for", "with", "from", "is", "was", "it", "he", "she", "they", "we", "you", "i"}
_EMPTY |= {"his", "her", "its", "their", "my", "our", "your"}
"""Words that leave an example's blank as open as before (``a ___``, ``___ for``)."""
_GRIM = ("murder", "kill", "suicid", "massacr", "slaughter", "assassin", "genocid", "lynch")
"""Stems of violent death, which fail an editor's breakfast test in an example sentence
though the editor tags leave the words as fill (*kill*, *murder*)."""


class BlankClues:
    """The examples of one WordNet, indexed by word, made into blank clues on demand;
    ``avoided`` tells a word no clue may hold (the build's: one the editor tags call
    offensive or sensitive)."""

    def __init__(self, wordnet: WordNet, avoided: Callable[[str], bool]) -> None:
        self._examples: list[tuple[SynsetId, str, str]] = []  # and in lower case
        self._by_word: dict[str, list[int]] = {}
        for sid, synset in wordnet.synsets.items():
            for example in synset.examples:
                at = len(self._examples)
                self._examples.append((sid, example, example.lower()))
                for token in set(_TOKEN.findall(example.lower())):
                    self._by_word.setdefault(token, []).append(at)
        self._avoided = avoided
        self._lemmas = wordnet.senses

    def clues(
        self, text: str, senses: Iterable[SynsetId], limit: int, others: bool = True
    ) -> list[Clue]:
        """Up to ``limit`` blank clues (kind ``blank``, easy) for the answer written
        ``text`` (lower case, ``on time``) whose own senses are ``senses``, most used
        first; from examples of
        other senses too only if ``others``: such an example shows its own word, not
        the answer (*The star captured a comet* is *capture*'s)."""
        tokens = _TOKEN.findall(text)
        if not tokens or limit < 1:
            return []
        rarest = min(tokens, key=lambda token: len(self._by_word.get(token, ())))
        if rarest not in self._by_word:
            return []  # in no example: most answers
        longest = MAX_CLUE_LENGTH + len(text) - len(BLANK) + 2  # 2: a stop, a space
        words = re.split(r"[\s-]+", text)
        spellings = {" ".join(words), "-".join(words)}  # world view, world-view
        examples = self._examples
        found = [
            at
            for at in self._by_word[rarest]
            if len(examples[at][1]) <= longest and any(s in examples[at][2] for s in spellings)
        ]
        rank = {sid: i for i, sid in enumerate(senses)}
        if not others:
            found = [at for at in found if examples[at][0] in rank]
        found.sort(key=lambda at: (rank.get(examples[at][0], len(rank)), len(examples[at][1])))
        answer = set(tokens)
        chosen: list[str] = []
        for at in found:  # read until enough: a common word is in thousands
            clue = self._blanked(examples[at][1], examples[at][2], spellings, answer)
            if clue is None:
                continue
            plain = clue.lower()
            if not any(plain in other or other in plain for other in map(str.lower, chosen)):
                chosen.append(clue)  # not "Always arrives ___" beside "She always arrives ___"
                if len(chosen) == limit:
                    break
        return [Clue(clue, WORDNET_SOURCE, kind="blank", level="easy") for clue in chosen]

    def _blanked(
        self, example: str, lower: str, spellings: set[str], answer: set[str]
    ) -> str | None:
        """``example`` (``lower`` in lower case) with its one whole-word match of one of
        the answer's ``spellings`` made ``BLANK``, as a clue; None if it holds the answer
        more than once or not at all, or inside a longer WordNet lemma (*point after
        touchdown*), or would say too little, give the ``answer`` away, hold an avoided
        word, a word of violent death (``_GRIM``) or a backquote (WordNet's *`git'*), or
        run past ``MAX_CLUE_LENGTH`` or ``MAX_CLUE_WORDS``."""
        spans = [span for spelling in spellings for span in _whole_words(lower, spelling)]
        if len(spans) != 1 or len(lower) != len(example):
            return None
        start, end = spans[0]
        before = _TOKEN.findall(lower[:start])[-1:]
        after = _TOKEN.findall(lower[end:])[:1]
        answer_text = " ".join(_TOKEN.findall(lower[start:end]))
        if any(f"{b} {answer_text}" in self._lemmas for b in before) or any(
            f"{answer_text} {a}" in self._lemmas for a in after
        ):
            return None  # the blank cuts a longer lemma: extra ___ touchdown
        clue = " ".join(f"{example[:start]}{BLANK}{example[end:]}".split()).rstrip(".;,:")
        rest = _TOKEN.findall(clue.replace(BLANK, " ").lower())
        if len(clue) > MAX_CLUE_LENGTH or clue_words(clue) > MAX_CLUE_WORDS:
            return None  # no "She ___ when she found out that she would not be hired again"
        if "`" in clue or repeats_answer(answer, " ".join(rest)):
            return None
        if sum(word not in _EMPTY for word in rest) < MIN_CONTEXT_WORDS:
            return None
        if any(self._avoided(word) or word.startswith(_GRIM) for word in rest):
            return None  # no "Her husband ___ her drink in order to kill her"
        return clue if clue.startswith(BLANK) else clue_case(clue)


def _whole_words(text: str, words: str) -> Iterator[tuple[int, int]]:
    """Where ``words`` stand in ``text`` as whole words: not touching a letter, digit,
    apostrophe or hyphen (*it*, not *it's* or *well-lit*)."""
    at = text.find(words)
    while at >= 0:
        end = at + len(words)
        if not _joins(text[at - 1 : at]) and not _joins(text[end : end + 1]):
            yield at, end
        at = text.find(words, at + 1)


def _joins(char: str) -> bool:
    """True when ``char`` (one character, or none at an end) continues a word."""
    return char.isalnum() or char in _JOINING
