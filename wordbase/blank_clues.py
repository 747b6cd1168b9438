"""Fill-in-the-blank clues from WordNet's example sentences: ``Always arrives ___`` for
ON TIME, ``Let ___ be`` for IT.

A constructor's clue database holds many such clues; WordNet's glosses come with about
48,000 examples, and an answer whose glosses all give it away (``An implement used to
erase something``) or run long often appears in one. ``BlankClues`` finds the examples
that hold an answer once, as whole words, and blanks it out, where what is left still
says something (two words or more beyond ``a``, ``the``, ``of``, ...), gives nothing
away, fails no breakfast test and fits ``MAX_CLUE_LENGTH``. Examples of the answer's
own senses come first, then the shortest of the rest, and no clue that another holds
(``Always arrives ___`` beside ``She always arrives ___``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from crossforge.wordbase.clue_writing import MAX_CLUE_LENGTH, clue_case, gives_away
from crossforge.wordbase.wordnet import SynsetId, WordNet

__all__ = ["BLANK", "MIN_CONTEXT_WORDS", "BlankClues"]

BLANK = "___"
"""What stands for the answer in a clue, as in ``Writer Conan ___``."""
MIN_CONTEXT_WORDS = 2
"""Words an example keeps beside the blank, not counting ``_EMPTY`` ones (not ``A ___``)."""

_TOKEN = re.compile(r"[a-z0-9']+")
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
        self._examples: list[tuple[SynsetId, str]] = []
        self._by_word: dict[str, list[int]] = {}
        for sid, synset in wordnet.synsets.items():
            for example in synset.examples:
                at = len(self._examples)
                self._examples.append((sid, example))
                for token in set(_TOKEN.findall(example.lower())):
                    self._by_word.setdefault(token, []).append(at)
        self._avoided = avoided
        self._lemmas = wordnet.senses

    def clues(self, text: str, senses: Iterable[SynsetId], limit: int) -> list[str]:
        """Up to ``limit`` blank clues for the answer written ``text`` (lower case,
        ``on time``) whose own senses are ``senses``, most used first."""
        tokens = _TOKEN.findall(text)
        if not tokens or limit < 1:
            return []
        rarest = min(tokens, key=lambda token: len(self._by_word.get(token, ())))
        if rarest not in self._by_word:
            return []  # in no example: most answers
        spaced = r"[\s-]+".join(map(re.escape, re.split(r"[\s-]+", text)))  # world view, world-view
        pattern = re.compile(rf"(?<![\w'-]){spaced}(?![\w'-])", re.IGNORECASE)
        rank = {sid: i for i, sid in enumerate(senses)}
        examples = self._examples
        order = sorted(
            self._by_word[rarest],
            key=lambda at: (rank.get(examples[at][0], len(rank)), len(examples[at][1])),
        )
        chosen: list[str] = []
        for at in order:  # read until enough: a common word is in thousands
            clue = self._blanked(examples[at][1], pattern, set(tokens))
            if clue is None:
                continue
            plain = clue.lower()
            if not any(plain in other or other in plain for other in map(str.lower, chosen)):
                chosen.append(clue)  # not "Always arrives ___" beside "She always arrives ___"
                if len(chosen) == limit:
                    break
        return chosen

    def _blanked(self, example: str, pattern: re.Pattern[str], answer: set[str]) -> str | None:
        """``example`` with its one match of ``pattern`` made ``BLANK``, as a clue; None
        if it holds the answer more than once or not at all, or inside a longer WordNet
        lemma (*point after touchdown*), or would say too little, give the ``answer``
        away, hold an avoided word, a word of violent death (``_GRIM``) or a backquote
        (WordNet's *`git'*), or run past ``MAX_CLUE_LENGTH``."""
        matches = list(pattern.finditer(example))
        if len(matches) != 1:
            return None
        before = _TOKEN.findall(example[: matches[0].start()].lower())[-1:]
        after = _TOKEN.findall(example[matches[0].end() :].lower())[:1]
        answer_text = " ".join(_TOKEN.findall(matches[0].group(0).lower()))
        if any(f"{b} {answer_text}" in self._lemmas for b in before) or any(
            f"{answer_text} {a}" in self._lemmas for a in after
        ):
            return None  # the blank cuts a longer lemma: extra ___ touchdown
        clue = " ".join(pattern.sub(BLANK, example).split()).rstrip(".;,:")
        rest = _TOKEN.findall(clue.replace(BLANK, " ").lower())
        if len(clue) > MAX_CLUE_LENGTH or "`" in clue or gives_away(answer, " ".join(rest)):
            return None
        if sum(word not in _EMPTY for word in rest) < MIN_CONTEXT_WORDS:
            return None
        if any(self._avoided(word) or word.startswith(_GRIM) for word in rest):
            return None  # no "Her husband ___ her drink in order to kill her"
        return clue if clue.startswith(BLANK) else clue_case(clue)
