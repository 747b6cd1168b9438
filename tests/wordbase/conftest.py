"""Fixtures for the word database tests: a store on SQLite and, when it answers, PostgreSQL."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from wordbase.store import WordStore

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/pg.py

from pg import postgres_url  # noqa: E402


@pytest.fixture(scope="session")
def pg_url() -> str | None:
    """The PostgreSQL test server's URL, or None when it does not answer."""
    return postgres_url()


@pytest.fixture
def pg_store(pg_url: str | None) -> Iterator[WordStore]:
    """A store in a fresh PostgreSQL schema of its own (dropped afterwards)."""
    if pg_url is None:
        pytest.skip("PostgreSQL does not answer at CROSSFORGE_TEST_POSTGRES_URL")
    import psycopg

    schema = f"wordbase_test_{uuid.uuid4().hex[:12]}"
    dsn = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    url = make_url(pg_url).update_query_dict({"options": f"-csearch_path={schema}"})
    store = WordStore(url.render_as_string(hide_password=False))
    try:
        yield store
    finally:
        store.close()
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


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
