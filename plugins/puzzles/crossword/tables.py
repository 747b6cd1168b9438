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
    """The candidate words of one length, best first (``crossforge.wordbase.index.Bucket`` fits)."""

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
        # Letter sets are Python ints; up to 62 letters they are computed in int64.
        self.powers = (1 << np.arange(size, dtype=np.int64)) if size <= 62 else None
        self.columns = np.ascontiguousarray(self.codes.T)
        offsets = np.arange(self.length, dtype=np.intp) * size
        self.flat = self.codes.astype(np.intp) + offsets
        self.by_letter = np.argsort(self.columns, axis=1, kind="stable").astype(np.intp)
        totals = np.stack([np.bincount(col, minlength=size) for col in self.columns])
        starts = np.zeros((self.length, size + 1), dtype=np.intp)
        starts[:, 1:] = np.cumsum(totals.reshape(self.length, size), axis=1)
        # Python ints: a handful of letters is read per call, faster than numpy scalars.
        self.starts: list[list[int]] = starts.tolist()

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
        if len(letters) == 1:
            return chosen[starts[letters[0]] : starts[letters[0] + 1]]
        return np.concatenate([chosen[starts[c] : starts[c + 1]] for c in letters])

    def total(self, position: int, letters: Sequence[int]) -> int:
        """How many words have one of ``letters`` at ``position``."""
        starts = self.starts[position]
        return sum(starts[c + 1] - starts[c] for c in letters)

    def counts_of(self, positions: np.ndarray) -> np.ndarray:
        """``(length, alphabet)`` letter counts of the words at ``positions``."""
        cells = self.length * self.alphabet_size
        counts = np.bincount(self.flat[positions].ravel(), minlength=cells)
        return counts.reshape(self.length, self.alphabet_size)


class Facts:
    """What is known of one domain mask: candidate positions, letter counts, letter sets
    (per position, bit c set when some candidate has letter c there) and size."""

    __slots__ = ("ref", "table", "_idx", "_within", "_counts", "_sets", "_size")

    def __init__(self, ref: weakref.ref[np.ndarray], table: LengthTable) -> None:
        self.ref = ref
        self.table = table
        self._idx: np.ndarray | None = None
        self._within: np.ndarray | None = None
        self._counts: np.ndarray | None = None
        self._sets: list[int] | None = None
        self._size: int | None = None

    def mask(self) -> np.ndarray:
        mask = self.ref()
        assert mask is not None, "facts of a dead mask"
        return mask

    @property
    def idx(self) -> np.ndarray:
        """Positions of the candidates the mask keeps (taken from a wider mask's positions
        when known: cheaper than scanning the whole table)."""
        if self._idx is None:
            if self._within is not None:
                self._idx = self._within[self.mask()[self._within]]
                self._within = None
            else:
                self._idx = np.flatnonzero(self.mask())
        return self._idx

    @property
    def known(self) -> np.ndarray | None:
        """The candidate positions if computed, else any known superset of them, else None."""
        return self._idx if self._idx is not None else self._within

    @property
    def counts(self) -> np.ndarray:
        """``(length, alphabet)``: how many candidates have each letter at each position."""
        if self._counts is None:
            self._counts = self.table.counts_of(self.idx)
        return self._counts

    @property
    def sets(self) -> list[int]:
        """Per position, the letters some candidate has there (bit c: letter c)."""
        if self._sets is None:
            present = self.counts > 0
            powers = self.table.powers
            if powers is not None:
                self._sets = (present @ powers).tolist()
            else:
                packed = np.packbits(present, axis=1, bitorder="little")
                self._sets = [int.from_bytes(row.tobytes(), "little") for row in packed]
        return self._sets

    @property
    def size(self) -> int:
        """Number of candidates."""
        if self._size is None:
            if self._idx is not None:
                self._size = int(self._idx.size)
            elif self.table.length and self._counts is not None:
                self._size = int(self._counts[0].sum())
            else:
                self._size = int(np.count_nonzero(self.mask()))
        return self._size


class FactCache:
    """The ``Facts`` of live domain masks, keyed by identity.

    Masks are never mutated (the contract), so a fact computed once holds as long as the
    mask lives; entries vanish with their masks.
    """

    def __init__(self) -> None:
        self._facts: dict[int, Facts] = {}

    def get(self, mask: np.ndarray, table: LengthTable) -> Facts:
        """The facts of ``mask`` (a candidate mask over ``table``)."""
        key = id(mask)
        found = self._facts.get(key)
        if found is not None and found.ref() is mask and found.table is table:
            return found
        facts = self._facts

        def forget(_: object, key: int = key) -> None:
            facts.pop(key, None)

        entry = Facts(weakref.ref(mask, forget), table)
        facts[key] = entry
        return entry

    def narrowed(
        self,
        mask: np.ndarray,
        table: LengthTable,
        size: int,
        counts: np.ndarray | None,
        within: np.ndarray | None = None,
    ) -> Facts:
        """Record a new mask whose size (and counts, when updated incrementally) is known;
        ``within``: its positions, or the positions of a mask it narrows, when known."""
        entry = self.get(mask, table)
        entry._size = size
        entry._counts = counts
        if within is not None and within.size == size:
            entry._idx = within
        else:
            entry._within = within
        return entry


def letters_of(bits: int) -> list[int]:
    """The letter indices set in ``bits``."""
    letters = []
    while bits:
        low = bits & -bits
        letters.append(low.bit_length() - 1)
        bits ^= low
    return letters
