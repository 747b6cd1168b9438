"""Schema migrations: a fresh database is made at the newest revision with the live
schema; a database of the first release (made before migrations) is adopted by
``upgrade`` with everything it held; other databases are refused, never changed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import first_release
import pytest
import schema_history
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from services import postgres_schema, postgres_url
from sqlalchemy import Engine, MetaData, insert, inspect, select, text
from sqlalchemy.exc import DBAPIError

from crossforge.server.jobs.records import JobStore, jobs_table
from crossforge.server.keys import KeyStore
from crossforge.server.keys import metadata as key_tables
from crossforge.wordbase import migrations
from crossforge.wordbase.database import engine_for, release
from crossforge.wordbase.migrations import SchemaMismatch, status, upgrade
from crossforge.wordbase.models import Clue
from crossforge.wordbase.schema import metadata as word_tables
from crossforge.wordbase.store import WordStore

EARLIER = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)
HEAD = schema_history.head()
BEHIND = f"(made before migrations), behind {HEAD}: run `crossforge db upgrade`"
SEARCH = ("word_clues_fts", "ix_word_clues_text_fts")
"""The clue search's table (SQLite) and index (PostgreSQL): made by SQL the live table
definitions do not describe, so compared by ``_schema`` instead."""


@pytest.fixture(params=["sqlite", "postgresql"])
def urls(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two empty databases of one kind: SQLite files, or PostgreSQL schemas (skipped when
    PostgreSQL does not answer)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'one.db'}", f"sqlite:///{tmp_path / 'two.db'}"
        return
    first: str = request.getfixturevalue("postgres_schema_url")
    with postgres_schema(postgres_url() or "") as second:
        yield first, second


@pytest.fixture
def engines(urls: tuple[str, str]) -> Iterator[tuple[Engine, Engine]]:
    """The engines of ``urls``, released at the end."""
    with ExitStack() as stack:
        pair = tuple(engine_for(url) for url in urls)
        for engine in pair:
            stack.callback(release, engine)
        yield pair  # type: ignore[misc]


def _schema(engine: Engine) -> dict[str, Any]:
    """Every table with its columns, keys and indexes, as the database reports them, and
    the SQL of the clue search (SQLite) or of every index (PostgreSQL); the revisions'
    own table left out."""
    found = inspect(engine)
    tables: dict[str, Any] = {}
    for name in sorted(set(found.get_table_names()) - {migrations.VERSION_TABLE}):
        tables[name] = (
            [(c["name"], str(c["type"]), c["nullable"]) for c in found.get_columns(name)],
            found.get_pk_constraint(name)["constrained_columns"],
            sorted(str(key) for key in found.get_foreign_keys(name)),
            sorted(str(index) for index in found.get_indexes(name)),
            sorted(str(unique) for unique in found.get_unique_constraints(name)),
        )
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            query = "SELECT type, name, sql FROM sqlite_master WHERE name LIKE 'word_clues_fts%'"
        else:
            query = (
                "SELECT indexname, replace(indexdef, current_schema() || '.', '') FROM pg_indexes "
                f"WHERE schemaname = current_schema() AND tablename <> '{migrations.VERSION_TABLE}'"
            )
        tables["sql"] = sorted(tuple(row) for row in conn.execute(text(query)))
    return tables


def _live_differences(engine: Engine) -> list[Any]:
    """What Alembic finds different between the database and the live table definitions
    (the clue search aside)."""
    live = MetaData()
    for table in [*word_tables.tables.values(), jobs_table, *key_tables.tables.values()]:
        table.to_metadata(live)
    with engine.connect() as conn:
        found = compare_metadata(MigrationContext.configure(conn), live)
    return [diff for diff in found if not any(name in str(diff) for name in SEARCH)]


def _fill(engine: Engine, job_records: bool) -> None:
    """What a first-release server leaves in its database: lists, tagged entries, clues,
    and job records (finished and waiting)."""
    lists = [
        {"id": 1, "name": "mine", "uid": "a" * 32, "alphabet": "en", "settings": {}},
        {"id": 2, "name": "russian", "uid": "b" * 32, "alphabet": "ru", "settings": {}},
    ]
    words = [
        (1, 1, "ERA", "era", 60, [], None),
        (2, 1, "ONE", "one", 45, ["offensive"], "nyt"),
        (3, 1, "ICEAGE", "ice age", 70, ["phrase", "proper"], None),
        (4, 2, "МИР", "мир", 50, [], None),
    ]
    clues = [
        (1, 1, 0, "Epoch of history", None, None),
        (2, 1, 1, "Age", "nyt 1995", 2),
        (3, 3, 0, "Time of glaciers", "wordnet", None),
        (4, 4, 0, "Мир и покой", None, None),
    ]
    jobs = [
        ("f" * 32, "fill", "american", "succeeded", {"grid": ["ERA"]}, {"placed": 3}),
        ("e" * 32, "solve", "sudoku", "queued", {"grid": "1.."}, None),
    ]
    with engine.begin() as conn:
        conn.execute(
            insert(first_release.word_lists),
            [
                {**row, "description": "", "version": 3, "created_at": EARLIER}
                | {"updated_at": EARLIER}
                for row in lists
            ],
        )
        columns = ("id", "list_id", "key", "display", "score", "tags", "source")
        rows = [dict(zip(columns, word, strict=True)) | {"length": len(word[2])} for word in words]
        conn.execute(insert(first_release.entries), rows)
        columns = ("id", "entry_id", "position", "text", "source", "difficulty")
        conn.execute(
            insert(first_release.clues), [dict(zip(columns, c, strict=True)) for c in clues]
        )
        if job_records:
            columns = ("id", "kind", "puzzle_type", "status", "request", "result")
            conn.execute(
                insert(first_release.jobs),
                [
                    dict(zip(columns, job, strict=True)) | {"revision": 4, "created_at": EARLIER}
                    for job in jobs
                ],
            )


def _rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every first-release table there is, in key order."""
    present = set(inspect(engine).get_table_names())
    tables = [*first_release.word_tables.sorted_tables, first_release.jobs]
    with engine.connect() as conn:
        return {
            table.name: [
                tuple(row) for row in conn.execute(select(table).order_by(*table.primary_key))
            ]
            for table in tables
            if table.name in present
        }


def test_a_fresh_database_gets_the_newest_revision_with_the_live_schema(
    engines: tuple[Engine, Engine],
) -> None:
    fresh, _ = engines
    assert status(fresh).empty
    JobStore(fresh.url.render_as_string(hide_password=False)).close()
    now = status(fresh)
    assert now.current and now.revision == now.head
    assert _live_differences(fresh) == []


def test_the_first_revision_makes_what_the_first_release_made(
    engines: tuple[Engine, Engine],
) -> None:
    old, new = engines
    first_release.make_database(old)
    schema_history.upgrade_to(new, "0001")
    assert _schema(new) == _schema(old)


@pytest.mark.parametrize(
    "job_records, clue_search",
    [(True, True), (False, False)],
    ids=["server-database", "words-only-before-clue-search"],
)
def test_upgrade_adopts_a_first_release_database_with_all_it_holds(
    engines: tuple[Engine, Engine], job_records: bool, clue_search: bool
) -> None:
    old, fresh = engines
    url = old.url.render_as_string(hide_password=False)
    first_release.make_database(old, job_records=job_records, clue_search=clue_search)
    _fill(old, job_records)
    held = _rows(old)
    assert status(old).pre_migration
    behind = f"(made before migrations), behind {status(old).head}: run `crossforge db upgrade`"
    for opening in (lambda: WordStore(url), lambda: JobStore(url)):
        with pytest.raises(SchemaMismatch, match=re.escape(behind)):
            opening()
    assert _rows(old) == held  # refused without a change

    before, after = upgrade(old)
    assert before.pre_migration and after.current
    assert {name: rows for name, rows in _rows(old).items() if name in held} == held
    upgrade(fresh)
    assert _schema(old) == _schema(fresh)  # what was missing is there now
    assert upgrade(old)[0].current  # once is enough

    with WordStore(url) as store:
        assert [(w.name, w.version) for w in store.lists()] == [("mine", 3), ("russian", 3)]
        one = store.get_entry("mine", "one")
        assert one is not None and (one.score, one.tags, one.source) == (45, ("offensive",), "nyt")
        era = store.get_entry("mine", "era")
        assert era is not None and era.clues == (  # kind and level unknown: None
            Clue("Epoch of history"),
            Clue("Age", "nyt 1995", 2),
        )
        assert [hit.word for hit in store.search_clues("mine", "glaciers").hits] == ["ICEAGE"]
        assert [hit.clue.text for hit in store.search_clues("russian", "покой").hits] == [
            "Мир и покой"
        ]
        period = Clue("Period", "wordnet", None, "synonym", "easy")  # a kind and a level now
        store.put_entry("mine", "ERA", 60, clues=[period])  # clue search follows writes
        assert [hit.clue for hit in store.search_clues("mine", "period").hits] == [period]
    jobs = JobStore(url)
    try:
        if job_records:
            done = jobs.get("f" * 32)
            assert (done.status, done.result, done.revision) == ("succeeded", {"placed": 3}, 4)
            assert jobs.get("e" * 32).request == {"grid": "1.."}
        assert jobs.create("fill", "american", {}).status == "queued"
    finally:
        jobs.close()


def test_upgrade_from_the_first_revision_keeps_everything(
    engines: tuple[Engine, Engine],
) -> None:
    """A database a release with migrations left at 0001, with data, comes to the newest
    revision with every row, the jobs it held without an owner, and no key."""
    old, fresh = engines
    url = old.url.render_as_string(hide_password=False)
    schema_history.upgrade_to(old, "0001")
    _fill(old, job_records=True)
    held = _rows(old)
    with pytest.raises(SchemaMismatch, match=re.escape(f"0001, behind {HEAD}")):
        JobStore(url)

    before, after = upgrade(old)
    assert (before.revision, after.revision) == ("0001", HEAD)
    assert _rows(old) == held
    upgrade(fresh)
    assert _schema(old) == _schema(fresh)
    assert _live_differences(old) == []

    jobs, keys = JobStore(url), KeyStore(url)
    try:
        done = jobs.get("f" * 32)
        assert (done.status, done.result, done.owner) == ("succeeded", {"placed": 3}, None)
        assert keys.all() == [] and not keys.any_key()
    finally:
        jobs.close()
        keys.close()
    with WordStore(url) as store:
        era = store.get_entry("mine", "era")
        assert era is not None and era.clues[1] == Clue("Age", "nyt 1995", 2)
        assert [hit.word for hit in store.search_clues("mine", "glaciers").hits] == ["ICEAGE"]


def test_upgrades_at_once_make_the_schema_once(engines: tuple[Engine, Engine]) -> None:
    engine, _ = engines
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: upgrade(engine), range(4)))
    assert sum(not before.current for before, _ in results) == 1
    assert all(after.current for _, after in results)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar_one() == 1


def test_a_revision_this_code_does_not_know_is_refused_untouched(
    engines: tuple[Engine, Engine],
) -> None:
    engine, _ = engines
    upgrade(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    url = engine.url.render_as_string(hide_password=False)
    with pytest.raises(SchemaMismatch, match="9999, a revision this Crossforge does not know"):
        WordStore(url)
    with pytest.raises(SchemaMismatch, match="cannot upgrade the database: 9999"):
        upgrade(engine)
    assert status(engine).revision == "9999"


def test_a_failed_upgrade_leaves_the_database_as_it_was(engines: tuple[Engine, Engine]) -> None:
    engine, _ = engines
    with engine.begin() as conn:  # a view in the job table's place: its index cannot be made
        conn.execute(text("CREATE VIEW crossforge_jobs AS SELECT 1 AS id"))
    with pytest.raises(DBAPIError):
        upgrade(engine)
    assert inspect(engine).get_table_names() == [] and status(engine).empty
