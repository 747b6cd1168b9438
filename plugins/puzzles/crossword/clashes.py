"""Stricter duplicates: entries that may not stand together in one fill.

Beside exact repeats (``no_duplicates``), a crossword may forbid two entries that share
a substring of ``shared_substring`` letters or more (``ATION`` in NATION and STATION)
or a stem (``shared_stems``: PLAY, PLAYS, PLAYED, PLAYING). Each word gets *keys*: its
substrings of exactly that many letters (two words share a longer substring only if
they share one of that length) and ``~`` + its stem; two entries clash when they share a
key. Keys are numbers: a run of letters read in base alphabet + 1 (equal runs, equal
keys, in any table), a stem numbered process-wide above them. ``ClashIndex`` lists, per
word table, the keys of each word and the words of each key (numpy, built once per table
and setting and shared by every problem on that table); the compiled search reads the
same as a ``ClashTable``.
"""

from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from crossforge.plugins.contract import ClashTable
from crossforge.plugins.puzzles.crossword.tables import LengthTable

_SUFFIXES = (
    "ATIONS", "NESSES", "ATION", "MENTS", "INGS", "NESS", "MENT", "IEST", "IERS", "EDLY",
    "ING", "IES", "IER", "ERS", "EST", "ILY", "ED", "ER", "LY", "ES", "S",
)  # fmt: skip
"""English suffixes ``stem`` strips, longest first (one of them at most)."""
_VOWELS = set("AEIOUY")
MIN_STEM = 3


def stem(word: str) -> str:
    """A light English stemmer: one suffix of ``_SUFFIXES`` off when at least
    ``MIN_STEM`` letters stay (IES, IER, IEST, ILY give back their Y; not a plain S
    after S), then a doubled final consonant halved (RUNN → RUN) and a final E dropped
    (BAKE → BAK), so PLAY, PLAYS, PLAYED and PLAYING all give PLAY. Upper case in and
    out; words of other alphabets mostly pass unchanged."""
    word = word.upper()
    base = word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            if suffix == "S" and word.endswith("SS"):
                continue
            base = word[: -len(suffix)]
            if suffix in ("IES", "IER", "IEST", "ILY"):
                base += "Y"
            break
    if (
        base is not word
        and len(base) > MIN_STEM
        and base[-1] == base[-2]
        and base[-1] not in _VOWELS | {"L", "S", "Z"}
    ):
        base = base[:-1]
    if len(base) > MIN_STEM and base.endswith("E"):
        base = base[:-1]
    return base


@dataclass(frozen=True)
class ClashRule:
    """Which shared parts make two entries clash (None / False: that test is off)."""

    substring: int | None = None
    stems: bool = False

    @property
    def active(self) -> bool:
        return self.substring is not None or self.stems


STEM_KEYS = 1 << 62
"""Stem keys are numbered from here; substring keys lie below."""
_STEM_IDS: dict[str, int] = {}
"""Every stem seen in this process, numbered (``STEM_KEYS`` + its number is its key)."""
_ids_lock = threading.Lock()


def stem_keys(words: Sequence[str]) -> np.ndarray:
    """The stem key of each word (int64), numbered process-wide."""
    stems = [stem(word) for word in words]
    with _ids_lock:
        ids = [_STEM_IDS.setdefault(s, len(_STEM_IDS)) for s in stems]
    return np.array(ids, dtype=np.int64) + STEM_KEYS


def substring_keys(codes: np.ndarray, alphabet_size: int, n: int) -> np.ndarray:
    """Per row of ``codes`` (rows x letters), the key of each run of ``n`` letters
    (rows x (letters - n + 1), int64): the run read as a number in base alphabet + 1,
    so equal runs have equal keys whatever the table."""
    rows, length = codes.shape
    base = alphabet_size + 1
    if n * math.log2(base) >= 62:
        raise ValueError(
            f"shared_substring: {n} letters of a {alphabet_size}-letter alphabet is too long"
        )
    if length < n:
        return np.zeros((rows, 0), dtype=np.int64)
    keys = np.zeros((rows, length - n + 1), dtype=np.int64)
    for j in range(n):
        keys = keys * base + codes[:, j : length - n + 1 + j].astype(np.int64) + 1
    return keys


class ClashIndex:
    """The clash keys of one word table (int64 numbers: substrings and stems), per row
    and, inverted, the rows holding each key; the same as a ``ClashTable`` for the
    compiled search."""

    def __init__(
        self, codes: np.ndarray, words: Sequence[str], alphabet_size: int, rule: ClashRule
    ) -> None:
        rows = len(words)
        per_row = []
        if rule.substring is not None:
            per_row.append(substring_keys(codes, alphabet_size, rule.substring))
        if rule.stems:
            per_row.append(stem_keys(words)[:, None])
        matrix = np.hstack(per_row) if per_row else np.zeros((rows, 0), dtype=np.int64)
        self.width = matrix.shape[1]
        self.row_keys = np.ascontiguousarray(matrix).reshape(-1)
        order = np.argsort(self.row_keys, kind="stable")
        ordered = self.row_keys[order]
        self.keys, starts = np.unique(ordered, return_index=True)
        self.key_offsets = np.append(starts, ordered.size).astype(np.int64)
        self.key_rows = (order // max(1, self.width)).astype(np.intp)
        self._table: ClashTable | None = None

    def keys_of(self, row: int) -> np.ndarray:
        """The keys of ``row``."""
        return self.row_keys[row * self.width : (row + 1) * self.width]

    def clashing(self, keys: np.ndarray) -> np.ndarray:
        """The rows holding one of ``keys`` (sorted, unique)."""
        at = np.searchsorted(self.keys, keys)
        found = [
            self.key_rows[self.key_offsets[i] : self.key_offsets[i + 1]]
            for i, key in zip(at, keys, strict=True)
            if i < self.keys.size and self.keys[i] == key
        ]
        if not found:
            return np.zeros(0, dtype=np.intp)
        return np.unique(np.concatenate(found))

    @property
    def table(self) -> ClashTable:
        """The keys as a ``ClashTable`` (built once)."""
        if self._table is None:
            rows = self.row_keys.size // max(1, self.width) if self.width else 0
            self._table = ClashTable(
                row_offsets=(np.arange(rows + 1) * self.width).astype(np.int32),
                row_keys=self.row_keys,
                keys=self.keys,
                key_offsets=self.key_offsets.astype(np.int32),
                key_rows=self.key_rows.astype(np.int32),
            )
        return self._table


_cache: dict[tuple[int, ClashRule], tuple[weakref.ref[LengthTable], ClashIndex]] = {}
_cache_lock = threading.Lock()
_KEEP = 256


def clash_index(table: LengthTable, rule: ClashRule) -> ClashIndex:
    """The ``ClashIndex`` of ``table`` under ``rule``, built once while the table lives
    (tables are never changed in place, only copied)."""
    key = (id(table), rule)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None and found[0]() is table:
            return found[1]
    index = ClashIndex(table.codes, table.words, table.alphabet_size, rule)
    with _cache_lock:
        if len(_cache) >= _KEEP:
            _cache.clear()
        _cache[key] = (weakref.ref(table), index)
    return index
