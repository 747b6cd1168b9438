"""Where Crossforge keeps its files and which database it talks to."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DEFAULT_LIST", "database_url", "instance_path"]

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
