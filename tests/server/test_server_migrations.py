"""The server refuses a database behind the code and says what to run; ``crossforge db
current`` and ``crossforge db upgrade`` on the configured database."""

from __future__ import annotations

import re
from pathlib import Path

import first_release
import pytest
import schema_history

from crossforge.server.app import create_app
from crossforge.server.cli import main
from crossforge.server.config import ServerConfig
from crossforge.wordbase.database import engine_for, release
from crossforge.wordbase.migrations import SchemaMismatch, status

HEAD = schema_history.head()
BEHIND = f"no revision (made before migrations), behind {HEAD}: run `crossforge db upgrade`"


@pytest.fixture
def first_release_database(config: ServerConfig, monkeypatch: pytest.MonkeyPatch) -> str:
    """The test's database as the first release made it, and the environment's database
    (``CROSSFORGE_DATABASE_URL``) for the commands and the app factory; its URL."""
    engine = engine_for(config.database_url)
    first_release.make_database(engine)
    release(engine)
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", config.database_url)
    return config.database_url


def crossforge(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_server_refuses_a_database_behind_the_code(
    first_release_database: str, config: ServerConfig, capsys: pytest.CaptureFixture[str]
) -> None:
    for factory in (lambda: create_app(config), create_app):  # ours, and gunicorn's
        with pytest.raises(SchemaMismatch, match=re.escape(BEHIND)):
            factory()
    code, out, err = crossforge(capsys, "serve", "--port", "0")
    assert code == 1 and out == ""
    assert err == f"crossforge: error: the database {first_release_database}: {BEHIND}\n"
    assert code == crossforge(capsys, "words", "lists")[0]  # every command alike


def test_db_current_and_upgrade_then_the_server_starts(
    first_release_database: str, config: ServerConfig, capsys: pytest.CaptureFixture[str]
) -> None:
    assert crossforge(capsys, "db", "current") == (0, BEHIND + "\n", "")
    code, out, _ = crossforge(capsys, "db", "upgrade")
    assert (code, out) == (0, f"adopted a database made before migrations: now at {HEAD} (head)\n")
    assert crossforge(capsys, "db", "current") == (0, f"{HEAD} (head)\n", "")
    assert crossforge(capsys, "db", "upgrade") == (0, f"at {HEAD} (head): nothing to do\n", "")
    create_app(config).extensions["crossforge"].close()


def test_db_upgrade_makes_an_empty_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'new' / 'crossforge.db'}"
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    assert crossforge(capsys, "db", "current") == (
        0,
        f"empty: the first use creates it at {HEAD}\n",
        "",
    )
    assert crossforge(capsys, "db", "upgrade")[1] == f"upgraded from empty to {HEAD} (head)\n"
    engine = engine_for(url)
    assert status(engine).current
    release(engine)
