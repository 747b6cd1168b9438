"""Small crossword problems shared by the search tests."""

from __future__ import annotations

import random

from crossforge.grids.model import Grid
from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem
from crossforge.wordbase.index import WordIndex

PLAIN = {"backjumping": False, "nogoods": False, "restarts": "none", "fragments": False}
"""Backtrack options for plain chronological search."""


def random_crossword(seed: int) -> CrosswordProblem:
    """A 4x4 grid with a few blocks and a tiny random word list: often no fill."""
    rng = random.Random(seed)
    rows = [["."] * 4 for _ in range(4)]
    for _ in range(rng.randrange(3)):
        rows[rng.randrange(4)][rng.randrange(4)] = "#"
    template = ["".join(r) for r in rows]
    words = {
        "".join(rng.choice("ABCDE") for _ in range(length))
        for length in (2, 3, 4)
        for _ in range(rng.randrange(6, 25))
    }
    return crossword(template, {w: rng.randrange(101) for w in sorted(words)})


def crossword(template: list[str], words: dict[str, int]) -> CrosswordProblem:
    index = WordIndex.build(words.items())
    slots = Grid.from_rows(template).slots()
    tables = {n: index.bucket(n) for n in {slot.length for slot in slots}}
    return CrosswordProblem(template, slots, tables, index.alphabet)
