"""Where Crossforge keeps its files and which database it talks to."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DEFAULT_LIST", "data_folder", "database_url", "instance_path"]

DEFAULT_LIST = "default-en"
"""The word list used where none is named (``crossforge words build-default`` builds it)."""


def instance_path() -> Path:
    """The instance folder (databases, built indexes): ``CROSSFORGE_INSTANCE`` or ./instance."""
    return Path(os.environ.get("CROSSFORGE_INSTANCE") or "instance").resolve()


def database_url() -> str:
    """``CROSSFORGE_DATABASE_URL``, or a SQLite file ``crossforge.db`` in the instance folder."""
    url = os.environ.get("CROSSFORGE_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{instance_path() / 'crossforge.db'}"


def data_folder(url: str) -> Path:
    """Where a database's files live: a SQLite file's folder (its saved indexes beside
    it), else the instance folder (saved indexes of other databases)."""
    from crossforge.wordbase.database import sqlite_file

    path = sqlite_file(url)
    return path.parent if path is not None else instance_path()
