"""The word index: an immutable, query-fast snapshot of one version of a word list.

Words are grouped by length into buckets. In a bucket, word positions run in score order
(best first, then key), so "every word scoring at least S" is always a prefix of the
bucket. One bitset per (position, letter) says which words have that letter there; a
pattern's matches are the AND of the bitsets of its known letters. A marisa-trie holds
every key for membership and score look-ups. The keys of each entry tag (``offensive``,
a curator's own) are kept too, so that fills can leave tagged words out.
"""

from __future__ import annotations

import bisect
import heapq
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import marisa_trie
import numpy as np

from crossforge.wordbase.alphabets import Alphabet, get_alphabet
from crossforge.wordbase.patterns import WILDCARDS, PatternError, RegexFilter, parse_pattern
from crossforge.wordbase.user_regex import Chars, Shape, UserRegex

if TYPE_CHECKING:
    from crossforge.wordbase.models import WordList

__all__ = ["Bucket", "IndexedStore", "WordIndex"]

FORMAT = 2
"""Version of the on-disk layout; a saved index of another format is rebuilt."""

MAX_SCORE = 100


class IndexedStore(Protocol):
    """What an index is built from and saved beside: ``WordStore`` (which builds its
    indexes here, so this module names only the part it reads)."""

    @property
    def index_root(self) -> Path | None: ...

    def get_list(self, name: str) -> WordList: ...

    def scored_keys(self, name: str) -> list[tuple[str, int]]: ...

    def key_tags(self, name: str) -> dict[str, list[str]]: ...


@dataclass(frozen=True, eq=False)
class Bucket:
    """The words of one length, best score first.

    ``codes[j, p]`` is the alphabet index of word j's letter at position p;
    ``bits[p, c]`` is a bitset over word positions (bit j of word ``j // 64``) of the words
    with letter c at position p. ``pairs[p, c, q, d]`` is the first position of a word
    with c at p and d at q (n when none), so ``pairs[p, c] < k`` tells which letters the
    best k words with c at p have at every position.
    """

    length: int
    words: list[str]
    scores: np.ndarray  # (n,) uint8, non-increasing
    codes: np.ndarray  # (n, length) uint8
    bits: np.ndarray  # (length, len(alphabet), ceil(n / 64)) uint64
    at_least: np.ndarray  # (MAX_SCORE + 2,) int64: at_least[s] = words scoring >= s
    pairs: np.ndarray  # (length, A, length, A) int32: see _pairs

    def __len__(self) -> int:
        return len(self.words)

    @property
    def width(self) -> int:
        """Number of 64-bit words in each bitset."""
        return int(self.bits.shape[2])

    def unpack(self, mask: np.ndarray) -> np.ndarray:
        """A bitset as a boolean array over the bucket's positions."""
        flags = np.unpackbits(mask.view(np.uint8), bitorder="little")
        return flags[: len(self.words)].astype(bool)


def positions_to_mask(positions: np.ndarray, width: int) -> np.ndarray:
    """The bitset of ``width`` 64-bit words with the given positions set."""
    flags = np.zeros(width * 64, dtype=bool)
    flags[positions] = True
    return np.packbits(flags, bitorder="little").view("<u8").copy()


def _empty_bucket(length: int, size: int) -> Bucket:
    return _make_bucket(length, [], np.zeros(0, np.uint8), np.zeros((0, length), np.uint8), size)


def _make_bucket(
    length: int, words: list[str], scores: np.ndarray, codes: np.ndarray, size: int
) -> Bucket:
    """A bucket from words already in score order, computing its bitsets."""
    n = len(words)
    width = (n + 63) // 64
    bits = np.zeros((length, size, width), dtype="<u8")
    letters = np.arange(size, dtype=np.uint8)[:, None]
    for position in range(length):
        onehot = codes[:, position][None, :] == letters  # (size, n)
        padded = np.zeros((size, width * 64), dtype=bool)
        padded[:, :n] = onehot
        bits[position] = np.packbits(padded, axis=1, bitorder="little").view("<u8")
    # at_least[s]: how many words score >= s (scores are non-increasing).
    thresholds = np.arange(MAX_SCORE + 2)
    at_least = np.searchsorted(-scores.astype(np.int64), -thresholds, side="right")
    pairs = _pairs(codes, size)
    return Bucket(length, words, scores, codes, bits, at_least.astype(np.int64), pairs)


def _pairs(codes: np.ndarray, size: int) -> np.ndarray:
    """``pairs[p, c, q, d]``: first position of a word with c at p and d at q (n if none)."""
    n, length = codes.shape
    pairs = np.full((length, size, length, size), n, dtype=np.int32)
    order = np.repeat(np.arange(n, dtype=np.int32), length)
    offsets = (np.arange(length, dtype=np.int32) * size)[None, :]
    wide = codes.astype(np.int32)
    for position in range(length):
        cells = (wide[:, position] * (length * size))[:, None] + offsets + wide
        flat = pairs[position].reshape(-1)
        np.minimum.at(flat, cells.ravel(), order)
    return pairs


class WordIndex:
    """An immutable index of scored keys; every query takes a pattern such as ``C?T``.

    Build one with ``WordIndex.build`` or ``WordIndex.for_list``; save and load it with
    ``save``/``load``. Patterns use ``?``, ``.`` or ``_`` for an unknown letter; their
    letters fold like keys. A pattern whose length has no words matches nothing.
    """

    def __init__(
        self,
        alphabet: Alphabet,
        buckets: dict[int, Bucket],
        trie: marisa_trie.Trie | None,
        trie_positions: np.ndarray | None,
        tagged: Mapping[str, frozenset[str]] | None = None,
    ) -> None:
        self._alphabet = alphabet
        self._tagged = dict(tagged or {})
        self._buckets = buckets
        self._made_trie = trie
        self._made_positions = trie_positions
        self._trie_lock = threading.Lock()
        size = len(alphabet.letters)
        self._letters = alphabet.letters
        self._codes: dict[str, int] = {ch: i for i, ch in enumerate(alphabet.letters)}
        for ch, i in list(self._codes.items()):
            self._codes.setdefault(ch.lower(), i)
        self._letter_sets: dict[bytes, frozenset[str]] = {}
        """One position's letters by its row of ``letter_mask``, shared between masks."""
        self._letter_masks: dict[bytes, tuple[frozenset[str], ...]] = {}
        """``letters_at`` by the whole ``letter_mask`` (a page asks for the same ones)."""
        self._size = size

    # --- construction ------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        entries: Iterable[tuple[str, int]],
        alphabet: Alphabet | None = None,
        tags: Mapping[str, Iterable[str]] | None = None,
    ) -> WordIndex:
        """An index of ``(key, score)`` pairs; keys must already be normalized.

        ``alphabet`` defaults to English; ``tags`` gives the tags of tagged keys. A key
        repeated keeps its highest score; a key with a character outside the alphabet
        or a score outside 0–100 raises ValueError.
        """
        alphabet = alphabet or get_alphabet("en")
        letters = alphabet.letters
        size = len(letters)
        if size > 255:
            raise ValueError(f"alphabet {alphabet.name!r} has more than 255 letters")
        best: dict[str, int] = {}
        for key, score in entries:
            if not 0 <= score <= MAX_SCORE:
                raise ValueError(f"key {key!r}: score {score} is outside 0–{MAX_SCORE}")
            if score >= best.get(key, -1):
                best[key] = int(score)
        translate = {ord(ch): chr(i) for i, ch in enumerate(letters)}
        allowed = set(letters)
        by_length: dict[int, list[str]] = {}
        for key in best:
            by_length.setdefault(len(key), []).append(key)
        buckets: dict[int, Bucket] = {}
        for length, keys in sorted(by_length.items()):
            if length == 0:
                raise ValueError("an empty key cannot be indexed")
            keys.sort(key=lambda k: (-best[k], k))
            joined = "".join(keys)
            if not set(joined) <= allowed:
                bad = next(k for k in keys if not set(k) <= allowed)
                raise ValueError(f"key {bad!r} has characters outside the {alphabet.name} alphabet")
            raw = joined.translate(translate).encode("latin-1")
            codes = np.frombuffer(raw, dtype=np.uint8).reshape(len(keys), length)
            scores = np.fromiter((best[k] for k in keys), dtype=np.uint8, count=len(keys))
            buckets[length] = _make_bucket(length, keys, scores, codes.copy(), size)
        tagged: dict[str, set[str]] = {}
        for key, key_tags in (tags or {}).items():
            if key in best:
                for tag in key_tags:
                    tagged.setdefault(tag, set()).add(key)
        frozen = {tag: frozenset(keys) for tag, keys in tagged.items()}
        index = cls(alphabet, buckets, None, None, frozen)
        index._trie_and_positions()
        return index

    @classmethod
    def stacked(cls, layers: Sequence[WordIndex], hidden: Sequence[frozenset[str]]) -> WordIndex:
        """One index of ``layers`` (top first, one alphabet): each key with the score and
        tags of the first layer holding it, left out when that layer's ``hidden`` set
        holds it. A length only one layer has, with nothing hidden, shares that layer's
        bucket; the trie is built on first use (fills read buckets only)."""
        size = len(layers[0].alphabet)
        above: set[str] = set()
        excluded: list[set[str]] = []
        """Per layer, its keys that it does not give: decided above, or hidden."""
        for layer, hide in zip(layers, hidden, strict=True):
            excluded.append({key for key in above | hide if key in layer})
            if layer is not layers[-1]:
                above.update(layer.keys())
        buckets: dict[int, Bucket] = {}
        for length in sorted({n for layer in layers for n in layer.lengths}):
            holding = [i for i, layer in enumerate(layers) if len(layer.bucket(length))]
            out = [{key for key in excluded[i] if len(key) == length} for i in holding]
            if len(holding) == 1 and not out[0]:
                buckets[length] = layers[holding[0]].bucket(length)
                continue
            words: list[str] = []
            scores: list[int] = []
            rows: list[np.ndarray] = []
            for i, skip in zip(holding, out, strict=True):
                bucket = layers[i].bucket(length)
                picked = [p for p, word in enumerate(bucket.words) if word not in skip]
                words += [bucket.words[p] for p in picked]
                scores += bucket.scores[picked].tolist()
                rows.append(bucket.codes[picked])
            if not words:
                continue
            order = sorted(range(len(words)), key=lambda j: (-scores[j], words[j]))
            buckets[length] = _make_bucket(
                length,
                [words[j] for j in order],
                np.array([scores[j] for j in order], dtype=np.uint8),
                np.ascontiguousarray(np.concatenate(rows)[order]),
                size,
            )
        tagged: dict[str, frozenset[str]] = {}
        for layer, skip in zip(layers, excluded, strict=True):
            for tag, keys in layer._tagged.items():
                mine = keys - skip if skip else keys
                if mine:
                    tagged[tag] = tagged.get(tag, frozenset()) | mine
        return cls(layers[0]._alphabet, buckets, None, None, tagged)

    # --- persistence ---------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the index into the folder ``path`` (created; files in it are replaced)."""
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        meta = {
            "format": FORMAT,
            "alphabet": self._alphabet.name,
            "settings": dict(self._alphabet.settings),
            "lengths": sorted(self._buckets),
        }
        for length, bucket in self._buckets.items():
            np.save(folder / f"scores-{length}.npy", bucket.scores)
            np.save(folder / f"codes-{length}.npy", bucket.codes)
            np.save(folder / f"bits-{length}.npy", bucket.bits)
            np.save(folder / f"at-least-{length}.npy", bucket.at_least)
            np.save(folder / f"pairs-{length}.npy", bucket.pairs)
            (folder / f"words-{length}.txt").write_text("\n".join(bucket.words), "utf-8")
        np.save(folder / "trie-positions.npy", self._trie_positions)
        self._trie.save(str(folder / "keys.marisa"))
        tagged = {tag: sorted(keys) for tag, keys in sorted(self._tagged.items())}
        (folder / "tags.json").write_text(json.dumps(tagged), "utf-8")
        (folder / "meta.json").write_text(json.dumps(meta), "utf-8")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> WordIndex:
        """Read an index saved by ``save``; arrays and trie are memory-mapped."""
        folder = Path(path)
        meta = json.loads((folder / "meta.json").read_text("utf-8"))
        if meta.get("format") != FORMAT:
            raise ValueError(f"{folder}: index format {meta.get('format')}, expected {FORMAT}")
        alphabet = get_alphabet(meta["alphabet"], **meta["settings"])
        buckets: dict[int, Bucket] = {}
        for length in meta["lengths"]:
            text = (folder / f"words-{length}.txt").read_text("utf-8")
            # Plain ndarray views of the maps: np.memmap's subclass hooks cost microseconds.
            arrays = [
                np.load(folder / f"{kind}-{length}.npy", mmap_mode="r").view(np.ndarray)
                for kind in ("scores", "codes", "bits", "at-least", "pairs")
            ]
            buckets[length] = Bucket(length, text.split("\n") if text else [], *arrays)
        trie = marisa_trie.Trie()
        trie.mmap(str(folder / "keys.marisa"))
        positions = np.load(folder / "trie-positions.npy", mmap_mode="r").view(np.ndarray)
        tagged = json.loads((folder / "tags.json").read_text("utf-8"))
        frozen = {tag: frozenset(keys) for tag, keys in tagged.items()}
        return cls(alphabet, buckets, trie, positions, frozen)

    @classmethod
    def for_list(cls, store: IndexedStore, name: str) -> WordIndex:
        """The index of list ``name`` at its current version.

        Reuses the index saved under the store's index folder when the list's version is
        unchanged; otherwise builds it from the store and saves it there (stale versions
        of the same list are removed). In-memory databases build without saving.
        """
        return cls.for_version(store, name)[0]

    @classmethod
    def for_version(
        cls, store: IndexedStore, name: str, stamp: str | None = None
    ) -> tuple[WordIndex, str | None]:
        """As ``for_list``, with the version's stamp (``list_stamp``; None in memory).

        Given the ``stamp`` of a version read before (when the job was checked, say), that
        version's index, loaded in this process or saved, is answered without reading the
        list's version again (a job runs on the list as it was checked); a stamp whose
        index is gone (a stale version's, removed) reads the current version."""
        root = store.index_root
        if root is not None and stamp is not None:
            found = _saved(root / f"{stamp}-f{FORMAT}")
            if found is not None:
                return found, stamp
        if root is not None:
            word_list = store.get_list(name)
            found = _saved(_folder(root, word_list))
            if found is not None:
                return found, list_stamp(word_list)
        word_list, keys, tags = _consistent_keys(store, name)
        index = cls.build(keys, word_list.make_alphabet(), tags)
        if root is None:
            return index, None
        folder = _folder(root, word_list)
        root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=root))
        index.save(scratch)
        try:
            scratch.rename(folder)
        except OSError:  # another process saved the same version first
            shutil.rmtree(scratch, ignore_errors=True)
        for stale in root.glob(f"{word_list.uid}-v*"):
            if stale != folder:
                shutil.rmtree(stale, ignore_errors=True)
        return _remember(folder, index), list_stamp(word_list)

    # --- facts ---------------------------------------------------------------------------

    @property
    def alphabet(self) -> str:
        """The letters of the alphabet, in code order."""
        return self._letters

    @property
    def alphabet_spec(self) -> Alphabet:
        """The Alphabet the keys are written in (used to fold pattern letters)."""
        return self._alphabet

    @property
    def lengths(self) -> list[int]:
        """Word lengths present, ascending."""
        return sorted(self._buckets)

    @property
    def _trie(self) -> marisa_trie.Trie:
        return self._trie_and_positions()[0]

    @property
    def _trie_positions(self) -> np.ndarray:
        return self._trie_and_positions()[1]

    def _trie_and_positions(self) -> tuple[marisa_trie.Trie, np.ndarray]:
        """Every key in a trie, and each key's position in its bucket (by trie id)."""
        with self._trie_lock:
            if self._made_trie is None or self._made_positions is None:
                trie = marisa_trie.Trie(w for b in self._buckets.values() for w in b.words)
                positions = np.zeros(len(trie), dtype=np.int32)
                for bucket in self._buckets.values():
                    for position, word in enumerate(bucket.words):
                        positions[trie[word]] = position
                self._made_trie, self._made_positions = trie, positions
            return self._made_trie, self._made_positions

    def __len__(self) -> int:
        return sum(len(bucket) for bucket in self._buckets.values())

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self._trie

    def score(self, key: str) -> int | None:
        """The score of ``key``, or None when the index does not hold it."""
        ident = self._trie.get(key)
        if ident is None:
            return None
        bucket = self._buckets[len(key)]
        return int(bucket.scores[self._trie_positions[ident]])

    def keys(self, prefix: str = "") -> list[str]:
        """Keys starting with ``prefix``, in trie order."""
        return list(self._trie.keys(prefix))

    @property
    def tags(self) -> list[str]:
        """The tags some key has, sorted."""
        return sorted(self._tagged)

    def tagged(self, tags: Iterable[str]) -> frozenset[str]:
        """The keys that have any of ``tags``."""
        found: frozenset[str] = frozenset()
        for tag in tags:
            found |= self._tagged.get(tag, frozenset())
        return found

    def tags_of(self, key: str) -> list[str]:
        """The tags of ``key``, sorted (none for an untagged key or one the index lacks)."""
        return sorted(tag for tag, keys in self._tagged.items() if key in keys)

    def bucket(self, length: int) -> Bucket:
        """The bucket of words of ``length`` (an empty one when there are none)."""
        found = self._buckets.get(length)
        if found is None:
            found = _empty_bucket(length, self._size)
        return found

    # --- queries -------------------------------------------------------------------------

    def _parse(self, pattern: str) -> tuple[Bucket, list[tuple[int, int]]]:
        """The pattern's bucket and its known (position, letter code) pairs."""
        codes = self._codes
        known: list[tuple[int, int]] = []
        for position, ch in enumerate(pattern):
            code = codes.get(ch)
            if code is not None:
                known.append((position, code))
            elif ch not in WILDCARDS:
                return self._parse_slow(pattern)
        if not pattern:
            raise PatternError("empty pattern")
        return self.bucket(len(pattern)), known

    def _parse_slow(self, pattern: str) -> tuple[Bucket, list[tuple[int, int]]]:
        slots = parse_pattern(pattern, self._alphabet)
        known = [(p, self._codes[ch]) for p, ch in enumerate(slots) if ch is not None]
        return self.bucket(len(pattern)), known

    @staticmethod
    def _and(bucket: Bucket, known: list[tuple[int, int]], limit: int) -> np.ndarray | None:
        """The bitset of words matching ``known`` among the first ``limit`` positions.

        None means "all of the first ``limit``" (no known letters). The result may be a
        read-only view into the bucket: callers must not modify it.
        """
        if not known:
            return None
        bits = bucket.bits
        p, c = known[0]
        if len(known) == 1:
            mask = bits[p, c]
        else:
            q, d = known[1]
            mask = np.bitwise_and(bits[p, c], bits[q, d])
            for p, c in known[2:]:
                np.bitwise_and(mask, bits[p, c], out=mask)
        if limit < len(bucket.words):
            whole, rest = divmod(limit, 64)
            mask = mask[: whole + (1 if rest else 0)].copy()
            if rest:
                mask[whole] &= np.uint64((1 << rest) - 1)
        return mask

    @staticmethod
    def _prefix(bucket: Bucket, min_score: int) -> int:
        if min_score <= 0:
            return len(bucket.words)
        return int(bucket.at_least[min(min_score, MAX_SCORE + 1)])

    def mask(self, pattern: str, min_score: int = 0) -> np.ndarray:
        """The bitset (``ceil(n / 64)`` uint64 words) of bucket positions matching."""
        bucket, known = self._parse(pattern)
        limit = self._prefix(bucket, min_score)
        mask = self._and(bucket, known, limit)
        if mask is None:
            return positions_to_mask(np.arange(limit), bucket.width)
        full = np.zeros(bucket.width, dtype="<u8")
        full[: len(mask)] = mask
        return full

    def count(self, pattern: str, min_score: int = 0) -> int:
        """How many words match ``pattern`` with a score of at least ``min_score``."""
        bucket, known = self._parse(pattern)
        limit = self._prefix(bucket, min_score)
        mask = self._and(bucket, known, limit)
        if mask is None:
            return limit
        return int(np.bitwise_count(mask).sum())

    def candidates(
        self, pattern: str, min_score: int = 0, within: np.ndarray | None = None
    ) -> np.ndarray:
        """Bucket positions of the matches, ascending (that is, best score first).

        ``within`` restricts the answer to a caller's candidate set (bucket positions of
        the same length, any order); the result keeps score order.
        """
        bucket, known = self._parse(pattern)
        limit = self._prefix(bucket, min_score)
        if within is not None:
            within = np.unique(np.asarray(within, dtype=np.int64))
            within = within[(within >= 0) & (within < limit)]
            if not known:
                return within
            positions = np.array([p for p, _ in known])
            letters = np.array([c for _, c in known], dtype=np.uint8)
            keep = (bucket.codes[within][:, positions] == letters).all(axis=1)
            return within[keep]
        mask = self._and(bucket, known, limit)
        if mask is None:
            return np.arange(limit, dtype=np.int64)
        return _positions(mask)

    def matches(
        self, pattern: str, min_score: int = 0, limit: int | None = None
    ) -> list[tuple[str, int]]:
        """``(key, score)`` of the matches, best score first, at most ``limit`` of them."""
        bucket, known = self._parse(pattern)
        prefix = self._prefix(bucket, min_score)
        mask = self._and(bucket, known, prefix)
        if mask is None:
            stop = prefix if limit is None else min(prefix, limit)
            found = np.arange(stop)
        else:
            found = _positions(mask, limit)
        words = bucket.words
        picked = found.tolist()
        return list(zip([words[i] for i in picked], bucket.scores[found].tolist(), strict=True))

    def letter_mask(self, pattern: str, min_score: int = 0) -> np.ndarray:
        """Boolean ``(length, len(alphabet))``: which letters some match has at each position."""
        bucket, known = self._parse(pattern)
        prefix = self._prefix(bucket, min_score)
        length = len(pattern)
        if not known:
            cells = length * self._size
            first = bucket.pairs.reshape(cells, cells).diagonal()
            return (first < prefix).reshape(length, self._size)
        if len(known) == 1:
            p, c = known[0]
            return bucket.pairs[p, c] < prefix
        mask = self._and(bucket, known, prefix)
        assert mask is not None
        cells = bucket.codes[_positions(mask)] + np.arange(0, length * self._size, self._size)
        seen = np.zeros(length * self._size, dtype=bool)
        seen[cells.ravel()] = True
        return seen.reshape(length, self._size)

    def letters_at(self, pattern: str, min_score: int = 0) -> list[frozenset[str]]:
        """For every position, the letters some matching word has there."""
        raw = self.letter_mask(pattern, min_score).tobytes()
        masks = self._letter_masks
        found = masks.get(raw)
        if found is None:
            size, rows = self._size, self._letter_sets
            sets = []
            for start in range(0, len(raw), size):
                row = raw[start : start + size]
                letters = rows.get(row)
                if letters is None:
                    letters = frozenset(compress(self._letters, row))
                    if len(rows) > 100_000:
                        rows.clear()
                    rows[row] = letters
                sets.append(letters)
            found = tuple(sets)
            if len(masks) > 10_000:
                masks.clear()
            masks[raw] = found
        return list(found)

    def regex_filter(
        self,
        regex: str | UserRegex,
        pattern: str | None = None,
        min_score: int = 0,
        limit: int | None = None,
        timeout: float = 1.0,
        after: tuple[int, str] | None = None,
    ) -> list[tuple[str, int]]:
        """``(key, score)`` of words the regex matches in full, best score first.

        The regex (checked against the bounds of ``user_regex``) only sees candidates
        the index narrows it to: the buckets of the lengths it may match (``pattern``'s
        length when given), the words with the letters it (and ``pattern``) fixes at
        positions counted from either end, and a literal prefix's words from the trie.
        ``after`` is a ``(score, key)`` to continue after (a page's last entry). The
        whole scan gets ``timeout`` seconds; past that RegexTimeout is raised.
        """
        checker = RegexFilter(regex, timeout)
        shape = checker.regex.shape
        lengths = shape.lengths(self.lengths)
        known: list[tuple[int, int]] = []
        if pattern is not None:
            bucket, known = self._parse(pattern)
            lengths = [n for n in lengths if n == bucket.length]
        allowed: dict[str, list[int]] = {}
        prefix = self._literal_prefix(shape.head, allowed)
        by_trie = prefix if len(prefix) >= 2 and len(lengths) > 2 else ""
        streams = []
        for length in lengths:
            bucket = self.bucket(length)
            stop = self._prefix(bucket, min_score)
            start = 0 if after is None else _start_after(bucket, after)
            if start >= stop:
                continue
            sets = self._position_sets(shape, length, known, allowed)
            if sets is None:
                continue
            if by_trie:
                found = self._trie_candidates(by_trie, bucket, sets)
            else:
                found = self._mask_candidates(bucket, sets, stop)
            found = found[(found >= start) & (found < stop)]
            if len(found):
                streams.append(_entries(bucket, found))
        if limit is None:  # test every candidate, then order the (fewer) matches
            found_all = [item for stream in streams for item in checker.first(stream)]
            return sorted(found_all, key=_best_first)
        return checker.first(heapq.merge(*streams, key=_best_first), limit)

    def _codes_of(self, chars: Chars | None, allowed: dict[str, list[int]]) -> list[int] | None:
        """The letter codes ``chars`` allows (None: every letter)."""
        if chars is None:
            return None
        codes = allowed.get(chars.pattern)
        if codes is None:
            codes = [c for c, letter in enumerate(self._letters) if chars.allows(letter)]
            allowed[chars.pattern] = codes
        return None if len(codes) == self._size else codes

    def _literal_prefix(self, head: tuple[Chars | None, ...], allowed: dict[str, list[int]]) -> str:
        """The letters a match must start with (each position allowing one letter)."""
        out = []
        for chars in head:
            codes = self._codes_of(chars, allowed)
            if codes is None or len(codes) != 1:
                break
            out.append(self._letters[codes[0]])
        return "".join(out)

    def _position_sets(
        self,
        shape: Shape,
        length: int,
        known: list[tuple[int, int]],
        allowed: dict[str, list[int]],
    ) -> dict[int, list[int]] | None:
        """For the words of ``length``: the letter codes allowed at the positions the
        regex or the pattern fixes (None: no word of that length can match)."""
        sets: dict[int, list[int]] = {p: [c] for p, c in known}
        fixed = list(enumerate(shape.head[:length]))
        tail = shape.tail[-length:]
        fixed += [(length - len(tail) + j, chars) for j, chars in enumerate(tail)]
        for position, chars in fixed:
            codes = self._codes_of(chars, allowed)
            if codes is None:
                continue
            if position in sets:
                codes = [c for c in codes if c in sets[position]]
            if not codes:
                return None
            sets[position] = codes
        return sets

    def _mask_candidates(self, bucket: Bucket, sets: dict[int, list[int]], stop: int) -> np.ndarray:
        """Bucket positions below ``stop`` with an allowed letter at every set position:
        the AND over positions of the OR of their letters' bitsets."""
        if not sets:
            return np.arange(stop, dtype=np.int64)
        width = (stop + 63) // 64
        mask: np.ndarray | None = None
        for position, codes in sets.items():
            rows = bucket.bits[position, codes, :width]
            union = np.bitwise_or.reduce(rows, axis=0) if len(codes) > 1 else rows[0].copy()
            mask = union if mask is None else np.bitwise_and(mask, union, out=mask)
        assert mask is not None
        return _positions(mask)

    def _trie_candidates(
        self, prefix: str, bucket: Bucket, sets: dict[int, list[int]]
    ) -> np.ndarray:
        """Bucket positions of the trie's keys of the bucket's length starting with
        ``prefix``, with an allowed letter at every set position, ascending."""
        keys = [key for key in self._trie.keys(prefix) if len(key) == bucket.length]
        if not keys:
            return np.zeros(0, dtype=np.int64)
        ids = np.fromiter((self._trie[key] for key in keys), dtype=np.int64, count=len(keys))
        found = np.sort(self._trie_positions[ids].astype(np.int64))
        codes = bucket.codes[found]
        keep = np.ones(len(found), dtype=bool)
        for position, letters in sets.items():
            keep &= np.isin(codes[:, position], letters)
        return found[keep]


def _start_after(bucket: Bucket, after: tuple[int, str]) -> int:
    """The first bucket position that comes after ``(score, key)`` in best-first order."""
    score, key = after
    scores = bucket.scores
    low = int(np.searchsorted(-scores.astype(np.int64), -score, side="left"))
    high = int(np.searchsorted(-scores.astype(np.int64), -score, side="right"))
    return bisect.bisect_right(bucket.words, key, low, high)


def _entries(bucket: Bucket, positions: np.ndarray) -> Iterator[tuple[str, int]]:
    """``(key, score)`` of the bucket's words at ``positions``, in that order, lazily."""
    words, scores = bucket.words, bucket.scores
    for start in range(0, len(positions), 256):
        chunk = positions[start : start + 256].tolist()
        yield from zip([words[i] for i in chunk], scores[chunk].tolist(), strict=True)


def _best_first(item: tuple[str, int]) -> tuple[int, str]:
    return -item[1], item[0]


def _positions(mask: np.ndarray, limit: int | None = None) -> np.ndarray:
    """Positions of the set bits of ``mask``, ascending, at most ``limit`` of them."""
    nonzero = np.flatnonzero(mask)
    if limit is not None and len(nonzero) > limit:
        running = np.cumsum(np.bitwise_count(mask[nonzero]))
        nonzero = nonzero[: int(np.searchsorted(running, limit)) + 1]
    if len(nonzero) == 0:
        return np.zeros(0, dtype=np.int64)
    # bool, not uint8: numpy finds the set flags of a bool array several times faster
    flags = np.unpackbits(mask[nonzero].view(np.uint8), bitorder="little").view(np.bool_)
    bits = np.flatnonzero(flags)
    found = nonzero[bits >> 6] * 64 + (bits & 63)
    if limit is not None:
        found = found[:limit]
    return found


_KEEP_LOADED = 8
_LOADED: dict[Path, WordIndex] = {}
"""The indexes ``for_list`` gave out most recently in this process, by folder."""


def list_stamp(word_list: WordList) -> str:
    """The name of one version of a list: its uid (new for a re-created name) and version."""
    return f"{word_list.uid}-v{word_list.version}"


def _folder(root: Path, word_list: WordList) -> Path:
    """Where the index of one version of a list is saved."""
    return root / f"{list_stamp(word_list)}-f{FORMAT}"


def _saved(folder: Path) -> WordIndex | None:
    """The index saved in ``folder``, loaded once per process; None when it is not saved
    yet (or unreadable: it is then built again)."""
    found = _LOADED.get(folder)
    if found is not None:
        return found
    try:
        return _remember(folder, WordIndex.load(folder))
    except (OSError, ValueError):
        return None


def _remember(folder: Path, index: WordIndex) -> WordIndex:
    while len(_LOADED) >= _KEEP_LOADED:
        del _LOADED[next(iter(_LOADED))]
    _LOADED[folder] = index
    return index


def _consistent_keys(
    store: IndexedStore, name: str
) -> tuple[WordList, list[tuple[str, int]], dict[str, list[str]]]:
    """The list, its scored keys and its tagged keys, read until no write slipped in
    between."""
    for _ in range(5):
        word_list = store.get_list(name)
        keys = store.scored_keys(name)
        tags = store.key_tags(name)
        if store.get_list(name).version == word_list.version:
            break
    return word_list, keys, tags
