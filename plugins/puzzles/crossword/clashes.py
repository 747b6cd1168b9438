"""Stricter duplicates: entries that may not stand together in one fill.

Beside exact repeats (``no_duplicates``), a crossword may forbid two entries that share
a substring of ``shared_substring`` letters or more (``ATION`` in NATION and STATION)
or a stem (``shared_stems``: PLAY, PLAYS, PLAYED, PLAYING). Each word gets *keys*: its
substrings of exactly that many letters (two words share a longer substring only if
they share one of that length) and ``~`` + its stem; two entries clash when they share a
key. ``ClashIndex`` lists, per word table, the keys of each word and the words of each
key, built once per table and setting and shared by every problem on that table; the
compiled search reads the same as a ``ClashTable``.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from crossforge.plugins.contract import ClashTable

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


def keys_of(word: str, substring: int | None, stems: bool) -> list[str]:
    """The clash keys of ``word``: its substrings of ``substring`` letters (none when
    None or the word is shorter) and, with ``stems``, ``~`` + its stem."""
    keys = []
    if substring is not None:
        count = len(word) - substring + 1
        keys = list(dict.fromkeys(word[i : i + substring] for i in range(count)))
    if stems:
        keys.append("~" + stem(word))
    return keys


@dataclass(frozen=True)
class ClashRule:
    """Which shared parts make two entries clash (None / False: that test is off)."""

    substring: int | None = None
    stems: bool = False

    @property
    def active(self) -> bool:
        return self.substring is not None or self.stems


_KEY_IDS: dict[str, int] = {}
"""Every clash key seen in this process, numbered (the compiled search's key numbers)."""
_ids_lock = threading.Lock()


def key_ids(keys: Sequence[str]) -> list[int]:
    """The process-wide numbers of ``keys`` (new keys get new numbers)."""
    with _ids_lock:
        return [_KEY_IDS.setdefault(key, len(_KEY_IDS)) for key in keys]


class ClashIndex:
    """The clash keys of one word table: ``keys[row]`` and ``rows[key]`` (an index
    array, ascending), and the same as a ``ClashTable`` for the compiled search."""

    def __init__(self, words: Sequence[str], rule: ClashRule) -> None:
        self.keys = [keys_of(word, rule.substring, rule.stems) for word in words]
        listed: dict[str, list[int]] = {}
        for row, keys in enumerate(self.keys):
            for key in keys:
                listed.setdefault(key, []).append(row)
        self.rows = {key: np.array(rows, dtype=np.intp) for key, rows in listed.items()}
        self._table: ClashTable | None = None

    @property
    def table(self) -> ClashTable:
        """The keys as a ``ClashTable`` (keys numbered process-wide), built once."""
        if self._table is None:
            sizes = np.array([len(keys) for keys in self.keys], dtype=np.int32)
            row_offsets = np.zeros(len(self.keys) + 1, dtype=np.int32)
            np.cumsum(sizes, out=row_offsets[1:])
            flat = [key for keys in self.keys for key in keys]
            row_keys = np.array(key_ids(flat), dtype=np.int32)
            names = sorted(self.rows, key=lambda k: _KEY_IDS[k])
            ids = np.array(key_ids(names), dtype=np.int32)
            lengths = np.array([self.rows[k].size for k in names], dtype=np.int32)
            key_offsets = np.zeros(len(names) + 1, dtype=np.int32)
            np.cumsum(lengths, out=key_offsets[1:])
            rows = [self.rows[k] for k in names]
            key_rows = np.concatenate(rows).astype(np.int32) if rows else np.zeros(0, np.int32)
            self._table = ClashTable(row_offsets, row_keys, ids, key_offsets, key_rows)
        return self._table

    def clashing(self, keys: Sequence[str]) -> np.ndarray:
        """The rows holding one of ``keys`` (sorted, unique)."""
        found = [self.rows[key] for key in keys if key in self.rows]
        if not found:
            return np.zeros(0, dtype=np.intp)
        return found[0] if len(found) == 1 else np.unique(np.concatenate(found))


_cache: dict[tuple[int, ClashRule], tuple[weakref.ref[object], ClashIndex]] = {}
_cache_lock = threading.Lock()
_KEEP = 256


def clash_index(table: object, words: Sequence[str], rule: ClashRule) -> ClashIndex:
    """The ``ClashIndex`` of ``table`` (whose words are ``words``) under ``rule``, built
    once while the table lives (tables are never changed in place, only copied)."""
    key = (id(table), rule)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None and found[0]() is table:
            return found[1]
    index = ClashIndex(words, rule)
    with _cache_lock:
        if len(_cache) >= _KEEP:
            _cache.clear()
        _cache[key] = (weakref.ref(table), index)
    return index
