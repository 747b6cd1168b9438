"""Word tables and per-domain facts: the arrays the crossword propagation runs on.

A ``LengthTable`` holds the candidates of one length with the derived arrays propagation
needs (columns, flat letter codes, words grouped by letter at each position). A
``FactCache`` remembers, per domain mask, its candidate positions and its letter counts
(how many candidates have each letter at each position), so that work is done once per
mask and updated from the removed words when a mask narrows.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Protocol

import numpy as np


class WordTable(Protocol):
    """The candidate words of one length, best first (``wordbase.index.Bucket`` fits)."""

    @property
    def words(self) -> Sequence[str]: ...

    @property
    def scores(self) -> np.ndarray:
        """Scores (0–100), one per word."""

    @property
    def codes(self) -> np.ndarray:
        """uint8 ``(n, length)``: each letter's index in the alphabet."""


class LengthTable:
    """The words of one length and the arrays derived from their letter codes."""

    def __init__(self, table: WordTable | None, length: int, alphabet_size: int) -> None:
        self.length = length
        self.alphabet_size = alphabet_size
        self.words = [] if table is None else list(table.words)
        scores = np.zeros(0) if table is None else table.scores
        self.scores = np.asarray(scores, dtype=np.float64)
        codes = np.zeros(0, np.uint8) if table is None else np.asarray(table.codes, np.uint8)
        self.codes = codes.reshape(len(self.words), length)
        self._positions: dict[str, int] | None = None
        self._derive()

    def _derive(self) -> None:
        size = self.alphabet_size
        self.columns = np.ascontiguousarray(self.codes.T)
        offsets = np.arange(self.length, dtype=np.intp) * size
        self.flat = self.codes.astype(np.intp) + offsets
        self.by_letter = np.argsort(self.columns, axis=1, kind="stable").astype(np.intp)
        totals = np.stack([np.bincount(col, minlength=size) for col in self.columns])
        self.totals = totals.reshape(self.length, size)
        self.starts = np.zeros((self.length, size + 1), dtype=np.intp)
        self.starts[:, 1:] = np.cumsum(self.totals, axis=1)

    def __len__(self) -> int:
        return len(self.words)

    def position(self, word: str) -> int | None:
        """The position of ``word`` in the table, or None."""
        if self._positions is None:
            self._positions = {w: i for i, w in enumerate(self.words)}
        return self._positions.get(word)

    def append(self, word: str, codes: np.ndarray, score: float) -> int:
        """Add a word the list lacks (a theme answer); returns its position."""
        position = len(self.words)
        self.words.append(word)
        self.scores = np.append(self.scores, score)
        self.codes = np.vstack([self.codes, codes[None, :]])
        if self._positions is not None:
            self._positions[word] = position
        self._derive()
        return position

    def with_letters(self, position: int, letters: Sequence[int]) -> np.ndarray:
        """Positions of every word with one of ``letters`` at ``position``."""
        starts = self.starts[position]
        chosen = self.by_letter[position]
        return np.concatenate([chosen[starts[c] : starts[c + 1]] for c in letters])

    def counts_of(self, positions: np.ndarray) -> np.ndarray:
        """``(length, alphabet)`` letter counts of the words at ``positions``."""
        cells = self.length * self.alphabet_size
        counts = np.bincount(self.flat[positions].ravel(), minlength=cells)
        return counts.reshape(self.length, self.alphabet_size)


class _Facts:
    __slots__ = ("ref", "table", "idx", "counts", "sets")

    def __init__(
        self,
        ref: weakref.ref[np.ndarray],
        table: LengthTable,
        idx: np.ndarray | None,
        counts: np.ndarray | None,
    ) -> None:
        self.ref = ref
        self.table = table
        self.idx = idx
        self.counts = counts
        self.sets: list[int] | None = None


class FactCache:
    """Candidate positions and letter counts of live domain masks, keyed by identity.

    Masks are never mutated (the contract), so a fact computed once holds as long as the
    mask lives; entries vanish with their masks.
    """

    def __init__(self) -> None:
        self._facts: dict[int, _Facts] = {}

    def _entry(self, mask: np.ndarray, table: LengthTable) -> _Facts:
        key = id(mask)
        found = self._facts.get(key)
        if found is not None and found.ref() is mask and found.table is table:
            return found
        facts = self._facts

        def forget(_: object, key: int = key) -> None:
            facts.pop(key, None)

        entry = _Facts(weakref.ref(mask, forget), table, None, None)
        facts[key] = entry
        return entry

    def remember(
        self, mask: np.ndarray, table: LengthTable, counts: np.ndarray | None = None
    ) -> None:
        """Record what is known of a new mask (its counts, when updated incrementally)."""
        self._entry(mask, table).counts = counts

    def indices(self, mask: np.ndarray, table: LengthTable) -> np.ndarray:
        """Positions of the candidates ``mask`` keeps."""
        entry = self._entry(mask, table)
        if entry.idx is None:
            entry.idx = np.flatnonzero(mask)
        return entry.idx

    def counts(self, mask: np.ndarray, table: LengthTable) -> np.ndarray:
        """``(length, alphabet)``: how many candidates have each letter at each position."""
        entry = self._entry(mask, table)
        if entry.counts is None:
            entry.counts = table.counts_of(self.indices(mask, table))
        return entry.counts

    def letter_sets(self, mask: np.ndarray, table: LengthTable) -> list[int]:
        """Per position, the letters some candidate has there (bit c: letter c)."""
        entry = self._entry(mask, table)
        if entry.sets is None:
            present = np.packbits(self.counts(mask, table) > 0, axis=1, bitorder="little")
            entry.sets = [int.from_bytes(row.tobytes(), "little") for row in present]
        return entry.sets


def letters_of(bits: int) -> list[int]:
    """The letter indices set in ``bits``."""
    letters = []
    while bits:
        low = bits & -bits
        letters.append(low.bit_length() - 1)
        bits ^= low
    return letters
