"""What one application holds: settings, job records, the runner, plugins, the word store."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from flask import current_app

from crossforge.plugins.registry import Registry
from crossforge.server.config import ServerConfig
from crossforge.server.jobs.records import JobStore
from crossforge.server.jobs.runner import JobRunner
from crossforge.server.keys import KeyStore

if TYPE_CHECKING:
    from crossforge.wordbase.source import StoreWords

EXTENSION = "crossforge"


@dataclass
class Services:
    """The application's collaborators, reachable from views through ``services()``."""

    config: ServerConfig
    jobs: JobStore
    runner: JobRunner
    registry: Registry
    _words: Any = None
    _keys: KeyStore | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def words(self) -> Any:
        """The word store on the shared database, opened on first use."""
        with self._lock:
            if self._words is None:
                from crossforge.wordbase.store import WordStore

                self._words = WordStore(self.config.database_url)
            return self._words

    @property
    def keys(self) -> KeyStore:
        """The API keys on the shared database, opened on first use."""
        with self._lock:
            if self._keys is None:
                self._keys = KeyStore(self.config.database_url)
            return self._keys

    @property
    def word_source(self) -> StoreWords:
        """The word store as puzzle types are handed it (indexes cached per version), new
        for each use: its ``stamps`` are the list versions that use read."""
        from crossforge.wordbase.source import StoreWords

        return StoreWords(self.words)

    def close(self) -> None:
        """Stop the workers (running jobs are marked failed) and release the databases."""
        self.runner.shutdown()
        with self._lock:
            if self._words is not None:
                self._words.close()
                self._words = None
            if self._keys is not None:
                self._keys.close()
                self._keys = None
        self.jobs.close()


def services() -> Services:
    """The current application's services."""
    found: Services = current_app.extensions[EXTENSION]
    return found
