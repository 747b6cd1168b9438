"""The word list of the browser tests: wordfreq's most frequent English words, a few
clued (a list of its own, so the tests do not follow changes to the default list's
scoring)."""

from __future__ import annotations

import re

LIST_SIZE = 20_000
CLUES = {
    "HOUSE": "Home",
    "ENTER": "Go in",
    "STEPS": "Stairs",
    "THESE": "Not those",
    "HORSE": "Mount",
    "CLOSE": "Shut",
    "ARMED": "Carrying weapons",
    "TEST": "Exam",
}
"""Clues the test list holds, for the clue mode."""
TAGGED = {"HOUSE": "theme-2024"}
"""A curator's tag on some of the test list's words, for the quality panel."""
RUSSIAN_LIST = "ru-mini"
"""A Russian list of three words, for typing Cyrillic and picking a list."""


def list_lines() -> list[str]:
    """CSV lines (word, score, clue) of the test list: the most frequent words first,
    scored from 100 down to 20 by rank."""
    from wordfreq import top_n_list

    words = [w.upper() for w in top_n_list("en", 3 * LIST_SIZE) if re.fullmatch("[a-z]{3,15}", w)]
    words = list(dict.fromkeys(words))[:LIST_SIZE]
    return [
        f"{word},{100 - 80 * rank // len(words)},{CLUES.get(word, '')}"
        for rank, word in enumerate(words)
    ]
