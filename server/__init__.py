"""The construction server and the ``crossforge`` command line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["create_app"]


def create_app(*args: Any, **kwargs: Any) -> Flask:
    """Build the Flask application (see ``crossforge.server.app.create_app``)."""
    from crossforge.server.app import create_app as factory

    return factory(*args, **kwargs)
