"""The schema of the first release, frozen: how it made a database, before migrations.

The tables as ``wordbase/schema.py`` and ``server/jobs/records.py`` defined them, made
with ``create_all``, and the clue search its word store added when it opened a database
(``clue_search.ensure_clue_search``). Never import the live definitions here: this module
stands for a database already out there, whatever the code becomes.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)

word_tables = MetaData()
job_tables = MetaData()

word_lists = Table(
    "word_lists",
    word_tables,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("alphabet", String(16), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("description", Text, nullable=False, default=""),
    Column("version", Integer, nullable=False, default=1),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

entries = Table(
    "word_entries",
    word_tables,
    Column("id", Integer, primary_key=True),
    Column("list_id", Integer, ForeignKey("word_lists.id", ondelete="CASCADE"), nullable=False),
    Column("key", String(64), nullable=False),
    Column("display", String(400), nullable=False),
    Column("length", SmallInteger, nullable=False),
    Column("score", SmallInteger, nullable=False),
    Column("tags", JSON, nullable=False),
    Column("source", String(400)),
    UniqueConstraint("list_id", "key", name="uq_word_entries_list_key"),
    Index("ix_word_entries_list_length_score", "list_id", "length", "score"),
    Index("ix_word_entries_list_score", "list_id", "score"),
)

clues = Table(
    "word_clues",
    word_tables,
    Column("id", Integer, primary_key=True),
    Column(
        "entry_id",
        Integer,
        ForeignKey("word_entries.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("position", SmallInteger, nullable=False),
    Column("text", Text, nullable=False),
    Column("source", String(400)),
    Column("difficulty", Integer),
)

jobs = Table(
    "crossforge_jobs",
    job_tables,
    Column("id", String(32), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("puzzle_type", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("request", JSON, nullable=False),
    Column("progress", JSON, nullable=True),
    Column("result", JSON, nullable=True),
    Column("error_code", String(64), nullable=True),
    Column("error_message", Text, nullable=True),
    Column("revision", Integer, nullable=False, default=0),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),
)

SQLITE_CLUE_SEARCH = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS word_clues_fts USING fts5("
    "text, content='word_clues', content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER IF NOT EXISTS word_clues_fts_insert AFTER INSERT ON word_clues BEGIN "
    "INSERT INTO word_clues_fts(rowid, text) VALUES (new.id, new.text); END",
    "CREATE TRIGGER IF NOT EXISTS word_clues_fts_delete AFTER DELETE ON word_clues BEGIN "
    "INSERT INTO word_clues_fts(word_clues_fts, rowid, text) VALUES ('delete', old.id, old.text); "
    "END",
    "CREATE TRIGGER IF NOT EXISTS word_clues_fts_update AFTER UPDATE OF text ON word_clues BEGIN "
    "INSERT INTO word_clues_fts(word_clues_fts, rowid, text) VALUES ('delete', old.id, old.text); "
    "INSERT INTO word_clues_fts(rowid, text) VALUES (new.id, new.text); END",
    "INSERT INTO word_clues_fts(word_clues_fts) VALUES ('rebuild')",
)
POSTGRES_CLUE_SEARCH = (
    "CREATE INDEX IF NOT EXISTS ix_word_clues_text_fts ON word_clues "
    "USING gin (to_tsvector('simple', word_clues.text))"
)


def make_database(engine: Engine, *, job_records: bool = True, clue_search: bool = True) -> None:
    """Make the first release's schema in an empty database: the word tables, and the job
    records (made by the server; a database only ``crossforge words`` used lacks them) and
    the clue search (a database made before clue search existed lacks it) when asked."""
    word_tables.create_all(engine)
    if job_records:
        job_tables.create_all(engine)
    if not clue_search:
        return
    with engine.begin() as conn:
        statements = SQLITE_CLUE_SEARCH if conn.dialect.name == "sqlite" else [POSTGRES_CLUE_SEARCH]
        for statement in statements:
            conn.execute(text(statement))
