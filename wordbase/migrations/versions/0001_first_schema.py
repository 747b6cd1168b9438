"""The first released schema: word lists, their entries and clues, clue search, job records.

Written to create only what is missing, so that it also adopts a database an earlier
release made without migrations (``create_all`` and the store's clue search at open):
such a database may lack the job records (only ``crossforge words`` ever used it) or the
clue search (made before it existed); these are created, the clues indexed, and nothing
that exists is touched. No downgrade: restore a backup instead.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None

_SQLITE_CLUE_SEARCH = (
    "CREATE VIRTUAL TABLE word_clues_fts USING fts5("
    "text, content='word_clues', content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER word_clues_fts_insert AFTER INSERT ON word_clues BEGIN "
    "INSERT INTO word_clues_fts(rowid, text) VALUES (new.id, new.text); END",
    "CREATE TRIGGER word_clues_fts_delete AFTER DELETE ON word_clues BEGIN "
    "INSERT INTO word_clues_fts(word_clues_fts, rowid, text) VALUES ('delete', old.id, old.text); "
    "END",
    "CREATE TRIGGER word_clues_fts_update AFTER UPDATE OF text ON word_clues BEGIN "
    "INSERT INTO word_clues_fts(word_clues_fts, rowid, text) VALUES ('delete', old.id, old.text); "
    "INSERT INTO word_clues_fts(rowid, text) VALUES (new.id, new.text); END",
    "INSERT INTO word_clues_fts(word_clues_fts) VALUES ('rebuild')",
)
"""The FTS5 table over ``word_clues``, the triggers that keep it, and its first filling."""
_POSTGRES_CLUE_SEARCH = (
    "CREATE INDEX IF NOT EXISTS ix_word_clues_text_fts ON word_clues "
    "USING gin (to_tsvector('simple', word_clues.text))"
)


def upgrade() -> None:
    """Create the tables, their indexes and the clue search where missing."""
    _word_tables()
    _job_records()
    _clue_search()


def _word_tables() -> None:
    op.create_table(
        "word_lists",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("alphabet", sa.String(16), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        if_not_exists=True,
    )
    op.create_table(
        "word_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "list_id",
            sa.Integer,
            sa.ForeignKey("word_lists.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("display", sa.String(400), nullable=False),
        sa.Column("length", sa.SmallInteger, nullable=False),
        sa.Column("score", sa.SmallInteger, nullable=False),
        sa.Column("tags", sa.JSON, nullable=False),
        sa.Column("source", sa.String(400)),
        sa.UniqueConstraint("list_id", "key", name="uq_word_entries_list_key"),
        if_not_exists=True,
    )
    for name, columns in (
        ("ix_word_entries_list_length_score", ["list_id", "length", "score"]),
        ("ix_word_entries_list_score", ["list_id", "score"]),
    ):
        op.create_index(name, "word_entries", columns, if_not_exists=True)
    op.create_table(
        "word_clues",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "entry_id",
            sa.Integer,
            sa.ForeignKey("word_entries.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("position", sa.SmallInteger, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("source", sa.String(400)),
        sa.Column("difficulty", sa.Integer),
        if_not_exists=True,
    )
    op.create_index("ix_word_clues_entry_id", "word_clues", ["entry_id"], if_not_exists=True)


def _job_records() -> None:
    op.create_table(
        "crossforge_jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("puzzle_type", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("progress", sa.JSON),
        sa.Column("result", sa.JSON),
        sa.Column("error_code", sa.String(64)),
        sa.Column("error_message", sa.Text),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True)),
        sa.Column("finished_at", sa.DateTime(timezone=True)),
        if_not_exists=True,
    )
    op.create_index("ix_crossforge_jobs_status", "crossforge_jobs", ["status"], if_not_exists=True)


def _clue_search() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute(_POSTGRES_CLUE_SEARCH)
    elif bind.dialect.name == "sqlite" and not sa.inspect(bind).has_table("word_clues_fts"):
        for statement in _SQLITE_CLUE_SEARCH:
            op.execute(statement)
