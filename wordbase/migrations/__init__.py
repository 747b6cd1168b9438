"""The database's schema history: Alembic revisions in ``versions/``, run from here.

Whatever opens a database (the word store, the job records, hence the server and its
workers) does so with ``prepared_engine``: an empty database is brought to the newest
revision at once, one at the newest revision is used as it is, and any other is refused
with ``SchemaMismatch``, which names the command to run. ``upgrade`` (``crossforge db
upgrade``) brings a database to the newest revision, adopting one that an earlier release
made without migrations (its tables present, no ``alembic_version``); ``status``
(``crossforge db current``) says where one stands. Each revision holds its own frozen
table definitions, never the live ones, which describe only the newest revision.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sqlalchemy import Connection, Engine, inspect, text

from crossforge.errors import NotReady
from crossforge.wordbase.database import engine_for, release

__all__ = [
    "UPGRADE_COMMAND",
    "SchemaMismatch",
    "Status",
    "prepare",
    "prepared_engine",
    "status",
    "upgrade",
]

UPGRADE_COMMAND = "crossforge db upgrade"
FOLDER = Path(__file__).resolve().parent
VERSION_TABLE = "alembic_version"
PRE_MIGRATION_TABLES = frozenset({"word_lists", "word_entries", "word_clues", "crossforge_jobs"})
"""The tables a release before migrations created: any of them without ``VERSION_TABLE``
is such a release's database."""

logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
"""Alembic logs each of its own plugins at INFO when imported: noise in every server's
log, which starts at INFO (its upgrade steps stay there)."""


class SchemaMismatch(NotReady):
    """The database's schema is not the one this code reads and writes."""


@dataclass(frozen=True)
class Status:
    """Where a database's schema stands against the code's revisions."""

    revision: str | None
    """The revision the database records; None before its first upgrade."""
    head: str
    """The newest revision this code knows."""
    pre_migration: bool
    """The database holds tables of a release before migrations and records no revision."""
    known: bool
    """This code knows ``revision`` (None counts as known)."""

    @property
    def empty(self) -> bool:
        """No revision and none of our tables: nothing to keep."""
        return self.revision is None and not self.pre_migration

    @property
    def current(self) -> bool:
        """At the newest revision."""
        return self.revision == self.head

    def describe(self) -> str:
        """One line for people: where the database stands and what to do."""
        if self.current:
            return f"{self.revision} (head)"
        if not self.known:
            return (
                f"{self.revision}, a revision this Crossforge does not know (its newest is "
                f"{self.head}): a newer release upgraded the database; run that one"
            )
        if self.empty:
            return f"empty: the first use creates it at {self.head}"
        where = self.revision or "no revision (made before migrations)"
        return f"{where}, behind {self.head}: run `{UPGRADE_COMMAND}`"


def status(engine: Engine) -> Status:
    """Where ``engine``'s database stands."""
    with engine.connect() as conn:
        return _status(conn)


def prepare(engine: Engine) -> None:
    """Make ready a database about to be used: an empty one is upgraded to the newest
    revision; SchemaMismatch unless it is then at the newest revision."""
    found = status(engine)
    if found.empty:
        found = upgrade(engine)[1]
    if not found.current:
        url = engine.url.render_as_string(hide_password=True)
        raise SchemaMismatch(f"the database {url}: {found.describe()}")


def prepared_engine(url: str) -> Engine:
    """The process's engine for ``url`` (``database.engine_for``, one more user) once its
    database is ready (``prepare``); on SchemaMismatch that use is released again."""
    engine = engine_for(url)
    try:
        prepare(engine)
    except Exception:
        release(engine)
        raise
    return engine


def upgrade(engine: Engine) -> tuple[Status, Status]:
    """Bring ``engine``'s database to the newest revision in one transaction that holds
    off every other upgrade of it; a database made before migrations is adopted (the
    first revision creates only what it lacks). Returns the status before and after;
    SchemaMismatch, with nothing changed, for a revision this code does not know."""
    from alembic import command
    from alembic.config import Config

    with engine.connect() as conn:
        _lock(conn)
        before = _status(conn)
        if not before.known:
            raise SchemaMismatch(f"cannot upgrade the database: {before.describe()}")
        if not before.current:
            config = Config()
            config.set_main_option("script_location", str(FOLDER))
            config.attributes["connection"] = conn  # env.py runs the revisions on it
            command.upgrade(config, "head")
        after = _status(conn)
        conn.commit()
    return before, after


@cache
def _revisions() -> tuple[str, frozenset[str]]:
    """The newest revision and every revision of ``versions/``."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory(str(FOLDER))
    return scripts.get_current_head() or "", frozenset(
        script.revision for script in scripts.walk_revisions()
    )


def _status(conn: Connection) -> Status:
    tables = set(inspect(conn).get_table_names())
    recorded: list[str] = []
    if VERSION_TABLE in tables:
        recorded = list(conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars())
    if len(recorded) > 1:
        raise SchemaMismatch(f"the database records several revisions: {', '.join(recorded)}")
    revision = recorded[0] if recorded else None
    head, known = _revisions()
    return Status(
        revision=revision,
        head=head,
        pre_migration=revision is None and bool(tables & PRE_MIGRATION_TABLES),
        known=revision is None or revision in known,
    )


def _lock(conn: Connection) -> None:
    """Begin the upgrade's transaction holding the lock that keeps other upgrades of the
    same database (or PostgreSQL schema) waiting until it ends: SQLite's write lock,
    PostgreSQL's advisory lock. Both databases roll DDL back with the transaction."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif conn.dialect.name == "postgresql":
        conn.execute(
            text("SELECT pg_advisory_xact_lock(hashtext('crossforge schema ' || current_schema()))")
        )
