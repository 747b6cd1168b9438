"""Word sources: what puzzle types are handed to get their words (``WordSource``)."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from crossforge.errors import NotFound

if TYPE_CHECKING:
    from crossforge.wordbase.index import WordIndex
    from crossforge.wordbase.store import WordStore

CLUE_SUGGESTIONS = 3
"""Clues a word source hands out per word, best first (``WordStore.clue_suggestions``)."""


class StoreWords:
    """Indexes and clues of the lists in one ``WordStore``.

    Indexes are cached per list version (``WordIndex.for_version``): a list that changes
    is indexed again on its next use, an unchanged one is loaded once per process.
    ``stamps`` records the version of each list it answered (``list_stamp``), for a job to
    carry to its worker.
    """

    def __init__(self, store: WordStore) -> None:
        self.store = store
        self.stamps: dict[str, str] = {}

    def index(self, list_name: str, stamp: str | None = None) -> WordIndex:
        """The index of list ``list_name`` (``UnknownList``, a ``LookupError``, if none);
        at the version ``stamp`` names when its index is at hand (no database read)."""
        from crossforge.wordbase.index import WordIndex

        index, used = WordIndex.for_version(self.store, list_name, stamp)
        if used is not None:
            self.stamps[list_name] = used
        return index

    def clues(self, list_name: str, words: Sequence[str]) -> Mapping[str, list[dict[str, Any]]]:
        """JSON-ready clues per word of ``words`` that the list holds: the best
        ``CLUE_SUGGESTIONS`` of each, best first; words without clues are left out."""
        found = self.store.clue_suggestions(list_name, words, CLUE_SUGGESTIONS)
        return {key: [clue.to_json() for clue in clues] for key, clues in found.items()}


class LazyStoreWords:
    """``StoreWords`` over the database at ``url``, opened on first use and then kept:
    a worker process starts, and lives on, while the database is away."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._opened: StoreWords | None = None
        self._lock = threading.Lock()

    def _words(self) -> StoreWords:
        with self._lock:
            if self._opened is None:
                from crossforge.wordbase.store import WordStore

                self._opened = StoreWords(WordStore(self.url))
            return self._opened

    def index(self, list_name: str, stamp: str | None = None) -> WordIndex:
        """As ``StoreWords.index``."""
        return self._words().index(list_name, stamp)

    def clues(self, list_name: str, words: Sequence[str]) -> Mapping[str, list[dict[str, Any]]]:
        """As ``StoreWords.clues``."""
        return self._words().clues(list_name, words)

    def close(self) -> None:
        """Release the store, if it was opened."""
        with self._lock:
            if self._opened is not None:
                self._opened.store.close()
                self._opened = None


class WordsAtVersions:
    """A stamped source (``StoreWords``, ``LazyStoreWords``) with the list versions a job
    was checked at (``stamps``: list name -> ``list_stamp``): it answers each list at
    that version, so a worker reads no list version that the submission read already."""

    def __init__(self, words: Any, stamps: Mapping[str, str]) -> None:
        self._words = words
        self._stamps = dict(stamps)

    def index(self, list_name: str) -> WordIndex:
        """As the source's index, at the stamped version when there is one."""
        found: WordIndex = self._words.index(list_name, self._stamps.get(list_name))
        return found

    def clues(self, list_name: str, words: Sequence[str]) -> Mapping[str, list[dict[str, Any]]]:
        """As the source's clues."""
        found: Mapping[str, list[dict[str, Any]]] = self._words.clues(list_name, words)
        return found


class IndexWords:
    """Word indexes already built, by list name (tests, benchmarks, embedding), with
    optional clues per list and word."""

    def __init__(
        self,
        indexes: Mapping[str, WordIndex],
        clues: Mapping[str, Mapping[str, list[dict[str, Any]]]] | None = None,
    ) -> None:
        self._indexes = dict(indexes)
        self._clues = dict(clues or {})

    def index(self, list_name: str) -> WordIndex:
        """The index named ``list_name`` (``NotFound`` naming the known ones if none)."""
        try:
            return self._indexes[list_name]
        except KeyError:
            known = ", ".join(sorted(self._indexes)) or "none"
            raise NotFound(f"no word list {list_name!r} (known: {known})") from None

    def clues(self, list_name: str, words: Sequence[str]) -> Mapping[str, list[dict[str, Any]]]:
        """The first ``CLUE_SUGGESTIONS`` clues given for each of ``words`` of that list."""
        given = self._clues.get(list_name, {})
        return {word: list(given[word][:CLUE_SUGGESTIONS]) for word in words if word in given}
