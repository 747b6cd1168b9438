"""The revisions as the tests need them: the newest one, read from ``versions/`` (never
written into a test), and a database brought to an older revision, as a past release
left it."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

from crossforge.wordbase import migrations


def head() -> str:
    """The newest revision this code knows."""
    return ScriptDirectory(str(migrations.FOLDER)).get_current_head() or ""


def upgrade_to(engine: Engine, revision: str) -> None:
    """Bring an empty database to ``revision`` (as the release that ended there did)."""
    config = Config()
    config.set_main_option("script_location", str(migrations.FOLDER))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
