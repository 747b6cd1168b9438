"""Fixtures shared across the test packages."""

from __future__ import annotations

from pathlib import Path

import pytest

TINY_CLUES = {"CAT": "Mouser", "TEA": "Afternoon brew", "ARE": "Exist", "OAR": "Rowing blade"}
"""Clues the ``tiny_words`` list holds."""


@pytest.fixture
def tiny_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A SQLite word store holding list ``tiny`` (the conformance kit's mini words,
    scored 30–90, a few with clues); ``CROSSFORGE_DATABASE_URL`` and
    ``CROSSFORGE_INSTANCE`` point at it, for this process and its subprocesses.
    Returns the database URL."""
    from plugins.testing import MINI_WORDS
    from wordbase.store import WordStore

    url = f"sqlite:///{tmp_path / 'words.db'}"
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path / "instance"))
    lines = [
        f"{word},{30 + (i * 7) % 61},{TINY_CLUES.get(word, '')}"
        for i, word in enumerate(MINI_WORDS)
    ]
    with WordStore(url) as store:
        store.import_lines("tiny", lines, fmt="csv")
    return url
