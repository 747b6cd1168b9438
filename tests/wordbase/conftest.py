"""Fixtures for the word database tests: a store on SQLite and, when it answers, PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from crossforge.wordbase.store import WordStore


@pytest.fixture
def pg_store(postgres_schema_url: str) -> Iterator[WordStore]:
    """A store in a fresh PostgreSQL schema of its own."""
    store = WordStore(postgres_schema_url)
    yield store
    store.close()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[WordStore]:
    """A store in a SQLite file under the test's temporary folder."""
    store = WordStore(f"sqlite:///{tmp_path / 'words.db'}")
    yield store
    store.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest) -> WordStore:
    """The same tests on SQLite and on PostgreSQL (skipped when it does not answer)."""
    fixture = "sqlite_store" if request.param == "sqlite" else "pg_store"
    return request.getfixturevalue(fixture)
