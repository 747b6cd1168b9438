"""The ``/v1`` resources, one blueprint per module."""

from __future__ import annotations

from flask import Blueprint


def blueprints() -> list[Blueprint]:
    """Every blueprint of the API, in registration order."""
    from crossforge.server.api import (
        clues,
        designs,
        fills,
        grids,
        jobs,
        lists,
        meta,
        puzzles,
        suggestions,
    )

    return [
        meta.bp,
        lists.bp,
        clues.bp,
        fills.bp,
        designs.bp,
        jobs.bp,
        puzzles.bp,
        suggestions.bp,
        grids.bp,
    ]
