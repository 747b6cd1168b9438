"""API keys with scopes, and the owner of each job.

``crossforge_api_keys`` holds each key's name, scope and the SHA-256 of its secret (never
the secret); ``crossforge_api_key_lists`` the list names a key may write, when it is
limited to some; ``crossforge_jobs.owner_key_id`` the key that submitted a job (NULL for
jobs made before, or without a key: only an admin key reads those once keys exist).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the key tables and add the jobs' owner column."""
    op.create_table(
        "crossforge_api_keys",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("scope", sa.String(16), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True)),
        sa.Column("revoked_at", sa.DateTime(timezone=True)),
    )
    op.create_table(
        "crossforge_api_key_lists",
        sa.Column(
            "key_id",
            sa.Integer,
            sa.ForeignKey("crossforge_api_keys.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("list_name", sa.String(200), primary_key=True),
    )
    op.add_column("crossforge_jobs", sa.Column("owner_key_id", sa.Integer))
