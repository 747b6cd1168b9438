"""A word list for design tests: every string of the letters A, B and C from 3 to 7
letters long, so that any pattern the designer draws on a small grid fills at once
and a test checks the design, not the luck of a list. Nine-letter theme answers are
never in it."""

from __future__ import annotations

from itertools import product

from crossforge.wordbase.models import Entry
from crossforge.wordbase.store import WordStore

LETTERS = "ABC"
LENGTHS = range(3, 8)


def store_every_word(url: str, name: str = "abc") -> str:
    """Write the list into the store at ``url`` (scores 40–79 spread over the words,
    no editor tags: nothing to look up); returns its name."""
    words = ["".join(p) for n in LENGTHS for p in product(LETTERS, repeat=n)]
    entries = [Entry(word, word, 40 + (i * 7) % 40) for i, word in enumerate(words)]
    with WordStore(url) as store:
        store.replace_entries(name, entries)
    return name
