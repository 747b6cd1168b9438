"""A word list planted in a grid: random letters in every open cell, each slot's letters
a word, so that a big grid (a library 15x15) fills fast in a test, without a real list."""

from __future__ import annotations

import random

from crossforge.grids.model import Grid


def planted_words(grid: Grid, seed: int = 14) -> dict[str, int]:
    """Every slot's word (score 50) of a random filling of ``grid``, all distinct."""
    rng = random.Random(seed)
    while True:
        letters = {cell: rng.choice("ABCDEFGHIJKLMNOPRSTUVWY") for cell in grid.open_cells()}
        words = ["".join(letters[cell] for cell in slot.cells) for slot in grid.slots()]
        if len(set(words)) == len(words):
            return dict.fromkeys(words, 50)
