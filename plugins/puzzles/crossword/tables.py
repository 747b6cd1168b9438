"""Word tables and per-domain facts: the arrays the crossword propagation runs on.

A ``LengthTable`` holds the candidates of one length with the derived arrays propagation
needs (columns, flat letter codes, words grouped by letter at each position). A
``FactCache`` remembers, per domain mask, its candidate positions and its letter counts
(how many candidates have each letter at each position), so that work is done once per
mask and updated from the removed words when a mask narrows.

``shared_table`` builds the ``LengthTable`` of a word index's bucket once per process
and hands the same one to every problem: see its docstring for the keys and bounds.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol

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
    """The words of one length and the arrays derived from their letter codes.

    ``bits`` are the table's letter bitsets when its source has them in the layout the
    compiled search reads (``TableForm.bits``; a word index's buckets do), else None.
    A table from ``shared_table`` (``shared`` true) serves many problems at once and is
    never changed: ``copy`` it before ``extend``.
    """

    def __init__(self, table: WordTable | None, length: int, alphabet_size: int) -> None:
        self.length = length
        self.alphabet_size = alphabet_size
        self.shared = False
        self.words = [] if table is None else list(table.words)
        scores = np.zeros(0) if table is None else table.scores
        self.scores = np.asarray(scores, dtype=np.float64)
        codes = np.zeros(0, np.uint8) if table is None else np.asarray(table.codes, np.uint8)
        self.codes = codes.reshape(len(self.words), length)
        self.bits = _letter_bits(getattr(table, "bits", None), self.codes.shape, alphabet_size)
        self._positions: dict[str, int] | None = None
        self._preferences: dict[float, np.ndarray] = {}
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
        positions = self._positions
        if positions is None:  # two threads may both build it: the same dict either way
            positions = self._positions = {w: i for i, w in enumerate(self.words)}
        return positions.get(word)

    def preference(self, band: float) -> np.ndarray:
        """float32 score bands, ``floor(score / band)`` per word (the compiled search's
        value preference); remembered for the last few bands asked."""
        found = self._preferences.get(band)
        if found is None:
            found = np.floor(self.scores / band).astype(np.float32)
            if len(self._preferences) >= _KEEP_BANDS:
                self._preferences = {}
            self._preferences[band] = found
        return found

    def copy(self) -> LengthTable:
        """A private copy (not shared) that ``extend`` may change; arrays are replaced,
        never written, by ``extend``, so they are not copied here."""
        twin = object.__new__(LengthTable)
        twin.__dict__.update(self.__dict__)
        twin.shared = False
        twin.words = list(self.words)
        twin._positions = None if self._positions is None else dict(self._positions)
        twin._preferences = {}
        return twin

    def extend(self, words: Sequence[tuple[str, np.ndarray, float]]) -> None:
        """Add words the list lacks (theme answers): (word, letter codes, score) each."""
        if self.shared:
            raise ValueError("a shared table is never changed: extend a copy()")
        for word, _, _ in words:
            if self._positions is not None:
                self._positions[word] = len(self.words)
            self.words.append(word)
        self.scores = np.append(self.scores, [score for _, _, score in words])
        rows = [codes[None, :] for _, codes, _ in words]
        self.codes = np.vstack([self.codes, *rows])
        self.bits = None  # the source's bitsets lack the new rows
        self._preferences = {}
        self._derive()

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


_KEEP_BANDS = 8


def _letter_bits(bits: Any, shape: tuple[int, ...], alphabet_size: int) -> np.ndarray | None:
    """``bits`` when they are letter bitsets for codes of ``shape`` (rows, letters)."""
    rows, length = shape
    if (
        isinstance(bits, np.ndarray)
        and bits.dtype == np.dtype("=u8")
        and bits.shape[:2] == (length, alphabet_size)
        and bits.ndim == 3
        and bits.shape[2] >= (rows + 63) // 64
    ):
        return bits
    return None


_KEEP_SHARED = 64
_shared: OrderedDict[tuple[int, int, int], tuple[weakref.ref[Any], LengthTable]] = OrderedDict()
_shared_lock = threading.Lock()


def shared_table(table: WordTable | None, length: int, alphabet_size: int) -> LengthTable:
    """The ``LengthTable`` of ``table`` (a word index's bucket), built once per process.

    Keyed by the bucket object itself (held weakly, so an identity is never mistaken for
    another's), the word length and the alphabet size: a bucket belongs to one index, and
    an index to one version of one list in one alphabet, so a changed list (a new
    version, hence a new index) or another alphabet never meets a stale table. A score
    cut needs no table of its own: buckets run best score first, so a cut is a prefix
    of the same rows (the compiled search reads the rows the domains hold, no further).
    Bounded: at most ``_KEEP_SHARED`` (64) tables, the least recently used dropped first,
    and an entry goes when its bucket is freed (indexes are kept per list version by
    ``WordIndex.for_list``, at most 8). A table costs about 19 bytes per letter of its
    words (the flat codes and per-letter order the Python propagation uses: 40 MB for
    every length of the 289,000-word default list); the codes and letter bitsets stay
    the index's own (memory-mapped when loaded). A table's ``position`` dict, built
    when a request names words (locked, allowed, banned), adds about 100 bytes a word.
    Thread-safe: two threads asking at once may both build, and one table is kept.
    A source that cannot be held weakly gets a private table each time.
    """
    if table is None:
        return LengthTable(None, length, alphabet_size)
    key = (id(table), length, alphabet_size)
    with _shared_lock:
        _drop_dead()
        found = _shared.get(key)
        if found is not None and found[0]() is table:
            _shared.move_to_end(key)
            return found[1]
    try:
        ref = weakref.ref(table, lambda _: _forget(key))
    except TypeError:
        return LengthTable(table, length, alphabet_size)
    built = LengthTable(table, length, alphabet_size)
    built.shared = True
    with _shared_lock:
        found = _shared.get(key)
        if found is not None and found[0]() is table:
            return found[1]
        _shared[key] = (ref, built)
        while len(_shared) > _KEEP_SHARED:
            _shared.popitem(last=False)
    return built


_dead: list[tuple[int, int, int]] = []
"""Keys of freed buckets whose entries are still to drop."""


def _forget(key: tuple[int, int, int]) -> None:
    """A bucket was freed: drop its entry now, or at the next look-up when the lock is
    busy (this runs wherever the bucket died, maybe inside a holder of the lock)."""
    _dead.append(key)
    if _shared_lock.acquire(blocking=False):
        try:
            _drop_dead()
        finally:
            _shared_lock.release()


def _drop_dead() -> None:
    """With the lock held: drop the entries of freed buckets (unless an identity was
    reused since by a live one)."""
    while _dead:
        key = _dead.pop()
        found = _shared.get(key)
        if found is not None and found[0]() is None:
            del _shared[key]


_KEEP_EXTENDED = 8
_extended: OrderedDict[tuple[int, Any], tuple[weakref.ref[Any], LengthTable]] = OrderedDict()


def extended_table(
    base: LengthTable, words: tuple[tuple[str, float], ...], encode: Callable[[str], np.ndarray]
) -> LengthTable:
    """``base`` with ``words`` (word, score) it lacks added, codes from ``encode``:
    built once per process for a shared ``base`` and the same words, and shared in turn
    (never changed), so that the fills of one design, which lock the same theme answers
    the list lacks, do not each copy and re-sort a table. Bounded like
    ``shared_table``: ``_KEEP_EXTENDED`` tables, the least recently used dropped first;
    an entry whose ``base`` was freed is never matched (held weakly)."""
    rows = [(word, encode(word), score) for word, score in words]
    if not base.shared:
        base.extend(rows)
        return base
    key = (id(base), words)
    with _shared_lock:
        found = _extended.get(key)
        if found is not None and found[0]() is base:
            _extended.move_to_end(key)
            return found[1]
    built = base.copy()
    built.extend(rows)
    built.shared = True
    with _shared_lock:
        _extended[key] = (weakref.ref(base), built)
        while len(_extended) > _KEEP_EXTENDED:
            _extended.popitem(last=False)
    return built


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
