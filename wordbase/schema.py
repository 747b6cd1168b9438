"""The word database's tables (SQLAlchemy Core; the same on SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from crossforge.wordbase.models import MAX_KEY_LENGTH, Clue

__all__ = ["CLUE_FIELDS", "clue_of", "clue_values", "clues", "entries", "metadata", "word_lists"]

metadata = MetaData()

word_lists = Table(
    "word_lists",
    metadata,
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
    metadata,
    Column("id", Integer, primary_key=True),
    Column("list_id", Integer, ForeignKey("word_lists.id", ondelete="CASCADE"), nullable=False),
    Column("key", String(MAX_KEY_LENGTH), nullable=False),
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
    metadata,
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
    Column("kind", String(16)),
    Column("level", String(8)),
)

CLUE_FIELDS = (clues.c.text, clues.c.source, clues.c.difficulty, clues.c.kind, clues.c.level)
"""The columns a ``Clue`` is read from (``clue_of``) and written to (``clue_values``)."""


def clue_of(row: Any) -> Clue:
    """The clue a row holding ``CLUE_FIELDS`` stores."""
    return Clue(row.text, row.source, row.difficulty, row.kind, row.level)


def clue_values(clue: Clue) -> dict[str, Any]:
    """The ``CLUE_FIELDS`` values that store ``clue``."""
    return {column.name: getattr(clue, column.name) for column in CLUE_FIELDS}
