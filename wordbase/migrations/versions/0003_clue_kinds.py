"""Clue kinds and levels: what a written clue is (a synonym, a definition, a blank, ...)
and how hard (easy, medium, hard), both nullable: the clues a database already holds
keep NULL, unknown, as an imported clue does. The free-form ``difficulty`` stays as it
is. No downgrade: restore a backup instead.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``kind`` and ``level`` to ``word_clues``."""
    op.add_column("word_clues", sa.Column("kind", sa.String(16)))  # SQLite: no table copy,
    op.add_column("word_clues", sa.Column("level", sa.String(8)))  # the clue search's triggers stay
