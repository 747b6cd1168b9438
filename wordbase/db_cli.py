"""``crossforge db …``: where the database's schema stands, and upgrading it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from sqlalchemy import Engine


@click.group()
def db() -> None:
    """Upgrade the database's schema (CROSSFORGE_DATABASE_URL) after a new release."""


@contextmanager
def _database() -> Iterator[Engine]:
    """The engine of CROSSFORGE_DATABASE_URL while the command uses it."""
    from crossforge.wordbase.config import database_url
    from crossforge.wordbase.database import engine_for, release

    engine = engine_for(database_url())
    try:
        yield engine
    finally:
        release(engine)


@db.command("current")
def current_command() -> None:
    """Say which schema revision the database is at, and whether it is the newest."""
    from crossforge.wordbase.migrations import status

    with _database() as engine:
        print(status(engine).describe())


@db.command("upgrade")
def upgrade_command() -> None:
    """Bring the database to the newest schema revision, keeping everything it holds.

    A database made before migrations (by a release without them) is adopted: what it
    lacks is created and nothing else changes. Back it up first.
    """
    from crossforge.wordbase.migrations import upgrade

    with _database() as engine:
        before, after = upgrade(engine)
    if before.current:
        print(f"at {after.revision} (head): nothing to do")
    elif before.pre_migration:
        print(f"adopted a database made before migrations: now at {after.revision} (head)")
    else:
        print(f"upgraded from {before.revision or 'empty'} to {after.revision} (head)")
