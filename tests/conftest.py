"""Fixtures shared across the test packages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tiny_list import TINY_CLUES


@pytest.fixture(autouse=True)
def quick_best_fills(monkeypatch: pytest.MonkeyPatch) -> None:
    """CLI fills (``quality`` best by default) improve their first fill for 0.05 s only,
    so that tests not about fill quality stay fast."""
    monkeypatch.setenv("CROSSFORGE_BEST_SECONDS", "0.05")


@pytest.fixture
def tiny_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A SQLite word store holding list ``tiny`` (the conformance kit's mini words,
    scored 30–90, a few with clues); ``CROSSFORGE_DATABASE_URL`` and
    ``CROSSFORGE_INSTANCE`` point at it, for this process and its subprocesses.
    Returns the database URL."""
    from crossforge.plugins.testing import MINI_WORDS
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.store import WordStore

    url = f"sqlite:///{tmp_path / 'words.db'}"
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path / "instance"))
    lines = [
        f"{word},{30 + (i * 7) % 61},{TINY_CLUES.get(word, '')}"
        for i, word in enumerate(MINI_WORDS)
    ]
    with WordStore(url) as store:
        import_lines(store, "tiny", lines, fmt="csv")
    return url


@pytest.fixture
def postgres_schema_url() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a fresh schema of its own (dropped at the
    end), so parallel runs never meet; skips the test when no server answers at
    ``CROSSFORGE_TEST_POSTGRES_URL``."""
    from services import postgres_schema, postgres_url

    url = postgres_url()
    if url is None:
        pytest.skip("PostgreSQL does not answer at CROSSFORGE_TEST_POSTGRES_URL")
    with postgres_schema(url) as scoped:
        yield scoped
