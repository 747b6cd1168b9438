"""The root check: whether a clue repeats its answer or a word sharing its root.

An editor never prints a clue that gives the answer away: the answer itself
(``Re-arm`` for REARM), a word sharing its stem (*sills* for SILL, *windowsill*), or
its root under a respelling, a past tense or a negating prefix (*lied* for LIAR,
*unused* for DISUSE, *hello* for HALLO).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from crossforge.wordbase.building.scoring import one_edit_apart

__all__ = ["WORD", "gives_away", "repeats_answer"]

WORD = re.compile(r"[a-z]+")
"""A word of an answer or a clue, lower case."""
_LATIN_NUMBER = re.compile(r"(?:us|um|on|is|es|ae|a|i)$")
"""Latin and Greek number endings (*fungus*, *fungi*; *stratum*, *strata*)."""
_SMALL_WORDS = frozenset(("a", "an", "the", "and", "in", "on", "to", "at", "of", "by", "as", "or"))
"""Words a phrase's clue may repeat: they tell nothing of the answer."""
_PREFIXES = frozenset(("a", "un", "re", "in", "im", "il", "ir", "up", "de", "be", "en", "em", "ex"))
_PREFIXES |= {"co", "bi", "by", "on", "no", "di", "ab", "ad"}
"""Prefixes of one or two letters that make a compound of a word (``unhappy``, ``ashore``)."""
_ENDINGS: tuple[str, ...] = ("ing", "ed", "er", "es", "est", "en", "ies", "ied", "ier", "ily")
_ENDINGS += ("iness", "ity", "ion", "able", "ably", "ible", "al", "ous", "y", "ish", "ist", "ism")
_ENDINGS += ("ive", "ure", "ance", "ence", "ant", "ent", "ment", "ness", "ful", "less", "ly")
_ENDINGS += ("ation", "ator")
"""Endings a word takes after dropping its last letter (``hop(e)ing``, ``sanit(y)``)."""
_NEGATIONS = ("dis", "mis", "non", "un")
"""Prefixes that negate a root: a word with one shares the root of a word with another
or none (DISUSE, *unused*)."""


def _compound_of(long: str, short: str) -> bool:
    """True when ``long`` is a compound ending in ``short`` (four letters or more): what
    precedes it is a word of three letters or more or a prefix (``windowsill``,
    ``unhappy``), not any letters (``island`` is no compound of *land*)."""
    if len(short) < 4 or not long.endswith(short):
        return False
    head = long[: len(long) - len(short)]
    return len(head) >= 3 or head in _PREFIXES


def _stem_shared(first: str, second: str) -> bool:
    """True when two lower-case words share a stem: equal, one the other with an ending,
    or less its last letter before an ending (``sill``/``sills``, ``hope``/``hoping``;
    not ``isle``/``island``), a compound ending in the other (``windowsill``), a Latin
    number (``fungus``/``fungi``) or a respelling (``color``/``colour``). A
    three-letter word and the word it makes with a vowel added are two words (``are``,
    ``area``)."""
    short, long = (first, second) if len(first) <= len(second) else (second, first)
    if first[:1] != second[:1]:  # then only a compound can share the stem
        return _compound_of(long, short)
    if len(short) < 3:
        return first == second
    if len(short) == 3 and len(long) == 4 and long.startswith(short) and long[3] in "aeiou":
        return False  # another word: are|a, car|e, hop|e (but sea|s, sep|t, apr|il share)
    if long.startswith(short):
        return True
    if long.startswith(short[:-1]) and long[len(short) - 1 :].startswith(_ENDINGS):
        return True
    if _compound_of(long, short):
        return True
    if _LATIN_NUMBER.sub("", short) == _LATIN_NUMBER.sub("", long) and len(short) >= 5:
        return True  # fungus, fungi
    close = len(short) >= 5 and len(long) - len(short) <= 1 and short[:3] == long[:3]
    return close and one_edit_apart(short, long)


def _vowel_respelled(first: str, second: str) -> bool:
    """True when two words of five letters or more differ in one letter only, *a* for
    *e*, not their first (``hallo``/``hello``): a respelling of one word (not
    ``later``/``liter``)."""
    if len(first) != len(second) or len(first) < 5 or first[0] != second[0]:
        return False
    diff = [(a, b) for a, b in zip(first, second, strict=True) if a != b]
    return len(diff) == 1 and set(diff[0]) == {"a", "e"}


def _roots(word: str) -> set[str]:
    """``word`` and, after a negating prefix (``_NEGATIONS``), the rest of three letters
    or more (``disuse``: *use*)."""
    bare = {word[len(p) :] for p in _NEGATIONS if word.startswith(p) and len(word) > len(p) + 2}
    return {word} | bare


def _near_stem(first: str, second: str) -> bool:
    """``_stem_shared``, for words that may share one at all (``gives_away``)."""
    near = first[:1] == second[:1] or first.endswith(second) or second.endswith(first)
    return near and _stem_shared(first, second)


def _root_shared(first: str, second: str) -> bool:
    """True when two lower-case words share a root: a stem (``_near_stem``), a respelled
    vowel (``_vowel_respelled``), *-ar* for a final *e* (``lie``/``liar``), or a stem
    once negating prefixes are set aside (``disuse``/``unused``)."""
    if _near_stem(first, second):
        return True
    if first[:1] == second[:1]:
        if _vowel_respelled(first, second):
            return True
        short, long = (first, second) if len(first) < len(second) else (second, first)
        if short.endswith("e") and long == short[:-1] + "ar":
            return True  # lie, liar
    if not first.startswith(_NEGATIONS) and not second.startswith(_NEGATIONS):
        return False
    pairs = ((a, b) for a in _roots(first) for b in _roots(second))
    return any(_stem_shared(a, b) for a, b in pairs if (a, b) != (first, second))


def gives_away(words: Iterable[str], text: str) -> bool:
    """True when ``text`` spells one of the ``words`` (``Re-arm`` for REARM) or uses a
    word sharing a stem with one, or whose singular does (lower case; ``_stem_shared``;
    *oranges* for ORANGERIES). The small function words of a phrase may recur
    (``Regulate in order to receive`` for TUNE IN), and the text's own give nothing
    away unless the answer is one (*the* for THETA). The scoring's test of a phrase's
    gloss (``phrase_evidence``); a clue is held to ``repeats_answer``."""
    return _shares(words, text, _near_stem, past=False)


def repeats_answer(words: Iterable[str], text: str) -> bool:
    """True when a clue ``text`` repeats the answer of ``words``: ``gives_away``, or a
    word of it, or that word less the *d* of *-ed*, shares a root with one
    (``_root_shared``: *lied* for LIAR, *unused* for DISUSE, *hello* for HALLO)."""
    return _shares(words, text, _root_shared, past=True)


def _shares(
    words: Iterable[str], text: str, shared: Callable[[str, str], bool], past: bool
) -> bool:
    """``gives_away`` with the word test ``shared``, reading *-ed* words less their *d*
    too if ``past``."""
    answer = set(words)
    if "".join(WORD.findall(text.lower())) in answer:
        return True  # Re-arm for REARM
    answer = (answer - _SMALL_WORDS) or answer
    used = {w for w in WORD.findall(text.lower()) if w not in _SMALL_WORDS or w in answer}
    used |= {w[:-1] for w in used if len(w) > 4 and w.endswith("s")}  # oranges: ORANGERIES
    if past:
        used |= {w[:-1] for w in used if len(w) > 3 and w.endswith("ed")}  # lied: LIAR
    return any(shared(word, other) for word in answer for other in used)
