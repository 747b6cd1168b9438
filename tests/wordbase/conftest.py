"""Fixtures for the word database tests: a store on SQLite and, when it answers, PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from crossforge.wordbase.building.clues.blanks import BlankClues
from crossforge.wordbase.building.clues.collocations import CollocationClues
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.defaults import _EnglishBuild
from crossforge.wordbase.building.english.editor_tags import editor_tags
from crossforge.wordbase.building.english.phrase_evidence import PhraseEvidence
from crossforge.wordbase.building.english.wordnet import load_wordnet
from crossforge.wordbase.building.scoring import Misspellings
from crossforge.wordbase.store import WordStore
from tests.wordbase.building.clues.test_clue_writing import _Wordfreq


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


@pytest.fixture(scope="module")
def writer() -> ClueWriter:
    """The clue writer of the real WordNet, with wordfreq's frequencies and editor tags."""
    return ClueWriter(load_wordnet(), _Wordfreq(), editor_tags())


@pytest.fixture(scope="module")
def build(writer: ClueWriter) -> _EnglishBuild:
    """The English build's scoring and cluing, with ``writer`` and WordNet's examples."""
    wordnet = writer.wordnet
    blanks = BlankClues(wordnet, writer.avoided)
    collocations = CollocationClues(wordnet, writer.avoided)
    evidence = PhraseEvidence(wordnet)
    return _EnglishBuild(
        wordnet,
        {},
        {},
        Misspellings({}),
        writer,
        blanks,
        collocations,
        set(),
        editor_tags(),
        evidence,
    )
